// touchstone fuzz — what every target does with a decoded configuration:
// compare an implementation with the exact oracle, and on disagreement print
// the case as one JSON line of DESIGN.md's case format plus the command that
// replays it, then trap.
//
// A target file (one per target, robust_<primitive>.cpp, tutorial_<port>.cpp)
// defines a struct with `spec`, `name` and a `check<T>(const Config<T>&)`,
// usually one call of check_robust_predicate / check_robust_construction /
// check_tutorial_predicate, and ends with TOUCHSTONE_FUZZ_TARGET(Struct).
// This header is the only fuzz code compiled into the instrumented harness
// translation units, together with the implementation under test.
//
// Modes (environment, read once per process):
//   TOUCHSTONE_FUZZ_REPORT_ONLY=1  print disagreements and keep going
//                                  instead of trapping (the replay driver
//                                  sets it for the tutorial corpora).
//   TOUCHSTONE_FUZZ_CLASS=family[:kind]
//                                  only disagreements of this class count;
//                                  the others are ignored (the benchmark's
//                                  time to first bug per class). family is
//                                  a family_class() name (decode.hpp),
//                                  kind one of fhit fmiss kind nan ulps
//                                  invalid, or any; "none" ignores all.
//   TOUCHSTONE_FUZZ_CLI=path       the touchstone command named in the
//                                  printed replay line (default
//                                  build/audit/touchstone).
#pragma once

#include <cstdint>
#include <string>

#include "decode.hpp"
#include "mutator.hpp"
#include "touchstone/case_file.hpp"
#include "touchstone/geometry.hpp"
#include "touchstone/oracle/oracle.hpp"

