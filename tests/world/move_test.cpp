// collide2d - 2D collision detection for games. MIT License.
// World::move and crowds over layers and proxies together, checked independently of the mover:
// soaks in mixed worlds (tile map + props + monsters; room map + pillars; island + rocks)
// count escapes (a body ending in a wall, a prop, the sea or a pillar's void, by brute force
// over every cell, wall and disc), tunnels (a body's free region changes: tile components by
// flood fill, room or void), overlaps between bodies beyond the skin, and jitter (a body
// pressed into a corner keeps moving); contacts name what they hit; the crowd gives the same
// bits for any thread count and equals moving the bodies one by one; bad input is refused with
// the world unchanged.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "collide2d/world.hpp"
#include "maps/disc_union_reference.hpp"

using namespace collide2d;

namespace {

constexpr std::uint32_t kWalls = 1, kProps = 2, kMonsters = 4;
// How deep a body may end in something it must not enter: rounding only.
constexpr Real kDeep = sizeof(Real) == 4 ? Real(2e-3) : Real(1e-7);

struct Rand {
  std::mt19937 eng;
  explicit Rand(unsigned seed) : eng(seed) {}
  Real uniform(Real lo, Real hi) { return std::uniform_real_distribution<Real>(lo, hi)(eng); }
  int below(int n) { return int(eng() % unsigned(n)); }
};

Vec2 center_of(const World& w, ProxyHandle h) { return std::get<Circle>(*w.shape(h)).center; }
Real radius_of(const World& w, ProxyHandle h) { return std::get<Circle>(*w.shape(h)).radius; }

/// Labels of the free cells' 4-connected components (-1 for solid cells).
std::vector<int> free_components(const TileMap& m) {
  std::vector<int> label(std::size_t(m.width() * m.height()), -1);
  int next = 0;
  for (int s = 0; s < m.width() * m.height(); ++s) {
    if (m.cells()[std::size_t(s)] || label[std::size_t(s)] >= 0) continue;
    std::vector<int> stack{s};
    label[std::size_t(s)] = next;
    while (!stack.empty()) {
      const int c = stack.back();
      stack.pop_back();
      const int x = c % m.width(), y = c / m.width();
      const int nb[4][2] = {{x + 1, y}, {x - 1, y}, {x, y + 1}, {x, y - 1}};
      for (auto& q : nb) {
        if (q[0] < 0 || q[1] < 0 || q[0] >= m.width() || q[1] >= m.height()) continue;
        const int k = q[1] * m.width() + q[0];
        if (m.cells()[std::size_t(k)] || label[std::size_t(k)] >= 0) continue;
        label[std::size_t(k)] = next;
        stack.push_back(k);
      }
    }
    ++next;
  }
  return label;
}

/// How deep a disc lies in the solid cells or outside the map (brute force over every cell).
Real tile_depth(const TileMap& m, const Circle& c) {
  Real deep = 0;
  for (int r = 0; r < m.height(); ++r)
    for (int k = 0; k < m.width(); ++k) {
      if (!m.solid(k, r)) continue;
      const Aabb b = m.cell_box(k, r);
      const Vec2 q = max(b.min, min(c.center, b.max));
      deep = std::max(deep, c.radius - length(c.center - q));
    }
  const Aabb mb = m.bounds();
  deep = std::max({deep, c.radius - (c.center.x - mb.min.x), c.radius - (mb.max.x - c.center.x),
                   c.radius - (c.center.y - mb.min.y), c.radius - (mb.max.y - c.center.y)});
  return deep;
}

struct Soak {
  int steps = 0, moves = 0, escapes = 0, tunnels = 0, overlaps = 0, contacts = 0;
};

/// Largest overlap depth between any two monsters (all pairs).
int count_overlaps(const World& w, const std::vector<ProxyHandle>& bodies, Real skin_tol) {
  int n = 0;
  for (std::size_t i = 0; i < bodies.size(); ++i)
    for (std::size_t j = i + 1; j < bodies.size(); ++j) {
      const Real d = length(center_of(w, bodies[i]) - center_of(w, bodies[j]));
      if (d < radius_of(w, bodies[i]) + radius_of(w, bodies[j]) - skin_tol) ++n;
    }
  return n;
}

TEST(WorldMove, TileMapPropsAndMonstersSoak) {
  Rand r(21);
  std::vector<std::uint8_t> grid(48 * 36);
  for (auto& c : grid) c = r.below(6) == 0;
  for (int k = 10; k < 38; ++k) grid[std::size_t(18 * 48 + k)] = 1;  // a long wall
  TileMap map = *TileMap::from_grid(48, 36, grid, {16, 16});  // Tiled pixels
  World w;
  ASSERT_TRUE(w.add_layer({map, 1, Filter{kWalls}}));
  const std::vector<int> comp = free_components(map);
  auto comp_at = [&](Vec2 p) {
    const TileCell c = map.cell_at(p);
    return comp[std::size_t(c.row * 48 + c.col)];
  };
  std::vector<Shape> props;
  for (int i = 0; i < 40; ++i) {
    const Vec2 c{r.uniform(40, 728), r.uniform(40, 536)};
    Shape s = r.below(2) ? Shape(Box(c, {r.uniform(4, 12), r.uniform(4, 12)}, r.uniform(0, 3))) : Shape(Circle{c, r.uniform(4, 10)});
    if (!map.is_free(s)) continue;
    props.push_back(s);
    w.create({s, 0, Filter{kProps}, true});
  }
  std::vector<ProxyHandle> bodies;
  for (int tries = 0; bodies.size() < 150 && tries < 5000; ++tries) {
    const Circle c{{r.uniform(8, 760), r.uniform(8, 568)}, r.uniform(4, 7)};
    if (!map.is_free(c)) continue;
    if (!w.overlap(c).empty()) continue;
    bodies.push_back(*w.create({c, 0, Filter{kMonsters}}));
  }
  ASSERT_GT(bodies.size(), 120u);
  std::vector<Vec2> heading(bodies.size());
  std::vector<int> start_comp;
  for (ProxyHandle h : bodies) start_comp.push_back(comp_at(center_of(w, h)));
  Soak s;
  std::vector<WorldMove> out;
  std::vector<Vec2> d(bodies.size());
  for (int step = 0; step < 400; ++step) {
    for (std::size_t i = 0; i < bodies.size(); ++i) {
      if (step % 40 == 0) {
        const Real a = r.uniform(-kPi, kPi);
        heading[i] = Vec2{std::cos(a), std::sin(a)} * r.uniform(0, 40);  // up to 2.5 tiles a step
      }
      d[i] = heading[i];
    }
    ASSERT_FALSE(w.move_crowd(bodies, d, {}, out));
    ++s.steps;
    for (std::size_t i = 0; i < bodies.size(); ++i) {
      ++s.moves;
      s.contacts += int(out[i].hits.size());
      const Circle c = std::get<Circle>(*w.shape(bodies[i]));
      if (tile_depth(map, c) > kDeep) ++s.escapes;
      for (const Shape& p : props)
        if (distance(c, p).distance == 0 && contact(c, p).depth > kDeep) ++s.escapes;
      if (comp_at(c.center) != start_comp[i]) ++s.tunnels;
    }
    s.overlaps += count_overlaps(w, bodies, kDeep);
  }
  std::printf("tile soak: %d moves, %d contacts, %d escapes, %d tunnels, %d overlaps\n", s.moves, s.contacts,
              s.escapes, s.tunnels, s.overlaps);
  EXPECT_EQ(s.escapes, 0);
  EXPECT_EQ(s.tunnels, 0);
  EXPECT_EQ(s.overlaps, 0);
  EXPECT_GT(s.contacts, 1000);
  EXPECT_FALSE(w.validate());
}

/// A closed loop of lines through `pts`, room 0 on their front (right) side.
void add_room_loop(RoomMapDesc& d, const std::vector<Vec2>& pts) {
  const int base = int(d.vertices.size());
  for (Vec2 p : pts) d.vertices.push_back(p);
  for (int i = 0; i < int(pts.size()); ++i) d.lines.push_back(MapLine{base + i, base + (i + 1) % int(pts.size()), 0, -1, false});
}

RoomMapDesc room_with_pillars(std::vector<Aabb>& pillars) {
  RoomMapDesc d;
  d.room_count = 1;
  auto loop = [&](const std::vector<Vec2>& pts) { add_room_loop(d, pts); };
  loop({{0, 0}, {0, 512}, {768, 512}, {768, 0}});
  for (int k = 0; k < 8; ++k) {
    const Vec2 c{Real(96 + (k % 4) * 180), Real(128 + (k / 4) * 256)};
    const Real h = 24 + Real(k % 3) * 8;
    pillars.push_back(Aabb{c - Vec2{h, h}, c + Vec2{h, h}});
    loop({{c.x - h, c.y - h}, {c.x - h, c.y + h}, {c.x + h, c.y + h}, {c.x + h, c.y - h}});
  }
  return d;
}

/// A body slides along a room map's walls where they are split into many lines meeting at
/// slight convex and concave joints (a Doom wall split into linedefs, a round room and a round
/// pillar as many-sided polygons). The walls reach the mover without ghost vertices; the
/// expectation, worked out from the geometry alone: the slide goes on along the merged boundary,
/// every step gaining at least 90% of the displacement's part along the boundary, never blocked,
/// never nearer a wall than the radius less rounding.
TEST(WorldMove, RoomWallsSplitIntoLinesDoNotSnagASlide) {
  std::mt19937 g(5);
  std::uniform_real_distribution<float> jitter(-0.05f, 0.05f);
  auto polygon = [](RoomMapDesc& d, const std::vector<Vec2>& pts, int front, int back) {
    const int base = int(d.vertices.size());
    for (Vec2 p : pts) d.vertices.push_back(p);
    for (int i = 0; i < int(pts.size()); ++i)
      d.lines.push_back(MapLine{base + i, base + (i + 1) % int(pts.size()), front, back, false});
  };
  auto nearest_wall = [](const RoomMapDesc& d, Vec2 p) {
    Real best = std::numeric_limits<Real>::max();
    for (const MapLine& l : d.lines) {
      const Vec2 a = d.vertices[std::size_t(l.v1)], b = d.vertices[std::size_t(l.v2)];
      const Real t = std::clamp(dot(p - a, b - a) / dot(b - a, b - a), Real(0), Real(1));
      best = std::min(best, length(p - (a + (b - a) * t)));
    }
    return best;
  };
  const Real R = 16, tol = sizeof(Real) == 4 ? Real(0.01) : Real(1e-6);
  // (1) A straight floor of 300 lines with jittered joints; the body pushed along and into it.
  {
    RoomMapDesc d;
    d.room_count = 1;
    std::vector<Vec2> pts;
    for (int i = 0; i <= 300; ++i) pts.push_back({Real(i) * 4, i == 0 || i == 300 ? Real(0) : jitter(g)});
    pts.push_back({1200, 400});
    pts.push_back({0, 400});
    polygon(d, pts, 0, -1);
    World w;
    w.add_layer({RoomMap::make(d).value(), 0, Filter{kWalls}});
    Circle body{{40, R + 1}, R};
    int steps = 0;
    while (body.center.x < 1100) {
      const Vec2 step{4, -1};
      WorldMove m;
      ASSERT_FALSE(w.move(body, step, Filter{}, {}, m));
      const Circle next = std::get<Circle>(m.result.shape);
      ASSERT_GE(next.center.x - body.center.x, Real(0.9) * step.x) << "snagged at x = " << body.center.x;
      ASSERT_GE(nearest_wall(d, next.center), R - tol);
      body = next;
      ASSERT_LT(++steps, 400);
    }
  }
  // (2) Inside a round room (a 96-gon, every joint concave from the body's side) and round a
  // round pillar (a 48-gon, every joint convex): pushed along the wall and a little into it,
  // the body goes round.
  for (const bool inside : {true, false}) {
    RoomMapDesc d;
    d.room_count = 1;
    std::vector<Vec2> room, pillar;
    for (int i = 0; i < 96; ++i) room.push_back(Vec2{std::cos(-2 * kPi * Real(i) / 96), std::sin(-2 * kPi * Real(i) / 96)} * 400);
    for (int i = 0; i < 48; ++i) pillar.push_back(Vec2{std::cos(2 * kPi * Real(i) / 48), std::sin(2 * kPi * Real(i) / 48)} * 120);
    polygon(d, room, 0, -1);
    polygon(d, pillar, -1, 0);
    World w;
    w.add_layer({RoomMap::make(d).value(), 0, Filter{kWalls}});
    const Real orbit = inside ? 400 - R - 1 : 120 + R + 1;
    Circle body{{orbit, 0}, R};
    Real turned = 0;
    for (int step = 0; step < 3000 && turned < 2 * kPi; ++step) {
      const Vec2 out = normalize(body.center), along = perp(out);
      const Vec2 d_step = along * Real(6) + out * (inside ? Real(1.5) : Real(-1.5));
      WorldMove m;
      ASSERT_FALSE(w.move(body, d_step, Filter{}, {}, m));
      const Circle next = std::get<Circle>(m.result.shape);
      ASSERT_GE(dot(next.center - body.center, along), Real(0.9) * 6)
          << (inside ? "inside" : "round the pillar") << ": snagged at step " << step;
      ASSERT_GE(nearest_wall(d, next.center), R - tol);
      turned += std::atan2(cross(body.center, next.center), dot(body.center, next.center));
      body = next;
    }
    EXPECT_GE(turned, 2 * kPi) << (inside ? "inside" : "round the pillar");
  }
}

TEST(WorldMove, RoomMapAndPillarsSoak) {
  std::vector<Aabb> pillars;
  RoomMapDesc desc = room_with_pillars(pillars);
  const RoomMap room = RoomMap::make(desc).value();
  World w;
  ASSERT_TRUE(w.add_layer({room, 2, Filter{kWalls}}));
  Rand r(22);
  std::vector<ProxyHandle> bodies;
  for (int tries = 0; bodies.size() < 100 && tries < 5000; ++tries) {
    const Circle c{{r.uniform(10, 758), r.uniform(10, 502)}, r.uniform(6, 12)};
    if (!room.fits(c.center, c.radius) || !w.overlap(c).empty()) continue;
    bodies.push_back(*w.create({c, 0, Filter{kMonsters}}));
  }
  Soak s;
  std::vector<WorldMove> out;
  std::vector<Vec2> d(bodies.size());
  for (int step = 0; step < 400; ++step) {
    for (std::size_t i = 0; i < bodies.size(); ++i) {
      if (step % 30 == 0) {
        const Real a = r.uniform(-kPi, kPi);
        d[i] = Vec2{std::cos(a), std::sin(a)} * r.uniform(0, 90);  // up to 3 pillar widths a step
      }
    }
    ASSERT_FALSE(w.move_crowd(bodies, d, {}, out));
    for (std::size_t i = 0; i < bodies.size(); ++i) {
      ++s.moves;
      s.contacts += int(out[i].hits.size());
      const Circle c = std::get<Circle>(*w.shape(bodies[i]));
      Real wall = std::numeric_limits<Real>::infinity();
      for (const MapLine& l : desc.lines) {
        const Segment seg{desc.vertices[std::size_t(l.v1)], desc.vertices[std::size_t(l.v2)]};
        wall = std::min(wall, distance(Point{c.center}, seg).distance);
      }
      if (wall < c.radius - kDeep * 16) ++s.escapes;
      bool in_pillar = c.center.x <= 0 || c.center.y <= 0 || c.center.x >= 768 || c.center.y >= 512;
      for (const Aabb& p : pillars) in_pillar = in_pillar || p.overlaps(Aabb{c.center, c.center});
      if (in_pillar) ++s.tunnels;
    }
    s.overlaps += count_overlaps(w, bodies, kDeep * 16);
  }
  std::printf("room soak: %d moves, %d contacts, %d escapes, %d tunnels, %d overlaps\n", s.moves, s.contacts,
              s.escapes, s.tunnels, s.overlaps);
  EXPECT_EQ(s.escapes, 0);
  EXPECT_EQ(s.tunnels, 0);
  EXPECT_EQ(s.overlaps, 0);
  EXPECT_GT(s.contacts, 500);
}

TEST(WorldMove, IslandAndRocksSoak) {
  Rand r(23);
  std::vector<Circle> discs;
  for (int i = 0; i < 40; ++i) discs.push_back(Circle{{r.uniform(0, 60), r.uniform(0, 40)}, r.uniform(4, 9)});
  DiscUnion island(discs);
  ref_union::Union ref(discs, 0);
  World w;
  ASSERT_TRUE(w.add_layer({island, 3, Filter{kWalls}}));
  std::vector<Circle> rocks;
  for (int i = 0; i < 25; ++i) {
    const Circle c{{r.uniform(0, 60), r.uniform(0, 40)}, r.uniform(Real(0.5), Real(1.5))};
    if (!island.contains(c)) continue;
    rocks.push_back(c);
    w.create({c, 0, Filter{kProps}, true});
  }
  std::vector<ProxyHandle> bodies;
  for (int tries = 0; bodies.size() < 80 && tries < 5000; ++tries) {
    const Circle c{{r.uniform(0, 60), r.uniform(0, 40)}, r.uniform(Real(0.3), Real(0.6))};
    if (!island.contains(c) || !w.overlap(c).empty()) continue;
    bodies.push_back(*w.create({c, 0, Filter{kMonsters}}));
  }
  Soak s;
  std::vector<WorldMove> out;
  std::vector<Vec2> d(bodies.size());
  for (int step = 0; step < 400; ++step) {
    for (std::size_t i = 0; i < bodies.size(); ++i) {
      if (step % 25 == 0) {
        const Real a = r.uniform(-kPi, kPi);
        d[i] = Vec2{std::cos(a), std::sin(a)} * r.uniform(0, 3);
      }
    }
    ASSERT_FALSE(w.move_crowd(bodies, d, {}, out));
    for (std::size_t i = 0; i < bodies.size(); ++i) {
      ++s.moves;
      s.contacts += int(out[i].hits.size());
      const Circle c = std::get<Circle>(*w.shape(bodies[i]));
      // In the sea beyond rounding (the long-double reference's signed distance).
      if (double(ref.signed_distance(c.center.x, c.center.y)) > -double(c.radius) + double(kDeep) * 4) ++s.escapes;
      for (const Circle& k : rocks)
        if (length(c.center - k.center) < c.radius + k.radius - kDeep) ++s.escapes;
    }
    s.overlaps += count_overlaps(w, bodies, kDeep);
  }
  std::printf("island soak: %d moves, %d contacts, %d escapes, %d overlaps\n", s.moves, s.contacts, s.escapes,
              s.overlaps);
  EXPECT_EQ(s.escapes, 0);
  EXPECT_EQ(s.overlaps, 0);
  EXPECT_GT(s.contacts, 300);
}

TEST(WorldMove, NoJitterPressedIntoCorners) {
  // Bodies pushed every step into concave corners (tile corners, a wall and a prop) settle.
  std::vector<std::uint8_t> grid(10 * 10, 0);
  for (int k = 0; k < 10; ++k) grid[std::size_t(5 * 10 + k)] = k < 6;  // a ledge with a corner at the map side
  TileMap map = *TileMap::from_grid(10, 10, grid, {1, 1});
  World w;
  w.add_layer({map, 0, Filter{kWalls}});
  w.create({Box({8.5, 2}, {0.5, 2}, Real(0.3)), 0, Filter{kProps}, true});
  std::vector<ProxyHandle> bodies = {*w.create({Circle{{2, 3}, Real(0.4)}, 0, Filter{kMonsters}}),
                                     *w.create({Circle{{3, 8}, Real(0.4)}, 0, Filter{kMonsters}}),
                                     *w.create({Circle{{8, 7}, Real(0.3)}, 0, Filter{kMonsters}})};
  const std::vector<Vec2> push = {{-0.7f, -0.7f}, {-0.5f, 0.9f}, {0.9f, -0.8f}};
  std::vector<WorldMove> out;
  int jitter = 0;
  std::vector<Vec2> last(bodies.size());
  for (int step = 0; step < 200; ++step) {
    ASSERT_FALSE(w.move_crowd(bodies, push, {}, out));
    for (std::size_t i = 0; i < bodies.size(); ++i) {
      const Vec2 c = center_of(w, bodies[i]);
      if (step > 20 && length(c - last[i]) > kDeep) ++jitter;
      last[i] = c;
    }
  }
  EXPECT_EQ(jitter, 0);
}

TEST(WorldMove, ContactsNameWhatWasHit) {
  TileMap map = TileMap::make(20, 20, {1, 1}).value();
  map.set_solid(10, 5, true);
  std::vector<Aabb> pillars;
  RoomMapDesc desc = room_with_pillars(pillars);
  World w;
  const LayerHandle tiles = *w.add_layer({map, 77, Filter{kWalls}});
  const ProxyHandle crate = *w.create({Aabb{{4, 14}, {6, 16}}, 88, Filter{kProps}, true});
  const ProxyHandle me = *w.create({Circle{{2, 5.5f}, 0.4f}, 1, Filter{kMonsters}});
  WorldMove m;
  ASSERT_FALSE(w.move(me, {20, 0}, {}, &m));  // into the solid cell (10, 5)
  ASSERT_FALSE(m.hits.empty());
  EXPECT_EQ(m.hits[0].kind, HitKind::edge);
  EXPECT_EQ(m.hits[0].layer, tiles);
  EXPECT_EQ(m.hits[0].user_data, 77u);
  const TileEdge& e = map.edges()[m.hits[0].element];
  EXPECT_NEAR(e.a.x, 10, kDeep);
  EXPECT_NEAR(e.b.x, 10, kDeep);
  EXPECT_LT(center_of(w, me).x, 10 - Real(0.4));
  // A free shape moving into the crate: a proxy hit; the world is not changed.
  ASSERT_FALSE(w.move(Circle{{1, 15}, 0.5f}, {10, 0}, Filter{kMonsters}, {}, m));
  ASSERT_FALSE(m.hits.empty());
  EXPECT_EQ(m.hits[0].kind, HitKind::proxy);
  EXPECT_EQ(m.hits[0].proxy, crate);
  EXPECT_EQ(m.hits[0].user_data, 88u);
  EXPECT_NEAR(std::get<Circle>(m.result.shape).center.x, Real(3.5), Real(0.01));
  // A filter that does not touch props passes through the crate.
  ASSERT_FALSE(w.move(Circle{{1, 15}, 0.5f}, {10, 0}, Filter{kMonsters, kWalls}, {}, m));
  EXPECT_TRUE(m.hits.empty());
  // Room walls and coast arcs.
  World w2;
  const LayerHandle room = *w2.add_layer({RoomMap::make(desc).value(), 5, Filter{kWalls}});
  ASSERT_FALSE(w2.move(Circle{{40, 40}, 10}, {-100, 0}, Filter{}, {}, m));
  ASSERT_FALSE(m.hits.empty());
  EXPECT_EQ(m.hits[0].kind, HitKind::line);
  EXPECT_EQ(m.hits[0].layer, room);
  EXPECT_EQ(m.hits[0].element, 0u);  // the line from (0, 0) to (0, 512)
  const Circle isle[1] = {{{0, 0}, 10}};
  World w3;
  w3.add_layer({DiscUnion(isle), 6, Filter{kWalls}});
  ASSERT_FALSE(w3.move(Circle{{0, 0}, 1}, {20, 0}, Filter{}, {}, m));
  ASSERT_FALSE(m.hits.empty());
  EXPECT_EQ(m.hits[0].kind, HitKind::arc);
  EXPECT_LT(std::get<Circle>(m.result.shape).center.x, 9);
}

TEST(WorldMove, BadInputLeavesTheWorldUnchanged) {
  World w;
  w.add_layer({TileMap::make(8, 8, {1, 1}).value()});
  const ProxyHandle a = *w.create({Circle{{2, 2}, 0.4f}, 0, {}});
  const ProxyHandle b = *w.create({Circle{{5, 5}, 0.4f}, 0, {}});
  const Shape before = *w.shape(a);
  auto bad = w.move(a, {std::numeric_limits<Real>::quiet_NaN(), 0});
  ASSERT_TRUE(bad);
  EXPECT_EQ(bad->field, "displacement");
  EXPECT_EQ(std::get<Circle>(*w.shape(a)).center, std::get<Circle>(before).center);
  MoveOptions o;
  o.max_iterations = 0;
  EXPECT_TRUE(w.move(a, {1, 0}, o));
  ASSERT_FALSE(w.destroy(b));
  bad = w.move(b, {1, 0});
  ASSERT_TRUE(bad);
  EXPECT_EQ(bad->field, "handle");
  std::vector<WorldMove> out;
  const ProxyHandle twice[2] = {a, a};
  const Vec2 d2[2] = {{1, 0}, {1, 0}};
  bad = w.move_crowd(twice, d2, {}, out);
  ASSERT_TRUE(bad);
  EXPECT_EQ(bad->field, "bodies[1]");
  const ProxyHandle stale[2] = {a, b};
  bad = w.move_crowd(stale, d2, {}, out);
  ASSERT_TRUE(bad);
  EXPECT_EQ(bad->field, "bodies[1].handle");
  // A bad body or displacement is reported before a repeat, wherever it is.
  const ProxyHandle c = *w.create({Circle{{5, 2}, 0.4f}, 0, {}});
  const ProxyHandle repeat_then_stale[3] = {a, a, b};
  const Vec2 d3[3] = {{1, 0}, {1, 0}, {1, 0}};
  bad = w.move_crowd(repeat_then_stale, d3, {}, out);
  ASSERT_TRUE(bad);
  EXPECT_EQ(bad->field, "bodies[2].handle");
  const ProxyHandle repeat_then_live[3] = {a, a, c};
  const Vec2 d3_nan[3] = {{1, 0}, {1, 0}, {std::numeric_limits<Real>::quiet_NaN(), 0}};
  bad = w.move_crowd(repeat_then_live, d3_nan, {}, out);
  ASSERT_TRUE(bad);
  EXPECT_EQ(bad->field, "displacements[2]");
  const ProxyHandle two_repeats[4] = {c, a, c, a};
  const Vec2 d4[4] = {{1, 0}, {1, 0}, {1, 0}, {1, 0}};
  bad = w.move_crowd(two_repeats, d4, {}, out);
  ASSERT_TRUE(bad);
  EXPECT_EQ(bad->field, "bodies[2]");
  EXPECT_EQ(std::get<Circle>(*w.shape(c)).center, (Vec2{5, 2}));
  const Vec2 one[1] = {{1, 0}};
  EXPECT_TRUE(w.move_crowd(twice, one, {}, out));
  EXPECT_EQ(std::get<Circle>(*w.shape(a)).center, std::get<Circle>(before).center);
  EXPECT_TRUE(w.move(Circle{{0, 0}, -1}, {1, 0}, Filter{}, {}, out.emplace_back()));
}

/// What World::move must give: the one mover over every other live proxy that the body's filter
/// touches and whose box meets the move region (slot order, found by a scan of every proxy,
/// no broad phase), then the tile layer's walls.
template <class Map>
MoveResult brute_force_move(const World& w, const Map& map, ProxyHandle self, Vec2 d) {
  const Shape body = *w.shape(self);
  const Aabb region = move_region(body, d);
  std::vector<Shape> shapes;
  std::vector<ProxyHandle> owners;
  for (ProxyHandle h : w.handles()) {
    if (h == self || !filters_touch(w.filter(self), w.filter(h)) || !w.bounds(h).overlaps(region)) continue;
    shapes.push_back(*w.shape(h));
    owners.push_back(h);
  }
  std::vector<Obstacle> obs;
  for (std::size_t i = 0; i < shapes.size(); ++i) obs.push_back(shape_obstacle(shapes[i], owners[i].index));
  if (filters_touch(w.filter(self), Filter{kWalls})) map.gather(region, obs, 0);
  return move(body, d, obs);
}

// The world finds a mover's obstacles in a list of the proxies near its fat box, kept up to date
// as fat boxes change, instead of a broad-phase query, and its tile walls in the edges kept with
// that list (src/world/world_near.cpp). Whatever happens to the world in between (creations,
// destructions and slot reuse, teleports, move_by, filters, tiles set and cleared, the layer
// replaced, a snapshot restored, long moves beyond the fat box, both broad phases), every move
// equals the brute-force one bit for bit and World::validate() (which checks every list against
// the broad phase and the kept edges against the map) passes.
TEST(WorldMove, MovesSeeEveryProxyInReachAsTheWorldChanges) {
  for (const BroadphaseKind kind : {BroadphaseKind::tree, BroadphaseKind::grid}) {
    Rand r(47);
    std::vector<std::uint8_t> grid(32 * 24);
    for (auto& c : grid) c = r.below(8) == 0;
    WorldOptions wo;
    wo.broadphase = kind;
    wo.cell_size = 2;
    World w(wo);
    const LayerHandle layer = *w.add_layer({*TileMap::from_grid(32, 24, grid, {1, 1}), 0, Filter{kWalls}});
    auto tiles = [&]() -> const TileMap& { return std::get<TileMap>(*w.layer(layer)); };  // as it is now
    auto free_disc = [&](Real rmin, Real rmax) {
      for (;;) {
        const Circle c{{r.uniform(1, 31), r.uniform(1, 23)}, r.uniform(rmin, rmax)};
        if (tiles().is_free(c) && w.overlap(c).empty()) return c;
      }
    };
    for (int i = 0; i < 12; ++i) w.create({free_disc(Real(0.3), Real(0.6)), 0, Filter{kProps}, true});
    std::vector<ProxyHandle> bodies;
    for (int i = 0; i < 60; ++i) bodies.push_back(*w.create({free_disc(Real(0.2), Real(0.4)), 0, Filter{kMonsters}}));
    int moves = 0;
    for (int step = 0; step < 120; ++step) {
      for (std::size_t i = 0; i < bodies.size(); ++i) {
        const Real a = r.uniform(-kPi, kPi);
        // Mostly short steps (the region inside the fat box), now and then a long one.
        const Vec2 d = Vec2{std::cos(a), std::sin(a)} * (r.below(20) == 0 ? r.uniform(1, 4) : r.uniform(0, Real(0.3)));
        const MoveResult expect = brute_force_move(w, tiles(), bodies[i], d);
        WorldMove got;
        ASSERT_FALSE(w.move(bodies[i], d, {}, &got));
        const Circle e = std::get<Circle>(expect.shape), g = std::get<Circle>(got.result.shape);
        ASSERT_EQ(e.center.x, g.center.x) << "step " << step << " body " << i;
        ASSERT_EQ(e.center.y, g.center.y) << "step " << step << " body " << i;
        ASSERT_EQ(expect.contacts.size(), got.result.contacts.size());
        // (a move whose path is clear is answered without making obstacles: the same answer)
        ASSERT_EQ(expect.displacement, got.result.displacement) << "step " << step << " body " << i;
        ASSERT_EQ(expect.iterations, got.result.iterations) << "step " << step << " body " << i;
        ASSERT_EQ(expect.blocked, got.result.blocked) << "step " << step << " body " << i;
        ++moves;
      }
      // The world changes between steps.
      switch (step % 6) {
        case 0: {  // a body goes, another comes (reusing the slot after update())
          const std::size_t k = std::size_t(r.below(int(bodies.size())));
          ASSERT_FALSE(w.destroy(bodies[k]));
          w.update();
          bodies[k] = *w.create({free_disc(Real(0.2), Real(0.4)), 0, Filter{kMonsters}});
          break;
        }
        case 1:  // a new prop appears
          w.create({free_disc(Real(0.3), Real(0.6)), 0, Filter{kProps}, true});
          break;
        case 2: {  // a teleport
          const std::size_t k = std::size_t(r.below(int(bodies.size())));
          ASSERT_FALSE(w.set_shape(bodies[k], free_disc(Real(0.2), Real(0.4))));
          break;
        }
        case 3: {  // a push
          const std::size_t k = std::size_t(r.below(int(bodies.size())));
          ASSERT_FALSE(w.move_by(bodies[k], {r.uniform(-1, 1), r.uniform(-1, 1)}));
          break;
        }
        case 4: {  // a body stops touching monsters, or starts again
          const std::size_t k = std::size_t(r.below(int(bodies.size())));
          const Filter f = w.filter(bodies[k]);
          ASSERT_FALSE(w.set_filter(bodies[k], f.mask == Filter{}.mask ? Filter{kMonsters, ~kMonsters} : Filter{kMonsters}));
          break;
        }
        default:
          if (step == 53) {  // a snapshot put back: the lists start over
            ASSERT_FALSE(w.restore(w.snapshot()));
          } else if (step == 89) {  // a new level: the layer replaced
            for (auto& c : grid) c = r.below(8) == 0;
            ASSERT_FALSE(w.replace_layer(layer, {*TileMap::from_grid(32, 24, grid, {1, 1}), 0, Filter{kWalls}}));
          } else {  // tiles set and cleared where the bodies walk (a door, a wall knocked down)
            for (int k = 0; k < 4; ++k) {
              const Vec2 at = std::get<Circle>(*w.shape(bodies[std::size_t(r.below(int(bodies.size())))])).center +
                              Vec2{r.uniform(-2, 2), r.uniform(-2, 2)};
              const TileCell c = tiles().cell_at(at);
              if (tiles().cell_index(c) >= 0) { ASSERT_FALSE(w.set_tile(layer, c.col, c.row, !tiles().solid(c.col, c.row))); }
            }
          }
          break;
      }
      ASSERT_FALSE(w.validate()) << w.validate()->text();
    }
    EXPECT_EQ(moves, 120 * 60);
  }
}

/// Body h moved by d with World::move, or (`crowd`) with move_crowd of that one body (the
/// crowd's disc path): its answer must be `expect` bit for bit (centre, contacts, displacement).
void expect_world_move(World& w, ProxyHandle h, Vec2 d, bool crowd, const MoveResult& expect, const std::string& where) {
  WorldMove got;
  if (!crowd) {
    ASSERT_FALSE(w.move(h, d, {}, &got));
  } else {
    std::vector<WorldMove> out;
    ASSERT_FALSE(w.move_crowd(std::span(&h, 1), std::span(&d, 1), {}, out));
    got = out[0];
  }
  const Circle e = std::get<Circle>(expect.shape), g = std::get<Circle>(got.result.shape);
  ASSERT_EQ(e.center.x, g.center.x) << where;
  ASSERT_EQ(e.center.y, g.center.y) << where;
  ASSERT_EQ(expect.contacts.size(), got.result.contacts.size()) << where;
  ASSERT_EQ(expect.displacement, got.result.displacement) << where;
  ASSERT_EQ(expect.iterations, got.result.iterations) << where;
  ASSERT_EQ(expect.blocked, got.result.blocked) << where;
}

// A near list holds only the proxies whose filters touch its slot's, and proxies destroyed since
// they were listed (whose tight box meets nothing), so that a listed move reads only tight boxes
// (src/world/world_near.cpp). A dense crowd of three filter groups (a and b do not touch; c
// touches both): every step some bodies are destroyed (their slots still in lists while the
// others move), the slots destroyed the step before are reused with another group's filter, and
// some bodies change group (set_filter). Every move (World::move, and the crowd's disc path)
// equals the brute-force move bit for bit, and World::validate() (which checks every list
// entry's filter, and every destroyed one's tight box) passes.
TEST(WorldMove, NearListsFollowFiltersAndDestroyedProxies) {
  const Filter groups[3] = {Filter{kMonsters, ~kProps}, Filter{kProps, ~kMonsters}, Filter{kMonsters | kProps}};
  for (const BroadphaseKind kind : {BroadphaseKind::tree, BroadphaseKind::grid}) {
    Rand r(61);
    std::vector<std::uint8_t> grid(20 * 20, 0);
    for (int i = 0; i < 20; ++i) grid[std::size_t(i)] = grid[std::size_t(19 * 20 + i)] = grid[std::size_t(i * 20)] =
        grid[std::size_t(i * 20 + 19)] = 1;  // a border of walls
    const TileMap tiles = *TileMap::from_grid(20, 20, grid, {1, 1});
    WorldOptions wo;
    wo.broadphase = kind;
    wo.cell_size = 2;
    World w(wo);
    w.add_layer({tiles, 0, Filter{kWalls}});
    auto free_disc = [&]() {
      for (;;) {
        const Circle c{{r.uniform(1, 19), r.uniform(1, 19)}, r.uniform(Real(0.25), Real(0.45))};
        if (tiles.is_free(c) && w.overlap(c).empty()) return c;
      }
    };
    auto group = [&]() { return groups[r.below(3)]; };
    std::vector<ProxyHandle> bodies;
    for (int i = 0; i < 90; ++i) bodies.push_back(*w.create({free_disc(), 0, group()}));
    std::vector<std::size_t> gone;  // bodies destroyed last step (their slots in the lists)
    int moves = 0;
    for (int step = 0; step < 80; ++step) {
      for (std::size_t i = 0; i < bodies.size(); ++i) {
        if (!w.is_valid(bodies[i])) continue;
        const Real a = r.uniform(-kPi, kPi);
        const Vec2 d = Vec2{std::cos(a), std::sin(a)} * (r.below(20) == 0 ? r.uniform(1, 2) : r.uniform(0, Real(0.2)));
        const MoveResult expect = brute_force_move(w, tiles, bodies[i], d);
        const std::string where = "step " + std::to_string(step) + " body " + std::to_string(i);
        ASSERT_NO_FATAL_FAILURE(expect_world_move(w, bodies[i], d, (step + i) % 2 == 1, expect, where));
        ++moves;
      }
      w.update();  // (the slots destroyed last step can be reused now: the lowest first)
      for (std::size_t k : gone) bodies[k] = *w.create({free_disc(), 0, group()});
      gone.clear();
      for (int k = 0; k < 4; ++k) {
        const std::size_t i = std::size_t(r.below(int(bodies.size())));
        if (!w.is_valid(bodies[i])) continue;
        if (k % 2 == 0) {
          ASSERT_FALSE(w.destroy(bodies[i]));
          gone.push_back(i);
        } else {
          ASSERT_FALSE(w.set_filter(bodies[i], group()));
        }
      }
      ASSERT_FALSE(w.validate()) << w.validate()->text();
    }
    EXPECT_GT(moves, 80 * 85);
  }
}

/// A room map of `n` pillars (squares and diamonds: straight and slanted lines) in a room of
/// 64 x 48, placed by `r` (a pillar that would meet another is left out).
RoomMapDesc room_with_slanted_pillars(Rand& r, int n) {
  RoomMapDesc d;
  d.room_count = 1;
  auto loop = [&](const std::vector<Vec2>& pts) { add_room_loop(d, pts); };
  loop({{0, 0}, {0, 48}, {64, 48}, {64, 0}});
  std::vector<Aabb> taken;
  for (int k = 0; k < n; ++k) {
    const Vec2 c{r.uniform(3, 61), r.uniform(3, 45)};
    const Real h = r.uniform(Real(0.4), 2);
    const Aabb box{c - Vec2{h + 1, h + 1}, c + Vec2{h + 1, h + 1}};
    if (std::any_of(taken.begin(), taken.end(), [&](const Aabb& t) { return t.overlaps(box); })) continue;
    taken.push_back(box);
    if (r.below(2)) {
      loop({{c.x - h, c.y - h}, {c.x - h, c.y + h}, {c.x + h, c.y + h}, {c.x + h, c.y - h}});
    } else {
      loop({{c.x - h, c.y}, {c.x, c.y + h}, {c.x + h, c.y}, {c.x, c.y - h}});
    }
  }
  return d;
}

// The same for a room map's lines, which a moving slot keeps with its list too (the clear test
// reads them): whatever happens in between (the layer replaced by another level, teleports,
// long moves that widen every new list's box, a snapshot restored, both broad phases), every
// move, by World::move or by the crowd's disc path, equals the brute-force one bit for bit and World::validate()
// (which checks the kept lines against the map) passes.
TEST(WorldMove, MovesSeeEveryRoomLineInReachAsTheWorldChanges) {
  for (const BroadphaseKind kind : {BroadphaseKind::tree, BroadphaseKind::grid}) {
    Rand r(53);
    WorldOptions wo;
    wo.broadphase = kind;
    wo.cell_size = 2;
    World w(wo);
    RoomMap room = RoomMap::make(room_with_slanted_pillars(r, 60)).value();
    const LayerHandle layer = *w.add_layer({room, 0, Filter{kWalls}});
    auto free_disc = [&]() {
      for (;;) {
        const Circle c{{r.uniform(1, 63), r.uniform(1, 47)}, r.uniform(Real(0.2), Real(0.5))};
        if (room.is_free(Shape(c)) && w.overlap(c).empty()) return c;
      }
    };
    std::vector<ProxyHandle> bodies;
    for (int i = 0; i < 50; ++i) bodies.push_back(*w.create({free_disc(), 0, Filter{kMonsters}}));
    int moves = 0;
    std::vector<Vec2> d(bodies.size());
    for (int step = 0; step < 100; ++step) {
      for (Vec2& v : d) {
        const Real a = r.uniform(-kPi, kPi);
        // Mostly short steps (the region inside the list box), now and then a long one.
        v = Vec2{std::cos(a), std::sin(a)} * (r.below(25) == 0 ? r.uniform(1, 3) : r.uniform(0, Real(0.25)));
      }
      for (std::size_t i = 0; i < bodies.size(); ++i) {
        const MoveResult expect = brute_force_move(w, room, bodies[i], d[i]);
        const std::string where = "step " + std::to_string(step) + " body " + std::to_string(i);
        // (odd steps: the crowd's path, one body at a time)
        ASSERT_NO_FATAL_FAILURE(expect_world_move(w, bodies[i], d[i], step % 2 == 1, expect, where));
        ++moves;
      }
      if (step % 10 == 4) {  // a teleport
        const std::size_t k = std::size_t(r.below(int(bodies.size())));
        ASSERT_FALSE(w.set_shape(bodies[k], free_disc()));
      } else if (step == 37) {  // a snapshot put back: the lists start over
        ASSERT_FALSE(w.restore(w.snapshot()));
      } else if (step % 25 == 12) {  // a new level: the layer replaced (the bodies that are in a pillar now stay)
        room = RoomMap::make(room_with_slanted_pillars(r, 60)).value();
        ASSERT_FALSE(w.replace_layer(layer, {room, 0, Filter{kWalls}}));
      }
      ASSERT_FALSE(w.validate()) << w.validate()->text();
    }
    EXPECT_EQ(moves, 100 * 50);
  }
}

// A disc whose clear box meets walls is answered without the mover when its path leaves them
// alone (World::path_clear with disk_leaves_edge: it never comes within its radius of their
// lines, and a wall it stands within a few skins of is one it does not go into). That answer
// must be the mover's, bit for bit, most of all where it is nearest the rule's limits: discs
// that slide along the walls they were stopped a skin short of (each keeps the motion its move
// returned, as a crowd's agents do), straight along an axis, turned by a hair towards the wall
// or away from it, past convex and concave corners (tile walls; a room map's slanted lines)
// and by tiny steps. Every move (World::move, and the crowd's disc path on odd steps) equals
// the brute-force move (the mover over every obstacle in reach) in centre, contacts,
// displacement, iterations and blocked.
TEST(WorldMove, ClearPathsBesideWallsAnswerAsTheMover) {
  for (int scene = 0; scene < 2; ++scene) {
    Rand r(71 + unsigned(scene));
    std::vector<std::uint8_t> grid(32 * 24);
    for (auto& c : grid) c = r.below(5) == 0;
    const TileMap tiles = *TileMap::from_grid(32, 24, grid, {1, 1});
    const RoomMap room = RoomMap::make(room_with_slanted_pillars(r, 40)).value();
    World w;
    if (scene == 0) {
      w.add_layer({tiles, 0, Filter{kWalls}});
    } else {
      w.add_layer({room, 0, Filter{kWalls}});
    }
    const Vec2 size = scene == 0 ? Vec2{32, 24} : Vec2{64, 48};
    auto free_disc = [&]() {
      for (;;) {
        const Circle c{{r.uniform(1, size.x - 1), r.uniform(1, size.y - 1)}, r.uniform(Real(0.2), Real(0.45))};
        const bool free = scene == 0 ? tiles.is_free(Shape(c)) : room.is_free(Shape(c));
        if (free && w.overlap(c).empty()) return c;
      }
    };
    auto heading = [&](Real lo, Real hi) {
      const Real a = r.uniform(-kPi, kPi);
      return Vec2{std::cos(a), std::sin(a)} * r.uniform(lo, hi);
    };
    std::vector<ProxyHandle> bodies;
    for (int i = 0; i < 40; ++i) bodies.push_back(*w.create({free_disc(), 0, Filter{kMonsters}}));
    std::vector<Vec2> v(bodies.size());
    for (Vec2& x : v) x = heading(Real(0.05), Real(0.3));
    int moves = 0;
    for (int step = 0; step < 150; ++step) {
      for (std::size_t i = 0; i < bodies.size(); ++i) {
        Vec2 d = v[i];
        switch (r.below(12)) {
          case 0: d = heading(Real(0.02), Real(0.3)); break;  // a new heading (often into a wall)
          case 1: d = {d.x, 0}; break;                        // along an axis (a tile wall's)
          case 2: d = {0, d.y}; break;
          case 3: d = d * Real(1e-3); break;                  // a tiny step
          case 4:  // turned by a hair, towards a wall it slides along or away from it
            d = d + Vec2{r.uniform(-1, 1), r.uniform(-1, 1)} * (length(d) * Real(1e-5));
            break;
          default: break;  // the motion its last move returned (a slide along what it met)
        }
        if (d == Vec2{}) d = heading(Real(0.05), Real(0.3));
        const MoveResult expect = scene == 0 ? brute_force_move(w, tiles, bodies[i], d)
                                             : brute_force_move(w, room, bodies[i], d);
        const std::string where = "scene " + std::to_string(scene) + " step " + std::to_string(step) + " body " +
                                  std::to_string(i);
        ASSERT_NO_FATAL_FAILURE(expect_world_move(w, bodies[i], d, step % 2 == 1, expect, where));
        v[i] = length(expect.displacement) < Real(0.02) ? heading(Real(0.05), Real(0.3)) : expect.displacement;
        ++moves;
      }
    }
    EXPECT_EQ(moves, 150 * 40);
  }
}

// The same at the ends of walls, where a disc's clear path is decided by how it lies to an
// end (disk_leaves_edge: an end within a few skins and ahead of the motion is left to the
// mover): discs set around every corner of an L of tiles (convex and concave corners) and of a
// room map's diamond pillar (slanted lines), at 0.5 to 3.5 skins from the corner, each moved
// by tiny to short steps in 24 directions (towards the corner, along either wall, away).
// Every move (World::move, and the crowd's disc path) equals the brute-force move.
TEST(WorldMove, ClearPathsAtWallEndsAnswerAsTheMover) {
  std::vector<std::uint8_t> grid(16 * 16, 0);
  grid[8 * 16 + 8] = grid[8 * 16 + 9] = grid[9 * 16 + 8] = 1;  // an L of three tiles
  const TileMap tiles = *TileMap::from_grid(16, 16, grid, {1, 1});
  RoomMapDesc desc;
  desc.room_count = 1;
  add_room_loop(desc, {{0, 0}, {0, 16}, {16, 16}, {16, 0}});
  add_room_loop(desc, {{7, 8}, {8, 9}, {9, 8}, {8, 7}});  // a diamond pillar
  const RoomMap room = RoomMap::make(desc).value();
  for (int scene = 0; scene < 2; ++scene) {
    World w;
    if (scene == 0) {
      w.add_layer({tiles, 0, Filter{kWalls}});
    } else {
      w.add_layer({room, 0, Filter{kWalls}});
    }
    const std::vector<Vec2> corners = scene == 0 ? std::vector<Vec2>{{8, 8}, {10, 8}, {10, 9}, {9, 9}, {9, 10}, {8, 10}}
                                                 : std::vector<Vec2>{{7, 8}, {8, 9}, {9, 8}, {8, 7}};
    const Real radius = Real(0.4);
    const ProxyHandle body = *w.create({Circle{{2, 2}, radius}, 0, Filter{kMonsters}});
    const Real skin = move_skin(Shape(Circle{corners[0], radius}), {});
    int moves = 0, open = 0;
    for (const Vec2 corner : corners) {
      for (int around = 0; around < 48; ++around) {
        const Real a = Real(around) * kPi / 24;
        const Vec2 u{std::cos(a), std::sin(a)};
        for (const Real k : {Real(0.5), Real(1), Real(1.5), Real(2.5), Real(3.5)}) {
          for (const Real step : {skin * Real(0.25), skin * Real(0.5), skin * 2, Real(0.05)}) {
            for (int dir = 0; dir < 24; ++dir) {
              const Real b = Real(dir) * kPi / 12;
              const Vec2 d = Vec2{std::cos(b), std::sin(b)} * step;
              ASSERT_FALSE(w.set_shape(body, Circle{corner + u * (radius + k * skin), radius}));
              const MoveResult expect = scene == 0 ? brute_force_move(w, tiles, body, d) : brute_force_move(w, room, body, d);
              open += expect.contacts.empty() && expect.pushed_out == Vec2{};
              const std::string where = "scene " + std::to_string(scene) + " corner (" + std::to_string(corner.x) + ", " +
                                        std::to_string(corner.y) + ") around " + std::to_string(around) + " skins " +
                                        std::to_string(k) + " step " + std::to_string(step) + " dir " + std::to_string(dir);
              ASSERT_NO_FATAL_FAILURE(expect_world_move(w, body, d, dir % 2 == 1, expect, where));
              ++moves;
            }
          }
        }
      }
    }
    EXPECT_GT(open, moves / 10);  // (many moves meet nothing: the rule's own cases)
    EXPECT_LT(open, moves);
  }
}

// And beside other discs (disk_leaves_disk: a disc proxy the path never comes within the sum of
// the radii of, apart at the end, and not a contact ahead within a few skins): a body set
// around each of three discs (a prop, two monsters close enough that a body can stand near
// both) at 0.5 to 3.5 skins, moved by tiny to short steps in 24 directions. Every move
// (World::move, and the crowd's disc path) equals the brute-force move.
TEST(WorldMove, ClearPathsBesideDiscsAnswerAsTheMover) {
  const TileMap open_ground = *TileMap::from_grid(16, 16, std::vector<std::uint8_t>(16 * 16, 0), {1, 1});
  World w;
  w.add_layer({open_ground, 0, Filter{kWalls}});
  const std::vector<Circle> discs = {{{6, 8}, Real(0.5)}, {{9, 8}, Real(0.3)}, {{9.5, 8.9}, Real(0.35)}};
  w.create({discs[0], 0, Filter{kProps}, true});
  w.create({discs[1], 0, Filter{kMonsters}});
  w.create({discs[2], 0, Filter{kMonsters}});
  const Real radius = Real(0.4);
  const ProxyHandle body = *w.create({Circle{{2, 2}, radius}, 0, Filter{kMonsters}});
  const Real skin = move_skin(Shape(Circle{discs[0].center, radius}), {});
  int moves = 0, open = 0;
  for (const Circle& o : discs) {
    for (int around = 0; around < 48; ++around) {
      const Real a = Real(around) * kPi / 24;
      const Vec2 u{std::cos(a), std::sin(a)};
      for (const Real k : {Real(0.5), Real(1), Real(1.5), Real(2.5), Real(3.5)}) {
        for (const Real step : {skin * Real(0.25), skin * Real(0.5), skin * 2, Real(0.05), Real(0.3)}) {
          for (int dir = 0; dir < 24; ++dir) {
            const Real b = Real(dir) * kPi / 12;
            const Vec2 d = Vec2{std::cos(b), std::sin(b)} * step;
            ASSERT_FALSE(w.set_shape(body, Circle{o.center + u * (o.radius + radius + k * skin), radius}));
            const MoveResult expect = brute_force_move(w, open_ground, body, d);
            open += expect.contacts.empty() && expect.pushed_out == Vec2{};
            const std::string where = "disc (" + std::to_string(o.center.x) + ", " + std::to_string(o.center.y) +
                                      ") around " + std::to_string(around) + " skins " + std::to_string(k) + " step " +
                                      std::to_string(step) + " dir " + std::to_string(dir);
            ASSERT_NO_FATAL_FAILURE(expect_world_move(w, body, d, dir % 2 == 1, expect, where));
            ++moves;
          }
        }
      }
    }
  }
  EXPECT_GT(open, moves / 10);  // (many moves meet nothing: the rule's own cases)
  EXPECT_LT(open, moves);
}

/// A task runner that always splits into `threads` chunks on std::threads (thread_runner keeps
/// small batches on one thread).
TaskRunner split_runner(unsigned threads) {
  return [threads](std::size_t count, const std::function<void(std::size_t, std::size_t)>& body) {
    std::vector<std::thread> pool;
    for (unsigned t = 0; t < threads; ++t) pool.emplace_back([&, t] { body(count * t / threads, count * (t + 1) / threads); });
    for (std::thread& th : pool) th.join();
  };
}

/// A crowd of monsters on a tile map with props: positions after `steps` steps.
std::vector<Vec2> crowd_run(int mode, int steps) {
  Rand r(31);
  std::vector<std::uint8_t> grid(40 * 30);
  for (auto& c : grid) c = r.below(7) == 0;
  World w;
  const TileMap map = *TileMap::from_grid(40, 30, grid, {1, 1});
  w.add_layer({map, 0, Filter{kWalls}});
  for (int i = 0; i < 30; ++i) {
    const Circle c{{r.uniform(1, 39), r.uniform(1, 29)}, r.uniform(Real(0.3), Real(0.7))};
    if (map.is_free(c)) w.create({c, 0, Filter{kProps}, true});
  }
  std::vector<ProxyHandle> bodies;
  for (int tries = 0; bodies.size() < 400 && tries < 20000; ++tries) {
    const Circle c{{r.uniform(1, 39), r.uniform(1, 29)}, r.uniform(Real(0.2), Real(0.35))};
    if (!map.is_free(c) || !w.overlap(c).empty()) continue;
    bodies.push_back(*w.create({c, 0, Filter{kMonsters}}));
  }
  std::vector<Vec2> d(bodies.size());
  std::vector<WorldMove> out;
  const TaskRunner runners[4] = {TaskRunner{}, thread_runner(1), split_runner(2), split_runner(5)};
  for (int step = 0; step < steps; ++step) {
    for (Vec2& v : d) {
      const Real a = r.uniform(-kPi, kPi);
      v = Vec2{std::cos(a), std::sin(a)} * r.uniform(0, 1);
    }
    if (mode < 4) {
      EXPECT_FALSE(w.move_crowd(bodies, d, {}, out, runners[mode]));
    } else {
      for (std::size_t i = 0; i < bodies.size(); ++i) EXPECT_FALSE(w.move(bodies[i], d[i]));
    }
  }
  std::vector<Vec2> pos;
  for (ProxyHandle h : bodies) pos.push_back(center_of(w, h));
  return pos;
}

TEST(WorldMove, CrowdIsTheSameForAnyThreadCountAndEqualsOneByOne) {
  const std::vector<Vec2> serial = crowd_run(0, 60);
  for (int mode = 1; mode <= 4; ++mode) {
    const std::vector<Vec2> other = crowd_run(mode, 60);
    ASSERT_EQ(other.size(), serial.size());
    for (std::size_t i = 0; i < serial.size(); ++i) {
      ASSERT_EQ(other[i].x, serial[i].x) << "mode " << mode << " body " << i;
      ASSERT_EQ(other[i].y, serial[i].y) << "mode " << mode << " body " << i;
    }
  }
}

}  // namespace

