// orient2d: the robust core, the oracle and the textbook port on cases whose
// sign is known by construction (integer geometry scaled by powers of two),
// the laws of the sign, and the judge's sign verdict and tolerance band.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <array>
#include <random>
#include <string>

#include "touchstone/bits.hpp"
#include "touchstone/case_file.hpp"
#include "touchstone/judge.hpp"
#include "touchstone/oracle/oracle.hpp"
#include "touchstone/robust.hpp"
#include "touchstone/textbook/orient2d.hpp"
#include "test_support.hpp"

namespace touchstone {
namespace {

using touchstone::robust_test::uniform_real;

template <class T>
Vec2<T> pt(double x, double y, int k) {
    return {static_cast<T>(std::ldexp(x, k)), static_cast<T>(std::ldexp(y, k))};
}

template <class T>
class Orient2d : public ::testing::Test {};
using Precisions = ::testing::Types<float, double>;
TYPED_TEST_SUITE(Orient2d, Precisions);

TYPED_TEST(Orient2d, CollinearTriplesAreZeroAtEveryScale) {
    using T = TypeParam;
    const int lo = std::numeric_limits<T>::min_exponent - std::numeric_limits<T>::digits + 2;
    const int hi = std::numeric_limits<T>::max_exponent - 8;
    for (int k = lo; k <= hi; k += 7) {
        // c between a and b, beyond b, before a on the 20-21-29 direction, and c == a.
        const Vec2<T> a = pt<T>(0, 0, k), b = pt<T>(40, 42, k);
        for (const Vec2<T> c : {pt<T>(20, 21, k), pt<T>(60, 63, k), pt<T>(-20, -21, k), a, b}) {
            SCOPED_TRACE(testing::Message() << "k=" << k << " c=" << c.x << "," << c.y);
            EXPECT_EQ(robust::orient2d(a, b, c), 0);
            EXPECT_EQ(oracle::orient2d(a, b, c), 0);
        }
        EXPECT_EQ(robust::orient2d(a, a, b), 0);  // a == b
        EXPECT_EQ(oracle::orient2d(a, a, b), 0);
    }
}

TYPED_TEST(Orient2d, OneUlpOffTheLineHasTheSignOfTheNudge) {
    using T = TypeParam;
    // a = (0, 0), b = (3, 3) * 2^k, c = (1, 1) * 2^k with its y one ulp up (left of
    // a -> b) or down (right): the exact sign is the nudge's.
    for (int k : {-100, -20, 0, 5, 30, 100}) {
        const Vec2<T> a{T(0), T(0)}, b{std::ldexp(T(3), k), std::ldexp(T(3), k)};
        const T cx = std::ldexp(T(1), k);
        const Vec2<T> up{cx, step_ulps(cx, 1)}, down{cx, step_ulps(cx, -1)};
        EXPECT_EQ(robust::orient2d(a, b, up), 1) << k;
        EXPECT_EQ(robust::orient2d(a, b, down), -1) << k;
        EXPECT_EQ(oracle::orient2d(a, b, up), 1) << k;
        EXPECT_EQ(oracle::orient2d(a, b, down), -1) << k;
    }
}

TYPED_TEST(Orient2d, TheTextbookDeterminantFailsWhereTheRobustCoreDoesNot) {
    using T = TypeParam;
    const T big = std::numeric_limits<T>::max() / 4;
    // Overflow: (b - a) x (c - a) with both products infinite: inf - inf = NaN -> 0.
    const Vec2<T> a{-big, -big}, b{big, big}, c{big, step_ulps(big, 1)};
    EXPECT_EQ(robust::orient2d(a, b, c), 1);
    EXPECT_EQ(oracle::orient2d(a, b, c), 1);
    EXPECT_NE(textbook::orient2d(a, b, c), 1);
    // Underflow: a tiny left turn whose products round to 0.
    const T tiny = std::numeric_limits<T>::denorm_min();
    const Vec2<T> o{0, 0}, e{tiny, 0}, f{0, tiny};
    EXPECT_EQ(robust::orient2d(o, e, f), 1);
    EXPECT_EQ(oracle::orient2d(o, e, f), 1);
    EXPECT_EQ(textbook::orient2d(o, e, f), 0);
}

TYPED_TEST(Orient2d, InvalidInputIsZeroForTheCoreAndAnErrorForTheOracle) {
    using T = TypeParam;
    const T nan = std::numeric_limits<T>::quiet_NaN(), inf = std::numeric_limits<T>::infinity();
    EXPECT_EQ(robust::orient2d(Vec2<T>{nan, 0}, Vec2<T>{1, 0}, Vec2<T>{0, 1}), 0);
    EXPECT_EQ(robust::orient2d(Vec2<T>{0, 0}, Vec2<T>{inf, 0}, Vec2<T>{0, 1}), 0);
    try {
        (void)oracle::orient2d(Vec2<T>{0, 0}, Vec2<T>{1, 0}, Vec2<T>{0, -inf});
        ADD_FAILURE() << "no InvalidInput";
    } catch (const oracle::InvalidInput& e) {
        EXPECT_EQ(e.field(), "cy");
    }
}

TYPED_TEST(Orient2d, SwapsAndReflectionsNegateRotationsKeep) {
    using T = TypeParam;
    std::mt19937_64 rng(12);
    std::uniform_int_distribution<int> coord(-6, 6);  // small: many collinear triples
    int zeros = 0;
    for (int i = 0; i < 4000; ++i) {
        const Vec2<T> a{T(coord(rng)), T(coord(rng))}, b{T(coord(rng)), T(coord(rng))},
            c{T(coord(rng)), T(coord(rng))};
        const int s = robust::orient2d(a, b, c);
        zeros += s == 0;
        EXPECT_EQ(s, oracle::orient2d(a, b, c));
        EXPECT_EQ(robust::orient2d(b, a, c), -s);
        EXPECT_EQ(robust::orient2d(b, c, a), s);
        EXPECT_EQ(robust::orient2d(Vec2<T>{-a.x, a.y}, Vec2<T>{-b.x, b.y}, Vec2<T>{-c.x, c.y}), -s);
        EXPECT_EQ(robust::orient2d(Vec2<T>{-a.y, a.x}, Vec2<T>{-b.y, b.x}, Vec2<T>{-c.y, c.x}), s);
    }
    EXPECT_GT(zeros, 100);  // the collinear cases were exercised
}

TEST(Orient2dJudge, AWrongSignIsWrongSignAndTheBandIsTheDistanceFromTheLine) {
    // a = (0, 0), b = (4, 0), c = (1, 0.5): +1, c at distance 0.5 from the line.
    const double args[] = {0, 0, 4, 0, 1, 0.5};
    const Answer exact = exact_answer(Primitive::orient2d, Precision::f64, args);
    ASSERT_TRUE(exact.valid);
    EXPECT_EQ(exact.kind, 1);
    EXPECT_EQ(answer_json(Primitive::orient2d, exact), "1");
    EXPECT_EQ(
        judge(Primitive::orient2d, Precision::f64, args, closed(), to_answer(1), exact).verdict,
        Verdict::ok);
    for (int wrong : {0, -1}) {
        const Judgement j =
            judge(Primitive::orient2d, Precision::f64, args, open(), to_answer(wrong), exact);
        EXPECT_EQ(j.verdict, Verdict::wrong_sign);
        EXPECT_FALSE(j.tolerated);
        EXPECT_TRUE(judge(Primitive::orient2d, Precision::f64, args, closed().within_absolute(0.5),
                          to_answer(wrong), exact)
                        .tolerated);
        EXPECT_FALSE(judge(Primitive::orient2d, Precision::f64, args,
                           closed().within_absolute(0.49), to_answer(wrong), exact)
                         .tolerated);
    }
    // a == b: the band is |c - a| (here 5).
    const double same[] = {1, 1, 1, 1, 4, 5};
    EXPECT_TRUE(oracle::within_band(Primitive::orient2d, same, 5.0));
    EXPECT_FALSE(oracle::within_band(Primitive::orient2d, same, 4.99));
    // The robust core's empty answer on invalid input is the sign 0.
    Claim robust_claim = closed();
    robust_claim.empty_on_invalid = true;
    const double bad[] = {0, 0, 1, 0, std::nan(""), 1};
    const Answer invalid = exact_answer(Primitive::orient2d, Precision::f64, bad);
    EXPECT_FALSE(invalid.valid);
    EXPECT_EQ(judge(Primitive::orient2d, Precision::f64, bad, robust_claim, to_answer(0), invalid)
                  .verdict,
              Verdict::invalid_input);
    EXPECT_EQ(judge(Primitive::orient2d, Precision::f64, bad, robust_claim, to_answer(1), invalid)
                  .verdict,
              Verdict::wrong_on_invalid);
}

/// A coordinate for the forms test: small integers (exact collinearity and
/// ties), NaN, the infinities, signed zeros, the extremes and subnormals of
/// T, and random values at random scales across T's whole exponent range
/// (products that overflow or underflow in double, and float inputs whose
/// double products are exact).
template <class T>
T form_value(std::mt19937_64& rng) {
    using L = std::numeric_limits<T>;
    const T pool[] = {L::quiet_NaN(), L::infinity(),   -L::infinity(),   T(0),    -T(0), L::max(),
                      -L::max(),      L::denorm_min(), -L::denorm_min(), L::min()};
    switch (rng() % 4) {
        case 0: return T(static_cast<int>(rng() % 9) - 4);
        case 1: return pool[rng() % (sizeof(pool) / sizeof(pool[0]))];
        default: {
            const int e = L::min_exponent - L::digits +
                          static_cast<int>(rng() % (L::max_exponent - L::min_exponent + L::digits));
            const double m = uniform_real(rng, -1, 1);
            return static_cast<T>(std::ldexp(m, e));
        }
    }
}

#if TOUCHSTONE_ROBUST_SSE2
/// orient2d's SSE2 filter (orientation_sse2) against the scalar
/// filter_orientation it replaces on x86: the same certainty and, when
/// certain, the same sign, on special values, random scales and nearly
/// collinear triples (c on the segment ab rounded, then nudged by an ulp);
/// and orient2d against the oracle on the same cases (0 on invalid ones). (The scalar form
/// serves where SSE2 is absent: the aarch64 preset runs it.)
TYPED_TEST(Orient2d, Sse2FilterAgreesWithTheScalarFilter) {
    using T = TypeParam;
    std::mt19937_64 rng(1506);
    int certified = 0, declined = 0;
    for (int it = 0; it < 200000; ++it) {
        Vec2<T> a{form_value<T>(rng), form_value<T>(rng)},
            b{form_value<T>(rng), form_value<T>(rng)};
        Vec2<T> c{form_value<T>(rng), form_value<T>(rng)};
        if (it % 2 == 0) {  // nearly collinear: c on ab, rounded, nudged
            const double t = uniform_real(rng, -1, 2);
            c = {static_cast<T>(a.x + t * (double(b.x) - a.x)),
                 static_cast<T>(a.y + t * (double(b.y) - a.y))};
            c.y = step_ulps(c.y, static_cast<int>(rng() % 3) - 1);
        }
        const auto where = [&] {
            return "seed 1506, case " + std::to_string(it) +
                   ": a, b, c = " + hex_list(std::array<T, 6>{a.x, a.y, b.x, b.y, c.x, c.y}) +
                   "\nreplay: robust_orient2d_test --gtest_filter='*Sse2FilterAgrees*'";
        };
        int sign = 0;
        const bool certain = robust::impl::orientation_sse2(a, b, c, sign);
        const auto f = robust::impl::filter_orientation<double>(
            double(a.x), double(a.y), double(b.x), double(b.y), double(c.x), double(c.y),
            robust::detail::MayUnderflow<T>{});
        ASSERT_EQ(certain, f.certain) << where();
        if (certain) {
            ASSERT_EQ(sign, std::signbit(f.d) ? -1 : 1) << where();
            ++certified;
        } else {
            ++declined;
        }
        const bool finite = std::isfinite(a.x) && std::isfinite(a.y) && std::isfinite(b.x) &&
                            std::isfinite(b.y) && std::isfinite(c.x) && std::isfinite(c.y);
        // Invalid input (NaN, +-inf): 0, the documented answer.
        ASSERT_EQ(robust::orient2d(a, b, c), finite ? oracle::orient2d(a, b, c) : 0) << where();
    }
    // Both outcomes occur often enough for the comparison to mean something.
    EXPECT_GT(certified, 20000);
    EXPECT_GT(declined, 20000);
}
#endif

}  // namespace
}  // namespace touchstone
