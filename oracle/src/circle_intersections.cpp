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
#include "touchstone/oracle/detail/integer_surd.hpp"
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

/// Storage of rounded_from, reused call after call (no allocation once grown).
struct Space {
    std::array<detail::Mpz, 6> X;
    detail::Mpz Dx, Dy, d2, sum, diff, sum2, diff2, H, K, den, Px, Py, Qx, Qy, E, zero;
};

/// The rounded construction straight from the scaled integers: the kind by
/// the same integer comparisons as exact_from, every coordinate of the
/// banner as (P + Q sqrt(K)) / den 2^e0 with integers (detail/integer_surd.hpp),
/// rounded without a rational: with Kint = 4 R1^2 d2 - H^2, sqrt(K) =
/// 2^(2 e0) sqrt(Kint) / 2, so the left point is
///   x = 2^e0 (2 d2 C1x + H Dx - Dy sqrt(Kint)) / (2 d2),
///   y = 2^e0 (2 d2 C1y + H Dy + Dx sqrt(Kint)) / (2 d2),
/// and the right one has the opposite signs on the roots; the tangent point
/// is 2^e0 (C1 E + R1 D) / E as in exact_from. Same answers as rounding
/// exact_from's surds (tests/oracle/construction_paths_test.cpp).
template <class T>
CircleIntersection<T> rounded_from(const std::array<double, 6>& v) {
    thread_local Space w;
    const auto sc = detail::scale(v);
    detail::load_integers(sc, w.X);
    const int e0 = sc.min_exponent;
    auto z = [](detail::Mpz& x) { return detail::raw(x); };
    auto& X = w.X;
    ::mpz_sub(z(w.Dx), z(X[3]), z(X[0]));
    ::mpz_sub(z(w.Dy), z(X[4]), z(X[1]));
    ::mpz_mul(z(w.d2), z(w.Dx), z(w.Dx));
    ::mpz_addmul(z(w.d2), z(w.Dy), z(w.Dy));
    ::mpz_add(z(w.sum), z(X[2]), z(X[5]));
    ::mpz_sub(z(w.diff), z(X[2]), z(X[5]));

    CircleIntersection<T> out;
    if (mpz_sgn(z(w.d2)) == 0 && mpz_sgn(z(w.diff)) == 0) {
        if (mpz_sgn(z(X[2])) > 0) {
            out.kind = CircleKind::coincident;
            return out;
        }
        out.kind = CircleKind::one;
        out.count = 1;
        out.points[0] = {detail::input_coordinate<T>(v[0]), detail::input_coordinate<T>(v[1])};
        return out;
    }
    ::mpz_mul(z(w.sum2), z(w.sum), z(w.sum));
    ::mpz_mul(z(w.diff2), z(w.diff), z(w.diff));
    const int vs_sum = ::mpz_cmp(z(w.d2), z(w.sum2));
    const int vs_diff = ::mpz_cmp(z(w.d2), z(w.diff2));
    if (vs_sum > 0) {
        out.kind = CircleKind::none;
        return out;
    }
    if (vs_diff < 0) {
        out.kind = CircleKind::contained;
        return out;
    }
    if (vs_sum == 0 || vs_diff == 0) {
        ::mpz_set(z(w.E), vs_sum == 0 ? z(w.sum) : z(w.diff));
        ::mpz_mul(z(w.Px), z(X[0]), z(w.E));
        ::mpz_addmul(z(w.Px), z(X[2]), z(w.Dx));
        ::mpz_mul(z(w.Py), z(X[1]), z(w.E));
        ::mpz_addmul(z(w.Py), z(X[2]), z(w.Dy));
        out.kind = CircleKind::one;
        out.count = 1;
        out.points[0] = {detail::round_integer_surd<T>(w.Px, w.zero, w.zero, w.E, e0),
                         detail::round_integer_surd<T>(w.Py, w.zero, w.zero, w.E, e0)};
        return out;
    }
    // H = d2 + R1^2 - R2^2 = d2 + sum diff; Kint = 4 R1^2 d2 - H^2 > 0.
    ::mpz_mul(z(w.H), z(w.sum), z(w.diff));
    ::mpz_add(z(w.H), z(w.H), z(w.d2));
    ::mpz_mul(z(w.K), z(X[2]), z(X[2]));
    ::mpz_mul(z(w.K), z(w.K), z(w.d2));
    ::mpz_mul_2exp(z(w.K), z(w.K), 2);
    ::mpz_submul(z(w.K), z(w.H), z(w.H));
    ::mpz_mul_2exp(z(w.den), z(w.d2), 1);
    ::mpz_mul(z(w.Px), z(w.den), z(X[0]));
    ::mpz_addmul(z(w.Px), z(w.H), z(w.Dx));
    ::mpz_mul(z(w.Py), z(w.den), z(X[1]));
    ::mpz_addmul(z(w.Py), z(w.H), z(w.Dy));
    ::mpz_neg(z(w.Qx), z(w.Dy));
    out.kind = CircleKind::two;
    out.count = 2;
    out.points[0] = {detail::round_integer_surd<T>(w.Px, w.Qx, w.K, w.den, e0),
                     detail::round_integer_surd<T>(w.Py, w.Dx, w.K, w.den, e0)};
    ::mpz_neg(z(w.Qy), z(w.Dx));
    out.points[1] = {detail::round_integer_surd<T>(w.Px, w.Dy, w.K, w.den, e0),
                     detail::round_integer_surd<T>(w.Py, w.Qy, w.K, w.den, e0)};
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
    return rounded_from<float>(detail::checked_args<primitive>(c1, c2));
}
CircleIntersection<double> circle_intersections(Circle<double> c1, Circle<double> c2) {
    return rounded_from<double>(detail::checked_args<primitive>(c1, c2));
}

}  // namespace touchstone::oracle
