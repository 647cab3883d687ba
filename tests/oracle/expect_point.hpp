// Bit-exact point comparison for the oracle's construction tests.
#pragma once

#include <gtest/gtest.h>

#include <cstring>

#include "touchstone/geometry.hpp"

namespace touchstone::oracle::test {

template <class T>
bool same_bits(T a, T b) {
    return std::memcmp(&a, &b, sizeof a) == 0;
}

/// got == (x, y) bit for bit (so -0 != +0 and the rounding is exact).
template <class T>
testing::AssertionResult same_point(const Vec2<T>& got, T x, T y) {
    if (same_bits(got.x, x) && same_bits(got.y, y)) return testing::AssertionSuccess();
    return testing::AssertionFailure() << std::hexfloat << "got (" << got.x << ", " << got.y
                                       << "), expected (" << x << ", " << y << ")";
}

}  // namespace touchstone::oracle::test
