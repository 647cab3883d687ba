# A user fuzz target whose adapter raises SIGFPE prints the case line and the
# replay command, then libFuzzer's own crash report; TOUCHSTONE_FUZZ_ONLY
# picks the other registered function, which runs clean.
# -DEXE=<name>_fuzz -DINPUT=<an input file>
execute_process(COMMAND ${EXE} ${INPUT} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(rc EQUAL 0)
  message(FATAL_ERROR "a crashing adapter should fail the fuzz target:\n${err}")
endif()
if(NOT err MATCHES "==touchstone-fuzz== sigfpe-disks crashed \\(SIGFPE\\) on this case \\[crash\\]\n(\\{[^\n]*\"id\":\"sigfpe-disks\"[^\n]*\"primitive\":\"disks_overlap\"[^\n]*\\})\nreplay: [^\n]*_audit replay")
  message(FATAL_ERROR "no crash line with the case and the replay command:\n${err}")
endif()
set(line "${CMAKE_MATCH_1}")
if(NOT line MATCHES "0x")
  message(FATAL_ERROR "the case line has no hex floats: ${line}")
endif()
if(NOT err MATCHES "(DEADLYSIGNAL|deadly signal)")
  message(FATAL_ERROR "the sanitizer or libFuzzer handler did not run after ours:\n${err}")
endif()
execute_process(COMMAND ${CMAKE_COMMAND} -E env TOUCHSTONE_FUZZ_ONLY=plain-disks ${EXE} ${INPUT}
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0 OR err MATCHES "touchstone-fuzz")
  message(FATAL_ERROR "TOUCHSTONE_FUZZ_ONLY=plain-disks should skip the crashing function (exit ${rc}):\n${err}")
endif()
# A known finding: without report-only the target stops at it; with
# TOUCHSTONE_FUZZ_REPORT_ONLY=1 it prints it and goes on to the next function.
execute_process(COMMAND ${CMAKE_COMMAND} -E env TOUCHSTONE_FUZZ_ONLY=never-disks,plain-disks ${EXE} ${INPUT}
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(rc EQUAL 0 OR NOT err MATCHES "never-disks disagrees with the oracle")
  message(FATAL_ERROR "never-disks' wrong answer should stop the target (exit ${rc}):\n${err}")
endif()
execute_process(COMMAND ${CMAKE_COMMAND} -E env TOUCHSTONE_FUZZ_ONLY=never-disks,plain-disks
                        TOUCHSTONE_FUZZ_REPORT_ONLY=1 ${EXE} ${INPUT}
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0 OR NOT err MATCHES "never-disks disagrees with the oracle[^\n]*\n[{][^\n]*[}]\nreplay: ")
  message(FATAL_ERROR "TOUCHSTONE_FUZZ_REPORT_ONLY=1 should report never-disks and go on (exit ${rc}):\n${err}")
endif()
message("crash line: ${line}")
