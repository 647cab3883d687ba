// touchstone — the valid domain of every primitive, and the one message for
// an invalid input.
//
// Valid: every field finite; every radius (Role::radius in the table of
// primitive.hpp) >= 0, -0 included; every box (Shape::box) has min <= max on
// each axis (a box with minx > maxx is reported at its max field, with the
// reason "minx > maxx" in that box's field names). first_invalid() names the first
// offending field in case-file order; message() is the text every part of
// touchstone prints for it (the oracle's InvalidInput, replay, the audit,
// the properties, the fuzz targets, the robust core's validate()):
//   invalid input: field r = -0x1p+0 (negative radius)
#pragma once

#include <cmath>
#include <cstdio>
#include <string>
#include <string_view>

#include "touchstone/primitive.hpp"

namespace touchstone {

/// Why a field is invalid.
enum class InvalidReason : std::uint8_t {
    none,
    not_a_number,
    infinite,
    negative_radius,
    min_above_max,  ///< a box whose min exceeds its max on one axis
};

constexpr std::string_view to_string(InvalidReason r) {
    return r == InvalidReason::not_a_number      ? "not a number"
           : r == InvalidReason::infinite        ? "infinite"
           : r == InvalidReason::negative_radius ? "negative radius"
           : r == InvalidReason::min_above_max   ? "min > max"
                                                 : "valid";
}

/// The first invalid field of a case, or ok().
struct InputCheck {
    int field = -1;           ///< argument index in case-file order; -1 when valid
    std::string_view name{};  ///< its case-file name ("r", "c1x", ...)
    double value = 0;         ///< the offending value (float widened exactly)
    InvalidReason reason = InvalidReason::none;
    /// min_above_max: the case-file name of the box's min field on that axis
    /// ("minx"), whose value exceeds this (max) field's.
    std::string_view other{};

    constexpr bool ok() const noexcept { return field < 0; }
    /// Why, in words: "negative radius", or for a box "minx > maxx".
    std::string why() const {
        if (reason == InvalidReason::min_above_max)
            return std::string(other) + " > " + std::string(name);
        return std::string(to_string(reason));
    }
    /// "invalid input: field r = -0x1p+0 (negative radius)"; "" when ok.
    /// A box: "invalid input: field maxx = 0x1p+0 (minx > maxx)".
    std::string message() const {
        if (ok()) return {};
        char hex[64];
        std::snprintf(hex, sizeof hex, "%a", value);
        return "invalid input: field " + std::string(name) + " = " + hex + " (" + why() + ")";
    }
};

/// The reason one value is invalid in a field of role `role`.
template <class T>
constexpr InvalidReason check_field(Role role, T x) noexcept {
    if (std::isnan(x)) return InvalidReason::not_a_number;
    if (std::isinf(x)) return InvalidReason::infinite;
    if (role == Role::radius && x < 0) return InvalidReason::negative_radius;
    return InvalidReason::none;
}

/// Checks args[0 .. arity(p)) in order against the table's roles; a box's
/// max field (index 2 or 3 of a Shape::box operand) is also checked against
/// its min (two fields before it) once both are finite.
template <class T>
InputCheck first_invalid(Primitive p, const T* args) noexcept {
    for (int i = 0; i < arity(p); ++i) {
        const InvalidReason r = check_field(field_role(p, i), args[i]);
        if (r != InvalidReason::none)
            return {i, field_name(p, i), static_cast<double>(args[i]), r, {}};
        const FieldPlace f = field_place(p, i);
        if (f.operand >= 0 && info(p).operands[static_cast<std::size_t>(f.operand)] == Shape::box &&
            f.index >= 2 && args[i - 2] > args[i])
            return {i, field_name(p, i), static_cast<double>(args[i]), InvalidReason::min_above_max,
                    field_name(p, i - 2)};
    }
    return {};
}

template <class T>
bool valid_input(Primitive p, const T* args) noexcept {
    return first_invalid(p, args).ok();
}

}  // namespace touchstone
