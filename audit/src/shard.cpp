// --shard K/N: parsing, the ulp histogram a shard keeps for merge, and the
// extra report.json fields of a shard (docs/report.schema.json, "shard").
#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>

#include "touchstone/audit/report.hpp"
#include "touchstone/audit/shard.hpp"

namespace touchstone::audit {
namespace {

bool parse_count(const std::string& s, std::uint64_t& out) {
    if (s.empty() || s.find_first_not_of("0123456789") != std::string::npos) return false;
    errno = 0;
    char* end = nullptr;
    out = std::strtoull(s.c_str(), &end, 10);
    return errno == 0 && *end == '\0';
}

}  // namespace

bool parse_shard(const std::string& text, Shard& out, std::string& error) {
    const auto slash = text.find('/');
    Shard s;
    if (slash == std::string::npos || !parse_count(text.substr(0, slash), s.index) ||
        !parse_count(text.substr(slash + 1), s.count)) {
        error = "--shard takes K/N (e.g. 2/4), got \"" + text + "\"";
        return false;
    }
    if (s.count == 0 || s.count > 1000000 || s.index == 0 || s.index > s.count) {
        error = "--shard " + text + ": K must be from 1 to N, and N from 1 to 1000000";
        return false;
    }
    out = s;
    return true;
}

UlpHistogram ulp_histogram(const std::vector<std::uint64_t>& ulps) {
    std::vector<std::uint64_t> v = ulps;
    std::sort(v.begin(), v.end());
    UlpHistogram h;
    for (std::uint64_t u : v) {
        if (!h.empty() && h.back().first == u)
            ++h.back().second;
        else
            h.emplace_back(u, 1);
    }
    return h;
}

std::uint64_t median_of(const UlpHistogram& h) {
    std::uint64_t total = 0;
    for (const auto& b : h) total += b.second;
    if (total == 0) return 0;
    std::uint64_t want = total / 2;  // position in the sorted values
    for (const auto& b : h) {
        if (want < b.second) return b.first;
        want -= b.second;
    }
    return h.back().first;
}

void add_histogram(UlpHistogram& into, const UlpHistogram& more) {
    UlpHistogram out;
    out.reserve(into.size() + more.size());
    std::size_t i = 0, j = 0;
    while (i < into.size() || j < more.size()) {
        if (j == more.size() || (i < into.size() && into[i].first < more[j].first)) {
            out.push_back(into[i++]);
        } else if (i == into.size() || more[j].first < into[i].first) {
            out.push_back(more[j++]);
        } else {
            out.emplace_back(into[i].first, into[i].second + more[j].second);
            ++i;
            ++j;
        }
    }
    into = std::move(out);
}

std::string shard_note(const Shard& s) {
    if (!s.active()) return "";
    return " (shard " + std::to_string(s.index) + "/" + std::to_string(s.count) + ")";
}

void write_shard_fields(std::ostream& out, const AuditResult& r) {
    if (!r.shard.active()) return;
    out << "\n  \"shard\": {\"index\": " << r.shard.index << ", \"count\": " << r.shard.count
        << "},";
}

void write_shard_row_fields(std::ostream& out, const AuditResult& r, const RowResult& row) {
    if (!r.shard.active()) return;
    out << ", \"shard\": {\"ulp_histogram\": [";
    for (std::size_t i = 0; i < row.ulp_histogram.size(); ++i)
        out << (i ? ", [" : "[") << row.ulp_histogram[i].first << ", "
            << row.ulp_histogram[i].second << "]";
    out << "]";
    if (row.example.present) {
        char rank[40];
        std::snprintf(rank, sizeof rank, "%.17g", row.example.pick_rank);
        out << ", \"pick_rank\": " << rank << ", \"pick_index\": " << row.example.pick_index;
    }
    out << "}";
}

}  // namespace touchstone::audit
