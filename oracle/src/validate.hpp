// touchstone::oracle — input packing and validation shared by the sources.
// Private to oracle/src.
#pragma once

#include <array>
#include <cmath>
#include <cstddef>
#include <string>

#include "touchstone/geometry.hpp"
#include "touchstone/oracle/oracle.hpp"

namespace touchstone::oracle::detail {

// Field names in the case-file order of DESIGN.md.
inline constexpr std::array<const char*, 5> point_disk_fields{"px", "py", "cx", "cy", "r"};
inline constexpr std::array<const char*, 6> circle_circle_fields{"c1x", "c1y", "r1",
                                                                 "c2x", "c2y", "r2"};
inline constexpr std::array<const char*, 7> segment_circle_fields{"ax", "ay", "bx", "by",
                                                                  "cx", "cy", "r"};
inline constexpr std::array<const char*, 8> segment_segment_fields{"a1x", "a1y", "b1x", "b1y",
                                                                   "a2x", "a2y", "b2x", "b2y"};

// Arguments in case-file order, widened to double (exact for float).
template <class T>
std::array<double, 5> pack(Vec2<T> p, Circle<T> c) {
    return {double(p.x), double(p.y), double(c.c.x), double(c.c.y), double(c.r)};
}
template <class T>
std::array<double, 6> pack(Circle<T> c1, Circle<T> c2) {
    return {double(c1.c.x), double(c1.c.y), double(c1.r),
            double(c2.c.x), double(c2.c.y), double(c2.r)};
}
template <class T>
std::array<double, 7> pack(Segment<T> s, Circle<T> c) {
    return {double(s.a.x), double(s.a.y), double(s.b.x), double(s.b.y),
            double(c.c.x), double(c.c.y), double(c.r)};
}
template <class T>
std::array<double, 8> pack(Segment<T> s1, Segment<T> s2) {
    return {double(s1.a.x), double(s1.a.y), double(s1.b.x), double(s1.b.y),
            double(s2.a.x), double(s2.a.y), double(s2.b.x), double(s2.b.y)};
}

inline bool is_radius(std::size_t n, std::size_t i) {
    // Radii: r of point_in_disk (5 fields) and of the segment-circle
    // primitives (7), r1 and r2 of the circle-circle ones (6).
    return (n == 5 && i == 4) || (n == 7 && i == 6) || (n == 6 && (i == 2 || i == 5));
}

/// Throws InvalidInput for the first field, in case-file order, that is NaN,
/// infinite, or a negative radius (-0.0 is a valid radius).
template <std::size_t N>
void require_valid(const std::array<double, N>& v, const std::array<const char*, N>& names) {
    for (std::size_t i = 0; i < N; ++i) {
        if (std::isnan(v[i])) throw InvalidInput(names[i], v[i], "not a number");
        if (std::isinf(v[i])) throw InvalidInput(names[i], v[i], "infinite");
        if (is_radius(N, i) && v[i] < 0) throw InvalidInput(names[i], v[i], "negative radius");
    }
}

}  // namespace touchstone::oracle::detail
