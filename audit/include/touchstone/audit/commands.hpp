// touchstone command-line subcommands and their exit codes.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "touchstone/audit/shard.hpp"
#include "touchstone/audit/isolate.hpp"
#include "touchstone/case_file.hpp"
#include "touchstone/judge.hpp"

namespace touchstone::audit {

/// Exit codes of the touchstone command (documented in README and --help).
enum ExitCode : int {
    exit_ok = 0,         ///< ran; no gated implementation disagreed
    exit_gate = 1,       ///< audit --gate: a gated implementation disagreed
    exit_usage = 2,      ///< bad command line or unreadable file
    exit_bad_input = 3,  ///< replay: at least one malformed case line
    exit_internal = 4,   ///< an unexpected internal error
};

struct ReplayOptions {
    std::string input = "-";
    bool stop_on_error = false;
    /// --claim: judge every answer under this claim instead of the one each
    /// implementation was registered with.
    bool override_claim = false;
    Claim claim;
    IsolationPolicy isolation;  ///< --isolate, --case-timeout
    /// --gate: implementations (NAME or NAME* prefix) whose wrong answer,
    /// crash or timeout on any line makes replay exit 1 (a regression file
    /// replayed in CI).
    std::vector<std::string> gate;
};

struct AuditOptions {
    std::uint64_t seed = 1;
    std::uint64_t cases = 0;  ///< per cell; 0 = the default budget
    double seconds = 0;       ///< wall-clock cap; 0 = none
    unsigned jobs = 2;
    std::vector<std::string>
        only;  ///< filters: implementation, primitive, family or precision names
    std::vector<std::string> gate;  ///< implementations that must agree
    std::string out_dir;            ///< report.json / report.md when set
    std::string emit_cases;         ///< JSON lines of counterexamples when set
    bool progress = true;
    bool shrink = true;           ///< shrink each row's counterexample along its recipe
    Shard shard;                  ///< --shard K/N: this run's slice of every cell
    IsolationPolicy isolation;    ///< --isolate, --case-timeout
    bool with_reference = true;   ///< also touchstone's own rows (tutorial ports, robust)
    std::string baseline;         ///< --baseline: known findings that do not fail the gate
    std::string update_baseline;  ///< --update-baseline: write this run's findings there
    std::string junit;            ///< --junit: JUnit XML, one testcase per row
    std::string sarif;            ///< --sarif: SARIF 2.1.0, one result per bug class
};

/// Whether `audit` runs touchstone's own rows unless told otherwise: true
/// for the touchstone command, false for a user's NAME_audit (its main sets
/// it before cli_main), where --with-reference adds them.
bool& reference_rows_by_default();

int run_replay(const ReplayOptions& opt);
/// The whole command line (`touchstone audit ...`, `touchstone replay ...`):
/// what the touchstone executable and every conformance audit run.
int cli_main(int argc, char** argv);
int run_audit(const AuditOptions& opt);
struct AuditResult;
/// The table (stdout), then --out's reports and --emit-cases' lines: what
/// run_audit writes for its result, and what `touchstone merge` writes.
bool write_outputs(const AuditResult& result, const AuditOptions& opt);

/// How replay commands in reports name this program: argv[0] of the running
/// command (set by cli_main), "build/audit/touchstone" by default.
std::string& command_path();

/// One replay output line for a parsed case (used by replay and tests):
/// each implementation's answer judged under its registered claim, or under
/// `claim` when given (replay --claim). When `wrong` is given, the name and
/// verdict of every implementation whose answer was wrong (docs/judging.md:
/// not ok, not invalid input; a crash or timeout included) are appended to it.
std::string replay_one(const Case& c, std::size_t line_no, const Claim* claim = nullptr,
                       const IsolationPolicy& policy = IsolationPolicy{},
                       std::vector<std::pair<std::string, std::string>>* wrong = nullptr);

}  // namespace touchstone::audit
