// touchstone audit: every implementation x primitive x precision x family
// against the oracle, as a table (stdout) and optional reports.
//
// The run, one function per step: check the options (gates_known), plan the
// cells and rows (plan), run every cell on a small thread pool (run_cells:
// draw cases, judge each answer, tally it into its row, keep the simplest
// counterexample, then shrink it), collect the rows into an AuditResult
// (collect), and write the table, the reports and the case lines
// (write_outputs). Each cell writes only its own rows, and every case's
// random source depends only on the seed, the cell and the case's index, so
// the same seed and budget give the same bytes whatever --jobs is, and
// `--shard K/N` draws only its own cases (touchstone merge adds the shards
// back up, merge.cpp).
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

#include "touchstone/audit/bug_class.hpp"
#include "touchstone/audit/commands.hpp"
#include "touchstone/audit/baseline.hpp"
#include "touchstone/audit/figures.hpp"
#include "touchstone/audit/isolate.hpp"
#include "touchstone/audit/registry.hpp"
#include "touchstone/audit/report.hpp"
#include "touchstone/audit/soundness.hpp"
#include "touchstone/audit/sources.hpp"
#include "touchstone/bits.hpp"

#ifndef TOUCHSTONE_VERSION
#error "TOUCHSTONE_VERSION must come from the CMake project version (audit/CMakeLists.txt)"
#endif

namespace touchstone::audit {
namespace {

/// The default budget: cases per (primitive, precision, family) cell.
constexpr std::uint64_t default_cases_per_cell = 10000;

/// The cost is timed on the first valid cases of each cell, at most this many.
constexpr std::size_t timed_cases_per_cell = 2048;

/// A cell of work: one primitive at one precision over one family.
struct Cell {
    Primitive primitive;
    Precision precision;
    std::size_t family;
    std::vector<std::size_t> impls;  // indices into implementations()
};

/// One counterexample, with what made it wrong.
struct Example {
    Drawn drawn;  // the case with its recipe, for shrinking
    Judgement judgement;
    std::string detail;  // crash / timeout: the signal or the time limit
    std::string got;     // the implementation's answer, JSON
    std::string truth;   // the claimed truth, JSON
    double complexity = INFINITY;
    /// Which drawn case was picked, before shrinking: (rank, case index) is
    /// a total order, so `touchstone merge` picks the same one across shards.
    double pick_rank = INFINITY;
    std::uint64_t pick_index = 0;
};

/// One bug class of a row: its count and its simplest case.
struct ClassTally {
    std::uint64_t cases = 0;
    Example example;
};

/// The tally of one row of the table.
struct Row {
    std::size_t impl = 0;
    std::size_t family = 0;
    std::uint64_t cases = 0, false_hits = 0, false_misses = 0, wrong_kinds = 0, wrong_signs = 0,
                  nans = 0, far_points = 0, wrong_on_invalid = 0, invalid = 0, tolerated = 0,
                  crashes = 0, timeouts = 0;
    std::vector<std::uint64_t> ulps;  // per compared point set
    Example example;
    /// Bug classes by (sub-kind, verdict), in that order.
    std::map<std::pair<std::string, Verdict>, ClassTally> classes;
    /// The scale sweep's rows: exponent -> (cases, wrong).
    std::map<int, std::pair<std::uint64_t, std::uint64_t>> bins;
    std::uint64_t timed_calls = 0;  // the timed pass (cost)
    double timed_ns = 0;
    std::uint64_t wrong() const {
        return false_hits + false_misses + wrong_kinds + wrong_signs + nans + far_points +
               wrong_on_invalid + crashes + timeouts;
    }
};

/// The cells, and the rows in report order with the row of each (implementation, family).
struct Plan {
    std::vector<Cell> cells;
    std::vector<Row> rows;
    std::map<std::pair<std::size_t, std::size_t>, std::size_t> row_of;
    Row& row(std::size_t impl, std::size_t family) { return rows[row_of.at({impl, family})]; }
};

/// How "simple" a case reads: the number of significant bits plus the size of
/// the exponents. The audit keeps the simplest counterexample of each row.
double complexity(const std::array<double, max_fields>& args, int n) {
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

/// A crash or a hang reads first, then a wrong decision (hit, kind, NaN,
/// invalid input), then a far point.
double example_rank(const std::array<double, max_fields>& args, Primitive p, Verdict v) {
    const bool fatal = v == Verdict::crash || v == Verdict::timeout;
    return complexity(args, arity(p)) + (v == Verdict::ulps ? 1e6 : 0) - (fatal ? 1e6 : 0);
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
                impl_ok |= name_matches(t, impl);
            }
        }
    }
    return (!impl_term || impl_ok) && (!prim_term || prim_ok) && (!fam_term || fam_ok) &&
           (!prec_term || prec_ok);
}

