// touchstone::robust — the ray casts: ray_cast_disk, ray_cast_segment,
// ray_cast_box, ray_cast_capsule, ray_cast_polygon.
//
// The ray is the closed segment p + t (q - p), t in [0, 1] (a Segment whose
// a is p and b is q; p == q is a zero-length ray, the point p). The answer
// (RayHit<T>): hit when some point of the ray lies in the closed shape, and
// then t, the smallest such t (0 when p is in the shape), correctly rounded
// to T (0 ulps). Exact for every finite float and double input.
//
// Misses are settled first: a ray hits a disk or a segment exactly when, as
// a closed segment, it meets it, which the filtered exact predicates
// segment_hits_disk and segments_intersect decide (their impl:: forms, so
// that their mutants stay theirs), a capsule when the ray, as a capsule of
// radius 0, overlaps it (capsules_overlap); for a box or a capsule, a filter rejects
// the rays whose bounding box certainly misses the shape's (comparisons of
// doubles are exact; the box grown by a radius is rounded outward by one
// ulp). Hits, and what the filters leave, go to the exact stage exact::ray_cast_*
// (core/src/robust/ray_casts.cpp: inputs scaled to integers, cpp_int, t rounded by rounding.hpp).
// A convex polygon: a ray whose bounding box misses the polygon's is a miss;
// the rest is clipped exactly (Cyrus-Beck on exact fractions), and a hit is
// returned only for a valid polygon (strictly convex and counter-clockwise,
// checked with exact orientations as polygons_overlap does).
// Invalid input (NaN, +-inf, a negative radius, a box with max < min, a
// polygon that is not strictly convex and counter-clockwise or has a vertex
// count outside [3, 16]): a miss with t = 0, the documented empty answer of
// a fraction.
#pragma once

#include <cmath>
#include <limits>
#include <type_traits>
#include <utility>

#include "touchstone/geometry.hpp"
#include "touchstone/robust/detail/exact.hpp"
#include "touchstone/robust/detail/filter.hpp"
#include "touchstone/robust/detail/layers.hpp"
#include "touchstone/robust/detail/segment_circle.hpp"
#include "touchstone/robust/detail/segments.hpp"
#include "touchstone/robust/convex.hpp"
#include "touchstone/robust/shapes.hpp"

