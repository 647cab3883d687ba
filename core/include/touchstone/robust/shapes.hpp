// touchstone::robust — capsules and axis-aligned boxes (issue 12):
// capsules_overlap, capsule_hits_disk, boxes_overlap, segment_hits_box.
//
// Exact for every finite float and double input. Shapes are closed: a
// capsule is every point within r of its closed segment (a zero-length
// segment is a disk, r = 0 the segment), a box is [minx, maxx] x [miny, maxy]
// (min == max is flat or a point). Invalid input (NaN, +-inf, a negative
// radius, a box with min > max): false.
//
// Layers:
//   * capsules: the double filters of segment_circle.hpp and segments.hpp
//     with the radius R = fl(r1 + r2). The bounds of filter.hpp stay valid
//     for that rounded sum: filter_dist2's derivation already covers
//     rr = fl(fl(r1 + r2)^2) (theta_4), and in the degree-4 line test the
//     term rr |v|^2 carries theta_8 instead of theta_6, whose constant
//     gamma(8) + u (1 + gamma(8)) stays below Degree4::beta (checked below),
//     while P4's lower bound (1 - gamma(10)) still holds. Float radii summed
//     in double stay on the 2^-149 grid and below 2^129, as filter.hpp's
//     no-underflow argument needs. A radius sum that overflows (both radii
//     near DBL_MAX) makes every filter decline. What they cannot certify
//     goes to the exact stages of detail/exact_shapes.hpp (scaled integers).
//     capsule_hits_disk first tries one region filter (capsule_disk_region:
//     the region of c picked from uncertified signs, as Ericson's code does,
//     then one certified sign) and falls back to that general path, out of
//     line, when it declines.
//   * boxes: comparisons of inputs are exact in T (boxes_overlap: x and y in
//     one SSE2 register where the compiler offers SSE2); segment_hits_box
//     adds the line's orientation at the two extreme corners (two filters,
//     issue 15; x and y in the lanes of one SSE2 register where the compiler
//     offers SSE2, the scalar form elsewhere, both tested against the
//     general form), and where they do not decide, the four corner
//     orientations, each through filter_orientation and, when it declines,
//     exact::orientation.
#pragma once

#include <algorithm>
#include <limits>
#include <type_traits>

#include "touchstone/geometry.hpp"
#include "touchstone/robust/detail/exact.hpp"
#include "touchstone/robust/detail/exact_shapes.hpp"
#include "touchstone/robust/detail/filter.hpp"
#include "touchstone/robust/detail/layers.hpp"
#include "touchstone/robust/detail/mutation.hpp"
#include "touchstone/robust/detail/segment_circle.hpp"
#include "touchstone/robust/detail/segments.hpp"
#include "touchstone/robust/detail/sse2.hpp"

namespace touchstone::robust::detail {
/// The radius-sum variant of the degree-4 bound (see the banner): rr |v|^2
/// with rr = fl(fl(r1 + r2)^2) carries theta_8; its constant must not exceed
/// the beta that eps_seg4 was derived for.
template <class F>
constexpr bool radius_sum_bound_holds() {
    constexpr F u = Bounds<F>::u;
    return gamma(8, u) + u * (1 + gamma(8, u)) <= Degree4<F>::beta &&
           (1 - gamma(8, u)) * (1 - u) >= 1 - gamma(10, u);
}
static_assert(radius_sum_bound_holds<double>());

/// capsule_hits_disk's region filter (capsule_disk_region, below): a region
/// picked from uncertified signs adds at most 2 gamma(4)^2 of each filter's
/// magnitude to its error. filter_disk: with g = (gamma(5) + 2 gamma(4)^2) /
/// (1 - 2 gamma(4)^2) in place of gamma(5) (P deg = dist^2 + rr* >= (1 -
/// 2 gamma(4)^2) P*), the float form's condition eps_disk (1 - u) (1 -
/// gamma(4)) (1 - 2 g) >= 2 g, and the double form's eps_disk (1 - u) >=
/// 2 (gamma(5) + 2 gamma(4)^2) / (1 - gamma(4)) (P* <= 2 max(s, rr) /
/// (1 - gamma(4))); filter_line_vs_circle: eps_seg4 (1 - u) >= (beta + 2
/// gamma(4)^2) / (1 - gamma(10)). Each with u / 128 to spare, as bounds_hold.
constexpr bool capsule_region_bounds_hold() {
    constexpr double u = Bounds<double>::u, g4 = gamma(4, u), g5 = gamma(5, u);
    constexpr double extra = 2 * g4 * g4, g = (g5 + extra) / (1 - extra);
    constexpr double eps_disk = Bounds<double>::eps_disk;
    return eps_disk * (1 - u) * (1 - g4) * (1 - 2 * g) >= 2 * g + u / 128 &&
           eps_disk * (1 - u) >= 2 * (g5 + extra) / (1 - g4) + u / 128 &&
           Bounds<double>::eps_seg4 * (1 - u) >=
               (Degree4<double>::beta + extra) / (1 - gamma(10, u)) + u / 128;
}
static_assert(capsule_region_bounds_hold());
}  // namespace touchstone::robust::detail

