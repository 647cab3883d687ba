// touchstone fuzz — what every target does with a decoded configuration:
// judge an implementation's answer with the one judge (touchstone::judge,
// docs/judging.md) under the claim the implementation makes, and on a wrong
// answer print the case as one JSON line (docs/case-format.md) plus the
// command that replays it, then trap.
//
// A robust target file (fuzz/robust_<primitive>.cpp, one per row of the
// table of primitive.hpp) is TOUCHSTONE_FUZZ_ROBUST_TARGET(<primitive>). A
// tutorial target file (tutorial_<port>.cpp) defines a struct with `spec`,
// `name` and a `check<T>(const Config<T>&)`, one call of check_tutorial, and
// ends with TOUCHSTONE_FUZZ_TARGET(Struct). This header is the only fuzz code
// compiled into the instrumented harness translation units, together with
// the implementation under test.
//
// Claims: the robust core claims closed() with empty_on_invalid (robust.hpp
// documents false / kind none / no points for invalid input) and correctly
// rounded points (point_ulps 0). A tutorial port claims closed(), with the
// point tolerance its target names; invalid input is skipped (the tutorials
// promise nothing for it).
//
// Modes (environment, read once per process):
//   TOUCHSTONE_FUZZ_REPORT_ONLY=1  print disagreements and keep going
//                                  instead of trapping (the replay driver
//                                  sets it for the tutorial corpora).
//   TOUCHSTONE_FUZZ_CLASS=family[:kind]
//                                  only disagreements of this class count;
//                                  the others are ignored (the benchmark's
//                                  time to first bug per class). family is
//                                  a family_class() name (decode.hpp),
//                                  kind a class_name() of a verdict (fhit
//                                  fmiss kind nan ulps invalid), or any;
//                                  "none" ignores all.
//   TOUCHSTONE_FUZZ_CLI=path       the touchstone command named in the
//                                  printed replay line (default
//                                  build/audit/touchstone).
#pragma once

#include <array>
#include <cstdint>
#include <string>

#include "decode.hpp"
#include "mutator.hpp"
#include "touchstone/case_file.hpp"
#include "touchstone/judge.hpp"
#include "touchstone/primitive.hpp"
#include "touchstone/validate.hpp"

