// The constructions' two paths give the same bits (issue 15): the rounded
// public functions (integer surds rounded by integer arithmetic,
// detail/integer_surd.hpp) against the rational surds of the *_exact
// functions rounded by round_to<T> (the 160-bit candidate and its exact
// proof). And round_integer_surd itself against round_to<T> on the same
// value, on random and adversarial integers: ties, cancellation, perfect
// squares, subnormal and overflowing results.
//
// A failure prints the seed, the family and the case as hex floats; replay
// with --gtest_filter=ConstructionPaths.* (the seeds are fixed).
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <limits>
#include <random>
#include <string>

#include "touchstone/oracle/detail/integer_surd.hpp"
#include "touchstone/oracle/exact.hpp"
#include "touchstone/case_file.hpp"
#include "touchstone/oracle/oracle.hpp"

namespace touchstone::oracle {
namespace {

constexpr std::uint64_t seed = 0x15c0ffee;

template <class T>
bool same_bits(T a, T b) {
    return std::memcmp(&a, &b, sizeof a) == 0;
}

template <class T>
bool same_points(const std::array<Vec2<T>, 2>& a, const std::array<Vec2<T>, 2>& b) {
    return same_bits(a[0].x, b[0].x) && same_bits(a[0].y, b[0].y) && same_bits(a[1].x, b[1].x) &&
           same_bits(a[1].y, b[1].y);
}

/// Input families of N values of T; radii (the indices in `radii`) made >= 0.
template <class T>
struct Inputs {
    std::mt19937_64 rng{seed};

    T uniform() { return std::uniform_real_distribution<T>(-1, 1)(rng); }
    int pick(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); }

    /// family 0: uniform in [-1, 1]; 1: small integers (tangency,
    /// coincidence, collinearity, exact and tied roundings); 2: halves and
    /// quarters times 2^k for one k per case, k over T's range (subnormal to
    /// near overflow); 3: every value its own exponent (wide spreads);
    /// 4: subnormals; 5: uniform times 2^k near the top of the range.
    T value(int family, int k) {
        using limits = std::numeric_limits<T>;
        switch (family) {
            case 0: return uniform();
            case 1: return static_cast<T>(pick(-4, 4));
            case 2: return std::ldexp(static_cast<T>(pick(-16, 16)) / 4, k);
            case 3:
                return std::ldexp(uniform(), pick(limits::min_exponent - limits::digits + 2,
                                                  limits::max_exponent - 4));
            case 4:
                return std::ldexp(static_cast<T>(pick(-64, 64)),
                                  limits::min_exponent - limits::digits);
            default: return std::ldexp(uniform(), limits::max_exponent - pick(1, 3));
        }
    }

