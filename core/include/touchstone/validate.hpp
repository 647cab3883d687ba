// touchstone — the valid domain of every primitive, and the one message for
// an invalid input.
//
// Valid: every field finite; every radius (Role::radius in the table of
// primitive.hpp) >= 0, -0 included; every box (Shape::box) has min <= max on
// each axis (a box with minx > maxx is reported at its max field, with the
// reason "minx > maxx" in that box's field names); every convex polygon
// (Shape::convex) is strictly convex and counter-clockwise (convex_fault,
// checked once its last vertex is read). first_invalid() names the first
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
#include "touchstone/robust/detail/exact.hpp"

namespace touchstone {

/// Why a field is invalid.
enum class InvalidReason : std::uint8_t {
    none,
    not_a_number,
    infinite,
    negative_radius,
    not_a_count,        ///< a polygon's vertex count that is no whole number >= 0
    too_few_vertices,   ///< a polygon of fewer than min_polygon_vertices (3)
    too_many_vertices,  ///< a polygon of more than max_polygon_vertices (16)
    min_above_max,      ///< a box whose min exceeds its max on one axis
    // A Shape::convex operand (after its count and coordinates are valid):
    degenerate_vertex,  ///< a vertex with orient2d(previous, it, next) == 0 (repeated, collinear)
    clockwise,          ///< every vertex turns right: a clockwise convex polygon
    not_convex,         ///< a right turn, or a polygon that winds around more than once
};

constexpr std::string_view to_string(InvalidReason r) {
    switch (r) {
        case InvalidReason::none: return "valid";
        case InvalidReason::not_a_number: return "not a number";
        case InvalidReason::infinite: return "infinite";
        case InvalidReason::negative_radius: return "negative radius";
        case InvalidReason::not_a_count: return "not a vertex count";
        case InvalidReason::too_few_vertices: return "fewer than 3 vertices";
        case InvalidReason::too_many_vertices: return "more than 16 vertices";
        case InvalidReason::min_above_max: return "min > max";
        case InvalidReason::degenerate_vertex: return "repeated or collinear vertex";
        case InvalidReason::clockwise: return "clockwise, not counter-clockwise";
        case InvalidReason::not_convex: return "not convex";
    }
    return "?";
}
static_assert(min_polygon_vertices == 3 && max_polygon_vertices == 16,
              "to_string(InvalidReason) spells the vertex range");

/// The first invalid field of a case, or ok().
struct InputCheck {
    int field = -1;           ///< argument index in case-file order; -1 when valid
    std::string_view name{};  ///< its case-file name ("r", "c1x", ...)
    double value = 0;         ///< the offending value (float widened exactly)
    InvalidReason reason = InvalidReason::none;
    /// Inside a polygon: the index in its case-file array (x_k is 2k, y_k
    /// 2k + 1), or -1; `count` when the vertex count is at fault.
    int element = -1;
    bool count = false;
    /// min_above_max: the case-file name of the box's min field on that axis
    /// ("minx"), whose value exceeds this (max) field's.
    std::string_view other{};

    constexpr bool ok() const noexcept { return field < 0; }
    /// The field as messages name it: "r", "poly[5]", "poly.n".
    std::string label() const {
        std::string s(name);
        if (count) return s + ".n";
        if (element >= 0) return s + "[" + std::to_string(element) + "]";
        return s;
    }
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
        return "invalid input: field " + label() + " = " + hex + " (" + why() + ")";
    }
};

/// The reason one value is invalid in a field of role `role`.
template <class T>
constexpr InvalidReason check_field(Role role, T x) noexcept {
    if (std::isnan(x)) return InvalidReason::not_a_number;
    if (std::isinf(x)) return InvalidReason::infinite;
    if (role == Role::radius && x < 0) return InvalidReason::negative_radius;
    if (role == Role::count) {
        const int n = vertex_count_of(x);
        if (n < 0) return InvalidReason::not_a_count;
        if (n < min_polygon_vertices) return InvalidReason::too_few_vertices;
        if (n > max_polygon_vertices) return InvalidReason::too_many_vertices;
    }
    return InvalidReason::none;
}

/// The exact orientation of (a, b, c), -1, 0 or +1 (robust::exact, never
/// counted as an orient2d call): the convexity check of a Shape::convex.
inline int exact_orientation(double ax, double ay, double bx, double by, double cx, double cy) {
    const double x[6] = {ax, ay, bx, by, cx, cy};
    robust::Layer layer{};
    return robust::exact::orientation(x, layer);
}

