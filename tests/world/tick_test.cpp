// collide2d - 2D collision detection for games. MIT License.
// The game tick of docs/world.md on real map data: The Mana World's 099-8 as a tile layer, 200
// solid props, 500 monsters and a player who walks and swings a sword, all in one World. Every
// tick is checked by brute force: no body inside a solid cell or prop (every cell under its
// box), no two bodies overlapping beyond rounding (all pairs through a sort on x), and every
// swing hit reached by a sampled sight line.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <random>
#include <vector>

#include "collide2d/tiled.hpp"
#include "collide2d/world.hpp"

using namespace collide2d;

namespace {

constexpr std::uint32_t kWalls = 1, kProps = 2, kMonsters = 4, kPlayers = 8;
constexpr Real kDeep = sizeof(Real) == 4 ? Real(5e-3) : Real(1e-7);  // pixels: rounding only

Real cell_depth(const TileMap& m, const Circle& c) {
  Real deep = 0;
  const TileCell lo = m.cell_at(c.center - Vec2{c.radius, c.radius}), hi = m.cell_at(c.center + Vec2{c.radius, c.radius});
  for (int r = lo.row - 1; r <= hi.row + 1; ++r)
    for (int k = lo.col - 1; k <= hi.col + 1; ++k) {
      if (!m.solid(k, r)) continue;  // outside the grid: solid (the map's outside is wall)
      const Aabb b = m.cell_box(k, r);
      deep = std::max(deep, c.radius - length(c.center - max(b.min, min(c.center, b.max))));
    }
  return deep;
}

TEST(WorldTick, ManaWorldServerTick) {
  const std::string path = std::string(COLLIDE2D_TEST_DATA_DIR) + "/tmw/maps/099-8.tmx";
  if (!std::filesystem::exists(path)) GTEST_SKIP() << "no map data at " << path;
  TiledLoadOptions lo;
  lo.require_tilesets = false;
  const TileMap map = load_tiled(path, lo).collision;
  std::mt19937 rng(5);
  auto uniform = [&](Real a, Real b) { return std::uniform_real_distribution<Real>(a, b)(rng); };
  const Aabb area = map.bounds();

  // --- the tick of docs/world.md, set-up ---
  World world;
  world.add_layer({map, 0, Filter{kWalls}});
  std::vector<Shape> props;
  while (props.size() < 200) {  // crates and barrels on free ground
    const Vec2 p{uniform(area.min.x, area.max.x), uniform(area.min.y, area.max.y)};
    const Shape s = props.size() % 2 ? Shape(Box(p, {10, 8}, 0)) : Shape(Circle{p, 9});
    if (!map.is_free(s) || !world.overlap(s).empty()) continue;
    world.create({s, 0, Filter{kProps}, /*is_static*/ true});
    props.push_back(s);
  }
  std::vector<ProxyHandle> monsters;
  while (monsters.size() < 500) {
    const Circle c{{uniform(area.min.x, area.max.x), uniform(area.min.y, area.max.y)}, 10};
    if (!map.is_free(c) || !world.overlap(c).empty()) continue;
    monsters.push_back(*world.create({c, monsters.size(), Filter{kMonsters}}));
  }
  ProxyHandle player;
  for (;;) {
    const Circle c{{uniform(area.min.x, area.max.x), uniform(area.min.y, area.max.y)}, 12};
    if (!map.is_free(c) || !world.overlap(c).empty()) continue;
    player = *world.create({c, 9999, Filter{kPlayers}});
    break;
  }
  std::vector<Vec2> steps(monsters.size());
  std::vector<WorldMove> moved;
  int inside = 0, overlapping = 0, hits = 0, hidden = 0;
  Vec2 walk{3, 1};
  for (int tick = 0; tick < 150; ++tick) {
    // --- the tick ---
    for (Vec2& v : steps) v = Vec2{uniform(-4, 4), uniform(-4, 4)};  // AI: 4 px per tick at most
    world.move_crowd(monsters, steps, MoveOptions{}, moved);          // monsters: tiles, props, each other, the player
    QueryOptions prey;
    prey.mask = kMonsters;
    const Vec2 at = std::get<Circle>(*world.shape(player)).center;
    const std::vector<WorldNearest> near = world.nearest_hits(at, 400, 1, prey);  // chase the nearest monster
    if (!near.empty() && near[0].distance > 0) walk = (near[0].point - at) / length(near[0].point - at) * Real(3);
    WorldMove me;
    world.move(player, walk, MoveOptions{}, &me);                     // the player slides along what it meets
    if (near.empty() && !me.hits.empty()) walk = Vec2{-walk.y, walk.x};  // wander: turn at walls
    const Circle body = std::get<Circle>(*world.shape(player));
    const Sector swing(body.center, 48, std::atan2(walk.y, walk.x), Real(1.2));
    QueryOptions o;
    o.mask = kMonsters;
    o.reach = true;  // not through walls
    const std::vector<WorldHit> struck = world.overlap(swing, o);
    // --- the checks ---
    hits += int(struck.size());
    QueryOptions all;
    all.mask = kMonsters;
    hidden += int(world.overlap(swing, all).size() - struck.size());
    std::vector<Circle> bodies;
    for (ProxyHandle h : monsters) bodies.push_back(std::get<Circle>(*world.shape(h)));
    bodies.push_back(body);
    for (const Circle& c : bodies) {
      if (cell_depth(map, c) > kDeep) ++inside;
      for (const Shape& p : props)
        if (overlaps(c, p) && contact(c, p).depth > kDeep) ++inside;
    }
    std::sort(bodies.begin(), bodies.end(), [](const Circle& a, const Circle& b) { return a.center.x < b.center.x; });
    for (std::size_t i = 0; i < bodies.size(); ++i)
      for (std::size_t j = i + 1; j < bodies.size() && bodies[j].center.x - bodies[i].center.x < 30; ++j)
        if (length(bodies[i].center - bodies[j].center) < bodies[i].radius + bodies[j].radius - kDeep) ++overlapping;
  }
  std::printf("099-8 tick: 150 ticks, 500 monsters, 200 props: %d inside, %d overlapping, %d swing hits, %d behind walls\n",
              inside, overlapping, hits, hidden);
  EXPECT_EQ(inside, 0);
  EXPECT_EQ(overlapping, 0);
  EXPECT_GT(hits, 20);
  EXPECT_FALSE(world.validate());
}

}  // namespace
