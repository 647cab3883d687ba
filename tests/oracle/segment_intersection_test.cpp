// Tests of oracle::segment_intersection (oracle/src/segment_intersection.cpp).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>

#include "expect_point.hpp"
#include "scales.hpp"
#include "touchstone/oracle/exact.hpp"
#include "touchstone/oracle/oracle.hpp"

namespace touchstone::oracle {
namespace {

using test::same_point;
using test::scale_exponents;
using test::scaled;
using test::up;

template <class T>
Segment<T> seg(double ax, double ay, double bx, double by) {
    return {{T(ax), T(ay)}, {T(bx), T(by)}};
}

template <class T>
void crossings_at_every_scale() {
    for (int k : scale_exponents<T>()) {
        SCOPED_TRACE(testing::Message() << "k=" << k);
        auto s = [k](double m) { return scaled<T>(m, k); };
        // The diagonals of the square [0,4s]^2 cross at (2s, 2s).
        auto r = segment_intersection(Segment<T>{{0, 0}, {s(4), s(4)}},
                                      Segment<T>{{0, s(4)}, {s(4), 0}});
        ASSERT_EQ(r.kind, SegmentKind::point);
        EXPECT_TRUE(same_point(r.points[0], s(2), s(2)));
        // T-junction at the midpoint (3s,4s) of (0,0)-(6s,8s).
        r = segment_intersection(Segment<T>{{0, 0}, {s(6), s(8)}},
                                 Segment<T>{{s(3), s(4)}, {s(7), s(1)}});
        ASSERT_EQ(r.kind, SegmentKind::point);
        EXPECT_TRUE(same_point(r.points[0], s(3), s(4)));
        // Collinear overlap along 3-4-5: (0,0)-(6s,8s) and (9s,12s)-(3s,4s)
        // share (3s,4s)-(6s,8s).
        r = segment_intersection(Segment<T>{{0, 0}, {s(6), s(8)}},
                                 Segment<T>{{s(9), s(12)}, {s(3), s(4)}});
        ASSERT_EQ(r.kind, SegmentKind::overlap);
        EXPECT_TRUE(same_point(r.points[0], s(3), s(4)));
        EXPECT_TRUE(same_point(r.points[1], s(6), s(8)));
    }
}

TEST(SegmentIntersection, RepresentablePointsAreBitExactAtEveryScale) {
    crossings_at_every_scale<float>();
    crossings_at_every_scale<double>();
}

TEST(SegmentIntersection, RationalCrossingIsCorrectlyRounded) {
    // y = x meets the line through (1,0) and (0,2) (2x + y = 2) at
    // x = y = 2/3; IEEE division is correctly rounded, so 2/3 in T is the
    // expected coordinate.
    const auto d = segment_intersection(seg<double>(0, 0, 1, 1), seg<double>(1, 0, 0, 2));
    ASSERT_EQ(d.kind, SegmentKind::point);
    EXPECT_TRUE(same_point(d.points[0], 2.0 / 3.0, 2.0 / 3.0));
    const auto f = segment_intersection(seg<float>(0, 0, 1, 1), seg<float>(1, 0, 0, 2));
    ASSERT_EQ(f.kind, SegmentKind::point);
    EXPECT_TRUE(same_point(f.points[0], 2.0f / 3.0f, 2.0f / 3.0f));
}

TEST(SegmentIntersection, SubnormalCrossingRoundsToTheQuantum) {
    // Same configuration scaled by s = 2^-1074: the crossing is (2/3) s,
    // nearer to s than to 0. Scaled by 2s: (4/3) s, nearer to s than to 2s.
    const double s = std::numeric_limits<double>::denorm_min();
    auto r =
        segment_intersection(Segment<double>{{0, 0}, {s, s}}, Segment<double>{{s, 0}, {0, 2 * s}});
    ASSERT_EQ(r.kind, SegmentKind::point);
    EXPECT_TRUE(same_point(r.points[0], s, s));
    r = segment_intersection(Segment<double>{{0, 0}, {2 * s, 2 * s}},
                             Segment<double>{{2 * s, 0}, {0, 4 * s}});
    ASSERT_EQ(r.kind, SegmentKind::point);
    EXPECT_TRUE(same_point(r.points[0], s, s));
    // Mirrored into the third quadrant: -s (not -0: |x| rounds to s).
    r = segment_intersection(Segment<double>{{0, 0}, {-s, -s}},
                             Segment<double>{{-s, 0}, {0, -2 * s}});
    ASSERT_EQ(r.kind, SegmentKind::point);
    EXPECT_TRUE(same_point(r.points[0], -s, -s));
}

template <class T>
void collinear() {
    auto r = segment_intersection(seg<T>(0, 0, 4, 0), seg<T>(6, 0, 2, 0));
    ASSERT_EQ(r.kind, SegmentKind::overlap);
    EXPECT_TRUE(same_point(r.points[0], T(2), T(0)));
    EXPECT_TRUE(same_point(r.points[1], T(4), T(0)));
    r = segment_intersection(seg<T>(0, 0, 10, 0), seg<T>(7, 0, 3, 0));  // contained
    ASSERT_EQ(r.kind, SegmentKind::overlap);
    EXPECT_TRUE(same_point(r.points[0], T(3), T(0)));
    EXPECT_TRUE(same_point(r.points[1], T(7), T(0)));
    r = segment_intersection(seg<T>(1, 9, 1, 0), seg<T>(1, 4, 1, 12));  // vertical: ordered by y
    ASSERT_EQ(r.kind, SegmentKind::overlap);
    EXPECT_TRUE(same_point(r.points[0], T(1), T(4)));
    EXPECT_TRUE(same_point(r.points[1], T(1), T(9)));
    r = segment_intersection(seg<T>(0, 4, 4, 0), seg<T>(6, -2, 3, 1));  // descending: by x
    ASSERT_EQ(r.kind, SegmentKind::overlap);
    EXPECT_TRUE(same_point(r.points[0], T(3), T(1)));
    EXPECT_TRUE(same_point(r.points[1], T(4), T(0)));
    r = segment_intersection(seg<T>(0, 0, 3, 4), seg<T>(3, 4, 0, 0));  // identical, reversed
    ASSERT_EQ(r.kind, SegmentKind::overlap);
    EXPECT_TRUE(same_point(r.points[0], T(0), T(0)));
    EXPECT_TRUE(same_point(r.points[1], T(3), T(4)));
    r = segment_intersection(seg<T>(0, 0, 2, 0), seg<T>(5, 0, 2, 0));  // touch
    ASSERT_EQ(r.kind, SegmentKind::point);
    EXPECT_TRUE(same_point(r.points[0], T(2), T(0)));
    EXPECT_EQ(segment_intersection(seg<T>(0, 0, 2, 0), seg<T>(up(T(2)), 0, 5, 0)).kind,
              SegmentKind::none);
    EXPECT_EQ(segment_intersection(seg<T>(0, 0, 3, 4), seg<T>(6, 8, 9, 12)).kind,
              SegmentKind::none);
    EXPECT_EQ(segment_intersection(seg<T>(0, 0, 4, 0), seg<T>(0, 1, 4, 1)).kind, SegmentKind::none);
}

TEST(SegmentIntersection, CollinearOverlapTouchAndDisjoint) {
    collinear<float>();
    collinear<double>();
}

template <class T>
void endpoints_and_points() {
    auto r = segment_intersection(seg<T>(0, 0, 1, 1), seg<T>(1, 1, 2, 0));  // shared endpoint
    ASSERT_EQ(r.kind, SegmentKind::point);
    EXPECT_TRUE(same_point(r.points[0], T(1), T(1)));
    r = segment_intersection(seg<T>(0, 0, 2, 0), seg<T>(1, 3, 1, 0));  // T-junction
    ASSERT_EQ(r.kind, SegmentKind::point);
    EXPECT_TRUE(same_point(r.points[0], T(1), T(0)));
    EXPECT_EQ(segment_intersection(seg<T>(0, 0, 2, 0), seg<T>(1, 3, 1, up(T(0)))).kind,
              SegmentKind::none);
    r = segment_intersection(seg<T>(1, 0, 1, 0), seg<T>(0, 0, 2, 0));  // point on a segment
    ASSERT_EQ(r.kind, SegmentKind::point);
    EXPECT_TRUE(same_point(r.points[0], T(1), T(0)));
    r = segment_intersection(seg<T>(0, 0, 2, 0), seg<T>(2, 0, 2, 0));  // point at an end
    ASSERT_EQ(r.kind, SegmentKind::point);
    EXPECT_TRUE(same_point(r.points[0], T(2), T(0)));
    EXPECT_EQ(segment_intersection(seg<T>(3, 0, 3, 0), seg<T>(0, 0, 2, 0)).kind, SegmentKind::none);
    EXPECT_EQ(segment_intersection(seg<T>(1, 1, 1, 1), seg<T>(0, 0, 2, 0)).kind, SegmentKind::none);
    r = segment_intersection(seg<T>(5, 6, 5, 6), seg<T>(5, 6, 5, 6));  // the same point
    ASSERT_EQ(r.kind, SegmentKind::point);
    EXPECT_TRUE(same_point(r.points[0], T(5), T(6)));
    EXPECT_EQ(segment_intersection(seg<T>(5, 6, 5, 6), seg<T>(5, up(T(6)), 5, up(T(6)))).kind,
              SegmentKind::none);
}

TEST(SegmentIntersection, SharedEndpointsTJunctionsAndPoints) {
    endpoints_and_points<float>();
    endpoints_and_points<double>();
}

TEST(SegmentIntersection, HugeCoordinates) {
    const double M = std::numeric_limits<double>::max();
    auto r =
        segment_intersection(Segment<double>{{-M, -M}, {M, M}}, Segment<double>{{-M, M}, {M, -M}});
    ASSERT_EQ(r.kind, SegmentKind::point);
    EXPECT_TRUE(same_point(r.points[0], 0.0, 0.0));
    const float F = std::numeric_limits<float>::max();
    const auto f =
        segment_intersection(Segment<float>{{-F, 0}, {F, 0}}, Segment<float>{{F, 0}, {0, 0}});
    ASSERT_EQ(f.kind, SegmentKind::overlap);
    EXPECT_TRUE(same_point(f.points[0], 0.0f, 0.0f));
    EXPECT_TRUE(same_point(f.points[1], F, 0.0f));
}

bool on_closed_segment(const Rational& px, const Rational& py, double ax, double ay, double bx,
                       double by) {
    const Rational qax = to_rational(ax), qay = to_rational(ay), qbx = to_rational(bx),
                   qby = to_rational(by);
    if ((qbx - qax) * (py - qay) - (qby - qay) * (px - qax) != 0) return false;
    return std::min(qax, qbx) <= px && px <= std::max(qax, qbx) && std::min(qay, qby) <= py &&
           py <= std::max(qay, qby);
}

// Every returned point lies on both closed segments; an overlap's ends are
// lexicographically ordered; the kind agrees with segments_intersect.
TEST(SegmentIntersection, PointsLieOnBothSegments) {
    std::mt19937_64 rng(13);
    int kinds[3] = {};
    for (int i = 0; i < 3000; ++i) {
        double v[8];
        const int e = i % 2 ? int(rng() % 2001) - 1000 : 0;
        for (double& x : v) x = std::ldexp(double(int(rng() % 7) - 3), e);
        const Segment<double> s1{{v[0], v[1]}, {v[2], v[3]}}, s2{{v[4], v[5]}, {v[6], v[7]}};
        const auto ex = segment_intersection_exact(s1, s2);
        ++kinds[int(ex.kind)];
        EXPECT_EQ(ex.kind != SegmentKind::none, segments_intersect(s1, s2)) << i;
        const int n = ex.kind == SegmentKind::none ? 0 : ex.kind == SegmentKind::point ? 1 : 2;
        for (int k = 0; k < n; ++k) {
            const ExactPoint& P = ex.points[k];
            ASSERT_TRUE(P.x.q == 0 && P.y.q == 0);
            EXPECT_TRUE(on_closed_segment(P.x.p, P.y.p, v[0], v[1], v[2], v[3])) << i;
            EXPECT_TRUE(on_closed_segment(P.x.p, P.y.p, v[4], v[5], v[6], v[7])) << i;
        }
        if (n == 2) {
            const ExactPoint &lo = ex.points[0], &hi = ex.points[1];
            EXPECT_TRUE(lo.x.p < hi.x.p || (lo.x.p == hi.x.p && lo.y.p < hi.y.p)) << i;
        }
        if (HasFailure()) return;
    }
    for (int k = 0; k < 3; ++k) EXPECT_GT(kinds[k], 0) << "kind " << k << " never generated";
}

}  // namespace
}  // namespace touchstone::oracle
