// Tutorial 000 (segment vs disk, float): worked behaviour and one verified
// counterexample per bug class. Each bug test asserts the port's wrong answer
// and the oracle's right one, so the suite documents the bug exactly.
#include <gtest/gtest.h>

#include <cmath>

#include "touchstone/oracle/oracle.hpp"
#include "touchstone/tutorial.hpp"

namespace ts = touchstone;
using ts::Circle;
using ts::Segment;

TEST(SegmentHitsDisk000, SecantThroughTheMiddleHits) {
    // (0,0)-(10,0) against centre (5,3), r 5: distance 3 < 5 and the foot
    // (5,0) lies inside the segment.
    const Segment<float> s{{0, 0}, {10, 0}};
    const Circle<float> c{{5, 3}, 5};
    EXPECT_TRUE(ts::tutorial::segment_hits_disk_000(s, c));
    EXPECT_TRUE(ts::oracle::segment_hits_disk(s, c));
}

TEST(SegmentHitsDisk000, FarDiskMisses) {
    const Segment<float> s{{0, 0}, {10, 0}};
    const Circle<float> c{{5, 30}, 5};
    EXPECT_FALSE(ts::tutorial::segment_hits_disk_000(s, c));
    EXPECT_FALSE(ts::oracle::segment_hits_disk(s, c));
}

TEST(SegmentHitsDisk000, BugExactTangencyIsMissed) {
    // Centre (4,4) is exactly r = 4 above the segment y = 0: a closed disk
    // touches it. The port computes |cross| = 4 exactly and tests 4 < 4.
    const Segment<float> s{{0, 0}, {8, 0}};
    const Circle<float> c{{4, 4}, 4};
    EXPECT_FALSE(ts::tutorial::segment_hits_disk_000(s, c));
    EXPECT_TRUE(ts::oracle::segment_hits_disk(s, c));
}

TEST(SegmentHitsDisk000, BugEndpointOnTheCircleIsMissed) {
    // The start (5,0) lies on the circle |p| = 5; the centre projects before
    // the segment, so the port falls to `length < r`, i.e. 5 < 5.
    const Segment<float> s{{5, 0}, {10, 0}};
    const Circle<float> c{{0, 0}, 5};
    EXPECT_FALSE(ts::tutorial::segment_hits_disk_000(s, c));
    EXPECT_TRUE(ts::oracle::segment_hits_disk(s, c));
}

TEST(SegmentHitsDisk000, BugZeroLengthSegmentInsideIsMissed) {
    // A zero-length segment is the point (1,1), well inside r = 5. The port
    // normalises (0,0) to NaN, and NaN < r is false.
    const Segment<float> s{{1, 1}, {1, 1}};
    const Circle<float> c{{0, 0}, 5};
    EXPECT_FALSE(ts::tutorial::segment_hits_disk_000(s, c));
    EXPECT_TRUE(ts::oracle::segment_hits_disk(s, c));
}

TEST(SegmentHitsDisk000, BugOverflowMakesAFarDiskHit) {
    // |start->end| = 2^70, whose square 2^140 overflows float (max < 2^128):
    // the length is Inf, the unit vector (0,0), the "distance" 0 < r, and the
    // dot products are +-Inf, whose product is <= 0. The centre is 2^66 away
    // from the segment with r = 2^61: the truth is a miss.
    const float L = std::ldexp(1.0f, 70);
    const Segment<float> s{{0, 0}, {L, 0}};
    const Circle<float> c{{std::ldexp(1.0f, 69), std::ldexp(1.0f, 66)}, std::ldexp(1.0f, 61)};
    EXPECT_TRUE(ts::tutorial::segment_hits_disk_000(s, c));
    EXPECT_FALSE(ts::oracle::segment_hits_disk(s, c));
}

TEST(SegmentHitsDisk000, DoubleInstantiationKeepsTheTangencyBug) {
    // Templated on T: the same strict comparison fails in double too.
    const Segment<double> s{{0, 0}, {8, 0}};
    const Circle<double> c{{4, 4}, 4};
    EXPECT_FALSE(ts::tutorial::segment_hits_disk_000<double>(s, c));
    EXPECT_TRUE(ts::oracle::segment_hits_disk(s, c));
}
