// touchstone::properties — implementations as "case in, answer out", and the
// exact judgement of an answer against the oracle.
//
// Every implementation under test (the robust core, a tutorial port, a
// mutant, a user's adapter) becomes an Impl<T>: the case's arguments in the
// case-file order of DESIGN.md -> Answer<T>. The properties only speak this
// shape, so one property runs unchanged on every implementation.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>

#include "touchstone/families/families.hpp"
#include "touchstone/geometry.hpp"

namespace touchstone::properties {

template <class T>
using Args = std::array<T, 8>;

/// One implementation's answer to one case.
template <class T>
struct Answer {
    bool hit = false;  ///< predicates: the answer; constructions: kind != none
    int kind = 0;      ///< CircleKind / SegmentKind as int; segment_circle_points: count
    int count = 0;     ///< valid entries of `points`
    std::array<Vec2<T>, 2> points{};
};

template <class T>
using Impl = std::function<Answer<T>(const Args<T>&)>;

// ----- adapters: a function of the primitive's signature -> Impl ------------

/// bool f(Vec2<T>, Circle<T>)  — point_in_disk.
template <class T, class F>
Impl<T> point_disk_impl(F f) {
    return [f](const Args<T>& a) {
        Answer<T> r;
        r.hit = f(point_arg(&a[0]), circle_arg(&a[2]));
        return r;
    };
}
/// bool f(Circle<T>, Circle<T>)  — disks_overlap.
template <class T, class F>
Impl<T> two_circles_impl(F f) {
    return [f](const Args<T>& a) {
        Answer<T> r;
        r.hit = f(circle_arg(&a[0]), circle_arg(&a[3]));
        return r;
    };
}
/// bool f(Segment<T>, Circle<T>)  — segment_hits_disk, segment_meets_circle.
template <class T, class F>
Impl<T> segment_circle_impl(F f) {
    return [f](const Args<T>& a) {
        Answer<T> r;
        r.hit = f(segment_arg(&a[0]), circle_arg(&a[4]));
        return r;
    };
}
/// bool f(Segment<T>, Segment<T>)  — segments_intersect.
template <class T, class F>
Impl<T> two_segments_impl(F f) {
    return [f](const Args<T>& a) {
        Answer<T> r;
        r.hit = f(segment_arg(&a[0]), segment_arg(&a[4]));
        return r;
    };
}

template <class T>
Answer<T> answer_of(const CircleIntersection<T>& x) {
    Answer<T> r;
    r.kind = static_cast<int>(x.kind);
    r.hit = x.kind != CircleKind::none && x.kind != CircleKind::contained;
    r.count = x.count;
    r.points = x.points;
    return r;
}
template <class T>
Answer<T> answer_of(const SegmentCirclePoints<T>& x) {
    Answer<T> r;
    r.kind = x.count;
    r.hit = x.count > 0;
    r.count = x.count;
    r.points = x.points;
    return r;
}
template <class T>
Answer<T> answer_of(const SegmentIntersection<T>& x) {
    Answer<T> r;
    r.kind = static_cast<int>(x.kind);
    r.hit = x.kind != SegmentKind::none;
    r.count = x.kind == SegmentKind::none ? 0 : x.kind == SegmentKind::point ? 1 : 2;
    r.points = x.points;
    return r;
}

/// CircleIntersection<T> f(Circle<T>, Circle<T>).
template <class T, class F>
Impl<T> circle_construction_impl(F f) {
    return [f](const Args<T>& a) { return answer_of<T>(f(circle_arg(&a[0]), circle_arg(&a[3]))); };
}
/// SegmentCirclePoints<T> f(Segment<T>, Circle<T>).
template <class T, class F>
Impl<T> segment_circle_construction_impl(F f) {
    return [f](const Args<T>& a) { return answer_of<T>(f(segment_arg(&a[0]), circle_arg(&a[4]))); };
}
/// SegmentIntersection<T> f(Segment<T>, Segment<T>).
template <class T, class F>
Impl<T> segment_construction_impl(F f) {
    return [f](const Args<T>& a) { return answer_of<T>(f(segment_arg(&a[0]), segment_arg(&a[4]))); };
}

// ----- the implementations the suite knows ------------------------------------

/// Whether touchstone/robust.hpp was found when this library was built; when
/// false, robust_impl() is the oracle-backed stand-in (with the robust
/// core's documented invalid-input answers).
bool robust_core_available();

/// The robust core's primitive `p`.
template <class T>
Impl<T> robust_impl(Primitive p);

/// The oracle-backed reference: the oracle's answer on valid input, the
/// robust core's documented answer on invalid input. What the robust core
/// must equal; the stand-in for it where the core itself is not wanted.
template <class T>
Impl<T> reference_impl(Primitive p);

/// The exact oracle's answer; throws oracle::InvalidInput on invalid input.
template <class T>
Answer<T> oracle_answer(Primitive p, const Args<T>& a);

/// The robust core's documented answer on invalid input: predicates false,
/// constructions kind none, count 0, points (0, 0).
template <class T>
Answer<T> invalid_input_answer(Primitive p);

/// Whether every argument is in the valid domain (finite, radii >= 0).
template <class T>
bool valid_input(Primitive p, const Args<T>& a);

// ----- judging ---------------------------------------------------------------

enum class Verdict : std::uint8_t { ok, false_hit, false_miss, wrong_kind, nan, ulps };
std::string_view to_string(Verdict v);

struct Judgement {
    Verdict verdict = Verdict::ok;
    std::uint64_t ulps = 0;  ///< largest coordinate error of the points (constructions)
    bool ok() const { return verdict == Verdict::ok; }
    std::string text() const;  ///< "ok", "false_hit", "ulps:3", ...
};

/// Compares an answer with the oracle's: predicates by value; constructions
/// by kind, count, then every coordinate within `ulp_bound` ulps (NaN: nan).
template <class T>
Judgement judge(Primitive p, const Answer<T>& got, const Answer<T>& truth,
                std::uint64_t ulp_bound = 0);

/// Where the exact truth of a valid case lies: strictly inside (hit), exactly
/// on the boundary (touching: tangency, an endpoint on the circle, a contact
/// at an endpoint or along a collinear overlap), or strictly outside (miss).
enum class Contact : std::uint8_t { miss, hit, boundary };
std::string_view to_string(Contact c);

/// Exact, with rationals (precondition: valid input).
template <class T>
Contact contact(Primitive p, const Args<T>& a);

/// Whether every point a construction returned lies on both shapes, checked
/// exactly: a point p that is at most `ulp_bound` ulps (plus the half ulp of
/// rounding) from an exact common point q has |p - q| <= h with
/// h = (ulp_bound + 1/2) (ulp(p.x) + ulp(p.y)); so | |p - c| - r | <= h for
/// each circle and dist(p, segment) <= h for each segment, compared with
/// rationals. NaN fails; a point with a coordinate rounded to +-inf (exact
/// value beyond T's range) cannot be measured and is skipped. Predicates: true.
template <class T>
bool points_on_shapes(Primitive p, const Args<T>& a, const Answer<T>& answer, std::uint64_t ulp_bound);

// ----- surveys (no RapidCheck) ------------------------------------------------

/// Disagreements of an implementation with the oracle over `n` cases drawn
/// with families::draw (SplitMix64 from `seed`), invalid cases skipped.
struct Survey {
    long cases = 0;           ///< valid cases evaluated
    long disagreements = 0;   ///< cases where `counts` said yes
    long first = 0;           ///< 1-based index (among valid cases) of the first one; 0: none
    std::string first_case;   ///< describe() of the first one
    std::string first_verdict;
};

/// `counts(recipe, args, judgement)` decides which disagreements count (all
/// when empty); the survey stops at the first when `stop_at_first`.
template <class T>
Survey survey(Primitive p, families::Family f, const Impl<T>& impl, long n, std::uint64_t seed,
              bool stop_at_first = false,
              std::function<bool(const families::Recipe&, const Args<T>&, const Judgement&)> counts = {},
              std::uint64_t ulp_bound = 0);

extern template Survey survey<float>(Primitive, families::Family, const Impl<float>&, long, std::uint64_t, bool,
                                     std::function<bool(const families::Recipe&, const Args<float>&, const Judgement&)>,
                                     std::uint64_t);
extern template Survey survey<double>(Primitive, families::Family, const Impl<double>&, long, std::uint64_t, bool,
                                      std::function<bool(const families::Recipe&, const Args<double>&, const Judgement&)>,
                                      std::uint64_t);
extern template bool points_on_shapes<float>(Primitive, const Args<float>&, const Answer<float>&, std::uint64_t);
extern template bool points_on_shapes<double>(Primitive, const Args<double>&, const Answer<double>&, std::uint64_t);
extern template Impl<float> reference_impl<float>(Primitive);
extern template Impl<double> reference_impl<double>(Primitive);
extern template Impl<float> robust_impl<float>(Primitive);
extern template Impl<double> robust_impl<double>(Primitive);
extern template Answer<float> oracle_answer<float>(Primitive, const Args<float>&);
extern template Answer<double> oracle_answer<double>(Primitive, const Args<double>&);
extern template Answer<float> invalid_input_answer<float>(Primitive);
extern template Answer<double> invalid_input_answer<double>(Primitive);
extern template bool valid_input<float>(Primitive, const Args<float>&);
extern template bool valid_input<double>(Primitive, const Args<double>&);
extern template Judgement judge<float>(Primitive, const Answer<float>&, const Answer<float>&, std::uint64_t);
extern template Judgement judge<double>(Primitive, const Answer<double>&, const Answer<double>&, std::uint64_t);
extern template Contact contact<float>(Primitive, const Args<float>&);
extern template Contact contact<double>(Primitive, const Args<double>&);

}  // namespace touchstone::properties
