// NAME_test: the RapidCheck properties of every registered user
// implementation, as gtests, run by ctest. Per implementation:
//
//   <primitive>_<precision>_AgreesWithTheOracleOnEveryFamily
//       on recipes of every case family (RapidCheck shrinks the recipe, so a
//       tangent case stays tangent while it shrinks), the answer agrees with
//       the exact oracle under the claim the implementation registered (the
//       one judge, touchstone::judge); a wrong answer inside the claim's
//       tolerance band is excused.
//   <primitive>_<precision>_ExactSymmetriesLeaveAnswersUnchanged
//       swapping two alike operands, reversing a segment, reflecting,
//       rotating by 90 degrees or scaling by 2^k (all exact in floating
//       point) leaves the answer unchanged: the same predicate value, the
//       same construction kind and count, and the image of the points.
//   <primitive>_<precision>_ALargerRadiusNeverTurnsAHitIntoAMiss
//       for the predicates about a disk (point_in_disk, disks_overlap,
//       segment_hits_disk), open or closed.
//   <primitive>_<precision>_AgreesWithItsPredicate / ...WithItsConstruction
//       a predicate and the construction that answers the same question
//       agree on whether the shapes meet: against every registered partner
//       of the same precision, or against the exact oracle when none is.
//
// The laws compare the implementation with itself (or its partner), so they
// hold whatever the claim, with two exceptions the claim decides: a case
// within the claim's tolerance band of the decision boundary may go either
// way, so it is skipped (the case and its image); and an open() predicate
// says "miss" at exact touching where the (always closed) construction has a
// point, so exact touching is skipped there. Constructed points are compared
// within twice the claim's point ulps.
#include <gtest/gtest.h>
#include <rapidcheck.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "touchstone/audit/isolate.hpp"
#include "touchstone/audit/registry.hpp"
#include "touchstone/families/families.hpp"
#include "touchstone/oracle/oracle.hpp"
#include "touchstone/properties/gen.hpp"
#include "touchstone/properties/symmetry.hpp"
#include "touchstone/validate.hpp"

#if defined(__unix__) || defined(__APPLE__)
#include <sys/mman.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>
#define TOUCHSTONE_TEST_CAN_FORK 1
#endif

