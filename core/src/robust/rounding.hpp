// touchstone::robust — correct rounding of quadratic surds to float/double.
//
// Every construction point coordinate of docs/primitives.md is, in the scaled
// integers of scaled.hpp,
//
//     V = 2^e0 (A + B sqrt(K)) / E,   A, B, K, E integers, K >= 0, E > 0
//
// (B = 0 for the rational points). round_surd() returns V rounded to nearest,
// ties to even, in T, exactly:
//   1. the sign of V, exactly (sign_surd: a^2 against b^2 K);
//   2. an approximation v of |V|, a double-double significand with a
//      separate exponent (double_double.hpp), formed without cancellation
//      (when A and B sqrt(K) have opposite signs, |A + B sqrt K| = |A^2 -
//      B^2 K| / (|A| + |B| sqrt K) with the numerator exact), so that
//      |V - v| <= 2^-98 v (below);
//   3. if every value within 2^-98 v of v rounds to the same T, that is the
//      answer (round_certified: rounding is monotone, so it suffices that
//      the two ends of the interval, bounded outward, round alike); this
//      settles all but the cases within ~2^-97 relative of a midpoint;
//   4. otherwise the candidate is compared exactly with the midpoints to its
//      neighbours (integer comparisons of surds) and stepped until it is the
//      correctly rounded value; exact ties go to the even significand.
//
// Error of step 2: each conversion of an integer to a double-double keeps
// its top 106 bits (truncation, relative error < 2^-104.9, to_xfloat); each
// double-double operation on positive operands errs by at most dd_rel =
// 2^-102 relative (derived in double_double.hpp); re-normalizing the
// significand to [0.5, 1) is exact but for a lo word that underflows (off by
// < 2^-1000 relative); sqrt halves its argument's relative error; an addend
// dropped for being 2^-120 smaller costs < 2^-119. At most 5 conversions, 6
// operations and 2 dropped addends:
//   (1 + 2^-104.9)^5 (1 + 2^-102 + 2^-1000)^6 (1 + 2^-119)^2 < 1 + 2^-99.1,
// and a quotient's (1 - d)^-1 <= 1 + 1.01 d, so |V - v| < 2^-99 v: the
// constant rel_general = 2^-98 keeps a factor 2 of slack. The approximation
// uses only IEEE double (+, -, *, /, sqrt, and fma or Dekker's product),
// so the same inputs certify, and give the same bits, on every platform.
//
// The fast path (round_surd_fast, used by constructions.cpp when the inputs
// scale to int64 integers so that A, B, K, E fit in 256 bits) runs steps 2
// and 3 only, on 256-bit integers instead of cpp_int, with the cancellation
// bounded instead of removed; it answers only when step 3 certifies, and
// otherwise hands the coordinate to round_surd. Both are exact: 0 ulps.
//
// (Before double-doubles this file used x87 long double significands of 64
// bits, |V - v| <= 2^-58 v; that failed to build where long double is
// double, MSVC and Apple Silicon, and certified fewer coordinates.)
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>

#include "double_double.hpp"
#include "touchstone/robust/fp_environment.hpp"
#include "scaled.hpp"

