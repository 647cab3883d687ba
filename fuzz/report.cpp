// touchstone fuzz — reporting a disagreement (see harness.hpp). Built
// without coverage instrumentation.
#include <cstdio>
#include <cstdlib>
#include <string>

#include "harness.hpp"

namespace touchstone::fuzz {

namespace {

bool env_flag(const char* name) {
    const char* v = std::getenv(name);
    return v != nullptr && *v != '\0' && *v != '0';
}

std::string env_string(const char* name) {
    const char* v = std::getenv(name);
    return v ? v : "";
}

struct ReportState {
    bool report_only = env_flag("TOUCHSTONE_FUZZ_REPORT_ONLY");
    std::string only_class = env_string("TOUCHSTONE_FUZZ_CLASS");
    std::string cli = env_string("TOUCHSTONE_FUZZ_CLI");
    std::uint64_t disagreements = 0;
};

ReportState& state() {
    static ReportState s;
    return s;
}

}  // namespace

void set_report_only(bool on) { state().report_only = on; }

std::uint64_t disagreements() { return state().disagreements; }

void report_disagreement(const char* target, const Case& c, BugClass cls, const std::string& what,
                         const std::string& expect) {
    ReportState& s = state();
    if (!s.only_class.empty() && s.only_class != to_string(cls)) return;  // benchmark: another class
    Case k = c;
    k.expect = expect;
    const std::string line = case_line(k);
    std::fprintf(stderr, "==touchstone-fuzz== %s disagrees with the oracle [%s]: %s\n%s\nreplay: %s\n",
                 target, to_string(cls), what.c_str(), line.c_str(),
                 replay_command(line, s.cli.empty() ? "build/audit/touchstone" : s.cli).c_str());
    std::fflush(stderr);
    ++s.disagreements;
    if (!s.report_only) __builtin_trap();
}

}  // namespace touchstone::fuzz
