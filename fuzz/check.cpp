// touchstone fuzz — the judging half of every check (harness.hpp: expect,
// conclude). Built without coverage instrumentation, like the decoder: the
// instrumented translation unit of a target holds only the call of the
// implementation under test.
#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string>

#include "harness.hpp"
#include "touchstone/oracle/detail/valid_layout.hpp"
#include "touchstone/oracle/oracle.hpp"

namespace touchstone::fuzz {

namespace {

/// The fields of p that are a box's max bound (bit i: field i is the maxx
/// or maxy of a box operand, its min two fields before), from the table at
/// compile time. A box with min > max is invalid input (validate.hpp,
/// min_above_max).
inline constexpr std::array<std::uint64_t, touchstone::detail::primitive_count> box_max_masks = [] {
    std::array<std::uint64_t, touchstone::detail::primitive_count> m{};
    for (Primitive p : all_primitives)
        for (int i = 0; i < arity(p) && i < 64; ++i) {
            const FieldPlace f = field_place(p, i);
            if (f.shape == Shape::box && f.index >= 2)
                m[static_cast<std::size_t>(p)] |= std::uint64_t{1} << i;
        }
    return m;
}();
static_assert(
    [] {
        for (Primitive p : all_primitives)
            for (int i = 64; i < arity(p); ++i) {
                if (field_place(p, i).shape == Shape::box) return false;
            }
        return true;
    }(),
    "box_max_masks holds one bit per field below 64");

/// is_valid(c) (every field finite, no radius below zero, -0 allowed, no
/// box with min > max), without the table walk (radius_mask, arity_of,
/// box_max_masks); first_invalid() still names the field of an invalid one.
/// A box with min > max once passed as valid here (fuzz4): the oracle then
/// threw InvalidInput with its formatted message, caught in oracle_answer,
/// on about a sixth of robust_boxes_overlap's executions (perf, fuzz5: the
/// unwinder and printf's %a were ~20 % of its samples).
template <class T>
bool valid_fast(const Config<T>& c) {
    // A polygon's count, live vertices and convexity: valid_input's answer
    // from the row's layout (oracle/detail/valid_layout.hpp; valid_input's
    // table walk was ~12 % of robust_point_in_polygon's samples, fuzz6).
    if (variable_size(c.primitive))
        return visit(c.primitive, [&](auto tag) {
            return oracle::detail::valid_by_layout<decltype(tag)::value>(c.args.data());
        });
    const std::uint64_t radii = radius_mask(c.primitive);
    const std::uint64_t box_max = box_max_masks[static_cast<std::size_t>(c.primitive)];
    bool ok = true;
    for (int i = 0; i < arity_of(c.primitive); ++i) {
        const T x = c.args[static_cast<std::size_t>(i)];
        ok &= std::isfinite(x) & !(((radii >> i) & 1u) & (x < T(0)));
        // i >= 2 wherever the bit is set (a box's max follows its min).
        if ((box_max >> i) & 1u) ok &= !(c.args[static_cast<std::size_t>(i - 2)] > x);
    }
    return ok;
}

/// touchstone::exact_answer for a valid configuration, from its typed
/// arguments: the same oracle call (oracle::call_by_name, read by
/// to_answer), without exact_answer's copy of the arguments (a
/// zero-initialized array of max_fields values, converted from the doubles
/// back to T) and its table walk; ~3 % of robust_point_in_disk's execution
/// (fuzz4). The InvalidInput catch stays: is_valid() has been checked, so
/// it never fires, but an invalid answer is what exact_answer would give.
template <class T>
Answer oracle_answer(const Config<T>& c) {
    try {
        return visit(c.primitive, [&](auto tag) {
            constexpr Primitive P = decltype(tag)::value;
            return to_answer(invoke<P>(c.args.data(), [](const auto&... shapes) {
                return oracle::call_by_name<P>(shapes...);
            }));
        });
    } catch (const oracle::InvalidInput& e) {
        Answer a;
        a.valid = false;
        a.error = e.what();
        return a;
    }
}

template <class T>
Expected expect_any(const Config<T>& c, bool judge_invalid) {
    Expected e;
    const Primitive p = c.primitive;
    const bool valid = valid_fast(c);
    if (!valid && !judge_invalid) return e;
    e.ask = true;
    for (int i = 0; i < arity_of(p); ++i)
        e.args[static_cast<std::size_t>(i)] =
            static_cast<double>(c.args[static_cast<std::size_t>(i)]);
    if (valid) {
        e.exact = oracle_answer(c);
        note_outcome(c, is_predicate(p) ? static_cast<int>(e.exact.hit) : e.exact.kind);
    } else {
        // The exact answer to invalid input, without the oracle's exception
        // (microseconds each). Its message (validate.hpp's first_invalid,
        // which walks the table and builds a string: ~0.8 us, on about a
        // fifth of all executions) is written only when the answer is
        // reported (conclude); judge() reads `valid` alone.
        note_feature(feature::invalid);
        e.exact.valid = false;
    }
    return e;
}

template <class T>
void conclude_any(const char* target, const Config<T>& c, const Claim& claim, const Expected& e,
                  const Answer& got, const std::string& id) {
    const Judgement j = judge(c.primitive, precision_v<T>, e.args.data(), claim, got, e.exact);
    if (!j.fails()) return;
    if (e.exact.valid) {
        disagree(target, c, claim, j, got, e.exact, id);
        return;
    }
    // Invalid input: the one message of validate.hpp, now that it is shown.
    Answer exact = e.exact;
    exact.error = first_invalid(c.primitive, c.args.data()).message();
    disagree(target, c, claim, j, got, exact, id);
}

}  // namespace

Expected expect(const Config<float>& c, bool judge_invalid) { return expect_any(c, judge_invalid); }
Expected expect(const Config<double>& c, bool judge_invalid) {
    return expect_any(c, judge_invalid);
}

void conclude(const char* target, const Config<float>& c, const Claim& claim, const Expected& e,
              const Answer& got, const std::string& id) {
    conclude_any(target, c, claim, e, got, id);
}
void conclude(const char* target, const Config<double>& c, const Claim& claim, const Expected& e,
              const Answer& got, const std::string& id) {
    conclude_any(target, c, claim, e, got, id);
}

}  // namespace touchstone::fuzz
