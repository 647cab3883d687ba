// Textbook box tests: boxes_overlap and segment_hits_box as the classic
// references present them, evaluated in the input's own floating type, bugs
// kept (they are what the audit shows). Written for touchstone from the
// books' descriptions; not copied.
//
// boxes_overlap — C. Ericson, "Real-Time Collision Detection" (2005),
// 4.2.1, the center-radius representation of an AABB: c = (min + max) / 2,
// r = (max - min) / 2 per axis, and "no overlap iff |ca - cb| > ra + rb" on
// some axis. (The min-max form of the same section compares inputs only,
// which is exact in floating point: the audit's robust rows are that test.)
// Bugs kept:
//   * centre and half-extent are rounded, so boxes that touch along an edge
//     or at a corner come out on either side (false misses), and boxes a
//     hair apart can overlap (false hits);
//   * min + max overflows for huge boxes: inf - inf = NaN, and NaN > x is
//     false, so the axis never separates: false hits.
//
// segment_hits_box — Ericson 5.3.3, "Intersecting Ray or Segment Against
// Box": the slab test on the segment p + t d, d = q - p, t in [0, 1]: per
// axis t1 = (min - p) / d, t2 = (max - p) / d, the interval [tmin, tmax]
// narrowed by min(t1, t2) and max(t1, t2), a miss when it is empty. Written
// branch-free, as engines ship it (Williams et al., "An Efficient and
// Robust Ray-Box Intersection Algorithm", JGT 2005; the book's EPSILON
// guard for |d| ~ 0 is the first thing such code drops): ood = 1 / d is
// +-inf for an axis-parallel segment. Bugs kept:
//   * the axis-parallel 0 * inf: a segment lying on the line of a box edge
//     (d = 0 on that axis, p exactly at min or max) gets t = 0 * inf = NaN,
//     and NaN poisons tmin / tmax (std::min and std::max return their first
//     argument when a comparison with NaN fails): the final tmin <= tmax is
//     false: a segment along an edge is a miss (false misses);
//   * the t values are rounded: a segment through a corner, or ending on an
//     edge, gets tmin a hair above tmax (false misses) or below (false hits
//     for a near miss);
//   * (min - p) * ood overflows or underflows for huge or tiny extents.
// See docs/tutorials.md (textbook implementations).
#pragma once

#include <algorithm>
#include <cmath>

#include "touchstone/geometry.hpp"

namespace touchstone::textbook {

/// Ericson 4.2.1 TestAABBAABB, center-radius form (from min/max boxes).
template <class T>
bool boxes_overlap(Box<T> a, Box<T> b) {
    const T half = T(0.5);
    const T ac[2] = {(a.lo.x + a.hi.x) * half, (a.lo.y + a.hi.y) * half};
    const T ar[2] = {(a.hi.x - a.lo.x) * half, (a.hi.y - a.lo.y) * half};
    const T bc[2] = {(b.lo.x + b.hi.x) * half, (b.lo.y + b.hi.y) * half};
    const T br[2] = {(b.hi.x - b.lo.x) * half, (b.hi.y - b.lo.y) * half};
    if (std::fabs(ac[0] - bc[0]) > (ar[0] + br[0])) return false;
    if (std::fabs(ac[1] - bc[1]) > (ar[1] + br[1])) return false;
    return true;
}

/// Ericson 5.3.3, the slab test on the segment pq, branch-free.
template <class T>
bool segment_hits_box(Segment<T> s, Box<T> b) {
    const T px[2] = {s.a.x, s.a.y};
    const T d[2] = {s.b.x - s.a.x, s.b.y - s.a.y};
    const T lo[2] = {b.lo.x, b.lo.y}, hi[2] = {b.hi.x, b.hi.y};
    T tmin = T(0), tmax = T(1);  // the segment: t in [0, 1]
    for (int i = 0; i < 2; ++i) {
        const T ood = T(1) / d[i];
        const T t1 = (lo[i] - px[i]) * ood;
        const T t2 = (hi[i] - px[i]) * ood;
        tmin = std::max(std::min(t1, t2), tmin);
        tmax = std::min(std::max(t1, t2), tmax);
    }
    return tmin <= tmax;
}

}  // namespace touchstone::textbook
