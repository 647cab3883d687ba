// touchstone fuzz — the standalone driver: a main() for a target's
// LLVMFuzzerTestOneInput in builds without libFuzzer (g++ included), as
// OSS-Fuzz projects ship one (qpdf, {fmt}). ctest uses it to replay every
// corpus and regression file.
//
//   <target>_replay [mode] PATH...          replay files and directories
//   <target>_replay --encode CASES.jsonl DIR write each case line of this
//                                           target's primitive as a raw input
//
// Modes:
//   (none)                 a disagreement traps (robust targets)
//   --report-only          print disagreements, exit 0 (tutorial corpora)
//   --expect-disagreement  report-only, and exit 1 unless *every* file shows
//                          a disagreement (tutorial regressions: each file
//                          is a witness of a known bug; it must stay one)
//   --mutate N             also run N chained mutations of every file through
//                          the target's custom mutator (deterministic seeds)
//   --print                do not run the target: print the case family and
//                          the case line each input decodes to (and each
//                          mutation's, with --mutate), to check that the
//                          decoder and the mutator keep their meaning
//
// Directories are read one level deep in name order; names starting with '.'
// and README files are skipped. When a file traps or aborts, its path is
// printed before the process dies.
#include <algorithm>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <unistd.h>
#include <vector>

#include "harness.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);
extern "C" __attribute__((weak)) std::size_t LLVMFuzzerCustomMutator(std::uint8_t* data,
                                                                     std::size_t size,
                                                                     std::size_t max_size,
                                                                     unsigned int seed);

namespace {

namespace fs = std::filesystem;

// ---------------------------------------------------------------------------
// libFuzzer's LLVMFuzzerMutate, which the custom mutator calls for a quarter
// of its mutations: a small deterministic byte mutator (flip a bit, set a
// byte, insert or erase one) is enough for the self-test.

std::uint64_t stub_state = 0x5eed;

}  // namespace

extern "C" std::size_t LLVMFuzzerMutate(std::uint8_t* data, std::size_t size,
                                        std::size_t max_size) {
    const std::uint64_t r = touchstone::splitmix64(stub_state);
    const std::size_t at = size == 0 ? 0 : static_cast<std::size_t>((r >> 8) % size);
    switch (r % 4) {
        case 0:
            if (size > 0) data[at] ^= static_cast<std::uint8_t>(1u << ((r >> 40) % 8));
            break;
        case 1:
            if (size > 0) data[at] = static_cast<std::uint8_t>(r >> 48);
            break;
        case 2:
            if (size < max_size) {
                std::memmove(data + at + 1, data + at, size - at);
                data[at] = static_cast<std::uint8_t>(r >> 48);
                ++size;
            }
            break;
        default:
            if (size > 0) {
                std::memmove(data + at, data + at + 1, size - at - 1);
                --size;
            }
            break;
    }
    return size;
}

