// Top-down RPG tick on the one World: The Mana World's map 099-8 (argv[1]/tmw/maps/099-8.tmx; a
// generated maze when it is absent) as a tile layer; round its centre 200 solid props, 300
// monsters and a player who chases them and swings a sword. Per tick: the monsters move as a
// crowd (tiles, props, each other, the player), the player slides along what it meets, and
// the swing asks the world which monsters it reaches without a wall in between. Every tick is
// checked by brute force: no body inside a solid cell or a prop, no two bodies overlapping.
// Exit status 1 on failure (or when the sword never hits).
#include <collide2d/collide2d.hpp>
#include <collide2d/tiled.hpp>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <random>
#include <string>
#include <vector>

using namespace collide2d;

constexpr std::uint32_t kWalls = 1, kProps = 2, kMonsters = 4, kPlayer = 8;

TileMap load_map(int argc, char** argv) {
  const std::string path = argc > 1 ? std::string(argv[1]) + "/tmw/maps/099-8.tmx" : "";
  if (!path.empty() && std::filesystem::exists(path)) return load_tiled(path).collision;
  std::vector<std::uint8_t> grid(100 * 100, 0);  // a maze of walls every 8 cells, with doors
  for (int r = 0; r < 100; ++r)
    for (int c = 0; c < 100; ++c)
      grid[std::size_t(r * 100 + c)] = (r % 8 == 0 && c % 8 != 4) || (c % 8 == 0 && r % 8 != 4);
  return *TileMap::from_grid(100, 100, grid, {32, 32});
}

int main(int argc, char** argv) {
  const TileMap map = load_map(argc, argv);
  std::mt19937 rng(7);
  auto uniform = [&](Real a, Real b) { return std::uniform_real_distribution<Real>(a, b)(rng); };
  // The part of the map the tick runs in: 1,600 px square round the map's centre.
  const Vec2 mid = map.bounds().center();
  const Aabb area{max(map.bounds().min, mid - Vec2{800, 800}), min(map.bounds().max, mid + Vec2{800, 800})};
  auto anywhere = [&] { return Vec2{uniform(area.min.x, area.max.x), uniform(area.min.y, area.max.y)}; };

  // Set-up: the map is a layer; props, monsters and the player are proxies.
  World world;
  world.add_layer({map, 0, Filter{kWalls}});
  std::vector<Shape> props;
  while (props.size() < 200) {
    const Shape s = props.size() % 2 ? Shape(Box(anywhere(), {10, 8}, uniform(0, 3))) : Shape(Circle{anywhere(), 9});
    if (!world.overlap(s).empty()) continue;  // not on walls, not on other props
    world.create({s, 0, Filter{kProps}, /*is_static*/ true});
    props.push_back(s);
  }
  std::vector<ProxyHandle> monsters;
  while (monsters.size() < 300) {
    const Circle c{anywhere(), 10};
    if (world.overlap(c).empty()) monsters.push_back(*world.create({c, monsters.size(), Filter{kMonsters}}));
  }
  ProxyHandle player;
  for (;;) {
    const Circle c{anywhere(), 12};
    if (!world.overlap(c).empty()) continue;
    player = *world.create({c, 9999, Filter{kPlayer}});
    break;
  }

  std::vector<Vec2> wishes(monsters.size());
  std::vector<WorldMove> moved;
  Vec2 walk{3, 1};
  long hits = 0, failures = 0;
  const Real deep = sizeof(Real) == 4 ? Real(5e-3) : Real(1e-7);  // rounding only
  for (int tick = 0; tick < 200; ++tick) {
    // The tick.
    for (Vec2& w : wishes) w = {uniform(-4, 4), uniform(-4, 4)};  // each monster's wish, px per tick
    world.move_crowd(monsters, wishes, MoveOptions{}, moved);
    QueryOptions prey;  // the player chases the nearest monster in sight range
    prey.mask = kMonsters;
    const Vec2 at = std::get<Circle>(*world.shape(player)).center;
    const std::vector<WorldNearest> near = world.nearest_hits(at, 400, 1, prey);
    if (!near.empty() && near[0].distance > 20) walk = (near[0].point - at) * (3 / length(near[0].point - at));
    WorldMove me;
    world.move(player, walk, MoveOptions{}, &me);
    if (near.empty() && me.result.blocked) walk = {-walk.y, walk.x};  // wandering: turn at walls
    const Circle body = std::get<Circle>(*world.shape(player));
    QueryOptions sword;
    sword.mask = kMonsters;
    sword.reach = true;  // not through walls
    hits += long(world.overlap(Sector(body.center, 48, std::atan2(walk.y, walk.x), Real(1.2)), sword).size());

    // The check, by brute force: every body against every solid cell under it, every prop and
    // every other body.
    std::vector<Circle> bodies{body};
    for (ProxyHandle h : monsters) bodies.push_back(std::get<Circle>(*world.shape(h)));
    for (std::size_t i = 0; i < bodies.size(); ++i) {
      const Circle& c = bodies[i];
      const TileCell lo = map.cell_at(c.center - Vec2{c.radius, c.radius}), hi = map.cell_at(c.center + Vec2{c.radius, c.radius});
      for (int r = lo.row; r <= hi.row; ++r)
        for (int k = lo.col; k <= hi.col; ++k)
          if (map.solid(k, r) && overlaps(Shape(Circle{c.center, c.radius - deep}), Shape(map.cell_box(k, r)))) ++failures;
      for (const Shape& p : props)
        if (overlaps(Shape(Circle{c.center, c.radius - deep}), p)) ++failures;
      for (std::size_t j = i + 1; j < bodies.size(); ++j)
        if (length(c.center - bodies[j].center) < c.radius + bodies[j].radius - deep) ++failures;
    }
  }
  std::printf("rpg tick: 200 ticks, 300 monsters, 200 props, %ld sword hits, %ld bodies in walls, props or each other\n",
              hits, failures);
  return failures == 0 && hits > 0 ? 0 : 1;
}
