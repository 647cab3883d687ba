// What the robust core asks of its caller's memory (docs/contract.md,
// "Memory"): the predicates (answers boolean or sign) never allocate, for
// any input; the constructions and ray casts allocate only for double inputs
// whose exponents spread too far for their 2,560 inline bits, never for
// float inputs; and every call, to its deepest exact layer, runs within a
// bounded stack.
//
// This binary replaces the global operator new to count the allocations
// made inside robust calls. The inputs: every case family of each primitive
// (the huge, tiny and mixed magnitudes down to subnormals among them), and
// "spread" inputs whose fields are drawn from the ends of the format (the
// largest finite values beside the smallest subnormals, zeros, ordinary
// values), with valid radii, which drive the exact stage to its widest
// integers (2^2098 coordinates, 2^8400 degree-4 terms for doubles); and, for
// primitives of at most 8 fields, every corner of -max, +max and the
// smallest subnormal, where those integers are at their largest. The
// predicates' answers to the spread and corner inputs are judged against the
// oracle too:
// the wide layer's fixed-capacity integers are checked, so an overflow would
// throw, and a wrong bound would show here as an exception or a wrong answer.
// (It did find wrong answers, in the four degree-4 predicates, while the wide
// layer still let Boost multiply two operands of 40 limbs or more; the layer
// now has integers of its own: core/src/robust/fixed_int.hpp.)
#include <gtest/gtest.h>

#include <atomic>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <new>
#include <string>
#include <vector>

#include "touchstone/bits.hpp"
#include "touchstone/families/families.hpp"
#include "touchstone/judge.hpp"
#include "touchstone/robust.hpp"
#include "robust_answer.hpp"
#include "spread_cases.hpp"

#if defined(__linux__) && !TOUCHSTONE_SANITIZED
#include <pthread.h>
#define TOUCHSTONE_TEST_STACK 1
#endif

namespace {
std::atomic<bool> counting{false};
std::atomic<long> allocations{0};
}  // namespace

// The replaceable allocation functions: every other form (array, nothrow)
// reaches these in libstdc++ and libc++.
void* operator new(std::size_t n) {
    if (counting.load(std::memory_order_relaxed)) allocations.fetch_add(1);
    if (void* p = std::malloc(n == 0 ? 1 : n)) return p;
    throw std::bad_alloc();
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }

namespace {

using namespace touchstone;

constexpr int kCases = TOUCHSTONE_SANITIZED ? 4'000 : 20'000;

using test::robust_answer;
using test::spread_case;

/// Answers a boolean or a sign: what the contract calls the predicates here.
bool decides(Primitive p) { return is_predicate(p) || is_sign(p); }

struct Count {
    int calls = 0;
    int allocating_calls = 0;
    long allocations = 0;
    int wrong = 0;
    std::string first;  ///< the first allocating or wrong case
};

template <class T>
struct Cases {
    std::vector<std::array<T, max_fields>> x;
    std::vector<std::string> origin;  ///< "spread" or the family
};

/// Every family's cases and as many spread cases for p, alternating; then,
/// for a primitive of at most 8 fields, every "corner": each field one of
/// -max, +max and the smallest subnormal (radii nonnegative), where the
/// scaled integers and their products are at their largest (differences of
/// 2^2099, degree-4 terms near 2^8400 for doubles).
template <class T>
Cases<T> cases(Primitive p) {
    const std::vector<families::Family> fams = families::families_for(p);
    std::uint64_t state = 0xa110c000u + 16u * static_cast<unsigned>(p) + sizeof(T);
    Cases<T> c;
    for (int i = 0; i < 2 * kCases; ++i) {
        if (i % 2 == 1) {
            c.x.push_back(spread_case<T>(p, state));
            c.origin.emplace_back("spread");
        } else {
            const families::Family f = fams[static_cast<std::size_t>(i / 2) % fams.size()];
            c.x.push_back(families::realize<T>(p, families::draw<T>(p, f, state)));
            c.origin.emplace_back(families::to_string(f));
        }
    }
    const int n = arity(p);
    if (n <= 8) {
        using L = std::numeric_limits<T>;
        const T corner[] = {-L::max(), L::max(), L::denorm_min()};
        int count = 1;
        for (int i = 0; i < n; ++i) count *= 3;
        for (int k = 0; k < count; ++k) {
            std::array<T, max_fields> x{};
            for (int i = 0, digits = k; i < n; ++i, digits /= 3) {
                const T v = corner[digits % 3];
                x[static_cast<std::size_t>(i)] = is_radius(p, i) ? std::fabs(v) : v;
            }
            c.x.push_back(x);
            c.origin.emplace_back("corner");
        }
    }
    return c;
}

/// Each robust call of cases(p) counted; the predicates' spread and corner
/// answers judged against the oracle.
template <class T>
Count run(Primitive p) {
    constexpr Precision prec = sizeof(T) == sizeof(float) ? Precision::f32 : Precision::f64;
    const Cases<T> cs = cases<T>(p);
    Count c;
    for (std::size_t i = 0; i < cs.x.size(); ++i) {
        const std::array<T, max_fields>& x = cs.x[i];
        const long before = allocations.load();
        counting = true;
        const Answer got = robust_answer(p, x);
        counting = false;
        const long made = allocations.load() - before;
        ++c.calls;
        if (made > 0) {
            ++c.allocating_calls;
            c.allocations += made;
        }
        bool wrong = false;
        if ((cs.origin[i] == "spread" || cs.origin[i] == "corner") && decides(p)) {
            std::array<double, max_fields> d{};
            for (std::size_t k = 0; k < d.size(); ++k) d[k] = static_cast<double>(x[k]);
            wrong = judge(p, prec, d.data(), {}, got, exact_answer(p, prec, d.data())).wrong();
            c.wrong += wrong;
        }
        if ((wrong || made > 0) && c.first.empty()) {
            const std::string line = case_line(p, x.data(), cs.origin[i]);
            c.first = std::string(wrong ? "wrong answer" : "allocated") + ": " + line +
                      "\n  replay the answer: " + replay_command(line) +
                      "\n  rerun this test: build/tests/robust/robust_no_allocation_test "
                      "--gtest_filter='RobustMemory." +
                      std::string(to_string(p)) + (sizeof(T) == 4 ? "_float" : "_double") +
                      "' (fixed seeds)";
        }
    }
    return c;
}

template <class T>
void report(Primitive p, const Count& c) {
    std::printf("%s %s: %d calls, %d allocating (%ld allocations)%s\n",
                std::string(to_string(p)).c_str(), sizeof(T) == 4 ? "float" : "double", c.calls,
                c.allocating_calls, c.allocations, c.wrong ? ", WRONG ANSWERS" : "");
}

/// Predicates: no allocation for any input, right answers at the widest spreads.
/// Constructions and ray casts: none for float inputs.
template <class T>
void expect_no_allocation(Primitive p) {
    const Count c = run<T>(p);
    report<T>(p, c);
    EXPECT_EQ(c.wrong, 0) << c.first;
    if (decides(p) || sizeof(T) == sizeof(float)) {
        EXPECT_EQ(c.allocating_calls, 0) << c.first;
    }
}

#define TOUCHSTONE_NO_ALLOCATION(prim, ...)                                            \
    TEST(RobustMemory, prim##_float) { expect_no_allocation<float>(Primitive::prim); } \
    TEST(RobustMemory, prim##_double) { expect_no_allocation<double>(Primitive::prim); }
TOUCHSTONE_PRIMITIVES(TOUCHSTONE_NO_ALLOCATION)
#undef TOUCHSTONE_NO_ALLOCATION

TEST(RobustMemory, CountingSeesAnAllocation) {
    // The counter itself: an allocation while counting is seen.
    const long before = allocations.load();
    counting = true;
    std::string* s = new std::string(100, 'x');
    counting = false;
    delete s;
    EXPECT_GE(allocations.load() - before, 1);
}

#if defined(TOUCHSTONE_TEST_STACK)
/// The stack a call needs, measured: the calls run on a thread whose stack
/// is a buffer of ours filled with a pattern; the deepest byte changed marks
/// the high-water mark (the thread's start-up included).
constexpr std::size_t kStack = 1 << 20;
constexpr unsigned char kPattern = 0xa5;

std::size_t used(const unsigned char* stack) {
    std::size_t i = 0;
    while (i < kStack && stack[i] == kPattern) ++i;
    return kStack - i;  // the stack grows down on every Linux target
}

template <class Fn>
std::size_t run_on_measured_stack(Fn fn) {
    alignas(64) static unsigned char stack[kStack];
    std::memset(stack, kPattern, sizeof stack);
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setstack(&attr, stack, sizeof stack);
    pthread_t t;
    auto trampoline = [](void* f) -> void* {
        (*static_cast<Fn*>(f))();
        return nullptr;
    };
    if (pthread_create(&t, &attr, trampoline, &fn) != 0) return kStack;
    pthread_join(t, nullptr);
    pthread_attr_destroy(&attr);
    return used(stack);
}

TEST(RobustMemory, StackStaysWithinTheDocumentedBound) {
    // docs/contract.md: 64 KiB for any call (this test's own frames, at -O0,
    // and the thread's start-up included).
    constexpr std::size_t kBound = 64 << 10;
    std::size_t worst = 0;
    std::string worst_name;
    for (Primitive p : all_primitives) {
        // The inputs are made here; only the robust calls run on the measured stack.
        const Cases<float> f = cases<float>(p);
        const Cases<double> d = cases<double>(p);
        const std::size_t u = run_on_measured_stack([&] {
            for (const auto& x : f.x) (void)robust_answer(p, x);
            for (const auto& x : d.x) (void)robust_answer(p, x);
        });
        std::printf("%s: %zu bytes of stack\n", std::string(to_string(p)).c_str(), u);
        if (u > worst) {
            worst = u;
            worst_name = to_string(p);
        }
    }
    // The measurement itself: a frame of 40 KiB is seen.
    const std::size_t probe = run_on_measured_stack([] {
        volatile unsigned char big[40 << 10];
        for (std::size_t i = 0; i < sizeof big; i += 512) big[i] = 1;
    });
    EXPECT_GE(probe, std::size_t{40 << 10});
    EXPECT_LE(worst, kBound) << worst_name;
}
#endif

}  // namespace
