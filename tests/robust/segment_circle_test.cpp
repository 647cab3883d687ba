// touchstone/robust/segment_circle.hpp: segment_hits_disk,
// segment_meets_circle, segment_circle_points on exact cases derived by
// reasoning, for float and double, at every scale of scale_exponents().
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "test_support.hpp"
#include "touchstone/robust.hpp"

namespace {

using namespace touchstone;
using namespace touchstone::robust_test;

template <class T>
class SegmentHitsDisk : public ::testing::Test {};
template <class T>
class SegmentMeetsCircle : public ::testing::Test {};
template <class T>
class SegmentCirclePoints : public ::testing::Test {};
TYPED_TEST_SUITE(SegmentHitsDisk, Precisions);
TYPED_TEST_SUITE(SegmentMeetsCircle, Precisions);
TYPED_TEST_SUITE(SegmentCirclePoints, Precisions);

// Circle at 0 with r = 5 touches the line through (3, 4) with direction
// (-4, 3); points (3,4) + s (-4,3) for integer s: s = 1 gives (-1, 7),
// s = -1 gives (7, 1), s = 2 gives (-5, 10).

TYPED_TEST(SegmentHitsDisk, TangentSegmentTouchesAtEveryScale) {
    using T = TypeParam;
    for (int k : scale_exponents<T>()) {
        SCOPED_TRACE(k);
        const Circle<T> c = circle<T>(0, 0, 5, k);
        EXPECT_TRUE(robust::segment_hits_disk(segment<T>(7, 1, -1, 7, k), c));
        EXPECT_FALSE(
            robust::segment_hits_disk(segment<T>(7, 1, -1, 7, k), Circle<T>{c.c, down(c.r)}));
        // The tangent point is an endpoint.
        EXPECT_TRUE(robust::segment_hits_disk(segment<T>(3, 4, -5, 10, k), c));
        EXPECT_FALSE(
            robust::segment_hits_disk(segment<T>(3, 4, -5, 10, k), Circle<T>{c.c, down(c.r)}));
        // The tangent point is beyond the segment: the nearest point is the
        // endpoint (-1, 7), |(-1,7)|^2 = 50 > 25.
        EXPECT_FALSE(robust::segment_hits_disk(segment<T>(-1, 7, -5, 10, k), c));
        // 5-12-13: tangent point (5, 12), direction (-12, 5).
        EXPECT_TRUE(robust::segment_hits_disk(segment<T>(5 + 12, 12 - 5, 5 - 12, 12 + 5, k),
                                              circle<T>(0, 0, 13, k)));
        // Moving one endpoint out by one ulp moves the whole segment off.
        EXPECT_FALSE(
            robust::segment_hits_disk(Segment<T>{{up(s2<T>(7, k)), s2<T>(1, k)}, v2<T>(-1, 7, k)},
                                      c));  // rotates about (-1,7): misses
    }
}

TYPED_TEST(SegmentHitsDisk, ZeroLengthSegmentIsAPoint) {
    using T = TypeParam;
    for (int k : scale_exponents<T>()) {
        SCOPED_TRACE(k);
        EXPECT_TRUE(robust::segment_hits_disk(segment<T>(3, 4, 3, 4, k), circle<T>(0, 0, 5, k)));
        EXPECT_FALSE(robust::segment_hits_disk(
            Segment<T>{{up(s2<T>(3, k)), s2<T>(4, k)}, {up(s2<T>(3, k)), s2<T>(4, k)}},
            circle<T>(0, 0, 5, k)));
    }
}

TYPED_TEST(SegmentHitsDisk, ZeroRadiusHitsOnlyPointsOfTheSegment) {
    using T = TypeParam;
    for (int k : scale_exponents<T>()) {
        SCOPED_TRACE(k);
        const Segment<T> s = segment<T>(-3, -6, 5, 10, k);                  // direction (1, 2)
        EXPECT_TRUE(robust::segment_hits_disk(s, circle<T>(1, 2, 0, k)));   // interior
        EXPECT_TRUE(robust::segment_hits_disk(s, circle<T>(5, 10, 0, k)));  // endpoint
        EXPECT_FALSE(
            robust::segment_hits_disk(s, circle<T>(6, 12, 0, k)));  // on the line, beyond b
        EXPECT_FALSE(robust::segment_hits_disk(s, Circle<T>{{s2<T>(1, k), up(s2<T>(2, k))}, T(0)}));
    }
}

TYPED_TEST(SegmentHitsDisk, HugeAndTinyTogether) {
    using T = TypeParam;
    const T big = std::numeric_limits<T>::max(), tiny = std::numeric_limits<T>::denorm_min();
    // A segment along the x axis of length 2 max, circle above it at height tiny.
    EXPECT_TRUE(
        robust::segment_hits_disk(Segment<T>{{-big, 0}, {big, 0}}, Circle<T>{{0, tiny}, tiny}));
    EXPECT_FALSE(
        robust::segment_hits_disk(Segment<T>{{-big, 0}, {big, 0}}, Circle<T>{{0, 2 * tiny}, tiny}));
    EXPECT_FALSE(robust::segment_hits_disk(Segment<T>{{-big, tiny}, {big, tiny}},
                                           Circle<T>{{0, 3 * tiny}, tiny}));
    // Distance from (max, -max) to the line y = x is sqrt(2) max > max; from (max, 0) it is max /
    // sqrt(2).
    EXPECT_FALSE(robust::segment_hits_disk(Segment<T>{{-big, -big}, {big, big}},
                                           Circle<T>{{big, -big}, big}));
    EXPECT_TRUE(
        robust::segment_hits_disk(Segment<T>{{-big, -big}, {big, big}}, Circle<T>{{big, 0}, big}));
}

// ----- segment_meets_circle --------------------------------------------------------

TYPED_TEST(SegmentMeetsCircle, CircumferenceOnly) {
    using T = TypeParam;
    for (int k : scale_exponents<T>()) {
        SCOPED_TRACE(k);
        const Circle<T> c = circle<T>(0, 0, 5, k);
        EXPECT_TRUE(robust::segment_meets_circle(segment<T>(7, 1, -1, 7, k), c));  // tangent
        EXPECT_FALSE(
            robust::segment_meets_circle(segment<T>(7, 1, -1, 7, k), Circle<T>{c.c, down(c.r)}));
        EXPECT_TRUE(
            robust::segment_meets_circle(segment<T>(7, 1, -1, 7, k), Circle<T>{c.c, up(c.r)}));
        EXPECT_FALSE(
            robust::segment_meets_circle(segment<T>(1, 1, -2, 2, k), c));         // strictly inside
        EXPECT_TRUE(robust::segment_meets_circle(segment<T>(1, 1, 3, 4, k), c));  // inside to on
        EXPECT_FALSE(robust::segment_meets_circle(
            Segment<T>{v2<T>(1, 1, k), {down(s2<T>(3, k)), s2<T>(4, k)}}, c));
        EXPECT_TRUE(robust::segment_meets_circle(segment<T>(-3, -4, 3, 4, k), c));  // a diameter
        EXPECT_TRUE(robust::segment_meets_circle(segment<T>(3, 4, 3, 4, k), c));    // point on it
        EXPECT_FALSE(robust::segment_meets_circle(segment<T>(0, 0, 0, 0, k), c));   // the centre
        EXPECT_TRUE(robust::segment_meets_circle(segment<T>(0, 0, 0, 0, k), circle<T>(0, 0, 0, k)));
    }
}

// ----- segment_circle_points --------------------------------------------------------------

TYPED_TEST(SegmentCirclePoints, OrderedFromA) {
    using T = TypeParam;
    for (int k : scale_exponents<T>()) {
        SCOPED_TRACE(k);
        const Circle<T> c = circle<T>(0, 0, 5, k);
        auto r = robust::segment_circle_points(segment<T>(-6, -8, 6, 8, k), c);
        ASSERT_EQ(r.count, 2);
        EXPECT_TRUE(same_point(r.points[0], v2<T>(-3, -4, k)));
        EXPECT_TRUE(same_point(r.points[1], v2<T>(3, 4, k)));
        auto q = robust::segment_circle_points(segment<T>(6, 8, -6, -8, k), c);
        ASSERT_EQ(q.count, 2);
        EXPECT_TRUE(same_point(q.points[0], v2<T>(3, 4, k)));
        EXPECT_TRUE(same_point(q.points[1], v2<T>(-3, -4, k)));
        // One end inside: one point.
        auto h = robust::segment_circle_points(segment<T>(0, 0, 6, 8, k), c);
        ASSERT_EQ(h.count, 1);
        EXPECT_TRUE(same_point(h.points[0], v2<T>(3, 4, k)));
    }
}

TYPED_TEST(SegmentCirclePoints, TangencyIsOneDoubleRoot) {
    using T = TypeParam;
    for (int k : scale_exponents<T>()) {
        SCOPED_TRACE(k);
        auto r = robust::segment_circle_points(segment<T>(7, 1, -1, 7, k), circle<T>(0, 0, 5, k));
        ASSERT_EQ(r.count, 1);
        EXPECT_TRUE(same_point(r.points[0], v2<T>(3, 4, k)));
        EXPECT_EQ(robust::segment_circle_points(segment<T>(7, 1, -1, 7, k),
                                                Circle<T>{v2<T>(0, 0, k), down(s2<T>(5, k))})
                      .count,
                  0);
        EXPECT_EQ(robust::segment_circle_points(segment<T>(7, 1, -1, 7, k),
                                                Circle<T>{v2<T>(0, 0, k), up(s2<T>(5, k))})
                      .count,
                  2);
    }
}

TYPED_TEST(SegmentCirclePoints, DegenerateInputs) {
    using T = TypeParam;
    auto p = robust::segment_circle_points(segment<T>(3, 4, 3, 4), circle<T>(0, 0, 5));
    ASSERT_EQ(p.count, 1);
    EXPECT_TRUE(same_point(p.points[0], v2<T>(3, 4)));
    EXPECT_EQ(robust::segment_circle_points(segment<T>(3, 3, 3, 3), circle<T>(0, 0, 5)).count, 0);
    // Zero radius: the centre, if on the segment.
    auto z = robust::segment_circle_points(segment<T>(-2, -4, 2, 4), circle<T>(1, 2, 0));
    ASSERT_EQ(z.count, 1);
    EXPECT_TRUE(same_point(z.points[0], v2<T>(1, 2)));
    EXPECT_EQ(robust::segment_circle_points(segment<T>(-2, -4, 2, 4), circle<T>(1, 3, 0)).count, 0);
    // Both ends strictly inside, and both outside on a miss.
    EXPECT_EQ(robust::segment_circle_points(segment<T>(1, 1, -1, 2), circle<T>(0, 0, 5)).count, 0);
    EXPECT_EQ(robust::segment_circle_points(segment<T>(10, 0, 10, 9), circle<T>(0, 0, 5)).count, 0);
}

TYPED_TEST(SegmentCirclePoints, IrrationalPointsAreCorrectlyRounded) {
    using T = TypeParam;
    // y = 1/2 across the unit circle: x = -+sqrt(3)/2, correctly rounded by sqrt(T(3)) / 2.
    auto r = robust::segment_circle_points(segment<T>(-2, 0.5, 2, 0.5), circle<T>(0, 0, 1));
    ASSERT_EQ(r.count, 2);
    EXPECT_TRUE(same_point(r.points[0], Vec2<T>{-std::sqrt(T(3)) / 2, T(0.5)}));
    EXPECT_TRUE(same_point(r.points[1], Vec2<T>{std::sqrt(T(3)) / 2, T(0.5)}));
}

}  // namespace