namespace touchstone::robust {
inline namespace TOUCHSTONE_ROBUST_ABI {
namespace impl {

/// 0 when every value is finite, NaN otherwise (x - x is NaN for +-inf and NaN).
template <class T, class... A>
TOUCHSTONE_ROBUST_INLINE bool all_finite(A... x) {
    const T z = ((x - x) + ...);
    return z == T(0);
}

/// A certified miss of two capsules from their segments' bounding boxes
/// alone (issue 15): a gap between the boxes along x or y greater than
/// R = fl(r1 + r2) (in T) proves every point of one segment farther than
/// r1 + r2 from every point of the other. Each gap is one rounded
/// difference of exact minima and maxima, and rounding is monotone:
/// x - y <= r1 + r2 would give fl(x - y) <= fl(r1 + r2) = R. Overflow (an
/// infinite gap, or R = +inf) is handled as in segment_box_misses_disk, and
/// false is the answer to every invalid input, so no validity check.
template <class T>
TOUCHSTONE_ROBUST_INLINE bool capsule_boxes_apart(const Capsule<T>& c1, const Capsule<T>& c2) {
    const T R = c1.r + c2.r;
    const T gx = std::max(std::min(c2.s.a.x, c2.s.b.x) - std::max(c1.s.a.x, c1.s.b.x),
                          std::min(c1.s.a.x, c1.s.b.x) - std::max(c2.s.a.x, c2.s.b.x));
    const T gy = std::max(std::min(c2.s.a.y, c2.s.b.y) - std::max(c1.s.a.y, c1.s.b.y),
                          std::min(c1.s.a.y, c1.s.b.y) - std::max(c2.s.a.y, c2.s.b.y));
    return TOUCHSTONE_MUTANT(ko_box_gap_inclusive, std::max(gx, gy) > R, std::max(gx, gy) >= R);
}

/// capsule_hits_disk's general path: the exact stage, out of line (issue
/// 15, sixth round: its call inlined around the fast path cost the loop
/// spills). The fifth round's filter (SegmentHitsDiskFilter with R =
/// fl(r1 + r2)) used to sit before it; on the benchmark's near-degenerate
/// inputs it certified none of the calls the region filter declines (4096
/// of each precision counted), so it is gone.
/// The fields come as doubles (float widens exactly), in registers: a
/// Capsule<float> passed by value or by reference had to be stored to the
/// stack on every call of the loop around the fast path.
template <class T>
TOUCHSTONE_ROBUST_NOINLINE bool capsule_hits_disk_general(double ax, double ay, double bx,
                                                          double by, double r1, double cx,
                                                          double cy, double r2) {
    const double x[] = {ax, ay, bx, by, r1, cx, cy, r2};
    Layer l;
    const bool hit = exact::capsule_hits_disk(x, l);
    count<T>(Primitive::capsule_hits_disk, l);
    return hit;
}

/// The region filter of capsule_hits_disk (issue 15, sixth round): Ericson's
/// closest-point test (the naive code's form) with one certified sign, not
/// three. The computed e = fl(w.v) (v = b - a, w = c - a) and, when e > 0,
/// g = fl(u.v) (u = c - b) pick the region of c as the naive code does, with
/// no certificate of their signs: c's squared distance to a (e <= 0), to b
/// (g >= 0), or to the line ab (between), against fl(fl(r1 + r2)^2), is
/// certified by filter_disk or filter_line_vs_circle. A region picked
/// wrongly changes the exact value by O(u^2) only, which the filters' slack
/// covers. Derivation (starred values exact, the inputs as given, R* =
/// r1 + r2, D deg the exact dist(c, ab)^2 - R*^2 that the answer is the sign of):
///   - No overflow or underflow (float inputs widened, and double inputs
///     under the guards below): the rounded e carries theta_4 on each term,
///     |e - e*| <= gamma(4) (|wx* vx*| + |wy* vy*|) <= gamma(4) |w*| |v*|
///     (Cauchy-Schwarz); likewise |g - g*| <= gamma(4) |u*| |v*|.
///   - a picked (e <= 0) while e* > 0: then 0 < e* <= gamma(4) |w*| |v*|.
///     If g* <= 0 (c projects between a and b), dist^2 = |w*|^2 - e*^2 /
///     |v*|^2, so |w*|^2 - dist^2 <= gamma(4)^2 |w*|^2. If g* > 0, then
///     |v*|^2 = e* - g* < e* <= gamma(4) |w*| |v*|, and dist^2 = |u*|^2 =
///     |w*|^2 - 2 e* + |v*|^2, so |w*|^2 - dist^2 <= 2 e* <= 2 gamma(4)^2
///     |w*|^2. Either way the endpoint's value s* = |w*|^2 exceeds dist^2 by
///     at most 2 gamma(4)^2 s*; b picked wrongly is the same with u, g.
///   - Between picked while c projects outside (e* <= 0 < e, or g* >= 0 >
///     g): by Lagrange's identity |w*|^2 |v*|^2 = cross*^2 + e*^2 (and
///     |u*|^2 |v*|^2 = cross*^2 + g*^2, the same cross = v x w = v x u), the
///     exact scaled value |v*|^2 dist^2 - cross*^2 is e*^2 <= gamma(4)^2
///     (cross*^2 + e*^2), so at most 2 gamma(4)^2 cross*^2 <= 2 gamma(4)^2
///     Pc*^2 (Pc* = |vx wy|* + |vy wx|*).
///   - So each filter's error grows by at most 2 gamma(4)^2 times its
///     magnitude (P* >= s*, P4* >= Pc*^2): filter_disk's derivation holds
///     with gamma(5) + 2 gamma(4)^2 in place of gamma(5), and
///     filter_line_vs_circle's with beta + 2 gamma(4)^2 in place of beta
///     (capsule_region_bounds_hold, below, checks both against the
///     constants). A certified sign is then the sign of D deg.
///   - Double inputs (Underflow): the two products of e may underflow, an
///     absolute error below 2^-1073 in all (sums of subnormals are exact).
///     Requiring e < -2^-1072 for a (g > 2^-1072 for b; a smaller |e| is left
///     to the general path, except e = 0 from a = b: then the distance is
///     |w*| exactly) makes e* < gamma(4) |w*| |v*| again, so the
///     argument above holds unchanged; between, a line certificate needs
///     Pc, |v|^2, rr >= guard4 = 2^-480, and an absolute term of e*^2 of
///     2^-2145 is far inside the bound's slack (u / 128 of P4 >= 2^-960).
///     Overflow: e and g must be finite (a finite rounded sum of rounded
///     products had no overflow, and neither had they).
///   - Validity of a certified answer: a miss is the answer to every invalid
///     input. A hit needs r1, r2 >= 0 (checked in the answer: a negative
///     radius squares to a positive rr) and finite points: at a, the
///     certificate proves w finite (s < rr) and e > -inf proves v finite
///     (e is +-inf or NaN when a finite w meets an infinite or NaN v: 0 inf
///     is NaN); at b the same with u and g < inf; between, the line filter's
///     finite P proves v and w finite (Filtered::p). The radii: NaN makes rr
///     NaN and -inf makes rr = +inf, neither certifies (the bounds grow with
///     rr).
///   - Float inputs never overflow or underflow here (MayUnderflow): no
///     guard, only the validity checks above.
/// Uniform inputs (bench/robust) reach it in 35 % of the calls (the box
/// test settles the rest) and it certifies all of them.
template <class T>
TOUCHSTONE_ROBUST_INLINE Filtered<double> capsule_disk_region(Capsule<T> k, Circle<T> c,
                                                              double rr) {
    constexpr detail::MayUnderflow<T> under{};
    constexpr double inf = std::numeric_limits<double>::infinity();
    // Underflow guard of the endpoint regions (double inputs), see above.
    constexpr double eta_e = detail::MayUnderflow<T>::value ? 0x1p-1072 : 0.0;
    const double ax = k.s.a.x, ay = k.s.a.y, bx = k.s.b.x, by = k.s.b.y;
    const double cx = c.c.x, cy = c.c.y;
    const double vx = bx - ax, vy = by - ay, wx = cx - ax, wy = cy - ay;
    const double e = wx * vx + wy * vy;
    if (e <= 0) {
        Filtered<double> f =
            TOUCHSTONE_MUTANT(kd_region_ends_by_line, filter_disk(wx, wy, rr, under),
                              filter_line_vs_circle(vx, vy, wx, wy, rr, under));
        f.certain = f.certain & TOUCHSTONE_MUTANT(kd_region_a_infinite_v, e > -inf, true);
        // e = 0 exactly when a = b (the rounded differences are 0 only
        // then, and the capsule is a disk at a) needs no guard.
        if constexpr (under.value) f.certain = f.certain & ((e < -eta_e) | ((vx == 0) & (vy == 0)));
        return f;
    }
    const double ux = cx - bx, uy = cy - by;
    const double g = ux * vx + uy * vy;
    if (g >= 0) {
        Filtered<double> f = filter_disk(ux, uy, rr, under);
        f.certain = f.certain & TOUCHSTONE_MUTANT(kd_region_b_infinite_v, g < inf, true);
        if constexpr (under.value) f.certain = f.certain & (g > eta_e);
        return f;
    }
    Filtered<double> f = filter_line_vs_circle(vx, vy, wx, wy, rr, under);
    if constexpr (under.value) f.certain = f.certain & (e < inf) & (g > -inf);
    return f;
}

template <class T>
TOUCHSTONE_ROBUST_INLINE bool capsule_hits_disk(Capsule<T> k, Circle<T> c) {
    constexpr Primitive prim = Primitive::capsule_hits_disk;
    // The radius sum rounded once, in T: segment_box_misses_disk's monotone
    // rounding argument holds for it.
    if (segment_box_misses_disk<T>(k.s.a.x, k.s.a.y, k.s.b.x, k.s.b.y, c.c.x, c.c.y,
                                   TOUCHSTONE_MUTANT(kd_box_radius_r1_only, k.r + c.r, k.r))) {
        count<T>(prim, Layer::filter);
        return false;
    }
    const double r1 = k.r, r2 = c.r;
    const double R = TOUCHSTONE_MUTANT(kd_region_radius_r1_only, r1 + r2, r1);
    const Filtered<double> f = capsule_disk_region(k, c, R * R);
    if (f.certain) {
        count<T>(prim, Layer::filter);
        // Both radii >= 0 (NaN fails), compared one by one: std::min(r1, r2)
        // became a branch, mispredicted on random radii.
        return (f.d < 0) &
               TOUCHSTONE_MUTANT(kd_region_radius_sign_unchecked, (r1 >= 0) & (r2 >= 0), true);
    }
    return capsule_hits_disk_general<T>(k.s.a.x, k.s.a.y, k.s.b.x, k.s.b.y, k.r, c.c.x, c.c.y, c.r);
}

/// One endpoint test of capsules_overlap: whether c is certainly within R
/// of the segment ab (a certified hit); sets undecided when neither a hit
/// nor a miss is certified. filter_segment_disk in double (R = fl(r1 + r2)),
/// then, only when it declines, the region-by-region SegmentHitsDiskFilter.
/// No box test first (issue 15, sixth round): capsules_overlap runs all four
/// endpoint tests and branches once, since a branch on a random miss
/// mispredicts. A certified answer of either filter proves a, b, c and R
/// finite, so only the fourth point, `other`, is checked.
template <class T, bool Underflow>
TOUCHSTONE_ROBUST_INLINE bool capsule_endpoint_hits(Vec2<T> a, Vec2<T> b, Vec2<T> c, Vec2<T> other,
                                                    double R, bool& undecided,
                                                    std::bool_constant<Underflow> u) {
    // filter_segment_disk first (one pass; R = fl(r1 + r2) is covered by its
    // derivation), the region-by-region filter only when it declines.
    const Filtered<double> g = filter_segment_disk(double(a.x), double(a.y), double(b.x),
                                                   double(b.y), double(c.x), double(c.y), R, u);
    bool certain = true, f_hit;
    if (g.certain) {
        f_hit = std::signbit(g.d);
    } else {
        const SegmentHitsDiskFilter f(double(a.x), double(a.y), double(b.x), double(b.y),
                                      double(c.x), double(c.y), R, u);
        certain = f.certain;
        f_hit = f.hit;
    }
    const bool other_finite =
        TOUCHSTONE_MUTANT(ko_finite_unchecked, all_finite<T>(other.x, other.y), true);
    const bool hit = certain & f_hit;
    undecided = undecided | !certain | (hit & !other_finite);
    return hit & other_finite;
}

template <class T>
TOUCHSTONE_ROBUST_INLINE bool capsules_overlap(Capsule<T> c1, Capsule<T> c2) {
    constexpr Primitive prim = Primitive::capsules_overlap;
    if (capsule_boxes_apart<T>(c1, c2)) {
        count<T>(prim, Layer::filter);
        return false;
    }
    const double a1x = c1.s.a.x, a1y = c1.s.a.y, b1x = c1.s.b.x, b1y = c1.s.b.y;
    const double a2x = c2.s.a.x, a2y = c2.s.a.y, b2x = c2.s.b.x, b2y = c2.s.b.y;
    const double r1 = c1.r, r2 = c2.r;
    if ((r1 >= 0) & (r2 >= 0)) {
        const double R = r1 + r2;
        constexpr detail::MayUnderflow<T> u{};
        // Overlap iff the segments meet or some endpoint is within R of the
        // other segment. The first certified hit answers (ordinary inputs are
        // mostly settled by one or two tests); a certified miss needs all
        // five. A certified hit of one test sees only its own fields (and the
        // radii are >= 0 but may be +inf): the others must be finite, else
        // the exact stage validates (a crossing: the radii, below; an
        // endpoint's hit: the fourth point, capsule_endpoint_hits); misses
        // need no such check (false is the answer to invalid input).
        bool undecided = false, hit = false;
        // The segments first: crossing segments, the commonest overlap of
        // ordinary inputs, are then settled by the cheapest test (issue 15,
        // fourth round).
        const SegmentsIntersectFilter si(a1x, a1y, b1x, b1y, a2x, a2y, b2x, b2y, u);
        undecided = !si.certain;
        hit = si.certain & si.hit;
        // A certified crossing has all four orientations certified, which
        // proves the eight coordinates finite (segments_intersect answers it
        // unchecked: an infinite or NaN coordinate makes each orientation it
        // enters +inf or NaN, and its bound +inf or NaN). Only the radii are
        // left: both are >= 0, so R = fl(r1 + r2) < inf proves them finite
        // (a finite sum that overflows is left to the full check).
        const bool crossing = hit;
        // Then each endpoint against the other segment: all four, and one
        // branch on the verdict (issue 15, sixth round: the chain of
        // "if (!hit)" and the box tests inside branched on random answers,
        // 1.73 / 1.54 -> 1.24 / 1.10 on 65,536 uniform inputs).
        hit = hit | capsule_endpoint_hits(c2.s.a, c2.s.b, c1.s.a, c1.s.b, R, undecided, u);
        hit = hit | capsule_endpoint_hits(c2.s.a, c2.s.b, c1.s.b, c1.s.a, R, undecided, u);
        hit = hit | capsule_endpoint_hits(c1.s.a, c1.s.b, c2.s.a, c2.s.b, R, undecided, u);
        hit = hit | capsule_endpoint_hits(c1.s.a, c1.s.b, c2.s.b, c2.s.a, R, undecided, u);
        constexpr double inf = std::numeric_limits<double>::infinity();
        const bool hit_ok =
            hit & ((!crossing) | TOUCHSTONE_MUTANT(ko_crossing_radius_unchecked, R < inf, true));
        if (TOUCHSTONE_ROBUST_ONE_BRANCH(hit_ok | ((!hit) & (!undecided)))) {
            count<T>(prim, Layer::filter);
            return hit;
        }
    }
    const double x[] = {a1x, a1y, b1x, b1y, r1, a2x, a2y, b2x, b2y, r2};
    Layer l;
    const bool hit = exact::capsules_overlap(x, l);
    count<T>(prim, l);
    return hit;
}

/// boxes_overlap in scalar code (every compiler; the reference that the
/// vector form below is tested against). Comparisons of T values are
/// exact; the answer is computed without a branch. Per axis, the boxes
/// overlap and both are ordered (min <= max) iff every min is at most every
/// max (four comparisons), iff the larger min is at most the smaller max
/// (one); both are then finite iff the smaller min is above -inf (the
/// larger max is then >= it, and below +inf iff every max is: the third
/// comparison). NaN: std::max(p, q) and std::min(p, q) return p when p or q
/// is NaN, so a NaN p is kept; each field is the first operand of one of
/// the four (a's in the larger min and the smaller max, b's in the smaller
/// min and the larger max), which then fails its comparison.
template <class T>
TOUCHSTONE_ROBUST_INLINE bool boxes_overlap_scalar(Box<T> a, Box<T> b) {
    constexpr T inf = std::numeric_limits<T>::infinity();
    const T lo_x = std::max(a.lo.x, b.lo.x), lo_y = std::max(a.lo.y, b.lo.y);
    const T hi_x = std::min(a.hi.x, b.hi.x), hi_y = std::min(a.hi.y, b.hi.y);
    const T min_x = std::min(b.lo.x, a.lo.x), min_y = std::min(b.lo.y, a.lo.y);
    const T max_x = std::max(b.hi.x, a.hi.x), max_y = std::max(b.hi.y, a.hi.y);
    return (lo_x <= hi_x) & (lo_y <= hi_y) & (min_x > -inf) & (min_y > -inf) & (max_x < inf) &
           (max_y < inf);
}

#if TOUCHSTONE_ROBUST_SSE2
/// A point as the pair (x, y) of doubles (a float widens exactly: NaN stays
/// NaN, +-inf stays +-inf, every comparison keeps its outcome).
template <class T>
TOUCHSTONE_ROBUST_INLINE __m128d pair_of(Vec2<T> p) {
    return _mm_set_pd(double(p.y), double(p.x));
}

/// boxes_overlap_scalar's comparisons, x and y in the two lanes of one SSE2
/// register (issue 15: the short-circuited comparisons of the naive form,
/// or eight scalar comparisons, cost twice the naive test). The operand
/// order carries the NaN argument: _mm_max_pd(p, q) and _mm_min_pd(p, q)
/// return q when p or q is NaN, so each field is the second operand of one
/// of the four (b.lo in the larger min, a.hi in the smaller max, a.lo in
/// the smaller min, b.hi in the larger max) and makes its comparison fail.
template <class T>
TOUCHSTONE_ROBUST_INLINE bool boxes_overlap_sse2(Box<T> a, Box<T> b) {
    const __m128d alo = pair_of(a.lo), ahi = pair_of(a.hi), blo = pair_of(b.lo),
                  bhi = pair_of(b.hi);
    const __m128d inf = _mm_set1_pd(std::numeric_limits<double>::infinity());
    const __m128d lo_max = _mm_max_pd(alo, blo), hi_min = _mm_min_pd(bhi, ahi);
    const __m128d lo_min = _mm_min_pd(blo, alo), hi_max = _mm_max_pd(ahi, bhi);
    // Every min at most every max (overlap, and both boxes ordered).
    const __m128d ordered =
        TOUCHSTONE_MUTANT(bo_min_max_unchecked, _mm_cmple_pd(lo_max, hi_min),
                          _mm_and_pd(_mm_cmple_pd(alo, bhi), _mm_cmple_pd(blo, ahi)));
    // Every field finite (given the above).
    const __m128d finite =
        TOUCHSTONE_MUTANT(bo_infinity_unchecked,
                          _mm_and_pd(_mm_cmplt_pd(_mm_sub_pd(_mm_setzero_pd(), inf), lo_min),
                                     _mm_cmplt_pd(hi_max, inf)),
                          _mm_cmpeq_pd(inf, inf));
    return _mm_movemask_pd(_mm_and_pd(ordered, finite)) == 3;
}
#endif

template <class T>
TOUCHSTONE_ROBUST_INLINE bool boxes_overlap(Box<T> a, Box<T> b) {
    count<T>(Primitive::boxes_overlap, Layer::filter);
#if TOUCHSTONE_ROBUST_SSE2
    return boxes_overlap_sse2(a, b);
#else
    return boxes_overlap_scalar(a, b);
#endif
}

/// The general form: the four corner orientations, each filtered and, when
/// the filter declines, exact. Out of line (issue 15, sixth round: inlined
/// beside the fast forms it cost them spills).
template <class T>
TOUCHSTONE_ROBUST_NOINLINE bool segment_hits_box_exact(Segment<T> s, Box<T> b) {
    constexpr Primitive prim = Primitive::segment_hits_box;
    const bool valid = (b.lo.x <= b.hi.x) & (b.lo.y <= b.hi.y) &
                       all_finite<T>(s.a.x, s.a.y, s.b.x, s.b.y, b.lo.x, b.lo.y, b.hi.x, b.hi.y);
    // The segment's bounding box against the box (exact comparisons).
    const bool ax_le_bx = s.a.x <= s.b.x, ay_le_by = s.a.y <= s.b.y;
    const T sx0 = ax_le_bx ? s.a.x : s.b.x, sx1 = ax_le_bx ? s.b.x : s.a.x;
    const T sy0 = ay_le_by ? s.a.y : s.b.y, sy1 = ay_le_by ? s.b.y : s.a.y;
    const bool boxes = (sx0 <= b.hi.x) & (b.lo.x <= sx1) & (sy0 <= b.hi.y) & (b.lo.y <= sy1);
    if (!(valid & boxes)) {
        count<T>(prim, Layer::filter);
        return false;
    }
    // No separating axis left but the segment's normal: a hit unless the
    // four corners lie strictly on one side of the line ab.
    const double ax = s.a.x, ay = s.a.y, bx = s.b.x, by = s.b.y;
    const double cx[4] = {b.lo.x, b.hi.x, b.hi.x, b.lo.x};
    const double cy[4] = {b.lo.y, b.lo.y, b.hi.y, b.hi.y};
    constexpr detail::MayUnderflow<T> u{};
    Filtered<double> o[4] = {
        filter_orientation<double>(ax, ay, bx, by, cx[0], cy[0], u),
        filter_orientation<double>(ax, ay, bx, by, cx[1], cy[1], u),
        filter_orientation<double>(ax, ay, bx, by, cx[2], cy[2], u),
        filter_orientation<double>(ax, ay, bx, by, cx[3], cy[3], u),
    };
    Layer layer = Layer::filter;
    int left = 0, right = 0;
    for (int i = 0; i < 4; ++i) {
        int sgn;
        if (o[i].certain) {
            sgn = o[i].d > 0 ? 1 : -1;
        } else {
            const double x[] = {ax, ay, bx, by, cx[i], cy[i]};
            Layer l;
            sgn = exact::orientation(x, l);
            if (static_cast<int>(l) > static_cast<int>(layer)) layer = l;
        }
        left += TOUCHSTONE_MUTANT(sb_zero_is_left, sgn > 0, sgn >= 0);
        right += sgn < 0;
    }
    count<T>(prim, layer);
    return left < 4 && right < 4;
}

/// The common case (issue 15), in scalar code (every compiler; the
/// reference that the SSE2 form below is tested against). The boxes first: the segment's bounding
/// box must meet the box (exact comparisons; a miss is also the answer to invalid input). Then the
/// line ab, d(c) = v x (c - a) = l - r with v = b - a, l = vx (cy - ay), r = vy (cx - ax): it
/// separates iff every corner is strictly on one side, and d is linear in the corner, so only its
/// largest value (the largest l with the smallest r) and its smallest matter. For an ordered box, l
/// is monotone in cy (by the sign of vx) and r in cx, and so are their rounded values fl(fl(vx)
/// fl(cy - ay)) (rounding is monotone and keeps signs): the maximum of the two rounded l is, as a
/// value, the rounded l of the extreme corner, whichever way ties fall.
/// Each extreme is then filter_det2's orientation filter of that corner's
/// two rounded products (two certified signs in place of four; float
/// inputs widen exactly, MayUnderflow). A separating line (the largest
/// certainly < 0, or the smallest certainly > 0) is a miss; the largest
/// certainly > 0 and the smallest certainly < 0 is a hit when the box is
/// ordered. Validity of a hit: the box's min <= max is checked by the caller
/// (`ordered`: a NaN fails it); the four certificates are finite values, and every field enters one
/// of the four products (v: a and b; the corner differences: lo, hi, a), an
/// infinite or NaN field makes its products infinite or NaN (0 * inf is
/// NaN), and each product reaches a certificate: std::max(p, q) and
/// std::min(p, q) return p when either is NaN, so the operand order below
/// sends a NaN l1 and r1 to the largest, l0 and r0 to the smallest, and an
/// infinite product makes the maximum +inf or the minimum -inf: the filter
/// declines (filter.hpp). Anything else (a corner on or near the line, a
/// segment of length 0, an overflow) goes to the four corners' general form.
/// Returns whether it decided; the answer (before the order check) in hit.
template <class T>
TOUCHSTONE_ROBUST_INLINE bool segment_hits_box_scalar(Segment<T> s, Box<T> b, bool& hit) {
    // The bounding boxes in T (exact), before any widening.
    const T sx0 = std::min(s.a.x, s.b.x), sx1 = std::max(s.a.x, s.b.x);
    const T sy0 = std::min(s.a.y, s.b.y), sy1 = std::max(s.a.y, s.b.y);
    if (!((sx0 <= b.hi.x) & (b.lo.x <= sx1) & (sy0 <= b.hi.y) & (b.lo.y <= sy1))) {
        hit = false;
        return true;
    }
    const double ax = s.a.x, ay = s.a.y, bx = s.b.x, by = s.b.y;
    const double x0 = b.lo.x, y0 = b.lo.y, x1 = b.hi.x, y1 = b.hi.y;
    const double vx = bx - ax, vy = by - ay;
    const double l0 = vx * (y0 - ay), l1 = vx * (y1 - ay);
    const double r0 = vy * (x0 - ax), r1 = vy * (x1 - ax);
    constexpr detail::MayUnderflow<T> u{};
    constexpr std::true_type difference{};  // D = l - r, no negation
    const Filtered<double> top =
        filter_det2<double>(std::max(l1, l0), std::min(r0, r1), u, difference);
    const Filtered<double> bottom =
        filter_det2<double>(std::min(l0, l1), std::max(r1, r0), u, difference);
    const bool separates = (top.certain & (top.d < 0)) | (bottom.certain & (bottom.d > 0));
    const bool crosses = top.certain & bottom.certain & (top.d > 0) & (bottom.d < 0);
    hit = crosses;
    return separates | crosses;
}

#if TOUCHSTONE_ROBUST_SSE2
/// segment_hits_box_scalar's steps with the x and y of each point in the two
/// lanes of one SSE2 register (issue 15, sixth round: the scalar form cost
/// float inputs four separately predicted branches for the box test, which
/// Clang splits the & of four float comparisons into, and eight scalar
/// conversions; double inputs its scalar shuffles). The same values bit for
/// bit, so the same answers:
///   - the box test compares the same values in T (float in float: exact);
///     for a NaN the operand order of _mm_min_ps may pass a box that the
///     scalar form rejects, which only sends invalid input on to the
///     filters, whose certified hit proves every field finite (below);
///   - float points widen exactly (_mm_cvtps_pd), and the differences and
///     products are the same operations on the same values (products
///     commute): P0 = (r0, l0), P1 = (r1, l1);
///   - _mm_max_pd(p, q) and _mm_min_pd(p, q) return q when p or q is NaN
///     and, for equal values (+0 and -0), q as well; std::max(p, q) and
///     std::min(p, q) return p in both cases. So the scalar form's
///     std::max(l1, l0) is _mm_max_pd(l0, l1), std::min(r0, r1) is
///     _mm_min_pd(r1, r0), std::min(l0, l1) is _mm_min_pd(l1, l0) and
///     std::max(r1, r0) is _mm_max_pd(r0, r1), signed zeros and NaN
///     included: MX = max(P0, P1) = (bottom's r, top's l), MN = min(P1, P0) =
///     (top's r, bottom's l);
///   - filter_det2 with Difference: d = l - r, bound = eps_det2 |l + r|
///     (+ eta2 for double inputs), certain iff |d| > bound, in each lane
///     (lane 0 the top certificate, lane 1 the bottom one).
/// Returns whether it decided; the answer (before the order check) in hit.
template <class T>
TOUCHSTONE_ROBUST_INLINE bool segment_hits_box_sse2(Segment<T> s, Box<T> b, bool& hit) {
    __m128d A, B, LO, HI;
    if constexpr (std::is_same_v<T, float>) {
        const __m128 a = _mm_set_ps(0, 0, s.a.y, s.a.x), c = _mm_set_ps(0, 0, s.b.y, s.b.x);
        const __m128 blo = _mm_set_ps(0, 0, b.lo.y, b.lo.x), bhi = _mm_set_ps(0, 0, b.hi.y, b.hi.x);
        const __m128 meets =
            _mm_and_ps(_mm_cmple_ps(_mm_min_ps(a, c), bhi), _mm_cmple_ps(blo, _mm_max_ps(a, c)));
        if ((_mm_movemask_ps(meets) & 3) != 3) {
            hit = false;
            return true;
        }
        A = _mm_cvtps_pd(a);
        B = _mm_cvtps_pd(c);
        LO = _mm_cvtps_pd(blo);
        HI = _mm_cvtps_pd(bhi);
    } else {
        A = _mm_set_pd(s.a.y, s.a.x);
        B = _mm_set_pd(s.b.y, s.b.x);
        LO = _mm_set_pd(b.lo.y, b.lo.x);
        HI = _mm_set_pd(b.hi.y, b.hi.x);
        const __m128d meets =
            _mm_and_pd(_mm_cmple_pd(_mm_min_pd(A, B), HI), _mm_cmple_pd(LO, _mm_max_pd(A, B)));
        if (_mm_movemask_pd(meets) != 3) {
            hit = false;
            return true;
        }
    }
    const __m128d V = _mm_sub_pd(B, A);                    // (vx, vy)
    const __m128d Vs = _mm_shuffle_pd(V, V, 1);            // (vy, vx)
    const __m128d P0 = _mm_mul_pd(Vs, _mm_sub_pd(LO, A));  // (r0, l0)
    const __m128d P1 = _mm_mul_pd(Vs, _mm_sub_pd(HI, A));  // (r1, l1)
    const __m128d MX = _mm_max_pd(P0, P1);
    const __m128d MN = TOUCHSTONE_MUTANT(sb_sse2_nan_order, _mm_min_pd(P1, P0), _mm_min_pd(P0, P1));
    const __m128d L = _mm_unpackhi_pd(MX, MN), R = _mm_unpacklo_pd(MN, MX);  // (top, bottom)
    const __m128d D = _mm_sub_pd(L, R);
    const __m128d abs_mask = _mm_castsi128_pd(_mm_set1_epi64x(0x7fffffffffffffff));
    __m128d bound = _mm_mul_pd(_mm_set1_pd(detail::Bounds<double>::eps_det2),
                               _mm_and_pd(_mm_add_pd(L, R), abs_mask));
    if constexpr (detail::MayUnderflow<T>::value)
        bound = _mm_add_pd(bound, _mm_set1_pd(detail::Bounds<double>::eta2));
    const __m128d certain = _mm_cmpgt_pd(_mm_and_pd(D, abs_mask), bound);
    const int neg = _mm_movemask_pd(_mm_and_pd(certain, _mm_cmplt_pd(D, _mm_setzero_pd())));
    const int pos = _mm_movemask_pd(_mm_and_pd(certain, _mm_cmpgt_pd(D, _mm_setzero_pd())));
    // separates: top certainly < 0 or bottom certainly > 0; crosses: top
    // certainly > 0 and bottom certainly < 0.
    const bool crosses = ((pos & 1) & (neg >> 1)) != 0;
    hit = crosses;
    return (((neg & 1) | (pos >> 1)) != 0) | crosses;
}
#endif

template <class T>
TOUCHSTONE_ROBUST_INLINE bool segment_hits_box(Segment<T> s, Box<T> b) {
    constexpr Primitive prim = Primitive::segment_hits_box;
    bool hit;
#if TOUCHSTONE_ROBUST_SSE2
    const bool decided = segment_hits_box_sse2(s, b, hit);
#else
    const bool decided = segment_hits_box_scalar(s, b, hit);
#endif
    if (TOUCHSTONE_ROBUST_ONE_BRANCH(decided)) {
        count<T>(prim, Layer::filter);
        // A hit needs an ordered box (min <= max; NaN fails), compared in T.
        return hit & TOUCHSTONE_MUTANT(sb_fast_order_unchecked,
                                       (b.lo.x <= b.hi.x) & (b.lo.y <= b.hi.y), true);
    }
    return segment_hits_box_exact(s, b);
}

}  // namespace impl

/// Closed capsules: true iff the distance between the two closed segments is
/// <= c1.r + c2.r exactly (touching counts; segments that meet are at
/// distance 0). Invalid input: false.
TOUCHSTONE_ROBUST_INLINE bool capsules_overlap(Capsule<float> c1, Capsule<float> c2) {
    return impl::capsules_overlap(c1, c2);
}
TOUCHSTONE_ROBUST_INLINE bool capsules_overlap(Capsule<double> c1, Capsule<double> c2) {
    return impl::capsules_overlap(c1, c2);
}

/// A closed capsule and a closed disk: true iff dist(c.c, k.s) <= k.r + c.r
/// exactly. Invalid input: false.
TOUCHSTONE_ROBUST_INLINE bool capsule_hits_disk(Capsule<float> k, Circle<float> c) {
    return impl::capsule_hits_disk(k, c);
}
TOUCHSTONE_ROBUST_INLINE bool capsule_hits_disk(Capsule<double> k, Circle<double> c) {
    return impl::capsule_hits_disk(k, c);
}

/// Closed boxes: true iff they share a point (touching along an edge or at a
/// corner counts). Invalid input (also min > max): false.
TOUCHSTONE_ROBUST_INLINE bool boxes_overlap(Box<float> a, Box<float> b) {
    return impl::boxes_overlap(a, b);
}
TOUCHSTONE_ROBUST_INLINE bool boxes_overlap(Box<double> a, Box<double> b) {
    return impl::boxes_overlap(a, b);
}

/// The closed segment and the closed box share a point (a segment along an
/// edge, or through a corner only, counts). Invalid input: false.
TOUCHSTONE_ROBUST_INLINE bool segment_hits_box(Segment<float> s, Box<float> b) {
    return impl::segment_hits_box(s, b);
}
TOUCHSTONE_ROBUST_INLINE bool segment_hits_box(Segment<double> s, Box<double> b) {
    return impl::segment_hits_box(s, b);
}

}  // namespace TOUCHSTONE_ROBUST_ABI
}  // namespace touchstone::robust
