// The double-double stage of orient2d, point_in_disk and disks_overlap
// (core/src/robust/dd_predicates.hpp) against the oracle: every sign it
// certifies is the exact sign, with Dekker's products and with fma alike
// (the same bits where both are exact), on the inputs it exists for (the
// double filter's near-degenerate doubts, which it must nearly all
// certify), on exact degeneracies whose differences are not doubles (never
// certified), and at the magnitudes where it must decline (underflow,
// overflow); and the whole predicate, with the layer it reports.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include <boost/multiprecision/cpp_int.hpp>

#include "dd_predicates.hpp"
#include "test_support.hpp"
#include "touchstone/case_file.hpp"
#include "touchstone/oracle/oracle.hpp"
#include "touchstone/robust.hpp"
#include "touchstone/robust/detail/exact.hpp"

namespace {

using namespace touchstone;
using touchstone::robust::Layer;
namespace ex = touchstone::robust::exact;

struct Rng {
    std::mt19937_64 g;
    explicit Rng(std::uint64_t seed) : g(seed) {}
    /// (Not std::uniform_real_distribution: its generate_canonical calls
    /// logl, which -mlong-double-64, the longdouble64 preset, calls with the
    /// wrong ABI against the system's libm.)
    double uniform(double lo, double hi) {
        return lo + (hi - lo) * (static_cast<double>(g() >> 11) * 0x1p-53);
    }
    int integer(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(g); }
    /// x moved by -3 .. 3 ulps (0 included).
    double nudge(double x) { return touchstone::robust_test::nudge_ulps(g, x); }
};

/// The scales the cases are multiplied by (exactly, by a power of two): the
/// stage's range is about 2^-450 .. 2^500 in the differences.
const int kScales[] = {0,   1,    -1,  100, -100, 300,  -300, 440,   -440,
                       470, -470, 499, 505, 520,  -520, -700, -1000, 900};

double scaled(double x, int k) { return std::ldexp(x, k); }

/// The case's arguments as hex floats (failure messages).
std::string hex(const std::vector<double>& x) { return hex_list(x); }

/// Tallies of one run over a case set.
struct Tally {
    int cases = 0, certified = 0, exact_zero = 0, within_bound = 0;
};

// ----- point_in_disk and disks_overlap --------------------------------------------------

/// x = px py cx cy r: a point on the circle (a rounded angle, or a
/// Pythagorean direction and integer centre), nudged by a few ulps.
std::vector<double> near_boundary_point(Rng& g) {
    double cx, cy, r, nx, ny;
    if (g.integer(0, 1) == 0) {
        static constexpr int tri[][3] = {{3, 4, 5}, {5, 12, 13}, {8, 15, 17}, {20, 21, 29}};
        const auto& t = tri[g.integer(0, 3)];
        cx = g.integer(-100, 100);
        cy = g.integer(-100, 100);
        nx = double(t[0]) / t[2] * (g.integer(0, 1) ? 1 : -1);
        ny = double(t[1]) / t[2] * (g.integer(0, 1) ? 1 : -1);
        r = double(g.integer(1, 8) * t[2]);
    } else {
        cx = g.uniform(-100, 100);
        cy = g.uniform(-100, 100);
        const double a = g.uniform(0, 6.283185307179586);
        nx = std::cos(a);
        ny = std::sin(a);
        r = g.uniform(1, 50);
    }
    return {g.nudge(cx + r * nx), g.nudge(cy + r * ny), cx, cy, std::fabs(g.nudge(r))};
}

/// x = c1x c1y r1 c2x c2y r2: two disks touching outside or inside, nudged.
std::vector<double> near_touching_disks(Rng& g) {
    const std::vector<double> p = near_boundary_point(g);
    const double d = p[4], r1 = g.uniform(0, d);
    const double r2 = g.integer(0, 3) == 0 ? r1 + d : d - r1;
    return {p[2], p[3], std::fabs(g.nudge(r1)), p[0], p[1], r2};
}

/// Disks touching exactly, with a radius sum that is not a double: a
/// Pythagorean triple (m^2 - n^2, 2mn, m^2 + n^2) with m^2 + n^2 odd and
/// above 2^53, c1 = 0, r1 = m^2 + n^2 - 1 (even: a double), c2 = (m^2 -
/// n^2, 2mn), r2 = 1 (or one of its neighbours: apart or overlapping by a
/// relative 2^-106 or so). fl(r1 + r2) is off by one, the squares of the
/// centre offset are exact: the double-double value of |c|^2 - (r1 + r2)^2
/// rests on the dropped r.lo^2.
std::vector<double> touching_big_triple(Rng& g) {
    // n in [2^26, 2^26.42]: m^2 + n^2 in [2^53, 2^54), m n < 2^53 (2mn a
    // double), m^2 - n^2 < 2^53.
    for (int tries = 0; tries < 1000; ++tries) {
        const long long n = g.integer(68000000, 90000000);
        const long long m = n + 2 * g.integer(1, 1000000) + 1;  // opposite parity: m^2 + n^2 odd
        const long long a = m * m - n * n, b = 2 * m * n, c = m * m + n * n;
        if (c < (1LL << 53) || c >= (1LL << 54) || a >= (1LL << 53) || m * n >= (1LL << 53))
            continue;
        const int k = g.integer(-1, 1);
        const double r2 = k == 0 ? 1.0 : std::nextafter(1.0, k > 0 ? 2.0 : 0.0);
        return {0, 0, double(c - 1), double(a), double(b), r2};  // c - 1 and b even: doubles
    }
    ADD_FAILURE() << "no triple drawn";
    return {0, 0, 1, 3, 4, 1};
}

// ----- exact signs, in integers ------------------------------------------------------------

/// x 2^1074 as an integer (every double is an integer multiple of 2^-1074):
/// the polynomials are homogeneous, so their signs are those of the same
/// polynomials in these integers (below 2^2099, squares below 2^4198).
/// Boost's unbounded cpp_int: a fixed-capacity one (4352 bits, as this test
/// had) multiplies operands of 40 limbs or more by Boost 1.74's Karatsuba,
/// which gets fixed capacities wrong (core/src/robust/fixed_int.hpp says
/// more). With 64-bit limbs these operands stay below 40; with
/// the 32-bit limbs of the i686 build they did not, and this test's exact
/// signs came out wrong (DDStage.*CertifiesNearlyEvery* failed there).
using Z = boost::multiprecision::cpp_int;

Z exact(double x) { return touchstone::robust_test::times_2_to_1074<Z>(x); }

/// The exact sign of D, and whether D is within 2^-98 of its magnitude A
/// (the sum of the terms' absolute values): the only nonzero values the
/// stage may decline in its range (its bound is 2^-101 M, its error below
/// 2^-101 A).
struct Exact {
    int sign;
    bool within_bound;
};
Exact exact_of(const Z& d, const Z& a) {
    Z scaled = abs(d);
    scaled <<= 98;
    return {d.sign(), scaled <= a};
}

/// |p - c|^2 - r^2, x = px py cx cy r.
Exact pid_exact(const std::vector<double>& x) {
    const Z dx = exact(x[0]) - exact(x[2]), dy = exact(x[1]) - exact(x[3]), r = exact(x[4]);
    return exact_of(dx * dx + dy * dy - r * r, dx * dx + dy * dy + r * r);
}
/// |c1 - c2|^2 - (r1 + r2)^2, x = c1x c1y r1 c2x c2y r2.
Exact do_exact(const std::vector<double>& x) {
    const Z dx = exact(x[0]) - exact(x[3]), dy = exact(x[1]) - exact(x[4]),
            s = exact(x[2]) + exact(x[5]);
    return exact_of(dx * dx + dy * dy - s * s, dx * dx + dy * dy + s * s);
}
/// (b - a) x (c - a), x = ax ay bx by cx cy.
Exact o2_exact(const std::vector<double>& x) {
    const Z ux = exact(x[2]) - exact(x[0]), uy = exact(x[3]) - exact(x[1]),
            wx = exact(x[4]) - exact(x[0]), wy = exact(x[5]) - exact(x[1]);
    return exact_of(ux * wy - uy * wx, abs(Z(ux * wy)) + abs(Z(uy * wx)));
}

template <bool Fma>
ex::DDSign dd_pid(const std::vector<double>& x) {
    return ex::dd_point_in_disk<Fma>(x[0], x[1], x[2], x[3], x[4]);
}
template <bool Fma>
ex::DDSign dd_do(const std::vector<double>& x) {
    return ex::dd_disks_overlap<Fma>(x[0], x[1], x[2], x[3], x[4], x[5]);
}
template <bool Fma>
ex::DDSign dd_o2(const std::vector<double>& x) {
    return ex::dd_orientation<Fma>(x[0], x[1], x[2], x[3], x[4], x[5]);
}

/// Checks one case: both variants' certified signs against the exact sign,
/// the same bits from both in the normal range (in_range: differences
/// between 2^-400 and 2^400, where both products are exact), where every
/// sign clear of zero by 2^-98 of its magnitude is certified, and the
/// predicate (`predicate(x, layer)`: exact::..., the stage and the
/// integers) against the oracle (`truth(x)`), with the layer it reports.
template <class Stage0, class Stage1, class Predicate, class Truth>
void check(const std::vector<double>& x, Exact exact, bool in_range, Stage0 stage_dekker,
           Stage1 stage_fma, Predicate predicate, Truth truth, Tally& t) {
    const ex::DDSign a = stage_dekker(x), b = stage_fma(x);
    ++t.cases;
    t.certified += a.certain;
    t.exact_zero += exact.sign == 0;
    t.within_bound += exact.within_bound;
    const auto sign = [](double d) { return d > 0 ? 1 : -1; };
    if (a.certain) {
        EXPECT_EQ(sign(a.d), exact.sign) << "Dekker: " << hex(x);
    }
    if (b.certain) {
        EXPECT_EQ(sign(b.d), exact.sign) << "fma: " << hex(x);
    }
    if (in_range) {
        EXPECT_EQ(a.certain, b.certain) << hex(x);
        if (a.certain && b.certain) {
            EXPECT_EQ(a.d, b.d) << hex(x);
        }
        if (!exact.within_bound) {
            EXPECT_TRUE(a.certain) << "declined: " << hex(x);
        }
    }
    Layer layer;
    EXPECT_EQ(predicate(x, layer), truth(x)) << hex(x);
    // The predicate answers from the stage exactly when the stage certifies.
    if (in_range) {
        EXPECT_EQ(layer == Layer::extended, a.certain) << hex(x);
    }
}

}  // namespace

