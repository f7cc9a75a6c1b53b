// collide2d - 2D collision detection for games. MIT License.
#include "demo/bouncing_ball_demo.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <ostream>
#include <vector>

#include "collide2d/motion.hpp"
#include "render/png.hpp"
#include "render/svg.hpp"

namespace collide2d::inline COLLIDE2D_ABI::tool {

namespace {

const draw::Style kWall{"#333333", "none", 3.0, 1.0, false};
const draw::Style kHexagon{"#1f77b4", "#1f77b4", 1.5, 0.2, false};
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
  // The field [0, 120] x [0, 80] walled by four segments, twelve hexagons of circumradius 7.
  const Real w = 120, h = 80, radius = 1;
  std::vector<Shape> obstacles = {Segment{{0, 0}, {w, 0}}, Segment{{w, 0}, {w, h}},
                                  Segment{{w, h}, {0, h}}, Segment{{0, h}, {0, 0}}};
  const std::size_t walls = obstacles.size();
  for (int i = 0; i < 4; ++i) {
    for (int j = 0; j < 3; ++j) {
      const Real cx = Real(20 + 27 * i + (j % 2) * 12), cy = Real(16 + 24 * j);
      const Real phase = Real(0.2) * Real(i + j);
      std::vector<Vec2> v;
      for (int k = 0; k < 6; ++k) {
        const Real a = phase + kPi * Real(k) / 3;
        v.push_back({cx + 7 * std::cos(a), cy + 7 * std::sin(a)});
      }
      auto p = make_polygon(v);
      if (!p) {
        err << "collide2d demo: bouncing ball: hexagon refused\n";
        return 1;
      }
      obstacles.push_back(*p);
    }
  }

  Shape ball = Circle{{6, 40}, radius};
  Vec2 velocity{Real(11.3), Real(5.9)};
  const double v0 = double(length(velocity));
  MoveOptions options;
  options.response = Response::bounce;

  const int steps = 100000, trail_steps = 120;
  long wall_bounces = 0, hexagon_bounces = 0, escapes = 0, penetrations = 0;
  double drift = 0;
  std::vector<Vec2> trail, bounces;  // centers along the last steps, contact points
  for (int s = 0; s < steps; ++s) {
    const bool record = s >= steps - trail_steps;
    if (record && trail.empty()) trail.push_back(std::get<Circle>(ball).center);
    const MoveResult r = move(ball, velocity, obstacles, options);
    for (const MoveContact& c : r.contacts) {
      (c.obstacle < walls ? wall_bounces : hexagon_bounces)++;
      if (record) {
        trail.push_back(c.point - c.normal * radius);
        bounces.push_back(c.point);
      }
    }
    ball = r.shape;
    velocity = r.displacement;
    const Vec2 p = std::get<Circle>(ball).center;
    if (record) trail.push_back(p);
    if (p.x < radius || p.x > w - radius || p.y < radius || p.y > h - radius) ++escapes;
    for (const Shape& o : obstacles) penetrations += overlaps(ball, o);
    drift = std::max(drift, std::fabs(double(length(velocity)) - v0) / v0);
  }

  auto paint = [&](draw::Figure& doc) {
    doc.label(10, 22, "collide2d demo: bouncing ball", 18, "#000000", true);
    doc.label(10, 44,
              "restitution 1, " + fmt("%.1f", v0 / double(radius)) + " radii per step; the last " +
                  std::to_string(trail_steps) + " of " + std::to_string(steps) +
                  " steps (purple), bounce points (red), the ball (orange)",
              12, "#444444");
    auto panel = doc.panel(10, 56, 940, 634, {-2, -2}, {w + 2, h + 2});
    for (std::size_t k = 0; k < obstacles.size(); ++k) panel->shape(obstacles[k], k < walls ? kWall : kHexagon);
    panel->polyline(trail, kTrail);
    for (Vec2 b : bounces) panel->dot(b, 2.5, kBounce);
    panel->shape(ball, kBall);
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
  log << "  bouncing ball: " << steps << " steps, " << wall_bounces << " wall and "
      << hexagon_bounces << " hexagon bounces, max speed drift " << fmt("%.1e", drift) << ", "
      << escapes << " escapes, " << penetrations << " penetrations: " << path << "\n";
  if (escapes != 0 || penetrations != 0) {
    err << "collide2d demo: the bouncing ball left the field or entered an obstacle\n";
    return 1;
  }
  return 0;
}

}  // namespace collide2d::tool
