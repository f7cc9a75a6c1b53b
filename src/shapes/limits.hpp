// collide2d - 2D collision detection for games. MIT License.
#pragma once
#include "collide2d/math.hpp"

namespace collide2d::inline COLLIDE2D_ABI {
/// Largest accepted coordinate or radius magnitude: far beyond any game world, and small
/// enough that squared distances never overflow the scalar type.
inline constexpr Real kMaxCoordinate = Real(1e12);
}  // namespace collide2d
