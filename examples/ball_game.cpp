// Ball game (Arkanoid style) on the one World: a closed field (a two-sided chain), a paddle and
// 30 bricks (static boxes), and a ball moved each step with World::move and Response::bounce
// (restitution 1, no friction) at about 3 radii per step.
// Checked every step: the ball stays in the field and out of every brick and the paddle
// (brute force), keeps its speed, and never bounces twice in a row off the same thing (after
// a bounce off a flat wall or a convex brick the ball cannot meet it again before something
// else: a second contact would be a double bounce, the ball caught in a surface). Exit
// status 1 on failure.
#include <collide2d/collide2d.hpp>

#include <cmath>
#include <cstdio>
#include <vector>

using namespace collide2d;

int main() {
  const std::vector<Vec2> field_pts = {{0, 0}, {0, 30}, {20, 30}, {20, 0}};
  const Chain field = *Chain::make(field_pts, /*closed*/ true, /*one_sided*/ false);
  World world;
  world.add_layer({field, 0, Filter{1}});
  std::vector<Shape> solids;
  for (int row = 0; row < 3; ++row)
    for (int col = 0; col < 10; ++col) {
      const Shape brick = Box({Real(1 + 2 * col), Real(22 + 2 * row)}, {Real(0.8), Real(0.4)}, 0);
      world.create({brick, 100u + std::uint64_t(row * 10 + col), Filter{1}, /*is_static*/ true});
      solids.push_back(brick);
    }
  const Shape paddle = Capsule{{8, 2}, {12, 2}, Real(0.3)};
  world.create({paddle, 1, Filter{1}, true});
  solids.push_back(paddle);
  const Real r = Real(0.25);
  const ProxyHandle ball = *world.create({Circle{{10.3f, 6}, r}, 2, Filter{2}});

  MoveOptions opt;
  opt.response = Response::bounce;
  opt.restitution = 1;
  opt.friction = 0;
  Vec2 d{Real(0.41), Real(0.57)};  // per step: about 2.8 radii
  const Real speed = length(d);
  WorldHit last{};
  bool have_last = false;
  long bounces = 0, double_bounces = 0, escapes = 0, in_solid = 0;
  Real worst_speed = 0;
  for (int step = 0; step < 20000; ++step) {
    WorldMove m;
    world.move(ball, d, opt, &m);
    d = m.result.displacement;
    for (const WorldHit& h : m.hits) {
      ++bounces;
      if (have_last && h == last) ++double_bounces;
      last = h, have_last = true;
    }
    const Vec2 c = std::get<Circle>(m.result.shape).center;
    const Real deep = Real(1e-3);
    if (c.x < r - deep || c.x > 20 - r + deep || c.y < r - deep || c.y > 30 - r + deep) ++escapes;
    for (const Shape& s : solids)
      if (overlaps(Shape(Circle{c, r - deep}), s)) ++in_solid;
    worst_speed = std::max(worst_speed, std::fabs(length(d) - speed) / speed);
  }
  std::printf("ball game: 20000 steps, %ld bounces, %ld double bounces, %ld escapes, %ld steps in a brick or the "
              "paddle, speed kept within %.2g\n", bounces, double_bounces, escapes, in_solid, double(worst_speed));
  const bool ok = bounces > 500 && double_bounces == 0 && escapes == 0 && in_solid == 0 && worst_speed < Real(1e-3);
  return ok ? 0 : 1;
}
