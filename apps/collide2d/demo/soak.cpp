// collide2d - 2D collision detection for games. MIT License.
/// @file soak.cpp  `collide2d soak MAP...`: a crowd walks every map given (a Tiled TMX or JSON
/// map; a Doom WAD: all its maps, or one with PATH#MAP) with the map's own mover
/// (TileMap::move_circle, RoomMap::move_circle) and a World of the agents' discs, and every
/// agent-step is checked against an independent answer:
///   inside  the disc (less a tolerance) overlaps a wall: tiles by the solid cells under it
///           (TileMap::is_free), Doom maps by the distance to every blocking line near it
///           (this file's own bucket grid of the lines, not the map's index), or the center
///           left every room;
///   through the chord from the old to the new center crosses a wall: tiles by the grid's
///           cell walk (TileMap::raycast), Doom maps by exact segment crossing tests against
///           the blocking lines near the chord;
///   overlap two agents' discs overlap by more than the tolerance (all pairs near each other,
///           from a bucket grid of the centers after each step).
/// Agents do not pass through each other either: a move whose swept disc (a capsule) touches
/// another agent is not made (the agent turns). One line per map; exit status 1 when any map
/// has an escape (inside, through or overlap), 2 when a map cannot be loaded.
/// Built once per scalar, like the protocol (`--scalar float`, the default, or `double`).
/// `--mover world` moves the crowd with World::move_crowd instead, the map a layer of the world
/// (the one mover over its walls and the other agents: what a game calls).

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <functional>
#include <optional>
#include <span>
#include <ostream>
#include <string>
#include <unordered_map>
#include <vector>

#include "collide2d/polygon_map.hpp"
#include "collide2d/tiled.hpp"
#include "collide2d/wad.hpp"
#include "collide2d/world.hpp"
#include "demo/demo_checks.hpp"

namespace collide2d::inline COLLIDE2D_ABI::tool {

namespace {

using Rng = DemoRng;  // splitmix64

/// What a soak counts.
struct Tally {
  long long agent_steps = 0, moved = 0, inside = 0, through = 0, overlap = 0, refused = 0;
  int agents = 0;
};

/// A bucket grid of items with boxes (wall segments, agent centers), cell side `cell`.
class Buckets {
 public:
  Buckets(Aabb area, double cell) : x0_(double(area.min.x)), y0_(double(area.min.y)), cell_(cell) {
    nx_ = std::max(1, int((double(area.max.x) - x0_) / cell) + 1);
    ny_ = std::max(1, int((double(area.max.y) - y0_) / cell) + 1);
    cells_.assign(std::size_t(nx_) * std::size_t(ny_), {});
  }
  void insert(int item, double xa, double ya, double xb, double yb) {
    for_cells(xa, ya, xb, yb, [&](std::vector<int>& c) { c.push_back(item); });
  }
  void clear() {
    for (auto& c : cells_) c.clear();
  }
  /// Calls f(item) for the items of every cell the box touches (an item may come twice).
  template <class F>
  void visit(double xa, double ya, double xb, double yb, F&& f) {
    for_cells(xa, ya, xb, yb, [&](std::vector<int>& c) {
      for (int i : c) f(i);
    });
  }

 private:
  int clamp_x(double x) const { return std::clamp(int(std::floor((x - x0_) / cell_)), 0, nx_ - 1); }
  int clamp_y(double y) const { return std::clamp(int(std::floor((y - y0_) / cell_)), 0, ny_ - 1); }
  template <class F>
  void for_cells(double xa, double ya, double xb, double yb, F&& f) {
    const int c0 = clamp_x(std::min(xa, xb)), c1 = clamp_x(std::max(xa, xb));
    const int r0 = clamp_y(std::min(ya, yb)), r1 = clamp_y(std::max(ya, yb));
    for (int r = r0; r <= r1; ++r)
      for (int c = c0; c <= c1; ++c) f(cells_[std::size_t(r) * std::size_t(nx_) + std::size_t(c)]);
  }
  double x0_, y0_, cell_;
  int nx_ = 1, ny_ = 1;
  std::vector<std::vector<int>> cells_;
};

/// Orientation of c relative to ab (exact sign for the integer-valued Doom vertices and for
/// centers within double's range: a product of differences).
double orient(double ax, double ay, double bx, double by, double cx, double cy) {
  return (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
}

/// True when the segments pq and ab cross or touch.
bool segments_meet(Vec2 p, Vec2 q, Vec2 a, Vec2 b) {
  const double d1 = orient(a.x, a.y, b.x, b.y, p.x, p.y), d2 = orient(a.x, a.y, b.x, b.y, q.x, q.y);
  const double d3 = orient(p.x, p.y, q.x, q.y, a.x, a.y), d4 = orient(p.x, p.y, q.x, q.y, b.x, b.y);
  if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))) return true;
  auto on = [](double d, Vec2 s, Vec2 e, Vec2 x) {
    return d == 0 && std::min(s.x, e.x) <= x.x && x.x <= std::max(s.x, e.x) && std::min(s.y, e.y) <= x.y &&
           x.y <= std::max(s.y, e.y);
  };
  return on(d1, a, b, p) || on(d2, a, b, q) || on(d3, p, q, a) || on(d4, p, q, b);
}

