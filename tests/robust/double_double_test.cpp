// The double-double operations of core/src/robust/double_double.hpp against
// exact rationals: every result within the bound derived in that header
// (dd_rel = 2^-102 relative; dd_sub 3.02 u^2 of x + y absolute), on random
// operands over the magnitudes rounding.hpp uses and on adversarial ones
// (lo words of either sign, operands one ulp apart for the subtraction).
#include <gtest/gtest.h>

#include <boost/multiprecision/cpp_int.hpp>

#include <cmath>
#include <cstdint>
#include <random>

#include "double_double.hpp"

namespace {

using namespace touchstone::robust::exact;
using Q = boost::multiprecision::cpp_rational;

Q exact(double x) {
    // x = m 2^e exactly, m a 53-bit integer.
    int e = 0;
    const double f = std::frexp(x, &e);
    const auto m = static_cast<std::int64_t>(std::ldexp(f, 53));
    Q q = m;
    e -= 53;
    boost::multiprecision::cpp_int p = 1;
    p <<= static_cast<unsigned>(e < 0 ? -e : e);
    return e < 0 ? Q(q / p) : Q(q * p);
}
Q exact(DD x) { return exact(x.hi) + exact(x.lo); }

/// A normalized double-double in [2^lo_exp, 2^hi_exp) with a random lo word.
DD random_dd(std::mt19937_64& g, int lo_exp, int hi_exp) {
    const double m = std::ldexp(static_cast<double>(g() >> 11), -53) + 0.5;
    const double hi =
        std::ldexp(m, lo_exp + static_cast<int>(g() % static_cast<unsigned>(hi_exp - lo_exp)));
    const double lo =
        std::ldexp(static_cast<double>(static_cast<std::int64_t>(g()) >> 11), -53) * hi * 0x1p-53;
    return fast_two_sum(hi, lo);
}

bool normalized(DD x) { return x.hi + x.lo == x.hi; }

/// |got - want| <= bound |want|, exactly.
::testing::AssertionResult within(const Q& got, const Q& want, double bound) {
    const Q err = abs(got - want);
    if (err <= exact(bound) * abs(want)) return ::testing::AssertionSuccess();
    return ::testing::AssertionFailure()
           << "relative error " << static_cast<double>(err / abs(want)) << " above " << bound;
}

constexpr int kCases = 20'000;

TEST(DoubleDouble, ProductsSumsQuotientsAndRootsStayWithinTheDerivedBound) {
    std::mt19937_64 g(1123);
    for (int i = 0; i < kCases; ++i) {
        const DD x = random_dd(g, -300, 300), y = random_dd(g, -300, 300);
        const Q qx = exact(x), qy = exact(y);
        const DD s = dd_add(x, y), p = dd_mul(x, y), q = dd_div(x, y), r = dd_sqrt(x);
        ASSERT_TRUE(within(exact(s), qx + qy, dd_rel));
        ASSERT_TRUE(within(exact(p), qx * qy, dd_rel));
        ASSERT_TRUE(within(exact(q), qx / qy, dd_rel));
        // sqrt: (1 - rel)^2 x <= r^2 <= (1 + rel)^2 x.
        const Q r2 = exact(r) * exact(r), lo = 1 - exact(dd_rel), hi = 1 + exact(dd_rel);
        ASSERT_TRUE(lo * lo * qx <= r2 && r2 <= hi * hi * qx);
        ASSERT_TRUE(normalized(s) && normalized(p) && normalized(q) && normalized(r));
    }
}

TEST(DoubleDouble, SubtractionErrsBelowItsBoundOnTheSumEvenUnderCancellation) {
    std::mt19937_64 g(5);
    const double bound = 3.02 * 0x1p-106;
    for (int i = 0; i < kCases; ++i) {
        const DD x = random_dd(g, -60, 60);
        DD y = random_dd(g, -60, 60);
        if (i % 2 == 0)
            y = fast_two_sum(x.hi * (1 + 0x1p-52 * static_cast<double>(i % 7)), -x.lo);  // near x
        const Q qx = exact(x), qy = exact(y);
        const DD d = dd_sub(x, y);
        ASSERT_LE(abs(exact(d) - (qx - qy)), exact(bound) * (qx + qy));
        ASSERT_TRUE(normalized(d));
    }
}

TEST(DoubleDouble, TwoProductIsExact) {
    std::mt19937_64 g(17);
    for (int i = 0; i < kCases; ++i) {
        const DD x = random_dd(g, -500, 500), y = random_dd(g, -400, 400);
        const Q want = exact(x.hi) * exact(y.hi);
        ASSERT_EQ(exact(two_prod(x.hi, y.hi)), want) << std::hexfloat << x.hi << " * " << y.hi;
        ASSERT_EQ(exact(two_prod_dekker(x.hi, y.hi)), want)
            << std::hexfloat << x.hi << " * " << y.hi;
        // std::fma is used only where it is one hardware instruction
        // (hardware_fma): a library fma need not be exact (MinGW-w64's is
        // not, on some of these operands, under wine).
        if (hardware_fma) {
            ASSERT_EQ(exact(two_prod_fma(x.hi, y.hi)), want)
                << std::hexfloat << x.hi << " * " << y.hi;
        }
    }
}

TEST(DoubleDouble, TwoSumIsExact) {
    std::mt19937_64 g(3);
    for (int i = 0; i < kCases; ++i) {
        const DD x = random_dd(g, -200, 200), y = random_dd(g, -200, 200);
        const double b = (i % 2) ? -y.hi : y.hi;
        const DD s = two_sum(x.hi, b);
        ASSERT_EQ(exact(s), exact(x.hi) + exact(b));
    }
}

}  // namespace
