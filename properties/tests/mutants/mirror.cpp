// The mutable mirror of the robust core (see mirror.hpp).
#include "mirror.hpp"

#include <cmath>
#include <utility>

#include "touchstone/oracle/exact.hpp"

namespace touchstone::properties::mutants {

const std::vector<MutantInfo>& all_mutants() {
    using P = Primitive;
    static const std::vector<MutantInfo> list{
        {Mutant::pid_boundary_excluded, P::point_in_disk, "pid_boundary_excluded", "point_in_disk: <= became <"},
        {Mutant::pid_negative_zero_radius_invalid, P::point_in_disk, "pid_negative_zero_radius_invalid",
         "point_in_disk: r = -0 rejected as invalid"},
        {Mutant::pid_underflow_guard_removed, P::point_in_disk, "pid_underflow_guard_removed",
         "point_in_disk: filter's underflow guard removed"},
        {Mutant::do_boundary_excluded, P::disks_overlap, "do_boundary_excluded", "disks_overlap: <= became <"},
        {Mutant::do_filter_bound_zero, P::disks_overlap, "do_filter_bound_zero",
         "disks_overlap: filter bound 0 (trust the double sign)"},
        {Mutant::do_filter_bound_tiny, P::disks_overlap, "do_filter_bound_tiny",
         "disks_overlap: filter bound divided by 2^20"},
        {Mutant::do_exact_fallback_in_double, P::disks_overlap, "do_exact_fallback_in_double",
         "disks_overlap: exact fallback replaced by double (no overflow guard)"},
        {Mutant::shd_endpoint_case_dropped, P::segment_hits_disk, "shd_endpoint_case_dropped",
         "segment_hits_disk: endpoint regions dropped (line distance)"},
        {Mutant::shd_interior_strict, P::segment_hits_disk, "shd_interior_strict",
         "segment_hits_disk: interior test strict"},
        {Mutant::shd_regions_swapped, P::segment_hits_disk, "shd_regions_swapped",
         "segment_hits_disk: endpoint regions swapped"},
        {Mutant::smc_endpoint_on_circle_skipped, P::segment_meets_circle, "smc_endpoint_on_circle_skipped",
         "segment_meets_circle: both-inside test closed"},
        {Mutant::smc_interior_dropped, P::segment_meets_circle, "smc_interior_dropped",
         "segment_meets_circle: segment interior ignored"},
        {Mutant::si_orientation_sign_flipped, P::segments_intersect, "si_orientation_sign_flipped",
         "segments_intersect: an orientation's sign flipped"},
        {Mutant::si_collinear_case_dropped, P::segments_intersect, "si_collinear_case_dropped",
         "segments_intersect: collinear case dropped"},
        {Mutant::si_touching_dropped, P::segments_intersect, "si_touching_dropped",
         "segments_intersect: touching not counted (strict)"},
        {Mutant::ci_internal_tangency_contained, P::circle_intersections, "ci_internal_tangency_contained",
         "circle_intersections: internal tangency reported contained"},
        {Mutant::ci_points_swapped, P::circle_intersections, "ci_points_swapped",
         "circle_intersections: left/right points swapped"},
        {Mutant::scp_second_point_dropped, P::segment_circle_points, "scp_second_point_dropped",
         "segment_circle_points: second point dropped"},
        {Mutant::sx_overlap_unordered, P::segment_intersection, "sx_overlap_unordered",
         "segment_intersection: overlap endpoints reversed"},
    };
    return list;
}

namespace {

namespace orc = touchstone::oracle;
using orc::Rational;

// ----- the filter layer: the bounds of robust/detail/filter.hpp -------------
// (derivations there; restated, not re-derived).
constexpr double kU = 0x1p-53;
constexpr double kEpsDist2 = 6 * kU;
constexpr double kEpsDet2 = 5 * kU;
constexpr double kEpsSeg4 = 12 * kU;
constexpr double kGuard2 = 0x1p-960;
constexpr double kGuard4 = 0x1p-480;
constexpr int kDeclined = 2;

/// sign(dx^2 + dy^2 - rr) when certified. `bound` scales eps (mutants).
int filter_dist2(double dx, double dy, double rr, double bound = 1.0, bool guard = true) {
    const double s = dx * dx + dy * dy;
    const double d = s - rr;
    const double p = s + rr;
    if (guard && !(p >= kGuard2)) return kDeclined;
    const double b = kEpsDist2 * bound * p;
    return d > b ? 1 : d < -b ? -1 : kDeclined;
}
int filter_det2(double l, double r) {
    const double d = l + r;
    const double p = std::fabs(l) + std::fabs(r);
    if (!(p >= kGuard2)) return kDeclined;
    const double b = kEpsDet2 * p;
    return d > b ? 1 : d < -b ? -1 : kDeclined;
}
int filter_orientation(double ax, double ay, double bx, double by, double cx, double cy) {
    return filter_det2((bx - ax) * (cy - ay), -((by - ay) * (cx - ax)));
}
int filter_line_vs_circle(double vx, double vy, double wx, double wy, double rr) {
    const double p1 = vx * wy, p2 = vy * wx;
    const double cross = p1 - p2;
    const double pc = std::fabs(p1) + std::fabs(p2);
    const double vv = vx * vx + vy * vy;
    if (!(pc >= kGuard4 && rr >= kGuard4 && vv >= kGuard4)) return kDeclined;
    const double rv = rr * vv;
    const double d = cross * cross - rv;
    const double b = kEpsSeg4 * (pc * pc + rv);
    return d > b ? 1 : d < -b ? -1 : kDeclined;
}

// ----- the exact layer, with rationals --------------------------------------------

struct RP {
    Rational x, y;
};
RP rp(double x, double y) { return {orc::to_rational(x), orc::to_rational(y)}; }
Rational d2(const RP& a, const RP& b) {
    const Rational dx = a.x - b.x, dy = a.y - b.y;
    return dx * dx + dy * dy;
}
Rational cross(const RP& o, const RP& a, const RP& b) {
    return (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
}
Rational dot(const RP& o, const RP& a, const RP& b) {
    return (a.x - o.x) * (b.x - o.x) + (a.y - o.y) * (b.y - o.y);
}
bool on_segment(const RP& a, const RP& b, const RP& p) { return cross(a, b, p) == 0 && dot(p, a, b) <= 0; }

bool finite_all(const double* x, int n) {
    for (int i = 0; i < n; ++i)
        if (!std::isfinite(x[i])) return false;
    return true;
}

/// Squared distance from c to [a, b] with Ericson's regions; mutants drop
/// or swap the endpoint regions.
Rational segment_d2(const RP& a, const RP& b, const RP& c, Mutant m, bool& interior) {
    interior = false;
    const Rational len2 = d2(a, b);
    if (len2 == 0) return d2(a, c);
    if (m != Mutant::shd_endpoint_case_dropped) {
        const Rational t = dot(a, b, c);
        const bool swapped = m == Mutant::shd_regions_swapped;
        if (t <= 0) return swapped ? d2(b, c) : d2(a, c);
        if (t >= len2) return swapped ? d2(a, c) : d2(b, c);
    }
    interior = true;
    const Rational cr = cross(a, b, c);
    return cr * cr / len2;
}

// ----- the predicates ------------------------------------------------------------

template <class T>
bool point_in_disk(const Args<T>& v, Mutant m) {
    const double x[] = {v[0], v[1], v[2], v[3], v[4]};
    const double r = x[4];
    const bool radius_ok = m == Mutant::pid_negative_zero_radius_invalid ? (!std::signbit(r) && !std::isnan(r)) : r >= 0;
    if (!radius_ok) return false;
    const int s = filter_dist2(x[0] - x[2], x[1] - x[3], r * r, 1.0, m != Mutant::pid_underflow_guard_removed);
    if (s != kDeclined) return s < 0;
    if (!finite_all(x, 5)) return false;
    const Rational rr = orc::to_rational(r);
    const Rational d = d2(rp(x[0], x[1]), rp(x[2], x[3])) - rr * rr;
    return m == Mutant::pid_boundary_excluded ? d < 0 : d <= 0;
}

template <class T>
bool disks_overlap(const Args<T>& v, Mutant m) {
    const double x[] = {v[0], v[1], v[2], v[3], v[4], v[5]};
    if (!(x[2] >= 0 && x[5] >= 0)) return false;
    const double dx = x[0] - x[3], dy = x[1] - x[4], s = x[2] + x[5];
    const double bound = m == Mutant::do_filter_bound_zero    ? 0.0
                         : m == Mutant::do_filter_bound_tiny   ? 0x1p-20
                         : m == Mutant::do_filter_bound_halved ? 0.5
                                                               : 1.0;
    const int sg = filter_dist2(dx, dy, s * s, bound);
    if (sg != kDeclined) return sg < 0;
    if (m == Mutant::do_exact_fallback_in_double) return dx * dx + dy * dy - s * s <= 0;
    if (!finite_all(x, 6)) return false;
    const Rational rs = orc::to_rational(x[2]) + orc::to_rational(x[5]);
    const Rational d = d2(rp(x[0], x[1]), rp(x[3], x[4])) - rs * rs;
    return m == Mutant::do_boundary_excluded ? d < 0 : d <= 0;
}

template <class T>
bool segment_hits_disk(const Args<T>& v, Mutant m) {
    const double x[] = {v[0], v[1], v[2], v[3], v[4], v[5], v[6]};
    const double r = x[6];
    if (!(r >= 0)) return false;
    {  // the filter, Ericson's regions as in robust/detail/segment_circle.hpp
        const double vx = x[2] - x[0], vy = x[3] - x[1], wx = x[4] - x[0], wy = x[5] - x[1];
        const double ux = x[4] - x[2], uy = x[5] - x[3], rr = r * r;
        int sg = kDeclined;
        if (m == Mutant::shd_endpoint_case_dropped) {
            sg = filter_line_vs_circle(vx, vy, wx, wy, rr);
        } else {
            const bool swapped = m == Mutant::shd_regions_swapped;
            const int wv = filter_det2(wx * vx, wy * vy);
            const int uv = wv == kDeclined ? kDeclined : filter_det2(ux * vx, uy * vy);
            if (wv < 0) sg = swapped ? filter_dist2(ux, uy, rr) : filter_dist2(wx, wy, rr);
            else if (wv == kDeclined || uv == kDeclined) sg = kDeclined;
            else if (uv > 0) sg = swapped ? filter_dist2(wx, wy, rr) : filter_dist2(ux, uy, rr);
            else if (m != Mutant::shd_interior_strict) sg = filter_line_vs_circle(vx, vy, wx, wy, rr);
        }
        if (sg != kDeclined) return sg < 0;
    }
    if (!finite_all(x, 7)) return false;
    bool interior = false;
    const Rational rr = orc::to_rational(r) * orc::to_rational(r);
    const Rational d = segment_d2(rp(x[0], x[1]), rp(x[2], x[3]), rp(x[4], x[5]), m, interior);
    if (interior && m == Mutant::shd_interior_strict) return d < rr;
    return d <= rr;
}

template <class T>
bool segment_meets_circle(const Args<T>& v, Mutant m) {
    const double x[] = {v[0], v[1], v[2], v[3], v[4], v[5], v[6]};
    const double r = x[6];
    if (!(r >= 0)) return false;
    {  // the filter of robust/detail/segment_circle.hpp: dmin <= r <= dmax
        const double wx = x[4] - x[0], wy = x[5] - x[1], ux = x[4] - x[2], uy = x[5] - x[3], rr = r * r;
        const int da = filter_dist2(wx, wy, rr), db = filter_dist2(ux, uy, rr);
        int sg = kDeclined;
        if (da != kDeclined && db != kDeclined) {
            if (da < 0 && db < 0) {
                sg = 0;
            } else if (da < 0 || db < 0) {
                sg = 1;
            } else if (m == Mutant::smc_interior_dropped) {
                sg = 0;
            } else {
                const double vx = x[2] - x[0], vy = x[3] - x[1];
                const int wv = filter_det2(wx * vx, wy * vy);
                const int uv = filter_det2(ux * vx, uy * vy);
                if (wv < 0 || uv > 0) {
                    sg = 0;
                } else if (wv != kDeclined && uv != kDeclined) {
                    const int line = filter_line_vs_circle(vx, vy, wx, wy, rr);
                    sg = line == kDeclined ? kDeclined : line < 0 ? 1 : 0;
                }
            }
        }
        if (sg != kDeclined) return sg == 1;
    }
    if (!finite_all(x, 7)) return false;
    const RP a = rp(x[0], x[1]), b = rp(x[2], x[3]), c = rp(x[4], x[5]);
    const Rational rr = orc::to_rational(r) * orc::to_rational(r);
    const Rational da = d2(a, c), db = d2(b, c);
    const Rational dmax = da > db ? da : db;
    if (m == Mutant::smc_endpoint_on_circle_skipped ? dmax <= rr : dmax < rr) return false;
    if (m == Mutant::smc_interior_dropped) return (da < db ? da : db) <= rr;
    bool interior = false;
    return segment_d2(a, b, c, Mutant::none, interior) <= rr;
}

template <class T>
bool segments_intersect(const Args<T>& v, Mutant m) {
    const double x[] = {v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7]};
    const int flip = m == Mutant::si_orientation_sign_flipped ? -1 : 1;
    {  // the filter of robust/detail/segments.hpp
        int d3 = filter_orientation(x[0], x[1], x[2], x[3], x[4], x[5]);
        if (d3 != kDeclined) d3 *= flip;
        const int d4 = filter_orientation(x[0], x[1], x[2], x[3], x[6], x[7]);
        int sg = kDeclined;
        if (d3 == d4 && d3 != kDeclined) {
            sg = 0;
        } else {
            const int d1 = filter_orientation(x[4], x[5], x[6], x[7], x[0], x[1]);
            const int d2v = filter_orientation(x[4], x[5], x[6], x[7], x[2], x[3]);
            if (d1 == d2v && d1 != kDeclined) sg = 0;
            else if (d1 != kDeclined && d2v != kDeclined && d3 != kDeclined && d4 != kDeclined) sg = 1;
        }
        if (sg != kDeclined) return sg == 1;
    }
    if (!finite_all(x, 8)) return false;
    const RP a1 = rp(x[0], x[1]), b1 = rp(x[2], x[3]), a2 = rp(x[4], x[5]), b2 = rp(x[6], x[7]);
    const int o1 = cross(a2, b2, a1).sign(), o2 = cross(a2, b2, b1).sign();
    const int o3 = flip * cross(a1, b1, a2).sign(), o4 = cross(a1, b1, b2).sign();
    if (o1 * o2 < 0 && o3 * o4 < 0) return true;
    if (m == Mutant::si_touching_dropped) return false;
    if (o1 == 0 && o2 == 0 && o3 == 0 && o4 == 0 && m == Mutant::si_collinear_case_dropped) return false;
    return (o3 == 0 && on_segment(a1, b1, a2)) || (o4 == 0 && on_segment(a1, b1, b2)) ||
           (o1 == 0 && on_segment(a2, b2, a1)) || (o2 == 0 && on_segment(a2, b2, b1));
}

// ----- the constructions: the core's answers, post-processed by the mutants -------------

template <class T>
Answer<T> circle_intersections(const Args<T>& v, Mutant m) {
    Answer<T> out = reference_impl<T>(Primitive::circle_intersections)(v);
    if (m == Mutant::ci_points_swapped && out.count == 2) std::swap(out.points[0], out.points[1]);
    if (m == Mutant::ci_internal_tangency_contained && out.kind == static_cast<int>(CircleKind::one)) {
        const Rational rs = orc::to_rational(v[2]) + orc::to_rational(v[5]);
        if (d2(rp(v[0], v[1]), rp(v[3], v[4])) < rs * rs) {  // one point, not external: internal
            out.kind = static_cast<int>(CircleKind::contained);
            out.hit = false;
            out.count = 0;
            out.points = {};
        }
    }
    return out;
}

template <class T>
Answer<T> segment_circle_points(const Args<T>& v, Mutant m) {
    Answer<T> out = reference_impl<T>(Primitive::segment_circle_points)(v);
    if (m == Mutant::scp_second_point_dropped && out.count == 2) {
        out.count = out.kind = 1;
        out.points[1] = {};
    }
    return out;
}

template <class T>
Answer<T> segment_intersection(const Args<T>& v, Mutant m) {
    Answer<T> out = reference_impl<T>(Primitive::segment_intersection)(v);
    if (m == Mutant::sx_overlap_unordered && out.kind == static_cast<int>(SegmentKind::overlap))
        std::swap(out.points[0], out.points[1]);
    return out;
}

template <class T>
Answer<T> predicate(bool hit) {
    Answer<T> a;
    a.hit = hit;
    return a;
}

}  // namespace

template <class T>
Impl<T> mirror_impl(Primitive p, Mutant m) {
    switch (p) {
        case Primitive::point_in_disk: return [m](const Args<T>& a) { return predicate<T>(point_in_disk(a, m)); };
        case Primitive::disks_overlap: return [m](const Args<T>& a) { return predicate<T>(disks_overlap(a, m)); };
        case Primitive::segment_hits_disk:
            return [m](const Args<T>& a) { return predicate<T>(segment_hits_disk(a, m)); };
        case Primitive::segment_meets_circle:
            return [m](const Args<T>& a) { return predicate<T>(segment_meets_circle(a, m)); };
        case Primitive::segments_intersect:
            return [m](const Args<T>& a) { return predicate<T>(segments_intersect(a, m)); };
        case Primitive::circle_intersections: return [m](const Args<T>& a) { return circle_intersections(a, m); };
        case Primitive::segment_circle_points: return [m](const Args<T>& a) { return segment_circle_points(a, m); };
        case Primitive::segment_intersection: return [m](const Args<T>& a) { return segment_intersection(a, m); };
    }
    return {};
}

template Impl<float> mirror_impl<float>(Primitive, Mutant);
template Impl<double> mirror_impl<double>(Primitive, Mutant);

}  // namespace touchstone::properties::mutants
