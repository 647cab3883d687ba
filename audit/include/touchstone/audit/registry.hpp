// touchstone::audit — the registry of implementations the audit and replay run.
//
// Every implementation of a primitive is wrapped as a function from the
// case-file argument array (held exactly in doubles) to an Answer, so that
// tutorial ports, the robust core, the oracle and user code compare alike.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "touchstone/case_file.hpp"
#include "touchstone/geometry.hpp"

namespace touchstone::audit {

/// What one implementation said about one case.
struct Answer {
    bool valid = true;      ///< false: the implementation rejected the input
    std::string error;      ///< why, when !valid (names the field)
    bool hit = false;       ///< predicate value; constructions: kind != none
    int kind = -1;          ///< CircleKind/SegmentKind as int; -1 for predicates
    int count = 0;          ///< number of points in pts
    std::array<double, 4> pts{};  ///< x0, y0, x1, y1 (exact T values)
};

/// How an answer compares with the truth.
enum class Verdict : std::uint8_t {
    ok,
    false_hit,
    false_miss,
    wrong_kind,
    nan,            ///< a NaN or Inf where the truth is finite
    ulps,           ///< right kind, points off by more than the tolerance
    invalid_input,  ///< the oracle rejects the case; nothing to compare
};

const char* to_string(Verdict v);

/// The judgement of one answer against the oracle's.
struct Judgement {
    Verdict verdict = Verdict::ok;
    std::uint64_t ulps = 0;  ///< worst coordinate error (constructions, same kind)
    bool wrong() const { return verdict != Verdict::ok && verdict != Verdict::invalid_input; }
};

/// Compares `got` with `truth`; points within `ulp_tolerance` count as ok.
Judgement judge(Primitive p, Precision prec, const Answer& got, const Answer& truth,
                std::uint64_t ulp_tolerance);

/// One implementation of one primitive at one precision.
struct Implementation {
    std::string name;        ///< e.g. "tutorial-000", "robust"
    Primitive primitive{};
    Precision precision{};
    std::string origin;      ///< seed file or description, for the report
    std::uint64_t ulp_tolerance = 0;  ///< points within this many ulps are ok
    std::function<Answer(const double* args)> eval;
};

/// Every registered implementation, in a fixed order (the report's order).
const std::vector<Implementation>& implementations();

/// Adds an implementation (user code); returns its index.
std::size_t register_implementation(Implementation impl);

/// The oracle's answer for a case (valid == false with the field named when
/// the input is invalid).
Answer oracle_answer(Primitive p, Precision prec, const double* args);

/// The answer as JSON: true/false for predicates, {"kind":..,"points":[..]}
/// for constructions, {"invalid_input":"..."} when rejected.
std::string answer_json(Primitive p, const Answer& a);

}  // namespace touchstone::audit
