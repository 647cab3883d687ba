// Mutation testing of the robust core's own code: the properties against
// the core compiled with TOUCHSTONE_MUTATION=1 (touchstone_core_mutation),
// one mutant at a time.
//
// The mutants are the TOUCHSTONE_MUTANT sites in the core's sources; their
// list is TOUCHSTONE_ROBUST_MUTANTS in core/include/touchstone/robust/
// detail/mutation.hpp. This one executable has four modes:
//
//   --list          the table: id, primitive, file, description
//   --sites         checks that the table and the sites in the sources agree
//                   (one site per row, in the row's file; no site without a
//                   row) and prints each site's file:line
//   --hunt [--primitive p]
//                   runs the properties on the core with the mutant named by
//                   TOUCHSTONE_MUTANT (none when unset): p's properties first
//                   (every primitive when p is not given), then the other
//                   primitives', until one fails. Prints one RESULT line;
//                   exits 0 when every property passed, 3 when one failed.
//   --score [--jobs n]
//                   hunts every mutant, each in its own process
//                   (TOUCHSTONE_MUTANT=id, n at a time), and prints which
//                   property kills each one and the score; exits 1 unless
//                   every mutant is killed.
//
// ctest: mutation.sites and mutation.score. The cases are fixed: each
// property's seed is a hash of its id, which names the primitive, the
// precision and the property, never the mutant. So the score ends with its
// control: every property that killed a mutant runs again, in full, on the
// mutation build switched off (this process, TOUCHSTONE_MUTANT unset), and
// must pass there; a kill is then the mutant's doing. (`--hunt` with no
// mutant runs every property of every primitive, the complete control; it
// costs about 110 CPU-seconds, the targeted one a few.)
#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <mutex>
#include <regex>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <sys/wait.h>
#include <unistd.h>

#include "mutants/directed.hpp"
#include "touchstone/case_file.hpp"
#include "touchstone/primitive.hpp"
#include "touchstone/properties/laws.hpp"
#include "touchstone/properties/run.hpp"
#include "touchstone/robust.hpp"
#include "touchstone/robust/detail/mutation.hpp"

#if !defined(TOUCHSTONE_MUTATION) || !TOUCHSTONE_MUTATION
#error \
    "mutant_properties.cpp must be compiled in the mutation build (link touchstone_core_mutation)"
#endif

#ifndef TOUCHSTONE_SOURCE_DIR
#error "TOUCHSTONE_SOURCE_DIR (the repository root) must be defined"
#endif

