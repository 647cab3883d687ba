// touchstone::robust — bodies of the segment-vs-circle primitives
// (declarations and contracts: touchstone/robust/segment_circle.hpp).
#pragma once

#include <algorithm>
#include <cmath>
#include <limits>
#include <type_traits>

#include "touchstone/geometry.hpp"
#include "touchstone/robust/detail/exact.hpp"
#include "touchstone/robust/detail/filter.hpp"
#include "touchstone/robust/detail/layers.hpp"
#include "touchstone/robust/detail/mutation.hpp"

namespace touchstone::robust {
inline namespace TOUCHSTONE_ROBUST_ABI {
namespace impl {

/// The filtered segment_hits_disk. First the tests that decide without
/// knowing where the closest point is: a line farther than r from c is a
/// miss, an endpoint within r is a hit (these settle nearly all ordinary
/// inputs, branch-free). Otherwise the region signs pick the endpoint or the
/// line test. Certain only when every sign it uses is certified.
struct SegmentHitsDiskFilter {
    bool certain = false, hit = false;
    bool only_line_uncertain =
        false;  ///< the region is certainly the interior; the line test declined
    /// The endpoint tests (signs of |a - c|^2 - r^2 and |b - c|^2 - r^2):
    /// whether each is certified, and whether both say strictly inside.
    bool a_certain = false, b_certain = false, both_in = false;
    /// u: std::false_type for float inputs widened to double (no underflow).
    template <class F, bool Underflow = true>
    TOUCHSTONE_ROBUST_INLINE SegmentHitsDiskFilter(F ax, F ay, F bx, F by, F cx, F cy, F r,
                                                   std::bool_constant<Underflow> u = {}) {
        const F vx = bx - ax, vy = by - ay, wx = cx - ax, wy = cy - ay, ux = cx - bx, uy = cy - by;
        // r < 0 (invalid) certifies only misses: false
        const F rr = TOUCHSTONE_MUTANT(shd_negative_radius_squared, r * std::fabs(r), r * r);
        const Filtered<F> line = filter_line_vs_circle(vx, vy, wx, wy, rr, u);
        // Float inputs: filter_disk's bound eps rr, two operations fewer
        // per endpoint (its derivation covers rr = fl(r |r|) and the
        // capsules' fl(fl(r1 + r2)^2), theta_3; a negative rr again certifies
        // only misses). Double inputs keep filter_dist2.
        Filtered<F> at_a, at_b;
        if constexpr (!Underflow && std::is_same_v<F, double>) {
            at_a = filter_disk(wx, wy, rr, u);
            at_b = filter_disk(ux, uy, rr, u);
        } else {
            at_a = filter_dist2(wx, wy, rr, u);
            at_b = filter_dist2(ux, uy, rr, u);
        }
        a_certain = at_a.certain;
        b_certain = at_b.certain;
        both_in = (at_a.d < 0) & (at_b.d < 0);
        const bool far = TOUCHSTONE_MUTANT(shd_far_uncertified, line.certain, true) &
                         (line.d > 0);  // uses every input
        // An endpoint test ignores the other endpoint, which may be NaN or
        // infinite (invalid: false). v and w together see a, b and c, and the
        // line test's magnitude P4 is +inf or NaN when any of vx, vy, wx, wy
        // is (it sums |vx wy| + |vy wx| squared and rr (vx^2 + vy^2)); a
        // finite P4 proves them finite (an overflowing P4 only declines).
        const bool finite = TOUCHSTONE_MUTANT(shd_finite_check_dropped,
                                              line.p < std::numeric_limits<F>::infinity(), true);
        const bool a_in = at_a.certain & (at_a.d < 0) & finite,
                   b_in = at_b.certain & (at_b.d < 0) & finite;
        const bool first = far | a_in | b_in;
        // The line comes within r (or its test declined) and no endpoint is
        // certainly inside: the closest point decides.
        const Filtered<F> wv = filter_det2(wx * vx, wy * vy, u),
                          uv = TOUCHSTONE_MUTANT(scf_uv_from_w, filter_det2(ux * vx, uy * vy, u),
                                                 filter_det2(wx * vx, wy * vy, u));
        const bool in_a = wv.d<0, in_b = uv.d> 0;  // exclusive: u.v = w.v - v.v
        // The test of the closest point's region: at_a (in_a), else at_b
        // (in_b), else the line; selected with bit operations, not branches:
        // the region of random inputs is random (issue 15, sixth round: the
        // selection compiled to branches cost a misprediction on about a
        // third of segment_hits_disk's uniform calls).
        const bool sel_a = in_a, sel_b = (!in_a) & in_b, sel_l = (!in_a) & (!in_b);
        const bool swapped = TOUCHSTONE_MUTANT(shd_regions_swapped, false, true);
        const Filtered<F>& for_a = swapped ? at_b : at_a;
        const Filtered<F>& for_b = swapped ? at_a : at_b;
        const bool test_certain =
            (sel_a & for_a.certain) | (sel_b & for_b.certain) | (sel_l & line.certain);
        const bool test_hit =
            (sel_a & (for_a.d < 0)) | (sel_b & (for_b.d < 0)) | (sel_l & (line.d < 0));
        const bool region = wv.certain & uv.certain;
        // Both stages always run and one branch takes their verdict (issue
        // 15, sixth round): the first stage settles about two thirds of
        // uniform calls, a branch after it mispredicted on the other third.
        certain = first | (region & test_certain);
        hit = (a_in | b_in) | ((!first) & test_hit);
        only_line_uncertain = region & TOUCHSTONE_MUTANT(shd_line_shortcut_in_a, !in_a, true) &
                              (!in_b) & (!line.certain);
    }
};

/// A certified miss from the segment's bounding box alone (issue 15): c is
/// farther than r from the box of ab along x or along y, so farther than r
/// from every point of the segment. Evaluated in F, the inputs' own type
/// (float inputs in float: no conversion) or double. One exact comparison
/// per gap, by monotone rounding (round to nearest is monotone in every
/// precision): fl(x - y) > r with r an F implies x - y > r (were x - y <= r,
/// then fl(x - y) <= fl(r) = r). The same holds for the capsules'
/// R = fl(r1 + r2) rounded once in F: x - y <= r1 + r2 implies
/// fl(x - y) <= fl(r1 + r2) = R, so fl(x - y) > R proves x - y > r1 + r2
/// (both rounded to F, as with FLT_EVAL_METHOD 0, which filter.hpp requires:
/// a sum kept in a wider format could round the other way than the gap).
/// The maxima and minima are exact. No underflow matters (a subnormal
/// difference is exact) and an overflowing gap is +inf, above every finite
/// r (the exact gap exceeds F's largest finite value then); r = +inf
/// certifies nothing. Only a miss is certified, and false is also the answer
/// to every invalid input (NaN, an infinite field, a negative radius), so no
/// validity check is needed here. Uniform inputs (bench/robust): c lies
/// outside the box grown by r in 69 % of segment_hits_disk's calls, 65 % of
/// capsule_hits_disk's, with 82 % and 79 % misses in all. A branch on this
/// test is a branch on a random answer: segment_hits_disk no longer takes it
/// (issue 15, sixth round: on inputs the branch predictor cannot learn it
/// cost more than the filter it skips); segment_meets_circle and the
/// capsules still do.
template <class F>
TOUCHSTONE_ROBUST_INLINE bool segment_box_misses_disk(F ax, F ay, F bx, F by, F cx, F cy, F r) {
    const F gx = std::max(cx - std::max(ax, bx), std::min(ax, bx) - cx);
    const F gy = std::max(cy - std::max(ay, by), std::min(ay, by) - cy);
    return TOUCHSTONE_MUTANT(shd_box_gap_inclusive, std::max(gx, gy) > r, std::max(gx, gy) >= r);
}

/// segment_hits_disk in one branch-free certificate (issue 15, sixth
/// round): with v = b - a, w = c - a, the squared distance from c to the
/// segment times |v|^2 is, by Lagrange's identity |w|^2 |v|^2 = (v x w)^2 +
/// (w.v)^2,
///   dist^2 |v|^2 = (v x w)^2 + m^2,  m = min(w.v, 0) + max(w.v - v.v, 0)
/// (m = w.v before a, w.v - v.v = u.v past b, 0 in between: the clamped
/// projection), so the segment hits the disk iff D = (v x w)^2 + m^2 -
/// r^2 |v|^2 <= 0, one polynomial for all three regions. Evaluated in double
/// from the rounded differences; m is exactly one of fl(w.v), fl(w.v - v.v)
/// and 0 (w.v < 0 makes fl(w.v - v.v) <= fl(w.v) < 0: rounding is
/// monotone). Bound, with Pc = |vx wy| + |vy wx|, Pd = |vx wx| + |vy wy|,
/// Q = 2 Pd + |v|^2, P = Pc^2 + Q^2 + |r^2 |v|^2| (standard model, exact
/// quantities starred):
///   |cross - cross*| <= gamma(4) Pc*, |dot - dot*| <= gamma(4) Pd*,
///   |vv - vv*| <= gamma(4) vv*, |uv - uv*| <= gamma(5) (Pd* + vv*), so
///   |m - m*| <= gamma(5) Q* (min(., 0), max(., 0) are 1-Lipschitz) and
///   |m*| <= Q*; then |fl(cross^2) - cross*^2| <= gamma(9) Pc*^2,
///   |fl(m^2) - m*^2| <= gamma(11) Q*^2, |fl(rr vv) - rr* vv*| <= gamma(6)
///   |rr*| vv*, and after the two last roundings
///   |D - D*| <= gamma(12) P* + u |D|.
/// The computed P >= P* (1 - gamma(13)), so |D| > fl(eps P) with eps =
/// 2^-49 >= gamma(12) / ((1 - u) (1 - gamma(14))) (segment_disk_bound_holds)
/// proves |D - D*| < |D|: the sign is D*'s. A zero D (the tangent disk, or
/// a = b: v = 0 makes D = 0) is never certified.
/// The capsules pass r = fl(r1 + r2): rr then carries theta_3 and rr vv
/// theta_8 (not theta_6), still within gamma(12) and gamma(13) above.
///   - Overflow: a finite P proves every intermediate finite (each is at
///     most a term of P or its square root, by monotone rounding), so the
///     standard model holds; an infinite or NaN input makes P +inf or NaN
///     and nothing is certified. A certified answer thus also proves every
///     input finite. A negative radius: rr = r |r| < 0 makes D > 0, only a
///     miss is certified (false, the invalid-input answer).
///   - Underflow (double inputs only: float inputs widened to double give
///     nonzero degree-4 values >= 2^-596): each rounding may add 2^-1075
///     absolutely (subnormal differences are exact); with P >= 2^-900 and
///     vv >= 2^-960 these add at most 2^-110 P* (the terms in Pc*, Q* and
///     vv* are at most 27 2^-1075 sqrt(P*); 3 2^-1075 |rr*| is at most
///     2^-112 P* since |rr*| <= P* / vv*), inside eps's slack (4u P*).
template <bool Underflow>
TOUCHSTONE_ROBUST_INLINE Filtered<double> filter_segment_disk(double ax, double ay, double bx,
                                                              double by, double cx, double cy,
                                                              double r,
                                                              std::bool_constant<Underflow>) {
    const double vx = bx - ax, vy = by - ay, wx = cx - ax, wy = cy - ay;
    const double p1 = vx * wy, p2 = vy * wx, p3 = vx * wx, p4 = vy * wy;
    const double cross = p1 - p2, dot = p3 + p4, vv = vx * vx + vy * vy;
    const double uv = TOUCHSTONE_MUTANT(sdl_past_b_from_w, dot - vv, dot);
    const double m =
        TOUCHSTONE_MUTANT(sdl_regions_ignored, std::min(dot, 0.0) + std::max(uv, 0.0), 0.0);
    const double rr = TOUCHSTONE_MUTANT(sdl_negative_radius_squared, r * std::fabs(r), r * r);
    const double rv = rr * vv;
    const double d = (cross * cross + m * m) - rv;
    const double pc = std::fabs(p1) + std::fabs(p2);
    const double q = 2 * (std::fabs(p3) + std::fabs(p4)) + vv;
    const double p = (pc * pc + q * q) + std::fabs(rv);
    bool certain = std::fabs(d) > TOUCHSTONE_MUTANT(sdl_bound_tiny, 0x1p-49, 0x1p-49 / 0x1p20) * p;
    if constexpr (Underflow) certain = certain & (p >= 0x1p-900) & (vv >= 0x1p-960);
    return {d, certain};
}

/// filter_segment_disk's eps against its derivation (see there).
constexpr bool segment_disk_bound_holds() {
    constexpr double u = detail::Bounds<double>::u;
    return 0x1p-49 * (1 - u) * (1 - detail::gamma(14, u)) >= detail::gamma(12, u) + u / 128;
}
static_assert(segment_disk_bound_holds());

/// segment_hits_disk's decision on the inputs widened to double (T gives
/// the underflow flag), without counting: filter_segment_disk (one pass:
/// settles nearly every ordinary call), then the region-by-region filter,
/// then the exact stage; `layer` is raised to the highest layer used.
/// Shared by segment_hits_disk and polygon_hits_disk's edges.
template <class T>
TOUCHSTONE_ROBUST_INLINE bool segment_disk_decided(double ax, double ay, double bx, double by,
                                                   double cx, double cy, double r, Layer& layer) {
    const Filtered<double> g =
        filter_segment_disk(ax, ay, bx, by, cx, cy, r, detail::MayUnderflow<T>{});
    if (TOUCHSTONE_MUTANT(sdl_uncertified, g.certain, true)) return std::signbit(g.d);
    const SegmentHitsDiskFilter f(ax, ay, bx, by, cx, cy, r, detail::MayUnderflow<T>{});
    if (TOUCHSTONE_ROBUST_ONE_BRANCH(f.certain)) return f.hit;
    const double x[] = {ax, ay, bx, by, cx, cy, r};
    Layer l;
    const bool hit =
        f.only_line_uncertain
            ? TOUCHSTONE_MUTANT(shd_line_tangent_excluded, exact::segment_line_vs_circle(x, l) <= 0,
                                exact::segment_line_vs_circle(x, l) < 0)
            : exact::segment_hits_disk(x, l);
    if (static_cast<int>(l) > static_cast<int>(layer)) layer = l;
    return hit;
}

/// MissFirst: the box-miss test first (segment_box_misses_disk), for
/// callers that branch on the answer right after anyway (ray_cast_disk: a
/// miss returns at once), where the test adds no misprediction of its own;
/// the predicate itself does not take it.
template <class T, bool MissFirst = false>
TOUCHSTONE_ROBUST_INLINE bool segment_hits_disk(Segment<T> s, Circle<T> c) {
    constexpr Primitive prim = Primitive::segment_hits_disk;
    if constexpr (MissFirst) {
        if (segment_box_misses_disk<T>(s.a.x, s.a.y, s.b.x, s.b.y, c.c.x, c.c.y, c.r)) {
            count<T>(prim, Layer::filter);
            return false;
        }
    }
    Layer l = Layer::filter;
    const bool hit = segment_disk_decided<T>(s.a.x, s.a.y, s.b.x, s.b.y, c.c.x, c.c.y, c.r, l);
    count<T>(prim, l);
    return hit;
}

/// The inputs of SegmentMeetsCircleFilter: the segment_hits_disk filter of
/// the same segment and circle (a struct of its own so that the exact
/// construction segment_circle_points, core/src/robust, builds it the same way).
template <class F>
struct SegmentCircleFilters {
    SegmentHitsDiskFilter hits;
    template <bool Underflow = true>
    TOUCHSTONE_ROBUST_INLINE SegmentCircleFilters(F ax, F ay, F bx, F by, F cx, F cy, F r,
                                                  std::bool_constant<Underflow> u = {})
        : hits(ax, ay, bx, by, cx, cy, r, u) {}
};

/// The filtered segment_meets_circle. The closed segment meets the
/// circumference iff dmin <= r <= dmax, and dmax is reached at an endpoint:
///   meets  <=>  segment_hits_disk  and not (|a - c| < r and |b - c| < r).
/// So it is the segment_hits_disk filter (which settles most inputs without
/// the region tests) plus both endpoint signs, which that filter computes
/// anyway: certain when the disk test and both endpoint tests are certified.
struct SegmentMeetsCircleFilter {
    bool certain, meets;
    /// The disk test's region is certainly the interior, only its line test
    /// declined, and not both endpoints are inside: meets iff the exact line
    /// distance is <= r.
    bool only_line_uncertain;
    template <class F>
    TOUCHSTONE_ROBUST_INLINE explicit SegmentMeetsCircleFilter(const SegmentCircleFilters<F>& f) {
        const SegmentHitsDiskFilter& h = f.hits;
        const bool ends = h.a_certain & TOUCHSTONE_MUTANT(smc_b_uncertified, h.b_certain, true);
        const bool not_both_in = !TOUCHSTONE_MUTANT(smc_both_inside_meets, h.both_in, false);
        certain = h.certain & ends;
        meets = h.hit & not_both_in;
        only_line_uncertain = h.only_line_uncertain & ends & not_both_in;
    }
};

template <class T>
TOUCHSTONE_ROBUST_INLINE bool segment_meets_circle(Segment<T> s, Circle<T> c) {
    constexpr Primitive prim = Primitive::segment_meets_circle;
    // A segment that misses the closed disk misses its circumference.
    if (segment_box_misses_disk<T>(s.a.x, s.a.y, s.b.x, s.b.y, c.c.x, c.c.y, c.r)) {
        count<T>(prim, Layer::filter);
        return false;
    }
    const double r = c.r;
    const SegmentMeetsCircleFilter f(
        SegmentCircleFilters<double>(double(s.a.x), double(s.a.y), double(s.b.x), double(s.b.y),
                                     double(c.c.x), double(c.c.y), r, detail::MayUnderflow<T>{}));
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
