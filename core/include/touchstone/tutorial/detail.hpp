// Helpers the tutorials use but do not spell out, in their plainest reading.
#pragma once

#include <cmath>

#include "touchstone/geometry.hpp"

namespace touchstone::tutorial::detail {

/// |v| as sqrt(x*x + y*y), evaluated in T. No hypot, no rescaling: this is
/// the plainest reading of the tutorials' length/magnitude/distance helpers,
/// and its overflow for |x| > sqrt(max) is one of the bugs the audit measures.
template <class T>
T length(Vec2<T> v) {
    return std::sqrt(v.x * v.x + v.y * v.y);
}

/// v / |v| componentwise; a zero vector gives 0/0 = NaN, as in the tutorials.
template <class T>
Vec2<T> normalize(Vec2<T> v) {
    const T len = length(v);
    return {v.x / len, v.y / len};
}

/// Math.pow(x, 2) of ActionScript/JavaScript and `x**2` of TypeScript: the
/// correctly rounded square, i.e. x*x in T (std::pow would promote float to
/// double and round only once, which is not what a T-precision port does).
template <class T>
T pow2(T x) {
    return x * x;
}

}  // namespace touchstone::tutorial::detail
