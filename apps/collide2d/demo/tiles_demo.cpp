// collide2d - 2D collision detection for games. MIT License.
/// @file tiles_demo.cpp  Demo scenario "tiles": a Mana World server tick on the one World. The
/// largest map (099-8, 403 x 403 tiles) is a tile layer; 200 solid props (crates and barrels)
/// are static proxies; 1,000 monsters (radius 0.4 tiles, one in 20 of radius 0.8 tiles, wider
/// than a tile) wander at up to 2 tiles per step and move with `World::move_crowd` (the tiles,
/// the props, each other and the player); a player walks towards the nearest monster with
/// `World::move` and swings a sword every step (a world overlap query with `reach`: no hits
/// through walls). Every step is checked independently of the world and the mover: each body
/// must end free of the solid cells (`is_free` on the cells with the radius less 2 skins) and of
/// the props (brute force), no two bodies may overlap beyond that tolerance (every pair), and no
/// centre may cross a solid cell (the grid's ray cast on its straight chord), a prop, or leave
/// its 4-connected region of free cells. Any failure: exit status 1.
/// COLLIDE2D_TILES_AGENTS and COLLIDE2D_TILES_STEPS (environment) change the run's size.

#include <ctime>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <ostream>
#include <string>
#include <vector>

#include "collide2d/tiled.hpp"
#include "collide2d/world.hpp"
#include "demo/demo.hpp"
#include "demo/demo_checks.hpp"
#include "render/png.hpp"
#include "render/tiles_draw.hpp"

