// Tests of the integer tiers of the scaled predicates
// (touchstone/oracle/detail/tiers.hpp): Word128's arithmetic against the
// checked 512-bit FixedInteger, its overflow checks, and the predicates at
// the boundary where a formula stops fitting the 128-bit tier, against the
// formulas evaluated on exact rationals.
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <limits>
#include <random>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "touchstone/case_file.hpp"
#include "touchstone/oracle/detail/formulas.hpp"
#include "touchstone/oracle/detail/shape_formulas.hpp"
#include "touchstone/oracle/detail/tiers.hpp"
#include "touchstone/oracle/exact.hpp"
#include "touchstone/oracle/oracle.hpp"

namespace touchstone::oracle {
namespace {

using detail::Word128;

/// The range of Word128, as FixedInteger. With the compiler's __int128 it is
/// two's complement, [-2^127, 2^127 - 1]; without one (32-bit targets, MSVC)
/// it is Boost's checked_int128_t, signed magnitude, [-(2^128 - 1), 2^128 - 1].
/// word128_magnitude_bits (127 or 128) tells them apart; the tier's fits()
/// bound uses the same constant.
constexpr int M = detail::word128_magnitude_bits;
static_assert(M == 127 || M == 128);
const FixedInteger word_max = (FixedInteger(1) << M) - 1;
const FixedInteger word_min = M == 127 ? -(FixedInteger(1) << 127) : FixedInteger(-word_max);

bool in_word(const FixedInteger& x) { return x >= word_min && x <= word_max; }

/// A random signed value of up to `bits` bits (bits <= 63), as int64.
std::int64_t random_int(std::mt19937_64& rng, int bits) {
    const std::uint64_t m = bits >= 64 ? rng() >> 1 : rng() & ((std::uint64_t{1} << bits) - 1);
    const auto v = static_cast<std::int64_t>(m >> 1);
    return (rng() & 1) ? -v : v;
}

/// A Word128 and the same value as FixedInteger: x * 2^shift.
struct Pair {
    Word128 w;
    FixedInteger f;
};
Pair make(std::int64_t x, unsigned shift) {
    Word128 w(x < 0 ? -x : x);
    w <<= shift;
    FixedInteger f(x < 0 ? -x : x);
    f <<= shift;
    return x < 0 ? Pair{-w, -f} : Pair{w, f};
}

/// op on Word128 either gives the exact value (compared through the
/// predicates the formulas use: <, ==, >) or throws std::overflow_error
/// exactly when the exact value leaves the 128-bit range.
template <class Op>
void check_op(const Pair& a, const Pair& b, Op op) {
    const FixedInteger exact = op(a.f, b.f);
    if (!in_word(exact)) {
        EXPECT_THROW(op(a.w, b.w), std::overflow_error) << a.f << " op " << b.f;
        return;
    }
    const Word128 got = op(a.w, b.w);
    // Compare got with exact through values Word128 can hold: exact in
    // three 42-bit pieces, rebuilt with the sign on every piece (so that
    // -2^127 is reached without passing +2^127).
    const FixedInteger mag = exact < 0 ? FixedInteger(-exact) : exact;
    const FixedInteger mask = (FixedInteger(1) << 42) - 1;
    const std::int64_t sign = exact < 0 ? -1 : 1;
    const Word128 radix(std::int64_t{1} << 42);
    Word128 rebuilt(sign * static_cast<std::int64_t>(mag >> 84));
    rebuilt = rebuilt * radix + Word128(sign * static_cast<std::int64_t>((mag >> 42) & mask));
    rebuilt = rebuilt * radix + Word128(sign * static_cast<std::int64_t>(mag & mask));
    EXPECT_TRUE(got == rebuilt) << a.f << " op " << b.f << " = " << exact;
    EXPECT_EQ(got > Word128(0), exact > 0);
    EXPECT_EQ(got < Word128(0), exact < 0);
}

TEST(Word128, MatchesFixedIntegerOrThrows) {
    std::mt19937_64 rng(15);
    for (int i = 0; i < 20000; ++i) {
        // Magnitudes around 2^63 (the fast multiplication's limit) and
        // 2^127 (the word's), so both sides of every check are reached.
        const Pair a = make(random_int(rng, 1 + static_cast<int>(rng() % 63)),
                            static_cast<unsigned>(rng() % 65));
        const Pair b = make(random_int(rng, 1 + static_cast<int>(rng() % 63)),
                            static_cast<unsigned>(rng() % 65));
        check_op(a, b, [](const auto& x, const auto& y) {
            using N = std::decay_t<decltype(x)>;
            return N(x + y);
        });
        check_op(a, b, [](const auto& x, const auto& y) {
            using N = std::decay_t<decltype(x)>;
            return N(x - y);
        });
        check_op(a, b, [](const auto& x, const auto& y) {
            using N = std::decay_t<decltype(x)>;
            return N(x * y);
        });
        if (HasFailure()) {
            ADD_FAILURE() << "seed 15, case " << i
                          << "\nreplay: oracle_predicates_test --gtest_filter=Word128.*";
            return;
        }
    }
}

TEST(Word128, EdgesOfTheRange) {
    const auto power = [](int k) {
        Word128 w(1);
        w <<= static_cast<unsigned>(k);
        return w;
    };
    // 2^63 * 2^63 = 2^126 fits; 2^(M-63) * 2^63 = 2^M does not; -2^64 * 2^63
    // = -2^127 does (the most negative __int128; well inside Boost's range).
    const Word128 two63 = power(63);
    EXPECT_NO_THROW(two63 * two63);
    EXPECT_THROW(power(M - 63) * two63, std::overflow_error);
    EXPECT_NO_THROW((-power(64)) * two63);
    // 2^(M-1) + 2^(M-1) = 2^M overflows, and so does its negative minus 1;
    // shifting 1 by M - 1 fits, by M not; 3 shifted by M - 1 does not.
    const Word128 top = power(M - 1);
    EXPECT_THROW(top + top, std::overflow_error);
    EXPECT_THROW(-top - top - Word128(1), std::overflow_error);
    EXPECT_NO_THROW(top - Word128(1) + top);  // 2^M - 1, the largest magnitude
    Word128 one(1);
    EXPECT_NO_THROW(one <<= static_cast<unsigned>(M - 1));
    Word128 again(1);
    EXPECT_THROW(again <<= static_cast<unsigned>(M), std::overflow_error);
    Word128 three(3);
    EXPECT_THROW(three <<= static_cast<unsigned>(M - 1), std::overflow_error);
    Word128 zero(0);
    EXPECT_NO_THROW(zero <<= 500);
    EXPECT_TRUE(zero == Word128(0));
}

/// A double of `bits` significant bits times 2^e, random sign.
double value_of(std::mt19937_64& rng, int bits, int e) {
    const auto m = static_cast<double>((rng() >> (64 - bits)) | (std::uint64_t{1} << (bits - 1)));
    return std::ldexp((rng() & 1) ? -m : m, e);
}

TEST(Tiers, PredicatesAgreeWithRationalsWhereTheWordStopsFitting) {
    // Every input of 53 bits at an exponent in [0, spread): B = 53 + spread
    // - 1 (the scaled integers' bit length), so spreads 1..20 move a
    // degree-2 formula from the 128-bit tier (2 (B + 2) <= 127: B <= 61)
    // to FixedInteger, and a degree-4 one (B <= 29) from B = 53 on is in
    // FixedInteger; fewer significant bits bring the degree-4 ones through
    // their boundary too.
    std::mt19937_64 rng(2026);
    for (int i = 0; i < 4000; ++i) {
        const int bits = 1 + static_cast<int>(rng() % 53);
        const int spread = 1 + static_cast<int>(rng() % 20);
        std::array<double, 8> v{};
        for (double& x : v) x = value_of(rng, bits, static_cast<int>(rng() % spread));
        if (i % 4 == 0) v[4] = v[0];  // shared coordinates: exact ties
        if (i % 8 == 1) v[5] = v[1];
        std::array<Rational, 8> q;
        for (std::size_t j = 0; j < 8; ++j) q[j] = to_rational(v[j]);
        const double r = std::fabs(v[2]);
        const Rational qr = to_rational(r);
        EXPECT_EQ(segments_intersect(Segment<double>{{v[0], v[1]}, {v[2], v[3]}},
                                     Segment<double>{{v[4], v[5]}, {v[6], v[7]}}),
                  detail::segments_intersect(q));
        EXPECT_EQ(
            orient2d(Vec2<double>{v[0], v[1]}, Vec2<double>{v[4], v[5]}, Vec2<double>{v[6], v[7]}),
            detail::orient2d(q[0], q[1], q[4], q[5], q[6], q[7]));
        EXPECT_EQ(point_in_disk(Vec2<double>{v[0], v[1]}, Circle<double>{{v[3], v[4]}, r}),
                  detail::point_in_disk(std::array<Rational, 5>{q[0], q[1], q[3], q[4], qr}));
        const Segment<double> s{{v[0], v[1]}, {v[3], v[4]}};
        const Circle<double> c{{v[7], v[5]}, r};
        const std::array<Rational, 7> sc{q[0], q[1], q[3], q[4], q[7], q[5], qr};
        EXPECT_EQ(segment_hits_disk(s, c), detail::segment_hits_disk(sc));
        EXPECT_EQ(segment_meets_circle(s, c), detail::segment_meets_circle(sc));
        if (HasFailure()) {
            ADD_FAILURE() << "seed 2026, case " << i << " (bits " << bits << ", spread " << spread
                          << "), v = " << hex_list(v)
                          << "\nreplay: oracle_predicates_test --gtest_filter=Tiers.*";
            return;
        }
    }
}

/// A finite double from a raw 64-bit pattern (every exponent: subnormals,
/// 2^-1074 beside 2^1023), NaN and Inf patterns redrawn.
double raw_finite(std::mt19937_64& rng) {
    for (;;) {
        const std::uint64_t u = rng();
        double x;
        std::memcpy(&x, &u, sizeof x);
        if (std::isfinite(x)) return x;
    }
}

/// The scaled predicates' formulas (formulas.hpp, shape_formulas.hpp) as
/// callables of any number type: the filter's, the integer tiers'.
constexpr auto seg_f = [](const auto& a) { return detail::segments_intersect(a); };
constexpr auto or_f = [](const auto& a) {
    return detail::orient2d(a[0], a[1], a[2], a[3], a[4], a[5]);
};
constexpr auto sd_f = [](const auto& a) { return detail::segment_distance_vs_radius(a); };
constexpr auto smc_f = [](const auto& a) { return detail::segment_meets_circle(a); };
constexpr auto pd_f = [](const auto& a) { return detail::point_in_disk(a); };
constexpr auto do_f = [](const auto& a) { return detail::disks_overlap(a); };
constexpr auto cap_f = [](const auto& a) { return detail::capsules_overlap(a); };
constexpr auto chd_f = [](const auto& a) { return detail::capsule_hits_disk(a); };
constexpr auto shb_f = [](const auto& a) { return detail::segment_hits_box(a); };
constexpr auto box_f = [](const auto& a) { return detail::boxes_overlap(a); };
constexpr auto pip_f = [](const auto& a) { return detail::point_in_polygon(a, 4); };
constexpr auto phd_f = [](const auto& a) { return detail::polygon_hits_disk(a, 4); };
constexpr auto pov_f = [](const auto& a) { return detail::polygons_overlap(a, 3, 3); };

/// The formulas on the integers of the scaled inputs in the integer type Int.
template <class Int, std::size_t N, class Formula>
auto on_integers(const std::array<double, N>& v, Formula formula) {
    return formula(detail::to_integers<Int>(detail::scale(v)));
}

TEST(Tiers, WideTierAgreesWithBoostMpzAndRationalsOnRawBitPatterns) {
    // The unbounded tier (detail::WideInteger: pooled GMP integers) against
    // Boost's mpz_int, which it replaced, on raw bit patterns whose
    // exponent spreads need it (integers up to ~2150 bits, products up to
    // ~8600), and against rational evaluation on every eighth case; ties
    // from shared fields. Degree 2 and 4, the point, segment and capsule
    // formulas.
    using Boost = boost::multiprecision::mpz_int;
    using Wide = detail::WideInteger;
    std::mt19937_64 rng(4004);
    for (int i = 0; i < 3000; ++i) {
        std::array<double, 10> v{};
        for (double& x : v) x = raw_finite(rng);
        if (i % 4 == 0) v[4] = v[0];
        if (i % 8 == 1) v[5] = v[1];
        if (i % 16 == 2) v[2] = v[7];
        v[4] = std::fabs(v[4]);
        v[9] = std::fabs(v[9]);
        const std::array<double, 8> seg{v[0], v[1], v[2], v[3], v[5], v[6], v[7], v[8]};
        const std::array<double, 7> sc{v[0], v[1], v[2], v[3], v[5], v[6], v[4]};
        const std::array<double, 5> pd{v[0], v[1], v[2], v[3], v[4]};
        EXPECT_EQ((on_integers<Wide>(seg, seg_f)), (on_integers<Boost>(seg, seg_f)));
        EXPECT_EQ((on_integers<Wide>(sc, sd_f)), (on_integers<Boost>(sc, sd_f)));
        EXPECT_EQ((on_integers<Wide>(sc, smc_f)), (on_integers<Boost>(sc, smc_f)));
        EXPECT_EQ((on_integers<Wide>(pd, pd_f)), (on_integers<Boost>(pd, pd_f)));
        EXPECT_EQ((on_integers<Wide>(v, cap_f)), (on_integers<Boost>(v, cap_f)));
        EXPECT_EQ((on_integers<Wide>(seg, or_f)), (on_integers<Boost>(seg, or_f)));
        if (i % 8 == 0) {
            std::array<Rational, 10> q;
            for (std::size_t j = 0; j < 10; ++j) q[j] = to_rational(v[j]);
            EXPECT_EQ((on_integers<Wide>(pd, pd_f)),
                      detail::point_in_disk(std::array<Rational, 5>{q[0], q[1], q[2], q[3], q[4]}));
            EXPECT_EQ((on_integers<Wide>(sc, sd_f)),
                      detail::segment_distance_vs_radius(
                          std::array<Rational, 7>{q[0], q[1], q[2], q[3], q[5], q[6], q[4]}));
            EXPECT_EQ((on_integers<Wide>(v, cap_f)), detail::capsules_overlap(q));
        }
        if (HasFailure()) {
            ADD_FAILURE() << "seed 4004, case " << i << ", v = " << hex_list(v)
                          << "\nreplay: oracle_predicates_test --gtest_filter=Tiers.Wide*";
            return;
        }
    }
}

TEST(Tiers, WideIntegerCopiesMovesAndInt64) {
    using Wide = detail::WideInteger;
    const std::int64_t big = (std::int64_t{1} << 62) + 12345;
    Wide a(big), b(-big);
    EXPECT_TRUE(a + b == Wide(0));
    Wide c = a;  // a copy is its own integer
    c += a;
    EXPECT_TRUE(c == a + a && a == Wide(big));
    Wide d = std::move(c);
    EXPECT_TRUE(d == a + a);
    c = d;  // a moved-from integer can be assigned
    EXPECT_TRUE(c == d);
    Wide e(std::int64_t{1});
    e <<= 2000;
    EXPECT_TRUE(e * e > e && -e < Wide(0) && e - e == Wide(0));
    EXPECT_TRUE(Wide(std::int64_t{-1} - std::numeric_limits<std::int64_t>::max()) < Wide(-big));
}

TEST(Tiers, WideIntegerShiftedValuesAgreeWithBoostMpz) {
    // WideInteger holds z * 2^e (issue 15, fuzz5): shifts add to e, sums of
    // values with different e align them. A pool of values built by random
    // shifts, sums, differences, products and negations, mirrored in
    // Boost's mpz_int; every pair compared both ways must order as its
    // mirror, and each value must order against itself +- 1 and 0 as its
    // mirror does (a value off by any amount, in any bit, fails).
    using Boost = boost::multiprecision::mpz_int;
    using Wide = detail::WideInteger;
    std::mt19937_64 rng(515);
    for (int round = 0; round < 40; ++round) {
        std::vector<Wide> w;
        std::vector<Boost> m;
        for (int i = 0; i < 6; ++i) {
            const auto v = static_cast<std::int64_t>(rng()) >> (rng() % 63);
            const unsigned k = static_cast<unsigned>(rng() % 300);
            Wide a(v);
            a <<= k;
            Boost b(v);
            b <<= k;
            w.push_back(a);
            m.push_back(b);
        }
        w.emplace_back(0);
        m.emplace_back(0);
        for (int step = 0; step < 60; ++step) {
            const std::size_t i = rng() % w.size(), j = rng() % w.size();
            switch (rng() % 6) {
                case 0:
                    w.push_back(w[i] + w[j]);
                    m.push_back(m[i] + m[j]);
                    break;
                case 1:
                    w.push_back(w[i] - w[j]);
                    m.push_back(m[i] - m[j]);
                    break;
                case 2:
                    if (m[i] != 0 && m[j] != 0 && msb(abs(m[i])) + msb(abs(m[j])) > 6000) break;
                    w.push_back(w[i] * w[j]);
                    m.push_back(m[i] * m[j]);
                    break;
                case 3:
                    w.push_back(-w[i]);
                    m.push_back(-m[i]);
                    break;
                case 4: {
                    Wide a = w[i];
                    a += w[j];
                    w.push_back(a);
                    m.push_back(m[i] + m[j]);
                    break;
                }
                default: {
                    Wide a = w[i];
                    a -= w[j];
                    w.push_back(a);
                    m.push_back(m[i] - m[j]);
                    break;
                }
            }
        }
        const Wide one(1), zero(0);
        for (std::size_t i = 0; i < w.size(); ++i) {
            EXPECT_EQ(w[i] > zero, m[i] > 0) << "round " << round << " value " << i;
            EXPECT_EQ(w[i] == zero, m[i] == 0) << "round " << round << " value " << i;
            EXPECT_TRUE(w[i] + one > w[i] && w[i] - one < w[i] && w[i] == w[i] + zero);
            for (std::size_t j = 0; j < w.size(); ++j) {
                EXPECT_EQ(w[i] < w[j], m[i] < m[j]) << "round " << round << " " << i << " " << j;
                EXPECT_EQ(w[i] == w[j], m[i] == m[j]) << "round " << round << " " << i << " " << j;
                EXPECT_EQ(w[i] >= w[j], m[i] >= m[j]) << "round " << round << " " << i << " " << j;
                EXPECT_EQ(w[i] - w[j] == zero, m[i] == m[j]);
            }
        }
        if (HasFailure()) {
            ADD_FAILURE()
                << "seed 515, round " << round
                << "\nreplay: oracle_predicates_test --gtest_filter=Tiers.WideIntegerShifted*";
            return;
        }
    }
}

// ---------------------------------------------------------------------------
// The certified filter (detail/filter.hpp, issue 15, fuzz6): every answer it
// gives is the exact one; it declines near ties.

/// A finite float from a raw 32-bit pattern, as a double.
double raw_finite_float(std::mt19937_64& rng) {
    for (;;) {
        const auto u = static_cast<std::uint32_t>(rng());
        float x;
        std::memcpy(&x, &u, sizeof x);
        if (std::isfinite(x)) return x;
    }
}

/// Inputs as the fuzz targets' mutator makes them: raw bit patterns of
/// either precision, or ordinary values at an exponent spread, then up to
/// four edits (a field copied onto another, a point copied onto another,
/// a step of 1-4 ulps, a zero, another field's exponent, a sign flip, a
/// point moved along the line of two others by a power of two: exact and
/// near collinearity at every magnitude).
/// `plain`: 0 for raw double patterns without edits, 1 for raw float
/// patterns without edits, -1 otherwise.
template <std::size_t N>
std::array<double, N> mutated(std::mt19937_64& rng, int& plain) {
    std::array<double, N> v{};
    const int how = static_cast<int>(rng() % 4);
    for (double& x : v) {
        if (how == 0) x = raw_finite(rng);
        if (how == 1) x = raw_finite_float(rng);
        if (how >= 2)
            x = value_of(rng, 1 + static_cast<int>(rng() % 53),
                         static_cast<int>(rng() % 300) - 150);
    }
    const int edits = static_cast<int>(rng() % 5);
    plain = how <= 1 && edits == 0 ? how : -1;
    for (int k = 0; k < edits; ++k) {
        const std::size_t i = rng() % N, j = rng() % N;
        const std::size_t p = 2 * (rng() % (N / 2)), q = 2 * (rng() % (N / 2));
        switch (rng() % 7) {
            case 0: v[i] = v[j]; break;
            case 1:
                v[p] = v[q];
                v[p + 1] = v[q + 1];
                break;
            case 2: {
                const int steps = 1 + static_cast<int>(rng() % 4);
                for (int s = 0; s < steps; ++s)
                    v[i] = std::nextafter(v[i], (rng() & 1) ? INFINITY : -INFINITY);
                if (!std::isfinite(v[i])) v[i] = 0;
                break;
            }
            case 3: v[i] = 0; break;
            case 4: {
                int ei = 0, ej = 0;
                (void)std::frexp(v[j], &ej);
                v[i] = std::ldexp(std::frexp(v[i], &ei), ej);
                break;
            }
            case 5: v[i] = -v[i]; break;
            default: {
                // r = p + 2^s (q - p) on the line through p and q when exact.
                const std::size_t r = 2 * (rng() % (N / 2));
                if (r == p || r == q) break;
                const int s = static_cast<int>(rng() % 9) - 4;
                const double x = v[p] + std::ldexp(v[q] - v[p], s);
                const double y = v[p + 1] + std::ldexp(v[q + 1] - v[p + 1], s);
                if (std::isfinite(x) && std::isfinite(y)) {
                    v[r] = x;
                    v[r + 1] = y;
                }
            }
        }
    }
    return v;
}

/// Runs formula through the filter and through the unbounded integer tier;
/// counts the cases the filter decided, fails on a different answer.
struct FilterCheck {
    int decided = 0;
    int total = 0;
    template <std::size_t N, class Formula>
    bool operator()(const std::array<double, N>& v, Formula formula) {
        const auto exact = on_integers<detail::WideInteger>(v, formula);
        std::remove_const_t<decltype(exact)> got{};
        ++total;
        if (!detail::filtered(detail::scale(v), v, formula, got)) return true;
        ++decided;
        return got == exact;
    }
};

TEST(Tiers, FilterAnswersExactlyOrDeclines) {
    // Every formula of the scaled predicates on 12,000 inputs of each
    // generator of `mutated` (raw patterns: the long double filter; float
    // patterns and ordinary spreads: the double one), against the unbounded
    // integer tier. Radii non-negative, boxes ordered, as the oracle's
    // validation leaves them. The filter must decide most raw inputs (a
    // filter that always declines is useless) and every decided answer
    // must be exact.
    std::mt19937_64 rng(6006);
    FilterCheck check;
    std::array<int, 2> raw_decided{}, raw_total{};  // double, float patterns
    for (int i = 0; i < 12000; ++i) {
        int plain = -1;
        const std::array<double, 12> v = mutated<12>(rng, plain);
        const int decided_before = check.decided, total_before = check.total;
        const std::array<double, 8> seg{v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7]};
        const double r1 = std::fabs(v[8]), r2 = std::fabs(v[9]);
        const std::array<double, 7> sc{v[0], v[1], v[2], v[3], v[4], v[5], r1};
        const std::array<double, 5> pd{v[0], v[1], v[2], v[3], r1};
        const std::array<double, 6> dd{v[0], v[1], r1, v[2], v[3], r2};
        const std::array<double, 10> cc{v[0], v[1], v[2], v[3], r1, v[4], v[5], v[6], v[7], r2};
        const std::array<double, 8> cd{v[0], v[1], v[2], v[3], r1, v[4], v[5], r2};
        const std::array<double, 8> sb{v[0],
                                       v[1],
                                       v[2],
                                       v[3],
                                       std::fmin(v[4], v[6]),
                                       std::fmin(v[5], v[7]),
                                       std::fmax(v[4], v[6]),
                                       std::fmax(v[5], v[7])};
        const std::array<double, 8> bb{std::fmin(v[0], v[2]), std::fmin(v[1], v[3]),
                                       std::fmax(v[0], v[2]), std::fmax(v[1], v[3]),
                                       std::fmin(v[4], v[6]), std::fmin(v[5], v[7]),
                                       std::fmax(v[4], v[6]), std::fmax(v[5], v[7])};
        const std::array<double, 10> pp{v[8], v[9], v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7]};
        const std::array<double, 11> ph{v[8], v[9], r1,   v[0], v[1], v[2],
                                        v[3], v[4], v[5], v[6], v[7]};
        const std::array<double, 12> po{v[0], v[1], v[2], v[3], v[4],  v[5],
                                        v[6], v[7], v[8], v[9], v[10], v[11]};
        EXPECT_TRUE(check(seg, seg_f)) << "segments_intersect";
        EXPECT_TRUE(check(seg, or_f)) << "orient2d";
        EXPECT_TRUE(check(sc, sd_f)) << "segment_distance_vs_radius";
        EXPECT_TRUE(check(sc, smc_f)) << "segment_meets_circle";
        EXPECT_TRUE(check(pd, pd_f)) << "point_in_disk";
        EXPECT_TRUE(check(dd, do_f)) << "disks_overlap";
        EXPECT_TRUE(check(cc, cap_f)) << "capsules_overlap";
        EXPECT_TRUE(check(cd, chd_f)) << "capsule_hits_disk";
        EXPECT_TRUE(check(sb, shb_f)) << "segment_hits_box";
        EXPECT_TRUE(check(bb, box_f)) << "boxes_overlap";
        EXPECT_TRUE(check(pp, pip_f)) << "point_in_polygon";
        EXPECT_TRUE(check(ph, phd_f)) << "polygon_hits_disk";
        EXPECT_TRUE(check(po, pov_f)) << "polygons_overlap";
        if (HasFailure()) {
            ADD_FAILURE() << "seed 6006, case " << i << ", v = " << hex_list(v)
                          << "\nreplay: oracle_predicates_test --gtest_filter=Tiers.Filter*";
            return;
        }
        if (plain >= 0) {  // the filter's main traffic
            raw_decided[static_cast<std::size_t>(plain)] += check.decided - decided_before;
            raw_total[static_cast<std::size_t>(plain)] += check.total - total_before;
        }
    }
    EXPECT_GT(check.decided, check.total / 2) << check.decided << " of " << check.total;
    // Float patterns take the double filter everywhere; double patterns
    // need x87's long double (detail::long_double_filter), without which
    // (MSVC, aarch64, -mlong-double-64) they go to the integer tiers.
    EXPECT_GT(raw_decided[1], raw_total[1] * 3 / 4) << raw_decided[1] << " of " << raw_total[1];
    if (detail::long_double_filter) {
        EXPECT_GT(raw_decided[0], raw_total[0] * 3 / 4) << raw_decided[0] << " of " << raw_total[0];
    }
    std::printf("filter decided %d of %d evaluations\n", check.decided, check.total);
}

