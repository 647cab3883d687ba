// touchstone::audit — running user code so that a crash or a hang on one case
// costs that case, not the run.
//
// A user implementation (impl.user) may raise a fatal signal (CGAL's
// Circle_2 with an infinite squared radius raises SIGFPE) or loop forever on
// some input. The audit and replay evaluate such code in worker processes:
// each thread keeps a worker per implementation (forked on first use) and
// sends it cases over a socket, a batch at a time. Before each case the
// worker writes the case's position into a page shared with the parent, and
// it sends its answers back in bursts (at least every 10 ms while it makes
// progress). The parent waits at most the per-case time limit for each
// burst. When the worker dies, or goes quiet for longer than the limit (it
// is then killed), the case in the shared page is the culprit; a crash is
// confirmed by re-running that case alone in a fresh worker (so a crash
// caused by an earlier case's leftovers is not pinned on an innocent case),
// and the rest of the batch, with the answers the worker had not sent yet,
// goes on in a fresh worker. The answers are the very values the in-process
// evaluation gives (the same code on the same bits), so the report is
// identical whichever way the rows ran. (The generated NAME_test uses the
// same shared-page idea with one child per test: test_main.cpp.)
//
// POSIX only (fork, socketpair, poll, waitpid, mmap). Elsewhere (Windows) isolation is
// unavailable: every row runs in-process, --isolate=always is refused, and a
// crashing implementation stops the run as it would without touchstone.
#pragma once

#include <array>
#include <cstddef>
#include <string>
#include <vector>

#include "touchstone/audit/registry.hpp"

namespace touchstone::audit {

/// Which rows run in a worker process (--isolate).
enum class IsolateMode {
    automatic,  ///< user rows (impl.user) isolated, built-in rows in-process
    always,     ///< every row isolated
    never,      ///< every row in-process: a crash stops the run
};

/// How to run implementations: --isolate and --case-timeout.
struct IsolationPolicy {
    IsolateMode mode = IsolateMode::automatic;
    double case_timeout = 10;  ///< seconds one case may take before it is a timeout
    /// Whether impl's evaluations go through a worker process.
    bool isolates(const Implementation& impl) const;
};

/// Parses "auto", "always" or "never".
bool parse_isolate_mode(const std::string& s, IsolateMode& out);

/// Whether this platform can isolate (fork exists).
bool isolation_available();

/// What happened to one evaluation.
struct Outcome {
    enum Kind { answered, crashed, timed_out } kind = answered;
    Answer answer;       ///< when answered
    std::string detail;  ///< "SIGFPE", "exit status 1", "no answer within 10 s"
    /// The verdict of a case that did not answer: crash or timeout.
    Verdict verdict() const { return kind == timed_out ? Verdict::timeout : Verdict::crash; }
    /// The answer as JSON for a report's "got": {"crash":"SIGFPE"} / {"timeout":...}.
    std::string json() const;
};

/// Evaluates impl on every case of `cases`, in this thread's worker process
/// for impl, `chunk` cases per request, each case limited to `case_timeout`
/// seconds.
std::vector<Outcome> evaluate_isolated(const Implementation& impl,
                                       const std::vector<std::array<double, max_fields>>& cases,
                                       double case_timeout, std::size_t chunk = 2048);

/// One evaluation under `policy`: in-process when the policy does not
/// isolate impl, else in a worker process of its own.
Outcome evaluate_one(const Implementation& impl, const double* args, const IsolationPolicy& policy);

/// In a worker process: the default action for the fatal signals, so that
/// a sanitizer's or the host's handler does not turn SIGFPE into SIGABRT.
void restore_fatal_signals();

/// The name of a signal: "SIGFPE", "SIGSEGV", ... ("signal 42" otherwise).
std::string signal_name(int sig);

}  // namespace touchstone::audit
