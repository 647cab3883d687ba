// Fuzz target: the textbook boxes_overlap (core/include/touchstone/textbook/boxes.hpp)
// against the oracle, float and double. Traps on its first wrong answer: the
// time and the executions it takes measure how fast fuzzing finds the
// textbook's known bugs (scripts/fuzz-bench.sh; classes in
// tests/tutorial_bug_classes.txt).
#include "harness.hpp"
#include "touchstone/textbook/boxes.hpp"

namespace {

using namespace touchstone;

struct Target {
    static constexpr fuzz::TargetSpec spec{Primitive::boxes_overlap, fuzz::Precisions::both};
    static constexpr const char* name = "textbook_boxes_overlap";

    template <class T>
    static void check(const fuzz::Config<T>& c) {
        fuzz::check_tutorial<spec.primitive>(name, c,
                                             TOUCHSTONE_FUZZ_FN(textbook::boxes_overlap<T>));
    }
};

}  // namespace

TOUCHSTONE_FUZZ_TARGET(Target)
