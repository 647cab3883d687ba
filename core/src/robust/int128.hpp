// touchstone::robust — 128-bit integers: the compiler's __int128 where it has
// one, a portable pair of 64-bit words elsewhere (MSVC has no __int128).
//
// The exact layers (scaled.hpp) need from a 128-bit integer: +, -, negation,
// the truncated (mod 2^128) product, the full 64 x 64 -> 128 product,
// comparisons, shifts, bitwise and/or/not, and conversions to and from
// int64/uint64/double. PortableU128 and PortableI128 below provide exactly
// these with the builtin's semantics (two's complement, wrap-around modulo
// 2^128, arithmetic right shift of negative values, truncation toward zero
// from double, round-to-nearest-even to double), so the code above them is
// written once. tests/robust/int128_test.cpp checks them against __int128.
//
// The portable types are always defined (so that the tests can compare them
// with the builtin); I128/U128 name the builtin unless the compiler lacks
// it (__SIZEOF_INT128__ undefined) or TOUCHSTONE_FORCE_PORTABLE_INT128 is
// defined (CMake option of the same name), which tests the fallback on a
// compiler that has both.
#pragma once

#include <cmath>
#include <cstdint>
#include <type_traits>

#if defined(_MSC_VER) && !defined(__clang__)
#include <intrin.h>
#endif

namespace touchstone::robust::exact {

// ---------------------------------------------------------------------------
// Bit scans of a nonzero 64-bit word.

/// Number of leading zero bits of v != 0.
inline int clz64(std::uint64_t v) {
#if defined(__GNUC__) || defined(__clang__)
    return __builtin_clzll(v);
#elif defined(_MSC_VER)
    unsigned long i = 0;
    _BitScanReverse64(&i, v);
    return 63 - static_cast<int>(i);
#else
    int n = 0;
    for (std::uint64_t m = std::uint64_t{1} << 63; (v & m) == 0; m >>= 1) ++n;
    return n;
#endif
}

/// Number of trailing zero bits of v != 0.
inline int ctz64(std::uint64_t v) {
#if defined(__GNUC__) || defined(__clang__)
    return __builtin_ctzll(v);
#elif defined(_MSC_VER)
    unsigned long i = 0;
    _BitScanForward64(&i, v);
    return static_cast<int>(i);
#else
    int n = 0;
    for (; (v & 1) == 0; v >>= 1) ++n;
    return n;
#endif
}

// ---------------------------------------------------------------------------
// The portable pair.

struct PortableU128;
struct PortableI128;

namespace int128_detail {

/// Full 64 x 64 -> 128-bit unsigned product as (hi, lo), by 32-bit halves
/// (schoolbook; the middle sum is < 3 2^64 before its carry is split off).
constexpr void mul_64x64(std::uint64_t a, std::uint64_t b, std::uint64_t& hi, std::uint64_t& lo) {
    const std::uint64_t a0 = a & 0xffffffffu, a1 = a >> 32, b0 = b & 0xffffffffu, b1 = b >> 32;
    const std::uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
    const std::uint64_t mid = (p00 >> 32) + (p01 & 0xffffffffu) + (p10 & 0xffffffffu);  // < 3 2^32
    lo = (mid << 32) | (p00 & 0xffffffffu);
    hi = p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
}

template <class Int>
using if_integral = std::enable_if_t<std::is_integral_v<Int>, int>;

}  // namespace int128_detail

/// Unsigned 128-bit integer, arithmetic modulo 2^128 like unsigned __int128.
struct PortableU128 {
    std::uint64_t lo = 0, hi = 0;

    constexpr PortableU128() = default;
    /// From any integer type: sign-extended, then taken modulo 2^128.
    template <class Int, int128_detail::if_integral<Int> = 0>
    constexpr PortableU128(Int v)  // NOLINT: implicit, as for the builtin
        : lo(static_cast<std::uint64_t>(v)), hi(v < Int(0) ? ~std::uint64_t{0} : 0) {}
    static constexpr PortableU128 from_words(std::uint64_t hi, std::uint64_t lo) {
        PortableU128 r;
        r.hi = hi;
        r.lo = lo;
        return r;
    }
    explicit constexpr PortableU128(const PortableI128& v);

    template <class Int, int128_detail::if_integral<Int> = 0>
    explicit constexpr operator Int() const {
        return static_cast<Int>(lo);  // modulo 2^bits of Int, as the builtin conversion
    }
    /// Round to nearest, ties to even (as the builtin conversion).
    explicit operator double() const;

