// touchstone::oracle — circle_intersections: exact kind, surd points.
// See the "using this code" banner in include/touchstone/oracle/exact.hpp.
//
// With D = c2 - c1 and d2 = D.D (exact rationals), the kind follows from
// comparing d2 with (r1 + r2)^2 and (r1 - r2)^2 (Bourke, "Intersection of two
// circles", 1997). For two points, a = (d2 + r1^2 - r2^2) / (2 d2) places the
// foot of the chord on c1 + a D, and the half chord is h = sqrt(K) / d with
// K = r1^2 d2 - ((d2 + r1^2 - r2^2) / 2)^2 (so h^2 = r1^2 - (a d)^2); the
// offset along the unit normal (-Dy, Dx) / d is (sqrt(K) / d2) (-Dy, Dx).
#include <array>

#include "touchstone/oracle/exact.hpp"
#include "touchstone/oracle/exact_geometry.hpp"
#include "validate.hpp"

namespace touchstone::oracle {

namespace {

constexpr Primitive primitive = Primitive::circle_intersections;

/// The construction on valid arguments in case-file order.
ExactCircleIntersection exact_from(const std::array<double, 6>& v) {
    const Rational c1x = to_rational(v[0]), c1y = to_rational(v[1]), r1 = to_rational(v[2]);
    const Rational c2x = to_rational(v[3]), c2y = to_rational(v[4]), r2 = to_rational(v[5]);
    const Rational dx = c2x - c1x;
    const Rational dy = c2y - c1y;
    const Rational d2 = dx * dx + dy * dy;
    const Rational sum = r1 + r2;
    const Rational diff = r1 - r2;

    ExactCircleIntersection out;
    if (d2 == 0 && r1 == r2) {
        if (r1 > 0) {
            out.kind = CircleKind::coincident;
            return out;
        }
        out.kind = CircleKind::one;  // two zero radii at one centre: that point
        out.count = 1;
        out.points[0] = exact_point({c1x, c1y});
        return out;
    }
    // From here d2 > 0 or r1 != r2, hence (r1 - r2)^2 > 0 when d2 == 0.
    if (d2 > sum * sum) {
        out.kind = CircleKind::none;
        return out;
    }
    if (d2 < diff * diff) {
        out.kind = CircleKind::contained;  // includes concentric, r1 != r2
        return out;
    }
    if (d2 == sum * sum || d2 == diff * diff) {
        // Tangent: d2 > 0 here (d2 == 0 would have been contained), so the
        // divisor below is non-zero. External: the point is r1 along D from
        // c1 at distance d = r1 + r2. Internal: d = |r1 - r2| and the point is
        // r1 along D / (r1 - r2), which points away from c2 when r1 < r2.
        // When both hold (one radius is 0) the external form is used; both
        // give the zero-radius centre.
        const Rational t = d2 == sum * sum ? Rational(r1 / sum) : Rational(r1 / diff);
        out.kind = CircleKind::one;
        out.count = 1;
        out.points[0] = exact_point({c1x + t * dx, c1y + t * dy});
        return out;
    }
    const Rational h = (d2 + r1 * r1 - r2 * r2) / 2;  // a * d2
    const Rational a = h / d2;
    const Rational K = r1 * r1 * d2 - h * h;  // > 0 strictly between tangencies
    const Rational px = c1x + a * dx;
    const Rational py = c1y + a * dy;
    const Rational nx = -dy / d2;  // (-Dy, Dx) / d2
    const Rational ny = dx / d2;
    out.kind = CircleKind::two;
    out.count = 2;
    out.points[0] = {Surd{px, nx, K}, Surd{py, ny, K}};    // left of c1 -> c2
    out.points[1] = {Surd{px, -nx, K}, Surd{py, -ny, K}};  // right
    return out;
}

template <class T>
CircleIntersection<T> rounded(const ExactCircleIntersection& e) {
    CircleIntersection<T> out;
    out.kind = e.kind;
    out.count = e.count;
    for (int i = 0; i < e.count; ++i) out.points[i] = round_point<T>(e.points[i]);
    return out;
}

}  // namespace

ExactCircleIntersection circle_intersections_exact(Circle<double> c1, Circle<double> c2) {
    return exact_from(detail::checked_args<primitive>(c1, c2));
}
ExactCircleIntersection circle_intersections_exact(Circle<float> c1, Circle<float> c2) {
    return exact_from(detail::checked_args<primitive>(c1, c2));
}
CircleIntersection<float> circle_intersections(Circle<float> c1, Circle<float> c2) {
    return rounded<float>(circle_intersections_exact(c1, c2));
}
CircleIntersection<double> circle_intersections(Circle<double> c1, Circle<double> c2) {
    return rounded<double>(circle_intersections_exact(c1, c2));
}

}  // namespace touchstone::oracle
