// collide2d - 2D collision detection for games. MIT License.
#pragma once
#include <cmath>

#include "collide2d/math.hpp"

namespace collide2d::inline COLLIDE2D_ABI {
/// Largest accepted coordinate or radius magnitude: far beyond any game world, and small
/// enough that squared distances never overflow the scalar type.
inline constexpr Real kMaxCoordinate = Real(1e12);
/// Whether a translation is one `validate_translation` accepts: both components at most twice
/// the coordinate limit in magnitude (NaN and infinity are not).
inline bool translation_fits(Vec2 d) {
  constexpr Real limit = 2 * kMaxCoordinate;
  return std::fabs(d.x) <= limit && std::fabs(d.y) <= limit;
}
}  // namespace collide2d
