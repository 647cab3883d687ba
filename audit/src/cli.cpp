// The touchstone command line, shared by the touchstone executable and the conformance audits.
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <iostream>
#include <string>

#include "touchstone/audit/commands.hpp"

namespace {

using namespace touchstone::audit;

const char* const usage_text = R"(usage:
  touchstone audit [--cases N] [--seconds S] [--seed N] [--jobs N]
                   [--only NAME[,NAME...]] [--gate IMPL[,IMPL...]]
                   [--out DIR] [--emit-cases FILE] [--no-progress] [--no-shrink]
                   [--shard K/N] [--baseline FILE] [--update-baseline FILE]
                   [--junit FILE] [--sarif FILE] [--isolate auto|always|never]
                   [--case-timeout S] [--with-reference]
  touchstone merge OUT_DIR SHARD_REPORT.json...
  touchstone replay [FILE|-] [--claim CLAIM] [--stop-on-error]
                    [--gate IMPL[,IMPL...]]
                    [--isolate auto|always|never] [--case-timeout S]
  touchstone --help | --version

audit   runs every implementation (tutorial ports, the robust core, registered
        user code), float and double, over every case family against the
        exact oracle, and prints one row per implementation x precision x
        primitive x family: cases, false hits, false misses, wrong kinds,
        NaN/Inf outputs, points beyond tolerance, worst and median ulp error,
        and the simplest counterexample as hex floats.
          --cases N      cases per (primitive, precision, family) cell (10000)
          --seconds S    stop drawing cases after S seconds (not reproducible)
          --seed N       random source (1); same seed + cases = same report
          --jobs N       worker threads (2)
          --only X,...   keep implementations, primitives, families, or
                         float/double named X (a trailing * matches a prefix)
          --gate I,...   exit 1 if implementation I disagrees anywhere (I*
                         matches a prefix, as --only)
          --baseline F   known findings (JSON lines, docs/ci-gate.md): only
                         findings not in F fail the gate; the output lists
                         new, known and fixed findings
          --update-baseline F  write this run's findings to F (sorted)
          --junit F      JUnit XML: one testcase per row
          --sarif F      SARIF 2.1.0: one result per finding (row x verdict)
          --isolate M    run implementations in worker processes, so a crash
                         (verdict crash) or a hang (verdict timeout) costs
                         one case: auto (registered user code; default),
                         always, never
          --case-timeout S  seconds one case may take (10)
          --with-reference  a user audit (NAME_audit) runs only the user's
                         rows; this adds touchstone's tutorial and robust rows
          --emit-cases F write every bug class's counterexample as JSON lines to F
          --out DIR      write report.json, report.md and report.html to DIR
          --no-shrink    keep the simplest counterexample found, unshrunk
          --no-progress  no progress bar (it shows only when stderr is a tty)
          --shard K/N    run shard K of N: case k of every cell runs in shard
                         k % N + 1; report.json then carries what merge needs
                         (a shard writes no report.html: merge does)
merge   adds the report.json files of all N shards of one audit (same seed
        and cases) into OUT_DIR: report.json, report.md, report.html and
        counterexamples.jsonl, as the unsharded audit writes them; prints the
        table; exits 1 when a shard's gate failed.
replay  reads case lines (docs/case-format.md) from FILE or stdin and writes
        one JSON line per case: every implementation's answer, the oracle's
        answer, and a verdict per implementation, judged under the claim the
        implementation was registered with (docs/judging.md), as the audit
        judges it.
          --claim C      judge every answer under claim C instead: "closed"
                         or "open", then optional comma-separated terms
                         ulps=N, relative=X, absolute=X (a tolerance band),
                         points=N (point ulps), empty-on-invalid; e.g.
                         --claim open,absolute=0.01
          --stop-on-error  stop at the first malformed line (exit 3)
          --gate I,...   exit 1 if implementation I answers wrongly, crashes
                         or hangs on any line (each such line is named on
                         stderr): a regression file as a CI gate
          --isolate M, --case-timeout S  as for audit

exit codes: 0 ok; 1 a gated implementation disagreed with the oracle (audit,
            merge) or answered wrongly, crashed or hung (replay);
            2 bad usage or unreadable file; 3 replay met malformed lines
            (the other lines still ran); 4 internal error.
)";

