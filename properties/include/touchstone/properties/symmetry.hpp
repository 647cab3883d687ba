// touchstone::properties — the geometry of the laws, header-only: the exact
// symmetries of each primitive's cases (read from the table: which operands
// may be swapped, which fields are points), the primitives monotone in a
// radius, the predicate / construction pairs. laws.hpp builds the
// RapidCheck laws on them; users' conformance tests (conformance/src/
// test_main.cpp) use them directly on registered functions.
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <limits>
#include <utility>
#include <vector>

#include "touchstone/bits.hpp"
#include "touchstone/geometry.hpp"
#include "touchstone/primitive.hpp"

namespace touchstone::properties {

// ----- exact symmetries ------------------------------------------------------------

enum class Symmetry {
    swap_arguments,
    swap_endpoints,
    rotate_operands,
    negate_x,
    negate_y,
    swap_xy,
    rotate_90,
    scale_pow2
};

inline const char* to_string(Symmetry s) {
    switch (s) {
        case Symmetry::swap_arguments: return "argument swap";
        case Symmetry::swap_endpoints: return "endpoint swap";
        case Symmetry::rotate_operands: return "operand rotation";
        case Symmetry::negate_x: return "negate x";
        case Symmetry::negate_y: return "negate y";
        case Symmetry::swap_xy: return "swap x/y";
        case Symmetry::rotate_90: return "rotate 90";
        case Symmetry::scale_pow2: return "scale 2^k";
    }
    return "?";
}

/// Indices of the points' x coordinates in case-file order, from the
/// table: a point, a circle's centre, a segment's two ends, a polygon's
/// vertices.
inline std::vector<int> point_indices(Primitive p) {
    std::vector<int> out;
    for (int k = 0; k < info(p).operand_count; ++k) {
        const int at = operand_offset(p, k);
        const Shape shape = info(p).operands[static_cast<std::size_t>(k)];
        if (shape == Shape::polygon) {  // its vertices (the capacity: 0 maps to 0)
            for (int j = 0; j < max_polygon_vertices; ++j) out.push_back(at + 1 + 2 * j);
            continue;
        }
        out.push_back(at);
        // The second point of a segment, of a capsule's segment, and a
        // box's (max x, max y) corner.
        if (shape == Shape::segment || shape == Shape::capsule || shape == Shape::box)
            out.push_back(at + 2);
    }
    return out;
}

/// Whether operand k's two ends may be exchanged: a segment's or a
/// capsule's, except a ray cast's ray (operand 0), whose direction is its
/// answer's meaning.
inline bool reversible_operand(Primitive p, int k) {
    const Shape shape = info(p).operands[static_cast<std::size_t>(k)];
    if (is_fraction(p) && k == 0) return false;
    return shape == Shape::segment || shape == Shape::capsule;
}

/// Whether p has two or more operands, all of the same shape (then swapping
/// the first two is a symmetry, or reverses a sign answer). Never for a ray
/// cast: the ray and its target play different parts.
inline bool operands_alike(Primitive p) {
    if (info(p).operand_count < 2 || is_fraction(p)) return false;
    for (int k = 1; k < info(p).operand_count; ++k)
        if (info(p).operands[static_cast<std::size_t>(k)] != info(p).operands[0]) return false;
    return true;
}

/// Whether p has three or more operands of one shape (then the cyclic
/// rotation a, b, c -> b, c, a is a symmetry: it keeps an orientation).
inline bool operands_rotate(Primitive p) { return info(p).operand_count >= 3 && operands_alike(p); }

/// Whether symmetry s reverses p's answer instead of keeping it: a sign
/// answer (an orientation, AnswerForm::sign) flips under a reflection of the
/// plane and under the exchange of two operands; rotations, scaling and the
/// cyclic rotation of the operands keep it. Every other answer is invariant.
inline bool reverses_answer(Primitive p, Symmetry s) {
    if (!is_sign(p)) return false;
    return s == Symmetry::swap_arguments || s == Symmetry::negate_x || s == Symmetry::negate_y ||
           s == Symmetry::swap_xy;
}

/// Whether p has a segment operand (then reversing it is a symmetry), not
/// counting a ray cast's ray; a capsule counts.
inline bool has_segment(Primitive p) {
    for (int k = 0; k < info(p).operand_count; ++k)
        if (reversible_operand(p, k)) return true;
    return false;
}

inline std::vector<Symmetry> symmetries(Primitive p) {
    std::vector<Symmetry> out;
    if (operands_alike(p)) out.push_back(Symmetry::swap_arguments);
    if (has_segment(p)) out.push_back(Symmetry::swap_endpoints);
    if (operands_rotate(p)) out.push_back(Symmetry::rotate_operands);
    for (Symmetry s : {Symmetry::negate_x, Symmetry::negate_y, Symmetry::swap_xy,
                       Symmetry::rotate_90, Symmetry::scale_pow2})
        out.push_back(s);
    return out;
}

/// The image of a point under a symmetry (scale: times 2^k).
template <class T>
Vec2<T> map_point(Symmetry s, Vec2<T> q, int k) {
    switch (s) {
        case Symmetry::negate_x: return {-q.x, q.y};
        case Symmetry::negate_y: return {q.x, -q.y};
        case Symmetry::swap_xy: return {q.y, q.x};
        case Symmetry::rotate_90: return {-q.y, q.x};
        case Symmetry::scale_pow2: return {std::ldexp(q.x, k), std::ldexp(q.y, k)};
        default: return q;
    }
}

/// The case under a symmetry; false when scaling is not exact (overflow,
/// underflow into rounding).
template <class T>
bool map_case(Primitive p, Symmetry s, int k, const std::array<T, max_fields>& a,
              std::array<T, max_fields>& out) {
    out = a;
    auto swap_range = [&out](int i, int j, int n) {
        for (int t = 0; t < n; ++t)
            std::swap(out[static_cast<std::size_t>(i + t)], out[static_cast<std::size_t>(j + t)]);
    };
    switch (s) {
        case Symmetry::swap_arguments:
            swap_range(0, operand_offset(p, 1), operand_offset(p, 1));
            return true;
        case Symmetry::rotate_operands: {
            const int n = arity(p), w = operand_offset(p, 1);
            for (int i = 0; i < n; ++i)
                out[static_cast<std::size_t>(i)] = a[static_cast<std::size_t>((i + w) % n)];
            return true;
        }
        case Symmetry::swap_endpoints:
            for (int k = 0; k < info(p).operand_count; ++k)
                if (reversible_operand(p, k))
                    swap_range(operand_offset(p, k), operand_offset(p, k) + 2, 2);
            return true;
        case Symmetry::scale_pow2:
            for (int i = 0; i < arity(p); ++i) {
                if (field_role(p, i) == Role::count) continue;  // a vertex count
                const T v = a[static_cast<std::size_t>(i)];
                const T w = std::ldexp(v, k);
                if (!std::isfinite(w) || std::ldexp(w, -k) != v) return false;
                out[static_cast<std::size_t>(i)] = w;
            }
            return true;
        default:
            for (int i : point_indices(p)) {
                const auto k0 = static_cast<std::size_t>(i);
                const Vec2<T> q = map_point<T>(s, {a[k0], a[k0 + 1]}, k);
                out[k0] = q.x;
                out[k0 + 1] = q.y;
            }
            // A box maps to the box of its mapped corners: min and max
            // exchange on an axis that a reflection or rotation reversed.
            for (int b = 0; b < info(p).operand_count; ++b) {
                if (info(p).operands[static_cast<std::size_t>(b)] != Shape::box) continue;
                const auto o = static_cast<std::size_t>(operand_offset(p, b));
                for (std::size_t axis = 0; axis < 2; ++axis)
                    if (out[o + axis] > out[o + 2 + axis])
                        std::swap(out[o + axis], out[o + 2 + axis]);
            }
            return true;
    }
}

/// Whether two point sets are equal within `ulps` ulps per coordinate (0:
/// bit for bit up to the sign of zero).
template <class T>
bool same_points(const std::vector<std::pair<T, T>>& a, const std::vector<std::pair<T, T>>& b,
                 std::uint64_t ulps) {
    if (a.size() != b.size()) return false;
    auto close = [ulps](T u, T v) {
        if (u == v) return true;
        if (ulps == 0 || std::isnan(u) || std::isnan(v)) return false;
        return step_ulps(u, -static_cast<std::int64_t>(ulps)) <= v &&
               v <= step_ulps(u, static_cast<std::int64_t>(ulps));
    };
    for (std::size_t i = 0; i < a.size(); ++i)
        if (!close(a[i].first, b[i].first) || !close(a[i].second, b[i].second)) return false;
    return true;
}

template <class T>
bool normal_or_zero(T v) {
    return v == 0 || std::fabs(v) >= std::numeric_limits<T>::min();
}

// ----- monotonicity and pairs -------------------------------------------------------

/// The primitives whose answer is monotone in a radius: the predicates about
/// a disk (a region grows with its radius), not those about a circumference
/// or the constructions. This is semantics, not shape, so it is named here.
inline bool monotone_in_radius_applies(Primitive p) {
    return p == Primitive::point_in_disk || p == Primitive::disks_overlap ||
           p == Primitive::segment_hits_disk;
}

/// A predicate and the construction that answers the same question with
/// points: they must agree on whether the shapes meet. The pairing is
/// semantics (segment_meets_circle, not segment_hits_disk, is about the
/// circumference segment_circle_points constructs), so it is listed here.
struct PredicateConstruction {
    Primitive predicate;
    Primitive construction;
};
/// A ray cast hits exactly when its ray, as a closed segment, meets the
/// shape: ray_cast_disk pairs with segment_hits_disk and ray_cast_segment
/// with segments_intersect.
inline constexpr std::array<PredicateConstruction, 5> predicate_construction_pairs{{
    {Primitive::disks_overlap, Primitive::circle_intersections},
    {Primitive::segments_intersect, Primitive::segment_intersection},
    {Primitive::segment_meets_circle, Primitive::segment_circle_points},
    {Primitive::segment_hits_disk, Primitive::ray_cast_disk},
    {Primitive::segments_intersect, Primitive::ray_cast_segment},
}};

}  // namespace touchstone::properties
