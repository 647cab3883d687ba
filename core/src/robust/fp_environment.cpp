// touchstone::robust — the run-time floating-point environment
// (touchstone/robust/fp_environment.hpp): read, reported, set and restored.
//
// Three controls besides C's rounding mode (<cfenv>, every target):
//   - x86 with SSE: MXCSR, whose FTZ (bit 15) and DAZ (bit 6) must be clear
//     and whose rounding field (bits 13-14) must be 0, nearest. Bits 0-5 are
//     the sticky exception flags, which a restore leaves as they are.
//   - x86 where long double is the x87 80-bit format (GCC, Clang): the x87
//     control word's precision field (bits 8-9) must be 3, a 64-bit
//     significand, and its rounding field (bits 10-11) 0.
//   - AArch64 (GCC, Clang): FPCR's FZ (bit 24) must be clear, its rounding
//     field (bits 22-23) 0; FIZ and AH (bits 0 and 1, FEAT_AFP: flush
//     inputs, alternate handling) clear as well (they read as 0 elsewhere).
// Other targets (MSVC on ARM64 among them) check and set the rounding mode
// only.
#include "touchstone/robust/fp_environment.hpp"

#include <cfenv>
#include <cfloat>

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

namespace touchstone::robust {
namespace {

// DefaultFloatingPoint::saved_ holds, at these indices, the caller's settings.
enum Saved { rounding = 0, mxcsr = 1, x87 = 2, fpcr = 3 };

#ifdef TOUCHSTONE_FP_MXCSR
constexpr std::uint32_t mxcsr_ftz = 1u << 15, mxcsr_daz = 1u << 6, mxcsr_round = 3u << 13;
constexpr std::uint32_t mxcsr_flags = 0x3fu;
std::uint32_t read_mxcsr() { return _mm_getcsr(); }
void write_mxcsr(std::uint32_t v) { _mm_setcsr(v); }
#endif

#ifdef TOUCHSTONE_FP_X87
constexpr std::uint16_t x87_precision = 3u << 8, x87_round = 3u << 10;
std::uint16_t read_x87() {
    std::uint16_t cw = 0;
    __asm__ volatile("fnstcw %0" : "=m"(cw));
    return cw;
}
void write_x87(std::uint16_t cw) { __asm__ volatile("fldcw %0" : : "m"(cw)); }
#endif

#ifdef TOUCHSTONE_FP_FPCR
constexpr std::uint64_t fpcr_fz = 1u << 24, fpcr_round = 3u << 22, fpcr_fiz = 1u, fpcr_ah = 2u;
std::uint64_t read_fpcr() {
    std::uint64_t v = 0;
    __asm__ volatile("mrs %0, fpcr" : "=r"(v));
    return v;
}
void write_fpcr(std::uint64_t v) { __asm__ volatile("msr fpcr, %0" : : "r"(v)); }
#endif

}  // namespace

std::string floating_point_environment_problems() {
    std::string out;
    const auto add = [&out](const char* what) {
        if (!out.empty()) out += "; ";
        out += what;
    };
    if (std::fegetround() != FE_TONEAREST) add("rounding mode is not to nearest");
#ifdef TOUCHSTONE_FP_MXCSR
    const std::uint32_t csr = read_mxcsr();
    if ((csr & mxcsr_ftz) != 0) add("SSE flush-to-zero (MXCSR.FTZ) is set");
    if ((csr & mxcsr_daz) != 0) add("SSE denormals-are-zero (MXCSR.DAZ) is set");
    if ((csr & mxcsr_round) != 0) add("SSE rounding (MXCSR.RC) is not to nearest");
#endif
#ifdef TOUCHSTONE_FP_X87
    const std::uint16_t cw = read_x87();
    if ((cw & x87_precision) != x87_precision) add("x87 precision control is below 64 bits");
    if ((cw & x87_round) != 0) add("x87 rounding is not to nearest");
#endif
#ifdef TOUCHSTONE_FP_FPCR
    const std::uint64_t fpcr = read_fpcr();
    if ((fpcr & fpcr_fz) != 0) add("flush-to-zero (FPCR.FZ) is set");
    if ((fpcr & fpcr_round) != 0) add("rounding (FPCR.RMode) is not to nearest");
    if ((fpcr & (fpcr_fiz | fpcr_ah)) != 0) add("FPCR.FIZ or FPCR.AH is set");
#endif
    return out;
}

bool floating_point_environment_ok() noexcept {
    if (std::fegetround() != FE_TONEAREST) return false;
#ifdef TOUCHSTONE_FP_MXCSR
    if ((read_mxcsr() & (mxcsr_ftz | mxcsr_daz | mxcsr_round)) != 0) return false;
#endif
#ifdef TOUCHSTONE_FP_X87
    const std::uint16_t cw = read_x87();
    if ((cw & x87_precision) != x87_precision || (cw & x87_round) != 0) return false;
#endif
#ifdef TOUCHSTONE_FP_FPCR
    if ((read_fpcr() & (fpcr_fz | fpcr_round | fpcr_fiz | fpcr_ah)) != 0) return false;
#endif
    return true;
}

DefaultFloatingPoint::DefaultFloatingPoint() noexcept {
    const int round = std::fegetround();
    saved_[rounding] = static_cast<std::uint64_t>(round);
    if (round != FE_TONEAREST) std::fesetround(FE_TONEAREST);
#ifdef TOUCHSTONE_FP_MXCSR
    const std::uint32_t csr = read_mxcsr();
    saved_[mxcsr] = csr;
    write_mxcsr(csr & ~(mxcsr_ftz | mxcsr_daz | mxcsr_round));
#endif
#ifdef TOUCHSTONE_FP_X87
    const std::uint16_t cw = read_x87();
    saved_[x87] = cw;
    write_x87(static_cast<std::uint16_t>((cw | x87_precision) & ~x87_round));
#endif
#ifdef TOUCHSTONE_FP_FPCR
    const std::uint64_t v = read_fpcr();
    saved_[fpcr] = v;
    write_fpcr(v & ~(fpcr_fz | fpcr_round | fpcr_fiz | fpcr_ah));
#endif
}

DefaultFloatingPoint::~DefaultFloatingPoint() {
#ifdef TOUCHSTONE_FP_FPCR
    write_fpcr(saved_[fpcr]);
#endif
#ifdef TOUCHSTONE_FP_X87
    write_x87(static_cast<std::uint16_t>(saved_[x87]));
#endif
#ifdef TOUCHSTONE_FP_MXCSR
    // The caller's controls, and the exception flags as they are now.
    write_mxcsr((static_cast<std::uint32_t>(saved_[mxcsr]) & ~mxcsr_flags) |
                (read_mxcsr() & mxcsr_flags));
#endif
    // The rounding mode last: on x86, fesetround writes the rounding fields
    // of MXCSR and of the x87 control word, which hold nearest here (the
    // constructor read them after setting it).
    const int round = static_cast<int>(saved_[rounding]);
    if (round != FE_TONEAREST) std::fesetround(round);
}

}  // namespace touchstone::robust