namespace {

// ---------------------------------------------------------------------------
// Naming the file that crashed.

char crashing_path[4096];

extern "C" void on_fatal_signal(int sig) {
    static const char prefix[] = "==touchstone-fuzz== while replaying ";
    [[maybe_unused]] ssize_t w = write(2, prefix, sizeof prefix - 1);
    w = write(2, crashing_path, std::strlen(crashing_path));
    w = write(2, "\n", 1);
    std::signal(sig, SIG_DFL);
    std::raise(sig);
}

void set_current(const std::string& path) {
    std::snprintf(crashing_path, sizeof crashing_path, "%s", path.c_str());
}

// ---------------------------------------------------------------------------

bool skipped(const fs::path& p) {
    const std::string name = p.filename().string();
    return name.empty() || name[0] == '.' || name.rfind("README", 0) == 0;
}

std::vector<fs::path> collect(const std::vector<std::string>& args) {
    std::vector<fs::path> files;
    for (const std::string& a : args) {
        const fs::path p(a);
        if (fs::is_directory(p)) {
            std::vector<fs::path> in;
            for (const auto& e : fs::directory_iterator(p))
                if (e.is_regular_file() && !skipped(e.path())) in.push_back(e.path());
            std::sort(in.begin(), in.end());
            files.insert(files.end(), in.begin(), in.end());
        } else if (fs::exists(p)) {
            files.push_back(p);
        } else {
            std::fprintf(stderr, "no such file or directory: %s\n", a.c_str());
            std::exit(2);
        }
    }
    return files;
}

std::vector<std::uint8_t> read_file(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    return std::vector<std::uint8_t>(std::istreambuf_iterator<char>(in),
                                     std::istreambuf_iterator<char>());
}

bool print_only = false;

/// Prints the case family (decode.hpp, family_class) and the case line
/// `bytes` decode to for this target.
void print_case(const std::vector<std::uint8_t>& bytes) {
    using namespace touchstone;
    const fuzz::TargetSpec spec = fuzz::this_target_spec();
    const auto line = [](const auto& config) {
        return std::string(fuzz::family_class(config)) + " " + case_line(fuzz::to_case(config));
    };
    const bool f32 = fuzz::precision_of(spec, bytes.data(), bytes.size()) == Precision::f32;
    const std::string text =
        f32 ? line(fuzz::decode<float>(spec.primitive, bytes.data(), bytes.size(), false))
            : line(fuzz::decode<double>(spec.primitive, bytes.data(), bytes.size(), false));
    std::printf("%s\n", text.c_str());
}

/// Whether a mutated input decodes to the same configuration, bit for bit,
/// right after the mutator returned it (the decoder reuses the recipe that
/// meaningful_size drew), after its parent was decoded (a recipe one word
/// apart, where a remembered draw must not be reused), and with the
/// decoder's memory of draws cleared.
template <class T>
bool same_decoding_afresh(touchstone::Primitive p, const std::vector<std::uint8_t>& parent,
                          const std::vector<std::uint8_t>& child) {
    namespace fuzz = touchstone::fuzz;
    const auto decode = [p](const std::vector<std::uint8_t>& b) {
        return fuzz::decode<T>(p, b.data(), b.size(), false);
    };
    const fuzz::Config<T> kept = decode(child);
    (void)decode(parent);
    const fuzz::Config<T> after_parent = decode(child);
    fuzz::forget_recipe_draws();
    const fuzz::Config<T> fresh = decode(child);
    for (const fuzz::Config<T>* c : {&kept, &after_parent}) {
        if (c->from_recipe != fresh.from_recipe || c->family != fresh.family) return false;
        for (std::size_t i = 0; i < fresh.args.size(); ++i)
            if (touchstone::to_bits(c->args[i]) != touchstone::to_bits(fresh.args[i])) return false;
    }
    return true;
}

/// Runs one input; copies it first so that an overread is caught by ASan.
void run(const std::vector<std::uint8_t>& bytes) {
    if (print_only) return print_case(bytes);
    std::vector<std::uint8_t> copy(bytes);
    LLVMFuzzerTestOneInput(copy.data(), copy.size());
}

// ---------------------------------------------------------------------------
// --encode: case lines -> raw inputs.

template <class T>
bool write_raw(const touchstone::Case& k, const fs::path& out) {
    touchstone::fuzz::Config<T> c;
    c.primitive = k.primitive;
    for (std::size_t i = 0; i < c.args.size(); ++i) c.args[i] = static_cast<T>(k.args[i]);
    std::uint8_t buf[touchstone::fuzz::max_raw_size];
    const std::size_t n = touchstone::fuzz::encode_raw(c, buf, sizeof buf);
    // The decoder must give back exactly these bits.
    const touchstone::fuzz::Config<T> back =
        touchstone::fuzz::decode<T>(c.primitive, buf, n, false);
    for (std::size_t i = 0; i < c.args.size(); ++i) {
        if (touchstone::to_bits(back.args[i]) != touchstone::to_bits(c.args[i])) {
            std::fprintf(stderr, "%s: argument %zu does not survive encode/decode\n",
                         out.string().c_str(), i);
            return false;
        }
    }
    std::ofstream f(out, std::ios::binary);
    f.write(reinterpret_cast<const char*>(buf), static_cast<std::streamsize>(n));
    return static_cast<bool>(f);
}

int encode(const char* cases, const char* dir) {
    using namespace touchstone;
    const fuzz::TargetSpec spec = fuzz::this_target_spec();
    std::ifstream in(cases);
    if (!in) {
        std::fprintf(stderr, "cannot read %s\n", cases);
        return 2;
    }
    fs::create_directories(dir);
    std::string line;
    int line_no = 0, written = 0;
    while (std::getline(in, line)) {
        ++line_no;
        if (line.empty() || line[0] == '#') continue;
        Case k;
        std::string error;
        if (!parse_case_line(line, k, error)) {
            std::fprintf(stderr, "%s:%d: %s\n", cases, line_no, error.c_str());
            return 2;
        }
        if (k.primitive != spec.primitive) continue;
        if ((k.precision == Precision::f32 && spec.precisions == fuzz::Precisions::f64_only) ||
            (k.precision == Precision::f64 && spec.precisions == fuzz::Precisions::f32_only))
            continue;
        const std::string name = k.id.empty() ? "line-" + std::to_string(line_no) : k.id;
        const fs::path out = fs::path(dir) / name;
        const bool ok =
            k.precision == Precision::f32 ? write_raw<float>(k, out) : write_raw<double>(k, out);
        if (!ok) {
            std::fprintf(stderr, "cannot write %s\n", out.string().c_str());
            return 2;
        }
        ++written;
    }
    std::printf("%s: wrote %d inputs to %s\n", fuzz::this_target_name(), written, dir);
    return 0;
}

int usage(const char* argv0) {
    std::fprintf(
        stderr,
        "usage: %s [--report-only | --expect-disagreement] [--mutate N] [--print] PATH...\n"
        "       %s --encode CASES.jsonl OUTDIR\n",
        argv0, argv0);
    return 2;
}

}  // namespace

