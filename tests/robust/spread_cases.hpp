// Inputs from the ends of the format: the fields that drive the robust
// core's exact stages to their widest integers (the largest finite values
// beside the smallest subnormals, zeros, ordinary values), radii made valid.
// Shared by robust_no_allocation_test (allocations and stack at the widest
// spreads) and robust_answers_digest (the same answers on every target).
#pragma once

#include <array>
#include <cmath>
#include <cstdint>
#include <limits>

#include "touchstone/bits.hpp"
#include "touchstone/primitive.hpp"

namespace touchstone::test {

/// A field from the ends of T's range: 0, the smallest subnormals, any
/// subnormal, values near the largest finite one, any finite value, 1; either sign.
template <class T>
T spread_field(std::uint64_t& s) {
    using L = std::numeric_limits<T>;
    const std::uint64_t w = splitmix64(s);
    const T sign = (w & 1) != 0 ? T(-1) : T(1);
    const int digits = L::digits, emin = L::min_exponent - 1, emax = L::max_exponent - 1;
    const T frac = static_cast<T>(1 + std::ldexp(static_cast<double>(w >> 12), -52));  // [1, 2)
    switch ((w >> 1) % 6) {
        case 0: return T(0);
        case 1: return sign * L::denorm_min() * static_cast<T>(1 + (w >> 8) % 7);
        case 2:
            return sign * std::ldexp(frac, emin - 1 - static_cast<int>((w >> 4) % (digits - 1)));
        case 3: return sign * L::max() / static_cast<T>(1 + (w >> 8) % 3);
        case 4: {
            const int e = emin - digits + 1 + static_cast<int>((w >> 4) % (emax - emin + digits));
            return sign * std::ldexp(frac, e);
        }
        default: return sign;
    }
}

/// Spread inputs for p: every field from spread_field, radii made valid.
template <class T>
std::array<T, max_fields> spread_case(Primitive p, std::uint64_t& s) {
    std::array<T, max_fields> x{};
    for (int i = 0; i < arity(p); ++i) {
        const T v = spread_field<T>(s);
        x[static_cast<std::size_t>(i)] = is_radius(p, i) ? std::fabs(v) : v;
    }
    return x;
}

}  // namespace touchstone::test
