// Textbook capsule tests: capsules_overlap and capsule_hits_disk as C.
// Ericson presents them, evaluated in the input's own floating type, bugs
// kept (they are what the audit shows).
//
// Source: C. Ericson, "Real-Time Collision Detection" (Morgan Kaufmann,
// 2005):
//   * 5.1.2.1 SqDistPointSegment: squared distance from c to segment ab,
//     e = ac.ab; e <= 0: |ac|^2; e >= |ab|^2: |bc|^2; else |ac|^2 - e^2/|ab|^2;
//   * 5.1.9 ClosestPtSegmentSegment: the closest points of two segments
//     from the parameters s, t of the two lines, clamped to [0, 1], with its
//     EPSILON test for degenerate (point) segments and denom = 0 for
//     parallel ones (then s = 0 and t follows);
//   * 4.5.1 TestSphereCapsule / TestCapsuleCapsule: dist2 <= (r1 + r2)^2.
// The book leaves EPSILON to the reader; it is 1e-6 here (for float and
// double), compared with squared lengths, as in the book.
// Written for touchstone from the book's description; not copied.
//
// Bugs kept:
//   * segments with squared length <= EPSILON are taken for points: tiny
//     capsules (coordinates below ~1e-3) lose their length: false misses;
//   * near tangency the rounded squared distance and the rounded
//     (r1 + r2)^2 decide the boundary: exact tangency and near tangency
//     come out on either side;
//   * |ac|^2 - e^2/|ab|^2 cancels catastrophically for a point near the
//     line of a long segment (negative squared distances included);
//   * nearly parallel segments: denom = a e - b^2 is all rounding error, s
//     is garbage before the clamp, and the closest points can be far from
//     the true ones;
//   * squares overflow to inf (inf - inf = NaN: a NaN distance compares
//     false, a miss) or underflow to 0 (a hit for points apart).
// See docs/tutorials.md (textbook implementations).
#pragma once

#include "touchstone/geometry.hpp"

namespace touchstone::textbook {

namespace detail {
template <class T>
T dot(Vec2<T> p, Vec2<T> q) {
    return p.x * q.x + p.y * q.y;
}
template <class T>
Vec2<T> sub(Vec2<T> p, Vec2<T> q) {
    return {p.x - q.x, p.y - q.y};
}
template <class T>
Vec2<T> add_scaled(Vec2<T> p, Vec2<T> d, T k) {
    return {p.x + d.x * k, p.y + d.y * k};
}
template <class T>
T clamp01(T v) {
    return v < T(0) ? T(0) : v > T(1) ? T(1) : v;
}
}  // namespace detail

/// Ericson 5.1.2.1 SqDistPointSegment(a, b, c).
template <class T>
T sq_dist_point_segment(Vec2<T> a, Vec2<T> b, Vec2<T> c) {
    using namespace detail;
    const Vec2<T> ab = sub(b, a), ac = sub(c, a), bc = sub(c, b);
    const T e = dot(ac, ab);
    // Handle cases where c projects outside ab
    if (e <= T(0)) return dot(ac, ac);
    const T f = dot(ab, ab);
    if (e >= f) return dot(bc, bc);
    // Handle cases where c projects onto ab
    return dot(ac, ac) - e * e / f;
}

/// Ericson 5.1.9 ClosestPtSegmentSegment(p1, q1, p2, q2): the squared
/// distance between the closest points of segments p1q1 and p2q2.
template <class T>
T closest_pt_segment_segment(Vec2<T> p1, Vec2<T> q1, Vec2<T> p2, Vec2<T> q2) {
    using namespace detail;
    constexpr T epsilon = T(1e-6);
    const Vec2<T> d1 = sub(q1, p1);  // direction of segment S1
    const Vec2<T> d2 = sub(q2, p2);  // direction of segment S2
    const Vec2<T> r = sub(p1, p2);
    const T a = dot(d1, d1);  // squared length of S1
    const T e = dot(d2, d2);  // squared length of S2
    const T f = dot(d2, r);
    T s, t;
    // Both segments degenerate into points
    if (a <= epsilon && e <= epsilon) {
        const Vec2<T> c = sub(p1, p2);
        return dot(c, c);
    }
    if (a <= epsilon) {
        // First segment degenerates into a point
        s = T(0);
        t = clamp01(f / e);
    } else {
        const T c = dot(d1, r);
        if (e <= epsilon) {
            // Second segment degenerates into a point
            t = T(0);
            s = clamp01(-c / a);
        } else {
            // The general nondegenerate case
            const T b = dot(d1, d2);
            const T denom = a * e - b * b;  // always nonnegative
            // If segments not parallel, compute closest point on L1 to L2 and
            // clamp to segment S1. Else pick arbitrary s (here 0)
            if (denom != T(0))
                s = clamp01((b * f - c * e) / denom);
            else
                s = T(0);
            // Compute point on L2 closest to S1(s)
            t = (b * s + f) / e;
            // If t in [0,1] done. Else clamp t, recompute s for the new value of t
            if (t < T(0)) {
                t = T(0);
                s = clamp01(-c / a);
            } else if (t > T(1)) {
                t = T(1);
                s = clamp01((b - c) / a);
            }
        }
    }
    const Vec2<T> c1 = add_scaled(p1, d1, s);
    const Vec2<T> c2 = add_scaled(p2, d2, t);
    const Vec2<T> d = sub(c1, c2);
    return dot(d, d);
}

/// Ericson 4.5.1 TestCapsuleCapsule.
template <class T>
bool capsules_overlap(Capsule<T> c1, Capsule<T> c2) {
    // Compute (squared) distance between the inner structures of the capsules
    const T dist2 = closest_pt_segment_segment(c1.s.a, c1.s.b, c2.s.a, c2.s.b);
    // If (squared) distance smaller than (squared) sum of radii, they collide
    const T radius = c1.r + c2.r;
    return dist2 <= radius * radius;
}

/// Ericson 4.5.1 TestSphereCapsule (a sphere is a disk here).
template <class T>
bool capsule_hits_disk(Capsule<T> k, Circle<T> c) {
    // Compute (squared) distance between sphere center and capsule line segment
    const T dist2 = sq_dist_point_segment(k.s.a, k.s.b, c.c);
    // If (squared) distance smaller than (squared) sum of radii, they collide
    const T radius = c.r + k.r;
    return dist2 <= radius * radius;
}

}  // namespace touchstone::textbook
