// Tutorial 002 (disk vs disk, float; sqrt and squared forms): the worked
// example and one verified counterexample per bug class.
#include <gtest/gtest.h>

#include <cmath>

#include "touchstone/oracle/oracle.hpp"
#include "touchstone/tutorial.hpp"

namespace ts = touchstone;
using ts::Circle;

TEST(DisksOverlap002, WorkedExampleOverlaps) {
    // The seed's own example: (20,40) r 5 against (25,30) r 8. Distance
    // sqrt(25 + 100) = 11.18 <= 13.
    const Circle<float> c1{{20, 40}, 5};
    const Circle<float> c2{{25, 30}, 8};
    EXPECT_TRUE(ts::tutorial::disks_overlap_002_sqrt(c1, c2));
    EXPECT_TRUE(ts::tutorial::disks_overlap_002_squared(c1, c2));
    EXPECT_TRUE(ts::oracle::disks_overlap(c1, c2));
}

TEST(DisksOverlap002, ExactIntegerTangencyHitsInBothForms) {
    // 3-4-5 with r1 + r2 = 5: every operation is exact, and `<=` is closed.
    const Circle<float> c1{{0, 0}, 2};
    const Circle<float> c2{{3, 4}, 3};
    EXPECT_TRUE(ts::tutorial::disks_overlap_002_sqrt(c1, c2));
    EXPECT_TRUE(ts::tutorial::disks_overlap_002_squared(c1, c2));
    EXPECT_TRUE(ts::oracle::disks_overlap(c1, c2));
}

TEST(DisksOverlap002, BugSquaredFormOverflowMakesFarDisksHit) {
    // Centres 2^66 apart, r1 + r2 = 1.5 * 2^64: a miss. a*a = 2^132 and
    // (r1+r2)^2 = 2.25 * 2^128 both overflow float (max < 2^128) to Inf,
    // and Inf <= Inf.
    const Circle<float> c1{{0, 0}, std::ldexp(1.0f, 64)};
    const Circle<float> c2{{std::ldexp(1.0f, 66), 0}, std::ldexp(1.0f, 63)};
    EXPECT_TRUE(ts::tutorial::disks_overlap_002_squared(c1, c2));
    EXPECT_FALSE(ts::oracle::disks_overlap(c1, c2));
}

TEST(DisksOverlap002, BugSqrtFormOverflowMakesFarDisksHit) {
    // The sqrt form squares first too: sqrt(Inf) = Inf, but r1 + r2 is
    // finite, so here it stays right... until the radii are large enough
    // that their sum is also Inf: r1 = r2 = 2^127 sum to 2^128 = Inf.
    const Circle<float> c1{{0, 0}, std::ldexp(1.0f, 127)};
    const Circle<float> c2{{std::numeric_limits<float>::max(), std::numeric_limits<float>::max()},
                           std::ldexp(1.0f, 127)};
    // Truth: distance = max * sqrt(2) ~ 2^128.5 > 2^128 = r1 + r2: a miss.
    EXPECT_TRUE(ts::tutorial::disks_overlap_002_sqrt(c1, c2));
    EXPECT_FALSE(ts::oracle::disks_overlap(c1, c2));
}

TEST(DisksOverlap002, BugUnderflowMakesSeparateTinyDisksHit) {
    // Centres 2^-78 apart, r1 + r2 = 2^-79: a miss. a*a = 2^-156 and
    // (2^-79)^2 = 2^-158 both underflow float to 0 (below 2^-149): 0 <= 0.
    const Circle<float> c1{{0, 0}, std::ldexp(1.0f, -80)};
    const Circle<float> c2{{std::ldexp(1.0f, -78), 0}, std::ldexp(1.0f, -80)};
    EXPECT_TRUE(ts::tutorial::disks_overlap_002_sqrt(c1, c2));
    EXPECT_TRUE(ts::tutorial::disks_overlap_002_squared(c1, c2));
    EXPECT_FALSE(ts::oracle::disks_overlap(c1, c2));
}
