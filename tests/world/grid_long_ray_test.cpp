// collide2d - 2D collision detection for games. MIT License.
// Regression (found by the `world` fuzz target, docs/reliability.md): a ray through a uniform-grid
// world whose length is many cells (origin 1e10 cells away) walked the grid cell by cell, up to
// 2^31 steps: a hang. Now such a ray scans the occupied cells instead; its answers must equal
// brute force over every proxy (closest hit, and the set of hits), for short rays (the walk) and
// long ones (the scan). Before the fix this test did not finish.
#include <gtest/gtest.h>

#include <cstdint>
#include <set>
#include <vector>

#include "collide2d/world.hpp"

using namespace collide2d;

namespace {

void expect_matches_brute_force(const World& world, const std::vector<Shape>& shapes, const Ray& ray) {
  SCOPED_TRACE(testing::Message() << "ray from (" << ray.origin.x << ", " << ray.origin.y << ") max " << ray.max_distance);
  // Brute force: the closest hit (lowest index on ties) and every hit.
  int best = -1;
  Real best_d = 0;
  std::set<std::uint64_t> all;
  for (std::size_t i = 0; i < shapes.size(); ++i) {
    const RayHit h = raycast(shapes[i], ray);
    if (!h.hit) continue;
    all.insert(i);
    if (best < 0 || h.distance < best_d) {
      best = int(i);
      best_d = h.distance;
    }
  }
  const auto closest = world.raycast_closest(ray);
  ASSERT_EQ(closest.has_value(), best >= 0);
  if (closest) {
    EXPECT_EQ(closest->hit.distance, best_d);
    EXPECT_EQ(closest->what.user_data, std::uint64_t(best));
  }
  std::set<std::uint64_t> seen;
  world.raycast_all(ray, {}, [&](const WorldRayHit& h) {
    seen.insert(h.what.user_data);
    return ray.max_distance;
  });
  EXPECT_EQ(seen, all);
}

}  // namespace

TEST(GridLongRay, FarAndLongRaysEqualBruteForceAndFinish) {
  WorldOptions opt;
  opt.broadphase = BroadphaseKind::grid;
  opt.cell_size = 1;
  World world(opt);
  std::vector<Shape> shapes;
  for (int i = 0; i < 60; ++i) {
    const Real x = Real((i * 37) % 41) - 20, y = Real((i * 13) % 11) / 2 - 2.5f;
    shapes.push_back(Circle{{x, y}, Real(0.2 + (i % 5) * 0.15)});
    world.create({shapes.back(), std::uint64_t(i), {}, false});
  }
  world.update();
  // Short rays: the grid walk.
  expect_matches_brute_force(world, shapes, Ray{{-30, 0.3f}, {1, 0}, 60});
  expect_matches_brute_force(world, shapes, Ray{{0, -10}, {0.1f, 1}, 30});
  // Rays far longer than the occupied cells (1e10 cells: the fuzzer's hang), from beside and
  // from inside the crowd (origins near it: float's precision keeps brute force exact enough).
  expect_matches_brute_force(world, shapes, Ray{{-60, 0.3f}, {1, 0}, 1e10f});
  expect_matches_brute_force(world, shapes, Ray{{-25, -1}, {1, 0.01f}, 1e10f});
  expect_matches_brute_force(world, shapes, Ray{{5, 5}, {-1, -0.5f}, 1e11f});
}
