cmake_minimum_required(VERSION 3.20)
# An adapter that raises SIGFPE on one family (fpe-disks, extreme_overflow, and
# extreme_radius: radii near 2^512 whose squares overflow) and one
# that hangs on one case (hang-point, degenerate): the audit finishes,
# reports `crash` and `timeout` with replayable case lines, the other rows
# are unaffected, and the gate exits 1. Replay isolates them as well. And
# isolation changes no answer: the same reports with and without it.
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})

execute_process(COMMAND ${EXE} audit --no-progress --cases 300 --case-timeout 1
                        --gate fpe*,hang* --out ${WORK}/iso
                RESULT_VARIABLE rc OUTPUT_VARIABLE table ERROR_VARIABLE err)
if(NOT rc EQUAL 1)
  message(FATAL_ERROR "the gate should exit 1 on a crash and a hang, got ${rc}\n${table}\n${err}")
endif()
foreach(want "fpe-disks +double disks_overlap +extreme_overflow [^\n]*crash \\(SIGFPE\\): -?0x"
             "\n  fpe-disks double disks_overlap extreme_overflow: [1-9][0-9]* crash(es)?, 0 timeouts\n"
             "\n  hang-point double point_in_disk degenerate: 0 crashes, 1 timeout\n"
             "hang-point +double point_in_disk +degenerate [^\n]*timeout \\(no answer within 1 s\\): -?0x")
  if(NOT table MATCHES "${want}")
    message(FATAL_ERROR "the table has no row matching ${want}:\n${table}")
  endif()
endforeach()

# The same run with the adapters answering wrong instead of dying
# (TOUCHSTONE_TEST_PROBE): its wrong answers are exactly the cases that
# crash or hang, so the isolated run must count as many crashes and
# timeouts, and nothing else wrong in those rows (a case that answered
# before the crash, in the burst the child lost, is evaluated again).
set(ENV{TOUCHSTONE_TEST_PROBE} 1)
execute_process(COMMAND ${EXE} audit --no-progress --cases 300 --shard 1/1 --out ${WORK}/probe
                RESULT_VARIABLE rc OUTPUT_QUIET ERROR_QUIET)
unset(ENV{TOUCHSTONE_TEST_PROBE})
file(READ ${WORK}/probe/report.json probe)

file(READ ${WORK}/iso/report.json report)
string(JSON nrows LENGTH "${report}" rows)
math(EXPR last "${nrows} - 1")
set(found_crash FALSE)
set(found_timeout FALSE)
foreach(i RANGE ${last})
  string(JSON impl GET "${report}" rows ${i} implementation)
  string(JSON family GET "${report}" rows ${i} family)
  string(JSON wrong GET "${report}" rows ${i} wrong)
  string(JSON cases GET "${report}" rows ${i} cases)
  if(NOT cases EQUAL 300)
    message(FATAL_ERROR "${impl} ${family}: ${cases} cases, not 300: the run stopped early")
  endif()
  if((impl STREQUAL "fpe-disks" AND family MATCHES "^extreme_(overflow|radius)$")
     OR (impl STREQUAL "hang-point" AND family STREQUAL "degenerate"))
    string(JSON crashes GET "${report}" rows ${i} crashes)
    string(JSON timeouts GET "${report}" rows ${i} timeouts)
    string(JSON verdict GET "${report}" rows ${i} counterexample verdict)
    string(JSON detail GET "${report}" rows ${i} counterexample detail)
    string(JSON line GET "${report}" rows ${i} counterexample case)
    string(JSON replay GET "${report}" rows ${i} counterexample replay)
    string(JSON probe_impl GET "${probe}" rows ${i} implementation)
    string(JSON probe_family GET "${probe}" rows ${i} family)
    string(JSON probe_wrong GET "${probe}" rows ${i} wrong)
    math(EXPR fatal "${crashes} + ${timeouts}")
    if(NOT probe_impl STREQUAL impl OR NOT probe_family STREQUAL family
       OR NOT fatal EQUAL probe_wrong OR NOT wrong EQUAL fatal)
      message(FATAL_ERROR "${impl} ${family}: ${crashes} crashes + ${timeouts} timeouts, ${wrong} wrong; "
                          "the probe run has ${probe_wrong} wrong answers (${probe_impl} ${probe_family})")
    endif()
    if(impl STREQUAL "fpe-disks")
      if(crashes EQUAL 0 OR NOT verdict STREQUAL "crash" OR NOT detail STREQUAL "SIGFPE")
        message(FATAL_ERROR "fpe-disks ${family}: crashes ${crashes}, verdict ${verdict} (${detail})")
      endif()
      set(found_crash TRUE)
      set(want_answer "\"fpe-disks\":{\"answer\":{\"crash\":\"SIGFPE\"},\"verdict\":\"crash\"}")
    else()
      if(NOT timeouts EQUAL 1 OR NOT verdict STREQUAL "timeout")
        message(FATAL_ERROR "hang-point degenerate: timeouts ${timeouts}, verdict ${verdict}")
      endif()
      set(found_timeout TRUE)
      set(want_answer "\"hang-point\":{\"answer\":{\"timeout\":\"no answer within 1 s\"},\"verdict\":\"timeout\"}")
    endif()
    # The replay command carries the case line; replaying it gives the same verdict.
    if(NOT replay MATCHES "^echo '([^']+)' \\| ")
      message(FATAL_ERROR "the replay command does not carry a case line:\n${replay}")
    endif()
    set(case_text "${CMAKE_MATCH_1}")
    string(JSON a0 GET "${case_text}" args 0)
    string(JSON b0 GET "${line}" args 0)
    if(NOT a0 STREQUAL b0)
      message(FATAL_ERROR "the replay command's case is not the counterexample:\n${replay}\n${line}")
    endif()
    set(line "${case_text}")
    file(WRITE ${WORK}/${impl}.jsonl "${line}\n")
    execute_process(COMMAND ${EXE} replay ${WORK}/${impl}.jsonl --case-timeout 1
                    RESULT_VARIABLE rrc OUTPUT_VARIABLE replayed ERROR_VARIABLE rerr)
    string(FIND "${replayed}" "${want_answer}" at)
    if(NOT rrc EQUAL 0 OR at LESS 0)
      message(FATAL_ERROR "replay of ${impl}'s case (exit ${rrc}) lacks ${want_answer}:\n${replayed}\n${rerr}")
    endif()
  elseif(NOT wrong EQUAL 0)
    message(FATAL_ERROR "${impl} ${family}: ${wrong} wrong answers; only one row each should fail")
  endif()
