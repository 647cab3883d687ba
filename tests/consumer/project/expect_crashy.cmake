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
# Only those two rows have a counterexample, and both replay to their verdict.
file(STRINGS ${WORK}/cases.jsonl lines)
list(LENGTH lines n)
if(NOT n EQUAL 2)
  message(FATAL_ERROR "expected two counterexamples (the crash and the hang), got ${n}:\n${lines}")
endif()
execute_process(COMMAND ${EXE} replay ${WORK}/cases.jsonl --case-timeout 1
                RESULT_VARIABLE rc OUTPUT_VARIABLE replayed ERROR_VARIABLE err)
if(NOT rc EQUAL 0 OR NOT replayed MATCHES "\"fpe-disks\":{\"answer\":{\"crash\":\"SIGFPE\"},\"verdict\":\"crash\"}"
   OR NOT replayed MATCHES "\"hang-point\":{\"answer\":{\"timeout\":\"no answer within 1 s\"},\"verdict\":\"timeout\"}")
  message(FATAL_ERROR "replay (exit ${rc}) does not give crash and timeout:\n${replayed}\n${err}")
endif()