std::uint64_t median(std::vector<std::uint64_t> v) {
    if (v.empty()) return 0;
    std::nth_element(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(v.size() / 2), v.end());
    return v[v.size() / 2];  // the same element median_of(ulp_histogram(v)) picks
}

// ---------------------------------------------------------------------------
// Planning.

/// The cells --only selects, by precision, primitive, then family.
std::vector<Cell> plan_cells(const AuditOptions& opt) {
    const auto& impls = implementations();
    const auto& fams = family_sources();
    std::vector<Cell> cells;
    for (Precision prec : {Precision::f32, Precision::f64}) {
        for (Primitive p : all_primitives) {
            for (std::size_t f = 0; f < fams.size(); ++f) {
                if (!fams[f].applicable(p)) continue;
                Cell cell{p, prec, f, {}};
                for (std::size_t i = 0; i < impls.size(); ++i) {
                    if (impls[i].primitive != p || impls[i].precision != prec) continue;
                    if (!opt.with_reference && !impls[i].user) continue;
                    if (selected(opt, impls[i].name, p, prec, fams[f].name))
                        cell.impls.push_back(i);
                }
                if (!cell.impls.empty()) cells.push_back(std::move(cell));
            }
        }
    }
    return cells;
}

/// One row per (implementation, family) of the cells, ordered by
/// implementation name, precision, primitive, family.
void plan_rows(Plan& plan) {
    const auto& impls = implementations();
    std::vector<std::pair<std::size_t, std::size_t>> keys;
    for (const Cell& c : plan.cells)
        for (std::size_t i : c.impls) keys.emplace_back(i, c.family);
    std::stable_sort(keys.begin(), keys.end(), [&](auto a, auto b) {
        const Implementation& ia = impls[a.first];
        const Implementation& ib = impls[b.first];
        if (ia.name != ib.name) return ia.name < ib.name;
        if (ia.precision != ib.precision) return ia.precision < ib.precision;
        if (ia.primitive != ib.primitive) return ia.primitive < ib.primitive;
        return a.second < b.second;
    });
    for (auto k : keys) {
        plan.row_of[k] = plan.rows.size();
        Row r;
        r.impl = k.first;
        r.family = k.second;
        plan.rows.push_back(std::move(r));
    }
}

// ---------------------------------------------------------------------------
// Running a cell.

/// The cell's own random source: a function of the seed and the cell only.
std::uint64_t cell_seed(std::uint64_t seed, const Cell& cell) {
    std::uint64_t key = static_cast<std::uint64_t>(cell.primitive) * 1000 +
                        static_cast<std::uint64_t>(cell.precision) * 100 + cell.family;
    std::uint64_t state = seed ^ splitmix64(key);
    return splitmix64(state);
}

/// Case k's own random source: a function of the cell's and k only, so a
/// shard draws just its own cases (--shard), and every case is the same
/// whichever shard draws it. Hashed, so the streams of neighbouring cases do
/// not overlap.
std::uint64_t case_seed(std::uint64_t cell, std::uint64_t k) {
    std::uint64_t state = cell ^ (k * 0xd1b54a32d192ed03ull);
    return splitmix64(state);
}

