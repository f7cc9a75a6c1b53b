// collide2d - 2D collision detection for games. MIT License.
// RoomMap on generated maps whose answers are known independently: "cell maps", where every
// S x S cell of a grid belongs to a room (or the void) and lines separate cells of different
// rooms, plus self-referencing squares inside some cells. This gives concave rooms, holes,
// rooms of several pieces, lines in both directions, one-sided and impassable lines. The
// expected room of a point is read from the cell grid; wall distances and fits come from a
// brute-force scan in long double; movement is checked against brute-force wall distances and
// exact segment crossings.

#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>
#include <map>
#include <random>
#include <set>
#include <vector>

#include <gtest/gtest.h>

#include "collide2d/motion.hpp"
#include "collide2d/query.hpp"
#include "collide2d/room_map.hpp"
#include "collide2d/sweep.hpp"

using collide2d::Invalid;
using collide2d::MapLine;
using collide2d::Real;
using collide2d::RoomMap;
using collide2d::RoomMapDesc;
using collide2d::Vec2;
using LD = long double;

namespace {

struct CellMap {
  int w = 0, h = 0;
  double s = 16;
  std::vector<int> cell;      // room per cell, -1 void
  std::vector<int> self_sec;  // per cell: a self-referencing square's room, or -1
  RoomMapDesc desc;