namespace touchstone::robust::exact {

/// sign(a + b sqrt(k)), k >= 0, exactly.
inline int sign_surd(const Big& a, const Big& b, const Big& k) {
    const int sa = a.sign();
    const int sb = k.sign() == 0 ? 0 : b.sign();
    if (sb == 0) return sa;
    if (sa == 0 || sa == sb) return sb;
    const int c = sign(Big(a * a - b * b * k));  // sign(a^2 - b^2 k)
    return sa > 0 ? c : -c;
}

/// The relative error bound of step 2 (banner): |V - v| < 2^-99 v, doubled.
inline constexpr double rel_general = 0x1p-98;

/// A nonnegative value m 2^e, m a double-double with m.hi in [0.5, 1), or
/// zero (m.hi == 0).
struct XFloat {
    DD m;
    long e = 0;
};

/// m 2^e re-normalized (m.hi > 0 or m zero): exact but for an underflowing
/// m.lo (see the banner).
inline XFloat normalized(DD m, long e) {
    if (m.hi == 0) return {};
    std::uint64_t bits;
    std::memcpy(&bits, &m.hi, sizeof bits);
    const int k =
        static_cast<int>((bits >> 52) & 0x7ff) - 1022;  // m.hi = f 2^k, f in [0.5, 1), if normal
    if (k > -1022 && k < 1023) return {dd_ldexp(m, -k), e + k};  // the common case: k in [-2, 2]
    int kk = 0;
    const double h = std::frexp(m.hi, &kk);
    return {{h, std::ldexp(m.lo, -kk)}, e + kk};
}

/// The magnitude (w1 2^64 + w0) 2^s, w1 != 0, as a double-double keeping
/// its top 106 bits: relative error < 2^-105 + 2^-127 < 2^-104.9.
inline XFloat xfloat_of_words(std::uint64_t w1, std::uint64_t w0, long s) {
    if (w1 == 0) {
        if (w0 == 0) return {};
        w1 = w0;
        w0 = 0;
        s -= 64;
    }
    const int z = clz64(w1);  // align the top bit to bit 127
    if (z != 0) {
        w1 = (w1 << z) | (w0 >> (64 - z));
        w0 <<= z;
    }
    // bits 127..75 and 74..22 of the aligned value: two exact doubles.
    const double h = static_cast<double>(w1 >> 11);
    const double l = static_cast<double>(((w1 & 0x7ff) << 42) | (w0 >> 22));
    const DD m = fast_two_sum(h * 0x1p-53, l * 0x1p-106);  // exact; h / 2^53 in [0.5, 1)
    return normalized(m, s + 128 - z);
}

/// The 256-bit magnitude hi 2^128 + lo as an XFloat (relative error <
/// 2^-104.9).
inline XFloat to_xfloat(U128 hi, U128 lo) {
    if (hi == 0) return xfloat_of_words(high_word(lo), low_word(lo), 0);
    const int n = bit_length(hi);  // keep bits n + 127 .. n of the value
    const U128 top = n == 128 ? hi : (hi << (128 - n)) | (lo >> n);
    return xfloat_of_words(high_word(top), low_word(top), n);
}

/// The low 64 bits of v >= 0 (cpp_int's conversion may saturate instead).
inline std::uint64_t low64(const Big& v) {
    return static_cast<std::uint64_t>(Big(v & Big(~std::uint64_t{0})));
}

/// |v| to a double-double significand (relative error < 2^-104.9).
inline XFloat to_xfloat(const Big& v) {
    if (v.is_zero()) return {};
    const Big a = abs(v);
    const long n = static_cast<long>(msb(a));  // 2^n <= a < 2^(n+1)
    if (n < 64) return xfloat_of_words(static_cast<std::uint64_t>(a), 0, -64);
    if (n < 128) {
        const unsigned up = static_cast<unsigned>(127 - n);
        const Big t = a << up;
        return xfloat_of_words(low64(Big(t >> 64)), low64(t), -static_cast<long>(up));
    }
    const unsigned down = static_cast<unsigned>(n - 127);
    const Big t = a >> down;  // truncates
    return xfloat_of_words(low64(Big(t >> 64)), low64(t), static_cast<long>(down));
}

inline XFloat mul(XFloat a, XFloat b) {
    if (a.m.hi == 0 || b.m.hi == 0) return {};
    return normalized(dd_mul(a.m, b.m), a.e + b.e);
}
inline XFloat div(XFloat a, XFloat b) {  // b != 0
    if (a.m.hi == 0) return {};
    return normalized(dd_div(a.m, b.m), a.e - b.e);
}
inline XFloat add(XFloat a, XFloat b) {  // both >= 0
    if (a.m.hi == 0) return b;
    if (b.m.hi == 0) return a;
    if (a.e < b.e) std::swap(a, b);
    if (a.e - b.e > 120) return a;  // b < 2^-119 a
    return normalized(dd_add(a.m, dd_ldexp(b.m, static_cast<int>(b.e - a.e))), a.e);
}
inline XFloat sqrt(XFloat a) {
    if (a.m.hi == 0) return {};
    if (a.e % 2 != 0) return normalized(dd_sqrt(dd_ldexp(a.m, 1)), (a.e - 1) / 2);
    return normalized(dd_sqrt(a.m), a.e / 2);
}

/// A rounding of m 2^e to T, within an ulp or two of the correct one (the
/// starting candidate of refine; +inf above the range, 0 far below it).
template <class T>
T round_xfloat(const XFloat& v, long e) {
    if (v.m.hi == 0 || e < -2000) return T(0);
    if (e > 2000) return std::numeric_limits<T>::infinity();
    const double d = std::ldexp(v.m.hi, static_cast<int>(e));
    if constexpr (sizeof(T) == 4) {
        if (d >= 0x1p128) return std::numeric_limits<T>::infinity();
    }
    return static_cast<T>(d);
}

/// Whether every value within r m 2^e of m 2^e (m = v.m normalized, r >=
/// 2^-104, r <= 2^-56) rounds to one T; if so, out is that value. Sound by
/// monotonicity: with L <= V <= U exactly, round(L) == round(U) pins round(V).
///
/// double: delta = fl(4 r hi) >= 4 r hi (1 - u), and L = hi + fl(lo - delta)
/// satisfies L <= hi + lo - delta + u |lo - delta| <= m - r m, since u |lo -
/// delta| <= u^2 hi + 4.01 u r hi and 4 r (1 - u) - u^2 - 4.01 u r >= r (1 + u)
/// for r >= u^2 (U alike). fl(hi + x) is the correctly rounded sum, so
/// round(L), round(U) are computed exactly, in the unbounded exponent range;
/// scaling by 2^e commutes with rounding while the values stay normal (e >=
/// -1020: every value >= 2^-1022), and the overflow of the scaling to +inf is IEEE's
/// (round(L) 2^e >= 2^1024 means L 2^e >= 2^1024 - 2^970, max + half an ulp).
/// Below, e < -1100 puts V < 2^-1099 < 2^-1075: +0; e > 1030: +inf; the
/// subnormal range in between is not certified (refine settles it).
///
/// float: |V - hi 2^e| <= rho hi 2^e, rho = r (1 + u) + u (the dropped lo).
/// fl(1 -+ 4 rho) is within u of 1 -+ 4 rho, the product rounds once more:
/// the ends hi (1 -+ 4 rho)(1 +- u)^2 lie outside hi (1 -+ rho) for rho >= u.
/// Scaling by 2^e (|e| <= 200) is exact in double's normal range, and the
/// conversion to float is one IEEE rounding (subnormals and overflow to
/// +inf included).
template <class T>
bool round_certified(const XFloat& v, long e, double r, T& out) {
    constexpr double u = 0x1p-53;
    if (v.m.hi == 0) {
        out = T(0);
        return true;
    }
    if (r < 0x1p-104) r = 0x1p-104;
    const double hi = v.m.hi, lo = v.m.lo;
    if constexpr (sizeof(T) == 8) {
        if (e < -1100) {
            out = T(0);
            return true;
        }
        if (e > 1030) {
            out = std::numeric_limits<T>::infinity();
            return true;
        }
        if (e < -1020) return false;
        const double delta = 4 * r * hi;
        const double L = hi + (lo - delta), U = hi + (lo + delta);
        if (L != U) return false;
        // L 2^e in two exact steps (each factor normal; only the last can
        // overflow, to +inf as IEEE rounds).
        const int h = static_cast<int>(e / 2);
        out = static_cast<T>(L * dd_pow2(h) * dd_pow2(static_cast<int>(e) - h));
        return true;
    } else {
        if (e < -200) {
            out = T(0);
            return true;
        }
        if (e > 200) {
            out = std::numeric_limits<T>::infinity();
            return true;
        }
        const double rho = r * (1 + u) + u;
        const double scale = dd_pow2(static_cast<int>(e));
        const double dl = hi * (1 - 4 * rho) * scale;
        const double du = hi * (1 + 4 * rho) * scale;
        const T l = dl >= 0x1p128 ? std::numeric_limits<T>::infinity() : static_cast<T>(dl);
        const T h = du >= 0x1p128 ? std::numeric_limits<T>::infinity() : static_cast<T>(du);
        if (l != h) return false;
        out = l;
        return true;
    }
}

/// y >= 0 finite as M 2^f exactly.
template <class T>
void to_dyadic(T y, Big& M, int& f) {
    int k = 0;
    const T m = std::frexp(y, &k);
    constexpr int digits = std::numeric_limits<T>::digits;
    M = static_cast<std::uint64_t>(std::ldexp(m, digits));
    f = k - digits;
}

template <class T>
bool even_significand(T y) {
    if constexpr (sizeof(T) == 8) {
        std::uint64_t b;
        std::memcpy(&b, &y, sizeof b);
        return (b & 1) == 0;
    } else {
        std::uint32_t b;
        std::memcpy(&b, &y, sizeof b);
        return (b & 1) == 0;
    }
}

/// The surd V = 2^e0 (A + B sqrt K) / E, E > 0, K >= 0, V > 0.
struct PositiveSurd {
    Big A, B, K, E;
    int e0;

