// The certification step of core/src/robust/rounding.hpp: round_certified
// must decline whenever the error interval contains a rounding midpoint of T
// (values built here as exact double-doubles on or next to a midpoint), and
// must certify, with the correctly rounded value, when the interval is
// clear of every midpoint; round_surd (cpp_int inputs) must agree with the
// fast path on the same surds.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>

#include "rounding.hpp"

namespace {

using namespace touchstone::robust::exact;

/// round_certified on the exact value (hi + lo) 2^e (hi + lo a double-double).
template <class T>
bool certify(double hi, double lo, long e, T& out) {
    const XFloat v = normalized(fast_two_sum(hi, lo), 0);
    return round_certified<T>(v, v.e + e, rel_general, out);
}

TEST(RoundCertified, DeclinesOnAndNearDoubleMidpoints) {
    // 1 + 2^-53 is the midpoint between 1 and 1 + 2^-52; offsets far below
    // the 2^-98 error bound must not be trusted either way.
    for (double off : {0.0, 0x1p-150, -0x1p-150, 0x1p-110, -0x1p-110}) {
        double out = 0;
        EXPECT_FALSE(certify<double>(1, 0x1p-53 + off, 0, out)) << std::hexfloat << off;
    }
}

TEST(RoundCertified, CertifiesCorrectlyRoundedDoublesAwayFromMidpoints) {
    // 2^-80 above or below the midpoint, far beyond 2^-98.
    double out = 0;
    ASSERT_TRUE(certify<double>(1, 0x1p-53 + 0x1p-80, 0, out));
    EXPECT_EQ(out, 1 + 0x1p-52);
    ASSERT_TRUE(certify<double>(1, 0x1p-53 - 0x1p-80, 0, out));
    EXPECT_EQ(out, 1.0);
    // The same in the lowest normal binade and at the top of the range.
    ASSERT_TRUE(certify<double>(1, 0x1p-53 + 0x1p-80, -1021, out));
    EXPECT_EQ(out, std::ldexp(1 + 0x1p-52, -1021));
    ASSERT_TRUE(certify<double>(1, 0x1p-53 + 0x1p-80, 1023, out));
    EXPECT_EQ(out, std::ldexp(1 + 0x1p-52, 1023));
    // Just above max + half an ulp (2^1024 - 2^970): IEEE rounds to +inf.
    ASSERT_TRUE(certify<double>(2 - 0x1p-52, 0x1p-53 + 0x1p-80, 1023, out));
    EXPECT_EQ(out, std::numeric_limits<double>::infinity());
    // Just below it: max.
    ASSERT_TRUE(certify<double>(2 - 0x1p-52, 0x1p-53 - 0x1p-80, 1023, out));
    EXPECT_EQ(out, std::numeric_limits<double>::max());
}

TEST(RoundCertified, LeavesSubnormalDoublesToTheExactRefinement) {
    double out = 1;
    EXPECT_FALSE(certify<double>(1.5, 0, -1031, out));
    ASSERT_TRUE(certify<double>(1.5, 0, -1201, out));  // < 2^-1075: +0
    EXPECT_EQ(out, 0.0);
}

TEST(RoundCertified, DeclinesNearFloatMidpointsAndRoundsElsewhere) {
    float out = 0;
    // 1 + 2^-24 (a float midpoint), and 2^-60 off it: inside the error of
    // the double the float path rounds, so it must decline.
    EXPECT_FALSE(certify<float>(1 + 0x1p-24, 0, 0, out));
    EXPECT_FALSE(certify<float>(1 + 0x1p-24, 0x1p-60, 0, out));
    EXPECT_FALSE(certify<float>(1 + 0x1p-24, -0x1p-60, 0, out));
    ASSERT_TRUE(certify<float>(1 + 0x1p-24 + 0x1p-44, 0, 0, out));
    EXPECT_EQ(out, 1 + 0x1p-23f);
    // Float subnormals and overflow are one IEEE conversion away.
    ASSERT_TRUE(certify<float>(1.5, 0, -148, out));  // 3 2^-149
    EXPECT_EQ(out, 3 * std::numeric_limits<float>::denorm_min());
    ASSERT_TRUE(certify<float>(1.5, 0, 128, out));
    EXPECT_EQ(out, std::numeric_limits<float>::infinity());
}

/// The fast path's approximation of (A + B sqrt K) / E from 128-bit parts.
SurdApprox approx(I128 A, I128 B, I128 K, I128 E) {
    auto mag = [](I128 v) {
        return to_xfloat(U128(0), v < 0 ? U128(0) - static_cast<U128>(v) : static_cast<U128>(v));
    };
    auto sgn = [](I128 v) { return (v > 0) - (v < 0); };
    SurdApprox s;
    s.sa = sgn(A);
    s.a = mag(A);
    s.sb = sgn(K) == 0 ? 0 : sgn(B);
    s.b = mag(B);
    s.k = mag(K);
    s.e = mag(E);
    return s;
}

Big big(I128 v) {
    const bool neg = v < 0;
    const U128 m = neg ? U128(0) - static_cast<U128>(v) : static_cast<U128>(v);
    Big b = high_word(m);
    b <<= 64;
    b += low_word(m);
    return neg ? Big(-b) : b;
}

TEST(RoundSurd, FastPathAgreesWithTheCppIntPathWheneverItCertifies) {
    // e0 / 4 for float keeps most values inside float's range.
    std::mt19937_64 g(99);
    int certified = 0, certified_float = 0;
    for (int i = 0; i < 20'000; ++i) {
        auto draw = [&](int bits) {
            const std::int64_t v = static_cast<std::int64_t>(g() >> (64 - bits));
            return (g() & 1) ? -v : v;
        };
        const I128 A = mul_i64(draw(60), draw(60)), B = draw(40), K = mul_i64(draw(60), draw(60));
        const I128 Kp = K < 0 ? -K : K;
        std::int64_t e = draw(50);
        if (e == 0) e = 1;
        const I128 Ep = e < 0 ? -e : e;
        const int e0 = static_cast<int>(g() % 400) - 200;
        const double want = round_surd<double>(big(A), big(B), big(Kp), big(Ep), e0);
        double got = 0;
        if (round_surd_fast<double>(approx(A, B, Kp, Ep), e0, got)) {
            ++certified;
            ASSERT_EQ(got, want) << "case " << i;
        }
        // Float goes through plain doubles (approximate_in_double).
        const float want_f = round_surd<float>(big(A), big(B), big(Kp), big(Ep), e0 / 4);
        float got_f = 0;
        if (round_surd_fast<float>(approx(A, B, Kp, Ep), e0 / 4, got_f)) {
            ++certified_float;
            ASSERT_EQ(got_f, want_f) << "case " << i;
        }
    }
    EXPECT_GT(certified, 19'000);
    EXPECT_GT(certified_float, 19'000);
}

}  // namespace
