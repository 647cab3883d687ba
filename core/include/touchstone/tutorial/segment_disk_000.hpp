// Tutorial 000, 「線分と円の当たり」 ("collision between a segment and a
// circle"): a C++ article with a Visual Studio 2019 / DirectX 9 sample, in
// float. It computes the line's distance from the centre as the cross
// product of start->centre with the normalised start->end; if that is < r,
// the segment hits when the centre projects inside it (product of two dot
// products <= 0) or when an endpoint is at distance < r.
// Bugs kept on purpose: the strict `< r` of the distance test misses exact
// tangency, and that of the endpoint test an endpoint exactly on the circle;
// a zero-length segment normalises to NaN and is always a miss; the squares
// in the lengths overflow for |v| > 1.8e19 in float (and underflow for tiny
// segments). The tutorial's Y axis points down; only |cross| is used, so
// the orientation does not matter. See docs/tutorials.md.
#pragma once

#include <cmath>

#include "touchstone/tutorial/detail.hpp"

namespace touchstone::tutorial {

/// Tutorial 000's hit test. Not the project's contract: open boundary, NaN on
/// zero-length segments. Same operations in the same order as the tutorial.
template <class T = float>
bool segment_hits_disk_000(Segment<T> line, Circle<T> circle) {
    // (1) the vectors: start->centre, end->centre, start->end.
    const Vec2<T> start_to_center{circle.c.x - line.a.x, circle.c.y - line.a.y};
    const Vec2<T> end_to_center{circle.c.x - line.b.x, circle.c.y - line.b.y};
    const Vec2<T> start_to_end{line.b.x - line.a.x, line.b.y - line.a.y};
    // (2) ConvertToNomalizeVector is not shown; plainest reading: v / |v|.
    const Vec2<T> normal_start_to_end = detail::normalize(start_to_end);
    const T distance_projection =
        start_to_center.x * normal_start_to_end.y - normal_start_to_end.x * start_to_center.y;
    // (3) distance of the line from the centre against the radius, strict.
    if (std::fabs(distance_projection) < circle.r) {
        // (4) the centre projects inside the segment when the dots differ in sign.
        const T dot01 = start_to_center.x * start_to_end.x + start_to_center.y * start_to_end.y;
        const T dot02 = end_to_center.x * start_to_end.x + end_to_center.y * start_to_end.y;
        if (dot01 * dot02 <= T(0)) {
            return true;
        }
        // (5) otherwise an endpoint must be strictly inside.
        // CalculationVectorLength is not shown; plainest reading: sqrt(x*x+y*y).
        if (detail::length(start_to_center) < circle.r ||
            detail::length(end_to_center) < circle.r) {
            return true;
        }
    }
    return false;
}

}  // namespace touchstone::tutorial
