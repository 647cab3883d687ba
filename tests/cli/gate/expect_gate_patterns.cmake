cmake_minimum_required(VERSION 3.20)
# --gate takes the patterns --only takes: a trailing * matches a prefix.
execute_process(COMMAND ${EXE} audit --cases 200 --no-progress --only tutorial-002* --gate tutorial-002*
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 1)
  message(FATAL_ERROR "--gate tutorial-002* on buggy ports should exit 1, got ${rc}\n${err}")
endif()
# A pattern that matches only correct rows passes.
execute_process(COMMAND ${EXE} audit --cases 200 --no-progress --only rob*,disks_overlap --gate rob*
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "--gate rob* on the robust core should exit 0, got ${rc}\n${err}")
endif()
# A pattern that matches nothing is a usage error naming it.
execute_process(COMMAND ${EXE} audit --cases 10 --no-progress --gate nosuchlib*
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 2 OR NOT err MATCHES "unknown implementation \"nosuchlib\\*\"")
  message(FATAL_ERROR "--gate nosuchlib* should exit 2 naming it, got ${rc}\n${err}")
endif()
