// Fuzz target: tutorial port segments_intersect_001 (seed 001, segment crossing) against the
// oracle, in the tutorial's precision (float). Traps on the port's first
// disagreement: the time and the executions it takes measure how fast
// fuzzing finds the port's known bugs (scripts/fuzz-bench.sh).
#include "harness.hpp"
#include "touchstone/tutorial.hpp"

namespace {

using namespace touchstone;

struct Target {
    static constexpr fuzz::TargetSpec spec{Primitive::segments_intersect,
                                           fuzz::Precisions::f32_only};
    static constexpr const char* name = "tutorial_segments_intersect_001";

    template <class T>
    static void check(const fuzz::Config<T>& c) {
        fuzz::check_tutorial<spec.primitive>(name, c,
                                             TOUCHSTONE_FUZZ_FN(tutorial::segments_intersect_001));
    }
};

}  // namespace

TOUCHSTONE_FUZZ_TARGET(Target)
