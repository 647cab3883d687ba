# replay prints, for a case of each of the eight primitives, the oracle's
# answer and a verdict for every implementation of that primitive.
execute_process(COMMAND ${EXE} replay ${INPUT} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "replay exited ${rc}:\n${err}")
endif()
string(REGEX MATCHALL "\"oracle\":" oracles "${out}")
list(LENGTH oracles n)
if(NOT n EQUAL 8)
  message(FATAL_ERROR "expected 8 oracle answers, got ${n}:\n${out}")
endif()
foreach(want
    "\"id\":\"pid-boundary\",.*\"oracle\":true,.*\"tutorial-003\":\\{\"answer\":true,\"verdict\":\"ok\"\\}"
    "\"id\":\"002-worked\",.*\"oracle\":true,.*\"tutorial-002-sqrt\":\\{\"answer\":true"
    "\"id\":\"shd-tangent\",.*\"oracle\":true,.*\"tutorial-000\":\\{\"answer\":false,\"verdict\":\"false_miss\"\\}"
    "\"id\":\"smc-endpoint\",.*\"oracle\":true,.*\"tutorial-003\":\\{\"answer\":false,\"verdict\":\"false_miss\"\\}"
    "\"id\":\"si-shared\",.*\"oracle\":true,.*\"tutorial-001\":\\{\"answer\":false,\"verdict\":\"false_miss\"\\}"
    "\"id\":\"ci-345\",.*\"oracle\":\\{\"kind\":\"two\",\"points\":\\[\\[\"0x1p\\+2\",\"0x1.8p\\+1\"\\]"
    "\"id\":\"scp-chord\",.*\"oracle\":\\{\"kind\":\"2 points\",\"points\":\\[\\[\"-0x1p\\+2\",\"0x1.8p\\+1\"\\],\\[\"0x1p\\+2\",\"0x1.8p\\+1\"\\]\\]\\}"
    "\"id\":\"sx-overlap\",.*\"oracle\":\\{\"kind\":\"overlap\",\"points\":\\[\\[\"0x1p\\+0\",\"0x0p\\+0\"\\],\\[\"0x1p\\+1\",\"0x0p\\+0\"\\]\\]\\}")
  if(NOT out MATCHES "${want}")
    message(FATAL_ERROR "replay output lacks /${want}/:\n${out}")
  endif()
endforeach()
