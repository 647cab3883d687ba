# Runs the audit on the four Box2D rows and checks the findings the README
# reports: every Box2D function is wrong beyond the tolerance it declares
# (so --gate fails), each with a counterexample, and the reports are written.
file(REMOVE_RECURSE ${WORK})
execute_process(COMMAND ${EXE} audit --only box2d* --no-progress --cases 2000 --out ${WORK}
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "audit failed (${rc}):\n${err}")
endif()
message("${out}")
foreach(impl box2d-collide-circles box2d-testoverlap-circles box2d-collide-edge-circle box2d-testoverlap-edge-circle)
  if(NOT out MATCHES "${impl} +float +[a-z_]+ +[a-z_]+ [^\n]*(false_hit|false_miss): ")
    message(FATAL_ERROR "no counterexample beyond the declared tolerance for ${impl}")
  endif()
endforeach()
# Overflow: b2TestOverlap misses a point circle inside a circle of radius 2^127.
if(NOT out MATCHES "box2d-testoverlap-circles +float +disks_overlap +extreme_overflow [^\n]*false_miss")
  message(FATAL_ERROR "expected b2TestOverlap's overflow false misses in the extreme_overflow row")
endif()
foreach(f report.json report.md report.html)
  if(NOT EXISTS ${WORK}/${f})
    message(FATAL_ERROR "missing ${f}")
  endif()
endforeach()
execute_process(COMMAND ${EXE} audit --only box2d-collide-circles --no-progress --cases 2000
                --gate box2d-collide-circles RESULT_VARIABLE rc OUTPUT_QUIET ERROR_QUIET)
if(NOT rc EQUAL 1)
  message(FATAL_ERROR "--gate box2d-collide-circles should exit 1, got ${rc}")
endif()