namespace collide2d::inline COLLIDE2D_ABI::tool {

namespace {

int env_int(const char* name, int fallback) {
  const char* v = std::getenv(name);
  if (!v || !*v) return fallback;
  const int n = std::atoi(v);
  return n > 0 ? n : fallback;
}

/// 4-connected components of the free cells (label 0: solid).
std::vector<int> label_regions(const TileMap& m) {
  const int w = m.width(), h = m.height();
  std::vector<int> label(std::size_t(w) * std::size_t(h), 0);
  std::vector<int> stack;
  int next = 0;
  for (int start = 0; start < w * h; ++start) {
    if (label[std::size_t(start)] || m.solid(start % w, start / w)) continue;
    label[std::size_t(start)] = ++next;
    stack.push_back(start);
    while (!stack.empty()) {
      const int c = stack.back();
      stack.pop_back();
      const int x = c % w, y = c / w;
      const int nb[4][2] = {{x + 1, y}, {x - 1, y}, {x, y + 1}, {x, y - 1}};
      for (const auto& q : nb) {
        if (q[0] < 0 || q[1] < 0 || q[0] >= w || q[1] >= h || m.solid(q[0], q[1])) continue;
        const std::size_t k = std::size_t(q[1]) * std::size_t(w) + std::size_t(q[0]);
        if (!label[k]) {
          label[k] = next;
          stack.push_back(int(k));
        }
      }
    }
  }
  return label;
}

struct Agent {
  Vec2 pos, vel;
  Real radius;
};

constexpr std::uint32_t kWalls = 1, kProps = 2, kMonsters = 4, kPlayer = 8;

}  // namespace

int run_tiles_demo(const DemoOptions& opt, std::ostream& log, std::ostream& err) {
  const std::string path = opt.data_dir + "/tmw/maps/099-8.tmx";
  if (!std::filesystem::is_regular_file(path)) {
    log << "tiles: skipped (" << path << " not found; pass --data DIR with tmw/maps/099-8.tmx)\n";
    return 0;
  }
  TiledMap tiled;
  try {
    TiledLoadOptions lo;
    lo.load_objects = false;
    tiled = load_tiled(path, lo);
  } catch (const LoadError& e) {
    err << "tiles: " << e.what() << "\n";
    return 1;
  }
  const TileMap& map = tiled.collision;
  const Real tile = map.tile_size().x;
  const int n_agents = env_int("COLLIDE2D_TILES_AGENTS", 1000);
  const int n_steps = env_int("COLLIDE2D_TILES_STEPS", 2000);
  const Real max_speed = 2 * tile;
  const Real tol = 2 * map.skin();  // "inside a wall" means deeper than this
  const std::vector<int> region = label_regions(map);
  auto region_of = [&](Vec2 p) {
    const TileCell c = map.cell_at(p);
    if (c.col < 0 || c.row < 0 || c.col >= map.width() || c.row >= map.height()) return -1;
    return region[std::size_t(c.row) * std::size_t(map.width()) + std::size_t(c.col)];
  };

  DemoRng rng{20261122};
  // The one world: the tile layer, the props, the monsters and the player.
  World world;
  world.add_layer({map, 0, Filter{kWalls}});
  const Aabb area = map.bounds();
  auto random_point = [&] {
    return Vec2{Real(rng.uniform(double(area.min.x), double(area.max.x))), Real(rng.uniform(double(area.min.y), double(area.max.y)))};
  };
  std::vector<Shape> prop_shapes;
  while (prop_shapes.size() < 200) {  // crates (turned boxes) and barrels on free ground
    const Vec2 p = random_point();
    const Shape s = prop_shapes.size() % 2 ? Shape(Box(p, {Real(0.35) * tile, Real(0.25) * tile}, Real(rng.uniform(0, 3.14))))
                                           : Shape(Circle{p, Real(0.3) * tile});
    if (!map.is_free(s) || !world.overlap(s).empty()) continue;
    world.create({s, 0, Filter{kProps}, /*is_static*/ true});
    prop_shapes.push_back(s);
  }
  const PropIndex props(prop_shapes);

  std::vector<Agent> agents;  // the monsters, then the player (last)
  std::vector<ProxyHandle> handles;
  std::vector<int> home;  // region of each body
  agents.reserve(std::size_t(n_agents) + 1);
  auto place = [&](Real r, Real speed, std::uint32_t category) {
    for (int attempt = 0; attempt < 100000; ++attempt) {
      const Vec2 p = random_point();
      const Shape body = Circle{p, r + 2 * map.skin()};
      if (!map.is_free(body) || !world.overlap(body).empty()) continue;
      const double a = rng.uniform() * 6.283185307179586, s = rng.uniform() * double(speed);
      agents.push_back({p, Vec2{Real(std::cos(a) * s), Real(std::sin(a) * s)}, r});
      handles.push_back(*world.create({Circle{p, r}, agents.size() - 1, Filter{category}}));
      home.push_back(region_of(p));
      return true;
    }
    return false;
  };
  for (int i = 0; i < n_agents; ++i)
    if (!place((i % 20 == 19 ? Real(0.8) : Real(0.4)) * tile, max_speed, kMonsters)) {
      err << "tiles: could not place " << n_agents << " agents\n";
      return 1;
    }
  const Real player_speed = Real(0.4) * tile, reach = Real(1.5) * tile;
  if (!place(Real(0.4) * tile, player_speed, kPlayer)) {
    err << "tiles: could not place the player\n";
    return 1;
  }
  const std::vector<ProxyHandle> monsters(handles.begin(), handles.end() - 1);
  const ProxyHandle player = handles.back();
  const std::size_t me = agents.size() - 1;

  // Trails of a few agents, one point every `every` steps.
  const int trail_agents = std::min(n_agents, 40);
  const int every = std::max(1, n_steps / 250);
  std::vector<std::vector<Vec2>> trails(static_cast<std::size_t>(trail_agents));
  for (int i = 0; i < trail_agents; ++i) trails[std::size_t(i)].push_back(agents[std::size_t(i)].pos);

  long long hits = 0, corners = 0, inside = 0, through = 0, region_escapes = 0, overlapping = 0;
  long long swing_hits = 0, behind_walls = 0;
  std::vector<char> bad_inside(agents.size(), 0), bad_through(agents.size(), 0);
  std::vector<Vec2> old(agents.size()), steps(monsters.size());
  std::vector<WorldMove> moved;
  WorldMove mine;
  std::vector<Circle> bodies;
  double move_seconds = 0;
  for (int step = 0; step < n_steps; ++step) {
    for (std::size_t i = 0; i < agents.size(); ++i) old[i] = agents[i].pos;
    for (std::size_t i = 0; i < monsters.size(); ++i) steps[i] = agents[i].vel;
    const std::clock_t c0 = std::clock();
    // The tick: the monsters as a crowd, then the player, then the swing.
    world.move_crowd(monsters, steps, MoveOptions{}, moved);
    {  // the player chases the nearest monster within 20 tiles (else keeps wandering)
      QueryOptions prey;
      prey.mask = kMonsters;
      const std::vector<WorldNearest> near = world.nearest_hits(agents[me].pos, 20 * tile, 1, prey);
      if (!near.empty() && near[0].distance > reach * Real(0.5))
        agents[me].vel = (near[0].point - agents[me].pos) * (player_speed / length(near[0].point - agents[me].pos));
    }
    world.move(player, agents[me].vel, MoveOptions{}, &mine);
    const Vec2 facing = length(mine.result.displacement) > 0 ? mine.result.displacement : agents[me].vel;
    const Vec2 at = std::get<Circle>(mine.result.shape).center;
    const Sector swing(at, reach, std::atan2(facing.y, facing.x), Real(1.2));
    QueryOptions sword;
    sword.mask = kMonsters;
    sword.reach = true;  // not through walls
    const std::size_t struck = world.overlap(swing, sword).size();
    move_seconds += double(std::clock() - c0) / CLOCKS_PER_SEC;
    swing_hits += static_cast<long long>(struck);
    QueryOptions all;
    all.mask = kMonsters;
    behind_walls += static_cast<long long>(world.overlap(swing, all).size() - struck);
    for (std::size_t i = 0; i < agents.size(); ++i) {
      const MoveResult& m = i == me ? mine.result : moved[i].result;
      agents[i].pos = std::get<Circle>(m.shape).center;
      agents[i].vel = m.displacement;
      hits += static_cast<long long>(m.contacts.size());
      corners += m.contacts.size() >= 2 ? 1 : 0;
    }
    // The checks and the wander (new headings), outside the timed part.
    bodies.clear();
    for (std::size_t i = 0; i < agents.size(); ++i) {
      Agent& a = agents[i];
      bodies.push_back({a.pos, a.radius});
      if (!map.is_free(Shape(Circle{a.pos, a.radius - tol})) || props.inside({a.pos, a.radius}, tol)) {
        ++inside;
        bad_inside[i] = 1;
      }
      const Vec2 chord = a.pos - old[i];
      const Real len = length(chord);
      bool crossed = region_of(a.pos) != home[i];
      if (!crossed && len > 0) crossed = map.raycast(Ray{old[i], chord, len}).hit || props.crossed(old[i], a.pos);
      if (crossed) {
        ++through;
        bad_through[i] = 1;
        if (region_of(a.pos) != home[i]) ++region_escapes;
      }
      if (step % every == every - 1 && int(i) < trail_agents) trails[i].push_back(a.pos);
      const Real top = i == me ? player_speed : max_speed;
      if (rng.uniform() < 0.02 || length(a.vel) < Real(0.05) * tile) {
        const double ang = rng.uniform() * 6.283185307179586, s = (0.1 + 0.9 * rng.uniform()) * double(top);
        a.vel = {Real(std::cos(ang) * s), Real(std::sin(ang) * s)};
      }
    }
    overlapping += overlapping_pairs(bodies, tol);
  }
  long long agents_inside = 0, agents_through = 0;
  for (std::size_t i = 0; i < agents.size(); ++i) {
    agents_inside += bad_inside[i];
    agents_through += bad_through[i];
  }

  // The picture: map, trails, final positions.
  std::error_code ec;
  std::filesystem::create_directories(opt.out_dir, ec);
  double w = 0, h = 0;
  tile_picture_size(map, 1400, w, h);
  static const char* colors[] = {"#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#17becf"};
  const double agent_steps = double(agents.size()) * double(n_steps);
  const double rate = move_seconds > 0 ? agent_steps / move_seconds : 0;
  char line[400];
  std::snprintf(line, sizeof line,
                "099-8 (%dx%d tiles): %d agents x %d steps in one World (tile layer, 200 props, a player swinging); "
                "inside walls %lld, through walls %lld, overlapping %lld; %.2f M agent-steps/s (CPU time of the tick)",
                map.width(), map.height(), n_agents, n_steps, agents_inside, agents_through, overlapping, rate / 1e6);
  auto paint = [&](draw::Figure& doc) {
    auto view = draw_tile_picture(doc, map);
    for (std::size_t i = 0; i < trails.size(); ++i) view->polyline(trails[i], {colors[i % 8], "none", 1.2, 0.8, false});
    // Agents: at least 0.6 pixels across.
    view->stroke_width = 0;
    const Color agent = Color::hex(0x2a6f97, 179);
    for (const Shape& p : props.props()) view->shape(p, {"#5a3a1a", "#c08a4a", 0.5, 1.0, false});
    for (std::size_t i = 0; i + 1 < agents.size(); ++i)
      view->circle(agents[i].pos, std::max(agents[i].radius, Real(0.6 / view->scale())), kNoColor, agent);
    view->circle(agents[me].pos, std::max(agents[me].radius, Real(1.5 / view->scale())), kNoColor, Color::hex(0xd62728, 255));
    doc.label(10, h - 6, line, 12);
  };
  std::string error;
  const auto paths = draw::save_figures(opt.out_dir + "/tiles", w, h, true, opt.png, paint, error);
  if (paths.empty()) {
    err << "tiles: " << error << "\n";
    return 1;
  }
  const std::string& svg = paths[0];
  log << "tiles: " << line << "\n";
  log << "tiles: " << hits << " contacts, " << corners << " moves with two or more; player's sword: " << swing_hits
      << " hits, " << behind_walls << " monsters in the arc behind walls (not hit); agent-steps checked: " << inside
      << " ended inside a wall or prop, " << through << " crossed a wall or prop (" << region_escapes
      << " into another region), " << overlapping << " overlapping pairs; picture " << svg << "\n";
  if (agents_inside != 0 || agents_through != 0 || overlapping != 0) {
    err << "tiles: FAILED: " << agents_inside << " agents ended inside walls, " << agents_through
        << " passed through walls, " << overlapping << " overlapping pairs\n";
    return 1;
  }
  return 0;
}

}  // namespace collide2d::tool
