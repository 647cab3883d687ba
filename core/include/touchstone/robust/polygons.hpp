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
#include <limits>

#include "touchstone/geometry.hpp"
#include "touchstone/robust/detail/filter.hpp"
#include "touchstone/robust/detail/mutation.hpp"
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

/// The common case in one branch-free pass (issue 15): every vertex is taken
/// relative to p in double, A = fl(a - p) (float inputs widen exactly; each
/// coordinate is one rounded difference of inputs), and the edge ab's
/// orientation orient2d(a, b, p) = (b - a) x (p - a) = cross(A, B) is
/// D = fl(fl(Ax By) - fl(Ay Bx)), certified by one bound for every edge,
/// shared_orientation_bound (detail/filter.hpp) of S, the sum of |A.x| +
/// |A.y| over the vertices. The rounded differences keep the sign of the
/// exact ones (rounding is monotone, and fl(y - py) = 0 iff y = py: gradual
/// underflow), so "above" (By > 0) is the general loop's exact comparison.
/// When B is finite (S < 2^500: every input finite, no overflow) and every
/// edge's |D| > B (all n orientations certified and nonzero), the general
/// loop takes exactly the same decisions: it returns early only on a zero
/// orientation, and its second branch (a vertex on the line y = py) only
/// tests for one; so the parity of the crossings is its answer. Every edge
/// is certified, not only the straddling ones: then no mask is needed (p on
/// or near the line of an edge it does not cross is rare), and p on a vertex
/// or on a horizontal edge along the ray gives a zero D, never certified.
/// Otherwise the general loop decides. No branch on the data but the final
/// one, which ordinary inputs take the same way.
template <class T>
TOUCHSTONE_ROBUST_INLINE bool point_in_polygon(Vec2<T> p, const Polygon<T>& poly) {
    if (!poly.count_in_range()) return false;
    const int n = poly.n;
    const double px = p.x, py = p.y;
    const Vec2<T> last = poly.v[static_cast<std::size_t>(n - 1)];
    double ax = double(last.x) - px, ay = double(last.y) - py;
    // sx, sy: the sums of |A.x| and |A.y| (the last vertex counted twice:
    // still a sum of at most 34 terms); near: the smallest |D|.
    double sx = std::fabs(ax), sy = std::fabs(ay), near = std::numeric_limits<double>::infinity();
    bool odd = false;
    for (int i = 0; i < n; ++i) {
        const Vec2<T> v = poly.v[static_cast<std::size_t>(i)];
        const double bx = double(v.x) - px, by = double(v.y) - py;
        sx += std::fabs(bx);
        sy += std::fabs(by);
        const double d = ax * by - ay * bx;
        near = std::min(near, std::fabs(d));
        // A crossing right of p: b above and p left of ab, or b below and p right.
        const bool b_above = by > 0;
        odd ^= ((ay > 0) != b_above) & ((d > 0) == b_above);
        ax = bx;
        ay = by;
    }
    const double bound = shared_orientation_bound(sx + sy, detail::MayUnderflow<T>{});
    if (!(near > bound)) return point_in_polygon_exact(p, poly);
    return odd;
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
