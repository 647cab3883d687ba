// Helpers for the robust core's exact-case tests: typed over float and
// double, exact scaling by powers of two, ulp steps.
#pragma once

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <random>
#include <vector>

#include "touchstone/geometry.hpp"

namespace touchstone::robust_test {

using Precisions = ::testing::Types<float, double>;

/// Exponents k such that configurations of small integers (< 2^7) scaled by
/// 2^k stay exact in T: moderate ones, ones whose squares (and fourth powers)
/// overflow T, and ones whose squares underflow T, down into the subnormals.
template <class T>
std::vector<int> scale_exponents() {
    if constexpr (sizeof(T) == 8)
        return {0,   1,    -1,   20,   -20,  100,  -100, 255,  256,  300,   511,   512,   600,
                900, 1000, 1010, -256, -300, -511, -512, -600, -900, -1000, -1020, -1060, -1067};
    else
        return {0,   1,   -1,  10,  -10, 32,   33,   63,   64,   100,
                110, 118, -32, -63, -64, -100, -126, -130, -140, -142};
}

/// x 2^1074 as an integer of type Z (every double is an integer multiple of
/// 2^-1074; Z a Boost.Multiprecision integer wide enough, about 2100 bits for
/// one double, twice that for a product): exact values of the polynomials
/// of the predicates, which are homogeneous, on one scale.
template <class Z>
Z times_2_to_1074(double x) {
    if (x == 0) return Z(0);
    int e = 0;
    const double f = std::frexp(std::fabs(x), &e);  // |x| = f 2^e, f in [0.5, 1)
    Z z = static_cast<std::int64_t>(std::ldexp(f, 53));
    const int shift = e - 53 + 1074;  // negative for subnormals (whose low bits are 0)
    if (shift >= 0)
        z <<= static_cast<unsigned>(shift);
    else
        z >>= static_cast<unsigned>(-shift);
    return x < 0 ? Z(-z) : z;
}

/// Uniform in [lo, hi) from 52 bits of a 64-bit generator. Not
/// std::uniform_real_distribution: its generate_canonical calls the C
/// library's logl, which under -mlong-double-64 (the longdouble64 preset,
/// glibc built for the x87 format) reads a long double of the wrong format:
/// a SIGFPE or wrong draws, by luck of what the x87 stack holds.
template <class Rng>
double uniform_real(Rng& rng, double lo, double hi) {
    static_assert(sizeof(rng()) == 8, "a 64-bit generator (std::mt19937_64)");
    return lo + (hi - lo) * (static_cast<double>(rng() >> 12) * 0x1p-52);
}

template <class T>
T s2(double v, int k) {
    return std::ldexp(static_cast<T>(v), k);  // exact for the small integers used
}

template <class T>
T up(T x) {
    return std::nextafter(x, std::numeric_limits<T>::infinity());
}
template <class T>
T down(T x) {
    return std::nextafter(x, -std::numeric_limits<T>::infinity());
}

/// x moved by k ulps, k drawn uniformly from -3 .. 3 (0 included): the
/// near-degenerate cases' nudge.
template <class T, class Rng>
T nudge_ulps(Rng& rng, T x) {
    const int k = std::uniform_int_distribution<int>(-3, 3)(rng);
    for (int i = 0; i < std::abs(k); ++i) x = k > 0 ? up(x) : down(x);
    return x;
}

template <class T>
Vec2<T> v2(double x, double y, int k = 0) {
    return {s2<T>(x, k), s2<T>(y, k)};
}
template <class T>
Circle<T> circle(double x, double y, double r, int k = 0) {
    return {v2<T>(x, y, k), s2<T>(r, k)};
}
template <class T>
Segment<T> segment(double ax, double ay, double bx, double by, int k = 0) {
    return {v2<T>(ax, ay, k), v2<T>(bx, by, k)};
}

/// Exact equality of points, bit for bit up to the sign of zero.
template <class T>
::testing::AssertionResult same_point(Vec2<T> got, Vec2<T> want) {
    if (got.x == want.x && got.y == want.y) return ::testing::AssertionSuccess();
    return ::testing::AssertionFailure() << "got (" << std::hexfloat << got.x << ", " << got.y
                                         << "), want (" << want.x << ", " << want.y << ")";
}

}  // namespace touchstone::robust_test
