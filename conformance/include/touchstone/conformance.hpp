// touchstone::conformance — gate your own collision code in one line.
//
//   #include <touchstone/conformance.hpp>
//   bool my_overlap(touchstone::Circle<float> a, touchstone::Circle<float> b);
//   TOUCHSTONE_REGISTER(disks_overlap, "mylib", my_overlap, touchstone::conformance::closed());
//
// Build the file with touchstone_add_conformance(NAME SOURCES file.cpp LIBS
// mylib) (cmake/touchstoneConformance.cmake) and that one line yields:
//  * NAME_test:  the RapidCheck properties as gtests, one per registered
//    implementation, run by ctest: agreement with the exact oracle on every
//    case family, judged by the claim the implementation makes;
//  * NAME_audit: the touchstone command with the implementation as a row of
//    `NAME_audit audit`, where `--gate mylib` works, and `replay`, which
//    judges it under the same claim;
//  * NAME_fuzz:  a libFuzzer target (clang only) that traps on a wrong answer
//    outside the declared tolerance.
//
// The function has the primitive's signature, Signature<P, T> of
// touchstone/primitive.hpp, for T float or double: the primitive's answer
// type (bool for a predicate, CircleIntersection<T>, SegmentCirclePoints<T>
// or SegmentIntersection<T>) from its operands in table order, e.g.
//   bool f(Vec2<T>, Circle<T>)                      point_in_disk
//   bool f(Segment<T>, Circle<T>)                   segment_hits_disk
//   CircleIntersection<T> f(Circle<T>, Circle<T>)   circle_intersections
// docs/primitives.md lists every primitive. A signature that does not fit
// the primitive fails to compile.
//
// The claim is the one judge's (touchstone/judge.hpp, docs/judging.md):
// closed() or open(), optionally .within_ulps(n), .within_relative(eps),
// .within_absolute(distance) (wrong answers inside that band of the
// boundary are reported apart and never gate), .points_within_ulps(n)
// (constructions; a ray cast's t), .starts_inside_miss() (ray casts that
// report no hit for a ray starting inside the shape). A ray cast returns
// RayHit<T>, e.g. RayHit<T> f(Segment<T> ray, Circle<T>) for ray_cast_disk.
#pragma once

#include <string>

#include "touchstone/audit/registry.hpp"
#include "touchstone/judge.hpp"
#include "touchstone/primitive.hpp"

namespace touchstone::conformance {

using touchstone::Boundary;
using touchstone::Claim;
using touchstone::closed;
using touchstone::open;
using touchstone::Tolerance;

namespace detail {

/// Adds a user implementation, registered at file:line, to the audit
/// registry; throws std::invalid_argument for an empty name or an open claim
/// on a construction. A second registration of the same (name, primitive,
/// precision) prints "duplicate registration of NAME PRIMITIVE PRECISION:
/// first at FILE:LINE, again at FILE:LINE" on stderr and exits with status
/// 2: the rows (and the ctest names) would be indistinguishable.
bool add(Primitive p, Precision prec, const std::string& name, const Claim& claim,
         audit::Evaluator eval, const char* file = "", int line = 0);

}  // namespace detail

/// Registers f as the float implementation of P called `name`, judged under `claim`.
template <Primitive P>
bool register_impl(const std::string& name, Signature<P, float> f, const Claim& claim,
                   const char* file = "", int line = 0) {
    return detail::add(P, Precision::f32, name, claim, audit::evaluator<P, float>(f), file, line);
}

/// Registers f as the double implementation of P called `name`, judged under `claim`.
template <Primitive P>
bool register_impl(const std::string& name, Signature<P, double> f, const Claim& claim,
                   const char* file = "", int line = 0) {
    return detail::add(P, Precision::f64, name, claim, audit::evaluator<P, double>(f), file, line);
}

}  // namespace touchstone::conformance

#define TOUCHSTONE_CONFORMANCE_CAT2(a, b) a##b
#define TOUCHSTONE_CONFORMANCE_CAT(a, b) TOUCHSTONE_CONFORMANCE_CAT2(a, b)

/// Registers `fn` as an implementation of `primitive` (a bare primitive name,
/// e.g. disks_overlap) called `name`, claiming `claim`. One line, at
/// namespace scope, in a source given to touchstone_add_conformance(). The
/// same (name, primitive, precision) registered twice stops the executable
/// at start-up with both places named.
#define TOUCHSTONE_REGISTER(primitive, name, fn, claim)                                   \
    [[maybe_unused]] static const bool TOUCHSTONE_CONFORMANCE_CAT(touchstone_registered_, \
                                                                  __LINE__) =             \
        ::touchstone::conformance::register_impl<::touchstone::Primitive::primitive>(     \
            name, &fn, claim, __FILE__, __LINE__)
