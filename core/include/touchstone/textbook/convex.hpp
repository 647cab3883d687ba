// Textbook convex-polygon tests, evaluated in the input's own floating type:
// polygons_overlap (the separating-axis test) and polygon_hits_disk (the
// closest point on the polygon). Written from the references named below,
// bugs kept (they are what the audit shows; docs/tutorials.md, textbook
// implementations).
#pragma once

#include <cstddef>

#include "touchstone/geometry.hpp"

namespace touchstone::textbook {

namespace detail_convex {
template <class T>
int vertex_count(const Polygon<T>& p) {
    return p.n >= 0 && p.n <= Polygon<T>::capacity ? p.n : 0;
}

/// Projects the polygon on the axis: [lo, hi] of dot(axis, v) over its vertices.
template <class T>
void project(const Polygon<T>& p, T ax, T ay, T& lo, T& hi) {
    const int n = vertex_count(p);
    lo = hi = n > 0 ? ax * p.v[0].x + ay * p.v[0].y : T(0);
    for (int i = 1; i < n; ++i) {
        const T d =
            ax * p.v[static_cast<std::size_t>(i)].x + ay * p.v[static_cast<std::size_t>(i)].y;
        if (d < lo) lo = d;
        if (d > hi) hi = d;
    }
}

/// Whether one of a's edge normals separates the projections of a and b.
template <class T>
bool separated_on_axes_of(const Polygon<T>& a, const Polygon<T>& b) {
    const int n = vertex_count(a);
    for (int i = 0; i < n; ++i) {
        const Vec2<T> p1 = a.v[static_cast<std::size_t>(i)];
        const Vec2<T> p2 = a.v[static_cast<std::size_t>(i + 1 == n ? 0 : i + 1)];
        // The edge's normal (perpendicular), not normalized.
        const T ax = -(p2.y - p1.y), ay = p2.x - p1.x;
        T min1, max1, min2, max2;
        project(a, ax, ay, min1, max1);
        project(b, ax, ay, min2, max2);
        if (max1 < min2 || max2 < min1) return true;  // a gap: a separating axis
    }
    return false;
}
}  // namespace detail_convex

/// The separating-axis test of two convex polygons, as the classic tutorials
/// present it. Source: W. Bittle, "SAT (Separating Axis Theorem)", dyn4j
/// blog (2010), the loop over "the axes to test" (each edge's perpendicular,
/// `edge.perp()`), "project both shapes onto the axis" (min and max of the
/// dot products) and "if (!p1.overlap(p2)) return false" with the
/// projections overlapping unless one's max is strictly below the other's
/// min (touching counts, as in its Projection.overlap). Also Ericson,
/// Real-Time Collision Detection, 5.2.1 (separating-axis test). In T:
/// the normal, each dot product and the comparisons rounded as written.
/// Bugs kept:
///   * the projections are rounded: two polygons touching at a corner or
///     along an edge, or a few ulps apart or into each other, may project
///     with a gap or without one (false miss, false hit);
///   * huge coordinates overflow the normal and the dot products to inf
///     (inf - inf = NaN, and every comparison with NaN is false: no axis
///     separates, a false hit), tiny ones underflow them to 0 (every
///     projection 0: no gap, a false hit).
/// Vertex counts outside [0, 16] are read as 0 vertices.
template <class T>
bool polygons_overlap(const Polygon<T>& a, const Polygon<T>& b) {
    return !detail_convex::separated_on_axes_of(a, b) && !detail_convex::separated_on_axes_of(b, a);
}

/// Convex polygon against a disk by the closest point, as the classic
/// references write it. Source: C. Ericson, Real-Time Collision Detection
/// (2005): 5.1.2, ClosestPtPointSegment (t = dot(c - a, ab) / dot(ab, ab),
/// clamped to [0, 1], d = a + t ab) for each edge, the smallest squared
/// distance against r^2 (5.2.2's `dist2 <= r * r`, touching counts); and
/// the centre inside the polygon when it lies on the inner side of every
/// edge, the half-plane test of 5.4.1 (for a counter-clockwise polygon,
/// cross(b - a, c - a) >= 0 for every edge ab). In T. Bugs kept:
///   * the closest point is rounded (a quotient, a product, a sum), so a
///     disk within a few ulps of tangency to an edge, or of touching a
///     vertex, may come out on either side (false hit, false miss);
///   * the squares overflow at huge coordinates (inf <= inf: hits; inf >
///     r^2: misses) and underflow at tiny ones (0 <= 0: a false hit);
///   * the centre-inside test rounds its cross products.
/// Vertex counts outside [0, 16] are read as 0 vertices (no edge: a miss).
template <class T>
bool polygon_hits_disk(const Polygon<T>& p, Circle<T> c) {
    const int n = detail_convex::vertex_count(p);
    if (n == 0) return false;
    bool inside = true;
    T best = T(0);
    for (int i = 0; i < n; ++i) {
        const Vec2<T> a = p.v[static_cast<std::size_t>(i)];
        const Vec2<T> b = p.v[static_cast<std::size_t>(i + 1 == n ? 0 : i + 1)];
        const T abx = b.x - a.x, aby = b.y - a.y;
        const T acx = c.c.x - a.x, acy = c.c.y - a.y;
        if (abx * acy - aby * acx < T(0)) inside = false;
        // ClosestPtPointSegment: project c onto ab, clamp to the segment.
        T t = (acx * abx + acy * aby) / (abx * abx + aby * aby);
        if (t < T(0)) t = T(0);
        if (t > T(1)) t = T(1);
        const T dx = a.x + t * abx - c.c.x, dy = a.y + t * aby - c.c.y;
        const T d2 = dx * dx + dy * dy;
        if (i == 0 || d2 < best) best = d2;
    }
    return inside || best <= c.r * c.r;
}

}  // namespace touchstone::textbook
