// touchstone::robust — compile-time mutation switches, for mutation testing
// of the robust core's own code.
//
// A mutation site wraps one expression of the core:
//
//   TOUCHSTONE_MUTANT(id, original, mutated)
//
// In every normal build this is `(original)`: the same expression, the same
// code, nothing else (no table lookup, no branch; the id is never named).
// In the mutation build (the targets compiled with TOUCHSTONE_MUTATION=1:
// core/CMakeLists.txt, touchstone_core_mutation) it is
//
//   (active_mutant() == Mutant::id ? (mutated) : (original))
//
// and the one mutant that is active is chosen at run time by the environment
// variable TOUCHSTONE_MUTANT=<id> (unset or empty: none), so one extra build
// serves every mutant. An id that is not in the table below does not compile
// in the mutation build; an unknown TOUCHSTONE_MUTANT aborts.
//
// The table is the list of mutants, one row each:
//   X(id, primitive the hunt starts with, file of the site, what changes)
// Every row has exactly one site, in that file, and every site has a row:
// the test `mutation.sites` (properties/tests/mutant_properties.cpp) checks
// both ways and finds each site's line. The hunt (the same file) runs the
// properties of the row's primitive against the mutated core until one fails.
//
// Left out, with the reason:
// - SegmentsIntersectFilter's hit without `all &`: equivalent (when not all
//   four signs are certain, `certain` needs a same-side pair, and then the
//   hit is false anyway).
// - A filter's `f.d < 0` as `f.d <= 0`, or its region test `wv.d < 0` as
//   `<= 0`: equivalent (a certified value is never zero; an uncertified
//   region is never used).
// - SegmentHitsDiskFilter's region trusted with only w.v certified (u.v
//   uncertain): it changes an answer only when the computed u.v has the
//   wrong sign (the foot of the perpendicular within ~10u |c - b| of b) and
//   r equals the line distance exactly, with r^2 < |c - b|^2 by a relative
//   2^-100: a case no family or directed set builds yet (a candidate).
// - capsule_hits_disk's region filter (shapes.hpp, capsule_disk_region),
//   double inputs:
//   - the endpoint regions' underflow guards e < -2^-1072 and g > 2^-1072:
//     equivalent while the endpoint test is filter_disk, whose eta2 is
//     2^-1000. A computed e in [-2^-1072, 0] picks region a wrongly only if
//     0 < e* <= 2^-1074 (e's error: two subnormal products, 2^-1075 each).
//     If c projects between a and b, picking a changes the value by
//     |w|^2 - dist^2 = (e* / |v|)^2, which filter_disk can certify only
//     above ~2^-1000, so e* / |v| > 2^-500; but between needs e* / |v| <
//     |v|, so e* > 2^-1000, a contradiction. If c projects past b (e* >
//     |v|^2), |v|^2 < 2^-1074 and |w|^2 - |u|^2 = 2 e* - |v|^2 < 2^-1073,
//     far below eta2 as well. The same holds for g at b. Stop 37 built the
//     degree-4 underflow set for capsule_hits_disk (2,961 cases) with both
//     dropped: neither died.
//   - the line region's e < inf, g > -inf: dropping one changes an answer
//     only when e or g overflows while the line certificate's P4 stays
//     finite (the segment near 2^1024 against an offset whose products stay
//     finite). No family or directed set builds such a case yet (a
//     candidate).
// - The double-double second stage's range guard (core/src/robust/
//   dd_predicates.hpp: the magnitude M below 2^1000) dropped: the overflows
//   it excludes gave NaN, an infinite M or an infinite D of the right sign
//   in every case tried, never a wrong certified sign (a candidate).
// - polygon_disk_pass_sse2's orientation bound (convex.hpp) divided by
//   2^20: no case found where it changes an answer. The pass answers only
//   when every segment test is certified too; an orientation within its
//   bound of zero puts c within about 2^-51 |c - a| of that edge's line, and
//   a certified segment test keeps c at least about 2^-25 |b - a| from the
//   edge itself: c lies far along the line past an end, where it is outside
//   the next edge by |c - b| sin(turn), an orientation that a certified turn
//   keeps about as far from zero (a polygon whose turns are certified only
//   thanks to exact products, with c's differences rounded, might do it: a
//   candidate).
// - The filters' constants (Bounds) are constexpr and checked by
//   static_assert against their derivations; halving a bound (3u against
//   an observed worst error of 3.16u) is a real fault that no case reaches.
// - The float ray casts' bounds (ray_casts.hpp: ray_segment_float's bound of
//   cross(F, E), ray_box_float's of m - p) divided by 2^20: tried, and they
//   survive every family (issue 15, fourth round). Float inputs make those
//   double evaluations exact unless a difference spans more than 53 bits
//   (inputs 2^29 apart in magnitude), and the other term of fraction_bounds
//   (|q| bd) alone already covers the rounding of the quotient; a wrong float
//   needs, besides, a t within ~2^-50 of a float midpoint but not on it
//   (ties themselves are computed exactly: they have at most 49 bits). No
//   family builds that yet (a candidate). rf_float_ends_unchecked tests the
//   rounding certificate they share.
//
// - Retired with issue 15 (segment_meets_circle became the segment_hits_disk
//   filter plus the two endpoint signs, detail/segment_circle.hpp): the old
//   SegmentCircleFilters rows scf_negative_radius_squared (r |r| is now
//   computed once, in SegmentHitsDiskFilter: shd_negative_radius_squared) and
//   the SegmentMeetsCircleFilter rows smc_interior_dropped,
//   smc_interior_unchecked and smc_line_uncertified (the interior/line logic
//   is now SegmentHitsDiskFilter's: shd_far_uncertified, shd_regions_swapped,
//   shd_line_shortcut_in_a). scf_uv_from_w moved with u.v into
//   SegmentHitsDiskFilter.
// - Retired with issue 15, sixth round (capsule_hits_disk's region filter,
//   shapes.hpp, replaced its SegmentHitsDiskFilter stage): kd_radius_r1_only,
//   whose fault the region filter's kd_region_radius_r1_only now carries.
// - Retired with issue 15, seventh round (segment_hits_disk and
//   polygon_hits_disk's edges start with segment_projection, the clamped
//   projection certificate, detail/segment_circle.hpp): sdl_uncertified,
//   whose fault spc_uncertified and spc_uncertified_predicate now carry;
//   filter_segment_disk (the sdl_* rows) serves capsules_overlap only, so
//   those rows hunt there first; sdl_negative_radius_squared is retired
//   with it (capsules_overlap passes R = r1 + r2 only when both radii are
//   >= 0, so r |r| and r r agree there: an equivalent mutant).
// - segment_projection_scalar's own operations (the clamp, the lanes): the
//   x86 builds, the mutation build among them, run segment_projection_sse2;
//   the forms test (robust_segment_circle_test) holds the scalar form to it
//   bit for bit, and the aarch64 preset runs the scalar one. The sites they
//   share (the thresholds, the guard) have rows.
//
// A new robust algorithm gets mutants by wrapping expressions of its code in
// TOUCHSTONE_MUTANT and adding one row per site here.
#pragma once