bool split_list(const std::string& s, std::vector<std::string>& out) {
    std::size_t start = 0;
    while (start <= s.size()) {
        const std::size_t comma = s.find(',', start);
        const std::string item =
            s.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
        if (item.empty()) return false;
        out.push_back(item);
        if (comma == std::string::npos) break;
        start = comma + 1;
    }
    return !out.empty();
}

bool parse_u64(const char* s, std::uint64_t& out) {
    if (!s || !*s || *s == '-') return false;
    char* end = nullptr;
    errno = 0;
    const unsigned long long v = std::strtoull(s, &end, 10);
    if (errno || *end) return false;
    out = v;
    return true;
}

/// --isolate and --case-timeout, shared by audit and replay: true when
/// argv[i] was one of them (i then points at its value), with `error` set
/// when its value is bad.
bool isolation_option(int argc, char** argv, int& i, IsolationPolicy& policy, std::string& error) {
    const std::string a = argv[i];
    if (a != "--isolate" && a != "--case-timeout") return false;
    const char* v = i + 1 < argc ? argv[++i] : nullptr;
    if (a == "--isolate") {
        if (!v || !parse_isolate_mode(v, policy.mode))
            error = "--isolate takes auto, always or never";
        else if (policy.mode == IsolateMode::always && !isolation_available())
            error = "--isolate always: worker processes need fork(), not available here";
    } else {
        char* end = nullptr;
        policy.case_timeout = v ? std::strtod(v, &end) : -1;
        if (!v || *end || !(policy.case_timeout > 0) || policy.case_timeout > 86400)
            error = std::string("--case-timeout takes seconds from 0 to 86400, got \"") +
                    (v ? v : "") + "\"";
    }
    return true;
}

int bad_usage(const std::string& msg) {
    std::cerr << "touchstone: " << msg << "\n" << usage_text;
    return exit_usage;
}

int audit_main(int argc, char** argv) {
    AuditOptions opt;
    opt.with_reference = reference_rows_by_default();
    for (int i = 0; i < argc; ++i) {
        const std::string a = argv[i];
        std::string error;
        if (isolation_option(argc, argv, i, opt.isolation, error)) {
            if (!error.empty()) return bad_usage(error);
            continue;
        }
        // --baseline, --update-baseline, --junit, --sarif: a file each.
        const std::pair<const char*, std::string*> files[] = {
            {"--baseline", &opt.baseline},
            {"--update-baseline", &opt.update_baseline},
            {"--junit", &opt.junit},
            {"--sarif", &opt.sarif}};
        bool file_option = false;
        for (const auto& [flag, target] : files) {
            if (a != flag) continue;
            if (i + 1 >= argc) return bad_usage(std::string(flag) + " takes a file");
            *target = argv[++i];
            file_option = true;
        }
        if (file_option) continue;
        auto value = [&](const char* flag) -> const char* {
            if (i + 1 >= argc) return nullptr;
            (void)flag;
            return argv[++i];
        };
        if (a == "--cases") {
            if (!parse_u64(value("--cases"), opt.cases) || opt.cases == 0)
                return bad_usage("--cases takes a positive whole number");
        } else if (a == "--seconds") {
            const char* v = value("--seconds");
            char* end = nullptr;
            opt.seconds = v ? std::strtod(v, &end) : -1;
            if (!v || *end || !(opt.seconds > 0))
                return bad_usage("--seconds takes a positive number");
        } else if (a == "--seed") {
            if (!parse_u64(value("--seed"), opt.seed))
                return bad_usage("--seed takes a whole number");
        } else if (a == "--jobs") {
            std::uint64_t j = 0;
            if (!parse_u64(value("--jobs"), j) || j == 0 || j > 256)
                return bad_usage("--jobs takes a whole number from 1 to 256");
            opt.jobs = static_cast<unsigned>(j);
        } else if (a == "--only") {
            const char* v = value("--only");
            if (!v || !split_list(v, opt.only)) return bad_usage("--only takes NAME[,NAME...]");
        } else if (a == "--gate") {
            const char* v = value("--gate");
            if (!v || !split_list(v, opt.gate))
                return bad_usage("--gate takes IMPL[,IMPL...] (IMPL* matches a prefix)");
        } else if (a == "--out") {
            const char* v = value("--out");
            if (!v) return bad_usage("--out takes a folder");
            opt.out_dir = v;
        } else if (a == "--emit-cases") {
            const char* v = value("--emit-cases");
            if (!v) return bad_usage("--emit-cases takes a file");
            opt.emit_cases = v;
        } else if (a == "--shard") {
            const char* v = value("--shard");
            std::string error;
            if (!v || !parse_shard(v, opt.shard, error))
                return bad_usage(v ? error : "--shard takes K/N, e.g. 2/4");
        } else if (a == "--no-shrink") {
            opt.shrink = false;
        } else if (a == "--no-progress") {
            opt.progress = false;
        } else if (a == "--with-reference") {
            opt.with_reference = true;
        } else {
            return bad_usage("audit: unknown argument \"" + a + "\"");
        }
    }
    return run_audit(opt);
}

