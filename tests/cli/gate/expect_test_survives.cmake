cmake_minimum_required(VERSION 3.20)
# The generated conformance test with an adapter that raises SIGFPE on one
# family and one that hangs on one case: the binary runs every test to the
# end; the agreement property of fpe-disks fails with "crash (SIGFPE)", the
# case line and the replay command; hang-point's fails with "timeout" the
# same way; the replay command gives the same verdict; and the binary exits 1.
set(ENV{TOUCHSTONE_CONFORMANCE_CASES} 300)
set(ENV{TOUCHSTONE_CASE_TIMEOUT} 0.3)
# RapidCheck's draws meet a point at the centre of a zero disk less often
# than the audit's: hang-point hangs on one such point in 7 here, not 73.
set(ENV{TOUCHSTONE_TEST_RARE} 7)
file(REMOVE_RECURSE ${WORK})
execute_process(COMMAND ${EXE} --gtest_filter=*AgreesWithTheOracleOnEveryFamily*:*ExactSymmetries*
                        --gtest_output=xml:${WORK}/gtest.xml
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
set(all "${out}\n${err}")
if(NOT rc EQUAL 1)
  message(FATAL_ERROR "the test binary should exit 1 (a failing test), got ${rc}\n${all}")
endif()
foreach(want "crash \\(SIGFPE\\)\ncase:    \\{\"primitive\":\"disks_overlap\",\"precision\":\"double\",\"args\":\\["
             "\ncase:    [^\n]*\nfound:   \\{\"primitive\":\"disks_overlap\",\"precision\":\"double\",\"args\":\\["
             "replay:  echo '\\{\"primitive\":\"disks_overlap\""
             "\\[  FAILED  \\] Conformance_fpe_disks\\.disks_overlap_double_AgreesWithTheOracleOnEveryFamily"
             "timeout \\(no answer within 0.3 s\\)\ncase:    \\{\"primitive\":\"point_in_disk\""
             "\\[  FAILED  \\] Conformance_hang_point\\.point_in_disk_double_AgreesWithTheOracleOnEveryFamily"
             "\\[==========\\] 4 tests from 2 test suites ran")
  if(NOT all MATCHES "${want}")
    message(FATAL_ERROR "the output lacks ${want}:\n${all}")
  endif()
endforeach()

# Each printed replay command replays: the crash and the hang again, isolated.
string(REGEX MATCHALL "replay:  echo '[^']+' \\| [^\n]+" replays "${all}")
list(LENGTH replays n)
if(n LESS 2)
  message(FATAL_ERROR "expected two replay commands, found ${n}:\n${all}")
endif()
foreach(r IN LISTS replays)
  string(REGEX REPLACE "^replay:  echo '([^']+)' \\| ([^ ]+) replay -$" "\\1" line "${r}")
  string(REGEX REPLACE "^replay:  echo '([^']+)' \\| ([^ ]+) replay -$" "\\2" program "${r}")
  file(WRITE ${WORK}/case.jsonl "${line}\n")
  execute_process(COMMAND ${program} replay ${WORK}/case.jsonl --case-timeout 0.3
                  RESULT_VARIABLE rrc OUTPUT_VARIABLE replayed ERROR_VARIABLE rerr)
  if(NOT rrc EQUAL 0 OR NOT replayed MATCHES "\"verdict\":\"(crash|timeout)\"")
    message(FATAL_ERROR "${r}\nexit ${rrc}, no crash or timeout verdict:\n${replayed}\n${rerr}")
  endif()
endforeach()

# gtest's JUnit XML (what the generated ctest tests write to
# <name>_test-junit/) carries the crash in the failure message.
file(READ ${WORK}/gtest.xml xml)
foreach(want "<failure message=\"[^\"]*crash \\(SIGFPE\\)&#x0A;case:    {&quot;primitive&quot;:&quot;disks_overlap&quot;"
             "<failure message=\"[^\"]*timeout \\(no answer within 0.3 s\\)&#x0A;case:    {&quot;primitive&quot;:&quot;point_in_disk&quot;")
  if(NOT xml MATCHES "${want}")
    message(FATAL_ERROR "gtest.xml lacks ${want}:\n${xml}")
  endif()
endforeach()
