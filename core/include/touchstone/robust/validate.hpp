// touchstone::robust — input validation, in case-file terms.
//
// The valid domain (DESIGN.md): finite coordinates, finite radii >= 0 (-0 is
// a valid zero radius). validate() names the first offending argument in the
// case-file order with the case-file field name, so a caller can report
// "field r = -0x1p+0 (negative radius)" exactly as the oracle does.
//
// What the primitives do on invalid input (documented, deterministic, never
// UB): every predicate returns false; every construction returns kind none
// with count 0 and all points (0, 0). They do not call validate() on the fast
// path: their filters provably decline on NaN and infinity (filter.hpp) and
// check radii for >= 0 first; the exact stages validate.
#pragma once

#include <cmath>
#include <string_view>

#include "touchstone/geometry.hpp"

namespace touchstone::robust {

/// The first invalid field of a call, or ok().
struct Validation {
    std::string_view field{};   ///< "" when valid; else "px", "r1", "b2y", ...
    double value{0.0};          ///< the offending value (a float widened exactly)
    std::string_view reason{};  ///< "NaN", "infinite" or "negative radius"

    constexpr bool ok() const noexcept { return field.empty(); }
    constexpr explicit operator bool() const noexcept { return ok(); }
};

namespace detail {

/// Checks x[0..n) in order; bit i of radius_mask marks x[i] as a radius.
inline Validation validate_fields(const double* x, const std::string_view* names, int n,
                                  unsigned radius_mask) noexcept {
    for (int i = 0; i < n; ++i) {
        if (std::isnan(x[i])) return {names[i], x[i], "NaN"};
        if (std::isinf(x[i])) return {names[i], x[i], "infinite"};
        if (((radius_mask >> i) & 1u) != 0 && x[i] < 0) return {names[i], x[i], "negative radius"};
    }
    return {};
}

inline constexpr std::string_view point_disk_fields[] = {"px", "py", "cx", "cy", "r"};
inline constexpr std::string_view two_circles_fields[] = {"c1x", "c1y", "r1", "c2x", "c2y", "r2"};
inline constexpr std::string_view segment_circle_fields[] = {"ax", "ay", "bx", "by", "cx", "cy", "r"};
inline constexpr std::string_view two_segments_fields[] = {"a1x", "a1y", "b1x", "b1y",
                                                           "a2x", "a2y", "b2x", "b2y"};

template <class T>
Validation validate_point_circle(Vec2<T> p, Circle<T> c) noexcept {
    const double x[] = {p.x, p.y, c.c.x, c.c.y, c.r};
    return validate_fields(x, point_disk_fields, 5, 1u << 4);
}
template <class T>
Validation validate_circles(Circle<T> c1, Circle<T> c2) noexcept {
    const double x[] = {c1.c.x, c1.c.y, c1.r, c2.c.x, c2.c.y, c2.r};
    return validate_fields(x, two_circles_fields, 6, (1u << 2) | (1u << 5));
}
template <class T>
Validation validate_segment_circle(Segment<T> s, Circle<T> c) noexcept {
    const double x[] = {s.a.x, s.a.y, s.b.x, s.b.y, c.c.x, c.c.y, c.r};
    return validate_fields(x, segment_circle_fields, 7, 1u << 6);
}
template <class T>
Validation validate_segments(Segment<T> s1, Segment<T> s2) noexcept {
    const double x[] = {s1.a.x, s1.a.y, s1.b.x, s1.b.y, s2.a.x, s2.a.y, s2.b.x, s2.b.y};
    return validate_fields(x, two_segments_fields, 8, 0u);
}

}  // namespace detail

/// point_in_disk's arguments: fields px py cx cy r.
inline Validation validate(Vec2<float> p, Circle<float> c) noexcept { return detail::validate_point_circle(p, c); }
inline Validation validate(Vec2<double> p, Circle<double> c) noexcept { return detail::validate_point_circle(p, c); }
/// disks_overlap / circle_intersections: fields c1x c1y r1 c2x c2y r2.
inline Validation validate(Circle<float> c1, Circle<float> c2) noexcept { return detail::validate_circles(c1, c2); }
inline Validation validate(Circle<double> c1, Circle<double> c2) noexcept { return detail::validate_circles(c1, c2); }
/// segment_hits_disk / segment_meets_circle / segment_circle_points: ax ay bx by cx cy r.
inline Validation validate(Segment<float> s, Circle<float> c) noexcept { return detail::validate_segment_circle(s, c); }
inline Validation validate(Segment<double> s, Circle<double> c) noexcept { return detail::validate_segment_circle(s, c); }
/// segments_intersect / segment_intersection: a1x a1y b1x b1y a2x a2y b2x b2y.
inline Validation validate(Segment<float> s1, Segment<float> s2) noexcept { return detail::validate_segments(s1, s2); }
inline Validation validate(Segment<double> s1, Segment<double> s2) noexcept { return detail::validate_segments(s1, s2); }

}  // namespace touchstone::robust
