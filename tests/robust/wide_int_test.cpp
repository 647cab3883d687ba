// The predicates' wide-layer integer (WideInt, core/src/robust/scaled.hpp)
// against Boost's unbounded cpp_int, where Boost's own fixed-capacity
// arithmetic goes wrong: products of two operands of 40 limbs or more
// (Boost 1.74 multiplies them by Karatsuba's method, which for fixed
// capacities leaves a leading zero limb; a subtraction that then compares
// sizes takes the wrong operand as the larger and returns a wrong value, or
// trips Boost's own assertion). WideInt::product multiplies below that
// cutoff; these tests fail when it hands such operands to Boost.
#include <gtest/gtest.h>

#include <cstdint>
#include <random>

#include "scaled.hpp"

namespace {

using boost::multiprecision::cpp_int;
using touchstone::robust::exact::WideBig;
using touchstone::robust::exact::WideInt;

/// A random integer of `limbs` 64-bit limbs whose top limb holds only a few
/// bits, so that a product of two needs one limb fewer than their sizes
/// add up to.
cpp_int operand(std::mt19937_64& g, int limbs) {
    cpp_int v = g() >> (44 + g() % 20);
    for (int i = 1; i < limbs; ++i) v = (v << 64) + cpp_int(g());
    if (g() & 1) v = -v;
    return v;
}

int sign(const cpp_int& v) { return v.sign(); }

TEST(WideInt, DegreeFourProductsThenDifferencesAreExact) {
    std::mt19937_64 g(0x3a1de);
    int compared = 0;
    for (int t = 0; t < 3000; ++t) {
        const int la = 40 + static_cast<int>(g() % 26), lb = 40 + static_cast<int>(g() % 26);
        const cpp_int A = operand(g, la), B = operand(g, lb);
        const cpp_int P = A * B;
        // Near P, of fewer limbs than the sizes add up to, on both sides of P.
        const cpp_int Q = (g() & 1) ? cpp_int(P + (P >> 3)) : cpp_int(P - (P >> 3));
        const unsigned ea = static_cast<unsigned>(g() % 70), eb = static_cast<unsigned>(g() % 70);
        const WideInt<4> a(WideBig<4>(A), ea), b(WideBig<4>(B), eb);
        const WideInt<4> p = a * b;  // P 2^(ea + eb)
        const WideInt<4> q(WideBig<4>(Q), ea + eb), exact(WideBig<4>(P), ea + eb);
        ASSERT_EQ(WideInt<4>(p - q).sign(), sign(cpp_int(P - Q))) << "t=" << t;
        ASSERT_EQ(WideInt<4>(q - p).sign(), sign(cpp_int(Q - P))) << "t=" << t;
        ASSERT_EQ(WideInt<4>(p - exact).sign(), 0) << "t=" << t;
        ASSERT_TRUE(p == exact) << "t=" << t;
        ASSERT_EQ(p < q, P < Q) << "t=" << t;
        ++compared;
    }
    EXPECT_EQ(compared, 3000);
}

TEST(WideInt, DegreeTwoProductsAreExact) {
    // The degree-2 kernels' operands (differences, at most 33 limbs) go to
    // Boost's schoolbook multiplication directly.
    std::mt19937_64 g(0x2de9);
    for (int t = 0; t < 3000; ++t) {
        const int la = 1 + static_cast<int>(g() % 33), lb = 1 + static_cast<int>(g() % 33);
        const cpp_int A = operand(g, la), B = operand(g, lb), C = operand(g, la);
        const WideInt<2> a(WideBig<2>(A), 0), b(WideBig<2>(B), 0), c(WideBig<2>(C), 3);
        // a b - c 2^3, against the exact value.
        const cpp_int want = A * B - (C << 3);
        const WideInt<2> got = a * b - c;
        ASSERT_EQ(got.sign(), sign(want)) << "t=" << t;
        ASSERT_TRUE(WideInt<2>(got + c) == WideInt<2>(a * b)) << "t=" << t;
    }
}

}  // namespace
