// touchstone — the floating-point semantics that the robust core and the
// oracle's filters are derived for, checked where their code is compiled.
//
// Every error bound of the robust core (robust/detail/filter.hpp, the
// double-double stages) and of the oracle's filter assumes IEEE 754
// arithmetic in which each float and double operation is rounded once, to
// its own format (C's FLT_EVAL_METHOD 0: SSE2 on x86, every AArch64 and
// x86-64 target), and in which NaN, infinities and signed zeros behave as
// the standard says. The robust predicates are inline: they are compiled
// with the flags of the translation unit that includes them, the user's.
// Two build settings that engines do use break these assumptions, and both
// are refused here at compile time rather than answered wrongly:
//
//  - x87 evaluation (FLT_EVAL_METHOD 2). GCC and Clang evaluate double
//    expressions in the x87 registers for 32-bit x86 without SSE2 (Debian's
//    i686 compiler by default) or with -mfpmath=387; MSVC does for 32-bit x86
//    with /arch:IA32. Intermediate values keep a 64-bit significand and a
//    wider exponent range until the compiler happens to store them, so
//    error-free transformations stop being exact and the bounds stop holding.
//    Built that way with this check removed (g++-i686-linux-gnu's defaults),
//    27 robust tests failed, among them 10 of RobustAgreesWithOracle: a
//    segment one ulp off tangency answered as meeting the circle, and 12,379
//    double circle_intersections answers with points off by up to 4 ulps.
//    Use -msse2 -mfpmath=sse (GCC, Clang) or /arch:SSE2 (MSVC's default for
//    x86).
//
//  - -ffast-math, -ffinite-math-only (and MSVC's /fp:fast). They let the
//    compiler drop NaN and infinity checks and reassociate sums. Compiled
//    with -ffast-math, the robust calls answered invalid input (a NaN or an
//    infinite coordinate) as a hit where the contract says false: on the case
//    families, segment_hits_box 349 of 20,000 calls, polygon_hits_disk 259,
//    ray_cast_box 146. Compile the files that include touchstone's robust or
//    oracle headers without it (for example with CMake's
//    set_source_files_properties(... COMPILE_OPTIONS -fno-fast-math)). Code
//    under test may be built with it: only the robust core and the oracle
//    include this header, not the geometry types adapters use.
//
// The floating-point environment at run time (rounding mode, flush to zero,
// denormals are zero) is a separate matter: docs/contract.md.
#pragma once

#include <cfloat>

#if defined(__FLT_EVAL_METHOD__)
#if __FLT_EVAL_METHOD__ != 0
#error \
    "touchstone needs each double operation rounded to double (FLT_EVAL_METHOD 0), not x87 extended evaluation: build with -msse2 -mfpmath=sse (see touchstone/float_semantics.hpp)"
#endif
#elif defined(_MSC_VER) && defined(_M_IX86) && (!defined(_M_IX86_FP) || _M_IX86_FP < 2)
#error \
    "touchstone needs SSE2 double arithmetic, not x87: build with /arch:SSE2 (see touchstone/float_semantics.hpp)"
#elif !defined(_MSC_VER) && defined(FLT_EVAL_METHOD) && FLT_EVAL_METHOD != 0
#error \
    "touchstone needs FLT_EVAL_METHOD 0: each double operation rounded to double (see touchstone/float_semantics.hpp)"
#endif

#if defined(__FAST_MATH__) || (defined(__FINITE_MATH_ONLY__) && __FINITE_MATH_ONLY__) || \
    defined(_M_FP_FAST)
#error \
    "touchstone's robust core and oracle must not be compiled with -ffast-math, -ffinite-math-only or /fp:fast: compile the files that include them without it (see touchstone/float_semantics.hpp)"
#endif
