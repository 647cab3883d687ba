# touchstone_add_conformance(<name> SOURCES <files...> [LIBS <targets...>]
#                            [GATE <impl>...] [EXPECT_FINDINGS] [NO_FUZZ]
#                            [BASELINE <file>] [CASES <n>])
#
# Builds, from sources that register implementations with TOUCHSTONE_REGISTER:
#   <name>_test   the RapidCheck properties as gtests (each added to ctest)
#   <name>_audit  the touchstone command with those implementations as rows:
#                 `<name>_audit audit --gate IMPL`, `<name>_audit replay`
#   <name>_fuzz   a libFuzzer target, when the compiler supports
#                 -fsanitize=fuzzer (checked once, cached in
#                 TOUCHSTONE_CXX_HAS_LIBFUZZER); NO_FUZZ skips it
# Every option is described in docs/gating.md.
# GATE adds a ctest test, <name>.AuditGate, that runs the audit with --gate
# on those names (or NAME* patterns) over CASES cases per cell (1000); with
# BASELINE <file> (relative to the calling CMakeLists.txt) only findings not
# in that baseline fail it (`<name>_audit audit --update-baseline <file>`
# writes one).
# EXPECT_FINDINGS marks the agreement tests as expected to fail (and leaves
# the laws out of ctest): for an example that shows what touchstone finds in
# someone else's code.
# The sources are compiled into each executable, so their static
# registrations are never dropped by the linker.
function(touchstone_add_conformance name)
  # Included here, not at file scope: GoogleTest's module sets the path of its
  # discovery script in the including scope, which must be the caller's.
  include(GoogleTest)
  cmake_parse_arguments(ARG "EXPECT_FINDINGS;NO_FUZZ" "BASELINE;CASES" "SOURCES;LIBS;GATE" ${ARGN})
  add_executable(${name}_test ${ARG_SOURCES})
  target_link_libraries(${name}_test PRIVATE touchstone::conformance_test_main ${ARG_LIBS})
  if(ARG_EXPECT_FINDINGS)
    # Only the agreement tests are expected to fail; the laws (symmetries,
    # monotonicity, predicate vs construction) may hold or not, so they are
    # left out of ctest here and run when the test binary runs by hand.
    gtest_discover_tests(${name}_test DISCOVERY_TIMEOUT 120
                         TEST_FILTER "*AgreesWithTheOracleOnEveryFamily"
                         XML_OUTPUT_DIR ${CMAKE_CURRENT_BINARY_DIR}/${name}_test-junit
                         PROPERTIES LABELS conformance WILL_FAIL TRUE)
  else()
    # XML_OUTPUT_DIR: each test also writes gtest's JUnit XML, whose failure
    # messages carry the case line and the replay command (ctest
    # --output-junit leaves its failure message empty; docs/gating.md).
    gtest_discover_tests(${name}_test DISCOVERY_TIMEOUT 120
                         XML_OUTPUT_DIR ${CMAKE_CURRENT_BINARY_DIR}/${name}_test-junit
                         PROPERTIES LABELS conformance)
  endif()

  add_executable(${name}_audit ${ARG_SOURCES})
  target_link_libraries(${name}_audit PRIVATE touchstone::conformance_audit_main ${ARG_LIBS})
  if(ARG_GATE)
    string(REPLACE ";" "," gate "${ARG_GATE}")
    # BASELINE and CASES (issue 14).
    set(gate_cases 1000)
    if(ARG_CASES)
      set(gate_cases ${ARG_CASES})
    endif()
    set(gate_baseline)
    if(ARG_BASELINE)
      get_filename_component(baseline_file "${ARG_BASELINE}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
      set(gate_baseline --baseline "${baseline_file}")
    endif()
    add_test(NAME ${name}.AuditGate
             COMMAND ${name}_audit audit --no-progress --cases ${gate_cases} --only "${gate}"
                     --gate "${gate}" ${gate_baseline})
    set_tests_properties(${name}.AuditGate PROPERTIES LABELS conformance)
  endif()

  # The fuzz target: only with a compiler that links -fsanitize=fuzzer
  # (clang; not g++), and not with NO_FUZZ.
  if(ARG_NO_FUZZ OR NOT TARGET touchstone::conformance_fuzz_main)
    return()
  endif()
  _touchstone_check_libfuzzer()
  if(NOT TOUCHSTONE_CXX_HAS_LIBFUZZER)
    message(STATUS "touchstone: ${CMAKE_CXX_COMPILER_ID} ${CMAKE_CXX_COMPILER_VERSION} does not "
                   "support -fsanitize=fuzzer: ${name}_fuzz is not built (use clang for it, or "
                   "pass NO_FUZZ to touchstone_add_conformance to say so)")
    return()
  endif()
  add_executable(${name}_fuzz ${ARG_SOURCES})
  target_link_libraries(${name}_fuzz PRIVATE touchstone::conformance_fuzz_main ${ARG_LIBS})
  target_link_options(${name}_fuzz PRIVATE -fsanitize=fuzzer)
endfunction()

# Whether the C++ compiler compiles and links a libFuzzer target: cached in
# TOUCHSTONE_CXX_HAS_LIBFUZZER, so it is checked once per build tree.
function(_touchstone_check_libfuzzer)
  if(DEFINED TOUCHSTONE_CXX_HAS_LIBFUZZER)
    return()
  endif()
  include(CheckCXXSourceCompiles)
  set(CMAKE_REQUIRED_FLAGS -fsanitize=fuzzer)
  set(CMAKE_REQUIRED_LINK_OPTIONS -fsanitize=fuzzer)
  set(CMAKE_REQUIRED_QUIET TRUE)
  check_cxx_source_compiles([[
#include <cstddef>
#include <cstdint>
extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t*, std::size_t) { return 0; }
]] TOUCHSTONE_CXX_HAS_LIBFUZZER)
endfunction()