TEST(Tiers, FilterDeclinesExactTiesAtEveryScale) {
    // Exact ties the filter cannot see from rounded values: three collinear
    // points (c = a + 2^s (b - a), exact) and a point exactly on a circle
    // (a Pythagorean triple scaled by 2^k), at exponents from 2^-1000 to
    // 2^900. The exact answer is the tie's (orientation 0, on the circle);
    // the filter either gives it or declines, and moving the point by one
    // ulp changes the exact answer, which the filter must then give or
    // decline too.
    std::mt19937_64 rng(6116);
    int decided = 0;
    for (int i = 0; i < 4000; ++i) {
        const int e = static_cast<int>(rng() % 1900) - 1000;
        // 20-bit values within 2^20 of each other: every sum below is exact.
        const double ax = value_of(rng, 20, e), ay = value_of(rng, 20, e);
        const double bx = value_of(rng, 20, e + static_cast<int>(rng() % 20));
        const double by = value_of(rng, 20, e + static_cast<int>(rng() % 20));
        const int s = static_cast<int>(rng() % 7) - 3;
        double cx = ax + std::ldexp(bx - ax, s), cy = ay + std::ldexp(by - ay, s);
        if (i % 2 == 1) cx = std::nextafter(cx, INFINITY);
        const std::array<double, 6> o{ax, ay, bx, by, cx, cy};
        const int exact = on_integers<detail::WideInteger>(o, or_f);
        if (i % 2 == 0) {
            EXPECT_EQ(exact, 0);
        }
        int got = 7;
        if (detail::filtered(detail::scale(o), o, or_f, got)) {
            ++decided;
            EXPECT_EQ(got, exact) << hex_list(o);
        }
        // (3k, 4k) at distance 5k from the centre, exactly.
        const double k = std::ldexp(1.0, e + static_cast<int>(rng() % 21) - 10);
        double px = ax + 3 * k;
        if (i % 2 == 1) px = std::nextafter(px, 0.0);
        const std::array<double, 5> pd{px, ay + 4 * k, ax, ay, 5 * k};
        const bool exact_in = on_integers<detail::WideInteger>(pd, pd_f);
        bool in = false;
        if (detail::filtered(detail::scale(pd), pd, pd_f, in)) {
            EXPECT_EQ(in, exact_in) << hex_list(pd);
        }
        if (HasFailure()) {
            ADD_FAILURE() << "seed 6116, case " << i
                          << "\nreplay: oracle_predicates_test --gtest_filter=Tiers.Filter*";
            return;
        }
    }
    std::printf("filter decided %d of 4000 collinear cases\n", decided);
}

