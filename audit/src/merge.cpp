// touchstone merge OUT_DIR report.json...: adds the report.json files of the
// shards of one audit (`--shard 1/N` ... `N/N`, same seed and cases) into the
// report the unsharded run writes: counts add up, the ulp histograms add up
// (worst and median follow), and each row keeps the counterexample the
// unsharded run keeps, the least (rank, case index) over the shards.
#include <cerrno>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>

#include "touchstone/audit/baseline.hpp"
#include "touchstone/audit/commands.hpp"
#include "touchstone/audit/report.hpp"
#include "touchstone/audit/shard.hpp"

namespace touchstone::audit {
namespace {

/// A parsed JSON value; numbers and every value keep their source text.
struct JsonValue {
    enum Kind { null, boolean, number, string, array, object } kind = null;
    bool flag = false;
    std::string text;  ///< a string's value, or a number's digits
    std::vector<JsonValue> items;
    std::vector<std::pair<std::string, JsonValue>> fields;
    std::string raw;  ///< the value as written

    const JsonValue* get(const std::string& key) const {
        for (const auto& f : fields)
            if (f.first == key) return &f.second;
        return nullptr;
    }
};

/// A small recursive JSON parser: enough for report.json (no \u escapes
/// beyond passing them through).
class JsonParser {
public:
    explicit JsonParser(const std::string& t) : t_(t) {}
    bool parse(JsonValue& out, std::string& error) {
        if (!value(out, 0) || (space(), at_ < t_.size() && fail("trailing characters"))) {
            error = error_ + " at byte " + std::to_string(at_);
            return false;
        }
        return true;
    }

private:
    const std::string& t_;
    std::size_t at_ = 0;
    std::string error_;

    bool fail(const char* why) {
        if (error_.empty()) error_ = why;
        return false;
    }
    void space() {
        while (at_ < t_.size() &&
               (t_[at_] == ' ' || t_[at_] == '\n' || t_[at_] == '\r' || t_[at_] == '\t'))
            ++at_;
    }
    bool literal(const char* word) {
        const std::string w = word;
        if (t_.compare(at_, w.size(), w) != 0) return fail("unexpected word");
        at_ += w.size();
        return true;
    }
    bool string_value(std::string& out) {
        if (at_ >= t_.size() || t_[at_] != '"') return fail("expected a string");
        ++at_;
        while (at_ < t_.size() && t_[at_] != '"') {
            char c = t_[at_++];
            if (c == '\\') {
                if (at_ >= t_.size()) return fail("unterminated escape");
                const char e = t_[at_++];
                c = e == 'n'   ? '\n'
                    : e == 't' ? '\t'
                    : e == 'r' ? '\r'
                    : e == 'b' ? '\b'
                    : e == 'f' ? '\f'
                               : e;
                if (e == 'u') {
                    out += "\\u";
                    continue;
                }
            }
            out += c;
        }
        if (at_ >= t_.size()) return fail("unterminated string");
        ++at_;
        return true;
    }
    bool value(JsonValue& v, int depth) {
        if (depth > 32) return fail("nested too deeply");
        space();
        if (at_ >= t_.size()) return fail("unexpected end");
        const std::size_t begin = at_;
        const char c = t_[at_];
        bool ok = true;
        if (c == '{') {
            v.kind = JsonValue::object;
            ++at_;
            space();
            if (at_ < t_.size() && t_[at_] == '}') {
                ++at_;
            } else {
                for (;;) {
                    space();
                    std::string key;
                    JsonValue item;
                    if (!string_value(key)) return false;
                    space();
                    if (at_ >= t_.size() || t_[at_++] != ':') return fail("expected ':'");
                    if (!value(item, depth + 1)) return false;
                    v.fields.emplace_back(std::move(key), std::move(item));
                    space();
                    if (at_ < t_.size() && t_[at_] == ',') {
                        ++at_;
                        continue;
                    }
                    if (at_ < t_.size() && t_[at_] == '}') {
                        ++at_;
                        break;
                    }
                    return fail("expected ',' or '}'");
                }
            }
        } else if (c == '[') {
            v.kind = JsonValue::array;
            ++at_;
            space();
            if (at_ < t_.size() && t_[at_] == ']') {
                ++at_;
            } else {
                for (;;) {
                    JsonValue item;
                    if (!value(item, depth + 1)) return false;
                    v.items.push_back(std::move(item));
                    space();
                    if (at_ < t_.size() && t_[at_] == ',') {
                        ++at_;
                        continue;
                    }
                    if (at_ < t_.size() && t_[at_] == ']') {
                        ++at_;
                        break;
                    }
                    return fail("expected ',' or ']'");
                }
            }
        } else if (c == '"') {
            v.kind = JsonValue::string;
            ok = string_value(v.text);
        } else if (c == 't' || c == 'f') {
            v.kind = JsonValue::boolean;
            v.flag = c == 't';
            ok = literal(v.flag ? "true" : "false");
        } else if (c == 'n') {
            ok = literal("null");
        } else {
            v.kind = JsonValue::number;
            while (at_ < t_.size() &&
                   std::string("+-0123456789.eE").find(t_[at_]) != std::string::npos)
                ++at_;
            if (at_ == begin) return fail("unexpected character");
            v.text = t_.substr(begin, at_ - begin);
        }
        if (!ok) return false;
        v.raw = t_.substr(begin, at_ - begin);
        return true;
    }
};

/// Reading one report: every failure names the file and the field.
struct Reader {
    std::string file;
    std::string error;

