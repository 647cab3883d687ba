// touchstone::robust — correct rounding of quadratic surds to float/double.
//
// Every construction point coordinate of DESIGN.md is, in the scaled
// integers of scaled.hpp,
//
//     V = 2^e0 (A + B sqrt(K)) / E,   A, B, K, E integers, K >= 0, E > 0
//
// (B = 0 for the rational points). round_surd() returns V rounded to nearest,
// ties to even, in T, exactly:
//   1. the sign of V, exactly (sign_surd: a^2 against b^2 K);
//   2. an approximation v of |V| in 64-bit long double significands with a
//      separate exponent, formed without cancellation (when A and B sqrt(K)
//      have opposite signs, |A + B sqrt K| = |A^2 - B^2 K| / (|A| + |B| sqrt K)
//      with the numerator exact), so that |V - v| <= 2^-58 v (below);
//   3. if v (1 - 2^-57) and v (1 + 2^-57) round to the same T, that is the
//      answer (rounding is monotone); this settles all but the cases within
//      ~2^-57 relative of a rounding midpoint;
//   4. otherwise the candidate is compared exactly with the midpoints to its
//      neighbours (integer comparisons of surds) and stepped until it is the
//      correctly rounded value; exact ties go to the even significand.
//
// Error of step 2: each conversion of an integer to a 64-bit significand
// truncates (relative error < 2^-63), each long double operation rounds
// (<= 2^-64), sqrt halves its argument's relative error, and an addend
// dropped for being 2^-70 smaller costs < 2^-70. At most 5 conversions and 6
// operations: (1 + 2^-63)^5 (1 + 2^-64)^6 (1 + 2^-70) < 1 + 2^-59, so
// |V - v| <= 2^-59 / (1 - 2^-59) v < 2^-58 v. Step 3 widens by 2^-57: the
// widened bounds are themselves rounded (< 2^-64 v), still beyond 2^-58 v.
// x86-64 long double (x87 80-bit, 64-bit significand) is assumed; it is
// only used for this approximation, and a static_assert checks its width.
//
// The fast path (round_surd_fast, used by constructions.cpp when the inputs
// scale to int64 integers so that A, B, K, E fit in 256 bits) runs steps 2
// and 3 only, on 256-bit integers instead of cpp_int, with the cancellation
// bounded instead of removed; it answers only when step 3 certifies, and
// otherwise hands the coordinate to round_surd. Both are exact: 0 ulps.
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>

#include "scaled.hpp"