    template <std::size_t N>
    std::array<T, N> draw(int family, std::initializer_list<std::size_t> radii) {
        using limits = std::numeric_limits<T>;
        const int k = pick(limits::min_exponent - limits::digits + 4, limits::max_exponent - 6);
        std::array<T, N> v{};
        for (T& x : v) x = value(family, k);
        // Some cases reuse a coordinate: equal points, shared lines.
        if (pick(0, 3) == 0) v[N - 2] = v[0];
        if (pick(0, 5) == 0) v[N - 1] = v[1];
        for (std::size_t r : radii) v[r] = std::fabs(v[r]);
        return v;
    }
};

constexpr int families = 6;
constexpr int per_family = 400;

template <class T>
void circle_paths() {
    Inputs<T> in;
    int two = 0, one = 0;
    for (int f = 0; f < families; ++f) {
        for (int i = 0; i < per_family; ++i) {
            auto v = in.template draw<6>(f, {2, 5});
            if (f == 1 && i % 3 == 0) {  // tangent: c2 = c1 + (r1 +- r2, 0)
                v[3] = v[0] + (i % 2 ? v[2] + v[5] : v[2] - v[5]);
                v[4] = v[1];
            }
            const Circle<T> c1{{v[0], v[1]}, v[2]}, c2{{v[3], v[4]}, v[5]};
            const auto fast = circle_intersections(c1, c2);
            const auto e = circle_intersections_exact(c1, c2);
            std::array<Vec2<T>, 2> ref{};
            for (int j = 0; j < e.count; ++j) ref[j] = round_point<T>(e.points[j]);
            ASSERT_TRUE(fast.kind == e.kind && fast.count == e.count &&
                        same_points(fast.points, ref))
                << "seed " << seed << " family " << f << " case " << i << ": " << hex_list(v);
            two += fast.count == 2;
            one += fast.count == 1;
        }
    }
    // The families reach both point kinds (a test that never constructs proves nothing).
    EXPECT_GT(two, 200);
    EXPECT_GT(one, 20);
}

template <class T>
void segment_circle_paths() {
    Inputs<T> in;
    int points = 0;
    for (int f = 0; f < families; ++f) {
        for (int i = 0; i < per_family; ++i) {
            auto v = in.template draw<7>(f, {6});
            const Segment<T> s{{v[0], v[1]}, {v[2], v[3]}};
            const Circle<T> c{{v[4], v[5]}, v[6]};
            const auto fast = segment_circle_points(s, c);
            const auto e = segment_circle_points_exact(s, c);
            std::array<Vec2<T>, 2> ref{};
            for (int j = 0; j < e.count; ++j) ref[j] = round_point<T>(e.points[j]);
            ASSERT_TRUE(fast.count == e.count && same_points(fast.points, ref))
                << "seed " << seed << " family " << f << " case " << i << ": " << hex_list(v);
            points += fast.count;
        }
    }
    EXPECT_GT(points, 300);
}

template <class T>
void segment_paths() {
    Inputs<T> in;
    int point = 0, overlap = 0;
    for (int f = 0; f < families; ++f) {
        for (int i = 0; i < per_family; ++i) {
            auto v = in.template draw<8>(f, {});
            if (f == 1 && i % 4 == 0) {  // collinear: the second segment on the first's line
                const T dx = v[2] - v[0], dy = v[3] - v[1];
                const int a = in.pick(-2, 2), b = in.pick(-2, 2);
                v[4] = v[0] + static_cast<T>(a) * dx;
                v[5] = v[1] + static_cast<T>(a) * dy;
                v[6] = v[0] + static_cast<T>(b) * dx;
                v[7] = v[1] + static_cast<T>(b) * dy;
            }
            const Segment<T> s1{{v[0], v[1]}, {v[2], v[3]}}, s2{{v[4], v[5]}, {v[6], v[7]}};
            const auto fast = segment_intersection(s1, s2);
            const auto e = segment_intersection_exact(s1, s2);
            const int n = e.kind == SegmentKind::none ? 0 : e.kind == SegmentKind::point ? 1 : 2;
            std::array<Vec2<T>, 2> ref{};
            for (int j = 0; j < n; ++j) ref[j] = round_point<T>(e.points[j]);
            ASSERT_TRUE(fast.kind == e.kind && same_points(fast.points, ref))
                << "seed " << seed << " family " << f << " case " << i << ": " << hex_list(v);
            point += fast.kind == SegmentKind::point;
            overlap += fast.kind == SegmentKind::overlap;
        }
    }
    EXPECT_GT(point, 300);
    EXPECT_GT(overlap, 10);
}

TEST(ConstructionPaths, CircleIntersectionsFloat) { circle_paths<float>(); }
TEST(ConstructionPaths, CircleIntersectionsDouble) { circle_paths<double>(); }
TEST(ConstructionPaths, SegmentCirclePointsFloat) { segment_circle_paths<float>(); }
TEST(ConstructionPaths, SegmentCirclePointsDouble) { segment_circle_paths<double>(); }
TEST(ConstructionPaths, SegmentIntersectionFloat) { segment_paths<float>(); }
TEST(ConstructionPaths, SegmentIntersectionDouble) { segment_paths<double>(); }

using detail::Mpz;

/// A random integer of up to `bits` bits, either sign.
Mpz random_integer(std::mt19937_64& rng, int bits) {
    Mpz z = 0;
    for (int b = 0; b < bits; b += 32) {
        z <<= 32;
        z += static_cast<unsigned>(rng() & 0xffffffffu);
    }
    const int keep = std::uniform_int_distribution<int>(0, bits)(rng);
    z >>= static_cast<unsigned>(((bits + 31) / 32) * 32 - keep);
    return (rng() & 1) ? Mpz(-z) : z;
}

/// (p + q sqrt(s)) / d 2^e as the rational surd of exact.hpp.
Surd as_surd(const Mpz& p, const Mpz& q, const Mpz& s, const Mpz& d, int e) {
    Rational scale = 1;
    if (e >= 0)
        scale = Rational(Mpz(Mpz(1) << static_cast<unsigned>(e)), d);
    else
        scale = Rational(Mpz(1), Mpz(d << static_cast<unsigned>(-e)));
    return Surd{Rational(p) * scale, Rational(q) * scale, Rational(s)};
}

template <class T>
void integer_rounding() {
    std::mt19937_64 rng(seed);
    auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
    int ties = 0;
    for (int i = 0; i < 6000; ++i) {
        Mpz p = random_integer(rng, pick(0, 200));
        Mpz q = random_integer(rng, pick(0, 100));
        Mpz s = abs(random_integer(rng, pick(0, 200)));
        Mpz d = random_integer(rng, pick(1, 150));
        if (d == 0) d = 1;
        int e = pick(-60, 60);
        switch (i % 8) {
            case 0:  // rational, possibly a tie: odd p over a power of two
                q = 0;
                d = Mpz(1) << static_cast<unsigned>(pick(0, 3));
                p = (random_integer(rng, std::numeric_limits<T>::digits + 2) << 1) + 1;
                if (pick(0, 1))  // p + 1 significant bits, odd: exactly a tie
                    p = (Mpz(1) << std::numeric_limits<T>::digits) +
                        2 * abs(random_integer(rng, std::numeric_limits<T>::digits - 1)) + 1;
                break;
            case 1: {  // near cancellation: s = t^2 +- 1 or t^2, p = -q t (+- 1)
                const Mpz t = abs(random_integer(rng, pick(1, 90))) + 1;
                s = t * t + pick(-1, 1);
                if (q == 0) q = 1;
                p = -q * t + pick(-1, 1);
                break;
            }
            case 2:  // the range's ends: subnormal and overflowing results
                e = pick(0, 1) ? pick(-1300, -1000) : pick(900, 1100);
                if (sizeof(T) == 4) e = e < 0 ? pick(-200, -120) : pick(100, 140);
                break;
            case 3:  // a perfect square radicand
                s = random_integer(rng, 80);
                s *= s;
                break;
            default: break;
        }
        const T fast = detail::round_integer_surd<T>(p, q, s, d, e);
        const T ref = round_to<T>(as_surd(p, q, s, d, e));
        ASSERT_TRUE(same_bits(fast, ref))
            << "seed " << seed << " case " << i << ": p=" << p << " q=" << q << " s=" << s
            << " d=" << d << " e=" << e << " fast=" << fast << " ref=" << ref;
        // A tie: the value is the midpoint of two neighbours of T.
        if (q == 0 && std::isfinite(ref) && ref != 0) {
            const T up = std::nextafter(ref, std::numeric_limits<T>::infinity());
            const T dn = std::nextafter(ref, T(0));
            const Rational x = as_surd(p, q, s, d, e).p;
            const Rational m_up = (to_rational(ref) + to_rational(up)) / 2;
            const Rational m_dn = (to_rational(ref) + to_rational(dn)) / 2;
            ties += abs(x) == abs(m_up) || abs(x) == abs(m_dn);
        }
    }
    EXPECT_GT(ties, 20);  // the tie branch was taken
}

TEST(ConstructionPaths, IntegerRoundingFloat) { integer_rounding<float>(); }
TEST(ConstructionPaths, IntegerRoundingDouble) { integer_rounding<double>(); }

}  // namespace
}  // namespace touchstone::oracle
