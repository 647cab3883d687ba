cmake_minimum_required(VERSION 3.20)
# Baselines, end to end: the gate fails on known bugs -> --update-baseline
# writes them -> the gate passes -> a new bug is switched on
# (TOUCHSTONE_TEST_NEW_BUG=1) -> the gate fails naming only the new finding.
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})
set(audit ${EXE} audit --no-progress --cases 500 --gate base*)

# 1. Known bugs, no baseline: the gate fails.
execute_process(COMMAND ${audit} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 1)
  message(FATAL_ERROR "the gate should fail on base-disks' bugs, got ${rc}\n${out}\n${err}")
endif()

# 2. --update-baseline writes them, sorted, one JSON object per line.
execute_process(COMMAND ${audit} --update-baseline ${WORK}/baseline.jsonl
                RESULT_VARIABLE rc OUTPUT_QUIET ERROR_QUIET)
file(STRINGS ${WORK}/baseline.jsonl lines REGEX "^{")
list(LENGTH lines nknown)
if(nknown EQUAL 0)
  message(FATAL_ERROR "--update-baseline wrote no finding")
endif()
set(sorted ${lines})
list(SORT sorted)
if(NOT sorted STREQUAL lines)
  message(FATAL_ERROR "the baseline is not sorted:\n${lines}")
endif()
foreach(l ${lines})
  string(JSON impl GET "${l}" implementation)
  string(JSON verdict GET "${l}" verdict)
  if(NOT impl STREQUAL "base-disks")
    message(FATAL_ERROR "a finding of ${impl} before the new bug: ${l}")
  endif()
endforeach()

# 3. With the baseline the gate passes, and says all findings are known.
execute_process(COMMAND ${audit} --baseline ${WORK}/baseline.jsonl --out ${WORK}/known
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0 OR NOT out MATCHES "baseline [^\n]*: 0 new, ${nknown} known, 0 fixed")
  message(FATAL_ERROR "with the baseline the gate should pass with ${nknown} known, got ${rc}\n${out}\n${err}")
endif()
file(READ ${WORK}/known/report.md md)
if(NOT md MATCHES "0 new, ${nknown} known, 0 fixed" OR NOT md MATCHES "\\| known \\| `base-disks`")
  message(FATAL_ERROR "report.md does not list the known findings:\n${md}")
endif()

# 4. A new bug: the gate fails, naming only the new finding(s), all base-points'.
set(ENV{TOUCHSTONE_TEST_NEW_BUG} 1)
execute_process(COMMAND ${audit} --baseline ${WORK}/baseline.jsonl --out ${WORK}/new
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
unset(ENV{TOUCHSTONE_TEST_NEW_BUG})
if(NOT rc EQUAL 1 OR NOT err MATCHES "gate failed")
  message(FATAL_ERROR "the new bug should fail the gate, got ${rc}\n${out}\n${err}")
endif()
if(NOT out MATCHES ": [1-9][0-9]* new, ${nknown} known, 0 fixed")
  message(FATAL_ERROR "the text output does not count the new finding:\n${out}")
endif()
file(READ ${WORK}/new/report.json report)
string(JSON nnew LENGTH "${report}" baseline new)
string(JSON nstill LENGTH "${report}" baseline known)
if(nnew EQUAL 0 OR NOT nstill EQUAL nknown)
  message(FATAL_ERROR "report.json: ${nnew} new, ${nstill} known (want >0, ${nknown})")
endif()
math(EXPR lastnew "${nnew} - 1")
foreach(i RANGE ${lastnew})
  string(JSON impl GET "${report}" baseline new ${i} implementation)
  string(JSON verdict GET "${report}" baseline new ${i} verdict)
  if(NOT impl STREQUAL "base-points" OR NOT verdict STREQUAL "false_miss")
    message(FATAL_ERROR "a new finding that is not the new bug: ${impl} ${verdict}")
  endif()
  if(NOT out MATCHES "new  base-points double point_in_disk [a-z_]+ false_miss")
    message(FATAL_ERROR "the text output does not name the new finding:\n${out}")
  endif()
endforeach()
if(out MATCHES "new  base-disks")
  message(FATAL_ERROR "a known finding is listed as new:\n${out}")
endif()

# 5. Fixed: a baseline entry for a row that ran and no longer has it.
file(APPEND ${WORK}/baseline.jsonl
     "{\"implementation\":\"base-points\",\"precision\":\"double\",\"primitive\":\"point_in_disk\",\"family\":\"uniform\",\"verdict\":\"false_hit\"}\n")
execute_process(COMMAND ${audit} --baseline ${WORK}/baseline.jsonl
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0 OR NOT out MATCHES "0 new, ${nknown} known, 1 fixed\n[^\n]*\n*(.*)fixed  base-points double point_in_disk uniform false_hit")
  message(FATAL_ERROR "the fixed finding is not listed, or the gate failed (${rc}):\n${out}\n${err}")
endif()

# 6. A stale entry (a family that no longer exists, as when `extreme` split
# into three rows) is neither known nor fixed: the audit says so on stderr,
# and the gate is not affected by it.
file(WRITE ${WORK}/stale.jsonl
     "{\"implementation\":\"base-disks\",\"precision\":\"float\",\"primitive\":\"disks_overlap\",\"family\":\"extreme\",\"verdict\":\"false_hit\"}\n")
execute_process(COMMAND ${audit} --only base-points --baseline ${WORK}/stale.jsonl
                RESULT_VARIABLE rc OUTPUT_QUIET ERROR_VARIABLE err)
if(NOT rc EQUAL 0 OR NOT err MATCHES "--baseline: no family \"extreme\": the entry base-disks float disks_overlap extreme false_hit can never be met")
  message(FATAL_ERROR "a stale baseline entry should be named on stderr (exit 0), got ${rc}\n${err}")
endif()

# 7. A malformed baseline: exit 2, naming the line and the field.
file(WRITE ${WORK}/bad.jsonl "# comment\n{\"implementation\":\"base-disks\",\"precision\":\"quad\",\"primitive\":\"disks_overlap\",\"family\":\"tangent\",\"verdict\":\"false_hit\"}\n")
execute_process(COMMAND ${audit} --baseline ${WORK}/bad.jsonl
                RESULT_VARIABLE rc OUTPUT_QUIET ERROR_VARIABLE err)
if(NOT rc EQUAL 2 OR NOT err MATCHES "bad.jsonl:2: precision = \"quad\"")
  message(FATAL_ERROR "a bad baseline should exit 2 naming line 2 and the field, got ${rc}\n${err}")
endif()

# report.json with a baseline section still matches docs/report.schema.json.
if(PYTHON)
  execute_process(COMMAND ${PYTHON} ${SCHEMAS}/validate_json.py ${SCHEMAS}/../../../docs/report.schema.json
                          ${WORK}/new/report.json ${WORK}/known/report.json
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "report.json with a baseline does not match its schema:\n${out}\n${err}")
  endif()
endif()
