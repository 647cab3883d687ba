// touchstone replay: re-evaluates case lines on every implementation and the
// oracle, and judges each answer with the one judge under the claim the
// implementation was registered with (or --claim's).
#include "touchstone/audit/commands.hpp"

#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include "touchstone/audit/registry.hpp"
#include "touchstone/case_file.hpp"

namespace touchstone::audit {

namespace {

/// "false_miss", "ok", or "ulps:N" for constructions whose points were compared.
std::string verdict_text(const Judgement& j) {
    if (j.verdict == Verdict::ulps || (j.verdict == Verdict::ok && j.ulps > 0))
        return "ulps:" + std::to_string(j.ulps);
    return to_string(j.verdict);
}

}  // namespace

std::string replay_one(const Case& c, std::size_t line_no, const Claim* claim,
                       const IsolationPolicy& policy,
                       std::vector<std::pair<std::string, std::string>>* wrong) {
    const Answer exact = exact_answer(c);
    std::string out = "{\"line\":" + std::to_string(line_no);
    if (!c.id.empty()) out += ",\"id\":" + json_string(c.id);
    out += ",\"primitive\":" + json_string(to_string(c.primitive));
    out += ",\"precision\":" + json_string(to_string(c.precision));
    out += ",\"args\":" + args_json(layout_of(c.primitive), arg_values(c.primitive, c.args.data()));
    if (!c.family.empty()) out += ",\"family\":" + json_string(c.family);
    out += ",\"oracle\":" + answer_json(c.primitive, exact);
    out += ",\"answers\":{";
    bool first = true;
    for (const Implementation& impl : implementations()) {
        if (impl.primitive != c.primitive || impl.precision != c.precision) continue;
        const Claim& held_to = claim ? *claim : impl.claim;
        // User code runs in a worker process (isolate.hpp): a crash or a
        // hang is this answer's verdict, and the other lines still run.
        const Outcome o = evaluate_one(impl, c.args.data(), policy);
        if (!first) out += ',';
        first = false;
        if (o.kind != Outcome::answered) {
            if (wrong) wrong->emplace_back(impl.name, to_string(o.verdict()));
            out += json_string(impl.name) + ":{\"answer\":" + o.json() +
                   ",\"verdict\":" + json_string(to_string(o.verdict())) + "}";
            continue;
        }
        const Answer& got = o.answer;
        const Judgement j = judge(c, held_to, got, exact);
        if (wrong && is_wrong(j.verdict)) wrong->emplace_back(impl.name, verdict_text(j));
        out += json_string(impl.name) + ":{\"answer\":" + answer_json(c.primitive, got) +
               ",\"verdict\":" + json_string(verdict_text(j));
        if (j.tolerated) out += ",\"tolerated\":true";
        // The claim is shown when it is not the plain closed contract.
        if (!(held_to == closed())) out += ",\"claim\":" + json_string(held_to.describe());
        out += "}";
    }
    out += "}}";
    return out;
}

int run_replay(const ReplayOptions& opt) {
    if (!gates_known(opt.gate, "replay")) return exit_usage;
    std::ifstream file;
    std::istream* in = &std::cin;
    if (opt.input != "-") {
        file.open(opt.input);
        if (!file) {
            std::cerr << "touchstone replay: cannot open " << opt.input << "\n";
            return exit_usage;
        }
        in = &file;
    }
    std::string line;
    std::size_t line_no = 0;
    std::size_t bad = 0;
    std::size_t gated_wrong = 0;  // lines where a gated implementation was wrong
    while (std::getline(*in, line)) {
        ++line_no;
        if (line.find_first_not_of(" \t\r") == std::string::npos) continue;  // blank
        if (line[line.find_first_not_of(" \t")] == '#') continue;            // comment
        Case c;
        std::string error;
        if (!parse_case_line(line, c, error)) {
            ++bad;
            std::cerr << "touchstone replay: line " << line_no << ": " << error << "\n";
            std::cout << "{\"line\":" << line_no << ",\"error\":" << json_string(error) << "}\n";
            if (opt.stop_on_error) return exit_bad_input;
            continue;
        }
        std::vector<std::pair<std::string, std::string>> wrong;  // name, verdict
        std::cout << replay_one(c, line_no, opt.override_claim ? &opt.claim : nullptr,
                                opt.isolation, &wrong)
                  << "\n";
        bool line_failed = false;
        for (const auto& [name, verdict] : wrong) {
            if (!gated(opt.gate, name)) continue;
            std::cerr << "touchstone replay: line " << line_no << ": gated " << name << ": "
                      << verdict << "\n";
            line_failed = true;
        }
        gated_wrong += line_failed ? 1 : 0;
    }
    // Malformed lines (3) are reported before a failed gate (1): both fail.
    if (bad) return exit_bad_input;
    if (gated_wrong) {
        std::cerr << "touchstone replay: gate failed: a gated implementation was wrong on "
                  << gated_wrong << " line" << (gated_wrong == 1 ? "" : "s") << "\n";
        return exit_gate;
    }
    return exit_ok;
}

}  // namespace touchstone::audit