namespace touchstone::robust::exact {

static_assert(std::numeric_limits<long double>::digits >= 64,
              "the surd approximation needs a 64-bit long double significand");

/// sign(a + b sqrt(k)), k >= 0, exactly.
inline int sign_surd(const Big& a, const Big& b, const Big& k) {
    const int sa = a.sign();
    const int sb = k.sign() == 0 ? 0 : b.sign();
    if (sb == 0) return sa;
    if (sa == 0 || sa == sb) return sb;
    const int c = sign(Big(a * a - b * b * k));  // sign(a^2 - b^2 k)
    return sa > 0 ? c : -c;
}

/// A positive value m 2^e with m in [0.5, 1), or zero (m == 0).
struct XFloat {
    long double m = 0;
    long e = 0;
};

inline XFloat normalized(long double m, long e) {
    if (m == 0) return {};
    int k = 0;
    m = std::frexp(m, &k);
    return {m, e + k};
}

/// |v| truncated to a 64-bit significand (relative error < 2^-63).
inline XFloat to_xfloat(const Big& v) {
    if (v.is_zero()) return {};
    const Big a = abs(v);
    const long n = static_cast<long>(msb(a));  // 2^n <= a < 2^(n+1)
    std::uint64_t top;
    if (n >= 63)
        top = static_cast<std::uint64_t>(Big(a >> static_cast<unsigned>(n - 63)));
    else
        top = static_cast<std::uint64_t>(a) << (63 - n);
    return normalized(static_cast<long double>(top), n - 63);
}

inline XFloat mul(XFloat a, XFloat b) { return normalized(a.m * b.m, a.e + b.e); }
inline XFloat div(XFloat a, XFloat b) { return normalized(a.m / b.m, a.e - b.e); }
inline XFloat add(XFloat a, XFloat b) {  // both >= 0
    if (a.m == 0) return b;
    if (b.m == 0) return a;
    if (a.e < b.e) std::swap(a, b);
    if (a.e - b.e > 70) return a;
    return normalized(a.m + std::ldexp(b.m, static_cast<int>(b.e - a.e)), a.e);
}
inline XFloat sqrt(XFloat a) {
    if (a.m == 0) return {};
    if (a.e % 2 != 0) return normalized(std::sqrt(a.m * 2), (a.e - 1) / 2);
    return normalized(std::sqrt(a.m), a.e / 2);
}

/// m 2^e rounded to nearest in T (+inf above the range, 0 far below it).
template <class T>
T round_xfloat(long double m, long e) {
    if (m == 0 || e < -4000) return T(0);
    if (e > 4000) return std::numeric_limits<T>::infinity();
    return static_cast<T>(std::ldexp(m, static_cast<int>(e)));
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
template <class T>
T round_surd(Big A, Big B, const Big& K, const Big& E, int e0) {
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
    const T lo = round_xfloat<T>(v.m - std::ldexp(v.m, -57), e);
    const T hi = round_xfloat<T>(v.m + std::ldexp(v.m, -57), e);
    T y = lo;
    if (lo != hi) y = refine(round_xfloat<T>(v.m, e), PositiveSurd{A, B, K, E, e0});
    return s < 0 ? -y : y;
}

/// The same surd known through approximations, for the fast path where the
/// integers are below 2^256 and so fit long double's exponent range as they
/// are: V = 2^e0 (sa a + sb b sqrt(k)) / e with a, b, k, e >= 0 the
/// integers' magnitudes truncated to 64-bit significands (relative error
/// < 2^-63), sa, sb their exact signs (sb = 0 when B or K is 0).
struct SurdApprox {
    int sa = 0;
    long double a = 0;
    int sb = 0;
    long double b = 0, k = 0, e = 1;
};

/// The correctly rounded V when the approximations prove it (step 3 of the
/// banner), else false. The relative error bound rel of the computed |V|:
///  - same signs (or one term zero): |V| = (a + b sqrt k) / e, 2^-61.5 as in
///    step 2, taken as rel = 2^-59;
///  - opposite signs: a and b sqrt(k) are each known within 2^-61 relative,
///    so their computed difference is off by < 2^-61 (a + b sqrt k), i.e. by
///    2^-61 rho relative with rho = (a + b sqrt k) / |a - b sqrt k| (from
///    the approximations, with their own error far inside the slack); with
///    the division rel = 2^-60 (rho + 1) covers it for rho < 2^40, and the
///    sign is that of the larger term. Beyond, heavy cancellation: false.
/// v (1 -+ 2 rel) must round to the same T; the factor 2 absorbs the
/// rounding of the widened bounds. Scaling by 2^e0 (|e0| < 1200, two exact
/// power-of-two factors) stays inside long double's range. Float needs only
/// ~2^-25: nearly every float coordinate is certified here.
template <class T>
bool round_surd_fast(const SurdApprox& s, int e0, T& out) {
    if (s.sa == 0 && s.sb == 0) {
        out = T(0);
        return true;
    }
    const long double bk = s.sb == 0 ? 0.0L : s.b * std::sqrt(s.k);
    int sign;
    long double mag, rel = 0x1p-59L;
    if (s.sb == 0 || s.sa == 0 || s.sa == s.sb) {
        sign = s.sa != 0 ? s.sa : s.sb;
        mag = s.a + bk;
    } else {
        mag = std::fabs(s.a - bk);
        const long double sum = s.a + bk;
        if (!(mag * 0x1p40L > sum)) return false;  // rho >= 2^40 (or mag == 0)
        rel = 0x1p-60L * (sum / mag + 1);
        sign = s.a > bk ? s.sa : s.sb;
    }
    const int h = e0 / 2;
    const long double v = mag / s.e * static_cast<long double>(pow2(h)) * static_cast<long double>(pow2(e0 - h));
    const T lo = static_cast<T>(v * (1 - 2 * rel)), hi = static_cast<T>(v * (1 + 2 * rel));
    if (lo != hi) return false;
    out = sign < 0 ? -lo : lo;
    return true;
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
