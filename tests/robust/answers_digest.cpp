// robust_answers_digest: the robust core's answers to a fixed set of cases,
// as one 64-bit digest per primitive and precision, so that two builds of
// the core (x86-64 and a portability preset's target: aarch64, i686,
// long double = double, Windows, WebAssembly) can be compared bit for bit.
// The contract says the answers are the same everywhere (docs/contract.md,
// "Portability"); scripts/portability.sh runs this program on the host and
// in every preset and fails on the first primitive whose digest differs.
//
// The cases: every case family of the primitive (draw/realize are integer
// recipes, the same bits on every machine) and as many "spread" cases from
// the ends of the format, which reach the exact stages' widest integers
// (where 32-bit limbs, the portable 128-bit words and the long double stages
// differ most between targets). Each answer enters the digest as its exact
// bits: validity, hit, kind, count and every coordinate's bit pattern.
//
//   robust_answers_digest [CASES]        one line per primitive and precision:
//                                        "<primitive> <float|double> <cases> <digest>"
//   robust_answers_digest --compare      the same lines, compared with the file
//                                        named by TOUCHSTONE_HOST_ANSWERS (the
//                                        host's output, scripts/portability.sh
//                                        writes it); exit 1 on any difference,
//                                        naming the pair and the --dump command
//                                        that lists its cases; 77 (skipped) when
//                                        the variable is not set
//   robust_answers_digest --dump P PREC [CASES]
//                                        every case of one pair as a case line
//                                        (hex floats) and its answer, for a diff
//                                        between two targets' outputs
// Exit status 0, 1 on a difference, 2 on a usage error (named on stderr).
#include <array>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "touchstone/bits.hpp"
#include "touchstone/case_file.hpp"
#include "touchstone/families/families.hpp"
#include "robust_answer.hpp"  // Answer and to_answer are inline: nothing of the judge's library
#include "spread_cases.hpp"