TEST(DDStage, PointInDiskCertifiesNearlyEveryNearBoundaryPointExactly) {
    Rng g(0x6464'7069);
    Tally near, all;
    for (int i = 0; i < 3000; ++i) {
        const std::vector<double> base = near_boundary_point(g);
        for (int k : kScales) {
            std::vector<double> x = base;
            for (double& v : x) v = scaled(v, k);
            const bool normal = k >= -300 && k <= 300;
            Tally& t = k == 0 ? near : all;
            check(
                x, pid_exact(x), normal, dd_pid<false>, dd_pid<true>,
                [](const std::vector<double>& y, Layer& l) {
                    return ex::point_in_disk(y.data(), l);
                },
                [](const std::vector<double>& y) {
                    return oracle::point_in_disk(Vec2<double>{y[0], y[1]},
                                                 Circle<double>{{y[2], y[3]}, y[4]});
                },
                t);
        }
    }
    // The stage exists for these: all but about 1 % are certified (the exact
    // boundary points, Pythagorean ones nudged by 0 ulps, and those whose
    // first-order terms cancel).
    EXPECT_GE(near.certified, near.cases * 98 / 100);
    EXPECT_GT(near.exact_zero, 0);
    std::printf(
        "point_in_disk: %d of %d certified at scale 1 (%d exactly on the circle, %d "
        "within 2^-98)\n",
        near.certified, near.cases, near.exact_zero, near.within_bound);
}

TEST(DDStage, DisksOverlapCertifiesNearlyEveryNearTouchingPairExactly) {
    Rng g(0x6464'646f);
    Tally near, all;
    for (int i = 0; i < 3000; ++i) {
        const std::vector<double> base = near_touching_disks(g);
        for (int k : kScales) {
            std::vector<double> x = base;
            for (double& v : x) v = scaled(v, k);
            check(
                x, do_exact(x), k >= -300 && k <= 300, dd_do<false>, dd_do<true>,
                [](const std::vector<double>& y, Layer& l) {
                    return ex::disks_overlap(y.data(), l);
                },
                [](const std::vector<double>& y) {
                    return oracle::disks_overlap(Circle<double>{{y[0], y[1]}, y[2]},
                                                 Circle<double>{{y[3], y[4]}, y[5]});
                },
                k == 0 ? near : all);
        }
    }
    EXPECT_GE(near.certified, near.cases * 98 / 100);
    std::printf(
        "disks_overlap: %d of %d certified at scale 1 (%d exactly touching, %d within "
        "2^-98)\n",
        near.certified, near.cases, near.exact_zero, near.within_bound);
}

TEST(DDStage, DisksTouchingWithARadiusSumThatIsNotADoubleAreNeverCertified) {
    // The double-double value is then r.lo^2 = 1 against a magnitude of
    // 2^108 or so: 2^-108 relative, below the bound (2^-101), above it
    // divided by 2^20. The neighbours of r2 = 1 are apart or overlapping by
    // 2^-53 r1 ~ 2: certified.
    Rng g(0x6264'7472);
    Tally t;
    int touching = 0;
    for (int i = 0; i < 2000; ++i) {
        const std::vector<double> x = touching_big_triple(g);
        const Exact e = do_exact(x);
        touching += e.sign == 0;
        check(
            x, e, true, dd_do<false>, dd_do<true>,
            [](const std::vector<double>& y, Layer& l) { return ex::disks_overlap(y.data(), l); },
            [](const std::vector<double>& y) {
                return oracle::disks_overlap(Circle<double>{{y[0], y[1]}, y[2]},
                                             Circle<double>{{y[3], y[4]}, y[5]});
            },
            t);
    }
    EXPECT_GT(touching, 500);
    EXPECT_LE(t.certified, t.cases - touching);
}

TEST(DDStage, DisksTouchingAtMixedScalesAreDecidedExactly) {
    // c1 = (a, b) T, r1 = c T, c2 = -(a, b) t, r2 = c t (r2 one ulp off in
    // two thirds of the cases): exactly touching or off by a relative
    // 2^-100 or less, with differences and a radius sum of up to 130 bits.
    static constexpr int tri[][3] = {{3, 4, 5}, {5, 12, 13}, {8, 15, 17}, {20, 21, 29}};
    Rng g(0x6d69'7864);
    Tally t;
    for (int i = 0; i < 3000; ++i) {
        const auto& p = tri[g.integer(0, 3)];
        const double big = std::ldexp(2.0 * g.integer(0, 500) + 1, g.integer(-60, 60)),
                     small = std::ldexp(2.0 * g.integer(0, 500) + 1, g.integer(-60, 60));
        std::vector<double> x{p[0] * big,    p[1] * big,    p[2] * big,
                              -p[0] * small, -p[1] * small, p[2] * small};
        const int k = g.integer(-1, 1);
        if (k != 0) x[5] = std::nextafter(x[5], k > 0 ? HUGE_VAL : 0.0);
        check(
            x, do_exact(x), true, dd_do<false>, dd_do<true>,
            [](const std::vector<double>& y, Layer& l) { return ex::disks_overlap(y.data(), l); },
            [](const std::vector<double>& y) {
                return oracle::disks_overlap(Circle<double>{{y[0], y[1]}, y[2]},
                                             Circle<double>{{y[3], y[4]}, y[5]});
            },
            t);
    }
    EXPECT_GT(t.exact_zero, 500);
    EXPECT_LE(t.certified, t.cases - t.exact_zero);
}

// ----- orient2d ------------------------------------------------------------------------------

/// x = ax ay bx by cx cy: c on the line ab (rounded) and nudged.
std::vector<double> near_collinear(Rng& g) {
    const double ax = g.uniform(-100, 100), ay = g.uniform(-100, 100), bx = g.uniform(-100, 100),
                 by = g.uniform(-100, 100), t = g.uniform(-0.5, 1.5);
    return {ax, ay, bx, by, g.nudge(ax + t * (bx - ax)), g.nudge(ay + t * (by - ay))};
}

/// Three points on a line through the origin with a small integer direction
/// (p, q), at scales 2^i apart (i in -60 .. 60): exactly collinear, with
/// differences that need up to 130 bits (their lo words nonzero); or with
/// the last coordinate one ulp off.
std::vector<double> collinear_mixed_scales(Rng& g) {
    const double p = g.integer(-9, 9), q = g.integer(1, 9);
    std::vector<double> x;
    for (int i = 0; i < 3; ++i) {
        const double s = std::ldexp(double(2 * g.integer(0, 200) + 1), g.integer(-60, 60));
        x.push_back(p * s);
        x.push_back(q * s);
    }
    if (g.integer(0, 1)) x[5] = std::nextafter(x[5], g.integer(0, 1) ? HUGE_VAL : -HUGE_VAL);
    return x;
}

TEST(DDStage, Orient2dCertifiesNearlyEveryNearCollinearTripleExactly) {
    Rng g(0x6464'6f32);
    Tally near, all;
    for (int i = 0; i < 3000; ++i) {
        const std::vector<double> base = near_collinear(g);
        for (int k : kScales) {
            std::vector<double> x = base;
            for (double& v : x) v = scaled(v, k);
            check(
                x, o2_exact(x), k >= -300 && k <= 300, dd_o2<false>, dd_o2<true>,
                [](const std::vector<double>& y, Layer& l) { return ex::orientation(y.data(), l); },
                [](const std::vector<double>& y) {
                    return oracle::orient2d(Vec2<double>{y[0], y[1]}, Vec2<double>{y[2], y[3]},
                                            Vec2<double>{y[4], y[5]});
                },
                k == 0 ? near : all);
        }
    }
    EXPECT_GE(near.certified, near.cases * 98 / 100);
    std::printf("orient2d: %d of %d certified at scale 1 (%d exactly collinear, %d within 2^-98)\n",
                near.certified, near.cases, near.exact_zero, near.within_bound);
}

TEST(DDStage, Orient2dNeverCertifiesExactlyCollinearMixedScales) {
    Rng g(0x6d69'7865);
    Tally t;
    for (int i = 0; i < 4000; ++i) {
        const std::vector<double> x = collinear_mixed_scales(g);
        check(
            x, o2_exact(x), true, dd_o2<false>, dd_o2<true>,
            [](const std::vector<double>& y, Layer& l) { return ex::orientation(y.data(), l); },
            [](const std::vector<double>& y) {
                return oracle::orient2d(Vec2<double>{y[0], y[1]}, Vec2<double>{y[2], y[3]},
                                        Vec2<double>{y[4], y[5]});
            },
            t);
    }
    EXPECT_GT(t.exact_zero, 1000);
    EXPECT_LE(t.certified, t.cases - t.exact_zero);
}

TEST(DDStage, DeclinesOutsideItsRangeAndOnInvalidInput) {
    const double inf = HUGE_VAL, nan = std::nan("");
    // Differences below about 2^-450: the absolute term 2^-900 declines.
    const std::vector<double> tiny{0x1p-460, 0, 0, 0, 0x1.8p-461};
    EXPECT_FALSE(dd_pid<false>(tiny).certain);
    EXPECT_FALSE(dd_pid<true>(tiny).certain);
    // Squares at 2^1000 and beyond: the range guard.
    const std::vector<double> huge{0x1p501, 0, 0, 0, 0x1.8p500};
    EXPECT_FALSE(dd_pid<false>(huge).certain);
    EXPECT_FALSE(dd_pid<true>(huge).certain);
    // One scale down both are certified.
    const std::vector<double> fine{0x1p499, 0, 0, 0, 0x1.8p498};
    EXPECT_TRUE(dd_pid<false>(fine).certain);
    EXPECT_TRUE(dd_pid<true>(fine).certain);
    // Infinite and NaN inputs, in every position.
    for (double bad : {inf, -inf, nan}) {
        for (int i = 0; i < 6; ++i) {
            std::vector<double> o{0, 0, 3, 1, 1, 2}, d{0, 0, 1, 5, 0, 2};
            o[i] = bad;
            d[i] = bad;
            EXPECT_FALSE(dd_o2<false>(o).certain) << i;
            EXPECT_FALSE(dd_o2<true>(o).certain) << i;
            EXPECT_FALSE(dd_do<false>(d).certain) << i;
            EXPECT_FALSE(dd_do<true>(d).certain) << i;
            if (i < 5) {
                EXPECT_FALSE(dd_pid<false>(d).certain) << i;
                EXPECT_FALSE(dd_pid<true>(d).certain) << i;
            }
        }
    }
    // A head beyond 2^996 against a small partner: Dekker's split overflows
    // (NaN, declined); the fma variant is exact and certifies.
    const std::vector<double> lopsided{0, 0, 0x1p1010, 0x1p-30, 0, 0x1p-40};
    EXPECT_FALSE(dd_o2<false>(lopsided).certain);
    EXPECT_TRUE(dd_o2<true>(lopsided).certain);
    EXPECT_GT(dd_o2<true>(lopsided).d, 0);
    // A negative radius is the caller's check: invalid, false, layer filter.
    Layer l;
    const double neg[] = {0, 0, 0, 0, -1};
    EXPECT_FALSE(ex::point_in_disk(neg, l));
    EXPECT_EQ(l, Layer::filter);
    const double neg2[] = {0, 0, 1, 3, 0, -1};
    EXPECT_FALSE(ex::disks_overlap(neg2, l));
    EXPECT_EQ(l, Layer::filter);
}