/// Counts one judged answer in its row's columns.
void tally(Row& row, const Judgement& j, bool construction) {
    if (j.tolerated) {
        ++row.tolerated;
        return;
    }
    switch (j.verdict) {
        case Verdict::false_hit: ++row.false_hits; break;
        case Verdict::false_miss: ++row.false_misses; break;
        case Verdict::wrong_kind: ++row.wrong_kinds; break;
        case Verdict::wrong_sign: ++row.wrong_signs; break;
        case Verdict::nan: ++row.nans; break;
        case Verdict::ulps: ++row.far_points; break;
        case Verdict::wrong_on_invalid: ++row.wrong_on_invalid; break;
        case Verdict::crash: ++row.crashes; break;
        case Verdict::timeout: ++row.timeouts; break;
        default: break;
    }
    if (construction && (j.verdict == Verdict::ok || j.verdict == Verdict::ulps))
        row.ulps.push_back(j.ulps);
}

/// The row's counterexample for a drawn case, judged.
Example make_example(const Implementation& impl, const Drawn& d, const Answer& got,
                     const Answer& exact, const Judgement& j) {
    return Example{d,
                   j,
                   "",
                   answer_json(impl.primitive, got),
                   answer_json(impl.primitive, claimed_truth(impl, exact, d.args.data())),
                   example_rank(d.args, impl.primitive, j.verdict)};
}

/// Whether an implementation is asked a case: invalid input only when it
/// claims an answer to it (the robust core's empty answer); the others have
/// nothing to compare.
bool asked(const Implementation& impl, const Answer& exact) {
    return exact.valid || impl.claim.empty_on_invalid;
}

/// Judges one implementation's outcome on drawn case `index` of its cell and
/// counts it in its row. A crash or a timeout is a failing verdict of its
/// own. Cases come in index order, so a strict < keeps the least (rank,
/// index) as the row's pick.
void judge_case(Row& row, const Implementation& impl, const Drawn& d, const Answer& exact,
                const Outcome* outcome, std::uint64_t index, bool sweep) {
    ++row.cases;
    if (!exact.valid) ++row.invalid;
    if (!outcome) return;
    Judgement j;
    Example candidate;
    const bool answered = outcome->kind == Outcome::answered;
    if (answered) {
        j = judge(impl, d.args.data(), outcome->answer, exact);
        tally(row, j, is_construction(impl.primitive));
    } else {
        j.verdict = outcome->verdict();
        tally(row, j, false);
    }
    if (sweep && exact.valid) {
        auto& bin = row.bins[scale_exponent(impl.precision, d.args.data(), arity(impl.primitive))];
        ++bin.first;
        bin.second += j.fails() ? 1 : 0;
    }
    if (!j.fails()) return;
    // One example per bug class: cases come in index order, so a strict <
    // keeps the least (rank, index) of the class.
    ClassTally& c = row.classes[{sub_kind(impl.primitive, d.built_from), j.verdict}];
    ++c.cases;
    const double rank = example_rank(d.args, impl.primitive, j.verdict);
    if (rank < c.example.pick_rank) {
        if (answered) {
            c.example = make_example(impl, d, outcome->answer, exact, j);
        } else {
            c.example =
                Example{d,
                        j,
                        outcome->detail,
                        outcome->json(),
                        answer_json(impl.primitive, claimed_truth(impl, exact, d.args.data())),
                        rank};
        }
        c.example.pick_rank = rank;
        c.example.pick_index = index;
    }
}

/// The row's own counterexample: its classes' least (rank, index).
void pick_row_example(Row& row) {
    for (const auto& kv : row.classes) {
        const Example& e = kv.second.example;
        if (e.pick_rank < row.example.pick_rank ||
            (e.pick_rank == row.example.pick_rank && e.pick_index < row.example.pick_index))
            row.example = e;
    }
}

