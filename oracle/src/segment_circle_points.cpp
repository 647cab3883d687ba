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
#include "touchstone/oracle/detail/integer_surd.hpp"
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

/// Storage of rounded_from, reused call after call (no allocation once grown).
struct Space {
    std::array<detail::Mpz, 7> X;
    detail::Mpz Vx, Vy, Fx, Fy, A, B, C, disc, minus_b, minus_b_minus_a, Px, Py, Qx, Qy, zero;
};

/// The rounded construction straight from the scaled integers X (scale
/// 2^e0, detail/scaled.hpp). With V = B - A, F = A - C (the points a, b, c
/// of the banner as integers), A = V.V, B = V.F, C = F.F - R^2 and
/// disc = B^2 - A C, the banner's values are 2^(2 e0) A, 2^(2 e0) B,
/// 2^(2 e0) C and 2^(4 e0) disc, so t = (-B -+ sqrt(disc)) / A is free of
/// the scale; 0 <= t iff -B -+ sqrt(disc) >= 0 and t <= 1 iff
/// -B - A -+ sqrt(disc) <= 0 (A > 0), integer surd signs; and the point
/// a + t v is 2^e0 (Ax A - B Vx -+ Vx sqrt(disc)) / A (and y alike), rounded
/// without a rational (detail/integer_surd.hpp). Same decisions as
/// exact_from (tests/oracle/construction_paths_test.cpp).
template <class T>
SegmentCirclePoints<T> rounded_from(const std::array<double, 7>& v) {
    thread_local Space w;
    const auto sc = detail::scale(v);
    detail::load_integers(sc, w.X);
    const int e0 = sc.min_exponent;
    auto z = [](detail::Mpz& x) { return detail::raw(x); };
    auto& X = w.X;
    ::mpz_sub(z(w.Vx), z(X[2]), z(X[0]));
    ::mpz_sub(z(w.Vy), z(X[3]), z(X[1]));
    ::mpz_sub(z(w.Fx), z(X[0]), z(X[4]));
    ::mpz_sub(z(w.Fy), z(X[1]), z(X[5]));
    ::mpz_mul(z(w.A), z(w.Vx), z(w.Vx));
    ::mpz_addmul(z(w.A), z(w.Vy), z(w.Vy));
    ::mpz_mul(z(w.B), z(w.Vx), z(w.Fx));
    ::mpz_addmul(z(w.B), z(w.Vy), z(w.Fy));
    ::mpz_mul(z(w.C), z(w.Fx), z(w.Fx));
    ::mpz_addmul(z(w.C), z(w.Fy), z(w.Fy));
    ::mpz_submul(z(w.C), z(X[6]), z(X[6]));

    SegmentCirclePoints<T> out;
    if (mpz_sgn(z(w.A)) == 0) {  // zero-length segment: a, if it is on the circle
        if (mpz_sgn(z(w.C)) == 0) {
            out.points[0] = {detail::input_coordinate<T>(v[0]), detail::input_coordinate<T>(v[1])};
            out.count = 1;
        }
        return out;
    }
    ::mpz_mul(z(w.disc), z(w.B), z(w.B));
    ::mpz_submul(z(w.disc), z(w.A), z(w.C));
    const int disc_sign = mpz_sgn(z(w.disc));
    if (disc_sign < 0) return out;
    ::mpz_neg(z(w.minus_b), z(w.B));
    ::mpz_sub(z(w.minus_b_minus_a), z(w.minus_b), z(w.A));
    // Numerators of the point: Ax A - B Vx, Ay A - B Vy; roots' factors Vx, Vy.
    ::mpz_mul(z(w.Px), z(X[0]), z(w.A));
    ::mpz_submul(z(w.Px), z(w.B), z(w.Vx));
    ::mpz_mul(z(w.Py), z(X[1]), z(w.A));
    ::mpz_submul(z(w.Py), z(w.B), z(w.Vy));
    // The root of sign `root` (-1 for the smaller t, +1 for the larger).
    auto add = [&](int root) {
        detail::Mpz& qx = w.Qx;
        detail::Mpz& qy = w.Qy;
        ::mpz_set(z(qx), z(w.Vx));
        ::mpz_set(z(qy), z(w.Vy));
        if (root < 0) {
            ::mpz_neg(z(qx), z(qx));
            ::mpz_neg(z(qy), z(qy));
        }
        out.points[out.count] = {detail::round_integer_surd<T>(w.Px, qx, w.disc, w.A, e0),
                                 detail::round_integer_surd<T>(w.Py, qy, w.disc, w.A, e0)};
        ++out.count;
    };
    auto in_segment = [&](int root) {
        // sign(-B + root sqrt(disc)) >= 0 and sign(-B - A + root sqrt(disc)) <= 0.
        ::mpz_set_si(z(w.Qx), root);
        return detail::sign_integer_surd(w.minus_b, w.Qx, w.disc) >= 0 &&
               detail::sign_integer_surd(w.minus_b_minus_a, w.Qx, w.disc) <= 0;
    };
    if (disc_sign == 0) {           // double root: tangent, counted once
        if (in_segment(1)) add(1);  // disc == 0: the root term vanishes
        return out;
    }
    if (in_segment(-1)) add(-1);  // smaller root first (A > 0)
    if (in_segment(1)) add(1);
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
    return rounded_from<float>(detail::checked_args<primitive>(s, c));
}
SegmentCirclePoints<double> segment_circle_points(Segment<double> s, Circle<double> c) {
    return rounded_from<double>(detail::checked_args<primitive>(s, c));
}

}  // namespace touchstone::oracle
