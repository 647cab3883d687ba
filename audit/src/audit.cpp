// touchstone audit: every implementation x primitive x precision x family
// against the oracle, as a table (stdout) and optional reports.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <mutex>
#include <thread>
#include <unistd.h>

#include "touchstone/audit/commands.hpp"
#include "touchstone/audit/figures.hpp"
#include "touchstone/audit/registry.hpp"
#include "touchstone/audit/report.hpp"
#include "touchstone/audit/sources.hpp"

namespace touchstone::audit {
namespace {

/// SplitMix64 step (Steele, Lea, Flood 2014): the per-cell seeds.
std::uint64_t mix(std::uint64_t x) {
    x += 0x9e3779b97f4a7c15ULL;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

/// A cell of work: one primitive at one precision over one family.
struct Cell {
    Primitive primitive;
    Precision precision;
    std::size_t family;
    std::vector<std::size_t> impls;  // indices into implementations()
};

/// One counterexample, with what made it wrong.
struct Example {
    std::array<double, 8> args{};
    std::string recipe;
    Drawn drawn;  // the case with its recipe, for shrinking
    Judgement judgement;
    std::string got;    // the implementation's answer, JSON
    std::string truth;  // the oracle's answer, JSON
    double complexity = INFINITY;
};

/// The tally of one row of the table.
struct Row {
    std::size_t impl = 0;
    std::size_t family = 0;
    std::uint64_t cases = 0, false_hits = 0, false_misses = 0, wrong_kinds = 0, nans = 0,
                  far_points = 0, invalid = 0, tolerated = 0;
    std::vector<std::uint64_t> ulps;  // per compared point set
    Example example;
    std::uint64_t wrong() const { return false_hits + false_misses + wrong_kinds + nans + far_points; }
};

/// How "simple" a case reads: the number of significant bits plus the size of
/// the exponents. The audit keeps the simplest counterexample of each row.
double complexity(const std::array<double, 8>& args, int n) {
    double c = 0;
    for (int i = 0; i < n; ++i) {
        const double v = args[static_cast<std::size_t>(i)];
        if (v == 0) continue;
        if (!std::isfinite(v)) {
            c += 64;
            continue;
        }
        int e = 0;
        double m = std::frexp(std::fabs(v), &e);
        int bits = 0;
        while (m != 0 && bits < 64) {
            m = m * 2 - std::floor(m * 2);
            ++bits;
        }
        c += bits + std::abs(e) / 8.0;
    }
    return c;
}

bool selected(const AuditOptions& opt, const std::string& impl, Primitive p, Precision prec,
              const std::string& family) {
    if (opt.only.empty()) return true;
    // Each --only term narrows one axis; terms on the same axis are alternatives.
    bool impl_term = false, impl_ok = false, prim_term = false, prim_ok = false, fam_term = false,
         fam_ok = false, prec_term = false, prec_ok = false;
    for (const std::string& t : opt.only) {
        Primitive tp{};
        if (parse_primitive(t, tp)) {
            prim_term = true;
            prim_ok |= tp == p;
        } else if (t == "float" || t == "double") {
            prec_term = true;
            prec_ok |= t == to_string(prec);
        } else {
            bool is_family = false;
            for (const FamilySource& f : family_sources()) is_family |= f.name == t;
            if (is_family) {
                fam_term = true;
                fam_ok |= t == family;
            } else {
                impl_term = true;
                impl_ok |= impl == t || (t.back() == '*' && impl.rfind(t.substr(0, t.size() - 1), 0) == 0);
            }
        }
    }
    return (!impl_term || impl_ok) && (!prim_term || prim_ok) && (!fam_term || fam_ok) &&
           (!prec_term || prec_ok);
}

std::uint64_t median(std::vector<std::uint64_t> v) {
    if (v.empty()) return 0;
    std::nth_element(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(v.size() / 2), v.end());
    return v[v.size() / 2];
}

}  // namespace

int run_audit(const AuditOptions& opt) {
    const auto& impls = implementations();
    const auto& fams = family_sources();
    for (const std::string& g : opt.gate) {
        bool known = false;
        for (const auto& i : impls) known |= i.name == g;
        if (!known) {
            std::cerr << "touchstone audit: --gate: unknown implementation \"" << g << "\"\n";
            return exit_usage;
        }
    }

    // Build the cells and the rows, in report order.
    std::vector<Cell> cells;
    std::vector<Row> rows;
    std::map<std::pair<std::size_t, std::size_t>, std::size_t> row_of;  // (impl, family) -> row
    for (Precision prec : {Precision::f32, Precision::f64}) {
        for (Primitive p : all_primitives) {
            for (std::size_t f = 0; f < fams.size(); ++f) {
                if (!fams[f].applicable(p)) continue;
                Cell cell{p, prec, f, {}};
                for (std::size_t i = 0; i < impls.size(); ++i) {
                    if (impls[i].primitive != p || impls[i].precision != prec) continue;
                    if (!selected(opt, impls[i].name, p, prec, fams[f].name)) continue;
                    cell.impls.push_back(i);
                }
                if (!cell.impls.empty()) cells.push_back(std::move(cell));
            }
        }
    }
    if (cells.empty()) {
        std::cerr << "touchstone audit: --only selects nothing\n";
        return exit_usage;
    }
    // Rows ordered by implementation name, precision, primitive, family.
    std::vector<std::pair<std::size_t, std::size_t>> keys;
    for (const Cell& c : cells)
        for (std::size_t i : c.impls) keys.emplace_back(i, c.family);
    std::stable_sort(keys.begin(), keys.end(), [&](auto a, auto b) {
        const auto& ia = impls[a.first];
        const auto& ib = impls[b.first];
        if (ia.name != ib.name) return ia.name < ib.name;
        if (ia.precision != ib.precision) return ia.precision < ib.precision;
        if (ia.primitive != ib.primitive) return ia.primitive < ib.primitive;
        return a.second < b.second;
    });
    for (auto k : keys) {
        row_of[k] = rows.size();
        Row r;
        r.impl = k.first;
        r.family = k.second;
        rows.push_back(std::move(r));
    }

    const std::uint64_t per_cell = opt.cases ? opt.cases : 10000;
    const auto start = std::chrono::steady_clock::now();
    const bool tty = opt.progress && isatty(STDERR_FILENO);
    std::atomic<std::size_t> next{0}, done{0};
    std::atomic<bool> out_of_time{false};
    std::mutex progress_mutex;

    auto work = [&] {
        for (;;) {
            const std::size_t ci = next.fetch_add(1);
            if (ci >= cells.size()) return;
            const Cell& cell = cells[ci];
            std::uint64_t rng = mix(opt.seed ^ mix(static_cast<std::uint64_t>(cell.primitive) * 1000 +
                                                   static_cast<std::uint64_t>(cell.precision) * 100 +
                                                   cell.family));
            const int n = arity(cell.primitive);
            for (std::uint64_t k = 0; k < per_cell; ++k) {
                if (opt.seconds > 0 && (k & 63) == 0) {
                    const double el = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
                    if (el > opt.seconds) {
                        out_of_time = true;
                        break;
                    }
                }
                const Drawn d = fams[cell.family].draw(cell.primitive, cell.precision, rng);
                const Answer truth = oracle_answer(cell.primitive, cell.precision, d.args.data());
                for (std::size_t i : cell.impls) {
                    Row& row = rows[row_of.at({i, cell.family})];
                    ++row.cases;
                    if (!truth.valid) {
                        ++row.invalid;
                        continue;
                    }
                    const Answer got = impls[i].eval(d.args.data());
                    const Graded graded = grade(impls[i], got, truth, d.args.data());
                    const Judgement& j = graded.judgement;
                    if (graded.tolerated) {
                        ++row.tolerated;
                        continue;
                    }
                    switch (j.verdict) {
                        case Verdict::false_hit: ++row.false_hits; break;
                        case Verdict::false_miss: ++row.false_misses; break;
                        case Verdict::wrong_kind: ++row.wrong_kinds; break;
                        case Verdict::nan: ++row.nans; break;
                        case Verdict::ulps: ++row.far_points; break;
                        default: break;
                    }
                    if (!is_predicate(cell.primitive) && (j.verdict == Verdict::ok || j.verdict == Verdict::ulps))
                        row.ulps.push_back(j.ulps);
                    if (j.wrong()) {
                        // Prefer a wrong decision (hit, kind, NaN) over a
                        // far point, then the simplest case.
                        const double cx = complexity(d.args, n) + (j.verdict == Verdict::ulps ? 1e6 : 0);
                        if (cx < row.example.complexity) {
                            row.example = Example{d.args, d.recipe, d, j, answer_json(cell.primitive, got),
                                                  answer_json(cell.primitive, claimed_truth(impls[i], truth, d.args.data())), cx};
                        }
                    }
                }
            }
            // Shrink each row's simplest counterexample along its recipe.
            if (opt.shrink) {
                for (std::size_t i : cell.impls) {
                    Row& row = rows[row_of.at({i, cell.family})];
                    if (!row.wrong()) continue;
                    const Verdict want = row.example.judgement.verdict;
                    const Implementation& impl = impls[i];
                    auto fails = [&](const std::array<double, 8>& a) {
                        const Answer t = oracle_answer(cell.primitive, cell.precision, a.data());
                        if (!t.valid) return false;
                        const Graded gr = grade(impl, impl.eval(a.data()), t, a.data());
                        return !gr.tolerated && gr.judgement.verdict == want;
                    };
                    const Drawn s = shrink(cell.primitive, cell.precision, row.example.drawn, fails);
                    const Answer t = oracle_answer(cell.primitive, cell.precision, s.args.data());
                    const Answer g = impl.eval(s.args.data());
                    row.example = Example{s.args, s.recipe, s, grade(impl, g, t, s.args.data()).judgement,
                                          answer_json(cell.primitive, g),
                                          answer_json(cell.primitive, claimed_truth(impl, t, s.args.data())),
                                          complexity(s.args, n) + (want == Verdict::ulps ? 1e6 : 0)};
                }
            }
            const std::size_t finished = ++done;
            if (tty) {
                std::lock_guard<std::mutex> lock(progress_mutex);
                const int width = 40;
                const int filled = static_cast<int>(width * finished / cells.size());
                std::fprintf(stderr, "\r[%s%s] %zu/%zu cells", std::string(static_cast<std::size_t>(filled), '#').c_str(),
                             std::string(static_cast<std::size_t>(width - filled), '.').c_str(), finished,
                             cells.size());
                std::fflush(stderr);
            }
        }
    };
    const unsigned jobs = std::max(1u, opt.jobs);
    std::vector<std::thread> pool;
    for (unsigned t = 1; t < jobs; ++t) pool.emplace_back(work);
    work();
    for (auto& t : pool) t.join();
    if (tty) std::fprintf(stderr, "\r%60s\r", "");

    // ---- collect the result ----
    AuditResult result;
    result.version = "0.1.0";
    result.seed = opt.seed;
    result.cases_per_cell = per_cell;
    result.stopped_by_time = out_of_time;
    result.gate = opt.gate;
    for (const Row& r : rows) {
        const Implementation& impl = impls[r.impl];
        RowResult rr;
        rr.implementation = impl.name;
        rr.origin = impl.origin;
        rr.primitive = impl.primitive;
        rr.precision = impl.precision;
        rr.family = fams[r.family].name;
        rr.cases = r.cases;
        rr.false_hits = r.false_hits;
        rr.false_misses = r.false_misses;
        rr.wrong_kinds = r.wrong_kinds;
        rr.nans = r.nans;
        rr.beyond_tolerance = r.far_points;
        rr.invalid = r.invalid;
        rr.tolerated = r.tolerated;
        rr.boundary = impl.boundary == Boundary::open ? "open" : "closed";
        rr.tolerance = impl.tolerance.describe();
        rr.ulp_tolerance = impl.ulp_tolerance;
        rr.compared_points = r.ulps.size();
        for (auto u : r.ulps) rr.worst_ulps = std::max(rr.worst_ulps, u);
        rr.median_ulps = median(r.ulps);
        if (r.wrong()) {
            Counterexample& ex = rr.example;
            ex.present = true;
            ex.c.primitive = impl.primitive;
            ex.c.precision = impl.precision;
            ex.c.args = r.example.args;
            ex.c.family = rr.family;
            ex.c.id = impl.name + "/" + std::string(to_string(impl.precision)) + "/" +
                      std::string(to_string(impl.primitive)) + "/" + rr.family;
            ex.verdict = r.example.judgement.verdict;
            ex.ulps = r.example.judgement.ulps;
            ex.got = r.example.got;
            ex.truth = r.example.truth;
            ex.recipe = r.example.recipe;
            if (std::find(opt.gate.begin(), opt.gate.end(), impl.name) != opt.gate.end())
                result.gate_failed = true;
        }
        result.rows.push_back(std::move(rr));
    }

    write_table(std::cout, result);
    std::vector<std::string> lines;
    for (const RowResult& r : result.rows)
        if (r.example.present) lines.push_back(case_line(r.example.c));
    if (!lines.empty())
        std::cout << "\nreplay the first counterexample:\n  " << replay_command(lines.front(), command_path()) << "\n";

    if (!opt.out_dir.empty()) {
        std::error_code ec;
        std::filesystem::create_directories(opt.out_dir, ec);
        std::ofstream json(opt.out_dir + "/report.json"), md(opt.out_dir + "/report.md"),
            html(opt.out_dir + "/report.html");
        if (ec || !json || !md || !html) {
            std::cerr << "touchstone audit: cannot write reports to " << opt.out_dir << "\n";
            return exit_usage;
        }
        write_json_report(json, result);
        write_markdown_report(md, result);
        write_html_report(html, result, compute_ulp_maps());
    }
    if (!opt.emit_cases.empty()) {
        const auto parent = std::filesystem::path(opt.emit_cases).parent_path();
        std::error_code ec;
        if (!parent.empty()) std::filesystem::create_directories(parent, ec);
        std::ofstream f(opt.emit_cases);
        if (!f) {
            std::cerr << "touchstone audit: cannot write " << opt.emit_cases << "\n";
            return exit_usage;
        }
        for (const auto& l : lines) f << l << "\n";
    }
    if (result.gate_failed) {
        std::cerr << "touchstone audit: gate failed: a gated implementation disagrees with the oracle\n";
        return exit_gate;
    }
    return exit_ok;
}

}  // namespace touchstone::audit
