// touchstone::robust — bodies of the segment-vs-circle primitives
// (declarations and contracts: touchstone/robust/segment_circle.hpp).
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <type_traits>

#include "touchstone/geometry.hpp"
#include "touchstone/robust/detail/exact.hpp"
#include "touchstone/robust/detail/filter.hpp"
#include "touchstone/robust/detail/layers.hpp"
#include "touchstone/robust/detail/mutation.hpp"
#include "touchstone/robust/detail/sse2.hpp"

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
    const double rr = r * std::fabs(r);
    const double rv = rr * vv;
    const double d = (cross * cross + m * m) - rv;
    const double pc = std::fabs(p1) + std::fabs(p2);
    const double q = 2 * (std::fabs(p3) + std::fabs(p4)) + vv;
    const double p = (pc * pc + q * q) + std::fabs(rv);
    bool certain = std::fabs(d) > TOUCHSTONE_MUTANT(sdl_bound_tiny, 0x1p-49, 0x1p-49 / 0x1p20) * p;
    if constexpr (Underflow)
        certain = certain & TOUCHSTONE_MUTANT(sdl_underflow_unguarded,
                                              (p >= 0x1p-900) & (vv >= 0x1p-960), true);
    return {d, certain};
}

/// filter_segment_disk's eps against its derivation (see there).
constexpr bool segment_disk_bound_holds() {
    constexpr double u = detail::Bounds<double>::u;
    return 0x1p-49 * (1 - u) * (1 - detail::gamma(14, u)) >= detail::gamma(12, u) + u / 128;
}
static_assert(segment_disk_bound_holds());