/// Evaluates one implementation on a batch of drawn cases and judges each:
/// in a worker process when the policy isolates it, else in-process. Both
/// give the same answers, so the row is the same either way.
void judge_batch(Row& row, const Implementation& impl, const std::vector<Drawn>& drawn,
                 const std::vector<Answer>& exact, const std::vector<std::uint64_t>& index,
                 const IsolationPolicy& policy, bool sweep) {
    std::vector<Outcome> outcomes(drawn.size());
    if (policy.isolates(impl)) {
        std::vector<std::size_t> which;
        std::vector<std::array<double, max_fields>> args;
        for (std::size_t k = 0; k < drawn.size(); ++k) {
            if (!asked(impl, exact[k])) continue;
            which.push_back(k);
            args.push_back(drawn[k].args);
        }
        std::vector<Outcome> got = evaluate_isolated(impl, args, policy.case_timeout);
        for (std::size_t n = 0; n < which.size(); ++n) outcomes[which[n]] = std::move(got[n]);
    } else {
        for (std::size_t k = 0; k < drawn.size(); ++k)
            if (asked(impl, exact[k])) outcomes[k].answer = impl.eval(drawn[k].args.data());
    }
    for (std::size_t k = 0; k < drawn.size(); ++k)
        judge_case(row, impl, drawn[k], exact[k], asked(impl, exact[k]) ? &outcomes[k] : nullptr,
                   index[k], sweep);
}

/// Shrinks a class's counterexample along its recipe, keeping its bug
/// class: a candidate counts only with the same sub-kind and verdict. A
/// crash shrinks too, to a case that dies of the same signal (each try that
/// crashes costs a fresh worker process, so crashes get a smaller budget); a
/// timeout is kept as found (each try would cost the time limit). A
/// candidate that crashes is not the same failure as a wrong answer, so
/// shrinking never leaves the class it started from.
void shrink_example(Example& example, const Implementation& impl, const std::string& kind,
                    const IsolationPolicy& policy) {
    const Verdict want = example.judgement.verdict;
    if (want == Verdict::timeout) return;
    if (want == Verdict::crash) {
        auto same_crash = [&](const Drawn& d) {
            if (sub_kind(impl.primitive, d.built_from) != kind) return false;
            const Outcome o = evaluate_one(impl, d.args.data(), policy);
            return o.kind == Outcome::crashed && o.detail == example.detail;
        };
        constexpr int crash_budget = 100;
        const Drawn s =
            shrink_drawn(impl.primitive, impl.precision, example.drawn, same_crash, crash_budget);
        if (s.args == example.drawn.args) return;
        const Outcome o = evaluate_one(impl, s.args.data(), policy);
        if (o.kind != Outcome::crashed || o.detail != example.detail) return;
        const Answer exact = exact_answer(impl.primitive, impl.precision, s.args.data());
        example.drawn = s;
        example.got = o.json();
        example.truth = answer_json(impl.primitive, claimed_truth(impl, exact, s.args.data()));
        example.complexity = example_rank(s.args, impl.primitive, want);
        return;
    }
    auto fails = [&](const Drawn& d) {
        if (sub_kind(impl.primitive, d.built_from) != kind) return false;
        const double* a = d.args.data();
        const Outcome o = evaluate_one(impl, a, policy);
        if (o.kind != Outcome::answered) return false;
        const Judgement j =
            judge(impl, a, o.answer, exact_answer(impl.primitive, impl.precision, a));
        return !j.tolerated && j.verdict == want;
    };
    const Drawn s = shrink_drawn(impl.primitive, impl.precision, example.drawn, fails);
    const Answer exact = exact_answer(impl.primitive, impl.precision, s.args.data());
    const Outcome o = evaluate_one(impl, s.args.data(), policy);
    if (o.kind != Outcome::answered) return;  // keep the unshrunk example
    const double pick_rank = example.pick_rank;
    const std::uint64_t pick_index = example.pick_index;
    example = make_example(impl, s, o.answer, exact, judge(impl, s.args.data(), o.answer, exact));
    example.pick_rank = pick_rank;
    example.pick_index = pick_index;
}

