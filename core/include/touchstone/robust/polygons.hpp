// touchstone::robust — point_in_polygon, exactly.
//
// The crossing-number test with exact decisions: every comparison of
// coordinates is exact in T, and the one arithmetic test, on which side of
// an edge the point lies, is robust::orient2d (exact for every finite
// input). An edge is looked at only when it straddles the line y = py
// (one endpoint above, the other on or below: the half-open rule, so a
// vertex on the ray is counted once or twice, never wrongly) or when its box
// holds p (p may lie on it). So a vertex on the ray, a horizontal edge along
// it, repeated and collinear vertices need no special case.
// Invalid input (a vertex count outside [3, 16], NaN, +-inf): false, the
// documented empty answer of a predicate.
#pragma once

#include <cmath>
#include <limits>

#include "touchstone/geometry.hpp"
#include "touchstone/robust/orient2d.hpp"

namespace touchstone::robust {
inline namespace TOUCHSTONE_ROBUST_ABI {
namespace impl {

template <class T>
constexpr bool finite(T v) {
    return std::fabs(v) <= std::numeric_limits<T>::max();
}

template <class T>
bool point_in_polygon(Vec2<T> p, const Polygon<T>& poly) {
    if (!poly.count_in_range() || !finite(p.x) || !finite(p.y)) return false;
    const int n = poly.n;
    for (int i = 0; i < n; ++i)
        if (!finite(poly.v[static_cast<std::size_t>(i)].x) ||
            !finite(poly.v[static_cast<std::size_t>(i)].y))
            return false;
    bool inside = false;
    Vec2<T> a = poly.v[static_cast<std::size_t>(n - 1)];
    for (int i = 0; i < n; ++i) {
        const Vec2<T> b = poly.v[static_cast<std::size_t>(i)];
        const bool a_above = a.y > p.y, b_above = b.y > p.y;
        const bool straddles = a_above != b_above;
        const bool in_box = (a.x <= p.x ? p.x <= b.x : b.x <= p.x && p.x <= a.x) &&
                            (a.y <= p.y ? p.y <= b.y : b.y <= p.y && p.y <= a.y);
        if (straddles || in_box) {
            const int o = robust::orient2d(a, b, p);
            if (o == 0 && in_box) return true;
            if (straddles && (b_above ? o > 0 : o < 0)) inside = !inside;
        }
        a = b;
    }
    return inside;
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
