// collide2d - 2D collision detection for games. MIT License.
/// @file room_map_far_test.cpp  RoomMap::nearest_wall for points far outside the map, up to
/// the largest coordinates Real holds: a wall is always found (index >= 0) and its distance
/// agrees with a long-double scan of every wall. (Squared distances of points beyond ~1e154
/// overflow a double: before the fix a double build reported "no wall" there.)

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>

#include "collide2d/room_map.hpp"

namespace collide2d::inline COLLIDE2D_ABI {
namespace {

using LD = long double;

/// An L-shaped room (number 0) with a square pillar (impassable two-sided lines) inside.
RoomMapDesc l_room() {
  RoomMapDesc d;
  const double pts[6][2] = {{0, 0}, {300, 0}, {300, 100}, {120, 100}, {120, 250}, {0, 250}};
  for (const auto& p : pts) d.vertices.push_back(Vec2(Real(p[0]), Real(p[1])));
  for (int i = 0; i < 6; ++i) d.lines.push_back(MapLine{(i + 1) % 6, i, 0, -1, false});  // room on the right
  const double sq[4][2] = {{40, 40}, {70, 40}, {70, 70}, {40, 70}};
  for (const auto& p : sq) d.vertices.push_back(Vec2(Real(p[0]), Real(p[1])));
  for (int i = 0; i < 4; ++i) d.lines.push_back(MapLine{6 + i, 6 + (i + 1) % 4, 0, 0, true});
  d.room_count = 1;
  return d;
}

LD brute_wall(const RoomMapDesc& d, LD px, LD py) {
  LD best = std::numeric_limits<LD>::infinity();
  for (const MapLine& l : d.lines) {
    const LD ax = d.vertices[std::size_t(l.v1)].x, ay = d.vertices[std::size_t(l.v1)].y;
    const LD dx = LD(d.vertices[std::size_t(l.v2)].x) - ax, dy = LD(d.vertices[std::size_t(l.v2)].y) - ay;
    const LD l2 = dx * dx + dy * dy;
    LD t = l2 > 0 ? ((px - ax) * dx + (py - ay) * dy) / l2 : 0;
    t = std::clamp(t, LD(0), LD(1));
    best = std::min(best, std::hypot(px - (ax + t * dx), py - (ay + t * dy)));
  }
  return best;
}

TEST(RoomMapFar, NearestWallIsFoundAtAnyDistance) {
  const RoomMapDesc d = l_room();
  const RoomMap map = RoomMap::make(d).value();
  // Magnitudes from the map's own scale up to a tenth of the largest Real (the distance to the
  // map must stay finite).
  const LD top = LD(std::numeric_limits<Real>::max()) / 10;
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> angle(0, 2 * 3.14159265358979323846);
  int checked = 0;
  for (LD mag = 1e3L; mag <= top; mag *= 1e7L) {
    for (int k = 0; k < 16; ++k) {
      const double a = k < 8 ? k * 3.14159265358979323846 / 4 : angle(rng);  // axes, diagonals, random
      const Vec2 p(Real(mag * std::cos(a)), Real(mag * std::sin(a)));
      const NearestPoint w = map.nearest_wall(p);
      const LD want = brute_wall(d, p.x, p.y);
      ASSERT_GE(w.index, 0) << "no wall found from (" << p.x << ", " << p.y << ")";
      ASSERT_TRUE(std::isfinite(w.distance));
      EXPECT_LE(std::fabs(LD(w.distance) - want), want * 64 * LD(std::numeric_limits<Real>::epsilon()))
          << "from (" << p.x << ", " << p.y << ")";
      // The reported point is on the reported wall's line and at the reported distance.
      EXPECT_LE(std::fabs(std::hypot(LD(p.x) - w.point.x, LD(p.y) - w.point.y) - LD(w.distance)),
                want * 64 * LD(std::numeric_limits<Real>::epsilon()));
      EXPECT_EQ(map.room_at(p), -1);
      EXPECT_FALSE(map.fits(p, Real(0)));
      ++checked;
    }
  }
  EXPECT_GT(checked, 16 * 4);
}

}  // namespace
}  // namespace collide2d