namespace {

using namespace touchstone;
using audit::Implementation;

int cases_per_family() {
    // TOUCHSTONE_CONFORMANCE_CASES overrides; the default keeps a run short.
    if (const char* e = std::getenv("TOUCHSTONE_CONFORMANCE_CASES")) {
        const int n = std::atoi(e);
        if (n > 0) return n;
    }
    return 1000;
}

// ---------------------------------------------------------------------------
// Crash and hang isolation.
//
// Each gtest runs its property in a forked child. Before every evaluation
// of a user's function the child writes the case into a page shared with
// the parent and arms a timer of the case time limit (SIGALRM, whose default
// action ends the child). When the child passes or fails normally, its
// failures are handed to the parent's gtest (so they reach --gtest_output
// and ctest --output-junit). When it dies (a fatal signal, or the timer of
// a hang), the case in the shared page is the one it died on: the parent
// fails the test with the verdict (crash or timeout), the case line and the
// replay command, and the binary goes on with the next test. One fork per
// test: the cost is a few milliseconds, not one process per case. The case
// A crash is shrunk (shrink_crash: the same signal in a fresh worker
// process, at most 100 tries) and reported with the case as found; a
// timeout is reported as found.
// TOUCHSTONE_ISOLATE=never runs in-process (a crash then ends the test
// binary); TOUCHSTONE_CASE_TIMEOUT sets the time limit (10 s). Without fork
// (not POSIX) every property runs in-process.

audit::IsolationPolicy& policy() {
    static audit::IsolationPolicy p = [] {
        audit::IsolationPolicy q;
        if (const char* e = std::getenv("TOUCHSTONE_ISOLATE")) audit::parse_isolate_mode(e, q.mode);
        if (const char* e = std::getenv("TOUCHSTONE_CASE_TIMEOUT")) {
            const double t = std::atof(e);
            if (t > 0) q.case_timeout = t;
        }
        return q;
    }();
    return p;
}

/// The program that replays a case (NAME_audit), for crash messages.
std::string& replay_program() {
    static std::string exe;
    return exe;
}

#ifdef TOUCHSTONE_TEST_CAN_FORK
/// The case a child is evaluating, in a page shared with the parent.
struct InFlight {
    volatile int active;  ///< 1 while an evaluation runs
    std::size_t impl;     ///< its index in audit::implementations()
    Primitive primitive;
    Precision precision;
    double args[max_fields];
};

/// The shared page (mapped once, before the first fork); null when mmap failed.
InFlight* in_flight() {
    static InFlight* page = [] {
        void* m = mmap(nullptr, sizeof(InFlight), PROT_READ | PROT_WRITE,
                       MAP_SHARED | MAP_ANONYMOUS, -1, 0);
        return m == MAP_FAILED ? nullptr : static_cast<InFlight*>(m);
    }();
    return page;
}

/// Whether this process is a child running one test's property.
bool in_child = false;

/// The values to try in place of x when shrinking, simplest first: 0, 1 and
/// -1, then x with its significand cut to 1, 2, 4, ... 32 bits (its integer
/// part among them when x is an integer at that width); only values of the
/// case's precision, and never x itself.
std::vector<double> simpler_values(double x, Precision prec) {
    std::vector<double> out;
    auto add = [&](double c) {
        const bool fits = prec == Precision::f64 || static_cast<double>(static_cast<float>(c)) == c;
        if (c != x && std::isfinite(c) && fits && std::find(out.begin(), out.end(), c) == out.end())
            out.push_back(c);
    };
    add(0);
    add(1);
    add(-1);
    if (!std::isfinite(x) || x == 0) return out;
    int e = 0;
    const double m = std::frexp(x, &e);
    for (int bits : {1, 2, 4, 8, 16, 32})
        add(std::ldexp(std::round(std::ldexp(m, bits)), e - bits));
    return out;
}

/// A crashing case, shrunk: each field in turn takes the simplest of
/// simpler_values that is still valid input and still dies of the same
/// signal (`how`) in a fresh worker process (audit::evaluate_one), pass after
/// pass until nothing changes or 100 candidates were tried. The generated
/// test has only the arguments in its shared page (the audit shrinks a
/// crash along its family's recipe instead). A timeout is not shrunk: each
/// try would cost the time limit.
Case shrink_crash(const Implementation& impl, Case c, const std::string& how) {
    audit::IsolationPolicy isolated = policy();
    isolated.mode = audit::IsolateMode::always;
    const int n = arity(c.primitive);
    int budget = 100;
    for (bool changed = true; changed && budget > 0;) {
        changed = false;
        for (int i = 0; i < n && budget > 0; ++i) {
            const auto k = static_cast<std::size_t>(i);
            for (double v : simpler_values(c.args[k], c.precision)) {
                Case t = c;
                t.args[k] = v;
                if (!valid_input(t.primitive, t.args.data())) continue;
                if (budget-- == 0) break;
                const audit::Outcome o = audit::evaluate_one(impl, t.args.data(), isolated);
                if (o.kind == audit::Outcome::crashed && o.detail == how) {
                    c = t;
                    changed = true;
                    break;
                }
            }
        }
    }
    return c;
}

/// Arms (seconds > 0) or disarms (0) the child's case timer.
void case_timer(double seconds) {
    itimerval t{};
    t.it_value.tv_sec = static_cast<time_t>(seconds);
    t.it_value.tv_usec = static_cast<suseconds_t>((seconds - std::floor(seconds)) * 1e6);
    setitimer(ITIMER_REAL, &t, nullptr);
}
#endif

Answer run_impl(const Implementation& impl, const double* a) {
#ifdef TOUCHSTONE_TEST_CAN_FORK
    InFlight* f = in_flight();
    if (in_child && f) {
        f->impl = static_cast<std::size_t>(&impl - audit::implementations().data());
        f->primitive = impl.primitive;
        f->precision = impl.precision;
        std::copy(a, a + arity(impl.primitive), f->args);
        f->active = 1;
        case_timer(policy().case_timeout);
        Answer r = impl.eval(a);
        case_timer(0);
        f->active = 0;
        return r;
    }
#endif
    return impl.eval(a);
}

// ---------------------------------------------------------------------------
// The registration's claim and answers.
//
// The claim an implementation was registered with decides how it is judged.

bool open_boundary(const Implementation& impl) { return impl.claim.boundary == Boundary::open; }

std::uint64_t point_ulps(const Implementation& impl) { return impl.claim.point_ulps; }

/// Whether a valid case lies within the claim's tolerance band of its
/// decision boundary (where the claim lets the answer go either way).
bool within_tolerance(const Implementation& impl, const double* a) {
    const Tolerance& tolerance = impl.claim.tolerance;
    if (!tolerance.any()) return false;
    return oracle::within_band(impl.primitive, a,
                               tolerance.band(impl.primitive, impl.precision, a));
}

/// What the laws read of an answer (the fields every answer shape has).
struct Said {
    bool valid = true;
    bool hit = false;
    int kind = 0;
    int count = 0;
    std::array<double, 4> pts{};
};

Said evaluate(const Implementation& impl, const double* a) {
    const auto r = run_impl(impl, a);
    Said s;
    s.valid = r.valid;
    s.hit = r.hit;
    s.kind = r.kind;
    s.count = r.count < 0 ? 0 : r.count > 2 ? 2 : r.count;
    s.pts = r.pts;
    return s;
}

/// Agreement with the oracle under the implementation's claim: empty when
/// right (or excused), else the verdict and both answers. `discard` is set
/// for invalid input (outside the domain: nothing to compare).
std::string disagreement(const Implementation& impl, const double* a, bool& discard) {
    discard = false;
    const Answer exact = exact_answer(impl.primitive, impl.precision, a);
    if (!exact.valid) {
        discard = true;
        return {};
    }
    const Answer got = run_impl(impl, a);
    const Judgement j = judge(impl.primitive, impl.precision, a, impl.claim, got, exact);
    RC_TAG(j.wrong() ? (j.tolerated ? "wrong inside the tolerance" : "wrong") : "right");
    if (!j.fails()) return {};
    return j.text() + ": got " + answer_json(impl.primitive, got) + ", exact " +
           answer_json(impl.primitive,
                       claimed_truth(impl.primitive, impl.precision, impl.claim, exact, a));
}

// ---------------------------------------------------------------------------
// Cases.

template <class T>
std::array<double, max_fields> widen(const std::array<T, max_fields>& typed) {
    std::array<double, max_fields> a{};
    for (std::size_t i = 0; i < a.size(); ++i) a[i] = static_cast<double>(typed[i]);
    return a;
}

/// The three things a failing case prints: the case line, the recipe and
/// the replay command.
std::string case_report(const Implementation& impl, const double* a, const families::Recipe& r,
                        const std::string& exe) {
    Case c;
    c.primitive = impl.primitive;
    c.precision = impl.precision;
    for (int i = 0; i < arity(impl.primitive); ++i) c.args[static_cast<std::size_t>(i)] = a[i];
    c.family = std::string(families::to_string(r.family));
    const std::string line = case_line(c);
    return "case:    " + line + "\nrecipe:  " + families::describe(r) +
           "\nreplay:  " + replay_command(line, exe);
}

/// Every applicable family but invalid (the laws speak of valid input).
std::vector<families::Family> valid_families(Primitive p) {
    std::vector<families::Family> fams;
    for (families::Family f : families::families_for(p))
        if (f != families::Family::invalid) fams.push_back(f);
    return fams;
}

std::string title(const Implementation& impl, const std::string& what) {
    return impl.name + " " + std::string(to_string(impl.primitive)) + " (" +
           std::string(to_string(impl.precision)) + ") " + what;
}

// ---------------------------------------------------------------------------
// Agreement.

template <class T>
void check_agreement(const Implementation& impl, const std::string& exe) {
    for (families::Family fam : valid_families(impl.primitive)) {
        const std::string name = title(
            impl, "agrees with the oracle on " + std::string(families::to_string(fam)) + " cases");
        const rc::Gen<families::Recipe> gen = properties::recipe<T>(impl.primitive, fam);
        const bool ok = rc::check(name, [&] {
            const families::Recipe r = *gen;
            const auto a = widen(families::realize<T>(impl.primitive, r));
            bool discard = false;
            const std::string wrong = disagreement(impl, a.data(), discard);
            if (discard) RC_DISCARD("outside the valid domain");
            if (!wrong.empty()) RC_FAIL(wrong + "\n" + case_report(impl, a.data(), r, exe));
        });
        EXPECT_TRUE(ok) << name << " (" << cases_per_family()
                        << " cases): see the counterexample above";
    }
}

// ---------------------------------------------------------------------------
// The laws.

/// The points of an answer in T, sorted (a symmetry may reorder them).
template <class T>
std::vector<std::pair<T, T>> point_set(const Said& s) {
    std::vector<std::pair<T, T>> v;
    for (int i = 0; i < s.count; ++i)
        v.emplace_back(static_cast<T>(s.pts[static_cast<std::size_t>(2 * i)]),
                       static_cast<T>(s.pts[static_cast<std::size_t>(2 * i + 1)]));
    std::sort(v.begin(), v.end());
    return v;
}

template <class T>
void check_symmetries(const Implementation& impl, const std::string& exe) {
    using properties::Symmetry;
    const Primitive p = impl.primitive;
    const std::vector<Symmetry> syms = properties::symmetries(p);
    const rc::Gen<families::Recipe> gen = properties::recipe_of<T>(p, valid_families(p));
    const std::string name = title(impl, "answers are unchanged by the exact symmetries");
    const bool ok = rc::check(name, [&] {
        const families::Recipe r = *gen;
        const Symmetry s = *rc::gen::elementOf(syms);
        const int k = *rc::gen::element(1, -1, 2, -2, 7, -7, 30, -30);
        const std::array<T, max_fields> x = families::realize<T>(p, r);
        std::array<T, max_fields> y{};
        if (!valid_input(p, x.data()) || !properties::map_case<T>(p, s, k, x, y)) {
            RC_TAG(std::string(to_string(s)), std::string("skipped: not exact"));
            return;
        }
        const auto a = widen(x), b = widen(y);
        if (within_tolerance(impl, a.data()) || within_tolerance(impl, b.data())) {
            RC_TAG(std::string(to_string(s)), std::string("within the tolerance"));
            return;
        }
        RC_TAG(std::string(to_string(s)));
        Said u = evaluate(impl, a.data());
        const Said v = evaluate(impl, b.data());
        if (properties::reverses_answer(p, s)) u.kind = -u.kind;  // an orientation flips
        bool same = u.valid == v.valid && u.hit == v.hit && u.kind == v.kind && u.count == v.count;
        if (same && is_construction(p)) {
            std::vector<std::pair<T, T>> mapped;
            bool comparable = true;
            for (const auto& [px, py] : point_set<T>(u)) {
                const Vec2<T> q = is_fraction(p) ? Vec2<T>{px, py}  // a ray's t is invariant
                                                 : properties::map_point<T>(s, Vec2<T>{px, py}, k);
                comparable = comparable && properties::normal_or_zero(q.x) &&
                             properties::normal_or_zero(q.y) && properties::normal_or_zero(px) &&
                             properties::normal_or_zero(py);
                mapped.emplace_back(q.x, q.y);
            }
            std::sort(mapped.begin(), mapped.end());
            if (comparable)
                same = properties::same_points(mapped, point_set<T>(v), 2 * point_ulps(impl));
        }
        if (!same)
            RC_FAIL(std::string("the answer changes under ") + to_string(s) +
                    (s == Symmetry::scale_pow2 ? " (k=" + std::to_string(k) + ")" : "") + "\n" +
                    case_report(impl, a.data(), r, exe));
    });
    EXPECT_TRUE(ok) << name << ": see the counterexample above";
}

template <class T>
void check_monotone(const Implementation& impl, const std::string& exe) {
    const Primitive p = impl.primitive;
    std::vector<int> radii;
    for (int i = 0; i < arity(p); ++i)
        if (is_radius(p, i)) radii.push_back(i);
    const rc::Gen<families::Recipe> gen = properties::recipe_of<T>(p, valid_families(p));
    const std::string name = title(impl, "never turns a hit into a miss for a larger radius");
    const bool ok = rc::check(name, [&] {
        const families::Recipe r = *gen;
        const std::array<T, max_fields> x = families::realize<T>(p, r);
        if (!valid_input(p, x.data())) return;
        const int which = *rc::gen::elementOf(radii);
        const int grow = *rc::gen::element(1, 2, 3, 8, 0);  // 0: double it
        std::array<T, max_fields> y = x;
        T& rad = y[static_cast<std::size_t>(which)];
        rad = grow == 0 ? rad * 2 : step_ulps(rad, grow);
        if (!std::isfinite(rad)) return;  // the radius overflows
        const auto a = widen(x), b = widen(y);
        if (within_tolerance(impl, a.data()) || within_tolerance(impl, b.data())) {
            RC_TAG(std::string("within the tolerance"));
            return;
        }
        const bool before = evaluate(impl, a.data()).hit, after = evaluate(impl, b.data()).hit;
        RC_TAG(std::string(before ? "hit" : "miss"));
        if (before && !after)
            RC_FAIL("a larger " + arg_name(p, which) + " (" +
                    (grow == 0 ? std::string("doubled") : "+" + std::to_string(grow) + " ulps") +
                    ") turns the hit into a miss\n" + case_report(impl, a.data(), r, exe));
    });
    EXPECT_TRUE(ok) << name << ": see the counterexample above";
}

/// Whether the shapes meet by the answer: a predicate's value; a
/// construction's kind is not none (0 in every form, so contained circles
/// are overlapping disks).
bool meets(Primitive p, const Said& s) { return is_predicate(p) ? s.hit : s.kind != 0; }

/// The exact oracle's `meets` for primitive q (the partner when none is
/// registered).
template <class T>
bool oracle_meets(Primitive q, const std::array<T, max_fields>& x) {
    return visit(q, [&x](auto tag) {
        constexpr Primitive Q = decltype(tag)::value;
        const auto r =
            invoke<Q>(x.data(), [](const auto&... s) { return oracle::call_by_name<Q>(s...); });
        if constexpr (std::is_same_v<decltype(r), const bool>) {
            return r;
        } else if constexpr (is_sign(Q)) {
            return r != 0;  // a sign has no partner; never asked
        } else if constexpr (is_fraction(Q)) {
            return r.hit;
        } else if constexpr (info(Q).answer == AnswerForm::segment_circle_points) {
            return r.count > 0;
        } else {
            return static_cast<int>(r.kind) != 0;
        }
    });
}

/// The partner of `p` in a predicate / construction pair, if any.
bool partner_of(Primitive p, Primitive& q) {
    for (const properties::PredicateConstruction& pc : properties::predicate_construction_pairs) {
        if (pc.predicate == p || pc.construction == p) {
            q = pc.predicate == p ? pc.construction : pc.predicate;
            return true;
        }
    }
    return false;
}

template <class T>
void check_partner(const Implementation& impl, const Implementation* partner, Primitive q,
                   const std::string& exe) {
    const Primitive p = impl.primitive;
    const bool p_predicate = is_predicate(p);
    // Cases are drawn from the construction's families.
    const Primitive construction = p_predicate ? q : p;
    const rc::Gen<families::Recipe> gen =
        properties::recipe_of<T>(construction, valid_families(construction));
    const std::string other = partner ? partner->name : std::string("the exact oracle");
    const std::string name =
        title(impl, "agrees with " + other + "'s " + std::string(to_string(q)));
    const bool ok = rc::check(name, [&] {
        const families::Recipe r = *gen;
        const std::array<T, max_fields> x = families::realize<T>(construction, r);
        if (!valid_input(construction, x.data())) return;
        const auto a = widen(x);
        const bool excused =
            within_tolerance(impl, a.data()) || (partner && within_tolerance(*partner, a.data()));
        const bool open_predicate =
            p_predicate ? open_boundary(impl) : partner && open_boundary(*partner);
        if (excused || (open_predicate && oracle::within_band(construction, a.data(), 0.0))) {
            RC_TAG(std::string("excused by the claims"));
            return;
        }
        const bool mine = meets(p, evaluate(impl, a.data()));
        const bool theirs =
            partner ? meets(q, evaluate(*partner, a.data())) : oracle_meets<T>(q, x);
        RC_TAG(std::string(mine ? "meet" : "apart"));
        if (mine != theirs)
            RC_FAIL(std::string(to_string(p)) +
                    (mine ? " says the shapes meet, " : " says they do not, ") + other + "'s " +
                    std::string(to_string(q)) + (theirs ? " says they do" : " says they do not") +
                    "\n" + case_report(impl, a.data(), r, exe));
    });
    EXPECT_TRUE(ok) << name << ": see the counterexample above";
}

// ---------------------------------------------------------------------------
// Registration of the gtests.

class Law : public testing::Test {
public:
    using Body = void (*)(std::size_t, const std::string&);
    Law(std::size_t index, std::string exe, Body body)
        : index_(index), exe_(std::move(exe)), body_(body) {}
    void TestBody() override {
#ifdef TOUCHSTONE_TEST_CAN_FORK
        if (policy().mode != audit::IsolateMode::never) {
            run_in_child();
            return;
        }
#endif
        body_(index_, exe_);
    }

private:
#ifdef TOUCHSTONE_TEST_CAN_FORK
    /// Runs the property in a child (see "Crash and hang isolation" above).
    void run_in_child() {
        int fds[2];
        InFlight* f = in_flight();
        if (!f || pipe(fds) != 0) {
            body_(index_, exe_);
            return;
        }
        f->active = 0;
        std::cout.flush();
        std::cerr.flush();
        std::fflush(nullptr);
        const pid_t pid = fork();
        if (pid == 0) {
            close(fds[0]);
            // The parent reports the failures; the child's printer would repeat them.
            testing::TestEventListeners& listeners = testing::UnitTest::GetInstance()->listeners();
            delete listeners.Release(listeners.default_result_printer());
            audit::restore_fatal_signals();
            ::signal(SIGALRM, SIG_DFL);
            in_child = true;
            body_(index_, exe_);
            std::string report;
            const testing::TestResult* result =
                testing::UnitTest::GetInstance()->current_test_info()->result();
            for (int i = 0; i < result->total_part_count(); ++i) {
                const testing::TestPartResult& part = result->GetTestPartResult(i);
                if (!part.failed()) continue;
                const std::string file = part.file_name() ? part.file_name() : "";
                const std::string msg = part.message() ? part.message() : "";
                report += file + '\0' + std::to_string(part.line_number()) + '\0' + msg + '\0';
            }
            std::size_t done = 0;
            while (done < report.size()) {
                const ssize_t w = write(fds[1], report.data() + done, report.size() - done);
                if (w <= 0) break;
                done += static_cast<std::size_t>(w);
            }
            std::cout.flush();
            std::cerr.flush();
            std::fflush(nullptr);
            _exit(0);
        }
        close(fds[1]);
        std::string report;
        char buf[4096];
        for (;;) {
            const ssize_t n = read(fds[0], buf, sizeof buf);
            if (n < 0 && errno == EINTR) continue;
            if (n <= 0) break;
            report.append(buf, static_cast<std::size_t>(n));
        }
        close(fds[0]);
        int status = 0;
        while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
        }
        if (WIFEXITED(status) && WEXITSTATUS(status) == 0) {
            std::vector<std::string> fields;
            for (std::size_t at = 0, z; (z = report.find('\0', at)) != std::string::npos;
                 at = z + 1)
                fields.push_back(report.substr(at, z - at));
            for (std::size_t i = 0; i + 2 < fields.size(); i += 3) {
                ADD_FAILURE_AT(fields[i].empty() ? __FILE__ : fields[i].c_str(),
                               std::atoi(fields[i + 1].c_str()))
                    << fields[i + 2];
            }
            return;
        }
        // The child died: on the case in the shared page when it was in an
        // evaluation of the implementation, else in touchstone's own code.
        const bool hung = WIFSIGNALED(status) && WTERMSIG(status) == SIGALRM;
        const std::string how = WIFSIGNALED(status)
                                    ? audit::signal_name(WTERMSIG(status))
                                    : "exit status " + std::to_string(WEXITSTATUS(status));
        if (!f->active) {
            ADD_FAILURE() << "the test's child process died (" << how
                          << ") outside the implementation";
            return;
        }
        Case c;
        c.primitive = f->primitive;
        c.precision = f->precision;
        std::copy(f->args, f->args + arity(c.primitive), c.args.begin());
        const auto& impls = audit::implementations();
        const std::string original = case_line(c);
        if (!hung && f->impl < impls.size()) c = shrink_crash(impls[f->impl], c, how);
        const std::string line = case_line(c);
        const std::string found = line == original ? "" : "\nfound:   " + original;
        char limit[64];
        std::snprintf(limit, sizeof limit, "no answer within %g s", policy().case_timeout);
        ADD_FAILURE() << (hung ? std::string("timeout (") + limit + ")" : "crash (" + how + ")")
                      << "\ncase:    " << line << found
                      << "\nreplay:  " << replay_command(line, replay_program());
    }
#endif