  int at(int i, int j) const { return i < 0 || j < 0 || i >= w || j >= h ? -1 : cell[std::size_t(j * w + i)]; }
  // The expected room of a point strictly inside a cell and off the squares' lines.
  int expect(double x, double y) const {
    const int i = int(std::floor(x / s)), j = int(std::floor(y / s));
    if (i < 0 || j < 0 || i >= w || j >= h) return -1;
    const int sq = self_sec[std::size_t(j * w + i)];
    const double cx = (i + 0.5) * s, cy = (j + 0.5) * s;
    if (sq >= 0 && std::fabs(x - cx) < s / 4 && std::fabs(y - cy) < s / 4) return sq;
    return at(i, j);
  }
};

CellMap make_cell_map(std::mt19937& rng, int w, int h, int rooms) {
  CellMap m;
  m.w = w, m.h = h;
  m.cell.assign(std::size_t(w * h), -1);
  m.self_sec.assign(std::size_t(w * h), -1);
  std::uniform_int_distribution<int> ux(0, w - 1), uy(0, h - 1), us(-1, rooms - 1);
  for (int r = 0; r < 3 * rooms; ++r) {  // paint random rectangles
    const int x0 = ux(rng), y0 = uy(rng), x1 = std::min(w - 1, x0 + ux(rng) / 2), y1 = std::min(h - 1, y0 + uy(rng) / 2);
    int s = us(rng);
    if (r < rooms) s = r;  // every room gets something (possibly overpainted later)
    for (int j = y0; j <= y1; ++j)
      for (int i = x0; i <= x1; ++i) m.cell[std::size_t(j * w + i)] = s;
  }
  std::map<std::pair<long long, long long>, int> vid;
  auto vertex = [&](double x, double y) {
    const auto key = std::make_pair((long long)std::llround(x * 4), (long long)std::llround(y * 4));
    auto it = vid.find(key);
    if (it != vid.end()) return it->second;
    m.desc.vertices.push_back(Vec2(Real(x), Real(y)));
    return vid[key] = int(m.desc.vertices.size() - 1);
  };
  std::bernoulli_distribution flip(0.5), imp(0.1), texture(0.05);
  // Adds a line from (x0, y0) to (x1, y1) with `right` on its right, `left` on its left,
  // stored in a random direction.
  auto add = [&](double x0, double y0, double x1, double y1, int right, int left, bool impassable) {
    MapLine l;
    l.v1 = vertex(x0, y0), l.v2 = vertex(x1, y1), l.front = right, l.back = left;
    if (flip(rng)) std::swap(l.v1, l.v2), std::swap(l.front, l.back);
    l.impassable = impassable;
    m.desc.lines.push_back(l);
  };
  const double s = m.s;
  for (int j = 0; j <= h; ++j)
    for (int i = 0; i <= w; ++i) {
      // Horizontal edge at y = j s, from x = i s to (i + 1) s: below is on the right.
      if (i < w) {
        const int below = m.at(i, j - 1), above = m.at(i, j);
        if (below != above) add(i * s, j * s, (i + 1) * s, j * s, below, above, imp(rng));
        else if (below >= 0 && texture(rng)) add(i * s, j * s, (i + 1) * s, j * s, below, above, imp(rng));
      }
      // Vertical edge at x = i s, from y = j s to (j + 1) s: the right cell is on the right.
      if (j < h) {
        const int left = m.at(i - 1, j), right = m.at(i, j);
        if (left != right) add(i * s, j * s, i * s, (j + 1) * s, right, left, imp(rng));
        else if (left >= 0 && texture(rng)) add(i * s, j * s, i * s, (j + 1) * s, right, left, imp(rng));
      }
    }
  // Self-referencing squares (each its own room) inside some room cells.
  int next = rooms;
  std::bernoulli_distribution sq(0.08);
  for (int j = 0; j < h; ++j)
    for (int i = 0; i < w; ++i) {
      if (m.at(i, j) < 0 || !sq(rng)) continue;
      const int sec = next++;
      m.self_sec[std::size_t(j * w + i)] = sec;
      const double cx = (i + 0.5) * s, cy = (j + 0.5) * s, r = s / 4;
      const double xs[4] = {cx - r, cx + r, cx + r, cx - r}, ys[4] = {cy - r, cy - r, cy + r, cy + r};
      for (int k = 0; k < 4; ++k) add(xs[k], ys[k], xs[(k + 1) % 4], ys[(k + 1) % 4], sec, sec, false);
    }
  m.desc.room_count = next;
  return m;
}

LD seg_dist(LD px, LD py, LD ax, LD ay, LD bx, LD by) {
  const LD dx = bx - ax, dy = by - ay, l2 = dx * dx + dy * dy;
  LD t = l2 > 0 ? ((px - ax) * dx + (py - ay) * dy) / l2 : 0;
  t = std::clamp(t, LD(0), LD(1));
  return std::hypot(px - (ax + t * dx), py - (ay + t * dy));
}

LD brute_wall(const RoomMapDesc& d, Vec2 p) {
  LD best = INFINITY;
  for (const MapLine& l : d.lines) {
    if (!(l.front < 0 || l.back < 0 || l.impassable)) continue;
    const Vec2 a = d.vertices[std::size_t(l.v1)], b = d.vertices[std::size_t(l.v2)];
    best = std::min(best, seg_dist(p.x, p.y, a.x, a.y, b.x, b.y));
  }
  return best;
}

// Proper crossing of segments pq and ab (exact for the small integers and quarters used here).
bool proper_cross(Vec2 p, Vec2 q, Vec2 a, Vec2 b) {
  auto o = [](Vec2 u, Vec2 v, Vec2 w) {
    const LD c = (LD(v.x) - u.x) * (LD(w.y) - u.y) - (LD(v.y) - u.y) * (LD(w.x) - u.x);
    return c > 0 ? 1 : (c < 0 ? -1 : 0);
  };
  return o(p, q, a) * o(p, q, b) < 0 && o(a, b, p) * o(a, b, q) < 0;
}

}  // namespace

TEST(RoomMapLocate, CellMapsAgreeWithTheirCells) {
  std::mt19937 rng(21);
  int checked = 0, in_self = 0, in_void = 0;
  for (int trial = 0; trial < 30; ++trial) {
    const CellMap m = make_cell_map(rng, 8 + trial % 20, 6 + trial % 13, 2 + trial % 9);
    const RoomMap sm = RoomMap::make(m.desc).value();
    EXPECT_TRUE(sm.unclosed_rooms().empty());
    std::uniform_real_distribution<double> ux(-20, m.w * m.s + 20), uy(-20, m.h * m.s + 20);
    for (int k = 0; k < 3000; ++k) {
      const double x = ux(rng), y = uy(rng);
      const Vec2 p{Real(x), Real(y)};
      const int want = m.expect(double(p.x), double(p.y));
      ASSERT_EQ(sm.room_at(p), want) << "trial " << trial << " at " << x << ", " << y;
      ++checked;
      if (want < 0) ++in_void;
      if (want >= 0 && want >= m.desc.room_count - 100 && sm.self_referencing(want)) ++in_self;
    }
  }
  EXPECT_GT(in_self, 100);
  EXPECT_GT(in_void, 1000);
  EXPECT_EQ(checked, 90000);
}

