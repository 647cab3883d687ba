// touchstone::robust — orient2d, the orientation of three points.
//
// Exact for every finite float and double input. The double filter of
// detail/filter.hpp (filter_orientation, error bound eps_det2 derived there)
// answers almost every call inline; what it cannot certify (collinear and
// nearly collinear triples, overflowing or underflowing products) goes to the
// exact stage exact::orientation (extended filter, then scaled integers).
// Invalid input (NaN, +-inf): 0, the documented empty answer of a sign
// (the filter declines on NaN and infinity; the exact stage validates).
#pragma once

#include <cmath>

#include "touchstone/geometry.hpp"
#include "touchstone/robust/detail/exact.hpp"
#include "touchstone/robust/detail/filter.hpp"
#include "touchstone/robust/detail/layers.hpp"
#include "touchstone/robust/detail/mutation.hpp"

namespace touchstone::robust {
inline namespace TOUCHSTONE_ROBUST_ABI {
namespace impl {

template <class T>
TOUCHSTONE_ROBUST_INLINE int orient2d(Vec2<T> a, Vec2<T> b, Vec2<T> c) {
    constexpr Primitive prim = Primitive::orient2d;
    // Float inputs widened to double need no underflow term (MayUnderflow).
    const Filtered<double> f =
        filter_orientation<double>(double(a.x), double(a.y), double(b.x), double(b.y), double(c.x),
                                   double(c.y), detail::MayUnderflow<T>{});
    if (TOUCHSTONE_MUTANT(o2_filter_uncertified, f.certain, true)) {
        count<T>(prim, Layer::filter);
        // A certified d is nonzero: its sign bit is the answer.
        return std::signbit(f.d) ? -1 : 1;
    }
    const double x[] = {a.x, a.y, b.x, b.y, c.x, c.y};
    Layer l;
    const int s = exact::orientation(x, l);
    count<T>(prim, l);
    return TOUCHSTONE_MUTANT(o2_exact_sign_flipped, s, -s);
}

}  // namespace impl

/// The orientation of (a, b, c), exactly: the sign of det[b - a, c - a] =
/// (bx - ax)(cy - ay) - (by - ay)(cx - ax). +1: c lies left of the directed
/// line ab (counter-clockwise); -1: right (clockwise); 0: collinear, which
/// includes a == b, c == a and c == b. Invalid input (NaN, +-inf): 0.
inline int orient2d(Vec2<float> a, Vec2<float> b, Vec2<float> c) {
    return impl::orient2d(a, TOUCHSTONE_MUTANT(o2_float_b_is_c, b, c), c);
}
inline int orient2d(Vec2<double> a, Vec2<double> b, Vec2<double> c) {
    return impl::orient2d(a, b, c);
}

}  // namespace TOUCHSTONE_ROBUST_ABI
}  // namespace touchstone::robust
