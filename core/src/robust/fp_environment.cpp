// touchstone::robust — the run-time floating-point environment
// (touchstone/robust/fp_environment.hpp): read, reported, set and restored.
// The registers and the bits that must be clear: fp_registers.hpp. Every
// target also checks and sets C's rounding mode (<cfenv>).
#include "touchstone/robust/fp_environment.hpp"

#include <cfenv>
#include <cstdio>
#include <cstdlib>
#include <string_view>

#include "fp_registers.hpp"

namespace touchstone::robust {
namespace fr = fp_registers;
namespace {

// DefaultFloatingPoint::saved_ holds, at these indices, the caller's settings.
enum Saved { rounding = 0, mxcsr = 1, x87 = 2, fpcr = 3 };

/// Each way the calling thread's environment differs from the default: one
/// bit per entry of `problem_text`, 0 when it is the default. The one list
/// of conditions that floating_point_environment_ok and _problems share.
enum Problem : unsigned {
    round_mode = 1u << 0,
    sse_ftz = 1u << 1,
    sse_daz = 1u << 2,
    sse_round = 1u << 3,
    x87_precision = 1u << 4,
    x87_round = 1u << 5,
    fpcr_fz = 1u << 6,
    fpcr_round = 1u << 7,
    fpcr_afp = 1u << 8,
};
constexpr const char* problem_text[] = {
    "rounding mode is not to nearest",
    "SSE flush-to-zero (MXCSR.FTZ) is set",
    "SSE denormals-are-zero (MXCSR.DAZ) is set",
    "SSE rounding (MXCSR.RC) is not to nearest",
    "x87 precision control is below 64 bits",
    "x87 rounding is not to nearest",
    "flush-to-zero (FPCR.FZ) is set",
    "rounding (FPCR.RMode) is not to nearest",
    "FPCR.FIZ or FPCR.AH is set",
};

/// The problems of a set of controls (FloatingPointControls's registers, in
/// Saved's order).
unsigned problems_of(const std::uint64_t* v) noexcept {
    unsigned p = 0;
    if (static_cast<int>(v[rounding]) != FE_TONEAREST) p |= round_mode;
#ifdef TOUCHSTONE_FP_MXCSR
    const auto csr = static_cast<std::uint32_t>(v[mxcsr]);
    if ((csr & fr::mxcsr_ftz) != 0) p |= sse_ftz;
    if ((csr & fr::mxcsr_daz) != 0) p |= sse_daz;
    if ((csr & fr::mxcsr_round) != 0) p |= sse_round;
#endif
#ifdef TOUCHSTONE_FP_X87
    const auto cw = static_cast<std::uint16_t>(v[x87]);
    if ((cw & fr::x87_precision) != fr::x87_precision) p |= x87_precision;
    if ((cw & fr::x87_round) != 0) p |= x87_round;
#endif
#ifdef TOUCHSTONE_FP_FPCR
    const std::uint64_t f = v[fpcr];
    if ((f & fr::fpcr_fz) != 0) p |= fpcr_fz;
    if ((f & fr::fpcr_round) != 0) p |= fpcr_round;
    if ((f & (fr::fpcr_fiz | fr::fpcr_ah)) != 0) p |= fpcr_afp;
#endif
    return p;
}

/// The calling thread's control settings, by register in Saved's order
/// (FloatingPointControls::current; 0 where the target has no such register).
void read_controls(std::uint64_t* v) noexcept {
#ifdef TOUCHSTONE_FP_X87
    // C's rounding mode on x86 is the x87 control word's rounding field:
    // glibc's and MinGW-w64's fegetround return exactly those bits. Taken
    // from the word read here rather than by a call: the audit's fence reads
    // the controls twice a call, and fegetround was 6.5 of its 33 ns each
    // time (the constants are checked, so another C library fails to build).
    static_assert(
        FE_TONEAREST == 0 && FE_DOWNWARD == 0x400 && FE_UPWARD == 0x800 && FE_TOWARDZERO == 0xc00,
        "C's rounding modes are not the x87 rounding field here");
    const std::uint16_t cw = fr::read_x87();
    v[x87] = cw;  // the control word holds no flags
    v[rounding] = cw & fr::x87_round;
#else
    v[rounding] = static_cast<std::uint64_t>(std::fegetround());
#endif
#ifdef TOUCHSTONE_FP_MXCSR
    v[mxcsr] = fr::read_mxcsr() & ~fr::mxcsr_flags;
#endif
#ifdef TOUCHSTONE_FP_FPCR
    v[fpcr] = fr::read_fpcr();  // FPCR holds no flags (FPSR does)
#endif
}

/// The problems of the calling thread's settings now.
unsigned problems() noexcept {
    std::uint64_t v[4] = {};
    read_controls(v);
    return problems_of(v);
}

/// The problems in words, "; " between them.
std::string words(unsigned p) {
    std::string out;
    for (unsigned i = 0; i < sizeof problem_text / sizeof problem_text[0]; ++i) {
        if ((p & (1u << i)) == 0) continue;
        if (!out.empty()) out += "; ";
        out += problem_text[i];
    }
    return out;
}

}  // namespace

FloatingPointControls FloatingPointControls::current() noexcept {
    FloatingPointControls c;
    read_controls(c.v_);
    return c;
}

FloatingPointControls FloatingPointControls::with_defaults() const noexcept {
    FloatingPointControls c = *this;
    c.v_[rounding] = static_cast<std::uint64_t>(FE_TONEAREST);
#ifdef TOUCHSTONE_FP_MXCSR
    c.v_[mxcsr] &= ~std::uint64_t{fr::mxcsr_controls};
#endif
#ifdef TOUCHSTONE_FP_X87
    c.v_[x87] = (c.v_[x87] | fr::x87_precision) & ~std::uint64_t{fr::x87_round};
#endif
#ifdef TOUCHSTONE_FP_FPCR
    c.v_[fpcr] &= ~fr::fpcr_controls;
#endif
    return c;
}

// Each register is written only when its value must change (a write orders
// the floating-point pipeline): the usual caller, the audit's evaluators,
// calls this only after the code under test changed something.
void FloatingPointControls::apply() const noexcept {
#ifdef TOUCHSTONE_FP_FPCR
    if (fr::read_fpcr() != v_[fpcr]) fr::write_fpcr(v_[fpcr]);
#endif
#ifdef TOUCHSTONE_FP_X87
    const auto cw = static_cast<std::uint16_t>(v_[x87]);
    if (fr::read_x87() != cw) fr::write_x87(cw);
#endif
#ifdef TOUCHSTONE_FP_MXCSR
    // These controls, and the exception flags as they are now.
    const std::uint32_t now = fr::read_mxcsr();
    const std::uint32_t want = static_cast<std::uint32_t>(v_[mxcsr]) | (now & fr::mxcsr_flags);
    if (want != now) fr::write_mxcsr(want);
#endif
    // The rounding mode last: on x86, fesetround writes the rounding fields
    // of MXCSR and of the x87 control word, which the registers above
    // already hold where the target has them.
    const int round = static_cast<int>(v_[rounding]);
    if (std::fegetround() != round) std::fesetround(round);
}

std::string FloatingPointControls::problems() const { return words(problems_of(v_)); }

bool FloatingPointControls::operator==(const FloatingPointControls& o) const noexcept {
    return v_[0] == o.v_[0] && v_[1] == o.v_[1] && v_[2] == o.v_[2] && v_[3] == o.v_[3];
}

std::string floating_point_environment_problems() {
    return FloatingPointControls::current().problems();
}

bool floating_point_environment_ok() noexcept { return problems() == 0; }

void check_floating_point_environment(Primitive p) noexcept {
    const unsigned found = problems();
    if (found == 0) return;
    // No std::string here: nothing that allocates or throws on the way to
    // abort (the core also builds without exceptions).
    const std::string_view name = to_string(p);
    std::fprintf(stderr,
                 "touchstone: robust %.*s called in a floating-point environment it is not "
                 "derived for:",
                 static_cast<int>(name.size()), name.data());
    const char* sep = " ";
    for (unsigned i = 0; i < sizeof problem_text / sizeof problem_text[0]; ++i) {
        if ((found & (1u << i)) == 0) continue;
        std::fprintf(stderr, "%s%s", sep, problem_text[i]);
        sep = "; ";
    }
    std::fprintf(stderr,
                 ". Call it in the default environment, or inside a "
                 "touchstone::robust::DefaultFloatingPoint scope (docs/contract.md, "
                 "\"Floating-point semantics and environment\"). Aborting: "
                 "TOUCHSTONE_ROBUST_CHECK_ENVIRONMENT is defined.\n");
    std::abort();
}

DefaultFloatingPoint::DefaultFloatingPoint() noexcept {
    const int round = std::fegetround();
    saved_[rounding] = static_cast<std::uint64_t>(round);
    if (round != FE_TONEAREST) std::fesetround(FE_TONEAREST);
#ifdef TOUCHSTONE_FP_MXCSR
    const std::uint32_t csr = fr::read_mxcsr();
    saved_[mxcsr] = csr;
    fr::write_mxcsr(csr & ~fr::mxcsr_controls);
#endif
#ifdef TOUCHSTONE_FP_X87
    const std::uint16_t cw = fr::read_x87();
    saved_[x87] = cw;
    fr::write_x87(static_cast<std::uint16_t>((cw | fr::x87_precision) & ~fr::x87_round));
#endif
#ifdef TOUCHSTONE_FP_FPCR
    const std::uint64_t v = fr::read_fpcr();
    saved_[fpcr] = v;
    fr::write_fpcr(v & ~fr::fpcr_controls);
#endif
}

DefaultFloatingPoint::~DefaultFloatingPoint() {
#ifdef TOUCHSTONE_FP_FPCR
    fr::write_fpcr(saved_[fpcr]);
#endif
#ifdef TOUCHSTONE_FP_X87
    fr::write_x87(static_cast<std::uint16_t>(saved_[x87]));
#endif
#ifdef TOUCHSTONE_FP_MXCSR
    // The caller's controls, and the exception flags as they are now.
    fr::write_mxcsr((static_cast<std::uint32_t>(saved_[mxcsr]) & ~fr::mxcsr_flags) |
                    (fr::read_mxcsr() & fr::mxcsr_flags));
#endif
    // The rounding mode last: on x86, fesetround writes the rounding fields
    // of MXCSR and of the x87 control word, which hold nearest here (the
    // constructor read them after setting it).
    const int round = static_cast<int>(saved_[rounding]);
    if (round != FE_TONEAREST) std::fesetround(round);
}

}  // namespace touchstone::robust
