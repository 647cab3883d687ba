// The stack protector's two symbols, for the wasm32 preset's executables.
// Debian builds its wasm32 compiler-rt (libclang-rt-14-dev-wasm32) with
// -fstack-protector, its usual hardening, but wasi-libc defines neither
// symbol, so any program that needs one of compiler-rt's 128-bit helpers
// (__umodti3: the core's 128-bit integers divide) fails to link. The guard
// value only has to be nonzero; a smashed canary aborts, as glibc's would.
#include <cstdint>
#include <cstdio>
#include <cstdlib>

extern "C" {
std::uintptr_t __stack_chk_guard = 0x2a5e7ac0u;
[[noreturn]] void __stack_chk_fail(void) {
    std::fputs("stack smashing detected\n", stderr);
    std::abort();
}
}