std::atomic<std::uint64_t> timing_sink{0};

/// The cost of an implementation: the cell's first valid cases called again in
/// blocks of 64, each block timed twice (two passes), the faster time of
/// each block kept, so that a pre-empted block on a busy machine does not
/// count. Wall time, so not reproducible; never part of a verdict. Only for
/// implementations run in-process: one run in worker processes (user code,
/// --isolate) may crash or hang, and is not timed. The bare call, without
/// the floating-point fence (registry.hpp, fenced): its ~21 ns would be
/// most of a tutorial's time.
void time_calls(Row& row, const Implementation& impl,
                const std::vector<std::array<double, max_fields>>& cases) {
    constexpr std::size_t block = 64;
    const std::size_t blocks = (cases.size() + block - 1) / block;
    std::vector<double> best(blocks, INFINITY);
    std::uint64_t sink = 0;  // keeps the answers observable
    // (An implementation that did not join through the registry has no bare call.)
    const Evaluator& call = impl.bare ? impl.bare : impl.eval;
    for (int pass = 0; pass < 2; ++pass) {
        for (std::size_t b = 0; b < blocks; ++b) {
            const std::size_t end = std::min(cases.size(), (b + 1) * block);
            const auto t0 = std::chrono::steady_clock::now();
            for (std::size_t k = b * block; k < end; ++k) sink += call(cases[k].data()).hit ? 1 : 0;
            const auto t1 = std::chrono::steady_clock::now();
            best[b] = std::min(best[b], std::chrono::duration<double, std::nano>(t1 - t0).count());
        }
    }
    for (double t : best) row.timed_ns += t;
    row.timed_calls += cases.size();
    timing_sink.fetch_add(sink, std::memory_order_relaxed);
}

/// What every worker shares: the plan, the options, the clock.
struct Run {
    Run(Plan& p, const AuditOptions& o)
        : plan(p),
          opt(o),
          per_cell(o.cases ? o.cases : default_cases_per_cell),
          tty(o.progress && isatty(STDERR_FILENO)) {}
    Plan& plan;
    const AuditOptions& opt;
    std::uint64_t per_cell;
    std::chrono::steady_clock::time_point start = std::chrono::steady_clock::now();
    std::atomic<std::size_t> next{0}, done{0};
    std::atomic<bool> out_of_time{false};
    bool tty = false;
    std::mutex progress_mutex;

    bool past_deadline() const {
        return opt.seconds > 0 &&
               std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() >
                   opt.seconds;
    }
};

/// Cases drawn at a time: one worker process per batch for isolated rows.
constexpr std::size_t batch_size = 2048;

/// Draws the cell's cases a batch at a time, judges every implementation of
/// the cell on each, then shrinks each wrong row's counterexample.
void run_cell(Run& run, const Cell& cell) {
    const auto& impls = implementations();
    const FamilySource& fam = family_sources()[cell.family];
    const std::uint64_t cell_rng = cell_seed(run.opt.seed, cell);
    std::vector<std::array<double, max_fields>> valid;  // for the timed pass
    std::uint64_t k = 0;
    bool stopped = false;
    while (k < run.per_cell && !stopped) {
        std::vector<Drawn> drawn;
        std::vector<Answer> exact;
        std::vector<std::uint64_t> index;
        for (; k < run.per_cell && drawn.size() < batch_size; ++k) {
            if ((k & 63) == 0 && run.past_deadline()) {
                run.out_of_time = true;
                stopped = true;
                break;
            }
            if (!in_shard(run.opt.shard, k)) continue;
            std::uint64_t rng = case_seed(cell_rng, k);
            drawn.push_back(fam.draw(cell.primitive, cell.precision, rng));
            exact.push_back(exact_answer(cell.primitive, cell.precision, drawn.back().args.data()));
            index.push_back(k);
        }
        if (drawn.empty()) continue;
        for (std::size_t i : cell.impls)
            judge_batch(run.plan.row(i, cell.family), impls[i], drawn, exact, index,
                        run.opt.isolation, fam.sweep);
        for (std::size_t n = 0; n < drawn.size() && valid.size() < timed_cases_per_cell; ++n)
            if (exact[n].valid) valid.push_back(drawn[n].args);
    }
    for (std::size_t i : cell.impls)
        if (!run.opt.isolation.isolates(impls[i]))
            time_calls(run.plan.row(i, cell.family), impls[i], valid);
    for (std::size_t i : cell.impls) {
        Row& row = run.plan.row(i, cell.family);
        if (run.opt.shrink)
            for (auto& kv : row.classes)
                shrink_example(kv.second.example, impls[i], kv.first.first, run.opt.isolation);
        pick_row_example(row);
    }
}

