// touchstone::robust — the constructions' first stage: points certified in
// floating point straight from the input doubles, no scaling to integers
// (issue 15). A stage answers only when it proves that its value rounds to
// the same T as the exact point (correct rounding, ties to even, the same
// bits as round_surd); otherwise it returns false and constructions.cpp
// takes the integer path (scaled.hpp, rounding.hpp), which always answers.
//
// Method, per coordinate V (exact real):
//   1. an approximation v and an absolute bound E with |V - v| <= E,
//      derived below from the standard model fl(a op b) = (a op b)(1 + d),
//      |d| <= u = 2^-53, for results in double's normal range, and from
//      the error-free transformations of double_double.hpp;
//   2. two doubles L <= v - E and U >= v + E (the subtraction's own
//      rounding covered), and round_T(L) == round_T(U): rounding to nearest
//      is monotone, so round_T(V) is that value. float: L and U are
//      doubles, the conversion to float is one IEEE rounding. double: v is
//      a double-double (h, l) and L = fl(h + fl(l - delta)) is the correctly
//      rounded double of a value <= V (round_certified's argument,
//      rounding.hpp).
// Underflow is kept out by guards on magnitudes (below, per stage): an
// operation whose result is subnormal errs by <= 2^-1075 absolutely, and
// the guards make every such error negligible against the terms it joins
// (counted in the factor-2 slack of each constant).
#pragma once

#include <cmath>
#include <array>
#include <cstdint>
#include <type_traits>

#include "double_double.hpp"
#include "touchstone/geometry.hpp"
#include "touchstone/robust/detail/mutation.hpp"