// ----- segment_hits_disk's certificate: the clamped projection, scaled -------------------
//
// (issue 15, seventh round) The naive code's computation, certified: the
// parameter of the closest point t = clamp(w.v / v.v, 0, 1), its offset
// w - t v, and |w - t v|^2 against r^2, with v = b - a, w = c - a. Scaled
// by vv = |v|^2 so that no division is needed (a division was about half a
// nanosecond of the loop's latency): s = clamp(dot, 0, vv), Q = vv w - s v =
// vv (w - tau v) with tau = s / vv in [0, 1], e = |Q|^2 = vv^2 |w - tau v|^2.
// Two thresholds that need only rr and vv (so they are ready before e, off
// the loop's critical path) decide:
//   a miss when R1 < e,  R1 = fl(A m),   A = fl(fl(rr c1) + fl(vv c2)),
//   a hit  when e < R2,  R2 = fl(R2u m), R2u = fl(rr - fl(A - rr)),
// m = fl(vv vv), rr = fl(r r) (r >= 0: a negative radius declines first),
// c1 = 1 + c, c2 = c = 2^-46 (R2u mirrors the margin A - rr below rr; not
// fl(2 rr - A), whose 2 rr overflows for r near 2^512 and made R2 = +inf:
// every finite e a "hit"). The result is a mask: bit 0 a certified miss,
// bit 1 a certified hit, 0 when neither (never both:
// A >= rr >= R2u by monotone rounding, so R2 <= R1).
//
// Derivation (standard model, Higham; exact quantities starred: v*, w* the
// exact differences, vv* = |v*|^2, dist* the exact distance from c to the
// segment, rho = r^2). Valid input first (every field finite, r >= 0), and
// no overflow or underflow (see below for both).
//  - vx = vx*(1 + d) etc.; dot = fl(fl(vx wx) + fl(vy wy)) and vv carry
//    theta_4 per term: |dot - dot*| <= gamma(4) Pd*, Pd* = |vx* wx*| +
//    |vy* wy*| <= |v*| |w*|, and vv = vv* (1 + theta_4).
//  - tau = s / vv = clamp(t, 0, 1), t = dot / vv (exactly), and
//    |t - t0*| <= 2 gamma(4) / (1 - gamma(4)) Pd* / vv* = gamma(8) Pd* / vv*
//    with t0* = dot* / vv*. E(x) = |w* - x v*|^2 = E(t0*) + vv* (x - t0*)^2
//    has its minimum over [0, 1] at clamp(t0*), and tau lies within
//    err = |t - t0*| of it with, in the clamped cases, |t0* - clamp(t0*)|
//    <= err too (t and t0* on opposite sides of 0 or 1), so
//      0 <= E(tau) - dist*^2 <= 3 vv* err^2 <= 3 gamma(8)^2 |w*|^2 <= 3 gamma(8)^2 H,
//    H = hx^2 + hy^2, hx = |wx*| + tau |vx*| (>= |wx*|). (0 <= because tau
//    is in [0, 1]: a hit needs no accuracy of tau at all.)
//  - Qx* = vv wx* - s vx* = vv (wx* - tau vx*) (vv and s the computed
//    values): |Qx - Qx*| <= (u + (1 + u) gamma(2)) vv hx <= gamma(3) vv hx,
//    |fl(Qx^2) - Qx*^2| <= (2 gamma(3) + gamma(3)^2 + u (1 + gamma(3))^2)
//    vv^2 hx^2 <= gamma(7) vv^2 hx^2, and with the sum
//      |e - vv^2 E(tau)| <= (gamma(7) + u (1 + gamma(7))) vv^2 H <= gamma(8) vv^2 H.
//  - hx <= |wx* - tau vx*| + 2 tau |vx*| and (p + q)^2 <= 5 p^2 + (5/4) q^2:
//    H <= 5 (E(tau) + tau^2 vv*) <= 5 (E(tau) + vv*); with E(tau) <= e / vv^2
//    + gamma(8) H: H <= 5 (e / vv^2 + vv*) / (1 - 5 gamma(8)).
//  - Miss (R1 < e): dist*^2 >= E(tau) - 3 gamma(8)^2 H >= (1 - k) e / vv^2 -
//    k vv*, k = 5 (gamma(8) + 3 gamma(8)^2) / (1 - 5 gamma(8)); R1 >= (1 -
//    u)^4 vv^2 (rr c1 + vv c2), vv* <= vv / (1 - gamma(4)) and rho <= rr /
//    (1 - u), so dist*^2 > rho when
//      (1 - k)(1 - u)^4 c1 >= 1 / (1 - u),  (1 - k)(1 - u)^4 c2 >= k / (1 - gamma(4)).
//  - Hit (e < R2, so R2u > 0): e < (1 + u)^2 vv^2 R2u (also when fl(R2u m)
//    overflows to +inf: then R2u m >= 2^1024 (1 - u) > e), and A >= rr, so
//    R2u <= (1 + u)(rr - (1 - u)(A - rr)) <= (1 + u)(rr (2 - u) - (1 - u)^3
//    (rr c1 + vv c2)); dist*^2 <= E(tau) <= (1 + k1) e / vv^2 + k1 vv*,
//    k1 = 5 gamma(8) / (1 - 5 gamma(8)); rho >= rr / (1 + u), so dist*^2 <=
//    rho when
//      (1 + k1)(1 + u)^3 (2 - u - (1 - u)^3 c1) <= 1 / (1 + u),
//      (1 + k1)(1 + u)^3 (1 - u)^3 c2 >= k1 / (1 - gamma(4)).
//    segment_projection_bounds_hold checks the four with u / 128 of slack
//    (c = 128 u: about three times what they need).
//  - v* = 0 (a = b): vv = 0 (or, for double inputs, vv < 2^-300: declined),
//    e = R1 = R2 = 0: nothing is certified.
// Invalid input: a NaN field makes vv, e or A NaN (every comparison false);
// a or b infinite makes vv +inf or NaN (R1 = +inf or NaN, R2u = -inf or
// NaN); c infinite (a, b finite) makes e +inf or NaN, +inf certifies a
// miss: false, the invalid-input answer; r = +inf makes R1 +inf or NaN and
// R2u NaN; r < 0 declines before any of this (segment_projection's first
// branch: with rr = r r it would certify hits, and with rr = r |r| the old
// argument that R2u <= 0 failed near r = -2^512, where A overflowed to -inf
// and R2u became +inf: a certified hit, found by fuzzing). Only misses are
// certified for invalid input, and false is its answer. A certified hit
// thus proves every field valid.
// Float inputs (widened exactly): no overflow (differences below 2^129,
// every intermediate below 2^800) and no underflow: every nonzero
// intermediate is a multiple of 2^-149 (differences), 2^-298 (degree 2),
// 2^-343 (A, R2u: c = 2^-46), 2^-447 (Q) or 2^-894 (e), rounded at most to
// such a multiple, so at least that, and m, R1, R2 are at least 2^-940:
// normal. So the guard below is for double inputs only.
// Double inputs: certified only when 2^-300 <= vv <= 2^300 (one unsigned
// comparison of its bits). Underflow: m >= 2^-600, A >= vv c2 >= 2^-346 and
// R1 >= 2^-946 are normal; the absolute errors 2^-1075 of the products that
// may underflow (fl(vv wx), fl(s vx), the squares, fl(rr c1), dot's
// products, fl(R2u m)) add at most 2^-72 vv^2 H + 2^-1069 to |e - vv^2
// E(tau)| (2^-1072 vv (hx + hy) <= 2^-72 vv^2 H + 2^-1072 by AM-GM), and
// 2^-1069 / vv^2 <= 2^-469, far below the slack of the c2 terms, 87u vv >=
// 2^-347; dot's add 2^-1073 / vv <= 2^-773 to err. Overflow: R1 finite
// proves rr and vv finite (r < 2^512, |v*| <= 2^150 by the guard). A
// certified hit has e < R2 finite, so Q, fl(vv wx), fl(s vx) and the
// squares are finite: no overflow where a hit is decided (and tau in [0, 1]
// whatever dot was: NaN clamps to 0). A certified miss with an overflow:
// either w*, a product of dot or fl(vv wx) overflowed, which needs |w*| >=
// 2^723 and so dist* >= 2^722 > r; or only e did (+inf): then Qx^2 + Qy^2
// >= 2^1024 (1 - 2u), and with |Qi - Qi*| <= gamma(3) vv hi, H <= 5 (E(tau)
// + vv*) and vv^2 vv* <= 2^901, vv^2 E(tau) >= 2^1024 (1 - 48u), while a
// finite R1 gives vv^2 rho <= 2^1024 / ((1 - u)^5 c1) < 2^1024 (1 - 50u)
// (c1 >= 1 + 56u), so dist*^2 > rho again.
constexpr double kSegmentMargin = 0x1p-46;

