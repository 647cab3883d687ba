cmake_minimum_required(VERSION 3.20)
# --junit and --sarif: valid against their schemas (tests/cli/schemas), and
# the validators have teeth (a broken copy of each fails). The run mixes
# built-in and user rows, new and known findings, and a crash.
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})
find_program(XMLLINT xmllint)
if(NOT XMLLINT OR NOT PYTHON)
  message(FATAL_ERROR "xmllint and python3 (with jsonschema) are test dependencies: scripts/setup.sh installs libxml2-utils and python3-jsonschema")
endif()
file(WRITE ${WORK}/baseline.jsonl
     "{\"implementation\":\"tutorial-002-squared\",\"precision\":\"float\",\"primitive\":\"disks_overlap\",\"family\":\"tangent\",\"verdict\":\"false_miss\"}\n"
     "{\"implementation\":\"tutorial-002-squared\",\"precision\":\"float\",\"primitive\":\"disks_overlap\",\"family\":\"near_tangent\",\"verdict\":\"false_hit\"}\n")
execute_process(COMMAND ${EXE} audit --no-progress --cases 300 --with-reference
                        --only fpe-disks,tutorial-002*,robust,disks_overlap --gate fpe*,tutorial*
                        --baseline ${WORK}/baseline.jsonl
                        --junit ${WORK}/junit.xml --sarif ${WORK}/report.sarif
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 1)
  message(FATAL_ERROR "the gate should fail, got ${rc}\n${out}\n${err}")
endif()

execute_process(COMMAND ${XMLLINT} --noout --schema ${SCHEMAS}/junit.xsd ${WORK}/junit.xml
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "junit.xml does not match junit.xsd:\n${out}\n${err}")
endif()
file(READ ${WORK}/junit.xml junit)
foreach(want "<testcase classname=\"fpe-disks\" name=\"disks_overlap/double/extreme_overflow\""
             "<failure type=\"crash\"" "case:   \\{&quot;id&quot;:&quot;fpe-disks"
             "replay: echo '" "<testcase classname=\"robust\" name=\"disks_overlap/float/tangent\" time=\"0\"/>"
             "name=\"disks_overlap/float/tangent\" time=\"0\">\n *<system-out>known findings \\(baseline\\): false_miss"
             "known findings \\(baseline\\): false_hit")
  if(NOT junit MATCHES "${want}")
    message(FATAL_ERROR "junit.xml lacks ${want}:\n${junit}")
  endif()
endforeach()
# Teeth: a testcase without its name must fail the schema.
string(REPLACE "<testcase classname=\"robust\" name=" "<testcase classname=\"robust\" label=" broken "${junit}")
file(WRITE ${WORK}/broken.xml "${broken}")
execute_process(COMMAND ${XMLLINT} --noout --schema ${SCHEMAS}/junit.xsd ${WORK}/broken.xml
                RESULT_VARIABLE rc OUTPUT_QUIET ERROR_QUIET)
if(rc EQUAL 0)
  message(FATAL_ERROR "junit.xsd accepts a testcase without a name")
endif()

execute_process(COMMAND ${PYTHON} ${SCHEMAS}/validate_sarif.py ${SCHEMAS}/sarif-2.1.0-subset.json
                        ${WORK}/report.sarif
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "report.sarif does not match the SARIF 2.1.0 subset:\n${out}\n${err}")
endif()
file(READ ${WORK}/report.sarif sarif)
string(JSON nresults LENGTH "${sarif}" runs 0 results)
set(states "")
set(rules "")
math(EXPR last "${nresults} - 1")
foreach(i RANGE ${last})
  string(JSON state GET "${sarif}" runs 0 results ${i} baselineState)
  string(JSON rule GET "${sarif}" runs 0 results ${i} ruleId)
  string(JSON text GET "${sarif}" runs 0 results ${i} message text)
  list(APPEND states ${state})
  list(APPEND rules ${rule})
  if(NOT text MATCHES "case:   \\{\"id\":" OR NOT text MATCHES "replay: echo '")
    message(FATAL_ERROR "result ${i} has no case line and replay command:\n${text}")
  endif()
endforeach()
foreach(want new unchanged)
  if(NOT want IN_LIST states)
    message(FATAL_ERROR "no result with baselineState ${want}: ${states}")
  endif()
endforeach()
if(NOT crash IN_LIST rules)
  message(FATAL_ERROR "no crash result: ${rules}")
endif()
string(JSON version GET "${sarif}" runs 0 tool driver version)
execute_process(COMMAND ${EXE} --version OUTPUT_VARIABLE v)
if(NOT v MATCHES " ${version}\n")
  message(FATAL_ERROR "tool.driver.version ${version} is not the audit's version (${v})")
endif()
# Teeth: a result without a level must fail the schema.
string(REPLACE "\"level\": \"error\", \"message\"" "\"message\"" broken "${sarif}")
file(WRITE ${WORK}/broken.sarif "${broken}")
execute_process(COMMAND ${PYTHON} ${SCHEMAS}/validate_sarif.py ${SCHEMAS}/sarif-2.1.0-subset.json
                        ${WORK}/broken.sarif RESULT_VARIABLE rc OUTPUT_QUIET ERROR_QUIET)
if(rc EQUAL 0)
  message(FATAL_ERROR "the SARIF subset schema accepts a result without a level")
endif()
