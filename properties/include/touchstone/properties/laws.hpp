// touchstone::properties — the laws, as RapidCheck properties over any
// implementation (Impl<T>): agreement with the oracle, exact symmetries,
// monotonicity in the radius, cross-primitive consistency. The gate runs them
// on the robust core; the teeth run them on the tutorial ports and on the
// mutants, where they must fail; users' conformance tests run them on their
// registered functions, under the claim each was registered with.
//
// Which operands a symmetry swaps, which fields are points and radii, is
// read from the table (primitive.hpp). Agreement is judged by the one judge
// (touchstone::judge) under a Claim. The laws that compare an implementation
// with itself (symmetries, monotonicity) or with its partner primitive are
// claim-independent except for the claim's tolerance: a case within the
// tolerance band of its decision boundary may go either way, so it is
// skipped; constructed points are compared within twice the claim's point
// ulps (each image is that close to the same exact point).
//
// Each law returns a nullary callable for run_property(): it draws its case
// with *recipe_of<T>(...) and fails with RC_FAIL(case_report(...)), after
// note_counterexample(), so a failure prints the recipe, the case line and
// the replay command, and the runner knows the shrunk recipe.
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <functional>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include <rapidcheck.h>

#include "touchstone/families/families.hpp"
#include "touchstone/oracle/oracle.hpp"
#include "touchstone/properties/answers.hpp"
#include "touchstone/properties/gen.hpp"
#include "touchstone/properties/run.hpp"
#include "touchstone/properties/symmetry.hpp"

