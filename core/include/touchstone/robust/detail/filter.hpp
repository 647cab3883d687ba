// touchstone::robust — error bounds of the floating-point filters, derived.
//
// Every filter evaluates its polynomial in a floating type F — double on the
// inline fast path (float inputs are widened first, exactly), x87 long double
// in the out-of-line extended stage — together with a *magnitude* P: the
// same expression with every term replaced by its absolute value. The sign
// of the computed value D is certified when |D| > B = eps P (+ eta2 for
// degree 2), where eps is derived below from the standard model of IEEE
// arithmetic (Higham, "Accuracy and Stability of Numerical Algorithms", 2nd
// ed., ch. 2-3):
//
//   fl(x op y) = (x op y)(1 + d),  |d| <= u = 2^-53 (double), 2^-64 (x87)
//
// valid while no result overflows or is subnormal, and Higham's Lemma 3.1: a
// product of n factors (1 + d_i)^(+-1) is 1 + theta_n, |theta_n| <= gamma(n)
// = n u / (1 - n u). Each constant is checked by a static_assert against its
// derivation (bounds_hold), with u / 128 of slack.
//
// Overflow guard: every filter's P bounds the magnitude of every
// intermediate of D (P is computed from the same rounded terms), so an
// intermediate that overflows makes P = +inf, B = +inf, and |D| > B fails:
// the filter declines. NaN (from invalid input, or inf - inf) fails every
// comparison and declines too. A filter therefore never certifies anything
// from an infinite or NaN input.
//
// Underflow: a product that underflows carries an *absolute* error of up to
// 2^-1075, not a relative one. The degree-2 filters add eta2 = 2^-1000 to
// their bound, which covers these absolute errors (a few 2^-1075) and the
// underflow of eps * P itself; eta2 is normal, so the common path never
// touches a subnormal operand. The degree-4 filter, whose absolute errors
// are amplified by other factors, instead demands that each degree-2 factor
// be at least guard4, and declines below it. Float inputs never reach these
// terms unless a magnitude is exactly zero: nonzero differences of floats
// are at least 2^-149, so every nonzero degree-2 magnitude is >= 2^-298.
//
// FMA contraction: the build pins -ffp-contract=off (PUBLIC on
// touchstone_core, since these inline filters compile in the consumer's
// translation units), so each operation is rounded as written. The bounds
// would survive contraction anyway: fma(a, b, c) = (ab + c)(1 + d) rounds
// each term at most as often as fl(fl(ab) + c), so every theta_n above stays
// an upper bound, and P keeps its lower bound; the test robust_fma_test
// checks this on a build with -ffp-contract=fast -mfma. Not allowed:
// evaluating double expressions in x87 extended precision (x86-64 uses SSE2,
// FLT_EVAL_METHOD 0; the extended stage asks for long double explicitly) and
// -ffast-math.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <type_traits>

#include "touchstone/robust/detail/layers.hpp"
#include "touchstone/robust/detail/mutation.hpp"

