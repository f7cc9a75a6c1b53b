// collide2d - 2D collision detection for games. MIT License.
/// @file mover_scenes.cpp  The crowd scenes of the mover benchmarks (see mover_scenes.hpp).

#include "mover_scenes.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <map>
#include <utility>

#include "collide2d/query.hpp"
#include "collide2d/tiled.hpp"
#include "collide2d/wad.hpp"
#include "collide2d_support/splitmix64.hpp"

namespace bench::mover {

namespace {

using collide2d::Aabb;
using collide2d::Circle;
using collide2d::Shape;

/// Uniform in [0, 1) from the splitmix64 state `s` (the shared generator), advancing it.
double uniform(std::uint64_t& s) {
  collide2d::support::SplitMix64 g{s};
  const double u = g.uniform();
  s = g.s;
  return u;
}

Vec2 random_velocity(const Scene& s, std::uint64_t& rng) {
  const double a = uniform(rng) * 6.283185307179586;
  const double v = double(s.min_speed) + (double(s.max_speed) - double(s.min_speed)) * uniform(rng);
  return Vec2{Real(std::cos(a) * v), Real(std::sin(a) * v)};
}

/// Indices of `boxes` sorted by min.x, for sweeps.
std::vector<std::uint32_t> by_min_x(const std::vector<Aabb>& boxes) {
  std::vector<std::uint32_t> order(boxes.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = std::uint32_t(i);
  std::sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) { return boxes[a].min.x < boxes[b].min.x; });
  return order;
}

Aabb circle_box(Vec2 c, Real r) { return Aabb{c - Vec2{r, r}, c + Vec2{r, r}}; }

/// True when the agent at p with radius r clears every placed agent by `gap`.
bool clear_of(const std::vector<Agent>& agents, Vec2 p, Real r, Real gap) {
  for (const Agent& a : agents) {
    const Real need = a.radius + r + gap;
    if (collide2d::length_sq(a.pos - p) < need * need) return false;
  }
  return true;
}

bool clear_of(const std::vector<Shape>& props, const Shape& s) {
  for (const Shape& p : props)
    if (collide2d::overlaps(p, s)) return false;
  return true;
}

void place_agents(Scene& s, int n, std::uint64_t seed, Vec2 lo, Vec2 hi, Real radius, bool big_ones,
                  bool (*fits)(const Scene&, Vec2, Real)) {
  std::uint64_t rng = seed;
  const Real gap = s.tolerance * 4;
  while (int(s.agents.size()) < n) {
    const Real r = big_ones && s.agents.size() % 20 == 19 ? radius * 2 : radius;
    bool placed = false;
    for (int attempt = 0; attempt < 1000000 && !placed; ++attempt) {
      const Vec2 p{Real(double(lo.x) + uniform(rng) * double(hi.x - lo.x)),
                   Real(double(lo.y) + uniform(rng) * double(hi.y - lo.y))};
      if (!fits(s, p, r + gap) || !clear_of(s.agents, p, r, gap)) continue;
      if (!clear_of(s.props, Shape(Circle{p, r + gap}))) continue;
      s.agents.push_back({p, random_velocity(s, rng), r});
      placed = true;
    }
    if (!placed) return;  // full: the caller sees fewer agents
  }
}

std::unique_ptr<Scene> make_tiles(int n, std::string* why) {
  const std::string path = BENCH_DATA_DIR "/tmw/maps/099-8.tmx";
  if (!std::filesystem::is_regular_file(path)) {
    if (why) *why = path + " not found";
    return nullptr;
  }
  collide2d::TiledLoadOptions o;
  o.load_objects = false;
  const collide2d::TiledMap t = collide2d::load_tiled(path, o);
  auto grid = collide2d::TileMap::from_grid(t.width, t.height, t.collision.cells(), {1, 1});
  if (!grid) {
    if (why) *why = "099-8: bad grid";
    return nullptr;
  }
  auto s = std::make_unique<Scene>();
  s->name = "099-8";
  s->tiles = *grid;
  s->min_speed = Real(0.05);
  s->max_speed = Real(0.25);
  s->box2d_scale = 1;
  s->tolerance = Real(0.01);
  const Aabb area = s->tiles->bounds();
  std::uint64_t rng = 20261125;
  const Real px = Real(1) / 32;  // Tiled pixels per tile: 32
  while (s->props.size() < 200) {
    const Vec2 p{Real(double(area.min.x) + uniform(rng) * double(area.max.x - area.min.x)),
                 Real(double(area.min.y) + uniform(rng) * double(area.max.y - area.min.y))};
    const Real angle = Real(uniform(rng) * 3.141592653589793);
    const Shape prop = s->props.size() % 2 ? Shape(collide2d::Box(p, Vec2{10 * px, 8 * px}, angle))
                                           : Shape(Circle{p, 9 * px});
    const Shape grown = s->props.size() % 2 ? Shape(collide2d::Box(p, Vec2{11 * px, 9 * px}, angle))
                                            : Shape(Circle{p, 10 * px});
    if (!s->tiles->is_free(grown) || !clear_of(s->props, grown)) continue;
    s->props.push_back(prop);
  }
  place_agents(*s, n, 99 + std::uint64_t(n), area.min, area.max, Real(0.4), true,
               [](const Scene& sc, Vec2 p, Real r) { return sc.tiles->wall_distance(p) >= r; });
  if (int(s->agents.size()) != n) {
    if (why) *why = "099-8: room for " + std::to_string(s->agents.size()) + " agents only";
    return nullptr;
  }
  return s;
}

std::unique_ptr<Scene> make_doom(const std::string& name, int n, std::string* why) {
  const std::string file = std::string(BENCH_FREEDOOM_DIR) + (name == "E1M1" ? "/freedoom1.wad" : "/freedoom2.wad");
  if (!std::filesystem::is_regular_file(file)) {
    if (why) *why = file + " not found";
    return nullptr;
  }
  const collide2d::wad::WadMap wad = collide2d::wad::load_wad_map(file, name);
  auto s = std::make_unique<Scene>();
  s->name = name;
  s->rooms = wad.room_map();
  s->min_speed = Real(1.5);
  s->max_speed = Real(8);
  s->box2d_scale = Real(1) / 32;
  s->tolerance = Real(0.32);  // 0.01 m at Box2D's scale
  place_agents(*s, n, 7 + std::uint64_t(n), s->rooms->bounds().min, s->rooms->bounds().max, Real(16), false,
               [](const Scene& sc, Vec2 p, Real r) { return sc.rooms->fits(p, r); });
  if (int(s->agents.size()) != n) {
    if (why) *why = name + ": room for " + std::to_string(s->agents.size()) + " agents only";
    return nullptr;
  }
  return s;
}

}  // namespace

