// collide2d - 2D collision detection for games. MIT License.
#pragma once
/// @file box_ops.hpp  Small box helpers shared by the broad phases: perimeter and the
/// ray-slab entry test (union, growth and containment: shapes.hpp).

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <limits>
#include <utility>

#include "collide2d/broadphase.hpp"
#include "collide2d/shapes.hpp"

namespace collide2d::inline COLLIDE2D_ABI::bp {

/// Perimeter (the 2D surface-area-heuristic measure).
inline Real perimeter(const Aabb& a) { return 2 * ((a.max.x - a.min.x) + (a.max.y - a.min.y)); }
/// Aabb::overlaps without short-circuit: four comparisons, one outcome (in a tree walk every
/// comparison is a coin toss for the branch predictor).
inline bool overlaps_unbranched(const Aabb& a, const Aabb& b) {
  return (a.min.x <= b.max.x) & (b.min.x <= a.max.x) & (a.min.y <= b.max.y) & (b.min.y <= a.max.y);
}
/// refatten's test, `!refatten(current, tight, displacement, rule)`: whether the fat box
/// `current` still serves after its proxy moved to `tight` by `displacement`, for every proxy
/// every step, so four lanes at once (GCC/Clang vectors). A box is held as (min.x, min.y,
/// -max.x, -max.y): "a holds b" is then one `<=` per lane, growing by r subtracts r from every
/// lane, and the stretch adds min(e, -0) per lane with e = (d.x, d.y, -d.x, -d.y), i.e. d
/// where d < 0 on the min lanes, -d where d >= 0 on the max lanes, and -0 (which changes no
/// value) elsewhere. Rounding is symmetric under negation, so every lane holds exactly
/// refatten's value or its negation (a zero may differ in sign, which no comparison sees):
/// the same answer as refatten, in all cases (including infinities and NaN: false there too).
inline bool keeps_fat_box(const Aabb& current, const Aabb& tight, Vec2 displacement, const FatBoxRule& rule) {
#if defined(__GNUC__)
  using V4 = Real __attribute__((vector_size(4 * sizeof(Real))));
  static_assert(sizeof(Aabb) == sizeof(V4));
  constexpr Real nz = -Real(0);
  const V4 sign = {1, 1, -1, -1};
  const Real pad = fat_padding(displacement, rule);
  const Real slack = pad * rule.shrink_factor;
  Vec2 d = displacement * rule.displacement_factor;
  if (!((d.x - d.x) + (d.y - d.y) == 0)) d = {nz, nz};  // not finite (x - x is 0 for finite x): not stretched
  V4 c, t;
  std::memcpy(&c, &current, sizeof c);
  std::memcpy(&t, &tight, sizeof t);
  c *= sign;
  t *= sign;
  const V4 e = V4{d.x, d.y, d.x, d.y} * sign;
  const V4 stretch = e < nz ? e : nz;
  const V4 huge = ((t - pad) + stretch) - slack;
  const auto ok = (c <= t) & (huge <= c);  // lanes all ones or all zeros
  std::array<std::uint64_t, sizeof ok / 8> bits;
  std::memcpy(bits.data(), &ok, sizeof ok);
  std::uint64_t all = ~std::uint64_t(0);
  for (std::uint64_t b : bits) all &= b;
  return all == ~std::uint64_t(0);
#else
  return !refatten(current, tight, displacement, rule);
#endif
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
