// The robust core's answer to a case's fields, as the judge's Answer: one
// call through the table (visit, invoke, call_by_name) for every primitive.
// Shared by the tests that judge or count robust calls over the families.
#pragma once

#include <array>

#include "touchstone/judge.hpp"
#include "touchstone/robust.hpp"

namespace touchstone::test {

template <class T>
Answer robust_answer(Primitive p, const std::array<T, max_fields>& x) {
    return visit(p, [&x](auto tag) {
        constexpr Primitive P = decltype(tag)::value;
        return to_answer(
            invoke<P>(x.data(), [](const auto&... s) { return robust::call_by_name<P>(s...); }));
    });
}

}  // namespace touchstone::test
