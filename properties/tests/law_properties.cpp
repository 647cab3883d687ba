// The robust core obeys the laws of the geometry, on every family: exact
// symmetries leave answers unchanged, a larger radius never loses a hit, the
// primitives agree with each other, constructed points lie on both shapes,
// and construction errors stay within the stated bound (distribution printed).
#include <gtest/gtest.h>

#include <cstdio>
#include <map>
#include <memory>

#include "touchstone/properties/answers.hpp"
#include "touchstone/properties/laws.hpp"
#include "touchstone/properties/run.hpp"

namespace touchstone::properties {
namespace {

using families::Family;

constexpr std::uint64_t kRobustUlpBound = 0;  // robust.hpp: correctly rounded
constexpr int kLawCases = 10000;

template <class T>
std::string suffix(Primitive p) {
    return std::string(to_string(p)) + (sizeof(T) == sizeof(float) ? "_float" : "_double");
}

template <class Law>
void expect_law(const std::string& id, Law&& law, int base_cases = kLawCases) {
    const PropertyRun run = run_property(id, std::forward<Law>(law), scaled_cases(base_cases));
    print_run(run);
    EXPECT_TRUE(run.passed)
        << "the counterexample, its case line and the replay command are printed above";
}

// ----- exact symmetries ----------------------------------------------------------

template <class T>
void symmetries_hold(Primitive p) {
    expect_law("ExactSymmetriesLeaveAnswersUnchanged/" + suffix<T>(p),
               symmetric_answers<T>(p, robust_impl<T>(p), valid_families(p)));
}

#define TOUCHSTONE_SYMMETRY(prim)                               \
    TEST(ExactSymmetriesLeaveAnswersUnchanged, prim##_float) {  \
        symmetries_hold<float>(Primitive::prim);                \
    }                                                           \
    TEST(ExactSymmetriesLeaveAnswersUnchanged, prim##_double) { \
        symmetries_hold<double>(Primitive::prim);               \
    }

// One test pair per row of the table (a sign answer, orient2d, is checked
// negated under the symmetries that reverse it: reverses_answer).
#define TOUCHSTONE_SYMMETRY_ROW(prim, ...) TOUCHSTONE_SYMMETRY(prim)
TOUCHSTONE_PRIMITIVES(TOUCHSTONE_SYMMETRY_ROW)
#undef TOUCHSTONE_SYMMETRY_ROW

// ----- monotonicity -----------------------------------------------------------------

template <class T>
void monotone(Primitive p) {
    expect_law("ALargerRadiusNeverTurnsAHitIntoAMiss/" + suffix<T>(p),
               monotone_in_radius<T>(p, robust_impl<T>(p), valid_families(p)));
}

TEST(ALargerRadiusNeverTurnsAHitIntoAMiss, point_in_disk) {
    monotone<float>(Primitive::point_in_disk);
    monotone<double>(Primitive::point_in_disk);
}
TEST(ALargerRadiusNeverTurnsAHitIntoAMiss, disks_overlap) {
    monotone<float>(Primitive::disks_overlap);
    monotone<double>(Primitive::disks_overlap);
}
TEST(ALargerRadiusNeverTurnsAHitIntoAMiss, segment_hits_disk) {
    monotone<float>(Primitive::segment_hits_disk);
    monotone<double>(Primitive::segment_hits_disk);
}

// ----- cross-primitive consistency ------------------------------------------------------

template <class T>
void zero_length() {
    expect_law(std::string("AZeroLengthSegmentHitsADiskExactlyWhenItsPointIsInIt/") +
                   (sizeof(T) == 4 ? "float" : "double"),
               zero_length_segment_is_a_point<T>(robust_impl<T>(Primitive::segment_hits_disk),
                                                 robust_impl<T>(Primitive::point_in_disk)));
}
TEST(AZeroLengthSegmentHitsADiskExactlyWhenItsPointIsInIt, float_and_double) {
    zero_length<float>();
    zero_length<double>();
}

template <class T>
void predicate_vs_construction(Primitive construction, Primitive predicate) {
    expect_law("EachPredicateAgreesWithItsConstruction/" + suffix<T>(construction),
               predicate_matches_construction<T>(construction, robust_impl<T>(construction),
                                                 robust_impl<T>(predicate)));
}
TEST(EachPredicateAgreesWithItsConstruction, disks_overlap_vs_circle_intersections) {
    predicate_vs_construction<float>(Primitive::circle_intersections, Primitive::disks_overlap);
    predicate_vs_construction<double>(Primitive::circle_intersections, Primitive::disks_overlap);
}
TEST(EachPredicateAgreesWithItsConstruction, segments_intersect_vs_segment_intersection) {
    predicate_vs_construction<float>(Primitive::segment_intersection,
                                     Primitive::segments_intersect);
    predicate_vs_construction<double>(Primitive::segment_intersection,
                                      Primitive::segments_intersect);
}
TEST(EachPredicateAgreesWithItsConstruction, segment_meets_circle_vs_segment_circle_points) {
    predicate_vs_construction<float>(Primitive::segment_circle_points,
                                     Primitive::segment_meets_circle);
    predicate_vs_construction<double>(Primitive::segment_circle_points,
                                      Primitive::segment_meets_circle);
}

template <class T>
void on_shapes(Primitive p) {
    expect_law("ConstructedPointsLieOnBothShapes/" + suffix<T>(p),
               points_lie_on_both_shapes<T>(p, robust_impl<T>(p), kRobustUlpBound));
}
TEST(ConstructedPointsLieOnBothShapes, circle_intersections) {
    on_shapes<float>(Primitive::circle_intersections);
    on_shapes<double>(Primitive::circle_intersections);
}
TEST(ConstructedPointsLieOnBothShapes, segment_circle_points) {
    on_shapes<float>(Primitive::segment_circle_points);
    on_shapes<double>(Primitive::segment_circle_points);
}
TEST(ConstructedPointsLieOnBothShapes, segment_intersection) {
    on_shapes<float>(Primitive::segment_intersection);
    on_shapes<double>(Primitive::segment_intersection);
}

// ----- construction error distribution ---------------------------------------------------

/// Histogram bucket of an ulp error: 0, 1, 2, 3-4, 5-8, ... 2^k+1..2^(k+1).
std::string ulp_bucket(std::uint64_t u) {
    if (u <= 2) return std::to_string(u);
    std::uint64_t hi = 4;
    while (hi < u) hi *= 2;
    return std::to_string(hi / 2 + 1) + "-" + std::to_string(hi);
}

template <class T>
void ulp_distribution(Primitive p) {
    struct Stats {
        std::uint64_t max = 0;
        std::map<std::string, long> histogram;
        long wrong_kind = 0;
    };
    auto stats = std::make_shared<Stats>();
    const Impl<T> impl = robust_impl<T>(p);
    const rc::Gen<Recipe> gen = recipe_of<T>(p, valid_families(p));
    auto law = [p, impl, gen, stats] {
        const Recipe r = *gen;
        const Args<T> a = families::realize<T>(p, r);
        const Answer<T> truth = oracle_answer<T>(p, a);
        // Any point error passes the judge here: the histogram measures it.
        const Judgement j = judge<T>(p, a, impl(a), closed_within_point_ulps(~std::uint64_t{0}));
        if (j.wrong()) {
            ++stats->wrong_kind;
            note_counterexample(r);
            RC_FAIL(case_report(p, r, a, "construction kind differs from the oracle: " + j.text()));
        }
        if (truth.count == 0) return;
        stats->max = std::max(stats->max, j.ulps);
        ++stats->histogram[ulp_bucket(j.ulps)];
        RC_TAG("ulps " + ulp_bucket(j.ulps));
        if (j.ulps > kRobustUlpBound) {
            note_counterexample(r);
            RC_FAIL(case_report(p, r, a, "construction error above the stated bound: " + j.text()));
        }
    };
    const std::string id = "ConstructionErrorStaysWithinTheStatedBound/" + suffix<T>(p);
    const PropertyRun run = run_property(id, law, scaled_cases(kLawCases));
    print_run(run);
    std::printf("  ulp error of %s: max %llu (bound %llu); histogram:", suffix<T>(p).c_str(),
                static_cast<unsigned long long>(stats->max),
                static_cast<unsigned long long>(kRobustUlpBound));
    for (const auto& [bucket, n] : stats->histogram) std::printf(" [%s]=%ld", bucket.c_str(), n);
    std::printf("\n");
    EXPECT_TRUE(run.passed)
        << "the counterexample, its case line and the replay command are printed above";
}

TEST(ConstructionErrorStaysWithinTheStatedBound, circle_intersections) {
    ulp_distribution<float>(Primitive::circle_intersections);
    ulp_distribution<double>(Primitive::circle_intersections);
}
TEST(ConstructionErrorStaysWithinTheStatedBound, segment_circle_points) {
    ulp_distribution<float>(Primitive::segment_circle_points);
    ulp_distribution<double>(Primitive::segment_circle_points);
}
TEST(ConstructionErrorStaysWithinTheStatedBound, segment_intersection) {
    ulp_distribution<float>(Primitive::segment_intersection);
    ulp_distribution<double>(Primitive::segment_intersection);
}

}  // namespace
}  // namespace touchstone::properties