namespace touchstone::fuzz {

// ---------------------------------------------------------------------------
// Reporting (report.cpp).

/// Report-only: print disagreements without trapping (replay of corpora
/// that are known to contain tutorial bugs).
void set_report_only(bool on);

/// Number of disagreements reported so far in this process.
std::uint64_t disagreements();

/// The short name of a verdict's class, as TOUCHSTONE_FUZZ_CLASS,
/// tests/tutorial_bug_classes.txt and the report headline spell it:
/// false_hit fhit, false_miss fmiss, wrong_kind kind, nan nan, ulps ulps,
/// wrong_on_invalid invalid; any other verdict by its own name. The one
/// mapping from Verdict to these aliases.
const char* class_name(Verdict v);

/// Whether TOUCHSTONE_FUZZ_CLASS lets disagreements of this verdict through
/// (checked before the family, which costs exact arithmetic).
bool class_filter_admits(Verdict v);

/// Prints the disagreement — a headline with its class family:kind, the
/// case as one JSON line (docs/case-format.md), the replay command — and
/// traps (or counts it, in report-only mode). `what` says how the answers
/// differ; `expect` is the exact answer, written to the case's optional
/// "expect" field. Ignored when TOUCHSTONE_FUZZ_CLASS names another class.
[[gnu::cold]] void report_disagreement(const char* target, const Case& c, const char* family,
                                       Verdict v, const std::string& what,
                                       const std::string& expect);

/// The case being answered, for the crash line: set around each call of
/// the implementation under test (check_answer). When the implementation
/// dies of a fatal signal (SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT), a
/// handler prints "==touchstone-fuzz== TARGET crashed (SIGFPE) [crash]", the
/// case line and the replay command, then hands the signal on to libFuzzer's
/// own handler (which saves the crash-* input) or the default action. The
/// handlers are installed at the first call, after libFuzzer's.
struct InFlight {
    const char* target = nullptr;
    Primitive primitive{};
    Precision precision{};
    const double* args = nullptr;
    const std::string* id = nullptr;
};
void enter_call(const InFlight& call);
void leave_call();

/// How a wrong answer is described: both answers (answer_json), the
/// judgement and the claim.
std::string describe(Primitive p, const Claim& claim, const Judgement& j, const Answer& got,
                     const Answer& exact);

/// The command named in printed replay lines when TOUCHSTONE_FUZZ_CLI is not
/// set (default build/audit/touchstone; the conformance targets name their
/// NAME_audit).
void set_default_cli(const std::string& command);

/// Reports a wrong answer for a configuration; `id`, when not empty, is the
/// case line's id (the registered implementation replay runs).
template <class T>
[[gnu::cold]] void disagree(const char* target, const Config<T>& c, const Claim& claim,
                            const Judgement& j, const Answer& got, const Answer& exact,
                            const std::string& id = {}) {
    if (!class_filter_admits(j.verdict)) return;
    Case k = to_case(c);
    k.id = id;
    report_disagreement(target, k, family_class(c), j.verdict,
                        describe(c.primitive, claim, j, got, exact),
                        answer_json(c.primitive, exact));
}

/// A callable for an overload set: TOUCHSTONE_FUZZ_FN(tutorial::point_in_disk_003).
#define TOUCHSTONE_FUZZ_FN(fn) [](const auto&... shapes) { return fn(shapes...); }

// ---------------------------------------------------------------------------
// The one check.

/// What the robust core claims (robust.hpp): closed shapes, correctly
/// rounded points, the documented empty answer on invalid input.
inline Claim robust_claim() {
    Claim c = closed();
    c.empty_on_invalid = true;
    return c;
}

template <class T>
inline constexpr Precision precision_v = sizeof(T) == sizeof(float) ? Precision::f32
                                                                    : Precision::f64;

/// The half of a check that is the same for every target: whether to ask
/// the implementation at all, its arguments held in doubles, and the exact
/// answer (check.cpp). It lives outside the instrumented harness
/// translation unit: coverage of the validity checks, the table lookups and
/// the oracle's call guides the fuzzer nowhere (the decoder's features
/// already tell it the magnitudes and the outcome), and their comparison
/// hooks and edge counters cost more than the judging itself (perf on
/// robust_segments_intersect: about half of every execution).
struct Expected {
    bool ask = false;  ///< valid, or invalid and judged (judge_invalid)
    std::array<double, max_fields> args{};
    Answer exact;
};
/// Validity (touchstone::valid_input), the arguments, and for valid input
/// the oracle's answer (note_outcome records it); for invalid input an
/// invalid answer without the oracle's exception and without its message
/// (conclude writes validate.hpp's message when it reports).
Expected expect(const Config<float>& c, bool judge_invalid);
Expected expect(const Config<double>& c, bool judge_invalid);
/// Judges `got` against e.exact under `claim` (touchstone::judge) and
/// reports a wrong answer (disagree).
void conclude(const char* target, const Config<float>& c, const Claim& claim, const Expected& e,
              const Answer& got, const std::string& id);
void conclude(const char* target, const Config<double>& c, const Claim& claim, const Expected& e,
              const Answer& got, const std::string& id);

/// Judges an implementation's answer to a configuration against the exact
/// answer under `claim` (touchstone::judge) and reports a wrong one.
/// `answer_of(args)` gives the implementation's answer, args the case-file
/// arguments held in doubles. Invalid input is judged only when
/// `judge_invalid` (a claim about invalid input to hold the implementation
/// to); otherwise the implementation is not asked. `id` names the case
/// line's implementation (disagree). Only the call of the implementation is
/// compiled here, in the instrumented translation unit; expect() and
/// conclude() are not instrumented.
/// Coverage instrumentation off for one function (clang >= 13; elsewhere
/// nothing). The instrumented translation unit of a target inlines the
/// whole check into LLVMFuzzerTestOneInput, and clang's coverage pass runs
/// after inlining: marking the entry point leaves only what it does not
/// inline instrumented, which call_under_test below makes the call of the
/// implementation (issue 15, fuzz4: robust_point_in_disk had 46 edge
/// counters, about half of them the harness's own branches, each a
/// feature libFuzzer handles on every execution for no information: the
/// precision is the decoder's feature, invalid input its own).
#if defined(__clang__) && __clang_major__ >= 13
#define TOUCHSTONE_FUZZ_NO_COVERAGE __attribute__((no_sanitize("coverage")))
#else
#define TOUCHSTONE_FUZZ_NO_COVERAGE
#endif

/// The call of the implementation under test, kept out of line so that
/// its code (inlined here) is what the target's coverage counts.
template <class AnswerOf>
[[gnu::noinline]] Answer call_under_test(AnswerOf& answer_of, const double* args) {
    return answer_of(args);
}

template <class T, class AnswerOf>
void check_answer(const char* target, const Config<T>& c, const Claim& claim, bool judge_invalid,
                  AnswerOf&& answer_of, const std::string& id = {}) {
    const Expected e = expect(c, judge_invalid);
    if (!e.ask) return;
    enter_call(InFlight{target, c.primitive, precision_v<T>, e.args.data(), &id});
    const Answer got = call_under_test(answer_of, static_cast<const double*>(e.args.data()));
    leave_call();
    conclude(target, c, claim, e, got, id);
}

/// check_answer for a typed implementation of P, called with the
/// configuration's shapes (touchstone::invoke) and read by to_answer.
template <Primitive P, class T, class Impl>
void check(const char* target, const Config<T>& c, const Claim& claim, bool judge_invalid,
           Impl&& impl) {
    check_answer(target, c, claim, judge_invalid,
                 [&](const double*) { return to_answer(invoke<P>(c.args.data(), impl)); });
}

/// The robust core's function for P (robust::call_by_name<P>, passed in by
/// TOUCHSTONE_FUZZ_ROBUST_TARGET) under robust_claim(); invalid input is
/// judged (it must give the documented empty answer).
template <Primitive P, class T, class Impl>
void check_robust(const char* target, const Config<T>& c, Impl&& impl) {
    check<P>(target, c, robust_claim(), true, impl);
}

/// A tutorial port under `claim` (closed() unless the target says
/// otherwise); invalid input is skipped.
template <Primitive P, class T, class Impl>
void check_tutorial(const char* target, const Config<T>& c, Impl&& impl,
                    const Claim& claim = closed()) {
    check<P>(target, c, claim, false, impl);
}

// ---------------------------------------------------------------------------
// The entry point.

/// The spec and name of the target linked into this executable (defined by
/// TOUCHSTONE_FUZZ_TARGET; the replay driver's --encode uses them).
const TargetSpec& this_target_spec();
const char* this_target_name();

/// Decodes in the precision the bytes select and runs Target::check.
template <class Target>
int run_one(const std::uint8_t* data, std::size_t size) {
    constexpr TargetSpec spec = Target::spec;
    if constexpr (spec.precisions == Precisions::f32_only) {
        Target::check(decode<float>(spec.primitive, data, size));
    } else if constexpr (spec.precisions == Precisions::f64_only) {
        Target::check(decode<double>(spec.primitive, data, size));
    } else {
        if (precision_of(spec, data, size) == Precision::f32)
            Target::check(decode<float>(spec.primitive, data, size));
        else
            Target::check(decode<double>(spec.primitive, data, size));
    }
    return 0;
}

}  // namespace touchstone::fuzz

