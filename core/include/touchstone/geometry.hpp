// touchstone — shared shape and result types.
//
// Every finite float or double is an exact dyadic rational; the shapes below
// are *closed* (a disk holds its boundary, a segment its endpoints). See
// docs/contract.md.
#pragma once

#include <array>
#include <cstdint>
#include <initializer_list>
#include <string_view>

namespace touchstone {

/// A point or vector in the plane. Plain aggregate: no invariants.
template <class T>
struct Vec2 {
    T x{};
    T y{};
};

/// A closed disk (or its circumference, depending on the primitive).
/// Valid when x, y, r are finite and r >= 0; r == 0 is a point.
template <class T>
struct Circle {
    Vec2<T> c{};
    T r{};
};

/// A closed segment from a to b. a == b is a point, and is valid.
template <class T>
struct Segment {
    Vec2<T> a{};
    Vec2<T> b{};
};

/// A closed capsule: every point within distance r of the closed segment
/// s (a rounded segment; Chipmunk's segment radius, Box2D's skin). Valid when
/// all fields are finite and r >= 0; r == 0 is the segment itself and
/// s.a == s.b a disk.
template <class T>
struct Capsule {
    Segment<T> s{};
    T r{};
};

/// A closed axis-aligned box [lo.x, hi.x] x [lo.y, hi.y]. Valid when all
/// fields are finite and lo.x <= hi.x, lo.y <= hi.y; lo == hi is a point.
template <class T>
struct Box {
    Vec2<T> lo{};
    Vec2<T> hi{};
};

/// A closed polygon of n vertices v[0..n) (edges v[i] -> v[i+1 mod n]),
/// held at a fixed capacity: v[n..] are unused. Valid when
/// 3 <= n <= max_polygon_vertices (16, primitive.hpp) and every used
/// coordinate is finite; what more a primitive asks (simple, convex,
/// counter-clockwise) is in docs/primitives.md. Build one with
/// make_polygon(); `n` out of range is invalid input, never read past v.
template <class T>
struct Polygon {
    int n = 0;
    std::array<Vec2<T>, 16> v{};

    static constexpr int capacity = 16;
    /// Vertex i, i in [0, n) (i == n wraps to v[0]).
    constexpr const Vec2<T>& operator[](int i) const {
        return v[static_cast<std::size_t>(i == n ? 0 : i)];
    }
    /// Whether n is a vertex count the polygon can hold (not the full validity check).
    constexpr bool count_in_range() const { return n >= 3 && n <= capacity; }
};

/// A polygon from a list of vertices (at most Polygon<T>::capacity are kept;
/// n is the list's length, so a longer list is invalid input).
template <class T>
constexpr Polygon<T> make_polygon(std::initializer_list<Vec2<T>> vs) {
    Polygon<T> p;
    p.n = static_cast<int>(vs.size());
    std::size_t i = 0;
    for (const Vec2<T>& q : vs)
        if (i < p.v.size()) p.v[i++] = q;
    return p;
}

template <class T>
constexpr bool operator==(const Vec2<T>& p, const Vec2<T>& q) {
    return p.x == q.x && p.y == q.y;
}
template <class T>
constexpr bool operator!=(const Vec2<T>& p, const Vec2<T>& q) {
    return !(p == q);
}

// ---------------------------------------------------------------------------
// Construction results.

/// How two circles (circumferences) meet. `contained`: one circle lies
/// strictly inside the other without touching (this includes concentric
/// circles of different radii). `coincident`: the same circle with r > 0
/// (infinitely many common points). Two zero radii at the same centre are
/// `one` point.
enum class CircleKind : std::uint8_t { none, contained, one, two, coincident };

/// Result of circle_intersections. `count` points are valid (0, 1 or 2).
/// For `two`, points[0] lies to the left of the directed line c1 -> c2 and
/// points[1] to the right (the order of seed 004).
template <class T>
struct CircleIntersection {
    CircleKind kind{CircleKind::none};
    int count{0};
    std::array<Vec2<T>, 2> points{};
};

/// Result of segment_circle_points: the points where the closed segment
/// meets the circumference, 0..2, ordered by increasing distance from s.a.
template <class T>
struct SegmentCirclePoints {
    int count{0};
    std::array<Vec2<T>, 2> points{};
};

/// How two closed segments meet.
/// `point`: exactly one common point, points[0].
/// `overlap`: a common sub-segment of positive length, points[0]..points[1],
/// ordered lexicographically by (x, y).
enum class SegmentKind : std::uint8_t { none, point, overlap };

template <class T>
struct SegmentIntersection {
    SegmentKind kind{SegmentKind::none};
    std::array<Vec2<T>, 2> points{};
};

/// Result of a ray cast (AnswerForm::fraction). The ray is p + t (q - p),
/// t in [0, 1] (a segment operand "px py qx qy"). `hit`: some point of the
/// ray lies in the closed shape; then `t` is the smallest such t (0 when p is
/// in the shape), correctly rounded to T. On a miss, t is 0.
template <class T>
struct RayHit {
    bool hit{false};
    T t{};
};

constexpr std::string_view to_string(CircleKind k) {
    switch (k) {
        case CircleKind::none: return "none";
        case CircleKind::contained: return "contained";
        case CircleKind::one: return "one";
        case CircleKind::two: return "two";
        case CircleKind::coincident: return "coincident";
    }
    return "?";
}

constexpr std::string_view to_string(SegmentKind k) {
    switch (k) {
        case SegmentKind::none: return "none";
        case SegmentKind::point: return "point";
        case SegmentKind::overlap: return "overlap";
    }
    return "?";
}

// ---------------------------------------------------------------------------
// Argument packing: the case-file order, as shapes.

template <class T>
constexpr Vec2<T> point_arg(const T* a) {
    return {a[0], a[1]};
}
template <class T>
constexpr Circle<T> circle_arg(const T* a) {
    return {{a[0], a[1]}, a[2]};
}
template <class T>
constexpr Segment<T> segment_arg(const T* a) {
    return {{a[0], a[1]}, {a[2], a[3]}};
}

}  // namespace touchstone

// The primitives themselves (names, fields, operand shapes) are described in
// one table: touchstone/primitive.hpp.
#include "touchstone/primitive.hpp"
