// touchstone/robust/segments.hpp: segments_intersect and
// segment_intersection on exact cases derived by reasoning, for float and
// double, at every scale of scale_exponents().
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "test_support.hpp"
#include "touchstone/robust.hpp"

namespace {

using namespace touchstone;
using namespace touchstone::robust_test;

template <class T>
class SegmentsIntersect : public ::testing::Test {};
template <class T>
class SegmentIntersection : public ::testing::Test {};
TYPED_TEST_SUITE(SegmentsIntersect, Precisions);
TYPED_TEST_SUITE(SegmentIntersection, Precisions);

TYPED_TEST(SegmentsIntersect, TouchingCountsAtEveryScale) {
    using T = TypeParam;
    for (int k : scale_exponents<T>()) {
        SCOPED_TRACE(k);
        const Segment<T> s = segment<T>(0, 0, 4, 4, k);
        EXPECT_TRUE(robust::segments_intersect(s, segment<T>(0, 4, 4, 0, k)));  // crossing
        EXPECT_TRUE(robust::segments_intersect(s, segment<T>(4, 4, 9, 1, k)));  // shared endpoint
        EXPECT_TRUE(robust::segments_intersect(s, segment<T>(2, 2, 2, 9, k)));  // T-junction
        EXPECT_FALSE(robust::segments_intersect(
            s, Segment<T>{{s2<T>(2, k), up(s2<T>(2, k))}, v2<T>(2, 9, k)}));
        EXPECT_TRUE(robust::segments_intersect(
            s, Segment<T>{{s2<T>(2, k), down(s2<T>(2, k))}, v2<T>(2, 9, k)}));
        EXPECT_FALSE(robust::segments_intersect(s, segment<T>(0, 1, 4, 5, k)));  // parallel
        EXPECT_FALSE(
            robust::segments_intersect(s, segment<T>(5, 5, 3, 9, k)));  // line hit beyond b
    }
}

TYPED_TEST(SegmentsIntersect, CollinearOverlapTouchAndGap) {
    using T = TypeParam;
    for (int k : scale_exponents<T>()) {
        SCOPED_TRACE(k);
        const Segment<T> s = segment<T>(-3, -6, 1, 2, k);                        // direction (1, 2)
        EXPECT_TRUE(robust::segments_intersect(s, segment<T>(0, 0, 3, 6, k)));   // overlap
        EXPECT_TRUE(robust::segments_intersect(s, segment<T>(1, 2, 3, 6, k)));   // touch
        EXPECT_FALSE(robust::segments_intersect(s, segment<T>(2, 4, 3, 6, k)));  // gap
        EXPECT_TRUE(robust::segments_intersect(s, segment<T>(-4, -8, 2, 4, k)));  // containment
        EXPECT_FALSE(robust::segments_intersect(
            s, Segment<T>{{up(s2<T>(1, k)), s2<T>(2, k)}, v2<T>(3, 6, k)}));
    }
}

TYPED_TEST(SegmentsIntersect, ZeroLengthSegments) {
    using T = TypeParam;
    for (int k : scale_exponents<T>()) {
        SCOPED_TRACE(k);
        const Segment<T> s = segment<T>(-3, -6, 1, 2, k);
        EXPECT_TRUE(robust::segments_intersect(s, segment<T>(0, 0, 0, 0, k)));
        EXPECT_TRUE(robust::segments_intersect(segment<T>(1, 2, 1, 2, k), s));
        EXPECT_FALSE(
            robust::segments_intersect(s, segment<T>(2, 4, 2, 4, k)));  // on the line, outside
        EXPECT_FALSE(robust::segments_intersect(s, segment<T>(0, 1, 0, 1, k)));
        EXPECT_TRUE(
            robust::segments_intersect(segment<T>(5, 5, 5, 5, k), segment<T>(5, 5, 5, 5, k)));
        EXPECT_FALSE(
            robust::segments_intersect(segment<T>(5, 5, 5, 5, k), segment<T>(5, 6, 5, 6, k)));
    }
}

TYPED_TEST(SegmentsIntersect, ExtremeMagnitudes) {
    using T = TypeParam;
    const T big = std::numeric_limits<T>::max(), tiny = std::numeric_limits<T>::denorm_min();
    EXPECT_TRUE(robust::segments_intersect(Segment<T>{{-big, -big}, {big, big}},
                                           Segment<T>{{-big, big}, {big, -big}}));
    EXPECT_TRUE(robust::segments_intersect(Segment<T>{{-big, 0}, {big, 0}},
                                           Segment<T>{{0, 0}, {tiny, big}}));
    EXPECT_FALSE(robust::segments_intersect(Segment<T>{{-big, 0}, {big, 0}},
                                            Segment<T>{{0, tiny}, {tiny, big}}));
    EXPECT_TRUE(robust::segments_intersect(Segment<T>{{-big, -tiny}, {big, tiny}},
                                           Segment<T>{{0, 0}, {0, 0}}));
    EXPECT_FALSE(robust::segments_intersect(Segment<T>{{-big, -tiny}, {big, tiny}},
                                            Segment<T>{{tiny, 0}, {tiny, 0}}));
}

// ----- segment_intersection ----------------------------------------------------------

TYPED_TEST(SegmentIntersection, KindsAndExactPoints) {
    using T = TypeParam;
    for (int k : scale_exponents<T>()) {
        SCOPED_TRACE(k);
        const Segment<T> s = segment<T>(0, 0, 4, 4, k);
        auto x = robust::segment_intersection(s, segment<T>(0, 4, 4, 0, k));
        ASSERT_EQ(x.kind, SegmentKind::point);
        EXPECT_TRUE(same_point(x.points[0], v2<T>(2, 2, k)));
        auto t = robust::segment_intersection(s, segment<T>(1, 1, 1, 9, k));  // T-junction
        ASSERT_EQ(t.kind, SegmentKind::point);
        EXPECT_TRUE(same_point(t.points[0], v2<T>(1, 1, k)));
        EXPECT_EQ(robust::segment_intersection(s, segment<T>(0, 1, 4, 5, k)).kind,
                  SegmentKind::none);
        auto o = robust::segment_intersection(segment<T>(6, 6, 2, 2, k), segment<T>(0, 0, 4, 4, k));
        ASSERT_EQ(o.kind, SegmentKind::overlap);
        EXPECT_TRUE(same_point(o.points[0], v2<T>(2, 2, k)));  // lexicographic order
        EXPECT_TRUE(same_point(o.points[1], v2<T>(4, 4, k)));
        auto vtx = robust::segment_intersection(segment<T>(0, 5, 0, 0, k),
                                                segment<T>(0, 8, 0, 3, k));  // vertical
        ASSERT_EQ(vtx.kind, SegmentKind::overlap);
        EXPECT_TRUE(same_point(vtx.points[0], v2<T>(0, 3, k)));
        EXPECT_TRUE(same_point(vtx.points[1], v2<T>(0, 5, k)));
        auto touch = robust::segment_intersection(s, segment<T>(6, 6, 4, 4, k));  // collinear touch
        ASSERT_EQ(touch.kind, SegmentKind::point);
        EXPECT_TRUE(same_point(touch.points[0], v2<T>(4, 4, k)));
        EXPECT_EQ(robust::segment_intersection(s, segment<T>(5, 5, 6, 6, k)).kind,
                  SegmentKind::none);
        auto z = robust::segment_intersection(segment<T>(3, 3, 3, 3, k), s);  // zero length
        ASSERT_EQ(z.kind, SegmentKind::point);
        EXPECT_TRUE(same_point(z.points[0], v2<T>(3, 3, k)));
    }
}

TYPED_TEST(SegmentIntersection, CrossingIsCorrectlyRounded) {
    using T = TypeParam;
    // y = x meets x + 2y = 1 at (1/3, 1/3); T(1) / T(3) is correctly rounded.
    auto r = robust::segment_intersection(segment<T>(0, 0, 1, 1), segment<T>(1, 0, 0, 0.5));
    ASSERT_EQ(r.kind, SegmentKind::point);
    EXPECT_TRUE(same_point(r.points[0], Vec2<T>{T(1) / T(3), T(1) / T(3)}));
    // Scaled by 2^e, e = (smallest subnormal exponent) + 2, the point is
    // (4/3, 4/3) units of the smallest subnormal: it rounds to 1 unit.
    const int e = std::numeric_limits<T>::min_exponent - std::numeric_limits<T>::digits + 2;
    auto d = robust::segment_intersection(segment<T>(0, 0, 1, 1, e), segment<T>(1, 0, 0, 0.5, e));
    ASSERT_EQ(d.kind, SegmentKind::point);
    const T one_ulp = std::numeric_limits<T>::denorm_min();
    EXPECT_TRUE(same_point(d.points[0], Vec2<T>{one_ulp, one_ulp}));
}

}  // namespace
