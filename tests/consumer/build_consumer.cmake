# Configures, builds and tests tests/consumer/project in MODE.
set(build ${WORK}/${MODE})
file(REMOVE_RECURSE ${build})
set(extra)
if(MODE MATCHES "^(find_package|gxx|no_rapidcheck)$")
  set(prefix ${WORK}/prefix-${MODE})
  file(REMOVE_RECURSE ${prefix})
  execute_process(COMMAND ${CMAKE_COMMAND} --install ${TOP_BUILD} --prefix ${prefix}
                  RESULT_VARIABLE rc OUTPUT_QUIET)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "installing touchstone failed: ${rc}")
  endif()
  set(extra -DCMAKE_PREFIX_PATH=${prefix})
  if(MODE STREQUAL "no_rapidcheck")
    # RapidCheck hidden: touchstone_add_conformance() must say so, not
    # "Unknown CMake command".
    list(APPEND extra -DCMAKE_DISABLE_FIND_PACKAGE_rapidcheck=TRUE)
  endif()
else()
  # A unity build (CMAKE_UNITY_BUILD, which some projects set for all their
  # targets): touchstone's sources must compile that way too, and it is the
  # cheaper build of the two (86 against 119 CPU-seconds: Boost.Multiprecision
  # parsed and instantiated once a batch). The plain build of the same sources
  # is the main tree's.
  set(extra -DTOUCHSTONE_SOURCE_DIR=${TOP_SOURCE} -DCMAKE_UNITY_BUILD=ON)
endif()
execute_process(COMMAND ${CMAKE_COMMAND} -S ${SRC} -B ${build} -G ${GENERATOR} -DCMAKE_CXX_COMPILER=${CXX}
                        -DTOUCHSTONE_CONSUMER_MODE=${MODE} ${extra}
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(MODE STREQUAL "no_rapidcheck")
  set(want "touchstone: RapidCheck not found: touchstone_add_conformance\\(\\) is unavailable; install librapidcheck-dev")
  string(REGEX REPLACE "[ \n]+" " " flat "${err}")  # CMake wraps its messages
  if(rc EQUAL 0 OR NOT flat MATCHES "${want}" OR flat MATCHES "Unknown CMake command")
    message(FATAL_ERROR "without RapidCheck, configure should stop naming it (exit ${rc}):\n${out}\n${err}")
  endif()
  message("configure stopped as it should:\n${err}")
  return()
endif()
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "configure (${MODE}) failed:\n${out}\n${err}")
endif()
execute_process(COMMAND ${CMAKE_COMMAND} --build ${build} -j2 RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "build (${MODE}) failed:\n${out}\n${err}")
endif()
execute_process(COMMAND ${CMAKE_CTEST_COMMAND} --test-dir ${build} --output-on-failure
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
message("${out}")
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "tests (${MODE}) failed:\n${err}")
endif()
if(MODE STREQUAL "find_package" AND CXX MATCHES "clang" AND NOT EXISTS ${build}/mine_fuzz)
  message(FATAL_ERROR "clang did not build mine_fuzz: the -fsanitize=fuzzer check failed wrongly")
endif()
if(MODE STREQUAL "gxx")
  # g++ cannot link -fsanitize=fuzzer: the check must have left mine_fuzz out.
  if(EXISTS ${build}/mine_fuzz)
    message(FATAL_ERROR "g++ built mine_fuzz: the -fsanitize=fuzzer check did not skip it")
  endif()
endif()
if(NOT out MATCHES "Crashy\\.AuditReportsCrashAndTimeoutAndGateFails \\.+ +Passed")
  message(FATAL_ERROR "the crashing and hanging adapters' audit did not run and pass")
endif()
if(NOT out MATCHES "Conformance_mine_disks\\.disks_overlap_double" OR NOT out MATCHES "mine\\.AuditGate")
  message(FATAL_ERROR "the registered implementation did not yield its gtest and its audit gate")
endif()