/// A Tiled map's walls as the soak sees them.
struct TileLevel {
  const TileMap& map;
  Real tol() const { return 2 * map.skin(); }
  Aabb bounds() const { return map.bounds(); }
  Real radius(Rng& rng) const { return map.tile_size().x * Real(0.25 + 0.2 * rng.uniform()); }
  Real max_speed() const { return map.tile_size().x * Real(1.5); }
  LayerGeometry geometry() const { return map; }
  bool spawn_ok(Vec2 p, Real r) const { return map.wall_distance(p) >= r + 2 * tol(); }
  /// The mover: new center and the velocity after slides; blocked when cornered.
  Vec2 move(Vec2 p, Real r, Vec2& vel, bool& blocked) const {
    const CircleMove m = map.move_circle(Circle{p, r}, vel);
    vel = m.displacement;
    blocked = m.blocked;
    return m.center;
  }
  bool inside(Vec2 p, Real r) const { return !map.is_free(Shape(Circle{p, std::max(Real(0), r - tol())})); }
  bool through(Vec2 a, Vec2 b) const {
    const Vec2 d = b - a;
    const Real len = length(d);
    if (len == 0) return !map.is_free(a);
    const RayHit h = map.raycast(Ray{a, d, len});
    return h.hit;
  }
};

/// A Doom map's walls as the soak sees them, with its own index of the blocking lines.
struct RoomLevel {
  const RoomMap& map;
  std::vector<std::pair<Vec2, Vec2>> walls;
  Buckets index;
  explicit RoomLevel(const RoomMap& m)
      : map(m), index(m.bounds(), 256) {
    for (int i : m.walls()) {
      const MapLine& l = m.line(i);
      const Vec2 a = m.vertex(l.v1), b = m.vertex(l.v2);
      index.insert(int(walls.size()), a.x, a.y, b.x, b.y);
      walls.push_back({a, b});
    }
  }
  Real tol() const { return std::max(Real(2) * map.skin(), Real(1e-3)); }
  Aabb bounds() const { return map.bounds(); }
  Real radius(Rng& rng) const { return Real(12 + 12 * rng.uniform()); }
  Real max_speed() const { return Real(40); }
  LayerGeometry geometry() const { return map; }
  bool spawn_ok(Vec2 p, Real r) const { return map.fits(p, r + 2 * tol()); }
  Vec2 move(Vec2 p, Real r, Vec2& vel, bool& blocked) const {
    const CircleMove m = map.move_circle(p, r, vel);
    blocked = m.blocked;
    if (m.contacts > 0) vel = m.center - p;
    return m.center;
  }
  bool inside(Vec2 p, Real r) {
    if (map.room_at(p) < 0) return true;
    const double reach = double(r - tol());
    bool hit = false;
    index.visit(p.x - reach, p.y - reach, p.x + reach, p.y + reach, [&](int w) {
      if (hit) return;
      const Vec2 q = nearest_on_segment(walls[std::size_t(w)].first, walls[std::size_t(w)].second, p);
      const double dx = double(q.x) - double(p.x), dy = double(q.y) - double(p.y);
      hit = dx * dx + dy * dy < reach * reach;
    });
    return hit;
  }
  bool through(Vec2 a, Vec2 b) {
    bool hit = false;
    index.visit(a.x, a.y, b.x, b.y, [&](int w) {
      if (!hit) hit = segments_meet(a, b, walls[std::size_t(w)].first, walls[std::size_t(w)].second);
    });
    return hit;
  }
};

struct Agent {
  ProxyHandle proxy;
  Vec2 pos, vel;
  Real radius;
};

