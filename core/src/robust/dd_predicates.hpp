// touchstone::robust — the double-double stage of orient2d, point_in_disk and
// disks_overlap (issue 15): the second stage, after the inline double filter
// declined, and before the exact integers.
//
// Portable: only IEEE double arithmetic and error-free transformations
// (double_double.hpp: two_diff, two_sum exact; dd_prod, dd_square exact
// with one fma where the target has hardware FMA, else Dekker's product),
// so every platform runs it (long double the x87 format or not). It replaces
// the x87 long double filter these three predicates had: that certified a
// sign when |D| > 5 2^-64 P (11 bits beyond double), this one when |D| >
// 2^-101 M (about twice double's precision), so it certifies everything the
// x87 stage did apart from the extreme magnitudes it declines (below), and
// only exact and almost exact degeneracies reach the integers.
//
// The polynomials are evaluated on the *exact* differences of the inputs, as
// double-words (hi, lo) with |lo| <= u |hi|, u = 2^-53 (two_diff; two_sum for
// disks_overlap's r1 + r2). Their head terms (products of hi words) are
// exact double-words too (dd_prod, dd_square) and are combined exactly
// (two_sum, two_diff) into a head h; everything else, a "tail" of terms each
// about u times the magnitude, is added in plain double. The computed value
// is D = fl(h + tail'), tail' the computed tail; rounding is monotone and
// gives zero only for zero, so sign(D) = sign(h + tail'), and D* (the exact
// value) = h + tail* exactly. Hence
//
//   sign(D) = sign(D*)  as soon as  |h + tail'| > |tail' - tail*|,
//
// and |h + tail'| >= |D| / (1 + u). The tail's error has two parts:
//
// Relative part (the standard model, no underflow or overflow): with A the
// exact sum of the head products' magnitudes and S the sum of the exact
// tail terms' magnitudes (<= c u A, c below), when every term of the tail
// passes through at most four roundings (each product one, each addition or
// subtraction one, doubling none), the computed tail is within gamma(4) S of
// its exact value (Higham, Lemma 3.1); the products of two lo words, below
// u^2 A together, are dropped. So
//
//   |tail' - tail*| <= (gamma(4) c u + u^2) A.
//
// The certificate B = fl(fl(eps M) + eta) uses the computed magnitude M of
// the head products, M >= (1 - u)^k A (k below), so B >= (1 - u)^(k+2)
// eps A + (1 - u) eta - 2^-1075, and |D| > B certifies when
//
//   eps (1 - u)^(k+2) / (1 + u) >= gamma(4) c u + u^2   (dd_bounds_hold)
//
// and eta covers the absolute part:
//
// Absolute part (underflow): a rounded product may underflow, with an
// absolute error of at most 2^-1075 (sums and differences are exact when
// subnormal); each stage rounds fewer than ten products beyond the head
// products, 2^-1071 in all. A head product |ab| >= 2^-960 is exact (two_prod
// is exact when the exponents satisfy e_a + e_b >= -970: the product and its
// error are then multiples of 2^-1074 with at most 53 significant bits,
// Dekker's partial products too); a smaller one may not be, but everything
// the stage computes from it (its rounded value, its error word, whatever
// Dekker's partial products make of it, the tail terms with its lo words)
// is below 32 2^-960 = 2^-955, and it enters at most three such terms:
// below 2^-952 in all, propagated through at most four roundings. eta =
// 2^-900 covers all of it (B >= eta / 2 for any M): the stage declines when
// |D| <= 2^-900, i.e. for differences below about 2^-450, and the exact
// integers answer those.
//
// Overflow: certified only when M < 2^1000 (one comparison, `range`).
// - dist2 (point_in_disk, disks_overlap): M = fl(fl(a1 + a2) + a3) is
//   monotone in the nonnegative squares a_i, so every square is below 2^1000,
//   every difference and radius sum below 2^500, and no intermediate
//   (squares, their sums, Veltkamp's split at most 2^528, tail terms)
//   reaches 2^1003. An infinite difference or radius sum (inputs that
//   overflow, or invalid ones) makes M = +inf; NaN makes it NaN; both fail
//   M < 2^1000.
// - det2 (orient2d): M = fl(|p1| + |p2|) bounds both head products. A head
//   (difference) that is infinite or NaN makes its product +-inf or NaN (inf
//   times 0 is NaN), hence M not below 2^1000. A finite head may still exceed
//   2^996 against a small partner; then Dekker's split overflows (c a = +-inf,
//   h = inf - inf = NaN), the error word and D are NaN and |D| > B fails;
//   below that the split is exact. With hardware FMA there is no split.
//   Every other intermediate is below 2 M or u 2^1025.
// Invalid input (infinite or NaN coordinates) is therefore never certified;
// a negative radius is the caller's check (the stage would answer for |r|).
#pragma once