    friend constexpr PortableU128 operator+(PortableU128 a, PortableU128 b) {
        const std::uint64_t lo = a.lo + b.lo;
        return from_words(a.hi + b.hi + (lo < a.lo ? 1 : 0), lo);
    }
    friend constexpr PortableU128 operator-(PortableU128 a, PortableU128 b) {
        return from_words(a.hi - b.hi - (a.lo < b.lo ? 1 : 0), a.lo - b.lo);
    }
    friend constexpr PortableU128 operator-(PortableU128 a) { return PortableU128() - a; }
    friend constexpr PortableU128 operator~(PortableU128 a) { return from_words(~a.hi, ~a.lo); }
    friend constexpr PortableU128 operator*(PortableU128 a, PortableU128 b) {
        std::uint64_t hi = 0, lo = 0;
        int128_detail::mul_64x64(a.lo, b.lo, hi, lo);
        return from_words(hi + a.lo * b.hi + a.hi * b.lo, lo);  // the rest is >= 2^128
    }
    friend constexpr PortableU128 operator&(PortableU128 a, PortableU128 b) {
        return from_words(a.hi & b.hi, a.lo & b.lo);
    }
    friend constexpr PortableU128 operator|(PortableU128 a, PortableU128 b) {
        return from_words(a.hi | b.hi, a.lo | b.lo);
    }
    friend constexpr PortableU128 operator^(PortableU128 a, PortableU128 b) {
        return from_words(a.hi ^ b.hi, a.lo ^ b.lo);
    }
    /// Shifts by 0 <= s < 128 (as for the builtin, larger shifts are not used).
    friend constexpr PortableU128 operator<<(PortableU128 a, int s) {
        if (s == 0) return a;
        if (s >= 64) return from_words(a.lo << (s - 64), 0);
        return from_words((a.hi << s) | (a.lo >> (64 - s)), a.lo << s);
    }
    friend constexpr PortableU128 operator>>(PortableU128 a, int s) {
        if (s == 0) return a;
        if (s >= 64) return from_words(0, a.hi >> (s - 64));
        return from_words(a.hi >> s, (a.lo >> s) | (a.hi << (64 - s)));
    }
    friend constexpr bool operator==(PortableU128 a, PortableU128 b) {
        return a.hi == b.hi && a.lo == b.lo;
    }
    friend constexpr bool operator!=(PortableU128 a, PortableU128 b) { return !(a == b); }
    friend constexpr bool operator<(PortableU128 a, PortableU128 b) {
        return a.hi != b.hi ? a.hi < b.hi : a.lo < b.lo;
    }
    friend constexpr bool operator>(PortableU128 a, PortableU128 b) { return b < a; }
    friend constexpr bool operator<=(PortableU128 a, PortableU128 b) { return !(b < a); }
    friend constexpr bool operator>=(PortableU128 a, PortableU128 b) { return !(a < b); }
    PortableU128& operator+=(PortableU128 b) { return *this = *this + b; }
    PortableU128& operator-=(PortableU128 b) { return *this = *this - b; }
    PortableU128& operator<<=(int s) { return *this = *this << s; }
    PortableU128& operator>>=(int s) { return *this = *this >> s; }
};

/// Signed 128-bit integer, two's complement in the same two words; +, -, *
/// wrap modulo 2^128 (the exact layers never overflow: their bounds are
/// proven at each use).
struct PortableI128 {
    std::uint64_t lo = 0, hi = 0;

    constexpr PortableI128() = default;
    template <class Int, int128_detail::if_integral<Int> = 0>
    constexpr PortableI128(Int v)  // NOLINT: implicit, as for the builtin
        : lo(static_cast<std::uint64_t>(v)), hi(v < Int(0) ? ~std::uint64_t{0} : 0) {}
    explicit constexpr PortableI128(PortableU128 v) : lo(v.lo), hi(v.hi) {}
    /// Truncation toward zero of a finite |x| < 2^127 (as the builtin).
    explicit PortableI128(double x);

    constexpr PortableU128 bits() const { return PortableU128::from_words(hi, lo); }
    static constexpr PortableI128 of(PortableU128 v) { return PortableI128(v); }
    constexpr bool negative() const { return (hi >> 63) != 0; }

    template <class Int, int128_detail::if_integral<Int> = 0>
    explicit constexpr operator Int() const {
        return static_cast<Int>(lo);
    }
    explicit operator double() const {
        const double m = static_cast<double>(negative() ? -bits() : bits());
        return negative() ? -m : m;
    }

