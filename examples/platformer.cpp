// Side-view platformer on the one World (y up, metres): the ground is a two-sided chain with a
// 30-degree slope and, at the far end, a vertical wall;
// above the start floats a one-way platform (a one-sided chain facing up). A player (a disk)
// under gravity walks right with MoveOptions{up, max_slope, snap_distance}, and:
//  - walks on the flat and up the slope, grounded, at its walking speed across `up`;
//  - stops at the wall (on_wall: steeper than max_slope), which it cannot climb;
//  - walks back and down the slope, held to the ground by the snap;
//  - jumps up through the one-way platform and lands on it.
// Every step is checked: never below the ground (distance to every chain edge, brute force),
// and each stage's expectation. Exit status 1 on failure.
#include <collide2d/collide2d.hpp>

#include <cmath>
#include <cstdio>
#include <vector>

using namespace collide2d;

int main() {
  const Real slope_rise = Real(10) * std::tan(kPi / 6);  // 30 degrees over 10 m
  const std::vector<Vec2> ground_pts = {{-20, 10}, {-20, 0}, {10, 0}, {20, slope_rise}, {30, slope_rise},
                                        {30, slope_rise + 20}};
  const Chain ground = *Chain::make(ground_pts, /*closed*/ false, /*one_sided*/ false);
  const std::vector<Vec2> platform_pts = {{-4, 3}, {-10, 3}};  // right to left: its front faces up
  const Chain platform = *Chain::make(platform_pts, false, /*one_sided*/ true);
  World world;
  world.add_layer({ground, 1, Filter{1}});
  world.add_layer({platform, 2, Filter{1}});
  const Real r = Real(0.5);
  ProxyHandle player = *world.create({Circle{{-7, r + Real(0.01)}, r}, 0, Filter{2}});

  MoveOptions opt;
  opt.up = {0, 1};
  opt.max_slope = kPi / 4;
  opt.snap_distance = Real(0.3);
  const Real dt = Real(1) / 60, gravity = 20, walk = 6, jump = 13;
  Vec2 vel{};
  int failures = 0;
  auto check = [&](bool ok, const char* what, int step) {
    if (!ok) std::printf("FAIL at step %d: %s\n", step, what), ++failures;
  };
  auto step = [&](Real want_x, bool want_jump, int n) {
    WorldMove m;
    world.move(player, Vec2{want_x, vel.y} * dt, opt, &m);
    vel = m.result.displacement / dt;
    if (m.result.grounded) vel.y = want_jump ? jump : 0;
    vel.y -= gravity * dt;
    const Vec2 c = std::get<Circle>(m.result.shape).center;
    // Never in the ground: the brute-force distance to every edge of the ground chain.
    Real clearance = 1e9;
    for (std::size_t i = 0; i + 1 < ground_pts.size(); ++i)
      clearance = std::min(clearance, distance(Shape(Point{c}), Shape(Segment{ground_pts[i], ground_pts[i + 1]})).distance);
    check(clearance >= r - Real(1e-3), "in the ground", n);
    return m.result;
  };

  int n = 0;
  MoveResult res;
  // Walk right: flat, then up the slope (grounded all the way), until the wall stops it.
  Real max_x = -1e9;
  for (; n < 600; ++n) {
    res = step(walk, false, n);
    const Vec2 c = std::get<Circle>(res.shape).center;
    if (n > 10 && c.x > 11 && c.x < 19) check(res.grounded, "not grounded on the slope", n);
    max_x = std::max(max_x, c.x);
  }
  const Vec2 at_wall = std::get<Circle>(res.shape).center;
  check(res.on_wall, "not against the wall", n);
  check(at_wall.y < slope_rise + r + Real(0.1), "climbed the wall", n);
  check(at_wall.x > 29 && at_wall.x < 31, "did not reach the wall", n);
  // Walk back left: down the slope, held on the ground by the snap.
  int airborne_on_slope = 0;
  for (; n < 1000; ++n) {
    res = step(-walk, false, n);
    const Vec2 c = std::get<Circle>(res.shape).center;
    if (c.x > 11 && c.x < 19 && !res.grounded) ++airborne_on_slope;
  }
  check(airborne_on_slope == 0, "left the ground walking down the slope", n);
  // Under the platform: jump; the player passes up through it and lands on top.
  for (; n < 1200; ++n) {
    const Vec2 c = std::get<Circle>(res.shape).center;
    res = step(c.x < Real(-7.1) ? walk : c.x > Real(-6.9) ? -walk : 0, false, n);
  }
  bool above = false;
  for (int k = 0; k < 120; ++k, ++n) {
    res = step(0, k == 0, n);
    above = above || std::get<Circle>(res.shape).center.y > 3 + r;
  }
  const Vec2 top = std::get<Circle>(res.shape).center;
  check(above, "did not jump through the platform", n);
  check(res.grounded && std::fabs(top.y - (3 + r)) < Real(0.05), "did not land on the platform", n);
  std::printf("platformer: %d steps; reached x = %.2f at the wall (y %.2f), stands on the one-way platform at "
              "y = %.3f; %d failures\n", n, double(max_x), double(at_wall.y), double(top.y), failures);
  return failures == 0 ? 0 : 1;
}
