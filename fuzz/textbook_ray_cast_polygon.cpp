// Fuzz target: the textbook ray_cast_polygon, Cyrus-Beck clipping as
// Ericson's IntersectSegmentPolyhedron (5.3.8) in 2D
// (core/include/touchstone/textbook/ray_casts.hpp), against the oracle,
// float and double. Traps on its first wrong answer (a wrong hit or miss, a
// NaN t, or a t off by ulps): the time and the executions it takes measure
// how fast fuzzing finds the textbook's known bugs (scripts/fuzz-bench.sh;
// classes in tests/tutorial_bug_classes.txt).
#include "harness.hpp"
#include "touchstone/textbook/ray_casts.hpp"

namespace {

using namespace touchstone;

struct Target {
    static constexpr fuzz::TargetSpec spec{Primitive::ray_cast_polygon, fuzz::Precisions::both};
    static constexpr const char* name = "textbook_ray_cast_polygon";

    template <class T>
    static void check(const fuzz::Config<T>& c) {
        fuzz::check_tutorial<spec.primitive>(name, c,
                                             TOUCHSTONE_FUZZ_FN(textbook::ray_cast_polygon<T>));
    }
};

}  // namespace

TOUCHSTONE_FUZZ_TARGET(Target)