// is_free (the maps' shared question, as TileMap::is_free): a shape is free when it is in a
// room and touches no blocking wall. Independent answer: the cell grid for the room of the
// shape's centre and a scan of every blocking line with the query layer's distance.
TEST(RoomMapWalls, IsFreeAgreesWithCellsAndAScanOfEveryWall) {
  using namespace collide2d;
  std::mt19937 rng(27);
  int free_count = 0, walled = 0, in_void = 0;
  for (int trial = 0; trial < 12; ++trial) {
    const CellMap m = make_cell_map(rng, 12, 10, 6);
    const RoomMap sm = RoomMap::make(m.desc).value();
    std::uniform_real_distribution<double> ux(-20, m.w * m.s + 20), uy(-20, m.h * m.s + 20), us(0.5, 12),
        ua(-3.2, 3.2);
    for (int k = 0; k < 600; ++k) {
      const Vec2 c{Real(ux(rng)), Real(uy(rng))};
      const Real a = Real(us(rng)), b = Real(us(rng)) / 2, t = Real(ua(rng));
      const Vec2 u{std::cos(t), std::sin(t)};
      Shape s;
      switch (k % 7) {
        case 0: s = Point{c}; break;
        case 1: s = Circle{c, b}; break;
        case 2: s = Box(c, {a / 2, b}, t); break;
        case 3: s = Capsule{c - u * (a / 2), c + u * (a / 2), b / 2}; break;
        case 4: s = Segment{c - u * (a / 2), c + u * (a / 2)}; break;
        case 5: s = Sector(c, a, t, b / 4); break;
        default: s = Aabb{c - Vec2{a / 2, b / 2}, c + Vec2{a / 2, b / 2}}; break;
      }
      LD gap = INFINITY;
      for (const MapLine& l : m.desc.lines) {
        if (!(l.front < 0 || l.back < 0 || l.impassable)) continue;
        const Shape wall = Segment{m.desc.vertices[std::size_t(l.v1)], m.desc.vertices[std::size_t(l.v2)]};
        gap = std::min(gap, LD(distance(wall, s).distance));
      }
      if (gap < 1e-3L) {  // touching or overlapping a wall (within the scan's rounding: skip)
        if (gap <= 0) {
          EXPECT_FALSE(sm.is_free(s)) << k;
        }
        ++walled;
        continue;
      }
      const Vec2 at = rotation_center(s);
      const bool want = m.expect(double(at.x), double(at.y)) >= 0;
      in_void += !want;
      free_count += want;
      ASSERT_EQ(sm.is_free(s), want) << "trial " << trial << " shape " << k;
      if (const Point* p = std::get_if<Point>(&s)) {
        EXPECT_EQ(sm.is_free(p->at), want);
      }
    }
  }
  EXPECT_GT(free_count, 1000);
  EXPECT_GT(walled, 500);
  EXPECT_GT(in_void, 300);
  const RoomMap empty;
  EXPECT_FALSE(empty.is_free(Vec2(0, 0)));
  EXPECT_FALSE(empty.is_free(Shape(Circle{{0, 0}, 1})));
}

