// The portable 128-bit integers (core/src/robust/int128.hpp) against the
// compiler's __int128, on edge values (0, +-1, the word boundaries, the
// extremes) and on random values with random bit lengths.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <random>
#include <vector>

#include "int128.hpp"

namespace {

using touchstone::robust::exact::PortableI128;
using touchstone::robust::exact::PortableU128;

#if defined(__SIZEOF_INT128__)

__extension__ typedef unsigned __int128 BU;
__extension__ typedef __int128 BI;

PortableU128 portable(BU v) {
    return PortableU128::from_words(static_cast<std::uint64_t>(v >> 64),
                                    static_cast<std::uint64_t>(v));
}
PortableI128 portable(BI v) { return PortableI128(portable(static_cast<BU>(v))); }
BU builtin(PortableU128 v) { return (static_cast<BU>(v.hi) << 64) | v.lo; }
BI builtin(PortableI128 v) { return static_cast<BI>(builtin(PortableU128(v))); }

/// Edge values: 0, +-1, around 2^63, 2^64, 2^127, all ones.
std::vector<BU> edge_values() {
    std::vector<BU> v;
    const BU one = 1;
    for (int k : {0, 1, 31, 32, 52, 53, 62, 63, 64, 65, 75, 106, 125, 126, 127}) {
        const BU p = one << k;
        for (BU d : {BU(0), BU(1), ~BU(0)}) {
            v.push_back(p + d);
            v.push_back(BU(0) - (p + d));
        }
    }
    v.push_back(0);
    v.push_back(~BU(0));
    v.push_back(~BU(0) >> 1);
    return v;
}

/// Random values with a random number of significant bits (so that small,
/// word-sized and full-width values all occur), and random signs.
std::vector<BU> random_values(int n) {
    std::mt19937_64 g(20261123);
    std::vector<BU> v;
    for (int i = 0; i < n; ++i) {
        BU x = (static_cast<BU>(g()) << 64) | g();
        const int bits = static_cast<int>(g() % 129);
        x = bits == 0 ? 0 : (bits == 128 ? x : x & ((BU(1) << bits) - 1));
        if (g() & 1) x = BU(0) - x;
        v.push_back(x);
    }
    return v;
}

std::vector<BU> all_values() {
    std::vector<BU> v = edge_values();
    const std::vector<BU> r = random_values(400);
    v.insert(v.end(), r.begin(), r.end());
    return v;
}

bool same_double(double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0; }

TEST(PortableInt128, ArithmeticAgreesWithBuiltinModulo2To128) {
    const auto v = all_values();
    for (BU a : v)
        for (BU b : v) {
            const PortableU128 pa = portable(a), pb = portable(b);
            ASSERT_EQ(builtin(pa + pb), a + b);
            ASSERT_EQ(builtin(pa - pb), a - b);
            ASSERT_EQ(builtin(pa * pb), a * b);
            ASSERT_EQ(builtin(pa & pb), a & b);
            ASSERT_EQ(builtin(pa | pb), a | b);
            const PortableI128 sa = portable(static_cast<BI>(a)), sb = portable(static_cast<BI>(b));
            ASSERT_EQ(builtin(sa + sb), static_cast<BI>(a + b));
            ASSERT_EQ(builtin(sa - sb), static_cast<BI>(a - b));
            ASSERT_EQ(builtin(sa * sb), static_cast<BI>(a * b));
        }
}

TEST(PortableInt128, ComparisonsAgreeWithBuiltinSignedAndUnsigned) {
    const auto v = all_values();
    for (BU a : v)
        for (BU b : v) {
            const PortableU128 pa = portable(a), pb = portable(b);
            ASSERT_EQ(pa < pb, a < b);
            ASSERT_EQ(pa <= pb, a <= b);
            ASSERT_EQ(pa > pb, a > b);
            ASSERT_EQ(pa == pb, a == b);
            const BI ia = static_cast<BI>(a), ib = static_cast<BI>(b);
            const PortableI128 sa = portable(ia), sb = portable(ib);
            ASSERT_EQ(sa < sb, ia < ib);
            ASSERT_EQ(sa >= sb, ia >= ib);
            ASSERT_EQ(sa != sb, ia != ib);
        }
}

TEST(PortableInt128, NegationComplementAndEveryShiftAgree) {
    for (BU a : all_values()) {
        const PortableU128 pa = portable(a);
        const BI ia = static_cast<BI>(a);
        ASSERT_EQ(builtin(-pa), BU(0) - a);
        ASSERT_EQ(builtin(~pa), ~a);
        ASSERT_EQ(builtin(-portable(ia)), static_cast<BI>(BU(0) - a));
        for (int s = 0; s < 128; ++s) {
            ASSERT_EQ(builtin(pa << s), a << s) << s;
            ASSERT_EQ(builtin(pa >> s), a >> s) << s;
            ASSERT_EQ(builtin(portable(ia) >> s), ia >> s) << s;  // arithmetic shift
            ASSERT_EQ(builtin(portable(ia) << s), static_cast<BI>(a << s)) << s;
        }
    }
}

TEST(PortableInt128, ConversionsAgreeWithBuiltin) {
    for (BU a : all_values()) {
        const BI ia = static_cast<BI>(a);
        // To and from the 64-bit types (modulo 2^64, sign extension).
        ASSERT_EQ(static_cast<std::uint64_t>(portable(a)), static_cast<std::uint64_t>(a));
        ASSERT_EQ(static_cast<std::int64_t>(portable(ia)), static_cast<std::int64_t>(ia));
        const auto lo = static_cast<std::int64_t>(a);
        ASSERT_EQ(builtin(PortableI128(lo)), static_cast<BI>(lo));
        ASSERT_EQ(builtin(PortableU128(lo)), static_cast<BU>(lo));
        ASSERT_EQ(builtin(PortableU128(static_cast<std::uint64_t>(a))),
                  static_cast<BU>(static_cast<std::uint64_t>(a)));
        // To double: round to nearest, ties to even.
        ASSERT_TRUE(same_double(static_cast<double>(portable(a)), static_cast<double>(a)));
        ASSERT_TRUE(same_double(static_cast<double>(portable(ia)), static_cast<double>(ia)));
    }
}

TEST(PortableInt128, RoundingToDoubleBreaksTiesToEven) {
    // 2^64 + 2^11 lies halfway between 2^64 and 2^64 + 2^12: even is 2^64.
    const BU base = BU(1) << 64;
    for (BU d : {BU(1) << 11, (BU(1) << 11) + 1, (BU(1) << 11) - 1, BU(3) << 11,
                 (BU(1) << 12) + (BU(1) << 11)}) {
        ASSERT_TRUE(
            same_double(static_cast<double>(portable(base + d)), static_cast<double>(base + d)));
        const BU big = (BU(1) << 127) + (d << 63);
        ASSERT_TRUE(same_double(static_cast<double>(portable(big)), static_cast<double>(big)));
    }
}

TEST(PortableInt128, TruncationFromDoubleAgrees) {
    std::mt19937_64 g(7);
    std::vector<double> xs = {0.0,
                              -0.0,
                              0.5,
                              -0.5,
                              1.0,
                              -1.0,
                              1.5,
                              -2.5,
                              0x1p63,
                              -0x1p63,
                              0x1p64,
                              0x1.fffffffffffffp126,
                              -0x1.fffffffffffffp126,
                              0x1p126,
                              -0x1p126,
                              0x1.8p100,
                              4503599627370495.5};
    for (int i = 0; i < 2000; ++i) {
        const double m = std::ldexp(static_cast<double>(g() >> 11), -53) + 0.5;  // [0.5, 1)
        const double x = std::ldexp(m, static_cast<int>(g() % 128) - 4);
        xs.push_back((g() & 1) ? -x : x);
    }
    for (double x : xs)
        ASSERT_EQ(builtin(PortableI128(x)), static_cast<BI>(x)) << std::hexfloat << x;
}

TEST(PortableInt128, WideningProductsAgree) {
    const auto v = all_values();
    for (BU a : v)
        for (BU b : v) {
            const auto ua = static_cast<std::uint64_t>(a), ub = static_cast<std::uint64_t>(b);
            ASSERT_EQ(builtin(touchstone::robust::exact::mul_full(ua, ub)),
                      static_cast<BU>(ua) * ub);
            const auto sa = static_cast<std::int64_t>(a), sb = static_cast<std::int64_t>(b);
            ASSERT_EQ(builtin(touchstone::robust::exact::mul_full_signed(sa, sb)),
                      static_cast<BI>(sa) * sb);
        }
}

TEST(PortableInt128, BitLengthCountsSignificantBits) {
    using touchstone::robust::exact::bit_length;
    using touchstone::robust::exact::U128;
    EXPECT_EQ(bit_length(U128(0)), 0);
    EXPECT_EQ(bit_length(U128(1)), 1);
    for (int k = 0; k < 128; ++k) {
        EXPECT_EQ(bit_length(U128(1) << k), k + 1);
        EXPECT_EQ(bit_length((U128(1) << k) | U128(1)), k + 1);
    }
}

#else

TEST(PortableInt128, ArithmeticAgreesWithBuiltinModulo2To128) {
    GTEST_SKIP() << "no __int128 on this compiler to compare with";
}

#endif

TEST(PortableInt128, SelectedTypeMatchesTheBuild) {
    using touchstone::robust::exact::builtin_int128;
#if defined(TOUCHSTONE_FORCE_PORTABLE_INT128) || !defined(__SIZEOF_INT128__)
    EXPECT_FALSE(builtin_int128);
#else
    EXPECT_TRUE(builtin_int128);
#endif
}

}  // namespace
