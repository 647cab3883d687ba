// touchstone::robust — the exact stages of the five predicates.
//
// One kernel per predicate, written once over an integer type I and run on
// the scaled integers of scaled.hpp: I = __int128 when the exponent spread
// allows (|X| < 2^61), I = cpp_int otherwise. The kernels are the closed
// definitions of DESIGN.md, straight from the math.
#include <cmath>

#include "scaled.hpp"
#include "touchstone/robust/detail/exact.hpp"
#include "validate_inputs.hpp"

namespace touchstone::robust::exact {
namespace {

// ----- kernels ---------------------------------------------------------------
// C is the coordinate type (int64 or cpp_int), P = Product<C> the type of
// products of two differences; mul(C, C) -> P is exact.

/// |p - c|^2 - r^2 <= 0; x = px py cx cy r.
template <class C>
bool point_in_disk_kernel(const C* x) {
    using P = Product<C>;
    const C dx = x[0] - x[2], dy = x[1] - x[3];
    return sign(P(mul(dx, dx) + mul(dy, dy) - mul(x[4], x[4]))) <= 0;
}

/// |c1 - c2|^2 - (r1 + r2)^2 <= 0; x = c1x c1y r1 c2x c2y r2.
template <class C>
bool disks_overlap_kernel(const C* x) {
    using P = Product<C>;
    const C dx = x[0] - x[3], dy = x[1] - x[4], s = x[2] + x[5];
    return sign(P(mul(dx, dx) + mul(dy, dy) - mul(s, s))) <= 0;
}

/// The squared distances and projections a segment-vs-circle test needs;
/// x = ax ay bx by cx cy r.
template <class C>
struct SegmentCircleTerms {
    using P = Product<C>;
    bool point;  ///< a == b
    C vx, vy, wx, wy, ux, uy;
    P rr;
    explicit SegmentCircleTerms(const C* x)
        : point(x[0] == x[2] && x[1] == x[3]),
          vx(x[2] - x[0]), vy(x[3] - x[1]),   // v = b - a
          wx(x[4] - x[0]), wy(x[5] - x[1]),   // w = c - a
          ux(x[4] - x[2]), uy(x[5] - x[3]),   // u = c - b
          rr(mul(x[6], x[6])) {}
    int a_vs_circle() const { return sign(P(mul(wx, wx) + mul(wy, wy) - rr)); }  ///< sign(|a-c|^2 - r^2)
    int b_vs_circle() const { return sign(P(mul(ux, ux) + mul(uy, uy) - rr)); }
    int w_dot_v() const { return sign(P(mul(wx, vx) + mul(wy, vy))); }            ///< > 0: c ahead of a
    int u_dot_v() const { return sign(P(mul(ux, vx) + mul(uy, vy))); }            ///< < 0: c behind b
    /// sign(cross(v, w)^2 - r^2 |v|^2): line distance vs r.
    int line_vs_circle() const {
        return square_minus_product(P(mul(vx, wy) - mul(vy, wx)), rr, P(mul(vx, vx) + mul(vy, vy)));
    }
};

/// dist(c, closed segment ab) <= r.
template <class C>
bool segment_hits_disk_kernel(const C* x) {
    const SegmentCircleTerms<C> t(x);
    if (t.point || t.w_dot_v() <= 0) return t.a_vs_circle() <= 0;  // closest point a
    if (t.u_dot_v() >= 0) return t.b_vs_circle() <= 0;             // closest point b
    return t.line_vs_circle() <= 0;                                // closest point inside
}

/// dmin <= r <= dmax; dmax is at an endpoint (the distance is convex).
template <class C>
bool segment_meets_circle_kernel(const C* x) {
    const SegmentCircleTerms<C> t(x);
    const int da = t.a_vs_circle();
    if (t.point) return da == 0;
    const int db = t.b_vs_circle();
    if (da < 0 && db < 0) return false;  // dmax < r
    if (da <= 0 || db <= 0) return true; // dmin <= r <= dmax at the endpoints
    // Both endpoints strictly outside: dmin <= r only through the interior.
    return t.w_dot_v() > 0 && t.u_dot_v() < 0 && t.line_vs_circle() <= 0;
}

/// sign of cross(q - p, r - p).
template <class C>
int orientation_kernel(const C* p, const C* q, const C* r) {
    using P = Product<C>;
    return sign(P(mul(C(q[0] - p[0]), C(r[1] - p[1])) - mul(C(q[1] - p[1]), C(r[0] - p[0]))));
}

/// r inside the bounding box of p, q (for r collinear with p, q: r on pq).
template <class C>
bool in_box(const C* p, const C* q, const C* r) {
    const bool x_ok = p[0] <= q[0] ? (p[0] <= r[0] && r[0] <= q[0]) : (q[0] <= r[0] && r[0] <= p[0]);
    const bool y_ok = p[1] <= q[1] ? (p[1] <= r[1] && r[1] <= q[1]) : (q[1] <= r[1] && r[1] <= p[1]);
    return x_ok && y_ok;
}

/// Closed segments a1b1, a2b2 share a point (Cormen et al., "Introduction to
/// Algorithms", 33.1: straddle test plus the on-segment cases; correct for
/// collinear and zero-length segments, see segments.hpp).
template <class C>
bool segments_intersect_kernel(const C* x) {
    const C *a1 = x, *b1 = x + 2, *a2 = x + 4, *b2 = x + 6;
    const int d1 = orientation_kernel(a2, b2, a1), d2 = orientation_kernel(a2, b2, b1);
    const int d3 = orientation_kernel(a1, b1, a2), d4 = orientation_kernel(a1, b1, b2);
    if (d1 * d2 < 0 && d3 * d4 < 0) return true;
    return (d1 == 0 && in_box(a2, b2, a1)) || (d2 == 0 && in_box(a2, b2, b1)) ||
           (d3 == 0 && in_box(a1, b1, a2)) || (d4 == 0 && in_box(a1, b1, b2));
}

}  // namespace

bool point_in_disk(const double* x, Layer& layer) {
    layer = Layer::filter;
    if (!valid_inputs(x, 5, {4})) return false;
    return run_scaled<5>(x, layer, [](const auto* X) { return point_in_disk_kernel(X); });
}

bool disks_overlap(const double* x, Layer& layer) {
    layer = Layer::filter;
    if (!valid_inputs(x, 6, {2, 5})) return false;
    return run_scaled<6>(x, layer, [](const auto* X) { return disks_overlap_kernel(X); });
}

bool segment_hits_disk(const double* x, Layer& layer) {
    layer = Layer::filter;
    if (!valid_inputs(x, 7, {6})) return false;
    return run_scaled<7>(x, layer, [](const auto* X) { return segment_hits_disk_kernel(X); });
}

bool segment_meets_circle(const double* x, Layer& layer) {
    layer = Layer::filter;
    if (!valid_inputs(x, 7, {6})) return false;
    return run_scaled<7>(x, layer, [](const auto* X) { return segment_meets_circle_kernel(X); });
}

bool segments_intersect(const double* x, Layer& layer) {
    layer = Layer::filter;
    if (!valid_inputs(x, 8, {})) return false;
    return run_scaled<8>(x, layer, [](const auto* X) { return segments_intersect_kernel(X); });
}

int orientation(const double* x, Layer& layer) {
    layer = Layer::filter;
    if (!valid_inputs(x, 6, {})) return 0;
    return run_scaled<6>(x, layer, [](const auto* X) { return orientation_kernel(X, X + 2, X + 4); });
}

}  // namespace touchstone::robust::exact
