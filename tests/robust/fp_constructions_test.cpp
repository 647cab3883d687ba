// The constructions' floating-point first stage (core/src/robust/
// fp_constructions.hpp) against the exact integer path: whenever the stage
// certifies a point, its bits must be those of round_rational on the
// scaled cpp_int integers (the wide path of constructions.cpp). Cases:
// uniform crossings at several scales (where the stage must certify nearly
// every point: that is its purpose), and crossings built on and next to
// rounding midpoints of T (the centre of a box's two diagonals, whose
// coordinates are (x0 + x1) / 2, with endpoints nudged by a few ulps),
// where it must decline rather than answer wrongly. In double, the stages'
// second form (products by fma) must give the same bits. A failure prints the
// case as hex floats.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <limits>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

#include "fp_constructions.hpp"
#include "touchstone/case_file.hpp"
#include "rounding.hpp"
#include "scaled.hpp"
#include "test_support.hpp"

namespace {

using touchstone::robust_test::uniform_real;

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

/// The case as hex floats and the command that replays the test.
std::string case_of(const double* x, int n) {
    return touchstone::hex_list(std::vector<double>(x, x + n)) +
           "\nreplay: robust_fp_constructions_test --gtest_filter='FpConstructions*'";
}

struct Tally {
    int proper = 0, certified = 0, wrong = 0;
};

template <class T>
bool same_bits(Vec2<T> a, Vec2<T> b) {
    return a.x == b.x && a.y == b.y && std::signbit(a.x) == std::signbit(b.x) &&
           std::signbit(a.y) == std::signbit(b.y);
}

/// The double stages have a second form with their products by fma
/// (Fma = true: the copy that constructions.cpp runs on a processor with
/// FMA, TOUCHSTONE_DD_FMA_DISPATCH). Run as the library runs it
/// (fp_..._fma_form, where fp_fma_form_runs_here()), it must give the same
/// answer bit for bit: certified or not, and the same points. Counted per
/// test, so that a test whose cases never reached it fails.
int fma_compared = 0;
void expect_fma_copy_agrees(bool ok, bool ok_fma, bool same, const std::string& what) {
    ++fma_compared;
    if (ok != ok_fma || (ok && !same))
        ADD_FAILURE() << "the fma form of the double stage differs (" << (ok ? "" : "not ")
                      << "certified against " << (ok_fma ? "" : "not ") << "certified): " << what;
}

/// Runs the stage on x; a certified answer must equal the exact one.
template <class T>
void check(const double* x, Tally& tally) {
    const Truth t = exact_crossing<T>(x);
    if (!t.proper) return;
    ++tally.proper;
    Vec2<T> p;
    const bool ok = fp::segment_point<T>(x, p);
    if constexpr (std::is_same_v<T, double>) {
        Vec2<T> q;
        if (fp_fma_form_runs_here()) {
            const bool ok_fma = fp_segment_point_fma_form(x, q);
            expect_fma_copy_agrees(ok, ok_fma, same_bits(p, q), case_of(x, 8));
        }
    }
    if (!ok) return;
    ++tally.certified;
    // Bit-identical: compare the values and the signs of zeros.
    const bool same = double(p.x) == t.x && double(p.y) == t.y &&
                      std::signbit(double(p.x)) == std::signbit(t.x) &&
                      std::signbit(double(p.y)) == std::signbit(t.y);
    if (!same) {
        ++tally.wrong;
        if (tally.wrong <= 5)
            ADD_FAILURE() << "certified " << std::hexfloat << double(p.x) << " " << double(p.y)
                          << ", exact " << t.x << " " << t.y << "; case " << case_of(x, 8);
    }
}

template <class T>
double random_in(std::mt19937_64& rng, int k) {
    const auto u = [](std::mt19937_64& g) { return uniform_real(g, -1, 1); };
    return static_cast<double>(static_cast<T>(std::ldexp(u(rng), k)));
}

template <class T>
class FpConstructions : public ::testing::Test {
protected:
    void SetUp() override { fma_compared = 0; }
    void TearDown() override {
        if constexpr (std::is_same_v<T, double>) {
            if (fp_fma_form_runs_here()) {
                EXPECT_GT(fma_compared, 1000) << "cases compared with the fma form";
            } else {
                std::printf("no FMA in this processor: the fma form not compared\n");
            }
        }
    }
};
using Precisions = ::testing::Types<float, double>;
TYPED_TEST_SUITE(FpConstructions, Precisions);

/// Uniform crossings at scales 2^k: none wrong, and (the stage's purpose)
/// all but a small share certified.
TYPED_TEST(FpConstructions, UniformCrossingsCertifiedAndExact) {
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
TYPED_TEST(FpConstructions, NearMidpointCrossingsNeverWrong) {
    using T = TypeParam;
    std::mt19937_64 rng(0x3a1d0b7e);
    std::uniform_int_distribution<int> steps(1, 7), nudge(-2, 2), pick(0, 7);
    Tally tally, exact_ties;
    for (int i = 0; i < 20000; ++i) {
        const int k = static_cast<int>(rng() % 40) - 20;
        const T x0 = static_cast<T>(random_in<T>(rng, k)),
                y0 = static_cast<T>(random_in<T>(rng, k));
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
    std::printf(
        "near midpoints: %d nudged crossings, %d certified; %d on midpoints, %d certified\n",
        tally.proper, tally.certified, exact_ties.proper, exact_ties.certified);
    EXPECT_EQ(tally.wrong + exact_ties.wrong, 0);
    ASSERT_GT(tally.proper, 2000);
    ASSERT_GT(exact_ties.proper, 2000);
    // Nudged crossings move by about an ulp of the box: far from the midpoint
    // at this precision's error bound, so most certify.
    EXPECT_GT(tally.certified, tally.proper / 4)
        << tally.certified << " of " << tally.proper << " nudged cases certified";
}

// ----- circle_intersections and segment_circle_points ------------------------------------

/// circle_intersections: 0 none / contained, 1 tangent outer, 2 tangent
/// inner, 3 two points (then p), exactly; x = c1x c1y r1 c2x c2y r2, c1 != c2.
template <class T>
int exact_circles(const double* x, std::array<Vec2<T>, 2>& p) {
    Big X[6];
    const int e0 = scaled_big<6>(x, X);
    const Big Dx = X[3] - X[0], Dy = X[4] - X[1];
    const Big d2 = Dx * Dx + Dy * Dy;
    const int outer = Big(d2 - (X[2] + X[5]) * (X[2] + X[5])).sign();
    const int inner = Big(d2 - (X[2] - X[5]) * (X[2] - X[5])).sign();
    if (outer > 0 || inner < 0) return 0;
    if (outer == 0 || inner == 0) {
        const Big E = outer == 0 ? Big(X[2] + X[5]) : Big(X[2] - X[5]);
        const Big nx = outer == 0 ? Big(X[0] * X[5] + X[3] * X[2]) : Big(X[3] * X[2] - X[0] * X[5]);
        const Big ny = outer == 0 ? Big(X[1] * X[5] + X[4] * X[2]) : Big(X[4] * X[2] - X[1] * X[5]);
        p[0] = {round_rational<T>(nx, E, e0), round_rational<T>(ny, E, e0)};
        return outer == 0 ? 1 : 2;
    }
    const Big Q = d2 + X[2] * X[2] - X[5] * X[5];
    const Big K4 = 4 * X[2] * X[2] * d2 - Q * Q, E = 2 * d2;
    const Big Ax = E * X[0] + Q * Dx, Ay = E * X[1] + Q * Dy;
    p[0] = {round_surd<T>(Ax, Big(-Dy), K4, E, e0), round_surd<T>(Ay, Dx, K4, E, e0)};
    p[1] = {round_surd<T>(Ax, Dy, K4, E, e0), round_surd<T>(Ay, Big(-Dx), K4, E, e0)};
    return 3;
}

/// segment_circle_points of a segment of positive length, exactly (the
/// wide path of constructions.cpp, written again).
template <class T>
touchstone::SegmentCirclePoints<T> exact_segment_circle(const double* x) {
    Big X[7];
    const int e0 = scaled_big<7>(x, X);
    const Big Vx = X[2] - X[0], Vy = X[3] - X[1], Wx = X[0] - X[4], Wy = X[1] - X[5];
    const Big A = Vx * Vx + Vy * Vy, B = Vx * Wx + Vy * Wy;
    const Big C = Wx * Wx + Wy * Wy - X[6] * X[6];
    const Big disc = B * B - A * C;
    touchstone::SegmentCirclePoints<T> out;
    if (disc.sign() < 0) return out;
    const Big mB = -B, mBA = -B - A;
    for (int g : {-1, 1}) {
        if (disc.is_zero() && g > 0) break;
        const Big G = disc.is_zero() ? 0 : g;
        if (sign_surd(mB, G, disc) < 0 || sign_surd(mBA, G, disc) > 0) continue;
        const Big nx = X[0] * A - Vx * B, ny = X[1] * A - Vy * B;
        out.points[out.count++] = {round_surd<T>(nx, Big(G * Vx), disc, A, e0),
                                   round_surd<T>(ny, Big(G * Vy), disc, A, e0)};
    }
    return out;
}

struct Tally2 {
    int cases = 0, certified = 0, wrong = 0;
};

template <class T>
void check_circles(const double* x, Tally2& t) {
    std::array<Vec2<T>, 2> want{};
    const int kind = exact_circles<T>(x, want);
    if (kind == 0) return;
    ++t.cases;
    bool ok = false, right = false;
    if (kind == 3) {
        std::array<Vec2<T>, 2> got{};
        ok = fp::circle_two_points<T>(x, got);
        right = same_bits(got[0], want[0]) && same_bits(got[1], want[1]);
        if constexpr (std::is_same_v<T, double>) {
            std::array<Vec2<T>, 2> f{};
            if (fp_fma_form_runs_here()) {
                const bool ok_fma = fp_circle_two_points_fma_form(x, f);
                expect_fma_copy_agrees(ok, ok_fma,
                                       same_bits(got[0], f[0]) && same_bits(got[1], f[1]),
                                       "circles, case " + case_of(x, 6));
            }
        }
    } else {
        Vec2<T> got{};
        ok = fp::circle_tangent_point<T>(x, kind == 1, got);
        right = same_bits(got, want[0]);
        if constexpr (std::is_same_v<T, double>) {
            Vec2<T> f{};
            if (fp_fma_form_runs_here()) {
                const bool ok_fma = fp_circle_tangent_point_fma_form(x, kind == 1, f);
                expect_fma_copy_agrees(ok, ok_fma, same_bits(got, f),
                                       "tangent circles, case " + case_of(x, 6));
            }
        }
    }
    if (!ok) return;
    ++t.certified;
    if (!right && ++t.wrong <= 5) ADD_FAILURE() << "circles, case " << case_of(x, 6);
}

template <class T>
void check_segment_circle(const double* x, Tally2& t) {
    if (x[0] == x[2] && x[1] == x[3]) return;
    const auto want = exact_segment_circle<T>(x);
    ++t.cases;
    touchstone::SegmentCirclePoints<T> got;
    const bool ok = fp::segment_circle_two<T>(x, got);
    if constexpr (std::is_same_v<T, double>) {
        touchstone::SegmentCirclePoints<T> f;
        if (fp_fma_form_runs_here()) {
            const bool ok_fma = fp_segment_circle_two_fma_form(x, f);
            bool same = got.count == f.count;
            for (int i = 0; same && i < got.count; ++i)
                same = same_bits(got.points[i], f.points[i]);
            expect_fma_copy_agrees(ok, ok_fma, same, "segment_circle, case " + case_of(x, 7));
        }
    }
    if (!ok) return;
    ++t.certified;
    bool right = got.count == want.count;
    for (int i = 0; right && i < got.count; ++i) right = same_bits(got.points[i], want.points[i]);
    if (!right && ++t.wrong <= 5) ADD_FAILURE() << "segment_circle, case " << case_of(x, 7);
}

template <class T>
double random_radius(std::mt19937_64& rng, int k) {
    const auto u = [](std::mt19937_64& g) { return uniform_real(g, 0, 1); };
    return static_cast<double>(static_cast<T>(std::ldexp(u(rng), k)));
}

TYPED_TEST(FpConstructions, UniformCirclesCertifiedAndExact) {
    using T = TypeParam;
    std::mt19937_64 rng(0xc1c1e5);
    Tally2 c, s;
    for (int k : {0, -30, 40, -100, 90}) {
        for (int i = 0; i < 3000; ++i) {
            double x[7];
            for (double& v : x) v = random_in<T>(rng, k);
            x[2] = random_radius<T>(rng, k);
            x[5] = random_radius<T>(rng, k);
            x[6] = random_radius<T>(rng, k);
            if (!(x[0] == x[3] && x[1] == x[4])) check_circles<T>(x, c);
            check_segment_circle<T>(x, s);
        }
    }
    std::printf("uniform circles: %d with points, %d certified; segment-circle: %d, %d certified\n",
                c.cases, c.certified, s.cases, s.certified);
    EXPECT_EQ(c.wrong + s.wrong, 0);
    ASSERT_GT(c.cases, 1000);
    EXPECT_GT(c.certified, c.cases * 0.98);
    EXPECT_GT(s.certified, s.cases * 0.98);
}

/// Pythagorean configurations placed where one ulp of T is 2: circles
/// about (X0, Y0) and (X0 + 2a, Y0) of radius c meet at (X0 + a, Y0 +- b),
/// a tie of T when a is odd; a horizontal segment through that circle
/// meets it at (X0 +- a, Y0 + b). Then the radius or an endpoint nudged by
/// an ulp or two: near a midpoint. Axes swapped at random. Never wrong.
TYPED_TEST(FpConstructions, CirclesOnAndNearMidpointsNeverWrong) {
    using T = TypeParam;
    constexpr int p = std::numeric_limits<T>::digits;  // [2^p, 2^(p+1)): ulp 2
    const int triples[][3] = {{3, 4, 5},   {5, 12, 13}, {8, 15, 17}, {7, 24, 25}, {20, 21, 29},
                              {9, 40, 41}, {4, 3, 5},   {12, 5, 13}, {15, 8, 17}, {21, 20, 29}};
    std::mt19937_64 rng(0x7e1a7e);
    std::uniform_int_distribution<int> nudge(-2, 2);
    Tally2 c, s;
    for (int i = 0; i < 8000; ++i) {
        const auto& tr = triples[rng() % 10];
        const double a = tr[0], b = tr[1], r = tr[2];
        const double X0 = std::ldexp(1.0, p) + 2 * static_cast<double>(rng() % 1000000);
        const double Y0 = std::ldexp(1.0, p) + 2 * static_cast<double>(rng() % 1000000);
        double cx[6] = {X0, Y0, r, X0 + 2 * a, Y0, r};
        double sx[7] = {X0 - 4 * r, Y0 + b, X0 + 4 * r, Y0 + b, X0, Y0, r};
        if (rng() % 2) {
            std::swap(cx[0], cx[1]);
            std::swap(cx[3], cx[4]);
            std::swap(sx[0], sx[1]);
            std::swap(sx[2], sx[3]);
            std::swap(sx[4], sx[5]);
        }
        if (i % 2) {
            double* v = (rng() % 2) ? &cx[2 + 3 * (rng() % 2)] : &cx[rng() % 2];
            T w = static_cast<T>(*v);
            for (int k = nudge(rng); k != 0; k += k > 0 ? -1 : 1)
                w = std::nextafter(w, k > 0 ? T(1e30) : T(-1e30));
            *v = w;
            double* q = &sx[rng() % 7];
            T z = static_cast<T>(*q);
            for (int k = nudge(rng); k != 0; k += k > 0 ? -1 : 1)
                z = std::nextafter(z, k > 0 ? T(1e30) : T(-1e30));
            *q = z;
        }
        check_circles<T>(cx, c);
        check_segment_circle<T>(sx, s);
    }
    std::printf("midpoint circles: %d, %d certified; segment-circle: %d, %d certified\n", c.cases,
                c.certified, s.cases, s.certified);
    EXPECT_EQ(c.wrong + s.wrong, 0);
    ASSERT_GT(c.cases, 2000);
    ASSERT_GT(s.cases, 2000);
}

}  // namespace