namespace touchstone::properties::mutation {
namespace {

using families::Family;

// ----- the table ---------------------------------------------------------------------

struct Row {
    std::string id;
    Primitive primitive;
    std::string file;  ///< relative to core/include/touchstone/robust/
    std::string what;
};

const std::vector<Row>& table() {
    static const std::vector<Row> rows{
#define TOUCHSTONE_X_MUTANT_ROW(id, primitive, file, what) {#id, Primitive::primitive, file, what},
        TOUCHSTONE_ROBUST_MUTANTS(TOUCHSTONE_X_MUTANT_ROW)
#undef TOUCHSTONE_X_MUTANT_ROW
    };
    return rows;
}

// ----- the sites -----------------------------------------------------------------------

const std::string kRobustDir =
    std::string(TOUCHSTONE_SOURCE_DIR) + "/core/include/touchstone/robust/";

/// The files that may hold sites, relative to kRobustDir: every header and
/// source of the robust core (the public headers, detail/, and the exact
/// stages in core/src/robust/ as ../../../src/robust/...), found on disk so
/// that a new algorithm's file is scanned without a line here.
std::vector<std::string> site_files() {
    namespace fs = std::filesystem;
    std::vector<std::string> out;
    for (const std::string dir : {"", "detail/", "../../../src/robust/"}) {
        for (const fs::directory_entry& e : fs::directory_iterator(kRobustDir + dir)) {
            const std::string ext = e.path().extension().string();
            const std::string file = dir + e.path().filename().string();
            // mutation.hpp defines the macro (and names it in its comment).
            if (e.is_regular_file() && (ext == ".hpp" || ext == ".cpp") &&
                file != "detail/mutation.hpp")
                out.push_back(file);
        }
    }
    std::sort(out.begin(), out.end());
    return out;
}

struct Site {
    std::string id, file;
    int line = 0;
};

/// Every TOUCHSTONE_MUTANT(id, ...) in the site files, with its line.
std::vector<Site> scan_sites(std::string& error) {
    static const std::regex site(R"(TOUCHSTONE_MUTANT\(\s*([A-Za-z_][A-Za-z0-9_]*)\s*,)");
    std::vector<Site> out;
    for (const std::string& file : site_files()) {
        std::ifstream in(kRobustDir + file);
        if (!in)
            continue;  // the exact stages' files may be renamed; a row naming one is checked below
        std::stringstream buffer;
        buffer << in.rdbuf();
        const std::string text = buffer.str();
        for (auto it = std::sregex_iterator(text.begin(), text.end(), site);
             it != std::sregex_iterator(); ++it) {
            const auto pos = static_cast<std::size_t>(it->position(0));
            const int line = 1 + static_cast<int>(std::count(
                                     text.begin(), text.begin() + static_cast<long>(pos), '\n'));
            out.push_back({(*it)[1].str(), file, line});
        }
    }
    if (out.empty()) error = "no TOUCHSTONE_MUTANT site found under " + kRobustDir;
    return out;
}

/// "file:line" of each row's site; "" for a row without exactly one site.
std::map<std::string, std::string> site_of_rows(const std::vector<Site>& sites) {
    std::map<std::string, std::string> where;
    for (const Row& row : table()) {
        int n = 0;
        std::string at;
        for (const Site& s : sites)
            if (s.id == row.id && s.file == row.file) {
                ++n;
                at = "core/include/touchstone/robust/" + s.file + ":" + std::to_string(s.line);
            }
        where[row.id] = n == 1 ? at : "";
    }
    return where;
}

/// Table and sites agree: every row has exactly one site, in its file, and
/// every site has a row. Prints the list with file:line.
int check_sites() {
    std::string error;
    const std::vector<Site> sites = scan_sites(error);
    int problems = 0;
    if (!error.empty()) {
        std::printf("[sites] %s\n", error.c_str());
        ++problems;
    }
    for (const Row& row : table()) {
        int in_file = 0, elsewhere = 0;
        for (const Site& s : sites) {
            if (s.id != row.id) continue;
            (s.file == row.file ? in_file : elsewhere) += 1;
        }
        if (in_file != 1 || elsewhere != 0) {
            std::printf(
                "[sites] %s: %d site(s) in %s, %d elsewhere (want exactly one, in its file)\n",
                row.id.c_str(), in_file, row.file.c_str(), elsewhere);
            ++problems;
        }
    }
    for (const Site& s : sites) {
        bool known = false;
        for (const Row& row : table()) known = known || row.id == s.id;
        if (!known) {
            std::printf(
                "[sites] %s:%d: TOUCHSTONE_MUTANT(%s, ...) has no row in "
                "TOUCHSTONE_ROBUST_MUTANTS\n",
                s.file.c_str(), s.line, s.id.c_str());
            ++problems;
        }
    }
    const auto where = site_of_rows(sites);
    for (const Row& row : table())
        std::printf("[sites] %-30s %-56s %s\n", row.id.c_str(), where.at(row.id).c_str(),
                    row.what.c_str());
    std::printf("[sites] %zu mutants, %zu sites, %d problem(s)\n", table().size(), sites.size(),
                problems);
    return problems == 0 ? 0 : 1;
}

// ----- the core under test -------------------------------------------------------------

template <class T>
Answer<T> as_answer(bool hit) {
    Answer<T> a;
    a.hit = hit;
    return a;
}
template <class T, class R>
Answer<T> as_answer(const R& r) {
    return answer_of<T>(r);
}

/// The robust core of this build (every call goes through the mutation
/// sites; the active mutant, if any, is switched on).
template <class T>
Impl<T> core_impl(Primitive p) {
    return visit(p, [](auto tag) -> Impl<T> {
        constexpr Primitive P = decltype(tag)::value;
        return [](const Args<T>& a) {
            return invoke<P>(a.data(), [](auto... shapes) {
                return as_answer<T>(touchstone::robust::call_by_name<P>(shapes...));
            });
        };
    });
}

// ----- the hunt -----------------------------------------------------------------------

/// Cases per property run. A kill needs one case that the mutant answers
/// wrongly; the edge families aim at the boundaries where the filters'
/// certificates and the comparisons matter.
constexpr int kCasesPerFamily = 3000;
constexpr int kCasesPerLaw = 1500;

/// The predicate / construction pairs of predicate_matches_construction.
constexpr std::array<std::pair<Primitive, Primitive>, 3> kPairs{{
    {Primitive::circle_intersections, Primitive::disks_overlap},
    {Primitive::segment_intersection, Primitive::segments_intersect},
    {Primitive::segment_circle_points, Primitive::segment_meets_circle},
}};

struct Kill {
    bool killed = false;
    std::string property, precision, counterexample;
    int cases = 0;
    std::string id;  ///< the property run's id (its seed), e.g. Mutation/orient2d/float/...
};

const char* precision_name(bool is_float) { return is_float ? "float" : "double"; }

/// A property run's id, its seed: the same in the hunt, the score and the
/// control, never naming the mutant.
std::string property_id(Primitive p, bool is_float, const std::string& name) {
    return "Mutation/" + std::string(to_string(p)) + "/" + precision_name(is_float) + "/" + name;
}

/// Runs `property` (both precisions: make(T) for double then float) and
/// records the first failure.
class Hunt {
public:
    explicit Hunt(bool verbose) : verbose_(verbose) {}

