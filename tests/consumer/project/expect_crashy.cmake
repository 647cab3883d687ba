cmake_minimum_required(VERSION 3.20)
# crashy_audit (see CMakeLists.txt): crash and timeout rows with case lines
# that replay to the same verdicts, every other row clean, gate exit 1.
file(REMOVE_RECURSE ${WORK})
execute_process(COMMAND ${EXE} audit --no-progress --cases 300 --case-timeout 1
                        --gate fpe*,hang* --emit-cases ${WORK}/cases.jsonl
                RESULT_VARIABLE rc OUTPUT_VARIABLE table ERROR_VARIABLE err)
if(NOT rc EQUAL 1)
  message(FATAL_ERROR "the gate should exit 1 on a crash and a hang, got ${rc}\n${table}\n${err}")
endif()
foreach(want "fpe-disks +double disks_overlap +extreme_overflow [^\n]*crash \\(SIGFPE\\): -?0x"
             "hang-point +double point_in_disk +degenerate [^\n]*timeout \\(no answer within 1 s\\): -?0x"
             "\n  fpe-disks double disks_overlap extreme_overflow: [1-9][0-9]* crash(es)?, 0 timeouts\n"
             "\n  hang-point double point_in_disk degenerate: 0 crashes, 1 timeout\n")
  if(NOT table MATCHES "${want}")
    message(FATAL_ERROR "the output lacks ${want}:\n${table}")
  endif()
endforeach()
# Only those rows have counterexamples (one per bug class: a crash on
# more than one sub-kind of extreme_overflow is more than one class; the
# crash rows are extreme_overflow and extreme_radius, whose radii near 2^512
# square to inf), and they replay to their verdicts.
file(STRINGS ${WORK}/cases.jsonl lines)
set(crash_lines 0)
set(hang_lines 0)
foreach(line IN LISTS lines)
  if(line MATCHES "^{\"id\":\"fpe-disks/double/disks_overlap/extreme_(overflow|radius)/[^\"]*/crash\"")
    math(EXPR crash_lines "${crash_lines} + 1")
  elseif(line MATCHES "^{\"id\":\"hang-point/double/point_in_disk/degenerate/[^\"]*/timeout\"")
    math(EXPR hang_lines "${hang_lines} + 1")
  else()
    message(FATAL_ERROR "a counterexample outside the crash and the hang rows:\n${line}")
  endif()
endforeach()
if(crash_lines EQUAL 0 OR NOT hang_lines EQUAL 1)
  message(FATAL_ERROR "expected crash classes and one hang, got ${crash_lines} and ${hang_lines}:\n${lines}")
endif()
execute_process(COMMAND ${EXE} replay ${WORK}/cases.jsonl --case-timeout 1
                RESULT_VARIABLE rc OUTPUT_VARIABLE replayed ERROR_VARIABLE err)
if(NOT rc EQUAL 0 OR NOT replayed MATCHES "\"fpe-disks\":{\"answer\":{\"crash\":\"SIGFPE\"},\"verdict\":\"crash\"}"
   OR NOT replayed MATCHES "\"hang-point\":{\"answer\":{\"timeout\":\"no answer within 1 s\"},\"verdict\":\"timeout\"}")
  message(FATAL_ERROR "replay (exit ${rc}) does not give crash and timeout:\n${replayed}\n${err}")
endif()