namespace {

/// Every field of two worlds' answers to one body's move, equal bit for bit (the handles' world
/// ids aside).
void expect_same_move(const WorldMove& a, const WorldMove& b, const std::string& where) {
  ASSERT_EQ(a.result.shape.index(), b.result.shape.index()) << where;
  const Aabb ba = bounds(a.result.shape), bb = bounds(b.result.shape);
  EXPECT_TRUE(ba.min == bb.min && ba.max == bb.max) << where;
  EXPECT_TRUE(a.result.translation == b.result.translation) << where;
  EXPECT_TRUE(a.result.displacement == b.result.displacement) << where;
  EXPECT_TRUE(a.result.pushed_out == b.result.pushed_out) << where;
  EXPECT_TRUE(a.result.ground_normal == b.result.ground_normal) << where;
  EXPECT_EQ(a.result.iterations, b.result.iterations) << where;
  EXPECT_EQ(a.result.blocked, b.result.blocked) << where;
  EXPECT_EQ(a.result.grounded, b.result.grounded) << where;
  EXPECT_EQ(a.result.on_wall, b.result.on_wall) << where;
  EXPECT_EQ(a.result.on_ceiling, b.result.on_ceiling) << where;
  ASSERT_EQ(a.result.contacts.size(), b.result.contacts.size()) << where;
  for (std::size_t k = 0; k < a.result.contacts.size(); ++k) {
    const MoveContact &x = a.result.contacts[k], &y = b.result.contacts[k];
    EXPECT_TRUE(x.obstacle == y.obstacle && x.owner == y.owner && x.element == y.element && x.kind == y.kind &&
                x.normal == y.normal && x.point == y.point && x.time == y.time &&
                x.initially_touching == y.initially_touching)
        << where << " contact " << k;
  }
  ASSERT_EQ(a.hits.size(), b.hits.size()) << where;
  for (std::size_t k = 0; k < a.hits.size(); ++k) {  // (each world names itself in its handles)
    const WorldHit &x = a.hits[k], &y = b.hits[k];
    EXPECT_TRUE(x.kind == y.kind && x.proxy.index == y.proxy.index && x.proxy.generation == y.proxy.generation &&
                x.layer.index == y.layer.index && x.user_data == y.user_data && x.element == y.element)
        << where << " hit " << k;
  }
}

}  // namespace

