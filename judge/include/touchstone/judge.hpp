// touchstone::judge — the one judge.
//
// Every part of touchstone that compares an implementation's answer with the
// exact truth (the audit, replay, the properties, the fuzz targets, users'
// conformance tests) calls judge() below, with one vocabulary of verdicts
// and one set of rules (docs/judging.md):
//   * invalid input (the exact answer is "invalid"): nothing to compare,
//     verdict invalid_input, unless the claim promises the documented empty
//     answer (the robust core) and the answer is something else:
//     wrong_on_invalid;
//   * predicates: false_hit / false_miss against the claimed truth (closed,
//     or open: exact touching is a miss);
//   * signs (orient2d): the sign held in Answer::kind, else wrong_sign (the
//     boundary claim does not apply; the tolerance band does);
//   * fractions (ray casts): a wrong hit or miss is false_hit / false_miss;
//     on a common hit, a NaN or infinite t is `nan`, else t's ulp distance
//     from the correctly rounded exact t against point_ulps (ulps); the
//     claim starts_inside_misses makes a ray starting in the interior a miss;
//   * constructions: the kind and point count first (wrong_kind), then any
//     NaN or infinite coordinate where the exact one is finite (nan), then
//     the worst coordinate's ulp distance from the correctly rounded exact
//     point against the claim's point_ulps (ulps);
//   * a wrong answer on a case within the claim's tolerance band of the
//     decision boundary is `tolerated`: reported apart, never gating.
// `contained` circles share no point: for constructions, hit means at least
// one common point (kinds one, two, coincident; a non-zero point count).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "touchstone/case_file.hpp"
#include "touchstone/primitive.hpp"

namespace touchstone {

// ---------------------------------------------------------------------------
// Answers.

/// Any primitive's answer, held exactly in doubles (float values widen
/// exactly), so that every implementation compares alike.
struct Answer {
    bool valid = true;            ///< false: the input is invalid (exact answers) or was rejected
    std::string error;            ///< why, when !valid (names the field)
    bool hit = false;             ///< predicate value; constructions: at least one common point
    int kind = -1;                ///< CircleKind / SegmentKind as int, point count for
                                  ///< segment_circle_points, the sign (-1, 0, +1) for a
                                  ///< sign answer; -1 for predicates
    int count = 0;                ///< number of points in pts
    std::array<double, 4> pts{};  ///< x0, y0, x1, y1
};

inline Answer to_answer(bool hit) {
    Answer a;
    a.hit = hit;
    return a;
}

/// A sign answer (orient2d): the sign of the value, in `kind`; hit false, no
/// points. Any int is accepted and reduced to its sign.
inline Answer to_answer(int sign) {
    Answer a;
    a.kind = sign > 0 ? 1 : sign < 0 ? -1 : 0;
    return a;
}

/// A fraction answer (a ray cast): hit, and t held as the one "point"
/// (pts[0] = t, pts[1] = 0; kind and count 1 on a hit, 0 on a miss), so that
/// a fraction is compared like a construction, in ulps.
template <class T>
Answer to_answer(const RayHit<T>& r) {
    Answer a;
    a.hit = r.hit;
    a.kind = r.hit ? 1 : 0;
    a.count = r.hit ? 1 : 0;
    if (r.hit) a.pts[0] = static_cast<double>(r.t);
    return a;
}

namespace detail {
template <class T>
void put_points(Answer& a, int count, const std::array<Vec2<T>, 2>& pts) {
    a.count = count < 0 ? 0 : count > 2 ? 2 : count;
    for (int i = 0; i < a.count; ++i) {
        const auto k = static_cast<std::size_t>(i);
        a.pts[2 * k] = static_cast<double>(pts[k].x);
        a.pts[2 * k + 1] = static_cast<double>(pts[k].y);
    }
}
}  // namespace detail

template <class T>
Answer to_answer(const CircleIntersection<T>& r) {
    Answer a;
    a.kind = static_cast<int>(r.kind);
    detail::put_points(a, r.count, r.points);
    a.hit =
        r.kind == CircleKind::one || r.kind == CircleKind::two || r.kind == CircleKind::coincident;
    return a;
}
template <class T>
Answer to_answer(const SegmentCirclePoints<T>& r) {
    Answer a;
    a.kind = r.count;  // the kind of this construction is its point count
    detail::put_points(a, r.count, r.points);
    a.hit = r.count > 0;
    return a;
}
template <class T>
Answer to_answer(const SegmentIntersection<T>& r) {
    Answer a;
    a.kind = static_cast<int>(r.kind);
    detail::put_points(a,
                       r.kind == SegmentKind::none    ? 0
                       : r.kind == SegmentKind::point ? 1
                                                      : 2,
                       r.points);
    a.hit = r.kind != SegmentKind::none;
    return a;
}

/// The robust core's documented answer on invalid input: predicates false,
/// constructions kind none with no points.
Answer empty_answer(Primitive p);

/// The exact answer (the oracle's) for a case; valid == false, with the
/// oracle's message naming the field, when the input is invalid.
Answer exact_answer(Primitive p, Precision prec, const double* args);
inline Answer exact_answer(const Case& c) {
    return exact_answer(c.primitive, c.precision, c.args.data());
}

/// The answer as JSON: true/false for predicates, -1/0/1 for signs, {"kind":..,"points":[..]}
/// for constructions, {"invalid_input":"..."} when not valid.
std::string answer_json(Primitive p, const Answer& a);

// ---------------------------------------------------------------------------
// Claims.

/// Closed: touching is a hit (the project's contract). Open: exact touching
/// is a miss (predicates; constructions are always judged closed).
enum class Boundary : std::uint8_t { closed, open };

/// A declared tolerance: right except where the exact case lies within a band
/// of its decision boundary (oracle::within_band). The band is the largest of
/// `ulps` ulps of the case's scale (its largest finite |argument|),
/// `relative` * scale and `absolute`.
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

/// What an implementation claims about itself.
struct Claim {
    Boundary boundary = Boundary::closed;
    Tolerance tolerance;
    std::uint64_t point_ulps = 0;   ///< constructions: points within this many ulps are right
    bool empty_on_invalid = false;  ///< promises empty_answer() on invalid input (the robust core)
    /// Ray casts: a ray whose start lies in the shape's interior is a miss
    /// (Box2D 2.4.1's b2CircleShape::RayCast, b2AABB::RayCast); a ray that
    /// starts on the boundary keeps the exact answer.
    bool starts_inside_misses = false;

