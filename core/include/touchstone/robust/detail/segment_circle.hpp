// touchstone::robust — bodies of the segment-vs-circle primitives
// (declarations and contracts: touchstone/robust/segment_circle.hpp).
#pragma once

#include "touchstone/geometry.hpp"
#include "touchstone/robust/detail/exact.hpp"
#include "touchstone/robust/detail/filter.hpp"
#include "touchstone/robust/detail/layers.hpp"

namespace touchstone::robust {
inline namespace TOUCHSTONE_ROBUST_ABI {
namespace impl {

/// The filtered answer of segment_hits_disk, or declined. The closest point
/// of the segment to c is a when w.v <= 0, b when u.v >= 0 (u = c - b; this
/// is w.v >= v.v), else the foot of the perpendicular (Ericson, "Real-Time
/// Collision Detection", 5.1.2). Each region test and each distance test is
/// its own certified sign; anything uncertain declines the whole call.
inline int filter_segment_hits_disk(double ax, double ay, double bx, double by, double cx, double cy,
                                    double r) {
    const double vx = bx - ax, vy = by - ay, wx = cx - ax, wy = cy - ay;
    const double rr = r * r;
    const int wv = filter_det2(wx * vx, wy * vy);
    if (wv < 0) return filter_dist2(wx, wy, rr);  // closest point a
    if (wv == declined) return declined;
    const double ux = cx - bx, uy = cy - by;
    const int uv = filter_det2(ux * vx, uy * vy);
    if (uv > 0) return filter_dist2(ux, uy, rr);  // closest point b
    if (uv == declined) return declined;
    return filter_line_vs_circle(vx, vy, wx, wy, rr);  // closest point inside
}

template <class T>
bool segment_hits_disk(Segment<T> s, Circle<T> c) {
    constexpr Primitive prim = Primitive::segment_hits_disk;
    const double r = c.r;
    if (!(r >= 0)) {
        count<T>(prim, Layer::filter);
        return false;
    }
    const int sg = filter_segment_hits_disk(s.a.x, s.a.y, s.b.x, s.b.y, c.c.x, c.c.y, r);
    if (sg != declined) {
        count<T>(prim, Layer::filter);
        return sg < 0;
    }
    const double x[] = {s.a.x, s.a.y, s.b.x, s.b.y, c.c.x, c.c.y, c.r};
    Layer l;
    const bool hit = exact::segment_hits_disk(x, l);
    count<T>(prim, l);
    return hit;
}

/// The filtered answer of segment_meets_circle (1 true, 0 false), or declined.
/// Meets iff dmin <= r <= dmax; dmax is attained at an endpoint.
inline int filter_segment_meets_circle(double ax, double ay, double bx, double by, double cx, double cy,
                                       double r) {
    const double wx = cx - ax, wy = cy - ay, ux = cx - bx, uy = cy - by;
    const double rr = r * r;
    const int da = filter_dist2(wx, wy, rr);
    const int db = filter_dist2(ux, uy, rr);
    if (da == declined || db == declined) return declined;
    if (da < 0 && db < 0) return 0;  // dmax < r
    if (da < 0 || db < 0) return 1;  // one end inside, one outside
    // Both ends strictly outside: only the interior can come within r.
    const double vx = bx - ax, vy = by - ay;
    const int wv = filter_det2(wx * vx, wy * vy);
    if (wv < 0) return 0;
    const int uv = filter_det2(ux * vx, uy * vy);
    if (uv > 0) return 0;
    if (wv == declined || uv == declined) return declined;
    const int line = filter_line_vs_circle(vx, vy, wx, wy, rr);
    return line == declined ? declined : line < 0 ? 1 : 0;
}

template <class T>
bool segment_meets_circle(Segment<T> s, Circle<T> c) {
    constexpr Primitive prim = Primitive::segment_meets_circle;
    const double r = c.r;
    if (!(r >= 0)) {
        count<T>(prim, Layer::filter);
        return false;
    }
    const int sg = filter_segment_meets_circle(s.a.x, s.a.y, s.b.x, s.b.y, c.c.x, c.c.y, r);
    if (sg != declined) {
        count<T>(prim, Layer::filter);
        return sg == 1;
    }
    const double x[] = {s.a.x, s.a.y, s.b.x, s.b.y, c.c.x, c.c.y, c.r};
    Layer l;
    const bool hit = exact::segment_meets_circle(x, l);
    count<T>(prim, l);
    return hit;
}

template <class T>
SegmentCirclePoints<T> segment_circle_points(Segment<T> s, Circle<T> c) {
    const double x[] = {s.a.x, s.a.y, s.b.x, s.b.y, c.c.x, c.c.y, c.r};
    Layer l;
    SegmentCirclePoints<T> out = exact::segment_circle_points<T>(x, l);
    count<T>(Primitive::segment_circle_points, l);
    return out;
}

}  // namespace impl
}  // namespace TOUCHSTONE_ROBUST_ABI
}  // namespace touchstone::robust
