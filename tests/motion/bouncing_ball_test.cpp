// The bouncing-ball game, checked by brute force with geometry written here: a ball moving
// more than ten radii per step through a closed field of hexagons for 100,000 steps never
// leaves the field, never enters a hexagon (neither at the end of a step nor along the legs
// of its path between contacts) and keeps its speed within 1e-4 relative.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <vector>

#include "collide2d/motion.hpp"

using namespace collide2d;

namespace {

struct D2 {
  double x, y;
};
D2 d2(Vec2 v) { return {double(v.x), double(v.y)}; }
D2 sub(D2 a, D2 b) { return {a.x - b.x, a.y - b.y}; }
double dotd(D2 a, D2 b) { return a.x * b.x + a.y * b.y; }
double crossd(D2 a, D2 b) { return a.x * b.y - a.y * b.x; }

/// Distance from p to the segment ab.
double point_segment(D2 p, D2 a, D2 b) {
  const D2 ab = sub(b, a), ap = sub(p, a);
  const double len2 = dotd(ab, ab);
  double t = len2 > 0 ? dotd(ap, ab) / len2 : 0;
  t = std::clamp(t, 0.0, 1.0);
  const D2 q{a.x + ab.x * t - p.x, a.y + ab.y * t - p.y};
  return std::sqrt(dotd(q, q));
}
bool segments_cross(D2 a, D2 b, D2 c, D2 d) {
  const double d1 = crossd(sub(b, a), sub(c, a)), d2_ = crossd(sub(b, a), sub(d, a));
  const double d3 = crossd(sub(d, c), sub(a, c)), d4 = crossd(sub(d, c), sub(b, c));
  return ((d1 > 0) != (d2_ > 0)) && ((d3 > 0) != (d4 > 0)) && d1 != 0 && d2_ != 0 && d3 != 0 && d4 != 0;
}
/// Distance between segments ab and cd.
double segment_segment(D2 a, D2 b, D2 c, D2 d) {
  if (segments_cross(a, b, c, d)) return 0;
  return std::min({point_segment(a, c, d), point_segment(b, c, d), point_segment(c, a, b),
                   point_segment(d, a, b)});
}

/// A convex polygon as its counter-clockwise vertices, in double.
struct Hex {
  std::array<D2, 6> v;
};
bool inside(const Hex& h, D2 p) {
  for (int i = 0; i < 6; ++i)
    if (crossd(sub(h.v[std::size_t((i + 1) % 6)], h.v[std::size_t(i)]), sub(p, h.v[std::size_t(i)])) < 0)
      return false;
  return true;
}
/// Distance from the path segment pq of the ball's center to the hexagon (0 if it enters).
double path_distance(const Hex& h, D2 p, D2 q) {
  if (inside(h, p) || inside(h, q)) return 0;
  double d = 1e300;
  for (int i = 0; i < 6; ++i)
    d = std::min(d, segment_segment(p, q, h.v[std::size_t(i)], h.v[std::size_t((i + 1) % 6)]));
  return d;
}

}  // namespace

TEST(BouncingBall, HundredThousandStepsNoEscapeNoPenetrationSpeedKept) {
  const Real w = 120, ht = 80, radius = 1;
  std::vector<Shape> obstacles = {Segment{{0, 0}, {w, 0}}, Segment{{w, 0}, {w, ht}},
                                  Segment{{w, ht}, {0, ht}}, Segment{{0, ht}, {0, 0}}};
  const std::size_t walls = obstacles.size();
  std::vector<Hex> hexes;
  for (int i = 0; i < 4; ++i) {
    for (int j = 0; j < 3; ++j) {
      const Real cx = Real(18 + 28 * i + (j % 2) * 13), cy = Real(15 + 25 * j);
      const Real phase = Real(0.3) * Real(i) + Real(0.11) * Real(j);
      std::vector<Vec2> v;
      Hex hx;
      for (int k = 0; k < 6; ++k) {
        const Real a = phase + kPi * Real(k) / 3;
        v.push_back({cx + Real(6.5) * std::cos(a), cy + Real(6.5) * std::sin(a)});
        hx.v[std::size_t(k)] = d2(v.back());
      }
      obstacles.push_back(*make_polygon(v));
      hexes.push_back(hx);
    }
  }
  Shape ball = Circle{{5, 41}, radius};
  Vec2 velocity{Real(-9.7), Real(7.9)};  // 12.5 radii per step
  const double v0 = std::hypot(double(velocity.x), double(velocity.y));
  ASSERT_GT(v0, 10 * radius);
  MoveOptions options;
  options.response = Response::bounce;
  ASSERT_FALSE(validate_move(ball, velocity, obstacles, options));

  long wall_bounces = 0, hex_bounces = 0, escapes = 0, enters = 0, path_enters = 0, overlaps_ = 0;
  double drift = 0, min_gap = 1e300;
  for (int s = 0; s < 100000; ++s) {
    const D2 start = d2(std::get<Circle>(ball).center);
    const MoveResult r = move(ball, velocity, obstacles, options);
    ball = r.shape;
    velocity = r.displacement;
    const D2 c = d2(std::get<Circle>(ball).center);
    // The path: start, the center at each contact (point - normal * radius), the end.
    std::vector<D2> path{start};
    for (const MoveContact& m : r.contacts) {
      (m.obstacle < walls ? wall_bounces : hex_bounces)++;
      path.push_back({double(m.point.x) - double(m.normal.x) * radius,
                      double(m.point.y) - double(m.normal.y) * radius});
    }
    path.push_back(c);
    if (c.x - radius <= 0 || c.x + radius >= w || c.y - radius <= 0 || c.y + radius >= ht) ++escapes;
    for (const Hex& h : hexes) {
      double end_gap = inside(h, c) ? -1 : 1e300;
      for (int i = 0; i < 6 && end_gap > 0; ++i)
        end_gap = std::min(end_gap, point_segment(c, h.v[std::size_t(i)], h.v[std::size_t((i + 1) % 6)]) - radius);
      if (end_gap <= 0) ++enters;
      min_gap = std::min(min_gap, end_gap);
      for (std::size_t k = 0; k + 1 < path.size(); ++k)
        if (path_distance(h, path[k], path[k + 1]) < radius * (1 - 1e-3)) ++path_enters;
    }
    for (const Shape& o : obstacles) overlaps_ += overlaps(ball, o);
    drift = std::max(drift, std::fabs(std::hypot(double(velocity.x), double(velocity.y)) - v0) / v0);
  }
  RecordProperty("wall_bounces", int(wall_bounces));
  RecordProperty("hexagon_bounces", int(hex_bounces));
  std::printf("bouncing ball: %ld wall bounces, %ld hexagon bounces, drift %.2e, min gap %.2e\n",
              wall_bounces, hex_bounces, drift, min_gap);
  EXPECT_EQ(escapes, 0);
  EXPECT_EQ(enters, 0);
  EXPECT_EQ(path_enters, 0);
  EXPECT_EQ(overlaps_, 0);
  EXPECT_LE(drift, 1e-4);
  EXPECT_GT(wall_bounces, 1000);
  EXPECT_GT(hex_bounces, 1000);
}