int replay_main(int argc, char** argv) {
    ReplayOptions opt;
    bool have_input = false;
    for (int i = 0; i < argc; ++i) {
        const std::string a = argv[i];
        std::string error;
        if (isolation_option(argc, argv, i, opt.isolation, error)) {
            if (!error.empty()) return bad_usage(error);
            continue;
        }
        if (a == "--stop-on-error") {
            opt.stop_on_error = true;
        } else if (a == "--gate") {
            if (i + 1 >= argc || !split_list(argv[i + 1], opt.gate))
                return bad_usage("--gate takes IMPL[,IMPL...] (IMPL* matches a prefix)");
            ++i;
        } else if (a == "--claim") {
            if (i + 1 >= argc) return bad_usage("--claim takes a claim, e.g. open,absolute=0.01");
            std::string error;
            if (!touchstone::parse_claim(argv[++i], opt.claim, error))
                return bad_usage("--claim: " + error);
            opt.override_claim = true;
        } else if (!have_input && (a == "-" || a.rfind("--", 0) != 0)) {
            opt.input = a;
            have_input = true;
        } else {
            return bad_usage("replay: unknown argument \"" + a + "\"");
        }
    }
    return run_replay(opt);
}

}  // namespace

namespace touchstone::audit {

std::string& command_path() {
    static std::string path = "build/audit/touchstone";
    return path;
}

int cli_main(int argc, char** argv) {
    if (argc > 0 && argv[0] && *argv[0]) command_path() = argv[0];
    start_in_default_environment(command_path().c_str());
    try {
        if (argc < 2) return bad_usage("missing subcommand");
        const std::string cmd = argv[1];
        if (cmd == "--help" || cmd == "-h" || cmd == "help") {
            std::cout << usage_text;
            return exit_ok;
        }
        if (cmd == "--version") {
            std::cout << "touchstone " << TOUCHSTONE_VERSION << "\n";
            return exit_ok;
        }
        if (cmd == "audit") return audit_main(argc - 2, argv + 2);
        if (cmd == "replay") return replay_main(argc - 2, argv + 2);
        if (cmd == "merge") return merge_main(argc - 2, argv + 2);
        return bad_usage("unknown subcommand \"" + cmd + "\"");
    } catch (const std::exception& e) {
        std::cerr << "touchstone: internal error: " << e.what() << "\n";
        return exit_internal;
    }
}

}  // namespace touchstone::audit
