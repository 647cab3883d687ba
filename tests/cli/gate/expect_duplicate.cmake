cmake_minimum_required(VERSION 3.20)
# A duplicate TOUCHSTONE_REGISTER stops the executable at start-up with exit
# status 2 and a message naming both places.
execute_process(COMMAND ${EXE} audit --cases 10 --no-progress
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 2)
  message(FATAL_ERROR "a duplicate registration should exit 2, got ${rc}\n${out}\n${err}")
endif()
if(NOT err MATCHES "duplicate registration of mylib disks_overlap float: first at [^\n]*duplicate_registration\\.cpp:([0-9]+), again at [^\n]*duplicate_registration\\.cpp:([0-9]+)")
  message(FATAL_ERROR "the message does not name both places:\n${err}")
endif()
if(NOT CMAKE_MATCH_1 LESS CMAKE_MATCH_2)
  message(FATAL_ERROR "the first place should come first:\n${err}")
endif()
if(out MATCHES "implementation")
  message(FATAL_ERROR "the audit ran despite the duplicate:\n${out}")
endif()
