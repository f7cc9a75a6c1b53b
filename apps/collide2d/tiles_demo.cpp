// collide2d - 2D collision detection for games. MIT License.
/// @file tiles_demo.cpp  Demo scenario "tiles": a crowd of 1,000 agents (radius 0.4 tiles, one
/// in 20 of radius 0.8 tiles, wider than a tile) wanders for 10,000 steps on The Mana World's
/// largest map (099-8, 403 x 403 tiles) at speeds up to 2 tiles per step, each step one
/// `TileMap::move_circle` (sweep, stop a skin short, slide). Every step is checked
/// independently of the edges the move uses: the agent must end free of the solid cells
/// (`is_free` on the cells with the radius less 2 skins), its straight chord from the old to
/// the new center must cross no solid cell (the grid's ray cast), and its center must stay in
/// the same 4-connected region of free cells. Any failure: exit status 1.
/// COLLIDE2D_TILES_AGENTS and COLLIDE2D_TILES_STEPS (environment) shrink the run for tests.

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
#include "demo.hpp"
#include "png.hpp"
#include "tiles_draw.hpp"

namespace collide2d::inline COLLIDE2D_ABI::tool {

namespace {

/// splitmix64: the same numbers on every platform.
struct Rng {
  std::uint64_t s;
  std::uint64_t next() {
    std::uint64_t z = (s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  /// Uniform in [0, 1).
  double uniform() { return double(next() >> 11) * (1.0 / 9007199254740992.0); }
};

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
  const int n_steps = env_int("COLLIDE2D_TILES_STEPS", 10000);
  const Real max_speed = 2 * tile;
  const Real tol = 2 * map.skin();  // "inside a wall" means deeper than this
  const std::vector<int> region = label_regions(map);
  auto region_of = [&](Vec2 p) {
    const TileCell c = map.cell_at(p);
    if (c.col < 0 || c.row < 0 || c.col >= map.width() || c.row >= map.height()) return -1;
    return region[std::size_t(c.row) * std::size_t(map.width()) + std::size_t(c.col)];
  };

  Rng rng{20261122};
  std::vector<Agent> agents;
  std::vector<int> home;  // region of each agent
  agents.reserve(std::size_t(n_agents));
  for (int i = 0; i < n_agents; ++i) {
    const Real r = (i % 20 == 19 ? Real(0.8) : Real(0.4)) * tile;
    for (int attempt = 0; attempt < 100000; ++attempt) {
      const Vec2 p{Real(rng.uniform() * double(map.bounds().max.x)), Real(rng.uniform() * double(map.bounds().max.y))};
      if (map.wall_distance(p) < r + 2 * map.skin()) continue;
      const double a = rng.uniform() * 6.283185307179586, s = rng.uniform() * double(max_speed);
      agents.push_back({p, Vec2{Real(std::cos(a) * s), Real(std::sin(a) * s)}, r});
      home.push_back(region_of(p));
      break;
    }
  }
  if (int(agents.size()) != n_agents) {
    err << "tiles: could not place " << n_agents << " agents\n";
    return 1;
  }

  // Trails of a few agents, one point every `every` steps.
  const int trail_agents = std::min(n_agents, 40);
  const int every = std::max(1, n_steps / 250);
  std::vector<std::vector<Vec2>> trails(static_cast<std::size_t>(trail_agents));
  for (int i = 0; i < trail_agents; ++i) trails[std::size_t(i)].push_back(agents[std::size_t(i)].pos);

  long long hits = 0, corners = 0, inside = 0, through = 0, region_escapes = 0;
  std::vector<char> bad_inside(agents.size(), 0), bad_through(agents.size(), 0);
  std::vector<Vec2> old(agents.size());
  double move_seconds = 0;
  for (int step = 0; step < n_steps; ++step) {
    for (std::size_t i = 0; i < agents.size(); ++i) old[i] = agents[i].pos;
    const std::clock_t c0 = std::clock();
    for (Agent& a : agents) {
      const TileCircleMove m = map.move_circle(Circle{a.pos, a.radius}, a.vel);
      a.pos = m.center;
      a.vel = m.displacement;
      hits += m.hits;
      corners += m.hits >= 2 ? 1 : 0;
    }
    move_seconds += double(std::clock() - c0) / CLOCKS_PER_SEC;
    // The checks and the wander (new headings), outside the timed part.
    for (std::size_t i = 0; i < agents.size(); ++i) {
      Agent& a = agents[i];
      if (!map.is_free(Shape(Circle{a.pos, a.radius - tol}))) {
        ++inside;
        bad_inside[i] = 1;
      }
      const Vec2 chord = a.pos - old[i];
      const Real len = length(chord);
      bool crossed = region_of(a.pos) != home[i];
      if (!crossed && len > 0) crossed = map.raycast(Ray{old[i], chord, len}).hit;
      if (crossed) {
        ++through;
        bad_through[i] = 1;
        if (region_of(a.pos) != home[i]) ++region_escapes;
      }
      if (step % every == every - 1 && int(i) < trail_agents) trails[i].push_back(a.pos);
      if (rng.uniform() < 0.02 || length(a.vel) < Real(0.05) * tile) {
        const double ang = rng.uniform() * 6.283185307179586, s = (0.1 + 0.9 * rng.uniform()) * double(max_speed);
        a.vel = {Real(std::cos(ang) * s), Real(std::sin(ang) * s)};
      }
    }
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
  const double agent_steps = double(n_agents) * double(n_steps);
  const double rate = move_seconds > 0 ? agent_steps / move_seconds : 0;
  char line[400];
  std::snprintf(line, sizeof line,
                "099-8 (%dx%d tiles): %d agents x %d steps; inside walls %lld, through walls %lld; %.2f M agent-steps/s (CPU time of the moves)",
                map.width(), map.height(), n_agents, n_steps, agents_inside, agents_through, rate / 1e6);
  auto paint = [&](draw::Figure& doc) {
    auto view = draw_tile_picture(doc, map);
    for (std::size_t i = 0; i < trails.size(); ++i) view->polyline(trails[i], {colors[i % 8], "none", 1.2, 0.8, false});
    // Agents: at least 0.6 pixels across.
    view->stroke_width = 0;
    const Color agent = Color::hex(0x2a6f97, 179);
    for (const Agent& a : agents) view->circle(a.pos, std::max(a.radius, Real(0.6 / view->scale())), kNoColor, agent);
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
  log << "tiles: " << hits << " wall contacts, " << corners << " moves with two or more; agent-steps checked: "
      << inside << " ended inside a wall, " << through << " crossed a wall (" << region_escapes
      << " into another region); picture " << svg << "\n";
  if (agents_inside != 0 || agents_through != 0) {
    err << "tiles: FAILED: " << agents_inside << " agents ended inside walls, " << agents_through
        << " passed through walls\n";
    return 1;
  }
  return 0;
}

}  // namespace collide2d::tool