    /// The control: only the property runs whose ids are in `ids` run (in
    /// full); each one run is marked true.
    void only(std::map<std::string, bool>* ids) { only_ = ids; }

    template <class MakeDouble, class MakeFloat>
    void attempt(Primitive p, const std::string& name, int cases, MakeDouble&& make_double,
                 MakeFloat&& make_float) {
        run(p, name, cases, false, std::forward<MakeDouble>(make_double));
        run(p, name, cases, true, std::forward<MakeFloat>(make_float));
    }

    /// Agreement with the oracle on a directed set (mutants/directed.hpp).
    void directed(Primitive p, const DirectedSet<double>& d, const DirectedSet<float>& f) {
        check_set(p, d, false);
        check_set(p, f, true);
    }

    const Kill& kill() const { return kill_; }

private:
    template <class Make>
    void run(Primitive p, const std::string& name, int cases, bool is_float, Make&& make) {
        if (kill_.killed) return;
        const std::string id = property_id(p, is_float, name);
        if (!selected(id)) return;
        const PropertyRun r = run_property(id, make(), cases, /*shrink=*/false);
        if (verbose_)
            std::printf("  %-70s %6d cases %7.3f s%s\n", id.c_str(),
                        r.passed ? r.cases : r.first_failure, r.seconds,
                        r.passed ? "" : "  FAILED");
        if (!r.passed)
            kill_ = {true,
                     std::string(to_string(p)) + ": " + name,
                     precision_name(is_float),
                     r.counterexample ? families::describe(*r.counterexample) : r.message,
                     r.first_failure,
                     id};
    }

    bool selected(const std::string& id) {
        if (only_ == nullptr) return true;
        const auto it = only_->find(id);
        if (it == only_->end()) return false;
        it->second = true;
        return true;
    }