namespace touchstone::robust {
inline namespace TOUCHSTONE_ROBUST_ABI {
namespace impl {

/// v moved outward by at least its rounding error: fl(v) of a sum within u |v|
/// of the sum (exact when subnormal), and v -+ 2^-51 |v| rounds by at most
/// u (1 + 2^-51) |v|, so the result is beyond the sum by >= 2^-52 |v| (1 - ...)
/// > u |v|. +-inf stay; a NaN stays NaN (and every comparison fails). Cheaper
/// than std::nextafter, a library call (issue 15, fourth round).
TOUCHSTONE_ROBUST_INLINE double outward_down(double v) { return v - std::fabs(v) * 0x1p-51; }
TOUCHSTONE_ROBUST_INLINE double outward_up(double v) { return v + std::fabs(v) * 0x1p-51; }

/// Whether the ray's bounding box certainly misses [lox, hix] x [loy, hiy]
/// grown by r (r >= 0), the grown bounds rounded outward. False on NaN.
TOUCHSTONE_ROBUST_INLINE bool ray_box_apart(double px, double py, double qx, double qy, double lox,
                                            double loy, double hix, double hiy, double r) {
    if (r > 0) {
        lox = outward_down(lox - r);
        loy = outward_down(loy - r);
        hix = outward_up(hix + r);
        hiy = outward_up(hiy + r);
    }
    return (px < lox && qx < lox) || (px > hix && qx > hix) || (py < loy && qy < loy) ||
           (py > hiy && qy > hiy);
}

// ----- the float fast paths (issue 15, fourth round) ------------------------
// Float inputs are exact in double and far from its range: a difference of
// two floats is below 2^129 in magnitude and, when nonzero, at least 2^-149,
// so a product of two differences lies in [2^-298, 2^258] or is 0, and a
// quotient of two such products (or differences) in [2^-560, 2^560]: no
// double operation below underflows or overflows. Each difference, product
// and quotient errs by at most u = 2^-53 relative. A cross product
// n = a b - c d of differences is then within ((1 + u)^4 - 1) S of its
// value, S = |a b| + |c d| <= (1 + u)^3 S' for the computed S', and
// ray_float_rel S' = 2^-50 S' bounds that with a factor ~2 of slack (the
// product 2^-50 S' is exact: a power of two, no underflow).
// Each fraction's interval is detail::fraction_interval's (filter.hpp);
// when both of its ends round to the same float, so does the fraction
// (rounding is monotone): that float is the correctly rounded t, certified
// without any integer.
constexpr double ray_float_rel = 0x1p-50;

/// The float of the entry in [lo, hi] (lo raised to 0: t >= 0), when both
/// ends round alike; false otherwise.
TOUCHSTONE_ROBUST_INLINE bool float_of(double lo, double hi, float& t) {
    const float l = static_cast<float>(lo < 0 ? 0.0 : lo), h = static_cast<float>(hi);
    t = h;
    return TOUCHSTONE_MUTANT(rf_float_ends_unchecked, l == h, true);
}

/// ray_cast_segment's t for float inputs that certainly hit (segments_intersect
/// decided it): t = cross(F, E) / cross(D, E) (F = A - P, E = B - A, D = Q - P)
/// when cross(D, E) != 0 is certain, rounded when certified; false to hand off
/// (parallel or collinear rays, a start on the segment, t near a float midpoint).
TOUCHSTONE_ROBUST_INLINE bool ray_segment_float(Segment<float> ray, Segment<float> s, float& t) {
    const double px = ray.a.x, py = ray.a.y;
    const double dx = double(ray.b.x) - px, dy = double(ray.b.y) - py;
    const double ex = double(s.b.x) - s.a.x, ey = double(s.b.y) - s.a.y;
    const double fx = s.a.x - px, fy = s.a.y - py;
    const double d1 = dx * ey, d2 = dy * ex, n1 = fx * ey, n2 = fy * ex;
    const double d = d1 - d2, n = n1 - n2;
    const double bd = ray_float_rel * (std::fabs(d1) + std::fabs(d2));
    const double bn = ray_float_rel * (std::fabs(n1) + std::fabs(n2));
    if (!(std::fabs(d) > 2 * bd)) return false;
    double lo, hi;
    detail::fraction_interval<false>(n, d, bn, bd, lo, hi);
    return float_of(lo, hi, t);
}

/// ray_cast_disk's t for float inputs that certainly hit (segment_hits_disk
/// decided it): with W = P - C, D = Q - P, A = D.D, B = D.W, K = W.W - r^2,
/// a start strictly inside (K < 0) is t = 0, and a start outside (K > 0, then
/// B < 0) enters at the smaller root, t = K / (-B + sqrt(B^2 - A K)) (the
/// conjugate form: no cancellation). A, B and K carry the bound 2^-50 of their
/// terms' magnitudes (each within 5 u of them, see above); the discriminant
/// B^2 - A K the propagated (2 |B'| + bB) bB + A' bK + K' bA + bA bK (times
/// 1 + 2^-40 for its own evaluation) plus 2^-50 (B'^2 + A' K') for its three
/// roundings and those of disc -+ bdisc (float inputs: every product below
/// 2^516 and either 0 or above 2^-596, no underflow or overflow). Each end
/// of sqrt, the denominator and t is then moved outward by a factor 1 -+
/// 2^-51 (4 u) after at most three roundings of u: [lo, hi] holds t. False
/// to hand off (a start on or near the circle, a discriminant not certainly
/// positive, t near a float midpoint).
TOUCHSTONE_ROBUST_INLINE bool ray_disk_float(Segment<float> ray, Circle<float> c, float& t) {
    constexpr double in = 1 - 0x1p-51, out = 1 + 0x1p-51;
    const double wx = double(ray.a.x) - c.c.x, wy = double(ray.a.y) - c.c.y;
    const double dx = double(ray.b.x) - ray.a.x, dy = double(ray.b.y) - ray.a.y;
    const double r = c.r;
    const double w1 = wx * wx, w2 = wy * wy, rr = r * r;
    const double K = (w1 + w2) - rr, bK = ray_float_rel * ((w1 + w2) + rr);
    if (K + bK < 0) {  // strictly inside: t = 0
        t = 0;
        return true;
    }
    if (!(K - bK > 0)) return false;
    const double A = dx * dx + dy * dy, bA = ray_float_rel * A;
    const double b1 = dx * wx, b2 = dy * wy, B = b1 + b2;
    const double bB = ray_float_rel * (std::fabs(b1) + std::fabs(b2));
    if (!(B + bB < 0)) return false;
    const double BB = B * B, AK = A * K, disc = BB - AK;
    const double bdisc =
        TOUCHSTONE_MUTANT(rd_float_disc_bound_tiny, 1.0, 0x1p-22) *
        (((2 * std::fabs(B) + bB) * bB + A * bK + K * bA + bA * bK) * (1 + 0x1p-40) +
         ray_float_rel * (BB + AK));
    const double dlo = disc - bdisc, dhi = disc + bdisc;
    if (!(dlo > 0)) return false;
    const double slo = std::sqrt(dlo) * in, shi = std::sqrt(dhi) * out;
    const double den_lo = ((-B - bB) + slo) * in, den_hi = ((-B + bB) + shi) * out;
    return float_of((K - bK) / den_hi * in, (K + bK) / den_lo * out, t);
}

/// ray_cast_box for float inputs: the slab test on intervals of the slabs'
/// fractions (m - p) / (q - p) (each difference and the quotient err by u:
/// bn = 2^-50 |n'| and bd = 2^-50 |d'| bound the first two with room, and
/// fraction_interval the rest). 1: decided (out set); 0: hand off (invalid
/// input, an entry too close to the exit, t near a float midpoint).
TOUCHSTONE_ROBUST_INLINE int ray_box_float(Segment<float> ray, Box<float> b, RayHit<float>& out) {
    const double p[2] = {ray.a.x, ray.a.y}, q[2] = {ray.b.x, ray.b.y};
    const double m[2] = {b.lo.x, b.lo.y}, M[2] = {b.hi.x, b.hi.y};
    // Every input finite (the sum of 8 finite floats cannot overflow a
    // double) and the box not inverted: else the exact stage's invalid answer.
    if (!(std::fabs(p[0]) + std::fabs(p[1]) + std::fabs(q[0]) + std::fabs(q[1]) + std::fabs(m[0]) +
              std::fabs(m[1]) + std::fabs(M[0]) + std::fabs(M[1]) <
          std::numeric_limits<double>::infinity()) ||
        !(m[0] <= M[0] && m[1] <= M[1]))
        return 0;
    double elo = 0, ehi = 0, xlo = 1, xhi = 1;  // entry: max of lo, hi; exit: min
    for (int i = 0; i < 2; ++i) {
        const double d = q[i] - p[i];  // 0 exactly when q == p
        if (d == 0) {
            if (p[i] < m[i] || p[i] > M[i]) {
                out = {};
                return 1;
            }
            continue;
        }
        const double na = m[i] - p[i], nb = M[i] - p[i];
        const double bd = ray_float_rel * std::fabs(d);
        double alo, ahi, blo, bhi;
        detail::fraction_interval<false>(na, d, ray_float_rel * std::fabs(na), bd, alo, ahi);
        detail::fraction_interval<false>(nb, d, ray_float_rel * std::fabs(nb), bd, blo, bhi);
        if (d < 0) {  // the ray enters at M's fraction, leaves at m's
            std::swap(alo, blo);
            std::swap(ahi, bhi);
        }
        if (alo > elo) elo = alo;
        if (ahi > ehi) ehi = ahi;
        if (blo < xlo) xlo = blo;
        if (bhi < xhi) xhi = bhi;
    }
    if (elo > xhi) {
        out = {};
        return 1;
    }
    float t;
    if (!(ehi < xlo) || !float_of(elo, ehi, t)) return 0;
    out = {true, t};
    return 1;
}

template <class T, class Exact>
RayHit<T> ray_cast(Primitive prim, const double* x, int n, Exact exact) {
    Layer l;
    const RayHit<T> out = exact(x, l);
    (void)n;
    count<T>(prim, l);
    return out;
}

template <class T>
RayHit<T> ray_cast_disk(Segment<T> ray, Circle<T> c) {
    constexpr Primitive prim = Primitive::ray_cast_disk;
    check_environment(prim);
    const double x[] = {ray.a.x, ray.a.y, ray.b.x, ray.b.y, c.c.x, c.c.y, c.r};
    // exact; also false on invalid input (a certain miss by the box first)
    if (!segment_hits_disk<T, true>(ray, c)) {
        count<T>(prim, Layer::filter);
        return {};
    }
    if constexpr (std::is_same_v<T, float>) {
        float t;
        if (ray_disk_float(ray, c, t)) {
            count<T>(prim, Layer::filter);
            return {true, t};
        }
    }
    return ray_cast<T>(prim, x, 7,
                       [](const double* v, Layer& l) { return exact::ray_cast_disk<T>(v, l); });
}

template <class T>
RayHit<T> ray_cast_segment(Segment<T> ray, Segment<T> s) {
    constexpr Primitive prim = Primitive::ray_cast_segment;
    const double x[] = {ray.a.x, ray.a.y, ray.b.x, ray.b.y, s.a.x, s.a.y, s.b.x, s.b.y};
    // segments_intersect's filter: a certified miss (also the answer to
    // invalid input: the filter certifies nothing from a NaN or an infinity
    // that matters, see SegmentsIntersectFilter) ends here. An uncertain
    // call goes straight to the exact ray cast, which decides hit or miss
    // itself (issue 15, fifth round: the exact segments_intersect before it
    // was the larger half of a near-degenerate call).
    const SegmentsIntersectFilter f(double(ray.a.x), double(ray.a.y), double(ray.b.x),
                                    double(ray.b.y), double(s.a.x), double(s.a.y), double(s.b.x),
                                    double(s.b.y), detail::MayUnderflow<T>{});
    if (f.certain & !f.hit) {
        count<T>(prim, Layer::filter);
        return {};
    }
    if constexpr (std::is_same_v<T, float>) {
        float t;
        if (f.certain && ray_segment_float(ray, s, t)) {
            count<T>(prim, Layer::filter);
            return {true, t};
        }
    }
    return ray_cast<T>(prim, x, 8,
                       [](const double* v, Layer& l) { return exact::ray_cast_segment<T>(v, l); });
}

template <class T>
RayHit<T> ray_cast_box(Segment<T> ray, Box<T> b) {
    constexpr Primitive prim = Primitive::ray_cast_box;
    const double x[] = {ray.a.x, ray.a.y, ray.b.x, ray.b.y, b.lo.x, b.lo.y, b.hi.x, b.hi.y};
    if (x[4] <= x[6] && x[5] <= x[7] &&
        ray_box_apart(x[0], x[1], x[2], x[3], x[4], x[5], x[6], x[7], 0.0)) {
        count<T>(prim, Layer::filter);
        return {};
    }
    if constexpr (std::is_same_v<T, float>) {
        RayHit<float> out;
        if (ray_box_float(ray, b, out) != 0) {
            count<T>(prim, Layer::filter);
            return out;
        }
    }
    return ray_cast<T>(prim, x, 8,
                       [](const double* v, Layer& l) { return exact::ray_cast_box<T>(v, l); });
}

template <class T>
RayHit<T> ray_cast_capsule(Segment<T> ray, Capsule<T> c) {
    constexpr Primitive prim = Primitive::ray_cast_capsule;
    check_environment(prim);
    const double x[] = {ray.a.x, ray.a.y, ray.b.x, ray.b.y, c.s.a.x,
                        c.s.a.y, c.s.b.x, c.s.b.y, c.r};
    if (c.r >= 0 &&
        ray_box_apart(x[0], x[1], x[2], x[3], std::fmin(x[4], x[6]), std::fmin(x[5], x[7]),
                      std::fmax(x[4], x[6]), std::fmax(x[5], x[7]), x[8])) {
        count<T>(prim, Layer::filter);
        return {};
    }
    // The ray hits the capsule exactly when, as a capsule of radius 0, it
    // overlaps it: the filtered exact predicate settles the misses (issue 15:
    // they went to cpp_int before); it is also false on invalid input.
    if (!capsules_overlap(Capsule<T>{ray, T(0)}, c)) {
        count<T>(prim, Layer::filter);
        return {};
    }
    return ray_cast<T>(prim, x, 9,
                       [](const double* v, Layer& l) { return exact::ray_cast_capsule<T>(v, l); });
}

template <class T>
RayHit<T> ray_cast_polygon(Segment<T> ray, const Polygon<T>& poly) {
    constexpr Primitive prim = Primitive::ray_cast_polygon;
    if (!poly.count_in_range()) {
        count<T>(prim, Layer::filter);
        return {};
    }
    const int n = poly.n;
    double x[4 + 2 * max_polygon_vertices];
    x[0] = ray.a.x;
    x[1] = ray.a.y;
    x[2] = ray.b.x;
    x[3] = ray.b.y;
    double lox = poly.v[0].x, loy = poly.v[0].y, hix = lox, hiy = loy;
    for (int i = 0; i < n; ++i) {
        const double vx = poly.v[static_cast<std::size_t>(i)].x;
        const double vy = poly.v[static_cast<std::size_t>(i)].y;
        x[4 + 2 * i] = vx;
        x[5 + 2 * i] = vy;
        // Comparisons, not an fmin/fmax reduction: aarch64-linux-gnu-g++ 12
        // stops with an internal compiler error (vect_transform_reduction)
        // vectorising that. A NaN vertex is never taken (as fmin/fmax skip
        // it); a NaN first vertex leaves a NaN bound, and the box test below
        // is then false: the exact stage gives the invalid-input miss.
        if (vx < lox) lox = vx;
        if (vy < loy) loy = vy;
        if (vx > hix) hix = vx;
        if (vy > hiy) hiy = vy;
    }
    // The polygon lies in the box of its vertices (exact comparisons; false
    // on NaN, and a miss is the invalid-input answer anyway).
    if (ray_box_apart(x[0], x[1], x[2], x[3], lox, loy, hix, hiy, 0.0)) {
        count<T>(prim, Layer::filter);
        return {};
    }
    Layer l;
    RayHit<T> out = exact::ray_cast_polygon<T>(x, n, l);
    // A hit: the polygon must be valid (a miss is the invalid answer anyway).
    if (out.hit && !valid_convex(poly, l)) out = {};
    count<T>(prim, l);
    return out;
}

}  // namespace impl

/// The ray p -> q against the closed disk: hit, and the smallest t in [0, 1]
/// with p + t (q - p) in the disk (0 when p is in it), correctly rounded.
inline RayHit<float> ray_cast_disk(Segment<float> ray, Circle<float> c) {
    return impl::ray_cast_disk(ray, c);
}
inline RayHit<double> ray_cast_disk(Segment<double> ray, Circle<double> c) {
    return impl::ray_cast_disk(ray, c);
}
/// The ray against the closed segment (a point when s.a == s.b); a collinear
/// overlap is entered at its nearer end.
inline RayHit<float> ray_cast_segment(Segment<float> ray, Segment<float> s) {
    return impl::ray_cast_segment(ray, s);
}
inline RayHit<double> ray_cast_segment(Segment<double> ray, Segment<double> s) {
    return impl::ray_cast_segment(ray, s);
}
/// The ray against the closed axis-aligned box (the slab test, exactly).
inline RayHit<float> ray_cast_box(Segment<float> ray, Box<float> b) {
    return impl::ray_cast_box(ray, b);
}
inline RayHit<double> ray_cast_box(Segment<double> ray, Box<double> b) {
    return impl::ray_cast_box(ray, b);
}
/// The ray against the closed capsule (its end disks and its sides).
inline RayHit<float> ray_cast_capsule(Segment<float> ray, Capsule<float> c) {
    return impl::ray_cast_capsule(ray, c);
}
inline RayHit<double> ray_cast_capsule(Segment<double> ray, Capsule<double> c) {
    return impl::ray_cast_capsule(ray, c);
}

/// The ray against the closed convex polygon (strictly convex and
/// counter-clockwise, 3 to 16 vertices): the first contact, 0 when p is in
/// it; a vertex grazed or an edge run along is a hit at its first point.
inline RayHit<float> ray_cast_polygon(Segment<float> ray, const Polygon<float>& poly) {
    return impl::ray_cast_polygon(ray, poly);
}
inline RayHit<double> ray_cast_polygon(Segment<double> ray, const Polygon<double>& poly) {
    return impl::ray_cast_polygon(ray, poly);
}

}  // namespace TOUCHSTONE_ROBUST_ABI
}  // namespace touchstone::robust
