# Runs the audit on the Box2D rows and checks the findings the README
# reports: every Box2D function is wrong beyond the tolerance it declares
# (so --gate fails), each with a counterexample, and the reports are written.
#
# SMOKE=ON (set in the sanitizer builds): the same audit at 200 cases per
# family, checking that it runs clean under ASan+UBSan, writes its reports
# and has a row for every Box2D function; the findings themselves are
# asserted at the README's budget by the unsanitized run.
file(REMOVE_RECURSE ${WORK})
set(cases 2000)
if(SMOKE)
  set(cases 200)  # 400 took 33-40 s under ASan
endif()
execute_process(COMMAND ${EXE} audit --only box2d* --no-progress --cases ${cases} --out ${WORK}
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "audit failed (${rc}):\n${err}")
endif()
message("${out}")
set(impls box2d-collide-circles box2d-testoverlap-circles box2d-collide-edge-circle
          box2d-testoverlap-edge-circle box2d-collide-edge-capsule-circle box2d-circle-raycast
          box2d-edge-raycast box2d-aabb-raycast box2d-polygon-raycast)
foreach(f report.json report.md report.html)
  if(NOT EXISTS ${WORK}/${f})
    message(FATAL_ERROR "missing ${f}")
  endif()
endforeach()
if(SMOKE)
  foreach(impl ${impls})
    if(NOT out MATCHES "\n${impl} +float ")
      message(FATAL_ERROR "no audit row for ${impl}")
    endif()
  endforeach()
  return()
endif()
foreach(impl ${impls})
  if(NOT out MATCHES "${impl} +float +[a-z_]+ +[a-z_]+ [^\n]*(false_hit|false_miss): ")
    message(FATAL_ERROR "no counterexample beyond the declared tolerance for ${impl}")
  endif()
endforeach()
# Overflow: b2TestOverlap misses a point circle inside a circle of radius 2^127.
if(NOT out MATCHES "box2d-testoverlap-circles +float +disks_overlap +extreme_overflow [^\n]*false_miss")
  message(FATAL_ERROR "expected b2TestOverlap's overflow false misses in the extreme_overflow row")
endif()
# b2CollideEdgeAndCircle as a capsule (the edge's skin = the capsule's
# radius, closed, no tolerance): exact tangencies missed, near tangencies,
# zero radii on the edge and overflowing squares wrong.
foreach(row "tangent [^\n]*false_miss" "near_tangent [^\n]*false_hit" "degenerate [^\n]*false_miss"
            "extreme_overflow [^\n]*false_hit")
  if(NOT out MATCHES "box2d-collide-edge-capsule-circle +float +capsule_hits_disk +${row}")
    message(FATAL_ERROR "expected b2CollideEdgeAndCircle (capsule) findings in the row ${row}")
  endif()
endforeach()
# The ray casts (README): a ray leaving the circle from its boundary, a ray
# shorter than sqrt(b2_epsilon), a ray starting on a box's boundary, an axis
# shorter than b2_epsilon, a collinear ray and a zero-length edge are missed.
foreach(row "box2d-circle-raycast +float +ray_cast_disk +collinear"
            "box2d-circle-raycast +float +ray_cast_disk +tangent"
            "box2d-aabb-raycast +float +ray_cast_box +tangent"
            "box2d-aabb-raycast +float +ray_cast_box +extreme_underflow"
            "box2d-edge-raycast +float +ray_cast_segment +collinear"
            "box2d-edge-raycast +float +ray_cast_segment +degenerate")
  if(NOT out MATCHES "${row} [^\n]*false_miss")
    message(FATAL_ERROR "expected false misses in the row ${row}")
  endif()
endforeach()
# The convex polygons (README): GJK (b2TestOverlap) misses overlapping
# polygons near 2^125 and repeated-vertex-free degenerate pairs, and reports
# near-touching ones beyond its skins; b2CollidePolygons and
# b2CollidePolygonAndCircle report contacts beyond the skins near tangency
# and at overflowing coordinates.
foreach(row "box2d-testoverlap-polygons +float +polygons_overlap +extreme_mixed [^\n]*false_miss"
            "box2d-testoverlap-polygons +float +polygons_overlap +degenerate [^\n]*false_miss"
            "box2d-testoverlap-polygons +float +polygons_overlap +near_tangent [^\n]*false_hit"
            "box2d-collide-polygons +float +polygons_overlap +near_tangent [^\n]*false_hit"
            "box2d-collide-polygons +float +polygons_overlap +extreme_overflow [^\n]*false_hit"
            "box2d-collide-polygon-circle +float +polygon_hits_disk +near_tangent [^\n]*false_hit"
            "box2d-collide-polygon-circle +float +polygon_hits_disk +extreme_overflow [^\n]*false_hit")
  if(NOT out MATCHES "${row}")
    message(FATAL_ERROR "expected the convex-polygon finding ${row}")
  endif()
endforeach()
# b2PolygonShape::RayCast (README): a ray that starts on the polygon's
# boundary (its entry stays at 0: no index) or ends at a vertex, and rays at
# overflowing coordinates are missed; a fan of fixtures (more than 8
# vertices) reports a ray that starts inside at the next fixture's edge.
foreach(row "endpoint [^\n]*false_miss" "tangent [^\n]*false_miss" "extreme_overflow [^\n]*false_miss"
            "uniform [^\n]*false_hit")
  if(NOT out MATCHES "box2d-polygon-raycast +float +ray_cast_polygon +${row}")
    message(FATAL_ERROR "expected the b2PolygonShape::RayCast finding ${row}")
  endif()
endforeach()
execute_process(COMMAND ${EXE} audit --only box2d-collide-circles --no-progress --cases 2000
                --gate box2d-collide-circles RESULT_VARIABLE rc OUTPUT_QUIET ERROR_QUIET)
if(NOT rc EQUAL 1)
  message(FATAL_ERROR "--gate box2d-collide-circles should exit 1, got ${rc}")
endif()