void show_progress(Run& run, std::size_t finished) {
    if (!run.tty) return;
    std::lock_guard<std::mutex> lock(run.progress_mutex);
    const std::size_t total = run.plan.cells.size();
    const int width = 40;
    const int filled = static_cast<int>(width * finished / total);
    std::fprintf(stderr, "\r[%s%s] %zu/%zu cells",
                 std::string(static_cast<std::size_t>(filled), '#').c_str(),
                 std::string(static_cast<std::size_t>(width - filled), '.').c_str(), finished,
                 total);
    std::fflush(stderr);
}

/// Runs every cell on opt.jobs threads (the calling thread is one of them).
void run_cells(Run& run) {
    auto work = [&run] {
        for (;;) {
            const std::size_t ci = run.next.fetch_add(1);
            if (ci >= run.plan.cells.size()) return;
            run_cell(run, run.plan.cells[ci]);
            show_progress(run, ++run.done);
        }
    };
    const unsigned jobs = std::max(1u, run.opt.jobs);
    std::vector<std::thread> pool;
    for (unsigned t = 1; t < jobs; ++t) pool.emplace_back(work);
    work();
    for (auto& t : pool) t.join();
    if (run.tty) std::fprintf(stderr, "\r%60s\r", "");
}

// ---------------------------------------------------------------------------
// Collecting and writing.

Counterexample counterexample(const Implementation& impl, const RowResult& rr, const Example& e) {
    Counterexample ex;
    ex.present = true;
    ex.c.primitive = impl.primitive;
    ex.c.precision = impl.precision;
    ex.c.args = e.drawn.args;
    ex.c.family = rr.family;
    ex.verdict = e.judgement.verdict;
    ex.detail = e.detail;
    ex.ulps = e.judgement.ulps;
    ex.got = e.got;
    ex.truth = e.truth;
    ex.recipe = e.drawn.recipe;
    ex.sub_kind = sub_kind(impl.primitive, e.drawn.built_from);
    ex.pick_rank = e.pick_rank;
    ex.pick_index = e.pick_index;
    return ex;
}

