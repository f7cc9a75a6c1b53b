// Bouncing ball: a ball flies through a closed field with hexagon obstacles, moving more than
// ten radii per step, for 100,000 steps. `move` with the bounce response sweeps it to each
// contact, reflects its velocity (restitution 1, no friction) and goes on with the rest of the
// step, so it never tunnels through a wall or into a hexagon and keeps its speed.
#include <collide2d/collide2d.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

using namespace collide2d;

int main() {
  // The field: 4 walls as segments around [0, 120] x [0, 80].
  const Real w = 120, h = 80;
  std::vector<Shape> obstacles = {
      Segment{{0, 0}, {w, 0}}, Segment{{w, 0}, {w, h}}, Segment{{w, h}, {0, h}}, Segment{{0, h}, {0, 0}}};
  const std::size_t walls = obstacles.size();
  // Hexagons of circumradius 7 on a staggered grid, each turned a little.
  for (int i = 0; i < 4; ++i) {
    for (int j = 0; j < 3; ++j) {
      const Real cx = Real(20 + 27 * i + (j % 2) * 12), cy = Real(16 + 24 * j);
      const Real phase = Real(0.2) * Real(i + j);
      std::vector<Vec2> v;
      for (int k = 0; k < 6; ++k) {
        const Real a = phase + kPi * Real(k) / 3;
        v.push_back({cx + 7 * std::cos(a), cy + 7 * std::sin(a)});
      }
      obstacles.push_back(*make_polygon(v));
    }
  }

  const Real radius = 1;
  Shape ball = Circle{{6, 40}, radius};
  Vec2 velocity{Real(11.3), Real(5.9)};  // about 12.7 radii per step
  const Real v0 = length(velocity);
  MoveOptions options;
  options.response = Response::bounce;
  options.restitution = 1;
  options.friction = 0;
  if (auto why = validate_move(ball, velocity, obstacles, options)) {
    std::printf("invalid: %s\n", why->text().c_str());
    return 1;
  }

  const int steps = 100000;
  long wall_bounces = 0, hexagon_bounces = 0, escapes = 0, penetrations = 0;
  double max_drift = 0;
  for (int s = 0; s < steps; ++s) {
    const MoveResult r = move(ball, velocity, obstacles, options);
    ball = r.shape;
    velocity = r.displacement;  // the step is 1: the displacement is the velocity
    for (const MoveContact& c : r.contacts) (c.obstacle < walls ? wall_bounces : hexagon_bounces)++;
    const Vec2 p = std::get<Circle>(ball).center;
    if (p.x < radius || p.x > w - radius || p.y < radius || p.y > h - radius) ++escapes;
    for (std::size_t k = 0; k < obstacles.size(); ++k) penetrations += overlaps(ball, obstacles[k]);
    max_drift = std::max(max_drift, std::fabs(double(length(velocity)) - double(v0)) / double(v0));
  }
  std::printf("bouncing ball: %d steps, speed %.3f (%.1f radii per step)\n", steps, double(v0),
              double(v0 / radius));
  std::printf("bounces: %ld off walls, %ld off hexagons\n", wall_bounces, hexagon_bounces);
  std::printf("max speed drift: %.2e (relative)\n", max_drift);
  std::printf("escapes: %ld, penetrations: %ld\n", escapes, penetrations);
  return escapes == 0 && penetrations == 0 && max_drift <= 1e-4 ? 0 : 1;
}
