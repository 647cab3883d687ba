// touchstone::properties — RapidCheck generators of case-family recipes.
//
// One rc::Gen<Recipe> per (primitive, family): every recipe field gets its
// own generator over the range families::space() gives it, so the values
// are distributed as families::draw() draws them, and RapidCheck shrinks
// each field toward its simplest value (the axis-aligned triple, size 1,
// offset 0, scale 0, nudge +-1, symmetry 0, ...). The label is a property of
// the whole range, so a tangent case stays tangent while it shrinks and a
// shrunk counterexample reads "this exact configuration, nudged by n ulps".
#pragma once

#include <ostream>
#include <vector>

#include <rapidcheck.h>

#include "touchstone/families/families.hpp"

namespace touchstone::families {
/// RapidCheck prints a recipe as describe() (found by ADL).
void showValue(const Recipe& r, std::ostream& os);
}  // namespace touchstone::families

namespace touchstone::properties {

using families::Family;
using families::Recipe;

/// Recipes of family `f` for `p`, drawn for precision T. A non-applicable
/// family yields uniform recipes. `subs`, when not empty, restricts the
/// sub-kind to those listed (shrinking toward the first).
template <class T>
rc::Gen<Recipe> recipe(Primitive p, Family f, std::vector<int> subs = {});

/// One of several families (uniformly chosen; shrinks toward the first).
/// Families that do not apply to `p` are skipped.
template <class T>
rc::Gen<Recipe> recipe_of(Primitive p, std::vector<Family> fs);

/// The edge families of `p`: every applicable family except uniform and
/// invalid, in all_families order.
std::vector<Family> edge_families(Primitive p);

/// Every applicable family except invalid (the valid domain).
std::vector<Family> valid_families(Primitive p);

extern template rc::Gen<Recipe> recipe<float>(Primitive, Family, std::vector<int>);
extern template rc::Gen<Recipe> recipe<double>(Primitive, Family, std::vector<int>);
extern template rc::Gen<Recipe> recipe_of<float>(Primitive, std::vector<Family>);
extern template rc::Gen<Recipe> recipe_of<double>(Primitive, std::vector<Family>);

}  // namespace touchstone::properties
