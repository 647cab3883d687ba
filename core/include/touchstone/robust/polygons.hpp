// touchstone::robust — point_in_polygon, exactly.
//
// The crossing-number test with exact decisions: every comparison of
// coordinates is exact in T, and the one arithmetic test, on which side of
// an edge the point lies, is robust::orient2d (exact for every finite
// input). An edge costs an orientation only when it straddles the line
// y = py (one endpoint above, the other on or below: the half-open rule, so
// a vertex on the ray is counted once or twice, never wrongly; p is on such
// an edge iff the orientation is 0), or when it lies on or below the line
// with an end on it and p within its x range (p may lie on it). Every other
// edge is two comparisons. So a vertex on the ray, a horizontal edge along
// it, repeated and collinear vertices need no special case.
// Invalid input (a vertex count outside [3, 16], NaN, +-inf): false, the
// documented empty answer of a predicate.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <type_traits>

#include "touchstone/geometry.hpp"
#include "touchstone/robust/detail/filter.hpp"
#include "touchstone/robust/detail/mutation.hpp"
#include "touchstone/robust/detail/sse2.hpp"
#include "touchstone/robust/orient2d.hpp"

namespace touchstone::robust {
inline namespace TOUCHSTONE_ROBUST_ABI {
namespace impl {

/// Whether p and the n vertices are finite (no branch per vertex).
template <class T>
bool all_finite(Vec2<T> p, const Polygon<T>& poly) {
    constexpr T top = std::numeric_limits<T>::max();
    bool ok = std::fabs(p.x) <= top && std::fabs(p.y) <= top;
    for (int i = 0; i < poly.n; ++i) {
        const Vec2<T>& v = poly.v[static_cast<std::size_t>(i)];
        ok &= std::fabs(v.x) <= top;
        ok &= std::fabs(v.y) <= top;
    }
    return ok;
}

/// The general loop: every case, including p on an edge's line, a vertex on
/// the ray and the edges the filter cannot certify (the count is in range).
template <class T>
bool point_in_polygon_exact(Vec2<T> p, const Polygon<T>& poly) {
    // NaN and +-inf: every comparison and orientation below stays defined
    // (robust::orient2d answers 0 to them), and a false answer is the
    // documented one anyway; only a true answer checks the input.
    const int n = poly.n;
    bool inside = false;
    Vec2<T> a = poly.v[static_cast<std::size_t>(n - 1)];
    bool a_above = a.y > p.y;
    for (int i = 0; i < n; ++i) {
        const Vec2<T> b = poly.v[static_cast<std::size_t>(i)];
        const bool b_above = b.y > p.y;
        if (a_above != b_above) {
            // The edge straddles y = py: p is on it iff it is on its line
            // (the edge is not horizontal and p.y lies in its y range).
            const int o = impl::orient2d(a, b, p);
            if (o == 0) return all_finite(p, poly);
            if (b_above ? o > 0 : o < 0) inside = !inside;
        } else if (!a_above && (a.y == p.y || b.y == p.y)) {
            // Both ends on or below the line, one on it: p may be on the
            // edge (at that end, or along a horizontal edge).
            const bool in_x = a.x <= p.x ? p.x <= b.x : b.x <= p.x && p.x <= a.x;
            if (in_x && impl::orient2d(a, b, p) == 0) return all_finite(p, poly);
        }
        a = b;
        a_above = b_above;
    }
    return inside && all_finite(p, poly);
}

/// The common case in one branch-free pass (issue 15), edge by edge. Every
/// vertex is taken relative to p in double, A = fl(a - p) (float inputs
/// widen exactly; each coordinate is one rounded difference of inputs), and
/// the edge ab's orientation orient2d(a, b, p) = (b - a) x (p - a) =
/// cross(A, B) is D = fl(l - r), l = fl(Ax By), r = fl(Ay Bx), certified by
/// its own bound: filter_det2's with Difference (detail/filter.hpp: the
/// magnitude |fl(l + r)|, eps_det2 = 5u, + eta2 for double inputs), the
/// orientation filter's derivation applied to each edge. (The fifth round's
/// one bound 9u S^2 for every edge, S the sum of every |A.x| + |A.y|, is
/// hundreds of times looser than the edge's own magnitude when p is near an
/// edge, and its running sums were loop-carried chains.) The rounded
/// differences keep the sign of the exact ones (rounding is monotone, and
/// fl(y - py) = 0 iff y = py: gradual underflow), so "above" (By > 0) is the
/// general loop's exact comparison.
///
/// All n edges certified implies every input finite: a NaN coordinate makes
/// l or r NaN, and D NaN fails |D| > B; an infinite one (an infinite input,
/// or an overflowed difference) meets, in l or r, a coordinate of the other
/// vector: times 0 it is NaN (D NaN), otherwise l or r is +-inf and so is
/// l + r, or l + r is NaN: B = +inf or NaN, nothing passes. Every vertex
/// and p enter some certified edge. Finite l and r with an overflowing D
/// have opposite signs (no cancellation): D = +-inf then has the exact sign,
/// which is what the certificate asserts (filter_det2's derivation holds
/// for every finite l and r).
///
/// When every edge is certified (|D| > B: nonzero), the general loop takes
/// exactly the same decisions: it returns early only on a zero orientation,
/// and its second branch (a vertex on the line y = py) only tests for one;
/// so the parity of the crossings is its answer. Every edge is certified,
/// not only the straddling ones: then no mask is needed (p on or near the
/// line of an edge it does not cross is rare), and p on a vertex or on a
/// horizontal edge along the ray gives a zero D, never certified. A
/// crossing right of p: b above and p left of ab (D > 0), or b below and p
/// right of it (D < 0), with a and b on different sides of y = py.
///
/// Result: 1 or 0 when certified (the answer), -1 when the general loop must
/// decide. Two forms with the same answers: the edges two at a time in the
/// lanes of SSE2 registers where the compiler offers SSE2 (detail/sse2.hpp;
/// issue 15: a scalar pass spends most of its time moving values between
/// lanes and flags), the scalar loop everywhere
/// (tests/robust/point_in_polygon_test.cpp compares both with the general
/// loop).
template <class T>
TOUCHSTONE_ROBUST_INLINE int point_in_polygon_pass_scalar(Vec2<T> p, const Polygon<T>& poly) {
    const int n = poly.n;
    const double px = p.x, py = p.y;
    const Vec2<T> last = poly.v[static_cast<std::size_t>(n - 1)];
    double ax = double(last.x) - px, ay = double(last.y) - py;
    bool certain = true, odd = false;
    for (int i = 0; i < n; ++i) {
        const Vec2<T> v = poly.v[static_cast<std::size_t>(i)];
        const double bx = double(v.x) - px, by = double(v.y) - py;
        const Filtered<double> f =
            filter_det2<double>(ax * by, ay * bx, detail::MayUnderflow<T>{}, std::true_type{});
        certain &= f.certain;
        const bool b_above = by > 0;
        odd ^= ((ay > 0) != b_above) & ((f.d > 0) == b_above);
        ax = bx;
        ay = by;
    }
    return certain ? int(odd) : -1;
}

#if TOUCHSTONE_ROBUST_SSE2
/// Vertices i and i + 1 relative to p: (x_i, x_i+1) - px and (y_i,
/// y_i+1) - py in the two lanes (i + 1 < capacity; the two vertices are
/// copied as bytes: the array's elements are contiguous).
TOUCHSTONE_ROBUST_INLINE void vertex_pair(const Polygon<double>& poly, int i, __m128d px,
                                          __m128d py, __m128d& x, __m128d& y) {
    static_assert(sizeof(Vec2<double>) == 2 * sizeof(double), "Vec2<double> is two doubles");
    double w[4];
    std::memcpy(w, &poly.v[static_cast<std::size_t>(i)], sizeof w);
    const __m128d v0 = _mm_loadu_pd(w), v1 = _mm_loadu_pd(w + 2);
    x = _mm_sub_pd(_mm_unpacklo_pd(v0, v1), px);
    y = _mm_sub_pd(_mm_unpackhi_pd(v0, v1), py);
}
TOUCHSTONE_ROBUST_INLINE void vertex_pair(const Polygon<float>& poly, int i, __m128d px, __m128d py,
                                          __m128d& x, __m128d& y) {
    static_assert(sizeof(Vec2<float>) == 2 * sizeof(float), "Vec2<float> is two floats");
    float w[4];
    std::memcpy(w, &poly.v[static_cast<std::size_t>(i)], sizeof w);
    const __m128 v = _mm_loadu_ps(w);
    const __m128 s = _mm_shuffle_ps(v, v, _MM_SHUFFLE(3, 1, 2, 0));  // x_i x_i+1 y_i y_i+1
    x = _mm_sub_pd(_mm_cvtps_pd(s), px);                             // floats widen exactly
    y = _mm_sub_pd(_mm_cvtps_pd(_mm_movehl_ps(s, s)), py);
}

/// point_in_polygon_pass_scalar's tests, edges i and i + 1 in the two lanes
/// (edge i runs from vertex i - 1 to vertex i). The certificate is kept as
/// a lane mask (all ones or all zeros), the crossings in the lanes' sign
/// bits, both read once at the end (movemask reads the sign bits). For odd
/// n the last step's second lane (the edge from vertex n - 1 to the unused
/// vertex n) is masked out: its crossing cleared, its certificate set.
///
/// The side of a vertex is the sign bit of its rounded By: below when set
/// (By < 0, or By = -0, which b.y = -0 and p.y = +0 give), above when clear
/// (By > 0, or By = +0). That is not the scalar pass's rule (above: By > 0)
/// for a vertex on the line y = py, but when every orientation is certified
/// nonzero, p lies on no edge, and then the parity of the crossings right
/// of p is the same for any choice of side for each vertex on that line
/// (one side per vertex, for both of its edges): an edge from a vertex c on
/// the line to a vertex strictly above or below straddles the line for one
/// of c's two choices, and its crossing with the line is c itself, right of
/// p iff the certified orientation says so (for an edge going up, b above,
/// p left of ab, D > 0; going down, D < 0); whichever of c's two edges
/// straddles, it counts c once if c is right of p and the other ends lie on
/// different sides, so the parity does not change; an edge with both ends
/// on the line has D = 0 (p on its line), never certified. The crossing
/// test is then sign bits only: straddle = sign(Ay) ^ sign(By), and the
/// crossing is right of p iff (D > 0) == (b above), i.e. sign(D) ==
/// sign(By) (a certified D is nonzero and not NaN: its sign bit is D < 0).
/// No comparison: one xor and one andnot per pair of edges.
template <class T>
TOUCHSTONE_ROBUST_INLINE int point_in_polygon_pass_sse2(Vec2<T> p, const Polygon<T>& poly) {
    const int n = poly.n;
    const __m128d px = _mm_set1_pd(double(p.x)), py = _mm_set1_pd(double(p.y));
    const __m128d abs_mask = _mm_castsi128_pd(_mm_set_epi32(0x7fffffff, -1, 0x7fffffff, -1));
    const __m128d eps =
        _mm_set1_pd(TOUCHSTONE_MUTANT(pp_edge_bound_tiny, detail::Bounds<double>::eps_det2,
                                      detail::Bounds<double>::eps_det2 / 0x1p20));
    const __m128d eta = _mm_set1_pd(detail::Bounds<double>::eta2);
    const Vec2<T> last = poly.v[static_cast<std::size_t>(n - 1)];
    // Lane 1 of the previous pair: vertex n - 1, the start of edge 0.
    __m128d bx = _mm_set1_pd(double(last.x) - double(p.x));
    __m128d by = _mm_set1_pd(double(last.y) - double(p.y));
    __m128d certain = _mm_castsi128_pd(_mm_set1_epi32(-1)), odd = _mm_setzero_pd();
    // One step: edges i and i + 1; returns their crossings (sign bits), and
    // their certificate in ok.
    const auto step = [&](int i, __m128d& ok) {
        const __m128d pbx = bx, pby = by;
        vertex_pair(poly, i, px, py, bx, by);
        const __m128d ax = _mm_shuffle_pd(pbx, bx, 1), ay = _mm_shuffle_pd(pby, by, 1);
        const __m128d l = _mm_mul_pd(ax, by), r = _mm_mul_pd(ay, bx);
        const __m128d d = _mm_sub_pd(l, r);
        __m128d bound = _mm_mul_pd(eps, _mm_and_pd(_mm_add_pd(l, r), abs_mask));
        if constexpr (detail::MayUnderflow<T>::value) bound = _mm_add_pd(bound, eta);
        ok = TOUCHSTONE_MUTANT(pp_edge_zero_certified, _mm_cmplt_pd(bound, _mm_and_pd(d, abs_mask)),
                               _mm_cmple_pd(bound, _mm_and_pd(d, abs_mask)));
        // ~(d ^ by) & (ay ^ by): sign(D) == sign(By) and the ends on
        // different sides.
        return _mm_andnot_pd(_mm_xor_pd(d, by),
                             TOUCHSTONE_MUTANT(pp_straddle_unchecked, _mm_xor_pd(ay, by),
                                               _mm_castsi128_pd(_mm_set1_epi32(-1))));
    };
    int i = 0;
    // Four edges per iteration (two steps: fewer loop operations and moves).
    for (; i + 3 < n; i += 4) {
        __m128d ok0, ok1;
        const __m128d c0 = step(i, ok0);
        const __m128d c1 = step(i + 2, ok1);
        odd = _mm_xor_pd(odd, _mm_xor_pd(c0, c1));
        certain = _mm_and_pd(certain, _mm_and_pd(ok0, ok1));
    }
    if (i + 1 < n) {
        __m128d ok;
        odd = _mm_xor_pd(odd, step(i, ok));
        certain = _mm_and_pd(certain, ok);
        i += 2;
    }
    if (i < n) {
        // n odd: edge n - 1 in lane 0; lane 1 masked out.
        const __m128d lane0 = _mm_castsi128_pd(_mm_set_epi32(0, 0, -1, -1));
        __m128d ok;
        const __m128d cross = step(i, ok);
        odd = _mm_xor_pd(odd,
                         TOUCHSTONE_MUTANT(pp_tail_lane_unmasked, _mm_and_pd(cross, lane0), cross));
        certain = _mm_and_pd(certain, _mm_or_pd(ok, _mm_castsi128_pd(_mm_set_epi32(-1, -1, 0, 0))));
    }
    if (_mm_movemask_pd(certain) != 3) return -1;
    const int m = _mm_movemask_pd(odd);
    return (m ^ (m >> 1)) & 1;
}
#endif

template <class T>
TOUCHSTONE_ROBUST_INLINE bool point_in_polygon(Vec2<T> p, const Polygon<T>& poly) {
    check_environment(Primitive::point_in_polygon);
    if (!poly.count_in_range()) return false;
#if TOUCHSTONE_ROBUST_SSE2
    const int r = point_in_polygon_pass_sse2(p, poly);
#else
    const int r = point_in_polygon_pass_scalar(p, poly);
#endif
    if (r < 0) return point_in_polygon_exact(p, poly);
    return r != 0;
}

}  // namespace impl

/// Whether p lies in the closed polygon: on its boundary (an edge, a
/// vertex), or inside by the even-odd rule. For a simple polygon (either
/// orientation) that is its closed inside; repeated and collinear vertices
/// are allowed; touchstone does not check simplicity (docs/primitives.md).
/// Exact for every finite input. Invalid input (n outside [3, 16], NaN,
/// +-inf): false.
inline bool point_in_polygon(Vec2<float> p, const Polygon<float>& poly) {
    return impl::point_in_polygon(p, poly);
}
inline bool point_in_polygon(Vec2<double> p, const Polygon<double>& poly) {
    return impl::point_in_polygon(p, poly);
}

}  // namespace TOUCHSTONE_ROBUST_ABI
}  // namespace touchstone::robust