int main(int argc, char** argv) {
    bool expect_disagreement = false;
    long mutations = 0;
    std::vector<std::string> paths;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--report-only") {
            touchstone::fuzz::set_report_only(true);
        } else if (a == "--expect-disagreement") {
            touchstone::fuzz::set_report_only(true);
            expect_disagreement = true;
        } else if (a == "--print") {
            print_only = true;
        } else if (a == "--mutate" && i + 1 < argc) {
            mutations = std::strtol(argv[++i], nullptr, 10);
        } else if (a == "--encode" && i + 2 < argc) {
            return encode(argv[i + 1], argv[i + 2]);
        } else if (!a.empty() && a[0] == '-') {
            return usage(argv[0]);
        } else {
            paths.push_back(a);
        }
    }
    if (paths.empty()) return usage(argv[0]);
    if (mutations > 0 && LLVMFuzzerCustomMutator == nullptr) {
        std::fprintf(stderr, "--mutate: this build has no custom mutator\n");
        return 2;
    }
    for (int sig : {SIGILL, SIGABRT, SIGSEGV, SIGFPE, SIGBUS, SIGTRAP})
        std::signal(sig, on_fatal_signal);

    const std::vector<fs::path> files = collect(paths);
    int missing = 0;
    std::uint64_t mutated = 0;
    for (const fs::path& f : files) {
        set_current(f.string());
        const std::vector<std::uint8_t> bytes = read_file(f);
        const std::uint64_t before = touchstone::fuzz::disagreements();
        run(bytes);
        if (expect_disagreement && touchstone::fuzz::disagreements() == before) {
            std::fprintf(
                stderr, "==touchstone-fuzz== %s: no disagreement, but this file is a bug witness\n",
                f.string().c_str());
            ++missing;
        }
        if (mutations > 0) {
            // Chained mutations with the headroom libFuzzer gives (-max_len).
            constexpr std::size_t max_len = 256;
            std::vector<std::uint8_t> buf(bytes);
            buf.resize(std::max(buf.size(), max_len));
            std::size_t size = bytes.size();
            for (long k = 0; k < mutations; ++k) {
                const std::vector<std::uint8_t> parent(
                    buf.begin(), buf.begin() + static_cast<std::ptrdiff_t>(size));
                size = LLVMFuzzerCustomMutator(buf.data(), size, buf.size(),
                                               static_cast<unsigned>(k * 7919 + 1));
                set_current(f.string() + " (mutation " + std::to_string(k) + ")");
                const std::vector<std::uint8_t> input(
                    buf.begin(), buf.begin() + static_cast<std::ptrdiff_t>(size));
                const touchstone::fuzz::TargetSpec spec = touchstone::fuzz::this_target_spec();
                const bool same =
                    touchstone::fuzz::precision_of(spec, input.data(), input.size()) ==
                            touchstone::Precision::f32
                        ? same_decoding_afresh<float>(spec.primitive, parent, input)
                        : same_decoding_afresh<double>(spec.primitive, parent, input);
                if (!same) {
                    std::fprintf(stderr,
                                 "==touchstone-fuzz== %s (mutation %ld): the remembered recipe "
                                 "draw decodes differently from a fresh one\n",
                                 f.string().c_str(), k);
                    std::abort();
                }
                run(input);
                ++mutated;
            }
        }
    }
    std::printf("%s: replayed %zu files", touchstone::fuzz::this_target_name(), files.size());
    if (mutations > 0) std::printf(" and %llu mutations", static_cast<unsigned long long>(mutated));
    std::printf(", %llu disagreements\n",
                static_cast<unsigned long long>(touchstone::fuzz::disagreements()));
    return missing == 0 ? 0 : 1;
}
