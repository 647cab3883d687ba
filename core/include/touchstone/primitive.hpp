// touchstone — the one table of primitives.
//
// Every primitive is described here once, in TOUCHSTONE_PRIMITIVES: its name,
// its answer form (which also says predicate or construction), the case-file
// names of its fields in order, and the shapes of its operands. Everything
// else is derived from this table or checked against it:
//   * the enum Primitive, its names, all_primitives, arity, is_predicate;
//   * each field's role (coordinate or radius), from the operand shapes;
//   * the typed unpacker: operands<P>(args) and invoke<P>(args, f) turn the
//     case-file arguments into the primitive's shapes and call f with them;
//   * Result<P, T> (the answer type) and Signature<P, T> (the function type
//     every implementation of P has: robust, oracle, tutorial, user adapter);
//   * visit(p, f): the one runtime switch, which hands f a compile-time
//     primitive tag, so that no other code needs a `case Primitive::`.
// Validation and its messages, the families' argument roles, the fuzz
// decoder and mutator, case-file field names, the report schema, figures,
// conformance signatures, CMake target lists and fuzz dictionaries read the
// table through these functions (or are checked against it by tests).
//
// A new primitive is a new row here, plus its robust and oracle algorithms
// (functions named after the row, in touchstone::robust and
// touchstone::oracle), its families and one fuzz target file.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <utility>

#include "touchstone/geometry.hpp"

// The table. One row per primitive:
//   X(name, answer form, "field names in case-file order", operand shapes...)
// Answer forms (AnswerForm below): boolean (a predicate); sign (-1, 0, +1);
// fraction (a ray cast: hit, and the fraction t in [0, 1] of the ray p -> q,
// whose operand is a segment shape with fields "px py qx qy");
// circle_points, segment_circle_points, segment_points (constructions). Shapes (Shape
// below) and their fields: point (x y), circle (x y r: r is a radius),
// segment (ax ay bx by), capsule (ax ay bx by r: r is a radius), box
// (minx miny maxx maxy), polygon (one name, "poly": a variable-size operand,
// see Shape::polygon; in a case file a nested array of 2n coordinates),
// convex (the same layout as polygon, but valid only when strictly convex
// and counter-clockwise: validate.hpp, docs/primitives.md).
#define TOUCHSTONE_PRIMITIVES(X)                                                                 \
    X(point_in_disk, boolean, "px py cx cy r", point, circle)                                    \
    X(disks_overlap, boolean, "c1x c1y r1 c2x c2y r2", circle, circle)                           \
    X(segment_hits_disk, boolean, "ax ay bx by cx cy r", segment, circle)                        \
    X(segment_meets_circle, boolean, "ax ay bx by cx cy r", segment, circle)                     \
    X(segments_intersect, boolean, "a1x a1y b1x b1y a2x a2y b2x b2y", segment, segment)          \
    X(circle_intersections, circle_points, "c1x c1y r1 c2x c2y r2", circle, circle)              \
    X(segment_circle_points, segment_circle_points, "ax ay bx by cx cy r", segment, circle)      \
    X(segment_intersection, segment_points, "a1x a1y b1x b1y a2x a2y b2x b2y", segment, segment) \
    X(orient2d, sign, "ax ay bx by cx cy", point, point, point)                                  \
    X(capsules_overlap, boolean, "a1x a1y b1x b1y r1 a2x a2y b2x b2y r2", capsule, capsule)      \
    X(capsule_hits_disk, boolean, "ax ay bx by r1 cx cy r2", capsule, circle)                    \
    X(boxes_overlap, boolean, "minx1 miny1 maxx1 maxy1 minx2 miny2 maxx2 maxy2", box, box)       \
    X(segment_hits_box, boolean, "ax ay bx by minx miny maxx maxy", segment, box)                \
    X(point_in_polygon, boolean, "px py poly", point, polygon)                                   \
    X(ray_cast_disk, fraction, "px py qx qy cx cy r", segment, circle)                           \
    X(ray_cast_segment, fraction, "px py qx qy ax ay bx by", segment, segment)                   \
    X(ray_cast_box, fraction, "px py qx qy minx miny maxx maxy", segment, box)                   \
    X(ray_cast_capsule, fraction, "px py qx qy ax ay bx by r", segment, capsule)                 \
    X(polygons_overlap, boolean, "poly1 poly2", convex, convex)                                  \
    X(polygon_hits_disk, boolean, "poly cx cy r", convex, circle)                                \
    X(ray_cast_polygon, fraction, "px py qx qy poly", segment, convex)