    /// Right except within n ulps (of the case's largest |argument|) of the boundary.
    Claim within_ulps(std::uint64_t n) const;
    /// Right except where the exact separation is below eps * scale.
    Claim within_relative(double eps) const;
    /// Right except where the exact separation is below `distance` (a skin).
    Claim within_absolute(double distance) const;
    /// Constructed points within n ulps of the correctly rounded truth.
    Claim points_within_ulps(std::uint64_t n) const;
    /// Ray casts: a ray starting in the interior is a miss.
    Claim starts_inside_miss() const;

    /// "closed", "open within 4 ulps", "closed, points within 2 ulps", ...
    std::string describe() const;
    bool operator==(const Claim& o) const;
};

/// Closed shapes: touching is a hit.
inline Claim closed() { return Claim{}; }
/// Open shapes: exact touching is a miss (predicates only).
inline Claim open() {
    Claim c;
    c.boundary = Boundary::open;
    return c;
}

/// Parses a claim as replay's --claim takes it: "closed" or "open", then
/// optional comma-separated terms "ulps=N", "relative=X", "absolute=X",
/// "points=N" (point ulps), "empty-on-invalid", "starts-inside-misses". False with a message naming
/// the bad term.
bool parse_claim(std::string_view text, Claim& out, std::string& error);

// ---------------------------------------------------------------------------
// Verdicts.

enum class Verdict : std::uint8_t {
    ok,
    false_hit,
    false_miss,
    wrong_kind,        ///< a construction's kind or point count differs
    nan,               ///< a NaN or infinite coordinate where the exact one is finite
    ulps,              ///< right kind, a point farther than the claim allows
    invalid_input,     ///< the case is outside the domain: nothing to compare
    wrong_on_invalid,  ///< invalid input answered otherwise than the claim documents
    crash,             ///< the implementation died on the case (a fatal signal)
    timeout,           ///< the implementation did not return within the time limit
    wrong_sign,        ///< a sign answer (orient2d) differs from the exact sign
};

inline constexpr std::array<Verdict, 11> all_verdicts{
    Verdict::ok,    Verdict::false_hit, Verdict::false_miss,    Verdict::wrong_kind,
    Verdict::nan,   Verdict::ulps,      Verdict::invalid_input, Verdict::wrong_on_invalid,
    Verdict::crash, Verdict::timeout,   Verdict::wrong_sign,
};

const char* to_string(Verdict v);
bool parse_verdict(std::string_view name, Verdict& out);

/// Whether a verdict is a wrong answer (invalid_input and ok are not).
constexpr bool is_wrong(Verdict v) { return v != Verdict::ok && v != Verdict::invalid_input; }

/// The judgement of one answer.
struct Judgement {
    Verdict verdict = Verdict::ok;
    std::uint64_t ulps = 0;  ///< worst coordinate error (constructions of the right kind)
    bool tolerated = false;  ///< wrong, but inside the claim's tolerance band
    bool wrong() const { return is_wrong(verdict); }
    /// Wrong and not excused by the tolerance: what fails a gate.
    bool fails() const { return wrong() && !tolerated; }
    /// "ok", "false_hit", "ulps:3", ... (with " (tolerated)" when tolerated).
    std::string text() const;
};

/// The truth `claim` holds an implementation to: the exact (closed) answer,
/// or for an open-boundary predicate that answer with exact touching a miss,
/// or for a ray cast under starts_inside_misses a miss when the ray starts in
/// the shape's interior.
Answer claimed_truth(Primitive p, Precision prec, const Claim& claim, const Answer& exact,
                     const double* args);

/// Judges `got` for a case (args in case-file order, exact T values held in
/// doubles) against the exact answer, under `claim`. The one judge.
Judgement judge(Primitive p, Precision prec, const double* args, const Claim& claim,
                const Answer& got, const Answer& exact);
inline Judgement judge(const Case& c, const Claim& claim, const Answer& got, const Answer& exact) {
    return judge(c.primitive, c.precision, c.args.data(), claim, got, exact);
}

}  // namespace touchstone
