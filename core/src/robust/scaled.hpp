// touchstone::robust — inputs as integers scaled to a common power of two.
//
// Every finite double is +-m 2^g with m an odd 53-bit integer (or zero). For a
// tuple of inputs let e0 be the smallest g: then every input is X_i 2^e0 with
// X_i an integer, and every predicate of DESIGN.md is a sign of a polynomial
// that is homogeneous in the inputs, so it has the sign of the same
// polynomial in the X_i. This is as obviously exact as rational arithmetic
// and needs no division. When all |X_i| < 2^61 the polynomials fit in
// __int128 (degree 2) or in 256-bit products (degree 4); otherwise the X_i go
// to cpp_int, whose size follows the exponent spread (up to 2^2100 for 1e-323
// beside 1e308).
#pragma once

#include <cstdint>
#include <cstring>

#include "touchstone/robust/detail/layers.hpp"

#include <boost/multiprecision/cpp_int.hpp>

namespace touchstone::robust::exact {

using Big = boost::multiprecision::cpp_int;
using I128 = __int128;
using U128 = unsigned __int128;

/// x = (neg ? -1 : 1) * m * 2^g with m odd, or m == 0 for +-0.
struct Dyadic {
    std::uint64_t m;
    int g;
    bool neg;
};

inline Dyadic decompose(double x) {
    std::uint64_t bits;
    std::memcpy(&bits, &x, sizeof bits);
    const bool neg = (bits >> 63) != 0;
    const int biased = static_cast<int>((bits >> 52) & 0x7ff);
    std::uint64_t m = bits & ((std::uint64_t{1} << 52) - 1);
    int g;
    if (biased == 0) {
        if (m == 0) return {0, 0, neg};
        g = -1074;  // subnormal: no hidden bit
    } else {
        m |= std::uint64_t{1} << 52;
        g = biased - 1075;
    }
    const int tz = __builtin_ctzll(m);
    return {m >> tz, g + tz, neg};
}

/// floor(log2 |x|) of a nonzero dyadic.
inline int top_exponent(const Dyadic& d) { return d.g + 63 - __builtin_clzll(d.m); }

/// The common exponent of n finite inputs and the bits their integers need.
struct Scale {
    int e0 = 0;     ///< every input is an integer multiple of 2^e0
    int bits = 0;   ///< every |X_i| < 2^bits
};

inline Scale common_scale(const Dyadic* d, int n) {
    int e0 = 1 << 20, top = -(1 << 20);
    for (int i = 0; i < n; ++i) {
        if (d[i].m == 0) continue;
        if (d[i].g < e0) e0 = d[i].g;
        const int t = top_exponent(d[i]);
        if (t > top) top = t;
    }
    if (top < e0) return {0, 0};  // all zero
    return {e0, top - e0 + 1};
}

/// Largest integer magnitude (in bits) of the int128 layer: with |X| < 2^61,
/// differences are < 2^62, products < 2^124, sums of three products < 2^126,
/// and degree-4 comparisons use exact 256-bit products.
inline constexpr int int128_bits = 61;

/// X_i = x_i 2^-e0 as 64-bit integers; requires scale.bits <= 62.
inline void to_int(const Dyadic* d, int n, const Scale& s, I128* out) {
    for (int i = 0; i < n; ++i) {
        if (d[i].m == 0) {
            out[i] = 0;
            continue;
        }
        const auto mag = static_cast<std::int64_t>(d[i].m << (d[i].g - s.e0));
        out[i] = d[i].neg ? -mag : mag;
    }
}

/// X_i = x_i 2^-e0 as cpp_int, any spread.
inline void to_int(const Dyadic* d, int n, const Scale& s, Big* out) {
    for (int i = 0; i < n; ++i) {
        if (d[i].m == 0) {
            out[i] = 0;
            continue;
        }
        out[i] = d[i].m;
        out[i] <<= static_cast<unsigned>(d[i].g - s.e0);
        if (d[i].neg) out[i] = -out[i];
    }
}

// ---------------------------------------------------------------------------
// Signs and the one degree-4 comparison, for both integer types.

inline int sign(I128 v) { return (v > 0) - (v < 0); }
inline int sign(const Big& v) { return v.sign(); }

/// Exact 128 x 128 -> 256-bit unsigned product, as (high, low).
struct U256 {
    U128 hi;
    U128 lo;
};
inline U256 mul_wide(U128 a, U128 b) {
    const std::uint64_t a0 = static_cast<std::uint64_t>(a), a1 = static_cast<std::uint64_t>(a >> 64);
    const std::uint64_t b0 = static_cast<std::uint64_t>(b), b1 = static_cast<std::uint64_t>(b >> 64);
    const U128 p00 = static_cast<U128>(a0) * b0, p01 = static_cast<U128>(a0) * b1;
    const U128 p10 = static_cast<U128>(a1) * b0, p11 = static_cast<U128>(a1) * b1;
    // mid < 3 * 2^64: no overflow.
    const U128 mid = (p00 >> 64) + static_cast<std::uint64_t>(p01) + static_cast<std::uint64_t>(p10);
    return {p11 + (p01 >> 64) + (p10 >> 64) + (mid >> 64), (mid << 64) | static_cast<std::uint64_t>(p00)};
}

inline U128 magnitude(I128 v) { return v < 0 ? U128(0) - static_cast<U128>(v) : static_cast<U128>(v); }

/// sign(a^2 - b c) for b, c >= 0.
inline int square_minus_product(I128 a, I128 b, I128 c) {
    const U128 m = magnitude(a);
    const U256 l = mul_wide(m, m), r = mul_wide(static_cast<U128>(b), static_cast<U128>(c));
    if (l.hi != r.hi) return l.hi > r.hi ? 1 : -1;
    if (l.lo != r.lo) return l.lo > r.lo ? 1 : -1;
    return 0;
}
inline int square_minus_product(const Big& a, const Big& b, const Big& c) {
    return sign(Big(a * a - b * c));
}

// ---------------------------------------------------------------------------
// Dispatch.

/// Runs kernel(X) on the scaled integers, in __int128 when they fit.
template <int N, class Kernel>
auto run_scaled(const double* x, Layer& layer, Kernel kernel) {
    Dyadic d[N];
    for (int i = 0; i < N; ++i) d[i] = decompose(x[i]);
    const Scale s = common_scale(d, N);
    if (s.bits <= int128_bits) {
        I128 X[N];
        to_int(d, N, s, X);
        layer = Layer::int128;
        return kernel(static_cast<const I128*>(X));
    }
    Big X[N];
    to_int(d, N, s, X);
    layer = Layer::wide;
    return kernel(static_cast<const Big*>(X));
}

}  // namespace touchstone::robust::exact