namespace {

/// Two worlds with the same random tile map (30 x 20), a prop and up to 150 bodies (discs,
/// every 25th a box and the next a capsule) in the same slots.
void mixed_crowd(Rand& r, World& a, World& b, std::vector<ProxyHandle>& in_a, std::vector<ProxyHandle>& in_b) {
  std::vector<std::uint8_t> grid(30 * 20);
  for (auto& c : grid) c = r.below(6) == 0;
  const TileMap map = *TileMap::from_grid(30, 20, grid, {1, 1});
  for (World* w : {&a, &b}) {
    w->add_layer({map, 0, Filter{kWalls}});
    w->create({Box{{Real(7.5), Real(7.5)}, {Real(0.4), Real(0.3)}, Real(0.3)}, 0, Filter{kProps}, true});
  }
  for (int tries = 0; in_a.size() < 150 && tries < 5000; ++tries) {
    const Vec2 at{r.uniform(1, 29), r.uniform(1, 19)};
    const Shape s = tries % 25 == 0 ? Shape{Box{at, {Real(0.3), Real(0.2)}, Real(0.5)}}
                    : tries % 25 == 1 ? Shape{Capsule{at, at + Vec2{Real(0.3), 0}, Real(0.15)}}
                                      : Shape{Circle{at, r.uniform(Real(0.2), Real(0.35))}};
    if (!map.is_free(bounds(s)) || !a.overlap(s).empty()) continue;
    in_a.push_back(*a.create({s, 0, Filter{kMonsters}}));
    in_b.push_back(*b.create({s, 0, Filter{kMonsters}}));
  }
}

/// The options the crowd answers are compared under: a top-down slide, a bounce, a side view,
/// a bounce that gains speed and a side-view bounce (a stretched reach, or an up: the serial
/// crowd's discs then take the frame with the option tests, open_options being false).
std::vector<MoveOptions> crowd_options() {
  MoveOptions bounce;
  bounce.response = Response::bounce;
  bounce.restitution = Real(0.5);
  MoveOptions side;
  side.up = Vec2{0, 1};
  side.snap_distance = Real(0.1);
  MoveOptions gaining = bounce;
  gaining.restitution = Real(1.5);
  MoveOptions side_bounce = bounce;
  side_bounce.up = side.up;
  side_bounce.snap_distance = side.snap_distance;
  return {MoveOptions{}, bounce, side, gaining, side_bounce};
}

}  // namespace

