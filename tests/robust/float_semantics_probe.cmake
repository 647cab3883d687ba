# Robust.FloatSemanticsRefused: the floating-point settings that break the
# robust core's and the oracle's error bounds stop the compilation with
# touchstone/float_semantics.hpp's message (never silently wrong answers).
#   cmake -DCXX=... -DGXX=... -DINCLUDES="a|b" -DORACLE=ON|OFF -DPROBE=... -P float_semantics_probe.cmake
# CXX: the build's compiler; GXX: a GCC for the host (its -mfpmath=387 gives
# x87 evaluation on x86-64 without 32-bit headers), empty to skip that case.
set(failures 0)

function(probe label expect_ok message)
  execute_process(
    COMMAND ${ARGN} -std=c++17 -fsyntax-only ${include_flags} ${PROBE}
    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
  if(expect_ok)
    if(rc EQUAL 0)
      message(STATUS "ok: ${label} compiles")
    else()
      message(SEND_ERROR "${label}: expected to compile, exit ${rc}:\n${out}")
    endif()
  elseif(rc EQUAL 0)
    message(SEND_ERROR "${label}: compiled; expected the #error \"${message}\"")
  elseif(NOT out MATCHES "${message}")
    message(SEND_ERROR "${label}: failed without the expected #error \"${message}\":\n${out}")
  else()
    message(STATUS "ok: ${label} refused with \"${message}\"")
  endif()
endfunction()

set(include_flags "")
string(REPLACE "|" ";" INCLUDES "${INCLUDES}")
foreach(dir IN LISTS INCLUDES)
  list(APPEND include_flags "-I${dir}")
endforeach()

set(fast "must not be compiled with -ffast-math")
set(x87 "not x87 extended evaluation")
probe("robust.hpp, the build's flags" TRUE "" ${CXX})
probe("robust.hpp with -ffast-math" FALSE "${fast}" ${CXX} -ffast-math)
probe("robust.hpp with -ffinite-math-only" FALSE "${fast}" ${CXX} -ffinite-math-only)
if(ORACLE)
  probe("robust.hpp + oracle/exact.hpp, the build's flags" TRUE "" ${CXX} -DPROBE_ORACLE)
  probe("oracle/exact.hpp with -ffast-math" FALSE "${fast}" ${CXX} -DPROBE_ORACLE -ffast-math)
endif()
if(GXX)
  probe("robust.hpp, g++" TRUE "" ${GXX})
  probe("robust.hpp, g++ -mfpmath=387 (x87 evaluation)" FALSE "${x87}" ${GXX} -mfpmath=387)
else()
  message(STATUS "skipped: x87 evaluation (no g++ for x86-64 found)")
endif()
