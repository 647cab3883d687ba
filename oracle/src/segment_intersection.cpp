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
#include "touchstone/oracle/detail/integer_surd.hpp"
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

/// Storage of rounded_from, reused call after call (no allocation once grown).
struct Space {
    std::array<detail::Mpz, 8> X;
    detail::Mpz V1x, V1y, V2x, V2y, Wx, Wy, den, tn, un, t0, Px, Py, zero;
};

/// The rounded construction straight from the scaled integers X (scale
/// 2^e0, detail/scaled.hpp), with exact_from's decisions on integers (the
/// common factor 2^e0 > 0 changes no sign and no order): den = V1 x V2,
/// t = (W x V2) / den and u = (W x V1) / den lie in [0, 1] iff their
/// numerators have den's sign (or are 0) and magnitudes at most |den|; the
/// point a1 + t v1 is 2^e0 (A1 den + (W x V2) V1) / den, rounded without a
/// rational (detail/integer_surd.hpp). Every other answer is an input
/// point, returned as it is (-0 as +0). Points are numbered 0..3: a1, b1,
/// a2, b2 (coordinates X[2i], X[2i+1]).
template <class T>
SegmentIntersection<T> rounded_from(const std::array<double, 8>& v) {
    thread_local Space w;
    const auto sc = detail::scale(v);
    detail::load_integers(sc, w.X);
    const int e0 = sc.min_exponent;
    auto z = [](detail::Mpz& x) { return detail::raw(x); };
    auto& X = w.X;
    auto same = [&](int i, int j) {
        return ::mpz_cmp(z(X[2 * i]), z(X[2 * j])) == 0 &&
               ::mpz_cmp(z(X[2 * i + 1]), z(X[2 * j + 1])) == 0;
    };
    auto lex_less = [&](int i, int j) {
        const int cx = ::mpz_cmp(z(X[2 * i]), z(X[2 * j]));
        return cx < 0 || (cx == 0 && ::mpz_cmp(z(X[2 * i + 1]), z(X[2 * j + 1])) < 0);
    };
    auto input_point = [&](int i) {
        return Vec2<T>{detail::input_coordinate<T>(v[static_cast<std::size_t>(2 * i)]),
                       detail::input_coordinate<T>(v[static_cast<std::size_t>(2 * i + 1)])};
    };
    const SegmentIntersection<T> none{};
    auto point_result = [&](int i) {
        SegmentIntersection<T> out;
        out.kind = SegmentKind::point;
        out.points[0] = input_point(i);
        return out;
    };
    // on_segment of exact_geometry.hpp: (b - a) x (p - a) == 0 and
    // (a - p) . (b - p) <= 0, for the segment (a, b) = points (i, i + 1).
    auto on_segment = [&](int i, int p) {
        detail::Mpz& ux = w.Wx;
        detail::Mpz& uy = w.Wy;
        detail::Mpz& r = w.t0;
        ::mpz_sub(z(ux), z(X[2 * i + 2]), z(X[2 * i]));
        ::mpz_sub(z(uy), z(X[2 * i + 3]), z(X[2 * i + 1]));
        ::mpz_sub(z(w.Px), z(X[2 * p]), z(X[2 * i]));
        ::mpz_sub(z(w.Py), z(X[2 * p + 1]), z(X[2 * i + 1]));
        ::mpz_mul(z(r), z(ux), z(w.Py));
        ::mpz_submul(z(r), z(uy), z(w.Px));
        if (mpz_sgn(z(r)) != 0) return false;
        ::mpz_sub(z(ux), z(X[2 * i]), z(X[2 * p]));
        ::mpz_sub(z(uy), z(X[2 * i + 1]), z(X[2 * p + 1]));
        ::mpz_sub(z(w.Px), z(X[2 * i + 2]), z(X[2 * p]));
        ::mpz_sub(z(w.Py), z(X[2 * i + 3]), z(X[2 * p + 1]));
        ::mpz_mul(z(r), z(ux), z(w.Px));
        ::mpz_addmul(z(r), z(uy), z(w.Py));
        return mpz_sgn(z(r)) <= 0;
    };

    const bool point1 = same(0, 1);
    const bool point2 = same(2, 3);
    if (point1 && point2) return same(0, 2) ? point_result(0) : none;
    if (point1) return on_segment(2, 0) ? point_result(0) : none;
    if (point2) return on_segment(0, 2) ? point_result(2) : none;

    ::mpz_sub(z(w.V1x), z(X[2]), z(X[0]));
    ::mpz_sub(z(w.V1y), z(X[3]), z(X[1]));
    ::mpz_sub(z(w.V2x), z(X[6]), z(X[4]));
    ::mpz_sub(z(w.V2y), z(X[7]), z(X[5]));
    ::mpz_sub(z(w.Wx), z(X[4]), z(X[0]));
    ::mpz_sub(z(w.Wy), z(X[5]), z(X[1]));
    ::mpz_mul(z(w.den), z(w.V1x), z(w.V2y));
    ::mpz_submul(z(w.den), z(w.V1y), z(w.V2x));
    ::mpz_mul(z(w.un), z(w.Wx), z(w.V1y));
    ::mpz_submul(z(w.un), z(w.Wy), z(w.V1x));
    const int den_sign = mpz_sgn(z(w.den));
    if (den_sign != 0) {
        ::mpz_mul(z(w.tn), z(w.Wx), z(w.V2y));
        ::mpz_submul(z(w.tn), z(w.Wy), z(w.V2x));
        auto in_unit = [&](detail::Mpz& n) {
            return mpz_sgn(z(n)) * den_sign >= 0 && ::mpz_cmpabs(z(n), z(w.den)) <= 0;
        };
        if (!in_unit(w.tn) || !in_unit(w.un)) return none;
        ::mpz_mul(z(w.Px), z(X[0]), z(w.den));
        ::mpz_addmul(z(w.Px), z(w.tn), z(w.V1x));
        ::mpz_mul(z(w.Py), z(X[1]), z(w.den));
        ::mpz_addmul(z(w.Py), z(w.tn), z(w.V1y));
        SegmentIntersection<T> out;
        out.kind = SegmentKind::point;
        out.points[0] = {detail::round_integer_surd<T>(w.Px, w.zero, w.zero, w.den, e0),
                         detail::round_integer_surd<T>(w.Py, w.zero, w.zero, w.den, e0)};
        return out;
    }
    if (mpz_sgn(z(w.un)) != 0) return none;  // parallel, distinct lines

    // Collinear: intervals in lexicographic order.
    const int lo1 = lex_less(1, 0) ? 1 : 0;
    const int hi1 = 1 - lo1;
    const int lo2 = lex_less(3, 2) ? 3 : 2;
    const int hi2 = 5 - lo2;
    const int lo = lex_less(lo1, lo2) ? lo2 : lo1;
    const int hi = lex_less(hi1, hi2) ? hi1 : hi2;
    if (lex_less(hi, lo)) return none;
    if (same(lo, hi)) return point_result(lo);
    SegmentIntersection<T> out;
    out.kind = SegmentKind::overlap;
    out.points[0] = input_point(lo);
    out.points[1] = input_point(hi);
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
    return rounded_from<float>(detail::checked_args<primitive>(s1, s2));
}
SegmentIntersection<double> segment_intersection(Segment<double> s1, Segment<double> s2) {
    return rounded_from<double>(detail::checked_args<primitive>(s1, s2));
}

}  // namespace touchstone::oracle
