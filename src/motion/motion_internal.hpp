// collide2d - 2D collision detection for games. MIT License.
// Helpers shared by move.cpp and substep.cpp (not installed).
#pragma once
#include <algorithm>
#include <cmath>

#include "collide2d/motion.hpp"

namespace collide2d::inline COLLIDE2D_ABI::motion_detail {

inline Real abs_max(Aabb b) {
  return std::max({std::fabs(b.min.x), std::fabs(b.min.y), std::fabs(b.max.x), std::fabs(b.max.y)});
}
inline Real diagonal(Aabb b) { return length(b.max - b.min); }

/// The one skin rule: the skin of a body box that moves by d (see motion.hpp), or the
/// user's minimum when larger.
inline Real skin_of(Aabb body, Vec2 d, Real min_skin) {
  const Real offset = std::max(abs_max(body), abs_max(translated(body, d)));
  return std::max(min_skin, kMoveSkinFactor * kSweepRelTol * (1 + diagonal(body)) + kRelEps * offset);
}

/// Planes given by normals m_i from the body to obstacles: the motion x may not go into them
/// (dot(x, m_i) <= 0). Returns the allowed motion closest to x: x itself, its projection onto
/// one plane (biased a hair away from it, so that rounding never leaves it going in), or zero
/// (a corner or wedge: in 2D two non-parallel planes meet only at the origin).
template <class Normals>
Vec2 project_allowed(Vec2 x, const Normals& normals, int count) {
  const Real len = length(x);
  if (!(len > 0)) return {};
  const Real tol = len * kSweepRelTol * Real(0.1);
  auto allowed = [&](Vec2 y) {
    for (int j = 0; j < count; ++j)
      if (dot(y, normals[std::size_t(j)]) > tol) return false;
    return true;
  };
  if (allowed(x)) return x;
  constexpr Real kBias = kSweepRelTol;  // 1e-5 in float, 1e-9 in double
  Vec2 best{};
  Real best_len = -1;
  for (int i = 0; i < count; ++i) {
    const Vec2 m = normals[std::size_t(i)];
    const Real into = dot(x, m);
    if (into <= 0) continue;
    const Vec2 y = x - m * (into + kBias * len);
    const Real yl = length(y);
    if (yl > best_len && allowed(y)) best = y, best_len = yl;
  }
  // The plane solver's invariants: what it returns goes into no plane (beyond the tolerance)
  // and is no longer than the motion it was given (the bias adds at most its own size).
  COLLIDE2D_ASSERT(best_len < 0 || allowed(best));
  COLLIDE2D_ASSERT(best_len <= len * (1 + 2 * kBias));
  // Head-on (nothing left but the bias) counts as stopped.
  return best_len > 4 * kBias * len ? best : Vec2{};
}

}  // namespace collide2d::motion_detail
