// touchstone::oracle::detail — the five predicates, straight from the math.
//
// Each formula takes its inputs in case-file order (the field names of the
// table, touchstone/primitive.hpp; docs/primitives.md) as exact numbers of a
// type N (an integer on a common scale, see scaled.hpp, or a
// rational) and evaluates one exact sign test. N must be exact for +, -, *
// and comparisons (Boost.Multiprecision integers and rationals are); there
// are no divisions, no square roots and no filters.
//
// Each formula is homogeneous of the stated degree D: both sides of every
// comparison scale by 2^(D*k) when all inputs scale by 2^k, which is what
// lets scaled.hpp replace the inputs by integers. For inputs |X| < 2^B the
// largest intermediate is below 2^(D*(B+2)); the bound is derived at each
// formula and is what detail::fits() checks before a fixed-width type is used.
#pragma once

#include <array>

namespace touchstone::oracle::detail {

template <class N>
int sign_of(const N& x) {
    return (x > 0) - (x < 0);
}

/// u . v
template <class N>
N dot(const N& ux, const N& uy, const N& vx, const N& vy) {
    N r = ux * vx;
    r += uy * vy;
    return r;
}

/// u x v (z component)
template <class N>
N cross(const N& ux, const N& uy, const N& vx, const N& vy) {
    N r = ux * vy;
    r -= uy * vx;
    return r;
}

/// Degree 2. |p - c|^2 <= r^2. Args: px py cx cy r.
/// Bound: dx, dy < 2^(B+1); dx^2 + dy^2 < 2^(2B+3); r^2 < 2^(2B).
template <class N>
bool point_in_disk(const std::array<N, 5>& v) {
    const N dx = v[0] - v[2];
    const N dy = v[1] - v[3];
    return dot(dx, dy, dx, dy) <= v[4] * v[4];
}

/// Degree 2. |c1 - c2|^2 <= (r1 + r2)^2. Args: c1x c1y r1 c2x c2y r2.
/// Bound: dx^2 + dy^2 < 2^(2B+3); (r1 + r2)^2 < 2^(2B+2).
template <class N>
bool disks_overlap(const std::array<N, 6>& v) {
    const N dx = v[0] - v[3];
    const N dy = v[1] - v[4];
    const N rs = v[2] + v[5];
    return dot(dx, dy, dx, dy) <= rs * rs;
}

/// Degree 2. Orientation of (a, b, c): sign of (b - a) x (c - a); positive
/// when c lies to the left of the directed line a -> b, zero when collinear.
/// Bound: differences < 2^(B+1), the cross product < 2^(2B+3).
template <class N>
int orient2d(const N& ax, const N& ay, const N& bx, const N& by, const N& cx, const N& cy) {
    return sign_of(cross(N(bx - ax), N(by - ay), N(cx - ax), N(cy - ay)));
}

/// Degree 4. Squared distance from c to the closed segment ab compared with
/// r^2 (Ericson, Real-Time Collision Detection, 5.1.2.1): with v = b - a and
/// w = c - a, the closest point is a when v == 0 or w.v <= 0, b when
/// w.v >= v.v, else the foot of the perpendicular, at squared distance
/// (v x w)^2 / (v.v). Multiplying by v.v > 0 keeps it division-free.
/// Returns the sign of dist^2 - r^2 (-1 inside, 0 on the circle, +1 outside).
/// Args: ax ay bx by cx cy r.
/// Bound: v, w < 2^(B+1); w.v, v.v, |c-b|^2 < 2^(2B+3); (v x w)^2 < 2^(4B+6);
/// r^2 (v.v) < 2^(4B+3).
template <class N>
int segment_distance_vs_radius(const std::array<N, 7>& s) {
    const N vx = s[2] - s[0];
    const N vy = s[3] - s[1];
    const N wx = s[4] - s[0];
    const N wy = s[5] - s[1];
    const N r2 = s[6] * s[6];
    const N vv = dot(vx, vy, vx, vy);
    const N wv = dot(wx, wy, vx, vy);
    if (vv == 0 || wv <= 0) return sign_of(N(dot(wx, wy, wx, wy) - r2));
    if (wv >= vv) {
        const N ux = s[4] - s[2];
        const N uy = s[5] - s[3];
        return sign_of(N(dot(ux, uy, ux, uy) - r2));
    }
    const N c = cross(vx, vy, wx, wy);
    const N lhs = c * c;
    const N rhs = r2 * vv;
    return (lhs > rhs) - (lhs < rhs);
}

/// Degree 4. dist(c, closed segment) <= r.
template <class N>
bool segment_hits_disk(const std::array<N, 7>& s) {
    return segment_distance_vs_radius(s) <= 0;
}

/// Degree 4. The closed segment has a point at distance exactly r from c.
/// The distance to c is continuous along the segment, so it takes every
/// value between its minimum dmin (distance to the segment) and its maximum
/// dmax (attained at an endpoint: the squared distance is convex in the
/// parameter); hence dmin <= r <= dmax, i.e. dmin^2 <= r^2 and
/// r^2 <= max(|a - c|^2, |b - c|^2). Zero-length segments and r == 0 need no
/// special case. Bound: as segment_distance_vs_radius.
template <class N>
bool segment_meets_circle(const std::array<N, 7>& s) {
    if (segment_distance_vs_radius(s) > 0) return false;
    const N r2 = s[6] * s[6];
    const N ax = s[0] - s[4];
    const N ay = s[1] - s[5];
    const N bx = s[2] - s[4];
    const N by = s[3] - s[5];
    return r2 <= dot(ax, ay, ax, ay) || r2 <= dot(bx, by, bx, by);
}

/// p lies in the axis-aligned bounding box of a and b. Degree 1 (comparisons).
template <class N>
bool in_box(const N& ax, const N& ay, const N& bx, const N& by, const N& px, const N& py) {
    const bool in_x = (ax <= px && px <= bx) || (bx <= px && px <= ax);
    const bool in_y = (ay <= py && py <= by) || (by <= py && py <= ay);
    return in_x && in_y;
}

/// Degree 2. The closed segments a1b1 and a2b2 share a point (Cormen et al.,
/// Introduction to Algorithms, 33.1 SEGMENTS-INTERSECT): they cross properly
/// when each straddles the other's line; otherwise they meet iff an endpoint
/// of one is collinear with the other and inside its bounding box. Correct
/// for collinear overlap/touch, shared endpoints, T-junctions, and
/// zero-length segments (every orientation with a point-segment is 0, and
/// its bounding box is the point). Args: a1x a1y b1x b1y a2x a2y b2x b2y.
/// Bound: orient2d, < 2^(2B+3).
template <class N>
bool segments_intersect(const std::array<N, 8>& s) {
    const N &a1x = s[0], &a1y = s[1], &b1x = s[2], &b1y = s[3];
    const N &a2x = s[4], &a2y = s[5], &b2x = s[6], &b2y = s[7];
    const int d1 = orient2d(a2x, a2y, b2x, b2y, a1x, a1y);
    const int d2 = orient2d(a2x, a2y, b2x, b2y, b1x, b1y);
    const int d3 = orient2d(a1x, a1y, b1x, b1y, a2x, a2y);
    const int d4 = orient2d(a1x, a1y, b1x, b1y, b2x, b2y);
    if (d1 * d2 < 0 && d3 * d4 < 0) return true;
    if (d1 == 0 && in_box(a2x, a2y, b2x, b2y, a1x, a1y)) return true;
    if (d2 == 0 && in_box(a2x, a2y, b2x, b2y, b1x, b1y)) return true;
    if (d3 == 0 && in_box(a1x, a1y, b1x, b1y, a2x, a2y)) return true;
    if (d4 == 0 && in_box(a1x, a1y, b1x, b1y, b2x, b2y)) return true;
    return false;
}

/// Degree 2. The point p lies in the closed polygon v[0..n): on an edge
/// (orientation 0 inside the edge's box), or inside by the even-odd rule
/// (the crossing number of the ray from p towards +x, counting an edge that
/// straddles the line y = py half-open: one endpoint above, the other on or
/// below, so a vertex on the ray is counted once or twice, never wrong).
/// Args: px py x0 y0 x1 y1 ... in `v` (at least 2 + 2n of them).
/// Bound: orient2d's, < 2^(2B+3).
template <class N, std::size_t M>
bool point_in_polygon(const std::array<N, M>& v, int n) {
    const N &px = v[0], &py = v[1];
    bool inside = false;
    for (int i = 0; i < n; ++i) {
        const int j = i + 1 == n ? 0 : i + 1;
        const N &ax = v[static_cast<std::size_t>(2 + 2 * i)],
                &ay = v[static_cast<std::size_t>(3 + 2 * i)];
        const N &bx = v[static_cast<std::size_t>(2 + 2 * j)],
                &by = v[static_cast<std::size_t>(3 + 2 * j)];
        const int o = orient2d(ax, ay, bx, by, px, py);
        if (o == 0 && in_box(ax, ay, bx, by, px, py)) return true;
        const bool a_above = ay > py, b_above = by > py;
        if (a_above != b_above && (b_above ? o > 0 : o < 0)) inside = !inside;
    }
    return inside;
}

/// Degree 2. Whether some edge of the counter-clockwise polygon `a` (n
/// vertices, x y pairs from a[at]) has every vertex of `b` (m vertices from
/// b[bt]) strictly right of it: a separating axis.
template <class N, std::size_t M>
bool edge_separates(const std::array<N, M>& v, std::size_t at, int n, std::size_t bt, int m) {
    for (int i = 0; i < n; ++i) {
        const std::size_t p = at + 2 * static_cast<std::size_t>(i);
        const std::size_t q = at + 2 * static_cast<std::size_t>(i + 1 == n ? 0 : i + 1);
        bool all_right = true;
        for (int k = 0; k < m && all_right; ++k) {
            const std::size_t r = bt + 2 * static_cast<std::size_t>(k);
            all_right = orient2d(v[p], v[p + 1], v[q], v[q + 1], v[r], v[r + 1]) < 0;
        }
        if (all_right) return true;
    }
    return false;
}

/// Degree 2. The closed convex counter-clockwise polygons P (n vertices at
/// v[0..2n)) and Q (m vertices at v[h..h+2m), h = M / 2) share a point: no
/// edge of either is a strictly separating axis (the separating-axis
/// theorem: disjoint compact convex polygons are strictly separated by a
/// line parallel to one of their edges). Bound: orient2d's, < 2^(2B+3).
template <class N, std::size_t M>
bool polygons_overlap(const std::array<N, M>& v, int n, int m) {
    constexpr std::size_t h = M / 2;
    return !edge_separates(v, 0, n, h, m) && !edge_separates(v, h, m, 0, n);
}

/// Degree 4. The closed convex counter-clockwise polygon (n vertices from
/// v[3]) and the closed disk (c = v[0], v[1], r = v[2]) share a point: c in
/// the polygon (every edge's orientation with c >= 0), or an edge within r
/// of c (segment_distance_vs_radius <= 0). Bound: as segment_distance_vs_radius.
template <class N, std::size_t M>
bool polygon_hits_disk(const std::array<N, M>& v, int n) {
    bool inside = true;
    for (int i = 0; i < n; ++i) {
        const std::size_t p = 3 + 2 * static_cast<std::size_t>(i);
        const std::size_t q = 3 + 2 * static_cast<std::size_t>(i + 1 == n ? 0 : i + 1);
        if (orient2d(v[p], v[p + 1], v[q], v[q + 1], v[0], v[1]) >= 0) continue;
        inside = false;
        const std::array<N, 7> s{v[p], v[p + 1], v[q], v[q + 1], v[0], v[1], v[2]};
        if (segment_distance_vs_radius(s) <= 0) return true;
    }
    return inside;
}

}  // namespace touchstone::oracle::detail
