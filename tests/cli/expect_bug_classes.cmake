# The default audit (the README's first command, default budget) finds every
# tutorial and textbook bug class the teeth tests know. Each class is a row of the table
# (implementation, precision, primitive, family) and the column that must be
# non-zero there.
# Each class also has its own shrunk counterexample among the case lines
# --emit-cases writes (one per bug class: row, sub-kind, verdict).
# Quoted words in if() are strings, not variables ("fhit" is both here).
cmake_policy(SET CMP0054 NEW)
#
# SMOKE=ON (tests/cli/CMakeLists.txt sets it in the sanitizer builds): the
# same audit at 1,000 cases per cell. Every implementation, family and code
# path of the audit still runs under ASan+UBSan, and every class's row must
# be there; that each class is *found* at the default budget is the
# unsanitized run's assertion (the full budget under ASan took 160 s of CI).
file(REMOVE_RECURSE ${WORK})
set(budget)
if(SMOKE)
  set(budget --cases 1000)
endif()
execute_process(COMMAND ${EXE} audit --no-progress --only tutorial*,textbook* ${budget}
                        --emit-cases ${WORK}/cases.jsonl
                RESULT_VARIABLE rc OUTPUT_VARIABLE out)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "audit exited ${rc}")
endif()
file(READ ${WORK}/cases.jsonl cases)
# The classes (one per line, '#' comments): tests/tutorial_bug_classes.txt.
file(STRINGS ${CMAKE_CURRENT_LIST_DIR}/../tutorial_bug_classes.txt classes REGEX "^[^#]")
list(LENGTH classes nclasses)
if(nclasses LESS 33)
  message(FATAL_ERROR "tests/tutorial_bug_classes.txt lists ${nclasses} classes, expected at least 33")
endif()
# columns of an audit row after the family: cases f.hit f.miss kind nan ulp> (a
# sign row, orient2d, shows "-" for f.hit and f.miss and its wrong signs in
# the kind column: class "sign"; a fraction row, a ray cast, counts its t
# beyond the claimed ulps in ulp>: class "ulps")
foreach(c ${classes})
  string(REPLACE "|" ";" f "${c}")
  list(GET f 0 impl)
  list(GET f 1 prec)
  list(GET f 2 prim)
  list(GET f 3 fam)
  list(GET f 4 col)
  list(GET f 5 what)
  if(NOT out MATCHES "\n${impl} +${prec} +${prim} +${fam} +([0-9]+) +([-0-9]+) +([-0-9]+) +([-0-9]+) +([-0-9]+) +([-0-9]+)")
    message(FATAL_ERROR "no row ${impl} ${prec} ${prim} ${fam}")
  endif()
  set(fhit ${CMAKE_MATCH_2})
  set(fmiss ${CMAKE_MATCH_3})
  set(kind ${CMAKE_MATCH_4})
  set(nan ${CMAKE_MATCH_5})
  set(ulps ${CMAKE_MATCH_6})
  if(col STREQUAL "sign")
    set(n ${kind})
  elseif(col STREQUAL "any")
    math(EXPR n "${fhit} + ${fmiss}")
  else()
    set(n ${${col}})
  endif()
  if(SMOKE)
    continue()
  endif()
  if(n EQUAL 0)
    message(FATAL_ERROR "the default audit did not find: ${impl} ${prec} ${prim} ${fam}: ${what}")
  endif()
  set(verdicts ${col})
  if(col STREQUAL "fhit")
    set(verdicts "false_hit")
  elseif(col STREQUAL "fmiss")
    set(verdicts "false_miss")
  elseif(col STREQUAL "any")
    set(verdicts "false_hit|false_miss")
  elseif(col STREQUAL "kind")
    set(verdicts "wrong_kind")
  elseif(col STREQUAL "sign")
    set(verdicts "wrong_sign")
  endif()
  if(NOT cases MATCHES "\"id\":\"${impl}/${prec}/${prim}/${fam}/[^\"]*/(${verdicts})\"")
    message(FATAL_ERROR "no bug-class counterexample in --emit-cases for: ${impl} ${prec} ${prim} ${fam} ${col}")
  endif()
  message(STATUS "${what}: ${impl} ${prec} ${prim} ${fam}: ${n}")
endforeach()
