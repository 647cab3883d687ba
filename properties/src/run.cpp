// touchstone::properties — programmatic property runs (see run.hpp).
#include "touchstone/properties/run.hpp"

#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <sstream>

#include "touchstone/case_file.hpp"

#ifndef TOUCHSTONE_PROPERTY_SCALE
#define TOUCHSTONE_PROPERTY_SCALE 1
#endif
#ifndef TOUCHSTONE_SANITIZED
#define TOUCHSTONE_SANITIZED 0
#endif

namespace touchstone::properties {

double PropertyRun::cases_per_second() const {
    const int n = passed ? cases : first_failure;
    return seconds > 0 ? n / seconds : 0.0;
}

double property_scale() {
    double scale = TOUCHSTONE_PROPERTY_SCALE;
    if (const char* env = std::getenv("TOUCHSTONE_PROPERTY_SCALE")) {
        const double v = std::atof(env);
        if (v > 0) scale = v;
    }
    // ASan+UBSan cost 5-20x; keep the sanitized suite inside the same budget.
    if (TOUCHSTONE_SANITIZED) scale /= 8;
    return scale;
}

int scaled_cases(int base) {
    const double n = base * property_scale();
    return n < 1 ? 1 : static_cast<int>(n);
}

std::uint64_t seed_for(const std::string& id) {
    const rc::detail::Configuration& config = rc::detail::configuration();
    const char* env = std::getenv("RC_PARAMS");
    if (env != nullptr && std::string(env).find("seed") != std::string::npos)
        return config.testParams.seed;
    std::uint64_t h = 0xcbf29ce484222325ull;
    for (unsigned char ch : id) h = (h ^ ch) * 0x100000001b3ull;
    return h;
}

namespace detail {

std::optional<families::Recipe>& last_counterexample() {
    static std::optional<families::Recipe> last;
    return last;
}

std::string& last_verdict() {
    static std::string last;
    return last;
}

PropertyRun finish(const std::string& id, const rc::detail::TestResult& result, std::uint64_t seed,
                   double seconds) {
    PropertyRun run;
    run.id = id;
    run.seed = seed;
    run.seconds = seconds;
    std::ostringstream message;
    rc::detail::printResultMessage(result, message);
    run.message = message.str();
    rc::detail::SuccessResult success;
    rc::detail::FailureResult failure;
    rc::detail::GaveUpResult gave_up;
    if (result.match(success)) {
        run.cases = success.numSuccess;
        run.tags = success.distribution;
    } else if (result.match(failure)) {
        run.passed = false;
        run.cases = failure.numSuccess;
        run.first_failure = failure.numSuccess + 1;
        rc::detail::Configuration config;
        config.reproduce[id] = failure.reproduce;
        // Keep only the reproduce token (the minimal string also carries
        // keys that differ from RapidCheck's defaults, such as the seed).
        const std::string all = rc::detail::configToMinimalString(config);
        const auto at = all.find("reproduce=");
        run.reproduce = at == std::string::npos ? all : all.substr(at, all.find(' ', at) - at);
        run.counterexample = last_counterexample();
        run.counterexample_verdict = last_verdict();
    } else if (result.match(gave_up)) {
        run.passed = false;
        run.cases = gave_up.numSuccess;
    } else {
        run.passed = false;
    }
    return run;
}

}  // namespace detail

void note_counterexample(const families::Recipe& r, const std::string& verdict) {
    detail::last_counterexample() = r;
    detail::last_verdict() = verdict;
}

void print_run(const PropertyRun& run) {
    std::ostringstream os;
    os << "[property] " << run.id << ": " << (run.passed ? "OK" : "FAILED") << ", "
       << (run.passed ? run.cases : run.first_failure) << " cases in " << run.seconds << " s ("
       << static_cast<long>(run.cases_per_second()) << " cases/s), seed " << run.seed << '\n';
    if (!run.tags.empty()) {
        int total = 0;
        for (const auto& [tags, n] : run.tags) total += n;
        for (const auto& [tags, n] : run.tags) {
            char pct[16];
            std::snprintf(pct, sizeof pct, "%6.2f%%", 100.0 * n / (total ? total : 1));
            os << "    " << pct << ' ';
            for (std::size_t i = 0; i < tags.size(); ++i) os << (i ? ", " : "") << tags[i];
            os << '\n';
        }
    }
    if (!run.passed) {
        os << run.message << '\n';
        if (!run.reproduce.empty())
            os << "reproduce with: RC_PARAMS=\"" << run.reproduce
               << "\" <this test binary> --gtest_filter=<this test>\n";
    }
    std::cout << os.str() << std::flush;
}

template <class T>
std::string case_report(Primitive p, const families::Recipe& r,
                        const std::array<T, max_fields>& args, const std::string& what) {
    const std::string line = touchstone::case_line(p, args.data(), families::to_string(r.family));
    std::ostringstream os;
    os << what << "\n  recipe: " << families::describe(r) << "\n  case:   " << line
       << "\n  replay: " << touchstone::replay_command(line);
    return os.str();
}

template std::string case_report<float>(Primitive, const families::Recipe&,
                                        const std::array<float, max_fields>&, const std::string&);
template std::string case_report<double>(Primitive, const families::Recipe&,
                                         const std::array<double, max_fields>&, const std::string&);

}  // namespace touchstone::properties
