# Malformed lines: each gets an error naming its line and field, the others
# still run, and the exit code is 3.
execute_process(COMMAND ${EXE} replay ${INPUT} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 3)
  message(FATAL_ERROR "expected exit 3, got ${rc}\n${out}\n${err}")
endif()
foreach(want "line 2: field args\\[3\\] \\(cy\\)" "line 3: field primitive" "line 4: "
             "line 5: field args\\[0\\] \\(c1x\\).*not exactly representable as a float")
  if(NOT err MATCHES "${want}")
    message(FATAL_ERROR "stderr lacks /${want}/:\n${err}")
  endif()
endforeach()
# Line 1 and line 6 still ran; line 6 is invalid input named by its field.
if(NOT out MATCHES "\"line\":1,.*\"oracle\":true")
  message(FATAL_ERROR "line 1 did not run:\n${out}")
endif()
if(NOT out MATCHES "\"line\":6,.*invalid_input.*field r")
  message(FATAL_ERROR "line 6 should be rejected by the oracle naming r:\n${out}")
endif()