#include <cmath>

#include "double_double.hpp"
#include "touchstone/robust/detail/filter.hpp"
#include "touchstone/robust/detail/mutation.hpp"

namespace touchstone::robust::exact {

/// The stage's constants (banner): eps_dd relative to the magnitude M,
/// eta_dd absolute, range_dd the overflow guard on M.
struct DDBounds {
    static constexpr double u = 0x1p-53;
    static constexpr double eps_dd = 0x1p-101;  // 32 u^2
    static constexpr double eta_dd = 0x1p-900;
    static constexpr double range_dd = 0x1p1000;
};

/// eps_dd against the two derivations below (dd_dist2: c = 5 (1 + u)^2, k =
/// 3; dd_det2: c = 4 (1 + u)^2, k = 2), with u / 2^40 of slack in units of
/// u^2 (B's own rounding is in the (1 - u)^2 already).
constexpr bool dd_bounds_hold() {
    constexpr double u = DDBounds::u, g4 = detail::gamma(4, u), slack = u * u / 0x1p40;
    constexpr double c_dist2 = 5 * (1 + u) * (1 + u), c_det2 = 4 * (1 + u) * (1 + u);
    constexpr double k3 = (1 - u) * (1 - u) * (1 - u), k2 = (1 - u) * (1 - u);
    return DDBounds::eps_dd * k3 * (1 - u) * (1 - u) / (1 + u) >=
               g4 * c_dist2 * u + u * u + slack &&
           DDBounds::eps_dd * k2 * (1 - u) * (1 - u) / (1 + u) >= g4 * c_det2 * u + u * u + slack;
}
static_assert(dd_bounds_hold());
/// Absolute part: B >= (1 - u) eta - 2^-1075 >= eta / 2 covers 2^-952 (1 + u)^5.
static_assert(DDBounds::eta_dd / 2 >= 0x1p-951);

/// A sign from the stage: certain when sign(d) is the exact sign (d != 0).
struct DDSign {
    double d;
    bool certain;
    double m;  ///< the magnitude M the bound is taken of (for the tests)
};

/// The certificate: |d| > fl(eps m) + eta and m < range_dd (NaN fails), eps
/// = eps_dd and eta = eta_dd (the callers' mutation sites aside).
TOUCHSTONE_ROBUST_INLINE bool dd_certified(double d, double m, double eps, double eta) {
    return (std::fabs(d) > eps * m + eta) & (m < DDBounds::range_dd);
}

/// D = x^2 + y^2 - r^2 for x, y, r double-words (exact differences; r an
/// input radius with lo 0, or the exact sum r1 + r2).
///
/// Head: x.hi^2 + y.hi^2 - r.hi^2 = h.hi + h.lo + s.lo + a1.lo + a2.lo -
/// a3.lo exactly, with (a_i) = dd_square of the hi words, s = two_sum(a1,
/// a2), h = two_diff(s.hi, a3). Tail: those lo words and the cross terms
/// 2 (x.hi x.lo + y.hi y.lo - r.hi r.lo); dropped: x.lo^2 + y.lo^2 - r.lo^2,
/// below u^2 A, A = x.hi^2 + y.hi^2 + r.hi^2.
/// Tail magnitudes: |a_i.lo| <= u a_i.hi <= u (1 + u) hi_i^2: u (1 + u) A in
/// all; |s.lo| <= u s.hi <= u (1 + u)^2 A; |h.lo| <= u |h.hi| <= u max(s.hi,
/// a3.hi) <= u (1 + u)^2 A; the cross terms <= 2 u A. S <= 5 (1 + u)^2 u A.
/// Roundings per term (the evaluation below): a_i.lo two (q) plus two;
/// s.lo, h.lo one (v) plus two; each cross product one, two more in w, one
/// in the last sum: four at most. M = fl(s.hi + a3.hi) >= (1 - u)^2 (a1.hi +
/// a2.hi + a3.hi) >= (1 - u)^3 A: k = 3.
template <bool Fma>
TOUCHSTONE_ROBUST_INLINE DDSign dd_dist2(DD x, DD y, DD r) {
    const DD a1 = dd_square<Fma>(x.hi), a2 = dd_square<Fma>(y.hi), a3 = dd_square<Fma>(r.hi);
    const DD s = two_sum(a1.hi, a2.hi);
    const DD h = two_diff(s.hi, a3.hi);
    const double m = s.hi + a3.hi;
    const double q = (a1.lo + a2.lo) - a3.lo;
    const double v = s.lo + h.lo;
    const double w =
        TOUCHSTONE_MUTANT(dd_dist2_cross_dropped, (x.hi * x.lo + y.hi * y.lo) - r.hi * r.lo, 0.0);
    const double d = h.hi + ((q + v) + 2 * w);
    return {d,
            dd_certified(
                d, m,
                TOUCHSTONE_MUTANT(dd_dist2_bound_tiny, DDBounds::eps_dd, DDBounds::eps_dd / 0x1p20),
                TOUCHSTONE_MUTANT(dd_dist2_eta_dropped, DDBounds::eta_dd, 0.0)),
            m};
}

/// D = ux wy - uy wx for double-words (exact differences).
///
/// Head: ux.hi wy.hi - uy.hi wx.hi = h.hi + h.lo + p1.lo - p2.lo exactly, with
/// p1 = two_prod(ux.hi, wy.hi), p2 = two_prod(uy.hi, wx.hi), h = two_diff(p1.hi,
/// p2.hi). Tail: those lo words and the cross terms ux.hi wy.lo + ux.lo wy.hi -
/// uy.hi wx.lo - uy.lo wx.hi; dropped: ux.lo wy.lo - uy.lo wx.lo, below u^2 A,
/// A = |ux.hi wy.hi| + |uy.hi wx.hi|.
/// Tail magnitudes: |h.lo| <= u |h.hi| <= u (1 + u) (|p1.hi| + |p2.hi|) <= u (1
/// + u)^2 A; |p1.lo| + |p2.lo| <= u (1 + u) A; the cross terms <= 2 u A. S <= 4
/// (1 + u)^2 u A. Roundings per term: h.lo two, p_i.lo three, each cross
/// product four (product, inner sum, x, last sum). M = fl(|p1.hi| + |p2.hi|)
/// >= (1 - u)^2 A: k = 2.
template <bool Fma>
TOUCHSTONE_ROBUST_INLINE DDSign dd_det2(DD ux, DD wy, DD uy, DD wx) {
    const DD p1 = dd_prod<Fma>(ux.hi, wy.hi), p2 = dd_prod<Fma>(uy.hi, wx.hi);
    const DD h = two_diff(p1.hi, p2.hi);
    const double m = std::fabs(p1.hi) + std::fabs(p2.hi);
    const double x =
        TOUCHSTONE_MUTANT(dd_det2_cross_dropped,
                          (ux.hi * wy.lo + ux.lo * wy.hi) - (uy.hi * wx.lo + uy.lo * wx.hi), 0.0);
    const double d = h.hi + ((h.lo + (p1.lo - p2.lo)) + x);
    return {d,
            dd_certified(
                d, m,
                TOUCHSTONE_MUTANT(dd_det2_bound_tiny, DDBounds::eps_dd, DDBounds::eps_dd / 0x1p20),
                TOUCHSTONE_MUTANT(dd_det2_eta_dropped, DDBounds::eta_dd, 0.0)),
            m};
}

/// |p - c|^2 - r^2 (point_in_disk; the caller checks r >= 0).
template <bool Fma>
TOUCHSTONE_ROBUST_INLINE DDSign dd_point_in_disk(double px, double py, double cx, double cy,
                                                 double r) {
    return dd_dist2<Fma>(two_diff(px, cx), two_diff(py, cy), DD{r, 0});
}

/// |c1 - c2|^2 - (r1 + r2)^2 (disks_overlap; the caller checks r1, r2 >= 0).
template <bool Fma>
TOUCHSTONE_ROBUST_INLINE DDSign dd_disks_overlap(double c1x, double c1y, double r1, double c2x,
                                                 double c2y, double r2) {
    return dd_dist2<Fma>(two_diff(c1x, c2x), two_diff(c1y, c2y), two_sum(r1, r2));
}

/// (b - a) x (c - a) (orient2d).
template <bool Fma>
TOUCHSTONE_ROBUST_INLINE DDSign dd_orientation(double ax, double ay, double bx, double by,
                                               double cx, double cy) {
    return dd_det2<Fma>(two_diff(bx, ax), two_diff(cy, ay), two_diff(by, ay), two_diff(cx, ax));
}

}  // namespace touchstone::robust::exact
