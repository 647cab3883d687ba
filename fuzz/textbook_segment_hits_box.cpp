// Fuzz target: the textbook segment_hits_box (core/include/touchstone/textbook/boxes.hpp)
// against the oracle, float and double. Traps on its first wrong answer: the
// time and the executions it takes measure how fast fuzzing finds the
// textbook's known bugs (scripts/fuzz-bench.sh; classes in
// tests/tutorial_bug_classes.txt).
#include "harness.hpp"
#include "touchstone/textbook/boxes.hpp"

namespace {

using namespace touchstone;

struct Target {
    static constexpr fuzz::TargetSpec spec{Primitive::segment_hits_box, fuzz::Precisions::both};
    static constexpr const char* name = "textbook_segment_hits_box";

    template <class T>
    static void check(const fuzz::Config<T>& c) {
        fuzz::check_tutorial<spec.primitive>(name, c,
                                             TOUCHSTONE_FUZZ_FN(textbook::segment_hits_box<T>));
    }
};

}  // namespace

TOUCHSTONE_FUZZ_TARGET(Target)
