// touchstone fuzz — the case family of a configuration (decode.hpp,
// family_class), decided exactly from its inputs. Called on disagreements
// only; built without coverage instrumentation like the rest of the support
// library. Which operands are segments and circles comes from the table
// (info(p).operands, operand_offset), never from the primitive's name.
#include <cmath>
#include <limits>

#include "decode.hpp"
#include "touchstone/oracle/exact_geometry.hpp"
#include "touchstone/oracle/oracle.hpp"

namespace touchstone::fuzz {

namespace {

/// The operands of one shape: their first argument indices, in table order.
struct OperandsOf {
    std::array<int, max_operands> at{};
    int count = 0;
};

OperandsOf operands_of(Primitive p, Shape shape) {
    OperandsOf out;
    for (int k = 0; k < info(p).operand_count; ++k)
        if (info(p).operands[static_cast<std::size_t>(k)] == shape)
            out.at[static_cast<std::size_t>(out.count++)] = operand_offset(p, k);
    return out;
}

template <class T>
oracle::RationalPoint point_at(const T* a) {
    return oracle::to_rational(Vec2<T>{a[0], a[1]});
}

/// Whether both segments (ax ay bx by at s and t) lie on one line, exactly.
template <class T>
bool collinear(const T* s, const T* t) {
    const oracle::RationalPoint a = point_at(s), b = point_at(s + 2);
    return oracle::cross(a, b, point_at(t)) == 0 && oracle::cross(a, b, point_at(t + 2)) == 0;
}

/// Whether the point at p lies exactly on the circle (cx cy r at circle).
template <class T>
bool on_circle(const T* p, const T* circle) {
    const oracle::Rational r = oracle::to_rational(circle[2]);
    return oracle::distance2(point_at(p), point_at(circle)) == r * r;
}

/// The audit's extreme row of a range case: overflow when an argument is at
/// or above bug_class's large threshold (2^(emax/2 - 2)), else underflow.
template <class T>
const char* extreme_row(const Config<T>& c) {
    const T huge = std::ldexp(T(1), std::numeric_limits<T>::max_exponent / 2 - 2);
    for (int i = 0; i < arity(c.primitive); ++i)
        if (std::fabs(c.args[static_cast<std::size_t>(i)]) >= huge) return "extreme_overflow";
    return "extreme_underflow";
}

template <class T>
const char* classify(const Config<T>& c) {
    if (!is_valid(c)) return "invalid";
    switch (bug_class(c)) {
        case BugClass::range: return extreme_row(c);
        case BugClass::degenerate: return "degenerate";
        case BugClass::boundary: break;
    }
    const Primitive p = c.primitive;
    const T* a = c.args.data();
    const OperandsOf segments = operands_of(p, Shape::segment);
    const OperandsOf circles = operands_of(p, Shape::circle);
    const bool two_segments = segments.count == 2 && info(p).operand_count == 2;
    const OperandsOf polygons = operands_of(p, Shape::polygon);
    const OperandsOf convex = operands_of(p, Shape::convex);
    if (convex.count > 0) {
        // Convex polygons (polygons_overlap, polygon_hits_disk): touching
        // at a shared vertex is endpoint, elsewhere on the boundary tangent;
        // off it, near_tangent.
        if (!oracle::within_band(p, a, 0.0)) return "near_tangent";
        if (convex.count == 1 && segments.count == 1) {
            // A ray and a convex polygon (ray_cast_polygon): the ray on an
            // edge's line is collinear, an end of it at a vertex endpoint.
            const T* r = a + segments.at[0];
            const T* P = a + convex.at[0];
            const int n = vertex_count_of(P[0]);
            for (int i = 0; i < n; ++i) {
                const T* v = P + 1 + 2 * i;
                if ((v[0] == r[0] && v[1] == r[1]) || (v[0] == r[2] && v[1] == r[3]))
                    return "endpoint";
            }
            for (int i = 0; i < n; ++i) {
                const T* u = P + 1 + 2 * i;
                const T* v = P + 1 + 2 * ((i + 1) % n);
                const oracle::RationalPoint e0 = point_at(u), e1 = point_at(v);
                if (oracle::cross(e0, e1, point_at(r)) == 0 &&
                    oracle::cross(e0, e1, point_at(r + 2)) == 0)
                    return "collinear";
            }
            return "tangent";
        }
        if (convex.count == 2) {
            const T* P = a + convex.at[0];
            const T* Q = a + convex.at[1];
            const int n = vertex_count_of(P[0]), m = vertex_count_of(Q[0]);
            for (int i = 0; i < n; ++i)
                for (int k = 0; k < m; ++k)
                    if (P[1 + 2 * i] == Q[1 + 2 * k] && P[2 + 2 * i] == Q[2 + 2 * k])
                        return "endpoint";
        }
        return "tangent";
    }
    if (polygons.count == 1 && info(p).operands[0] == Shape::point) {
        // A point and a polygon: on the boundary, at a vertex (endpoint) or
        // on an edge (tangent); off it, on a vertex's horizontal line (the
        // crossing-number test's ray: collinear) or elsewhere (near_tangent).
        const T* poly = a + polygons.at[0];
        const int n = vertex_count_of(poly[0]);
        const bool on = oracle::within_band(p, a, 0.0);
        bool vertex_row = false;
        for (int k = 0; k < n; ++k) {
            const T* v = poly + 1 + 2 * k;
            if (on && v[0] == a[0] && v[1] == a[1]) return "endpoint";
            vertex_row = vertex_row || v[1] == a[1];
        }
        return on ? "tangent" : vertex_row ? "collinear" : "near_tangent";
    }
    if (two_segments && collinear(a + segments.at[0], a + segments.at[1])) return "collinear";
    const OperandsOf capsules = operands_of(p, Shape::capsule), boxes = operands_of(p, Shape::box);
    if (capsules.count + boxes.count > 0) {
        // Capsules and boxes (issue 12): capsules with collinear axes, or a
        // segment on the line of a box edge, are collinear; otherwise on
        // the boundary is tangent (touching), off it near_tangent.
        if (capsules.count == 2 && collinear(a + capsules.at[0], a + capsules.at[1]))
            return "collinear";
        if (boxes.count == 1 && segments.count == 1) {
            const T* g = a + segments.at[0];
            const T* b = a + boxes.at[0];
            if ((g[1] == g[3] && (g[1] == b[1] || g[1] == b[3])) ||
                (g[0] == g[2] && (g[0] == b[0] || g[0] == b[2])))
                return "collinear";
        }
        return oracle::within_band(p, a, 0.0) ? "tangent" : "near_tangent";
    }
    if (circles.count == 0 && segments.count == 0) {
        // Points only (orient2d: a b c, a != b here): c on the line ab is
        // collinear, or an endpoint when it is a or b; off it, near_collinear.
        if (!oracle::within_band(p, a, 0.0)) return "near_collinear";
        const T* last = a + operand_offset(p, info(p).operand_count - 1);
        for (int k = 0; k + 1 < info(p).operand_count; ++k) {
            const T* q = a + operand_offset(p, k);
            if (q[0] == last[0] && q[1] == last[1]) return "endpoint";
        }
        return "collinear";
    }
    if (!oracle::within_band(p, a, 0.0)) return two_segments ? "near_collinear" : "near_tangent";
    if (two_segments) return "endpoint";
    // On the boundary: an endpoint of a segment exactly on a circle, or a
    // tangency.
    for (int s = 0; s < segments.count; ++s) {
        const T* seg = a + segments.at[static_cast<std::size_t>(s)];
        for (int k = 0; k < circles.count; ++k) {
            const T* circle = a + circles.at[static_cast<std::size_t>(k)];
            if (on_circle(seg, circle) || on_circle(seg + 2, circle)) return "endpoint";
        }
    }
    return "tangent";
}

}  // namespace

const char* family_class(const Config<float>& c) { return classify(c); }
const char* family_class(const Config<double>& c) { return classify(c); }

}  // namespace touchstone::fuzz