endforeach()
if(NOT found_crash OR NOT found_timeout)
  message(FATAL_ERROR "missing the crash (${found_crash}) or the timeout (${found_timeout}) row")
endif()

# Determinism: isolation changes no answer. User rows without a crash, in
# worker processes (auto) and in-process (never); built-in rows with
# bugs, in worker processes (always) and in-process (auto). --shard 1/1:
# the whole run, and report.json then also carries every row's ulp
# histogram and the drawn case each counterexample came from (and no
# report.html, whose ulp maps would cost more than the runs).
function(same_reports exe what)
  execute_process(COMMAND ${exe} audit --no-progress --cases 400 ${ARGN} --isolate never
                          --shard 1/1 --out ${WORK}/${what}-never
                  RESULT_VARIABLE rc1 OUTPUT_QUIET ERROR_VARIABLE e1)
  execute_process(COMMAND ${exe} audit --no-progress --cases 400 ${ARGN} --isolate always
                          --shard 1/1 --out ${WORK}/${what}-always
                  RESULT_VARIABLE rc2 OUTPUT_QUIET ERROR_VARIABLE e2)
  if(NOT rc1 EQUAL rc2)
    message(FATAL_ERROR "${what}: exit ${rc1} in-process, ${rc2} isolated\n${e1}\n${e2}")
  endif()
  file(READ ${WORK}/${what}-never/report.json a)
  file(READ ${WORK}/${what}-always/report.json b)
  # The cost fields are wall time, and rows run in worker processes are not
  # timed at all (a timed in-process call could crash): compare without them.
  foreach(v a b)
    string(REGEX REPLACE ", \"(timed_calls|ns_per_call)\": [-+.0-9eE]+" "" ${v} "${${v}}")
  endforeach()
  if(NOT a STREQUAL b)
    message(FATAL_ERROR "${what}: report.json differs between --isolate never and always")
  endif()
  if(NOT a MATCHES "\"verdict\"" AND NOT what STREQUAL "user")
    message(FATAL_ERROR "${what}: no counterexample at all: the comparison has no teeth")
  endif()
endfunction()
same_reports(${EXE} user --only fpe-disks,hang-point,uniform,tangent,near_tangent)
same_reports(${TS} builtin --only tutorial-002*,tutorial-004,robust,disks_overlap,circle_intersections)

# report.json with crashes and timeouts still matches docs/report.schema.json.
if(PYTHON)
  execute_process(COMMAND ${PYTHON} ${SCHEMAS}/validate_json.py ${SCHEMAS}/../../../docs/report.schema.json
                          ${WORK}/iso/report.json RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "report.json with a crash does not match its schema:\n${out}\n${err}")
  endif()
endif()
