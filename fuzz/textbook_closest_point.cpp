// Fuzz target: the textbook closest-point test of a convex polygon against a
// disk (core/include/touchstone/textbook/convex.hpp) against the oracle,
// float and double. Traps on its first wrong answer: the time and the
// executions it takes measure how fast fuzzing finds the textbook's known
// bugs (scripts/fuzz-bench.sh; classes in tests/tutorial_bug_classes.txt).
#include "harness.hpp"
#include "touchstone/textbook/convex.hpp"

namespace {

using namespace touchstone;

struct Target {
    static constexpr fuzz::TargetSpec spec{Primitive::polygon_hits_disk, fuzz::Precisions::both};
    static constexpr const char* name = "textbook_closest_point";

    template <class T>
    static void check(const fuzz::Config<T>& c) {
        fuzz::check_tutorial<spec.primitive>(name, c,
                                             TOUCHSTONE_FUZZ_FN(textbook::polygon_hits_disk<T>));
    }
};

}  // namespace

TOUCHSTONE_FUZZ_TARGET(Target)