RowResult row_result(const Row& r) {
    const Implementation& impl = implementations()[r.impl];
    RowResult rr;
    rr.implementation = impl.name;
    rr.origin = impl.origin;
    rr.primitive = impl.primitive;
    rr.precision = impl.precision;
    rr.family = family_sources()[r.family].name;
    rr.cases = r.cases;
    rr.false_hits = r.false_hits;
    rr.false_misses = r.false_misses;
    rr.wrong_kinds = r.wrong_kinds;
    rr.wrong_signs = r.wrong_signs;
    rr.nans = r.nans;
    rr.beyond_tolerance = r.far_points;
    rr.wrong_on_invalid = r.wrong_on_invalid;
    rr.invalid = r.invalid;
    rr.tolerated = r.tolerated;
    rr.crashes = r.crashes;
    rr.timeouts = r.timeouts;
    rr.source_file = impl.source_file;
    rr.source_line = impl.source_line;
    rr.boundary = impl.claim.boundary == Boundary::open ? "open" : "closed";
    rr.tolerance = impl.claim.tolerance.describe();
    rr.ulp_tolerance = impl.claim.point_ulps;
    rr.compared_points = r.ulps.size();
    for (auto u : r.ulps) rr.worst_ulps = std::max(rr.worst_ulps, u);
    rr.median_ulps = median(r.ulps);
    rr.ulp_histogram = ulp_histogram(r.ulps);
    if (r.wrong()) {
        rr.example = counterexample(impl, rr, r.example);
        rr.example.c.id = impl.name + "/" + std::string(to_string(impl.precision)) + "/" +
                          std::string(to_string(impl.primitive)) + "/" + rr.family;
    }
    for (const auto& kv : r.classes) {
        BugClass c;
        c.sub_kind = kv.first.first;
        c.verdict = kv.first.second;
        c.cases = kv.second.cases;
        c.example = counterexample(impl, rr, kv.second.example);
        c.example.c.id = bug_class_id(rr, c);
        rr.classes.push_back(std::move(c));
    }
    for (const auto& kv : r.bins)
        rr.scale_bins.push_back({kv.first, kv.second.first, kv.second.second});
    rr.timed_calls = r.timed_calls;
    rr.timed_ns = r.timed_ns;
    return rr;
}

AuditResult collect(const Run& run, const Baseline& baseline) {
    AuditResult result;
    result.version = TOUCHSTONE_VERSION;
    result.seed = run.opt.seed;
    result.cases_per_cell = run.per_cell;
    result.stopped_by_time = run.out_of_time;
    result.gate = run.opt.gate;
    result.shard = run.opt.shard;
    for (const Row& r : run.plan.rows) result.rows.push_back(row_result(r));
    // The gate fails on a gated row's finding that the baseline does not know.
    sort_findings(result, baseline);
    for (const Finding& f : result.new_findings)
        result.gate_failed |= gated(run.opt.gate, f.implementation);
    return result;
}

/// Opens `path` for writing, creating its folder; false when it cannot.
bool open_output(const std::string& path, std::ofstream& out) {
    const auto parent = std::filesystem::path(path).parent_path();
    std::error_code ec;
    if (!parent.empty()) std::filesystem::create_directories(parent, ec);
    out.open(path);
    return !ec && out.good();
}

/// report.json, report.md and report.html; a shard (--shard) leaves
/// report.html to `touchstone merge`: its ulp maps cost more than a small
/// shard's cases, and they are the same in every shard.
bool write_reports(const AuditResult& result, const std::string& dir) {
    const bool html_too = !result.shard.active();
    std::ofstream json, md, html;
    if (!open_output(dir + "/report.json", json) || !open_output(dir + "/report.md", md) ||
        (html_too && !open_output(dir + "/report.html", html))) {
        std::cerr << "touchstone audit: cannot write reports to " << dir << "\n";
        return false;
    }
    write_json_report(json, result);
    write_markdown_report(md, result);
    if (html_too) write_html_report(html, result, compute_ulp_maps());
    return true;
}

/// --junit, --sarif and --update-baseline (report_ci.cpp writes them).
bool write_ci_outputs(const AuditResult& result, const AuditOptions& opt) {
    struct Output {
        const std::string& path;
        void (*write)(std::ostream&, const AuditResult&);
    };
    const Output outputs[] = {{opt.junit, &write_junit_report},
                              {opt.sarif, &write_sarif_report},
                              {opt.update_baseline, &write_baseline}};
    for (const Output& o : outputs) {
        if (o.path.empty()) continue;
        std::ofstream f;
        if (!open_output(o.path, f)) {
            std::cerr << "touchstone audit: cannot write " << o.path << "\n";
            return false;
        }
        o.write(f, result);
    }
    return true;
}