const Scene* scene(const std::string& name, int agents, std::string* why) {
  static std::map<std::pair<std::string, int>, std::unique_ptr<Scene>> cache;
  const auto key = std::make_pair(name, agents);
  auto it = cache.find(key);
  if (it == cache.end()) {
    std::unique_ptr<Scene> s;
    try {
      s = name == "099-8" ? make_tiles(agents, why) : make_doom(name, agents, why);
    } catch (const std::exception& e) {
      if (why) *why = name + ": " + e.what();
    }
    it = cache.emplace(key, std::move(s)).first;
  }
  if (!it->second && why && why->empty()) *why = name + ": not available";
  return it->second.get();
}

void wander(const Scene& s, std::vector<Agent>& agents, std::uint64_t& rng_state) {
  for (Agent& a : agents)
    if (uniform(rng_state) < 0.02 || collide2d::length(a.vel) < s.min_speed / 4) a.vel = random_velocity(s, rng_state);
}

void check(const Scene& s, const std::vector<Agent>& agents, Check& out) {
  const Real tol = s.tolerance;
  for (const Agent& a : agents) {
    if (s.tiles) {
      if (!s.tiles->is_free(Shape(Circle{a.pos, a.radius - tol}))) ++out.in_wall;
    } else if (s.rooms->room_at(a.pos) < 0 || s.rooms->wall_distance(a.pos) < a.radius - tol) {
      ++out.in_wall;
    }
  }
  // Agents against props and each other: sweeps over boxes sorted by min.x.
  std::vector<Aabb> boxes;
  boxes.reserve(agents.size() + s.props.size());
  for (const Agent& a : agents) boxes.push_back(circle_box(a.pos, a.radius));
  for (const Shape& p : s.props) boxes.push_back(collide2d::bounds(p));
  const std::vector<std::uint32_t> order = by_min_x(boxes);
  const std::size_t n = agents.size();
  for (std::size_t k = 0; k < order.size(); ++k) {
    const std::uint32_t i = order[k];
    for (std::size_t m = k + 1; m < order.size(); ++m) {
      const std::uint32_t j = order[m];
      if (boxes[j].min.x > boxes[i].max.x) break;
      if (!boxes[i].overlaps(boxes[j])) continue;
      if (i >= n && j >= n) continue;  // prop - prop
      if (i < n && j < n) {
        const Real need = agents[i].radius + agents[j].radius - tol;
        if (collide2d::length_sq(agents[i].pos - agents[j].pos) < need * need) ++out.agent_pairs;
      } else {
        const Agent& a = agents[std::min(i, j)];
        if (collide2d::overlaps(Shape(Circle{a.pos, a.radius - tol}), s.props[std::max(i, j) - n])) ++out.in_prop;
      }
    }
  }
}

}  // namespace bench::mover
