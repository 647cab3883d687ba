// Tutorial 003, 「FLASH tips 円と線分の交差判定」 ("Flash tips: intersection of
// a circle and a segment"), a 2006 blog post in ActionScript (class
// Equation; `Number` is an IEEE double, so the default T is double):
// segment vs disk (checkCrclCls: branches on n1 = V.C < 0 and n1 > V.V, then
// C.C - (n1/n2)*n1 < r^2), point in disk (checkPntCrclCrs: dx^2 + dy^2 <=
// r^2), and the post's note on testing the circumference only (skip the
// segment when both endpoints are inside). See docs/tutorials.md.
// Bugs kept: strict `<` misses exact tangency and endpoints exactly on the
// circle; a zero-length segment gives n1 = n2 = 0 and (0/0)*0 = NaN, always
// a miss; pow(distance, 2) rounds twice; C.C - (n1/n2)*n1 cancels
// catastrophically when the segment passes near the centre at large
// offsets; squares overflow past 1.3e154 (double); the circumference test
// skips a segment with one endpoint inside and the other exactly on the
// circle.
#pragma once

#include <cmath>

#include "touchstone/tutorial/detail.hpp"

namespace touchstone::tutorial {

namespace detail {
/// Equation.dotProduct(vec1, vec2) = (vec1.x*vec2.x) + (vec1.y*vec2.y)
template <class T>
T dot_003(Vec2<T> v1, Vec2<T> v2) {
    return (v1.x * v2.x) + (v1.y * v2.y);
}
/// Equation.distance(pt1, pt2) = sqrt(pow(pt1.x-pt2.x, 2) + pow(pt1.y-pt2.y, 2))
template <class T>
T distance_003(Vec2<T> pt1, Vec2<T> pt2) {
    return std::sqrt(pow2(pt1.x - pt2.x) + pow2(pt1.y - pt2.y));
}
}  // namespace detail

/// Equation.checkPntCrclCrs(pt, crcl): closed, dx^2 + dy^2 <= r^2 in T.
template <class T = double>
bool point_in_disk_003(Vec2<T> pt, Circle<T> crcl) {
    const T dis = detail::pow2(pt.x - crcl.c.x) + detail::pow2(pt.y - crcl.c.y);
    return dis <= detail::pow2(crcl.r);
}

/// Equation.checkCrclCls(crcl, line): the segment hits the disk (open: `<`).
template <class T = double>
bool segment_hits_disk_003(Segment<T> line, Circle<T> crcl) {
    // V: start -> end; C: start -> centre.
    const Vec2<T> V{line.b.x - line.a.x, line.b.y - line.a.y};
    const Vec2<T> C{crcl.c.x - line.a.x, crcl.c.y - line.a.y};
    const T n1 = detail::dot_003(V, C);
    if (n1 < T(0)) {
        return detail::distance_003(line.a, crcl.c) < crcl.r;
    }
    const T n2 = detail::dot_003(V, V);
    if (n1 > n2) {
        const T len = detail::pow2(detail::distance_003(line.b, crcl.c));
        return len < detail::pow2(crcl.r);
    }
    const T n3 = detail::dot_003(C, C);
    return n3 - (n1 / n2) * n1 < detail::pow2(crcl.r);
}

/// Segment vs circumference as the tutorial's note (sample 2) prescribes: skip
/// when both endpoints are inside the circle (tested with checkPntCrclCrs,
/// the tutorial's own point test, which is closed), else checkCrclCls.
/// Bug kept: an endpoint exactly on the circle with the other inside counts as
/// "both inside" and is skipped, although the segment meets the circle there.
template <class T = double>
bool segment_meets_circle_003(Segment<T> line, Circle<T> crcl) {
    if (point_in_disk_003(line.a, crcl) && point_in_disk_003(line.b, crcl)) {
        return false;
    }
    return segment_hits_disk_003(line, crcl);
}

}  // namespace touchstone::tutorial
