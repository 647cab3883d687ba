// The predicates' wide-layer integers (core/src/robust/fixed_int.hpp and
// WideInt in scaled.hpp) against Boost's unbounded cpp_int, an independent
// implementation:
//   - every FixedInt operation (sum, difference, product, shift, comparison,
//     negation, widening) on operands of 1 to 68 limbs, with limbs of all
//     ones and zeros where carries and borrows run the whole length;
//   - WideInt's two forms (a sum of terms, z 2^e) as the kernels use
//     them, degree 2 and 4, and across the forms;
//   - products of 40 limbs or more, where Boost 1.74's own fixed-capacity
//     arithmetic went wrong (a Karatsuba step left a leading zero limb),
//     the reason the wide layer once cut its products into pieces;
//   - a result beyond the capacity throws, never wraps.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <random>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include "scaled.hpp"

namespace {

using boost::multiprecision::cpp_int;
using touchstone::robust::exact::FixedInt;
using touchstone::robust::exact::WideBig;
using touchstone::robust::exact::WideInt;

/// v as a FixedInt<Cap> (it must fit).
template <unsigned Cap>
FixedInt<Cap> fixed(const cpp_int& v) {
    std::vector<std::uint64_t> w;
    cpp_int m = abs(v);
    while (m != 0) {
        w.push_back(static_cast<std::uint64_t>(m & cpp_int(~std::uint64_t{0})));
        m >>= 64;
    }
    return FixedInt<Cap>::from_limbs(w.data(), static_cast<unsigned>(w.size()), v < 0);
}

/// A FixedInt back as a cpp_int.
template <unsigned Cap>
cpp_int value(const FixedInt<Cap>& f) {
    cpp_int v = 0;
    for (unsigned i = f.limbs(); i-- > 0;) v = (v << 64) + cpp_int(f.limb(i));
    return f.sign() < 0 ? cpp_int(-v) : v;
}

/// A random integer of `limbs` 64-bit limbs, its top limb holding a few
/// bits; a fifth of them all ones or all zeros below the top (carries and
/// borrows through every limb), a fifth 2^(64 k) exactly.
cpp_int operand(std::mt19937_64& g, int limbs) {
    cpp_int v = g() >> (g() % 64);
    if (v == 0) v = 1;
    const int kind = static_cast<int>(g() % 5);
    for (int i = 1; i < limbs; ++i) {
        const std::uint64_t limb = kind == 0 ? ~std::uint64_t{0} : kind == 1 ? 0 : g();
        v = (v << 64) + cpp_int(limb);
    }
    if (kind == 2) v = cpp_int(1) << (64 * (limbs - 1));
    if (g() & 1) v = -v;
    return v;
}

int sign(const cpp_int& v) { return v.sign(); }

/// Where a randomized case failed, and how to run it again (the seeds are
/// fixed: the same cases every run).
std::string where(const char* test, std::uint64_t seed, int t) {
    char buf[160];
    std::snprintf(buf, sizeof buf,
                  "seed 0x%llx, case %d; replay: robust_wide_int_test --gtest_filter=%s",
                  static_cast<unsigned long long>(seed), t, test);
    return buf;
}

TEST(FixedInt, EveryOperationAgreesWithCppInt) {
    constexpr unsigned Cap = 68;  // WideInt<2>'s capacity
    constexpr std::uint64_t seed = 0xf1ed;
    std::mt19937_64 g(seed);
    for (int t = 0; t < 20000; ++t) {
        const int la = 1 + static_cast<int>(g() % 33), lb = 1 + static_cast<int>(g() % 33);
        const cpp_int A = operand(g, la),
                      B = (t % 7 == 0) ? cpp_int(-operand(g, la)) : operand(g, lb);
        const FixedInt<Cap> a = fixed<Cap>(A), b = fixed<Cap>(B);
        const std::string at = where("FixedInt.EveryOperationAgreesWithCppInt", seed, t);
        ASSERT_EQ(value(a), A) << at;
        ASSERT_EQ(value(FixedInt<Cap>(a + b)), A + B) << at;
        ASSERT_EQ(value(FixedInt<Cap>(a - b)), A - B) << at;
        ASSERT_EQ(value(FixedInt<Cap>(b - a)), B - A) << at;
        ASSERT_EQ(value(FixedInt<Cap>(a - a)), 0) << at;
        ASSERT_EQ(FixedInt<Cap>(a - a).sign(), 0) << at;
        ASSERT_EQ(value(FixedInt<Cap>(a * b)), A * B) << at;
        ASSERT_EQ(value(-a), cpp_int(-A)) << at;
        const unsigned k = static_cast<unsigned>(g() % 600);
        ASSERT_EQ(value(FixedInt<Cap>::shifted(a, k)), cpp_int(A << k)) << at << " k=" << k;
        const int c = FixedInt<Cap>::compare(a, b);
        ASSERT_EQ(c, (A > B) - (A < B)) << at;
        ASSERT_EQ(FixedInt<Cap>::compare(a, a), 0) << at;
        ASSERT_EQ(value(FixedInt<2 * Cap>(a)), A) << at;
        ASSERT_EQ(a.sign(), sign(A)) << at;
    }
    // Small values, zero and the int64 extremes.
    for (const std::int64_t v : {std::int64_t{0}, std::int64_t{1}, std::int64_t{-1}, INT64_MAX,
                                 INT64_MIN, std::int64_t{1} << 53}) {
        ASSERT_EQ(value(FixedInt<Cap>(v)), cpp_int(v)) << v;
    }
}

TEST(FixedInt, BeyondTheCapacityThrows) {
#if !defined(__cpp_exceptions)
    // (wasm32: no exceptions; boost::throw_exception aborts there,
    // core/src/robust/no_exceptions.cpp.)
    GTEST_SKIP() << "built without exceptions";
#else
    const FixedInt<4> top = FixedInt<4>::shifted(FixedInt<4>(1), 255);  // 2^255: 4 limbs
    EXPECT_THROW((void)(top + top), std::overflow_error);               // 2^256
    EXPECT_THROW((void)FixedInt<4>::shifted(FixedInt<4>(1), 256), std::overflow_error);
    EXPECT_THROW((void)(top * FixedInt<4>(2)), std::overflow_error);
    EXPECT_THROW((void)(FixedInt<4>::shifted(FixedInt<4>(1), 128) *
                        FixedInt<4>::shifted(FixedInt<4>(1), 128)),
                 std::overflow_error);
    // Up to the last bit is fine.
    const FixedInt<4> full = FixedInt<4>(top - FixedInt<4>(1)) + top;  // 2^256 - 1
    EXPECT_EQ(value(full), (cpp_int(1) << 256) - 1);
    EXPECT_EQ(value(FixedInt<4>(FixedInt<4>::shifted(FixedInt<4>(3), 64) *
                                FixedInt<4>::shifted(FixedInt<4>(5), 64))),
              cpp_int(15) << 128);
#endif
}

TEST(WideInt, DegreeFourProductsThenDifferencesAreExact) {
    // Operands of 40-65 limbs: Boost 1.74's fixed-capacity Karatsuba range.
    constexpr std::uint64_t seed = 0x3a1de;
    std::mt19937_64 g(seed);
    for (int t = 0; t < 3000; ++t) {
        const int la = 40 + static_cast<int>(g() % 26), lb = 40 + static_cast<int>(g() % 26);
        const cpp_int A = operand(g, la), B = operand(g, lb);
        const cpp_int P = A * B;
        // Near P, of fewer limbs than the sizes add up to, on both sides of P.
        const cpp_int Q = (g() & 1) ? cpp_int(P + (P >> 3)) : cpp_int(P - (P >> 3));
        const unsigned ea = static_cast<unsigned>(g() % 70), eb = static_cast<unsigned>(g() % 70);
        const WideInt<4> a(fixed<133>(A), ea), b(fixed<133>(B), eb);
        const WideInt<4> p = a * b;  // P 2^(ea + eb)
        const WideInt<4> q(fixed<133>(Q), ea + eb), exact(fixed<133>(P), ea + eb);
        const std::string at = where("WideInt.DegreeFour*", seed, t);
        ASSERT_EQ(WideInt<4>(p - q).sign(), sign(cpp_int(P - Q))) << at;
        ASSERT_EQ(WideInt<4>(q - p).sign(), sign(cpp_int(Q - P))) << at;
        ASSERT_EQ(WideInt<4>(p - exact).sign(), 0) << at;
        ASSERT_TRUE(p == exact) << at;
        ASSERT_EQ(p < q, P < Q) << at;
    }
}

TEST(WideInt, DegreeTwoSumsAtDifferentExponentsAreExact) {
    // a b - c 2^e against the exact value, the exponents apart by up to
    // 2100 bits as at the widest spreads of doubles.
    constexpr std::uint64_t seed = 0x2de9;
    std::mt19937_64 g(seed);
    for (int t = 0; t < 3000; ++t) {
        const int la = 1 + static_cast<int>(g() % 16), lb = 1 + static_cast<int>(g() % 16);
        const cpp_int A = operand(g, la), B = operand(g, lb), C = operand(g, la);
        const unsigned e = static_cast<unsigned>(g() % 2100);
        const WideInt<2> a(fixed<68>(A), 0), b(fixed<68>(B), 0), c(fixed<68>(C), e);
        const cpp_int want = A * B - (C << e);
        const WideInt<2> got = a * b - c;
        const std::string at = where("WideInt.DegreeTwoSums*", seed, t);
        ASSERT_EQ(got.sign(), sign(want)) << at;
        ASSERT_TRUE(WideInt<2>(got + c) == WideInt<2>(a * b)) << at;
        ASSERT_EQ(a * b < c, A * B < (C << e)) << at;
        static_assert(std::is_same_v<WideBig<2>, FixedInt<68>>);
    }
}

TEST(WideInt, SumsOfTermsAgreeWithCppIntAndTurnDenseWhenLong) {
    // Values as the kernels make them from inputs +-m 2^e (m odd, up to 53
    // bits; e up to 2,098 apart, as at the widest spreads of doubles):
    // differences, products of two differences, sums of such products
    // (the sum-of-terms form), then a product of those and sums of more
    // terms than the form holds (the dense form), and comparisons of
    // either form with either; all against the same arithmetic in cpp_int.
    constexpr std::uint64_t seed = 0x5a5e;
    std::mt19937_64 g(seed);
    int sums = 0, dense = 0;
    for (int t = 0; t < 4000; ++t) {
        WideInt<2> w[6];
        cpp_int c[6];
        std::string inputs = "inputs (+-m 2^e):";
        for (int i = 0; i < 6; ++i) {
            const std::uint64_t m = (g() >> (11 + g() % 50)) | 1;
            const unsigned e =
                (t % 3 == 0) ? static_cast<unsigned>(g() % 8) : static_cast<unsigned>(g() % 2099);
            const bool neg = (g() & 1) != 0;
            w[i] = WideInt<2>::input(m, e, neg);
            char buf[64];
            std::snprintf(buf, sizeof buf, " %s0x%llx 2^%u", neg ? "-" : "",
                          static_cast<unsigned long long>(m), e);
            inputs += buf;
            c[i] = cpp_int(m) << e;
            if (neg) c[i] = -c[i];
        }
        if (t % 5 == 0) {  // shared coordinates: exact cancellation
            w[2] = w[0];
            c[2] = c[0];
        }
        const std::string at =
            where("WideInt.SumsOfTerms*", seed, t) + (t % 5 == 0 ? "; w2 = w0\n" : "\n") + inputs;
        // orientation of (w0, w1), (w2, w3), (w4, w5)
        const WideInt<2> o = (w[2] - w[0]) * (w[5] - w[1]) - (w[3] - w[1]) * (w[4] - w[0]);
        const cpp_int oc = (c[2] - c[0]) * (c[5] - c[1]) - (c[3] - c[1]) * (c[4] - c[0]);
        ASSERT_EQ(o.sign(), sign(oc)) << at;
        sums += o.is_sum();
        // |p - q|^2 - (r1 + r2)^2: twelve terms, the most a sum holds
        const WideInt<2> dx = w[0] - w[2], dy = w[1] - w[3], r = w[4] + w[5];
        const WideInt<2> d = dx * dx + dy * dy - r * r;
        const cpp_int dc = (c[0] - c[2]) * (c[0] - c[2]) + (c[1] - c[3]) * (c[1] - c[3]) -
                           (c[4] + c[5]) * (c[4] + c[5]);
        ASSERT_EQ(d.sign(), sign(dc)) << at;
        ASSERT_TRUE(d.is_sum()) << at;
        // one term more: dense
        const WideInt<2> d1 = d + w[1];
        ASSERT_EQ(d1.sign(), sign(cpp_int(dc + c[1]))) << at;
        ASSERT_FALSE(d1.is_sum()) << at;
        dense += !d1.is_sum();
        // a product of products (degree 4, in WideInt<4>), dense
        const WideInt<4> big = WideInt<4>(o) * WideInt<4>(d) - WideInt<4>(d) * WideInt<4>(d);
        ASSERT_EQ(big.sign(), sign(cpp_int(oc * dc - dc * dc))) << at;
        // comparisons across the forms, both ways, and the same value in both
        ASSERT_EQ(o < d, oc < dc) << at;
        ASSERT_EQ(d1 < o, dc + c[1] < oc) << at;
        ASSERT_EQ(o <= d1, oc <= dc + c[1]) << at;
        ASSERT_TRUE(WideInt<2>(d1 - w[1]) == d) << at;
        ASSERT_TRUE(d == WideInt<2>(d1 - w[1])) << at;
        ASSERT_EQ(WideInt<2>(-d).sign(), -sign(dc)) << at;
        ASSERT_EQ(WideInt<2>(-d1).sign(), -sign(cpp_int(dc + c[1]))) << at;
        ASSERT_EQ(w[0] == w[2], c[0] == c[2]) << at;
    }
    EXPECT_EQ(sums, 4000);
    EXPECT_EQ(dense, 4000);
}

TEST(WideInt, SignOfTermsCarriesPastTheTermsOwnLimbs) {
    using touchstone::robust::exact::sign_of_terms;
    using touchstone::robust::exact::WideTerm;
    const std::uint64_t ones = ~std::uint64_t{0};
    // (2^128 - 1) + (2^64 - 1) 2^128 = 2^192 - 1; plus 1 carries out of
    // the last term's three limbs into the fourth.
    const WideTerm a[] = {{ones, ones, 0, false}, {ones, 0, 128, false}, {1, 0, 0, false}};
    const WideTerm two_192[] = {{1, 0, 192, false}};
    const WideTerm two_192_plus_1[] = {{1, 0, 192, false}, {1, 0, 0, false}};
    EXPECT_EQ((sign_of_terms<16>(a, 3, two_192, 1)), 0);
    EXPECT_EQ((sign_of_terms<16>(a, 3, two_192_plus_1, 2)), -1);
    EXPECT_EQ((sign_of_terms<16>(two_192_plus_1, 2, a, 3)), 1);
    // The same through negative terms: -(2^192 - 1) - 1 + 2^192 = 0.
    const WideTerm na[] = {{ones, ones, 0, true}, {ones, 0, 128, true}, {1, 0, 0, true}};
    EXPECT_EQ((sign_of_terms<16>(na, 3, nullptr, 0)), -1);
    const WideTerm minus_two_192[] = {{1, 0, 192, true}};
    EXPECT_EQ((sign_of_terms<16>(na, 3, minus_two_192, 1)), 0);
}

}  // namespace