// The serial crowd's whole answer (shape, translation, displacement, flags, contacts, hits; a
// disc's move takes the crowd's own disc path, a box's or a capsule's the general one) is the
// answer of World::move one body at a time, in open ground, against walls and props, with
// bodies standing still, for a top-down slide, a bounce and a side-view move: the answers
// reused from step to step keep nothing of the last one.
TEST(WorldMove, SerialCrowdAnswersEqualOneByOneMoves) {
  for (const MoveOptions& options : crowd_options()) {
    Rand r(47);
    World crowd, one;
    std::vector<ProxyHandle> bodies, singles;  // the same slots in each world
    mixed_crowd(r, crowd, one, bodies, singles);
    std::vector<Vec2> d(bodies.size());
    std::vector<WorldMove> out;
    for (int step = 0; step < 25; ++step) {
      for (Vec2& v : d) v = r.below(8) == 0 ? Vec2{} : Vec2{r.uniform(-1, 1), r.uniform(-1, 1)} * Real(0.4);
      ASSERT_FALSE(crowd.move_crowd(bodies, d, options, out));
      for (std::size_t i = 0; i < bodies.size(); ++i) {
        WorldMove m;
        ASSERT_FALSE(one.move(singles[i], d[i], options, &m));
        expect_same_move(out[i], m, "step " + std::to_string(step) + " body " + std::to_string(i));
        if (HasFailure()) return;
      }
    }
  }
}

