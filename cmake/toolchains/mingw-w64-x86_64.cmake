# Cross build for 64-bit Windows with Debian's g++-mingw-w64-x86-64; the
# tests run under wine64 when it is installed (scripts/portability.sh tries).
#
# Only touchstone::core and the robust tests that need nothing but the core
# are built for Windows (the mingw build preset lists them). Debian ships no
# MinGW builds of GoogleTest, RapidCheck or GMP: GoogleTest is compiled from
# Debian's own sources (/usr/src/googletest, package googletest) and the
# other two are answered by source-built-dependencies.cmake so that the project
# configures; nothing that uses them (the oracle, the properties) is built.
set(CMAKE_SYSTEM_NAME Windows)
set(CMAKE_SYSTEM_PROCESSOR x86_64)
set(CMAKE_C_COMPILER x86_64-w64-mingw32-gcc-posix)
# The posix thread model: the win32 one of g++ 12 has no std::mutex, which
# GoogleTest needs.
set(CMAKE_CXX_COMPILER x86_64-w64-mingw32-g++-posix)
set(CMAKE_RC_COMPILER x86_64-w64-mingw32-windres)
set(CMAKE_FIND_ROOT_PATH /usr/x86_64-w64-mingw32)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
# Boost.Multiprecision is header-only: the host's /usr/include/boost serves,
# searched after MinGW's own system headers (see debian-cross.cmake for
# why -idirafter and not -isystem). Static runtime: the .exe files run under
# wine without MinGW's DLLs on its path.
set(CMAKE_CXX_FLAGS_INIT "-idirafter /usr/include")
set(CMAKE_EXE_LINKER_FLAGS_INIT "-static")
set(CMAKE_PROJECT_INCLUDE "${CMAKE_CURRENT_LIST_DIR}/cross-project-include.cmake")
set(CMAKE_PROJECT_TOP_LEVEL_INCLUDES "${CMAKE_CURRENT_LIST_DIR}/source-built-dependencies.cmake")
# Test discovery runs the executables: at test time, so that the build
# itself does not need wine.
set(CMAKE_GTEST_DISCOVER_TESTS_DISCOVERY_MODE PRE_TEST)
find_program(TOUCHSTONE_WINE NAMES wine64 wine PATHS /usr/lib/wine NO_CMAKE_FIND_ROOT_PATH)
if(TOUCHSTONE_WINE)
  set(CMAKE_CROSSCOMPILING_EMULATOR ${TOUCHSTONE_WINE})
endif()