TEST(RoomMapLocate, PointsOnLinesGetOneOfTheirSides) {
  std::mt19937 rng(22);
  for (int trial = 0; trial < 20; ++trial) {
    const CellMap m = make_cell_map(rng, 10, 9, 5);
    const RoomMap sm = RoomMap::make(m.desc).value();
    // Every lattice point at quarter-cell spacing: corners, edge points, square corners.
    for (int j = -1; j <= 4 * m.h + 1; ++j)
      for (int i = -1; i <= 4 * m.w + 1; ++i) {
        const double x = i * m.s / 4, y = j * m.s / 4;
        std::set<int> allowed;
        for (double dx : {-1e-3, 1e-3})
          for (double dy : {-1e-3, 1e-3}) allowed.insert(m.expect(x + dx, y + dy));
        const int got = sm.room_at(Vec2(Real(x), Real(y)));
        ASSERT_TRUE(allowed.count(got)) << x << ", " << y << " got " << got;
      }
  }
}

TEST(RoomMapWalls, NearestWallAndFitsAgreeWithBruteForce) {
  std::mt19937 rng(23);
  for (int trial = 0; trial < 20; ++trial) {
    const CellMap m = make_cell_map(rng, 12, 10, 6);
    const RoomMap sm = RoomMap::make(m.desc).value();
    std::uniform_real_distribution<double> ux(-100, m.w * m.s + 100), uy(-100, m.h * m.s + 100), ur(0, 20);
    for (int k = 0; k < 1000; ++k) {
      const Vec2 p{Real(ux(rng)), Real(uy(rng))};
      const LD want = brute_wall(m.desc, p);
      const auto got = sm.nearest_wall(p);
      ASSERT_NEAR(double(got.distance), double(want), 1e-4 * (1 + double(want)));
      ASSERT_TRUE(sm.blocking(got.index));
      const Real r = Real(ur(rng));
      const LD margin = want - r;
      if (std::fabs(double(margin)) > 1e-3) {
        ASSERT_EQ(sm.fits(p, r), sm.room_at(p) >= 0 && margin > 0);
      }
    }
  }
}

TEST(RoomMapShape, LoopsCloseAndEncloseTheCellArea) {
  std::mt19937 rng(24);
  for (int trial = 0; trial < 10; ++trial) {
    const CellMap m = make_cell_map(rng, 12, 10, 6);
    const RoomMap sm = RoomMap::make(m.desc).value();
    for (int s = 0; s < 6; ++s) {
      double cells = 0;
      for (int c : m.cell) cells += c == s;
      double area = 0;
      for (const auto& loop : sm.room_loops(s)) area += collide2d::signed_area(loop);
      EXPECT_NEAR(area, cells * m.s * m.s, 1e-6) << "room " << s;
    }
  }
}

TEST(RoomMapShape, ReportsRoomsWhoseLinesDoNotClose) {
  std::mt19937 rng(25);
  CellMap m = make_cell_map(rng, 6, 6, 3);
  // Drop a line between two different sides; both of its rooms no longer close.
  std::size_t k = 0;
  while (k < m.desc.lines.size() && m.desc.lines[k].front == m.desc.lines[k].back) ++k;
  ASSERT_LT(k, m.desc.lines.size());
  const MapLine gone = m.desc.lines[k];
  m.desc.lines.erase(m.desc.lines.begin() + long(k));
  const RoomMap sm = RoomMap::make(m.desc).value();
  std::set<int> want;
  for (int s : {gone.front, gone.back})
    if (s >= 0) want.insert(s);
  EXPECT_EQ(std::set<int>(sm.unclosed_rooms().begin(), sm.unclosed_rooms().end()), want);
}