    /// sign(V - M 2^f), exactly.
    int compare(const Big& M, int f) const {
        const int lo = e0 < f ? e0 : f;
        const unsigned sv = static_cast<unsigned>(e0 - lo), sm = static_cast<unsigned>(f - lo);
        const Big a = (A << sv) - ((E * M) << sm);
        return sign_surd(a, Big(B << sv), K);
    }
};

/// Midpoint of p <= q (q may be the virtual 2^max_exponent) as M 2^f.
inline void midpoint(const Big& Mp, int fp, const Big& Mq, int fq, Big& M, int& f) {
    const int lo = fp < fq ? fp : fq;
    M = (Mp << static_cast<unsigned>(fp - lo)) + (Mq << static_cast<unsigned>(fq - lo));
    f = lo - 1;
}

/// Steps the candidate y (>= 0, possibly +inf) to the correctly rounded V.
template <class T>
T refine(T y, const PositiveSurd& v) {
    constexpr T max = std::numeric_limits<T>::max();
    const Big virtual_M = 1;  // 2^max_exponent, the first value past max
    constexpr int virtual_f = std::numeric_limits<T>::max_exponent;
    if (std::isinf(y)) y = max;
    for (;;) {
        Big My, Mn, M;
        int fy = 0, fn = 0, f = 0;
        to_dyadic(y, My, fy);
        // Upward: the midpoint between y and its successor.
        const bool at_max = (y == max);
        const T up = at_max ? max : std::nextafter(y, std::numeric_limits<T>::infinity());
        if (at_max) {
            midpoint(My, fy, virtual_M, virtual_f, M, f);
        } else {
            to_dyadic(up, Mn, fn);
            midpoint(My, fy, Mn, fn, M, f);
        }
        const int cu = v.compare(M, f);
        if (cu > 0 || (cu == 0 && (at_max || !even_significand(y)))) {
            // Past the midpoint, or a tie won by the (even) successor; past
            // max this is the IEEE overflow to +inf.
            if (at_max) return std::numeric_limits<T>::infinity();
            if (cu == 0) return up;
            y = up;
            continue;
        }
        if (cu == 0) return y;
        if (y == 0) return y;
        // Downward: the midpoint between the predecessor and y.
        const T dn = std::nextafter(y, T(0));
        to_dyadic(dn, Mn, fn);
        midpoint(Mn, fn, My, fy, M, f);
        const int cd = v.compare(M, f);
        if (cd < 0) {
            y = dn;
            continue;
        }
        if (cd == 0) return even_significand(y) ? y : dn;
        return y;
    }
}

/// 2^e0 (A + B sqrt K) / E correctly rounded to T; E > 0, K >= 0.
///
/// In the default floating-point environment whatever the caller's
/// (fp_environment.hpp): refine's steps (nextafter, comparisons with 0,
/// frexp) read subnormals as 0 under denormals-are-zero, and then never
/// reach the rounded value. Called with flush-to-zero, denormals-are-zero
/// and rounding upward set, segment_circle_points looped here without end
/// (robust_fp_environment_test found it). The scope costs a few dozen
/// cycles on this integer path, which takes microseconds.
template <class T>
T round_surd(Big A, Big B, const Big& K, const Big& E, int e0) {
    const DefaultFloatingPoint scope;
    if (K.is_zero()) B = 0;
    const int s = sign_surd(A, B, K);
    if (s == 0) return T(0);
    if (s < 0) {
        A = -A;
        B = -B;
    }
    // Now V > 0. Approximate |A + B sqrt K| without cancellation.
    XFloat num;
    if (A.sign() >= 0 && B.sign() >= 0) {
        num = add(to_xfloat(A), mul(to_xfloat(B), sqrt(to_xfloat(K))));
    } else {
        const Big n = A * A - B * B * K;  // |A + B sqrt K| (|A| + |B| sqrt K) = |n|
        num = div(to_xfloat(n), add(to_xfloat(A), mul(to_xfloat(B), sqrt(to_xfloat(K)))));
    }
    const XFloat v = div(num, to_xfloat(E));
    const long e = v.e + e0;
    T y;
    if (!round_certified<T>(v, e, rel_general, y))
        y = refine(round_xfloat<T>(v, e), PositiveSurd{A, B, K, E, e0});
    return s < 0 ? -y : y;
}

/// The same surd known through approximations, for the fast path where the
/// integers are below 2^256: V = 2^e0 (sa a + sb b sqrt(k)) / e with a, b,
/// k, e >= 0 the integers' magnitudes as double-double significands
/// (relative error < 2^-104.9), sa, sb their exact signs (sb = 0 when B or K
/// is 0).
struct SurdApprox {
    int sa = 0;
    XFloat a;
    int sb = 0;
    XFloat b, k, e;
};

/// The correctly rounded V when the approximations prove it (step 3 of the
/// banner), else false. The relative error bound r of the computed |V|:
///  - same signs (or one term zero): |V| = (a + b sqrt k) / e, four
///    conversions and four operations, < 2^-99.5 as in step 2: rel_general;
///  - opposite signs: a is known within 2^-104.9 and b sqrt(k) within
///    (1 + 2^-104.9)(1 + 2^-105.9)(1 + 2^-102)^2 - 1 < 2^-100.6 relative;
///    dd_sub adds 3.02 u^2 < 2^-104.3 of a + b sqrt(k), aligning the two
///    exponents is exact (a dropped term 2^-120 smaller: 2^-119), so the
///    difference is off by < 2^-100.4 (a + b sqrt k) = 2^-100.4 rho |a - b
///    sqrt k|, rho = (a + b sqrt k) / |a - b sqrt k|; the division by e adds
///    2^-101.5: r <= 2^-100 (rho + 1). rho is taken from the approximations
///    (rho_c >= rho / 2 for rho < 2^40, where the difference is known to
///    2^-60), so r = 2^-98 (rho_c + 1) leaves a factor 2 of slack; the sign
///    is that of the larger term (the error is far below the difference).
///    Beyond rho = 2^39, heavy cancellation: false (the cpp_int path removes
///    the cancellation exactly).
/// round_certified then decides: all but ~2^-44 of the double coordinates
/// are certified here. Float needs only ~2^-25 and takes the plain-double
/// evaluation of approximate_in_double (r = 2^-48), which certifies all but
/// ~2^-20 of the float coordinates.
/// Float needs far less than double-doubles: the same evaluation on the hi
/// words alone, in plain double (u = 2^-53). Each hi word is within 1.01 u
/// of its integer (u for dropping lo, 2^-104.9 for the conversion), sqrt
/// halves its argument's error, each operation adds u, aligning exponents
/// is exact (a term 2^-60 smaller is dropped: 2^-59).
///  - same signs: 4 conversions and 4 operations, < 8.1 u < 2^-49.9;
///  - opposite signs: a within 1.01 u, b sqrt(k) within 3.52 u, the
///    subtraction adds u (a + b sqrt k): the difference is off by 4.6 u rho
///    relative, the division 2.1 u more: r <= 2^-50.7 (rho + 1). rho_c >=
///    rho / 2 for rho < 2^20, so r = 2^-48 (rho_c + 1) keeps a factor 2;
///    beyond rho = 2^19, false.
inline bool approximate_in_double(const SurdApprox& s, int& sign, XFloat& v, double& r) {
    constexpr double r_float = 0x1p-48;
    double bm = 0;  // b sqrt(k) = bm 2^be
    long be = 0;
    if (s.sb != 0) {
        double km = s.k.m.hi;
        long ke = s.k.e;
        if (ke % 2 != 0) {
            km *= 2;
            --ke;
        }
        bm = s.b.m.hi * std::sqrt(km);
        be = s.b.e + ke / 2;
    }
    const double am = s.a.m.hi;
    const long ae = s.a.e;
    // Align both terms to the larger exponent (zero terms have exponent 0
    // and mantissa 0, which aligns to anything).
    const long top = am == 0 ? be : (bm == 0 ? ae : (ae > be ? ae : be));
    const double a = ae - top < -60 ? 0 : am * dd_pow2(static_cast<int>(ae - top));
    const double b = be - top < -60 ? 0 : bm * dd_pow2(static_cast<int>(be - top));
    double mag;
    r = r_float;
    if (s.sb == 0 || s.sa == 0 || s.sa == s.sb) {
        sign = s.sa != 0 ? s.sa : s.sb;
        mag = a + b;
    } else {
        const double d = a - b, sum = a + b;
        if (!(std::fabs(d) * 0x1p19 > sum)) return false;  // rho >= 2^19 (or d == 0)
        sign = d > 0 ? s.sa : s.sb;
        mag = std::fabs(d);
        r = r_float * (sum / mag + 1);
    }
    v = normalized(DD{mag / s.e.m.hi, 0}, top - s.e.e);
    return true;
}

template <class T>
bool round_surd_fast(const SurdApprox& s, int e0, T& out) {
    if (s.sa == 0 && s.sb == 0) {
        out = T(0);
        return true;
    }
    if constexpr (sizeof(T) == 4) {
        int sign = 0;
        XFloat v;
        double r = 0;
        T y;
        if (!approximate_in_double(s, sign, v, r) || !round_certified<T>(v, v.e + e0, r, y))
            return false;
        out = sign < 0 ? -y : y;
        return true;
    }
    const XFloat bk = s.sb == 0 ? XFloat{} : mul(s.b, sqrt(s.k));
    int sign;
    XFloat mag;
    double r = rel_general;
    if (s.sb == 0 || s.sa == 0 || s.sa == s.sb) {
        sign = s.sa != 0 ? s.sa : s.sb;
        mag = add(s.a, bk);
    } else {
        const long top = s.a.e > bk.e ? s.a.e : bk.e;
        if (top - s.a.e > 120 || top - bk.e > 120) {
            // One term is below 2^-119 of the other: rho < 1 + 2^-118.
            const bool a_larger = s.a.e > bk.e;
            sign = a_larger ? s.sa : s.sb;
            mag = a_larger ? s.a : bk;
            r = 2 * rel_general;
        } else {
            const DD d = dd_sub(dd_ldexp(s.a.m, static_cast<int>(s.a.e - top)),
                                dd_ldexp(bk.m, static_cast<int>(bk.e - top)));
            if (d.hi == 0) return false;
            sign = d.hi > 0 ? s.sa : s.sb;
            mag = normalized(d.hi > 0 ? d : DD{-d.hi, -d.lo}, top);
            const XFloat sum = add(s.a, bk);
            const long spread = sum.e - mag.e;  // rho < 2^(spread + 1)
            if (spread > 38) return false;
            const double rho = std::ldexp(sum.m.hi / mag.m.hi, static_cast<int>(spread));
            r = rel_general * (rho + 1);
        }
    }
    const XFloat v = div(mag, s.e);
    T y;
    if (!round_certified<T>(v, v.e + e0, r, y)) return false;
    out = sign < 0 ? -y : y;
    return true;
}

// ----- the fast path's inputs (constructions.cpp, ray_casts.cpp) --------------

/// The magnitude of a 256- or 128-bit integer as an XFloat (rounding.hpp).
inline XFloat approx_magnitude(const I256& v) {
    const U256 m = magnitude(v);
    return to_xfloat(m.hi, m.lo);
}
inline XFloat approx_magnitude(I128 v) { return to_xfloat(U128(0), magnitude(v)); }

/// V = 2^e0 (A + B sqrt K) / E, E > 0: the approximations and exact signs.
inline SurdApprox approx(const I256& A, I128 B, const I256& K, I128 E) {
    SurdApprox s;
    s.sa = sign(A);
    s.a = approx_magnitude(A);
    s.sb = sign(K) == 0 ? 0 : sign(B);
    s.b = approx_magnitude(B);
    s.k = approx_magnitude(K);
    s.e = approx_magnitude(E);
    return s;
}

/// sign(a + b sqrt k), k >= 0, b in {-1, 0, 1}: exact in 256 bits (|a| < 2^127).
inline int sign_surd_fixed(I128 a, int b, const I256& k) {
    const int sa = sign(a), sb = sign(k) == 0 ? 0 : b;
    if (sb == 0) return sa;
    if (sa == 0 || sa == sb) return sb;
    const int c = sign(I256(mul(a, a) - k));
    return sa > 0 ? c : -c;
}

/// 2^e0 N / E correctly rounded to T; E != 0.
template <class T>
T round_rational(Big N, Big E, int e0) {
    if (E.sign() < 0) {
        N = -N;
        E = -E;
    }
    return round_surd<T>(std::move(N), Big(0), Big(0), E, e0);
}

}  // namespace touchstone::robust::exact
