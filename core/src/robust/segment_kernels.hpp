// touchstone::robust — the orientation and closed-segment kernels on scaled
// integers (scaled.hpp), shared by the predicates (exact_predicates.cpp) and
// the shapes (exact_shapes.cpp).
#pragma once

#include "scaled.hpp"

namespace touchstone::robust::exact {

/// sign of cross(q - p, r - p).
template <class C>
int orientation_kernel(const C* p, const C* q, const C* r) {
    using P = Product<C>;
    return sign(P(mul(C(q[0] - p[0]), C(r[1] - p[1])) - mul(C(q[1] - p[1]), C(r[0] - p[0]))));
}

/// r inside the bounding box of p, q (for r collinear with p, q: r on pq).
template <class C>
bool in_box(const C* p, const C* q, const C* r) {
    const bool x_ok =
        p[0] <= q[0] ? (p[0] <= r[0] && r[0] <= q[0]) : (q[0] <= r[0] && r[0] <= p[0]);
    const bool y_ok =
        p[1] <= q[1] ? (p[1] <= r[1] && r[1] <= q[1]) : (q[1] <= r[1] && r[1] <= p[1]);
    return x_ok && y_ok;
}

/// Closed segments a1b1, a2b2 share a point (Cormen et al., "Introduction to
/// Algorithms", 33.1: straddle test plus the on-segment cases; correct for
/// collinear and zero-length segments, see segments.hpp).
template <class C>
bool segments_meet(const C* a1, const C* b1, const C* a2, const C* b2) {
    const int d1 = orientation_kernel(a2, b2, a1), d2 = orientation_kernel(a2, b2, b1);
    const int d3 = orientation_kernel(a1, b1, a2), d4 = orientation_kernel(a1, b1, b2);
    if (d1 * d2 < 0 && d3 * d4 < 0) return true;
    return (d1 == 0 && in_box(a2, b2, a1)) || (d2 == 0 && in_box(a2, b2, b1)) ||
           (d3 == 0 && in_box(a1, b1, a2)) || (d4 == 0 && in_box(a1, b1, b2));
}

}  // namespace touchstone::robust::exact
