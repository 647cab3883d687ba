// touchstone::robust::exact — the exact stages, defined in core/src/robust/.
//
// Each takes the inputs in case-file order (docs/case-format.md), widened to double
// (exact for float), validates them, and answers exactly: first with a
// second floating-point filter (layer extended: double-double for
// orientation, point_in_disk and disks_overlap, x87 long double for the
// segment predicates where it exists), then with the
// inputs scaled to integers of a common power of two in 64-bit words with
// 128-bit arithmetic when the exponent spread allows (layer int128), else
// with the same integers in boost::multiprecision::cpp_int (layer wide).
// `layer` receives the layer that answered. Invalid input (NaN, +-inf,
// negative radius) gives false / kind none with zero points, layer filter.
//
// These functions do not depend on TOUCHSTONE_ROBUST_COUNTERS.
#pragma once

#include "touchstone/geometry.hpp"
#include "touchstone/robust/detail/layers.hpp"

namespace touchstone::robust::exact {

// Predicates, x = px py cx cy r / c1x c1y r1 c2x c2y r2 / ax ay bx by cx cy r /
// a1x a1y b1x b1y a2x a2y b2x b2y.
bool point_in_disk(const double* x, Layer& layer);
bool disks_overlap(const double* x, Layer& layer);
/// The same with the inputs in registers (the inline predicates' slow paths:
/// no array through memory).
bool point_in_disk(double px, double py, double cx, double cy, double r, Layer& layer);
bool disks_overlap(double c1x, double c1y, double r1, double c2x, double c2y, double r2,
                   Layer& layer);
bool segment_hits_disk(const double* x, Layer& layer);
bool segment_meets_circle(const double* x, Layer& layer);
bool segments_intersect(const double* x, Layer& layer);

/// Sign (-1, 0, +1) of cross(b - a, c - a)^2 - r^2 |b - a|^2 (the line through
/// the segment against the circle), exact; x = ax ay bx by cx cy r. Invalid
/// input: +1 (a miss). For the segment predicates when only this test is open.
int segment_line_vs_circle(const double* x, Layer& layer);

/// Sign (-1, 0, +1) of the orientation of (p, q, r), exact; x = px py qx qy rx ry.
int orientation(const double* x, Layer& layer);
int orientation(double px, double py, double qx, double qy, double rx, double ry, Layer& layer);

// Constructions: exact kind, every coordinate correctly rounded to T.
template <class T>
CircleIntersection<T> circle_intersections(const double* x, Layer& layer);
template <class T>
SegmentCirclePoints<T> segment_circle_points(const double* x, Layer& layer);
template <class T>
SegmentIntersection<T> segment_intersection(const double* x, Layer& layer);

// Ray casts: the exact hit and t correctly rounded to T (core/src/robust/ray_casts.cpp);
// x = px py qx qy, then the shape's fields in case-file order. Invalid input:
// a miss (t = 0), layer filter.
template <class T>
RayHit<T> ray_cast_disk(const double* x, Layer& layer);
template <class T>
RayHit<T> ray_cast_segment(const double* x, Layer& layer);
template <class T>
RayHit<T> ray_cast_box(const double* x, Layer& layer);
template <class T>
RayHit<T> ray_cast_capsule(const double* x, Layer& layer);
/// x: px py qx qy, then the n vertices of the polygon (x0 y0 x1 y1 ...): the
/// clip against every edge's inner half-plane (the polygon is taken as
/// counter-clockwise and convex; the caller checks it).
template <class T>
RayHit<T> ray_cast_polygon(const double* x, int n, Layer& layer);

extern template RayHit<float> ray_cast_disk<float>(const double*, Layer&);
extern template RayHit<double> ray_cast_disk<double>(const double*, Layer&);
extern template RayHit<float> ray_cast_segment<float>(const double*, Layer&);
extern template RayHit<double> ray_cast_segment<double>(const double*, Layer&);
extern template RayHit<float> ray_cast_box<float>(const double*, Layer&);
extern template RayHit<double> ray_cast_box<double>(const double*, Layer&);
extern template RayHit<float> ray_cast_capsule<float>(const double*, Layer&);
extern template RayHit<double> ray_cast_capsule<double>(const double*, Layer&);
extern template RayHit<float> ray_cast_polygon<float>(const double*, int, Layer&);
extern template RayHit<double> ray_cast_polygon<double>(const double*, int, Layer&);

extern template CircleIntersection<float> circle_intersections<float>(const double*, Layer&);
extern template CircleIntersection<double> circle_intersections<double>(const double*, Layer&);
extern template SegmentCirclePoints<float> segment_circle_points<float>(const double*, Layer&);
extern template SegmentCirclePoints<double> segment_circle_points<double>(const double*, Layer&);
extern template SegmentIntersection<float> segment_intersection<float>(const double*, Layer&);
extern template SegmentIntersection<double> segment_intersection<double>(const double*, Layer&);

}  // namespace touchstone::robust::exact