namespace touchstone::robust::detail {

/// The constants of the filters evaluated in F (double on the fast path,
/// long double in the extended stage). u is F's unit roundoff.
template <class F>
struct Bounds;

/// Higham's gamma(n) = n u / (1 - n u). Evaluated in F, so it is off by a few
/// units in its last place (~2^-50 gamma): negligible against the u / 128
/// slack each static_assert below leaves.
template <class F>
constexpr F gamma(int n, F u) {
    return n * u / (1 - n * u);
}

// ---------------------------------------------------------------------------
// Degree 2, "squared distance minus squared radius":
//   D = fl(fl(fl(dx*dx) + fl(dy*dy)) - rr),  dx = fl(x1 - x2), dy likewise,
//   rr = fl(r*r) (point_in_disk) or fl(s*s) with s = fl(r1 +- r2) (one
//   rounding of exact inputs, whatever the cancellation).
// dx^2 picks up theta_3 (subtraction twice, product), the sum theta_4, the final
// subtraction theta_5; rr picks up at most theta_3 + 1 = theta_4. Hence
//   |D - D*| <= gamma(5) P*,  P* = dx*^2 + dy*^2 + rr*.
// P = fl(fl(dx*dx) + fl(dy*dy)) + rr) holds every term with at most theta_5, so
// P* <= P / (1 - gamma(5)). B = fl(eps P) >= eps P (1 - u). Certified when
//   eps (1 - u) >= gamma(5) / (1 - gamma(5)).
//
// Degree 2, two-term determinant or dot product (orientation, w.v):
//   D = fl(fl(p*q) -+ fl(r*s)) with p, q, r, s each one rounded difference.
// Each product carries theta_3, the final operation theta_4:
//   |D - D*| <= gamma(4) (|pq| + |rs|)*,
// and P = fl(|fl(pq)| + |fl(rs)|) >= (1 - gamma(4)) (|pq| + |rs|)* (filter_det2 gets
// this P as |fl(l - r)| when the terms' signs differ, and needs none when they
// agree: see there). Certified when
//   eps (1 - u) >= gamma(4) / (1 - gamma(4)).
// (Shewchuk's ccwerrboundA = (3 + 16u) u is tighter because it does not count
// the rounding of the magnitude; 5u keeps the derivation one line.)
//
// Degree 4, segment interior: D4 = cc - rv with
//   cross = fl(fl(vx*wy) - fl(vy*wx))  (v, w rounded differences),
//   cc = fl(cross*cross),  vv = fl(fl(vx*vx) + fl(vy*vy)),  rr = fl(r*r),
//   rv = fl(rr*vv),  D4 = fl(cc - rv).
// cross = cross* + e, |e| <= gamma(4) Pc*, Pc* = |vx wy|* + |vy wx|* >= |cross*|.
//   |cc - cross*^2| <= ((2 gamma(4) + gamma(4)^2)(1 + u) + u) Pc*^2 =: alpha Pc*^2.
// rr*vv carries theta_1 and theta_4 and the product one more: theta_6.
//   |rv - r^2 vv*| <= gamma(6) r^2 vv*.
// The final subtraction adds u (|cc| + |rv|) <= u((1 + alpha) Pc*^2 + (1 + gamma(6)) r^2 vv*).
//   |D4 - D4*| <= beta (Pc*^2 + r^2 vv*),
//   beta = max(alpha + u (1 + alpha), gamma(6) + u (1 + gamma(6))).
// P4 = fl(fl(Pc*Pc) + rv), Pc = fl(|fl(vx*wy)| + |fl(vy*wx)|) >= (1 - gamma(4)) Pc*,
// so P4 >= (1 - gamma(10)) (Pc*^2 + r^2 vv*) ((1 - gamma(4))^2 (1 - u)^2 >=
// 1 - gamma(10), (1 - gamma(6))(1 - u) >= 1 - gamma(10)). Certified when
//   eps (1 - u) >= beta / (1 - gamma(10)).
template <class F>
struct Degree4 {
    static constexpr F u = Bounds<F>::u;
    static constexpr F alpha = (2 * gamma(4, u) + gamma(4, u) * gamma(4, u)) * (1 + u) + u;
    static constexpr F beta_c = alpha + u * (1 + alpha);
    static constexpr F beta_r = gamma(6, u) + u * (1 + gamma(6, u));
    static constexpr F beta = beta_c > beta_r ? beta_c : beta_r;
};

/// The three error constants, checked against their derivations above.
template <class F>
constexpr bool bounds_hold() {
    constexpr F u = Bounds<F>::u, slack = u / 128;  // slack absorbs B's own rounding
    return Bounds<F>::eps_dist2 * (1 - u) >= gamma(5, u) / (1 - gamma(5, u)) + slack &&
           Bounds<F>::eps_det2 * (1 - u) >= gamma(4, u) / (1 - gamma(4, u)) + slack &&
           Bounds<F>::eps_seg4 * (1 - u) >= Degree4<F>::beta / (1 - gamma(10, u)) + slack;
}

/// The fast path, in double.
template <>
struct Bounds<double> {
    static constexpr double u = 0x1p-53;
    static constexpr double eps_dist2 = 6 * u;
    static constexpr double eps_det2 = 5 * u;
    static constexpr double eps_seg4 = 12 * u;
    /// Absolute term of the degree-2 bounds: B = fl(fl(eps P) + eta2). With
    /// gradual underflow, fl(x * y) = xy (1 + d) + e, |e| <= 2^-1075 (sums
    /// and differences are exact when subnormal). A degree-2 filter rounds at
    /// most three products, so underflow adds at most 3 2^-1075 (1 + u)^2 <
    /// 2^-1072 to |D - D*|, and P* <= (P + 3 2^-1075) / (1 - gamma(n)); eps P
    /// may itself underflow by 2^-1075. All of it is far below eta2 = 2^-1000
    /// (normal, so the common path never meets a subnormal operand).
    static constexpr double eta2 = 0x1p-1000;
    /// Lower guard for each degree-2 factor of the degree-4 test (Pc, rr, vv).
    /// Underflow errors there total at most 2^-1072 (Pc + rr + vv + 1) (an
    /// underflowed term times the other factors). With each factor >= 2^-480
    /// this is below 2^-110 (Pc^2 + rr vv) <= 2^-109 P4, inside the slack, and
    /// eps * P4 >= 2^-1013 is normal.
    static constexpr double guard4 = 0x1p-480;
    /// filter_disk's relative constant (derived there).
    static constexpr double eps_disk = 12 * u;
    /// filter_disk's constants where rr's own roundings are known (derived
    /// there): rr = fl(r |r|), one rounding (point_in_disk), and rr =
    /// fl(fl(r1 + r2)^2), three (disks_overlap).
    static constexpr double eps_point_disk = 6 * u;
    static constexpr double eps_disks = 8 * u;
    /// shared_orientation_bound's constant (derived there).
    static constexpr double eps_shared = 9 * u;
};
static_assert(bounds_hold<double>());

/// filter_disk's constant against its derivation (see there): rr and s
/// carry theta_4 each, D theta_5, and the bound's own rounding (1 - u).
constexpr bool disk_bound_holds() {
    constexpr double u = Bounds<double>::u, g4 = gamma(4, u), g5 = gamma(5, u);
    return Bounds<double>::eps_disk * (1 - u) * (1 - g4) * (1 - 2 * g5) >= 2 * g5 + u / 128;
}
static_assert(disk_bound_holds());

/// The constants of filter_disk for an rr of k roundings against their
/// derivation (see there), float form and double form, with u / 128 of
/// slack.
constexpr bool disk_rr_bound_holds(double eps, int k) {
    constexpr double u = Bounds<double>::u, g4 = gamma(4, u);
    const double gk = gamma(k, u);
    return eps * (1 - u) / (1 + u) >= (g4 + gk) / ((1 - gk) * (1 - 2 * g4)) + u / 128 &&
           eps * (1 - u) * (1 - u) / (1 + u) >= g4 / (1 - g4) + gk / (1 - gk) + u / 128;
}
static_assert(disk_rr_bound_holds(Bounds<double>::eps_point_disk, 1));
static_assert(disk_rr_bound_holds(Bounds<double>::eps_disks, 3));

/// shared_orientation_bound's constant against its derivation (see there).
constexpr bool shared_bound_holds() {
    constexpr double u = Bounds<double>::u;
    return Bounds<double>::eps_shared * (1 - u) * (1 - u) * (1 - u) * (1 - u) >=
           2 * gamma(4, u) / ((1 - gamma(34, u)) * (1 - gamma(34, u))) + u / 128;
}
static_assert(shared_bound_holds());

/// Float inputs, widened to double, never make a filter underflow or
/// overflow, so the filters drop eta2 and guard4 for them (one addition per
/// degree-2 filter, three comparisons per degree-4 one):
///   - a float is an integer multiple of 2^-149, below 2^128 in magnitude;
///   - rounding to double keeps a value on the grid of 2^-k it lies on (the
///     result is the value itself or a multiple of its ulp, which is coarser),
///     and sums, differences and products of grid values are grid values
///     (multiples of 2^-k, 2^-k and 2^-(k+l));
///   - so every difference of inputs (and a float radius) is 0 or a
///     nonzero multiple of 2^-149 below 2^129; every degree-2 intermediate
///     (products, s, d, P, cross, Pc, vv, rr) is 0 or at least 2^-298 and
///     below 2^261; every degree-4 one (cross^2, rr vv, Pc^2, D4, P4) is 0
///     or at least 2^-596 and below 2^524;
///   - all of these, and every bound eps P (0, when D = 0 is never
///     certified, or at least 2^-53 2^-596 = 2^-649), are normal doubles:
///     the standard model holds with no absolute term.
/// Infinite or NaN float inputs stay infinite or NaN and decline as above.
template <class T>
using MayUnderflow = std::bool_constant<!std::is_same_v<T, float>>;

/// The extended stage, in x87 long double (64-bit significand, 15-bit
/// exponent), for inputs that are doubles or floats. Every intermediate of
/// every filter is then a rounded polynomial of degree <= 4 in differences
/// of inputs: at most 2^(4 * 1025 + 8) < 2^4200 in magnitude, and, when
/// nonzero, at least 2^(-4 * 1074 - 4 * 64) > 2^-4600. Long double reaches
/// from 2^-16382 to 2^16384: nothing overflows or underflows, so the pure
/// relative bounds hold with eta2 = 0 and no guard.
template <>
struct Bounds<long double> {
    static constexpr long double u = 0x1p-64L;
    static constexpr long double eps_dist2 = 6 * u;
    static constexpr long double eps_det2 = 5 * u;
    static constexpr long double eps_seg4 = 12 * u;
    static constexpr long double eta2 = 0;
    static constexpr long double guard4 = 0;
};

/// Whether this platform's long double is the x87 format assumed above (on
/// others the extended stage is skipped: correctness never depends on it).
inline constexpr bool has_extended_stage = std::numeric_limits<long double>::digits == 64 &&
                                           std::numeric_limits<long double>::max_exponent >= 4400 &&
                                           std::numeric_limits<long double>::min_exponent <= -4700;
static_assert(!has_extended_stage || bounds_hold<long double>());

/// An interval [lo, hi] that holds a fraction f = n / d of the ray casts'
/// fast paths (ray_casts.hpp for float inputs, ray_cast_polygon's double
/// filter in ray_casts.cpp), from computed n', d' within bn, bd of their
/// values (|dn| <= bn, |dd| <= bd) and |d'| > 2 bd. Derivation:
/// n'/d' - f = (dn - f dd) / d' and |f| <= |n'/d'| + |n'/d' - f|, so
///   |n'/d' - f| <= (bn + |n'/d'| bd) / (|d'| - bd) <= 2 (bn + |n'/d'| bd) / |d'|.
/// One division: r = fl(1 / d'), q = fl(n' r), within 2.01 u |q| of n'/d'
/// (u = 2^-53); the bound's own evaluation errs by a few u of itself (the
/// factor 1 + 2^-40), and lo = q - err, hi = q + err round by at most
/// u (|q| + err): the term 2^-50 |q| covers 2.01 u |q| + u |q| with room.
/// Float inputs never underflow here (ray_casts.hpp); with Underflow (double
/// inputs) eta2 = 2^-1000 is added for what underflows (q's and the bound's
/// own roundings, each below 2^-1074; the caller keeps |d'| > 2 bd >= 2^-999
/// so that 1 / d' is finite and normal). Returns err (hi - lo = 2 err before
/// rounding): +inf when q overflows (err >= 2^-50 |q|).
template <bool Underflow>
TOUCHSTONE_ROBUST_INLINE double fraction_interval(double n, double d, double bn, double bd,
                                                  double& lo, double& hi,
                                                  std::bool_constant<Underflow> = {}) {
    const double r = 1 / d, q = n * r, aq = std::fabs(q);
    double err = 2 * (bn + aq * bd) * std::fabs(r) * (1 + 0x1p-40) + aq * 0x1p-50;
    if constexpr (Underflow) err = err + Bounds<double>::eta2;
    lo = q - err;
    hi = q + err;
    return err;
}

}  // namespace touchstone::robust::detail

