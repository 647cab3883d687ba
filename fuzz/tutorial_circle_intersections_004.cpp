// Fuzz target: tutorial port circle_intersections_004 (seed 004, circle-circle
// intersection points) against the oracle, in the tutorial's precision
// (double). Traps on the port's first disagreement: the time and the
// executions it takes measure how fast fuzzing finds the port's known bugs
// (scripts/fuzz-bench.sh).
//
// A construction disagrees when its kind (read by as_construction()) differs
// from the oracle's, or when a point is NaN/Inf or more than 2^20 ulps from
// the correctly rounded point. The port's formula loses a few ulps on
// ordinary inputs (cos, then b*cos, then sqrt(b^2 - rc^2)); that is
// imprecision, not a bug, and 2^20 ulps (a relative error of 2^-32 in double)
// is far above it while still catching the catastrophic cancellations.
#include "harness.hpp"
#include "touchstone/tutorial.hpp"

namespace {

using namespace touchstone;

struct Target {
    static constexpr fuzz::TargetSpec spec{Primitive::circle_intersections, fuzz::Precisions::f64_only};
    static constexpr const char* name = "tutorial_circle_intersections_004";
    static constexpr std::uint64_t max_ulps = std::uint64_t{1} << 20;

    template <class T>
    static void check(const fuzz::Config<T>& c) {
        if (!fuzz::is_valid(c)) return;  // no truth to compare with
        const auto got = fuzz::call<spec.primitive>(c.args, [](const auto&... shapes) {
            return tutorial::as_construction(tutorial::circle_intersections_004(shapes...));
        });
        const auto want =
            fuzz::call<spec.primitive>(c.args, TOUCHSTONE_FUZZ_FN(oracle::circle_intersections));
        fuzz::note_outcome(c, static_cast<int>(want.kind));
        fuzz::agree_circles(name, c, got, want, max_ulps);
    }
};

}  // namespace

TOUCHSTONE_FUZZ_TARGET(Target)