bool write_case_lines(const std::vector<std::string>& lines, const std::string& path) {
    std::ofstream f;
    if (!open_output(path, f)) {
        std::cerr << "touchstone audit: cannot write " << path << "\n";
        return false;
    }
    for (const auto& l : lines) f << l << "\n";
    return true;
}

}  // namespace

/// The table and the replay hint on stdout, then the files the options ask for.
bool write_outputs(const AuditResult& result, const AuditOptions& opt) {
    write_table(std::cout, result);
    write_profile_table(std::cout, result);
    std::vector<std::string> lines;  // every bug class's counterexample
    for (const auto& rc : bug_classes(result)) lines.push_back(case_line(rc.second->example.c));
    std::string first;
    for (const RowResult& r : result.rows)
        if (r.example.present && first.empty()) first = case_line(r.example.c);
    if (!first.empty())
        std::cout << "\nreplay the first counterexample:\n  "
                  << replay_command(first, command_path()) << "\n";
    // The table has no column for them: rows whose implementation died or hung.
    bool fatal_header = false;
    for (const RowResult& r : result.rows) {
        if (r.crashes + r.timeouts == 0) continue;
        if (!fatal_header) std::cout << "\ncrashes and timeouts (worker processes, --isolate):\n";
        fatal_header = true;
        std::cout << "  " << r.implementation << " " << to_string(r.precision) << " "
                  << to_string(r.primitive) << " " << r.family << ": " << r.crashes
                  << (r.crashes == 1 ? " crash, " : " crashes, ") << r.timeouts
                  << (r.timeouts == 1 ? " timeout\n" : " timeouts\n");
    }
    if (!result.baseline_file.empty()) write_findings_text(std::cout, result, false);
    if (!opt.out_dir.empty() && !write_reports(result, opt.out_dir)) return false;
    if (!opt.emit_cases.empty() && !write_case_lines(lines, opt.emit_cases)) return false;
    return write_ci_outputs(result, opt);
}

int run_audit(const AuditOptions& opt) {
    if (!gates_known(opt.gate, "audit")) return exit_usage;
    Baseline baseline;
    std::string baseline_error;
    if (!opt.baseline.empty() && !read_baseline(opt.baseline, baseline, baseline_error)) {
        std::cerr << "touchstone audit: --baseline: " << baseline_error << "\n";
        return exit_usage;
    }
    // An entry no run can meet (a renamed implementation or family) is
    // neither known nor fixed: say so, or the baseline goes stale unseen.
    for (const Finding& f : baseline.findings) {
        bool impl_known = false, family_known = false;
        for (const Implementation& i : implementations()) impl_known |= i.name == f.implementation;
        for (const FamilySource& fam : family_sources()) family_known |= fam.name == f.family;
        if (!impl_known || !family_known)
            std::cerr << "touchstone audit: --baseline: no "
                      << (impl_known ? "family" : "implementation") << " \""
                      << (impl_known ? f.family : f.implementation) << "\": the entry "
                      << f.implementation << " " << f.precision << " " << f.primitive << " "
                      << f.family << " " << f.verdict
                      << " can never be met (--update-baseline rewrites the file)\n";
    }
    Plan plan;
    plan.cells = plan_cells(opt);
    if (plan.cells.empty()) {
        std::cerr << "touchstone audit: --only selects nothing"
                  << (opt.with_reference ? ""
                                         : " among the registered rows (--with-reference adds "
                                           "touchstone's own)")
                  << "\n";
        return exit_usage;
    }
    plan_rows(plan);

    Run run(plan, opt);
    run_cells(run);

    const AuditResult result = collect(run, baseline);
    if (!write_outputs(result, opt)) return exit_usage;
    if (result.gate_failed) {
        std::cerr
            << "touchstone audit: gate failed: a gated implementation disagrees with the oracle"
            << (result.baseline_file.empty() ? "" : " (findings not in the baseline)") << "\n";
        return exit_gate;
    }
    return exit_ok;
}

}  // namespace touchstone::audit
