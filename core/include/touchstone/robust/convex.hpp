// touchstone::robust — convex polygons (issue 12): polygons_overlap,
// polygon_hits_disk.
//
// Exact for every finite float and double input. A convex polygon is closed
// (its boundary belongs to it) and valid when it is strictly convex and
// counter-clockwise (touchstone::convex_fault, docs/primitives.md).
//
//   * polygons_overlap(P, Q): the separating-axis theorem, decided with
//     orientations only. Two closed convex polygons are disjoint iff a line
//     separates them strictly, and one parallel to an edge of P or of Q
//     does; the edge ab of a counter-clockwise polygon separates when every
//     vertex q of the other lies strictly right of it, orient2d(a, b, q) < 0.
//     So: overlap (touching included) iff no edge of either polygon has the
//     other polygon's vertices all strictly on its outer side. No normal, no
//     projection, no rounding: each orientation is the double filter of
//     detail/filter.hpp (float inputs widen exactly) and, when it declines,
//     exact::orientation. The first vertex on or inside an edge's line
//     rejects that edge as an axis.
//   * polygon_hits_disk(P, c, r): c lies in the closed P (every edge's
//     orientation with c >= 0), or an edge with c strictly outside its line
//     comes within r of c. When c is outside, the point of P nearest to c
//     lies on such an edge (on the edge's inside, c - x is along its outer
//     normal; at a vertex, c is strictly outside one of its two edges), so
//     the edges with c strictly outside decide: each is segment_hits_disk's
//     filter and, when it declines, exact::segment_hits_disk. An edge whose
//     line is certainly farther than r from c (the double filter of the
//     line test) is a separating axis: a miss at once. Before that loop,
//     one branch-free pass (issue 15, polygon_disk_pass_*: every edge's
//     orientation and segment test, every turn of the polygon, all
//     certified, two edges per SSE2 register) decides nearly every ordinary
//     call, validity included; the loop gets what it declines.
//
// Invalid input (a vertex count outside [3, 16], NaN, +-inf, a negative
// radius, a polygon that is not strictly convex and counter-clockwise):
// false. In the loop only a true answer pays for the check: a false answer
// is the invalid-input answer anyway, and no step above is undefined on
// invalid input (orientations of NaN or inf answer 0, the filters decline).
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstring>
#include <limits>

#include "touchstone/geometry.hpp"
#include "touchstone/robust/detail/exact.hpp"
#include "touchstone/robust/detail/filter.hpp"
#include "touchstone/robust/detail/layers.hpp"
#include "touchstone/robust/detail/mutation.hpp"
#include "touchstone/robust/detail/segment_circle.hpp"
#include "touchstone/robust/detail/sse2.hpp"
#include "touchstone/validate.hpp"

