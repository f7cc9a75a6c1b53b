// collide2d - 2D collision detection for games. MIT License.
// Substeps: the displacement in short discrete steps, each followed by overlap tests and a
// push-out. No sweep: a substep longer than an obstacle is thin can pass through it.
#include <algorithm>
#include <cmath>
#include <vector>

#include "motion/motion_internal.hpp"

namespace collide2d::inline COLLIDE2D_ABI {

using namespace motion_detail;

int substep_count(Vec2 displacement, Real body_size, Real fraction) {
  constexpr int kMaxSubsteps = 65536;
  if (!(body_size > 0) || !(fraction > 0) || !is_finite(displacement)) return 1;
  const double n = std::ceil(double(length(displacement)) / (double(fraction) * double(body_size)));
  if (!(n >= 1)) return 1;
  return n >= kMaxSubsteps ? kMaxSubsteps : int(n);
}

MoveResult move_substeps(const Shape& shape, Vec2 displacement, std::span<const Shape> obstacles,
                         const MoveOptions& options, Real fraction) {
  MoveResult res;
  Shape body = shape;
  Vec2 dir = displacement;
  const Aabb b = bounds(shape);
  const Vec2 ext = b.max - b.min;
  const Real size = std::min(ext.x, ext.y) > 0 ? std::min(ext.x, ext.y) : std::max(ext.x, ext.y);
  if (!is_finite(displacement)) {  // invalid input (validate_move_substeps names it): no motion
    res.shape = body;
    res.blocked = true;
    return res;
  }
  const int n = substep_count(displacement, size, fraction);
  const Real skin = skin_of(b, displacement, options.skin);
  const Real step = Real(1) / Real(n);
  const bool bounce = options.response == Response::bounce;
  constexpr int kMaxNormals = 16;
  std::array<Vec2, kMaxNormals> normals{};

  for (int s = 0; s < n; ++s) {
    res.iterations = s + 1;
    const Vec2 r = dir * step;
    body = translated(body, r);
    res.translation += r;
    int count = 0;
    // Push out of everything overlapping, once for all of them; a second pass catches a
    // push-out that landed in a neighbour.
    for (int pass = 0; pass < 2; ++pass) {
      const Aabb b0 = bounds(body);
      PositionCorrection pc;
      for (std::size_t k = 0; k < obstacles.size(); ++k) {
        const Aabb ob = bounds(obstacles[k]);
        if (!b0.overlaps(ob) || !overlaps(body, obstacles[k])) continue;
        const Manifold m = contact(body, obstacles[k]);
        if (!m.touching) continue;
        pc.add(m, skin);
        if (count < kMaxNormals) normals[std::size_t(count++)] = m.normal;
        MoveContact c;
        c.obstacle = k, c.element = std::uint32_t(k), c.normal = m.normal, c.point = m.points[0];
        c.time = (Real(s) + 1) * step;
        res.contacts.push_back(c);
      }
      if (pc.count() == 0) break;
      const Vec2 c = pc.solve();
      body = translated(body, c);
      res.translation += c;
    }
    if (count == 0) continue;
    if (bounce) {
      for (int pass = 0; pass < 4; ++pass) {
        bool changed = false;
        for (int i = 0; i < count; ++i) {
          if (dot(dir, normals[std::size_t(i)]) > 0) {
            dir = reflect(dir, -normals[std::size_t(i)], options.restitution, options.friction);
            changed = true;
          }
        }
        if (!changed) break;
      }
    }
    dir = project_allowed(dir, normals, count);
    if (dir == Vec2{}) {
      res.blocked = true;
      break;
    }
  }
  res.shape = body;
  res.displacement = dir;
  return res;
}

}  // namespace collide2d
