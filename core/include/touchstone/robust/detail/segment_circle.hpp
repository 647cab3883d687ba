// touchstone::robust — bodies of the segment-vs-circle primitives
// (declarations and contracts: touchstone/robust/segment_circle.hpp).
#pragma once

#include <cmath>

#include "touchstone/geometry.hpp"
#include "touchstone/robust/detail/exact.hpp"
#include "touchstone/robust/detail/filter.hpp"
#include "touchstone/robust/detail/layers.hpp"
#include "touchstone/robust/detail/mutation.hpp"

namespace touchstone::robust {
inline namespace TOUCHSTONE_ROBUST_ABI {
namespace impl {

/// Every filtered test a segment-vs-circle predicate may need: v = b - a,
/// w = c - a, u = c - b (rounded), the region signs w.v and u.v, the squared
/// distances of c to a and to b against r^2, and the line distance against
/// r. The closest point of the segment to c is a when w.v <= 0, b when
/// u.v >= 0 (i.e. w.v >= v.v), else the foot of the perpendicular (Ericson,
/// "Real-Time Collision Detection", 5.1.2).
template <class F>
struct SegmentCircleFilters {
    Filtered<F> wv, uv, at_a, at_b, line;
    SegmentCircleFilters(F ax, F ay, F bx, F by, F cx, F cy, F r) {
        const F vx = bx - ax, vy = by - ay, wx = cx - ax, wy = cy - ay, ux = cx - bx, uy = cy - by;
        // r < 0 (invalid) certifies only misses: false
        const F rr = TOUCHSTONE_MUTANT(scf_negative_radius_squared, r * std::fabs(r), r * r);
        wv = filter_det2(wx * vx, wy * vy);
        uv = TOUCHSTONE_MUTANT(scf_uv_from_w, filter_det2(ux * vx, uy * vy),
                               filter_det2(wx * vx, wy * vy));
        at_a = filter_dist2(wx, wy, rr);
        at_b = filter_dist2(ux, uy, rr);
        line = filter_line_vs_circle(vx, vy, wx, wy, rr);
    }
};

/// The filtered segment_hits_disk. First the tests that decide without
/// knowing where the closest point is: a line farther than r from c is a
/// miss, an endpoint within r is a hit (these settle nearly all ordinary
/// inputs, branch-free). Otherwise the region signs pick the endpoint or the
/// line test. Certain only when every sign it uses is certified.
struct SegmentHitsDiskFilter {
    bool certain = false, hit = false;
    bool only_line_uncertain =
        false;  ///< the region is certainly the interior; the line test declined
    template <class F>
    SegmentHitsDiskFilter(F ax, F ay, F bx, F by, F cx, F cy, F r) {
        const F vx = bx - ax, vy = by - ay, wx = cx - ax, wy = cy - ay, ux = cx - bx, uy = cy - by;
        // r < 0 (invalid) certifies only misses: false
        const F rr = TOUCHSTONE_MUTANT(shd_negative_radius_squared, r * std::fabs(r), r * r);
        const Filtered<F> line = filter_line_vs_circle(vx, vy, wx, wy, rr);
        const Filtered<F> at_a = filter_dist2(wx, wy, rr), at_b = filter_dist2(ux, uy, rr);
        const bool far = TOUCHSTONE_MUTANT(shd_far_uncertified, line.certain, true) &
                         (line.d > 0);  // uses every input
        // An endpoint test ignores the other endpoint, which may be NaN or
        // infinite (invalid: false). v and w together see a, b and c.
        const bool finite =
            TOUCHSTONE_MUTANT(shd_finite_check_dropped, std::isfinite(vx + vy + wx + wy), true);
        const bool a_in = at_a.certain & (at_a.d < 0) & finite,
                   b_in = at_b.certain & (at_b.d < 0) & finite;
        certain = far | a_in | b_in;
        hit = a_in | b_in;
        if (certain) return;
        // The line comes within r (or its test declined) and no endpoint is
        // certainly inside: the closest point decides.
        const Filtered<F> wv = filter_det2(wx * vx, wy * vy), uv = filter_det2(ux * vx, uy * vy);
        const bool in_a = wv.d<0, in_b = uv.d> 0;  // exclusive: u.v = w.v - v.v
        const Filtered<F>& test = TOUCHSTONE_MUTANT(shd_regions_swapped,
                                                    in_a   ? at_a
                                                    : in_b ? at_b
                                                           : line,
                                                    in_a   ? at_b
                                                    : in_b ? at_a
                                                           : line);
        const bool region = wv.certain & uv.certain;
        certain = region & test.certain;
        hit = test.d < 0;
        only_line_uncertain = region & TOUCHSTONE_MUTANT(shd_line_shortcut_in_a, !in_a, true) &
                              (!in_b) & (!line.certain);
    }
};

template <class T>
bool segment_hits_disk(Segment<T> s, Circle<T> c) {
    constexpr Primitive prim = Primitive::segment_hits_disk;
    const double r = c.r;
    const SegmentHitsDiskFilter f(double(s.a.x), double(s.a.y), double(s.b.x), double(s.b.y),
                                  double(c.c.x), double(c.c.y), r);
    if (f.certain) {
        count<T>(prim, Layer::filter);
        return f.hit;
    }
    const double x[] = {s.a.x, s.a.y, s.b.x, s.b.y, c.c.x, c.c.y, c.r};
    Layer l;
    const bool hit =
        f.only_line_uncertain
            ? TOUCHSTONE_MUTANT(shd_line_tangent_excluded, exact::segment_line_vs_circle(x, l) <= 0,
                                exact::segment_line_vs_circle(x, l) < 0)
            : exact::segment_hits_disk(x, l);
    count<T>(prim, l);
    return hit;
}

/// The filtered segment_meets_circle: meets iff dmin <= r <= dmax, dmax at
/// an endpoint. Both endpoint tests are always needed; the region and line
/// tests only when both endpoints are strictly outside.
struct SegmentMeetsCircleFilter {
    bool certain, meets;
    bool only_line_uncertain;  ///< both ends outside, the region is the interior; the line test
                               ///< declined
    template <class F>
    explicit SegmentMeetsCircleFilter(const SegmentCircleFilters<F>& f) {
        const bool a_in = f.at_a.d < 0, b_in = f.at_b.d < 0;
        const bool interior = (f.wv.d > 0) & (f.uv.d < 0);
        const bool outside = (!a_in) & (!b_in);
        const bool region_known =
            f.wv.certain & f.uv.certain &
            TOUCHSTONE_MUTANT(smc_line_uncertified, (!interior) | f.line.certain, true);
        certain = f.at_a.certain & TOUCHSTONE_MUTANT(smc_b_uncertified, f.at_b.certain, true) &
                  ((!outside) | region_known);
        meets =
            TOUCHSTONE_MUTANT(smc_both_inside_meets, a_in != b_in, a_in | b_in) |
            TOUCHSTONE_MUTANT(smc_interior_dropped,
                              outside & TOUCHSTONE_MUTANT(smc_interior_unchecked, interior, true) &
                                  (f.line.d < 0),
                              false);
        only_line_uncertain = f.at_a.certain & f.at_b.certain & outside & f.wv.certain &
                              f.uv.certain & interior & (!f.line.certain);
    }
};

template <class T>
bool segment_meets_circle(Segment<T> s, Circle<T> c) {
    constexpr Primitive prim = Primitive::segment_meets_circle;
    const double r = c.r;
    const SegmentMeetsCircleFilter f(
        SegmentCircleFilters<double>(s.a.x, s.a.y, s.b.x, s.b.y, c.c.x, c.c.y, r));
    if (f.certain) {
        count<T>(prim, Layer::filter);
        return f.meets;
    }
    const double x[] = {s.a.x, s.a.y, s.b.x, s.b.y, c.c.x, c.c.y, c.r};
    Layer l;
    const bool hit =
        f.only_line_uncertain
            ? TOUCHSTONE_MUTANT(smc_line_tangent_excluded, exact::segment_line_vs_circle(x, l) <= 0,
                                exact::segment_line_vs_circle(x, l) < 0)
            : exact::segment_meets_circle(x, l);
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
