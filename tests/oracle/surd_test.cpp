// Tests of exact rationals and surds (oracle/src/surd.cpp).
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "touchstone/oracle/exact.hpp"

namespace touchstone::oracle {
namespace {

Rational q(long n, long d = 1) { return Rational(n) / Rational(d); }

TEST(Surd, SignOfEachCase) {
    EXPECT_EQ(sign(Surd{q(0), q(0), q(0)}), 0);
    EXPECT_EQ(sign(Surd{q(-3), q(5), q(0)}), -1);       // s = 0: sign of p
    EXPECT_EQ(sign(Surd{q(0), q(-1), q(2)}), -1);       // -sqrt 2
    EXPECT_EQ(sign(Surd{q(1), q(1), q(2)}), 1);         // same signs
    EXPECT_EQ(sign(Surd{q(-2), q(1), q(2)}), -1);       // -2 + 1.41
    EXPECT_EQ(sign(Surd{q(2), q(-1), q(3)}), 1);        // 2 - 1.73
    EXPECT_EQ(sign(Surd{q(3), q(-1), q(9)}), 0);        // 3 - 3
    EXPECT_EQ(sign(Surd{q(-3, 2), q(1, 2), q(9)}), 0);  // -3/2 + 3/2
    // sqrt(2) vs 99/70 = 1.41428...: 2 * 70^2 = 9800 < 99^2 = 9801.
    EXPECT_EQ(sign(Surd{q(-99, 70), q(1), q(2)}), -1);
    EXPECT_EQ(sign(Surd{q(-140, 99), q(1), q(2)}), 1);  // 140^2 = 19600 < 2 * 99^2 = 19602
}

TEST(Surd, CompareAcrossRadicands) {
    const Surd sqrt2{q(0), q(1), q(2)};
    const Surd sqrt3{q(0), q(1), q(3)};
    EXPECT_EQ(compare(sqrt2, sqrt3), -1);
    EXPECT_EQ(compare(sqrt3, sqrt2), 1);
    EXPECT_EQ(compare(sqrt2, sqrt2), 0);
    // (1 + sqrt 2)^2 = 3 + 2 sqrt 2 = 5.83 < 6.
    EXPECT_EQ(compare(Surd{q(1), q(1), q(2)}, Surd{q(0), q(1), q(6)}), -1);
    // (1 + sqrt 2)^2 > 5.8 = 29/5 needs 2 sqrt 2 > 14/5: 8 > 196/25 = 7.84.
    EXPECT_EQ(compare(Surd{q(1), q(1), q(2)}, Surd{q(0), q(1), q(29, 5)}), 1);
    // 1 + sqrt 4 = 3 = sqrt 9.
    EXPECT_EQ(compare(Surd{q(1), q(1), q(4)}, Surd{q(0), q(1), q(9)}), 0);
    // Opposite signs: -sqrt 2 < sqrt 3; -sqrt 3 < -sqrt 2.
    EXPECT_EQ(compare(negate(sqrt2), sqrt3), -1);
    EXPECT_EQ(compare(negate(sqrt3), negate(sqrt2)), -1);
    // Against rationals (q == 0).
    EXPECT_EQ(compare(sqrt2, Surd{q(3, 2)}), -1);
    EXPECT_EQ(compare(Surd{q(3, 2)}, sqrt2), 1);
}

TEST(Surd, ToRationalIsExact) {
    EXPECT_EQ(to_rational(0.1),
              Rational(3602879701896397LL) /
                  Rational(36028797018963968LL));  // 0.1 = 3602879701896397 / 2^55
    EXPECT_EQ(to_rational(0.1f),
              Rational(13421773) / Rational(134217728));  // 0.1f = 13421773 / 2^27
    const Rational denorm = to_rational(std::numeric_limits<double>::denorm_min());
    EXPECT_EQ(denorm * to_rational(std::ldexp(1.0, 1000)) * to_rational(std::ldexp(1.0, 74)), 1);
    EXPECT_EQ(to_rational(-0.0), 0);
}

}  // namespace
}  // namespace touchstone::oracle
