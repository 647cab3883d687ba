// touchstone::robust — the floating-point control registers the robust core
// depends on, read and written in one place: fp_environment.cpp (the public
// check and scope) and the x87 stages (scaled.hpp: x87_as_assumed) use these.
//
//   - x86 with SSE: MXCSR, whose FTZ (bit 15) and DAZ (bit 6) must be clear
//     and whose rounding field (bits 13-14) must be 0, nearest. Bits 0-5 are
//     the sticky exception flags.
//   - x86 where long double is the x87 80-bit format (GCC, Clang): the x87
//     control word's precision field (bits 8-9) must be 3, a 64-bit
//     significand, and its rounding field (bits 10-11) 0.
//   - AArch64 (GCC, Clang): FPCR's FZ (bit 24) must be clear, its rounding
//     field (bits 22-23) 0; FIZ and AH (bits 0 and 1, FEAT_AFP: flush inputs,
//     alternate handling) clear as well (they read as 0 elsewhere).
// Other targets (MSVC on ARM64 among them) have none of these here; C's
// rounding mode (<cfenv>) covers them.
#pragma once

#include <cfloat>
#include <cstdint>

#if defined(__SSE2__) || defined(_M_X64) || (defined(_M_IX86_FP) && _M_IX86_FP >= 2)
#include <xmmintrin.h>
#define TOUCHSTONE_FP_MXCSR 1
#endif
#if (defined(__i386__) || defined(__x86_64__)) && (defined(__GNUC__) || defined(__clang__)) && \
    LDBL_MANT_DIG == 64
#define TOUCHSTONE_FP_X87 1
#endif
#if defined(__aarch64__) && (defined(__GNUC__) || defined(__clang__))
#define TOUCHSTONE_FP_FPCR 1
#endif

namespace touchstone::robust::fp_registers {

#ifdef TOUCHSTONE_FP_MXCSR
constexpr std::uint32_t mxcsr_ftz = 1u << 15, mxcsr_daz = 1u << 6, mxcsr_round = 3u << 13;
/// The bits that must be clear.
constexpr std::uint32_t mxcsr_controls = mxcsr_ftz | mxcsr_daz | mxcsr_round;
constexpr std::uint32_t mxcsr_flags = 0x3fu;
inline std::uint32_t read_mxcsr() { return _mm_getcsr(); }
inline void write_mxcsr(std::uint32_t v) { _mm_setcsr(v); }
#endif

#ifdef TOUCHSTONE_FP_X87
constexpr std::uint16_t x87_precision = 3u << 8, x87_round = 3u << 10;
inline std::uint16_t read_x87() {
    std::uint16_t cw = 0;
    __asm__ volatile("fnstcw %0" : "=m"(cw));
    return cw;
}
inline void write_x87(std::uint16_t cw) { __asm__ volatile("fldcw %0" : : "m"(cw)); }
/// Precision at 64 bits and rounding to nearest: the start-up state.
constexpr bool x87_default(std::uint16_t cw) {
    return (cw & (x87_precision | x87_round)) == x87_precision;
}
#endif

#ifdef TOUCHSTONE_FP_FPCR
constexpr std::uint64_t fpcr_fz = 1u << 24, fpcr_round = 3u << 22, fpcr_fiz = 1u, fpcr_ah = 2u;
/// The bits that must be clear.
constexpr std::uint64_t fpcr_controls = fpcr_fz | fpcr_round | fpcr_fiz | fpcr_ah;
inline std::uint64_t read_fpcr() {
    std::uint64_t v = 0;
    __asm__ volatile("mrs %0, fpcr" : "=r"(v));
    return v;
}
inline void write_fpcr(std::uint64_t v) { __asm__ volatile("msr fpcr, %0" : : "r"(v)); }
#endif

}  // namespace touchstone::robust::fp_registers
