# Included as the last step of project() in the wasm32 preset
# (CMAKE_PROJECT_INCLUDE, set by wasm32-wasi.cmake), once the compiler is
# known and before any target of the project exists: every executable of the
# build links wasi-support.cpp (see there why). Later project() calls
# (GoogleTest's, and the try_compile projects CMake makes) do nothing.
if(PROJECT_NAME STREQUAL "touchstone" AND NOT TARGET touchstone_wasi_support)
  add_library(touchstone_wasi_support STATIC ${CMAKE_CURRENT_LIST_DIR}/wasi-support.cpp)
  link_libraries(touchstone_wasi_support)
endif()
