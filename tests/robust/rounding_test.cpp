// Correct rounding of the constructions where it is hardest: coordinates
// exactly halfway between two neighbours of T (ties, which go to the even
// significand) and coordinates a few 2^-104 off a midpoint, too close for
// the double-double approximation to certify (core/src/robust/rounding.hpp:
// these reach the exact refinement). Built by reasoning, scaled over T's
// exponent range down into the subnormals, and compared with the oracle's
// correctly rounded points: 0 ulps, the robust core's stated bound.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <random>

#include "test_support.hpp"
#include "touchstone/oracle/oracle.hpp"
#include "touchstone/robust.hpp"

namespace {

using namespace touchstone;

template <class T>
class ConstructionRounding : public ::testing::Test {};
TYPED_TEST_SUITE(ConstructionRounding, robust_test::Precisions);

template <class T>
constexpr int digits = std::numeric_limits<T>::digits;  // 24 or 53

/// Bit-exact agreement of two points (0 ulps).
template <class T>
::testing::AssertionResult zero_ulps(Vec2<T> got, Vec2<T> want) {
    if (oracle::ulp_distance(got.x, want.x) == 0 && oracle::ulp_distance(got.y, want.y) == 0)
        return ::testing::AssertionSuccess();
    return ::testing::AssertionFailure() << std::hexfloat << "got (" << got.x << ", " << got.y
                                         << "), oracle (" << want.x << ", " << want.y << ")";
}

/// Scales 2^s of the configurations below, which stay exact in T: their
/// smallest step, 2^(s - digits), is at least the least subnormal
/// 2^(min_exponent - digits), and their largest coordinate, 2^(s + 2), is
/// finite.
template <class T>
std::vector<int> scales() {
    const int max_s = std::numeric_limits<T>::max_exponent - 3,
              min_s = std::numeric_limits<T>::min_exponent;
    return {0,         1,         -1,   7, -7, 60, -60, max_s, max_s - 1, min_s + digits<T>,
            min_s + 3, min_s + 1, min_s};
}

// Segment a1 = (a, 0), b1 = (a + p, 2) crosses the horizontal segment at
// y = 1 at x = a + p / 2: with a = 1 and p = k 2^(1 - digits) (k odd), x is
// the midpoint 1 + k 2^-digits; with b1's y nudged by one ulp, x = a + p / (2
// (1 +- 2^(1 - digits))) sits ~k 2^-(2 digits) off the midpoint.
TYPED_TEST(ConstructionRounding, SegmentCrossingsAtAndNearMidpoints) {
    using T = TypeParam;
    int checked = 0;
    for (int s : scales<T>()) {
        for (int k = -15; k <= 15; k += 2) {
            for (int nudge = -1; nudge <= 1; ++nudge) {
                const T unit = std::ldexp(T(1), s);
                const T a = unit;
                const T p = std::ldexp(static_cast<T>(k), 1 - digits<T> + s);
                T top = std::ldexp(T(2), s);
                if (nudge != 0) top = nudge > 0 ? robust_test::up(top) : robust_test::down(top);
                const T w = std::ldexp(T(4), s);
                const Segment<T> s1{{a, T(0)}, {a + p, top}};
                const Segment<T> s2{{-w, unit}, {w, unit}};
                const auto got = robust::segment_intersection(s1, s2);
                const auto want = oracle::segment_intersection(s1, s2);
                ASSERT_EQ(got.kind, want.kind) << "scale " << s << " k " << k;
                if (want.kind == SegmentKind::point) {
                    ASSERT_TRUE(zero_ulps(got.points[0], want.points[0]))
                        << "scale " << s << " k " << k;
                    ++checked;
                }
            }
        }
    }
    EXPECT_GT(checked, 0);
}

// Ties among the subnormals, where the step is fixed: x = (j + k / 2) times
// the least subnormal, for y scales from subnormal to 1.
TYPED_TEST(ConstructionRounding, SubnormalCrossingsAtMidpointsGoToEven) {
    using T = TypeParam;
    const T tiny = std::numeric_limits<T>::denorm_min();
    for (T j : {T(0), T(1), T(2), T(5), T(1000), T(1 << 20)}) {
        for (int k = -7; k <= 7; k += 2) {
            for (T unit : {tiny * 2, tiny * 1024, T(1)}) {
                const T a = j * tiny, p = static_cast<T>(k) * tiny;
                const Segment<T> s1{{a, T(0)}, {a + p, unit + unit}};
                const Segment<T> s2{{T(-1), unit}, {T(1), unit}};
                const auto got = robust::segment_intersection(s1, s2);
                const auto want = oracle::segment_intersection(s1, s2);
                ASSERT_EQ(got.kind, want.kind) << "j " << j << " k " << k;
                if (want.kind == SegmentKind::point) {
                    ASSERT_TRUE(zero_ulps(got.points[0], want.points[0]))
                        << "j " << j << " k " << k;
                }
            }
        }
    }
}

// Circles (1, b) radius r1 = k 2^-digits and (2, b) radius 1 - r1 touch
// externally at (1 + r1, b): a midpoint of T for odd k.
TYPED_TEST(ConstructionRounding, TangentPointsOnMidpointsGoToEven) {
    using T = TypeParam;
    for (int s : scales<T>()) {
        for (int k = 1; k <= 31; k += 2) {
            const T r1 = std::ldexp(static_cast<T>(k), -digits<T> + s);
            const T r2 = std::ldexp(T(1), s) - r1;
            const T b = std::ldexp(T(3), s - 2);
            const Circle<T> c1{{std::ldexp(T(1), s), b}, r1}, c2{{std::ldexp(T(2), s), b}, r2};
            const auto got = robust::circle_intersections(c1, c2);
            const auto want = oracle::circle_intersections(c1, c2);
            ASSERT_EQ(got.kind, want.kind) << "scale " << s << " k " << k;
            ASSERT_EQ(got.count, want.count);
            for (int i = 0; i < want.count; ++i)
                ASSERT_TRUE(zero_ulps(got.points[i], want.points[i]))
                    << "scale " << s << " k " << k;
        }
    }
}

// The horizontal segment (0, 0)-(4, 0) through the circle centred (1, 0)
// with radius r = k 2^-digits meets it at 1 - r and at 1 + r, a midpoint of
// T for odd k.
TYPED_TEST(ConstructionRounding, SegmentCirclePointsOnMidpointsGoToEven) {
    using T = TypeParam;
    for (int s : scales<T>()) {
        for (int k = 1; k <= 31; k += 2) {
            const Segment<T> seg{{T(0), T(0)}, {std::ldexp(T(4), s), T(0)}};
            const Circle<T> c{{std::ldexp(T(1), s), T(0)},
                              std::ldexp(static_cast<T>(k), -digits<T> + s)};
            const auto got = robust::segment_circle_points(seg, c);
            const auto want = oracle::segment_circle_points(seg, c);
            ASSERT_EQ(got.count, want.count) << "scale " << s << " k " << k;
            for (int i = 0; i < want.count; ++i)
                ASSERT_TRUE(zero_ulps(got.points[i], want.points[i]))
                    << "scale " << s << " k " << k;
        }
    }
}

// Random magnitudes: a in [2^e, 2^(e+1)), p / 2 an odd number of half-ulps
// of a (a tie), or the same with b1's y one ulp off (a near tie).
TYPED_TEST(ConstructionRounding, RandomCrossingsNearMidpointsAgreeWithOracle) {
    using T = TypeParam;
    std::mt19937_64 g(2026);
    std::uniform_int_distribution<int> exp_dist(std::numeric_limits<T>::min_exponent + digits<T>,
                                                std::numeric_limits<T>::max_exponent - 4);
    for (int i = 0; i < 20'000; ++i) {
        const int e = exp_dist(g);
        const T a = std::ldexp(T(1) + std::ldexp(static_cast<T>(g() % 1024), -10), e);
        const int k = 2 * static_cast<int>(g() % 64) + 1;
        const T p = std::ldexp(static_cast<T>(k), e + 2 - digits<T>);  // k half-ulps of a, times 2
        const T h = std::ldexp(T(1), e);
        T top = h + h;
        if (i % 3 == 1) top = robust_test::up(top);
        if (i % 3 == 2) top = robust_test::down(top);
        const T w = std::ldexp(T(1), e + 2);
        const Segment<T> s1{{a, T(0)}, {a + p, top}};
        const Segment<T> s2{{-w, h}, {w, h}};
        const auto got = robust::segment_intersection(s1, s2);
        const auto want = oracle::segment_intersection(s1, s2);
        ASSERT_EQ(got.kind, want.kind);
        if (want.kind == SegmentKind::point) {
            ASSERT_TRUE(zero_ulps(got.points[0], want.points[0])) << "case " << i;
        }
    }
}

}  // namespace