// clang-format off
#define TOUCHSTONE_ROBUST_MUTANTS(X)                                                                        \
    /* ----- detail/filter.hpp: the filters' error bounds and polynomials ----- */                        \
    X(dist2_bound_zero, segment_hits_disk, "detail/filter.hpp",                                                  \
      "filter_dist2: bound 0, any nonzero double sign is certified")                                         \
    X(dist2_bound_tiny, segment_hits_disk, "detail/filter.hpp",                                                  \
      "filter_dist2: relative bound divided by 2^20")                                                         \
    X(dist2_eta_dropped, segment_hits_disk, "detail/filter.hpp",                                                 \
      "filter_dist2: absolute underflow term eta2 dropped from the bound")                                    \
    X(dist2_zero_certified, segment_hits_disk, "detail/filter.hpp",                                              \
      "filter_dist2: |D| > B became |D| >= B (a zero can be certified)")                                      \
    X(disk_bound_tiny, point_in_disk, "detail/filter.hpp",                                                   \
      "filter_disk: relative bound divided by 2^20")                                                          \
    X(disk_eta_dropped, point_in_disk, "detail/filter.hpp",                                                  \
      "filter_disk: absolute underflow term eta2 dropped from the double inputs' bound")                      \
    X(disk_zero_certified, point_in_disk, "detail/filter.hpp",                                               \
      "filter_disk: |D| > B became |D| >= B (a zero can be certified)")                                       \
    X(disk_max_dropped, point_in_disk, "detail/filter.hpp",                                                  \
      "filter_disk: the double inputs' bound from rr alone, not max(s, rr) (s overflowed to +inf certified)")  \
    X(det2_bound_zero, segments_intersect, "detail/filter.hpp",                                              \
      "filter_det2: bound 0, any nonzero double sign is certified")                                          \
    X(det2_magnitude_signed, segments_intersect, "detail/filter.hpp",                                            \
      "filter_det2: magnitude |D| (the value) instead of |l - r| (|l + r| for a difference)")                    \
    X(det2_zero_certified, segments_intersect, "detail/filter.hpp",                                          \
      "filter_det2: |D| > B became |D| >= B (a zero can be certified)")                                       \
    X(orientation_wrong_vertex, segments_intersect, "detail/filter.hpp",                                     \
      "filter_orientation: (c - a).y became (c - b).y")                                                       \
    X(line_cross_magnitude, segment_hits_disk, "detail/filter.hpp",                                          \
      "filter_line_vs_circle: cross^2 replaced by its magnitude Pc^2")                                        \
    X(line_bound_tiny, segment_meets_circle, "detail/filter.hpp",                                            \
      "filter_line_vs_circle: bound divided by 2^20")                                                         \
    X(line_guard_dropped, segment_hits_disk, "detail/filter.hpp",                                            \
      "filter_line_vs_circle: underflow guards (>= guard4) dropped")                                          \
    /* ----- detail/disks.hpp ----- */                                                                        \
    X(pid_negative_radius_squared, point_in_disk, "detail/disks.hpp",                                        \
      "point_in_disk: rr = r |r| became r r (a negative radius certifies hits)")                              \
    X(pid_difference_in_T, point_in_disk, "detail/disks.hpp",                                                \
      "point_in_disk: p.x - c.x rounded in T before widening to double")                                      \
    X(pid_filter_uncertified, point_in_disk, "detail/disks.hpp",                                             \
      "point_in_disk: the double sign answers even when the filter declines (no exact fallback)")            \
    X(do_negative_radius_unchecked, disks_overlap, "detail/disks.hpp",                                       \
      "disks_overlap: a negative radius no longer sent to the exact stage")                                          \
    X(do_cross_term_dropped, disks_overlap, "detail/disks.hpp",                                              \
      "disks_overlap: (r1 + r2)^2 became r1^2 + r2^2")                                                        \
    X(ci_r1_packed_as_r2, circle_intersections, "detail/disks.hpp",                                            \
      "circle_intersections: r1 packed as r2 for the exact stage")                      \
    X(fx_fl_sqrt_bound_dropped, circle_intersections, "../../../src/robust/fp_constructions.hpp",           \
      "fp running bounds (float results): sqrt's propagated error ea / sqrt(a) left out")                     \
    X(fx_dd_sqrt_bound_dropped, circle_intersections, "../../../src/robust/fp_constructions.hpp",           \
      "fp running bounds (double results): sqrt's propagated error ea / sqrt(a) left out")                    \
    X(fx_t_range_bound_dropped, segment_circle_points, "../../../src/robust/fp_constructions.hpp",          \
      "segment_circle_two: t in [0, 1] decided from the computed t, its bound ignored")                       \
    /* ----- core/src/robust/dd_predicates.hpp: the double-double stage (issue 15) ----- */                  \
    X(dd_dist2_bound_tiny, disks_overlap, "../../../src/robust/dd_predicates.hpp",                           \
      "dd_dist2 (point_in_disk, disks_overlap): eps_dd divided by 2^20")                                    \
    X(dd_dist2_eta_dropped, point_in_disk, "../../../src/robust/dd_predicates.hpp",                          \
      "dd_dist2: absolute underflow term eta_dd dropped from the bound")                                    \
    X(dd_dist2_cross_dropped, point_in_disk, "../../../src/robust/dd_predicates.hpp",                        \
      "dd_dist2: the cross terms 2 (x.hi x.lo + y.hi y.lo - r.hi r.lo) left out of the tail")               \
    X(dd_det2_bound_tiny, orient2d, "../../../src/robust/dd_predicates.hpp",                                 \
      "dd_det2 (orient2d): eps_dd divided by 2^20")                                                         \
    X(dd_det2_eta_dropped, orient2d, "../../../src/robust/dd_predicates.hpp",                                \
      "dd_det2: absolute underflow term eta_dd dropped from the bound")                                     \
    X(dd_det2_cross_dropped, orient2d, "../../../src/robust/dd_predicates.hpp",                              \
      "dd_det2: the cross terms (products of a hi and a lo word) left out of the tail")                     \
    /* ----- detail/segment_circle.hpp ----- */                                                               \
    X(scf_uv_from_w, segment_hits_disk, "detail/segment_circle.hpp",                                         \
      "SegmentHitsDiskFilter: u.v computed as w.v (copy-paste)")                                              \
    X(sdl_bound_tiny, capsules_overlap, "detail/segment_circle.hpp",                                     \
      "filter_segment_disk: eps 2^-49 divided by 2^20")                                                      \
    X(sdl_past_b_from_w, capsules_overlap, "detail/segment_circle.hpp",                                  \
      "filter_segment_disk: u.v = w.v - v.v became w.v (the region past b misplaced)")                        \
    X(sdl_regions_ignored, capsules_overlap, "detail/segment_circle.hpp",                                \
      "filter_segment_disk: m = 0 (the line's distance for every region: endpoints ignored)")                \
    X(sdl_underflow_unguarded, capsules_overlap, "detail/segment_circle.hpp",                            \
      "filter_segment_disk: the double inputs' underflow guards P >= 2^-900, |v|^2 >= 2^-960 dropped")        \
    X(spc_margin_tiny, segment_hits_disk, "detail/segment_circle.hpp",                                    \
      "segment_projection: the thresholds' margin c1 = 1 + 2^-46 became 1 + 2^-66")                        \
    X(spc_hit_margin_dropped, segment_hits_disk, "detail/segment_circle.hpp",                             \
      "segment_projection: the hit threshold R2u = 2 rr - A became rr (no margin below rr)")               \
    X(spc_hit_threshold_doubled, segment_hits_disk, "detail/segment_circle.hpp",                          \
      "segment_projection: R2u = rr - (A - rr) became 2 rr - A (2 rr overflows for r near 2^512)")         \
    X(spc_negative_radius_admitted, segment_hits_disk, "detail/segment_circle.hpp",                       \
      "segment_projection: a negative radius no longer declines (r r certifies hits)")                     \
    X(spc_sse2_clamp_dropped, segment_hits_disk, "detail/segment_circle.hpp",                             \
      "segment_projection_sse2: s = clamp(w.v, 0, v.v) became w.v (the closest point off the segment)")    \
    X(spc_sse2_miss_from_r2, segment_hits_disk, "detail/segment_circle.hpp",                              \
      "segment_projection_sse2: a miss certified from R2 < e instead of R1 < e")                           \
    X(spc_guard_dropped, segment_hits_disk, "detail/segment_circle.hpp",                                  \
      "segment_projection: double inputs' range guard 2^-300 <= v.v <= 2^300 dropped")                     \
    X(spc_uncertified_predicate, segment_hits_disk, "detail/segment_circle.hpp",                          \
      "segment_hits_disk: the certificate's mask answers even when it is 0 (false)")                       \
    X(spc_uncertified, polygon_hits_disk, "detail/segment_circle.hpp",                                    \
      "segment_disk_decided: the certificate's mask answers even when it is 0 (false)")                    \
    X(shd_negative_radius_squared, segment_hits_disk, "detail/segment_circle.hpp",                           \
      "SegmentHitsDiskFilter: rr = r |r| became r r (a negative radius certifies hits)")                      \
    X(shd_far_uncertified, segment_hits_disk, "detail/segment_circle.hpp",                                   \
      "SegmentHitsDiskFilter: 'line farther than r' trusted without its certificate")                         \
    X(shd_finite_check_dropped, segment_hits_disk, "detail/segment_circle.hpp",                              \
      "SegmentHitsDiskFilter: endpoint hits no longer require every input finite")                            \
    X(shd_regions_swapped, segment_hits_disk, "detail/segment_circle.hpp",                                   \
      "SegmentHitsDiskFilter: the endpoint regions exchanged (a's region tests b)")                           \
    X(shd_line_shortcut_in_a, segment_hits_disk, "detail/segment_circle.hpp",                                \
      "SegmentHitsDiskFilter: the line-only exact shortcut taken in a's region too")                          \
    X(shd_line_tangent_excluded, segment_hits_disk, "detail/segment_circle.hpp",                             \
      "segment_hits_disk: exact line test <= 0 became < 0 (tangent interior misses)")                         \
    X(shd_box_gap_inclusive, segment_hits_disk, "detail/segment_circle.hpp",                                \
      "segment_box_misses_disk: a box gap equal to r certified as a miss (> became >=)")                      \
    X(smc_both_inside_meets, segment_meets_circle, "detail/segment_circle.hpp",                              \
      "SegmentMeetsCircleFilter: 'both ends strictly inside' ignored (a disk hit always meets)")              \
    X(smc_b_uncertified, segment_meets_circle, "detail/segment_circle.hpp",                                  \
      "SegmentMeetsCircleFilter: certain without b's endpoint test certified")                                \
    X(smc_line_tangent_excluded, segment_meets_circle, "detail/segment_circle.hpp",                          \
      "segment_meets_circle: exact line test <= 0 became < 0 (tangent interior misses)")                      \
    /* ----- detail/segments.hpp ----- */                                                                     \
    X(si_orientation_flipped, segments_intersect, "detail/segments.hpp",                                     \
      "SegmentsIntersectFilter: orientation d3 taken of (b1, a1, a2): its sign flipped")                      \
    X(si_side_uncertified, segments_intersect, "detail/segments.hpp",                                        \
      "SegmentsIntersectFilter: 'one side of the other line' trusted with d1 uncertified")                    \
    X(si_d4_uncertified, segments_intersect, "detail/segments.hpp",                                          \
      "SegmentsIntersectFilter: all four orientations certain without d4's certificate")                      \
    X(sx_packing_typo, segment_intersection, "detail/segments.hpp",                                          \
      "segment_intersection: b1.y packed as b1.x for the exact stage")                                        \
    X(fx_float_bound_tiny, segment_intersection, "../../../src/robust/fp_constructions.hpp",                 \
      "segment_point_float: the bounds of den and num (8u M) divided by 2^20")                                \
    X(fx_float_ends_unchecked, segment_intersection, "../../../src/robust/fp_constructions.hpp",             \
      "same_float: the lower end's float returned without checking that the upper end rounds alike")          \
    X(fx_double_bound_tiny, segment_intersection, "../../../src/robust/fp_constructions.hpp",                \
      "segment_point_double: the bounds of den and num (2^-101 M) divided by 2^20")                           \
    X(fx_double_ends_unchecked, segment_intersection, "../../../src/robust/fp_constructions.hpp",            \
      "same_double: the lower end's double returned without checking that the upper end rounds alike")        \
    /* ----- orient2d.hpp ----- */                                                                            \
    X(o2_sse2_bound_tiny, orient2d, "orient2d.hpp",                                                          \
      "orientation_sse2: eps_det2 / 2^20, nearly collinear triples certified by a rounded sign")             \
    X(o2_sse2_magnitude_signed, orient2d, "orient2d.hpp",                                                    \
      "orientation_sse2: magnitude |D| (the value) instead of |l + r|")                                      \
    X(o2_sse2_zero_certified, orient2d, "orient2d.hpp",                                                      \
      "orientation_sse2: |D| > B became |D| >= B (a zero can be certified)")                                 \
    X(o2_filter_uncertified, orient2d, "orient2d.hpp",                                                       \
      "orient2d: the double sign answers even when the filter declines (no exact fallback)")                 \
    X(o2_exact_sign_flipped, orient2d, "orient2d.hpp",                                                       \
      "orient2d: the exact stage's sign negated")                                                            \
    X(o2_float_b_is_c, orient2d, "orient2d.hpp",                                                             \
      "orient2d(float): called with b replaced by c")                                                        \
    /* ----- shapes.hpp (capsules and boxes) ----- */                                                         \
    X(kd_box_radius_r1_only, capsule_hits_disk, "shapes.hpp",                                                \
      "capsule_hits_disk: the box test's radius is r1 instead of r1 + r2")                                   \
    X(kd_region_radius_r1_only, capsule_hits_disk, "shapes.hpp",                                             \
      "capsule_hits_disk: the region filter's radius is r1 instead of r1 + r2")                              \
    X(kd_region_radius_sign_unchecked, capsule_hits_disk, "shapes.hpp",                                      \
      "capsule_hits_disk: the region filter's hit does not check r1, r2 >= 0")                               \
    X(kd_region_a_infinite_v, capsule_hits_disk, "shapes.hpp",                                               \
      "capsule_hits_disk: a hit at a certified without e > -inf (b infinite or NaN)")                        \
    X(kd_region_b_infinite_v, capsule_hits_disk, "shapes.hpp",                                               \
      "capsule_hits_disk: a hit at b certified without g < inf (a infinite or NaN)")                         \
    X(kd_region_ends_by_line, capsule_hits_disk, "shapes.hpp",                                               \
      "capsule_hits_disk: c beyond a tested against the line, not the endpoint (no clamping)")               \
    X(ko_box_gap_inclusive, capsules_overlap, "shapes.hpp",                                                  \
      "capsule_boxes_apart: a gap equal to r1 + r2 certified as a miss (> became >=)")                        \
    X(ko_crossing_radius_unchecked, capsules_overlap, "shapes.hpp",                                          \
      "capsules_overlap: a certified crossing returned without checking the radii finite")                   \
    X(ko_finite_unchecked, capsules_overlap, "shapes.hpp",                                                   \
      "capsules_overlap: an endpoint's certified hit returned without checking the fourth point finite")                      \
    X(bo_min_max_unchecked, boxes_overlap, "shapes.hpp",                                                     \
      "boxes_overlap: boxes with min > max taken as valid")                                                  \
    X(bo_infinity_unchecked, boxes_overlap, "shapes.hpp",                                                    \
      "boxes_overlap: the finiteness comparisons dropped (+-inf, and NaN in a.lo or b.hi, taken as valid)")  \
    X(sb_zero_is_left, segment_hits_box, "shapes.hpp",                                                       \
      "segment_hits_box: a corner on the line counted as strictly left")                                     \
    X(sb_fast_order_unchecked, segment_hits_box, "shapes.hpp",                                              \
      "segment_hits_box's two-corner filter: a hit returned without checking the box's min <= max")         \
    X(sb_sse2_nan_order, segment_hits_box, "shapes.hpp",                                                    \
      "segment_hits_box_sse2: _mm_min_pd's operands swapped (a NaN l0 or r0 reaches no certificate)")      \
    /* ----- polygons.hpp (point_in_polygon) ----- */                                                         \
    X(pp_edge_bound_tiny, point_in_polygon, "polygons.hpp",                                                 \
      "point_in_polygon_pass_sse2: each edge's bound eps_det2 divided by 2^20")                            \
    X(pp_edge_zero_certified, point_in_polygon, "polygons.hpp",                                             \
      "point_in_polygon_pass_sse2: |D| >= B certifies (a zero orientation with a zero bound passes)")     \
    X(pp_tail_lane_unmasked, point_in_polygon, "polygons.hpp",                                              \
      "point_in_polygon_pass_sse2: odd n, the unused vertex's edge in lane 1 counted as a crossing")      \
    X(pp_straddle_unchecked, point_in_polygon, "polygons.hpp",                                              \
      "point_in_polygon_pass_sse2: an edge counted as a crossing without its ends on different sides")    \
    /* ----- core/src/robust/ray_casts.cpp: the fast path (issue 15) ----- */                                 \
    X(rc_fast_start_on_circle_missed, ray_cast_disk, "../../../src/robust/ray_casts.cpp",                    \
      "ray cast fast path: a start on the circle (K = 0) not taken as a hit at t = 0")                       \
    X(rc_fast_capsule_side_ignored, ray_cast_capsule, "../../../src/robust/ray_casts.cpp",                   \
      "ray_cast_capsule fast path: the side rectangle's entry ignored (end disks only)")                     \
    X(rc_fast_box_exit_unchecked, ray_cast_box, "../../../src/robust/ray_casts.cpp",                         \
      "ray_cast_box fast path: an entry after the exit (slabs apart) not taken as a miss")                   \
    X(rp_parallel_outside_kept, ray_cast_polygon, "../../../src/robust/ray_casts.cpp",                       \
      "ray_cast_polygon: a ray parallel to an edge and outside its line not taken as a miss")                \
    X(rp_grazing_missed, ray_cast_polygon, "../../../src/robust/ray_casts.cpp",                              \
      "ray_cast_polygon: entry equal to exit (a vertex grazed, a zero-length contact) taken as a miss")      \
    X(rp_fast_bound_tiny, ray_cast_polygon, "../../../src/robust/ray_casts.cpp",                             \
      "ray_cast_polygon's double filter: the bound of c (2^-50 S) divided by 2^20")                          \
    X(rp_fast_inside_ignores_e, ray_cast_polygon, "../../../src/robust/ray_casts.cpp",                       \
      "ray_cast_polygon's double filter: an edge skipped when c > Be (not c > |e| + Be)")                    \
    X(rf_quick_tie_to_odd, ray_cast_segment, "../../../src/robust/ray_casts.cpp",                            \
      "round_fraction_quick: an exact tie rounded to the odd neighbour")                                     \
    X(rk_bound_approx_tiny, ray_cast_capsule, "../../../src/robust/ray_casts.cpp",                           \
      "ray_cast_capsule fast path: the side bounds' double approximation error divided by 2^22")             \
    X(rd_float_disc_bound_tiny, ray_cast_disk, "ray_casts.hpp",                                              \
      "ray_cast_disk's float path: the discriminant's bound divided by 2^22")                                \
    X(rf_float_ends_unchecked, ray_cast_box, "ray_casts.hpp",                                                \
      "float ray casts: hi rounded alone, without checking that lo rounds alike")                            \
    /* ----- convex.hpp (convex polygons) ----- */                                                            \
    X(cv_convexity_unchecked, polygons_overlap, "convex.hpp",                                                \
      "convex polygons: a true answer returned without checking convexity and orientation")                  \
    X(cv_fast_wraps_unchecked, polygons_overlap, "convex.hpp",                                              \
      "convex polygons' one-pass check: a polygon that winds around more than once taken as convex")        \
    X(shared_bound_tiny, polygons_overlap, "detail/filter.hpp",                                             \
      "shared_orientation_bound: eps_shared divided by 2^20")                                               \
    X(shared_range_unchecked, polygons_overlap, "detail/filter.hpp",                                        \
      "shared_orientation_bound: S only checked finite, not below 2^500 (overflowing products certified)")  \
    X(po_touching_separates, polygons_overlap, "convex.hpp",                                                 \
      "polygons_overlap: a vertex on an edge's line counted as outside (touching separates)")               \
    X(po_second_polygon_axes_skipped, polygons_overlap, "convex.hpp",                                        \
      "polygons_overlap: the edges of the second polygon never tried as axes")                              \
    X(pd_inside_ignored, polygon_hits_disk, "convex.hpp",                                                    \
      "polygon_hits_disk: a centre inside the polygon is not a hit by itself")                               \
    X(pd_far_line_unchecked, polygon_hits_disk, "convex.hpp",                                                \
      "polygon_hits_disk: an edge's line taken as farther than r without the filter's certificate")         \
    X(pd_pass_segment_bound_tiny, polygon_hits_disk, "convex.hpp",                                          \
      "polygon_disk_pass_sse2: the segment tests' bound 2^-49 P divided by 2^20")                           \
    X(pd_pass_turn_bound_tiny, polygon_hits_disk, "convex.hpp",                                             \
      "polygon_disk_pass_sse2: the turns' bound eps_det2 |l + r| divided by 2^20")                          \
    X(pd_pass_tail_lane_unmasked, polygon_hits_disk, "convex.hpp",                                          \
      "polygon_disk_pass_sse2: odd n, the unused vertex's edge in lane 1 not masked out")                   \
    X(pd_pass_winding_unchecked, polygon_hits_disk, "convex.hpp",                                           \
      "polygon_disk_pass: a hit on a polygon winding more than once taken as valid")                        \
    /* ----- the public headers ----- */                                                                      \
    X(ci_circles_swapped, circle_intersections, "disks.hpp",                                                 \
      "circle_intersections(double): called with the circles exchanged")                                     \
    X(scp_segment_reversed, segment_circle_points, "segment_circle.hpp",                                     \
      "segment_circle_points(double): called with the segment reversed")                                      \
    X(si_float_s2_is_s1, segments_intersect, "segments.hpp",                                         \
      "segments_intersect(float): called with s2 replaced by s1")
