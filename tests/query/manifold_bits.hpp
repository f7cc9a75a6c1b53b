// collide2d - 2D collision detection for games. MIT License.
#pragma once
// Whether two manifolds are the same bits (what a filtered contact path must give against the
// general one): touching and point count, then normal, depth and the counted points.

#include "collide2d/query.hpp"

namespace collide2d::test {

inline bool same_bits(const Manifold& m, const Manifold& g) {
  if (m.touching != g.touching || m.point_count != g.point_count) return false;
  if (!m.touching) return true;
  if (!(m.normal == g.normal) || m.depth != g.depth) return false;
  for (int j = 0; j < m.point_count; ++j)
    if (!(m.points[j] == g.points[j])) return false;
  return true;
}

}  // namespace collide2d::test