Vec2 random_velocity(Rng& rng, Real max_speed) {
  const double a = rng.uniform() * 6.283185307179586, s = (0.2 + 0.8 * rng.uniform()) * double(max_speed);
  return Vec2{Real(std::cos(a) * s), Real(std::sin(a) * s)};
}

/// Walks `agents` agents for `steps` steps over the level and counts escapes. Mover `map`: each
/// agent moves with the map's own mover and a move whose swept disc meets another agent is not
/// made; mover `world`: the map is a layer of the World and all agents move each step with
/// `World::move_crowd` (the one mover over the layer's walls and the other agents).
template <class Level>
Tally soak_level(Level& level, int n_agents, int steps, std::uint64_t seed, bool world_mover) {
  Rng rng{seed};
  World world;
  if (world_mover) world.add_layer({level.geometry(), 0, Filter{2, 0xffffffffu}});
  std::vector<Agent> agents;
  const Aabb area = level.bounds();
  const Vec2 size = area.max - area.min;
  for (long long attempt = 0; int(agents.size()) < n_agents && attempt < 200000LL * n_agents / 100; ++attempt) {
    const Vec2 p{area.min.x + Real(rng.uniform() * double(size.x)), area.min.y + Real(rng.uniform() * double(size.y))};
    const Real r = level.radius(rng);
    if (!level.spawn_ok(p, r) || !world.query_shape(Circle{p, r + level.tol()}).empty()) continue;
    const auto h = world.create({Circle{p, r}, std::uint64_t(agents.size()), {}, false});
    agents.push_back({*h, p, random_velocity(rng, level.max_speed()), r});
  }
  Tally t;
  t.agents = int(agents.size());
  Real max_r = 0;
  for (const Agent& a : agents) max_r = std::max(max_r, a.radius);
  Buckets centers(area, std::max(1.0, 2.0 * double(max_r)));
  std::vector<ProxyHandle> crowd;
  for (const Agent& a : agents) crowd.push_back(a.proxy);
  std::vector<Vec2> displacements(agents.size());
  std::vector<WorldMove> moves;
  const TaskRunner serial = [](std::size_t n, const std::function<void(std::size_t, std::size_t)>& body) { body(0, n); };
  for (int step = 0; step < steps; ++step) {
    if (world_mover) {
      for (std::size_t i = 0; i < agents.size(); ++i) displacements[i] = agents[i].vel;
      if (world.move_crowd(crowd, displacements, MoveOptions{}, moves, serial)) ++t.refused;
      for (std::size_t i = 0; i < agents.size() && i < moves.size(); ++i) {
        Agent& a = agents[i];
        const Vec2 to = std::get<Circle>(moves[i].result.shape).center;
        ++t.agent_steps;
        if (level.through(a.pos, to)) ++t.through;
        if (to != a.pos) ++t.moved;
        a.pos = to;
        a.vel = moves[i].result.displacement;
        if (moves[i].result.blocked || length(a.vel) < level.max_speed() * Real(0.05) || rng.uniform() < 0.02)
          a.vel = random_velocity(rng, level.max_speed());
        if (level.inside(a.pos, a.radius)) ++t.inside;
      }
    }
    for (Agent& a : world_mover ? std::span<Agent>() : std::span<Agent>(agents)) {
      Vec2 vel = a.vel;
      bool blocked = false;
      const Vec2 to = level.move(a.pos, a.radius, vel, blocked);
      // The swept disc must touch no other agent, else the agent stays and turns.
      bool bump = false;
      world.for_each_overlap(Capsule{a.pos, to, a.radius}, {}, [&](ProxyHandle other) {
        if (other == a.proxy) return true;
        bump = true;
        return false;
      });
      ++t.agent_steps;
      if (bump) {
        a.vel = random_velocity(rng, level.max_speed());
      } else {
        if (level.through(a.pos, to)) ++t.through;
        if (to != a.pos) ++t.moved;
        world.set_shape(a.proxy, Circle{to, a.radius});
        a.pos = to;
        a.vel = vel;
        if (blocked || length(vel) < level.max_speed() * Real(0.05) || rng.uniform() < 0.02)
          a.vel = random_velocity(rng, level.max_speed());
      }
      if (level.inside(a.pos, a.radius)) ++t.inside;
    }
    // No two discs overlap (deeper than the tolerance): all pairs of nearby centers.
    centers.clear();
    for (std::size_t i = 0; i < agents.size(); ++i)
      centers.insert(int(i), agents[i].pos.x, agents[i].pos.y, agents[i].pos.x, agents[i].pos.y);
    for (std::size_t i = 0; i < agents.size(); ++i) {
      const Agent& a = agents[i];
      const double reach = 2.0 * double(max_r);
      bool counted = false;
      centers.visit(a.pos.x - reach, a.pos.y - reach, a.pos.x + reach, a.pos.y + reach, [&](int j) {
        if (counted || std::size_t(j) <= i) return;
        const Agent& b = agents[std::size_t(j)];
        const double dx = double(a.pos.x) - double(b.pos.x), dy = double(a.pos.y) - double(b.pos.y);
        const double gap = double(a.radius + b.radius - level.tol());
        if (dx * dx + dy * dy < gap * gap) {
          ++t.overlap;
          counted = true;
        }
      });
    }
  }
  return t;
}

