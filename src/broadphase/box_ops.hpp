// collide2d - 2D collision detection for games. MIT License.
#pragma once
/// @file box_ops.hpp  Small box helpers shared by the broad phases: perimeter and the
/// ray-slab entry test (union, growth and containment: shapes.hpp).

#include <algorithm>
#include <limits>
#include <utility>

#include "collide2d/shapes.hpp"

namespace collide2d::inline COLLIDE2D_ABI::bp {

/// Perimeter (the 2D surface-area-heuristic measure).
inline Real perimeter(const Aabb& a) { return 2 * ((a.max.x - a.min.x) + (a.max.y - a.min.y)); }
/// Aabb::overlaps without short-circuit: four comparisons, one outcome (in a tree walk every
/// comparison is a coin toss for the branch predictor).
inline bool overlaps_unbranched(const Aabb& a, const Aabb& b) {
  return (a.min.x <= b.max.x) & (b.min.x <= a.max.x) & (a.min.y <= b.max.y) & (b.min.y <= a.max.y);
}
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
    if (!clip(origin.x, b.min.x, b.max.x, par_x, inv.x, t0, t1) ||
        !clip(origin.y, b.min.y, b.max.y, par_y, inv.y, t0, t1))
      return std::numeric_limits<Real>::infinity();
    return t0 <= t1 ? t0 : std::numeric_limits<Real>::infinity();
  }
  /// One axis of `entry`: narrows [t0, t1] to where the ray is within [lo, hi] on it (origin o,
  /// reciprocal direction inv); false when the ray is parallel to the axis and outside.
  static bool clip(Real o, Real lo, Real hi, bool parallel, Real inv, Real& t0, Real& t1) {
    if (parallel) return !(o < lo || o > hi);
    Real a = (lo - o) * inv, c = (hi - o) * inv;
    if (a > c) std::swap(a, c);
    t0 = std::max(t0, a);
    t1 = std::min(t1, c);
    return true;
  }
};

}  // namespace collide2d::bp
