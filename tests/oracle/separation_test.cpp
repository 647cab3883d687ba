// Tests of within_band (oracle/src/separation.cpp): for each primitive, the
// exact separation from its decision boundary, worked out by hand for
// small cases, compared with bands just below and at it.
#include <gtest/gtest.h>

#include <array>
#include <initializer_list>

#include "touchstone/oracle/oracle.hpp"

namespace touchstone::oracle {
namespace {

/// Expects within_band(p, args, b) for each band b below `separation`
/// false and for each band at or above it true, in float and double.
void expect_separation(Primitive p, std::initializer_list<double> list, double separation) {
    SCOPED_TRACE(std::string(to_string(p)));
    std::array<double, max_fields> d{};
    std::array<float, max_fields> f{};
    std::size_t i = 0;
    for (double x : list) {
        d[i] = x;
        f[i] = static_cast<float>(x);
        ++i;
    }
    ASSERT_EQ(static_cast<int>(i), arity(p));
    for (double band :
         {separation * 0.5, separation - 0.125, separation, separation + 0.5, separation * 4}) {
        if (band < 0) continue;
        const bool want = band >= separation;
        EXPECT_EQ(within_band(p, d.data(), band), want) << "band " << band;
        EXPECT_EQ(within_band(p, f.data(), band), want) << "band " << band << " (float)";
    }
}

TEST(WithinBand, PointInDiskIsTheDistanceToTheCircle) {
    const Primitive p = Primitive::point_in_disk;
    expect_separation(p, {3, 4, 0, 0, 5}, 0);  // on the circle: |p - c| = 5 = r
    expect_separation(p, {3, 4, 0, 0, 4}, 1);  // outside by 1
    expect_separation(p, {3, 4, 0, 0, 6}, 1);  // inside by 1
    expect_separation(p, {0, 0, 0, 0, 5}, 5);  // at the centre: 5 from the circle
}

TEST(WithinBand, DisksOverlapIsTheGapBetweenTheDisks) {
    const Primitive p = Primitive::disks_overlap;
    expect_separation(p, {0, 0, 1, 5, 0, 1}, 3);  // d = 5, r1 + r2 = 2
    expect_separation(p, {0, 0, 2, 5, 0, 3}, 0);  // touching outside
    expect_separation(p, {0, 0, 3, 1, 0, 2}, 4);  // internal tangency is deep inside for the disks
    expect_separation(p, {0, 0, 1, 0, 0, 3}, 4);  // concentric: d = 0, r1 + r2 = 4
}

TEST(WithinBand, CircleIntersectionsIsTheNearerTangency) {
    const Primitive p = Primitive::circle_intersections;
    expect_separation(p, {0, 0, 1, 5, 0, 1}, 3);  // external tangency 3 away, internal 5
    expect_separation(p, {0, 0, 3, 1, 0, 2}, 0);  // internal tangency: d = |r1 - r2| = 1
    expect_separation(p, {0, 0, 1, 0, 0, 3}, 2);  // concentric: d = 0, |r1 - r2| = 2
}

TEST(WithinBand, SegmentAgainstACircle) {
    // A chord 3 from the centre of a circle of radius 3: tangent.
    expect_separation(Primitive::segment_hits_disk, {-2, 3, 2, 3, 0, 0, 3}, 0);
    expect_separation(Primitive::segment_hits_disk, {-2, 3, 2, 3, 0, 0, 1}, 2);
    // A short segment at the centre of a circle of radius 5: 5 from hitting
    // the disk's boundary by its nearest point, 4 from the circumference by
    // its far end (|b - c| = 1).
    expect_separation(Primitive::segment_hits_disk, {0, 0, 1, 0, 0, 0, 5}, 5);
    expect_separation(Primitive::segment_meets_circle, {0, 0, 1, 0, 0, 0, 5}, 4);
    expect_separation(Primitive::segment_circle_points, {0, 0, 1, 0, 0, 0, 5}, 4);
    expect_separation(Primitive::segment_meets_circle, {-2, 3, 2, 3, 0, 0, 1}, 2);
}

TEST(WithinBand, SegmentsAreTheNearestEndpointToTheOtherSegment) {
    for (Primitive p : {Primitive::segments_intersect, Primitive::segment_intersection}) {
        expect_separation(p, {0, 0, 4, 0, 2, 1, 2, 3}, 1);  // above the middle, 1 away
        expect_separation(p, {0, 0, 4, 0, 1, -1, 1, 3},
                          1);  // a proper crossing: 1 for an endpoint to reach
        expect_separation(p, {0, 0, 4, 0, 2, 0, 2, 3}, 0);  // T-junction
        expect_separation(p, {0, 0, 4, 0, 5, 0, 7, 0}, 1);  // collinear, 1 apart
    }
}

}  // namespace
}  // namespace touchstone::oracle