    std::size_t index_;
    std::string exe_;
    Body body_;
};

template <template <class> class Run>
void by_precision(std::size_t index, const std::string& exe) {
    const Implementation& impl = audit::implementations()[index];
    if (impl.precision == Precision::f32)
        Run<float>{}(impl, exe);
    else
        Run<double>{}(impl, exe);
}

template <class T>
struct Agreement {
    void operator()(const Implementation& impl, const std::string& exe) const {
        check_agreement<T>(impl, exe);
    }
};
template <class T>
struct Symmetries {
    void operator()(const Implementation& impl, const std::string& exe) const {
        check_symmetries<T>(impl, exe);
    }
};
template <class T>
struct Monotone {
    void operator()(const Implementation& impl, const std::string& exe) const {
        check_monotone<T>(impl, exe);
    }
};
template <class T>
struct Partners {
    void operator()(const Implementation& impl, const std::string& exe) const {
        Primitive q{};
        if (!partner_of(impl.primitive, q)) return;
        bool any = false;
        for (const Implementation& other : audit::implementations()) {
            if (!other.user || other.primitive != q || other.precision != impl.precision) continue;
            any = true;
            check_partner<T>(impl, &other, q, exe);
        }
        if (!any) check_partner<T>(impl, nullptr, q, exe);
    }
};

