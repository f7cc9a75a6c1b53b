// collide2d - 2D collision detection for games. MIT License.
// Determinism as a guarantee (docs/reliability.md): a fixed scenario on The Mana World's map
// 001-1, a tile-map layer of a World (a crowd of 256 agents moving with the layer's
// TileMap::move_circle among 64 static props and each other, sword swings as world overlap
// queries with reach, rays against layer and proxies, touch events, doors: tiles of the layer
// opened and closed with set_tile) runs 1,000 steps; every step's state and answers are hashed
// (FNV-1a over the bits). The chain of step hashes must be the same with 1, 2 and 4 threads (the
// map moves, the swings and the rays run on the TaskRunner), and its last value must equal the
// pinned hash of the scalar type: the same bits in the release and ASan builds, with g++ and
// with clang.
// Inputs come from splitmix64 and exact integer arithmetic (no <random> distributions, which
// differ between standard libraries). This file is compiled with -ffp-contract=off like the core.
#include <gtest/gtest.h>

#include <cinttypes>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <string>
#include <vector>

#include "collide2d/tiled.hpp"
#include "collide2d/world.hpp"

using namespace collide2d;

namespace {

// The pinned hash of the whole run, one per scalar type. A change of the library that changes
// any bit of the scenario changes it: re-pin only on purpose, saying why in the commit.
#ifdef COLLIDE2D_DOUBLE
constexpr std::uint64_t kGolden = 0x24ce24c14a8064b3ull;
#else
constexpr std::uint64_t kGolden = 0x8a64e3632d48d0a2ull;
#endif

constexpr int kAgents = 256;
constexpr int kProps = 64;
constexpr int kSteps = 1000;

/// splitmix64: the same numbers everywhere.
struct Rng {
  std::uint64_t s;
  std::uint64_t next() {
    std::uint64_t z = (s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  /// An integer in [0, n).
  int below(int n) { return int(next() % std::uint64_t(n)); }
};

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

/// Runs the scenario with `threads` threads; returns the hash after each step.
std::vector<std::uint64_t> run_scenario(const TileMap& level, unsigned threads) {
  const TaskRunner run = thread_runner(threads);
  Rng rng{15};
  const Aabb area = level.bounds();
  const int w = int(area.max.x - area.min.x), h = int(area.max.y - area.min.y);
  auto random_point = [&] { return Vec2{area.min.x + Real(rng.below(w)), area.min.y + Real(rng.below(h))}; };

  World world;
  // The map as a layer of category 2 (proxies are category 1).
  const LayerHandle tiles_layer = *world.add_layer({level, 7, Filter{2, 0xffffffffu}});
  auto tiles = [&]() -> const TileMap& { return std::get<TileMap>(*world.layer(tiles_layer)); };
  QueryOptions proxies_only;
  proxies_only.mask = 1;
  // Doors: 16 solid cells with a free neighbour, spread over the map, toggled in turn.
  std::vector<TileCell> doors;
  for (int row = 1; row + 1 < level.height() && doors.size() < 16; row += 7)
    for (int col = 1; col + 1 < level.width(); ++col)
      if (level.solid(col, row) && (!level.solid(col + 1, row) || !level.solid(col - 1, row))) {
        doors.push_back({col, row});
        break;
      }
  // Props: static boxes and hexagons, free of the walls and of each other.
  for (int placed = 0; placed < kProps;) {
    const Vec2 c = random_point();
    const Real s = Real(6 + rng.below(10));
    Shape shape;
    if (placed % 2 == 0) {
      shape = Box(c, {s, s / 2}, Real(rng.below(628)) / 100);
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
  std::vector<Agent> agents;
  while (int(agents.size()) < kAgents) {
    const Vec2 p = random_point();
    const Real r = Real(6 + rng.below(9));
    if (tiles().wall_distance(p) < r + 2 * tiles().skin() || !world.overlap(Circle{p, r}, proxies_only).empty())
      continue;
    const Vec2 v{Real(rng.below(97) - 48), Real(rng.below(97) - 48)};
    const auto handle = world.create({Circle{p, r}, std::uint64_t(agents.size()), {}, false});
    agents.push_back({*handle, p, v, r});
  }
  world.update();

  std::vector<std::uint64_t> step_hashes;
  std::vector<TileCircleMove> moved(agents.size());
  std::vector<std::vector<WorldHit>> swing_hits(agents.size());
  std::vector<std::optional<WorldRayHit>> ray_hits(agents.size());
  Hasher hash;
  auto hash_hit = [&](const WorldHit& what) {
    hash.u64(std::uint64_t(what.kind));
    hash.u64(what.user_data);
    hash.u64(what.element);
  };
  for (int step = 0; step < kSteps; ++step) {
    // 0. A door opens or closes (closing only when no agent stands on the cell).
    if (step % 25 == 0) {
      const TileCell d = doors[std::size_t(step / 25) % doors.size()];
      const bool solid = tiles().solid(d.col, d.row);
      if (solid || world.overlap_box(tiles().cell_box(d.col, d.row), proxies_only).empty()) {
        EXPECT_FALSE(world.set_tile(tiles_layer, d.col, d.row, !solid));
      }
      hash.u64(tiles().solid(d.col, d.row));
    }
    // 1. Every agent's move against the layer's tiles, in parallel (each one reads only the map).
    const TileMap& map = tiles();
    run(agents.size(), [&](std::size_t b, std::size_t e) {
      for (std::size_t i = b; i < e; ++i) moved[i] = map.move_circle(Circle{agents[i].pos, agents[i].radius}, agents[i].vel);
    });
    // 2. In agent order: the swept disc must touch no prop and no other agent, else it stays
    // and turns; the slide's displacement becomes the velocity.
    for (std::size_t i = 0; i < agents.size(); ++i) {
      Agent& a = agents[i];
      const Capsule swept{a.pos, moved[i].center, a.radius};
      bool blocked = false;
      world.for_each_overlap(swept, {}, [&](ProxyHandle other) {
        if (other == a.proxy) return true;
        blocked = true;
        return false;
      });
      if (blocked) {
        a.vel = Vec2{-a.vel.y, a.vel.x};
      } else {
        world.set_shape(a.proxy, Circle{moved[i].center, a.radius});
        a.pos = moved[i].center;
        a.vel = moved[i].displacement;
        if (moved[i].blocked || (a.vel.x == 0 && a.vel.y == 0))
          a.vel = Vec2{Real(rng.below(97) - 48), Real(rng.below(97) - 48)};
      }
      if (rng.below(64) == 0) a.vel = Vec2{Real(rng.below(97) - 48), Real(rng.below(97) - 48)};
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
    run(agents.size(), [&](std::size_t b, std::size_t e) {
      for (std::size_t i = b; i < e; ++i) {
        const Agent& a = agents[i];
        QueryOptions opt;
        opt.exclude = std::span<const ProxyHandle>(&a.proxy, 1);
        swing_hits[i].clear();
        if (int(i % 4) == step % 4) {
          opt.reach = true;
          swing_hits[i] = world.overlap(Sector(a.pos, a.radius * 4, std::atan2(a.vel.y, a.vel.x), Real(1.2217)), opt);
          opt.reach = false;
        }
        const Real angle = Real((step * 37 + int(i) * 11) % 628) / 100;
        const Vec2 d{std::cos(angle), std::sin(angle)};
        ray_hits[i] = world.ray_closest(Ray{a.pos, d, Real(300)}, opt);
      }
    });
    for (std::size_t i = 0; i < agents.size(); ++i) {
      for (const WorldHit& what : swing_hits[i]) hash_hit(what);
      hash.u64(0x5a5a);
      if (ray_hits[i]) {
        hash_hit(ray_hits[i]->what);
        hash.real(ray_hits[i]->hit.distance);
        hash.vec(ray_hits[i]->hit.normal);
      }
    }
    step_hashes.push_back(hash.h);
  }
  return step_hashes;
}

std::string hex(std::uint64_t v) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "0x%016" PRIx64, v);
  return buf;
}

}  // namespace

TEST(GoldenHash, CrowdOnTmwMapSameBitsForAnyThreadCount) {
  const std::string path = std::string(COLLIDE2D_TEST_DATA_DIR) + "/tmw/maps/001-1.tmx";
  if (!std::filesystem::is_regular_file(path)) GTEST_SKIP() << path << " not found";
  TiledLoadOptions lo;
  lo.load_objects = false;
  const TileMap map = load_tiled(path, lo).collision;

  const std::vector<std::uint64_t> one = run_scenario(map, 1);
  ASSERT_EQ(one.size(), std::size_t(kSteps));
  for (unsigned threads : {2u, 4u}) {
    const std::vector<std::uint64_t> many = run_scenario(map, threads);
    ASSERT_EQ(many.size(), one.size());
    for (std::size_t s = 0; s < one.size(); ++s)
      ASSERT_EQ(hex(many[s]), hex(one[s])) << "step " << s << " differs with " << threads << " threads";
  }
  EXPECT_EQ(hex(one.back()), hex(kGolden))
      << "the scenario's hash changed: if the change is meant, pin the new value in kGolden";
}
