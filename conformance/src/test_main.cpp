// NAME_test: the RapidCheck properties of every registered user
// implementation, as gtests (one per implementation), run by ctest.
//
// The property: on recipes of every case family (RapidCheck shrinks the
// recipe, so a tangent case stays tangent while it shrinks), the answer
// agrees with the exact oracle under the semantics the implementation
// claims; a wrong answer inside its declared tolerance band is excused.
#include <gtest/gtest.h>
#include <rapidcheck.h>

#include <cctype>
#include <cstdlib>
#include <string>

#include "touchstone/audit/registry.hpp"
#include "touchstone/families/families.hpp"
#include "touchstone/properties/gen.hpp"

namespace {

using namespace touchstone;

int cases_per_family() {
    // TOUCHSTONE_CONFORMANCE_CASES overrides; the default keeps a run short.
    if (const char* e = std::getenv("TOUCHSTONE_CONFORMANCE_CASES")) {
        const int n = std::atoi(e);
        if (n > 0) return n;
    }
    return 1000;
}

template <class T>
void check_agreement(const audit::Implementation& impl, const std::string& exe) {
    std::vector<families::Family> fams;
    for (families::Family f : families::families_for(impl.primitive))
        if (f != families::Family::invalid) fams.push_back(f);
    for (families::Family fam : fams) {
        const std::string title = impl.name + " " + std::string(to_string(impl.primitive)) + " (" +
                                  std::string(to_string(impl.precision)) + ") agrees with the oracle on " +
                                  std::string(families::to_string(fam)) + " cases";
        const rc::Gen<families::Recipe> gen = properties::recipe<T>(impl.primitive, fam);
        const int n = cases_per_family();
        std::string last_failure;
        const bool ok = rc::check(title, [&] {
            const families::Recipe r = *gen;
            const auto typed = families::realize<T>(impl.primitive, r);
            std::array<double, 8> a{};
            for (std::size_t i = 0; i < 8; ++i) a[i] = static_cast<double>(typed[i]);
            const audit::Answer truth = audit::oracle_answer(impl.primitive, impl.precision, a.data());
            if (!truth.valid) RC_DISCARD("outside the valid domain");
            const audit::Answer got = impl.eval(a.data());
            const audit::Graded g = audit::grade(impl, got, truth, a.data());
            RC_TAG(g.judgement.wrong() ? (g.tolerated ? "wrong inside the tolerance" : "wrong") : "right");
            if (g.judgement.wrong() && !g.tolerated) {
                Case c;
                c.primitive = impl.primitive;
                c.precision = impl.precision;
                c.args = a;
                c.family = std::string(families::to_string(fam));
                const std::string line = case_line(c);
                last_failure = "case:    " + line + "\nrecipe:  " + families::describe(r) +
                               "\nreplay:  " + replay_command(line, exe);
                RC_FAIL(std::string(audit::to_string(g.judgement.verdict)) + ": got " +
                        audit::answer_json(impl.primitive, got) + ", exact " +
                        audit::answer_json(impl.primitive, audit::claimed_truth(impl, truth, a.data())) + "\n" +
                        last_failure);
            }
        });
        EXPECT_TRUE(ok) << title << " (" << n << " cases): see the counterexample above";
    }
}

class Agreement : public testing::Test {
public:
    Agreement(std::size_t index, std::string exe) : index_(index), exe_(std::move(exe)) {}
    void TestBody() override {
        const audit::Implementation& impl = audit::implementations()[index_];
        if (impl.precision == Precision::f32) check_agreement<float>(impl, exe_);
        else check_agreement<double>(impl, exe_);
    }

private:
    std::size_t index_;
    std::string exe_;
};

}  // namespace

int main(int argc, char** argv) {
    testing::InitGoogleTest(&argc, argv);
    // Fixed seed and case count unless RC_PARAMS says otherwise.
    if (!std::getenv("RC_PARAMS")) {
        static std::string params = "seed=20261123 max_success=" + std::to_string(cases_per_family()) + " verbose_progress=0";
        setenv("RC_PARAMS", params.c_str(), 1);
    }
    std::string exe = argv[0];
    const std::string suffix = "_test";
    if (exe.size() > suffix.size() && exe.compare(exe.size() - suffix.size(), suffix.size(), suffix) == 0)
        exe = exe.substr(0, exe.size() - suffix.size()) + "_audit";
    std::size_t registered = 0;
    const auto& impls = audit::implementations();
    for (std::size_t i = 0; i < impls.size(); ++i) {
        if (!impls[i].user) continue;
        ++registered;
        // gtest filters treat '-' as "except": keep names to [A-Za-z0-9_].
        std::string suite = "Conformance_" + impls[i].name;
        for (char& ch : suite)
            if (!std::isalnum(static_cast<unsigned char>(ch)) && ch != '_') ch = '_';
        const std::string test = std::string(to_string(impls[i].primitive)) + "_" +
                                 std::string(to_string(impls[i].precision)) + "_AgreesWithTheOracleOnEveryFamily";
        testing::RegisterTest(suite.c_str(), test.c_str(), nullptr, nullptr, __FILE__, __LINE__,
                              [i, exe]() -> testing::Test* { return new Agreement(i, exe); });
    }
    if (registered == 0) {
        std::fprintf(stderr, "no implementation registered: add TOUCHSTONE_REGISTER(...) to a source of this target\n");
        return 1;
    }
    return RUN_ALL_TESTS();
}
