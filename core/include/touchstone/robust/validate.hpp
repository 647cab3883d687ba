// touchstone::robust — input validation, in case-file terms.
//
// The valid domain is the project's one validity check,
// touchstone::first_invalid (touchstone/validate.hpp; docs/contract.md,
// "Invalid input"): finite coordinates, finite radii >= 0 (-0 is a valid
// zero radius), each field's name and role read from the table of
// touchstone/primitive.hpp. validate() names the first offending argument in
// case-file order with its case-file field name and the reason ("not a
// number", "infinite", "negative radius"), so a caller reports
// "invalid input: field r = -0x1p+0 (negative radius)" exactly as the oracle
// does (message()).
//
// What the primitives do on invalid input (documented, deterministic, never
// UB): every predicate returns false (capsules and boxes included; a box with
// min > max is invalid); orient2d returns 0; every construction returns kind none
// with count 0 and all points (0, 0). They do not call validate() on the fast
// path: their filters provably decline on NaN and infinity (filter.hpp) and
// check radii for >= 0 first; the exact stages validate.
#pragma once

#include <array>
#include <string>
#include <string_view>
#include <type_traits>

#include "touchstone/float_semantics.hpp"  // x87 evaluation and -ffast-math refused
#include "touchstone/geometry.hpp"
#include "touchstone/validate.hpp"

namespace touchstone::robust {

/// The first invalid field of a call, or ok().
struct Validation {
    std::string_view field{};   ///< "" when valid; else "px", "r1", "b2y", ...
    double value{0.0};          ///< the offending value (a float widened exactly)
    std::string_view reason{};  ///< "not a number", "infinite" or "negative radius"
    InputCheck check{};         ///< the same, as touchstone::first_invalid gives it

    constexpr bool ok() const noexcept { return field.empty(); }
    constexpr explicit operator bool() const noexcept { return ok(); }
    /// "invalid input: field r = -0x1p+0 (negative radius)"; "" when ok.
    std::string message() const { return check.message(); }
};

/// The arguments of P, given as its shapes, checked by first_invalid.
template <Primitive P, class T, template <class> class... S>
Validation validate_as(const S<T>&... shapes) noexcept {
    static_assert(std::is_same_v<Signature<P, T>, Result<P, T> (*)(S<T>...)>,
                  "the shapes are not the operands of this primitive in the table");
    std::array<T, arity(P)> args{};
    int k = 0;
    ((put_operand(shapes, args.data() + operand_offset(P, k)), ++k), ...);
    const InputCheck check = first_invalid(P, args.data());
    if (check.ok()) return {};
    return {check.name, check.value, to_string(check.reason), check};
}

/// point_in_disk's arguments: fields px py cx cy r.
inline Validation validate(Vec2<float> p, Circle<float> c) noexcept {
    return validate_as<Primitive::point_in_disk>(p, c);
}
inline Validation validate(Vec2<double> p, Circle<double> c) noexcept {
    return validate_as<Primitive::point_in_disk>(p, c);
}
/// disks_overlap / circle_intersections: fields c1x c1y r1 c2x c2y r2.
inline Validation validate(Circle<float> c1, Circle<float> c2) noexcept {
    return validate_as<Primitive::disks_overlap>(c1, c2);
}
inline Validation validate(Circle<double> c1, Circle<double> c2) noexcept {
    return validate_as<Primitive::disks_overlap>(c1, c2);
}
/// segment_hits_disk / segment_meets_circle / segment_circle_points: ax ay bx by cx cy r.
inline Validation validate(Segment<float> s, Circle<float> c) noexcept {
    return validate_as<Primitive::segment_hits_disk>(s, c);
}
inline Validation validate(Segment<double> s, Circle<double> c) noexcept {
    return validate_as<Primitive::segment_hits_disk>(s, c);
}
/// segments_intersect / segment_intersection: a1x a1y b1x b1y a2x a2y b2x b2y.
inline Validation validate(Segment<float> s1, Segment<float> s2) noexcept {
    return validate_as<Primitive::segments_intersect>(s1, s2);
}
inline Validation validate(Segment<double> s1, Segment<double> s2) noexcept {
    return validate_as<Primitive::segments_intersect>(s1, s2);
}

/// point_in_polygon: fields px py, then the polygon (poly.n, poly[0..2n)).
inline Validation validate(Vec2<float> p, const Polygon<float>& poly) noexcept {
    return validate_as<Primitive::point_in_polygon>(p, poly);
}
inline Validation validate(Vec2<double> p, const Polygon<double>& poly) noexcept {
    return validate_as<Primitive::point_in_polygon>(p, poly);
}
/// polygons_overlap: fields poly1 (poly1.n, poly1[0..2n)), then poly2; each
/// must also be strictly convex and counter-clockwise.
inline Validation validate(const Polygon<float>& P, const Polygon<float>& Q) noexcept {
    return validate_as<Primitive::polygons_overlap>(P, Q);
}
inline Validation validate(const Polygon<double>& P, const Polygon<double>& Q) noexcept {
    return validate_as<Primitive::polygons_overlap>(P, Q);
}
/// polygon_hits_disk: fields poly (strictly convex, counter-clockwise), cx cy r.
inline Validation validate(const Polygon<float>& P, Circle<float> c) noexcept {
    return validate_as<Primitive::polygon_hits_disk>(P, c);
}
inline Validation validate(const Polygon<double>& P, Circle<double> c) noexcept {
    return validate_as<Primitive::polygon_hits_disk>(P, c);
}
/// capsules_overlap: a1x a1y b1x b1y r1 a2x a2y b2x b2y r2.
inline Validation validate(Capsule<float> c1, Capsule<float> c2) noexcept {
    return validate_as<Primitive::capsules_overlap>(c1, c2);
}
inline Validation validate(Capsule<double> c1, Capsule<double> c2) noexcept {
    return validate_as<Primitive::capsules_overlap>(c1, c2);
}
/// capsule_hits_disk: ax ay bx by r1 cx cy r2.
inline Validation validate(Capsule<float> k, Circle<float> c) noexcept {
    return validate_as<Primitive::capsule_hits_disk>(k, c);
}
inline Validation validate(Capsule<double> k, Circle<double> c) noexcept {
    return validate_as<Primitive::capsule_hits_disk>(k, c);
}
/// boxes_overlap: minx1 miny1 maxx1 maxy1 minx2 miny2 maxx2 maxy2 (min > max
/// is reported at the max field, reason "min > max").
inline Validation validate(Box<float> b1, Box<float> b2) noexcept {
    return validate_as<Primitive::boxes_overlap>(b1, b2);
}
inline Validation validate(Box<double> b1, Box<double> b2) noexcept {
    return validate_as<Primitive::boxes_overlap>(b1, b2);
}
/// segment_hits_box: ax ay bx by minx miny maxx maxy.
inline Validation validate(Segment<float> s, Box<float> b) noexcept {
    return validate_as<Primitive::segment_hits_box>(s, b);
}
inline Validation validate(Segment<double> s, Box<double> b) noexcept {
    return validate_as<Primitive::segment_hits_box>(s, b);
}

}  // namespace touchstone::robust
