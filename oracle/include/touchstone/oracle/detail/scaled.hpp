// touchstone::oracle::detail — finite doubles as integers on a common scale.
//
// Every finite double x is exactly m * 2^e with m an integer of at most 53
// bits (IEEE 754-2008 3.4: significand times a power of two; subnormals have
// the fixed exponent -1074). Given the inputs x_i = m_i * 2^e_i of a
// predicate, let E = min e_i over the non-zero inputs and X_i = m_i * 2^(e_i
// - E). Then x_i = X_i * 2^E with every X_i an integer. The predicates of the
// oracle compare two homogeneous polynomials of the same degree D in the
// inputs, so the common factor 2^(D*E) > 0 cancels and the comparison can be
// made on the integers X_i without changing its outcome.
//
// Boost-free on purpose: the integer type is a template parameter.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>

namespace touchstone::oracle::detail {

/// x == mantissa * 2^exponent exactly, mantissa odd (or 0 with exponent 0).
struct Dyadic {
    std::int64_t mantissa{0};
    int exponent{0};
};

/// Exact decomposition of a finite double (precondition: x is finite).
inline Dyadic decompose(double x) {
    std::uint64_t bits = 0;
    std::memcpy(&bits, &x, sizeof bits);
    const bool negative = (bits >> 63) != 0;
    const int biased = static_cast<int>((bits >> 52) & 0x7ffu);
    const std::uint64_t fraction = bits & ((std::uint64_t{1} << 52) - 1);
    // Normal: (2^52 + f) * 2^(biased - 1075); subnormal: f * 2^-1074.
    std::uint64_t m = biased == 0 ? fraction : (fraction | (std::uint64_t{1} << 52));
    int e = biased == 0 ? -1074 : biased - 1075;
    if (m == 0) return {};
    // Strip trailing zero bits: keeps the integers of mixed-scale inputs short.
    const int tz = __builtin_ctzll(m);
    m >>= tz;
    e += tz;
    const auto signed_m = static_cast<std::int64_t>(m);  // m < 2^53
    return {negative ? -signed_m : signed_m, e};
}

/// Number of bits of |m| (0 for 0).
inline int bit_length(std::int64_t m) {
    const std::uint64_t a = m < 0 ? static_cast<std::uint64_t>(-m) : static_cast<std::uint64_t>(m);
    return a == 0 ? 0 : 64 - __builtin_clzll(a);
}

/// The inputs of one predicate on their common scale 2^min_exponent.
template <std::size_t N>
struct ScaledInputs {
    std::array<Dyadic, N> value{};
    int min_exponent{0};  ///< E: min exponent over non-zero inputs
    int bits{0};          ///< B: every |X_i| < 2^B
};

/// Decomposes every input and finds the common scale (precondition: finite).
template <std::size_t N>
ScaledInputs<N> scale(const std::array<double, N>& x) {
    ScaledInputs<N> s;
    bool any = false;
    for (std::size_t i = 0; i < N; ++i) {
        s.value[i] = decompose(x[i]);
        if (s.value[i].mantissa != 0) {
            s.min_exponent =
                any ? (s.value[i].exponent < s.min_exponent ? s.value[i].exponent : s.min_exponent)
                    : s.value[i].exponent;
            any = true;
        }
    }
    for (const Dyadic& d : s.value) {
        if (d.mantissa == 0) continue;
        const int b = bit_length(d.mantissa) + (d.exponent - s.min_exponent);
        if (b > s.bits) s.bits = b;
    }
    return s;
}

/// True when a formula of degree `degree` evaluated with integers of
/// `magnitude_bits` bits cannot overflow, given every |X_i| < 2^bits (= B).
/// Each formula in formulas.hpp derives its largest intermediate from
/// |X_i| < 2^B (a difference < 2^(B+1), a product of two < 2^(2B+2), a sum
/// of two such < 2^(2B+3), a square of that < 2^(4B+6)); every one of them
/// stays below 2^(D*(B+2)), so D*(B+2) <= magnitude_bits suffices.
inline bool fits(int degree, int bits, int magnitude_bits) {
    return degree * (bits + 2) <= magnitude_bits;
}

/// X_i = m_i * 2^(e_i - E) as the integer type Int (which must hold them;
/// see fits()). Shifts the magnitude, then applies the sign, so that no left
/// shift of a negative value is ever performed.
template <class Int, std::size_t N>
std::array<Int, N> to_integers(const ScaledInputs<N>& s) {
    std::array<Int, N> out{};
    for (std::size_t i = 0; i < N; ++i) {
        const Dyadic& d = s.value[i];
        if (d.mantissa == 0) {
            out[i] = Int(0);
            continue;
        }
        const bool negative = d.mantissa < 0;
        Int magnitude(negative ? -d.mantissa : d.mantissa);
        magnitude <<= static_cast<unsigned>(d.exponent - s.min_exponent);
        out[i] = negative ? Int(-magnitude) : magnitude;
    }
    return out;
}

}  // namespace touchstone::oracle::detail
