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

/// The boundary semantics an implementation claims: closed (touching is a
/// hit, the project's contract) or open (touching is a miss). Open applies to
/// the predicates; constructions are always judged closed.
enum class Boundary : std::uint8_t { closed, open };

/// A declared tolerance: the implementation promises to be right except
/// where the exact case lies within a band of its decision boundary
/// (oracle::within_band). The band is the largest of `ulps` ulps of the
/// case's scale (its largest finite |argument|), `relative` * scale, and
/// `absolute`. Wrong answers inside the band are reported apart, as
/// "wrong inside the tolerance", and do not fail a gate.
struct Tolerance {
    std::uint64_t ulps = 0;
    double relative = 0;
    double absolute = 0;
    bool any() const { return ulps > 0 || relative > 0 || absolute > 0; }
    /// The band for one case (args in case-file order, exact T values).
    double band(Primitive p, Precision prec, const double* args) const;
    /// "none", or e.g. "4 ulps", "1e-06 absolute", "2 ulps or 1e-05 relative".
    std::string describe() const;
};

/// One implementation of one primitive at one precision.
struct Implementation {
    std::string name;        ///< e.g. "tutorial-000", "robust"
    Primitive primitive{};
    Precision precision{};
    std::string origin;      ///< seed file or description, for the report
    std::uint64_t ulp_tolerance = 0;  ///< points within this many ulps are ok
    std::function<Answer(const double* args)> eval;
    Boundary boundary = Boundary::closed;  ///< the semantics it claims
    Tolerance tolerance;                   ///< the band it asks to be excused in
    bool user = false;                     ///< registered by user code
};

/// The truth an implementation is held to: the oracle's closed answer, or,
/// for an open-boundary predicate, that answer with exact touching a miss.
Answer claimed_truth(const Implementation& impl, const Answer& closed_truth, const double* args);

/// Judges `got` for `impl` and says whether a wrong answer is excused by
/// the implementation's declared tolerance.
struct Graded {
    Judgement judgement;
    bool tolerated = false;  ///< wrong, but inside the declared band
};
Graded grade(const Implementation& impl, const Answer& got, const Answer& closed_truth, const double* args);

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
