# replay and audit give the same verdict for every counterexample the audit
# emits, under the claims the implementations were registered with: one
# open() function and one within_absolute() function with deliberate bugs
# (tests/cli/replay_agreement/buggy_registrations.cpp). Then --claim: the
# same claims written out give the same verdicts; a wide tolerance marks
# every line tolerated; and an exact tangency is ok under open() and a false
# miss under --claim closed.
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})
set(impls open-disks skin-segment)
set(claim_open-disks "open")
set(claim_skin-segment "closed,absolute=0.01")

execute_process(COMMAND ${EXE} audit --no-progress --cases 3000 --only open-disks,skin-segment
                        --emit-cases ${WORK}/cases.jsonl --out ${WORK}/report
                RESULT_VARIABLE rc OUTPUT_VARIABLE table ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "audit exited ${rc}:\n${table}\n${err}")
endif()

# The audit's verdict for each emitted case, by case id, from report.json.
file(READ ${WORK}/report/report.json report)
string(JSON nrows LENGTH "${report}" rows)
math(EXPR last "${nrows} - 1")
set(ids)
set(tolerated_rows 0)
foreach(i RANGE ${last})
  string(JSON impl GET "${report}" rows ${i} implementation)
  string(JSON told GET "${report}" rows ${i} wrong_inside_tolerance)
  if(told GREATER 0)
    math(EXPR tolerated_rows "${tolerated_rows} + 1")
  endif()
  # One counterexample per bug class (row, sub-kind, verdict).
  string(JSON nclasses LENGTH "${report}" rows ${i} bug_classes)
  if(nclasses EQUAL 0)
    continue()
  endif()
  math(EXPR lastc "${nclasses} - 1")
  foreach(k RANGE ${lastc})
    string(JSON id GET "${report}" rows ${i} bug_classes ${k} counterexample case id)
    string(JSON verdict GET "${report}" rows ${i} bug_classes ${k} counterexample verdict)
    list(APPEND ids "${id}")
    set(audit_${id} ${verdict})
    set(impl_${id} ${impl})
    set(seen_${impl} TRUE)
  endforeach()
endforeach()
foreach(impl ${impls})
  if(NOT seen_${impl})
    message(FATAL_ERROR "the audit found no counterexample for ${impl}: the test has no teeth\n${table}")
  endif()
endforeach()
if(tolerated_rows EQUAL 0)
  message(FATAL_ERROR "no row has wrong answers inside the declared tolerance\n${table}")
endif()
file(STRINGS ${WORK}/cases.jsonl emitted)
list(LENGTH emitted nemitted)
list(LENGTH ids nids)
if(NOT nemitted EQUAL nids)
  message(FATAL_ERROR "--emit-cases wrote ${nemitted} lines, report.json has ${nids} bug classes")
endif()
# One case file per implementation, for --claim.
foreach(impl ${impls})
  file(WRITE ${WORK}/${impl}.jsonl "")
endforeach()
foreach(line ${emitted})
  string(JSON id GET "${line}" id)
  file(APPEND ${WORK}/${impl_${id}}.jsonl "${line}\n")
endforeach()

# replay_verdicts(<file> <out prefix> [replay args...]): runs replay and sets
# <prefix>_<id> to the verdict and <prefix>_told_<id> to the tolerated flag
# of the implementation the case came from.
function(replay_verdicts file prefix)
  execute_process(COMMAND ${EXE} replay ${file} ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "replay ${ARGN} exited ${rc}:\n${err}")
  endif()
  string(REPLACE "\n" ";" lines "${out}")
  foreach(line ${lines})
    if(line STREQUAL "")
      continue()
    endif()
    string(JSON id GET "${line}" id)
    string(JSON v GET "${line}" answers ${impl_${id}} verdict)
    string(JSON told ERROR_VARIABLE none GET "${line}" answers ${impl_${id}} tolerated)
    if(none)
      set(told OFF)
    endif()
    set(${prefix}_${id} ${v} PARENT_SCOPE)
    set(${prefix}_told_${id} ${told} PARENT_SCOPE)
  endforeach()
endfunction()

# same_verdict(<audit verdict> <replay verdict>): ulps is printed as ulps:N.
function(check_same id audit replay what)
  if(audit STREQUAL "ulps" AND replay MATCHES "^ulps:")
    return()
  endif()
  if(NOT audit STREQUAL replay)
    message(FATAL_ERROR "${what}: ${id}: the audit says ${audit}, replay says ${replay}")
  endif()
endfunction()

# 1. The registered claims.
replay_verdicts(${WORK}/cases.jsonl registered)
# 2. The same claims, given with --claim.
foreach(impl ${impls})
  replay_verdicts(${WORK}/${impl}.jsonl given --claim ${claim_${impl}})
endforeach()
# 3. A tolerance band as wide as the largest double: every wrong answer
#    here is tolerated.
foreach(impl ${impls})
  replay_verdicts(${WORK}/${impl}.jsonl wide --claim ${claim_${impl}},absolute=1.7976931348623157e308)
endforeach()
foreach(id ${ids})
  check_same(${id} ${audit_${id}} "${registered_${id}}" "registered claim")
  if(registered_told_${id})
    message(FATAL_ERROR "${id}: replay calls a counterexample of the audit tolerated")
  endif()
  check_same(${id} ${audit_${id}} "${given_${id}}" "--claim ${claim_${impl_${id}}}")
  check_same(${id} ${audit_${id}} "${wide_${id}}" "--claim ...,absolute=1.7976931348623157e308")
  if(NOT wide_told_${id})
    message(FATAL_ERROR "${id}: not tolerated under --claim ...,absolute=1.7976931348623157e308")
  endif()
  message(STATUS "${id}: ${audit_${id}} (audit) = ${registered_${id}} (replay)")
endforeach()

# 4. Exact tangency (|d| = 2 = r1 + r2): a correct miss for the open()
#    registration, a false miss under --claim closed.
file(WRITE ${WORK}/tangent.jsonl
     "{\"id\":\"tangent\",\"primitive\":\"disks_overlap\",\"precision\":\"float\",\"args\":[\"0\",\"0\",\"1\",\"2\",\"0\",\"1\"]}\n")
set(impl_tangent open-disks)
replay_verdicts(${WORK}/tangent.jsonl tangent_open)
replay_verdicts(${WORK}/tangent.jsonl tangent_closed --claim closed)
if(NOT tangent_open_tangent STREQUAL "ok" OR NOT tangent_closed_tangent STREQUAL "false_miss")
  message(FATAL_ERROR "exact tangency: open() gives ${tangent_open_tangent} (want ok), "
                      "--claim closed gives ${tangent_closed_tangent} (want false_miss)")
endif()
list(LENGTH ids n)
message(STATUS "replay agrees with the audit on all ${n} counterexamples")
