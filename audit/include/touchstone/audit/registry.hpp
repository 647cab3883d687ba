// touchstone::audit — the registry of implementations the audit and replay run.
//
// Every implementation of a primitive is wrapped as a function from the
// case-file argument array (held exactly in doubles) to a touchstone::Answer,
// so that tutorial ports, the robust core and user code compare alike, and
// carries the touchstone::Claim it is judged under. Judging is the one
// judge's (touchstone/judge.hpp, docs/judging.md); nothing here decides a
// verdict of its own.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "touchstone/case_file.hpp"
#include "touchstone/judge.hpp"
#include "touchstone/primitive.hpp"

namespace touchstone::audit {

// The judge's vocabulary, under the names audit code has always used.
using touchstone::Answer;
using touchstone::answer_json;
using touchstone::Boundary;
using touchstone::Claim;
using touchstone::Judgement;
using touchstone::to_string;
using touchstone::Tolerance;
using touchstone::Verdict;

/// An implementation's answer to one case: args are the case-file arguments
/// (exact values of the implementation's precision, held in doubles).
using Evaluator = std::function<Answer(const double* args)>;

/// One implementation of one primitive at one precision.
struct Implementation {
    std::string name;  ///< e.g. "tutorial-000", "robust"
    Primitive primitive{};
    Precision precision{};
    std::string origin;  ///< what it is, in words, for the report
    Claim claim;         ///< what it promises: boundary, tolerance, point ulps, invalid input
    /// The call every judged evaluation makes: `bare` behind the
    /// floating-point fence (fenced(); the registry puts it there).
    Evaluator eval;
    /// The same call without the fence: only for timing (the audit's
    /// time_calls), where the fence's register reads would be counted.
    Evaluator bare;
    bool user = false;        ///< registered by user code
    std::string source_file;  ///< where it was registered (TOUCHSTONE_REGISTER's __FILE__)
    int source_line = 0;      ///< and the line
};

/// Whether an implementation name matches a --only / --gate pattern: the
/// name itself, or NAME* for every name that starts with NAME.
bool name_matches(const std::string& pattern, const std::string& name);

/// Whether an implementation name is gated: it matches one of the --gate
/// patterns (name_matches).
bool gated(const std::vector<std::string>& gate, const std::string& name);

/// Whether every --gate pattern matches a registered implementation; names
/// the first that does not on stderr ("touchstone COMMAND: --gate: unknown
/// implementation ...") and returns false.
bool gates_known(const std::vector<std::string>& gate, const char* command);

/// Wraps f, any function with the signature of P at precision T
/// (Signature<P, T>, or anything invoke<P> can call and to_answer can read),
/// as an Evaluator.
template <Primitive P, class T, class F>
Evaluator evaluator(F f) {
    return [f](const double* raw) {
        std::array<T, max_fields> a{};
        for (int i = 0; i < arity(P); ++i) a[static_cast<std::size_t>(i)] = static_cast<T>(raw[i]);
        return to_answer(invoke<P>(a.data(), f));
    };
}

/// `raw` behind a floating-point fence: the calling thread's floating-point
/// controls (rounding mode, flush-to-zero, denormals-are-zero, x87
/// precision, exception traps: robust::FloatingPointControls) are read
/// before each call and, when the call left them changed, put back after it
/// (normal return or exception). Engines set such modes for speed, and
/// adapters call engines: without the fence a mode left set would reach
/// the exact truth computed after the call in the same thread (the oracle
/// under flush-to-zero and denormals-are-zero answered 180 of 240 cases
/// with subnormal coordinates wrongly) and every later call of every
/// implementation. So each call starts in the caller's environment, in
/// process and in an isolation worker alike. The first change is reported
/// once on stderr, naming `what` and the settings left (an engine meant to
/// run under them sets them inside its adapter, for each call). About
/// 21 ns a call on x86-64 (two reads of the registers).
Evaluator fenced(Evaluator raw, std::string what);

/// Puts the calling thread's floating-point controls to the default (round
/// to nearest, subnormals kept, x87 at 64 bits) if they are not, saying on
/// stderr what `program` found: a static initializer of the code under
/// test, linked into a NAME_audit, NAME_test or NAME_fuzz, may have set
/// flush-to-zero before main. Called first by those mains.
void start_in_default_environment(const char* program);

/// Every registered implementation, in a fixed order (the report's order).
const std::vector<Implementation>& implementations();

/// Adds an implementation (user code); returns its index.
std::size_t register_implementation(Implementation impl);

/// The one judge, under the implementation's claim.
Judgement judge(const Implementation& impl, const double* args, const Answer& got,
                const Answer& exact);
using touchstone::judge;

/// The truth the implementation's claim holds it to (open predicates: exact
/// touching is a miss).
Answer claimed_truth(const Implementation& impl, const Answer& exact, const double* args);

}  // namespace touchstone::audit
