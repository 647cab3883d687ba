// touchstone::robust — double-double arithmetic with derived error bounds,
// for approximating the constructions' surds (rounding.hpp) on any IEEE
// double platform (no x87 long double, no __float128).
//
// A DD is the unevaluated sum hi + lo of two doubles with hi = fl(hi + lo),
// hence |lo| <= ulp(hi) / 2 <= u |hi|, u = 2^-53 (Dekker 1971; Hida, Li,
// Bailey, "Library for double-double and quad-double arithmetic", 2000; the
// bounds of the operations are ours, derived below in the style of Joldes,
// Muller, Popescu, "Tight and rigorous error bounds for basic building
// blocks of double-word arithmetic", TOMS 2017, and far looser than theirs).
//
// Standard model: fl(a op b) = (a op b)(1 + d), |d| <= u, for results that
// neither overflow nor are subnormal. Every DD here approximates a ratio of
// integers below 2^512 whose values lie in [2^-600, 2^600] (rounding.hpp
// keeps mantissas in [0.5, 1) and the exponent apart), so products of hi
// parts and the error terms of two_prod (>= 2^-1200 u only when the product
// is below 2^-1000) stay normal; where a lo part could underflow, its
// absolute error 2^-1075 is below 2^-1000 of the value and is counted so.
//
// Error-free transformations (exact, Knuth / Dekker / Ogita-Rump-Oishi):
//   two_sum(a, b)      = (s, e), s = fl(a + b), s + e = a + b, |e| <= u |s|
//   fast_two_sum(a, b) : the same when |a| >= |b| (or a == 0)
//   two_prod(a, b)     = (p, e), p = fl(ab), p + e = ab, |e| <= u |p|
// two_prod uses one fma when the target has it in hardware (std::fma is
// exact by definition; the build's -ffp-contract=off never fuses anything
// itself), else Dekker's product with Veltkamp's split (17 flops, exact for
// |a|, |b| < 2^996 without overflow: our operands are < 2^601). The split
// relies on each operation being rounded as written: the core is built with
// -ffp-contract=off (core/CMakeLists.txt), and this header is private to it.
//
// Bounds (u = 2^-53; the results are normalized DDs):
//   dd_add  x, y >= 0:  |result - (x + y)| <= 3.01 u^2 (x + y)
//   dd_sub  x, y >= 0:  |result - (x - y)| <= 3.02 u^2 (x + y)   (absolute:
//                       the cancellation is the caller's business)
//   dd_mul  x, y >  0:  relative error <= 8.1 u^2
//   dd_div  x, y >  0:  relative error <= 13.4 u^2
//   dd_sqrt x >= 0:     relative error <= 5.5 u^2
// all below dd_rel = 16 u^2 = 2^-102, the one constant rounding.hpp uses.
// tests/robust/double_double_test.cpp measures them against exact rationals.
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>

#include "touchstone/robust/detail/layers.hpp"

