# A find_package() dependency provider for the cross builds whose target has
# no Debian libraries of its own, MinGW and wasm32 (CMake >= 3.24,
# CMAKE_PROJECT_TOP_LEVEL_INCLUDES, set by mingw-w64-x86_64.cmake and
# wasm32-wasi.cmake).
#   GTest      built from Debian's sources in /usr/src/googletest, for the
#              target, as part of this build (GTest::gtest, GTest::gtest_main);
#   Boost      the host's header-only Boost in /usr/include (Boost::headers;
#              its version read from boost/version.hpp);
#   rapidcheck reported found without targets: the project requires it
#              whenever tests are on, but only the property suites use it,
#              and the mingw preset does not build them (a link of one of
#              them would fail on the missing library, loudly).
#   Threads    where the toolchain sets TOUCHSTONE_TARGET_HAS_NO_THREADS
#              (wasm32): an empty Threads::Threads, so that the project
#              configures; the core uses no threads, and nothing that does
#              (the audit) is built there.
# Every other package goes through the normal search.
macro(touchstone_provide_dependency method package_name)
  if("${package_name}" STREQUAL "GTest")
    if(NOT TARGET GTest::gtest)
      set(BUILD_GMOCK OFF CACHE BOOL "" FORCE)
      set(INSTALL_GTEST OFF CACHE BOOL "" FORCE)
      set(gtest_disable_pthreads ON CACHE BOOL "" FORCE)
      add_subdirectory(/usr/src/googletest ${CMAKE_BINARY_DIR}/_deps/googletest EXCLUDE_FROM_ALL)
      # The toolchain's adjustments (wasm32: no exceptions, no dup() for
      # stream capture); after GoogleTest's own flags, so they win.
      if(TOUCHSTONE_GTEST_OPTIONS)
        target_compile_options(gtest PRIVATE ${TOUCHSTONE_GTEST_OPTIONS})
        target_compile_options(gtest_main PRIVATE ${TOUCHSTONE_GTEST_OPTIONS})
      endif()
      if(TOUCHSTONE_GTEST_DEFINITIONS)
        target_compile_definitions(gtest PUBLIC ${TOUCHSTONE_GTEST_DEFINITIONS})
      endif()
    endif()
    set(GTest_FOUND TRUE)
  elseif("${package_name}" STREQUAL "Boost")
    file(STRINGS /usr/include/boost/version.hpp _ts_boost_version REGEX "^#define BOOST_VERSION [0-9]+")
    string(REGEX REPLACE ".* ([0-9]+)$" "\\1" _ts_boost_version "${_ts_boost_version}")
    if(_ts_boost_version GREATER_EQUAL 107400)
      if(NOT TARGET Boost::headers)
        add_library(Boost::headers INTERFACE IMPORTED GLOBAL)
        set_target_properties(Boost::headers PROPERTIES INTERFACE_INCLUDE_DIRECTORIES /usr/include)
      endif()
      set(Boost_FOUND TRUE)
    endif()
  elseif("${package_name}" STREQUAL "Threads" AND TOUCHSTONE_TARGET_HAS_NO_THREADS)
    if(NOT TARGET Threads::Threads)
      add_library(Threads::Threads INTERFACE IMPORTED GLOBAL)
    endif()
    set(Threads_FOUND TRUE)
  elseif("${package_name}" STREQUAL "rapidcheck")
    set(rapidcheck_FOUND TRUE)
  endif()
endmacro()
cmake_language(SET_DEPENDENCY_PROVIDER touchstone_provide_dependency SUPPORTED_METHODS FIND_PACKAGE)