bool is_wad(const std::string& path) {
  std::string lower = path;
  for (char& c : lower) c = char(std::tolower(static_cast<unsigned char>(c)));
  if (lower.size() >= 4 && lower.compare(lower.size() - 4, 4, ".wad") == 0) return true;
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (!f) return false;
  char magic[4] = {};
  const bool ok = std::fread(magic, 1, 4, f) == 4;
  std::fclose(f);
  return ok && (std::memcmp(magic, "IWAD", 4) == 0 || std::memcmp(magic, "PWAD", 4) == 0);
}

}  // namespace

/// Runs `collide2d soak` on every map (see the file comment); writes one line per map and a
/// total line to `out`. Returns the exit status.
int run_soak(const std::vector<std::string>& maps, int agents, int steps, std::uint64_t seed, bool world_mover,
             std::ostream& out, std::ostream& err) {
  Tally total;
  int map_count = 0, load_failures = 0;
  const auto t_all = std::chrono::steady_clock::now();
  auto report = [&](const std::string& name, const Tally& t, double seconds) {
    char line[512];
    std::snprintf(line, sizeof line,
                  "%s: %d agents x %d steps = %lld agent-steps (%.1f%% moving); inside walls %lld, "
                  "through walls %lld, overlapping bodies %lld; %.1f s",
                  name.c_str(), t.agents, steps, t.agent_steps,
                  t.agent_steps ? 100.0 * double(t.moved) / double(t.agent_steps) : 0.0, t.inside, t.through,
                  t.overlap, seconds);
    out << line << "\n" << std::flush;
    if (t.refused) err << "collide2d soak: " << name << ": World::move_crowd refused " << t.refused << " steps\n";
    total.refused += t.refused;
    total.agent_steps += t.agent_steps;
    total.moved += t.moved;
    total.inside += t.inside;
    total.through += t.through;
    total.overlap += t.overlap;
    total.agents += t.agents;
    ++map_count;
  };
  for (const std::string& arg : maps) {
    const auto hash = arg.find('#');
    const std::string path = arg.substr(0, hash);
    const std::string only = hash == std::string::npos ? "" : arg.substr(hash + 1);
    try {
      if (is_wad(path)) {
        const wad::WadFile file = wad::WadFile::open(path);
        std::vector<std::string> names = file.map_names();
        if (!only.empty()) names = {only};
        for (const std::string& name : names) {
          const auto t0 = std::chrono::steady_clock::now();
          const wad::WadMap m = wad::load_map(file, name);
          const RoomMap rooms = m.room_map();
          RoomLevel level(rooms);
          const Tally t = soak_level(level, agents, steps, seed, world_mover);
          report(path + "#" + m.name, t,
                 std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
        }
      } else {
        const auto t0 = std::chrono::steady_clock::now();
        TiledLoadOptions lo;
        lo.load_objects = false;
        lo.require_tilesets = false;
        const TiledMap tiled = load_tiled(path, lo);
        TileLevel level{tiled.collision};
        const Tally t = soak_level(level, agents, steps, seed, world_mover);
        report(path, t, std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
      }
    } catch (const std::exception& e) {
      err << "collide2d soak: " << e.what() << "\n";
      ++load_failures;
    }
  }
  const long long escapes = total.inside + total.through + total.overlap + total.refused;
  char line[512];
  std::snprintf(line, sizeof line,
                "total: %d maps, %lld agent-steps; inside walls %lld, through walls %lld, overlapping bodies %lld; "
                "%lld escapes; %.1f s",
                map_count, total.agent_steps, total.inside, total.through, total.overlap, escapes,
                std::chrono::duration<double>(std::chrono::steady_clock::now() - t_all).count());
  out << line << "\n";
  if (load_failures) return 2;
  return escapes ? 1 : 0;
}

}  // namespace collide2d::tool
