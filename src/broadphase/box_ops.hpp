// collide2d - 2D collision detection for games. MIT License.
#pragma once
/// @file box_ops.hpp  Small box helpers shared by the broad phases: union, perimeter,
/// containment, and the ray-slab entry test.

#include <algorithm>
#include <limits>

#include "collide2d/shapes.hpp"

namespace collide2d::inline COLLIDE2D_ABI::bp {

/// Smallest box holding both.
inline Aabb merge(const Aabb& a, const Aabb& b) { return {min(a.min, b.min), max(a.max, b.max)}; }
/// Perimeter (the 2D surface-area-heuristic measure).
inline Real perimeter(const Aabb& a) { return 2 * ((a.max.x - a.min.x) + (a.max.y - a.min.y)); }
/// True when `outer` holds `inner` entirely.
inline bool holds(const Aabb& outer, const Aabb& inner) {
  return outer.min.x <= inner.min.x && outer.min.y <= inner.min.y && inner.max.x <= outer.max.x &&
         inner.max.y <= outer.max.y;
}
/// The box grown by r on every side.
inline Aabb grown(const Aabb& a, Real r) { return {{a.min.x - r, a.min.y - r}, {a.max.x + r, a.max.y + r}}; }

/// A ray prepared for slab tests: origin, reciprocal direction, and which axes are parallel.
struct RaySlab {
  Vec2 origin;
  Vec2 inv;           ///< 1 / direction per axis (0 on a parallel axis)
  bool par_x, par_y;  ///< the direction has no component on that axis
  /// Prepares the ray origin + t * dir.
  RaySlab(Vec2 o, Vec2 dir) : origin(o), par_x(dir.x == 0), par_y(dir.y == 0) {
    inv.x = par_x ? Real(0) : Real(1) / dir.x;
    inv.y = par_y ? Real(0) : Real(1) / dir.y;
  }
  /// Entry parameter of the ray into `b` clipped to [0, t_max], or +infinity when it misses.
  Real entry(const Aabb& b, Real t_max) const {
    Real t0 = 0, t1 = t_max;
    if (par_x) {
      if (origin.x < b.min.x || origin.x > b.max.x) return std::numeric_limits<Real>::infinity();
    } else {
      Real a = (b.min.x - origin.x) * inv.x, c = (b.max.x - origin.x) * inv.x;
      if (a > c) std::swap(a, c);
      t0 = std::max(t0, a);
      t1 = std::min(t1, c);
    }
    if (par_y) {
      if (origin.y < b.min.y || origin.y > b.max.y) return std::numeric_limits<Real>::infinity();
    } else {
      Real a = (b.min.y - origin.y) * inv.y, c = (b.max.y - origin.y) * inv.y;
      if (a > c) std::swap(a, c);
      t0 = std::max(t0, a);
      t1 = std::min(t1, c);
    }
    return t0 <= t1 ? t0 : std::numeric_limits<Real>::infinity();
  }
};

}  // namespace collide2d::bp
