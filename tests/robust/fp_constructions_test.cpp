// The constructions' floating-point first stage (core/src/robust/
// fp_constructions.hpp) against the exact integer path: whenever the stage
// certifies a point, its bits must be those of round_rational on the
// scaled cpp_int integers (the wide path of constructions.cpp). Cases:
// uniform crossings at several scales (where the stage must certify nearly
// every point: that is its purpose), and crossings built on and next to
// rounding midpoints of T (the centre of a box's two diagonals, whose
// coordinates are (x0 + x1) / 2, with endpoints nudged by a few ulps),
// where it must decline rather than answer wrongly. A failure prints the
// case as hex floats.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <limits>
#include <random>
#include <string>

#include "fp_constructions.hpp"
#include "rounding.hpp"
#include "scaled.hpp"

namespace {

using namespace touchstone::robust::exact;
using touchstone::Vec2;

struct Truth {
    bool proper = false;  ///< both segments cross at interior points
    double x = 0, y = 0;  ///< the point, correctly rounded (exact in double for float)
};

/// The exact crossing of x = a1x a1y b1x b1y a2x a2y b2x b2y, rounded to T.
template <class T>
Truth exact_crossing(const double* x) {
    Dyadic d[8];
    for (int i = 0; i < 8; ++i) d[i] = decompose(x[i]);
    const Scale s = common_scale(d, 8);
    Big X[8];
    to_int(d, 8, s, X);
    const Big dx = X[2] - X[0], dy = X[3] - X[1], ex = X[6] - X[4], ey = X[7] - X[5];
    const Big fx = X[4] - X[0], fy = X[5] - X[1];
    Big den = dx * ey - dy * ex, tn = fx * ey - fy * ex, sn = fx * dy - fy * dx;
    Truth t;
    if (den.is_zero()) return t;
    if (den.sign() < 0) {
        den = -den;
        tn = -tn;
        sn = -sn;
    }
    t.proper = tn.sign() > 0 && tn < den && sn.sign() > 0 && sn < den;
    if (!t.proper) return t;
    t.x = round_rational<T>(Big(X[0] * den + dx * tn), den, s.e0);
    t.y = round_rational<T>(Big(X[1] * den + dy * tn), den, s.e0);
    return t;
}

std::string hex_case(const double* x) {
    std::string s;
    char buf[40];
    for (int i = 0; i < 8; ++i) {
        std::snprintf(buf, sizeof buf, "%s%a", i ? " " : "", x[i]);
        s += buf;
    }
    return s;
}

struct Tally {
    int proper = 0, certified = 0, wrong = 0;
};

/// Runs the stage on x; a certified answer must equal the exact one.
template <class T>
void check(const double* x, Tally& tally) {
    const Truth t = exact_crossing<T>(x);
    if (!t.proper) return;
    ++tally.proper;
    Vec2<T> p;
    if (!fp::segment_point<T>(x, p)) return;
    ++tally.certified;
    // Bit-identical: compare the values and the signs of zeros.
    const bool same = double(p.x) == t.x && double(p.y) == t.y &&
                      std::signbit(double(p.x)) == std::signbit(t.x) &&
                      std::signbit(double(p.y)) == std::signbit(t.y);
    if (!same) {
        ++tally.wrong;
        if (tally.wrong <= 5)
            ADD_FAILURE() << "certified " << std::hexfloat << double(p.x) << " " << double(p.y)
                          << ", exact " << t.x << " " << t.y << "; case " << hex_case(x);
    }
}

template <class T>
double random_in(std::mt19937_64& rng, int k) {
    std::uniform_real_distribution<double> u(-1, 1);
    return static_cast<double>(static_cast<T>(std::ldexp(u(rng), k)));
}

template <class T>
class FpSegmentPoint : public ::testing::Test {};
using Precisions = ::testing::Types<float, double>;
TYPED_TEST_SUITE(FpSegmentPoint, Precisions);

/// Uniform crossings at scales 2^k: none wrong, and (the stage's purpose)
/// all but a small share certified.
TYPED_TEST(FpSegmentPoint, UniformCrossingsCertifiedAndExact) {
    using T = TypeParam;
    std::mt19937_64 rng(0x5e9c0115);
    Tally tally;
    for (int k : {0, -30, 40, -120, 100}) {
        for (int i = 0; i < 6000; ++i) {
            double x[8];
            for (double& v : x) v = random_in<T>(rng, k);
            check<T>(x, tally);
        }
    }
    std::printf("uniform: %d crossings, %d certified\n", tally.proper, tally.certified);
    EXPECT_EQ(tally.wrong, 0);
    ASSERT_GT(tally.proper, 3000);
    EXPECT_GT(tally.certified, tally.proper * 0.99)
        << tally.certified << " of " << tally.proper << " certified";
}

/// Crossings on a midpoint: the diagonals of the box [x0, x1] x [y0, y1]
/// meet at ((x0 + x1) / 2, (y0 + y1) / 2), a rounding midpoint of T when
/// x1 is an odd number of ulps from x0 (then a tie: to even), near one when
/// an endpoint is nudged by an ulp or two. The stage must never certify a
/// wrong value here; it must still certify the many nudged cases whose
/// crossing is far enough from the midpoint.
TYPED_TEST(FpSegmentPoint, NearMidpointCrossingsNeverWrong) {
    using T = TypeParam;
    std::mt19937_64 rng(0x3a1d0b7e);
    std::uniform_int_distribution<int> steps(1, 7), nudge(-2, 2), pick(0, 7);
    Tally tally, exact_ties;
    for (int i = 0; i < 20000; ++i) {
        const int k = static_cast<int>(rng() % 40) - 20;
        const T x0 = static_cast<T>(random_in<T>(rng, k)), y0 = static_cast<T>(random_in<T>(rng, k));
        T x1 = x0, y1 = y0;
        for (int s = steps(rng); s > 0; --s) x1 = std::nextafter(x1, T(10));
        if (rng() % 2) {
            for (int s = steps(rng); s > 0; --s) y1 = std::nextafter(y1, T(10));
        } else {
            y1 = static_cast<T>(random_in<T>(rng, k));
        }
        double x[8] = {x0, y0, x1, y1, x1, y0, x0, y1};
        if (i % 2 == 0) {
            Tally& t = exact_ties;
            check<T>(x, t);
        } else {
            // Nudge one or two endpoint coordinates by a few ulps.
            for (int n = 1 + static_cast<int>(rng() % 2); n > 0; --n) {
                const int j = pick(rng);
                T v = static_cast<T>(x[j]);
                for (int s = nudge(rng); s != 0; s += s > 0 ? -1 : 1)
                    v = std::nextafter(v, s > 0 ? T(10) : T(-10));
                x[j] = v;
            }
            check<T>(x, tally);
        }
    }
    std::printf("near midpoints: %d nudged crossings, %d certified; %d on midpoints, %d certified\n",
                tally.proper, tally.certified, exact_ties.proper, exact_ties.certified);
    EXPECT_EQ(tally.wrong + exact_ties.wrong, 0);
    ASSERT_GT(tally.proper, 2000);
    ASSERT_GT(exact_ties.proper, 2000);
    // Nudged crossings move by about an ulp of the box: far from the midpoint
    // at this precision's error bound, so most certify.
    EXPECT_GT(tally.certified, tally.proper / 4)
        << tally.certified << " of " << tally.proper << " nudged cases certified";
}

}  // namespace
