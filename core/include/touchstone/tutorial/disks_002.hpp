// Tutorial 002, 「円と円の当たり」 ("collision between two circles"): C code on
// float (OnCollisionCircle). Two forms: sqrt(a*a + b*b) <= r1 + r2, and the
// article's "faster" sqrt-free a*a + b*b <= (r1 + r2) * (r1 + r2).
// Closed (`<=`) as the contract wants, but: the sqrt form rounds twice
// (a*a+b*b, then sqrt) so near-tangent pairs are misjudged, and exactly
// tangent pairs whose distance is not representable can be missed; the squared
// form misjudges near-tangency through rounding of both sides and overflows
// to Inf (=> spurious miss or hit) past 1.8e19 in float; tiny inputs
// underflow to 0 (=> false hits).
#pragma once

#include <cmath>

#include "touchstone/geometry.hpp"

namespace touchstone::tutorial {

/// OnCollisionCircle, sqrt form: sqrt(a*a + b*b) <= r1 + r2.
/// In the C original `sqrt` is the double function applied to a float sum and
/// rounded back to float; for float arguments that double rounding equals a
/// correctly rounded float sqrt (double has more than 2*24+2 bits), so
/// std::sqrt in T is the faithful port for both precisions.
template <class T = float>
bool disks_overlap_002_sqrt(Circle<T> circle1, Circle<T> circle2) {
    const T a = circle1.c.x - circle2.c.x;
    const T b = circle1.c.y - circle2.c.y;
    const T c = std::sqrt(a * a + b * b);
    const T sum_radius = circle1.r + circle2.r;
    return c <= sum_radius;
}

/// The "faster" sqrt-free form: a*a + b*b <= (r1+r2)*(r1+r2).
template <class T = float>
bool disks_overlap_002_squared(Circle<T> circle1, Circle<T> circle2) {
    const T a = circle1.c.x - circle2.c.x;
    const T b = circle1.c.y - circle2.c.y;
    const T c = a * a + b * b;
    const T sum_radius = circle1.r + circle2.r;
    return c <= sum_radius * sum_radius;
}

}  // namespace touchstone::tutorial
