// touchstone::robust — the exact stages of capsules_overlap and
// capsule_hits_disk, on the scaled integers of scaled.hpp (the kernels are
// the closed definitions of docs/primitives.md, as in exact_predicates.cpp).
//
// Bounds, int128 layer (|X| < 2^61): differences and the radius sum
// R = r1 + r2 are below 2^62 (int64); products of two below 2^124 and sums
// of two or three below 2^126 (I128); the degree-4 comparison
// cross^2 - R^2 |v|^2 uses exact 256-bit products (square_minus_product).
// int256 layer (|X| < 2^125): the same with 126-bit differences and sums,
// I256 products and 512-bit degree-4 products. Beyond: WideInt (scaled.hpp).
#include "scaled.hpp"
#include "segment_kernels.hpp"
#include "touchstone/robust/detail/exact_shapes.hpp"
#include "validate_inputs.hpp"

namespace touchstone::robust::exact {
namespace {

/// Sign of dist(c, closed segment ab)^2 - R^2 (-1 inside, 0 on, +1 outside);
/// a == b is the point a. The closest point is a when w.v <= 0, b when
/// (c - b).v >= 0, else the foot of the perpendicular (cross^2 / |v|^2).
template <class C>
int point_segment_vs(const C* a, const C* b, const C* c, const C& R) {
    using P = Product<C>;
    const C vx = b[0] - a[0], vy = b[1] - a[1], wx = c[0] - a[0], wy = c[1] - a[1];
    const P rr = mul(R, R);
    const bool point = a[0] == b[0] && a[1] == b[1];
    if (point || sign(P(mul(wx, vx) + mul(wy, vy))) <= 0)
        return sign(P(mul(wx, wx) + mul(wy, wy) - rr));
    const C ux = c[0] - b[0], uy = c[1] - b[1];
    if (sign(P(mul(ux, vx) + mul(uy, vy))) >= 0) return sign(P(mul(ux, ux) + mul(uy, uy) - rr));
    return square_minus_product(P(mul(vx, wy) - mul(vy, wx)), rr, P(mul(vx, vx) + mul(vy, vy)));
}

/// Segments that share a point are at distance 0 <= R; otherwise their
/// distance is reached at an endpoint of one of them.
template <class C>
bool capsules_overlap_kernel(const C* x) {
    const C *a1 = x, *b1 = x + 2, *a2 = x + 5, *b2 = x + 7;
    if (segments_meet(a1, b1, a2, b2)) return true;
    const C R = x[4] + x[9];
    return point_segment_vs(a2, b2, a1, R) <= 0 || point_segment_vs(a2, b2, b1, R) <= 0 ||
           point_segment_vs(a1, b1, a2, R) <= 0 || point_segment_vs(a1, b1, b2, R) <= 0;
}

template <class C>
bool capsule_hits_disk_kernel(const C* x) {
    const C R = x[4] + x[7];
    return point_segment_vs(x, x + 2, x + 5, R) <= 0;
}

}  // namespace

bool capsules_overlap(const double* x, Layer& layer) {
    layer = Layer::filter;
    if (!valid_inputs(x, 10, {4, 9})) return false;
    return run_scaled<10>(x, layer, [](const auto* X) { return capsules_overlap_kernel(X); });
}

bool capsule_hits_disk(const double* x, Layer& layer) {
    layer = Layer::filter;
    if (!valid_inputs(x, 8, {4, 7})) return false;
    return run_scaled<8>(x, layer, [](const auto* X) { return capsule_hits_disk_kernel(X); });
}

}  // namespace touchstone::robust::exact
