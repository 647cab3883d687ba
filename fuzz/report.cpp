// touchstone fuzz — reporting a disagreement (see harness.hpp). Built
// without coverage instrumentation.
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
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

// ---------------------------------------------------------------------------
// The crash line.

InFlight in_flight;  // target null: no implementation is running
constexpr int fatal_signals[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT};
struct sigaction previous[sizeof fatal_signals / sizeof fatal_signals[0]];

const char* signal_name(int sig) {
    switch (sig) {
        case SIGSEGV: return "SIGSEGV";
        case SIGBUS: return "SIGBUS";
        case SIGFPE: return "SIGFPE";
        case SIGILL: return "SIGILL";
        case SIGABRT: return "SIGABRT";
        default: return "a fatal signal";
    }
}

/// Prints the case in flight, then passes the signal on. The process is
/// dying: formatting here may allocate, which is the price of a case line
/// (a crash inside malloc itself may then hang instead of printing).
void on_fatal_signal(int sig, siginfo_t* info, void* context) {
    const InFlight call = in_flight;
    in_flight = InFlight{};  // a second fault while printing goes straight on
    if (call.target != nullptr) {
        Case c;
        c.primitive = call.primitive;
        c.precision = call.precision;
        if (call.id) c.id = *call.id;
        for (int i = 0; i < arity(c.primitive); ++i)
            c.args[static_cast<std::size_t>(i)] = call.args[i];
        const std::string line = case_line(c);
        const std::string& cli = state().cli;
        std::fprintf(stderr,
                     "==touchstone-fuzz== %s crashed (%s) on this case [crash]\n%s\nreplay: %s\n",
                     call.target, signal_name(sig), line.c_str(),
                     replay_command(line, cli.empty() ? "build/audit/touchstone" : cli).c_str());
        std::fflush(stderr);
    }
    std::size_t k = 0;
    while (k < std::size(fatal_signals) && fatal_signals[k] != sig) ++k;
    if (k == std::size(fatal_signals)) return;
    const struct sigaction& prev = previous[k];
    if ((prev.sa_flags & SA_SIGINFO) && prev.sa_sigaction != nullptr) {
        prev.sa_sigaction(sig, info, context);
    } else if (prev.sa_handler != SIG_DFL && prev.sa_handler != SIG_IGN &&
               prev.sa_handler != nullptr) {
        prev.sa_handler(sig);
    }
    // No handler before ours (or it returned): die of the signal itself.
    std::signal(sig, SIG_DFL);
    std::raise(sig);
}

void install_crash_handlers() {
    static bool installed = false;
    if (installed) return;
    installed = true;
    for (std::size_t k = 0; k < std::size(fatal_signals); ++k) {
        struct sigaction act;
        std::memset(&act, 0, sizeof act);
        act.sa_sigaction = on_fatal_signal;
        act.sa_flags = SA_SIGINFO | SA_NODEFER;
        sigemptyset(&act.sa_mask);
        sigaction(fatal_signals[k], &act, &previous[k]);
    }
}

}  // namespace

void enter_call(const InFlight& call) {
    install_crash_handlers();
    in_flight = call;
}

void leave_call() { in_flight = InFlight{}; }

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