// The batched crowd's whole answer is the serial crowd's, bit for bit, on one thread and on
// three: its discs are planned in parallel on the serial crowd's disc path (plan_disc) and
// placed after their batch from what they worked out in it (disc_stored), its boxes and
// capsules take the general path; the answers and the world stay the serial ones step after
// step (the crowd's own bodies among the obstacles).
TEST(WorldMove, BatchedCrowdAnswersEqualSerialCrowd) {
  for (const MoveOptions& options : crowd_options()) {
    for (const TaskRunner& run : {thread_runner(1), split_runner(3)}) {
      Rand r(53);
      World serial, batched;
      std::vector<ProxyHandle> in_serial, in_batched;  // the same slots in each world
      mixed_crowd(r, serial, batched, in_serial, in_batched);
      std::vector<Vec2> d(in_serial.size());
      std::vector<WorldMove> one_by_one, batches;
      for (int step = 0; step < 25; ++step) {
        for (Vec2& v : d) v = r.below(8) == 0 ? Vec2{} : Vec2{r.uniform(-1, 1), r.uniform(-1, 1)} * Real(0.4);
        ASSERT_FALSE(serial.move_crowd(in_serial, d, options, one_by_one));
        ASSERT_FALSE(batched.move_crowd(in_batched, d, options, batches, run));
        for (std::size_t i = 0; i < in_serial.size(); ++i) {
          expect_same_move(batches[i], one_by_one[i], "step " + std::to_string(step) + " body " + std::to_string(i));
          if (HasFailure()) return;
        }
      }
      ASSERT_FALSE(batched.validate()) << batched.validate()->text();
    }
  }
}

