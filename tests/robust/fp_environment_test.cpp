// The run-time floating-point environment (touchstone/robust/fp_environment.hpp):
// floating_point_environment_ok() reports each setting the core cannot work
// under, DefaultFloatingPoint repairs it for its scope and restores the
// caller's settings, and under a hostile environment (flush to zero and
// denormals are zero, or AArch64's FZ; rounding upward; x87 precision at 53
// bits) the robust answers on the case families are the default
// environment's inside the scope, and differ without it (so the cases reach
// what the environment changes).
#include <gtest/gtest.h>

#include <array>
#include <cfenv>
#include <cfloat>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "touchstone/families/families.hpp"
#include "touchstone/judge.hpp"
#include "touchstone/robust.hpp"
#include "hostile_environment.hpp"
#include "robust_answer.hpp"

namespace {

using namespace touchstone;
using namespace touchstone::test;
using robust::DefaultFloatingPoint;
using robust::floating_point_environment_ok;
using robust::floating_point_environment_problems;

TEST(FpEnvironment, TheDefaultEnvironmentIsOk) {
    EXPECT_TRUE(floating_point_environment_ok()) << floating_point_environment_problems();
    EXPECT_EQ(floating_point_environment_problems(), "");
}

TEST(FpEnvironment, RoundingModeIsReportedRepairedAndRestored) {
    for (int mode : {FE_UPWARD, FE_DOWNWARD, FE_TOWARDZERO}) {
        ASSERT_EQ(std::fesetround(mode), 0);
        EXPECT_FALSE(floating_point_environment_ok());
        EXPECT_NE(floating_point_environment_problems().find("rounding"), std::string::npos)
            << floating_point_environment_problems();
        {
            const DefaultFloatingPoint scope;
            EXPECT_EQ(std::fegetround(), FE_TONEAREST);
            EXPECT_TRUE(floating_point_environment_ok()) << floating_point_environment_problems();
        }
        EXPECT_EQ(std::fegetround(), mode);
        std::fesetround(FE_TONEAREST);
    }
    EXPECT_TRUE(floating_point_environment_ok());
}

/// FloatingPointControls: a value of the thread's settings that compares,
/// names its problems, takes the defaults and is put back (what the
/// audit's evaluators fence the code under test with).
TEST(FpEnvironment, ControlsAreReadComparedAndPutBack) {
    using robust::FloatingPointControls;
    const FloatingPointControls start = FloatingPointControls::current();
    ASSERT_TRUE(floating_point_environment_ok());
    EXPECT_EQ(start.problems(), "");
    EXPECT_EQ(start, start.with_defaults());
    EXPECT_EQ(start, FloatingPointControls::current());

    hostile(true);
    const FloatingPointControls bad = FloatingPointControls::current();
    EXPECT_NE(bad, start);
    EXPECT_EQ(bad.problems(), floating_point_environment_problems());
    EXPECT_NE(bad.problems().find("rounding"), std::string::npos) << bad.problems();
    // Every hostile setting is one the defaults repair, and nothing else.
    EXPECT_EQ(bad.with_defaults(), start) << bad.problems();

    start.apply();
    EXPECT_EQ(FloatingPointControls::current(), start);
    EXPECT_TRUE(floating_point_environment_ok()) << floating_point_environment_problems();
    EXPECT_EQ(std::fegetround(), FE_TONEAREST);

    bad.apply();
    EXPECT_EQ(FloatingPointControls::current(), bad);
    EXPECT_EQ(std::fegetround(), FE_UPWARD);
    EXPECT_FALSE(floating_point_environment_ok());
    bad.with_defaults().apply();
    EXPECT_TRUE(floating_point_environment_ok()) << floating_point_environment_problems();
    hostile(false);
    EXPECT_EQ(FloatingPointControls::current(), start);
}

#ifdef TEST_MXCSR
/// Exception traps are settings too (an adapter that unmasks them would make
/// the next exact computation trap), and flags are not: apply() keeps the
/// flags raised since.
TEST(FpEnvironment, ControlsCountExceptionMasksNotFlags) {
    using robust::FloatingPointControls;
    std::feclearexcept(FE_ALL_EXCEPT);
    const FloatingPointControls start = FloatingPointControls::current();
    volatile double one = 1, three = 3;
    volatile double q = one / three;  // raises inexact
    (void)q;
    EXPECT_EQ(FloatingPointControls::current(), start);  // a flag is not a setting
    const unsigned csr = _mm_getcsr();
    _mm_setcsr(csr & ~0x0200u);  // unmask divide-by-zero (bit 9)
    const FloatingPointControls unmasked = FloatingPointControls::current();
    EXPECT_NE(unmasked, start);
    EXPECT_EQ(unmasked.problems(), "");  // not one the robust core's bounds depend on
    start.apply();
    EXPECT_EQ(_mm_getcsr() & 0x0200u, 0x0200u);   // masked again
    EXPECT_NE(std::fetestexcept(FE_INEXACT), 0);  // the flag raised before is kept
    std::feclearexcept(FE_ALL_EXCEPT);
}
#endif

#ifdef TEST_MXCSR
TEST(FpEnvironment, FlushToZeroAndDenormalsAreZeroAreReportedRepairedAndRestored) {
    for (unsigned bits : {0x8000u, 0x0040u, kFtzDaz}) {
        set_mxcsr_bits(bits, true);
        EXPECT_FALSE(floating_point_environment_ok());
        EXPECT_NE(floating_point_environment_problems().find("MXCSR"), std::string::npos);
        {
            const DefaultFloatingPoint scope;
            EXPECT_EQ(_mm_getcsr() & kFtzDaz, 0u);
            EXPECT_TRUE(floating_point_environment_ok()) << floating_point_environment_problems();
            // A subnormal survives arithmetic in the scope.
            volatile double tiny = 0x1p-1060;
            EXPECT_EQ(tiny * 2, 0x1p-1059);
        }
        EXPECT_EQ(_mm_getcsr() & kFtzDaz, bits);
        set_mxcsr_bits(kFtzDaz, false);
    }
    EXPECT_TRUE(floating_point_environment_ok());
}

TEST(FpEnvironment, ExceptionFlagsRaisedInTheScopeAreKept) {
    std::feclearexcept(FE_ALL_EXCEPT);
    set_mxcsr_bits(kFtzDaz, true);
    {
        const DefaultFloatingPoint scope;
        volatile double one = 1, three = 3;
        volatile double q = one / three;  // inexact
        (void)q;
    }
    EXPECT_NE(std::fetestexcept(FE_INEXACT), 0);
    set_mxcsr_bits(kFtzDaz, false);
    std::feclearexcept(FE_ALL_EXCEPT);
}
#endif

#ifdef TEST_X87
TEST(FpEnvironment, X87PrecisionIsReportedRepairedAndRestored) {
    const std::uint16_t before = x87_control();
    set_x87_53_bits();
    const std::uint16_t lowered = x87_control();
    EXPECT_FALSE(floating_point_environment_ok());
    EXPECT_NE(floating_point_environment_problems().find("x87 precision"), std::string::npos);
    {
        const DefaultFloatingPoint scope;
        EXPECT_EQ(x87_control() & 0x300u, 0x300u);
        EXPECT_TRUE(floating_point_environment_ok()) << floating_point_environment_problems();
    }
    EXPECT_EQ(x87_control(), lowered);
    set_x87_control(before);
    EXPECT_TRUE(floating_point_environment_ok());
}
#endif

#ifdef TEST_FPCR
TEST(FpEnvironment, AArch64FlushToZeroIsReportedRepairedAndRestored) {
    set_fpcr(fpcr() | kFz);
    EXPECT_FALSE(floating_point_environment_ok());
    EXPECT_NE(floating_point_environment_problems().find("FPCR.FZ"), std::string::npos);
    {
        const DefaultFloatingPoint scope;
        EXPECT_EQ(fpcr() & kFz, 0u);
        EXPECT_TRUE(floating_point_environment_ok()) << floating_point_environment_problems();
    }
    EXPECT_NE(fpcr() & kFz, 0u);
    set_fpcr(fpcr() & ~kFz);
    EXPECT_TRUE(floating_point_environment_ok());
}
#endif

/// Per primitive and precision: the family cases' robust answers in the
/// default environment, then under every hostile setting without the scope
/// (counted) and inside it (must be the same).
template <class T>
void run(Primitive p, int& changed_without_scope) {
    constexpr int kCases = 3000;
    const std::vector<families::Family> fams = families::families_for(p);
    std::uint64_t state = 0xf9e7u + 8u * static_cast<unsigned>(p) + sizeof(T);
    std::vector<std::array<T, max_fields>> xs;
    std::vector<std::string> want;
    for (int i = 0; i < kCases; ++i) {
        const families::Family f = fams[static_cast<std::size_t>(i) % fams.size()];
        xs.push_back(families::realize<T>(p, families::draw<T>(p, f, state)));
        want.push_back(answer_json(p, test::robust_answer(p, xs.back())));
    }
    int changed = 0, wrong_in_scope = 0;
    std::string first;
    hostile(true);
    for (int i = 0; i < kCases; ++i) {
        const std::string bare = answer_json(p, test::robust_answer(p, xs[i]));
        std::string scoped;
        {
            const DefaultFloatingPoint scope;
            scoped = answer_json(p, test::robust_answer(p, xs[i]));
        }
        changed += bare != want[i];
        if (scoped != want[i]) {
            ++wrong_in_scope;
            if (first.empty()) first = case_line(p, xs[i].data(), "families");
        }
    }
    hostile(false);
    changed_without_scope += changed;
    std::printf("%s %s: %d of %d answers change under the hostile environment, %d in the scope\n",
                std::string(to_string(p)).c_str(), sizeof(T) == 4 ? "float" : "double", changed,
                kCases, wrong_in_scope);
    EXPECT_EQ(wrong_in_scope, 0) << "first: " << first << "\n  replay: echo '" << first
                                 << "' | build/audit/touchstone replay -";
    EXPECT_TRUE(floating_point_environment_ok());
}

TEST(FpEnvironment, InTheScopeTheAnswersAreTheDefaultEnvironmentsOnEveryFamily) {
    int changed = 0;
    for (Primitive p : all_primitives) {
        run<float>(p, changed);
        run<double>(p, changed);
    }
#if defined(TEST_MXCSR) || defined(TEST_FPCR)
    // Flushing subnormals changes answers on these cases: without the scope
    // the hostile environment must show (else the cases miss what it does).
    EXPECT_GT(changed, 0);
#endif
}

/// The judge's truth (judge.cpp's exact_answer) is computed in the default
/// environment whatever the caller's: an implementation under audit may
/// leave flush-to-zero or another rounding mode set.
TEST(FpEnvironment, TheJudgesTruthIgnoresTheCallersEnvironment) {
    int compared = 0;
    for (Primitive p : all_primitives) {
        for (const Precision prec : {Precision::f32, Precision::f64}) {
            const std::vector<families::Family> fams = families::families_for(p);
            std::uint64_t state = 0x7e57u + 4u * static_cast<unsigned>(p);
            for (int i = 0; i < 300; ++i) {
                const families::Family f = fams[static_cast<std::size_t>(i) % fams.size()];
                std::array<double, max_fields> d{};
                std::string line;  // the case, as the replay command reads it
                if (prec == Precision::f32) {
                    const auto x = families::realize<float>(p, families::draw<float>(p, f, state));
                    for (std::size_t k = 0; k < d.size(); ++k) d[k] = x[k];
                    line = case_line(p, x.data(), "families");
                } else {
                    d = families::realize<double>(p, families::draw<double>(p, f, state));
                    line = case_line(p, d.data(), "families");
                }
                const std::string want = answer_json(p, exact_answer(p, prec, d.data()));
                hostile(true);
                const std::string got = answer_json(p, exact_answer(p, prec, d.data()));
                const bool still_hostile = !floating_point_environment_ok();
                hostile(false);
                EXPECT_TRUE(still_hostile) << "exact_answer must restore the caller's settings";
                ASSERT_EQ(got, want) << line << "\n  replay: echo '" << line
                                     << "' | build/audit/touchstone replay -";
                ++compared;
            }
        }
    }
    EXPECT_EQ(compared, 2 * 300 * static_cast<int>(all_primitives.size()));
}

}  // namespace
