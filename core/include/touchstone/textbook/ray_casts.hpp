// Textbook ray casts: the floating-point algorithms as the classic references
// present them, in the input's own type, used on the ray p -> q as engines use
// them (the fraction t of the segment, t in [0, 1]). Written for touchstone
// from the books' descriptions; their bugs are kept, they are what the audit
// shows (docs/tutorials.md, textbook implementations).
//
// ray_cast_disk — C. Ericson, "Real-Time Collision Detection" (2005), 5.3.2,
// IntersectRaySphere, in 2D. The book's ray has a unit direction d and
// returns the distance t; a segment p -> q is cast, as the book suggests for
// segments, with d = (q - p) / |q - p| and a hit when t <= |q - p|, the
// fraction being t / |q - p|:
//   m = p - c, b = m.d, c = m.m - r^2; exit if c > 0 and b > 0;
//   discr = b^2 - c; exit if discr < 0; t = -b - sqrt(discr), clamped to 0.
// Bugs kept: a zero-length ray divides by |q - p| = 0, and NaN compares false
// through every exit test, so it "hits" with t = NaN; discr cancels near a
// tangent (false hits and misses); t is off by ulps (normalizing, sqrt of a
// cancelled difference, the division by the length).
//
// ray_cast_box — Ericson 5.3.3, IntersectRayAABB, the slab test, with the
// segment's tmax = 1 and d = q - p. The book guards an axis-parallel ray with
// |d_i| < EPSILON; the branch-free form it discusses (and that is widely
// copied) drops the guard and lets 1 / 0 = inf do the work, with Ericson's
// Max / Min written as (a > b ? a : b). Bug kept: a ray in the plane of a
// slab (d_i == 0, p_i == min_i) gives (min_i - p_i) * inf = 0 * inf = NaN,
// which Max passes on: tmin becomes NaN, and NaN > tmax is false, so the
// cast reports a hit at t = NaN (the y slab; on the x slab the y slab then
// overwrites tmin). Also: t rounded twice ((min - p) * (1 / d)), so off by
// ulps; rays grazing a corner decided on rounded bounds.
//
// ray_cast_segment — the parametric line-line intersection as P. Bourke
// presents it ("Intersection point of two line segments in 2 dimensions",
// 1989) and countless tutorials copy it: denom = (y4 - y3)(x2 - x1) -
// (x4 - x3)(y2 - y1); denom == 0 is "parallel: no intersection"; ua, ub =
// numerators / denom, a hit when both are in [0, 1], t = ua. Bugs kept:
// collinear overlaps and zero-length rays or segments (denom == 0) miss;
// nearly parallel pairs decided on rounded cross products; t off by ulps;
// overflowing products give inf - inf = NaN.
//
// ray_cast_polygon — Cyrus and Beck's parametric clipping ("Generalized two-
// and three-dimensional clipping", Computers & Graphics 3, 1978) as Ericson
// presents it, 5.3.8 IntersectSegmentPolyhedron, in 2D: the polygon as the
// intersection of the half-planes n_i . X <= d_i (n_i an edge's outward
// normal, d_i = n_i . a_i), the segment a + t (b - a):
//   tfirst = 0, tlast = 1; per half-plane: denom = n . d, dist = d_i - n . a;
//   denom == 0: parallel, exit (miss) if dist < 0; else t = dist / denom,
//   denom < 0 entering (tfirst = max), else exiting (tlast = min); exit if
//   tfirst > tlast; a hit at tfirst.
// Bugs kept: the parallel test denom == 0 on a rounded dot product (a
// nearly parallel edge rounds either way; an exactly parallel one may round
// to a tiny nonzero denom, and dist / denom then decides on rounding); the
// comparisons tfirst > tlast on rounded fractions (grazing a vertex, an edge
// run along); overflow (n . d = inf, dist / denom = inf / inf = NaN, which
// every comparison passes) and underflow (denom rounds to 0: "parallel");
// t off by ulps (the normal, two dot products and a division rounded).
#pragma once

#include <cmath>
#include <cstddef>

#include "touchstone/geometry.hpp"