// Each refusal names the field: the description's element and what is wrong with it.
TEST(RoomMapShape, RejectsBadDescriptionsNamingTheField) {
  RoomMapDesc good;
  good.vertices = {Vec2(0, 0), Vec2(1, 0), Vec2(0, 1)};
  good.room_count = 2;
  good.lines = {MapLine{0, 1, 0, -1, false}, MapLine{1, 2, 0, 1, false}, MapLine{2, 0, 0, -1, false}};
  ASSERT_FALSE(collide2d::validate(good));
  ASSERT_TRUE(RoomMap::make(good));
  struct Case {
    const char* field;
    void (*spoil)(RoomMapDesc&);
  } cases[] = {
      {"room_count", [](RoomMapDesc& d) { d.room_count = -1; }},
      {"vertices[2]", [](RoomMapDesc& d) { d.vertices[2] = Vec2(Real(NAN), 0); }},
      {"vertices[1]", [](RoomMapDesc& d) { d.vertices[1] = Vec2(0, std::numeric_limits<Real>::infinity()); }},
      {"lines[1].v1", [](RoomMapDesc& d) { d.lines[1].v1 = -1; }},
      {"lines[2].v2", [](RoomMapDesc& d) { d.lines[2].v2 = 3; }},
      {"lines[0].front", [](RoomMapDesc& d) { d.lines[0].front = 2; }},
      {"lines[1].back", [](RoomMapDesc& d) { d.lines[1].back = -2; }},
      {"lines[0].front", [](RoomMapDesc& d) { d.room_count = 0; }},
  };
  for (const Case& c : cases) {
    RoomMapDesc d = good;
    c.spoil(d);
    Invalid why;
    EXPECT_FALSE(RoomMap::make(d, &why)) << c.field;
    EXPECT_EQ(why.field, c.field) << why.text();
    EXPECT_FALSE(why.message.empty());
    EXPECT_EQ(collide2d::validate(d)->field, c.field);
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
    try {  // the deprecated constructor throws the same refusal
      const RoomMap old(d);
      ADD_FAILURE() << c.field << " accepted by the deprecated constructor";
    } catch (const std::invalid_argument& e) {
      EXPECT_EQ(std::string(e.what()), why.text());
    }
#pragma GCC diagnostic pop
  }
  const RoomMap empty;
  EXPECT_EQ(empty.room_at(Vec2(0, 0)), -1);
  EXPECT_EQ(empty.nearest_wall(Vec2(0, 0)).index, -1);
}

namespace {

// A box room [0, w] x [0, h] (room 0), optionally split at x = split by an impassable line
// with room 1 on the right half.
RoomMap room(double w, double h, double split = -1) {
  RoomMapDesc d;
  if (split < 0) {
    d.vertices = {Vec2(0, 0), Vec2(Real(w), 0), Vec2(Real(w), Real(h)), Vec2(0, Real(h))};
    d.room_count = 1;
    for (int k = 0; k < 4; ++k) d.lines.push_back(MapLine{(k + 1) % 4, k, 0, -1, false});
  } else {
    d.vertices = {Vec2(0, 0), Vec2(Real(split), 0), Vec2(Real(w), 0), Vec2(Real(w), Real(h)),
                  Vec2(Real(split), Real(h)), Vec2(0, Real(h))};
    d.room_count = 2;
    // The outline clockwise, so each line has the room on its right (its front).
    const int ring[6] = {0, 5, 4, 3, 2, 1};
    const int sec[6] = {0, 0, 1, 1, 1, 0};
    for (int k = 0; k < 6; ++k) d.lines.push_back(MapLine{ring[k], ring[(k + 1) % 6], sec[k], -1, false});
    d.lines.push_back(MapLine{1, 4, 1, 0, true});  // x = split going up: room 1 on its right
  }
  return RoomMap::make(d).value();
}

}  // namespace

TEST(RoomMapMove, RandomWalksStayInsideAndClearOfWalls) {
  std::mt19937 rng(26);
  int moves = 0, contacts = 0;
  for (int trial = 0; trial < 6; ++trial) {
    const CellMap m = make_cell_map(rng, 14, 12, 5);
    const RoomMap sm = RoomMap::make(m.desc).value();
    std::uniform_real_distribution<double> ux(0, m.w * m.s), uy(0, m.h * m.s), ua(0, 6.2831853), ul(0, 40);
    for (int player = 0; player < 10; ++player) {
      const Real r = Real(1 + player % 4);
      Vec2 p;
      int tries = 0;
      do p = Vec2(Real(ux(rng)), Real(uy(rng)));
      while (!sm.fits(p, r) && ++tries < 10000);
      if (tries >= 10000) continue;
      for (int step = 0; step < 300; ++step) {
        const double a = ua(rng), l = ul(rng);
        const Vec2 d(Real(l * std::cos(a)), Real(l * std::sin(a)));
        const auto mv = sm.move_circle(p, r, d);
        ++moves;
        contacts += mv.contacts;
        ASSERT_GE(sm.room_at(mv.center), 0);
        ASSERT_GE(double(brute_wall(m.desc, mv.center)), double(r) - 1e-6 * (1 + m.w * m.s));
        for (const MapLine& ln : m.desc.lines)
          if (ln.front < 0 || ln.back < 0 || ln.impassable) {
            ASSERT_FALSE(proper_cross(p, mv.center, m.desc.vertices[std::size_t(ln.v1)],
                                      m.desc.vertices[std::size_t(ln.v2)]));
          }
        p = mv.center;
      }
    }
  }
  EXPECT_GT(moves, 10000);
  EXPECT_GT(contacts, 1000);
}

