// touchstone::robust — bodies of the segment-vs-circle primitives
// (declarations and contracts: touchstone/robust/segment_circle.hpp).
#pragma once

#include <cmath>

#include "touchstone/geometry.hpp"
#include "touchstone/robust/detail/exact.hpp"
#include "touchstone/robust/detail/filter.hpp"
#include "touchstone/robust/detail/layers.hpp"

namespace touchstone::robust {
inline namespace TOUCHSTONE_ROBUST_ABI {
namespace impl {

/// What both segment-vs-circle filters compute: v = b - a, w = c - a,
/// u = c - b (rounded), the region signs w.v and u.v, the squared distances
/// of c to a and to b against r^2, and the line distance against r. The
/// closest point of the segment to c is a when w.v <= 0, b when u.v >= 0
/// (i.e. w.v >= v.v), else the foot of the perpendicular (Ericson,
/// "Real-Time Collision Detection", 5.1.2).
struct SegmentCircleFilters {
    Filtered wv, uv, at_a, at_b, line;
    SegmentCircleFilters(double ax, double ay, double bx, double by, double cx, double cy, double r) {
        const double vx = bx - ax, vy = by - ay, wx = cx - ax, wy = cy - ay, ux = cx - bx, uy = cy - by;
        const double rr = r * std::fabs(r);  // r < 0 (invalid) certifies only misses: false
        wv = filter_det2(wx * vx, wy * vy);
        uv = filter_det2(ux * vx, uy * vy);
        at_a = filter_dist2(wx, wy, rr);
        at_b = filter_dist2(ux, uy, rr);
        line = filter_line_vs_circle(vx, vy, wx, wy, rr);
    }
};

/// The filtered segment_hits_disk: certain only when the region signs and
/// the distance test of the selected region are certified. Computes every
/// test and selects, so that random inputs cost no mispredicted branches.
struct SegmentHitsDiskFilter {
    bool certain, hit;
    explicit SegmentHitsDiskFilter(const SegmentCircleFilters& f) {
        const bool in_a = f.wv.d < 0, in_b = f.uv.d > 0;  // exclusive: u.v = w.v - v.v
        const Filtered& test = in_a ? f.at_a : in_b ? f.at_b : f.line;
        certain = f.wv.certain & f.uv.certain & test.certain;
        hit = test.d < 0;
    }
};

template <class T>
bool segment_hits_disk(Segment<T> s, Circle<T> c) {
    constexpr Primitive prim = Primitive::segment_hits_disk;
    const double r = c.r;
    const SegmentHitsDiskFilter f(SegmentCircleFilters(s.a.x, s.a.y, s.b.x, s.b.y, c.c.x, c.c.y, r));
    if (f.certain) {
        count<T>(prim, Layer::filter);
        return f.hit;
    }
    const double x[] = {s.a.x, s.a.y, s.b.x, s.b.y, c.c.x, c.c.y, c.r};
    Layer l;
    const bool hit = exact::segment_hits_disk(x, l);
    count<T>(prim, l);
    return hit;
}

/// The filtered segment_meets_circle: meets iff dmin <= r <= dmax, dmax at
/// an endpoint. Both endpoint tests are always needed; the region and line
/// tests only when both endpoints are strictly outside.
struct SegmentMeetsCircleFilter {
    bool certain, meets;
    explicit SegmentMeetsCircleFilter(const SegmentCircleFilters& f) {
        const bool a_in = f.at_a.d < 0, b_in = f.at_b.d < 0;
        const bool interior = (f.wv.d > 0) & (f.uv.d < 0);
        const bool outside = (!a_in) & (!b_in);
        const bool region_known = f.wv.certain & f.uv.certain & ((!interior) | f.line.certain);
        certain = f.at_a.certain & f.at_b.certain & ((!outside) | region_known);
        meets = (a_in != b_in) | (outside & interior & (f.line.d < 0));
    }
};

template <class T>
bool segment_meets_circle(Segment<T> s, Circle<T> c) {
    constexpr Primitive prim = Primitive::segment_meets_circle;
    const double r = c.r;
    const SegmentMeetsCircleFilter f(SegmentCircleFilters(s.a.x, s.a.y, s.b.x, s.b.y, c.c.x, c.c.y, r));
    if (f.certain) {
        count<T>(prim, Layer::filter);
        return f.meets;
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
