# The default audit (the README's first command, default budget) finds every
# tutorial bug class the teeth tests know. Each class is a row of the table
# (implementation, precision, primitive, family) and the column that must be
# non-zero there.
execute_process(COMMAND ${EXE} audit --no-progress --only tutorial* RESULT_VARIABLE rc OUTPUT_VARIABLE out)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "audit exited ${rc}")
endif()
# columns after the family: cases f.hit f.miss kind nan
set(classes
  "tutorial-000|float|segment_hits_disk|tangent|fmiss|exact tangency missed"
  "tutorial-000|float|segment_hits_disk|near_tangent|any|near-tangency misjudged"
  "tutorial-000|float|segment_hits_disk|endpoint|fmiss|endpoint on the circle missed"
  "tutorial-000|float|segment_hits_disk|degenerate|fmiss|zero-length segment (NaN) missed"
  "tutorial-000|float|segment_hits_disk|extreme|any|squares overflow or underflow"
  "tutorial-001|float|segments_intersect|endpoint|fmiss|shared endpoint / T-junction missed"
  "tutorial-001|float|segments_intersect|collinear|fmiss|collinear overlap missed"
  "tutorial-001|float|segments_intersect|near_collinear|any|near-collinear misjudged"
  "tutorial-001|float|segments_intersect|degenerate|fmiss|zero-length segment missed"
  "tutorial-001|float|segments_intersect|extreme|any|products overflow or underflow"
  "tutorial-002-sqrt|float|disks_overlap|near_tangent|any|near-tangency misjudged (sqrt form)"
  "tutorial-002-sqrt|float|disks_overlap|extreme|any|overflow / underflow (sqrt form)"
  "tutorial-002-squared|float|disks_overlap|near_tangent|any|near-tangency misjudged (squared form)"
  "tutorial-002-squared|float|disks_overlap|extreme|any|overflow / underflow (squared form)"
  "tutorial-003|double|point_in_disk|near_tangent|fhit|near-tangency misjudged"
  "tutorial-003|double|point_in_disk|extreme|fhit|squares overflow or underflow"
  "tutorial-003|double|segment_hits_disk|tangent|fmiss|exact tangency missed"
  "tutorial-003|double|segment_hits_disk|near_tangent|fhit|near-tangency / cancellation false hits"
  "tutorial-003|double|segment_hits_disk|degenerate|fmiss|zero-length segment 0/0 missed"
  "tutorial-003|double|segment_hits_disk|endpoint|fmiss|endpoint on the circle missed"
  "tutorial-003|double|segment_hits_disk|extreme|any|overflow / underflow"
  "tutorial-003|double|segment_meets_circle|endpoint|fmiss|endpoint on the circle skipped"
  "tutorial-003|double|segment_meets_circle|tangent|fmiss|exact tangency missed"
  "tutorial-004|double|circle_intersections|near_tangent|nan|NaN points near tangency"
  "tutorial-004|double|circle_intersections|degenerate|nan|NaN point on coincident circles"
  "tutorial-004|double|circle_intersections|extreme|kind|magnitude overflow")
foreach(c ${classes})
  string(REPLACE "|" ";" f "${c}")
  list(GET f 0 impl)
  list(GET f 1 prec)
  list(GET f 2 prim)
  list(GET f 3 fam)
  list(GET f 4 col)
  list(GET f 5 what)
  if(NOT out MATCHES "\n${impl} +${prec} +${prim} +${fam} +([0-9]+) +([0-9]+) +([0-9]+) +([-0-9]+) +([-0-9]+)")
    message(FATAL_ERROR "no row ${impl} ${prec} ${prim} ${fam}")
  endif()
  set(fhit ${CMAKE_MATCH_2})
  set(fmiss ${CMAKE_MATCH_3})
  set(kind ${CMAKE_MATCH_4})
  set(nan ${CMAKE_MATCH_5})
  if(col STREQUAL "any")
    math(EXPR n "${fhit} + ${fmiss}")
  else()
    set(n ${${col}})
  endif()
  if(n EQUAL 0)
    message(FATAL_ERROR "the default audit did not find: ${impl} ${prec} ${prim} ${fam}: ${what}")
  endif()
  message(STATUS "${what}: ${impl} ${prec} ${prim} ${fam}: ${n}")
endforeach()
