// touchstone::oracle::detail — capsules and boxes, straight from the math
// (issue 12): capsules_overlap, capsule_hits_disk, boxes_overlap,
// segment_hits_box. Same conventions as formulas.hpp: inputs in case-file
// order as exact numbers N (scaled integers or rationals), no division, no
// square root, each formula homogeneous of the stated degree, with the bound
// of its largest intermediate for inputs |X| < 2^B (detail::fits checks
// D * (B + 2) bits).
#pragma once

#include <array>

#include "touchstone/oracle/detail/formulas.hpp"

namespace touchstone::oracle::detail {

/// Degree 4. Sign of dist(c, closed segment ab)^2 - R^2 with R = r1 + r2
/// (segment_distance_vs_radius with the radius sum; R < 2^(B+1), so
/// R^2 |b - a|^2 < 2^(4B+5) < 2^(4(B+2))).
template <class N>
int point_segment_vs_radius_sum(const N& ax, const N& ay, const N& bx, const N& by, const N& cx,
                                const N& cy, const N& r1, const N& r2) {
    return segment_distance_vs_radius(std::array<N, 7>{ax, ay, bx, by, cx, cy, N(r1 + r2)});
}

/// Degree 4. Closed capsules (segment a1b1, radius r1; a2b2, r2): the
/// distance between the closed segments is <= r1 + r2. Two segments that
/// share a point are at distance 0; otherwise the distance between them is
/// attained at an endpoint of one of them (Ericson, Real-Time Collision
/// Detection, 5.1.9: the closest points of non-intersecting segments lie
/// at a segment end), so it is the least of the four endpoint-to-segment
/// distances. Args: a1x a1y b1x b1y r1 a2x a2y b2x b2y r2.
template <class N>
bool capsules_overlap(const std::array<N, 10>& v) {
    const N &a1x = v[0], &a1y = v[1], &b1x = v[2], &b1y = v[3], &r1 = v[4];
    const N &a2x = v[5], &a2y = v[6], &b2x = v[7], &b2y = v[8], &r2 = v[9];
    if (segments_intersect(std::array<N, 8>{a1x, a1y, b1x, b1y, a2x, a2y, b2x, b2y})) return true;
    return point_segment_vs_radius_sum(a2x, a2y, b2x, b2y, a1x, a1y, r1, r2) <= 0 ||
           point_segment_vs_radius_sum(a2x, a2y, b2x, b2y, b1x, b1y, r1, r2) <= 0 ||
           point_segment_vs_radius_sum(a1x, a1y, b1x, b1y, a2x, a2y, r1, r2) <= 0 ||
           point_segment_vs_radius_sum(a1x, a1y, b1x, b1y, b2x, b2y, r1, r2) <= 0;
}

/// Degree 4. A closed capsule (segment ab, radius r1) and a closed disk
/// (centre c, radius r2): dist(c, ab) <= r1 + r2. Args: ax ay bx by r1 cx cy r2.
template <class N>
bool capsule_hits_disk(const std::array<N, 8>& v) {
    return point_segment_vs_radius_sum(v[0], v[1], v[2], v[3], v[5], v[6], v[4], v[7]) <= 0;
}

/// Degree 1 (comparisons). Closed boxes overlap iff their x ranges and their
/// y ranges overlap. Args: minx1 miny1 maxx1 maxy1 minx2 miny2 maxx2 maxy2.
template <class N>
bool boxes_overlap(const std::array<N, 8>& v) {
    return v[0] <= v[6] && v[4] <= v[2] && v[1] <= v[7] && v[5] <= v[3];
}

/// Degree 2. The closed segment ab and the closed box share a point iff no
/// separating axis exists among the box's two axes and the segment's normal
/// (the separating axis theorem for two convex polygons, closed: they are
/// disjoint iff some edge normal strictly separates their projections):
/// the segment's bounding box overlaps the box, and the four corners are
/// not all strictly on one side of the line ab (for a == b every corner is
/// on the "line", which then never separates). Args: ax ay bx by minx miny
/// maxx maxy. Bound: orient2d, < 2^(2B+3).
template <class N>
bool segment_hits_box(const std::array<N, 8>& v) {
    const N &ax = v[0], &ay = v[1], &bx = v[2], &by = v[3];
    const N &lx = v[4], &ly = v[5], &hx = v[6], &hy = v[7];
    const N& sx0 = ax < bx ? ax : bx;
    const N& sx1 = ax < bx ? bx : ax;
    const N& sy0 = ay < by ? ay : by;
    const N& sy1 = ay < by ? by : ay;
    if (sx1 < lx || hx < sx0 || sy1 < ly || hy < sy0) return false;
    const int s1 = orient2d(ax, ay, bx, by, lx, ly), s2 = orient2d(ax, ay, bx, by, hx, ly);
    const int s3 = orient2d(ax, ay, bx, by, hx, hy), s4 = orient2d(ax, ay, bx, by, lx, hy);
    const bool all_left = s1 > 0 && s2 > 0 && s3 > 0 && s4 > 0;
    const bool all_right = s1 < 0 && s2 < 0 && s3 < 0 && s4 < 0;
    return !all_left && !all_right;
}

}  // namespace touchstone::oracle::detail
