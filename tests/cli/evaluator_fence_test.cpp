// The floating-point fence of the audit's evaluators (audit/registry.hpp,
// fenced): code under test that leaves flush-to-zero, denormals-are-zero or
// another rounding mode set (engines do, for speed) must not change the
// exact truth computed after it in the same thread, nor the environment of
// later calls. The premise is checked too: without the fence, the oracle
// called after such code answers cases with subnormal coordinates wrongly,
// so these tests fail if the fence goes.
#include <gtest/gtest.h>

#include <cfenv>
#include <cstdint>
#include <stdexcept>
#include <string>

#include "touchstone/audit/registry.hpp"
#include "touchstone/oracle/oracle.hpp"
#include "touchstone/robust.hpp"
#include "../robust/hostile_environment.hpp"

namespace {

using namespace touchstone;
using robust::floating_point_environment_ok;
using robust::floating_point_environment_problems;
using robust::FloatingPointControls;

/// What an engine's start-up does, and more: every setting of
/// hostile_environment.hpp this target has (flush-to-zero and
/// denormals-are-zero, rounding upward, the x87 unit at 53 bits).
void set_engine_modes() { test::hostile(true); }

/// Whether flushing subnormals can be set here (the oracle's wrong answers
/// below need it; rounding upward alone does not reach these cases).
constexpr bool can_flush() {
#if defined(TEST_MXCSR) || defined(TEST_FPCR)
    return true;
#else
    return false;
#endif
}

/// A correct adapter (it asks the robust core) that leaves the engine's
/// modes set, as an adapter around an engine that sets them would.
bool leaves_engine_modes(Vec2<double> p, Circle<double> c) {
    const bool hit = robust::point_in_disk(p, c);
    set_engine_modes();
    return hit;
}

/// The same, throwing after it set them.
bool throws_after_setting_modes(Vec2<double>, Circle<double>) {
    set_engine_modes();
    throw std::runtime_error("engine failure");
}

constexpr const char* kName = "leaves-modes (point_in_disk, double)";

std::size_t occurrences(const std::string& text, const std::string& what) {
    std::size_t n = 0;
    for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1))
        ++n;
    return n;
}

TEST(EvaluatorFence, TheCodeUnderTestsSettingsEndWithItsCall) {
    ASSERT_TRUE(floating_point_environment_ok()) << floating_point_environment_problems();
    const FloatingPointControls start = FloatingPointControls::current();
    const audit::Evaluator raw =
        audit::evaluator<Primitive::point_in_disk, double>(leaves_engine_modes);
    const double inside[5] = {0.5, 0, 0, 0, 1};  // px py cx cy r

    // Premise: the bare evaluator leaves them set.
    EXPECT_TRUE(raw(inside).hit);
    EXPECT_FALSE(floating_point_environment_ok());
    start.apply();

    const audit::Evaluator fenced = audit::fenced(raw, kName);
    testing::internal::CaptureStderr();
    const Answer first = fenced(inside);
    const bool ok_after_first = floating_point_environment_ok();
    const Answer second = fenced(inside);
    const std::string err = testing::internal::GetCapturedStderr();
    EXPECT_TRUE(first.hit);
    EXPECT_TRUE(second.hit);
    EXPECT_TRUE(ok_after_first);
    EXPECT_EQ(FloatingPointControls::current(), start);
    // Reported once, naming the implementation and what it left.
    EXPECT_EQ(occurrences(err, std::string(kName) + " returned with the floating-point controls"),
              1u)
        << err;
#ifdef FE_UPWARD
    EXPECT_NE(err.find("rounding mode is not to nearest"), std::string::npos) << err;
#endif
#ifdef TEST_MXCSR
    EXPECT_NE(err.find("MXCSR.FTZ"), std::string::npos) << err;
    EXPECT_NE(err.find("MXCSR.DAZ"), std::string::npos) << err;
#endif
}

TEST(EvaluatorFence, AnExceptionOutOfTheCallIsFencedToo) {
    const FloatingPointControls start = FloatingPointControls::current();
    const audit::Evaluator fenced = audit::fenced(
        audit::evaluator<Primitive::point_in_disk, double>(throws_after_setting_modes),
        "throws (point_in_disk, double)");
    const double args[5] = {0, 0, 0, 0, 1};
    testing::internal::CaptureStderr();
    EXPECT_THROW(fenced(args), std::runtime_error);
    (void)testing::internal::GetCapturedStderr();
    EXPECT_EQ(FloatingPointControls::current(), start);
    EXPECT_TRUE(floating_point_environment_ok()) << floating_point_environment_problems();
}

