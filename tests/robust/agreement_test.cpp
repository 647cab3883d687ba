// The gate: touchstone::robust agrees with touchstone::oracle on edge cases.
//
// For every primitive and precision, kCases inputs drawn from the case
// families (touchstone/families: every family applicable to the primitive,
// in turn: the uniform control, exact tangencies from Pythagorean triples,
// the same nudged by a few ulps, collinear and near-collinear, endpoints on
// circles / shared endpoints / T-junctions, zero lengths and radii,
// concentric and identical circles, huge / tiny / mixed magnitudes down to
// subnormals, and invalid input), from a fixed seed per primitive and
// precision. Each answer is judged by touchstone::judge under the robust
// core's claim: predicates equal to the oracle's; constructions of the same
// kind and count with every coordinate 0 ulps from the correctly rounded
// point; invalid input answered with the documented empty answer.
#include <gtest/gtest.h>

#include <cstdio>
#include <string>
#include <vector>

#include "touchstone/families/families.hpp"
#include "touchstone/judge.hpp"
#include "touchstone/robust.hpp"
#include "robust_answer.hpp"

namespace {

using namespace touchstone;

#if defined(__SANITIZE_ADDRESS__)
#define TOUCHSTONE_TEST_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(undefined_behavior_sanitizer)
#define TOUCHSTONE_TEST_SANITIZED 1
#endif
#endif

#if defined(TOUCHSTONE_TEST_SANITIZED)
constexpr int kCases = 25'000;  // ASan+UBSan is ~10x slower; the full 100,000 run in normal builds
#else
constexpr int kCases = 100'000;
#endif

/// The robust core's claim: closed, points correctly rounded (0 ulps), the
/// empty answer on invalid input.
Claim robust_claim() {
    Claim c = closed();
    c.empty_on_invalid = true;
    return c;
}

/// Collects disagreements; reports the first few as case lines.
struct Tally {
    int cases = 0;
    int invalid = 0;
    int disagreements = 0;
    std::string first;
};

using test::robust_answer;

template <class T>
Tally agreement(Primitive p) {
    constexpr Precision prec = sizeof(T) == sizeof(float) ? Precision::f32 : Precision::f64;
    const std::vector<families::Family> fams = families::families_for(p);
    // A fixed seed per primitive and precision.
    std::uint64_t state = 0x5eed0000u + 16u * static_cast<unsigned>(p) + sizeof(T);
    const Claim claim = robust_claim();
    Tally t;
    for (int i = 0; i < kCases; ++i) {
        const families::Family f = fams[static_cast<std::size_t>(i) % fams.size()];
        const families::Recipe r = families::draw<T>(p, f, state);
        const std::array<T, max_fields> x = families::realize<T>(p, r);
        std::array<double, max_fields> d{};
        for (std::size_t k = 0; k < d.size(); ++k) d[k] = static_cast<double>(x[k]);
        const Answer got = robust_answer(p, x);
        const Answer exact = exact_answer(p, prec, d.data());
        const Judgement j = judge(p, prec, d.data(), claim, got, exact);
        ++t.cases;
        t.invalid += !exact.valid;
        if (j.wrong() && ++t.disagreements <= 5)
            t.first += j.text() + ": " + case_line(p, x.data(), families::to_string(f)) +
                       "\n    recipe " + families::describe(r) + "\n    robust " +
                       answer_json(p, got) + ", oracle " + answer_json(p, exact) + "\n";
    }
    return t;
}

template <class T>
void expect_agreement(Primitive p) {
    const Tally t = agreement<T>(p);
    EXPECT_EQ(t.cases, kCases);
    EXPECT_EQ(t.disagreements, 0) << t.first;
    std::printf("%s %s: %d cases over %zu families (%d invalid), %d disagreements\n",
                std::string(to_string(p)).c_str(), sizeof(T) == 4 ? "float" : "double", t.cases,
                families::families_for(p).size(), t.invalid, t.disagreements);
}

// One float and one double test per row of the table (a new primitive is
// gated without a line here).
#define TOUCHSTONE_AGREES(prim, ...)                                                         \
    TEST(RobustAgreesWithOracle, prim##_float) { expect_agreement<float>(Primitive::prim); } \
    TEST(RobustAgreesWithOracle, prim##_double) { expect_agreement<double>(Primitive::prim); }
TOUCHSTONE_PRIMITIVES(TOUCHSTONE_AGREES)
#undef TOUCHSTONE_AGREES

TEST(RobustAgreesWithOracle, EveryPrimitiveIsGated) {
    // The tests above, as registered with GoogleTest: one float and one
    // double test per primitive of the table.
    const ::testing::TestSuite* suite = nullptr;
    const ::testing::UnitTest& unit = *::testing::UnitTest::GetInstance();
    for (int i = 0; i < unit.total_test_suite_count(); ++i)
        if (std::string(unit.GetTestSuite(i)->name()) == "RobustAgreesWithOracle")
            suite = unit.GetTestSuite(i);
    ASSERT_NE(suite, nullptr);
    for (Primitive p : all_primitives) {
        for (const char* prec : {"_float", "_double"}) {
            const std::string want = std::string(to_string(p)) + prec;
            bool found = false;
            for (int i = 0; i < suite->total_test_count(); ++i)
                found |= suite->GetTestInfo(i)->name() == want;
            EXPECT_TRUE(found) << "no agreement test " << want;
        }
    }
}

}  // namespace
