// touchstone — the valid domain of every primitive, and the one message for
// an invalid input.
//
// Valid: every field finite; every radius (Role::radius in the table of
// primitive.hpp) >= 0, -0 included; every box min <= max on each axis. first_invalid() names the
// first offending field in case-file order; message() is the text every part of touchstone prints
// for it (the oracle's InvalidInput, replay, the audit, the properties, the fuzz targets, the
// robust core's validate()):
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
    inverted_box,  ///< a box's max below its min (the field named is the max)
};

constexpr std::string_view to_string(InvalidReason r) {
    return r == InvalidReason::not_a_number      ? "not a number"
           : r == InvalidReason::infinite        ? "infinite"
           : r == InvalidReason::negative_radius ? "negative radius"
           : r == InvalidReason::inverted_box    ? "box max below its min"
                                                 : "valid";
}

/// The first invalid field of a case, or ok().
struct InputCheck {
    int field = -1;           ///< argument index in case-file order; -1 when valid
    std::string_view name{};  ///< its case-file name ("r", "c1x", ...)
    double value = 0;         ///< the offending value (float widened exactly)
    InvalidReason reason = InvalidReason::none;

    constexpr bool ok() const noexcept { return field < 0; }
    /// "invalid input: field r = -0x1p+0 (negative radius)"; "" when ok.
    std::string message() const {
        if (ok()) return {};
        char hex[64];
        std::snprintf(hex, sizeof hex, "%a", value);
        return "invalid input: field " + std::string(name) + " = " + hex + " (" +
               std::string(to_string(reason)) + ")";
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

/// Checks args[0 .. arity(p)) in order against the table's roles.
template <class T>
InputCheck first_invalid(Primitive p, const T* args) noexcept {
    for (int i = 0; i < arity(p); ++i) {
        const InvalidReason r = check_field(field_role(p, i), args[i]);
        if (r != InvalidReason::none) return {i, field_name(p, i), static_cast<double>(args[i]), r};
    }
    // A box (minx miny maxx maxy) needs min <= max on each axis (lo == hi is
    // a point); the max field is named.
    for (int k = 0; k < info(p).operand_count; ++k) {
        if (info(p).operands[static_cast<std::size_t>(k)] != Shape::box) continue;
        const int o = operand_offset(p, k);
        for (int axis = 0; axis < 2; ++axis)
            if (args[o + 2 + axis] < args[o + axis])
                return {o + 2 + axis, field_name(p, o + 2 + axis),
                        static_cast<double>(args[o + 2 + axis]), InvalidReason::inverted_box};
    }
    return {};
}

template <class T>
bool valid_input(Primitive p, const T* args) noexcept {
    return first_invalid(p, args).ok();
}

}  // namespace touchstone
