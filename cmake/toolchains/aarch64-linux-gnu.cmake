# Cross build for 64-bit Arm Linux with Debian's g++-aarch64-linux-gnu, run
# under qemu-user. Target libraries come from Debian multiarch
# (dpkg --add-architecture arm64; libgmp-dev:arm64 libgtest-dev:arm64
# librapidcheck-dev:arm64 libboost-dev:arm64 — scripts/portability.sh
# installs them): their files live in /usr/lib/aarch64-linux-gnu and
# /usr/include/aarch64-linux-gnu, their arch-independent headers (Boost,
# GoogleTest, RapidCheck) in /usr/include.
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)
set(CMAKE_C_COMPILER aarch64-linux-gnu-gcc)
set(CMAKE_CXX_COMPILER aarch64-linux-gnu-g++)
# Search <prefix>/lib/aarch64-linux-gnu (multiarch), never the host's
# x86_64-linux-gnu directories.
set(CMAKE_LIBRARY_ARCHITECTURE aarch64-linux-gnu)
set(CMAKE_FIND_ROOT_PATH /usr/aarch64-linux-gnu /)
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
set(CMAKE_PROJECT_INCLUDE "${CMAKE_CURRENT_LIST_DIR}/host-include-is-implicit.cmake")
set(CMAKE_CROSSCOMPILING_EMULATOR qemu-aarch64 -L /usr/aarch64-linux-gnu)
