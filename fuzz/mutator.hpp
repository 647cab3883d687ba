// touchstone fuzz — a custom mutator that knows the input layout (decode.hpp).
//
// Byte-level mutation rarely turns a generic configuration into an edge one:
// a tangent pair needs |c1 - c2| == r1 + r2 to the last bit, a shared
// endpoint needs 8 or 16 bytes to match. This mutator decodes the input
// (raw or recipe), edits the *values* and writes the result back as a raw
// input:
//   * step a value by +-1..+-k ulps (small steps most often),
//   * flip a sign,
//   * set an exponent (uniform, an interesting one — subnormal, the square
//     overflow/underflow edges, Inf/NaN — or another argument's),
//   * copy a point or a coordinate into another slot (shared endpoints,
//     point on centre, axis-parallel and hence exactly collinear segments),
//   * swap +-0 (set a value to +-0, or flip the sign of a zero),
//   * for targets that take both precisions, move the configuration to the
//     other precision (exact when widening).
// A raw input gets these edits on three calls in four; the fourth goes to
// libFuzzer's own mutator (LLVMFuzzerMutate) unchanged, which keeps
// byte-level exploration and the dictionary in play and is the only way
// into recipe mode. A recipe input goes to libFuzzer's mutator on half of
// the calls (a changed word is a fresh draw of the family), is edited in
// recipe space on a quarter (a nudge stepped or set, the family, the base
// or a word changed) and is flattened to its exact edge configuration and
// edited as values on the last quarter. Flattening every recipe made the
// recipe population die out: NaN points near tangency in tutorial 004 took
// 8 s instead of 0.2 s (scripts/fuzz-bench.sh).
//
// Deterministic in (input, seed), as libFuzzer requires.
//
// TOUCHSTONE_FUZZ_NO_CUSTOM_MUTATOR (compile definition) leaves the mutator
// out: the *_nomut variants the benchmark compares against.
#pragma once

#include <cstddef>
#include <cstdint>

#include "decode.hpp"

/// libFuzzer's own mutator, which mutate() hands a share of the calls to
/// (the replay driver has a small stand-in).
extern "C" std::size_t LLVMFuzzerMutate(std::uint8_t* data, std::size_t size, std::size_t max_size);

namespace touchstone::fuzz {

/// The LLVMFuzzerCustomMutator of a target with this spec (mutator.cpp):
/// mutates data[0 .. size) in place, returns the new size (<= max_size).
std::size_t mutate(TargetSpec spec, std::uint8_t* data, std::size_t size, std::size_t max_size,
                   unsigned seed);

}  // namespace touchstone::fuzz

#if defined(TOUCHSTONE_FUZZ_NO_CUSTOM_MUTATOR)
#define TOUCHSTONE_FUZZ_DEFINE_MUTATOR(Target)
#else
#define TOUCHSTONE_FUZZ_DEFINE_MUTATOR(Target)                                                \
    extern "C" std::size_t LLVMFuzzerCustomMutator(std::uint8_t* data, std::size_t size,      \
                                                   std::size_t max_size, unsigned int seed) { \
        return ::touchstone::fuzz::mutate(Target::spec, data, size, max_size, seed);          \
    }
#endif
