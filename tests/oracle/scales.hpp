// Shared helpers of the oracle tests: power-of-two scales that keep the
// Pythagorean configurations exact in T.
#pragma once

#include <cmath>
#include <limits>
#include <vector>

namespace touchstone::oracle::test {

/// Exponents k such that m * 2^k is a finite, non-zero value of T for every
/// integer 1 <= m < 32 (the tests build coordinates up to 17 * 2^k): from the smallest
/// subnormal up to just below overflow, with the ordinary range -60..60.
template <class T>
std::vector<int> scale_exponents() {
    using limits = std::numeric_limits<T>;
    const int smallest = limits::min_exponent - limits::digits;  // denorm_min = 2^smallest
    const int largest = limits::max_exponent - 5;                // 32 * 2^k = 2^max_exponent
    std::vector<int> ks{smallest, smallest + 1, smallest + 7, limits::min_exponent - 1};
    for (int k = -60; k <= 60; ++k) ks.push_back(k);
    // near 1e300 (2^996 ~ 6.7e299) for double, near FLT_MAX for float
    if (largest > 996) ks.push_back(996);
    ks.push_back(largest - 3);
    ks.push_back(largest);
    return ks;
}

template <class T>
T scaled(double m, int k) {
    return static_cast<T>(std::ldexp(static_cast<T>(m), k));
}

template <class T>
T down(T x) {
    return std::nextafter(x, -std::numeric_limits<T>::infinity());
}
template <class T>
T up(T x) {
    return std::nextafter(x, std::numeric_limits<T>::infinity());
}

}  // namespace touchstone::oracle::test
