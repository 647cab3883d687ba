# Issue 14's must-show tests; included from tests/cli/CMakeLists.txt.
set(gate_dir ${CMAKE_CURRENT_SOURCE_DIR}/gate)

# An adapter that raises SIGFPE on one family and one that hangs on one case.
add_executable(crashing_adapters_audit ${gate_dir}/crashing_adapters.cpp)
target_link_libraries(crashing_adapters_audit PRIVATE touchstone::conformance_audit_main)
find_program(gate_python python3)
set(iso_args -DEXE=$<TARGET_FILE:crashing_adapters_audit> -DTS=$<TARGET_FILE:touchstone>
    -DWORK=${CMAKE_CURRENT_BINARY_DIR}/gate-isolation
    -DPYTHON=${gate_python} -DSCHEMAS=${CMAKE_CURRENT_SOURCE_DIR}/schemas)
add_test(NAME Cli.AuditSurvivesCrashingAndHangingAdapters
         COMMAND ${CMAKE_COMMAND} ${iso_args} -P ${gate_dir}/expect_isolation.cmake)
set_tests_properties(Cli.AuditSurvivesCrashingAndHangingAdapters PROPERTIES LABELS "cli;gate" TIMEOUT 300)

# A crash's counterexample is shrunk, and the shrunk case still crashes.
add_test(NAME Cli.CrashCounterexampleIsShrunk
         COMMAND ${CMAKE_COMMAND} -DEXE=$<TARGET_FILE:crashing_adapters_audit>
                 -DWORK=${CMAKE_CURRENT_BINARY_DIR}/gate-crash-shrunk -P ${gate_dir}/expect_crash_shrunk.cmake)
set_tests_properties(Cli.CrashCounterexampleIsShrunk PROPERTIES LABELS "cli;gate" TIMEOUT 120)

# JUnit XML and SARIF against their schemas (tests/cli/schemas).
add_test(NAME Cli.JUnitAndSarifMatchTheirSchemas
         COMMAND ${CMAKE_COMMAND} -DEXE=$<TARGET_FILE:crashing_adapters_audit>
                 -DSCHEMAS=${CMAKE_CURRENT_SOURCE_DIR}/schemas -DPYTHON=${gate_python}
                 -DWORK=${CMAKE_CURRENT_BINARY_DIR}/gate-ci-reports
                 -P ${gate_dir}/expect_ci_reports.cmake)
set_tests_properties(Cli.JUnitAndSarifMatchTheirSchemas PROPERTIES LABELS "cli;gate" TIMEOUT 300)

# Baselines: fails -> --update-baseline -> passes -> a new bug -> fails on it alone.
add_executable(baseline_adapters_audit ${gate_dir}/baseline_adapters.cpp)
target_link_libraries(baseline_adapters_audit PRIVATE touchstone::conformance_audit_main)
add_test(NAME Cli.BaselineGatesOnlyNewFindings
         COMMAND ${CMAKE_COMMAND} -DEXE=$<TARGET_FILE:baseline_adapters_audit>
                 -DWORK=${CMAKE_CURRENT_BINARY_DIR}/gate-baseline
                 -DPYTHON=${gate_python} -DSCHEMAS=${CMAKE_CURRENT_SOURCE_DIR}/schemas
                 -P ${gate_dir}/expect_baseline.cmake)
set_tests_properties(Cli.BaselineGatesOnlyNewFindings PROPERTIES LABELS "cli;gate" TIMEOUT 300)

# The conformance function's BASELINE and CASES: the generated AuditGate
# passes on the known findings of tests/cli/gate/baseline.jsonl.
touchstone_add_conformance(gate_baseline SOURCES ${gate_dir}/baseline_adapters.cpp
                           GATE base-disks BASELINE ${gate_dir}/baseline.jsonl
                           CASES 500 EXPECT_FINDINGS)
foreach(t gate_baseline_test gate_baseline_audit)
  target_compile_definitions(${t} PRIVATE TOUCHSTONE_TEST_KNOWN_BUGS_ONLY)
endforeach()
if(TARGET gate_baseline_fuzz)
  target_compile_definitions(gate_baseline_fuzz PRIVATE TOUCHSTONE_TEST_KNOWN_BUGS_ONLY)
endif()

# A duplicate registration stops the executable, naming both places.
add_executable(duplicate_registration_audit ${gate_dir}/duplicate_registration.cpp)
target_link_libraries(duplicate_registration_audit PRIVATE touchstone::conformance_audit_main)
add_test(NAME Conformance.DuplicateRegistrationNamesBothPlaces
         COMMAND ${CMAKE_COMMAND} -DEXE=$<TARGET_FILE:duplicate_registration_audit>
                 -P ${gate_dir}/expect_duplicate.cmake)
set_tests_properties(Conformance.DuplicateRegistrationNamesBothPlaces PROPERTIES LABELS "cli;gate")

# --gate takes --only's patterns.
add_test(NAME Cli.GateTakesPrefixPatterns
         COMMAND ${CMAKE_COMMAND} -DEXE=$<TARGET_FILE:touchstone> -P ${gate_dir}/expect_gate_patterns.cmake)
set_tests_properties(Cli.GateTakesPrefixPatterns PROPERTIES LABELS "cli;gate")

# The generated test (conformance/src/test_main.cpp) survives the same
# adapters: the crash and the hang become failures with their case lines,
# the run goes on. Its replay commands run crashing_adapters_audit.
add_executable(crashing_adapters_test ${gate_dir}/crashing_adapters.cpp)
target_link_libraries(crashing_adapters_test PRIVATE touchstone::conformance_test_main)
add_dependencies(crashing_adapters_test crashing_adapters_audit)
add_test(NAME Conformance.GeneratedTestSurvivesACrashingAdapter
         COMMAND ${CMAKE_COMMAND} -DEXE=$<TARGET_FILE:crashing_adapters_test>
                 -DWORK=${CMAKE_CURRENT_BINARY_DIR}/gate-test-survives
                 -P ${gate_dir}/expect_test_survives.cmake)
set_tests_properties(Conformance.GeneratedTestSurvivesACrashingAdapter PROPERTIES LABELS "cli;gate" TIMEOUT 120)
