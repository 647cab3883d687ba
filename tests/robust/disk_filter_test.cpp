// The disk filter's constants for point_in_disk and disks_overlap
// (filter_disk with eps_point_disk and eps_disks, detail/filter.hpp) against
// the error model their derivation rests on, in exact integers: on
// near-tangent cases at many scales, in double and in float,
//   |(s - rr) - D*| <= gamma(4) S* + gamma(k) R*
// (s and rr computed as the predicates compute them; S*, R*, D* = S* - R*
// exact; k = 1 for rr = fl(r |r|), 3 for fl(fl(r1 + r2)^2)), and every sign
// the filter certifies with those constants is the exact sign. In double
// the cases reach 76-82 % of the model's bound (more than half is asserted),
// so a model that undercounted the roundings by a factor of two would fail
// here. Float inputs cannot come that close (a nonzero D* of float inputs is
// far above double's rounding): the filter certifies all of them, and their
// signs are checked. The constants themselves are checked against the model
// at compile time (disk_rr_bound_holds).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <random>
#include <vector>

#include <boost/multiprecision/cpp_int.hpp>

#include "test_support.hpp"
#include "touchstone/case_file.hpp"
#include "touchstone/robust.hpp"

namespace {

using namespace touchstone;
using Z = boost::multiprecision::cpp_int;
namespace det = touchstone::robust::detail;

constexpr double u = 0x1p-53;

Z exact(double x) { return touchstone::robust_test::times_2_to_1074<Z>(x); }

struct Rng {
    std::mt19937_64 g;
    explicit Rng(std::uint64_t seed) : g(seed) {}
    double uniform(double lo, double hi) {
        return touchstone::robust_test::uniform_real(g, lo, hi);
    }
    int integer(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(g); }
    template <class T>
    T nudge(T x) {  // -3 .. 3 ulps
        return touchstone::robust_test::nudge_ulps(g, x);
    }
};

/// px py cx cy r in T: a point of the circle, nudged by a few ulps.
template <class T>
std::vector<T> near_boundary_point(Rng& g, int scale) {
    const T cx = T(std::ldexp(g.uniform(-100, 100), scale)),
            cy = T(std::ldexp(g.uniform(-100, 100), scale)),
            r = T(std::ldexp(g.uniform(1, 50), scale));
    const double a = g.uniform(0, 6.283185307179586);
    const T px = T(cx + r * T(std::cos(a))), py = T(cy + r * T(std::sin(a)));
    return {g.nudge(px), g.nudge(py), cx, cy, std::fabs(g.nudge(r))};
}

/// What one case measured.
struct Tally {
    int cases = 0, certified = 0;
    double worst = 0;  ///< the largest error as a fraction of the model's bound
};

/// Checks one case: xy = {px, cx, py, cy} (the inputs widened to double),
/// dx, dy and rr as the predicate computes them, R* the exact rr, k rr's
/// roundings. A failure names the predicate's arguments in the case file's
/// order, as hex floats (`args`).
template <bool Underflow>
void check(const double (&xy)[4], double rr, const Z& r_exact_squared, int k, double eps, Tally& t,
           const char* what, const std::vector<double>& args) {
    const double dx = xy[0] - xy[1], dy = xy[2] - xy[3];
    const double s = dx * dx + dy * dy;
    const Z ex = exact(xy[0]) - exact(xy[1]), ey = exact(xy[2]) - exact(xy[3]);
    const Z S = ex * ex + ey * ey;  // scale 2^2148, as R*
    const Z D = S - r_exact_squared;
    // Scale 2^2148 for s and rr: exact(.) is 2^1074, times 2^1074.
    const Z computed = (exact(s) - exact(rr)) << 1074;
    const Z err = abs(Z(computed - D));
    // gamma(n) as exact dyadics at scale 2^1074: the bound at scale 2^3222.
    const Z bound = exact(det::gamma(4, u)) * S + exact(det::gamma(k, u)) * r_exact_squared;
    const Z err_scaled = err << 1074;
    ++t.cases;
    EXPECT_LE(err_scaled, bound) << what << " args " << hex_list(args);
    if (bound != 0) {
        // The ratio in double: both shifted down to about 60 bits.
        const unsigned b = static_cast<unsigned>(msb(bound));
        const unsigned shift = b > 60 ? b - 60 : 0;
        const double ratio =
            static_cast<double>(Z(err_scaled >> shift)) / static_cast<double>(Z(bound >> shift));
        if (ratio > t.worst) t.worst = ratio;
    }
    const auto f =
        touchstone::robust::impl::filter_disk(dx, dy, rr, std::bool_constant<Underflow>{}, eps);
    if (f.certain) {
        ++t.certified;
        EXPECT_NE(D.sign(), 0) << what << " args " << hex_list(args);
        EXPECT_EQ(f.d < 0, D.sign() < 0) << what << " args " << hex_list(args);
    }
}

template <class T>
Tally point_in_disk_cases(std::uint64_t seed, const std::vector<int>& scales) {
    Rng g(seed);
    Tally t;
    for (int i = 0; i < 4000; ++i) {
        for (int k : scales) {
            const std::vector<T> x = near_boundary_point<T>(g, k);
            const double in[4] = {double(x[0]), double(x[2]), double(x[1]), double(x[3])};
            const double r = x[4];
            check<!std::is_same_v<T, float>>(
                in, r * std::fabs(r), exact(r) * exact(r), 1, det::Bounds<double>::eps_point_disk,
                t, "point_in_disk", std::vector<double>(x.begin(), x.end()));
        }
    }
    return t;
}

template <class T>
Tally disks_overlap_cases(std::uint64_t seed, const std::vector<int>& scales) {
    Rng g(seed);
    Tally t;
    for (int i = 0; i < 4000; ++i) {
        for (int k : scales) {
            // Two disks touching outside or inside: the point of the circle
            // is the second centre, its distance split into two radii.
            const std::vector<T> p = near_boundary_point<T>(g, k);
            const T d = p[4], r1 = T(g.uniform(0, 1)) * d;
            const T r2 = g.integer(0, 3) == 0 ? T(r1 + d) : T(d - r1);
            const T c1x = p[2], c1y = p[3], c2x = p[0], c2y = p[1];
            const double a = r1, b = std::fabs(g.nudge(r2));
            const double in[4] = {double(c1x), double(c2x), double(c1y), double(c2y)};
            const double sum = a + b;
            const Z rs = exact(a) + exact(b);
            check<!std::is_same_v<T, float>>(
                in, sum * sum, rs * rs, 3, det::Bounds<double>::eps_disks, t, "disks_overlap",
                {double(c1x), double(c1y), a, double(c2x), double(c2y), b});
        }
    }
    return t;
}

/// Reports both precisions' tallies and asserts what the test stands on: the
/// double cases come close to the model's bound (a model off by a factor of
/// two would be caught), and the filter certifies most cases of each.
void report_and_expect(const char* what, const Tally& d, const Tally& f) {
    std::printf("%s double: %d cases, %d certified, largest error %.3f of the model's bound\n",
                what, d.cases, d.certified, d.worst);
    std::printf("%s float: %d cases, %d certified, largest error %.3f of the model's bound\n", what,
                f.cases, f.certified, f.worst);
    EXPECT_GT(d.worst, 0.5) << what;
    EXPECT_GT(d.certified, d.cases / 2) << what;
    EXPECT_GT(f.certified, f.cases / 2) << what;
}

// Scales: every square a normal double (differences up to 2^407, or down to
// 2^-400), where the model has no absolute term.
const std::vector<int> kDoubleScales = {0, 1, -1, 60, -60, 200, -200, 400, -400};
const std::vector<int> kFloatScales = {0, 1, -1, 20, -20, 40, -40, 60, -60};

TEST(DiskFilter, PointInDiskErrorStaysWithinTheModelAndEveryCertifiedSignIsExact) {
    report_and_expect("point_in_disk", point_in_disk_cases<double>(0x7064'6631, kDoubleScales),
                      point_in_disk_cases<float>(0x7064'6632, kFloatScales));
}

TEST(DiskFilter, DisksOverlapErrorStaysWithinTheModelAndEveryCertifiedSignIsExact) {
    report_and_expect("disks_overlap", disks_overlap_cases<double>(0x646f'6631, kDoubleScales),
                      disks_overlap_cases<float>(0x646f'6632, kFloatScales));
}

}  // namespace
