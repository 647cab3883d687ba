// touchstone::properties — implementations as "case in, answer out", judged
// by the one judge (touchstone/judge.hpp).
//
// Every implementation under test (the robust core, a tutorial port, a
// mutant, a user's adapter) becomes an Impl<T>: the case's arguments in
// case-file order (docs/case-format.md) -> Answer<T>, which keeps the points
// in T so that the laws can map them under exact symmetries. Verdicts are
// touchstone::judge's: to_answer() widens an Answer<T> to a
// touchstone::Answer, and judge() below compares it with the exact answer
// under a touchstone::Claim. The properties only speak this shape, so one
// property runs unchanged on every implementation.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>

#include "touchstone/families/families.hpp"
#include "touchstone/geometry.hpp"
#include "touchstone/judge.hpp"
#include "touchstone/primitive.hpp"
#include "touchstone/validate.hpp"

namespace touchstone::properties {

template <class T>
using Args = std::array<T, max_fields>;

/// One implementation's answer to one case, with its points in T.
template <class T>
struct Answer {
    bool hit = false;  ///< predicates: the answer; constructions: a common point (not `contained`)
    int kind = 0;      ///< CircleKind / SegmentKind as int; segment_circle_points: count;
                       ///< a sign answer (orient2d): the sign, -1 0 +1
    int count = 0;     ///< valid entries of `points`
    std::array<Vec2<T>, 2> points{};
};

template <class T>
using Impl = std::function<Answer<T>(const Args<T>&)>;

// ----- answers of each form ------------------------------------------------------

template <class T>
Answer<T> answer_of(bool hit) {
    Answer<T> r;
    r.hit = hit;
    return r;
}
template <class T>
Answer<T> answer_of(int sign) {
    Answer<T> r;
    r.kind = sign > 0 ? 1 : sign < 0 ? -1 : 0;
    return r;
}
template <class T>
Answer<T> answer_of(const CircleIntersection<T>& x) {
    Answer<T> r;
    r.kind = static_cast<int>(x.kind);
    // docs/judging.md: contained circles share no point, so they are no hit.
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

/// A ray cast (AnswerForm::fraction): hit, and t held as points[0].x
/// (points[0].y = 0; kind and count 1 on a hit, 0 on a miss), as the judge's
/// touchstone::to_answer(RayHit) holds it. t is invariant under the exact
/// symmetries: the laws compare it unmapped (symmetry.hpp, maps_points).
template <class T>
Answer<T> answer_of(const RayHit<T>& x) {
    Answer<T> r;
    r.hit = x.hit;
    r.kind = x.hit ? 1 : 0;
    r.count = x.hit ? 1 : 0;
    if (x.hit) r.points[0] = {x.t, T(0)};
    return r;
}

/// The answer as the judge holds it (points widened to double, exactly).
template <class T>
touchstone::Answer to_answer(Primitive p, const Answer<T>& a) {
    if (is_predicate(p)) return touchstone::to_answer(a.hit);
    touchstone::Answer out;
    out.hit = a.hit;
    out.kind = a.kind;
    out.count = a.count < 0 ? 0 : a.count > 2 ? 2 : a.count;
    for (int i = 0; i < out.count; ++i) {
        const auto k = static_cast<std::size_t>(i);
        out.pts[2 * k] = static_cast<double>(a.points[k].x);
        out.pts[2 * k + 1] = static_cast<double>(a.points[k].y);
    }
    return out;
}

/// An implementation of P from a function of P's signature (Signature<P, T>
/// of primitive.hpp): the typed unpacker builds the shapes, answer_of reads
/// the result whatever its form.
template <Primitive P, class T, class F>
Impl<T> impl_of(F f) {
    return [f](const Args<T>& a) { return answer_of<T>(invoke<P>(a.data(), f)); };
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
/// robust core's documented empty answer (touchstone::empty_answer) on
/// invalid input. What the robust core must equal; the stand-in for it
/// where the core itself is not wanted.
template <class T>
Impl<T> reference_impl(Primitive p);

/// The exact oracle's answer with its points in T (precondition: valid
/// input; the oracle throws oracle::InvalidInput otherwise). The judge's
/// form of it is touchstone::exact_answer.
template <class T>
Answer<T> oracle_answer(Primitive p, const Args<T>& a);

// ----- judging ---------------------------------------------------------------

using touchstone::Claim;
using touchstone::Judgement;
using touchstone::Verdict;

/// The precision tag of T.
template <class T>
constexpr Precision precision_of() {
    return sizeof(T) == sizeof(float) ? Precision::f32 : Precision::f64;
}

/// The claim the suite holds the robust core to: closed shapes, points
/// correctly rounded (0 ulps), the empty answer on invalid input.
inline Claim robust_claim() {
    Claim c = touchstone::closed();
    c.empty_on_invalid = true;
    return c;
}

/// A claim with constructed points allowed `ulps` ulps (tutorial ports,
/// ulp-distribution surveys), otherwise closed.
inline Claim closed_within_point_ulps(std::uint64_t ulps) {
    return touchstone::closed().points_within_ulps(ulps);
}

/// touchstone::judge for one case: `got` against the exact answer, under
/// `claim`. Invalid input gives invalid_input, or wrong_on_invalid when the
/// claim promises the empty answer and `got` is something else.
template <class T>
Judgement judge(Primitive p, const Args<T>& a, const Answer<T>& got, const Claim& claim);

/// Where the exact truth of a valid case lies: strictly inside (hit), exactly
/// on the boundary (touching: tangency, an endpoint on the circle, a contact
/// at an endpoint or along a collinear overlap), or strictly outside (miss).
/// Coincident circles are a hit, not a boundary.
enum class Contact : std::uint8_t { miss, hit, boundary };
std::string_view to_string(Contact c);

/// Exact (precondition: valid input): boundary when the oracle's separation
/// from the decision boundary is 0 (oracle::within_band with band 0), else
/// the exact answer's hit.
template <class T>
Contact contact(Primitive p, const Args<T>& a);

/// Whether every point a construction returned lies on each of its
/// operands, checked exactly: a point p that is at most `ulp_bound` ulps
/// (plus the half ulp of rounding) from an exact common point q has
/// |p - q| <= h with h = (ulp_bound + 1/2) (ulp(p.x) + ulp(p.y)); so
/// | |p - c| - r | <= h for each circle (constructions meet circumferences)
/// and dist(p, s) <= h for each segment and point, compared with rationals.
/// NaN fails; a point with a coordinate rounded to +-inf (exact value beyond
/// T's range) cannot be measured and is skipped. Predicates: true.
template <class T>
bool points_on_shapes(Primitive p, const Args<T>& a, const Answer<T>& answer,
                      std::uint64_t ulp_bound);

// ----- surveys (no RapidCheck) ------------------------------------------------

/// Disagreements of an implementation with the oracle over `n` cases drawn
/// with families::draw (SplitMix64 from `seed`), invalid cases skipped.
struct Survey {
    long cases = 0;          ///< valid cases evaluated
    long disagreements = 0;  ///< cases where `counts` said yes
    long first = 0;          ///< 1-based index (among valid cases) of the first one; 0: none
    std::string first_case;  ///< describe() of the first one
    std::string first_verdict;
};

/// `counts(recipe, args, judgement)` decides which disagreements count (all
/// wrong ones when empty); the survey stops at the first when
/// `stop_at_first`. Judged under `claim`.
template <class T>
Survey survey(
    Primitive p, families::Family f, const Impl<T>& impl, long n, std::uint64_t seed,
    bool stop_at_first = false,
    std::function<bool(const families::Recipe&, const Args<T>&, const Judgement&)> counts = {},
    const Claim& claim = touchstone::closed());

extern template Survey survey<float>(
    Primitive, families::Family, const Impl<float>&, long, std::uint64_t, bool,
    std::function<bool(const families::Recipe&, const Args<float>&, const Judgement&)>,
    const Claim&);
extern template Survey survey<double>(
    Primitive, families::Family, const Impl<double>&, long, std::uint64_t, bool,
    std::function<bool(const families::Recipe&, const Args<double>&, const Judgement&)>,
    const Claim&);
extern template bool points_on_shapes<float>(Primitive, const Args<float>&, const Answer<float>&,
                                             std::uint64_t);
extern template bool points_on_shapes<double>(Primitive, const Args<double>&, const Answer<double>&,
                                              std::uint64_t);
extern template Impl<float> reference_impl<float>(Primitive);
extern template Impl<double> reference_impl<double>(Primitive);
extern template Impl<float> robust_impl<float>(Primitive);
extern template Impl<double> robust_impl<double>(Primitive);
extern template Answer<float> oracle_answer<float>(Primitive, const Args<float>&);
extern template Answer<double> oracle_answer<double>(Primitive, const Args<double>&);
extern template Judgement judge<float>(Primitive, const Args<float>&, const Answer<float>&,
                                       const Claim&);
extern template Judgement judge<double>(Primitive, const Args<double>&, const Answer<double>&,
                                        const Claim&);
extern template Contact contact<float>(Primitive, const Args<float>&);
extern template Contact contact<double>(Primitive, const Args<double>&);

}  // namespace touchstone::properties