namespace touchstone::robust::exact {

/// hi + lo, |lo| <= u |hi|.
struct DD {
    double hi = 0, lo = 0;
};

/// Relative error bound of dd_add, dd_mul, dd_div, dd_sqrt (banner).
inline constexpr double dd_rel = 0x1p-102;

inline DD two_sum(double a, double b) {
    const double s = a + b;
    const double bb = s - a;
    const double e = (a - (s - bb)) + (b - bb);
    return {s, e};
}

inline DD fast_two_sum(double a, double b) {
    const double s = a + b;
    return {s, b - (s - a)};
}

/// Veltkamp's split: a = h + l with h, l of at most 26 significant bits.
inline DD split(double a) {
    const double c = 0x1p27 + 1;  // 134217729
    const double t = c * a;
    const double h = t - (t - a);
    return {h, a - h};
}

inline DD two_prod_dekker(double a, double b) {
    const double p = a * b;
    const DD as = split(a), bs = split(b);
    const double e = ((as.hi * bs.hi - p) + as.hi * bs.lo + as.lo * bs.hi) + as.lo * bs.lo;
    return {p, e};
}

/// Always inlined, so that in a function compiled for FMA
/// (gnu::target("fma")) std::fma is the instruction.
TOUCHSTONE_ROBUST_INLINE DD two_prod_fma(double a, double b) {
    const double p = a * b;
    return {p, std::fma(a, b, -p)};
}

/// a^2 = p + e exactly (two_prod with one split, or one fma). Dekker's
/// square: a = h + l (Veltkamp), a^2 = hh + 2hl + ll, each partial product
/// exact (26-bit halves) under the conditions of two_prod_dekker.
inline DD two_square_dekker(double a) {
    const double p = a * a;
    const DD s = split(a);
    const double e = ((s.hi * s.hi - p) + 2 * s.hi * s.lo) + s.lo * s.lo;
    return {p, e};
}

/// a b = p + e and a^2 = p + e exactly: one fma when Fma, else Dekker's
/// product or square. For a stage compiled twice, for a target with FMA and
/// for one without, and chosen at run time (TOUCHSTONE_DD_FMA_DISPATCH
/// below): the two copies give the same bits wherever the product is exact,
/// which is everywhere the stages use it.
template <bool Fma>
TOUCHSTONE_ROBUST_INLINE DD dd_prod(double a, double b) {
    if constexpr (Fma)
        return two_prod_fma(a, b);
    else
        return two_prod_dekker(a, b);
}
template <bool Fma>
TOUCHSTONE_ROBUST_INLINE DD dd_square(double a) {
    if constexpr (Fma)
        return two_prod_fma(a, a);
    else
        return two_square_dekker(a);
}

#if defined(__FMA__) || defined(__aarch64__) || defined(_M_ARM64) || defined(__ARM_FEATURE_FMA)
inline constexpr bool hardware_fma = true;
#else
// Without hardware FMA, std::fma is a software routine (or a library call):
// Dekker's product is exact too and faster.
inline constexpr bool hardware_fma = false;
#endif
inline DD two_prod(double a, double b) { return dd_prod<hardware_fma>(a, b); }

// Hardware FMA: compiled in where the target has it (hardware_fma: -mfma,
// -march=haswell and later, aarch64). On other x86 builds with GCC or Clang,
// the double-double stages are compiled a second time for FMA and chosen at
// run time when the processor has it (one predictable branch on a flag read
// at start-up; Dekker's products cost about 30 instructions more per call):
// the predicates' second stage (exact_predicates.cpp) and the constructions'
// floating-point stage (constructions.cpp).
#if !defined(__FMA__) && (defined(__x86_64__) || defined(__i386__)) && \
    (defined(__GNUC__) || defined(__clang__))
#define TOUCHSTONE_DD_FMA_DISPATCH 1
inline const bool cpu_has_fma = [] {
    __builtin_cpu_init();
    return __builtin_cpu_supports("fma") != 0;
}();
#else
#define TOUCHSTONE_DD_FMA_DISPATCH 0
#endif

inline DD dd_from(double a) { return {a, 0}; }

/// x + y for x, y >= 0. Exact: s + e = xh + yh; c = fl(xl + yl) is off by
/// <= u |xl + yl| <= u^2 (xh + yh); w = fl(c + e), |c| <= (1 + u) u (xh + yh),
/// |e| <= u s <= u (1 + u)(xh + yh), so w is off by <= 2 u^2 (1 + u)(xh + yh);
/// fast_two_sum(s, w) is exact (|w| < 4 u s). In all <= u^2 (3 + 2u)(xh + yh),
/// and x + y >= (1 - u)(xh + yh): relative <= 3.01 u^2.
inline DD dd_add(DD x, DD y) {
    const DD s = two_sum(x.hi, y.hi);
    const double w = (x.lo + y.lo) + s.lo;
    return fast_two_sum(s.hi, w);
}

/// x - y for x, y >= 0, any sign of the result. As dd_add with |e| <= u (xh +
/// yh), |c| <= (1 + u) u (xh + yh): error <= u^2 (3 + u)(xh + yh) <= 3.02 u^2
/// (x + y). The last step is a full two_sum: s may be small (cancellation).
inline DD dd_sub(DD x, DD y) {
    const DD s = two_sum(x.hi, -y.hi);
    const double w = (x.lo - y.lo) + s.lo;
    return two_sum(s.hi, w);
}

/// x y for x, y > 0. p + e = xh yh exactly (|e| <= u p); t1 = fl(xh yl), t2 =
/// fl(xl yh) are each off by <= u^2 xh yh and below u (1 + u) xh yh; t = fl(t1 +
/// t2) adds <= 2 u^2 (1 + u) xh yh; w = fl(e + t) adds <= u (|e| + |t|) <= 3.01
/// u^2 xh yh; xl yl (<= u^2 xh yh) is dropped; fast_two_sum is exact. In all
/// <= 8.02 u^2 xh yh <= 8.1 u^2 xy (xy >= (1 - u)^2 xh yh).
template <bool Fma = hardware_fma>
TOUCHSTONE_ROBUST_INLINE DD dd_mul(DD x, DD y) {
    const DD p = dd_prod<Fma>(x.hi, y.hi);
    const double t = x.hi * y.lo + x.lo * y.hi;
    return fast_two_sum(p.hi, p.lo + t);
}

/// x / y for x, y > 0 (long division, one correction). q1 = fl(xh / yh);
/// p + e = q1 yh exactly, and p is within (1 +- u)^2 of xh, so xh - p is exact
/// (Sterbenz). The remainder R = x - q1 y = (xh - p) - e + xl - q1 yl, |R| <=
/// 3.1 u xh, is computed as r with four roundings of terms below 3.1 u xh:
/// |r - R| <= 7.05 u^2 xh. Then x / y = q1 + R / y and q2 = fl(r / yh):
/// |R / y - R / yh| <= |R| |yl| / (y yh) <= 3.1 u^2 xh / y, |R - r| / yh <= 7.06
/// u^2 xh / y, the division's rounding <= 3.11 u^2 xh / y; fast_two_sum is
/// exact. In all <= 13.3 u^2 xh / y <= 13.4 u^2 x / y.
template <bool Fma = hardware_fma>
TOUCHSTONE_ROBUST_INLINE DD dd_div(DD x, DD y) {
    const double q1 = x.hi / y.hi;
    const DD p = dd_prod<Fma>(q1, y.hi);
    const double r = (((x.hi - p.hi) - p.lo) + x.lo) - q1 * y.lo;
    const double q2 = r / y.hi;
    return fast_two_sum(q1, q2);
}

/// sqrt(x) for x >= 0 (one Newton step from the double root). s1 =
/// fl(sqrt(xh)) = sqrt(xh)(1 + d); p + e = s1^2 exactly, xh - p exact
/// (Sterbenz); R = x - s1^2, |R| <= 3.02 u xh, computed with two roundings:
/// |r - R| <= 5.03 u^2 xh. sqrt(x) = s1 sqrt(1 + z), z = R / s1^2, |z| <= 3.03
/// u, and |sqrt(1 + z) - (1 + z / 2)| <= z^2 / 7: the truncation costs <= 1.32
/// u^2 s1, |r - R| / (2 s1) <= 2.53 u^2 s1, the division's rounding <= 1.52
/// u^2 s1; fast_two_sum is exact. In all <= 5.4 u^2 s1 <= 5.5 u^2 sqrt(x).
template <bool Fma = hardware_fma>
TOUCHSTONE_ROBUST_INLINE DD dd_sqrt(DD x) {
    if (x.hi <= 0) return {};
    const double s1 = std::sqrt(x.hi);
    const DD p = dd_prod<Fma>(s1, s1);
    const double r = ((x.hi - p.hi) - p.lo) + x.lo;
    return fast_two_sum(s1, r / (2 * s1));
}

/// 2^k as a double, k in [-1022, 1023] (a bit pattern: std::ldexp is a
/// library call, and this sits on the constructions' fast path).
inline double dd_pow2(int k) {
    const std::uint64_t bits = static_cast<std::uint64_t>(k + 1023) << 52;
    double v;
    std::memcpy(&v, &bits, sizeof v);
    return v;
}

/// x 2^k, k in [-1022, 1023], both words scaled (exact unless a word leaves
/// the normal range: callers keep hi in [2^-600, 2^600], and a lo that
/// underflows is off by < 2^-1074, i.e. by < 2^-400 of the value).
inline DD dd_ldexp(DD x, int k) {
    const double s = dd_pow2(k);
    return {x.hi * s, x.lo * s};
}

// ----- for the predicates' double-double stage (dd_predicates.hpp) ---------

/// a - b = s + e exactly (two_sum of a and -b; negation is exact).
inline DD two_diff(double a, double b) {
    const double s = a - b;
    const double bb = a - s;
    const double e = (a - (s + bb)) + (bb - b);
    return {s, e};
}

}  // namespace touchstone::robust::exact
