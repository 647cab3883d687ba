// Tests of round_to<T> (oracle/src/round_to.cpp). References: IEEE 754
// sqrt and float<-double conversion are correctly rounded (round to nearest,
// ties to even), so std::sqrt of a representable argument is the correctly
// rounded square root; subnormal results are derived with integer square
// roots.
#include <gtest/gtest.h>

#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>

#include "expect_point.hpp"
#include "touchstone/oracle/exact.hpp"

namespace touchstone::oracle {
namespace {

using test::same_bits;

Rational pow2(int k) { return to_rational(std::ldexp(1.0, k)); }  // |k| <= 1074 and k < 1024

template <class T, class Bits>
T random_positive_finite(std::mt19937_64& rng) {
    for (;;) {
        Bits bits = static_cast<Bits>(rng());
        bits &= ~(Bits{1} << (8 * sizeof(Bits) - 1));  // positive
        T x;
        std::memcpy(&x, &bits, sizeof x);
        if (std::isfinite(x) && x > 0) return x;
    }
}

TEST(RoundTo, SqrtMatchesStdSqrtForDouble) {
    std::mt19937_64 rng(1);
    for (int i = 0; i < 4000; ++i) {
        const double a = random_positive_finite<double, std::uint64_t>(rng);  // subnormals included
        const double want = std::sqrt(a);
        ASSERT_TRUE(
            same_bits(round_to<double>(Surd{Rational(0), Rational(1), to_rational(a)}), want))
            << std::hexfloat << a;
        ASSERT_TRUE(
            same_bits(round_to<double>(Surd{Rational(0), Rational(-1), to_rational(a)}), -want))
            << std::hexfloat << a;
    }
    // Small integers and their neighbours, where sqrt is often exact.
    for (int n = 1; n < 300; ++n) {
        for (double a :
             {double(n), std::nextafter(double(n), 0.0), std::nextafter(double(n), 1e9)}) {
            ASSERT_TRUE(same_bits(round_to<double>(Surd{Rational(0), Rational(1), to_rational(a)}),
                                  std::sqrt(a)))
                << std::hexfloat << a;
        }
    }
}

TEST(RoundTo, SqrtMatchesStdSqrtForFloat) {
    std::mt19937_64 rng(2);
    for (int i = 0; i < 4000; ++i) {
        const float a = random_positive_finite<float, std::uint32_t>(rng);
        ASSERT_TRUE(same_bits(round_to<float>(Surd{Rational(0), Rational(1), to_rational(a)}),
                              std::sqrt(a)))
            << std::hexfloat << a;
    }
}

// p + q sqrt(s) with p and q sqrt(s) of opposite signs and nearly equal
// magnitudes (the conjugate path of the candidate). Reference 1: with
// s = (m + d)^2 and p = -m the value is exactly d, representable, so it
// must come back bit-exact although it is 2^-70 times the terms.
// Reference 2: sqrt(m^2 + 1) - m is irrational; its rounding r must satisfy
// the defining inequalities, checked with exact comparisons (compare() is
// tested on its own in surd_test.cpp).
TEST(RoundTo, CancellingSurdsRoundCorrectly) {
    const double d = std::ldexp(1.0, -40) + std::ldexp(1.0, -60);
    const Rational m = to_rational(std::ldexp(1.0, 30));
    const Rational root = m + to_rational(d);
    EXPECT_TRUE(
        same_bits(round_to<double>(Surd{Rational(-m), Rational(1), Rational(root * root)}), d));
    EXPECT_TRUE(same_bits(round_to<float>(Surd{Rational(-m), Rational(1), Rational(root * root)}),
                          static_cast<float>(d)));  // d is exact in float too (21 bits)
    for (std::int64_t k = 1; k < 2000; k += 7) {
        const Rational a = Rational(k) * Rational(k) + 1;
        const Surd x{Rational(-k), Rational(1), a};  // about 1 / (2k)
        const double r = round_to<double>(x);
        const double below = std::nextafter(r, 0.0), above = std::nextafter(r, 1.0);
        EXPECT_EQ(compare(x, Surd{(to_rational(below) + to_rational(r)) / 2}), 1) << k;
        EXPECT_EQ(compare(x, Surd{(to_rational(above) + to_rational(r)) / 2}), -1) << k;
    }
}

// round(sqrt(M)) for integer M: n = floor(sqrt(M)); sqrt(M) > n + 1/2 iff
// M > n^2 + n (M is an integer and (n + 1/2)^2 = n^2 + n + 1/4; never a tie).
std::uint64_t nearest_root(std::uint64_t M) {
    auto n = static_cast<std::uint64_t>(std::sqrt(static_cast<double>(M)));
    while (n * n > M) --n;
    while ((n + 1) * (n + 1) <= M) ++n;
    return M > n * n + n ? n + 1 : n;
}

TEST(RoundTo, SubnormalSqrtRoundsToTheQuantum) {
    // sqrt(M 2^-2148) = sqrt(M) 2^-1074: for sqrt(M) < 2^52 the result is
    // subnormal and its correct rounding is round(sqrt(M)) * 2^-1074.
    std::mt19937_64 rng(3);
    const Rational q2 = pow2(-1074) * pow2(-1074);
    for (int i = 0; i < 3000; ++i) {
        const std::uint64_t M = rng() >> (2 + i % 60);  // M < 2^62: sqrt(M) < 2^31
        const double want = std::ldexp(static_cast<double>(nearest_root(M)), -1074);
        ASSERT_TRUE(
            same_bits(round_to<double>(Surd{Rational(0), Rational(1), Rational(M) * q2}), want))
            << M;
    }
    // float: sqrt(M 2^-298) = sqrt(M) 2^-149, subnormal for sqrt(M) < 2^23.
    const Rational f2 = pow2(-149) * pow2(-149);
    for (int i = 0; i < 3000; ++i) {
        const std::uint64_t M = rng() >> (18 + i % 40);  // M < 2^46
        const float want = std::ldexp(static_cast<float>(nearest_root(M)), -149);
        ASSERT_TRUE(
            same_bits(round_to<float>(Surd{Rational(0), Rational(1), Rational(M) * f2}), want))
            << M;
    }
}

TEST(RoundTo, RepresentableValuesComeBackBitExact) {
    std::mt19937_64 rng(4);
    for (int i = 0; i < 3000; ++i) {
        double x = random_positive_finite<double, std::uint64_t>(rng);
        if (i % 2) x = -x;
        ASSERT_TRUE(same_bits(round_to<double>(to_rational(x)), x)) << std::hexfloat << x;
        // double -> float conversion is correctly rounded (IEEE 754 5.4.2)
        // and defined for values within the float range.
        if (std::fabs(x) <= FLT_MAX) {
            ASSERT_TRUE(same_bits(round_to<float>(to_rational(x)), static_cast<float>(x)))
                << std::hexfloat << x;
        }
    }
    EXPECT_TRUE(same_bits(round_to<double>(Rational(0)), 0.0));
    EXPECT_TRUE(same_bits(round_to<float>(Surd{}), 0.0f));
}

TEST(RoundTo, MidpointsTieToEven) {
    const Rational one(1);
    // 1 + 2^-53 lies halfway between 1 (even) and 1 + 2^-52 (odd): 1.
    EXPECT_TRUE(same_bits(round_to<double>(Rational(one + pow2(-53))), 1.0));
    // 1 + 3 2^-53 lies halfway between 1 + 2^-52 (odd) and 1 + 2^-51 (even).
    EXPECT_TRUE(
        same_bits(round_to<double>(Rational(one + 3 * pow2(-53))), 1.0 + std::ldexp(1.0, -51)));
    EXPECT_TRUE(same_bits(round_to<double>(Rational(-(one + 3 * pow2(-53)))),
                          -(1.0 + std::ldexp(1.0, -51))));
    // Just off the midpoint goes to the nearer neighbour.
    EXPECT_TRUE(same_bits(round_to<double>(Rational(one + pow2(-53) + pow2(-200))),
                          1.0 + std::ldexp(1.0, -52)));
    // Float: 1 + 2^-24 -> 1; 1 + 3 2^-24 -> 1 + 2^-22.
    EXPECT_TRUE(same_bits(round_to<float>(Rational(one + pow2(-24))), 1.0f));
    EXPECT_TRUE(
        same_bits(round_to<float>(Rational(one + 3 * pow2(-24))), 1.0f + std::ldexp(1.0f, -22)));
    // A tie reached through the surd paths: 1 + 2^-52 - 2^-54 sqrt(4) (opposite
    // signs) and 1 + 2^-54 sqrt(4) (same signs) both equal 1 + 2^-53.
    EXPECT_TRUE(same_bits(round_to<double>(Surd{one + pow2(-52), -pow2(-54), Rational(4)}), 1.0));
    EXPECT_TRUE(same_bits(round_to<double>(Surd{one, pow2(-54), Rational(4)}), 1.0));
    // Subnormal ties: 2^-1075 -> +0 (even), -2^-1075 -> -0, 3 2^-1075 -> 2^-1073.
    const Rational half_quantum = pow2(-1074) / 2;
    EXPECT_TRUE(same_bits(round_to<double>(half_quantum), 0.0));
    EXPECT_TRUE(same_bits(round_to<double>(Rational(-half_quantum)), -0.0));
    EXPECT_TRUE(same_bits(round_to<double>(Rational(3 * half_quantum)), std::ldexp(1.0, -1073)));
    EXPECT_TRUE(same_bits(round_to<double>(Rational(half_quantum + pow2(-1074) * pow2(-60))),
                          std::ldexp(1.0, -1074)));
    EXPECT_TRUE(same_bits(round_to<float>(Rational(pow2(-150))), 0.0f));
    EXPECT_TRUE(same_bits(round_to<float>(Rational(3 * pow2(-150))), std::ldexp(1.0f, -148)));
}

TEST(RoundTo, OverflowOnlyFromTheThreshold) {
    // Threshold 2^1024 - 2^970 = DBL_MAX + 2^970 (half an ulp of DBL_MAX):
    // a tie between DBL_MAX (odd significand) and 2^1024: infinity.
    const Rational dmax = to_rational(DBL_MAX);
    const Rational threshold = dmax + pow2(970);
    const double inf = std::numeric_limits<double>::infinity();
    EXPECT_TRUE(same_bits(round_to<double>(threshold), inf));
    EXPECT_TRUE(same_bits(round_to<double>(Rational(-threshold)), -inf));
    EXPECT_TRUE(same_bits(round_to<double>(Rational(threshold - pow2(-1074))), DBL_MAX));
    EXPECT_TRUE(same_bits(round_to<double>(Rational(threshold * 1000)), inf));
    // sqrt(2^2050) = 2^1025.
    EXPECT_TRUE(same_bits(
        round_to<double>(Surd{Rational(0), Rational(1), pow2(1000) * pow2(1000) * pow2(50)}), inf));
    // float: FLT_MAX + 2^103.
    const Rational fthreshold = to_rational(FLT_MAX) + pow2(103);
    const float finf = std::numeric_limits<float>::infinity();
    EXPECT_TRUE(same_bits(round_to<float>(fthreshold), finf));
    EXPECT_TRUE(same_bits(round_to<float>(Rational(fthreshold - pow2(-149))), FLT_MAX));
    EXPECT_TRUE(same_bits(round_to<float>(to_rational(1e300)), finf));
    EXPECT_TRUE(same_bits(round_to<float>(to_rational(-DBL_MAX)), -finf));
}

}  // namespace
}  // namespace touchstone::oracle