    template <class T>
    void check_set(Primitive p, const DirectedSet<T>& set, bool is_float) {
        if (kill_.killed || set.cases.empty()) return;
        const std::string name = "agreement on " + set.name;
        const std::string id = property_id(p, is_float, name);
        if (!selected(id)) return;
        const auto start = std::chrono::steady_clock::now();
        const Impl<T> impl = core_impl<T>(p);
        int n = 0;
        for (const Args<T>& a : set.cases) {
            ++n;
            const Judgement j = judge<T>(p, a, impl(a), robust_claim());
            if (j.wrong()) {
                kill_ = {true,
                         std::string(to_string(p)) + ": " + name,
                         precision_name(is_float),
                         j.text() + " " + case_line(p, a.data(), "directed"),
                         n,
                         id};
                break;
            }
        }
        if (verbose_)
            std::printf(
                "  %-70s %6d cases %7.3f s%s\n", id.c_str(), n,
                std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(),
                kill_.killed ? "  FAILED" : "");
    }

    bool verbose_;
    Kill kill_;
    std::map<std::string, bool>* only_ = nullptr;
};

/// Every property of primitive p, on the core of this build. The order
/// decides only how soon a mutant dies, never whether (the cases are fixed
/// and every property runs until one fails): the cheapest, most targeted
/// checks come first. The directed sets are a few hundred hand-aimed cases,
/// and the invalid family kills the mutants that skip a validation; run
/// after the edge families, those two cost the score about 200 CPU-seconds
/// on the polygon mutants (polygons_overlap's families take ~40 s).
void hunt_primitive(Hunt& h, Primitive p) {
    const std::vector<DirectedSet<double>> sets_d = directed_sets<double>(p);
    const std::vector<DirectedSet<float>> sets_f = directed_sets<float>(p);
    for (std::size_t i = 0; i < sets_d.size(); ++i) h.directed(p, sets_d[i], sets_f[i]);
    std::vector<Family> order{Family::invalid};
    for (Family f : edge_families(p)) order.push_back(f);
    order.push_back(Family::uniform);  // the uniform control last
    for (Family f : order)
        h.attempt(
            p, "agreement on " + std::string(families::to_string(f)), kCasesPerFamily,
            [&] { return agrees_with_oracle<double>(p, core_impl<double>(p), {f}); },
            [&] { return agrees_with_oracle<float>(p, core_impl<float>(p), {f}); });
    h.attempt(
        p, "symmetries", kCasesPerLaw,
        [&] { return symmetric_answers<double>(p, core_impl<double>(p), valid_families(p)); },
        [&] { return symmetric_answers<float>(p, core_impl<float>(p), valid_families(p)); });
    if (monotone_in_radius_applies(p))
        h.attempt(
            p, "monotonicity", kCasesPerLaw,
            [&] { return monotone_in_radius<double>(p, core_impl<double>(p), valid_families(p)); },
            [&] { return monotone_in_radius<float>(p, core_impl<float>(p), valid_families(p)); });
    if (p == Primitive::segment_hits_disk)
        h.attempt(
            p, "zero-length segment is a point", kCasesPerLaw,
            [&] {
                return zero_length_segment_is_a_point<double>(
                    core_impl<double>(p), core_impl<double>(Primitive::point_in_disk));
            },
            [&] {
                return zero_length_segment_is_a_point<float>(
                    core_impl<float>(p), core_impl<float>(Primitive::point_in_disk));
            });
    for (const auto& [construction, predicate] : kPairs) {
        if (p != construction && p != predicate) continue;
        h.attempt(
            p, "predicate vs construction", kCasesPerLaw,
            [&, c = construction, q = predicate] {
                return predicate_matches_construction<double>(c, core_impl<double>(c),
                                                              core_impl<double>(q));
            },
            [&, c = construction, q = predicate] {
                return predicate_matches_construction<float>(c, core_impl<float>(c),
                                                             core_impl<float>(q));
            });
    }
    if (is_construction(p) && !is_fraction(p))  // a ray cast's t is no point
        h.attempt(
            p, "points on both shapes", kCasesPerLaw,
            [&] { return points_lie_on_both_shapes<double>(p, core_impl<double>(p), 0); },
            [&] { return points_lie_on_both_shapes<float>(p, core_impl<float>(p), 0); });
}

/// --hunt: the properties of `first` (if given), then of every other
/// primitive, until one fails.
int hunt(const std::string& first, bool verbose) {
    const char* env = std::getenv("TOUCHSTONE_MUTANT");
    const std::string mutant = env != nullptr && *env != '\0' ? env : "none";
    (void)touchstone::robust::detail::active_mutant();  // aborts on an unknown name
    std::vector<Primitive> order;
    Primitive p0{};
    if (!first.empty()) {
        if (!parse_primitive(first, p0)) {
            std::fprintf(stderr, "unknown primitive %s\n", first.c_str());
            return 2;
        }
        order.push_back(p0);
    }
    for (Primitive p : all_primitives)
        if (first.empty() || p != p0) order.push_back(p);
    Hunt h(verbose);
    const auto start = std::chrono::steady_clock::now();
    for (Primitive p : order) hunt_primitive(h, p);
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    const Kill& k = h.kill();
    if (k.killed) {
        std::printf("RESULT killed\t%s\t%s\t%d\t%.2f\t%s\t%s\n", k.property.c_str(),
                    k.precision.c_str(), k.cases, seconds, k.id.c_str(), k.counterexample.c_str());
        return 3;
    }
    std::printf("RESULT passed\t%s\t%.2f\n", mutant.c_str(), seconds);
    return 0;
}

// ----- the score -----------------------------------------------------------------------

struct Outcome {
    bool killed = false;
    std::string text;  ///< "killed by ..." / "SURVIVED ..."
    std::string id;    ///< the killing property run's id (empty for a crash or a survivor)
};

std::string self_path() {
    char buf[4096];
    const ssize_t n = readlink("/proc/self/exe", buf, sizeof buf - 1);
    if (n <= 0) return {};
    buf[n] = '\0';
    return buf;
}

/// Runs `--hunt` for one mutant in a child process and reads its RESULT line.
Outcome run_child(const std::string& exe, const Row& row) {
    const std::string cmd = "TOUCHSTONE_MUTANT=" + row.id + " '" + exe + "' --hunt --primitive " +
                            std::string(to_string(row.primitive)) + " 2>&1";
    FILE* pipe = popen(cmd.c_str(), "r");
    if (pipe == nullptr) return {false, "could not start the hunt", {}};
    std::string output, line;
    char buf[4096];
    while (std::fgets(buf, sizeof buf, pipe) != nullptr) output += buf;
    const int status = pclose(pipe);
    std::istringstream lines(output);
    while (std::getline(lines, line)) {
        if (line.rfind("RESULT killed\t", 0) == 0) {
            std::vector<std::string> f;
            std::istringstream fields(line.substr(14));
            for (std::string x; std::getline(fields, x, '\t');) f.push_back(x);
            f.resize(6);
            return {
                true,
                "killed by " + f[0] + " (" + f[1] + ", case " + f[2] + ", " + f[3] + " s): " + f[5],
                f[4]};
        }
        if (line.rfind("RESULT passed\t", 0) == 0) {
            std::vector<std::string> f;
            std::istringstream fields(line.substr(14));
            for (std::string x; std::getline(fields, x, '\t');) f.push_back(x);
            f.resize(2);
            return {false, "SURVIVED every property of every primitive (" + f[1] + " s)", {}};
        }
    }
    // No RESULT: the process died. A crash is a detection, reported as such.
    const bool signalled = status != -1 && WIFSIGNALED(status);
    std::string tail = output.size() > 300 ? output.substr(output.size() - 300) : output;
    for (char& c : tail)
        if (c == '\n') c = ' ';
    return {true,
            std::string("killed by a crash (") +
                (signalled ? "signal " + std::to_string(WTERMSIG(status))
                           : "exit " + std::to_string(status == -1 ? -1 : WEXITSTATUS(status))) +
                "): " + tail,
            {}};
}

/// The score's control: each property run in `ids` runs in full on this
/// process's core, which must be the mutation build switched off; every one
/// must pass. Returns 0 when they all do.
int control(std::map<std::string, bool> ids) {
    if (touchstone::robust::detail::active_mutant() != touchstone::robust::detail::Mutant::none) {
        std::printf(
            "[mutant] control: TOUCHSTONE_MUTANT is set in the scoring process; unset it\n");
        return 1;
    }
    const auto start = std::chrono::steady_clock::now();
    Hunt h(false);
    h.only(&ids);
    for (Primitive p : all_primitives) hunt_primitive(h, p);
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (h.kill().killed) {
        const Kill& k = h.kill();
        std::printf("[mutant] control FAILED: %s (%s) fails on the unmutated core at case %d: %s\n",
                    k.property.c_str(), k.precision.c_str(), k.cases, k.counterexample.c_str());
        return 1;
    }
    int missing = 0;
    for (const auto& [id, ran] : ids)
        if (!ran) {
            std::printf("[mutant] control: no property run is named %s\n", id.c_str());
            ++missing;
        }
    if (missing > 0) return 1;
    std::printf(
        "[mutant] control: the %zu killing property runs all pass on the unmutated core (%.1f s)\n",
        ids.size(), seconds);
    return 0;
}

int score(int jobs) {
    std::string error;
    const std::vector<Site> sites = scan_sites(error);
    const auto where = site_of_rows(sites);
    const std::string exe = self_path();
    const std::vector<Row>& rows = table();
    std::vector<Outcome> outcomes(rows.size());
    std::atomic<std::size_t> next{0};
    const auto start = std::chrono::steady_clock::now();
    auto worker = [&] {
        for (std::size_t i = next++; i < rows.size(); i = next++)
            outcomes[i] = run_child(exe, rows[i]);
    };
    std::vector<std::thread> pool;
    for (int j = 0; j < std::max(1, jobs); ++j) pool.emplace_back(worker);
    for (std::thread& t : pool) t.join();
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    int killed = 0;
    std::string survivors;
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const Row& row = rows[i];
        const std::string& at = where.at(row.id);
        std::printf(
            "[mutant] %-28s %s\n         %s\n         %s\n", row.id.c_str(),
            at.empty() ? ("core/include/touchstone/robust/" + row.file + ": no single site").c_str()
                       : at.c_str(),
            row.what.c_str(), outcomes[i].text.c_str());
        if (outcomes[i].killed)
            ++killed;
        else
            survivors += " " + row.id;
    }
    std::printf("[mutant] mutation score: %d/%zu killed (%.1f%%), %.1f s with %d job(s)\n", killed,
                rows.size(), 100.0 * killed / static_cast<double>(rows.size()), seconds, jobs);
    if (!survivors.empty()) std::printf("[mutant] surviving:%s\n", survivors.c_str());
    std::map<std::string, bool> killers;
    for (const Outcome& o : outcomes)
        if (o.killed && !o.id.empty()) killers.emplace(o.id, false);
    const int controlled = control(std::move(killers));
    return killed == static_cast<int>(rows.size()) && controlled == 0 ? 0 : 1;
}

int list() {
    for (const Row& row : table())
        std::printf("%s\t%s\t%s\t%s\n", row.id.c_str(),
                    std::string(to_string(row.primitive)).c_str(), row.file.c_str(),
                    row.what.c_str());
    return 0;
}

int usage() {
    std::fprintf(
        stderr,
        "usage: touchstone_mutation_hunt --list | --sites | --hunt [--primitive p] [--verbose] |"
        " --score [--jobs n]\n");
    return 2;
}

}  // namespace
}  // namespace touchstone::properties::mutation

int main(int argc, char** argv) {
    namespace m = touchstone::properties::mutation;
    if (argc < 2) return m::usage();
    const std::string mode = argv[1];
    std::string primitive;
    int jobs = 2;
    bool verbose = false;
    for (int i = 2; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--primitive" && i + 1 < argc)
            primitive = argv[++i];
        else if (a == "--jobs" && i + 1 < argc)
            jobs = std::atoi(argv[++i]);
        else if (a == "--verbose")
            verbose = true;
        else
            return m::usage();
    }
    if (mode == "--list") return m::list();
    if (mode == "--sites") return m::check_sites();
    if (mode == "--hunt") return m::hunt(primitive, verbose);
    if (mode == "--score") return m::score(jobs);
    return m::usage();
}
