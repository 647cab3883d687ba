// touchstone_first_counterexample: for every tutorial bug class
// (tests/tutorial_bug_classes.txt), the number of cases drawn until the
// first wrong answer of the class's kind, three ways:
//   row      cases of the class's own row (its family) only;
//   classic  cases of the classic families (uniform .. invalid, the extreme
//            family as its three rows), drawn round-robin;
//   all      the classic families and the constructed ones (computed,
//            decimal, world, rotated), round-robin.
// The last two answer "does the bug show without the constructed families,
// and how soon": the kind of wrong answer counts in any family. Case k of
// a family draws from splitmix64(seed ^ family ^ k), as reproducible as the
// audit. Usage:
//   touchstone_first_counterexample CLASSES_FILE [--budget N] [--seed N]
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "touchstone/audit/registry.hpp"
#include "touchstone/audit/soundness.hpp"
#include "touchstone/audit/sources.hpp"
#include "touchstone/bits.hpp"
#include "touchstone/families/families.hpp"

namespace {

using namespace touchstone;
using namespace touchstone::audit;

struct BugClassLine {
    std::string impl, prec, prim, family, kind, what;
};

bool kind_matches(const std::string& kind, Verdict v) {
    if (kind == "fhit") return v == Verdict::false_hit;
    if (kind == "fmiss") return v == Verdict::false_miss;
    if (kind == "any") return v == Verdict::false_hit || v == Verdict::false_miss;
    if (kind == "nan") return v == Verdict::nan;
    if (kind == "kind") return v == Verdict::wrong_kind;
    if (kind == "sign") return v == Verdict::wrong_sign;
    return false;
}

/// Cases drawn (round-robin over `fams`) until the first wrong answer of
/// `kind`, and the family that drew it; 0 when none within the budget.
struct Found {
    std::uint64_t cases = 0;
    std::string family;
};
Found first(const Implementation& impl, const std::vector<std::size_t>& fams,
            const std::string& kind, std::uint64_t budget, std::uint64_t seed) {
    const auto& all = family_sources();
    std::vector<std::size_t> usable;
    for (std::size_t f : fams)
        if (all[f].applicable(impl.primitive)) usable.push_back(f);
    if (usable.empty()) return {};
    for (std::uint64_t k = 0; k < budget; ++k) {
        const std::size_t f = usable[k % usable.size()];
        std::uint64_t state =
            seed ^ (f * 0x9e3779b97f4a7c15ull) ^ ((k / usable.size()) * 0xd1b54a32d192ed03ull);
        std::uint64_t rng = splitmix64(state);
        const Drawn d = all[f].draw(impl.primitive, impl.precision, rng);
        const Answer exact = exact_answer(impl.primitive, impl.precision, d.args.data());
        if (!exact.valid) continue;
        const Judgement j = judge(impl, d.args.data(), impl.eval(d.args.data()), exact);
        if (j.fails() && kind_matches(kind, j.verdict)) return {k + 1, all[f].name};
    }
    return {};
}

std::string shown(const Found& f, std::uint64_t budget, bool with_family) {
    if (!f.cases) return "none in " + std::to_string(budget);
    return std::to_string(f.cases) + (with_family ? " (" + f.family + ")" : "");
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 2) {
        std::cerr
            << "usage: touchstone_first_counterexample CLASSES_FILE [--budget N] [--seed N]\n";
        return 2;
    }
    std::uint64_t budget = 200000, seed = 1;
    for (int i = 2; i + 1 < argc; i += 2) {
        const std::string flag = argv[i];
        char* end = nullptr;
        const std::uint64_t v = std::strtoull(argv[i + 1], &end, 10);
        if (*end || (flag != "--budget" && flag != "--seed")) {
            std::cerr << "touchstone_first_counterexample: bad option " << flag << " "
                      << argv[i + 1] << "\n";
            return 2;
        }
        (flag == "--budget" ? budget : seed) = v;
    }
    std::ifstream in(argv[1]);
    if (!in) {
        std::cerr << "touchstone_first_counterexample: cannot read " << argv[1] << "\n";
        return 2;
    }
    const auto& fams = family_sources();
    std::vector<std::size_t> classic, all;
    for (std::size_t f = 0; f < fams.size(); ++f) {
        families::Family fam{};
        const bool constructed =
            families::parse_family(fams[f].name, fam) && families::constructed(fam);
        if (fams[f].sweep) continue;
        all.push_back(f);
        if (!constructed) classic.push_back(f);
    }
    std::cout << "| implementation | prec | primitive | family | kind | row | classic families | "
                 "classic + constructed |\n|---|---|---|---|---|---:|---:|---:|\n";
    for (std::string line; std::getline(in, line);) {
        if (line.empty() || line[0] == '#') continue;
        std::vector<std::string> f;
        std::stringstream ss(line);
        for (std::string part; std::getline(ss, part, '|');) f.push_back(part);
        if (f.size() < 5) continue;
        const Implementation* impl = nullptr;
        for (const Implementation& i : implementations())
            if (i.name == f[0] && to_string(i.precision) == f[1] && to_string(i.primitive) == f[2])
                impl = &i;
        std::size_t row = fams.size();
        for (std::size_t k = 0; k < fams.size(); ++k)
            if (fams[k].name == f[3]) row = k;
        if (!impl || row == fams.size()) {
            std::cerr << "touchstone_first_counterexample: unknown class " << line << "\n";
            return 2;
        }
        std::cout << "| " << f[0] << " | " << f[1] << " | " << f[2] << " | " << f[3] << " | "
                  << f[4] << " | " << shown(first(*impl, {row}, f[4], budget, seed), budget, false)
                  << " | " << shown(first(*impl, classic, f[4], budget, seed), budget, true)
                  << " | " << shown(first(*impl, all, f[4], budget, seed), budget, true) << " |\n";
    }
    return 0;
}
