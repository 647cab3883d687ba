// touchstone — shared shape and result types.
//
// Every finite float or double is an exact dyadic rational; the shapes below
// are *closed* (a disk holds its boundary, a segment its endpoints). See
// ../shared/DESIGN.md, "The contract".
#pragma once

#include <array>
#include <cstdint>
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
// The eight primitives of DESIGN.md, by name, with their argument counts in
// the case-file order.

enum class Primitive : std::uint8_t {
    point_in_disk,
    disks_overlap,
    segment_hits_disk,
    segment_meets_circle,
    segments_intersect,
    circle_intersections,
    segment_circle_points,
    segment_intersection,
};

inline constexpr std::array<Primitive, 8> all_primitives{
    Primitive::point_in_disk,        Primitive::disks_overlap,
    Primitive::segment_hits_disk,    Primitive::segment_meets_circle,
    Primitive::segments_intersect,   Primitive::circle_intersections,
    Primitive::segment_circle_points, Primitive::segment_intersection,
};

constexpr std::string_view to_string(Primitive p) {
    switch (p) {
        case Primitive::point_in_disk: return "point_in_disk";
        case Primitive::disks_overlap: return "disks_overlap";
        case Primitive::segment_hits_disk: return "segment_hits_disk";
        case Primitive::segment_meets_circle: return "segment_meets_circle";
        case Primitive::segments_intersect: return "segments_intersect";
        case Primitive::circle_intersections: return "circle_intersections";
        case Primitive::segment_circle_points: return "segment_circle_points";
        case Primitive::segment_intersection: return "segment_intersection";
    }
    return "?";
}

/// Number of scalar arguments in the case-file order of DESIGN.md.
constexpr int arity(Primitive p) {
    switch (p) {
        case Primitive::point_in_disk: return 5;
        case Primitive::disks_overlap:
        case Primitive::circle_intersections: return 6;
        case Primitive::segment_hits_disk:
        case Primitive::segment_meets_circle:
        case Primitive::segment_circle_points: return 7;
        case Primitive::segments_intersect:
        case Primitive::segment_intersection: return 8;
    }
    return 0;
}

constexpr bool is_predicate(Primitive p) {
    return p == Primitive::point_in_disk || p == Primitive::disks_overlap ||
           p == Primitive::segment_hits_disk || p == Primitive::segment_meets_circle ||
           p == Primitive::segments_intersect;
}

/// Parses a primitive name; returns false when unknown.
constexpr bool parse_primitive(std::string_view name, Primitive& out) {
    for (Primitive p : all_primitives) {
        if (to_string(p) == name) {
            out = p;
            return true;
        }
    }
    return false;
}

// ---------------------------------------------------------------------------
// Argument packing: the case-file order, as shapes.

template <class T>
constexpr Vec2<T> point_arg(const T* a) { return {a[0], a[1]}; }
template <class T>
constexpr Circle<T> circle_arg(const T* a) { return {{a[0], a[1]}, a[2]}; }
template <class T>
constexpr Segment<T> segment_arg(const T* a) { return {{a[0], a[1]}, {a[2], a[3]}}; }

}  // namespace touchstone
