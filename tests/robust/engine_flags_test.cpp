// The robust core's public header under the flags many engines build with:
// -fno-exceptions -fno-rtti (tests/robust/CMakeLists.txt compiles this file
// so, and links the core built as usual). The build is the first check: a
// throw, a try, a typeid or a dynamic_cast reaching an inline function of
// touchstone/robust.hpp fails it. The run then asks edge cases whose answers
// follow from the geometry (tangency, shared endpoints, collinearity, exact
// boundaries, invalid input's empty answer), in both precisions, through the
// header's inline fast paths and the library's exact stages. Plain main(): no
// test framework, which would bring exceptions of its own.
#include <cmath>
#include <cstdio>
#include <limits>

#include "touchstone/robust.hpp"

#if defined(__cpp_exceptions) || defined(__EXCEPTIONS) || defined(__GXX_RTTI) || defined(__cpp_rtti)
#error "engine_flags_test must be compiled with -fno-exceptions -fno-rtti"
#endif

namespace {

using namespace touchstone;
namespace r = touchstone::robust;

int failures = 0;

void expect(bool ok, const char* what, const char* precision) {
    if (!ok) {
        ++failures;
        std::printf("FAILED (%s): %s\n", precision, what);
    }
}

template <class T>
void cases(const char* prec) {
    const T nan = std::numeric_limits<T>::quiet_NaN();
    const T above1 = std::nextafter(T(1), T(2));
    // Disks: tangent from outside (touching counts: closed shapes), then
    // one ulp apart; a point exactly on the circle, then one ulp outside.
    expect(r::disks_overlap(Circle<T>{{0, 0}, 1}, Circle<T>{{2, 0}, 1}), "tangent disks overlap",
           prec);
    expect(!r::disks_overlap(Circle<T>{{0, 0}, 1}, Circle<T>{{std::nextafter(T(2), T(3)), 0}, 1}),
           "disks one ulp apart do not overlap", prec);
    expect(r::point_in_disk(Vec2<T>{3, 4}, Circle<T>{{0, 0}, 5}), "point on the circle is inside",
           prec);
    expect(!r::point_in_disk(Vec2<T>{std::nextafter(T(3), T(4)), 4}, Circle<T>{{0, 0}, 5}),
           "point one ulp outside the circle", prec);
    // Segments: a shared endpoint, a T-junction, collinear disjoint pieces.
    expect(r::segments_intersect(Segment<T>{{0, 0}, {1, 1}}, Segment<T>{{1, 1}, {2, 0}}),
           "segments sharing an endpoint intersect", prec);
    expect(r::segments_intersect(Segment<T>{{0, 0}, {2, 0}}, Segment<T>{{1, 0}, {1, 5}}),
           "T-junction intersects", prec);
    expect(!r::segments_intersect(Segment<T>{{0, 0}, {1, 0}}, Segment<T>{{above1, 0}, {3, 0}}),
           "collinear pieces one ulp apart do not intersect", prec);
    // Orientation: exactly collinear points far from the origin, and a turn.
    expect(r::orient2d(Vec2<T>{1024, 1024}, Vec2<T>{2048, 2048}, Vec2<T>{4096, 4096}) == 0,
           "collinear points have orientation 0", prec);
    expect(r::orient2d(Vec2<T>{0, 0}, Vec2<T>{1, 0}, Vec2<T>{0, 1}) == 1, "left turn is +1", prec);
    // A segment tangent to a disk, and a zero-length segment on its circle.
    expect(r::segment_hits_disk(Segment<T>{{-5, 1}, {5, 1}}, Circle<T>{{0, 0}, 1}),
           "tangent segment hits the disk", prec);
    expect(r::segment_meets_circle(Segment<T>{{0, 1}, {0, 1}}, Circle<T>{{0, 0}, 1}),
           "zero-length segment on the circle meets it", prec);
    // Invalid input: the documented empty answer, no trap.
    expect(!r::point_in_disk(Vec2<T>{nan, 0}, Circle<T>{{0, 0}, 1}), "NaN point: false", prec);
    expect(!r::disks_overlap(Circle<T>{{0, 0}, -1}, Circle<T>{{0, 0}, 1}), "negative radius: false",
           prec);
    // A construction through the exact stage: tangent circles meet in one
    // point, exactly (1, 0).
    const CircleIntersection<T> ci =
        r::circle_intersections(Circle<T>{{0, 0}, 1}, Circle<T>{{2, 0}, 1});
    expect(ci.count == 1 && ci.points[0].x == T(1) && ci.points[0].y == T(0),
           "tangent circles meet at (1, 0)", prec);
}

}  // namespace

int main() {
    cases<float>("float");
    cases<double>("double");
    std::printf("engine flags (-fno-exceptions -fno-rtti): %d failures\n", failures);
    return failures == 0 ? 0 : 1;
}