namespace {

using namespace touchstone;

using test::robust_answer;

/// The cases of p in T: families and spread cases, alternating.
template <class T>
std::vector<std::array<T, max_fields>> cases(Primitive p, int n) {
    const std::vector<families::Family> fams = families::families_for(p);
    std::uint64_t state = 0xd1655u * 64u + 8u * static_cast<unsigned>(p) + sizeof(T);
    std::vector<std::array<T, max_fields>> out;
    for (int i = 0; i < n; ++i) {
        if (i % 2 == 1) {
            out.push_back(test::spread_case<T>(p, state));
        } else {
            const families::Family f = fams[static_cast<std::size_t>(i / 2) % fams.size()];
            out.push_back(families::realize<T>(p, families::draw<T>(p, f, state)));
        }
    }
    return out;
}

/// FNV-1a over 64-bit words, each word's bytes in a fixed order (the same
/// digest on little- and big-endian targets).
struct Digest {
    std::uint64_t h = 0xcbf29ce484222325u;
    void add(std::uint64_t w) {
        for (int i = 0; i < 8; ++i) {
            h ^= (w >> (8 * i)) & 0xffu;
            h *= 0x100000001b3u;
        }
    }
    void add(const Answer& a) {
        add((a.valid ? 1u : 0u) | (a.hit ? 2u : 0u));
        add(static_cast<std::uint64_t>(static_cast<std::int64_t>(a.kind)));
        add(static_cast<std::uint64_t>(a.count));
        for (double v : a.pts) add(to_bits(v));
    }
};

std::string answer_text(const Answer& a) {
    char buf[256];
    std::snprintf(buf, sizeof buf, "valid %d hit %d kind %d count %d pts %a %a %a %a", a.valid,
                  a.hit, a.kind, a.count, a.pts[0], a.pts[1], a.pts[2], a.pts[3]);
    return buf;
}

template <class T>
std::string digest_line(Primitive p, int n) {
    Digest d;
    for (const auto& x : cases<T>(p, n)) d.add(robust_answer(p, x));
    char buf[128];
    std::snprintf(buf, sizeof buf, "%s %s %d %016llx", std::string(to_string(p)).c_str(),
                  sizeof(T) == 4 ? "float" : "double", n, static_cast<unsigned long long>(d.h));
    return buf;
}

std::vector<std::string> digest_lines(int n) {
    std::vector<std::string> out;
    for (Primitive p : all_primitives) {
        out.push_back(digest_line<float>(p, n));
        out.push_back(digest_line<double>(p, n));
    }
    return out;
}

/// --compare: this target's lines against the host's file, line by line.
int compare_with_host() {
    const char* path = std::getenv("TOUCHSTONE_HOST_ANSWERS");
    if (path == nullptr || *path == '\0') {
        std::printf(
            "skipped: TOUCHSTONE_HOST_ANSWERS is not set (scripts/portability.sh sets it to "
            "the host build's robust_answers_digest output)\n");
        return 77;
    }
    std::FILE* f = std::fopen(path, "r");
    if (f == nullptr) {
        std::fprintf(stderr, "robust_answers_digest: cannot read TOUCHSTONE_HOST_ANSWERS='%s'\n",
                     path);
        return 2;
    }
    std::vector<std::string> host;
    char buf[256];
    while (std::fgets(buf, sizeof buf, f) != nullptr) {
        std::string line(buf);
        while (!line.empty() && (line.back() == '\n' || line.back() == '\r')) line.pop_back();
        if (!line.empty()) host.push_back(line);
    }
    std::fclose(f);
    int n = 0;
    if (host.empty() || std::sscanf(host[0].c_str(), "%*s %*s %d", &n) != 1 || n < 1) {
        std::fprintf(stderr, "robust_answers_digest: '%s' holds no digest lines\n", path);
        return 2;
    }
    const std::vector<std::string> mine = digest_lines(n);
    int differ = 0;
    for (std::size_t i = 0; i < mine.size(); ++i) {
        const std::string theirs = i < host.size() ? host[i] : std::string("(missing)");
        if (mine[i] == theirs) continue;
        ++differ;
        char p[64] = "", prec[16] = "";
        std::sscanf(mine[i].c_str(), "%63s %15s", p, prec);
        std::printf(
            "DIFFERENT ANSWERS: host '%s', this target '%s'\n"
            "  list the cases and answers on both and diff them:\n"
            "  robust_answers_digest --dump %s %s %d\n",
            theirs.c_str(), mine[i].c_str(), p, prec, n);
    }
    if (host.size() != mine.size()) {
        ++differ;
        std::printf("DIFFERENT: the host file has %zu lines, this target %zu\n", host.size(),
                    mine.size());
    }
    std::printf("%s: %zu primitive-precision pairs of %d cases each, %d different from the host\n",
                differ == 0 ? "same answers" : "FAILED", mine.size(), n, differ);
    return differ == 0 ? 0 : 1;
}

template <class T>
void dump(Primitive p, int n) {
    for (const auto& x : cases<T>(p, n))
        std::printf("%s -> %s\n", case_line(p, x.data()).c_str(),
                    answer_text(robust_answer(p, x)).c_str());
}

int count_arg(const char* s) {
    char* end = nullptr;
    const long v = std::strtol(s, &end, 10);
    if (end == s || *end != '\0' || v < 1 || v > 10'000'000) {
        std::fprintf(stderr,
                     "robust_answers_digest: CASES must be an integer in [1, 10000000], got '%s'\n",
                     s);
        std::exit(2);
    }
    return static_cast<int>(v);
}

}  // namespace

int main(int argc, char** argv) {
    if (argc >= 2 && std::strcmp(argv[1], "--dump") == 0) {
        if (argc < 4 || argc > 5) {
            std::fprintf(stderr,
                         "usage: robust_answers_digest --dump PRIMITIVE float|double [CASES]\n");
            return 2;
        }
        Primitive p{};
        if (!parse_primitive(argv[2], p)) {
            std::fprintf(stderr, "robust_answers_digest: unknown primitive '%s'\n", argv[2]);
            return 2;
        }
        const int n = argc == 5 ? count_arg(argv[4]) : 20'000;
        if (std::strcmp(argv[3], "float") == 0) {
            dump<float>(p, n);
        } else if (std::strcmp(argv[3], "double") == 0) {
            dump<double>(p, n);
        } else {
            std::fprintf(stderr,
                         "robust_answers_digest: precision must be float or double, got '%s'\n",
                         argv[3]);
            return 2;
        }
        return 0;
    }
    if (argc == 2 && std::strcmp(argv[1], "--compare") == 0) return compare_with_host();
    if (argc > 2) {
        std::fprintf(stderr,
                     "usage: robust_answers_digest [CASES] | --compare | --dump PRIMITIVE "
                     "float|double [CASES]\n");
        return 2;
    }
    const int n = argc == 2 ? count_arg(argv[1]) : 20'000;
    for (const std::string& line : digest_lines(n)) std::printf("%s\n", line.c_str());
    return 0;
}
