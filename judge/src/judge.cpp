// touchstone::judge — the verdict of an answer against the exact one.
#include "touchstone/judge.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>

#include "touchstone/oracle/oracle.hpp"
#include "touchstone/robust/fp_environment.hpp"

namespace touchstone {
namespace {

template <class T>
Answer exact_answer_in(Primitive p, const double* raw) {
    std::array<T, max_fields> a{};
    for (int i = 0; i < arity(p); ++i) a[static_cast<std::size_t>(i)] = static_cast<T>(raw[i]);
    return visit(p, [&](auto tag) {
        constexpr Primitive P = decltype(tag)::value;
        return to_answer(invoke<P>(
            a.data(), [](const auto&... shapes) { return oracle::call_by_name<P>(shapes...); }));
    });
}

std::uint64_t coordinate_ulps(Precision prec, double got, double want) {
    return prec == Precision::f32
               ? oracle::ulp_distance(static_cast<float>(got), static_cast<float>(want))
               : oracle::ulp_distance(got, want);
}

bool same_answer(Primitive p, const Answer& a, const Answer& b) {
    if (is_predicate(p)) return a.hit == b.hit;
    if (is_sign(p)) return a.kind == b.kind;
    if (a.kind != b.kind || a.count != b.count) return false;
    for (int i = 0; i < 2 * a.count; ++i) {
        const auto k = static_cast<std::size_t>(i);
        if (!(a.pts[k] == b.pts[k])) return false;
    }
    return true;
}

}  // namespace

Answer empty_answer(Primitive p) {
    Answer a;
    if (!is_predicate(p)) a.kind = 0;  // CircleKind::none, SegmentKind::none, 0 points, sign 0
    return a;
}

Answer exact_answer(Primitive p, Precision prec, const double* args) {
    // The truth in the default floating-point environment whatever the
    // caller's: a user's implementation, run in this process, may have set
    // flush-to-zero or another rounding mode and left it so, and the
    // oracle's filter and roundings are derived for the default
    // (touchstone/robust/fp_environment.hpp). A few dozen cycles against the
    // oracle's microseconds.
    const robust::DefaultFloatingPoint scope;
    try {
        return prec == Precision::f32 ? exact_answer_in<float>(p, args)
                                      : exact_answer_in<double>(p, args);
    } catch (const oracle::InvalidInput& e) {
        Answer a;
        a.valid = false;
        a.error = e.what();
        return a;
    }
}

std::string answer_json(Primitive p, const Answer& a) {
    if (!a.valid) return "{\"invalid_input\":" + json_string(a.error) + "}";
    if (is_predicate(p)) return a.hit ? "true" : "false";
    if (is_sign(p)) return std::to_string(a.kind);
    std::string kind;
    switch (info(p).answer) {
        case AnswerForm::circle_points:
            kind = std::string(to_string(static_cast<CircleKind>(a.kind)));
            break;
        case AnswerForm::segment_points:
            kind = std::string(to_string(static_cast<SegmentKind>(a.kind)));
            break;
        case AnswerForm::fraction: {
            if (!a.hit) return "{\"hit\":false}";
            return "{\"hit\":true,\"t\":" + json_string(hex(a.pts[0])) + "}";
        }
        case AnswerForm::segment_circle_points:
        case AnswerForm::boolean:
        case AnswerForm::sign:
            kind = std::to_string(a.count) + (a.count == 1 ? " point" : " points");
            break;
    }
    std::string out = "{\"kind\":" + json_string(kind) + ",\"points\":[";
    for (int i = 0; i < a.count; ++i) {
        if (i) out += ',';
        const auto k = static_cast<std::size_t>(i);
        out +=
            "[" + json_string(hex(a.pts[2 * k])) + "," + json_string(hex(a.pts[2 * k + 1])) + "]";
    }
    return out + "]}";
}

// ---------------------------------------------------------------------------
// Claims.

double Tolerance::band(Primitive p, Precision prec, const double* args) const {
    double scale = 0;
    for (int i = 0; i < arity(p); ++i)
        if (std::isfinite(args[i])) scale = std::max(scale, std::fabs(args[i]));
    double ulp = 0;
    if (prec == Precision::f32) {
        const float s = static_cast<float>(scale);
        ulp = static_cast<double>(std::nextafter(s, INFINITY)) - static_cast<double>(s);
    } else {
        ulp = std::nextafter(scale, INFINITY) - scale;
    }
    double b = absolute;
    b = std::max(b, static_cast<double>(ulps) * ulp);
    b = std::max(b, relative * scale);
    return std::isfinite(b) ? b : std::numeric_limits<double>::max();
}

std::string Tolerance::describe() const {
    if (!any()) return "none";
    std::string out;
    auto add = [&](const std::string& s) { out += (out.empty() ? "" : " or ") + s; };
    char buf[64];
    if (ulps) add(std::to_string(ulps) + " ulps");
    if (relative > 0) {
        std::snprintf(buf, sizeof buf, "%g relative", relative);
        add(buf);
    }
    if (absolute > 0) {
        std::snprintf(buf, sizeof buf, "%g absolute", absolute);
        add(buf);
    }
    return out;
}

Claim Claim::within_ulps(std::uint64_t n) const {
    Claim c = *this;
    c.tolerance.ulps = n;
    return c;
}
Claim Claim::within_relative(double eps) const {
    Claim c = *this;
    c.tolerance.relative = eps;
    return c;
}
Claim Claim::within_absolute(double distance) const {
    Claim c = *this;
    c.tolerance.absolute = distance;
    return c;
}
Claim Claim::points_within_ulps(std::uint64_t n) const {
    Claim c = *this;
    c.point_ulps = n;
    return c;
}
Claim Claim::starts_inside_miss() const {
    Claim c = *this;
    c.starts_inside_misses = true;
    return c;
}

std::string Claim::describe() const {
    std::string out = boundary == Boundary::open ? "open" : "closed";
    if (tolerance.any()) out += " within " + tolerance.describe();
    if (point_ulps) out += ", points within " + std::to_string(point_ulps) + " ulps";
    if (empty_on_invalid) out += ", empty on invalid input";
    if (starts_inside_misses) out += ", starts inside misses";
    return out;
}

bool Claim::operator==(const Claim& o) const {
    return boundary == o.boundary && tolerance.ulps == o.tolerance.ulps &&
           tolerance.relative == o.tolerance.relative &&
           tolerance.absolute == o.tolerance.absolute && point_ulps == o.point_ulps &&
           empty_on_invalid == o.empty_on_invalid && starts_inside_misses == o.starts_inside_misses;
}

bool parse_claim(std::string_view text, Claim& out, std::string& error) {
    Claim c;
    bool first = true;
    while (true) {
        const std::size_t comma = text.find(',');
        std::string term(text.substr(0, comma));
        while (!term.empty() && term.front() == ' ') term.erase(term.begin());
        while (!term.empty() && term.back() == ' ') term.pop_back();
        const std::size_t eq = term.find('=');
        const std::string key = term.substr(0, eq);
        const std::string value = eq == std::string::npos ? "" : term.substr(eq + 1);
        auto number = [&](double& v) {
            char* end = nullptr;
            v = std::strtod(value.c_str(), &end);
            if (value.empty() || end != value.c_str() + value.size() || !(v >= 0) ||
                !std::isfinite(v)) {
                error = "claim term \"" + term + "\": expected a finite number >= 0";
                return false;
            }
            return true;
        };
        double v = 0;
        if (first && (term == "closed" || term == "open")) {
            c.boundary = term == "open" ? Boundary::open : Boundary::closed;
        } else if (key == "ulps" && number(v)) {
            c.tolerance.ulps = static_cast<std::uint64_t>(v);
        } else if (key == "relative" && number(v)) {
            c.tolerance.relative = v;
        } else if (key == "absolute" && number(v)) {
            c.tolerance.absolute = v;
        } else if (key == "points" && number(v)) {
            c.point_ulps = static_cast<std::uint64_t>(v);
        } else if (term == "empty-on-invalid") {
            c.empty_on_invalid = true;
        } else if (term == "starts-inside-misses") {
            c.starts_inside_misses = true;
        } else {
            if (error.empty())
                error =
                    "claim term \"" + term +
                    "\": expected closed or open, then ulps=N, relative=X, absolute=X, points=N, "
                    "empty-on-invalid, starts-inside-misses";
            return false;
        }
        first = false;
        if (comma == std::string_view::npos) break;
        text.remove_prefix(comma + 1);
    }
    out = c;
    return true;
}

// ---------------------------------------------------------------------------
// Verdicts.

const char* to_string(Verdict v) {
    switch (v) {
        case Verdict::ok: return "ok";
        case Verdict::false_hit: return "false_hit";
        case Verdict::false_miss: return "false_miss";
        case Verdict::wrong_kind: return "wrong_kind";
        case Verdict::nan: return "nan";
        case Verdict::ulps: return "ulps";
        case Verdict::invalid_input: return "invalid_input";
        case Verdict::wrong_on_invalid: return "wrong_on_invalid";
        case Verdict::crash: return "crash";
        case Verdict::timeout: return "timeout";
        case Verdict::wrong_sign: return "wrong_sign";
    }
    return "?";
}

bool parse_verdict(std::string_view name, Verdict& out) {
    for (Verdict v : all_verdicts) {
        if (name == to_string(v)) {
            out = v;
            return true;
        }
    }
    return false;
}

std::string Judgement::text() const {
    std::string out =
        verdict == Verdict::ulps ? "ulps:" + std::to_string(ulps) : std::string(to_string(verdict));
    if (tolerated) out += " (tolerated)";
    return out;
}

Answer claimed_truth(Primitive p, Precision, const Claim& claim, const Answer& exact,
                     const double* args) {
    if (is_fraction(p)) {
        // A hit at t = 0 starts in the closed shape; in its interior, the
        // claim makes it a miss.
        if (!claim.starts_inside_misses || !exact.valid || !exact.hit || exact.pts[0] != 0)
            return exact;
        if (!oracle::ray_starts_inside(p, args)) return exact;
        Answer t = exact;
        t.hit = false;
        t.kind = 0;
        t.count = 0;
        t.pts = {};
        return t;
    }
    if (claim.boundary == Boundary::closed || !exact.valid || !is_predicate(p) || !exact.hit)
        return exact;
    Answer t = exact;
    // Exactly on the boundary <=> the exact separation is 0 (the double
    // overload is exact for float values too).
    if (oracle::within_band(p, args, 0.0)) t.hit = false;
    return t;
}

Judgement judge(Primitive p, Precision prec, const double* args, const Claim& claim,
                const Answer& got, const Answer& exact) {
    Judgement j;
    if (!exact.valid) {
        const bool documented = !claim.empty_on_invalid || same_answer(p, got, empty_answer(p));
        j.verdict = documented ? Verdict::invalid_input : Verdict::wrong_on_invalid;
        return j;
    }
    const Answer truth = claimed_truth(p, prec, claim, exact, args);
    if (is_predicate(p) || (is_fraction(p) && got.hit != truth.hit)) {
        if (got.hit != truth.hit) j.verdict = got.hit ? Verdict::false_hit : Verdict::false_miss;
    } else if (is_sign(p)) {
        if (got.kind != truth.kind) j.verdict = Verdict::wrong_sign;
    } else if (got.kind != truth.kind || got.count != truth.count) {
        j.verdict = Verdict::wrong_kind;
    } else {
        // Same kind and count: a NaN or infinite coordinate where the exact
        // one is finite is `nan`; otherwise the worst coordinate's ulps.
        for (int i = 0; i < 2 * got.count; ++i) {
            const auto k = static_cast<std::size_t>(i);
            if (!std::isfinite(got.pts[k]) && std::isfinite(truth.pts[k])) {
                j.verdict = Verdict::nan;
                break;
            }
            j.ulps = std::max(j.ulps, coordinate_ulps(prec, got.pts[k], truth.pts[k]));
        }
        if (j.verdict == Verdict::ok && j.ulps > claim.point_ulps) j.verdict = Verdict::ulps;
    }
    if (j.wrong() && claim.tolerance.any())
        j.tolerated = oracle::within_band(p, args, claim.tolerance.band(p, prec, args));
    return j;
}

}  // namespace touchstone