namespace touchstone::fuzz {

// ---------------------------------------------------------------------------
// Reporting (report.cpp).

/// Report-only: print disagreements without trapping (replay of corpora
/// that are known to contain tutorial bugs).
void set_report_only(bool on);

/// Number of disagreements reported so far in this process.
std::uint64_t disagreements();

/// How an answer differs from the oracle's: a false hit or a false miss of
/// a predicate, a wrong kind or count of a construction, a NaN/Inf point, a
/// point too many ulps away, or invalid input answered otherwise than
/// robust.hpp documents.
enum class Wrong : std::uint8_t { fhit, fmiss, kind, nan, ulps, invalid };
const char* to_string(Wrong w);

/// Whether TOUCHSTONE_FUZZ_CLASS lets disagreements of this kind through
/// (checked before the family, which costs exact arithmetic).
bool class_filter_admits(Wrong w);

/// Prints the disagreement — a headline with its class family:kind, the
/// case as one JSON line of DESIGN.md's case format, the replay command —
/// and traps (or counts it, in report-only mode). `what` says how they
/// differ; `expect` is the oracle's answer, written to the case's optional
/// "expect" field. Ignored when TOUCHSTONE_FUZZ_CLASS names another class.
[[gnu::cold]] void report_disagreement(const char* target, const Case& c, const char* family, Wrong w,
                                       const std::string& what, const std::string& expect);

template <class T>
[[gnu::cold]] void disagree(const char* target, const Config<T>& c, Wrong w, const std::string& what,
                            const std::string& expect) {
    if (!class_filter_admits(w)) return;
    report_disagreement(target, to_case(c), family_class(c), w, what, expect);
}

/// The kind of a point that is not within tolerance.
template <class T>
Wrong point_wrong(Vec2<T> got) {
    return std::isfinite(got.x) && std::isfinite(got.y) ? Wrong::ulps : Wrong::nan;
}

inline std::string bool_name(bool b) { return b ? "true" : "false"; }

// ---------------------------------------------------------------------------
// Calling a primitive with a configuration's arguments (case-file order).

template <class T, class F>
decltype(auto) call_point_circle(const std::array<T, 8>& a, F&& f) {
    return f(point_arg(a.data()), circle_arg(a.data() + 2));
}
template <class T, class F>
decltype(auto) call_circle_circle(const std::array<T, 8>& a, F&& f) {
    return f(circle_arg(a.data()), circle_arg(a.data() + 3));
}
template <class T, class F>
decltype(auto) call_segment_circle(const std::array<T, 8>& a, F&& f) {
    return f(segment_arg(a.data()), circle_arg(a.data() + 4));
}
template <class T, class F>
decltype(auto) call_segment_segment(const std::array<T, 8>& a, F&& f) {
    return f(segment_arg(a.data()), segment_arg(a.data() + 4));
}

/// Calls f with the shapes of primitive P.
template <Primitive P, class T, class F>
decltype(auto) call(const std::array<T, 8>& a, F&& f) {
    if constexpr (P == Primitive::point_in_disk) {
        return call_point_circle(a, f);
    } else if constexpr (P == Primitive::disks_overlap || P == Primitive::circle_intersections) {
        return call_circle_circle(a, f);
    } else if constexpr (P == Primitive::segments_intersect || P == Primitive::segment_intersection) {
        return call_segment_segment(a, f);
    } else {
        return call_segment_circle(a, f);
    }
}

/// A callable for an overload set: TOUCHSTONE_FUZZ_FN(oracle::point_in_disk).
#define TOUCHSTONE_FUZZ_FN(fn) [](const auto&... shapes) { return fn(shapes...); }

// ---------------------------------------------------------------------------
// Comparisons.

/// Trap unless got == the oracle's answer `want`.
template <class T>
void agree_predicate(const char* target, const Config<T>& c, bool got, bool want) {
    if (got == want) return;
    disagree(target, c, got ? Wrong::fhit : Wrong::fmiss,
             std::string(got ? "false hit" : "false miss") + " (implementation " + bool_name(got) +
                 ", oracle " + bool_name(want) + ")",
             bool_name(want));
}

/// Whether a computed point is within `max_ulps` of the oracle's correctly
/// rounded point in both coordinates (NaN is never within).
template <class T>
bool point_within(Vec2<T> got, Vec2<T> want, std::uint64_t max_ulps) {
    return oracle::ulp_distance(got.x, want.x) <= max_ulps && oracle::ulp_distance(got.y, want.y) <= max_ulps;
}

template <class T>
std::string point_text(Vec2<T> v) {
    return "(" + hex(v.x) + ", " + hex(v.y) + ")";
}

/// Trap unless kind and count agree and every point is within max_ulps.
template <class T>
void agree_circles(const char* target, const Config<T>& c, const CircleIntersection<T>& got,
                   const CircleIntersection<T>& want, std::uint64_t max_ulps) {
    if (got.kind != want.kind || got.count != want.count) {
        disagree(target, c, Wrong::kind,
                 "wrong kind (implementation " + std::string(to_string(got.kind)) + " with " +
                     std::to_string(got.count) + " points, oracle " + std::string(to_string(want.kind)) +
                     " with " + std::to_string(want.count) + ")",
                 std::string(to_string(want.kind)));
        return;
    }
    for (int i = 0; i < want.count && i < 2; ++i) {
        const auto k = static_cast<std::size_t>(i);
        if (!point_within(got.points[k], want.points[k], max_ulps))
            disagree(target, c, point_wrong(got.points[k]),
                     "point " + std::to_string(i) + " is " + point_text(got.points[k]) + ", oracle " +
                         point_text(want.points[k]) + " (more than " + std::to_string(max_ulps) + " ulps)",
                     std::string(to_string(want.kind)));
    }
}

template <class T>
void agree_segment_circle_points(const char* target, const Config<T>& c, const SegmentCirclePoints<T>& got,
                                 const SegmentCirclePoints<T>& want, std::uint64_t max_ulps) {
    const std::string expect = std::to_string(want.count) + " points";
    if (got.count != want.count) {
        disagree(target, c, Wrong::kind,
                 "wrong count (implementation " + std::to_string(got.count) + ", oracle " +
                     std::to_string(want.count) + ")",
                 expect);
        return;
    }
    for (int i = 0; i < want.count && i < 2; ++i) {
        const auto k = static_cast<std::size_t>(i);
        if (!point_within(got.points[k], want.points[k], max_ulps))
            disagree(target, c, point_wrong(got.points[k]),
                     "point " + std::to_string(i) + " is " + point_text(got.points[k]) + ", oracle " +
                         point_text(want.points[k]) + " (more than " + std::to_string(max_ulps) + " ulps)",
                     expect);
    }
}

template <class T>
void agree_segments(const char* target, const Config<T>& c, const SegmentIntersection<T>& got,
                    const SegmentIntersection<T>& want, std::uint64_t max_ulps) {
    const std::string expect(to_string(want.kind));
    if (got.kind != want.kind) {
        disagree(
            target, c, Wrong::kind,
            "wrong kind (implementation " + std::string(to_string(got.kind)) + ", oracle " + expect + ")",
            expect);
        return;
    }
    const int n = want.kind == SegmentKind::none ? 0 : want.kind == SegmentKind::point ? 1 : 2;
    for (int i = 0; i < n; ++i) {
        const auto k = static_cast<std::size_t>(i);
        if (!point_within(got.points[k], want.points[k], max_ulps))
            disagree(target, c, point_wrong(got.points[k]),
                     "point " + std::to_string(i) + " is " + point_text(got.points[k]) + ", oracle " +
                         point_text(want.points[k]) + " (more than " + std::to_string(max_ulps) + " ulps)",
                     expect);
    }
}

// ---------------------------------------------------------------------------
// The two kinds of target.

/// Robust predicate against the oracle. Invalid input (the oracle has no
/// truth for it) must give robust.hpp's documented answer, false.
template <Primitive P, class T, class Impl, class Truth>
void check_robust_predicate(const char* target, const Config<T>& c, Impl impl, Truth truth) {
    const bool got = call<P>(c.args, impl);
    if (!is_valid(c)) {
        note_feature(feature::invalid);
        if (got) disagree(target, c, Wrong::invalid, "invalid input gave true; robust.hpp documents false", "invalid_input");
        return;
    }
    const bool want = call<P>(c.args, truth);
    note_outcome(c, want);
    agree_predicate(target, c, got, want);
}

/// Robust construction against the oracle, 0 ulps (robust.hpp promises
/// correctly rounded points). Invalid input must give kind none / count 0
/// with every point (0, 0).
template <Primitive P, class T, class Impl, class Truth>
void check_robust_construction(const char* target, const Config<T>& c, Impl impl, Truth truth) {
    const auto got = call<P>(c.args, impl);
    if (!is_valid(c)) {
        bool documented = got.points[0] == Vec2<T>{} && got.points[1] == Vec2<T>{};
        if constexpr (P == Primitive::segment_circle_points)
            documented = documented && got.count == 0;
        else if constexpr (P == Primitive::circle_intersections)
            documented = documented && got.count == 0 && got.kind == CircleKind::none;
        else
            documented = documented && got.kind == SegmentKind::none;
        note_feature(feature::invalid);
        if (!documented)
            disagree(target, c, Wrong::invalid, "invalid input did not give robust.hpp's documented empty result",
                     "invalid_input");
        return;
    }
    const auto want = call<P>(c.args, truth);
    if constexpr (P == Primitive::segment_circle_points)
        note_outcome(c, want.count);
    else
        note_outcome(c, static_cast<int>(want.kind));
    constexpr std::uint64_t max_ulps = 0;
    if constexpr (P == Primitive::circle_intersections)
        agree_circles(target, c, got, want, max_ulps);
    else if constexpr (P == Primitive::segment_circle_points)
        agree_segment_circle_points(target, c, got, want, max_ulps);
    else
        agree_segments(target, c, got, want, max_ulps);
}

/// Tutorial predicate against the oracle; invalid input is skipped (the
/// tutorials promise nothing for it and the oracle has no truth).
template <Primitive P, class T, class Impl, class Truth>
void check_tutorial_predicate(const char* target, const Config<T>& c, Impl impl, Truth truth) {
    if (!is_valid(c)) return;
    const bool want = call<P>(c.args, truth);
    note_outcome(c, want);
    agree_predicate(target, c, call<P>(c.args, impl), want);
}

// ---------------------------------------------------------------------------
// The entry point.

/// The spec and name of the target linked into this executable (defined by
/// TOUCHSTONE_FUZZ_TARGET; the replay driver's --encode uses them).
const TargetSpec& this_target_spec();
const char* this_target_name();

/// Decodes in the precision the bytes select and runs Target::check.
template <class Target>
int run_one(const std::uint8_t* data, std::size_t size) {
    constexpr TargetSpec spec = Target::spec;
    if constexpr (spec.precisions == Precisions::f32_only) {
        Target::check(decode<float>(spec.primitive, data, size));
    } else if constexpr (spec.precisions == Precisions::f64_only) {
        Target::check(decode<double>(spec.primitive, data, size));
    } else {
        if (precision_of(spec, data, size) == Precision::f32)
            Target::check(decode<float>(spec.primitive, data, size));
        else
            Target::check(decode<double>(spec.primitive, data, size));
    }
    return 0;
}

}  // namespace touchstone::fuzz

/// Defines the libFuzzer entry points of one target (and, unless
/// TOUCHSTONE_FUZZ_NO_CUSTOM_MUTATOR is defined, its layout-aware mutator).
#define TOUCHSTONE_FUZZ_TARGET(Target)                                                                    \
    extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {                   \
        return ::touchstone::fuzz::run_one<Target>(data, size);                                           \
    }                                                                                                     \
    const ::touchstone::fuzz::TargetSpec& ::touchstone::fuzz::this_target_spec() { return Target::spec; } \
    const char* ::touchstone::fuzz::this_target_name() { return Target::name; }                           \
    TOUCHSTONE_FUZZ_DEFINE_MUTATOR(Target)
