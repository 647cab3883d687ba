// Fuzz target: tutorial port circle_intersections_004 (seed 004, circle-circle
// intersection points) against the exact oracle, in the tutorial's precision
// (double). Traps on the port's first disagreement: the time and the
// executions it takes measure how fast fuzzing finds the port's known bugs
// (scripts/fuzz-bench.sh).
//
// The port's answer (read by as_construction()) is judged under the claim
// closed(), points within 2^20 ulps: a wrong kind, a NaN/Inf point or a
// point more than 2^20 ulps from the correctly rounded one is a wrong
// answer. The port's formula loses a few ulps on ordinary inputs (cos, then
// b*cos, then sqrt(b^2 - rc^2)); that is imprecision, not a bug, and 2^20
// ulps (a relative error of 2^-32 in double) is far above it while still
// catching the catastrophic cancellations.
#include "harness.hpp"
#include "touchstone/tutorial.hpp"

namespace {

using namespace touchstone;

struct Target {
    static constexpr fuzz::TargetSpec spec{Primitive::circle_intersections,
                                           fuzz::Precisions::f64_only};
    static constexpr const char* name = "tutorial_circle_intersections_004";
    static constexpr std::uint64_t max_ulps = std::uint64_t{1} << 20;

    template <class T>
    static void check(const fuzz::Config<T>& c) {
        fuzz::check_tutorial<spec.primitive>(
            name, c,
            [](const auto&... shapes) {
                return tutorial::as_construction(tutorial::circle_intersections_004(shapes...));
            },
            closed().points_within_ulps(max_ulps));
    }
};

}  // namespace

TOUCHSTONE_FUZZ_TARGET(Target)
