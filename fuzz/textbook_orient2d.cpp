// Fuzz target: the textbook orientation determinant (O'Rourke's AreaSign,
// core/include/touchstone/textbook/orient2d.hpp) against the oracle, float
// and double. Traps on its first wrong sign: the time and the executions it
// takes measure how fast fuzzing finds the textbook's known bugs
// (scripts/fuzz-bench.sh; classes in tests/tutorial_bug_classes.txt).
#include "harness.hpp"
#include "touchstone/textbook/orient2d.hpp"

namespace {

using namespace touchstone;

struct Target {
    static constexpr fuzz::TargetSpec spec{Primitive::orient2d, fuzz::Precisions::both};
    static constexpr const char* name = "textbook_orient2d";

    template <class T>
    static void check(const fuzz::Config<T>& c) {
        fuzz::check_tutorial<spec.primitive>(name, c, TOUCHSTONE_FUZZ_FN(textbook::orient2d<T>));
    }
};

}  // namespace

TOUCHSTONE_FUZZ_TARGET(Target)
