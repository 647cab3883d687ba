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
//    case family, judged by the semantics the implementation claims;
//  * NAME_audit: the touchstone command with the implementation as a row of
//    `NAME_audit audit`, where `--gate mylib` works, and `replay`;
//  * NAME_fuzz:  a libFuzzer target (clang only) that traps on a wrong answer
//    outside the declared tolerance.
//
// The adapter has the primitive's signature, for float or double:
//   bool f(Vec2<T>, Circle<T>)                     point_in_disk
//   bool f(Circle<T>, Circle<T>)                   disks_overlap
//   bool f(Segment<T>, Circle<T>)                  segment_hits_disk, segment_meets_circle
//   bool f(Segment<T>, Segment<T>)                 segments_intersect
//   CircleIntersection<T> f(Circle<T>, Circle<T>)  circle_intersections
//   SegmentCirclePoints<T> f(Segment<T>, Circle<T>) segment_circle_points
//   SegmentIntersection<T> f(Segment<T>, Segment<T>) segment_intersection
// A signature that does not fit the primitive fails to compile.
#pragma once

#include <cstdint>
#include <functional>
#include <stdexcept>
#include <string>
#include <type_traits>

#include "touchstone/audit/answers.hpp"
#include "touchstone/audit/registry.hpp"

namespace touchstone::conformance {

using audit::Boundary;
using audit::Tolerance;

/// What an implementation claims about itself.
struct Claim {
    Boundary boundary = Boundary::closed;
    Tolerance tolerance;
    std::uint64_t point_ulps = 0;  ///< constructions: points within this many ulps

    /// Right except within n ulps (of the case's largest |argument|) of the boundary.
    Claim within_ulps(std::uint64_t n) const {
        Claim c = *this;
        c.tolerance.ulps = n;
        return c;
    }
    /// Right except where the exact separation is below eps * scale.
    Claim within_relative(double eps) const {
        Claim c = *this;
        c.tolerance.relative = eps;
        return c;
    }
    /// Right except where the exact separation is below `distance` (a skin,
    /// a slop margin).
    Claim within_absolute(double distance) const {
        Claim c = *this;
        c.tolerance.absolute = distance;
        return c;
    }
    /// Constructed points within n ulps of the correctly rounded truth.
    Claim points_within_ulps(std::uint64_t n) const {
        Claim c = *this;
        c.point_ulps = n;
        return c;
    }
};

/// Closed shapes: touching is a hit (the project's contract).
inline Claim closed() { return Claim{}; }
/// Open shapes: exact touching is a miss (predicates only).
inline Claim open() {
    Claim c;
    c.boundary = Boundary::open;
    return c;
}

namespace detail {

template <class T>
constexpr Precision precision_of() {
    static_assert(std::is_same_v<T, float> || std::is_same_v<T, double>, "float or double");
    return std::is_same_v<T, float> ? Precision::f32 : Precision::f64;
}

bool add(Primitive p, Precision prec, const std::string& name, const Claim& claim,
         std::function<audit::Answer(const double*)> eval);

}  // namespace detail

// One overload per signature; each checks at registration that the named
// primitive has that signature.
template <class T>
bool register_impl(Primitive p, const std::string& name, bool (*f)(Vec2<T>, Circle<T>), const Claim& claim) {
    if (p != Primitive::point_in_disk) throw std::invalid_argument(name + ": bool(Vec2, Circle) is point_in_disk's signature");
    return detail::add(p, detail::precision_of<T>(), name, claim, [f](const double* r) {
        const audit::TypedArgs<T> a(r);
        return audit::predicate_answer(f(a.point(0), a.circle(2)));
    });
}
template <class T>
bool register_impl(Primitive p, const std::string& name, bool (*f)(Circle<T>, Circle<T>), const Claim& claim) {
    if (p != Primitive::disks_overlap) throw std::invalid_argument(name + ": bool(Circle, Circle) is disks_overlap's signature");
    return detail::add(p, detail::precision_of<T>(), name, claim, [f](const double* r) {
        const audit::TypedArgs<T> a(r);
        return audit::predicate_answer(f(a.circle(0), a.circle(3)));
    });
}
template <class T>
bool register_impl(Primitive p, const std::string& name, bool (*f)(Segment<T>, Circle<T>), const Claim& claim) {
    if (p != Primitive::segment_hits_disk && p != Primitive::segment_meets_circle)
        throw std::invalid_argument(name + ": bool(Segment, Circle) is segment_hits_disk's or segment_meets_circle's signature");
    return detail::add(p, detail::precision_of<T>(), name, claim, [f](const double* r) {
        const audit::TypedArgs<T> a(r);
        return audit::predicate_answer(f(a.segment(0), a.circle(4)));
    });
}
template <class T>
bool register_impl(Primitive p, const std::string& name, bool (*f)(Segment<T>, Segment<T>), const Claim& claim) {
    if (p != Primitive::segments_intersect) throw std::invalid_argument(name + ": bool(Segment, Segment) is segments_intersect's signature");
    return detail::add(p, detail::precision_of<T>(), name, claim, [f](const double* r) {
        const audit::TypedArgs<T> a(r);
        return audit::predicate_answer(f(a.segment(0), a.segment(4)));
    });
}
template <class T>
bool register_impl(Primitive p, const std::string& name, CircleIntersection<T> (*f)(Circle<T>, Circle<T>),
                   const Claim& claim) {
    if (p != Primitive::circle_intersections) throw std::invalid_argument(name + ": not circle_intersections' signature");
    return detail::add(p, detail::precision_of<T>(), name, claim, [f](const double* r) {
        const audit::TypedArgs<T> a(r);
        return audit::construction_answer(f(a.circle(0), a.circle(3)));
    });
}
template <class T>
bool register_impl(Primitive p, const std::string& name, SegmentCirclePoints<T> (*f)(Segment<T>, Circle<T>),
                   const Claim& claim) {
    if (p != Primitive::segment_circle_points) throw std::invalid_argument(name + ": not segment_circle_points' signature");
    return detail::add(p, detail::precision_of<T>(), name, claim, [f](const double* r) {
        const audit::TypedArgs<T> a(r);
        return audit::construction_answer(f(a.segment(0), a.circle(4)));
    });
}
template <class T>
bool register_impl(Primitive p, const std::string& name, SegmentIntersection<T> (*f)(Segment<T>, Segment<T>),
                   const Claim& claim) {
    if (p != Primitive::segment_intersection) throw std::invalid_argument(name + ": not segment_intersection's signature");
    return detail::add(p, detail::precision_of<T>(), name, claim, [f](const double* r) {
        const audit::TypedArgs<T> a(r);
        return audit::construction_answer(f(a.segment(0), a.segment(4)));
    });
}

}  // namespace touchstone::conformance

#define TOUCHSTONE_CONFORMANCE_CAT2(a, b) a##b
#define TOUCHSTONE_CONFORMANCE_CAT(a, b) TOUCHSTONE_CONFORMANCE_CAT2(a, b)

/// Registers `fn` as an implementation of `primitive` (a bare primitive name,
/// e.g. disks_overlap) called `name`, claiming `claim`. One line, at
/// namespace scope, in a source given to touchstone_add_conformance().
#define TOUCHSTONE_REGISTER(primitive, name, fn, claim)                                        \
    [[maybe_unused]] static const bool TOUCHSTONE_CONFORMANCE_CAT(touchstone_registered_, __LINE__) = \
        ::touchstone::conformance::register_impl(::touchstone::Primitive::primitive, name, &fn, claim)
