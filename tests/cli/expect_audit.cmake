# A small audit finds a counterexample for every tutorial port, prints it as
# hex floats, and --gate turns a disagreement into exit code 1.
execute_process(COMMAND ${EXE} audit --cases 300 --no-progress --only tutorial*
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "audit without --gate should exit 0, got ${rc}\n${err}")
endif()
foreach(port tutorial-000 tutorial-001 tutorial-002-sqrt tutorial-002-squared tutorial-003 tutorial-004)
  if(NOT out MATCHES "${port} [^\n]*(false_hit|false_miss|wrong_kind|nan|ulps): (-?0x|-?inf|-?nan)")
    message(FATAL_ERROR "no counterexample row for ${port}:\n${out}")
  endif()
endforeach()
execute_process(COMMAND ${EXE} audit --cases 300 --no-progress --only tutorial-001 --gate tutorial-001
                RESULT_VARIABLE rc OUTPUT_QUIET ERROR_QUIET)
if(NOT rc EQUAL 1)
  message(FATAL_ERROR "--gate on a buggy port should exit 1, got ${rc}")
endif()
