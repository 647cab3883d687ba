// touchstone::oracle — segment_intersection: none / point / overlap, exact.
// See the "using this code" banner in include/touchstone/oracle/exact.hpp.
//
// Proper segments with non-parallel directions meet at a1 + t v1 = a2 + u v2,
// t = (w x v2) / (v1 x v2), u = (w x v1) / (v1 x v2), w = a2 - a1 (Goldman,
// Graphics Gems I, "Intersection of two lines in three-space"), when both t
// and u lie in [0, 1]. Collinear segments are intervals of one line; on a
// line, the lexicographic (x, y) order of its points is its order along the
// line, so the common part is [max(lo1, lo2), min(hi1, hi2)] in that order.
// A zero-length segment is a point; it meets a segment iff it is collinear
// with it and inside its bounding box.
#include <array>

#include "touchstone/oracle/exact.hpp"
#include "validate.hpp"

namespace touchstone::oracle {

namespace {

struct RPoint {
    Rational x, y;
};

bool operator==(const RPoint& p, const RPoint& q) { return p.x == q.x && p.y == q.y; }
bool lex_less(const RPoint& p, const RPoint& q) { return p.x < q.x || (p.x == q.x && p.y < q.y); }

Rational cross(const Rational& ux, const Rational& uy, const Rational& vx, const Rational& vy) {
    return ux * vy - uy * vx;
}

// p lies on the closed segment ab (a != b allowed to be equal too).
bool on_segment(const RPoint& p, const RPoint& a, const RPoint& b) {
    if (cross(b.x - a.x, b.y - a.y, p.x - a.x, p.y - a.y) != 0) return false;
    const bool in_x = (a.x <= p.x && p.x <= b.x) || (b.x <= p.x && p.x <= a.x);
    const bool in_y = (a.y <= p.y && p.y <= b.y) || (b.y <= p.y && p.y <= a.y);
    return in_x && in_y;
}

ExactPoint exact_point(const RPoint& p) { return {Surd{p.x}, Surd{p.y}}; }

ExactSegmentIntersection point_result(const RPoint& p) {
    ExactSegmentIntersection out;
    out.kind = SegmentKind::point;
    out.points[0] = exact_point(p);
    return out;
}

ExactSegmentIntersection exact_from(const std::array<double, 8>& v) {
    detail::require_valid(v, detail::segment_segment_fields);
    const RPoint a1{to_rational(v[0]), to_rational(v[1])}, b1{to_rational(v[2]), to_rational(v[3])};
    const RPoint a2{to_rational(v[4]), to_rational(v[5])}, b2{to_rational(v[6]), to_rational(v[7])};
    const ExactSegmentIntersection none{};

    const bool point1 = a1 == b1;
    const bool point2 = a2 == b2;
    if (point1 && point2) return a1 == a2 ? point_result(a1) : none;
    if (point1) return on_segment(a1, a2, b2) ? point_result(a1) : none;
    if (point2) return on_segment(a2, a1, b1) ? point_result(a2) : none;

    const Rational v1x = b1.x - a1.x, v1y = b1.y - a1.y;
    const Rational v2x = b2.x - a2.x, v2y = b2.y - a2.y;
    const Rational wx = a2.x - a1.x, wy = a2.y - a1.y;
    const Rational den = cross(v1x, v1y, v2x, v2y);
    if (den != 0) {
        const Rational t = cross(wx, wy, v2x, v2y) / den;
        const Rational u = cross(wx, wy, v1x, v1y) / den;
        if (t < 0 || t > 1 || u < 0 || u > 1) return none;
        return point_result(RPoint{a1.x + t * v1x, a1.y + t * v1y});
    }
    if (cross(wx, wy, v1x, v1y) != 0) return none;  // parallel, distinct lines

    // Collinear: intervals in lexicographic order.
    const RPoint& lo1 = lex_less(b1, a1) ? b1 : a1;
    const RPoint& hi1 = lex_less(b1, a1) ? a1 : b1;
    const RPoint& lo2 = lex_less(b2, a2) ? b2 : a2;
    const RPoint& hi2 = lex_less(b2, a2) ? a2 : b2;
    const RPoint& lo = lex_less(lo1, lo2) ? lo2 : lo1;
    const RPoint& hi = lex_less(hi1, hi2) ? hi1 : hi2;
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
    return exact_from(detail::pack(s1, s2));
}
ExactSegmentIntersection segment_intersection_exact(Segment<float> s1, Segment<float> s2) {
    return exact_from(detail::pack(s1, s2));
}
SegmentIntersection<float> segment_intersection(Segment<float> s1, Segment<float> s2) {
    return rounded<float>(segment_intersection_exact(s1, s2));
}
SegmentIntersection<double> segment_intersection(Segment<double> s1, Segment<double> s2) {
    return rounded<double>(segment_intersection_exact(s1, s2));
}

}  // namespace touchstone::oracle
