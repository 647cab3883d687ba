// Tests of oracle::segment_circle_points (oracle/src/segment_circle_points.cpp).
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "expect_point.hpp"
#include "scales.hpp"
#include "touchstone/oracle/oracle.hpp"

namespace touchstone::oracle {
namespace {

using test::down;
using test::same_point;
using test::scale_exponents;
using test::scaled;
using test::up;

template <class T>
void integer_points() {
    for (int k : scale_exponents<T>()) {
        SCOPED_TRACE(testing::Message() << "k=" << k);
        auto s = [k](double m) { return scaled<T>(m, k); };
        const Circle<T> c5{{0, 0}, s(5)};
        // The chord y = 4 of the circle r = 5 runs from x = -3 to x = 3;
        // points come in increasing distance from a.
        auto r = segment_circle_points(Segment<T>{{-s(10), s(4)}, {s(10), s(4)}}, c5);
        ASSERT_EQ(r.count, 2);
        EXPECT_TRUE(same_point(r.points[0], -s(3), s(4)));
        EXPECT_TRUE(same_point(r.points[1], s(3), s(4)));
        r = segment_circle_points(Segment<T>{{s(10), s(4)}, {-s(10), s(4)}}, c5);
        ASSERT_EQ(r.count, 2);
        EXPECT_TRUE(same_point(r.points[0], s(3), s(4)));
        EXPECT_TRUE(same_point(r.points[1], -s(3), s(4)));
        // 5-12-13 chord y = 12 through r = 13: x = -+5.
        r = segment_circle_points(Segment<T>{{-s(16), s(12)}, {s(16), s(12)}},
                                  Circle<T>{{0, 0}, s(13)});
        ASSERT_EQ(r.count, 2);
        EXPECT_TRUE(same_point(r.points[0], -s(5), s(12)));
        EXPECT_TRUE(same_point(r.points[1], s(5), s(12)));
        // Tangent line y = 5: the double root counts once; one ulp lower
        // radius: no point.
        const Segment<T> tangent{{-s(10), s(5)}, {s(10), s(5)}};
        r = segment_circle_points(tangent, c5);
        ASSERT_EQ(r.count, 1);
        EXPECT_TRUE(same_point(r.points[0], T(0), s(5)));
        EXPECT_EQ(segment_circle_points(tangent, Circle<T>{{0, 0}, down(s(5))}).count, 0);
        // Tangent 3-4-5 segment (7,1)-(-1,7) touches at its midpoint (3,4).
        r = segment_circle_points(Segment<T>{{s(7), s(1)}, {-s(1), s(7)}}, c5);
        ASSERT_EQ(r.count, 1);
        EXPECT_TRUE(same_point(r.points[0], s(3), s(4)));
        // Endpoint on the circle, leaving it radially: only t = 0 (the other
        // root of the line is t = -2).
        r = segment_circle_points(Segment<T>{{s(3), s(4)}, {s(6), s(8)}}, c5);
        ASSERT_EQ(r.count, 1);
        EXPECT_TRUE(same_point(r.points[0], s(3), s(4)));
        EXPECT_EQ(segment_circle_points(Segment<T>{{s(3), s(4)}, {s(6), s(8)}},
                                        Circle<T>{{0, 0}, down(s(5))}).count, 0);
        // From the centre outwards: one crossing at t = 1/2.
        r = segment_circle_points(Segment<T>{{0, 0}, {s(6), s(8)}}, c5);
        ASSERT_EQ(r.count, 1);
        EXPECT_TRUE(same_point(r.points[0], s(3), s(4)));
        // Strictly inside: none; ending exactly on it: t = 1.
        EXPECT_EQ(segment_circle_points(Segment<T>{{-s(1), 0}, {s(1), 0}}, c5).count, 0);
        r = segment_circle_points(Segment<T>{{0, 0}, {s(3), s(4)}}, c5);
        ASSERT_EQ(r.count, 1);
        EXPECT_TRUE(same_point(r.points[0], s(3), s(4)));
        EXPECT_EQ(segment_circle_points(Segment<T>{{0, 0}, {s(3), s(4)}}, Circle<T>{{0, 0}, up(s(5))}).count, 0);
    }
}

TEST(SegmentCirclePoints, RepresentablePointsAreBitExactAtEveryScale) {
    integer_points<float>();
    integer_points<double>();
}

// y = 1/2 meets the unit circle at x = -+sqrt(3/4) = -+std::sqrt(0.75)
// (correctly rounded, 0.75 representable); the diagonal y = x meets it at
// sqrt(1/2) = std::sqrt(0.5).
template <class T>
void sqrt_points() {
    const T h = std::sqrt(T(0.75));
    auto r = segment_circle_points(Segment<T>{{-2, T(0.5)}, {2, T(0.5)}}, Circle<T>{{0, 0}, 1});
    ASSERT_EQ(r.count, 2);
    EXPECT_TRUE(same_point(r.points[0], -h, T(0.5)));
    EXPECT_TRUE(same_point(r.points[1], h, T(0.5)));
    const T g = std::sqrt(T(0.5));
    r = segment_circle_points(Segment<T>{{0, 0}, {1, 1}}, Circle<T>{{0, 0}, 1});
    ASSERT_EQ(r.count, 1);
    EXPECT_TRUE(same_point(r.points[0], g, g));
    r = segment_circle_points(Segment<T>{{1, 1}, {-1, -1}}, Circle<T>{{0, 0}, 1});
    ASSERT_EQ(r.count, 2);
    EXPECT_TRUE(same_point(r.points[0], g, g));
    EXPECT_TRUE(same_point(r.points[1], -g, -g));
}

TEST(SegmentCirclePoints, SqrtPointsAreCorrectlyRounded) {
    sqrt_points<float>();
    sqrt_points<double>();
}

template <class T>
void degenerate() {
    // Zero-length: one point iff it lies on the circle.
    auto r = segment_circle_points(Segment<T>{{3, 4}, {3, 4}}, Circle<T>{{0, 0}, 5});
    ASSERT_EQ(r.count, 1);
    EXPECT_TRUE(same_point(r.points[0], T(3), T(4)));
    EXPECT_EQ(segment_circle_points(Segment<T>{{3, 4}, {3, 4}}, Circle<T>{{0, 0}, up(T(5))}).count, 0);
    EXPECT_EQ(segment_circle_points(Segment<T>{{0, 0}, {0, 0}}, Circle<T>{{0, 0}, 5}).count, 0);
    // Zero radius: the centre, if the segment passes through it (double root).
    r = segment_circle_points(Segment<T>{{-1, 2}, {1, 2}}, Circle<T>{{0, 2}, 0});
    ASSERT_EQ(r.count, 1);
    EXPECT_TRUE(same_point(r.points[0], T(0), T(2)));
    r = segment_circle_points(Segment<T>{{0, 2}, {1, 2}}, Circle<T>{{0, 2}, T(-0.0)});
    ASSERT_EQ(r.count, 1);
    EXPECT_TRUE(same_point(r.points[0], T(0), T(2)));
    EXPECT_EQ(segment_circle_points(Segment<T>{{-1, 2}, {1, 2}}, Circle<T>{{0, up(T(2))}, 0}).count, 0);
    EXPECT_EQ(segment_circle_points(Segment<T>{{up(T(0)), 2}, {1, 2}}, Circle<T>{{0, 2}, 0}).count, 0);
    r = segment_circle_points(Segment<T>{{0, 0}, {0, 0}}, Circle<T>{{0, 0}, 0});
    ASSERT_EQ(r.count, 1);
    EXPECT_TRUE(same_point(r.points[0], T(0), T(0)));
}

TEST(SegmentCirclePoints, ZeroLengthAndZeroRadius) {
    degenerate<float>();
    degenerate<double>();
}

TEST(SegmentCirclePoints, HugeAndSubnormalMagnitudes) {
    // Chord y = 4s of r = 5s with s = 2^1019: the squares of the
    // coordinates overflow double, the points are (-+3s, 4s).
    const double s = std::ldexp(1.0, 1019);
    auto r = segment_circle_points(Segment<double>{{-7 * s, 4 * s}, {7 * s, 4 * s}}, Circle<double>{{0, 0}, 5 * s});
    ASSERT_EQ(r.count, 2);
    EXPECT_TRUE(same_point(r.points[0], -3 * s, 4 * s));
    EXPECT_TRUE(same_point(r.points[1], 3 * s, 4 * s));
    // Unit-circle geometry scaled by 2^-1070: x = -+sqrt(0.75) 2^-1070 =
    // sqrt(192) 2^-1074 (see circle_intersections_test): 14 * 2^-1074.
    const double u = std::ldexp(1.0, -1070);
    r = segment_circle_points(Segment<double>{{-2 * u, u / 2}, {2 * u, u / 2}}, Circle<double>{{0, 0}, u});
    ASSERT_EQ(r.count, 2);
    EXPECT_TRUE(same_point(r.points[0], -std::ldexp(14.0, -1074), u / 2));
    EXPECT_TRUE(same_point(r.points[1], std::ldexp(14.0, -1074), u / 2));
}

}  // namespace
}  // namespace touchstone::oracle
