// collide2d - 2D collision detection for games. MIT License.
// One sector against many disks (structure of arrays). In the sector's frame, folded so the
// target lies on the +y side, a disk at offset (x, y) with radius rd overlaps the sector iff
//  - its center is within the cone: |offset| <= radius + rd, or
//  - it reaches the edge segment from the apex along (cos h, sin h): distance <= rd.
// (The closest point of a sector to an outside point is on the arc when the point is within
// the cone, else on the nearer straight edge.) No trigonometry, division or square root.
#include <algorithm>

#include "collide2d/query.hpp"

namespace collide2d::inline COLLIDE2D_ABI {

std::size_t sector_hits(const Sector& s, std::span<const Real> xs, std::span<const Real> ys,
                        std::span<const Real> radii, std::vector<std::uint32_t>& hits) {
  const std::size_t n = std::min({xs.size(), ys.size(), radii.size()});
  const std::size_t before = hits.size();
  const Real cx = s.center.x, cy = s.center.y, dx = s.dir.x, dy = s.dir.y;
  const Real ch = s.cos_half, sh = s.sin_half, R = s.radius;
  const bool narrow = ch > 0;  // half_angle < pi/2: points behind the apex are outside the cone
  for (std::size_t i = 0; i < n; ++i) {
    const Real ox = xs[i] - cx, oy = ys[i] - cy, rd = radii[i];
    const Real lx = ox * dx + oy * dy;           // along the facing
    const Real ly = std::fabs(oy * dx - ox * dy);  // across, folded
    const Real d2 = lx * lx + ly * ly;
    // Within the cone: angle of (lx, ly) <= h  <=>  ch*ly - sh*lx <= 0 (and lx >= 0 if narrow).
    const bool in_cone = ch * ly - sh * lx <= 0 && (!narrow || lx >= 0);
    const Real reach = R + rd;
    bool hit;
    if (in_cone) {
      hit = d2 <= reach * reach;
    } else {
      // Distance to the edge from (0,0) to R*(ch, sh): project and clamp.
      Real t = lx * ch + ly * sh;
      t = t < 0 ? 0 : (t > R ? R : t);
      const Real ex = lx - ch * t, ey = ly - sh * t;
      hit = ex * ex + ey * ey <= rd * rd;
    }
    if (hit) hits.push_back(static_cast<std::uint32_t>(i));
  }
  return hits.size() - before;
}

}  // namespace collide2d
