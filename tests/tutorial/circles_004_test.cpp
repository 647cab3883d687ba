// Tutorial 004 (circle-circle points, TypeScript double): behaviour and one
// verified counterexample per bug class.
#include <gtest/gtest.h>

#include <cmath>

#include "touchstone/oracle/oracle.hpp"
#include "touchstone/tutorial.hpp"

namespace ts = touchstone;
using ts::Circle;
using ts::CircleKind;

TEST(CircleIntersections004, ExternalIntegerTangencyGivesTheTangentPoint) {
    // 3-4-5: |C1C2| = 5 = r1 + r2 exactly, so `a === sumR` fires; the point
    // is C1 + 2 * (3/5, 4/5) = (6/5, 8/5).
    const Circle<double> c1{{0, 0}, 2};
    const Circle<double> c2{{3, 4}, 3};
    const auto port = ts::tutorial::circle_intersections_004(c1, c2);
    ASSERT_TRUE(port.hit);
    ASSERT_EQ(port.count, 1);
    const auto truth = ts::oracle::circle_intersections(c1, c2);
    ASSERT_EQ(truth.kind, CircleKind::one);
    // The oracle rounds 6/5 and 8/5 correctly; the port rounds 3/5 first and
    // multiplies by 2 (exact), so both give the same doubles.
    EXPECT_EQ(truth.points[0].x, 6.0 / 5.0);
    EXPECT_EQ(truth.points[0].y, 8.0 / 5.0);
    EXPECT_EQ(port.pos[0].x, truth.points[0].x);
    EXPECT_EQ(port.pos[0].y, truth.points[0].y);
}

TEST(CircleIntersections004, FarCirclesDoNotHit) {
    const Circle<double> c1{{0, 0}, 1};
    const Circle<double> c2{{10, 0}, 1};
    EXPECT_FALSE(ts::tutorial::circle_intersections_004(c1, c2).hit);
    EXPECT_EQ(ts::oracle::circle_intersections(c1, c2).kind, CircleKind::none);
}

TEST(CircleIntersections004, BugIdenticalCirclesGiveANaNPoint) {
    // a = 0 === |r1 - r2| = 0, so the port normalises the zero vector: NaN.
    const Circle<double> c{{1, 2}, 3};
    const auto port = ts::tutorial::circle_intersections_004(c, c);
    ASSERT_TRUE(port.hit);
    ASSERT_EQ(port.count, 1);
    EXPECT_TRUE(std::isnan(port.pos[0].x));
    EXPECT_EQ(ts::oracle::circle_intersections(c, c).kind, CircleKind::coincident);
}

TEST(CircleIntersections004, BugNearInternalTangencyGivesNaNPoints) {
    // Two circles that cross near an internal tangency. The port's
    // b^2 - rc^2 comes out negative by round-off and sqrt gives NaN, while
    // the oracle finds two finite points. (Found by the near-tangent family;
    // kept as hex so the case is bit-exact.)
    const Circle<double> c1{{-0x1.73bab9a2551b8p+1, 0x1.f9e4ae8249dc0p-2}, 0x1.f3421a1aaffadp+1};
    const Circle<double> c2{{-0x1.78006920659e4p+1, -0x1.636dd282b24edp+1}, 0x1.4248752c26589p-1};
    const auto port = ts::tutorial::circle_intersections_004(c1, c2);
    ASSERT_EQ(port.count, 2);
    EXPECT_TRUE(std::isnan(port.pos[0].x) || std::isnan(port.pos[0].y));
    const auto truth = ts::oracle::circle_intersections(c1, c2);
    ASSERT_EQ(truth.kind, CircleKind::two);
    EXPECT_TRUE(std::isfinite(truth.points[0].x) && std::isfinite(truth.points[0].y));
}

TEST(CircleIntersections004, BugMagnitudeOverflowLosesTheContact) {
    // Centres 2^600 apart with r1 = r2 = 2^600: they overlap (d < r1 + r2).
    // The magnitude sqrt(x*x + y*y) overflows to Inf and `sumR < a` reports
    // no hit.
    const double big = std::ldexp(1.0, 600);
    const Circle<double> c1{{0, 0}, big};
    const Circle<double> c2{{big, 0}, big};
    EXPECT_FALSE(ts::tutorial::circle_intersections_004(c1, c2).hit);
    EXPECT_EQ(ts::oracle::circle_intersections(c1, c2).kind, CircleKind::two);
}
