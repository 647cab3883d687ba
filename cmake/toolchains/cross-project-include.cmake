# Included as the last step of project(), after the compilers are detected
# and the platform files have run (CMAKE_PROJECT_INCLUDE, set by the cross
# toolchain files).
#
# Marks /usr/include as an implicit include directory of the cross compiler,
# which reaches it through -idirafter (see debian-cross.cmake), so that
# imported targets naming it (Boost, GTest, RapidCheck) do not put it in
# front of the target's own C headers as -isystem.
list(APPEND CMAKE_CXX_IMPLICIT_INCLUDE_DIRECTORIES /usr/include)

# A toolchain that links executables statically (TOUCHSTONE_CROSS_STATIC,
# see aarch64-linux-gnu.cmake) must find the static archives (libgmp.a);
# the platform files would otherwise prefer the shared objects, which a
# static link rejects. Set here because the platform files run after the
# toolchain file and reset the suffixes.
if(TOUCHSTONE_CROSS_STATIC)
  set(CMAKE_FIND_LIBRARY_SUFFIXES .a)
endif()