/// The constants of the projection certificate against its derivation.
constexpr bool segment_projection_bounds_hold() {
    constexpr double u = detail::Bounds<double>::u, slack = u / 128;
    constexpr double g2 = detail::gamma(2, u), g3 = detail::gamma(3, u), g4 = detail::gamma(4, u),
                     g7 = detail::gamma(7, u), g8 = detail::gamma(8, u);
    constexpr double c1 = 1 + kSegmentMargin, c2 = kSegmentMargin;
    constexpr double k = 5 * (g8 + 3 * g8 * g8) / (1 - 5 * g8), k1 = 5 * g8 / (1 - 5 * g8);
    constexpr double lo = 1 - u, hi = 1 + u;
    return u + hi * g2 <= g3 && 2 * g3 + g3 * g3 + u * (1 + g3) * (1 + g3) <= g7 &&
           g7 + u * (1 + g7) <= g8 && 2 * g4 / (1 - g4) <= g8 &&
           (1 - k) * lo * lo * lo * lo * c1 >= 1 / lo + slack &&
           (1 - k) * lo * lo * lo * lo * c2 >= k / (1 - g4) + slack &&
           (1 + k1) * hi * hi * hi * (2 - u - lo * lo * lo * c1) <= 1 / hi - slack &&
           (1 + k1) * hi * hi * hi * lo * lo * lo * c2 >= k1 / (1 - g4) + slack && c1 >= 1 + 56 * u;
}
static_assert(segment_projection_bounds_hold());