namespace touchstone {

// ---------------------------------------------------------------------------
// Shapes of operands and roles of fields.

/// The shape of one operand. Every shape but the polygon has a fixed number
/// of fields. The polygon is a variable-size operand held at a fixed
/// capacity: its fields are the vertex count n (Role::count, a whole number
/// held in T) and then max_polygon_vertices (x, y) pairs, of which the first
/// n are the vertices and the rest are unused (0 in canonical form, never
/// read, never written to a case file). A case file writes it as one nested
/// array of 2n numbers (case_file.hpp, layout_of).
///
/// Shape::convex has the polygon's layout and operand type (Polygon<T>); it
/// differs only in its valid domain: a strictly convex counter-clockwise
/// polygon (touchstone::first_invalid checks it with exact orientations).
enum class Shape : std::uint8_t { point, circle, segment, capsule, box, polygon, convex };

/// The vertex counts a polygon operand may have (docs/primitives.md).
inline constexpr int min_polygon_vertices = 3;
inline constexpr int max_polygon_vertices = 16;

/// What one scalar field is: a coordinate (any finite value), a radius
/// (finite and >= 0; -0 is a valid radius) or a polygon's vertex count (a
/// whole number in [min_polygon_vertices, max_polygon_vertices]).
enum class Role : std::uint8_t { coordinate, radius, count };

/// Number of scalar fields of a shape (a polygon: its capacity, 1 + 2 * 16).
constexpr int shape_fields(Shape s) {
    switch (s) {
        case Shape::point: return 2;
        case Shape::circle: return 3;
        case Shape::segment: return 4;
        case Shape::capsule: return 5;
        case Shape::box: return 4;
        case Shape::polygon:
        case Shape::convex: return 1 + 2 * max_polygon_vertices;
    }
    return 0;
}

/// Whether a shape has a variable size (one position of "args" in a case file).
constexpr bool shape_variable(Shape s) { return s == Shape::polygon || s == Shape::convex; }

/// Positions of "args" a shape takes in a case file (its fields, or 1).
constexpr int shape_positions(Shape s) { return shape_variable(s) ? 1 : shape_fields(s); }

/// Role of field `i` of a shape.
constexpr Role shape_role(Shape s, int i) {
    if (shape_variable(s) && i == 0) return Role::count;
    return (s == Shape::circle && i == 2) || (s == Shape::capsule && i == 4) ? Role::radius
                                                                             : Role::coordinate;
}

/// Whether field `i` of a shape is the x of a point (else a y, a radius or a count).
constexpr bool shape_x(Shape s, int i) {
    if (shape_role(s, i) != Role::coordinate) return false;
    return shape_variable(s) ? i % 2 == 1 : i % 2 == 0;
}

/// The vertex count a count field holds: n when the value is a whole number
/// in [0, 2^20], else -1 (NaN, infinite, fractional, negative or far too
/// large; never converted out of range).
template <class T>
constexpr int vertex_count_of(T v) {
    if (!(v >= T(0) && v <= T(1 << 20))) return -1;
    const int n = static_cast<int>(v);
    return static_cast<T>(n) == v ? n : -1;
}

constexpr std::string_view to_string(Shape s) {
    switch (s) {
        case Shape::point: return "point";
        case Shape::circle: return "circle";
        case Shape::segment: return "segment";
        case Shape::capsule: return "capsule";
        case Shape::box: return "box";
        case Shape::polygon: return "polygon";
        case Shape::convex: return "convex polygon";
    }
    return "?";
}

/// The form of a primitive's answer (and so its Result<P, T> type).
enum class AnswerForm : std::uint8_t {
    boolean,                ///< predicate: bool
    circle_points,          ///< CircleIntersection<T>: CircleKind and 0..2 points
    segment_circle_points,  ///< SegmentCirclePoints<T>: 0..2 points
    segment_points,         ///< SegmentIntersection<T>: SegmentKind and 0..2 points
    sign,                   ///< int: -1, 0 or +1 (an orientation)
    fraction,               ///< RayHit<T>: hit, and t in [0, 1] correctly rounded (a ray cast)
};

// ---------------------------------------------------------------------------
// The primitives, generated from the table.

enum class Primitive : std::uint8_t {
#define TOUCHSTONE_X_ENUM(name, form, fields, ...) name,
    TOUCHSTONE_PRIMITIVES(TOUCHSTONE_X_ENUM)
#undef TOUCHSTONE_X_ENUM
};

namespace detail {
#define TOUCHSTONE_X_ONE(...) +1
inline constexpr std::size_t primitive_count = 0 TOUCHSTONE_PRIMITIVES(TOUCHSTONE_X_ONE);
#undef TOUCHSTONE_X_ONE
}  // namespace detail

/// The most operands any primitive has (sizes of fixed arrays).
inline constexpr int max_operands = 3;

/// One row of the table, as data.
struct PrimitiveInfo {
    Primitive id;
    std::string_view name;
    AnswerForm answer;
    std::string_view field_list;  ///< "px py cx cy r"
    int operand_count;
    std::array<Shape, max_operands> operands;
};

namespace detail {
template <class... S>
constexpr PrimitiveInfo make_info(Primitive id, std::string_view name, AnswerForm answer,
                                  std::string_view fields, S... shapes) {
    static_assert(sizeof...(S) >= 1 && sizeof...(S) <= max_operands, "operand count");
    return PrimitiveInfo{id, name, answer, fields, static_cast<int>(sizeof...(S)), {shapes...}};
}
}  // namespace detail

inline constexpr std::array<PrimitiveInfo, detail::primitive_count> primitive_table{{
#define TOUCHSTONE_X_INFO(name, form, fields, ...)                      \
    detail::make_info(Primitive::name, #name, AnswerForm::form, fields, \
                      TOUCHSTONE_X_SHAPES(__VA_ARGS__)),
#define TOUCHSTONE_X_SHAPES(...) TOUCHSTONE_X_SHAPES_N(__VA_ARGS__, 3, 2, 1)
#define TOUCHSTONE_X_SHAPES_N(a, b, c, n, ...) TOUCHSTONE_X_SHAPES_##n(a, b, c)
#define TOUCHSTONE_X_SHAPES_1(a, b, c) Shape::a
#define TOUCHSTONE_X_SHAPES_2(a, b, c) Shape::a, Shape::b
#define TOUCHSTONE_X_SHAPES_3(a, b, c) Shape::a, Shape::b, Shape::c
    TOUCHSTONE_PRIMITIVES(TOUCHSTONE_X_INFO)
#undef TOUCHSTONE_X_INFO
}};

namespace detail {
/// Each row's arity, from its operands (arity() is called per case and per
/// field in hot loops: a lookup, not a loop over the row's shapes).
inline constexpr std::array<int, primitive_count> arities = [] {
    std::array<int, primitive_count> out{};
    for (std::size_t p = 0; p < primitive_count; ++p)
        for (int i = 0; i < primitive_table[p].operand_count; ++i)
            out[p] += shape_fields(primitive_table[p].operands[static_cast<std::size_t>(i)]);
    return out;
}();
}  // namespace detail

/// The most fields any primitive has, from the table (sizes of fixed
/// argument arrays; a polygon counts its capacity). At least 8, the size the
/// fixed-size primitives have always had.
inline constexpr int max_fields = [] {
    int most = 8;
    for (int n : detail::arities) most = n > most ? n : most;
    return most;
}();

/// Every primitive, in table order.
inline constexpr std::array<Primitive, detail::primitive_count> all_primitives = [] {
    std::array<Primitive, detail::primitive_count> out{};
    for (std::size_t i = 0; i < out.size(); ++i) out[i] = primitive_table[i].id;
    return out;
}();

constexpr const PrimitiveInfo& info(Primitive p) {
    return primitive_table[static_cast<std::size_t>(p)];
}

constexpr std::string_view to_string(Primitive p) {
    return static_cast<std::size_t>(p) < primitive_table.size() ? info(p).name
                                                                : std::string_view("?");
}

/// A boolean answer (hit or miss). A sign answer (orient2d) is neither a
/// predicate in this sense nor a construction: see is_sign, has_points.
constexpr bool is_predicate(Primitive p) { return info(p).answer == AnswerForm::boolean; }

/// The answer is a sign, -1, 0 or +1 (touchstone::Answer keeps it in `kind`).
constexpr bool is_sign(Primitive p) { return info(p).answer == AnswerForm::sign; }

/// The answer is a ray cast's hit and fraction t (RayHit<T>).
constexpr bool is_fraction(Primitive p) { return info(p).answer == AnswerForm::fraction; }

/// The answer is a construction: a kind and points. A fraction answer counts
/// as one (touchstone::Answer holds t as its one "point", judged in ulps).
constexpr bool is_construction(Primitive p) { return !is_predicate(p) && !is_sign(p); }

/// Number of scalar arguments, in case-file order.
constexpr int arity(Primitive p) { return detail::arities[static_cast<std::size_t>(p)]; }

/// Index of the first field of operand `k`.
constexpr int operand_offset(Primitive p, int k) {
    int n = 0;
    for (int i = 0; i < k; ++i) n += shape_fields(info(p).operands[static_cast<std::size_t>(i)]);
    return n;
}

/// The operand field `i` belongs to, its index within it and the operand's
/// shape; operand -1 (and shape point, meaningless) when `i` is out of range.
struct FieldPlace {
    int operand = -1;
    int index = -1;
    Shape shape = Shape::point;
};
namespace detail {
/// field_place of every row and field, from the operands' shapes.
inline constexpr std::array<std::array<FieldPlace, max_fields>, primitive_count> field_places = [] {
    std::array<std::array<FieldPlace, max_fields>, primitive_count> out{};
    for (std::size_t p = 0; p < primitive_count; ++p) {
        int off = 0;
        for (int k = 0; k < primitive_table[p].operand_count; ++k) {
            const Shape s = primitive_table[p].operands[static_cast<std::size_t>(k)];
            const int n = shape_fields(s);
            for (int j = 0; j < n; ++j) out[p][static_cast<std::size_t>(off + j)] = {k, j, s};
            off += n;
        }
    }
    return out;
}();
}  // namespace detail

constexpr FieldPlace field_place(Primitive p, int i) {
    if (i < 0 || i >= max_fields) return {};
    return detail::field_places[static_cast<std::size_t>(p)][static_cast<std::size_t>(i)];
}

/// Role of argument `i` (coordinate when out of range).
constexpr Role field_role(Primitive p, int i) {
    const FieldPlace f = field_place(p, i);
    if (f.operand < 0) return Role::coordinate;
    return shape_role(f.shape, f.index);
}
constexpr bool is_radius(Primitive p, int i) { return field_role(p, i) == Role::radius; }

/// Number of positions of "args" in a case file (arity, but a polygon is one).
constexpr int positions(Primitive p) {
    int n = 0;
    for (int k = 0; k < info(p).operand_count; ++k)
        n += shape_positions(info(p).operands[static_cast<std::size_t>(k)]);
    return n;
}

/// The position of "args" argument `i` is written at; -1 when out of range.
constexpr int field_position(Primitive p, int i) {
    const FieldPlace f = field_place(p, i);
    if (f.operand < 0) return -1;
    int pos = 0;
    for (int k = 0; k < f.operand; ++k)
        pos += shape_positions(info(p).operands[static_cast<std::size_t>(k)]);
    return pos + (shape_variable(f.shape) ? 0 : f.index);
}

/// Case-file name of argument `i` ("px", "c1x", "r2", ...; every field of a
/// polygon has its operand's one name, "poly"); "?" when out of range.
constexpr std::string_view field_name(Primitive p, int i) {
    const int want = field_position(p, i);
    std::string_view s = info(p).field_list;
    int k = 0;
    while (want >= 0 && !s.empty()) {
        const std::size_t sp = s.find(' ');
        const std::string_view word = s.substr(0, sp);
        if (k == want) return word;
        ++k;
        if (sp == std::string_view::npos) break;
        s.remove_prefix(sp + 1);
    }
    return "?";
}

/// The index of argument `i` inside its variable-size operand's nested array
/// of a case file (x_k is 2k, y_k is 2k + 1); -1 for the count and for a
/// field of a fixed-size operand. Error messages write "poly[5]".
constexpr int field_element(Primitive p, int i) {
    const FieldPlace f = field_place(p, i);
    if (f.operand < 0) return -1;
    return shape_variable(f.shape) && f.index > 0 ? f.index - 1 : -1;
}

/// Whether argument `i` holds a value the primitive reads for these
/// arguments: false for a polygon's count and for the unused capacity beyond
/// its n vertices (n as vertex_count_of reads it; an invalid count leaves
/// every coordinate live). Every field of a fixed-size operand is live.
template <class T>
constexpr bool live_coordinate(Primitive p, const T* args, int i) {
    const FieldPlace f = field_place(p, i);
    if (f.operand < 0) return false;
    if (!shape_variable(f.shape)) return true;
    if (f.index == 0) return false;
    const int n = vertex_count_of(args[i - f.index]);
    return n < 0 || f.index <= 2 * n;
}

/// Puts arguments in canonical form: the unused capacity of every polygon
/// beyond its n vertices is 0 (a valid count), so equal cases have equal
/// arguments. Fixed-size operands are left alone.
template <class T>
constexpr void canonicalize(Primitive p, T* args) {
    for (int i = 0; i < arity(p); ++i) {
        const FieldPlace f = field_place(p, i);
        if (shape_variable(f.shape) && f.index > 0 && !live_coordinate(p, args, i)) args[i] = T(0);
    }
}

namespace detail {
constexpr int count_words(std::string_view s) {
    int n = s.empty() ? 0 : 1;
    for (char ch : s) n += ch == ' ';
    return n;
}
constexpr bool table_is_consistent() {
    for (std::size_t i = 0; i < primitive_table.size(); ++i) {
        const PrimitiveInfo& r = primitive_table[i];
        if (static_cast<std::size_t>(r.id) != i) return false;
        if (count_words(r.field_list) != positions(r.id)) return false;
        if (arity(r.id) > max_fields) return false;
    }
    return true;
}
}  // namespace detail
static_assert(detail::table_is_consistent(),
              "TOUCHSTONE_PRIMITIVES: a row's field names do not match its operand shapes");

/// Parses a primitive name; false when unknown.
constexpr bool parse_primitive(std::string_view name, Primitive& out) {
    for (const PrimitiveInfo& r : primitive_table) {
        if (r.name == name) {
            out = r.id;
            return true;
        }
    }
    return false;
}

// ---------------------------------------------------------------------------
// Types derived from the table.

/// The C++ type of an operand of shape S.
template <Shape S, class T>
struct OperandTypeOf;
template <class T>
struct OperandTypeOf<Shape::point, T> {
    using type = Vec2<T>;
};
template <class T>
struct OperandTypeOf<Shape::circle, T> {
    using type = Circle<T>;
};
template <class T>
struct OperandTypeOf<Shape::segment, T> {
    using type = Segment<T>;
};
template <class T>
struct OperandTypeOf<Shape::capsule, T> {
    using type = Capsule<T>;
};
template <class T>
struct OperandTypeOf<Shape::box, T> {
    using type = Box<T>;
};
template <class T>
struct OperandTypeOf<Shape::polygon, T> {
    using type = Polygon<T>;
};
template <class T>
struct OperandTypeOf<Shape::convex, T> {
    using type = Polygon<T>;
};
template <Shape S, class T>
using OperandType = typename OperandTypeOf<S, T>::type;

static_assert(Polygon<double>::capacity == max_polygon_vertices, "Polygon capacity");

/// The answer type of a form.
template <AnswerForm F, class T>
struct ResultOfForm;
template <class T>
struct ResultOfForm<AnswerForm::boolean, T> {
    using type = bool;
};
template <class T>
struct ResultOfForm<AnswerForm::circle_points, T> {
    using type = CircleIntersection<T>;
};
template <class T>
struct ResultOfForm<AnswerForm::segment_circle_points, T> {
    using type = SegmentCirclePoints<T>;
};
template <class T>
struct ResultOfForm<AnswerForm::segment_points, T> {
    using type = SegmentIntersection<T>;
};
template <class T>
struct ResultOfForm<AnswerForm::sign, T> {
    using type = int;
};
template <class T>
struct ResultOfForm<AnswerForm::fraction, T> {
    using type = RayHit<T>;
};

/// What an implementation of P returns for precision T.
template <Primitive P, class T>
using Result = typename ResultOfForm<info(P).answer, T>::type;

/// Operand k of P as a shape, built from the case-file arguments.
template <Shape S, class T>
constexpr OperandType<S, T> make_operand(const T* a) {
    if constexpr (S == Shape::point) {
        return Vec2<T>{a[0], a[1]};
    } else if constexpr (S == Shape::circle) {
        return Circle<T>{{a[0], a[1]}, a[2]};
    } else if constexpr (S == Shape::segment) {
        return Segment<T>{{a[0], a[1]}, {a[2], a[3]}};
    } else if constexpr (S == Shape::capsule) {
        return Capsule<T>{{{a[0], a[1]}, {a[2], a[3]}}, a[4]};
    } else if constexpr (S == Shape::polygon || S == Shape::convex) {
        // The count as vertex_count_of reads it: -1 when it is no whole
        // number in range, which every primitive treats as invalid input.
        Polygon<T> p;
        p.n = vertex_count_of(a[0]);
        for (int k = 0; k < max_polygon_vertices; ++k)
            p.v[static_cast<std::size_t>(k)] = Vec2<T>{a[1 + 2 * k], a[2 + 2 * k]};
        return p;
    } else {
        static_assert(S == Shape::box, "make_operand: a shape without a layout");
        return Box<T>{{a[0], a[1]}, {a[2], a[3]}};
    }
}

/// Writes a shape back as case-file arguments (the inverse of make_operand).
template <class T>
constexpr void put_operand(const Vec2<T>& v, T* a) {
    a[0] = v.x;
    a[1] = v.y;
}
template <class T>
constexpr void put_operand(const Circle<T>& c, T* a) {
    a[0] = c.c.x;
    a[1] = c.c.y;
    a[2] = c.r;
}
template <class T>
constexpr void put_operand(const Segment<T>& s, T* a) {
    a[0] = s.a.x;
    a[1] = s.a.y;
    a[2] = s.b.x;
    a[3] = s.b.y;
}
template <class T>
constexpr void put_operand(const Capsule<T>& c, T* a) {
    put_operand(c.s, a);
    a[4] = c.r;
}
/// A polygon: its count n, its n vertices, and 0 in the unused capacity (a
/// count out of range is written as it is, every vertex kept).
template <class T>
constexpr void put_operand(const Polygon<T>& p, T* a) {
    a[0] = static_cast<T>(p.n);
    const bool in_range = p.n >= 0 && p.n <= max_polygon_vertices;
    for (int k = 0; k < max_polygon_vertices; ++k) {
        const bool used = !in_range || k < p.n;
        a[1 + 2 * k] = used ? p.v[static_cast<std::size_t>(k)].x : T(0);
        a[2 + 2 * k] = used ? p.v[static_cast<std::size_t>(k)].y : T(0);
    }
}
template <class T>
constexpr void put_operand(const Box<T>& b, T* a) {
    a[0] = b.lo.x;
    a[1] = b.lo.y;
    a[2] = b.hi.x;
    a[3] = b.hi.y;
}

namespace detail {
template <Primitive P, class T, std::size_t... K>
constexpr auto operands_impl(const T* a, std::index_sequence<K...>) {
    return std::make_tuple(
        make_operand<info(P).operands[K], T>(a + operand_offset(P, static_cast<int>(K)))...);
}
template <Primitive P, class T, std::size_t... K>
auto signature_impl(std::index_sequence<K...>)
    -> Result<P, T> (*)(OperandType<info(P).operands[K], T>...);
}  // namespace detail

/// The typed unpacker: the case-file arguments of P as a tuple of shapes.
template <Primitive P, class T>
constexpr auto operands(const T* args) {
    return detail::operands_impl<P, T>(
        args, std::make_index_sequence<static_cast<std::size_t>(info(P).operand_count)>{});
}

/// Calls f with the shapes of P unpacked from the case-file arguments.
template <Primitive P, class T, class F>
constexpr decltype(auto) invoke(const T* args, F&& f) {
    return std::apply(std::forward<F>(f), operands<P, T>(args));
}

/// The function type of every implementation of P at precision T, e.g.
/// bool (*)(Vec2<T>, Circle<T>) for point_in_disk.
template <Primitive P, class T>
using Signature = decltype(detail::signature_impl<P, T>(
    std::make_index_sequence<static_cast<std::size_t>(info(P).operand_count)>{}));

/// A compile-time primitive, as visit() hands it out.
template <Primitive P>
using PrimitiveTag = std::integral_constant<Primitive, P>;

/// The one runtime switch over primitives: calls f(PrimitiveTag<p>{}).
template <class F>
constexpr decltype(auto) visit(Primitive p, F&& f) {
    switch (p) {
#define TOUCHSTONE_X_VISIT(name, ...) \
    case Primitive::name: return std::forward<F>(f)(PrimitiveTag<Primitive::name>{});
        TOUCHSTONE_PRIMITIVES(TOUCHSTONE_X_VISIT)
#undef TOUCHSTONE_X_VISIT
    }
    return std::forward<F>(f)(PrimitiveTag<Primitive::point_in_disk>{});  // unreachable for valid p
}

}  // namespace touchstone

namespace touchstone::detail {
template <Primitive>
inline constexpr bool no_primitive = false;
}  // namespace touchstone::detail

#define TOUCHSTONE_X_CALL_BY_NAME(name, ...)            \
    if constexpr (P == ::touchstone::Primitive::name) { \
        return name(std::forward<A>(a)...);             \
    } else

/// Defines, in the current namespace, `template <Primitive P, class... A>
/// decltype(auto) call_by_name(A&&...)`, which calls the function of that
/// namespace named after P (oracle::point_in_disk, robust::disks_overlap,
/// ...). A namespace that implements every primitive by name dispatches with
/// it and needs no switch; a missing function is a compile error.
#define TOUCHSTONE_DEFINE_CALL_BY_NAME()                         \
    template <::touchstone::Primitive P, class... A>             \
    decltype(auto) call_by_name(A&&... a) {                      \
        TOUCHSTONE_PRIMITIVES(TOUCHSTONE_X_CALL_BY_NAME) {       \
            static_assert(::touchstone::detail::no_primitive<P>, \
                          "no function for this primitive");     \
        }                                                        \
    }
