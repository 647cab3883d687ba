// The floating-point settings engines use and the robust core cannot work
// under, set here independently of fp_environment.cpp (which they test):
// flush-to-zero and denormals-are-zero (x86 MXCSR, AArch64 FPCR.FZ),
// rounding upward, and the x87 unit at 53-bit precision (Direct3D 9's).
// Shared by tests/robust/fp_environment_test.cpp and
// tests/cli/evaluator_fence_test.cpp. TEST_MXCSR, TEST_X87 and TEST_FPCR say
// which registers this target has.
#pragma once

#include <cfenv>
#include <cfloat>
#include <cstdint>

#if defined(__SSE2__) || defined(_M_X64)
#include <xmmintrin.h>
#define TEST_MXCSR 1
#endif
#if (defined(__i386__) || defined(__x86_64__)) && (defined(__GNUC__) || defined(__clang__)) && \
    LDBL_MANT_DIG == 64
#define TEST_X87 1
#endif
#if defined(__aarch64__) && (defined(__GNUC__) || defined(__clang__))
#define TEST_FPCR 1
#endif

namespace touchstone::test {

#ifdef TEST_MXCSR
constexpr unsigned kFtzDaz = 0x8040u;  // MXCSR bits 15 (FTZ) and 6 (DAZ)
inline void set_mxcsr_bits(unsigned bits, bool on) {
    const unsigned v = _mm_getcsr();
    _mm_setcsr(on ? (v | bits) : (v & ~bits));
}
#endif
#ifdef TEST_X87
inline std::uint16_t x87_control() {
    std::uint16_t cw = 0;
    __asm__ volatile("fnstcw %0" : "=m"(cw));
    return cw;
}
inline void set_x87_control(std::uint16_t cw) { __asm__ volatile("fldcw %0" : : "m"(cw)); }
/// Precision control (bits 8-9) to 2: a 53-bit significand, Direct3D 9's.
inline void set_x87_53_bits() {
    set_x87_control(static_cast<std::uint16_t>((x87_control() & ~0x300u) | 0x200u));
}
#endif
#ifdef TEST_FPCR
inline std::uint64_t fpcr() {
    std::uint64_t v = 0;
    __asm__ volatile("mrs %0, fpcr" : "=r"(v));
    return v;
}
inline void set_fpcr(std::uint64_t v) { __asm__ volatile("msr fpcr, %0" : : "r"(v)); }
constexpr std::uint64_t kFz = std::uint64_t{1} << 24;
#endif

/// Every hostile setting this target has, on (true) or off.
inline void hostile(bool on) {
    std::fesetround(on ? FE_UPWARD : FE_TONEAREST);
#ifdef TEST_MXCSR
    set_mxcsr_bits(kFtzDaz, on);
#endif
#ifdef TEST_X87
    if (on) {
        set_x87_53_bits();
    } else {
        set_x87_control(static_cast<std::uint16_t>(x87_control() | 0x300u));
    }
#endif
#ifdef TEST_FPCR
    set_fpcr(on ? (fpcr() | kFz) : (fpcr() & ~kFz));
#endif
}

}  // namespace touchstone::test
