// touchstone::oracle — segment_circle_points: the closed segment's points on
// the circumference, exact, in increasing parameter.
// See the "using this code" banner in include/touchstone/oracle/exact.hpp.
//
// P(t) = a + t v with v = b - a, t in [0, 1]. |P(t) - c|^2 = r^2 is
// A t^2 + 2 B t + C = 0 with A = v.v, B = v.(a - c), C = |a - c|^2 - r^2, so
// t = (-B -+ sqrt(B^2 - A C)) / A (Ericson 5.3.2, with the halved B). Each
// root is a surd; it is kept when 0 <= t <= 1, decided exactly.
#include <array>

#include "touchstone/oracle/exact.hpp"
#include "validate.hpp"

namespace touchstone::oracle {

namespace {

constexpr Primitive primitive = Primitive::segment_circle_points;

/// The construction on valid arguments in case-file order.
ExactSegmentCirclePoints exact_from(const std::array<double, 7>& v) {
    const Rational ax = to_rational(v[0]), ay = to_rational(v[1]);
    const Rational bx = to_rational(v[2]), by = to_rational(v[3]);
    const Rational cx = to_rational(v[4]), cy = to_rational(v[5]), r = to_rational(v[6]);
    const Rational vx = bx - ax, vy = by - ay;
    const Rational fx = ax - cx, fy = ay - cy;
    const Rational A = vx * vx + vy * vy;
    const Rational B = vx * fx + vy * fy;
    const Rational C = fx * fx + fy * fy - r * r;

    ExactSegmentCirclePoints out;
    auto add = [&](const Surd& t) {
        // P = a + t v, coordinatewise a surd with t's radicand.
        out.points[out.count] = {Surd{ax + vx * t.p, vx * t.q, t.s},
                                 Surd{ay + vy * t.p, vy * t.q, t.s}};
        out.t[out.count] = t;
        ++out.count;
    };
    if (A == 0) {  // zero-length segment: the point a, if it is on the circle
        if (C == 0) add(Surd{Rational(0)});
        return out;
    }
    const Rational disc = B * B - A * C;
    if (disc < 0) return out;
    const Rational mid = -B / A;
    const Surd zero{Rational(0)};
    const Surd one{Rational(1)};
    auto in_segment = [&](const Surd& t) { return compare(t, zero) >= 0 && compare(t, one) <= 0; };
    if (disc == 0) {  // double root: tangent, counted once
        const Surd t{mid};
        if (in_segment(t)) add(t);
        return out;
    }
    const Rational step = 1 / A;
    const Surd t_low{mid, -step, disc};  // smaller root first (A > 0)
    const Surd t_high{mid, step, disc};
    if (in_segment(t_low)) add(t_low);
    if (in_segment(t_high)) add(t_high);
    return out;
}

template <class T>
SegmentCirclePoints<T> rounded(const ExactSegmentCirclePoints& e) {
    SegmentCirclePoints<T> out;
    out.count = e.count;
    for (int i = 0; i < e.count; ++i) out.points[i] = round_point<T>(e.points[i]);
    return out;
}

}  // namespace

ExactSegmentCirclePoints segment_circle_points_exact(Segment<double> s, Circle<double> c) {
    return exact_from(detail::checked_args<primitive>(s, c));
}
ExactSegmentCirclePoints segment_circle_points_exact(Segment<float> s, Circle<float> c) {
    return exact_from(detail::checked_args<primitive>(s, c));
}
SegmentCirclePoints<float> segment_circle_points(Segment<float> s, Circle<float> c) {
    return rounded<float>(segment_circle_points_exact(s, c));
}
SegmentCirclePoints<double> segment_circle_points(Segment<double> s, Circle<double> c) {
    return rounded<double>(segment_circle_points_exact(s, c));
}

}  // namespace touchstone::oracle
