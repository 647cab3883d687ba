// Tests of ulp_distance (oracle/src/ulp_distance.cpp).
#include <gtest/gtest.h>

#include <cfloat>
#include <cmath>
#include <cstdint>
#include <limits>

#include "touchstone/oracle/oracle.hpp"

namespace touchstone::oracle {
namespace {

template <class T>
void basics() {
    using L = std::numeric_limits<T>;
    const T inf = L::infinity();
    EXPECT_EQ(ulp_distance(T(1), T(1)), 0u);
    EXPECT_EQ(ulp_distance(T(1), std::nextafter(T(1), T(2))), 1u);
    EXPECT_EQ(ulp_distance(std::nextafter(T(1), T(2)), T(1)), 1u);
    EXPECT_EQ(ulp_distance(T(1), std::nextafter(T(1), T(0))), 1u);
    EXPECT_EQ(ulp_distance(T(0), T(-0.0)), 0u);
    EXPECT_EQ(ulp_distance(T(0), L::denorm_min()), 1u);
    EXPECT_EQ(ulp_distance(-L::denorm_min(), L::denorm_min()), 2u);  // across zero
    EXPECT_EQ(ulp_distance(T(-0.0), L::denorm_min()), 1u);
    EXPECT_EQ(ulp_distance(L::max(), inf), 1u);
    EXPECT_EQ(ulp_distance(-inf, -L::max()), 1u);
    // [1, 2) holds 2^(p-1) values.
    EXPECT_EQ(ulp_distance(T(1), T(2)), std::uint64_t{1} << (L::digits - 1));
    // From -inf to +inf: every finite value plus the steps to the infinities;
    // with +-0 as one point the positive side has (inf bits) steps.
    const std::uint64_t half = ulp_distance(T(0), inf);
    EXPECT_EQ(ulp_distance(-inf, inf), 2 * half);
    EXPECT_EQ(ulp_distance(L::quiet_NaN(), T(1)), UINT64_MAX);
    EXPECT_EQ(ulp_distance(T(1), L::quiet_NaN()), UINT64_MAX);
    EXPECT_EQ(ulp_distance(L::quiet_NaN(), L::quiet_NaN()), UINT64_MAX);
}

TEST(UlpDistance, AdjacentZerosInfinitiesAndNaN) {
    basics<float>();
    basics<double>();
    EXPECT_EQ(ulp_distance(0.0f, std::numeric_limits<float>::infinity()), 0x7f800000u);
    EXPECT_EQ(ulp_distance(0.0, std::numeric_limits<double>::infinity()), 0x7ff0000000000000u);
}

}  // namespace
}  // namespace touchstone::oracle