/// The double inputs' guard: 2^-300 <= vv <= 2^300 (NaN and +inf fail), as
/// one unsigned comparison of the bits (vv >= +0).
TOUCHSTONE_ROBUST_INLINE bool segment_projection_in_range(double vv) {
    std::uint64_t bits;
    std::memcpy(&bits, &vv, sizeof bits);
    constexpr std::uint64_t lo = 0x2d30000000000000u, hi = 0x52b0000000000000u;  // 2^-300, 2^300
    return bits - lo <= TOUCHSTONE_MUTANT(spc_guard_dropped, hi - lo, ~std::uint64_t{0});
}

/// The thresholds before their scaling by m = vv^2: A (R1 = A m) and R2u
/// (R2 = R2u m), as derived above.
TOUCHSTONE_ROBUST_INLINE void segment_projection_thresholds(double vv, double r, double& A,
                                                            double& R2u) {
    const double rr = r * r;  // r >= 0 here: segment_projection declines r < 0
    A = rr * TOUCHSTONE_MUTANT(spc_margin_tiny, 1 + kSegmentMargin, 1 + kSegmentMargin / 0x1p20) +
        vv * kSegmentMargin;
    R2u = TOUCHSTONE_MUTANT(
        spc_hit_margin_dropped,
        TOUCHSTONE_MUTANT(spc_hit_threshold_doubled, rr - (A - rr), (rr + rr) - A), rr);
}

/// The scalar form of the certificate (every target; the SSE2 form below
/// computes the same mask bit for bit). Guard: double inputs.
template <bool Guard>
TOUCHSTONE_ROBUST_INLINE int segment_projection_scalar(double ax, double ay, double bx, double by,
                                                       double cx, double cy, double r,
                                                       std::bool_constant<Guard>) {
    const double vx = bx - ax, vy = by - ay, wx = cx - ax, wy = cy - ay;
    const double dot = vx * wx + vy * wy, vv = vx * vx + vy * vy;
    double s = dot > 0 ? dot : 0.0;  // NaN: 0
    s = s < vv ? s : vv;
    const double qx = vv * wx - s * vx, qy = vv * wy - s * vy;
    const double e = qx * qx + qy * qy;
    double A, R2u;
    segment_projection_thresholds(vv, r, A, R2u);
    const double m = vv * vv;
    const double R1 = A * m, R2 = R2u * m;
    int mask = int(R1 < e) | (int(e < R2) << 1);
    if constexpr (Guard) mask = segment_projection_in_range(vv) ? mask : 0;
    return mask;
}

#if TOUCHSTONE_ROBUST_SSE2
/// The SSE2 form: the lanes (x, y) in one register, the two sums of lanes
/// as a + swap(a) (the same sum in both lanes: fl(p + q) = fl(q + p)), and
/// the two thresholds against e in one comparison, [R1, e] < [e, R2].
/// 31 floating-point operations for float inputs where the scalar form
/// compiled to about 40 (the loop of bench/robust is bound by them).
template <bool Guard>
TOUCHSTONE_ROBUST_INLINE int segment_projection_sse2(double ax, double ay, double bx, double by,
                                                     double cx, double cy, double r,
                                                     std::bool_constant<Guard>) {
    const __m128d pa = _mm_set_pd(ay, ax), pb = _mm_set_pd(by, bx), pc = _mm_set_pd(cy, cx);
    const __m128d v = _mm_sub_pd(pb, pa), w = _mm_sub_pd(pc, pa);
    const __m128d vw = _mm_mul_pd(v, w), v2 = _mm_mul_pd(v, v);
    const __m128d dot = _mm_add_pd(vw, _mm_shuffle_pd(vw, vw, 1));  // [dot, dot]
    const __m128d vv = _mm_add_pd(v2, _mm_shuffle_pd(v2, v2, 1));   // [vv, vv]
    // max(dot, 0): maxpd returns its second operand (0) when one is NaN
    const __m128d s = TOUCHSTONE_MUTANT(spc_sse2_clamp_dropped,
                                        _mm_min_pd(_mm_max_pd(dot, _mm_setzero_pd()), vv), dot);
    const __m128d q = _mm_sub_pd(_mm_mul_pd(vv, w), _mm_mul_pd(s, v));
    const __m128d q2 = _mm_mul_pd(q, q);
    const __m128d e = _mm_add_pd(q2, _mm_shuffle_pd(q2, q2, 1));  // [e, e]
    double A, R2u;
    segment_projection_thresholds(_mm_cvtsd_f64(vv), r, A, R2u);
    // [R1, R2] = [A, R2u] [m, m]
    const __m128d t = _mm_mul_pd(_mm_set_pd(R2u, A), _mm_mul_pd(vv, vv));
    // [R1, e] < [e, R2]: bit 0 a miss, bit 1 a hit
    int mask = _mm_movemask_pd(_mm_cmplt_pd(
        _mm_move_sd(e, TOUCHSTONE_MUTANT(spc_sse2_miss_from_r2, t, _mm_unpackhi_pd(t, t))),
        _mm_move_sd(t, e)));
    if constexpr (Guard) mask = segment_projection_in_range(_mm_cvtsd_f64(vv)) ? mask : 0;
    return mask;
}
#endif

