// Tutorial 004, 「円と円の交点」 ("the intersection points of two circles"),
// from the series 「無職はゲーム数学の勉強をする」: TypeScript (`number` is an
// IEEE double, so the default T is double). intercect(circle1, circle2)
// returns {hit, pos}: no hit when r1 + r2 < |C1C2|; no points when
// |C1C2| < |r1 - r2|; one point when |C1C2| === r1 + r2 or === |r1 - r2|;
// else two points by the law of cosines. See docs/tutorials.md.
// Bugs kept: the exact `===` tests for tangency almost never fire, so
// near-tangent pairs fall through to sqrt(b^2 - rc^2) of a slightly negative
// number => NaN points (or the wrong kind); two zero radii at one centre give
// a = 0 === r1 + r2 and normalize(0) => NaN point; identical circles of
// radius > 0 give a = 0 === |r1 - r2| and one NaN point where the truth is
// coincident; the magnitude sqrt(x*x+y*y) overflows past 1.3e154.
#pragma once

#include <array>
#include <cmath>

#include "touchstone/tutorial/detail.hpp"

namespace touchstone::tutorial {

/// IIntercectResult of the tutorial: `hit` and the points pushed to `pos`.
template <class T>
struct TutorialCircleHit {
    bool hit{false};
    int count{0};
    std::array<Vec2<T>, 2> pos{};
};

/// intercect(circle1, circle2) of tutorial 004, operation for operation.
/// Vector2.magnitude and .normalize are not shown; plainest reading:
/// sqrt(x*x + y*y) and v / |v|. `a**2` is a*a (see detail::pow2).
template <class T = double>
TutorialCircleHit<T> circle_intersections_004(Circle<T> circle1, Circle<T> circle2) {
    TutorialCircleHit<T> result;
    const Vec2<T> C1 = circle1.c;
    const Vec2<T> C2 = circle2.c;
    const Vec2<T> vC1C2{C2.x - C1.x, C2.y - C1.y};
    const T a = detail::length(vC1C2);

    const T sumR = circle1.r + circle2.r;
    if (sumR < a) return result;
    result.hit = true;

    const T subR = std::fabs(circle1.r - circle2.r);
    if (a < subR) return result;

    if (a == sumR) {  // `a === sumR`
        const Vec2<T> n = detail::normalize(vC1C2);
        result.pos[result.count++] = {circle1.c.x + n.x * circle1.r, circle1.c.y + n.y * circle1.r};
        return result;
    }
    if (a == subR) {  // `a === subR`
        const Vec2<T> n = detail::normalize(vC1C2);
        const bool isLarge = circle1.r > circle2.r;
        const T s = isLarge ? circle1.r : -circle1.r;
        result.pos[result.count++] = {circle1.c.x + n.x * s, circle1.c.y + n.y * s};
        return result;
    }

    const T b = circle1.r;
    const T c = circle2.r;
    // (a**2 + b**2 - c**2) / (2 * a * b), left to right as JavaScript does.
    const T cos = (detail::pow2(a) + detail::pow2(b) - detail::pow2(c)) / (T(2) * a * b);
    const T rc = b * cos;
    const T rs = std::sqrt(detail::pow2(b) - detail::pow2(rc));
    const Vec2<T> n1 = detail::normalize(vC1C2);
    const Vec2<T> n2{-n1.y, n1.x};
    const Vec2<T> tn1{n1.x * rc, n1.y * rc};
    const Vec2<T> sn2{n2.x * rs, n2.y * rs};
    // circle1.p.clone().add(tn1).add(sn2) and ...sub(sn2)
    result.pos[result.count++] = {(circle1.c.x + tn1.x) + sn2.x, (circle1.c.y + tn1.y) + sn2.y};
    result.pos[result.count++] = {(circle1.c.x + tn1.x) - sn2.x, (circle1.c.y + tn1.y) - sn2.y};
    return result;
}

/// Reads the tutorial's {hit, pos} as a classification, for auditing against the
/// exact kind: no hit -> none; hit with no point -> contained; one point ->
/// one; two points -> two. (The tutorial has no notion of coincident circles.)
template <class T>
CircleIntersection<T> as_construction(const TutorialCircleHit<T>& h) {
    CircleIntersection<T> r;
    r.count = h.count;
    r.points = h.pos;
    if (!h.hit) {
        r.kind = CircleKind::none;
    } else if (h.count == 0) {
        r.kind = CircleKind::contained;
    } else if (h.count == 1) {
        r.kind = CircleKind::one;
    } else {
        r.kind = CircleKind::two;
    }
    return r;
}

}  // namespace touchstone::tutorial
