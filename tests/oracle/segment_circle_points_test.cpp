// Tests of oracle::segment_circle_points (oracle/src/segment_circle_points.cpp).
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>

#include "exact_checks.hpp"
#include "expect_point.hpp"
#include "scales.hpp"
#include "touchstone/oracle/exact.hpp"
#include "touchstone/oracle/oracle.hpp"

namespace touchstone::oracle {
namespace {

using test::down;
using test::same_point;
using test::scale_exponents;
using test::scaled;
using test::up;

template <class T>
void segment_integer_points() {
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
                                        Circle<T>{{0, 0}, down(s(5))})
                      .count,
                  0);
        // From the centre outwards: one crossing at t = 1/2.
        r = segment_circle_points(Segment<T>{{0, 0}, {s(6), s(8)}}, c5);
        ASSERT_EQ(r.count, 1);
        EXPECT_TRUE(same_point(r.points[0], s(3), s(4)));
        // Strictly inside: none; ending exactly on it: t = 1.
        EXPECT_EQ(segment_circle_points(Segment<T>{{-s(1), 0}, {s(1), 0}}, c5).count, 0);
        r = segment_circle_points(Segment<T>{{0, 0}, {s(3), s(4)}}, c5);
        ASSERT_EQ(r.count, 1);
        EXPECT_TRUE(same_point(r.points[0], s(3), s(4)));
        EXPECT_EQ(
            segment_circle_points(Segment<T>{{0, 0}, {s(3), s(4)}}, Circle<T>{{0, 0}, up(s(5))})
                .count,
            0);
    }
}

TEST(SegmentCirclePoints, RepresentablePointsAreBitExactAtEveryScale) {
    segment_integer_points<float>();
    segment_integer_points<double>();
}

// y = 1/2 meets the unit circle at x = -+sqrt(3/4) = -+std::sqrt(0.75)
// (correctly rounded, 0.75 representable); the diagonal y = x meets it at
// sqrt(1/2) = std::sqrt(0.5).
template <class T>
void segment_sqrt_points() {
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
    segment_sqrt_points<float>();
    segment_sqrt_points<double>();
}

template <class T>
void degenerate() {
    // Zero-length: one point iff it lies on the circle.
    auto r = segment_circle_points(Segment<T>{{3, 4}, {3, 4}}, Circle<T>{{0, 0}, 5});
    ASSERT_EQ(r.count, 1);
    EXPECT_TRUE(same_point(r.points[0], T(3), T(4)));
    EXPECT_EQ(segment_circle_points(Segment<T>{{3, 4}, {3, 4}}, Circle<T>{{0, 0}, up(T(5))}).count,
              0);
    EXPECT_EQ(segment_circle_points(Segment<T>{{0, 0}, {0, 0}}, Circle<T>{{0, 0}, 5}).count, 0);
    // Zero radius: the centre, if the segment passes through it (double root).
    r = segment_circle_points(Segment<T>{{-1, 2}, {1, 2}}, Circle<T>{{0, 2}, 0});
    ASSERT_EQ(r.count, 1);
    EXPECT_TRUE(same_point(r.points[0], T(0), T(2)));
    r = segment_circle_points(Segment<T>{{0, 2}, {1, 2}}, Circle<T>{{0, 2}, T(-0.0)});
    ASSERT_EQ(r.count, 1);
    EXPECT_TRUE(same_point(r.points[0], T(0), T(2)));
    EXPECT_EQ(segment_circle_points(Segment<T>{{-1, 2}, {1, 2}}, Circle<T>{{0, up(T(2))}, 0}).count,
              0);
    EXPECT_EQ(segment_circle_points(Segment<T>{{up(T(0)), 2}, {1, 2}}, Circle<T>{{0, 2}, 0}).count,
              0);
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
    auto r = segment_circle_points(Segment<double>{{-7 * s, 4 * s}, {7 * s, 4 * s}},
                                   Circle<double>{{0, 0}, 5 * s});
    ASSERT_EQ(r.count, 2);
    EXPECT_TRUE(same_point(r.points[0], -3 * s, 4 * s));
    EXPECT_TRUE(same_point(r.points[1], 3 * s, 4 * s));
    // Unit-circle geometry scaled by 2^-1070: x = -+sqrt(0.75) 2^-1070 =
    // sqrt(192) 2^-1074 (see circle_intersections_test): 14 * 2^-1074.
    const double u = std::ldexp(1.0, -1070);
    r = segment_circle_points(Segment<double>{{-2 * u, u / 2}, {2 * u, u / 2}},
                              Circle<double>{{0, 0}, u});
    ASSERT_EQ(r.count, 2);
    EXPECT_TRUE(same_point(r.points[0], -std::ldexp(14.0, -1074), u / 2));
    EXPECT_TRUE(same_point(r.points[1], std::ldexp(14.0, -1074), u / 2));
}

// Every exact point lies on the circle and on the segment (P = a + t v with
// 0 <= t <= 1), in strictly increasing t; the count agrees with
// segment_meets_circle.
TEST(SegmentCirclePoints, ExactPointsLieOnCircleAndSegment) {
    std::mt19937_64 rng(12);
    int counts[3] = {};
    for (int i = 0; i < 1500; ++i) {
        double v[7];
        const int e = i % 2 ? int(rng() % 2001) - 1000 : 0;
        for (double& x : v) x = std::ldexp(double(int(rng() % 13) - 6), e);
        v[6] = std::fabs(v[6]);
        const Segment<double> s{{v[0], v[1]}, {v[2], v[3]}};
        const Circle<double> c{{v[4], v[5]}, v[6]};
        const auto ex = segment_circle_points_exact(s, c);
        ++counts[ex.count];
        EXPECT_EQ(ex.count > 0, segment_meets_circle(s, c)) << i;
        for (int k = 0; k < ex.count; ++k) {
            const Surd& t = ex.t[k];
            EXPECT_EQ(test::on_circle_sign(ex.points[k], v[4], v[5], v[6]), 0) << i;
            EXPECT_GE(compare(t, Surd{Rational(0)}), 0) << i;
            EXPECT_LE(compare(t, Surd{Rational(1)}), 0) << i;
            const Rational ax = to_rational(v[0]), ay = to_rational(v[1]);
            const Rational vx = to_rational(v[2]) - ax, vy = to_rational(v[3]) - ay;
            const Surd x = test::add(test::rational(ax), test::mul(test::rational(vx), t));
            const Surd y = test::add(test::rational(ay), test::mul(test::rational(vy), t));
            EXPECT_EQ(compare(x, ex.points[k].x), 0) << i;
            EXPECT_EQ(compare(y, ex.points[k].y), 0) << i;
        }
        if (ex.count == 2) {
            EXPECT_EQ(compare(ex.t[0], ex.t[1]), -1) << i;
        }
        if (HasFailure()) return;
    }
    for (int k = 0; k < 3; ++k) EXPECT_GT(counts[k], 0) << "count " << k << " never generated";
}

}  // namespace
}  // namespace touchstone::oracle
