// touchstone::robust — the ray casts: ray_cast_disk, ray_cast_segment,
// ray_cast_box, ray_cast_capsule, ray_cast_polygon.
//
// The ray is the closed segment p + t (q - p), t in [0, 1] (a Segment whose
// a is p and b is q; p == q is a zero-length ray, the point p). The answer
// (RayHit<T>): hit when some point of the ray lies in the closed shape, and
// then t, the smallest such t (0 when p is in the shape), correctly rounded
// to T (0 ulps). Exact for every finite float and double input.
//
// Misses are settled first: a ray hits a disk or a segment exactly when, as
// a closed segment, it meets it, which the filtered exact predicates
// segment_hits_disk and segments_intersect decide (their impl:: forms, so
// that their mutants stay theirs), a capsule when the ray, as a capsule of
// radius 0, overlaps it (capsules_overlap); for a box or a capsule, a filter rejects
// the rays whose bounding box certainly misses the shape's (comparisons of
// doubles are exact; the box grown by a radius is rounded outward by one
// ulp). Hits, and what the filters leave, go to the exact stage exact::ray_cast_*
// (core/src/robust/ray_casts.cpp: inputs scaled to integers, cpp_int, t rounded by rounding.hpp).
// A convex polygon: a ray whose bounding box misses the polygon's is a miss;
// the rest is clipped exactly (Cyrus-Beck on exact fractions), and a hit is
// returned only for a valid polygon (strictly convex and counter-clockwise,
// checked with exact orientations as polygons_overlap does).
// Invalid input (NaN, +-inf, a negative radius, a box with max < min, a
// polygon that is not strictly convex and counter-clockwise or has a vertex
// count outside [3, 16]): a miss with t = 0, the documented empty answer of
// a fraction.
#pragma once

#include <cmath>
#include <limits>

#include "touchstone/geometry.hpp"
#include "touchstone/robust/detail/exact.hpp"
#include "touchstone/robust/detail/layers.hpp"
#include "touchstone/robust/detail/segment_circle.hpp"
#include "touchstone/robust/detail/segments.hpp"
#include "touchstone/robust/convex.hpp"
#include "touchstone/robust/shapes.hpp"