namespace touchstone::oracle {
namespace {

template <class T>
T step(T x, int n) {  // n ulps up (n > 0) or down (n < 0)
    for (; n > 0; --n) x = std::nextafter(x, std::numeric_limits<T>::infinity());
    for (; n < 0; ++n) x = std::nextafter(x, -std::numeric_limits<T>::infinity());
    return x;
}

// The proof must reach the same answer from any first candidate: this
// drives the stepping loop and the tie branches at both the upper and the
// lower midpoint, which the (accurate) computed candidate rarely visits.
TEST(RoundTo, ProofIsIndependentOfTheCandidate) {
    const Rational one(1);
    const Surd tie_even{Rational(one + pow2(-53))};     // -> 1
    const Surd tie_odd{Rational(one + 3 * pow2(-53))};  // -> 1 + 2^-51
    const double up1 = 1.0 + std::ldexp(1.0, -51);
    for (int n = -40; n <= 40; ++n) {
        EXPECT_TRUE(same_bits(detail::round_to_from(tie_even, step(1.0, n)), 1.0)) << n;
        EXPECT_TRUE(same_bits(detail::round_to_from(tie_odd, step(1.0, n)), up1)) << n;
        EXPECT_TRUE(same_bits(
            detail::round_to_from(Surd{Rational(-(one + 3 * pow2(-53)))}, step(1.0, n)), -up1))
            << n;
        EXPECT_TRUE(
            same_bits(detail::round_to_from(Surd{Rational(one + pow2(-24))}, step(1.0f, n)), 1.0f))
            << n;
    }
    std::mt19937_64 rng(5);
    for (int i = 0; i < 300; ++i) {
        const double a = random_positive_finite<double, std::uint64_t>(rng);
        const Surd x{Rational(0), Rational(1), to_rational(a)};
        const int n = int(rng() % 41) - 20;
        ASSERT_TRUE(same_bits(detail::round_to_from(x, step(std::sqrt(a), n)), std::sqrt(a)))
            << a << " " << n;
        const float af = random_positive_finite<float, std::uint32_t>(rng);
        const Surd xf{Rational(0), Rational(1), to_rational(af)};
        ASSERT_TRUE(same_bits(detail::round_to_from(xf, step(std::sqrt(af), n)), std::sqrt(af)))
            << af << " " << n;
    }
    // Subnormal, from +0 and from the wrong sign; overflow from below max.
    const Surd three_halves_quantum{Rational(3 * pow2(-1074) / 2)};
    EXPECT_TRUE(
        same_bits(detail::round_to_from(three_halves_quantum, 0.0), std::ldexp(1.0, -1073)));
    EXPECT_TRUE(same_bits(detail::round_to_from(three_halves_quantum, -std::ldexp(1.0, -1070)),
                          std::ldexp(1.0, -1073)));
    const Surd threshold{Rational(to_rational(DBL_MAX) + pow2(970))};
    EXPECT_TRUE(same_bits(detail::round_to_from(threshold, step(DBL_MAX, -5)),
                          std::numeric_limits<double>::infinity()));
    EXPECT_TRUE(same_bits(detail::round_to_from(threshold, std::numeric_limits<double>::infinity()),
                          std::numeric_limits<double>::infinity()));
    const Surd below{Rational(to_rational(DBL_MAX) + pow2(969))};
    EXPECT_TRUE(same_bits(detail::round_to_from(below, step(DBL_MAX, -5)), DBL_MAX));
}

}  // namespace
}  // namespace touchstone::oracle
