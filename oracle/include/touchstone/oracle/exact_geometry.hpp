// touchstone::oracle — exact plane geometry on rationals: points, circles
// and segments with rational coordinates, squared distances, cross and dot
// products, distance to a closed segment, the lexicographic order of points,
// and the exact test "is sqrt(D) within a band of R". The one set of these
// helpers for the oracle's sources, the properties and the tests (link
// touchstone::oracle_exact).
#pragma once

#include "touchstone/geometry.hpp"
#include "touchstone/oracle/exact.hpp"

namespace touchstone::oracle {

/// A point with exact rational coordinates.
struct RationalPoint {
    Rational x, y;
};

/// A circle (or closed disk) with exact rational centre and radius.
struct RationalCircle {
    RationalPoint c;
    Rational r;
};

/// A closed segment with exact rational endpoints.
struct RationalSegment {
    RationalPoint a, b;
};

/// A closed capsule: the points within r of the closed segment s.
struct RationalCapsule {
    RationalSegment s;
    Rational r;
};

/// A closed axis-aligned box [lo.x, hi.x] x [lo.y, hi.y].
struct RationalBox {
    RationalPoint lo, hi;
};

/// The exact values of a shape's fields (precondition: finite).
template <class T>
RationalPoint to_rational(Vec2<T> v) {
    return {to_rational(v.x), to_rational(v.y)};
}
template <class T>
RationalCircle to_rational(Circle<T> c) {
    return {to_rational(c.c), to_rational(c.r)};
}
template <class T>
RationalSegment to_rational(Segment<T> s) {
    return {to_rational(s.a), to_rational(s.b)};
}

template <class T>
RationalCapsule to_rational(Capsule<T> c) {
    return {to_rational(c.s), to_rational(c.r)};
}
template <class T>
RationalBox to_rational(Box<T> b) {
    return {to_rational(b.lo), to_rational(b.hi)};
}

inline bool operator==(const RationalPoint& p, const RationalPoint& q) {
    return p.x == q.x && p.y == q.y;
}
inline bool operator!=(const RationalPoint& p, const RationalPoint& q) { return !(p == q); }

/// p - q, as a vector.
inline RationalPoint operator-(const RationalPoint& p, const RationalPoint& q) {
    return {p.x - q.x, p.y - q.y};
}

/// Lexicographic order by (x, y); along one line it is the order of the line.
inline bool lex_less(const RationalPoint& p, const RationalPoint& q) {
    return p.x < q.x || (p.x == q.x && p.y < q.y);
}

/// A rational point as an exact (surd) point of the constructions.
inline ExactPoint exact_point(const RationalPoint& p) { return {Surd{p.x}, Surd{p.y}}; }

inline Rational squared(const Rational& v) { return v * v; }

/// |a - b|^2.
inline Rational distance2(const RationalPoint& a, const RationalPoint& b) {
    return squared(a.x - b.x) + squared(a.y - b.y);
}

/// (a - o) x (b - o): > 0 when o, a, b turn left.
inline Rational cross(const RationalPoint& o, const RationalPoint& a, const RationalPoint& b) {
    return (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
}

/// u x v of two vectors.
inline Rational cross(const RationalPoint& u, const RationalPoint& v) {
    return u.x * v.y - u.y * v.x;
}

/// (a - o) . (b - o).
inline Rational dot(const RationalPoint& o, const RationalPoint& a, const RationalPoint& b) {
    return (a.x - o.x) * (b.x - o.x) + (a.y - o.y) * (b.y - o.y);
}

/// Squared distance from q to the closed segment [a, b] (a == b: a point).
inline Rational segment_distance2(const RationalPoint& a, const RationalPoint& b,
                                  const RationalPoint& q) {
    const Rational len2 = distance2(a, b);
    if (len2 == 0) return distance2(a, q);
    const Rational t = dot(a, b, q);
    if (t <= 0) return distance2(a, q);
    if (t >= len2) return distance2(b, q);
    const Rational c = cross(a, b, q);
    return c * c / len2;
}

/// Whether the closed segment [a, b] holds p (a == b: p == a).
inline bool on_segment(const RationalPoint& a, const RationalPoint& b, const RationalPoint& p) {
    return cross(a, b, p) == 0 && dot(p, a, b) <= 0;
}

/// |sqrt(D) - R| <= band, exactly and without a square root (D >= 0,
/// band >= 0): sqrt(D) lies in [R - band, R + band].
inline bool root_within(const Rational& D, const Rational& R, const Rational& band) {
    const Rational hi = R + band;
    if (hi < 0 || D > squared(hi)) return false;
    const Rational lo = R - band;
    return lo <= 0 || D >= squared(lo);
}

}  // namespace touchstone::oracle