/// Defines the libFuzzer entry points of one target (and, unless
/// TOUCHSTONE_FUZZ_NO_CUSTOM_MUTATOR is defined, its layout-aware mutator).
#define TOUCHSTONE_FUZZ_TARGET(Target)                                                          \
    extern "C" TOUCHSTONE_FUZZ_NO_COVERAGE int LLVMFuzzerTestOneInput(const std::uint8_t* data, \
                                                                      std::size_t size) {       \
        return ::touchstone::fuzz::run_one<Target>(data, size);                                 \
    }                                                                                           \
    const ::touchstone::fuzz::TargetSpec& ::touchstone::fuzz::this_target_spec() {              \
        return Target::spec;                                                                    \
    }                                                                                           \
    const char* ::touchstone::fuzz::this_target_name() { return Target::name; }                 \
    TOUCHSTONE_FUZZ_DEFINE_MUTATOR(Target)

/// The whole of a robust target file fuzz/robust_<row>.cpp (after including
/// harness.hpp and touchstone/robust.hpp), `row` a row of the table:
/// robust::<row> in float and double, raw bit patterns or edge recipes,
/// judged under robust_claim(); traps on any wrong answer, including one to
/// invalid input.
#define TOUCHSTONE_FUZZ_ROBUST_TARGET(row)                                                        \
    namespace {                                                                                   \
    struct RobustTarget {                                                                         \
        static constexpr ::touchstone::fuzz::TargetSpec spec{                                     \
            ::touchstone::Primitive::row, ::touchstone::fuzz::Precisions::both};                  \
        static constexpr const char* name = "robust_" #row;                                       \
        template <class T>                                                                        \
        static void check(const ::touchstone::fuzz::Config<T>& c) {                               \
            ::touchstone::fuzz::check_robust<spec.primitive>(name, c, [](const auto&... shapes) { \
                return ::touchstone::robust::call_by_name<spec.primitive>(shapes...);             \
            });                                                                                   \
        }                                                                                         \
    };                                                                                            \
    }                                                                                             \
    TOUCHSTONE_FUZZ_TARGET(RobustTarget)
