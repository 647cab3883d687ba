// touchstone::oracle — segment_intersection: none / point / overlap, exact.
// See the "using this code" banner in include/touchstone/oracle/exact.hpp.
//
// Proper segments with non-parallel directions meet at a1 + t v1 = a2 + u v2,
// t = (w x v2) / (v1 x v2), u = (w x v1) / (v1 x v2), w = a2 - a1 (Goldman,
// Graphics Gems I, "Intersection of two lines in three-space"), when both t
// and u lie in [0, 1]. Collinear segments are intervals of one line; on a
// line, the lexicographic (x, y) order of its points is its order along the
// line, so the common part is [max(lo1, lo2), min(hi1, hi2)] in that order.
// A zero-length segment is a point; it meets a segment iff it lies on it
// (collinear with it, and between its ends: on_segment of exact_geometry.hpp).
#include <array>

#include "touchstone/oracle/exact.hpp"
#include "touchstone/oracle/exact_geometry.hpp"
#include "validate.hpp"

namespace touchstone::oracle {

namespace {

constexpr Primitive primitive = Primitive::segment_intersection;

ExactSegmentIntersection point_result(const RationalPoint& p) {
    ExactSegmentIntersection out;
    out.kind = SegmentKind::point;
    out.points[0] = exact_point(p);
    return out;
}

/// The construction on valid arguments in case-file order.
ExactSegmentIntersection exact_from(const std::array<double, 8>& v) {
    const RationalPoint a1{to_rational(v[0]), to_rational(v[1])},
        b1{to_rational(v[2]), to_rational(v[3])};
    const RationalPoint a2{to_rational(v[4]), to_rational(v[5])},
        b2{to_rational(v[6]), to_rational(v[7])};
    const ExactSegmentIntersection none{};

    const bool point1 = a1 == b1;
    const bool point2 = a2 == b2;
    if (point1 && point2) return a1 == a2 ? point_result(a1) : none;
    if (point1) return on_segment(a2, b2, a1) ? point_result(a1) : none;
    if (point2) return on_segment(a1, b1, a2) ? point_result(a2) : none;

    const RationalPoint v1 = b1 - a1;
    const RationalPoint v2 = b2 - a2;
    const RationalPoint w = a2 - a1;
    const Rational den = cross(v1, v2);
    if (den != 0) {
        const Rational t = cross(w, v2) / den;
        const Rational u = cross(w, v1) / den;
        if (t < 0 || t > 1 || u < 0 || u > 1) return none;
        return point_result(RationalPoint{a1.x + t * v1.x, a1.y + t * v1.y});
    }
    if (cross(w, v1) != 0) return none;  // parallel, distinct lines

    // Collinear: intervals in lexicographic order.
    const RationalPoint& lo1 = lex_less(b1, a1) ? b1 : a1;
    const RationalPoint& hi1 = lex_less(b1, a1) ? a1 : b1;
    const RationalPoint& lo2 = lex_less(b2, a2) ? b2 : a2;
    const RationalPoint& hi2 = lex_less(b2, a2) ? a2 : b2;
    const RationalPoint& lo = lex_less(lo1, lo2) ? lo2 : lo1;
    const RationalPoint& hi = lex_less(hi1, hi2) ? hi1 : hi2;
    if (lex_less(hi, lo)) return none;
    if (lo == hi) return point_result(lo);
    ExactSegmentIntersection out;
    out.kind = SegmentKind::overlap;
    out.points[0] = exact_point(lo);
    out.points[1] = exact_point(hi);
    return out;
}

template <class T>
SegmentIntersection<T> rounded(const ExactSegmentIntersection& e) {
    SegmentIntersection<T> out;
    out.kind = e.kind;
    const int count = e.kind == SegmentKind::none ? 0 : e.kind == SegmentKind::point ? 1 : 2;
    for (int i = 0; i < count; ++i) out.points[i] = round_point<T>(e.points[i]);
    return out;
}

}  // namespace

ExactSegmentIntersection segment_intersection_exact(Segment<double> s1, Segment<double> s2) {
    return exact_from(detail::checked_args<primitive>(s1, s2));
}
ExactSegmentIntersection segment_intersection_exact(Segment<float> s1, Segment<float> s2) {
    return exact_from(detail::checked_args<primitive>(s1, s2));
}
SegmentIntersection<float> segment_intersection(Segment<float> s1, Segment<float> s2) {
    return rounded<float>(segment_intersection_exact(s1, s2));
}
SegmentIntersection<double> segment_intersection(Segment<double> s1, Segment<double> s2) {
    return rounded<double>(segment_intersection_exact(s1, s2));
}

}  // namespace touchstone::oracle