// The crowd's store decision keeps a disc's fat box without the broad phase's test (refatten)
// when its box holds the slot's kept core and the move is fast enough (World::kept_): the
// fat boxes stay the broad phase's own. After every step of a crowd of discs each fat box is,
// bit for bit, the one of the same discs moved one by one (World::move places each through the
// broad phase's move), with the tree and the grid, for fat-box rules with and without a speed
// margin or a stretch and with a small shrink factor (a disc that slows down is re-fitted), at
// speeds drawn anew every step (stops, slow-downs, speed-ups).
TEST(WorldMove, CrowdKeepsTheFatBoxesTheBroadPhaseKeeps) {
  const FatBoxRule rules[] = {WorldOptions{}.fat,
                              {Real(0.1), Real(2), Real(4), Real(0)},
                              {Real(0.05), Real(0), Real(1.5), Real(2)},
                              {Real(0.2), Real(4), Real(12), Real(8)}};
  const Real speeds[] = {0, Real(0.002), Real(0.05), Real(0.4), Real(1.5)};
  for (BroadphaseKind kind : {BroadphaseKind::tree, BroadphaseKind::grid}) {
    for (const FatBoxRule& rule : rules) {
      WorldOptions wo;
      wo.broadphase = kind;
      wo.fat = rule;
      World crowd(wo), one(wo);
      Rand r(61);
      std::vector<ProxyHandle> bodies, singles;  // the same slots in each world
      for (int i = 0; i < 80; ++i) {
        const Circle c{{r.uniform(-25, 25), r.uniform(-25, 25)}, r.uniform(Real(0.1), Real(0.6))};
        bodies.push_back(*crowd.create({c, 0, Filter{kMonsters}}));
        singles.push_back(*one.create({c, 0, Filter{kMonsters}}));
      }
      std::vector<Vec2> d(bodies.size());
      std::vector<WorldMove> out;
      for (int step = 0; step < 60; ++step) {
        for (Vec2& v : d) v = Vec2{r.uniform(-1, 1), r.uniform(-1, 1)} * speeds[r.below(5)];
        ASSERT_FALSE(crowd.move_crowd(bodies, d, MoveOptions{}, out));
        for (std::size_t i = 0; i < bodies.size(); ++i) {
          ASSERT_FALSE(one.move(singles[i], d[i]));
          const Aabb a = crowd.broadphase().fat_box(bodies[i].index);
          const Aabb b = one.broadphase().fat_box(singles[i].index);
          ASSERT_TRUE(a.min.x == b.min.x && a.min.y == b.min.y && a.max.x == b.max.x && a.max.y == b.max.y)
              << "step " << step << " body " << i;
        }
      }
      ASSERT_FALSE(crowd.validate());
    }
  }
}

