cmake_minimum_required(VERSION 3.20)
# The generated conformance test with an adapter that raises SIGFPE: the
# binary runs every test to the end, the agreement property of fpe-disks
# fails with "crash (SIGFPE)", the case line and the replay command, and the
# tests of hang-point still run; its hang becomes a timeout failure the same way.
set(ENV{TOUCHSTONE_CONFORMANCE_CASES} 300)
set(ENV{TOUCHSTONE_CASE_TIMEOUT} 0.3)
execute_process(COMMAND ${EXE} --gtest_filter=*AgreesWithTheOracleOnEveryFamily*:*ExactSymmetries*
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
set(all "${out}\n${err}")
if(NOT rc EQUAL 1)
  message(FATAL_ERROR "the test binary should exit 1 (a failing test), got ${rc}\n${all}")
endif()
foreach(want "crashed \\(SIGFPE\\); running the property again"
             "crash \\(SIGFPE\\)\ncase:    \\{\"primitive\":\"disks_overlap\",\"precision\":\"double\",\"args\":\\["
             "replay:  echo '\\{\"primitive\":\"disks_overlap\""
             "\\[  FAILED  \\] Conformance_fpe_disks\\.disks_overlap_double_AgreesWithTheOracleOnEveryFamily"
             "\\[       OK \\] Conformance_hang_point\\.point_in_disk_double_ExactSymmetriesLeaveAnswersUnchanged"
             "timeout \\(no answer within 0.3 s\\)\ncase:    \\{\"primitive\":\"point_in_disk\""
             "\\[==========\\] 4 tests from 2 test suites ran")
  if(NOT all MATCHES "${want}")
    message(FATAL_ERROR "the output lacks ${want}:\n${all}")
  endif()
endforeach()