/// The certificate's mask (bit 0 a certified miss, bit 1 a certified hit)
/// for the inputs widened to double; T gives the guard (double inputs).
template <class T>
TOUCHSTONE_ROBUST_INLINE int segment_projection(double ax, double ay, double bx, double by,
                                                double cx, double cy, double r) {
    // A negative (invalid) radius declines: near -2^512 its r |r| made the
    // hit threshold overflow into a certified hit (fuzz, robust_segment_hits_disk
    // -seed=1), and r r certifies hits outright. The general path answers it
    // (false). A predicted branch; NaN passes and fails the comparisons below.
    if (TOUCHSTONE_MUTANT(spc_negative_radius_admitted, r < 0, false)) return 0;
#if TOUCHSTONE_ROBUST_SSE2
    return segment_projection_sse2(ax, ay, bx, by, cx, cy, r, detail::MayUnderflow<T>{});
#else
    return segment_projection_scalar(ax, ay, bx, by, cx, cy, r, detail::MayUnderflow<T>{});
#endif
}

/// What the certificate declines (tangencies and near-tangencies, a = b,
/// double inputs outside its range, invalid input): the region-by-region
/// filter, then the exact stage. Out of line, its inputs in registers: the
/// fast path around it then keeps its registers (forced inline, it cost the
/// loop spills); `layer` is raised to the highest layer used. On the
/// benchmark's near-degenerate double inputs the region filter settles 6 %
/// of what reaches it (23,921 of 65,536 in all) and saves more exact calls
/// than it costs (without it: 32.5 ns a call against 27.6).
template <class T>
TOUCHSTONE_ROBUST_NOINLINE bool segment_disk_general(double ax, double ay, double bx, double by,
                                                     double cx, double cy, double r, Layer& layer) {
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

/// segment_hits_disk's decision on the inputs widened to double (T gives
/// the guard), without counting: the projection certificate (settles every
/// uniform call of the benchmark), then segment_disk_general; `layer` is
/// raised to the highest layer used. Shared by segment_hits_disk and
/// polygon_hits_disk's edges.
template <class T>
TOUCHSTONE_ROBUST_INLINE bool segment_disk_decided(double ax, double ay, double bx, double by,
                                                   double cx, double cy, double r, Layer& layer) {
    const int mask = segment_projection<T>(ax, ay, bx, by, cx, cy, r);
    if (TOUCHSTONE_MUTANT(spc_uncertified, mask != 0, true)) return mask >> 1;
    return segment_disk_general<T>(ax, ay, bx, by, cx, cy, r, layer);
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
    const int mask = segment_projection<T>(s.a.x, s.a.y, s.b.x, s.b.y, c.c.x, c.c.y, c.r);
    if (TOUCHSTONE_MUTANT(spc_uncertified_predicate, mask != 0, true)) {
        count<T>(prim, Layer::filter);
        return mask >> 1;
    }
    // (The Layer lives in the caller's frame only on this path: a second
    // out-of-line level that counted by itself cost 1.9 ns a call on the
    // near-degenerate double inputs.)
    Layer l = Layer::filter;
    const bool hit = segment_disk_general<T>(s.a.x, s.a.y, s.b.x, s.b.y, c.c.x, c.c.y, c.r, l);
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