    friend constexpr PortableI128 operator+(PortableI128 a, PortableI128 b) {
        return of(a.bits() + b.bits());
    }
    friend constexpr PortableI128 operator-(PortableI128 a, PortableI128 b) {
        return of(a.bits() - b.bits());
    }
    friend constexpr PortableI128 operator-(PortableI128 a) { return of(-a.bits()); }
    friend constexpr PortableI128 operator~(PortableI128 a) { return of(~a.bits()); }
    // The low 128 bits of a product do not depend on signedness.
    friend constexpr PortableI128 operator*(PortableI128 a, PortableI128 b) {
        return of(a.bits() * b.bits());
    }
    friend constexpr PortableI128 operator&(PortableI128 a, PortableI128 b) {
        return of(a.bits() & b.bits());
    }
    friend constexpr PortableI128 operator|(PortableI128 a, PortableI128 b) {
        return of(a.bits() | b.bits());
    }
    friend constexpr PortableI128 operator<<(PortableI128 a, int s) { return of(a.bits() << s); }
    /// Arithmetic shift (the builtin's behaviour on gcc and clang), 0 <= s < 128.
    friend constexpr PortableI128 operator>>(PortableI128 a, int s) {
        if (!a.negative()) return of(a.bits() >> s);
        return ~of((~a.bits()) >> s);  // floor division by 2^s
    }
    friend constexpr bool operator==(PortableI128 a, PortableI128 b) {
        return a.hi == b.hi && a.lo == b.lo;
    }
    friend constexpr bool operator!=(PortableI128 a, PortableI128 b) { return !(a == b); }
    friend constexpr bool operator<(PortableI128 a, PortableI128 b) {
        // Flipping the sign bit maps two's complement order onto unsigned order.
        const std::uint64_t flip = std::uint64_t{1} << 63;
        return PortableU128::from_words(a.hi ^ flip, a.lo) <
               PortableU128::from_words(b.hi ^ flip, b.lo);
    }
    friend constexpr bool operator>(PortableI128 a, PortableI128 b) { return b < a; }
    friend constexpr bool operator<=(PortableI128 a, PortableI128 b) { return !(b < a); }
    friend constexpr bool operator>=(PortableI128 a, PortableI128 b) { return !(a < b); }
    PortableI128& operator+=(PortableI128 b) { return *this = *this + b; }
    PortableI128& operator-=(PortableI128 b) { return *this = *this - b; }
};

constexpr PortableU128::PortableU128(const PortableI128& v) : lo(v.lo), hi(v.hi) {}

inline PortableU128::operator double() const {
    if (hi == 0) return static_cast<double>(lo);  // one correct rounding
    // Keep the top 64 bits and OR every lower bit into the last one (a
    // sticky bit): bit 0 of top lies 11 places below double's rounding
    // position, so top rounds exactly as the full value does, and the
    // scaling by 2^sh is exact (the result is below 2^128).
    const int n = 128 - clz64(hi);  // bit length, 65..128
    const int sh = n - 64;          // 1..64
    std::uint64_t top = hi;         // sh == 64
    std::uint64_t rest = lo;
    if (sh < 64) {
        top = (hi << (64 - sh)) | (lo >> sh);
        rest = lo << (64 - sh);
    }
    if (rest != 0) top |= 1;
    return std::ldexp(static_cast<double>(top), sh);
}

inline PortableI128::PortableI128(double x) {
    const double a = std::fabs(x);
    PortableU128 m;
    if (a < 0x1p63) {
        m = static_cast<std::uint64_t>(a);  // truncates
    } else {
        // a = f 2^k, f in [0.5, 1): an integer (k >= 64 > 53), so exact.
        int k = 0;
        const double f = std::frexp(a, &k);
        m = PortableU128(static_cast<std::uint64_t>(std::ldexp(f, 53))) << (k - 53);
    }
    *this = of(x < 0 ? -m : m);
}

/// a * b, full 128-bit product.
constexpr PortableU128 mul_full(std::uint64_t a, std::uint64_t b) {
    std::uint64_t hi = 0, lo = 0;
    int128_detail::mul_64x64(a, b, hi, lo);
    return PortableU128::from_words(hi, lo);
}
constexpr PortableI128 mul_full_signed(std::int64_t a, std::int64_t b) {
    // |a|, |b| <= 2^63: their product fits; the sign is applied after.
    const std::uint64_t ma =
        a < 0 ? std::uint64_t{0} - static_cast<std::uint64_t>(a) : static_cast<std::uint64_t>(a);
    const std::uint64_t mb =
        b < 0 ? std::uint64_t{0} - static_cast<std::uint64_t>(b) : static_cast<std::uint64_t>(b);
    const PortableU128 m = mul_full(ma, mb);
    return PortableI128((a < 0) != (b < 0) ? -m : m);
}

// ---------------------------------------------------------------------------
// The types the exact layers use.

#if defined(__SIZEOF_INT128__) && !defined(TOUCHSTONE_FORCE_PORTABLE_INT128)
inline constexpr bool builtin_int128 = true;
__extension__ using I128 = __int128;
__extension__ using U128 = unsigned __int128;

/// a * b in 128 bits (one widening multiply).
inline U128 mul_u64(std::uint64_t a, std::uint64_t b) { return static_cast<U128>(a) * b; }
inline I128 mul_i64(std::int64_t a, std::int64_t b) { return static_cast<I128>(a) * b; }
#else
inline constexpr bool builtin_int128 = false;
using I128 = PortableI128;
using U128 = PortableU128;

inline U128 mul_u64(std::uint64_t a, std::uint64_t b) { return mul_full(a, b); }
inline I128 mul_i64(std::int64_t a, std::int64_t b) { return mul_full_signed(a, b); }
#endif

/// High and low 64-bit words of a U128.
inline std::uint64_t high_word(U128 v) { return static_cast<std::uint64_t>(v >> 64); }
inline std::uint64_t low_word(U128 v) { return static_cast<std::uint64_t>(v); }

/// Number of significant bits of v (0 for v == 0).
inline int bit_length(U128 v) {
    const std::uint64_t h = high_word(v), l = low_word(v);
    if (h != 0) return 128 - clz64(h);
    return l != 0 ? 64 - clz64(l) : 0;
}

}  // namespace touchstone::robust::exact
