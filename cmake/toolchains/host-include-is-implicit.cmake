# Included as the last step of project(), after the compilers are detected
# (CMAKE_PROJECT_INCLUDE, set by the cross toolchain files): marks
# /usr/include as an implicit include directory of the cross compiler, which
# reaches it through -idirafter (see debian-cross.cmake), so that
# imported targets naming it (Boost, GTest, RapidCheck) do not put it in
# front of the target's own C headers as -isystem.
list(APPEND CMAKE_CXX_IMPLICIT_INCLUDE_DIRECTORIES /usr/include)
