// touchstone/robust/disks.hpp: point_in_disk, disks_overlap,
// circle_intersections on exact cases derived by reasoning, for float and
// double, at every scale of scale_exponents() (squares overflowing and
// underflowing T included).
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "test_support.hpp"
#include "touchstone/robust.hpp"

namespace {

using namespace touchstone;
using namespace touchstone::robust_test;

template <class T>
class PointInDisk : public ::testing::Test {};
template <class T>
class DisksOverlap : public ::testing::Test {};
template <class T>
class CircleIntersections : public ::testing::Test {};
TYPED_TEST_SUITE(PointInDisk, Precisions);
TYPED_TEST_SUITE(DisksOverlap, Precisions);
TYPED_TEST_SUITE(CircleIntersections, Precisions);

// ----- point_in_disk -----------------------------------------------------------------

TYPED_TEST(PointInDisk, PythagoreanBoundaryPointCountsAtEveryScale) {
    using T = TypeParam;
    for (int k : scale_exponents<T>()) {
        SCOPED_TRACE(k);
        // |(3,4)| = 5 and |(5,12)| = 13 exactly: on the boundary, so inside.
        EXPECT_TRUE(robust::point_in_disk(v2<T>(3, 4, k), circle<T>(0, 0, 5, k)));
        EXPECT_TRUE(robust::point_in_disk(v2<T>(-7 + 5, 11 - 12, k), circle<T>(-7, 11, 13, k)));
        EXPECT_TRUE(robust::point_in_disk(v2<T>(0, -5, k), circle<T>(0, 0, 5, k)));
    }
}

TYPED_TEST(PointInDisk, OneUlpDecidesAtEveryScale) {
    using T = TypeParam;
    for (int k : scale_exponents<T>()) {
        SCOPED_TRACE(k);
        const Circle<T> c = circle<T>(0, 0, 5, k);
        // r one ulp smaller: (3,4) is outside; one ulp larger: inside.
        EXPECT_FALSE(robust::point_in_disk(v2<T>(3, 4, k), Circle<T>{c.c, down(c.r)}));
        EXPECT_TRUE(robust::point_in_disk(v2<T>(3, 4, k), Circle<T>{c.c, up(c.r)}));
        // px one ulp further out: outside; one ulp in: inside.
        EXPECT_FALSE(robust::point_in_disk(Vec2<T>{up(s2<T>(3, k)), s2<T>(4, k)}, c));
        EXPECT_TRUE(robust::point_in_disk(Vec2<T>{down(s2<T>(3, k)), s2<T>(4, k)}, c));
        // The centre one ulp away from the point: inside; away from it: outside.
        EXPECT_TRUE(robust::point_in_disk(v2<T>(3, 4, k), Circle<T>{{up(T(0)), T(0)}, c.r}));
        EXPECT_FALSE(robust::point_in_disk(v2<T>(3, 4, k), Circle<T>{{down(T(0)), T(0)}, c.r}));
    }
}

TYPED_TEST(PointInDisk, ZeroRadiusIsThePoint) {
    using T = TypeParam;
    const T tiny = std::numeric_limits<T>::denorm_min();
    EXPECT_TRUE(robust::point_in_disk(v2<T>(1, 2), circle<T>(1, 2, 0)));
    EXPECT_TRUE(
        robust::point_in_disk(v2<T>(1, 2), Circle<T>{{T(1), T(2)}, -T(0)}));  // -0 is a valid zero
    EXPECT_FALSE(robust::point_in_disk(Vec2<T>{up(T(1)), T(2)}, circle<T>(1, 2, 0)));
    EXPECT_TRUE(robust::point_in_disk(Vec2<T>{tiny, 0}, Circle<T>{{0, 0}, tiny}));
    EXPECT_FALSE(robust::point_in_disk(Vec2<T>{tiny, tiny}, Circle<T>{{0, 0}, tiny}));
}

TYPED_TEST(PointInDisk, LargestFiniteValues) {
    using T = TypeParam;
    const T big = std::numeric_limits<T>::max();
    EXPECT_TRUE(robust::point_in_disk(Vec2<T>{big, 0}, Circle<T>{{0, 0}, big}));
    EXPECT_FALSE(robust::point_in_disk(Vec2<T>{big, 0}, Circle<T>{{0, 0}, down(big)}));
    EXPECT_TRUE(robust::point_in_disk(Vec2<T>{big, big}, Circle<T>{{big, big}, 0}));
    EXPECT_FALSE(robust::point_in_disk(Vec2<T>{-big, 0}, Circle<T>{{big, 0}, big}));  // d = 2 max
    EXPECT_TRUE(robust::point_in_disk(Vec2<T>{-big, 0}, Circle<T>{{0, 0}, big}));
}

TYPED_TEST(PointInDisk, MixedScalesKeepTheTinyTerm) {
    using T = TypeParam;
    // p = (R, t) with t tiny: |p|^2 = R^2 + t^2 > R^2 exactly, although t^2
    // is far below R^2's ulp (and underflows in T).
    const int hi = sizeof(T) == 8 ? 600 : 100, lo = sizeof(T) == 8 ? -1074 : -149;
    const T R = std::ldexp(T(1), hi), t = std::ldexp(T(1), lo);
    EXPECT_FALSE(robust::point_in_disk(Vec2<T>{R, t}, Circle<T>{{0, 0}, R}));
    EXPECT_TRUE(robust::point_in_disk(Vec2<T>{R, 0}, Circle<T>{{0, 0}, R}));
    EXPECT_TRUE(robust::point_in_disk(Vec2<T>{R, t}, Circle<T>{{0, t}, R}));
}

// ----- disks_overlap -------------------------------------------------------------------

TYPED_TEST(DisksOverlap, ExternalTangencyTouchesAtEveryScale) {
    using T = TypeParam;
    for (int k : scale_exponents<T>()) {
        SCOPED_TRACE(k);
        // d = |(3,4)| = 5 = 2 + 3 and d = |(5,12)| = 13 = 6 + 7.
        EXPECT_TRUE(robust::disks_overlap(circle<T>(0, 0, 2, k), circle<T>(3, 4, 3, k)));
        EXPECT_TRUE(robust::disks_overlap(circle<T>(1, 1, 6, k), circle<T>(6, 13, 7, k)));
        EXPECT_FALSE(robust::disks_overlap(circle<T>(0, 0, 2, k),
                                           Circle<T>{v2<T>(3, 4, k), down(s2<T>(3, k))}));
        EXPECT_FALSE(robust::disks_overlap(circle<T>(0, 0, 2, k),
                                           Circle<T>{{s2<T>(3, k), up(s2<T>(4, k))}, s2<T>(3, k)}));
        EXPECT_TRUE(robust::disks_overlap(
            circle<T>(0, 0, 2, k), Circle<T>{{s2<T>(3, k), down(s2<T>(4, k))}, s2<T>(3, k)}));
    }
}

TYPED_TEST(DisksOverlap, DegenerateDisks) {
    using T = TypeParam;
    EXPECT_TRUE(robust::disks_overlap(circle<T>(1, 1, 0), circle<T>(1, 1, 0)));  // same point
    EXPECT_FALSE(robust::disks_overlap(circle<T>(1, 1, 0), circle<T>(1, up(T(1)), 0)));
    EXPECT_TRUE(
        robust::disks_overlap(circle<T>(3, 4, 0), circle<T>(0, 0, 5)));  // point on the circle
    EXPECT_TRUE(robust::disks_overlap(circle<T>(0, 0, 1), circle<T>(0, 0, 7)));  // concentric
    const T big = std::numeric_limits<T>::max();
    EXPECT_TRUE(robust::disks_overlap(Circle<T>{{-big, 0}, big},
                                      Circle<T>{{big, 0}, big}));  // r1 + r2 overflows T
    EXPECT_FALSE(robust::disks_overlap(Circle<T>{{-big, 0}, big}, Circle<T>{{big, 0}, down(big)}));
}

// ----- circle_intersections -------------------------------------------------------------

TYPED_TEST(CircleIntersections, TangentPointsAreExactAtEveryScale) {
    using T = TypeParam;
    for (int k : scale_exponents<T>()) {
        SCOPED_TRACE(k);
        // External: c1 = 0, r1 = 5, c2 = (6, 8), r2 = 5: touch at (3, 4).
        auto e = robust::circle_intersections(circle<T>(0, 0, 5, k), circle<T>(6, 8, 5, k));
        ASSERT_EQ(e.kind, CircleKind::one);
        ASSERT_EQ(e.count, 1);
        EXPECT_TRUE(same_point(e.points[0], v2<T>(3, 4, k)));
        // Internal: c1 = 0, r1 = 10, c2 = (3, 4), r2 = 5: touch at c1 + D 10/5 = (6, 8).
        auto i = robust::circle_intersections(circle<T>(0, 0, 10, k), circle<T>(3, 4, 5, k));
        ASSERT_EQ(i.kind, CircleKind::one);
        EXPECT_TRUE(same_point(i.points[0], v2<T>(6, 8, k)));
        // One ulp apart: none, and two.
        EXPECT_EQ(robust::circle_intersections(circle<T>(0, 0, 5, k),
                                               Circle<T>{v2<T>(6, 8, k), down(s2<T>(5, k))})
                      .kind,
                  CircleKind::none);
        EXPECT_EQ(robust::circle_intersections(circle<T>(0, 0, 5, k),
                                               Circle<T>{v2<T>(6, 8, k), up(s2<T>(5, k))})
                      .kind,
                  CircleKind::two);
        EXPECT_EQ(robust::circle_intersections(circle<T>(0, 0, 10, k),
                                               Circle<T>{v2<T>(3, 4, k), down(s2<T>(5, k))})
                      .kind,
                  CircleKind::contained);
    }
}

TYPED_TEST(CircleIntersections, TwoPointsLeftThenRight) {
    using T = TypeParam;
    for (int k : scale_exponents<T>()) {
        SCOPED_TRACE(k);
        // c1 = 0, c2 = (6, 0), r = 5: a = 1/2, K = 25*36 - 18^2 = 576, points (3, +-4);
        // (3, 4) is left of the direction +x.
        auto r = robust::circle_intersections(circle<T>(0, 0, 5, k), circle<T>(6, 0, 5, k));
        ASSERT_EQ(r.kind, CircleKind::two);
        ASSERT_EQ(r.count, 2);
        EXPECT_TRUE(same_point(r.points[0], v2<T>(3, 4, k)));
        EXPECT_TRUE(same_point(r.points[1], v2<T>(3, -4, k)));
        auto s = robust::circle_intersections(circle<T>(6, 0, 5, k),
                                              circle<T>(0, 0, 5, k));  // reversed: mirrored
        EXPECT_TRUE(same_point(s.points[0], v2<T>(3, -4, k)));
        EXPECT_TRUE(same_point(s.points[1], v2<T>(3, 4, k)));
    }
}

TYPED_TEST(CircleIntersections, IrrationalPointsAreCorrectlyRounded) {
    using T = TypeParam;
    // Unit circles at 0 and (1, 0): (1/2, +-sqrt(3)/2). sqrt is correctly
    // rounded and /2 exact, so sqrt(T(3)) / 2 is the correctly rounded truth.
    auto r = robust::circle_intersections(circle<T>(0, 0, 1), circle<T>(1, 0, 1));
    ASSERT_EQ(r.kind, CircleKind::two);
    EXPECT_TRUE(same_point(r.points[0], Vec2<T>{T(0.5), std::sqrt(T(3)) / 2}));
    EXPECT_TRUE(same_point(r.points[1], Vec2<T>{T(0.5), -std::sqrt(T(3)) / 2}));
    // External tangency at c1 + D r1/(r1 + r2) = (3,4) * 2/5 = (1.2, 1.6): the
    // compiler rounds the decimal literals correctly.
    auto t = robust::circle_intersections(circle<T>(0, 0, 2), circle<T>(3, 4, 3));
    ASSERT_EQ(t.kind, CircleKind::one);
    EXPECT_TRUE(same_point(t.points[0], Vec2<T>{T(1.2), T(1.6)}));
}

TYPED_TEST(CircleIntersections, DegenerateKinds) {
    using T = TypeParam;
    EXPECT_EQ(robust::circle_intersections(circle<T>(1, 2, 3), circle<T>(1, 2, 3)).kind,
              CircleKind::coincident);
    EXPECT_EQ(robust::circle_intersections(circle<T>(1, 2, 3), circle<T>(1, 2, 3)).count, 0);
    EXPECT_EQ(robust::circle_intersections(circle<T>(1, 2, 3), circle<T>(1, 2, 4)).kind,
              CircleKind::contained);
    EXPECT_EQ(robust::circle_intersections(circle<T>(1, 2, 0), circle<T>(1, 2, 4)).kind,
              CircleKind::contained);
    auto z = robust::circle_intersections(circle<T>(1, 2, 0), circle<T>(1, 2, 0));
    ASSERT_EQ(z.kind, CircleKind::one);
    ASSERT_EQ(z.count, 1);
    EXPECT_TRUE(same_point(z.points[0], v2<T>(1, 2)));
    EXPECT_EQ(robust::circle_intersections(circle<T>(1, 2, 0), circle<T>(1, up(T(2)), 0)).kind,
              CircleKind::none);
    // A zero-radius circle on the other circumference: one point, itself.
    auto p = robust::circle_intersections(circle<T>(3, 4, 0), circle<T>(0, 0, 5));
    ASSERT_EQ(p.kind, CircleKind::one);
    EXPECT_TRUE(same_point(p.points[0], v2<T>(3, 4)));
    EXPECT_EQ(robust::circle_intersections(circle<T>(0, 0, 1), circle<T>(0, 0.5, 0.25)).kind,
              CircleKind::contained);
}

TYPED_TEST(CircleIntersections, PointsBeyondTheRangeRoundToInfinity) {
    using T = TypeParam;
    constexpr int E = std::numeric_limits<T>::max_exponent - 1;  // 2^E is the largest power of two
    // Internal tangency: c1 = (2^E, 0), r1 = 2^E, c2 = c1 + (2^(E-2), 0),
    // r2 = 3 2^(E-2): d = r1 - r2, point c1 + D r1 / (r1 - r2) = 2^(E+1) > max:
    // rounds to +inf as IEEE overflow does.
    const T c1x = std::ldexp(T(1), E), r1 = std::ldexp(T(1), E);
    const T c2x = std::ldexp(T(5), E - 2), r2 = std::ldexp(T(3), E - 2);
    auto t = robust::circle_intersections(Circle<T>{{c1x, 0}, r1}, Circle<T>{{c2x, 0}, r2});
    ASSERT_EQ(t.kind, CircleKind::one);
    EXPECT_EQ(t.points[0].x, std::numeric_limits<T>::infinity());
    EXPECT_EQ(t.points[0].y, T(0));
    // The largest circle touching a zero-radius circle at (max, 0).
    const T big = std::numeric_limits<T>::max();
    auto p = robust::circle_intersections(Circle<T>{{0, 0}, big}, Circle<T>{{big, 0}, 0});
    ASSERT_EQ(p.kind, CircleKind::one);
    EXPECT_TRUE(same_point(p.points[0], Vec2<T>{big, 0}));
}

}  // namespace
