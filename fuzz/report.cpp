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

/// TOUCHSTONE_FUZZ_CLASS split into family and kind; empty means any.
struct ClassFilter {
    bool none = false;
    std::string family;
    std::string kind;
};

ClassFilter parse_filter(const std::string& text) {
    ClassFilter f;
    if (text.empty()) return f;
    if (text == "none") {
        f.none = true;
        return f;
    }
    const auto colon = text.find(':');
    f.family = text.substr(0, colon);
    if (colon != std::string::npos) f.kind = text.substr(colon + 1);
    if (f.family == "any") f.family.clear();
    if (f.kind == "any") f.kind.clear();
    return f;
}

struct ReportState {
    bool report_only = env_flag("TOUCHSTONE_FUZZ_REPORT_ONLY");
    ClassFilter only = parse_filter(env_string("TOUCHSTONE_FUZZ_CLASS"));
    std::string cli = env_string("TOUCHSTONE_FUZZ_CLI");
    std::uint64_t disagreements = 0;
};

ReportState& state() {
    static ReportState s;
    return s;
}

}  // namespace

const char* class_name(Verdict v) {
    switch (v) {
        case Verdict::false_hit: return "fhit";
        case Verdict::false_miss: return "fmiss";
        case Verdict::wrong_kind: return "kind";
        case Verdict::wrong_sign: return "sign";
        case Verdict::nan: return "nan";
        case Verdict::ulps: return "ulps";
        case Verdict::wrong_on_invalid: return "invalid";
        case Verdict::ok:
        case Verdict::invalid_input:
        case Verdict::crash:
        case Verdict::timeout: break;
    }
    return to_string(v);
}

std::string describe(Primitive p, const Claim& claim, const Judgement& j, const Answer& got,
                     const Answer& exact) {
    return j.text() + " under the claim \"" + claim.describe() + "\": implementation " +
           answer_json(p, got) + ", exact " + answer_json(p, exact);
}

void set_report_only(bool on) { state().report_only = on; }

void set_default_cli(const std::string& command) {
    if (state().cli.empty()) state().cli = command;
}

std::uint64_t disagreements() { return state().disagreements; }

bool class_filter_admits(Verdict v) {
    const ClassFilter& f = state().only;
    return !f.none && (f.kind.empty() || f.kind == class_name(v));
}

void report_disagreement(const char* target, const Case& c, const char* family, Verdict v,
                         const std::string& what, const std::string& expect) {
    ReportState& s = state();
    if (!class_filter_admits(v) || (!s.only.family.empty() && s.only.family != family))
        return;  // the benchmark is waiting for another class
    Case k = c;
    k.expect = expect;
    const std::string line = case_line(k);
    std::fprintf(stderr,
                 "==touchstone-fuzz== %s disagrees with the oracle [%s:%s]: %s\n%s\nreplay: %s\n",
                 target, family, class_name(v), what.c_str(), line.c_str(),
                 replay_command(line, s.cli.empty() ? "build/audit/touchstone" : s.cli).c_str());
    std::fflush(stderr);
    ++s.disagreements;
    if (!s.report_only) __builtin_trap();
}

}  // namespace touchstone::fuzz
