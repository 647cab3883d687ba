# Robust.AnswersDigestComparesBitForBit: robust_answers_digest's --compare,
# the check every portability preset runs against the host
# (Portability.AnswersMatchHost), on this build: with its own output it must
# pass; with one digest changed, with a line missing, and with digests of
# other cases it must fail and name the pair; without the variable it must
# report itself skipped (77).
# Usage: cmake -DEXE=<robust_answers_digest> -DWORK=<scratch dir> -P this file
cmake_minimum_required(VERSION 3.25)
file(MAKE_DIRECTORY "${WORK}")
set(host "${WORK}/answers-digest.txt")
execute_process(COMMAND "${EXE}" 600 OUTPUT_FILE "${host}" RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "robust_answers_digest 600 exited with ${rc}")
endif()
file(STRINGS "${host}" lines)
list(LENGTH lines n)
if(n LESS 2)
  message(FATAL_ERROR "robust_answers_digest printed ${n} lines")
endif()

# compare(<file> <expected exit status> <text the output must contain>)
function(compare file want expect)
  set(ENV{TOUCHSTONE_HOST_ANSWERS} "${file}")
  execute_process(COMMAND "${EXE}" --compare OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
  if(NOT rc EQUAL want)
    message(FATAL_ERROR "--compare against ${file}: exit ${rc}, expected ${want}\n${out}${err}")
  endif()
  string(FIND "${out}" "${expect}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "--compare against ${file}: output lacks '${expect}'\n${out}${err}")
  endif()
endfunction()

compare("${host}" 0 "0 different from the host")

# One digest changed: the third pair's last hex digit.
list(GET lines 2 third)
string(REGEX MATCH "^([^ ]+ [^ ]+)" pair "${third}")
string(REGEX REPLACE "(.)$" "" stem "${third}")
string(REGEX MATCH "(.)$" last "${third}")
if(last STREQUAL "0")
  set(other 1)
else()
  set(other 0)
endif()
set(changed "${lines}")
list(REMOVE_AT changed 2)
list(INSERT changed 2 "${stem}${other}")
list(JOIN changed "\n" text)
file(WRITE "${WORK}/changed.txt" "${text}\n")
compare("${WORK}/changed.txt" 1 "DIFFERENT ANSWERS: host '${stem}${other}'")
compare("${WORK}/changed.txt" 1 "--dump ${pair} 600")

# A line missing: every later pair differs, and the count is named.
set(missing "${lines}")
list(REMOVE_AT missing 0)
list(JOIN missing "\n" text)
file(WRITE "${WORK}/missing.txt" "${text}\n")
compare("${WORK}/missing.txt" 1 "FAILED")

# Other cases: the digests of 600 cases labelled as 599 (--compare takes
# the count from the file, so it runs 599 cases: other digests).
string(REPLACE " 600 " " 599 " relabelled "${lines}")
list(JOIN relabelled "\n" text)
file(WRITE "${WORK}/other.txt" "${text}\n")
compare("${WORK}/other.txt" 1 "FAILED")

unset(ENV{TOUCHSTONE_HOST_ANSWERS})
execute_process(COMMAND "${EXE}" --compare OUTPUT_VARIABLE out RESULT_VARIABLE rc)
if(NOT rc EQUAL 77)
  message(FATAL_ERROR "--compare without TOUCHSTONE_HOST_ANSWERS: exit ${rc}, expected 77 (skipped)\n${out}")
endif()
message("robust_answers_digest --compare: same file passes; a changed digest, a missing line and other cases fail")
