// Tutorial 003 (ActionScript, double): point in disk, segment vs disk and
// segment vs circumference; one verified counterexample per bug class.
#include <gtest/gtest.h>

#include <cmath>

#include "touchstone/oracle/oracle.hpp"
#include "touchstone/tutorial.hpp"

namespace ts = touchstone;
using ts::Circle;
using ts::Segment;
using ts::Vec2;

TEST(PointInDisk003, BoundaryPointCountsAsInside) {
    // 3-4-5: the point (3,4) is on the circle of radius 5; `<=` is closed.
    EXPECT_TRUE(ts::tutorial::point_in_disk_003(Vec2<double>{3, 4}, Circle<double>{{0, 0}, 5}));
    EXPECT_TRUE(ts::oracle::point_in_disk(Vec2<double>{3, 4}, Circle<double>{{0, 0}, 5}));
}

TEST(PointInDisk003, BugOverflowPutsAFarPointInside) {
    // p = 2^602 away, r = 2^601: outside. Both squares overflow to Inf.
    const Vec2<double> p{std::ldexp(1.0, 602), 0};
    const Circle<double> c{{0, 0}, std::ldexp(1.0, 601)};
    EXPECT_TRUE(ts::tutorial::point_in_disk_003(p, c));
    EXPECT_FALSE(ts::oracle::point_in_disk(p, c));
}

TEST(PointInDisk003, BugUnderflowPutsAFarPointInside) {
    // p = 2^-600 away, r = 2^-601: outside. Both squares underflow to 0.
    const Vec2<double> p{std::ldexp(1.0, -600), 0};
    const Circle<double> c{{0, 0}, std::ldexp(1.0, -601)};
    EXPECT_TRUE(ts::tutorial::point_in_disk_003(p, c));
    EXPECT_FALSE(ts::oracle::point_in_disk(p, c));
}

TEST(SegmentHitsDisk003, SecantHits) {
    const Segment<double> s{{0, 0}, {10, 0}};
    const Circle<double> c{{5, 3}, 5};
    EXPECT_TRUE(ts::tutorial::segment_hits_disk_003(s, c));
    EXPECT_TRUE(ts::oracle::segment_hits_disk(s, c));
}

TEST(SegmentHitsDisk003, BugExactTangencyIsMissed) {
    // V = (8,0), C = (4,4): n1 = 32, n2 = 64, C.C - (n1/n2)*n1 = 32 - 16 = 16,
    // all exact; 16 < 4^2 is false, but the closed disk touches the segment.
    const Segment<double> s{{0, 0}, {8, 0}};
    const Circle<double> c{{4, 4}, 4};
    EXPECT_FALSE(ts::tutorial::segment_hits_disk_003(s, c));
    EXPECT_TRUE(ts::oracle::segment_hits_disk(s, c));
}

TEST(SegmentHitsDisk003, BugEndpointOnTheCircleIsMissed) {
    // n1 = (5,0).(-5,0) = -25 < 0, so the port tests |pt1 - centre| = 5 < 5.
    const Segment<double> s{{5, 0}, {10, 0}};
    const Circle<double> c{{0, 0}, 5};
    EXPECT_FALSE(ts::tutorial::segment_hits_disk_003(s, c));
    EXPECT_TRUE(ts::oracle::segment_hits_disk(s, c));
}

TEST(SegmentHitsDisk003, BugZeroLengthSegmentIsMissed) {
    // V = 0: n1 = n2 = 0, and C.C - (0/0)*0 = NaN; NaN < r^2 is false.
    const Segment<double> s{{1, 1}, {1, 1}};
    const Circle<double> c{{0, 0}, 5};
    EXPECT_FALSE(ts::tutorial::segment_hits_disk_003(s, c));
    EXPECT_TRUE(ts::oracle::segment_hits_disk(s, c));
}

TEST(SegmentHitsDisk003, BugCancellationMakesAFarDiskHit) {
    // The segment runs along y = 0 for 2^60; the centre (2^59, 1) is 1 above
    // it and r = 1/2: a miss. C.C = 2^118 + 1 rounds to 2^118, and
    // (n1/n2)*n1 = (2^119/2^120)*2^119 = 2^118, so the "squared distance" is 0.
    const Segment<double> s{{0, 0}, {std::ldexp(1.0, 60), 0}};
    const Circle<double> c{{std::ldexp(1.0, 59), 1}, 0.5};
    EXPECT_TRUE(ts::tutorial::segment_hits_disk_003(s, c));
    EXPECT_FALSE(ts::oracle::segment_hits_disk(s, c));
}

TEST(SegmentMeetsCircle003, ChordFromInsideToOutsideMeets) {
    const Segment<double> s{{0, 0}, {10, 0}};
    const Circle<double> c{{0, 0}, 5};
    EXPECT_TRUE(ts::tutorial::segment_meets_circle_003(s, c));
    EXPECT_TRUE(ts::oracle::segment_meets_circle(s, c));
}

TEST(SegmentMeetsCircle003, SegmentStrictlyInsideDoesNotMeet) {
    const Segment<double> s{{-1, 0}, {1, 0}};
    const Circle<double> c{{0, 0}, 5};
    EXPECT_FALSE(ts::tutorial::segment_meets_circle_003(s, c));
    EXPECT_FALSE(ts::oracle::segment_meets_circle(s, c));
}

TEST(SegmentMeetsCircle003, BugEndpointOnTheCircleIsSkipped) {
    // (0,0) is inside and (5,0) is on the circle r = 5: the closed point test
    // calls both "inside", so the note's rule skips the segment, yet it meets
    // the circumference at (5,0).
    const Segment<double> s{{0, 0}, {5, 0}};
    const Circle<double> c{{0, 0}, 5};
    EXPECT_FALSE(ts::tutorial::segment_meets_circle_003(s, c));
    EXPECT_TRUE(ts::oracle::segment_meets_circle(s, c));
}

TEST(SegmentMeetsCircle003, BugTangentSegmentIsMissed) {
    // Tangent at (4,0) from outside: the segment-vs-disk test is strict.
    const Segment<double> s{{0, 4}, {8, 4}};
    const Circle<double> c{{4, 0}, 4};
    EXPECT_FALSE(ts::tutorial::segment_meets_circle_003(s, c));
    EXPECT_TRUE(ts::oracle::segment_meets_circle(s, c));
}
