# Cross build for WebAssembly (wasm32, WASI) with Debian's clang 14 and its
# wasm32 libraries (wasi-libc, libc++-14-dev-wasm32, libc++abi-14-dev-wasm32,
# libclang-rt-14-dev-wasm32: scripts/portability.sh installs them); the tests
# run under Node.js (cmake/toolchains/wasi-run.mjs, a WASI host of its own).
#
# What this target checks that no other preset does: the web, where game
# engines ship through Emscripten or WASI. There, long double is a 128-bit
# software type (as on aarch64 Linux), size_t and pointers are 32-bit, and
# there are no C++ exceptions (clang 14 has no wasm exception handling, so
# the core and its tests are compiled with -fno-exceptions, as many engines
# compile everything), no threads, no floating-point control register (only
# round-to-nearest) and no hardware FMA instruction (std::fma is libc's
# software one).
#
# Only touchstone::core and the robust tests that need nothing but the core
# are built (the wasm32 build preset lists them): Debian ships no wasm32 GMP,
# GoogleTest or RapidCheck. GoogleTest is compiled from Debian's sources in
# /usr/src/googletest, as for MinGW (source-built-dependencies.cmake).
set(CMAKE_SYSTEM_NAME Generic)
set(CMAKE_SYSTEM_PROCESSOR wasm32)
set(CMAKE_C_COMPILER clang-14)
set(CMAKE_CXX_COMPILER clang++-14)
set(CMAKE_C_COMPILER_TARGET wasm32-wasi)
set(CMAKE_CXX_COMPILER_TARGET wasm32-wasi)
# LLVM's archiver: GNU ar cannot index wasm objects, and wasm-ld reads an
# unindexed archive only under --whole-archive (so libtouchstone_core.a was
# unusable by a plain link). llvm-14 comes with Debian's clang-14.
set(CMAKE_AR llvm-ar-14)
set(CMAKE_RANLIB llvm-ranlib-14)
set(CMAKE_C_FLAGS_INIT "-fno-exceptions")
set(CMAKE_CXX_FLAGS_INIT "-fno-exceptions")
# The C stack (what does not fit in wasm's own locals: the exact layers'
# integers, arrays) lives in linear memory, 64 KiB by default. wasm-ld puts
# it after the static data unless told otherwise, where an overflow would
# overwrite that data silently; first, it runs into address 0 and traps.
set(CMAKE_EXE_LINKER_FLAGS_INIT "-Wl,--stack-first")
set(CMAKE_FIND_ROOT_PATH /usr/lib/wasm32-wasi /usr/include/wasm32-wasi)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
set(TOUCHSTONE_TARGET_HAS_NO_THREADS ON)
# GoogleTest from source (source-built-dependencies.cmake): without the
# -fexceptions its own build adds, and without stream capture (WASI has no
# dup/dup2; no robust test captures a stream).
set(TOUCHSTONE_GTEST_OPTIONS -fno-exceptions)
set(TOUCHSTONE_GTEST_DEFINITIONS GTEST_HAS_STREAM_REDIRECTION=0)
set(CMAKE_PROJECT_TOP_LEVEL_INCLUDES "${CMAKE_CURRENT_LIST_DIR}/source-built-dependencies.cmake")
set(CMAKE_PROJECT_INCLUDE "${CMAKE_CURRENT_LIST_DIR}/wasi-support.cmake")
set(CMAKE_GTEST_DISCOVER_TESTS_DISCOVERY_MODE PRE_TEST)
find_program(TOUCHSTONE_NODE NAMES node nodejs NO_CMAKE_FIND_ROOT_PATH)
if(TOUCHSTONE_NODE)
  set(CMAKE_CROSSCOMPILING_EMULATOR ${TOUCHSTONE_NODE} ${CMAKE_CURRENT_LIST_DIR}/wasi-run.mjs)
endif()
