// touchstone::robust — the floating-point environment the robust core needs
// at run time, how to check it, and a scope that provides it.
//
// The core's error bounds (detail/filter.hpp, the double-double and long
// double stages) are derived for IEEE 754 arithmetic with:
//   - rounding to nearest, ties to even (the default mode);
//   - gradual underflow: subnormal operands and results kept, not flushed
//     to zero (x86 MXCSR's FTZ and DAZ bits clear; AArch64 FPCR.FZ clear);
//   - where long double is the x87 80-bit format (x86 GCC and Clang), the
//     x87 unit at its default 64-bit precision: the segment predicates'
//     second stage computes in it.
// That is every thread's environment at start-up. Engines change it: physics
// and audio code set flush-to-zero and denormals-are-zero for speed
// (_MM_SET_FLUSH_ZERO_MODE; -ffast-math links start-up code that sets
// both), and Direct3D 9 lowers the x87 precision unless told not to.
// Measured on the case families (20,000 per primitive and precision, answers
// against the default environment's):
//   - FTZ and DAZ: every primitive changed answers on some cases with
//     subnormal inputs (orient2d float 62, circle_intersections float 85),
//     and segment_circle_points looped without end in its exact rounding;
//   - x87 precision at 53 bits: the segment predicates' second stage
//     certified wrong signs on ordinary double inputs (segment_hits_disk 29,
//     segment_meets_circle 30, segments_intersect 14);
//   - rounding upward: 34 of the 38 primitive-precision pairs changed.
// What the core now does itself: the second stage of the segment predicates
// checks the x87 control word and leaves its calls to the exact integers
// when it is not the default; the exact rounding of construction and ray
// cast coordinates runs in a DefaultFloatingPoint scope (no more endless
// loop). The inline filters still compute in the caller's environment:
// checking it there would cost the fast path more than the filter does.
//
// So: call the core in the default environment, or inside a
// DefaultFloatingPoint scope, which sets it and restores the caller's on
// exit (a few dozen cycles: put it around a batch of calls, not each one).
// floating_point_environment_ok() says whether the calling thread's
// environment is the default one. Define TOUCHSTONE_ROBUST_CHECK_ENVIRONMENT
// (before the first touchstone header, or for the whole build: a debug
// build's flag) and every robust answer checks it: a call made in another
// environment aborts with the primitive's name and what differs, instead of
// answering wrongly (check_floating_point_environment below; it costs an
// out-of-line call a robust call, so it is off by default).
// docs/contract.md, "Floating-point semantics and environment", has the rules.
#pragma once

#include <cstdint>
#include <string>

#include "touchstone/primitive.hpp"

namespace touchstone::robust {

/// True iff the calling thread's floating-point environment is the one the
/// robust core is derived for (above): round to nearest, no flush to zero,
/// no denormals-are-zero, x87 precision at 64 bits where long double is x87.
bool floating_point_environment_ok() noexcept;

/// What differs from that environment, in words ("" when it is the one):
/// for a log line or an assertion message.
std::string floating_point_environment_problems();

/// Returns when the calling thread's environment is the default one;
/// otherwise prints "touchstone: robust <primitive> called in a floating-
/// point environment it is not derived for: <problems>" with the remedy on
/// stderr and aborts. What every robust answer calls under
/// TOUCHSTONE_ROBUST_CHECK_ENVIRONMENT; callable on its own too.
void check_floating_point_environment(Primitive p) noexcept;

/// A thread's floating-point control settings, as far as the target has
/// them: C's rounding mode (fegetround), x86 MXCSR, the x87 control word,
/// AArch64 FPCR; all of each register but its sticky exception flags, so
/// exception masks (traps) count too. A value to compare and to put back:
/// the audit's evaluators take one before each call of the code under test
/// and put it back when the call changed it (audit/registry.hpp), so that
/// an engine's flush-to-zero does not reach the exact truth computed after
/// it. Reading one costs a few register reads (about 10 ns on x86-64).
class FloatingPointControls {
public:
    /// The calling thread's settings now.
    static FloatingPointControls current() noexcept;
    /// These settings with those the robust core needs made the default
    /// (round to nearest, no flush-to-zero, no denormals-are-zero, x87 at
    /// 64-bit precision); the others (exception masks, say) as they are.
    FloatingPointControls with_defaults() const noexcept;
    /// Makes these the calling thread's settings; the exception flags stay
    /// as they are.
    void apply() const noexcept;
    /// Where these differ from what the robust core needs, in the words of
    /// floating_point_environment_problems() ("" when they do not).
    std::string problems() const;
    /// The same settings (exception flags are not settings).
    bool operator==(const FloatingPointControls& o) const noexcept;
    bool operator!=(const FloatingPointControls& o) const noexcept { return !(*this == o); }

private:
    /// By register, in fp_environment.cpp's order: fegetround(), MXCSR, the
    /// x87 control word, FPCR (0 where the target has no such register).
    std::uint64_t v_[4] = {};
};

/// Sets the environment the robust core needs for the lifetime of the scope
/// and restores the caller's control settings when it ends (exception flags
/// raised inside the scope are kept, not rolled back). Per thread, like the
/// environment itself; not copyable, not movable.
class DefaultFloatingPoint {
public:
    DefaultFloatingPoint() noexcept;
    ~DefaultFloatingPoint();
    DefaultFloatingPoint(const DefaultFloatingPoint&) = delete;
    DefaultFloatingPoint& operator=(const DefaultFloatingPoint&) = delete;

private:
    /// The caller's settings, as far as the target has them: fegetround(),
    /// x86 MXCSR, the x87 control word, AArch64 FPCR (fp_environment.cpp).
    /// Its own code, not FloatingPointControls's: this scope is on the
    /// constructions' exact path and in every judged call, and reading each
    /// register twice (to write only what changed) cost 11 ns more a scope
    /// (28 against 39 ns on x86-64).
    std::uint64_t saved_[4] = {};
};

}  // namespace touchstone::robust
