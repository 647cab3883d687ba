# The longdouble64 preset builds tests/robust with clang++ -mlong-double-64,
# where glibc still takes x87 long doubles: a test that calls a C library
# function on a long double reads the wrong format (a SIGFPE or wrong values,
# and only in unoptimised drivers, where the call is not folded away). The
# usual way in is std::uniform_real_distribution (generate_canonical calls
# logl); test_support.hpp's uniform_real draws reals without it. This check
# runs in every build, so the rule holds before the preset is run.
# Usage: cmake -DDIR=<tests/robust> -P no_long_double_libm.cmake
file(GLOB sources ${DIR}/*.cpp ${DIR}/*.hpp)
set(bad "")
foreach(f IN LISTS sources)
  file(STRINGS ${f} lines REGEX "std::(uniform_real_distribution|generate_canonical)|[^a-z_](logl|expl|powl|sqrtl)\\(")
  foreach(l IN LISTS lines)
    if(NOT l MATCHES "^ *(//|///)")
      string(APPEND bad "  ${f}: ${l}\n")
    endif()
  endforeach()
endforeach()
if(bad)
  message(FATAL_ERROR "long double C library calls in tests/robust (see tests/robust/no_long_double_libm.cmake):\n${bad}")
endif()
message("no long double C library calls in ${DIR}")
