// TOUCHSTONE_ROBUST_CHECK_ENVIRONMENT (touchstone/robust/fp_environment.hpp),
// which this file is compiled with (tests/robust/CMakeLists.txt): in the
// default environment every primitive answers as usual, in both precisions;
// called in another one (rounding upward: every target's C library can set
// it, where it has more than one mode) every primitive aborts, naming itself
// and what differs, instead of answering. Every primitive is asked: a robust
// entry point that bypassed the check would answer and fail its death test.
#include <gtest/gtest.h>

#include <array>
#include <cfenv>
#include <cstdint>
#include <string>

#include "touchstone/families/families.hpp"
#include "touchstone/robust.hpp"
#include "robust_answer.hpp"

#if !defined(TOUCHSTONE_ROBUST_CHECK_ENVIRONMENT)
#error "fp_environment_check_test must be compiled with TOUCHSTONE_ROBUST_CHECK_ENVIRONMENT"
#endif

namespace {

using namespace touchstone;
using test::robust_answer;

/// A case of p in T from its first family (seeded by p).
template <class T>
std::array<T, max_fields> a_case(Primitive p, std::uint64_t salt) {
    std::uint64_t state = 0xc4ec4u + 16u * static_cast<unsigned>(p) + salt;
    const families::Family f = families::families_for(p).front();
    return families::realize<T>(p, families::draw<T>(p, f, state));
}

// Rounding upward, where the target has it (WebAssembly's C library has only
// round-to-nearest and does not define FE_UPWARD).
#if defined(FE_UPWARD)
void round_upward() { std::fesetround(FE_UPWARD); }
bool rounds_upward() { return std::fegetround() == FE_UPWARD; }
#else
void round_upward() {}
bool rounds_upward() { return false; }
#endif

/// Can this target leave round-to-nearest at all?
bool can_round_upward() {
    round_upward();
    const bool ok = rounds_upward();
    std::fesetround(FE_TONEAREST);
    return ok;
}

TEST(FpEnvironmentCheck, TheDefaultEnvironmentAnswersAsUsual) {
    ASSERT_TRUE(robust::floating_point_environment_ok())
        << robust::floating_point_environment_problems();
    int calls = 0;
    for (Primitive p : all_primitives) {
        for (std::uint64_t k = 0; k < 50; ++k) {
            const Answer f = robust_answer(p, a_case<float>(p, k));
            const Answer d = robust_answer(p, a_case<double>(p, k));
            calls += 2;
            // Family cases are valid input: an answer, not the invalid one.
            EXPECT_TRUE(f.valid) << to_string(p);
            EXPECT_TRUE(d.valid) << to_string(p);
        }
    }
    EXPECT_EQ(calls, 100 * static_cast<int>(all_primitives.size()));
}

template <class T>
void expect_every_primitive_aborts() {
#if GTEST_HAS_DEATH_TEST
    if (!can_round_upward()) GTEST_SKIP() << "this target has only round-to-nearest";
    for (Primitive p : all_primitives) {
        const std::array<T, max_fields> x = a_case<T>(p, 0);
        const std::string name(to_string(p));
        EXPECT_DEATH(
            {
                round_upward();
                (void)robust_answer(p, x);
            },
            "robust " + name +
                " called in a floating-point environment.*rounding mode is not to nearest")
            << name << (sizeof(T) == 4 ? " float" : " double");
    }
#else
    GTEST_SKIP() << "no death tests on this target";
#endif
}

TEST(FpEnvironmentCheck, EveryPrimitiveAbortsUnderAnotherRoundingModeFloat) {
    expect_every_primitive_aborts<float>();
}
TEST(FpEnvironmentCheck, EveryPrimitiveAbortsUnderAnotherRoundingModeDouble) {
    expect_every_primitive_aborts<double>();
}

TEST(FpEnvironmentCheck, InsideTheScopeTheSameCallsAnswer) {
    if (!can_round_upward()) GTEST_SKIP() << "this target has only round-to-nearest";
    round_upward();
    int calls = 0;
    {
        const robust::DefaultFloatingPoint scope;
        for (Primitive p : all_primitives) {
            (void)robust_answer(p, a_case<float>(p, 0));
            (void)robust_answer(p, a_case<double>(p, 0));
            calls += 2;
        }
    }
    const bool upward_again = rounds_upward();
    std::fesetround(FE_TONEAREST);
    EXPECT_TRUE(upward_again);  // the caller's mode is back after the scope
    EXPECT_EQ(calls, 2 * static_cast<int>(all_primitives.size()));
}

}  // namespace
