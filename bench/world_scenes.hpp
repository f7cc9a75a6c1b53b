// collide2d - 2D collision detection for games. MIT License.
#pragma once
/// @file world_scenes.hpp  The scenes of world_bench.cpp, shared with Box2D v3's file
/// (bench/box2d3/world_bench3.cpp): the crowd of moving circles and the 100,000 static shapes
/// with their 1,000,000 rays.

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

#include "collide2d/world.hpp"
#include "shape_gen.hpp"

namespace bench {

/// N moving circles of mixed sizes (80% radius 0.2-0.6, 20% 0.6-2.0) in a square holding about
/// one circle per 12 square units, each moving up to 0.08 units per step, bouncing off the walls.
struct Crowd {
  std::vector<Real> x, y, vx, vy, r;
  Real side = 0;
  std::vector<Vec2> last_move;
  /// One step: move every circle, bounce off the walls; remembers each displacement.
  void step() {
    for (std::size_t i = 0; i < x.size(); ++i) {
      Real nx = x[i] + vx[i], ny = y[i] + vy[i];
      if (nx < r[i] || nx > side - r[i]) { vx[i] = -vx[i]; nx = x[i] + vx[i]; }
      if (ny < r[i] || ny > side - r[i]) { vy[i] = -vy[i]; ny = y[i] + vy[i]; }
      last_move[i] = {nx - x[i], ny - y[i]};
      x[i] = nx;
      y[i] = ny;
    }
  }
  collide2d::Aabb box(std::size_t i) const {
    return {{x[i] - r[i], y[i] - r[i]}, {x[i] + r[i], y[i] + r[i]}};
  }
};

/// The crowd of n circles (seeded by n).
inline Crowd make_crowd(std::size_t n) {
  Crowd c;
  Rng rng(seed_of("world/crowd") + std::uint32_t(n));
  c.side = std::sqrt(Real(n) * 12);
  for (std::size_t i = 0; i < n; ++i) {
    Real r = rng.uniform(0, 1) < Real(0.8) ? rng.uniform(Real(0.2), Real(0.6)) : rng.uniform(Real(0.6), Real(2.0));
    c.r.push_back(r);
    c.x.push_back(rng.uniform(r, c.side - r));
    c.y.push_back(rng.uniform(r, c.side - r));
    Vec2 v = rng.direction() * rng.uniform(0, Real(0.08));
    c.vx.push_back(v.x);
    c.vy.push_back(v.y);
  }
  c.last_move.assign(n, Vec2{0, 0});
  return c;
}

/// The world/step rows' steps (every library's, on the same crowd): kStepWarmSteps untimed
/// steps from the new crowd, then step_iterations(n) timed steps, the same for every library.
/// The crowd's fat boxes are made at once and re-fitted in waves (the pairs per step of 100,000
/// circles run 3,701 at step 5, 23,126 at step 7, from 18 to 34,624 later), so a row timed over
/// whatever number of steps its speed allows measures different steps for different libraries
/// (Google Benchmark's --benchmark_min_time gave Box2D 2.4.1 one step of 100,000, its cheapest,
/// and collide2d three). The warm-up leaves the first waves out; the timed steps (a multiple of
/// 6, the waves' period once the crowd has settled; about 1.2 million circle moves per row) are
/// the same ones for every library.
inline constexpr int kStepWarmSteps = 30;
inline std::int64_t step_iterations(std::size_t n) {
  return 6 * std::max<std::int64_t>(2, std::int64_t(200'000 / n));
}

inline constexpr std::size_t kStatic = 100'000;
inline constexpr std::size_t kRays = 1'000'000;

/// 100,000 static shapes (half circles, half rotated boxes, sizes 0.2-1.2) and 1,000,000 rays
/// (length 1-30) whose origins lie outside every shape (Box2D ignores rays starting inside).
struct StaticShapes {
  std::vector<collide2d::Shape> shapes;
  std::vector<collide2d::Ray> rays;
  Real side = 0;
};

/// The static scene, built once per process.
inline const StaticShapes& static_shapes() {
  static const StaticShapes s = [] {
    using namespace collide2d;
    StaticShapes out;
    Rng rng(seed_of("world/static"));
    out.side = std::sqrt(Real(kStatic) * 12);
    for (std::size_t i = 0; i < kStatic; ++i) {
      Vec2 c{rng.uniform(0, out.side), rng.uniform(0, out.side)};
      if (i % 2 == 0) {
        out.shapes.push_back(Circle{c, rng.uniform(Real(0.2), Real(1.2))});
      } else {
        out.shapes.push_back(
            Box(c, {rng.uniform(Real(0.2), Real(1.2)), rng.uniform(Real(0.2), Real(1.2))}, rng.angle()));
      }
    }
    World probe;
    for (const Shape& sh : out.shapes) probe.create({sh, 0, {}, true});
    while (out.rays.size() < kRays) {
      Vec2 o{rng.uniform(0, out.side), rng.uniform(0, out.side)};
      Vec2 d = rng.direction();
      Real len = rng.uniform(1, 30);
      if (!probe.query_point(o).empty()) continue;
      out.rays.push_back(Ray{o, d, len});
    }
    return out;
  }();
  return s;
}

}  // namespace bench