/// The exact truth computed after the code under test, in the same thread
/// (fuzz/check.cpp and the generated NAME_test call the oracle so), on
/// float cases whose answers hang on subnormal coordinates: right behind the
/// fence, wrong without it (where subnormals can be flushed: the oracle
/// widens float inputs to double, and under denormals-are-zero the
/// conversion gives 0). The cases are computed before any call: arithmetic
/// of the test's own after an unfenced call would run in the adapter's
/// settings and flush them itself (stop 34's version of this test did, so
/// its premise counted inputs it had zeroed, not the oracle's answers).
TEST(EvaluatorFence, TheTruthComputedAfterTheCallStaysExact) {
    const FloatingPointControls start = FloatingPointControls::current();
    const audit::Evaluator raw =
        audit::evaluator<Primitive::point_in_disk, double>(leaves_engine_modes);
    const audit::Evaluator fenced = audit::fenced(raw, kName);
    float distance[60];  // subnormal distances, k 2^-149
    for (int k = 1; k <= 60; ++k) distance[k - 1] = 0x1p-149f * static_cast<float>(k);
    const double args[5] = {0.5, 0, 0, 0, 1};
    auto wrong_truths = [&](const audit::Evaluator& eval) {
        int wrong = 0;
        for (const float x : distance) {
            // A point x away from a disk of radius 0: outside. Of radius x:
            // on its boundary, inside. Off a line by x: left of it. Two
            // parallel segments x apart: disjoint.
            (void)eval(args);
            wrong += oracle::point_in_disk(Vec2<float>{x, 0}, Circle<float>{{0, 0}, 0});
            (void)eval(args);
            wrong += !oracle::point_in_disk(Vec2<float>{x, 0}, Circle<float>{{0, 0}, x});
            (void)eval(args);
            wrong +=
                oracle::orient2d(Vec2<float>{0, 0}, Vec2<float>{1, 0}, Vec2<float>{0.5f, x}) != 1;
            (void)eval(args);
            wrong += oracle::segments_intersect(Segment<float>{{0, x}, {1, x}},
                                                Segment<float>{{0, 0}, {1, 0}});
        }
        return wrong;
    };
    testing::internal::CaptureStderr();
    const int behind_fence = wrong_truths(fenced);
    (void)testing::internal::GetCapturedStderr();
    EXPECT_EQ(behind_fence, 0);
    EXPECT_EQ(FloatingPointControls::current(), start);

    const int without = wrong_truths(raw);
    start.apply();
    if (can_flush()) {
        EXPECT_GT(without, 0) << "the cases no longer show what the fence prevents";
    }
    std::printf("wrong exact answers after 240 calls: %d behind the fence, %d without it\n",
                behind_fence, without);
}

/// Every implementation in the registry, built-in or registered, answers
/// through the fence.
TEST(EvaluatorFence, EveryRegisteredImplementationIsFenced) {
    int checked = 0;
    for (const audit::Implementation& impl : audit::implementations()) {
        ASSERT_TRUE(impl.eval) << impl.name;
        ASSERT_TRUE(impl.bare) << impl.name;
        ++checked;
    }
    EXPECT_GT(checked, 0);
    // One registered in the ordinary way, through its fence.
    audit::Implementation impl;
    impl.name = "fence-check";
    impl.primitive = Primitive::point_in_disk;
    impl.precision = Precision::f64;
    impl.eval = audit::evaluator<Primitive::point_in_disk, double>(leaves_engine_modes);
    const std::size_t at = audit::register_implementation(impl);
    const FloatingPointControls start = FloatingPointControls::current();
    const double args[5] = {0.5, 0, 0, 0, 1};
    testing::internal::CaptureStderr();
    EXPECT_TRUE(audit::implementations()[at].eval(args).hit);
    const std::string err = testing::internal::GetCapturedStderr();
    EXPECT_EQ(FloatingPointControls::current(), start);
    EXPECT_NE(err.find("fence-check (point_in_disk, double)"), std::string::npos) << err;
    // The bare call, for timing, is not fenced.
    EXPECT_TRUE(audit::implementations()[at].bare(args).hit);
    EXPECT_FALSE(floating_point_environment_ok());
    start.apply();
}

TEST(EvaluatorFence, AProcessStartedInAnotherEnvironmentIsPutBack) {
    const FloatingPointControls start = FloatingPointControls::current();
    set_engine_modes();
    testing::internal::CaptureStderr();
    audit::start_in_default_environment("my_audit");
    const std::string err = testing::internal::GetCapturedStderr();
    EXPECT_TRUE(floating_point_environment_ok()) << floating_point_environment_problems();
    EXPECT_EQ(FloatingPointControls::current(), start);
    EXPECT_EQ(err.rfind("my_audit: the process started with a floating-point environment", 0), 0u)
        << err;
    // Nothing to say, and nothing done, in the default environment.
    testing::internal::CaptureStderr();
    audit::start_in_default_environment("my_audit");
    EXPECT_EQ(testing::internal::GetCapturedStderr(), "");
}

}  // namespace