void add(std::size_t index, const std::string& exe, const std::string& suite,
         const std::string& test, Law::Body body) {
    testing::RegisterTest(
        suite.c_str(), test.c_str(), nullptr, nullptr, __FILE__, __LINE__,
        [index, exe, body]() -> testing::Test* { return new Law(index, exe, body); });
}

}  // namespace

int main(int argc, char** argv) {
    audit::start_in_default_environment(argc > 0 && argv[0] ? argv[0] : "NAME_test");
    testing::InitGoogleTest(&argc, argv);
    // Fixed seed and case count unless RC_PARAMS says otherwise.
    if (!std::getenv("RC_PARAMS")) {
        static std::string params =
            "seed=20261123 max_success=" + std::to_string(cases_per_family()) +
            " verbose_progress=0";
        setenv("RC_PARAMS", params.c_str(), 1);
    }
    std::string exe = argv[0];
    const std::string suffix = "_test";
    if (exe.size() > suffix.size() &&
        exe.compare(exe.size() - suffix.size(), suffix.size(), suffix) == 0)
        exe = exe.substr(0, exe.size() - suffix.size()) + "_audit";
    replay_program() = exe;
    std::size_t registered = 0;
    const auto& impls = audit::implementations();
    for (std::size_t i = 0; i < impls.size(); ++i) {
        if (!impls[i].user) continue;
        ++registered;
        // gtest filters treat '-' as "except": keep names to [A-Za-z0-9_].
        std::string suite = "Conformance_" + impls[i].name;
        for (char& ch : suite)
            if (!std::isalnum(static_cast<unsigned char>(ch)) && ch != '_') ch = '_';
        const Primitive p = impls[i].primitive;
        const std::string stem =
            std::string(to_string(p)) + "_" + std::string(to_string(impls[i].precision)) + "_";
        add(i, exe, suite, stem + "AgreesWithTheOracleOnEveryFamily", &by_precision<Agreement>);
        add(i, exe, suite, stem + "ExactSymmetriesLeaveAnswersUnchanged",
            &by_precision<Symmetries>);
        if (properties::monotone_in_radius_applies(p))
            add(i, exe, suite, stem + "ALargerRadiusNeverTurnsAHitIntoAMiss",
                &by_precision<Monotone>);
        Primitive q{};
        if (partner_of(p, q))
            add(i, exe, suite,
                stem + (is_predicate(p) ? "AgreesWithItsConstruction" : "AgreesWithItsPredicate"),
                &by_precision<Partners>);
    }
    if (registered == 0) {
        std::fprintf(stderr,
                     "no implementation registered: add TOUCHSTONE_REGISTER(...) to a source of "
                     "this target\n");
        return 1;
    }
    return RUN_ALL_TESTS();
}