namespace touchstone::robust::exact::fp {

/// round_T(V) for V in [L, U] when it is proved (round_T(L) == round_T(U)).
/// float: L, U are doubles (one IEEE rounding each, subnormal floats and
/// declined beyond 2^127, where a cast could overflow).
inline bool same_float(double lo, double hi, float& out) {
    if (!(std::fabs(lo) < 0x1p127 && std::fabs(hi) < 0x1p127)) return false;  // a defined cast
    const float a = static_cast<float>(lo), b = static_cast<float>(hi);
    out = a;
    return TOUCHSTONE_MUTANT(fx_float_ends_unchecked, a == b, true);
}

/// The double certificate of a double-double v = h + l (|l| <= u |h|, as
/// two_sum leaves it) with |V - v| <= E, E >= 0. delta = fl(2 E + 2^-105
/// |h|) >= (2 E + 2 u^2 |h|)(1 - 2u); fl(l - delta) is off by <= u (|l| +
/// delta) <= u^2 |h| + u delta, so fl(l - delta) <= l - delta (1 - u) + u^2
/// |h| <= l - E: L = fl(h + fl(l - delta)) is the correctly rounded double of
/// a real below v - E <= V (U alike), and fl(h + x) is one IEEE rounding in
/// every range (callers keep |h| < 2^495: no overflow). Equal ends pin
/// round(V).
inline bool same_double(double h, double l, double E, double& out) {
    const double delta = 2 * E + 0x1p-105 * std::fabs(h);
    const double lo = h + (l - delta), hi = h + (l + delta);
    out = lo;
    return TOUCHSTONE_MUTANT(fx_double_ends_unchecked, lo == hi, true);
}

/// The proper crossing of segments a1 b1, a2 b2 (x = a1x a1y b1x b1y a2x a2y
/// b2x b2y; the caller has proved, exactly, that each segment's endpoints
/// lie strictly on opposite sides of the other's line: den and num below
/// are nonzero and t = num / den is in (0, 1)):
///   p = a1 + t d,  d = b1 - a1, e = b2 - a2, f = a2 - a1,
///   den = cross(d, e) = dx ey - dy ex,  num = cross(f, e) = fx ey - fy ex.
/// Each coordinate correctly rounded to T, or false (not certified). Fma:
/// the double stage's products by one fma (dd_prod, double_double.hpp; the
/// caller is compiled for FMA), the same bits as without.
template <class T, bool Fma = hardware_fma>
bool segment_point(const double* x, Vec2<T>& p);

// ----- float: everything in plain double --------------------------------------------
//
// Differences d~ = fl(b - a) = (b - a)(1 + d1) (exact for most float inputs,
// but not assumed). Products P1 = fl(dx~ ey~), P2 = fl(dy~ ex~): each is
// its exact counterpart times (1 + d)^3, within gamma3 = 3u / (1 - 3u); the
// difference adds u |den~|:
//   |den~ - den| <= u |den~| + gamma3 (|dx ey| + |dy ex|)
//                <= u M (1 + u) + gamma3 (1 + gamma3) M <= 4.01 u M,
// M = |P1| + |P2| (|dx ey| <= (1 + gamma3) |P1|, |den~| <= (1 + u) M). The
// bound used is Ed = 8 u fl(M) (a factor 2 of slack, which also covers
// fl(M)'s rounding and the guard's underflow: M >= 2^-400 makes a product's
// absolute error 2^-1075 a relative 2^-675). num alike, En = 8 u fl(N).
// rho_d = Ed / |den~| (the computed ratio is within 3u of it; the 1.01
// below covers that); the stage declines unless rho_d, rho_n <= 2^-10.
// Then num~ = num (1 + alpha), |alpha| <= rho_n / (1 - rho_n), den~ alike,
// and t~ = fl(num~ / den~) = t (1 + alpha)(1 + d) / (1 + beta):
//   |t~ / t - 1| <= (rho_n + rho_d + u)(1 + 2^-8) <= tau = 1.01 (rho_n +
//   rho_d + u).
// q = fl(dx~ t~) = dx t (1 + d1)(1 + tau')(1 + d2): |q - dx t| <= sigma |dx t|
// <= 1.01 sigma |q|, sigma = (tau + 2u)(1 + 2^-8); X~ = fl(a1x + q) adds u
// |X~|:
//   E = 1.03 (tau + 2u) |q| + u |X~| + 2^-1060 (q's possible underflow).
// The ends: L = fl(X~ - D), D = fl(2 E + 2u |X~|): fl(X~ - D) is off by
// <= u (|X~| + D), so L <= X~ - D (1 - u) + u |X~| <= X~ - E (U alike).
// Range: the guards M, N in [2^-400, 2^400] (float inputs: always, their
// products lie in [2^-298, 2^258], and den, num != 0 by the caller) keep
// t~ >= 2^-10 N 2^-40 / (2 M) >= 2^-851 normal; q may underflow (one
// rounding, the 2^-1060 term); same_float declines beyond 2^127.
inline bool segment_point_float(const double* x, Vec2<float>& p) {
    constexpr double u = 0x1p-53;
    const double dx = x[2] - x[0], dy = x[3] - x[1], ex = x[6] - x[4], ey = x[7] - x[5];
    const double fx = x[4] - x[0], fy = x[5] - x[1];
    const double P1 = dx * ey, P2 = dy * ex, Q1 = fx * ey, Q2 = fy * ex;
    const double den = P1 - P2, num = Q1 - Q2;
    const double M = std::fabs(P1) + std::fabs(P2), N = std::fabs(Q1) + std::fabs(Q2);
    const double ad = std::fabs(den), an = std::fabs(num);
    // rho <= 2^-10 as 8 u M <= 2^-10 |den|; the range guards (false on NaN).
    const double k = TOUCHSTONE_MUTANT(fx_float_bound_tiny, 8 * u, 8 * u * 0x1p-20);
    if (!(k * M <= 0x1p-10 * ad && k * N <= 0x1p-10 * an && M >= 0x1p-400 && M <= 0x1p400 &&
          N >= 0x1p-400 && N <= 0x1p400))
        return false;
    const double tau = 1.01 * (k * M / ad + k * N / an + u);
    const double t = num / den;
    const double qx = dx * t, qy = dy * t;
    const double X = x[0] + qx, Y = x[1] + qy;
    const double c = 1.03 * (tau + 2 * u);
    const double Ex = c * std::fabs(qx) + u * std::fabs(X) + 0x1p-1060;
    const double Ey = c * std::fabs(qy) + u * std::fabs(Y) + 0x1p-1060;
    const double Dx = 2 * Ex + 2 * u * std::fabs(X), Dy = 2 * Ey + 2 * u * std::fabs(Y);
    return same_float(X - Dx, X + Dx, p.x) && same_float(Y - Dy, Y + Dy, p.y);
}

// ----- double: double-double ----------------------------------------------------------
//
// Guards: every |x_i| <= 2^490 (differences < 2^491, products < 2^982, so
// Veltkamp's split (exact below 2^996) and every sum stay finite), and M, N
// >= 2^-900 (below).
//
// Differences: two_sum gives d = dh + dl exactly, |dl| <= u |dh|.
// den = (dxh + dxl)(eyh + eyl) - (dyh + dyl)(exh + exl), M = |p| + |q| with
// p + pe = dxh eyh, q + qe = dyh exh (two_prod, exact when |p| >= 2^-969;
// below, off by a few 2^-1075):
//   s + se = p - q (two_sum, exact); c = (dxh eyl + dxl eyh) - (dyh exl + dyl
//   exh), each product <= u (1 + u) |p| (or |q|) and off by u times that,
//   the three sums off by <= 2u^2 M each: |c~ - c| <= 6.01 u^2 M, |c~| <=
//   2.01 u M; the dropped dxl eyl, dyl exl: <= 1.01 u^2 M;
//   w = fl(fl(se + fl(pe - qe)) + c~): fl(pe - qe) off by u^2 M, the next
//   sum (of terms <= u M, <= 1.01 u M) off by 2.01 u^2 M, the last (<= 4.1
//   u M) by 4.1 u^2 M;
//   den~ = two_sum(s, w), exact.
// In all |den~ - den| <= 14.2 u^2 M; with M >= 2^-900 the underflowed
// products (<= 8 of them, 2^-1075 each) add < 2^-1069 <= 2^-63 u^2 M. The
// bound used is Ed = 2^-101 M = 32 u^2 M (a factor 2 of slack). num alike.
//
// t = num / den: the signs taken out (negation is exact), dd_div of the
// magnitudes (relative error <= 13.4 u^2, double_double.hpp), declined
// unless t >= 2^-800 (so q1 >= 2^-801 and q2, t.lo >= 2^-855 are normal;
// its operands lie in [2^-946, 2^983]: two_prod(q1, den) ~ num is exact,
// q1 den.lo may underflow, 2^-1075 against num: < 2^-120 relative). With rho_d
// = Ed / |den~h| (computed to within 3u, and |den~| >= |den~h| (1 - u)),
// declined unless rho_d, rho_n <= 2^-60:
//   |t~ / t - 1| <= (rho_n + rho_d)(1 + 2^-58) + 13.5 u^2 <= tau,
//   tau = fl(1.01 (rho_n + rho_d) + 2^-100).
// X = a1x + dx t: r = dd_mul(dx, t~), relative error <= 8.1 u^2 against dx
// t~ (its operands' magnitudes: dx < 2^491, t < 1.01; a product below
// 2^-969 may err by a few 2^-1075 absolutely: the 2^-1060 term), so |r - dx
// t| <= (tau + 8.2 u^2)(1 + 2^-50) |dx t| <= 1.01 (tau + 2^-102.9) |r.hi|
// (|dx t| <= (1 + 2u) |r.hi| ... absorbed in the 1.01);
// s + e = a1x + r.hi (two_sum, exact), w = fl(e + r.lo) off by <= u (|e| +
// |r.lo|) <= u^2 (|s| + |r.hi|), (h, l) = two_sum(s, w) exact:
//   E = 1.01 (tau + 2^-102) |r.hi| + 2^-105 (|s| + |r.hi|) + 2^-1060,
// rounding of E's own evaluation (a few u) inside the 1.01. Then same_double.
template <bool Fma>
TOUCHSTONE_ROBUST_INLINE bool segment_point_double(const double* x, Vec2<double>& p) {
    double m = 0;
    for (int i = 0; i < 8; ++i) m = std::fmax(m, std::fabs(x[i]));
    if (!(m <= 0x1p490)) return false;
    const DD dx = two_sum(x[2], -x[0]), dy = two_sum(x[3], -x[1]);
    const DD ex = two_sum(x[6], -x[4]), ey = two_sum(x[7], -x[5]);
    const DD fx = two_sum(x[4], -x[0]), fy = two_sum(x[5], -x[1]);
    // cross(a, b) = a.x b.y - a.y b.x as a double-double, with M = |p| + |q|.
    auto cross = [](DD ax, DD ay, DD bx, DD by, double& M) {
        const DD P = dd_prod<Fma>(ax.hi, by.hi), Q = dd_prod<Fma>(ay.hi, bx.hi);
        const DD s = two_sum(P.hi, -Q.hi);
        const double c = (ax.hi * by.lo + ax.lo * by.hi) - (ay.hi * bx.lo + ay.lo * bx.hi);
        const double w = (s.lo + (P.lo - Q.lo)) + c;
        M = std::fabs(P.hi) + std::fabs(Q.hi);
        return two_sum(s.hi, w);
    };
    double M = 0, N = 0;
    DD den = cross(dx, dy, ex, ey, M), num = cross(fx, fy, ex, ey, N);
    if (!(M >= 0x1p-900 && N >= 0x1p-900)) return false;
    const double k = TOUCHSTONE_MUTANT(fx_double_bound_tiny, 0x1p-101, 0x1p-121);
    const double rho = k * M / std::fabs(den.hi) + k * N / std::fabs(num.hi);
    if (!(rho <= 0x1p-60)) return false;  // also NaN (den.hi == 0 gives inf)
    if (den.hi < 0) den = {-den.hi, -den.lo};
    if (num.hi < 0) num = {-num.hi, -num.lo};
    if (!(num.hi >= 0x1p-800 * den.hi)) return false;  // t >= 2^-800: dd_div stays normal
    const double tau = 1.01 * rho + 0x1p-100;
    // t in (0, 1): num and den have one sign, and with rho <= 2^-60 so have
    // their approximations. dd_mul and dd_div are odd in each operand (every
    // step is), so their bounds hold for signed operands too.
    const DD t = dd_div<Fma>(num, den);
    auto coordinate = [&](double a, DD d, double& out) {
        const DD r = dd_mul<Fma>(d, t);
        const DD s = two_sum(a, r.hi);
        const double w = s.lo + r.lo;
        const DD v = two_sum(s.hi, w);
        const double E = 1.01 * (tau + 0x1p-102) * std::fabs(r.hi) +
                         0x1p-105 * (std::fabs(s.hi) + std::fabs(r.hi)) + 0x1p-1060;
        return same_double(v.hi, v.lo, E, out);
    };
    return coordinate(x[0], dx, p.x) && coordinate(x[1], dy, p.y);
}

template <class T, bool Fma>
inline bool segment_point(const double* x, Vec2<T>& p) {
    if constexpr (sizeof(T) == sizeof(float))
        return segment_point_float(x, p);
    else
        return segment_point_double<Fma>(x, p);
}

// ----- running error bounds: the circle constructions -------------------------------
//
// The surds (circle_intersections, segment_circle_points) go through more
// steps; each computed value carries an absolute bound e >= |v~ - v| of its
// distance to the exact value v, propagated by the rules below (u = 2^-53,
// eta = 2^-1074 covers a result that underflows: every operation is then
// within u |result| + eta of its exact result, Higham's model with
// underflow; additions are exact when they underflow).
//   a + b, a - b:  e = ea + eb + r(a +- b)
//   a b:           |a~ b~ - a b| <= |a~| eb + |b~| ea + ea eb, + r(a b)
//   a / b:         |a~ / b~ - a / b| <= (ea + |a~ / b~| eb) / (|b~| - eb) for
//                  |b~| > eb (else declined), + r(a / b); |a~ / b~| taken as
//                  (1 + u) |v~| + eta (the quotient may underflow)
//   sqrt(a):       |sqrt a~ - sqrt a| = |a~ - a| / (sqrt a~ + sqrt a) <= ea /
//                  sqrt a~ for a~ > 0 (else declined), + r(sqrt)
// with r the operation's own rounding error: plain double (Fl, for float
// results): u |v~| (+ eta for a product or quotient); double-double (Dd, for
// double results; double_double.hpp's bounds, all odd in their operands so
// valid for either sign): a sum or difference is dd_sub, <= 3.02 u^2 (|a~| +
// |b~|) <= 3.1 u^2 (|a.hi| + |b.hi|), taken as 2^-104 (|a.hi| + |b.hi|); dd_mul <= 8.1 u^2 |v~|,
// dd_div <= 13.4 u^2, dd_sqrt <= 5.5 u^2, each taken as 16 u^2 |v.hi| = 2^-102 |v.hi|, + 16 eta
// (each double-double operation rounds at most 16 times). The bounds are themselves computed in
// double, each step within (1 + u) of its exact value (|a~| <= (1 + u) |a.hi| for a double-double
// too); the fewer than 200 steps of a coordinate's bound are covered by the final factor 1 + 2^-40
// (slack(), below). Inputs are exact (e = 0) and limited to |x| <= 2^200:
// degree 4 stays below 2^810 (no overflow; Veltkamp's split is exact below
// 2^996).

inline constexpr double eta = 0x1p-1074;

/// A plain-double value with its bound (float results).
struct Fl {
    double v = 0, e = 0;
};
inline Fl input_fl(double a) { return {a, 0}; }
inline Fl operator+(Fl a, Fl b) {
    const double v = a.v + b.v;
    return {v, a.e + b.e + 0x1p-53 * std::fabs(v)};
}
inline Fl operator-(Fl a, Fl b) {
    const double v = a.v - b.v;
    return {v, a.e + b.e + 0x1p-53 * std::fabs(v)};
}
inline Fl operator*(Fl a, Fl b) {
    const double v = a.v * b.v;
    return {v,
            std::fabs(a.v) * b.e + std::fabs(b.v) * a.e + a.e * b.e + 0x1p-53 * std::fabs(v) + eta};
}
inline Fl operator/(Fl a, Fl b) {  // e = inf (declined) unless |b~| > eb
    const double v = a.v / b.v, m = std::fabs(b.v) - b.e;
    const double e = m > 0 ? (a.e + (std::fabs(v) + eta) * 1.01 * b.e) / m : HUGE_VAL;
    return {v, e + 0x1p-53 * std::fabs(v) + eta};
}
inline Fl sqrt_of(Fl a) {  // a > 0 exactly; e = inf unless a~ > ea
    const double v = std::sqrt(a.v > 0 ? a.v : 0);
    const double e = a.v > a.e ? TOUCHSTONE_MUTANT(fx_fl_sqrt_bound_dropped, a.e / v, 0) : HUGE_VAL;
    return {v, e + 0x1p-53 * v};
}

/// A double-double value with its bound (double results). Fma: its
/// products by one fma (dd_prod, double_double.hpp), the same bits.
template <bool Fma>
struct Dd {
    DD v;
    double e = 0;
};
inline constexpr double dd_round = 0x1p-102, dd_eta = 16 * eta;
template <bool Fma>
inline Dd<Fma> input_dd(double a) {
    return {{a, 0}, 0};
}
template <bool Fma>
inline Dd<Fma> operator-(Dd<Fma> a, Dd<Fma> b) {
    return {dd_sub(a.v, b.v),
            a.e + b.e + 0x1p-104 * (std::fabs(a.v.hi) + std::fabs(b.v.hi)) + dd_eta};
}
template <bool Fma>
inline Dd<Fma> operator+(Dd<Fma> a, Dd<Fma> b) {
    return a - Dd<Fma>{{-b.v.hi, -b.v.lo}, b.e};
}
template <bool Fma>
inline Dd<Fma> operator*(Dd<Fma> a, Dd<Fma> b) {
    const DD v = dd_mul<Fma>(a.v, b.v);
    const double ah = std::fabs(a.v.hi) * (1 + 0x1p-52), bh = std::fabs(b.v.hi) * (1 + 0x1p-52);
    return {v, ah * b.e + bh * a.e + a.e * b.e + dd_round * std::fabs(v.hi) + dd_eta};
}
template <bool Fma>
inline Dd<Fma> operator/(Dd<Fma> a, Dd<Fma> b) {
    const double bh = std::fabs(b.v.hi) * (1 - 0x1p-52) - b.e;
    if (!(bh > 0) || b.v.hi == 0) return {{0, 0}, HUGE_VAL};
    const DD v = dd_div<Fma>(a.v, b.v);
    const double q = std::fabs(v.hi) * (1 + 0x1p-51) + dd_eta;  // |a~ / b~|, v.hi may underflow
    return {v, (a.e + q * b.e) / bh + dd_round * std::fabs(v.hi) + dd_eta};
}
template <bool Fma>
inline Dd<Fma> sqrt_of(Dd<Fma> a) {
    if (!(a.v.hi > a.e)) return {{0, 0}, HUGE_VAL};
    const DD v = dd_sqrt<Fma>(a.v);
    return {v, TOUCHSTONE_MUTANT(fx_dd_sqrt_bound_dropped, a.e / (v.hi * (1 - 0x1p-51)), 0) +
                   dd_round * v.hi + dd_eta};
}
/// 2^k a, k in {1, 2}: exact (values stay normal by the range guard).
inline Fl times2(Fl a, int k) {
    const double s = k == 1 ? 2 : 4;
    return {a.v * s, a.e * s};
}
template <bool Fma>
inline Dd<Fma> times2(Dd<Fma> a, int k) {
    const double s = k == 1 ? 2 : 4;
    return {{a.v.hi * s, a.v.lo * s}, a.e * s};
}
/// The value as one double (within u of it for a double-double).
inline double mid(const Fl& a) { return a.v; }
template <bool Fma>
inline double mid(const Dd<Fma>& a) {
    return a.v.hi;
}

inline double slack(double e) { return e * (1 + 0x1p-40); }

/// The certificate of one coordinate.
inline bool certify(const Fl& a, float& out) {
    constexpr double u = 0x1p-53;
    const double D = 2 * slack(a.e) + 2 * u * std::fabs(a.v);  // as segment_point_float
    return same_float(a.v - D, a.v + D, out);
}
template <bool Fma>
inline bool certify(const Dd<Fma>& a, double& out) {
    // same_double wants |l| <= u |h|: two_sum restores it (dd_sub's result
    // is normalized already; this keeps the certificate independent of it).
    const DD v = two_sum(a.v.hi, a.v.lo);
    return same_double(v.hi, v.lo, slack(a.e), out);
}

template <class T, bool Fma>
using Val = std::conditional_t<sizeof(T) == 4, Fl, Dd<Fma>>;
template <class T, bool Fma>
Val<T, Fma> input(double a) {
    if constexpr (sizeof(T) == 4)
        return input_fl(a);
    else
        return input_dd<Fma>(a);
}

/// Every input within the range of the running bounds (|x| <= 2^200).
inline bool in_range(const double* x, int n) {
    double m = 0;
    for (int i = 0; i < n; ++i) m = std::fmax(m, std::fabs(x[i]));
    return m <= 0x1p200;  // false on NaN
}

/// circle_intersections' two points (x = c1x c1y r1 c2x c2y r2; the caller
/// has proved |r1 - r2| < d < r1 + r2, so K4 > 0 and the points are
///   c1 + (Q D -+ sqrt(K4) (Dy, -Dx)) / (2 d^2),
/// Q = d^2 + r1^2 - r2^2, K4 = 4 r1^2 d^2 - Q^2: the integer path's order).
template <class T, bool Fma = hardware_fma>
bool circle_two_points(const double* x, std::array<Vec2<T>, 2>& p) {
    if (!in_range(x, 6)) return false;
    using V = Val<T, Fma>;
    const V c1x = input<T, Fma>(x[0]), c1y = input<T, Fma>(x[1]), r1 = input<T, Fma>(x[2]);
    const V Dx = input<T, Fma>(x[3]) - c1x, Dy = input<T, Fma>(x[4]) - c1y,
            r2 = input<T, Fma>(x[5]);
    const V d2 = Dx * Dx + Dy * Dy, R1 = r1 * r1;
    const V Q = d2 + R1 - r2 * r2;
    const V S = sqrt_of(times2(R1 * d2, 2) - Q * Q);
    const V E = times2(d2, 1);
    const V QDx = Q * Dx, QDy = Q * Dy, SDx = S * Dx, SDy = S * Dy;
    return certify(c1x + (QDx - SDy) / E, p[0].x) && certify(c1y + (QDy + SDx) / E, p[0].y) &&
           certify(c1x + (QDx + SDy) / E, p[1].x) && certify(c1y + (QDy - SDx) / E, p[1].y);
}

/// circle_intersections' tangent point: outer (d = r1 + r2) (c1 r2 + c2 r1)
/// / (r1 + r2), inner (d = |r1 - r2| > 0) (c2 r1 - c1 r2) / (r1 - r2).
template <class T, bool Fma = hardware_fma>
bool circle_tangent_point(const double* x, bool outer, Vec2<T>& p) {
    if (!in_range(x, 6)) return false;
    using V = Val<T, Fma>;
    const V c1x = input<T, Fma>(x[0]), c1y = input<T, Fma>(x[1]), r1 = input<T, Fma>(x[2]);
    const V c2x = input<T, Fma>(x[3]), c2y = input<T, Fma>(x[4]), r2 = input<T, Fma>(x[5]);
    if (outer) {
        const V E = r1 + r2;
        return certify((c1x * r2 + c2x * r1) / E, p.x) && certify((c1y * r2 + c2y * r1) / E, p.y);
    }
    const V E = r1 - r2;
    return certify((c2x * r1 - c1x * r2) / E, p.x) && certify((c2y * r1 - c1y * r2) / E, p.y);
}

/// segment_circle_points for a segment of positive length (x = ax ay bx by
/// cx cy r), classification included: v = b - a, w = a - c, A = |v|^2 > 0,
/// B = v.w, C = |w|^2 - r^2, disc = B^2 - A C; t = (-B -+ sqrt disc) / A,
/// kept when in [0, 1], point a + t v = a + (-B v -+ sqrt(disc) v) / A (the
/// integer path's order: the smaller t first). Every decision is made only
/// when its bound proves it: disc against 0 (disc = 0 exactly, a tangent, is
/// never proved: declined), each t strictly inside (0, 1) or strictly
/// outside [0, 1]; anything else declines.
template <class T, bool Fma = hardware_fma>
bool segment_circle_two(const double* x, SegmentCirclePoints<T>& out) {
    if (!in_range(x, 7)) return false;
    using V = Val<T, Fma>;
    const V ax = input<T, Fma>(x[0]), ay = input<T, Fma>(x[1]), r = input<T, Fma>(x[6]);
    const V vx = input<T, Fma>(x[2]) - ax, vy = input<T, Fma>(x[3]) - ay;
    const V wx = ax - input<T, Fma>(x[4]), wy = ay - input<T, Fma>(x[5]);
    const V A = vx * vx + vy * vy, B = vx * wx + vy * wy;
    const V C = wx * wx + wy * wy - r * r;
    const V disc = B * B - A * C;
    const double dm = mid(disc), de = slack(disc.e) + 0x1p-52 * std::fabs(dm);
    if (dm + de < 0) return true;  // no real root: no point
    if (!(dm - de > 0)) return false;
    const V S = sqrt_of(disc), mB = V{} - B;
    // -1: strictly inside (0, 1), 1: strictly outside [0, 1], 0: not proved.
    auto where = [](const V& t) {
        const double m = mid(t), e = TOUCHSTONE_MUTANT(fx_t_range_bound_dropped,
                                                       slack(t.e) + 0x1p-52 * std::fabs(m), 0);
        if (m - e > 0 && m + e < 1) return -1;
        if (m + e < 0 || m - e > 1) return 1;
        return 0;
    };
    const V t0 = (mB - S) / A, t1 = (mB + S) / A;
    const int w0 = where(t0), w1 = where(t1);
    if (w0 == 0 || w1 == 0) return false;
    for (const V* t : {&t0, &t1}) {
        if (where(*t) > 0) continue;
        Vec2<T>& q = out.points[out.count++];
        if (!certify(ax + vx * *t, q.x) || !certify(ay + vy * *t, q.y)) return false;
    }
    return true;
}

}  // namespace touchstone::robust::exact::fp

