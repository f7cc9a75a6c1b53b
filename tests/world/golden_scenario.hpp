// collide2d - 2D collision detection for games. MIT License.
#pragma once
// The golden scenario (docs/reliability.md, "Determinism"): a crowd of 256 agents on a tile-map
// layer of a World (moves with the layer's TileMap::move_circle among 64 static props and each
// other, sword swings as world overlap queries with reach, rays against layer and proxies, touch
// events, doors: tiles of the layer opened and closed with set_tile). Each step hashes the state
// and the answers (FNV-1a over the bits). Split into the world and the game's own plain state
// (agents, random numbers, hash) so that a run can be snapshotted and resumed
// (snapshot_test.cpp); golden_hash_test.cpp pins its hash.
// Inputs come from splitmix64 and exact integer arithmetic (no <random> distributions, which
// differ between standard libraries). In an anonymous namespace: each test file compiles its own
// copy with its own flags (golden_hash_test.cpp with -ffp-contract=off, like the core).

#include <cmath>
#include <cstdint>
#include <span>
#include <vector>

#include "collide2d/world.hpp"
#include "collide2d_support/splitmix64.hpp"

namespace {

namespace golden {

using namespace collide2d;

constexpr int kAgents = 256;
constexpr int kProps = 64;

/// splitmix64: the same numbers everywhere.
using Rng = collide2d::support::SplitMix64;

/// FNV-1a over the bytes of values.
struct Hasher {
  std::uint64_t h = 0xcbf29ce484222325ull;
  void bytes(const void* p, std::size_t n) {
    const auto* b = static_cast<const unsigned char*>(p);
    for (std::size_t i = 0; i < n; ++i) h = (h ^ b[i]) * 0x100000001b3ull;
  }
  void real(Real v) { bytes(&v, sizeof v); }
  void vec(Vec2 v) { real(v.x); real(v.y); }
  void u64(std::uint64_t v) { bytes(&v, sizeof v); }
};

struct Agent {
  ProxyHandle proxy;
  Vec2 pos, vel;
  Real radius;
};

/// The game's side of the scenario: plain values, copied with a world snapshot.
struct State {
  Rng rng{15};
  Hasher hash;
  std::vector<Agent> agents;
  std::vector<TileCell> doors;
  LayerHandle tiles_layer;
  int step = 0;
};

class Scenario {
 public:
  /// Sets the scenario up on `level`, run with `threads` threads.
  Scenario(const TileMap& level, unsigned threads) : run_(thread_runner(threads)) {
    State& st = state;
    const Aabb area = level.bounds();
    const int w = int(area.max.x - area.min.x), h = int(area.max.y - area.min.y);
    auto random_point = [&] { return Vec2{area.min.x + Real(st.rng.below(w)), area.min.y + Real(st.rng.below(h))}; };

    // The map as a layer of category 2 (proxies are category 1).
    st.tiles_layer = *world.add_layer({level, 7, Filter{2, 0xffffffffu}});
    // Doors: 16 solid cells with a free neighbour, spread over the map, toggled in turn.
    for (int row = 1; row + 1 < level.height() && st.doors.size() < 16; row += 7)
      for (int col = 1; col + 1 < level.width(); ++col)
        if (level.solid(col, row) && (!level.solid(col + 1, row) || !level.solid(col - 1, row))) {
          st.doors.push_back({col, row});
          break;
        }
    // Props: static boxes and hexagons, free of the walls and of each other.
    for (int placed = 0; placed < kProps;) {
      const Vec2 c = random_point();
      const Real s = Real(6 + st.rng.below(10));
      Shape shape;
      if (placed % 2 == 0) {
        shape = Box(c, {s, s / 2}, Real(st.rng.below(628)) / 100);
      } else {
        Vec2 pts[6];
        for (int k = 0; k < 6; ++k) pts[k] = c + Vec2{std::cos(Real(k) * kPi / 3), std::sin(Real(k) * kPi / 3)} * s;
        shape = *make_polygon(pts);
      }
      if (!world.overlap(shape).empty()) continue;  // walls (the layer) and props
      world.create({shape, 1000000u + std::uint64_t(placed), {}, true});
      ++placed;
    }
    // Agents: free of walls, props and each other, with speeds up to 48 px per step.
    while (int(st.agents.size()) < kAgents) {
      const Vec2 p = random_point();
      const Real r = Real(6 + st.rng.below(9));
      if (tiles().wall_distance(p) < r + 2 * tiles().skin() || !world.overlap(Circle{p, r}, proxies_only()).empty())
        continue;
      const Vec2 v{Real(st.rng.below(97) - 48), Real(st.rng.below(97) - 48)};
      const auto handle = world.create({Circle{p, r}, std::uint64_t(st.agents.size()), {}, false});
      st.agents.push_back({*handle, p, v, r});
    }
    world.update();
  }

  /// Resumes a scenario from a restored world and the game state saved with it.
  Scenario(World restored, State saved, unsigned threads)
      : world(std::move(restored)), state(std::move(saved)), run_(thread_runner(threads)) {}

