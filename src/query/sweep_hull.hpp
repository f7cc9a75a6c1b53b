// collide2d - 2D collision detection for games. MIT License.
// Internal: the translational sweep of two hulls in closed form (sweep_hull.cpp), for sweep.cpp.
#pragma once
#include <optional>

#include "collide2d/sweep.hpp"
#include "query/convex.hpp"

namespace collide2d::inline COLLIDE2D_ABI::detail {

/// The answer of hull_sweep, in a's frame (b moved by v * time).
struct HullSweep {
  bool hit = false;
  Real time = 0;  ///< in [0, 1]
  Vec2 normal;    ///< unit, from a to b: a face's exact normal where a face is hit
  Vec2 point;     ///< on both shapes at that time
};

/// The first contact of hull b moving by v (not zero) relative to hull a, when they start
/// further apart than twice the touching tolerance `eps`: one ray cast from the origin along v
/// against the Minkowski difference of the cores grown by the sum of the radii. A touch that
/// some face keeps within 2 eps for the rest of the motion (a graze, a slide along a face) is
/// no contact, as in the general path. Nothing when the start may be within 2 eps (or the
/// cores have more than Polygon::kMaxVertices edges between them): the general path decides.
std::optional<HullSweep> hull_sweep(const Hull& a, const Hull& b, Vec2 v, Real eps);

/// `sweep` by its general path alone, conservative advancement on the exact distance for every
/// pair (sweep.cpp): the reference the closed forms are tested against (tests/query).
SweepHit sweep_general(const Shape& a, Vec2 velocity_a, const Shape& b, Vec2 velocity_b);

}  // namespace collide2d::detail