    bool bad(const std::string& what) {
        if (error.empty()) error = file + ": " + what;
        return false;
    }
    const JsonValue* field(const JsonValue& obj, const char* key, JsonValue::Kind kind) {
        const JsonValue* v = obj.get(key);
        if (!v || v->kind != kind) {
            bad(std::string("missing or mistyped field \"") + key + "\"");
            return nullptr;
        }
        return v;
    }
    bool count(const JsonValue& obj, const char* key, std::uint64_t& out) {
        const JsonValue* v = field(obj, key, JsonValue::number);
        if (!v) return false;
        return whole(*v, key, out);
    }
    bool whole(const JsonValue& v, const char* key, std::uint64_t& out) {
        errno = 0;
        char* end = nullptr;
        out = std::strtoull(v.text.c_str(), &end, 10);
        if (errno || *end || v.text.empty() || v.text[0] == '-')
            return bad(std::string("field \"") + key + "\" = " + v.text + " is not a whole number");
        return true;
    }
    bool text(const JsonValue& obj, const char* key, std::string& out) {
        const JsonValue* v = field(obj, key, JsonValue::string);
        if (!v) return false;
        out = v->text;
        return true;
    }
};

bool read_counterexample(Reader& rd, const JsonValue& j, Counterexample& ex) {
    std::string verdict;
    const JsonValue* c = rd.field(j, "case", JsonValue::object);
    const JsonValue* got = j.get("got");
    const JsonValue* truth = j.get("truth");
    if (!rd.text(j, "verdict", verdict) || !rd.count(j, "ulps", ex.ulps) || !c || !got || !truth ||
        !rd.text(j, "recipe", ex.recipe))
        return false;
    if (!parse_verdict(verdict, ex.verdict))
        return rd.bad("counterexample verdict \"" + verdict + "\" is unknown");
    std::string why;
    if (!parse_case_line(c->raw, ex.c, why)) return rd.bad("counterexample case: " + why);
    if (const JsonValue* detail = j.get("detail")) {
        if (detail->kind != JsonValue::string)
            return rd.bad("counterexample field \"detail\" is not a string");
        ex.detail = detail->text;
    }
    ex.got = got->raw;
    ex.truth = truth->raw;
    ex.present = true;
    return true;
}

bool read_row(Reader& rd, const JsonValue& j, RowResult& row) {
    std::string prec, prim;
    if (j.kind != JsonValue::object) return rd.bad("a row is not an object");
    if (!rd.text(j, "implementation", row.implementation) || !rd.text(j, "origin", row.origin) ||
        !rd.text(j, "precision", prec) || !rd.text(j, "primitive", prim) ||
        !rd.text(j, "family", row.family) || !rd.text(j, "boundary", row.boundary) ||
        !rd.text(j, "tolerance", row.tolerance) || !rd.count(j, "cases", row.cases) ||
        !rd.count(j, "false_hits", row.false_hits) ||
        !rd.count(j, "false_misses", row.false_misses) ||
        !rd.count(j, "wrong_kinds", row.wrong_kinds) ||
        !rd.count(j, "wrong_signs", row.wrong_signs) || !rd.count(j, "nan_outputs", row.nans) ||
        !rd.count(j, "beyond_tolerance", row.beyond_tolerance) ||
        !rd.count(j, "invalid_inputs", row.invalid) ||
        !rd.count(j, "wrong_on_invalid", row.wrong_on_invalid) ||
        !rd.count(j, "ulp_tolerance", row.ulp_tolerance) ||
        !rd.count(j, "compared_points", row.compared_points) ||
        !rd.count(j, "worst_ulps", row.worst_ulps) || !rd.count(j, "crashes", row.crashes) ||
        !rd.count(j, "timeouts", row.timeouts) ||
        !rd.count(j, "wrong_inside_tolerance", row.tolerated))
        return false;
    if (!parse_primitive(prim, row.primitive)) return rd.bad("unknown primitive \"" + prim + "\"");
    if (prec != "float" && prec != "double") return rd.bad("unknown precision \"" + prec + "\"");
    row.precision = prec == "float" ? Precision::f32 : Precision::f64;
    const JsonValue* ex = j.get("counterexample");
    if (!ex) return rd.bad("row without a \"counterexample\" field");
    if (ex->kind == JsonValue::object && !read_counterexample(rd, *ex, row.example)) return false;
    const JsonValue* shard = rd.field(j, "shard", JsonValue::object);
    if (!shard) return rd.bad("not a shard's report (run the audit with --shard K/N)");
    const JsonValue* hist = rd.field(*shard, "ulp_histogram", JsonValue::array);
    if (!hist) return false;
    for (const JsonValue& b : hist->items) {
        std::uint64_t u = 0, n = 0;
        if (b.kind != JsonValue::array || b.items.size() != 2 ||
            !rd.whole(b.items[0], "ulp_histogram", u) || !rd.whole(b.items[1], "ulp_histogram", n))
            return rd.bad("ulp_histogram holds [ulps, count] pairs");
        row.ulp_histogram.emplace_back(u, n);
    }
    if (row.example.present) {
        const JsonValue* rank = rd.field(*shard, "pick_rank", JsonValue::number);
        if (!rank || !rd.count(*shard, "pick_index", row.example.pick_index)) return false;
        row.example.pick_rank = std::strtod(rank->text.c_str(), nullptr);
    }
    return true;
}

/// A shard's "baseline" object: its file, and the baseline entries of the
/// rows it ran (its known and fixed findings) into r.known_findings (every
/// shard runs the same rows, so merge can sort the merged findings again).
bool read_baseline_fields(Reader& rd, const JsonValue& b, AuditResult& r) {
    if (b.kind != JsonValue::object || !rd.text(b, "file", r.baseline_file))
        return rd.bad("\"baseline\" is not an object with a \"file\"");
    for (const char* list : {"known", "fixed"}) {
        const JsonValue* items = rd.field(b, list, JsonValue::array);
        if (!items) return false;
        for (const JsonValue& item : items->items) {
            Finding f;
            if (item.kind != JsonValue::object ||
                !rd.text(item, "implementation", f.implementation) ||
                !rd.text(item, "precision", f.precision) ||
                !rd.text(item, "primitive", f.primitive) || !rd.text(item, "family", f.family) ||
                !rd.text(item, "verdict", f.verdict))
                return rd.bad(std::string("a \"baseline\" \"") + list + "\" entry is incomplete");
            r.known_findings.push_back(std::move(f));
        }
    }
    return true;
}

bool read_report(const std::string& path, AuditResult& r, std::string& error) {
    Reader rd{path, {}};
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        error = path + ": cannot read";
        return false;
    }
    std::stringstream ss;
    ss << in.rdbuf();
    const std::string text = ss.str();
    JsonValue j;
    std::string why;
    if (!JsonParser(text).parse(j, why)) {
        error = path + ": not JSON: " + why;
        return false;
    }
    const JsonValue* gate = rd.field(j, "gate", JsonValue::object);
    const JsonValue* rows = rd.field(j, "rows", JsonValue::array);
    const JsonValue* stopped = rd.field(j, "stopped_by_time", JsonValue::boolean);
    const JsonValue* shard = j.get("shard");
    if (!rd.text(j, "version", r.version) || !rd.count(j, "seed", r.seed) ||
        !rd.count(j, "cases_per_cell", r.cases_per_cell) || !gate || !rows || !stopped) {
        error = rd.error;
        return false;
    }
    if (!shard || shard->kind != JsonValue::object || !rd.count(*shard, "index", r.shard.index) ||
        !rd.count(*shard, "count", r.shard.count)) {
        error =
            path + ": not a shard's report (no \"shard\" field: run the audit with --shard K/N)";
        return false;
    }
    r.stopped_by_time = stopped->flag;
    const JsonValue* names = rd.field(*gate, "implementations", JsonValue::array);
    const JsonValue* passed = rd.field(*gate, "passed", JsonValue::boolean);
    if (!names || !passed) {
        error = rd.error;
        return false;
    }
    for (const JsonValue& n : names->items) r.gate.push_back(n.text);
    r.gate_failed = !passed->flag;
    if (const JsonValue* b = j.get("baseline"); b && !read_baseline_fields(rd, *b, r)) {
        error = rd.error;
        return false;
    }
    for (const JsonValue& row : rows->items) {
        RowResult rr;
        if (!read_row(rd, row, rr)) {
            error = rd.error;
            return false;
        }
        r.rows.push_back(std::move(rr));
    }
    return true;
}

std::string row_key(const RowResult& r) {
    return r.implementation + "/" + std::string(to_string(r.precision)) + "/" +
           std::string(to_string(r.primitive)) + "/" + r.family;
}

/// Adds shard `s` into `into` (same rows, in the same order).
bool add_shard(AuditResult& into, const AuditResult& s, const std::string& file,
               std::string& error) {
    if (s.rows.size() != into.rows.size()) {
        error = file + ": " + std::to_string(s.rows.size()) + " rows, the first report has " +
                std::to_string(into.rows.size()) + " (shards of different audits?)";
        return false;
    }
    into.stopped_by_time |= s.stopped_by_time;
    into.gate_failed |= s.gate_failed;
    for (std::size_t i = 0; i < s.rows.size(); ++i) {
        RowResult& a = into.rows[i];
        const RowResult& b = s.rows[i];
        if (row_key(a) != row_key(b)) {
            error = file + ": row " + std::to_string(i) + " is " + row_key(b) + ", expected " +
                    row_key(a);
            return false;
        }
        a.cases += b.cases;
        a.false_hits += b.false_hits;
        a.false_misses += b.false_misses;
        a.wrong_kinds += b.wrong_kinds;
        a.wrong_signs += b.wrong_signs;
        a.nans += b.nans;
        a.beyond_tolerance += b.beyond_tolerance;
        a.invalid += b.invalid;
        a.wrong_on_invalid += b.wrong_on_invalid;
        a.tolerated += b.tolerated;
        a.crashes += b.crashes;
        a.timeouts += b.timeouts;
        a.compared_points += b.compared_points;
        a.worst_ulps = std::max(a.worst_ulps, b.worst_ulps);
        add_histogram(a.ulp_histogram, b.ulp_histogram);
        const bool better =
            b.example.present && (!a.example.present || b.example.pick_rank < a.example.pick_rank ||
                                  (b.example.pick_rank == a.example.pick_rank &&
                                   b.example.pick_index < a.example.pick_index));
        if (better) a.example = b.example;
    }
    return true;
}

int merge_usage(const std::string& msg) {
    std::cerr << "touchstone merge: " << msg
              << "\nusage: touchstone merge OUT_DIR SHARD_REPORT.json...\n"
                 "  adds the report.json files of `touchstone audit --shard K/N` runs\n"
                 "  (all N shards, same seed and cases) into OUT_DIR/report.json,\n"
                 "  report.md, report.html and counterexamples.jsonl\n";
    return exit_usage;
}

}  // namespace

