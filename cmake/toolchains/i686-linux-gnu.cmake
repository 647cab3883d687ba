# Cross build for 32-bit x86 Linux with Debian's g++-i686-linux-gnu; the tests
# run natively (an x86-64 kernel executes i386 binaries; libstdc++6:i386 from
# multiarch provides the runtime). Target libraries come from Debian multiarch
# (dpkg --add-architecture i386; libgmp-dev:i386 libgtest-dev:i386
# librapidcheck-dev:i386 libstdc++6:i386 — scripts/portability.sh installs
# them); Boost is header-only and comes from the host's /usr/include.
#
# What this target checks that no other preset does: a compiler with no
# __int128 at all (the portable 128-bit integers are chosen by the compiler,
# not forced), 32-bit pointers and size_t, and x87 long double beside SSE2
# double arithmetic. The preset adds -msse2 -mfpmath=sse: the compiler's
# default for i686 evaluates double expressions in x87 registers
# (FLT_EVAL_METHOD 2), which touchstone/robust.hpp refuses with #error.
set(CMAKE_SYSTEM_PROCESSOR i686)
set(TOUCHSTONE_CROSS_TRIPLET i686-linux-gnu)
set(TOUCHSTONE_CROSS_MULTIARCH i386-linux-gnu)
include(${CMAKE_CURRENT_LIST_DIR}/debian-cross.cmake)