namespace touchstone::textbook {

/// Ericson 5.3.2 IntersectRaySphere in 2D, cast along p -> q.
template <class T>
RayHit<T> ray_cast_disk(Segment<T> ray, Circle<T> s) {
    const T dx0 = ray.b.x - ray.a.x, dy0 = ray.b.y - ray.a.y;
    const T len = std::sqrt(dx0 * dx0 + dy0 * dy0);
    const T dx = dx0 / len, dy = dy0 / len;  // the book's unit direction
    const T mx = ray.a.x - s.c.x, my = ray.a.y - s.c.y;
    const T b = mx * dx + my * dy;
    const T c = mx * mx + my * my - s.r * s.r;
    // Exit if r's origin outside s (c > 0) and r pointing away from s (b > 0).
    if (c > T(0) && b > T(0)) return {};
    const T discr = b * b - c;
    // A negative discriminant corresponds to ray missing sphere.
    if (discr < T(0)) return {};
    // Ray now found to intersect sphere, compute smallest t value of intersection.
    T t = -b - std::sqrt(discr);
    // If t is negative, ray started inside sphere so clamp t to zero.
    if (t < T(0)) t = T(0);
    if (t > len) return {};  // beyond the segment's end
    return {true, t / len};
}

/// Ericson 5.3.3 IntersectRayAABB, branch-free (no EPSILON guard), tmax = 1.
template <class T>
RayHit<T> ray_cast_box(Segment<T> ray, Box<T> a) {
    auto max_of = [](T x, T y) { return x > y ? x : y; };  // Ericson's Max
    auto min_of = [](T x, T y) { return x < y ? x : y; };  // Ericson's Min
    const T p[2] = {ray.a.x, ray.a.y};
    const T d[2] = {ray.b.x - ray.a.x, ray.b.y - ray.a.y};
    const T lo[2] = {a.lo.x, a.lo.y};
    const T hi[2] = {a.hi.x, a.hi.y};
    T tmin = T(0);
    T tmax = T(1);  // the segment's end
    for (int i = 0; i < 2; ++i) {
        const T ood = T(1) / d[i];
        T t1 = (lo[i] - p[i]) * ood;
        T t2 = (hi[i] - p[i]) * ood;
        if (t1 > t2) {
            const T s = t1;
            t1 = t2;
            t2 = s;
        }
        tmin = max_of(tmin, t1);
        tmax = min_of(tmax, t2);
        if (tmin > tmax) return {};
    }
    return {true, tmin};
}

/// Bourke's parametric segment-segment intersection: the ray is segment 1.
template <class T>
RayHit<T> ray_cast_segment(Segment<T> ray, Segment<T> s) {
    const T x1 = ray.a.x, y1 = ray.a.y, x2 = ray.b.x, y2 = ray.b.y;
    const T x3 = s.a.x, y3 = s.a.y, x4 = s.b.x, y4 = s.b.y;
    const T denom = (y4 - y3) * (x2 - x1) - (x4 - x3) * (y2 - y1);
    if (denom == T(0)) return {};  // parallel (or coincident): no intersection
    const T ua = ((x4 - x3) * (y1 - y3) - (y4 - y3) * (x1 - x3)) / denom;
    const T ub = ((x2 - x1) * (y1 - y3) - (y2 - y1) * (x1 - x3)) / denom;
    if (ua >= T(0) && ua <= T(1) && ub >= T(0) && ub <= T(1)) return {true, ua};
    return {};
}

/// Ericson 5.3.8 IntersectSegmentPolyhedron in 2D (Cyrus-Beck): the segment
/// p -> q against the counter-clockwise polygon's edge half-planes.
template <class T>
RayHit<T> ray_cast_polygon(Segment<T> ray, const Polygon<T>& poly) {
    const int n = poly.n >= 0 && poly.n <= Polygon<T>::capacity ? poly.n : 0;
    const T dx = ray.b.x - ray.a.x, dy = ray.b.y - ray.a.y;
    T tfirst = T(0), tlast = T(1);
    for (int i = 0; i < n; ++i) {
        const Vec2<T> a = poly.v[static_cast<std::size_t>(i)];
        const Vec2<T> b = poly.v[static_cast<std::size_t>(i + 1 == n ? 0 : i + 1)];
        // The edge's outward normal (right of a -> b for a counter-clockwise
        // polygon) and its plane constant.
        const T nx = b.y - a.y, ny = -(b.x - a.x);
        const T pd = nx * a.x + ny * a.y;
        const T denom = nx * dx + ny * dy;
        const T dist = pd - (nx * ray.a.x + ny * ray.a.y);
        if (denom == T(0)) {
            // Parallel: outside this plane, the segment misses.
            if (dist < T(0)) return {};
        } else {
            const T t = dist / denom;
            if (denom < T(0)) {
                if (t > tfirst) tfirst = t;  // entering
            } else {
                if (t < tlast) tlast = t;  // exiting
            }
            if (tfirst > tlast) return {};
        }
    }
    return {true, tfirst};
}

}  // namespace touchstone::textbook