namespace {

/// Positions after `steps` crowd steps of bodies laid out by `layout` (0: a touching row, a
/// long chain of batches; 1: a dense cluster in a few grid cells; 2: one huge body among small
/// ones, so the batching grid's cells are huge; 3: bodies listed in random order of position),
/// moved with `run`.
std::vector<Vec2> crowd_layout_run(int layout, const TaskRunner& run, int steps) {
  Rand r(101 + std::uint64_t(layout));
  World w;
  std::vector<ProxyHandle> bodies;
  for (int i = 0; i < 300; ++i) {
    Circle c{{Real(i) * Real(0.8), 0}, Real(0.4)};  // a row, each touching the next
    if (layout == 1) c = Circle{{r.uniform(0, 3), r.uniform(0, 3)}, Real(0.1)};
    if (layout == 2) c = i == 150 ? Circle{{50, 50}, 40} : Circle{{r.uniform(0, 200), r.uniform(0, 200)}, Real(0.5)};
    if (layout == 3) c = Circle{{r.uniform(0, 60), r.uniform(0, 60)}, Real(0.5)};
    bodies.push_back(*w.create({c, 0, Filter{kMonsters}}));
  }
  std::vector<Vec2> d(bodies.size());
  std::vector<WorldMove> out;
  for (int step = 0; step < steps; ++step) {
    for (Vec2& v : d) v = Vec2{r.uniform(-1, 1), r.uniform(-1, 1)} * Real(0.5);
    EXPECT_FALSE(w.move_crowd(bodies, d, {}, out, run));
  }
  std::vector<Vec2> pos;
  for (ProxyHandle h : bodies) pos.push_back(center_of(w, h));
  return pos;
}

}  // namespace

// The crowd's batches (regions paired on a grid) give the one-by-one answer whatever the
// layout: a chain of touching regions, a cluster in one cell, a huge region, a random order.
TEST(WorldMove, CrowdBatchesGiveTheSerialAnswerForEveryLayout) {
  for (int layout = 0; layout < 4; ++layout) {
    const std::vector<Vec2> serial = crowd_layout_run(layout, TaskRunner{}, 12);
    for (const TaskRunner& run : {thread_runner(1), thread_runner(2), split_runner(3)}) {
      const std::vector<Vec2> other = crowd_layout_run(layout, run, 12);
      ASSERT_EQ(other.size(), serial.size());
      for (std::size_t i = 0; i < serial.size(); ++i) {
        ASSERT_EQ(other[i].x, serial[i].x) << "layout " << layout << " body " << i;
        ASSERT_EQ(other[i].y, serial[i].y) << "layout " << layout << " body " << i;
      }
    }
  }
}