TEST(Tiers, DoubleFilterTakesNarrowSpreadsAtEveryMagnitude) {
    // Inputs whose exponent spread is ordinary (up to 60 bits) placed
    // anywhere from the subnormals to near the largest double, random and
    // near-collinear (c = a + 2^s (b - a), exact, then every other case one
    // ulp off). The double stage alone (filtered_in_double: its inputs
    // brought into its window by a power of two) must decide most of the
    // random ones in every band of magnitudes, those far outside the window
    // too (without the power of two it declined them all, and they went to
    // x87's long double, or to the integer tiers where long double is not
    // x87), and every answer it gives, through filtered() as well, must be
    // the unbounded integer tier's.
    std::mt19937_64 rng(6226);
    // Bands of the smallest exponent: subnormal, below the window, inside
    // it, above it.
    const std::array<std::pair<int, int>, 4> bands{
        {{-1074, -1000}, {-900, -300}, {-200, 150}, {300, 930}}};
    for (std::size_t b = 0; b < bands.size(); ++b) {
        int random_decided = 0, random_total = 0, tie_decided = 0;
        for (int i = 0; i < 1500; ++i) {
            const int lo = bands[b].first, hi = bands[b].second;
            const int e = lo + static_cast<int>(rng() % static_cast<unsigned>(hi - lo + 1));
            const int spread = static_cast<int>(rng() % 61);
            std::array<double, 10> v{};
            for (double& x : v)
                x = value_of(rng, 1 + static_cast<int>(rng() % 20),
                             e + static_cast<int>(rng() % (spread + 1)));
            const bool tie = i % 3 == 0;
            if (tie) {  // v[4..5] on the line through v[0..1] and v[2..3], exactly
                const int s = static_cast<int>(rng() % 5) - 2;
                v[4] = v[0] + std::ldexp(v[2] - v[0], s);
                v[5] = v[1] + std::ldexp(v[3] - v[1], s);
                if (i % 2 == 1) v[4] = std::nextafter(v[4], INFINITY);
            }
            const std::array<double, 8> seg{v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7]};
            const std::array<double, 6> o{v[0], v[1], v[2], v[3], v[4], v[5]};
            const double r1 = std::fabs(v[8]), r2 = std::fabs(v[9]);
            const std::array<double, 7> sc{v[0], v[1], v[2], v[3], v[4], v[5], r1};
            const std::array<double, 10> cc{v[0], v[1], v[2], v[3], r1, v[4], v[5], v[6], v[7], r2};
            const std::array<double, 5> pd{v[0], v[1], v[2], v[3], r1};
            const auto check = [&](const auto& in, auto formula, const char* what) {
                const auto exact = on_integers<detail::WideInteger>(in, formula);
                std::remove_const_t<decltype(exact)> got{}, through{};
                const auto s = detail::scale(in);
                const bool decided = detail::filtered_in_double(s, in, formula, got);
                if (decided) {
                    EXPECT_EQ(got, exact) << what << " " << hex_list(in);
                }
                if (detail::filtered(s, in, formula, through)) {
                    EXPECT_EQ(through, exact) << what << " through filtered() " << hex_list(in);
                }
                if (tie) {
                    tie_decided += decided;
                } else {
                    random_decided += decided;
                    ++random_total;
                }
            };
            check(seg, seg_f, "segments_intersect");
            check(o, or_f, "orient2d");
            check(sc, smc_f, "segment_meets_circle");
            check(cc, cap_f, "capsules_overlap");
            check(pd, pd_f, "point_in_disk");
            if (HasFailure()) {
                ADD_FAILURE()
                    << "seed 6226, band " << b << ", case " << i
                    << "\nreplay: oracle_predicates_test --gtest_filter=Tiers.DoubleFilter*";
                return;
            }
        }
        EXPECT_GT(random_decided, random_total * 3 / 4)
            << "smallest exponents in [" << bands[b].first << ", " << bands[b].second
            << "]: " << random_decided << " of " << random_total;
        std::printf(
            "exponents [%d, %d]: the double stage decided %d of %d random evaluations, %d "
            "near-collinear ones\n",
            bands[b].first, bands[b].second, random_decided, random_total, tie_decided);
    }
    // A spread wider than the window is not the double stage's.
    const std::array<double, 6> wide{0x1p-600, 1.0, 0x1p-100, 3.0, 0x1p+200, 5.0};
    int got = 7;
    EXPECT_FALSE(detail::filtered_in_double(detail::scale(wide), wide, or_f, got));
    // Degree-2 formulas have a window twice as wide (monomials of two
    // inputs): spreads of 500-900 bits, which the degree-4 window declines,
    // are theirs, exactly.
    int degree2_decided = 0, degree2_total = 0;
    for (int i = 0; i < 3000; ++i) {
        const int e = -1074 + static_cast<int>(rng() % 1100);
        const int spread = 500 + static_cast<int>(rng() % 401);
        std::array<double, 8> v{};
        for (double& x : v)
            x = value_of(rng, 1 + static_cast<int>(rng() % 20),
                         e + static_cast<int>(rng() % static_cast<unsigned>(spread + 1)));
        v[0] = value_of(rng, 20, e);  // the spread's two ends
        v[1] = value_of(rng, 20, e + spread);
        const std::array<double, 6> o{v[0], v[1], v[2], v[3], v[4], v[5]};
        const std::array<double, 5> pd{v[0], v[1], v[2], v[3], std::fabs(v[4])};
        const auto check = [&](const auto& in, auto formula, const char* what) {
            const auto exact = on_integers<detail::WideInteger>(in, formula);
            std::remove_const_t<decltype(exact)> got2{}, got4{};
            const auto s = detail::scale(in);
            ++degree2_total;
            if (detail::filtered_in_double<2>(s, in, formula, got2)) {
                ++degree2_decided;
                EXPECT_EQ(got2, exact) << what << " " << hex_list(in);
            }
            EXPECT_FALSE(detail::filtered_in_double<4>(s, in, formula, got4))
                << what << " spread " << s.bits << " in the degree-4 window";
        };
        check(v, seg_f, "segments_intersect");
        check(o, or_f, "orient2d");
        check(pd, pd_f, "point_in_disk");
        if (HasFailure()) {
            ADD_FAILURE() << "seed 6226, degree-2 case " << i
                          << "\nreplay: oracle_predicates_test --gtest_filter=Tiers.DoubleFilter*";
            return;
        }
    }
    EXPECT_GT(degree2_decided, degree2_total * 3 / 4) << degree2_decided << " of " << degree2_total;
    std::printf("spreads of 500-900 bits: the degree-2 window decided %d of %d\n", degree2_decided,
                degree2_total);
}

}  // namespace
}  // namespace touchstone::oracle
