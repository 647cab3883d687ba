# The fuzz input layout as sources: the decoder (decode.cpp), the case
# families of a configuration (classify.cpp), the layout-aware mutator
# (mutator.cpp), the reporting (report.cpp) and the judging half of every
# check (check.cpp), with their headers in this
# directory. Two libraries carry them: touchstone_fuzz_support
# (fuzz/CMakeLists.txt, the project's targets) and
# touchstone_conformance_fuzz_main (the NAME_fuzz users build with
# touchstone_add_conformance), so that both read the same bytes the same way;
# where both are built, the objects are compiled once (touchstone_fuzz_layout,
# conformance/CMakeLists.txt).
# Never instrumented for coverage (decode.hpp says why). Needs
# touchstone::judge, touchstone::families and the oracle's exact headers
# (touchstone::oracle_exact) to compile.
set(TOUCHSTONE_FUZZ_LAYOUT_DIR ${CMAKE_CURRENT_LIST_DIR})
set(TOUCHSTONE_FUZZ_LAYOUT_SOURCES
  ${CMAKE_CURRENT_LIST_DIR}/decode.cpp
  ${CMAKE_CURRENT_LIST_DIR}/classify.cpp
  ${CMAKE_CURRENT_LIST_DIR}/mutator.cpp
  ${CMAKE_CURRENT_LIST_DIR}/report.cpp
  ${CMAKE_CURRENT_LIST_DIR}/check.cpp)