/// Where a polygon of n finite vertices (x0 y0 x1 y1 ... at v) fails to be
/// strictly convex and counter-clockwise: -1 when it is valid, else the
/// vertex k at fault and why. Checked, in this order, with exact
/// orientations o(a, b, c) (docs/primitives.md, "Convex polygons"):
///   1. every vertex turns: o(v[k-1], v[k], v[k+1]) != 0 (indices mod n),
///      else degenerate_vertex at the first such k (a repeated vertex, a
///      vertex on the line of its neighbours, a polygon of no area);
///   2. every vertex turns left: o(v[k-1], v[k], v[k+1]) > 0, else clockwise
///      at vertex 0 when every vertex turns right, not_convex at the first
///      right turn otherwise;
///   3. the polygon winds once: its edges' directions, which turn left at
///      every vertex, pass from the lower half of the directions (dy < 0,
///      or dy == 0 and dx < 0) to the upper half (dy > 0, or dy == 0 and
///      dx > 0) at exactly one vertex; else not_convex at the vertex of
///      the second such passage (a star polygon turns left everywhere but
///      winds twice or more). Comparisons of coordinates only, exact.
/// `orient` is called as orient(ax, ay, bx, by, cx, cy) in T.
struct ConvexFault {
    int vertex = -1;
    InvalidReason reason = InvalidReason::none;
};
template <class T, class Orient>
ConvexFault convex_fault(const T* v, int n, Orient&& orient) {
    auto turn = [&](int k) {
        const int i = k == 0 ? n - 1 : k - 1, j = k + 1 == n ? 0 : k + 1;
        return orient(v[2 * i], v[2 * i + 1], v[2 * k], v[2 * k + 1], v[2 * j], v[2 * j + 1]);
    };
    int right = 0, first_right = -1;
    for (int k = 0; k < n; ++k) {
        const int t = turn(k);
        if (t == 0) return {k, InvalidReason::degenerate_vertex};
        if (t < 0 && right++ == 0) first_right = k;
    }
    if (right == n) return {0, InvalidReason::clockwise};
    if (right > 0) return {first_right, InvalidReason::not_convex};
    // Every turn is left and below pi, so the edges' directions turn around
    // monotonically, a whole number of times: once iff they pass from the
    // lower half of the directions to the upper half exactly once. A
    // direction is upper when dy > 0, or dy == 0 and dx > 0: comparisons of
    // coordinates, exact.
    auto upper = [&](int i) {
        const int j = i + 1 == n ? 0 : i + 1;
        const T xi = v[2 * i], yi = v[2 * i + 1], xj = v[2 * j], yj = v[2 * j + 1];
        return yj > yi || (yj == yi && xj > xi);
    };
    int wraps = 0, second = 0;
    for (int k = 0; k < n; ++k)
        if (!upper(k == 0 ? n - 1 : k - 1) && upper(k) && ++wraps == 2) second = k;
    if (wraps != 1) return {second, InvalidReason::not_convex};
    return {};
}

/// Checks args[0 .. arity(p)) in order against the table's roles: a
/// polygon's count first, then its n vertices (its unused capacity is not
/// read). A box's max field (index 2 or 3 of a Shape::box operand) is also
/// checked against its min (two fields before it) once both are finite.
template <class T>
InputCheck first_invalid(Primitive p, const T* args) noexcept {
    for (int i = 0; i < arity(p); ++i) {
        const Role role = field_role(p, i);
        if (role != Role::count && !live_coordinate(p, args, i)) continue;
        const InvalidReason r = check_field(role, args[i]);
        if (r != InvalidReason::none)
            return {i, field_name(p, i),    static_cast<double>(args[i]),
                    r, field_element(p, i), role == Role::count};
        // (i < arity(p): a field of an operand. The shape comes with its
        // place, so no operand index is looked up here: g++ 12 at -O3 could
        // not rule out an index of -1 in that lookup, -Warray-bounds.)
        const FieldPlace f = field_place(p, i);
        if (f.shape == Shape::convex && f.index > 0 &&
            f.index == 2 * vertex_count_of(args[i - f.index])) {
            // The last vertex of a convex polygon, every coordinate finite.
            const T* v = args + (i - f.index) + 1;
            const ConvexFault fault =
                convex_fault(v, f.index / 2, [](T ax, T ay, T bx, T by, T cx, T cy) {
                    return exact_orientation(ax, ay, bx, by, cx, cy);
                });
            if (fault.vertex >= 0) {
                const int at = i - f.index + 1 + 2 * fault.vertex;
                return {at,           field_name(p, at),    static_cast<double>(args[at]),
                        fault.reason, field_element(p, at), false};
            }
        }
        if (f.shape == Shape::box && f.index >= 2 && args[i - 2] > args[i])
            return {i,
                    field_name(p, i),
                    static_cast<double>(args[i]),
                    InvalidReason::min_above_max,
                    -1,
                    false,
                    field_name(p, i - 2)};
    }
    return {};
}

template <class T>
bool valid_input(Primitive p, const T* args) noexcept {
    return first_invalid(p, args).ok();
}

}  // namespace touchstone
