// touchstone::properties — running a property programmatically: fixed seeds,
// scaled case counts, cases/second, the reproduce string, the first failure.
//
// RapidCheck's RC_GTEST_PROP runs with RC_PARAMS' defaults (a random seed
// unless one is given). The suite wants fixed seeds, case counts scaled by
// TOUCHSTONE_PROPERTY_SCALE, a timing per property, and, for the teeth tests,
// how many cases ran before the first counterexample. run_property() does all
// that on rc::detail::checkProperty, the function RapidCheck's own
// integrations call.
#pragma once

#include <chrono>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <rapidcheck.h>

#include "touchstone/families/families.hpp"

namespace touchstone::properties {

/// The result of one property run.
struct PropertyRun {
    std::string id;
    bool passed = true;
    int cases = 0;          ///< successful cases run (before the failure, if any)
    int first_failure = 0;  ///< 1-based index of the first failing case; 0 if none
    double seconds = 0;
    std::uint64_t seed = 0;
    std::string message;    ///< RapidCheck's result message (counterexample, shrunk)
    std::string reproduce;  ///< RC_PARAMS value that replays the failure
    std::map<std::vector<std::string>, int> tags;    ///< RC_TAG / RC_CLASSIFY distribution
    std::optional<families::Recipe> counterexample;  ///< shrunk recipe (see note_counterexample)
    std::string counterexample_verdict;              ///< its verdict ("false_miss", "nan", ...)
    double cases_per_second() const;
};

/// TOUCHSTONE_PROPERTY_SCALE (build setting; the environment variable of the
/// same name overrides it), divided by 8 when built with the sanitizers
/// (never below 1/8 of the base count).
double property_scale();

/// base * property_scale(), at least 1.
int scaled_cases(int base);

/// The seed a property id runs with: RC_PARAMS' seed when one is given,
/// else a fixed hash of the id (FNV-1a), so every run is the same run.
std::uint64_t seed_for(const std::string& id);

/// Records the recipe of the case being evaluated as the current
/// counterexample; call it just before failing. RapidCheck shrinks by
/// re-running failing candidates, so after the run the last recorded recipe
/// is the shrunk counterexample.
void note_counterexample(const families::Recipe& r, const std::string& verdict = {});

namespace detail {
std::optional<families::Recipe>& last_counterexample();
std::string& last_verdict();
PropertyRun finish(const std::string& id, const rc::detail::TestResult& result, std::uint64_t seed,
                   double seconds);
}  // namespace detail

/// Runs `testable` (a RapidCheck property: a callable with generated
/// arguments or *rc::gen draws) for `max_success` cases with the id's fixed
/// seed; shrinks the first failure unless `shrink` is false. Honours
/// RC_PARAMS' reproduce map for this id.
template <class Testable>
PropertyRun run_property(const std::string& id, Testable&& testable, int max_success,
                         bool shrink = true) {
    rc::detail::TestMetadata metadata;
    metadata.id = id;
    metadata.description = id;
    rc::detail::TestParams params = rc::detail::configuration().testParams;
    params.maxSuccess = max_success;
    params.seed = seed_for(id);
    params.disableShrinking = !shrink;
    struct Quiet : rc::detail::TestListener {
        void onTestCaseFinished(const rc::detail::CaseDescription&) override {}
        void onShrinkTried(const rc::detail::CaseDescription&, bool) override {}
        void onTestFinished(const rc::detail::TestMetadata&,
                            const rc::detail::TestResult&) override {}
    } quiet;
    detail::last_counterexample().reset();
    detail::last_verdict().clear();
    const auto start = std::chrono::steady_clock::now();
    const rc::detail::TestResult result =
        rc::detail::checkTestable(std::forward<Testable>(testable), metadata, params, quiet,
                                  rc::detail::configuration().reproduce);
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return detail::finish(id, result, params.seed, seconds);
}

/// Prints a run as the suite reports it: cases, cases/s, the distribution of
/// tags, and on failure the message, the reproduce string and the test id.
void print_run(const PropertyRun& run);

/// The three things a failing case prints (docs/case-format.md): the recipe, the case
/// as one JSON line of the case-file format (hex floats, with "family"),
/// and the `touchstone replay` command that reruns it.
template <class T>
std::string case_report(Primitive p, const families::Recipe& r,
                        const std::array<T, max_fields>& args, const std::string& what);

extern template std::string case_report<float>(Primitive, const families::Recipe&,
                                               const std::array<float, max_fields>&,
                                               const std::string&);
extern template std::string case_report<double>(Primitive, const families::Recipe&,
                                                const std::array<double, max_fields>&,
                                                const std::string&);

}  // namespace touchstone::properties
