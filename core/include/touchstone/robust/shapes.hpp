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
//   * boxes: comparisons of inputs are exact in T; segment_hits_box adds the
//     four corner orientations, each through filter_orientation and, when it
//     declines, exact::orientation.
#pragma once

#include <algorithm>
#include <limits>

#include "touchstone/geometry.hpp"
#include "touchstone/robust/detail/exact.hpp"
#include "touchstone/robust/detail/exact_shapes.hpp"
#include "touchstone/robust/detail/filter.hpp"
#include "touchstone/robust/detail/layers.hpp"
#include "touchstone/robust/detail/mutation.hpp"
#include "touchstone/robust/detail/segment_circle.hpp"
#include "touchstone/robust/detail/segments.hpp"

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
    // Both radii >= 0 (NaN fails): the sum is a valid radius for the filter.
    // Otherwise the exact stage validates (a negative radius: false).
    if ((r1 >= 0) & (r2 >= 0)) {
        const SegmentHitsDiskFilter f(double(k.s.a.x), double(k.s.a.y), double(k.s.b.x),
                                      double(k.s.b.y), double(c.c.x), double(c.c.y),
                                      TOUCHSTONE_MUTANT(kd_radius_r1_only, r1 + r2, r1),
                                      detail::MayUnderflow<T>{});
        if (f.certain) {
            count<T>(prim, Layer::filter);
            return f.hit;
        }
    }
    const double x[] = {k.s.a.x, k.s.a.y, k.s.b.x, k.s.b.y, k.r, c.c.x, c.c.y, c.r};
    Layer l;
    const bool hit = exact::capsule_hits_disk(x, l);
    count<T>(prim, l);
    return hit;
}

/// One endpoint test of capsules_overlap: whether c is certainly within R
/// of the segment ab (a certified hit); sets undecided when neither a hit
/// nor a miss is certified. The box test first, in T (segment_box_misses_disk
/// with RT = fl(r1 + r2) rounded once in T), which certifies most misses of
/// ordinary inputs with one comparison, then the filter in double (R the
/// same sum rounded in double). The filter's certified hit proves a, b, c
/// and R finite (segment_hits_disk answers it unchecked: see
/// SegmentHitsDiskFilter), so only the fourth point, `other`, is checked.
template <class T, bool Underflow>
TOUCHSTONE_ROBUST_INLINE bool capsule_endpoint_hits(Vec2<T> a, Vec2<T> b, Vec2<T> c, Vec2<T> other,
                                                    T RT, double R, bool& undecided,
                                                    std::bool_constant<Underflow> u) {
    if (segment_box_misses_disk<T>(a.x, a.y, b.x, b.y, c.x, c.y, RT)) return false;
    const SegmentHitsDiskFilter f(double(a.x), double(a.y), double(b.x), double(b.y), double(c.x),
                                  double(c.y), R, u);
    const bool other_finite =
        TOUCHSTONE_MUTANT(ko_finite_unchecked, all_finite<T>(other.x, other.y), true);
    const bool hit = f.certain & f.hit;
    undecided = undecided | !f.certain | (hit & !other_finite);
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
        // Then each endpoint against the other segment.
        const T RT = c1.r + c2.r;
        if (!hit) hit = capsule_endpoint_hits(c2.s.a, c2.s.b, c1.s.a, c1.s.b, RT, R, undecided, u);
        if (!hit) hit = capsule_endpoint_hits(c2.s.a, c2.s.b, c1.s.b, c1.s.a, RT, R, undecided, u);
        if (!hit) hit = capsule_endpoint_hits(c1.s.a, c1.s.b, c2.s.a, c2.s.b, RT, R, undecided, u);
        if (!hit) hit = capsule_endpoint_hits(c1.s.a, c1.s.b, c2.s.b, c2.s.a, RT, R, undecided, u);
        if (hit) {
            constexpr double inf = std::numeric_limits<double>::infinity();
            if (!crossing | TOUCHSTONE_MUTANT(ko_crossing_radius_unchecked, R < inf, true)) {
                count<T>(prim, Layer::filter);
                return true;
            }
        } else if (!undecided) {  // five certified misses
            count<T>(prim, Layer::filter);
            return false;
        }
    }
    const double x[] = {a1x, a1y, b1x, b1y, r1, a2x, a2y, b2x, b2y, r2};
    Layer l;
    const bool hit = exact::capsules_overlap(x, l);
    count<T>(prim, l);
    return hit;
}

template <class T>
TOUCHSTONE_ROBUST_INLINE bool boxes_overlap(Box<T> a, Box<T> b) {
    count<T>(Primitive::boxes_overlap, Layer::filter);
    // Comparisons of T values are exact. A false answer is right for invalid
    // input too, so the overlap test comes first, short-circuited like the
    // naive one (on ordinary inputs most calls end at its first comparison),
    // and only an overlap checks validity: a NaN fails a comparison (each
    // field is in at least one), min > max fails one of the next four, and
    // +-inf: once all eight comparisons hold, every min of an axis is at most
    // every max of it, so the axis is finite iff its smaller min is above
    // -inf and its larger max below +inf (four comparisons, where
    // all_finite's x - x sum costs fifteen operations).
    if (!(a.lo.x <= b.hi.x && b.lo.x <= a.hi.x && a.lo.y <= b.hi.y && b.lo.y <= a.hi.y))
        return false;
    constexpr T inf = std::numeric_limits<T>::infinity();
    const bool ordered = TOUCHSTONE_MUTANT(
        bo_min_max_unchecked,
        (a.lo.x <= a.hi.x) & (a.lo.y <= a.hi.y) & (b.lo.x <= b.hi.x) & (b.lo.y <= b.hi.y), true);
    const T lo_x = std::min(a.lo.x, b.lo.x), lo_y = std::min(a.lo.y, b.lo.y);
    const T hi_x = std::max(a.hi.x, b.hi.x), hi_y = std::max(a.hi.y, b.hi.y);
    const bool finite = TOUCHSTONE_MUTANT(
        bo_infinity_unchecked, (lo_x > -inf) & (lo_y > -inf) & (hi_x < inf) & (hi_y < inf), true);
    return ordered & finite;
}

template <class T>
TOUCHSTONE_ROBUST_INLINE bool segment_hits_box(Segment<T> s, Box<T> b) {
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
