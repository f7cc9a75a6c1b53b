// collide2d - 2D collision detection for games. MIT License.
#include "demo/bouncing_ball_demo.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <ostream>
#include <vector>

#include "collide2d/chain.hpp"
#include "collide2d/motion.hpp"
#include "collide2d/world.hpp"
#include "render/png.hpp"
#include "render/svg.hpp"

namespace collide2d::inline COLLIDE2D_ABI::tool {

namespace {

const draw::Style kWall{"#333333", "none", 3.0, 1.0, false};
const draw::Style kObstacle{"#1f77b4", "#1f77b4", 1.5, 0.2, false};
const draw::Style kTrail{"#9467bd", "none", 1.0, 1.0, false};
const draw::Style kBounce{"#d62728", "#d62728", 1.0, 1.0, false};
const draw::Style kBall{"#ff7f0e", "#ff7f0e", 1.5, 0.6, false};

std::string fmt(const char* f, double v) {
  char buf[48];
  std::snprintf(buf, sizeof buf, f, v);
  return buf;
}

}  // namespace

int run_bouncing_ball_demo(const std::string& out_dir, bool png, std::ostream& log, std::ostream& err) {
  // The game in a World (examples/bouncing_ball.cpp is the same game with `move` over a span of
  // shapes): the field [0, 120] x [0, 80] is a closed two-sided chain layer, the obstacles are
  // static proxies (pegs and turned boxes on a staggered grid), the ball a proxy that
  // World::move bounces.
  const Real w = 120, h = 80, radius = 1;
  World world;
  const Vec2 corners[] = {{0, 0}, {w, 0}, {w, h}, {0, h}};
  Invalid why;
  auto field = Chain::make(corners, true, false, &why);
  if (!field || !world.add_layer({*field, 0, {}}, &why)) {
    err << "collide2d demo: bouncing ball: the field is refused: " << why.text() << "\n";
    return 1;
  }
  std::vector<Shape> obstacles;
  for (int i = 0; i < 5; ++i) {
    for (int j = 0; j < 3; ++j) {
      const Vec2 c{Real(14 + 21 * i + (j % 2) * 10), Real(16 + 24 * j)};
      if ((i + j) % 2 == 0) obstacles.push_back(Circle{c, 5});
      else obstacles.push_back(Box(c, {6, 3}, Real(0.4) * Real(i - j)));
      if (!world.create({obstacles.back(), 0, {}, true}, &why)) {
        err << "collide2d demo: bouncing ball: an obstacle is refused: " << why.text() << "\n";
        return 1;
      }
    }
  }
  const std::optional<ProxyHandle> ball = world.create({Circle{{6, 40}, radius}, 0, {}, false}, &why);
  if (!ball) {
    err << "collide2d demo: bouncing ball: the ball is refused: " << why.text() << "\n";
    return 1;
  }
  Vec2 velocity{Real(11.3), Real(5.9)};
  const double v0 = double(length(velocity));
  MoveOptions options;
  options.response = Response::bounce;

  const int steps = 100000, trail_steps = 120;
  long wall_bounces = 0, obstacle_bounces = 0, escapes = 0, penetrations = 0;
  double drift = 0;
  std::vector<Vec2> trail, bounces;  // centers along the last steps, contact points
  WorldMove moved;
  const ProxyHandle self[] = {*ball};
  QueryOptions others;
  others.exclude = self;
  for (int s = 0; s < steps; ++s) {
    const bool record = s >= steps - trail_steps;
    if (record && trail.empty()) trail.push_back(std::get<Circle>(*world.shape(*ball)).center);
    if (auto bad = world.move(*ball, velocity, options, &moved)) {
      err << "collide2d demo: bouncing ball: " << bad->text() << "\n";
      return 1;
    }
    for (std::size_t k = 0; k < moved.hits.size(); ++k) {
      (moved.hits[k].kind == HitKind::proxy ? obstacle_bounces : wall_bounces)++;
      if (record) {
        const MoveContact& c = moved.result.contacts[k];
        trail.push_back(c.point - c.normal * radius);
        bounces.push_back(c.point);
      }
    }
    velocity = moved.result.displacement;
    const Shape body = *world.shape(*ball);
    const Vec2 p = std::get<Circle>(body).center;
    if (record) trail.push_back(p);
    if (p.x < radius || p.x > w - radius || p.y < radius || p.y > h - radius) ++escapes;
    penetrations += long(world.overlap(body, others).size());
    drift = std::max(drift, std::fabs(double(length(velocity)) - v0) / v0);
  }
  const Shape ball_shape = *world.shape(*ball);

  auto paint = [&](draw::Figure& doc) {
    doc.label(10, 22, "collide2d demo: bouncing ball", 18, "#000000", true);
    doc.label(10, 44,
              "restitution 1, " + fmt("%.1f", v0 / double(radius)) + " radii per step; the last " +
                  std::to_string(trail_steps) + " of " + std::to_string(steps) +
                  " steps (purple), bounce points (red), the ball (orange)",
              12, "#444444");
    auto panel = doc.panel(10, 56, 940, 634, {-2, -2}, {w + 2, h + 2});
    for (int k = 0; k < 4; ++k) panel->shape(Segment{corners[k], corners[(k + 1) % 4]}, kWall);
    for (const Shape& o : obstacles) panel->shape(o, kObstacle);
    panel->polyline(trail, kTrail);
    for (Vec2 b : bounces) panel->dot(b, 2.5, kBounce);
    panel->shape(ball_shape, kBall);
  };
  std::error_code ec;
  std::filesystem::create_directories(out_dir, ec);
  std::string error;
  const auto paths = draw::save_figures((std::filesystem::path(out_dir) / "bouncing_ball").string(), 960, 700,
                                        true, png, paint, error);
  if (paths.empty()) {
    err << "collide2d demo: " << error << "\n";
    return 1;
  }
  const std::string& path = paths[0];
  log << "  bouncing ball: " << steps << " steps of World::move, " << wall_bounces << " wall and "
      << obstacle_bounces << " obstacle bounces, max speed drift " << fmt("%.1e", drift) << ", "
      << escapes << " escapes, " << penetrations << " penetrations: " << path << "\n";
  if (escapes != 0 || penetrations != 0) {
    err << "collide2d demo: the bouncing ball left the field or entered an obstacle\n";
    return 1;
  }
  return 0;
}

}  // namespace collide2d::tool
