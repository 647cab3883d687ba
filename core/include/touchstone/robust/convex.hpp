// touchstone::robust — convex polygons (issue 12): polygons_overlap,
// polygon_hits_disk.
//
// Exact for every finite float and double input. A convex polygon is closed
// (its boundary belongs to it) and valid when it is strictly convex and
// counter-clockwise (touchstone::convex_fault, docs/primitives.md).
//
//   * polygons_overlap(P, Q): the separating-axis theorem, decided with
//     orientations only. Two closed convex polygons are disjoint iff a line
//     separates them strictly, and one parallel to an edge of P or of Q
//     does; the edge ab of a counter-clockwise polygon separates when every
//     vertex q of the other lies strictly right of it, orient2d(a, b, q) < 0.
//     So: overlap (touching included) iff no edge of either polygon has the
//     other polygon's vertices all strictly on its outer side. No normal, no
//     projection, no rounding: each orientation is the double filter of
//     detail/filter.hpp (float inputs widen exactly) and, when it declines,
//     exact::orientation. The first vertex on or inside an edge's line
//     rejects that edge as an axis.
//   * polygon_hits_disk(P, c, r): c lies in the closed P (every edge's
//     orientation with c >= 0), or an edge with c strictly outside its line
//     comes within r of c. When c is outside, the point of P nearest to c
//     lies on such an edge (on the edge's inside, c - x is along its outer
//     normal; at a vertex, c is strictly outside one of its two edges), so
//     the edges with c strictly outside decide: each is segment_hits_disk's
//     filter and, when it declines, exact::segment_hits_disk. An edge whose
//     line is certainly farther than r from c (the double filter of the
//     line test) is a separating axis: a miss at once.
//
// Invalid input (a vertex count outside [3, 16], NaN, +-inf, a negative
// radius, a polygon that is not strictly convex and counter-clockwise):
// false. Only a true answer pays for the check: a false answer is the
// invalid-input answer anyway, and no step above is undefined on invalid
// input (orientations of NaN or inf answer 0, the filters decline).
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>

#include "touchstone/geometry.hpp"
#include "touchstone/robust/detail/exact.hpp"
#include "touchstone/robust/detail/filter.hpp"
#include "touchstone/robust/detail/layers.hpp"
#include "touchstone/robust/detail/mutation.hpp"
#include "touchstone/robust/detail/segment_circle.hpp"
#include "touchstone/validate.hpp"