namespace touchstone::robust {
inline namespace TOUCHSTONE_ROBUST_ABI {
namespace impl {

/// The orientation of (a, b, c), exactly: the double filter, then the exact
/// stage; `layer` is raised to the highest layer used.
template <class T>
TOUCHSTONE_ROBUST_INLINE int convex_orient(double ax, double ay, double bx, double by, double cx,
                                           double cy, Layer& layer) {
    const Filtered<double> f =
        filter_orientation<double>(ax, ay, bx, by, cx, cy, detail::MayUnderflow<T>{});
    if (f.certain) return f.d > 0 ? 1 : -1;
    const double x[] = {ax, ay, bx, by, cx, cy};
    Layer l;
    const int s = exact::orientation(x, l);
    if (static_cast<int>(l) > static_cast<int>(layer)) layer = l;
    return s;
}

/// Whether the polygon (count in range) is certainly finite, strictly convex
/// and counter-clockwise, in one branch-free pass (issue 15): convex_fault's
/// tests with the turns certified by one shared bound. The turn at vertex k,
/// orient2d(v[k-1], v[k], v[k+1]), is exactly cross(e[k-1], e[k]) with the
/// edges e[i] = v[i+1] - v[i] ((v[k] - v[k-1]) x (v[k+1] - v[k-1]) and
/// v[k+1] - v[k-1] = e[k] + e[k-1]); each edge is one rounded difference of
/// inputs (float inputs widen exactly), so shared_orientation_bound of S,
/// the sum of their |e.x| + |e.y| (2n <= 32 terms), certifies every turn:
/// all turns > B means every turn is a left turn. A finite B (S < 2^500)
/// proves every vertex finite and every turn finite (see there), so no NaN
/// escapes the minimum. The winding test is convex_fault's: an edge is upper
/// when dy > 0, or dy = 0 and dx > 0, on the rounded differences, whose
/// signs are exact; exactly one lower-to-upper passage around the polygon.
/// False means "not certified": the caller runs convex_fault.
template <class T>
TOUCHSTONE_ROBUST_INLINE bool convex_certified(const Polygon<T>& poly) {
    const int n = poly.n;
    const Vec2<T> last = poly.v[static_cast<std::size_t>(n - 1)];
    Vec2<T> a = poly.v[0];
    double ex = double(a.x) - double(last.x), ey = double(a.y) - double(last.y);
    // sx, sy: the sums of |e.x| and |e.y| (kept apart: two short chains).
    double sx = std::fabs(ex), sy = std::fabs(ey), low = std::numeric_limits<double>::infinity();
    // Upper: dy > 0, or dy = 0 and dx > 0; written (dy >= 0) & (dx > 0) for
    // the second term, the same for finite values (dy > 0 is upper anyway),
    // and NaN never reaches a certified answer.
    bool up = (ey > 0) | ((ey >= 0) & (ex > 0));
    int wraps = 0;
    for (int i = 0; i < n; ++i) {
        const Vec2<T> b = poly.v[static_cast<std::size_t>(i + 1 == n ? 0 : i + 1)];
        const double fx = double(b.x) - double(a.x), fy = double(b.y) - double(a.y);
        sx += std::fabs(fx);
        sy += std::fabs(fy);
        low = std::min(low, ex * fy - ey * fx);
        const bool fup = (fy > 0) | ((fy >= 0) & (fx > 0));
        wraps += int(!up & fup);
        ex = fx;
        ey = fy;
        up = fup;
        a = b;
    }
    const double bound = shared_orientation_bound(sx + sy, detail::MayUnderflow<T>{});
    return (low > bound) & TOUCHSTONE_MUTANT(cv_fast_wraps_unchecked, wraps == 1, wraps >= 1);
}

/// Whether the n vertices are finite and the polygon is strictly convex and
/// counter-clockwise (convex_fault of validate.hpp, with filtered orientations).
template <class T>
bool valid_convex(const Polygon<T>& poly, Layer& layer) {
    if (!poly.count_in_range()) return false;
    if (convex_certified(poly)) return true;
    constexpr T top = std::numeric_limits<T>::max();
    double v[2 * max_polygon_vertices];
    bool finite = true;
    for (int i = 0; i < poly.n; ++i) {
        const Vec2<T>& q = poly.v[static_cast<std::size_t>(i)];
        finite &= std::fabs(q.x) <= top;
        finite &= std::fabs(q.y) <= top;
        v[2 * i] = q.x;
        v[2 * i + 1] = q.y;
    }
    if (!finite) return false;
    const ConvexFault fault = convex_fault(
        v, poly.n, [&layer](double ax, double ay, double bx, double by, double cx, double cy) {
            return convex_orient<T>(ax, ay, bx, by, cx, cy, layer);
        });
    return TOUCHSTONE_MUTANT(cv_convexity_unchecked, fault.vertex < 0, true);
}

/// Whether some edge of P has every vertex of Q strictly on its outer side.
template <class T>
bool edge_separates(const Polygon<T>& P, const Polygon<T>& Q, Layer& layer) {
    const int n = P.n, m = Q.n;
    double qx[max_polygon_vertices], qy[max_polygon_vertices];
    for (int k = 0; k < m; ++k) {
        qx[k] = Q.v[static_cast<std::size_t>(k)].x;
        qy[k] = Q.v[static_cast<std::size_t>(k)].y;
    }
    double ax = P.v[static_cast<std::size_t>(n - 1)].x, ay = P.v[static_cast<std::size_t>(n - 1)].y;
    for (int i = 0; i < n; ++i) {
        const double bx = P.v[static_cast<std::size_t>(i)].x,
                     by = P.v[static_cast<std::size_t>(i)].y;
        bool all_out = true;
        for (int k = 0; k < m && all_out; ++k)
            all_out = convex_orient<T>(ax, ay, bx, by, qx[k], qy[k], layer) <
                      TOUCHSTONE_MUTANT(po_touching_separates, 0, 1);
        if (all_out) return true;
        ax = bx;
        ay = by;
    }
    return false;
}

template <class T>
bool polygons_overlap(const Polygon<T>& P, const Polygon<T>& Q) {
    constexpr Primitive prim = Primitive::polygons_overlap;
    if (!P.count_in_range() || !Q.count_in_range()) return false;
    Layer layer = Layer::filter;
    bool hit =
        !edge_separates(P, Q, layer) &&
        !TOUCHSTONE_MUTANT(po_second_polygon_axes_skipped, edge_separates(Q, P, layer), false);
    hit = hit && valid_convex(P, layer) && valid_convex(Q, layer);
    count<T>(prim, layer);
    return hit;
}

/// The general loop (every case, the count in range): each edge's
/// orientation, filtered then exact, and for the edges with c strictly
/// outside their line the far-line test and segment_disk_decided; `layer`
/// is raised to the highest layer used. Out of line: only what the one-pass
/// filter below declines comes here (near-tangent disks, centres on or
/// near an edge's line, invalid polygons).
template <class T>
TOUCHSTONE_ROBUST_NOINLINE bool polygon_hits_disk_general(const Polygon<T>& P, Circle<T> c,
                                                          Layer& layer) {
    const int n = P.n;
    const double cx = c.c.x, cy = c.c.y, r = c.r;
    bool inside = true, hit = false;
    double ax = P.v[static_cast<std::size_t>(n - 1)].x, ay = P.v[static_cast<std::size_t>(n - 1)].y;
    for (int i = 0; i < n && !hit; ++i) {
        const double bx = P.v[static_cast<std::size_t>(i)].x,
                     by = P.v[static_cast<std::size_t>(i)].y;
        if (convex_orient<T>(ax, ay, bx, by, cx, cy, layer) < 0) {
            // c strictly outside this edge's line: the edge may hold the
            // point of P nearest to c. When the line itself is certainly
            // farther than r from c, the disk lies in the open outer
            // half-plane and P in the closed inner one: a miss, whatever
            // the other edges (a separating axis; false is also the
            // answer to an invalid polygon).
            inside = false;
            const double vx = bx - ax, vy = by - ay, wx = cx - ax, wy = cy - ay;
            const Filtered<double> line =
                filter_line_vs_circle(vx, vy, wx, wy, r * std::fabs(r), detail::MayUnderflow<T>{});
            if (TOUCHSTONE_MUTANT(pd_far_line_unchecked, line.certain & (line.d > 0), line.d > 0))
                return false;
            // The edge as segment_hits_disk decides it (segment_projection,
            // then the region-by-region filter and the exact stage).
            hit = segment_disk_decided<T>(ax, ay, bx, by, cx, cy, r, layer);
        }
        ax = bx;
        ay = by;
    }
    hit = TOUCHSTONE_MUTANT(pd_inside_ignored, hit || inside, hit);
    // A true answer: every field valid (r finite and >= 0; -0 is valid).
    return hit && r >= 0 && r <= std::numeric_limits<double>::max() && std::isfinite(cx) &&
           std::isfinite(cy) && valid_convex(P, layer);
}

/// polygon_hits_disk's common case in one branch-free pass over the edges
/// (issue 15). Edge i runs from a = v[i - 1] to b = v[i] (edge 0 from
/// v[n - 1]); in double (float inputs widen exactly), with v = fl(b - a),
/// w = fl(c - a), p1 = fl(vx wy), p2 = fl(vy wx), p3 = fl(vx wx),
/// p4 = fl(vy wy), each edge gives three certified signs:
///   - its orientation orient2d(a, b, c) = v x w, D = fl(p1 - p2): filter_det2's
///     derivation (detail/filter.hpp, "two-term determinant") with the
///     magnitude of that derivation itself, Pc = fl(|p1| + |p2|) (not
///     filter_det2's |p1 + p2|: Pc is also the segment test's term),
///     certified when |D| > fl(eps_det2 Pc) (+ eta2 for double inputs);
///   - the segment test G = (v x w)^2 + m^2 - r^2 |v|^2 of filter_segment_disk
///     (detail/segment_circle.hpp, derivation there): the same operations in
///     the same order, certified when |G| > fl(2^-49 P) (and, for double
///     inputs, P >= 2^-900 and |v|^2 >= 2^-960, here both >= 2^-900, which
///     only declines more); G < 0: the disk meets the edge;
///   - the turn at a, orient2d(v[i - 2], v[i - 1], v[i]), which is exactly
///     cross(e, v) with e the previous edge (convex_certified's identity),
///     each coordinate of e and v one rounded difference of inputs:
///     filter_det2's derivation again, l = fl(ex vy), r = fl(ey vx),
///     certified left when fl(l - r) > fl(eps_det2 |fl(l + r)|) (+ eta2).
/// The pass answers only when all 3n are certified, the turns left, the
/// boundary winds once (below), r is in [0, max] (-0 is valid) and c is
/// finite: then P is valid (closed, strictly convex, counter-clockwise), and
///   - no D < 0: c inside every edge's line, so in P: a hit;
///   - some G < 0: the disk meets an edge, part of P: a hit;
///   - otherwise c is strictly outside P, whose nearest point then lies on
///     the boundary, the union of the edges, each farther than r: a miss.
/// So the answer is (no D < 0) or (some G < 0), from the sign bits (a
/// certified value is never zero or NaN). Requiring every certificate, for
/// misses too (which need neither the turns nor a D on every edge), costs
/// nothing on ordinary inputs and keeps one accumulator of certificates.
/// Validity, in detail:
///   - every turn certified left proves every vertex finite: a NaN or
///     infinite coordinate of a vertex makes a coordinate of both its edges
///     NaN or infinite (an overflowing difference is infinite too), and such
///     a coordinate meets, in l or r, one of the other edge: times 0 it is
///     NaN (the turn NaN), otherwise l or r is +-inf and so is l + r, or
///     l + r is NaN: the bound +inf or NaN, nothing passes
///     (point_in_polygon_pass_scalar's argument). Finite l and r with an
///     overflowing difference have opposite signs: +inf then has the exact
///     sign (filter_det2's derivation holds for finite l and r);
///   - the boundary winds once. With every turn strictly left, the edges'
///     directions, lifted to angles t_0 < t_1 < ... < t_n = t_0 + 2 pi k,
///     grow by less than pi per vertex (k is the winding number; k = 1 with
///     every turn left is the strictly convex counter-clockwise polygon:
///     convex_fault's test, validate.hpp). Call an edge lower when the sign
///     bit of its rounded v.y is set (v.y < 0, or v.y = -0), upper otherwise
///     (rounded differences have the exact signs: rounding is monotone and
///     fl(y1 - y0) = 0 iff y1 = y0): upper for t in (0, pi) mod 2 pi, lower
///     in (pi, 2 pi), and a horizontal edge (t a multiple of pi) either, by
///     the sign of its zero. Steps below pi cannot pass from below 2 pi m to
///     beyond 2 pi m + pi, nor from one end of that interval past the other:
///     the edges with t in [2 pi m, 2 pi m + pi] are consecutive, include one
///     in the open interval, and only the first and the last may be lower;
///     the same for the lower intervals. So each turn of 2 pi holds one run
///     of upper edges and one of lower ones, and the lower-to-upper
///     passages around the polygon number k: the pass asks for exactly one.
/// Anything else: -1, the general loop decides (near-tangent disks, centres
/// on or near an edge's line, invalid polygons). Result: 1 (hit), 0 (miss),
/// -1.
///
/// Two forms with the same results (tests/robust/convex_test.cpp compares
/// them with each other and with the general loop): two edges per SSE2
/// register where the compiler offers SSE2 (detail/sse2.hpp), the scalar
/// loop everywhere. The lower edges are collected as a bit mask (bit i:
/// edge i); polygon_disk_valid checks the rest of the validity.
template <class T>
TOUCHSTONE_ROBUST_INLINE bool polygon_disk_valid(unsigned lower, int n, Circle<T> c) {
    const unsigned full = (2u << (n - 1)) - 1;  // n <= 16 bits
    lower &= full;
    const unsigned before = ((lower << 1) | (lower >> (n - 1))) & full;  // bit i: edge i - 1 lower
    const unsigned passages = before & ~lower;
    const bool once =
        TOUCHSTONE_MUTANT(pd_pass_winding_unchecked,
                          (passages != 0) & ((passages & (passages - 1)) == 0), passages != 0);
    constexpr double top = std::numeric_limits<double>::max();
    const double r = c.r, ax = std::fabs(double(c.c.x)), ay = std::fabs(double(c.c.y));
    return once & (r >= 0) & (r <= top) & (ax <= top) & (ay <= top);
}

template <class T>
TOUCHSTONE_ROBUST_INLINE int polygon_disk_pass_scalar(const Polygon<T>& poly, Circle<T> c) {
    constexpr bool underflow = detail::MayUnderflow<T>::value;
    constexpr double eta = detail::Bounds<double>::eta2;
    // The mutants of these bounds are in the SSE2 form (one site each).
    constexpr double eps_o = detail::Bounds<double>::eps_det2, eps_t = eps_o, eps_g = 0x1p-49;
    const int n = poly.n;
    const double cx = c.c.x, cy = c.c.y, r = c.r;
    const double rr = r * std::fabs(r);
    const Vec2<T> before = poly.v[static_cast<std::size_t>(n - 2)];
    const Vec2<T> last = poly.v[static_cast<std::size_t>(n - 1)];
    double ax = last.x, ay = last.y;
    double ex = ax - double(before.x), ey = ay - double(before.y);  // edge n - 1
    bool certain = true, outside = false, touch = false;
    unsigned lower = 0;
    for (int i = 0; i < n; ++i) {
        const Vec2<T> b = poly.v[static_cast<std::size_t>(i)];
        const double bx = b.x, by = b.y;
        const double vx = bx - ax, vy = by - ay, wx = cx - ax, wy = cy - ay;
        const double p1 = vx * wy, p2 = vy * wx, p3 = vx * wx, p4 = vy * wy;
        const double cross = p1 - p2, pc = std::fabs(p1) + std::fabs(p2);
        double ob = eps_o * pc;
        if constexpr (underflow) ob = ob + eta;
        const bool o_ok = std::fabs(cross) > ob;
        // filter_segment_disk's G and P, operation for operation.
        const double dot = p3 + p4, vv = vx * vx + vy * vy;
        const double uv = dot - vv;
        const double m = std::min(dot, 0.0) + std::max(uv, 0.0);
        const double rv = rr * vv;
        const double g = (cross * cross + m * m) - rv;
        const double q = 2 * (std::fabs(p3) + std::fabs(p4)) + vv;
        const double p = (pc * pc + q * q) + std::fabs(rv);
        bool g_ok = std::fabs(g) > eps_g * p;
        // The underflow guards as the SSE2 form takes them (see there).
        if constexpr (underflow) g_ok = g_ok & (p >= 0x1p-900) & (vv >= 0x1p-900);
        // The turn from the previous edge e to v.
        const double l = ex * vy, rt = ey * vx;
        double tb = eps_t * std::fabs(l + rt);
        if constexpr (underflow) tb = tb + eta;
        const bool t_ok = (l - rt) > tb;
        certain &= o_ok & g_ok & t_ok;
        outside |= std::signbit(cross);
        touch |= std::signbit(g);
        lower |= unsigned(std::signbit(vy)) << i;
        ax = bx;
        ay = by;
        ex = vx;
        ey = vy;
    }
    const bool valid = polygon_disk_valid(lower, n, c);
    return (certain & valid) ? int(!outside | touch) : -1;
}

#if TOUCHSTONE_ROBUST_SSE2
/// polygon_disk_pass_scalar's tests, edges i and i + 1 in the two lanes.
/// The certificates are a lane mask (all ones or all zeros), the signs of
/// D and G are accumulated as sign bits, all read once at the end. For odd
/// n the last step's second lane (the edge from vertex n - 1 to the unused
/// vertex n, which the polygon's capacity holds) is masked out.
template <class T>
TOUCHSTONE_ROBUST_INLINE int polygon_disk_pass_sse2(const Polygon<T>& poly, Circle<T> c) {
    namespace s2 = detail::sse2;
    constexpr bool underflow = detail::MayUnderflow<T>::value;
    const int n = poly.n;
    // (No mutant for eps_o: see detail/mutation.hpp, "Left out".)
    const __m128d eps_o = _mm_set1_pd(detail::Bounds<double>::eps_det2);
    const __m128d eps_t =
        _mm_set1_pd(TOUCHSTONE_MUTANT(pd_pass_turn_bound_tiny, detail::Bounds<double>::eps_det2,
                                      detail::Bounds<double>::eps_det2 / 0x1p20));
    const __m128d eps_g =
        _mm_set1_pd(TOUCHSTONE_MUTANT(pd_pass_segment_bound_tiny, 0x1p-49, 0x1p-49 / 0x1p20));
    const __m128d eta = _mm_set1_pd(detail::Bounds<double>::eta2);
    const __m128d cx = _mm_set1_pd(double(c.c.x)), cy = _mm_set1_pd(double(c.c.y));
    const double r = c.r;
    const __m128d rr = _mm_set1_pd(r * std::fabs(r));
    const Vec2<T> before = poly.v[static_cast<std::size_t>(n - 2)];
    const Vec2<T> last = poly.v[static_cast<std::size_t>(n - 1)];
    // Lane 1 of the previous pair: vertex n - 1 and edge n - 1.
    __m128d bx = _mm_set1_pd(double(last.x)), by = _mm_set1_pd(double(last.y));
    __m128d vx = _mm_set1_pd(double(last.x) - double(before.x));
    __m128d vy = _mm_set1_pd(double(last.y) - double(before.y));
    __m128d certain = _mm_castsi128_pd(_mm_set1_epi32(-1)), outside = _mm_setzero_pd(),
            touch = _mm_setzero_pd();
    // Double inputs: the least P and |v|^2 of the segment tests, for their
    // underflow guards (below).
    __m128d small = _mm_set1_pd(1.0);
    unsigned lower = 0;
    // One step: edges i and i + 1. Returns their certificate; their D and G
    // (sign bits) in d_out and g_out, min(P, |v|^2) in guard.
    const auto step = [&](int i, __m128d& d_out, __m128d& g_out, __m128d& guard) {
        T w[4];
        std::memcpy(w, &poly.v[static_cast<std::size_t>(i)], sizeof w);
        const __m128d pbx = bx, pby = by, pvx = vx, pvy = vy;
        s2::load_point_pair(w, bx, by);
        const __m128d ax = _mm_shuffle_pd(pbx, bx, 1), ay = _mm_shuffle_pd(pby, by, 1);
        vx = _mm_sub_pd(bx, ax);
        vy = _mm_sub_pd(by, ay);
        // The previous edges: lane 0's is the last step's lane 1, lane 1's
        // this step's lane 0.
        const __m128d ex = _mm_shuffle_pd(pvx, vx, 1), ey = _mm_shuffle_pd(pvy, vy, 1);
        const __m128d wx = _mm_sub_pd(cx, ax), wy = _mm_sub_pd(cy, ay);
        const __m128d p1 = _mm_mul_pd(vx, wy), p2 = _mm_mul_pd(vy, wx);
        const __m128d p3 = _mm_mul_pd(vx, wx), p4 = _mm_mul_pd(vy, wy);
        const __m128d cross = _mm_sub_pd(p1, p2);
        const __m128d pc = _mm_add_pd(s2::abs_pd(p1), s2::abs_pd(p2));
        __m128d ob = _mm_mul_pd(eps_o, pc);
        if constexpr (underflow) ob = _mm_add_pd(ob, eta);
        const __m128d o_ok = _mm_cmplt_pd(ob, s2::abs_pd(cross));
        const __m128d dot = _mm_add_pd(p3, p4);
        const __m128d vv = _mm_add_pd(_mm_mul_pd(vx, vx), _mm_mul_pd(vy, vy));
        const __m128d uv = _mm_sub_pd(dot, vv);
        // std::min(dot, 0.0), std::max(uv, 0.0): the same lane by lane (NaN too).
        const __m128d zero = _mm_setzero_pd();
        const __m128d m = _mm_add_pd(_mm_min_pd(zero, dot), _mm_max_pd(zero, uv));
        const __m128d rv = _mm_mul_pd(rr, vv);
        const __m128d g = _mm_sub_pd(_mm_add_pd(_mm_mul_pd(cross, cross), _mm_mul_pd(m, m)), rv);
        const __m128d pd = _mm_add_pd(s2::abs_pd(p3), s2::abs_pd(p4));
        const __m128d q = _mm_add_pd(_mm_add_pd(pd, pd), vv);
        const __m128d p =
            _mm_add_pd(_mm_add_pd(_mm_mul_pd(pc, pc), _mm_mul_pd(q, q)), s2::abs_pd(rv));
        const __m128d g_ok = _mm_cmplt_pd(_mm_mul_pd(eps_g, p), s2::abs_pd(g));
        guard = _mm_min_pd(p, vv);
        const __m128d l = _mm_mul_pd(ex, vy), rt = _mm_mul_pd(ey, vx);
        __m128d tb = _mm_mul_pd(eps_t, s2::abs_pd(_mm_add_pd(l, rt)));
        if constexpr (underflow) tb = _mm_add_pd(tb, eta);
        const __m128d t_ok = _mm_cmplt_pd(tb, _mm_sub_pd(l, rt));
        lower |= unsigned(_mm_movemask_pd(vy)) << i;
        d_out = cross;
        g_out = g;
        return _mm_and_pd(_mm_and_pd(o_ok, g_ok), t_ok);
    };
    const auto pair = [&](int k) {
        __m128d d, g, s;
        certain = _mm_and_pd(certain, step(k, d, g, s));
        if constexpr (underflow) small = _mm_min_pd(small, s);
        outside = _mm_or_pd(outside, d);
        touch = _mm_or_pd(touch, g);
    };
    int i = 0;
    if constexpr (underflow) {
        // Double inputs: two edges per iteration (measured faster than four
        // here: fewer registers spilled).
        for (; i + 1 < n; i += 2) pair(i);
    } else {
        // Float inputs: four edges per iteration (two steps: fewer loop
        // operations; measured faster than two).
        for (; i + 3 < n; i += 4) {
            __m128d d0, g0, d1, g1, s0, s1;
            const __m128d ok0 = step(i, d0, g0, s0);
            const __m128d ok1 = step(i + 2, d1, g1, s1);
            certain = _mm_and_pd(certain, _mm_and_pd(ok0, ok1));
            outside = _mm_or_pd(outside, _mm_or_pd(d0, d1));
            touch = _mm_or_pd(touch, _mm_or_pd(g0, g1));
        }
        if (i + 1 < n) {
            pair(i);
            i += 2;
        }
    }
    if (i < n) {
        // n odd: edge n - 1 in lane 0; lane 1 masked out (certified, no
        // sign bits; its lower bit is cleared by polygon_disk_valid).
        __m128d d, g, s;
        const __m128d ok = step(i, d, g, s);
        const __m128d lane1 =
            TOUCHSTONE_MUTANT(pd_pass_tail_lane_unmasked,
                              _mm_castsi128_pd(_mm_set_epi32(-1, -1, 0, 0)), _mm_setzero_pd());
        certain = _mm_and_pd(certain, _mm_or_pd(ok, lane1));
        outside = _mm_or_pd(outside, _mm_andnot_pd(lane1, d));
        touch = _mm_or_pd(touch, _mm_andnot_pd(lane1, g));
        if constexpr (underflow)
            small = _mm_min_pd(
                small, _mm_or_pd(_mm_andnot_pd(lane1, s), _mm_and_pd(lane1, _mm_set1_pd(1.0))));
    }
    if constexpr (underflow) {
        // filter_segment_disk's guards, P >= 2^-900 and |v|^2 >= 2^-960, for
        // every edge at once: both at least 2^-900 (stricter for |v|^2: only
        // edges shorter than 2^-450 decline more). A NaN P or |v|^2 may drop
        // out of the minimum, but then G's own certificate failed.
        certain = _mm_and_pd(certain, _mm_cmpge_pd(small, _mm_set1_pd(0x1p-900)));
    }
    const int m_ok = _mm_movemask_pd(certain), m_out = _mm_movemask_pd(outside),
              m_touch = _mm_movemask_pd(touch);
    const bool valid = polygon_disk_valid(lower, n, c);
    return ((m_ok == 3) & valid) ? int((m_out == 0) | (m_touch != 0)) : -1;
}
#endif

template <class T>
bool polygon_hits_disk(const Polygon<T>& P, Circle<T> c) {
    constexpr Primitive prim = Primitive::polygon_hits_disk;
    if (!P.count_in_range()) return false;
#if TOUCHSTONE_ROBUST_SSE2
    const int fast = polygon_disk_pass_sse2(P, c);
#else
    const int fast = polygon_disk_pass_scalar(P, c);
#endif
    if (fast >= 0) {
        count<T>(prim, Layer::filter);
        return fast != 0;
    }
    Layer layer = Layer::filter;
    const bool hit = polygon_hits_disk_general(P, c, layer);
    count<T>(prim, layer);
    return hit;
}
}  // namespace impl

/// Whether the closed convex polygons P and Q share a point (touching along
/// an edge or at a corner counts). Both must be strictly convex and
/// counter-clockwise (docs/primitives.md). Exact for every finite input.
/// Invalid input (n outside [3, 16], NaN, +-inf, not strictly convex or
/// clockwise): false.
inline bool polygons_overlap(const Polygon<float>& P, const Polygon<float>& Q) {
    return impl::polygons_overlap(P, Q);
}
inline bool polygons_overlap(const Polygon<double>& P, const Polygon<double>& Q) {
    return impl::polygons_overlap(P, Q);
}

/// Whether the closed convex polygon P and the closed disk c share a point:
/// c's centre in P, or an edge within r of it (a tangent disk counts).
/// Exact for every finite input. Invalid input (as polygons_overlap, or a
/// negative radius): false.
inline bool polygon_hits_disk(const Polygon<float>& P, Circle<float> c) {
    return impl::polygon_hits_disk(P, c);
}
inline bool polygon_hits_disk(const Polygon<double>& P, Circle<double> c) {
    return impl::polygon_hits_disk(P, c);
}

}  // namespace TOUCHSTONE_ROBUST_ABI
}  // namespace touchstone::robust
