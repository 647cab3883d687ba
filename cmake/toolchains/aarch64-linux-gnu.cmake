# Cross build for 64-bit Arm Linux with Debian's g++-aarch64-linux-gnu, run
# under qemu-user. Target libraries: libgmp-dev:arm64 libgtest-dev:arm64
# librapidcheck-dev:arm64 libboost-dev:arm64 (scripts/portability.sh
# installs them; debian-cross.cmake says where they are found).
set(CMAKE_SYSTEM_PROCESSOR aarch64)
set(TOUCHSTONE_CROSS_TRIPLET aarch64-linux-gnu)
set(TOUCHSTONE_CROSS_MULTIARCH aarch64-linux-gnu)
include(${CMAKE_CURRENT_LIST_DIR}/debian-cross.cmake)
set(CMAKE_CROSSCOMPILING_EMULATOR qemu-aarch64 -L /usr/aarch64-linux-gnu)
# Executables are linked statically. Debian 12's qemu-user (7.2) never
# returns from fork() in the child of a dynamically linked guest (the child
# spins in the emulator), so a death test, which forks, would hang; a
# statically linked guest forks, and starts faster under the emulator too.
set(TOUCHSTONE_CROSS_STATIC ON)
set(CMAKE_EXE_LINKER_FLAGS_INIT "-static")