int merge_main(int argc, char** argv) {
    if (argc < 2) return merge_usage("needs an output folder and at least one shard report");
    AuditOptions opt;
    opt.out_dir = argv[0];
    opt.emit_cases = opt.out_dir + "/counterexamples.jsonl";
    AuditResult merged;
    Baseline baseline;                          // the shards' known and fixed entries
    std::map<std::uint64_t, std::string> seen;  // shard index -> file
    for (int i = 1; i < argc; ++i) {
        const std::string file = argv[i];
        AuditResult r;
        std::string error;
        if (!read_report(file, r, error)) return merge_usage(error);
        if (i == 1) {
            merged = r;
            merged.shard = Shard{};
        } else {
            if (r.seed != merged.seed || r.cases_per_cell != merged.cases_per_cell ||
                r.version != merged.version || r.gate != merged.gate)
                return merge_usage(file + ": seed " + std::to_string(r.seed) + ", " +
                                   std::to_string(r.cases_per_cell) + " cases per cell, version " +
                                   r.version + ": differs from the first report (seed " +
                                   std::to_string(merged.seed) + ", " +
                                   std::to_string(merged.cases_per_cell) + ", " + merged.version +
                                   ", or the --gate list)");
            if (r.baseline_file != merged.baseline_file)
                return merge_usage(file + ": --baseline \"" + r.baseline_file +
                                   "\" differs from the first report's (\"" + merged.baseline_file +
                                   "\")");
            if (!add_shard(merged, r, file, error)) return merge_usage(error);
        }
        baseline.file = r.baseline_file;
        baseline.findings.insert(baseline.findings.end(), r.known_findings.begin(),
                                 r.known_findings.end());
        if (!seen.emplace(r.shard.index, file).second)
            return merge_usage(file + ": shard " + std::to_string(r.shard.index) + " again (also " +
                               seen[r.shard.index] + ")");
        if (r.shard.count != static_cast<std::uint64_t>(argc - 1))
            return merge_usage(file + ": shard " + std::to_string(r.shard.index) + "/" +
                               std::to_string(r.shard.count) + ", but " + std::to_string(argc - 1) +
                               " reports given: give all " + std::to_string(r.shard.count) +
                               " shards");
    }
    for (RowResult& row : merged.rows) row.median_ulps = median_of(row.ulp_histogram);
    // New, known and fixed over the whole run (a finding of one shard is not
    // fixed because another shard did not meet it); the gate still fails
    // when a shard's did, as the unsharded gate then fails too.
    sort_findings(merged, baseline);
    if (!write_outputs(merged, opt)) return exit_usage;
    if (merged.gate_failed) {
        std::cerr << "touchstone merge: gate failed: a gated implementation disagrees with the "
                     "oracle\n";
        return exit_gate;
    }
    return exit_ok;
}

}  // namespace touchstone::audit
