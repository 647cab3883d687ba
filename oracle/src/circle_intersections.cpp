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

#include <boost/multiprecision/gmp.hpp>

#include "touchstone/oracle/exact.hpp"
#include "touchstone/oracle/detail/scaled.hpp"
#include "touchstone/oracle/exact_geometry.hpp"
#include "validate.hpp"

namespace touchstone::oracle {

namespace {

constexpr Primitive primitive = Primitive::circle_intersections;

using Z = boost::multiprecision::mpz_int;

/// num / den * 2^e as a Rational, den != 0: one canonicalization (a gcd),
/// where forming it from rational operations canonicalizes at every step.
Rational scaled_fraction(Z num, Z den, int e) {
    if (e >= 0)
        num <<= static_cast<unsigned>(e);
    else
        den <<= static_cast<unsigned>(-e);
    return Rational(num, den);
}

/// The construction on valid arguments in case-file order. The inputs are
/// integers X_i of the common scale 2^e0 (detail/scaled.hpp): the kind is
/// decided on them (every comparison is homogeneous of degree 2, so the
/// scale cancels), and each rational of the result is formed once from
/// integers (issue 15: about a third of the time went to canonicalizing
/// the rational intermediates). The values are those of the banner:
///   d2 = 2^(2 e0) (Dx^2 + Dy^2), H = Dx^2 + Dy^2 + R1^2 - R2^2 (so the
///   banner's d2 + r1^2 - r2^2 is 2^(2 e0) H), a D = 2^e0 H D / (2 d2_int),
///   K = 2^(4 e0) (4 R1^2 d2_int - H^2) / 4, (-Dy, Dx) / d2 = 2^-e0 (-Dy, Dx) / d2_int.
ExactCircleIntersection exact_from(const std::array<double, 6>& v) {
    const auto s = detail::scale(v);
    const std::array<Z, 6> X = detail::to_integers<Z>(s);
    const int e0 = s.min_exponent;
    const Z &C1x = X[0], &C1y = X[1], &R1 = X[2], &C2x = X[3], &C2y = X[4], &R2 = X[5];
    const Z Dx = C2x - C1x, Dy = C2y - C1y;
    const Z d2 = Dx * Dx + Dy * Dy;
    const Z sum = R1 + R2, diff = R1 - R2;

    ExactCircleIntersection out;
    if (d2 == 0 && R1 == R2) {
        if (R1 > 0) {
            out.kind = CircleKind::coincident;
            return out;
        }
        out.kind = CircleKind::one;  // two zero radii at one centre: that point
        out.count = 1;
        out.points[0] = exact_point({to_rational(v[0]), to_rational(v[1])});
        return out;
    }
    // From here d2 > 0 or r1 != r2, hence (r1 - r2)^2 > 0 when d2 == 0.
    const Z sum2 = sum * sum, diff2 = diff * diff;
    if (d2 > sum2) {
        out.kind = CircleKind::none;
        return out;
    }
    if (d2 < diff2) {
        out.kind = CircleKind::contained;  // includes concentric, r1 != r2
        return out;
    }
    if (d2 == sum2 || d2 == diff2) {
        // Tangent: d2 > 0 here (d2 == 0 would have been contained), so the
        // divisor below is non-zero. External: the point is r1 along D from
        // c1 at distance d = r1 + r2. Internal: d = |r1 - r2| and the point is
        // r1 along D / (r1 - r2), which points away from c2 when r1 < r2.
        // When both hold (one radius is 0) the external form is used; both
        // give the zero-radius centre. c1 + (R1 / E) D = 2^e0 (C1 E + R1 D) / E.
        const Z& E = d2 == sum2 ? sum : diff;
        out.kind = CircleKind::one;
        out.count = 1;
        out.points[0] = exact_point({scaled_fraction(Z(C1x * E + R1 * Dx), E, e0),
                                     scaled_fraction(Z(C1y * E + R1 * Dy), E, e0)});
        return out;
    }
    const Z H = d2 + R1 * R1 - R2 * R2;
    const Z twice_d2 = 2 * d2;
    const Rational K = scaled_fraction(Z(4 * R1 * R1 * d2 - H * H), Z(4), 4 * e0);  // > 0
    const Rational px = scaled_fraction(Z(twice_d2 * C1x + H * Dx), twice_d2, e0);
    const Rational py = scaled_fraction(Z(twice_d2 * C1y + H * Dy), twice_d2, e0);
    const Rational nx = scaled_fraction(Z(-Dy), d2, -e0);  // (-Dy, Dx) / d2
    const Rational ny = scaled_fraction(Dx, d2, -e0);
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
