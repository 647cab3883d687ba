# replay --gate: a regression file as a CI gate. The same lines pass for the
# robust core and fail for a tutorial port that is wrong on one of them; the
# failing line and verdict are named on stderr; an unknown name is bad usage.
execute_process(COMMAND ${EXE} replay ${INPUT} --gate robust RESULT_VARIABLE rc
                OUTPUT_QUIET ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "replay --gate robust exited ${rc} (want 0):\n${err}")
endif()
execute_process(COMMAND ${EXE} replay ${INPUT} --gate tutorial-000 RESULT_VARIABLE rc
                OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 1)
  message(FATAL_ERROR "replay --gate tutorial-000 exited ${rc} (want 1):\n${err}")
endif()
if(NOT err MATCHES "line 3: gated tutorial-000: false_miss" OR NOT err MATCHES "gate failed")
  message(FATAL_ERROR "replay --gate tutorial-000 did not name line 3's false miss:\n${err}")
endif()
# The gate changes only the exit code: every line is still written.
string(REGEX MATCHALL "\"oracle\":" oracles "${out}")
list(LENGTH oracles n)
if(NOT n EQUAL 8)
  message(FATAL_ERROR "replay --gate wrote ${n} lines, want 8:\n${out}")
endif()
# A prefix pattern gates every tutorial port.
execute_process(COMMAND ${EXE} replay ${INPUT} --gate tutorial* RESULT_VARIABLE rc
                OUTPUT_QUIET ERROR_VARIABLE err)
if(NOT rc EQUAL 1 OR NOT err MATCHES "line 4: gated tutorial-003: false_miss")
  message(FATAL_ERROR "replay --gate tutorial* exited ${rc}, want 1 naming line 4:\n${err}")
endif()
execute_process(COMMAND ${EXE} replay ${INPUT} --gate no-such-code RESULT_VARIABLE rc
                OUTPUT_QUIET ERROR_VARIABLE err)
if(NOT rc EQUAL 2 OR NOT err MATCHES "unknown implementation \"no-such-code\"")
  message(FATAL_ERROR "replay --gate no-such-code exited ${rc}, want 2 naming it:\n${err}")
endif()