namespace touchstone::robust {
inline namespace TOUCHSTONE_ROBUST_ABI {
namespace impl {

/// The orientation of (a, b, c), exactly: the double filter, then the exact
/// stage; `layer` is raised to the highest layer used.
template <class T>
TOUCHSTONE_ROBUST_INLINE int convex_orient(double ax, double ay, double bx, double by, double cx,
                                           double cy, Layer& layer) {
    const Filtered<double> f =
        filter_orientation<double>(ax, ay, bx, by, cx, cy, detail::MayUnderflow<T>{});
    if (f.certain) return f.d > 0 ? 1 : -1;
    const double x[] = {ax, ay, bx, by, cx, cy};
    Layer l;
    const int s = exact::orientation(x, l);
    if (static_cast<int>(l) > static_cast<int>(layer)) layer = l;
    return s;
}

/// Whether the polygon (count in range) is certainly finite, strictly convex
/// and counter-clockwise, in one branch-free pass (issue 15): convex_fault's
/// tests with the turns certified by one shared bound. The turn at vertex k,
/// orient2d(v[k-1], v[k], v[k+1]), is exactly cross(e[k-1], e[k]) with the
/// edges e[i] = v[i+1] - v[i] ((v[k] - v[k-1]) x (v[k+1] - v[k-1]) and
/// v[k+1] - v[k-1] = e[k] + e[k-1]); each edge is one rounded difference of
/// inputs (float inputs widen exactly), so shared_orientation_bound of S,
/// the sum of their |e.x| + |e.y| (2n <= 32 terms), certifies every turn:
/// all turns > B means every turn is a left turn. A finite B (S < 2^500)
/// proves every vertex finite and every turn finite (see there), so no NaN
/// escapes the minimum. The winding test is convex_fault's: an edge is upper
/// when dy > 0, or dy = 0 and dx > 0, on the rounded differences, whose
/// signs are exact; exactly one lower-to-upper passage around the polygon.
/// False means "not certified": the caller runs convex_fault.
template <class T>
TOUCHSTONE_ROBUST_INLINE bool convex_certified(const Polygon<T>& poly) {
    const int n = poly.n;
    const Vec2<T> last = poly.v[static_cast<std::size_t>(n - 1)];
    Vec2<T> a = poly.v[0];
    double ex = double(a.x) - double(last.x), ey = double(a.y) - double(last.y);
    // sx, sy: the sums of |e.x| and |e.y| (kept apart: two short chains).
    double sx = std::fabs(ex), sy = std::fabs(ey), low = std::numeric_limits<double>::infinity();
    // Upper: dy > 0, or dy = 0 and dx > 0; written (dy >= 0) & (dx > 0) for
    // the second term, the same for finite values (dy > 0 is upper anyway),
    // and NaN never reaches a certified answer.
    bool up = (ey > 0) | ((ey >= 0) & (ex > 0));
    int wraps = 0;
    for (int i = 0; i < n; ++i) {
        const Vec2<T> b = poly.v[static_cast<std::size_t>(i + 1 == n ? 0 : i + 1)];
        const double fx = double(b.x) - double(a.x), fy = double(b.y) - double(a.y);
        sx += std::fabs(fx);
        sy += std::fabs(fy);
        low = std::min(low, ex * fy - ey * fx);
        const bool fup = (fy > 0) | ((fy >= 0) & (fx > 0));
        wraps += int(!up & fup);
        ex = fx;
        ey = fy;
        up = fup;
        a = b;
    }
    const double bound = shared_orientation_bound(sx + sy, detail::MayUnderflow<T>{});
    return (low > bound) & TOUCHSTONE_MUTANT(cv_fast_wraps_unchecked, wraps == 1, wraps >= 1);
}

/// Whether the n vertices are finite and the polygon is strictly convex and
/// counter-clockwise (convex_fault of validate.hpp, with filtered orientations).
template <class T>
bool valid_convex(const Polygon<T>& poly, Layer& layer) {
    if (!poly.count_in_range()) return false;
    if (convex_certified(poly)) return true;
    constexpr T top = std::numeric_limits<T>::max();
    double v[2 * max_polygon_vertices];
    bool finite = true;
    for (int i = 0; i < poly.n; ++i) {
        const Vec2<T>& q = poly.v[static_cast<std::size_t>(i)];
        finite &= std::fabs(q.x) <= top;
        finite &= std::fabs(q.y) <= top;
        v[2 * i] = q.x;
        v[2 * i + 1] = q.y;
    }
    if (!finite) return false;
    const ConvexFault fault = convex_fault(
        v, poly.n, [&layer](double ax, double ay, double bx, double by, double cx, double cy) {
            return convex_orient<T>(ax, ay, bx, by, cx, cy, layer);
        });
    return TOUCHSTONE_MUTANT(cv_convexity_unchecked, fault.vertex < 0, true);
}

/// Whether some edge of P has every vertex of Q strictly on its outer side.
template <class T>
bool edge_separates(const Polygon<T>& P, const Polygon<T>& Q, Layer& layer) {
    const int n = P.n, m = Q.n;
    double qx[max_polygon_vertices], qy[max_polygon_vertices];
    for (int k = 0; k < m; ++k) {
        qx[k] = Q.v[static_cast<std::size_t>(k)].x;
        qy[k] = Q.v[static_cast<std::size_t>(k)].y;
    }
    double ax = P.v[static_cast<std::size_t>(n - 1)].x, ay = P.v[static_cast<std::size_t>(n - 1)].y;
    for (int i = 0; i < n; ++i) {
        const double bx = P.v[static_cast<std::size_t>(i)].x,
                     by = P.v[static_cast<std::size_t>(i)].y;
        bool all_out = true;
        for (int k = 0; k < m && all_out; ++k)
            all_out = convex_orient<T>(ax, ay, bx, by, qx[k], qy[k], layer) <
                      TOUCHSTONE_MUTANT(po_touching_separates, 0, 1);
        if (all_out) return true;
        ax = bx;
        ay = by;
    }
    return false;
}

template <class T>
bool polygons_overlap(const Polygon<T>& P, const Polygon<T>& Q) {
    constexpr Primitive prim = Primitive::polygons_overlap;
    if (!P.count_in_range() || !Q.count_in_range()) return false;
    Layer layer = Layer::filter;
    bool hit =
        !edge_separates(P, Q, layer) &&
        !TOUCHSTONE_MUTANT(po_second_polygon_axes_skipped, edge_separates(Q, P, layer), false);
    hit = hit && valid_convex(P, layer) && valid_convex(Q, layer);
    count<T>(prim, layer);
    return hit;
}

template <class T>
bool polygon_hits_disk(const Polygon<T>& P, Circle<T> c) {
    constexpr Primitive prim = Primitive::polygon_hits_disk;
    if (!P.count_in_range()) return false;
    const int n = P.n;
    const double cx = c.c.x, cy = c.c.y, r = c.r;
    Layer layer = Layer::filter;
    bool inside = true, hit = false;
    double ax = P.v[static_cast<std::size_t>(n - 1)].x, ay = P.v[static_cast<std::size_t>(n - 1)].y;
    for (int i = 0; i < n && !hit; ++i) {
        const double bx = P.v[static_cast<std::size_t>(i)].x,
                     by = P.v[static_cast<std::size_t>(i)].y;
        if (convex_orient<T>(ax, ay, bx, by, cx, cy, layer) < 0) {
            // c strictly outside this edge's line: the edge may hold the
            // point of P nearest to c. When the line itself is certainly
            // farther than r from c, the disk lies in the open outer
            // half-plane and P in the closed inner one: a miss, whatever
            // the other edges (a separating axis; false is also the
            // answer to an invalid polygon).
            inside = false;
            const double vx = bx - ax, vy = by - ay, wx = cx - ax, wy = cy - ay;
            const Filtered<double> line =
                filter_line_vs_circle(vx, vy, wx, wy, r * std::fabs(r), detail::MayUnderflow<T>{});
            if (TOUCHSTONE_MUTANT(pd_far_line_unchecked, line.certain & (line.d > 0), line.d > 0)) {
                count<T>(prim, layer);
                return false;
            }
            // The edge as segment_hits_disk decides it (filter_segment_disk,
            // the region-by-region filter, the exact stage).
            hit = segment_disk_decided<T>(ax, ay, bx, by, cx, cy, r, layer);
        }
        ax = bx;
        ay = by;
    }
    hit = TOUCHSTONE_MUTANT(pd_inside_ignored, hit || inside, hit);
    // A true answer: every field valid (r finite and >= 0; -0 is valid).
    hit = hit && r >= 0 && r <= std::numeric_limits<double>::max() && std::isfinite(cx) &&
          std::isfinite(cy) && valid_convex(P, layer);
    count<T>(prim, layer);
    return hit;
}

}  // namespace impl

/// Whether the closed convex polygons P and Q share a point (touching along
/// an edge or at a corner counts). Both must be strictly convex and
/// counter-clockwise (docs/primitives.md). Exact for every finite input.
/// Invalid input (n outside [3, 16], NaN, +-inf, not strictly convex or
/// clockwise): false.
inline bool polygons_overlap(const Polygon<float>& P, const Polygon<float>& Q) {
    return impl::polygons_overlap(P, Q);
}
inline bool polygons_overlap(const Polygon<double>& P, const Polygon<double>& Q) {
    return impl::polygons_overlap(P, Q);
}

/// Whether the closed convex polygon P and the closed disk c share a point:
/// c's centre in P, or an edge within r of it (a tangent disk counts).
/// Exact for every finite input. Invalid input (as polygons_overlap, or a
/// negative radius): false.
inline bool polygon_hits_disk(const Polygon<float>& P, Circle<float> c) {
    return impl::polygon_hits_disk(P, c);
}
inline bool polygon_hits_disk(const Polygon<double>& P, Circle<double> c) {
    return impl::polygon_hits_disk(P, c);
}

}  // namespace TOUCHSTONE_ROBUST_ABI
}  // namespace touchstone::robust