namespace touchstone::robust {
inline namespace TOUCHSTONE_ROBUST_ABI {
namespace impl {

// ---------------------------------------------------------------------------
// The filters. Each evaluates its polynomial D and says whether the sign of D
// is certified (|D| > B and the guards hold). A zero is never certified
// (|D| > B fails for D = 0): exact zeros, the tangent and collinear cases,
// always go to the exact stage. The functions are branch-free so that the
// predicates can combine several of them and branch once, predictably (on
// ordinary inputs every sign is certified), instead of branching on signs
// that are random on random inputs.

/// A filtered value in F: certain when sign(d) is proven to be the sign of
/// the exact polynomial (and d != 0).
template <class F>
struct Filtered {
    F d;           ///< the computed value; its sign is the answer when certain
    bool certain;  ///< sign(d) == sign(exact D), d != 0
    /// The magnitude P (set by filter_line_vs_circle, 0 elsewhere). There it
    /// is +inf or NaN whenever vx, vy, wx or wy is infinite or NaN (each
    /// enters Pc = |vx wy| + |vy wx|, whose square is then +inf or NaN, and
    /// +inf + rv is +inf or NaN), so P < inf proves v and w finite (an
    /// overflow of finite terms merely declines; P = -inf needs Pc finite).
    F p = 0;
};

/// +1 or -1, the sign of a nonzero double from its sign bit: -b | 1 with
/// b = bit 63 (0 or 1) is 1 or -1. Four instructions (move, shift, negate,
/// or) where `std::signbit(d) ? -1 : 1` compiles to six on x86-64 clang 14;
/// in orient2d's throughput-bound benchmark loop of about forty instructions
/// that is measurable (issue 15, sixth round). Only for a certified d, which
/// is never zero (the sign bit of -0 would give -1).
inline int sign_of_nonzero(double d) {
    std::uint64_t bits;
    std::memcpy(&bits, &d, sizeof bits);
    return -static_cast<int>(bits >> 63) | 1;
}

/// The filters below take Underflow = false only for float inputs widened to
/// double (MayUnderflow<float>): then eta2 and guard4 are not needed.

/// D = dx^2 + dy^2 - rr; dx, dy rounded differences, rr = fl(r*r) or
/// fl(fl(r1 +- r2)^2). Bound: eps_dist2 P + eta2. (Callers may pass
/// rr = fl(r*|r|): for a negative, invalid r, D > 0 and only "outside" can be
/// certified, which is the invalid-input answer false.)
template <class F, bool Underflow = true>
TOUCHSTONE_ROBUST_INLINE Filtered<F> filter_dist2(F dx, F dy, F rr,
                                                  std::bool_constant<Underflow> = {}) {
    using B = detail::Bounds<F>;
    const F s = dx * dx + dy * dy;
    const F d = s - rr;
    const F p = s + rr;
    F bound = TOUCHSTONE_MUTANT(dist2_bound_tiny, B::eps_dist2, B::eps_dist2 / 0x1p20) * p;
    if constexpr (Underflow) bound = bound + TOUCHSTONE_MUTANT(dist2_eta_dropped, B::eta2, F(0));
    // NaN and +inf fail
    return {d, TOUCHSTONE_MUTANT(dist2_zero_certified,
                                 std::fabs(d) > TOUCHSTONE_MUTANT(dist2_bound_zero, bound, F(0)),
                                 std::fabs(d) >= bound)};
}

/// D = s - rr, s = fl(fl(dx*dx) + fl(dy*dy)), rr = fl(r |r|) or
/// fl(fl(r1 + r2)^2), in double: point_in_disk, and the endpoint tests of
/// SegmentHitsDiskFilter for float inputs (issue 15: two operations fewer
/// than filter_dist2, whose form the double segment filters and the
/// extended stage keep; disks_overlap uses it too, with rr =
/// fl(fl(r1 + r2)^2)). Callers answer "inside" with std::signbit(d) when
/// certain.
///
/// Bound, float inputs (Underflow = false): eps_disk rr. Derivation: with
/// the standard model (no overflow or underflow: see MayUnderflow), s and rr
/// carry theta_4 each, so |D - D*| <= gamma(5) P*, P* = s* + rr*
/// = 2 rr* + D* <= 2 rr* + |D| + |D - D*|, hence
///   |D - D*| (1 - gamma(5)) <= gamma(5) (2 rr / (1 - gamma(4)) + |D|),
/// and |D - D*| < |D| (the sign is certified) as soon as
///   |D| > 2 gamma(5) rr / ((1 - gamma(4)) (1 - 2 gamma(5))),
/// which fl(eps_disk rr) >= eps_disk rr (1 - u) guarantees
/// (disk_bound_holds). Float inputs widened to double never overflow
/// (every degree-2 value is below 2^261); an infinite or NaN input:
///   - r = +inf: rr = +inf, the bound +inf, nothing certified;
///   - r = -inf or a negative r (invalid): rr < 0, D = s + r^2 > 0 (or NaN),
///     so only "outside" can be certified: false, the invalid-input answer;
///   - p or a centre infinite (invalid): s = +inf, D = +inf or NaN: "outside"
///     or nothing, false either way; NaN anywhere: D or the bound NaN, the
///     comparison fails.
/// A zero D is never certified (|D| > B fails for B >= 0, and for B < 0 the
/// radius is negative and D = s + r^2 > 0 unless s = 0 and r = -0, where
/// rr = -0 and B = -0).
///
/// Bound, double inputs: eps_disk max(s, rr) + eta2. max(s, rr) >= P / 2,
/// so the relative part is the same derivation with P* <= 2 max(s, rr) /
/// (1 - gamma(4)), and eta2 covers the underflow as in filter_dist2. The
/// maximum is what keeps overflow out: a double r up to DBL_MAX may square to
/// +inf, and finite points may give s = +inf; either makes the bound +inf
/// and the filter declines (r = +inf, invalid, as well), where rr alone would
/// certify s = +inf "outside" against an rr within a few ulps of the
/// overflow threshold. std::max(s, rr) returns s when rr is NaN, and D is
/// NaN then.
///
/// Tighter constants where the caller knows rr's roundings (`eps_rel`; issue
/// 15, tenth round: the near-degenerate inputs the filter certifies rise
/// from 37 % to 64 % for point_in_disk and from 50 % to 60 % for
/// disks_overlap, and those calls skip the double-double stage). The
/// derivation above charges D's own rounding and s's and rr's theta_4 to
/// P*; it need not. Rounding is monotone and gives zero only for zero (a
/// difference is exact when subnormal), so sign(d) = sign(s - rr) and
/// only s and rr carry error: s = S*(1 + theta_4) (dx = fl(Dx*) theta_1,
/// its square theta_3, the sum theta_4) and rr = R*(1 + theta_k), k = 1
/// for fl(r |r|), k = 3 for fl(fl(r1 + r2)^2). With E = |(s - rr) - D*| <=
/// gamma(4) S* + gamma(k) R*:
///   - float form: S* = R* + D*, |D*| <= |s - rr| + E, so E (1 - gamma(4))
///     <= (gamma(4) + gamma(k)) R* + gamma(4) |s - rr|, and R* <= rr / (1 -
///     gamma(k)); E < |s - rr| (the sign is certified) as soon as
///       |s - rr| > (gamma(4) + gamma(k)) rr / ((1 - gamma(k)) (1 - 2 gamma(4))).
///   - double form: S* <= s / (1 - gamma(4)), R* <= rr / (1 - gamma(k)), so
///       E <= (gamma(4) / (1 - gamma(4)) + gamma(k) / (1 - gamma(k))) max(s, rr),
///     with eta2 for underflow as before (at most three rounded products).
/// |d| > fl(eps rr) (or fl(fl(eps max(s, rr)) + eta2)) gives |s - rr| >=
/// |d| / (1 + u) > eps rr (1 - u) / (1 + u) (the double form one more
/// (1 - u)): disk_rr_bound_holds checks eps_point_disk (k = 1) and
/// eps_disks (k = 3) against both. The other callers (the segment and
/// capsule endpoint tests) keep eps_disk: their rr and differences are
/// not all of this form.
template <bool Underflow = true>
TOUCHSTONE_ROBUST_INLINE Filtered<double> filter_disk(
    double dx, double dy, double rr, std::bool_constant<Underflow> = {},
    double eps_rel = detail::Bounds<double>::eps_disk) {
    using B = detail::Bounds<double>;
    const double s = dx * dx + dy * dy;
    const double d = s - rr;
    const double eps = TOUCHSTONE_MUTANT(disk_bound_tiny, eps_rel, eps_rel / 0x1p20);
    double bound;
    if constexpr (Underflow)
        bound = eps * TOUCHSTONE_MUTANT(disk_max_dropped, std::max(s, rr), rr) +
                TOUCHSTONE_MUTANT(disk_eta_dropped, B::eta2, 0.0);
    else
        bound = eps * rr;
    return {d, TOUCHSTONE_MUTANT(disk_zero_certified, std::fabs(d) > bound, std::fabs(d) >= bound)};
}

/// D = l + r for two rounded products of rounded differences (a dot
/// product), or D = l - r with Difference (a determinant: filter_det2 of
/// (l, -r) written without the negation, the same D and P bit for bit, one
/// operation fewer on the orientation's path: issue 15, fifth round).
/// Bound: eps_det2.
///
/// The magnitude is |l - r| (Ozaki, Buenger, Ogita, Oishi and Rump, "Simple
/// floating-point filters for the two-dimensional orientation problem", BIT
/// 2016), one operation fewer than |l| + |r| (with Difference: |l + r|,
/// the same quantity for r' = -r; below, r stands for the signed term):
///   - l and r of opposite signs (or one zero): |l - r| = |l| + |r|, the
///     magnitude P of the derivation above, rounded once like fl(|l| + |r|);
///   - l and r of the same sign: no cancellation. A rounded difference of
///     inputs has the sign of the exact one (rounding is monotone, and zero
///     only when the inputs are equal), so a nonzero rounded product has the
///     sign of the exact product, and the exact D = L + R has the sign of
///     d = fl(l + r); |d| = |l| + |r| >= |l - r| > eps |l - r| certifies it
///     (d != 0). Underflow: a product that rounds to zero or to the other
///     side of zero carries an absolute error below 2^-1074, which eta2
///     covers exactly as before (the bound is at least eta2 whatever P is).
template <class F, bool Underflow = true, bool Difference = false>
TOUCHSTONE_ROBUST_INLINE Filtered<F> filter_det2(F l, F r, std::bool_constant<Underflow> = {},
                                                 std::bool_constant<Difference> = {}) {
    using B = detail::Bounds<F>;
    const F d = Difference ? l - r : l + r;
    const F p = TOUCHSTONE_MUTANT(det2_magnitude_signed, std::fabs(Difference ? l + r : l - r),
                                  std::fabs(d));
    F bound = B::eps_det2 * p;
    if constexpr (Underflow) bound = bound + B::eta2;
    return {d, TOUCHSTONE_MUTANT(det2_zero_certified,
                                 std::fabs(d) > TOUCHSTONE_MUTANT(det2_bound_zero, bound, F(0)),
                                 std::fabs(d) >= bound)};
}

/// D = (b - a) x (c - a), the orientation of (a, b, c).
template <class F, bool Underflow = true>
TOUCHSTONE_ROBUST_INLINE Filtered<F> filter_orientation(F ax, F ay, F bx, F by, F cx, F cy,
                                                        std::bool_constant<Underflow> u = {}) {
    return filter_det2<F>((bx - ax) * TOUCHSTONE_MUTANT(orientation_wrong_vertex, cy - ay, cy - by),
                          (by - ay) * (cx - ax), u, std::true_type{});
}

/// D = cross(v, w)^2 - rr |v|^2 (line distance of c vs r; v = b - a,
/// w = c - a rounded). Bound: eps_seg4 P4, guards guard4 (double inputs);
/// rr < 0 declines. Returns P4 too (see Filtered::p).
template <class F, bool Underflow = true>
TOUCHSTONE_ROBUST_INLINE Filtered<F> filter_line_vs_circle(F vx, F vy, F wx, F wy, F rr,
                                                           std::bool_constant<Underflow> = {}) {
    using B = detail::Bounds<F>;
    const F p1 = vx * wy, p2 = vy * wx;
    const F cross = p1 - p2;
    const F pc = std::fabs(p1) + std::fabs(p2);
    const F vv = vx * vx + vy * vy;
    const F rv = rr * vv;
    const F d = TOUCHSTONE_MUTANT(line_cross_magnitude, cross * cross, pc * pc) - rv;
    const F p = pc * pc + rv;
    // The guards: rr >= 0 (a negative, invalid radius declines) and, for
    // double inputs, each degree-2 factor at least guard4. guard4 > 0, so the
    // one comparison of their minimum checks rr >= 0 as well. std::min may
    // drop a NaN pc, vv or rr from the minimum, but then d is NaN and the
    // bound test fails.
    bool guards;
    if constexpr (Underflow)
        guards = TOUCHSTONE_MUTANT(line_guard_dropped, std::min(std::min(pc, vv), rr) >= B::guard4,
                                   rr >= 0);
    else
        guards = rr >= 0;
    return {
        d,
        bool(guards & (std::fabs(d) >
                       TOUCHSTONE_MUTANT(line_bound_tiny, B::eps_seg4, B::eps_seg4 / 0x1p20) * p)),
        p};
}

/// A bound shared by many orientations (issue 15, point_in_polygon): the
/// orientations cross(A_i, A_j) = A_i.x A_j.y - A_i.y A_j.x of vectors that
/// are each one rounded difference of inputs (A = fl(a - p), a vertex
/// relative to a common point), given S = the computed sum of |A.x| + |A.y|
/// over all the k <= 34 coordinates (in any order). Derivation: as
/// filter_det2, |D - D*| <= gamma(4) (|Ax* By*| + |Ay* Bx*|) with the exact
/// differences |Ax*| <= |Ax| / (1 - u) <= M / (1 - u), M the largest |A.x|,
/// |A.y|, so
///   |D - D*| <= 2 gamma(4) M^2 / (1 - u)^2.
/// A sum of k nonnegative terms, rounded k - 1 times, is at least
/// (1 - gamma(k)) times the exact sum, itself at least M: S >= (1 -
/// gamma(34)) M. The bound B = fl(fl(eps_shared S) S) >= eps_shared S^2
/// (1 - u)^2 covers |D - D*| when eps_shared (1 - gamma(34))^2 (1 - u)^4 >=
/// 2 gamma(4) (shared_bound_holds). One bound for every edge: each
/// orientation costs two products and a subtraction, its certificate one
/// comparison |D| > B (a zero D never passes), which callers may take as
/// the minimum of the |D| against B (std::min drops a NaN |D|, but a finite
/// B rules NaN out, below).
/// Double inputs (Underflow): + eta2, which covers the products' absolute
/// underflow errors (below 2^-1074 each) and B's own, as in filter_det2.
/// Float inputs: every nonzero difference is at least 2^-149 and below
/// 2^129 (MayUnderflow), and S below 2^135, so S^2 and eps_shared S^2 are 0
/// or normal. Overflow and invalid input: the bound is +inf (nothing is
/// certified) unless S < 2^500. That proves every A.x, A.y finite (a sum of
/// nonnegative terms propagates +inf and NaN, and NaN fails the
/// comparison), hence every input finite and no difference overflowed; and
/// it keeps every product below 2^1001 (M <= S / (1 - gamma(34))), every D
/// finite: a D that overflowed would be +-inf and pass |D| > B, and B =
/// eps S^2 alone would not see it (eps S S stays finite where S^2 does not).
template <bool Underflow = true>
TOUCHSTONE_ROBUST_INLINE double shared_orientation_bound(double s,
                                                         std::bool_constant<Underflow> = {}) {
    const double eps = TOUCHSTONE_MUTANT(shared_bound_tiny, detail::Bounds<double>::eps_shared,
                                         detail::Bounds<double>::eps_shared / 0x1p20);
    double b = eps * s * s;
    if constexpr (Underflow) b = b + detail::Bounds<double>::eta2;
    return TOUCHSTONE_MUTANT(shared_range_unchecked, s < 0x1p500,
                             s < std::numeric_limits<double>::infinity())
               ? b
               : std::numeric_limits<double>::infinity();
}

}  // namespace impl
}  // namespace TOUCHSTONE_ROBUST_ABI
}  // namespace touchstone::robust