TEST(RoomMapMove, SlidesAlongAWall) {
  const RoomMap sm = room(100, 50);
  const Vec2 start(20, 2.5f);
  const auto mv = sm.move_circle(start, 2, Vec2(10, -10));
  EXPECT_EQ(mv.contacts, 1);
  EXPECT_NEAR(mv.center.x, 30, 1e-3);  // the tangential part is kept
  EXPECT_NEAR(mv.center.y, 2, 1e-3);   // the normal part stops at the radius
  EXPECT_NEAR(mv.displacement.x, 10, 1e-3);  // the new velocity: the slide along the wall
  EXPECT_NEAR(mv.displacement.y, 0, 1e-3);
  EXPECT_GE(double(sm.wall_distance(mv.center)), 2.0 - 1e-6);
}

TEST(RoomMapMove, StaysStillInACorner) {
  const RoomMap sm = room(100, 50);
  Vec2 p(90, 40);
  std::vector<Vec2> seen;
  for (int k = 0; k < 40; ++k) {
    p = sm.move_circle(p, 3, Vec2(4, 3)).center;
    seen.push_back(p);
  }
  // After reaching the corner the circle does not move at all (no jitter).
  for (std::size_t k = 10; k < seen.size(); ++k) EXPECT_EQ(seen[k], seen[9]);
  // A skin off both walls: the one skin rule (motion.hpp) with the map's minimum skin.
  collide2d::MoveOptions opt;
  opt.skin = sm.skin();
  const double skin = double(collide2d::move_skin(collide2d::Circle{p, 3}, Vec2(4, 3), opt));
  EXPECT_NEAR(p.x, 97 - skin, 2e-4);
  EXPECT_NEAR(p.y, 47 - skin, 2e-4);
}

TEST(RoomMapMove, DoesNotTunnelThroughAThinWallAtSpeed) {
  const RoomMap sm = room(2000, 100, 1000);
  ASSERT_EQ(sm.room_at(Vec2(500, 50)), 0);
  ASSERT_EQ(sm.room_at(Vec2(1500, 50)), 1);
  for (double speed : {10.0, 999.0, 5000.0, 1e6}) {
    const auto mv = sm.move_circle(Vec2(990, 50), 1, Vec2(Real(speed), Real(speed * 1e-3)));
    EXPECT_EQ(sm.room_at(mv.center), 0) << speed;
    // Stops a skin short (the one skin rule: it grows with the coordinates the move reaches).
    collide2d::MoveOptions opt;
    opt.skin = sm.skin();
    const Vec2 d(Real(speed), Real(speed * 1e-3));
    const double skin = double(collide2d::move_skin(collide2d::Circle{Vec2(990, 50), 1}, d, opt));
    // At least a skin short (less rounding); the sweep's time of impact is early by at most its
    // touching tolerance, which grows with the displacement (kSweepRelTol per unit of length).
    const double sweep_tol = double(collide2d::kSweepRelTol) * (1 + speed);
    EXPECT_LE(mv.center.x, 999 - skin * 0.99) << speed;
    EXPECT_GE(mv.center.x, 999 - 2.5 * skin - 2 * sweep_tol) << speed;
  }
  // Refused input: the circle stays.
  EXPECT_EQ(sm.move_circle(Vec2(500, 50), 1, Vec2(Real(NAN), 0)).center, Vec2(500, 50));
}