namespace touchstone::properties {

// ----- agreement ---------------------------------------------------------------

/// Options of agrees_with_oracle.
struct AgreementOptions {
    /// What the implementation is held to: by default the robust core's
    /// claim (closed, points correctly rounded, the empty answer on invalid
    /// input).
    Claim claim = robust_claim();
    /// Invalid cases are judged (wrong_on_invalid when the claim promises the
    /// empty answer); when false they are skipped (the tutorial ports have no
    /// invalid-input contract).
    bool check_invalid = true;
    /// Judge only cases whose exact truth is strictly inside or outside (to
    /// separate "near-tangency misjudged" from "boundary contact missed").
    bool skip_boundary = false;
    /// Restricts the generated recipes (gen::suchThat; shrinking keeps it).
    std::function<bool(const Recipe&)> where;
};

/// impl == oracle on cases of `fams`, by touchstone::judge under opt.claim;
/// a wrong answer the claim's tolerance excuses passes. Tags: family x exact
/// contact class.
template <class T>
auto agrees_with_oracle(Primitive p, Impl<T> impl, std::vector<Family> fams,
                        AgreementOptions opt = {}) {
    rc::Gen<Recipe> gen = recipe_of<T>(p, fams);
    if (opt.where) gen = rc::gen::suchThat(gen, opt.where);
    return [p, impl, gen, opt] {
        const Recipe r = *gen;
        const Args<T> a = families::realize<T>(p, r);
        const std::string fam(families::to_string(r.family));
        if (!touchstone::valid_input(p, a.data())) {
            RC_TAG(fam, std::string("invalid"));
            if (!opt.check_invalid) return;
        } else {
            const Contact c = contact<T>(p, a);
            RC_TAG(fam, std::string(to_string(c)));
            if (opt.skip_boundary && c == Contact::boundary) return;
        }
        const Judgement j = judge<T>(p, a, impl(a), opt.claim);
        if (j.fails()) {
            note_counterexample(r, to_string(j.verdict));
            RC_FAIL(case_report(p, r, a,
                                j.verdict == Verdict::wrong_on_invalid
                                    ? std::string("invalid input without the documented answer")
                                    : "disagrees with the oracle: " + j.text()));
        }
    };
}

/// Valid input never yields a NaN coordinate in a constructed point (the
/// audit's "NaN outputs" column, as a law).
template <class T>
auto points_are_numbers(Primitive p, Impl<T> impl, std::vector<Family> fams,
                        std::function<bool(const Recipe&)> where = {}) {
    rc::Gen<Recipe> gen = recipe_of<T>(p, fams);
    if (where) gen = rc::gen::suchThat(gen, where);
    return [p, impl, gen] {
        const Recipe r = *gen;
        const Args<T> a = families::realize<T>(p, r);
        if (!touchstone::valid_input(p, a.data())) return;
        const Answer<T> got = impl(a);
        RC_TAG(std::to_string(got.count) + " points");
        for (int i = 0; i < got.count && i < 2; ++i) {
            const Vec2<T> q = got.points[static_cast<std::size_t>(i)];
            if (std::isnan(q.x) || std::isnan(q.y)) {
                note_counterexample(r, "nan");
                RC_FAIL(case_report(p, r, a, "a constructed point is NaN"));
            }
        }
    };
}

// ----- exact symmetries (kernels in symmetry.hpp) ------------------------------------

/// Sorted copy of the returned points (constructions order them by
/// conventions a symmetry may reverse; the set is what must be invariant).
template <class T>
std::vector<std::pair<T, T>> point_set(const Answer<T>& a) {
    std::vector<std::pair<T, T>> v;
    for (int i = 0; i < a.count && i < 2; ++i)
        v.emplace_back(a.points[static_cast<std::size_t>(i)].x,
                       a.points[static_cast<std::size_t>(i)].y);
    std::sort(v.begin(), v.end());
    return v;
}

/// Whether a valid case lies within the claim's tolerance band of its
/// decision boundary, where the claim lets the answer go either way.
template <class T>
bool within_tolerance(Primitive p, const Args<T>& a, const Claim& claim) {
    if (!claim.tolerance.any()) return false;
    std::array<double, max_fields> d{};
    for (std::size_t i = 0; i < d.size(); ++i) d[i] = static_cast<double>(a[i]);
    return oracle::within_band(p, a.data(), claim.tolerance.band(p, precision_of<T>(), d.data()));
}

/// Whether a valid case lies exactly on its decision boundary, where an
/// open() claim's predicates and the (always closed) constructions differ.
template <class T>
bool exactly_touching(Primitive p, const Args<T>& a) {
    return oracle::within_band(p, a.data(), 0.0);
}

/// Every exact symmetry leaves the answer unchanged (a sign answer: negated
/// under the symmetries that reverse it, reverses_answer): the same predicate
/// value; the same construction kind and count, and the image of the point
/// set within twice the claim's point ulps (checked when no point is
/// subnormal, where rounding is not scale-invariant). Cases within the
/// claim's tolerance band (the case or its image) are skipped.
template <class T>
auto symmetric_answers(Primitive p, Impl<T> impl, std::vector<Family> fams,
                       Claim claim = touchstone::closed()) {
    const rc::Gen<Recipe> gen = recipe_of<T>(p, fams);
    const std::vector<Symmetry> syms = symmetries(p);
    return [p, impl, gen, syms, claim] {
        const Recipe r = *gen;
        const Symmetry s = *rc::gen::elementOf(syms);
        const int k = *rc::gen::element(1, -1, 2, -2, 7, -7, 30, -30);
        const Args<T> a = families::realize<T>(p, r);
        Args<T> b{};
        if (!touchstone::valid_input(p, a.data()) || !map_case<T>(p, s, k, a, b)) {
            RC_TAG(std::string(to_string(s)), std::string("skipped"));
            return;
        }
        if (within_tolerance(p, a, claim) || within_tolerance(p, b, claim)) {
            RC_TAG(std::string(to_string(s)), std::string("within the tolerance"));
            return;
        }
        RC_TAG(std::string(to_string(s)));
        Answer<T> x = impl(a);
        const Answer<T> y = impl(b);
        if (reverses_answer(p, s)) x.kind = -x.kind;
        bool same = x.hit == y.hit && x.kind == y.kind && x.count == y.count;
        if (same && is_construction(p)) {
            Answer<T> mapped = x;
            bool comparable = true;
            for (int i = 0; i < x.count && i < 2; ++i) {
                auto& q = mapped.points[static_cast<std::size_t>(i)];
                if (!is_fraction(p)) q = map_point<T>(s, q, k);  // a ray's t is invariant
                comparable = comparable && normal_or_zero(q.x) && normal_or_zero(q.y) &&
                             normal_or_zero(x.points[static_cast<std::size_t>(i)].x) &&
                             normal_or_zero(x.points[static_cast<std::size_t>(i)].y);
            }
            if (comparable)
                same = same_points(point_set(mapped), point_set(y), 2 * claim.point_ulps);
        }
        if (!same) {
            note_counterexample(r);
            RC_FAIL(case_report(
                p, r, a,
                std::string("answer changes under ") + to_string(s) +
                    (s == Symmetry::scale_pow2 ? " (k=" + std::to_string(k) + ")" : "")));
        }
    };
}

// ----- monotonicity ------------------------------------------------------------

/// A larger radius never turns a hit into a miss: one radius grown by k ulps
/// or doubled. Holds for open and closed disks alike; cases where either
/// radius lies within the claim's tolerance band are skipped.
template <class T>
auto monotone_in_radius(Primitive p, Impl<T> impl, std::vector<Family> fams,
                        Claim claim = touchstone::closed()) {
    const rc::Gen<Recipe> gen = recipe_of<T>(p, fams);
    return [p, impl, gen, claim] {
        const Recipe r = *gen;
        const Args<T> a = families::realize<T>(p, r);
        if (!touchstone::valid_input(p, a.data())) return;
        std::vector<int> radii;
        for (int i = 0; i < arity(p); ++i)
            if (is_radius(p, i)) radii.push_back(i);
        const int which = *rc::gen::elementOf(radii);
        const int grow = *rc::gen::element(1, 2, 3, 8, 0);  // 0: double it
        Args<T> b = a;
        T& rad = b[static_cast<std::size_t>(which)];
        rad = grow == 0 ? rad * 2 : step_ulps(rad, grow);
        if (!std::isfinite(rad)) return;
        if (within_tolerance(p, a, claim) || within_tolerance(p, b, claim)) {
            RC_TAG(std::string("within the tolerance"));
            return;
        }
        const bool before = impl(a).hit, after = impl(b).hit;
        RC_TAG(std::string(before ? "hit" : "miss"));
        if (before && !after) {
            note_counterexample(r);
            RC_FAIL(case_report(
                p, r, a,
                "a larger " + std::string(arg_name(p, which)) + " (" +
                    (grow == 0 ? std::string("doubled") : "+" + std::to_string(grow) + " ulps") +
                    ") turns the hit into a miss"));
        }
    };
}

// ----- cross-primitive consistency ------------------------------------------------

/// A zero-length segment vs a disk is point_in_disk: over point_in_disk's
/// families, segment_hits_disk(P, P, C, r) == point_in_disk(P, C, r).
template <class T>
auto zero_length_segment_is_a_point(Impl<T> segment_hits_disk, Impl<T> point_in_disk) {
    const rc::Gen<Recipe> gen =
        recipe_of<T>(Primitive::point_in_disk, valid_families(Primitive::point_in_disk));
    return [segment_hits_disk, point_in_disk, gen] {
        const Recipe r = *gen;
        const Args<T> a = families::realize<T>(Primitive::point_in_disk, r);
        const Args<T> s{a[0], a[1], a[0], a[1], a[2], a[3], a[4], 0};
        const bool seg = segment_hits_disk(s).hit, pt = point_in_disk(a).hit;
        RC_TAG(std::string(pt ? "hit" : "miss"));
        if (seg != pt) {
            note_counterexample(r);
            RC_FAIL(case_report(Primitive::segment_hits_disk, r, s,
                                "zero-length segment_hits_disk != point_in_disk"));
        }
    };
}

/// The predicate agrees with its construction: the construction's kind is
/// anything but none (0 in every answer form: CircleKind::none,
/// SegmentKind::none, no points) exactly when the predicate is true (so
/// contained circles are overlapping disks). `construction` names the
/// primitive whose families are drawn. Under an open() claim of the
/// predicate, exact touching is skipped (constructions are always closed);
/// cases within either claim's tolerance band are skipped.
template <class T>
auto predicate_matches_construction(Primitive construction, Impl<T> construct, Impl<T> predicate,
                                    Claim construction_claim = touchstone::closed(),
                                    Claim predicate_claim = touchstone::closed()) {
    const rc::Gen<Recipe> gen = recipe_of<T>(construction, valid_families(construction));
    return [construction, construct, predicate, gen, construction_claim, predicate_claim] {
        const Recipe r = *gen;
        const Args<T> a = families::realize<T>(construction, r);
        if (within_tolerance(construction, a, construction_claim) ||
            within_tolerance(construction, a, predicate_claim) ||
            (predicate_claim.boundary == Boundary::open && exactly_touching(construction, a))) {
            RC_TAG(std::string("excused by the claims"));
            return;
        }
        const Answer<T> c = construct(a);
        const bool pred = predicate(a).hit;
        const bool from_construction = c.kind != 0;
        RC_TAG(std::string(pred ? "hit" : "miss"));
        if (pred != from_construction) {
            note_counterexample(r);
            RC_FAIL(case_report(construction, r, a,
                                "the predicate and the construction's kind disagree"));
        }
    };
}

/// Every returned point lies on both shapes, within the stated ulp bound
/// (plus the half ulp of rounding), checked exactly (points_on_shapes).
template <class T>
auto points_lie_on_both_shapes(Primitive p, Impl<T> impl, std::uint64_t ulp_bound) {
    const rc::Gen<Recipe> gen = recipe_of<T>(p, valid_families(p));
    return [p, impl, gen, ulp_bound] {
        const Recipe r = *gen;
        const Args<T> a = families::realize<T>(p, r);
        const Answer<T> got = impl(a);
        RC_TAG(std::to_string(got.count) + " points");
        if (!points_on_shapes<T>(p, a, got, ulp_bound)) {
            note_counterexample(r);
            RC_FAIL(case_report(p, r, a, "a returned point is off a shape by more than the bound"));
        }
    };
}

}  // namespace touchstone::properties
