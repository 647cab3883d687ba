// touchstone::oracle — the one validity check, as the oracle's sources use
// it. Private to oracle/src.
//
// The valid domain and its messages are touchstone::first_invalid
// (touchstone/validate.hpp), which reads each field's name and role
// (coordinate or radius) from the table of touchstone/primitive.hpp. The
// shapes are laid out in case-file order by put_operand, the inverse of the
// table's unpacker.
#pragma once

#include <array>
#include <stdexcept>
#include <string_view>
#include <type_traits>

#include "touchstone/geometry.hpp"
#include "touchstone/oracle/detail/valid_layout.hpp"
#include "touchstone/oracle/oracle.hpp"
#include "touchstone/validate.hpp"

namespace touchstone::oracle::detail {

/// The arguments of P in case-file order, widened exactly to double, once
/// they pass the one validity check; throws InvalidInput for the first
/// invalid field (its case-file name, its value, and why).
template <Primitive P, class T, template <class> class... S>
std::array<double, arity(P)> checked_args(const S<T>&... shapes) {
    static_assert(std::is_same_v<Signature<P, T>, Result<P, T> (*)(S<T>...)>,
                  "the shapes are not the operands of this primitive in the table");
    std::array<T, arity(P)> a{};
    int k = 0;
    ((put_operand(shapes, a.data() + operand_offset(P, k)), ++k), ...);
    // The roles of P's fields, at compile time (first_invalid walks the table
    // for each field at run time; it only names the field once one fails).
    constexpr std::array<Role, arity(P)> roles = [] {
        std::array<Role, arity(P)> r{};
        for (int i = 0; i < arity(P); ++i) r[static_cast<std::size_t>(i)] = field_role(P, i);
        return r;
    }();
    bool ok = true;
    for (std::size_t i = 0; i < a.size(); ++i)
        ok &= check_field(roles[i], a[i]) == InvalidReason::none;
    // A box primitive: min <= max on each axis too (first_invalid checks it).
    constexpr bool has_box = [] {
        for (int k = 0; k < info(P).operand_count; ++k)
            if (info(P).operands[static_cast<std::size_t>(k)] == Shape::box) return true;
        return false;
    }();
    // first_invalid(P, a).ok() from P's layout (valid_layout.hpp; the table
    // walk of first_invalid was ~5 % of a polygon fuzz target's execution).
    if constexpr (has_box) ok = ok && valid_by_layout<P>(a.data());
    // A convex polygon: strictly convex and counter-clockwise too (exact
    // orientations; first_invalid checks it once the coordinates are valid).
    constexpr bool has_convex = [] {
        for (int k = 0; k < info(P).operand_count; ++k)
            if (info(P).operands[static_cast<std::size_t>(k)] == Shape::convex) return true;
        return false;
    }();
    if constexpr (has_convex) ok = ok && valid_by_layout<P>(a.data());
    if (!ok) throw InvalidInput(first_invalid(P, a.data()));
    std::array<double, arity(P)> wide{};
    for (std::size_t i = 0; i < a.size(); ++i) wide[i] = static_cast<double>(a[i]);
    return wide;
}

}  // namespace touchstone::oracle::detail
