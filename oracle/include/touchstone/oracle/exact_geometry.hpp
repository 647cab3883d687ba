// touchstone::oracle — exact plane geometry on rationals: points, squared
// distances, cross and dot products, distance to a closed segment. The one
// set of these helpers for the oracle's sources, the properties and the
// tests (link touchstone::oracle_exact).
#pragma once

#include "touchstone/geometry.hpp"
#include "touchstone/oracle/exact.hpp"

namespace touchstone::oracle {

/// A point with exact rational coordinates.
struct RationalPoint {
    Rational x, y;
};

template <class T>
RationalPoint to_rational(Vec2<T> v) {
    return {to_rational(v.x), to_rational(v.y)};
}

inline Rational squared(const Rational& v) { return v * v; }

/// |a - b|^2.
inline Rational distance2(const RationalPoint& a, const RationalPoint& b) {
    return squared(a.x - b.x) + squared(a.y - b.y);
}

/// (a - o) x (b - o): > 0 when o, a, b turn left.
inline Rational cross(const RationalPoint& o, const RationalPoint& a, const RationalPoint& b) {
    return (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
}

/// (a - o) . (b - o).
inline Rational dot(const RationalPoint& o, const RationalPoint& a, const RationalPoint& b) {
    return (a.x - o.x) * (b.x - o.x) + (a.y - o.y) * (b.y - o.y);
}

/// Squared distance from q to the closed segment [a, b] (a == b: a point).
inline Rational segment_distance2(const RationalPoint& a, const RationalPoint& b, const RationalPoint& q) {
    const Rational len2 = distance2(a, b);
    if (len2 == 0) return distance2(a, q);
    const Rational t = dot(a, b, q);
    if (t <= 0) return distance2(a, q);
    if (t >= len2) return distance2(b, q);
    const Rational c = cross(a, b, q);
    return c * c / len2;
}

/// Whether the closed segment [a, b] holds p.
inline bool on_segment(const RationalPoint& a, const RationalPoint& b, const RationalPoint& p) {
    return cross(a, b, p) == 0 && dot(p, a, b) <= 0;
}

}  // namespace touchstone::oracle
