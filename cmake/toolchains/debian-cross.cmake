# The part of a Debian cross toolchain file that does not depend on the
# target: include it after setting
#   TOUCHSTONE_CROSS_TRIPLET    the compiler prefix, e.g. aarch64-linux-gnu
#   TOUCHSTONE_CROSS_MULTIARCH  Debian's multiarch directory name, e.g.
#                               aarch64-linux-gnu (i386-linux-gnu for i686)
# Target libraries come from Debian multiarch (dpkg --add-architecture;
# scripts/portability.sh installs them): their files live in
# /usr/lib/<multiarch> and /usr/include/<multiarch>, their arch-independent
# headers (Boost, GoogleTest, RapidCheck) in /usr/include.
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_C_COMPILER ${TOUCHSTONE_CROSS_TRIPLET}-gcc)
set(CMAKE_CXX_COMPILER ${TOUCHSTONE_CROSS_TRIPLET}-g++)
# Search <prefix>/lib/<multiarch>, never the host's x86_64-linux-gnu
# directories.
set(CMAKE_LIBRARY_ARCHITECTURE ${TOUCHSTONE_CROSS_MULTIARCH})
set(CMAKE_FIND_ROOT_PATH /usr/${TOUCHSTONE_CROSS_TRIPLET} /)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
# /usr/include holds the host's C library headers as well as the
# arch-independent library headers the build needs. Handing it to the cross
# compiler as -isystem would put the host's <stdlib.h> ahead of the target's
# (and break libstdc++'s #include_next); -idirafter searches it only after
# the cross compiler's own system directories, and listing it as implicit
# keeps CMake from adding it again as -isystem for imported targets.
set(CMAKE_CXX_FLAGS_INIT "-idirafter /usr/include")
set(CMAKE_PROJECT_INCLUDE "${CMAKE_CURRENT_LIST_DIR}/cross-project-include.cmake")
