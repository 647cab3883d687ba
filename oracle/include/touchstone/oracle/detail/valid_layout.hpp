// touchstone::oracle::detail — first_invalid(P, args).ok() (validate.hpp)
// from the layout of P computed at compile time (issue 15, fuzz6).
//
// first_invalid walks the table of primitives for every field (field_role,
// live_coordinate and field_place each walk the operands): for a polygon
// primitive, 35-66 fields, that was 15-20 % of a polygon fuzz target's
// execution (perf of robust_point_in_polygon: field_role, live_coordinate,
// first_invalid), twice per execution (the harness's validity check and
// the oracle's checked_args). valid_by_layout decides the same validity —
// every live field finite, radii >= 0, counts whole numbers in
// [min_polygon_vertices, max_polygon_vertices], boxes with min <= max, a
// Shape::convex operand strictly convex and counter-clockwise (convex_fault
// with the same exact orientations) — without naming the field; callers
// ask first_invalid for the message once an input is found invalid.
// tests/oracle/valid_layout_test.cpp compares the two on every primitive.
#pragma once

#include <array>
#include <cmath>
#include <cstddef>

#include "touchstone/primitive.hpp"
#include "touchstone/validate.hpp"

namespace touchstone::oracle::detail {

/// The operands of P: their shapes and first fields, at compile time.
template <Primitive P>
struct OperandLayout {
    static constexpr int operands = info(P).operand_count;
    static constexpr std::array<Shape, 4> shape = [] {
        std::array<Shape, 4> s{};
        for (int k = 0; k < operands; ++k)
            s[static_cast<std::size_t>(k)] = info(P).operands[static_cast<std::size_t>(k)];
        return s;
    }();
    static constexpr std::array<int, 5> offset = [] {
        std::array<int, 5> o{};
        for (int k = 0; k <= operands; ++k) o[static_cast<std::size_t>(k)] = operand_offset(P, k);
        return o;
    }();
    static constexpr std::array<Role, static_cast<std::size_t>(arity(P))> role = [] {
        std::array<Role, static_cast<std::size_t>(arity(P))> r{};
        for (int i = 0; i < arity(P); ++i) r[static_cast<std::size_t>(i)] = field_role(P, i);
        return r;
    }();
    static_assert(operands <= 4, "OperandLayout holds four operands");
};

/// first_invalid(P, a).ok(), from P's layout (see the banner).
template <Primitive P, class T>
bool valid_by_layout(const T* a) noexcept {
    using L = OperandLayout<P>;
    for (int k = 0; k < L::operands; ++k) {
        const Shape s = L::shape[static_cast<std::size_t>(k)];
        const int at = L::offset[static_cast<std::size_t>(k)];
        if (shape_variable(s)) {
            // The count, then its n vertices; the unused capacity is not read.
            const int n = vertex_count_of(a[at]);
            if (n < min_polygon_vertices || n > max_polygon_vertices) return false;
            bool finite = true;
            for (int i = at + 1; i <= at + 2 * n; ++i) finite &= std::isfinite(a[i]) != 0;
            if (!finite) return false;
            if (s == Shape::convex &&
                convex_fault(a + at + 1, n, [](T ax, T ay, T bx, T by, T cx, T cy) {
                    return exact_orientation(ax, ay, bx, by, cx, cy);
                }).vertex >= 0)
                return false;
            continue;
        }
        const int end = L::offset[static_cast<std::size_t>(k + 1)];
        bool ok = true;
        for (int i = at; i < end; ++i) {
            const T x = a[i];
            ok &= std::isfinite(x) != 0;
            ok &= !(L::role[static_cast<std::size_t>(i)] == Role::radius && x < T(0));
        }
        if (!ok) return false;
        if (s == Shape::box && (a[at] > a[at + 2] || a[at + 1] > a[at + 3])) return false;
    }
    return true;
}

}  // namespace touchstone::oracle::detail
