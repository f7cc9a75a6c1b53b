// collide2d - 2D collision detection for games. MIT License.
#pragma once
/// @file query_input.hpp  The world queries' refusals (not installed): filling the caller's
/// `why`, and the checks of a query's input (a shape, a cast, a nearest query).

#include <cmath>
#include <optional>
#include <utility>

#include "collide2d/world.hpp"

namespace collide2d::inline COLLIDE2D_ABI::world_detail {

/// Stores the refusal in `why` when the caller gave one.
inline void fill(Invalid* why, Invalid what) {
  if (why) *why = std::move(what);
}

/// Nothing when `s` may be a query shape (valid, finite bounds), else what is wrong ("shape...").
inline std::optional<Invalid> check_query_shape(const Shape& s) {
  if (auto bad = validate(s)) return Invalid{"shape." + bad->field, bad->message};
  const Aabb b = bounds(s);
  if (!is_finite(b.min) || !is_finite(b.max)) return Invalid{"shape", "bounding box is not finite"};
  return std::nullopt;
}

/// Nothing when `shape` may be cast by `translation` (a query shape, a translation within
/// validate_translation's limit: the end box is then finite too), else what is wrong.
inline std::optional<Invalid> check_cast_input(const Shape& shape, Vec2 translation) {
  if (auto bad = check_query_shape(shape)) return bad;
  if (auto bad = validate_translation(translation)) return Invalid{"translation", bad->message};
  return std::nullopt;
}

/// Nothing when `p` and `radius` may be a nearest query (a valid point, a finite radius >= 0),
/// else what is wrong.
inline std::optional<Invalid> check_nearest_input(Vec2 p, Real radius) {
  if (auto bad = validate(Point{p})) return Invalid{"point", bad->message};
  if (!(radius >= 0) || !std::isfinite(radius)) return Invalid{"radius", "must be finite and >= 0"};
  return std::nullopt;
}

}  // namespace collide2d::world_detail
