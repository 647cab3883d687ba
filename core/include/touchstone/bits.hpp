// touchstone — bit-level helpers shared by the families, the audit and the
// fuzz targets: the deterministic random source and ulp stepping.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <type_traits>

namespace touchstone {

/// SplitMix64 (Steele, Lea, Flood 2014; Vigna's constants): advances the
/// state and returns the next 64-bit output. The same state gives the same
/// output on every machine and compiler.
constexpr std::uint64_t splitmix64(std::uint64_t& state) noexcept {
    std::uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

/// The unsigned integer type with T's bits.
template <class T>
using BitsOf = std::conditional_t<sizeof(T) == 4, std::uint32_t, std::uint64_t>;

template <class T>
BitsOf<T> to_bits(T x) noexcept {
    BitsOf<T> u;
    std::memcpy(&u, &x, sizeof u);
    return u;
}
template <class T>
T from_bits(BitsOf<T> u) noexcept {
    T x;
    std::memcpy(&x, &u, sizeof x);
    return x;
}

/// x stepped by k ulps through the representable values of T (k < 0: down).
/// -0 and +0 are one value. Saturates at +-max finite; NaN stays NaN;
/// infinities step to the nearest finite values and saturate.
template <class T>
T step_ulps(T x, std::int64_t k) noexcept {
    using U = BitsOf<T>;
    constexpr U sign = U(1) << (8 * sizeof(T) - 1);
    if (k == 0 || std::isnan(x)) return x;
    // Order the values on the integers: +x -> bits, -x -> -bits (so -0 and
    // +0 both map to 0), step, map back.
    const U u = to_bits(x);
    const auto mag = static_cast<std::int64_t>(u & ~sign);
    std::int64_t key = (u & sign) ? -mag : mag;
    const auto max_key = static_cast<std::int64_t>(to_bits(std::numeric_limits<T>::max()));
    // Infinities sit just outside (+-(max_key + 1)); saturate without overflow.
    if (k > 0)
        key = key >= max_key - k ? max_key : key + k;
    else
        key = key <= -max_key - k ? -max_key : key + k;
    const U out = key >= 0 ? static_cast<U>(key) : (sign | static_cast<U>(-key));
    return from_bits<T>(out);
}

}  // namespace touchstone