namespace touchstone::robust {
inline namespace TOUCHSTONE_ROBUST_ABI {
namespace impl {

/// Whether the ray's bounding box certainly misses [lox, hix] x [loy, hiy]
/// grown by r (r >= 0), the grown bounds rounded outward. False on NaN.
inline bool ray_box_apart(double px, double py, double qx, double qy, double lox, double loy,
                          double hix, double hiy, double r) {
    constexpr double inf = std::numeric_limits<double>::infinity();
    if (r > 0) {
        lox = std::nextafter(lox - r, -inf);
        loy = std::nextafter(loy - r, -inf);
        hix = std::nextafter(hix + r, inf);
        hiy = std::nextafter(hiy + r, inf);
    }
    return (px < lox && qx < lox) || (px > hix && qx > hix) || (py < loy && qy < loy) ||
           (py > hiy && qy > hiy);
}

template <class T, class Exact>
RayHit<T> ray_cast(Primitive prim, const double* x, int n, Exact exact) {
    Layer l;
    const RayHit<T> out = exact(x, l);
    (void)n;
    count<T>(prim, l);
    return out;
}

template <class T>
RayHit<T> ray_cast_disk(Segment<T> ray, Circle<T> c) {
    constexpr Primitive prim = Primitive::ray_cast_disk;
    const double x[] = {ray.a.x, ray.a.y, ray.b.x, ray.b.y, c.c.x, c.c.y, c.r};
    if (!segment_hits_disk(ray, c)) {  // exact; also false on invalid input
        count<T>(prim, Layer::filter);
        return {};
    }
    return ray_cast<T>(prim, x, 7,
                       [](const double* v, Layer& l) { return exact::ray_cast_disk<T>(v, l); });
}

template <class T>
RayHit<T> ray_cast_segment(Segment<T> ray, Segment<T> s) {
    constexpr Primitive prim = Primitive::ray_cast_segment;
    const double x[] = {ray.a.x, ray.a.y, ray.b.x, ray.b.y, s.a.x, s.a.y, s.b.x, s.b.y};
    if (!segments_intersect(ray, s)) {  // exact; also false on invalid input
        count<T>(prim, Layer::filter);
        return {};
    }
    return ray_cast<T>(prim, x, 8,
                       [](const double* v, Layer& l) { return exact::ray_cast_segment<T>(v, l); });
}

template <class T>
RayHit<T> ray_cast_box(Segment<T> ray, Box<T> b) {
    constexpr Primitive prim = Primitive::ray_cast_box;
    const double x[] = {ray.a.x, ray.a.y, ray.b.x, ray.b.y, b.lo.x, b.lo.y, b.hi.x, b.hi.y};
    if (x[4] <= x[6] && x[5] <= x[7] &&
        ray_box_apart(x[0], x[1], x[2], x[3], x[4], x[5], x[6], x[7], 0.0)) {
        count<T>(prim, Layer::filter);
        return {};
    }
    return ray_cast<T>(prim, x, 8,
                       [](const double* v, Layer& l) { return exact::ray_cast_box<T>(v, l); });
}

template <class T>
RayHit<T> ray_cast_capsule(Segment<T> ray, Capsule<T> c) {
    constexpr Primitive prim = Primitive::ray_cast_capsule;
    const double x[] = {ray.a.x, ray.a.y, ray.b.x, ray.b.y, c.s.a.x,
                        c.s.a.y, c.s.b.x, c.s.b.y, c.r};
    if (c.r >= 0 &&
        ray_box_apart(x[0], x[1], x[2], x[3], std::fmin(x[4], x[6]), std::fmin(x[5], x[7]),
                      std::fmax(x[4], x[6]), std::fmax(x[5], x[7]), x[8])) {
        count<T>(prim, Layer::filter);
        return {};
    }
    // The ray hits the capsule exactly when, as a capsule of radius 0, it
    // overlaps it: the filtered exact predicate settles the misses (issue 15:
    // they went to cpp_int before); it is also false on invalid input.
    if (!capsules_overlap(Capsule<T>{ray, T(0)}, c)) {
        count<T>(prim, Layer::filter);
        return {};
    }
    return ray_cast<T>(prim, x, 9,
                       [](const double* v, Layer& l) { return exact::ray_cast_capsule<T>(v, l); });
}

template <class T>
RayHit<T> ray_cast_polygon(Segment<T> ray, const Polygon<T>& poly) {
    constexpr Primitive prim = Primitive::ray_cast_polygon;
    if (!poly.count_in_range()) {
        count<T>(prim, Layer::filter);
        return {};
    }
    const int n = poly.n;
    double x[4 + 2 * max_polygon_vertices];
    x[0] = ray.a.x;
    x[1] = ray.a.y;
    x[2] = ray.b.x;
    x[3] = ray.b.y;
    double lox = poly.v[0].x, loy = poly.v[0].y, hix = lox, hiy = loy;
    for (int i = 0; i < n; ++i) {
        const double vx = poly.v[static_cast<std::size_t>(i)].x;
        const double vy = poly.v[static_cast<std::size_t>(i)].y;
        x[4 + 2 * i] = vx;
        x[5 + 2 * i] = vy;
        // Comparisons, not an fmin/fmax reduction: aarch64-linux-gnu-g++ 12
        // stops with an internal compiler error (vect_transform_reduction)
        // vectorising that. A NaN vertex is never taken (as fmin/fmax skip
        // it); a NaN first vertex leaves a NaN bound, and the box test below
        // is then false: the exact stage gives the invalid-input miss.
        if (vx < lox) lox = vx;
        if (vy < loy) loy = vy;
        if (vx > hix) hix = vx;
        if (vy > hiy) hiy = vy;
    }
    // The polygon lies in the box of its vertices (exact comparisons; false
    // on NaN, and a miss is the invalid-input answer anyway).
    if (ray_box_apart(x[0], x[1], x[2], x[3], lox, loy, hix, hiy, 0.0)) {
        count<T>(prim, Layer::filter);
        return {};
    }
    Layer l;
    RayHit<T> out = exact::ray_cast_polygon<T>(x, n, l);
    // A hit: the polygon must be valid (a miss is the invalid answer anyway).
    if (out.hit && !valid_convex(poly, l)) out = {};
    count<T>(prim, l);
    return out;
}

}  // namespace impl

/// The ray p -> q against the closed disk: hit, and the smallest t in [0, 1]
/// with p + t (q - p) in the disk (0 when p is in it), correctly rounded.
inline RayHit<float> ray_cast_disk(Segment<float> ray, Circle<float> c) {
    return impl::ray_cast_disk(ray, c);
}
inline RayHit<double> ray_cast_disk(Segment<double> ray, Circle<double> c) {
    return impl::ray_cast_disk(ray, c);
}
/// The ray against the closed segment (a point when s.a == s.b); a collinear
/// overlap is entered at its nearer end.
inline RayHit<float> ray_cast_segment(Segment<float> ray, Segment<float> s) {
    return impl::ray_cast_segment(ray, s);
}
inline RayHit<double> ray_cast_segment(Segment<double> ray, Segment<double> s) {
    return impl::ray_cast_segment(ray, s);
}
/// The ray against the closed axis-aligned box (the slab test, exactly).
inline RayHit<float> ray_cast_box(Segment<float> ray, Box<float> b) {
    return impl::ray_cast_box(ray, b);
}
inline RayHit<double> ray_cast_box(Segment<double> ray, Box<double> b) {
    return impl::ray_cast_box(ray, b);
}
/// The ray against the closed capsule (its end disks and its sides).
inline RayHit<float> ray_cast_capsule(Segment<float> ray, Capsule<float> c) {
    return impl::ray_cast_capsule(ray, c);
}
inline RayHit<double> ray_cast_capsule(Segment<double> ray, Capsule<double> c) {
    return impl::ray_cast_capsule(ray, c);
}

/// The ray against the closed convex polygon (strictly convex and
/// counter-clockwise, 3 to 16 vertices): the first contact, 0 when p is in
/// it; a vertex grazed or an edge run along is a hit at its first point.
inline RayHit<float> ray_cast_polygon(Segment<float> ray, const Polygon<float>& poly) {
    return impl::ray_cast_polygon(ray, poly);
}
inline RayHit<double> ray_cast_polygon(Segment<double> ray, const Polygon<double>& poly) {
    return impl::ray_cast_polygon(ray, poly);
}

}  // namespace TOUCHSTONE_ROBUST_ABI
}  // namespace touchstone::robust
