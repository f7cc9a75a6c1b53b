// collide2d - 2D collision detection for games. MIT License.
// Issue 11 on the maps' movers (now thin wrappers of the one mover): bug 2, a long slide that
// carried TileMap::move out of the edges it had gathered and through a wall; bug 3, a disc wider
// than a corridor pushed into its entrance along a wall, which ended inside the corner and
// jittered. The exact cases of the issue, checked against brute force over the cells (the end
// overlaps no solid cell, the start and end cells are joined by free cells) and against the
// slide worked out by hand.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <deque>
#include <vector>

#include "collide2d/tilemap.hpp"

using namespace collide2d;

namespace {

/// Brute force: the distance from p to the nearest solid cell or the outside of the map.
double clearance(const TileMap& m, Vec2 p) {
  const Aabb b = m.bounds();
  double best = std::min({double(p.x - b.min.x), double(b.max.x - p.x), double(p.y - b.min.y), double(b.max.y - p.y)});
  for (int r = 0; r < m.height(); ++r)
    for (int c = 0; c < m.width(); ++c) {
      if (!m.solid(c, r)) continue;
      const Aabb cb = m.cell_box(c, r);
      const double dx = std::max({double(cb.min.x) - p.x, 0.0, double(p.x) - cb.max.x});
      const double dy = std::max({double(cb.min.y) - p.y, 0.0, double(p.y) - cb.max.y});
      best = std::min(best, std::hypot(dx, dy));
    }
  return best;
}

/// Breadth-first search over 4-connected free cells: are the cells of a and b joined?
bool same_region(const TileMap& m, Vec2 a, Vec2 b) {
  const TileCell ca = m.cell_at(a), cb = m.cell_at(b);
  if (m.solid(ca.col, ca.row) || m.solid(cb.col, cb.row)) return false;
  std::vector<char> seen(std::size_t(m.width() * m.height()), 0);
  std::deque<TileCell> q{ca};
  seen[std::size_t(ca.row * m.width() + ca.col)] = 1;
  while (!q.empty()) {
    const TileCell c = q.front();
    q.pop_front();
    if (c == cb) return true;
    for (TileCell n : {TileCell{c.col + 1, c.row}, TileCell{c.col - 1, c.row}, TileCell{c.col, c.row + 1},
                       TileCell{c.col, c.row - 1}}) {
      if (m.solid(n.col, n.row) || seen[std::size_t(n.row * m.width() + n.col)]) continue;
      seen[std::size_t(n.row * m.width() + n.col)] = 1;
      q.push_back(n);
    }
  }
  return false;
}

TileMap grid(int w, int h, std::initializer_list<TileCell> solid, bool walls_at_sides = false) {
  std::vector<std::uint8_t> g(std::size_t(w * h), 0);
  for (TileCell c : solid) g[std::size_t(c.row * w + c.col)] = 1;
  if (walls_at_sides)
    for (int r = 0; r < h; ++r) g[std::size_t(r * w)] = g[std::size_t(r * w + w - 1)] = 1;
  return *TileMap::from_grid(w, h, g, {32, 32});
}

}  // namespace

// Bug 2: a 12 x 20 grid of 32 px tiles, column 1 solid, cell (6, 10) solid. The disc going up
// meets the corner (192, 352) of cell (6, 10) and slides off it to the left and up: its rest,
// projected on the corner's tangent, carries it 142 px left, beyond the straight path's window,
// to column 1, where it slides up the wall (center x = 64 + 9.6). It used to end inside (1, 8).
TEST(MapMoveIssue11, LongSlideStaysOutOfTheWallsItWasNotHeadingFor) {
  std::vector<TileCell> solid{{6, 10}};
  for (int r = 0; r < 20; ++r) solid.push_back({1, r});
  std::vector<std::uint8_t> g(12 * 20, 0);
  for (TileCell c : solid) g[std::size_t(c.row * 12 + c.col)] = 1;
  const TileMap m = *TileMap::from_grid(12, 20, g, {32, 32});
  const Circle start{{187, 600}, Real(9.6)};
  const Vec2 d{0, -560};
  const MoveResult r = m.move(start, d);
  const Vec2 end = std::get<Circle>(r.shape).center;
  EXPECT_GE(clearance(m, end), double(start.radius)) << end.x << ", " << end.y;
  EXPECT_TRUE(same_region(m, start.center, end));
  EXPECT_LE(double(length(r.translation)), double(length(d)) * (1 + 1e-6));
  EXPECT_NEAR(double(end.x), 73.6, 0.05) << "slides along column 1";
  EXPECT_LT(double(end.y), 292.0) << "went up past the corner's level";
  EXPECT_GE(r.contacts.size(), 2u);

  const CircleMove c = m.move_circle(start, d, 8);
  EXPECT_GE(clearance(m, c.center), double(start.radius));
  EXPECT_TRUE(same_region(m, start.center, c.center));
  EXPECT_NEAR(double(c.center.x), 73.6, 0.05);
  EXPECT_LT(double(c.center.y), 292.0);
}

// Bug 3: a 5 x 6 map (sides solid), the room above row 3 three tiles wide, below it a corridor
// one tile (32 px) wide in column 3. A disc of radius 16.53 pushed down along the room's right
// wall (x = 128) cannot enter: it stops against the wall and the corridor's entrance corner
// (96, 96), center (128 - 16.53, 96 - sqrt(16.53^2 - 15.47^2)) = (111.47, 90.18), and stays
// there step after step: never inside a wall, no jitter.
TEST(MapMoveIssue11, DiscWiderThanACorridorRestsAtItsEntranceWithoutJitter) {
  const TileMap m = grid(5, 6, {{1, 3}, {2, 3}, {1, 4}, {2, 4}, {1, 5}, {2, 5}}, true);
  const Real r = Real(16.53);
  for (int variant = 0; variant < 2; ++variant) {
    Vec2 p{Real(128 - 16.53 - 0.5), 40};
    Vec2 prev = p;
    double worst_depth = 0, late_jitter = 0;
    for (int step = 0; step < 2000; ++step) {
      const Vec2 d{1, 4};  // down, pressing into the right wall
      if (variant == 0) {
        p = m.move_circle({p, r}, d).center;
      } else {
        p = std::get<Circle>(m.move(Circle{p, r}, d).shape).center;
      }
      worst_depth = std::max(worst_depth, double(r) - clearance(m, p));
      if (step >= 100) late_jitter = std::max(late_jitter, double(length(p - prev)));
      prev = p;
    }
    EXPECT_LE(worst_depth, 0.0) << "variant " << variant << ": ended inside a wall";
    // Against the wall and the corner, a few skins off them (a gap g to the corner moves the
    // center up by about 2.8 g).
    EXPECT_NEAR(double(p.x), 111.47, 0.1) << "variant " << variant;
    EXPECT_NEAR(double(length(p - Vec2{96, 96})), 16.53, 0.1) << "variant " << variant;
    EXPECT_LT(double(p.y), 90.2) << "variant " << variant;
    EXPECT_LE(late_jitter, double(m.skin()) * 0.1) << "variant " << variant << ": jitters";
    EXPECT_TRUE(same_region(m, {111, 40}, p));
  }
}