namespace touchstone::robust::exact {
/// The double stages above in their fma form (Fma = true), defined in
/// constructions.cpp. Where the build picks the form at run time
/// (TOUCHSTONE_DD_FMA_DISPATCH), these are the copies compiled for FMA that
/// constructions.cpp calls when the processor has it: flatten inlines the
/// whole stage into them, so that every std::fma is the instruction.
/// Elsewhere they are the stages themselves. The tests compare them bit for
/// bit with the Dekker form, where fp_fma_form_runs_here() (a processor with
/// FMA: a software std::fma, as MinGW's, need not be exact).
#if TOUCHSTONE_DD_FMA_DISPATCH
#define TOUCHSTONE_FP_FMA_COPY [[gnu::noinline, gnu::target("fma"), gnu::flatten]]
#else
#define TOUCHSTONE_FP_FMA_COPY
#endif
bool fp_fma_form_runs_here();
TOUCHSTONE_FP_FMA_COPY bool fp_circle_tangent_point_fma_form(const double* x, bool outer,
                                                             Vec2<double>& p);
TOUCHSTONE_FP_FMA_COPY bool fp_circle_two_points_fma_form(const double* x,
                                                          std::array<Vec2<double>, 2>& p);
TOUCHSTONE_FP_FMA_COPY bool fp_segment_circle_two_fma_form(const double* x,
                                                           SegmentCirclePoints<double>& out);
TOUCHSTONE_FP_FMA_COPY bool fp_segment_point_fma_form(const double* x, Vec2<double>& p);
}  // namespace touchstone::robust::exact