  /// Runs one step; returns the hash after it.
  std::uint64_t step() {
    State& st = state;
    std::vector<Agent>& agents = st.agents;
    Hasher& hash = st.hash;
    const int step = st.step++;
    moved_.resize(agents.size());
    swing_hits_.resize(agents.size());
    ray_hits_.resize(agents.size());
    auto hash_hit = [&](const WorldHit& what) {
      hash.u64(std::uint64_t(what.kind));
      hash.u64(what.user_data);
      hash.u64(what.element);
    };
    // 0. A door opens or closes (closing only when no agent stands on the cell).
    if (step % 25 == 0) {
      const TileCell d = st.doors[std::size_t(step / 25) % st.doors.size()];
      const bool solid = tiles().solid(d.col, d.row);
      if (solid || world.overlap_box(tiles().cell_box(d.col, d.row), proxies_only()).empty()) {
        if (world.set_tile(st.tiles_layer, d.col, d.row, !solid)) hash.u64(0xbad);
      }
      hash.u64(tiles().solid(d.col, d.row));
    }
    // 1. Every agent's move against the layer's tiles, in parallel (each one reads only the map).
    const TileMap& map = tiles();
    run_(agents.size(), [&](std::size_t b, std::size_t e) {
      for (std::size_t i = b; i < e; ++i)
        moved_[i] = map.move_circle(Circle{agents[i].pos, agents[i].radius}, agents[i].vel);
    });
    // 2. In agent order: the swept disc must touch no prop and no other agent, else it stays
    // and turns; the slide's displacement becomes the velocity.
    for (std::size_t i = 0; i < agents.size(); ++i) {
      Agent& a = agents[i];
      const Capsule swept{a.pos, moved_[i].center, a.radius};
      bool blocked = false;
      world.for_each_overlap(swept, {}, [&](ProxyHandle other) {
        if (other == a.proxy) return true;
        blocked = true;
        return false;
      });
      if (blocked) {
        a.vel = Vec2{-a.vel.y, a.vel.x};
      } else {
        world.set_shape(a.proxy, Circle{moved_[i].center, a.radius});
        a.pos = moved_[i].center;
        a.vel = moved_[i].displacement;
        if (moved_[i].blocked || (a.vel.x == 0 && a.vel.y == 0))
          a.vel = Vec2{Real(st.rng.below(97) - 48), Real(st.rng.below(97) - 48)};
      }
      if (st.rng.below(64) == 0) a.vel = Vec2{Real(st.rng.below(97) - 48), Real(st.rng.below(97) - 48)};
      hash.vec(a.pos);
      hash.vec(a.vel);
    }
    // 3. Touch events.
    const TouchEvents& events = world.update();
    for (const auto* list : {&events.begin, &events.end})
      for (const TouchEvent& ev : *list) {
        hash.u64(ev.a.index);
        hash.u64(ev.b.index);
      }
    hash.u64(0xe7e7);
    // 4. Swings: a quarter of the agents swing a 140-degree sector ahead of them, hitting what
    // they can reach (walls of the layer block); rays from every agent (turned by a
    // step-dependent angle) against the layer and the proxies. In parallel.
    run_(agents.size(), [&](std::size_t b, std::size_t e) {
      for (std::size_t i = b; i < e; ++i) {
        const Agent& a = agents[i];
        QueryOptions opt;
        opt.exclude = std::span<const ProxyHandle>(&a.proxy, 1);
        swing_hits_[i].clear();
        if (int(i % 4) == step % 4) {
          opt.reach = true;
          swing_hits_[i] = world.overlap(Sector(a.pos, a.radius * 4, std::atan2(a.vel.y, a.vel.x), Real(1.2217)), opt);
          opt.reach = false;
        }
        const Real angle = Real((step * 37 + int(i) * 11) % 628) / 100;
        const Vec2 d{std::cos(angle), std::sin(angle)};
        ray_hits_[i] = world.ray_closest(Ray{a.pos, d, Real(300)}, opt);
      }
    });
    for (std::size_t i = 0; i < agents.size(); ++i) {
      for (const WorldHit& what : swing_hits_[i]) hash_hit(what);
      hash.u64(0x5a5a);
      if (ray_hits_[i]) {
        hash_hit(ray_hits_[i]->what);
        hash.real(ray_hits_[i]->hit.distance);
        hash.vec(ray_hits_[i]->hit.normal);
      }
    }
    return hash.h;
  }

  World world;
  State state;

 private:
  const TileMap& tiles() const { return std::get<TileMap>(*world.layer(state.tiles_layer)); }
  static QueryOptions proxies_only() {
    QueryOptions o;
    o.mask = 1;
    return o;
  }

  TaskRunner run_;
  std::vector<CircleMove> moved_;
  std::vector<std::vector<WorldHit>> swing_hits_;
  std::vector<std::optional<WorldRayHit>> ray_hits_;
};

}  // namespace golden
}  // namespace