// clang-format on

#if defined(TOUCHSTONE_MUTATION) && TOUCHSTONE_MUTATION

#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace touchstone::robust::detail {

/// One enumerator per row of TOUCHSTONE_ROBUST_MUTANTS, after none.
enum class Mutant : int {
    none,
#define TOUCHSTONE_X_MUTANT_ENUM(id, ...) id,
    TOUCHSTONE_ROBUST_MUTANTS(TOUCHSTONE_X_MUTANT_ENUM)
#undef TOUCHSTONE_X_MUTANT_ENUM
};

/// The mutant named by TOUCHSTONE_MUTANT, read once per process. Pure: the
/// same answer on every call, so a site stays an expression without side
/// effects (and `b1 | SITE` draws no -Wbitwise-instead-of-logical).
[[gnu::pure]] inline Mutant active_mutant() {
    static const Mutant active = [] {
        const char* name = std::getenv("TOUCHSTONE_MUTANT");
        if (name == nullptr || *name == '\0' || std::strcmp(name, "none") == 0) return Mutant::none;
#define TOUCHSTONE_X_MUTANT_PARSE(id, ...) \
    if (std::strcmp(name, #id) == 0) return Mutant::id;
        TOUCHSTONE_ROBUST_MUTANTS(TOUCHSTONE_X_MUTANT_PARSE)
#undef TOUCHSTONE_X_MUTANT_PARSE
        std::fprintf(stderr, "TOUCHSTONE_MUTANT=%s: no such mutant\n", name);
        std::abort();
    }();
    return active;
}

}  // namespace touchstone::robust::detail

#define TOUCHSTONE_MUTANT(id, original, mutated)                                               \
    (::touchstone::robust::detail::active_mutant() == ::touchstone::robust::detail::Mutant::id \
         ? (mutated)                                                                           \
         : (original))

#else

#define TOUCHSTONE_MUTANT(id, original, mutated) (original)

#endif
