// The soundness profile and the cost of each implementation (soundness.hpp).
#include "touchstone/audit/soundness.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <tuple>

#include "touchstone/audit/figures.hpp"

namespace touchstone::audit {

int lowest_exponent(Precision prec) { return prec == Precision::f32 ? -149 : -1074; }
int highest_exponent(Precision prec) { return prec == Precision::f32 ? 127 : 1023; }

int scale_exponent(Precision prec, const double* args, int n) {
    double big = 0;
    for (int i = 0; i < n; ++i)
        if (std::isfinite(args[i])) big = std::max(big, std::fabs(args[i]));
    if (big == 0) return lowest_exponent(prec);
    return std::max(lowest_exponent(prec), std::ilogb(big));
}

namespace {

std::string pow2(int e) { return "2^" + std::to_string(e); }

}  // namespace

std::string Profile::line() const {
    if (bins.empty()) return "not measured";
    if (everywhere) return "sound everywhere";
    if (!ordinary) {
        // The wrong exponent of the ordinary range closest to 2^0.
        int at = ordinary_high + 1;
        for (const ScaleBin& b : bins)
            if (b.wrong && b.exponent >= ordinary_low && b.exponent <= ordinary_high &&
                std::abs(b.exponent) < std::abs(at))
                at = b.exponent;
        return "not sound at ordinary scales (wrong at " + pow2(at) + ")";
    }
    const std::string lo = from == lowest_exponent(precision) ? "0" : pow2(from);
    return "sound for |x| in [" + lo + ", " + pow2(to + 1) + ")";
}

std::vector<Profile> profiles(const AuditResult& r) {
    using Key = std::tuple<std::string, Precision, Primitive>;
    std::map<Key, std::size_t> index;
    std::vector<Profile> out;
    std::map<Key, std::pair<std::uint64_t, double>> cost;
    for (const RowResult& row : r.rows) {
        auto& c = cost[Key{row.implementation, row.precision, row.primitive}];
        c.first += row.timed_calls;
        c.second += row.timed_ns;
    }
    for (const RowResult& row : r.rows) {
        if (row.family != sweep_family) continue;
        const Key key{row.implementation, row.precision, row.primitive};
        auto it = index.find(key);
        if (it == index.end()) {
            it = index.emplace(key, out.size()).first;
            Profile p;
            p.implementation = row.implementation;
            p.precision = row.precision;
            p.primitive = row.primitive;
            p.timed_calls = cost[key].first;
            p.timed_ns = cost[key].second;
            out.push_back(std::move(p));
        }
        Profile& p = out[it->second];
        for (const ScaleBin& b : row.scale_bins) {
            auto at = std::lower_bound(p.bins.begin(), p.bins.end(), b.exponent,
                                       [](const ScaleBin& x, int e) { return x.exponent < e; });
            if (at == p.bins.end() || at->exponent != b.exponent)
                at = p.bins.insert(at, {b.exponent, 0, 0});
            at->cases += b.cases;
            at->wrong += b.wrong;
        }
    }
    for (Profile& p : out) {
        const int lo = lowest_exponent(p.precision), hi = highest_exponent(p.precision);
        int below = lo - 1, above = hi + 1;  // nearest wrong exponents around the ordinary range
        p.ordinary = true;
        for (const ScaleBin& b : p.bins) {
            p.cases += b.cases;
            p.wrong += b.wrong;
            if (!b.wrong) continue;
            if (b.exponent < ordinary_low)
                below = std::max(below, b.exponent);
            else if (b.exponent > ordinary_high)
                above = std::min(above, b.exponent);
            else
                p.ordinary = false;
        }
        p.everywhere = p.wrong == 0 && !p.bins.empty();
        if (!p.ordinary) continue;
        p.from = below + 1;
        p.to = above - 1;
        std::uint64_t tested = 0;
        for (const ScaleBin& b : p.bins) tested += b.exponent >= p.from && b.exponent <= p.to;
        p.untested = static_cast<std::uint64_t>(p.to - p.from + 1) - tested;
    }
    return out;
}

std::string ns_text(double ns, std::uint64_t calls) {
    if (!calls) return "-";
    char buf[32];
    std::snprintf(buf, sizeof buf, ns < 10 ? "%.2f" : ns < 100 ? "%.1f" : "%.0f", ns);
    return buf;
}

namespace {

std::string pad(std::string s, std::size_t w, bool right = false) {
    if (s.size() >= w) return s;
    return right ? std::string(w - s.size(), ' ') + s : s + std::string(w - s.size(), ' ');
}

}  // namespace

void write_profile_table(std::ostream& out, const AuditResult& r) {
    const std::vector<Profile> ps = profiles(r);
    if (ps.empty()) return;
    std::size_t wname = std::string("implementation").size();
    for (const Profile& p : ps) wname = std::max(wname, p.implementation.size());
    wname += 2;
    out << "\n"
        << pad("implementation", wname) << pad("prec", 7) << pad("primitive", 22)
        << pad("soundness (" + std::string(sweep_family) + " rows)", 48) << "cost\n";
    for (const Profile& p : ps)
        out << pad(p.implementation, wname) << pad(std::string(to_string(p.precision)), 7)
            << pad(std::string(to_string(p.primitive)), 22) << pad(p.line(), 48)
            << ns_text(p.ns_per_call(), p.timed_calls) << " ns/call\n";
}

void write_profiles_json(std::ostream& out, const AuditResult& r) {
    const std::vector<Profile> ps = profiles(r);
    out << "[";
    for (std::size_t i = 0; i < ps.size(); ++i) {
        const Profile& p = ps[i];
        out << (i ? ",\n" : "\n") << "    {\"implementation\": " << json_string(p.implementation)
            << ", \"precision\": " << json_string(to_string(p.precision))
            << ", \"primitive\": " << json_string(to_string(p.primitive))
            << ", \"soundness\": " << json_string(p.line())
            << ", \"sound_everywhere\": " << (p.everywhere ? "true" : "false")
            << ", \"sound_at_ordinary_scales\": " << (p.ordinary ? "true" : "false");
        if (p.ordinary)
            out << ", \"sound_from_exponent\": " << p.from << ", \"sound_to_exponent\": " << p.to
                << ", \"untested_exponents\": " << p.untested;
        out << ", \"cases\": " << p.cases << ", \"wrong\": " << p.wrong
            << ", \"timed_calls\": " << p.timed_calls;
        if (p.timed_calls) out << ", \"ns_per_call\": " << ns_text(p.ns_per_call(), p.timed_calls);
        out << ", \"scale_bins\": [";
        for (std::size_t k = 0; k < p.bins.size(); ++k)
            out << (k ? ", " : "") << "[" << p.bins[k].exponent << ", " << p.bins[k].cases << ", "
                << p.bins[k].wrong << "]";
        out << "]}";
    }
    out << (ps.empty() ? "]" : "\n  ]");
}

namespace {

/// A Markdown table cell: "|" (as in |x|) escaped.
std::string md_cell(const std::string& s) {
    std::string o;
    for (char c : s) {
        if (c == '|') o += '\\';
        o += c;
    }
    return o;
}

}  // namespace

void write_profiles_markdown(std::ostream& out, const AuditResult& r) {
    const std::vector<Profile> ps = profiles(r);
    if (ps.empty()) return;
    out << "\n## Soundness and cost\n\nSoundness: the scale sweep (`" << sweep_family
        << "` rows) draws the same configurations at every binary exponent of the largest "
           "|argument|; an implementation is sound for a range of scales when it has no wrong "
           "answer there. Cost: wall time per call over the cases of every row (not "
           "reproducible).\n\n"
           "| implementation | precision | primitive | soundness | sweep cases | sweep wrong | "
           "ns/call |\n|---|---|---|---|---:|---:|---:|\n";
    for (const Profile& p : ps)
        out << "| `" << p.implementation << "` | " << to_string(p.precision) << " | "
            << to_string(p.primitive) << " | " << md_cell(p.line()) << " | " << p.cases << " | "
            << p.wrong << " | " << ns_text(p.ns_per_call(), p.timed_calls) << " ns/call |\n";
}

namespace {

/// One strip: an exponent axis, the exponents coloured by error rate (green:
/// none wrong; red, darker for a higher rate, in 8 steps; grey: no case),
/// runs of one colour drawn as one rectangle with its counts as a tooltip.
void strip_svg(std::ostream& out, const Profile& p) {
    const int lo = lowest_exponent(p.precision), hi = highest_exponent(p.precision);
    const double width = 700, height = 14;
    const double unit = width / (hi - lo + 1);
    out << "<svg class=\"strip\" width=\"" << width << "\" height=\"" << height + 12
        << "\" viewBox=\"0 0 " << width << " " << height + 12
        << "\" xmlns=\"http://www.w3.org/2000/svg\"><rect x=\"0\" y=\"0\" width=\"" << width
        << "\" height=\"" << height << "\" fill=\"#ddd\"><title>no case</title></rect>";
    // The level of an exponent: -1 no case, 0 none wrong, 1..8 the rate.
    auto level = [](const ScaleBin& b) {
        if (!b.wrong) return 0;
        return 1 + static_cast<int>(7.999 * double(b.wrong) / double(b.cases));
    };
    std::size_t i = 0;
    while (i < p.bins.size()) {
        const int l = level(p.bins[i]);
        std::size_t j = i;
        std::uint64_t cases = 0, wrong = 0;
        while (j < p.bins.size() && level(p.bins[j]) == l &&
               (j == i || p.bins[j].exponent == p.bins[j - 1].exponent + 1)) {
            cases += p.bins[j].cases;
            wrong += p.bins[j].wrong;
            ++j;
        }
        const int e0 = p.bins[i].exponent, e1 = p.bins[j - 1].exponent;
        char colour[16];
        if (l == 0)
            std::snprintf(colour, sizeof colour, "#2e7d32");
        else
            std::snprintf(colour, sizeof colour, "#%02x%02x%02x", 230 - 12 * l, 150 - 17 * l, 40);
        out << "<rect x=\"" << (e0 - lo) * unit << "\" y=\"0\" width=\""
            << std::max((e1 - e0 + 1) * unit, 1.0) << "\" height=\"" << height << "\" fill=\""
            << colour << "\"><title>2^" << e0 << (e1 != e0 ? " .. 2^" + std::to_string(e1) : "")
            << ": " << wrong << " of " << cases << " wrong</title></rect>";
        i = j;
    }
    // Ticks: the two ends and 2^0.
    for (int e : {lo, 0, hi}) {
        const double x = (e - lo + 0.5) * unit;
        out << "<line x1=\"" << x << "\" y1=\"" << height << "\" x2=\"" << x << "\" y2=\""
            << height + 3 << "\" stroke=\"#333\"/><text x=\"" << x << "\" y=\"" << height + 11
            << "\" font-size=\"9\" text-anchor=\""
            << (e == lo   ? "start"
                : e == hi ? "end"
                          : "middle")
            << "\">2^" << e << "</text>";
    }
    out << "</svg>";
}

}  // namespace

void write_profiles_html(std::ostream& out, const AuditResult& r) {
    const std::vector<Profile> ps = profiles(r);
    if (ps.empty()) return;
    out << "<h2>Soundness profile and cost</h2><p>The scale sweep (<code>" << sweep_family
        << "</code> rows) draws the same configurations (uniform, or exact tangent, collinear, "
           "endpoint and degenerate ones, unnudged) with the largest |argument| at every binary "
           "exponent of the precision. Each strip runs from the smallest exponent (left) to the "
           "largest (right): "
           "green where every answer was right, red by error rate where some were wrong, grey "
           "where no case fell; hover for the counts. ns/call is the wall time of a timed pass "
           "over every row's cases (not reproducible). docs/judging.md defines both.</p>\n";
    std::string current;
    for (const Profile& p : ps) {
        if (p.implementation != current) {
            if (!current.empty()) out << "</table>\n";
            current = p.implementation;
            out << "<h3>" << html_escape(current)
                << "</h3><table><tr><th>prec</th><th>primitive</th><th>scale "
                   "(2^lowest .. 2^highest)</th><th>soundness</th><th>ns/call</th></tr>\n";
        }
        out << "<tr" << (p.everywhere ? "" : " class=\"bad\"") << "><td class=l>"
            << to_string(p.precision) << "</td><td class=l>" << to_string(p.primitive)
            << "</td><td class=l>";
        strip_svg(out, p);
        out << "</td><td class=l>" << html_escape(p.line()) << "</td><td>"
            << ns_text(p.ns_per_call(), p.timed_calls) << " ns/call</td></tr>\n";
    }
    out << "</table>\n";
}

}  // namespace touchstone::audit
