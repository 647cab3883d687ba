// Tutorial 001, 「【Unity】線分同士の交差判定」 ("[Unity] intersection test of
// two segments"): a Unity C# script (IsCrossing on Vector2, float). With the
// 2D cross products c1 = P1Q1 x P1P2, c2 = P1Q1 x P1Q2, c3 = P2Q2 x P2P1,
// c4 = P2Q2 x P2Q1, the segments cross iff c1*c2 < 0 && c3*c4 < 0.
// Bugs kept: the strict `< 0` misses every touching, collinear,
// shared-endpoint and T-junction contact and every zero-length segment;
// the product c1*c2 underflows to 0 for tiny inputs and the cross products
// overflow to Inf (then Inf - Inf = NaN) for huge ones. See
// docs/tutorials.md.
#pragma once

#include "touchstone/geometry.hpp"

namespace touchstone::tutorial {

namespace detail {
/// Cross(vector1, vector2) => vector1.x * vector2.y - vector1.y * vector2.x
template <class T>
T cross_001(Vec2<T> v1, Vec2<T> v2) {
    return v1.x * v2.y - v1.y * v2.x;
}
}  // namespace detail

/// Tutorial 001's IsCrossing(startPoint1, endPoint1, startPoint2, endPoint2).
/// Strict: touching is *not* a crossing there.
template <class T = float>
bool segments_intersect_001(Segment<T> s1, Segment<T> s2) {
    const Vec2<T> vector1{s1.b.x - s1.a.x, s1.b.y - s1.a.y};
    const Vec2<T> vector2{s2.b.x - s2.a.x, s2.b.y - s2.a.y};
    return detail::cross_001(vector1, Vec2<T>{s2.a.x - s1.a.x, s2.a.y - s1.a.y}) *
                   detail::cross_001(vector1, Vec2<T>{s2.b.x - s1.a.x, s2.b.y - s1.a.y}) <
               T(0) &&
           detail::cross_001(vector2, Vec2<T>{s1.a.x - s2.a.x, s1.a.y - s2.a.y}) *
                   detail::cross_001(vector2, Vec2<T>{s1.b.x - s2.a.x, s1.b.y - s2.a.y}) <
               T(0);
}

}  // namespace touchstone::tutorial
