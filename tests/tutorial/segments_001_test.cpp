// Tutorial 001 (segment crossing, float): worked behaviour and one verified
// counterexample per bug class (port's wrong answer and oracle's right one).
#include <gtest/gtest.h>

#include <cmath>

#include "touchstone/oracle/oracle.hpp"
#include "touchstone/tutorial.hpp"

namespace ts = touchstone;
using ts::Segment;

TEST(SegmentsIntersect001, ProperCrossingIsFound) {
    const Segment<float> s1{{0, 0}, {2, 2}};
    const Segment<float> s2{{0, 2}, {2, 0}};
    EXPECT_TRUE(ts::tutorial::segments_intersect_001(s1, s2));
    EXPECT_TRUE(ts::oracle::segments_intersect(s1, s2));
}

TEST(SegmentsIntersect001, ParallelSegmentsDoNotCross) {
    const Segment<float> s1{{0, 0}, {2, 0}};
    const Segment<float> s2{{0, 1}, {2, 1}};
    EXPECT_FALSE(ts::tutorial::segments_intersect_001(s1, s2));
    EXPECT_FALSE(ts::oracle::segments_intersect(s1, s2));
}

TEST(SegmentsIntersect001, BugSharedEndpointIsMissed) {
    // Both segments contain (1,1); c1*c2 = 0 and the test is strict.
    const Segment<float> s1{{0, 0}, {1, 1}};
    const Segment<float> s2{{1, 1}, {2, 0}};
    EXPECT_FALSE(ts::tutorial::segments_intersect_001(s1, s2));
    EXPECT_TRUE(ts::oracle::segments_intersect(s1, s2));
}

TEST(SegmentsIntersect001, BugTJunctionIsMissed) {
    // (1,0) is the start of s2 and an interior point of s1.
    const Segment<float> s1{{0, 0}, {2, 0}};
    const Segment<float> s2{{1, 0}, {1, 1}};
    EXPECT_FALSE(ts::tutorial::segments_intersect_001(s1, s2));
    EXPECT_TRUE(ts::oracle::segments_intersect(s1, s2));
}

TEST(SegmentsIntersect001, BugCollinearOverlapIsMissed) {
    // [1,2] x {0} is common to both; every cross product is 0.
    const Segment<float> s1{{0, 0}, {2, 0}};
    const Segment<float> s2{{1, 0}, {3, 0}};
    EXPECT_FALSE(ts::tutorial::segments_intersect_001(s1, s2));
    EXPECT_TRUE(ts::oracle::segments_intersect(s1, s2));
}

TEST(SegmentsIntersect001, BugZeroLengthSegmentOnTheOtherIsMissed) {
    const Segment<float> s1{{0, 0}, {2, 0}};
    const Segment<float> s2{{1, 0}, {1, 0}};
    EXPECT_FALSE(ts::tutorial::segments_intersect_001(s1, s2));
    EXPECT_TRUE(ts::oracle::segments_intersect(s1, s2));
}

TEST(SegmentsIntersect001, BugProductUnderflowMissesACrossing) {
    // The X of the first test scaled by 2^-60: each cross product is
    // +-2^-120 (a normal float), but c1*c2 = -2^-240 underflows to -0 and
    // -0 < 0 is false.
    const float e = std::ldexp(1.0f, -60);
    const Segment<float> s1{{0, 0}, {e, e}};
    const Segment<float> s2{{0, e}, {e, 0}};
    EXPECT_FALSE(ts::tutorial::segments_intersect_001(s1, s2));
    EXPECT_TRUE(ts::oracle::segments_intersect(s1, s2));
}

TEST(SegmentsIntersect001, BugCrossProductOverflowMissesACrossing) {
    // s1 = (0,0)-(4,2)*2^64, s2 = (2,3)-(2,0) * 2^64 cross at (2,1)*2^64.
    // c1 = 4*3*2^128 - 2*2*2^128: both terms overflow float to Inf, and
    // Inf - Inf = NaN, so the comparison is false.
    const float s = std::ldexp(1.0f, 64);
    const Segment<float> s1{{0, 0}, {4 * s, 2 * s}};
    const Segment<float> s2{{2 * s, 3 * s}, {2 * s, 0}};
    EXPECT_FALSE(ts::tutorial::segments_intersect_001(s1, s2));
    EXPECT_TRUE(ts::oracle::segments_intersect(s1, s2));
}
