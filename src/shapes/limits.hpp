// collide2d - 2D collision detection for games. MIT License.
#pragma once
#include <cmath>

#include "collide2d/math.hpp"

namespace collide2d::inline COLLIDE2D_ABI {
/// Largest accepted coordinate or radius magnitude: far beyond any game world, and small
/// enough that squared distances never overflow the scalar type.
inline constexpr Real kMaxCoordinate = Real(1e12);
/// Whether v (both components of a vector) is at most `limit` in magnitude: false for NaN and
/// infinity. The message-free test the validations start with.
inline bool within(Real v, Real limit = kMaxCoordinate) { return std::fabs(v) <= limit; }
inline bool within(Vec2 v, Real limit = kMaxCoordinate) { return within(v.x, limit) && within(v.y, limit); }
/// Whether a translation is one `validate_translation` accepts: both components at most twice
/// the coordinate limit in magnitude.
inline bool translation_fits(Vec2 d) { return within(d, 2 * kMaxCoordinate); }
}  // namespace collide2d
