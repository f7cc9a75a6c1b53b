// collide2d - 2D collision detection for games. MIT License.
// Determinism as a guarantee (docs/reliability.md): a fixed scenario on The Mana World's map
// 001-1 (a crowd of 256 agents moving with TileMap::move_circle among 64 static props and each
// other in a World, sword swings as sector queries, rays against the proxies and the tiles,
// touch events) runs 1,000 steps; every step's state and answers are hashed (FNV-1a over the
// bits). The chain of step hashes must be the same with 1, 2 and 4 threads (the map moves, the
// swings and the rays run on the TaskRunner), and its last value must equal the pinned hash of
// the scalar type: the same bits in the release and ASan builds, with g++ and with clang.
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
constexpr std::uint64_t kGolden = 0x0ull;
#else
constexpr std::uint64_t kGolden = 0x0ull;
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
std::vector<std::uint64_t> run_scenario(const TileMap& map, unsigned threads) {
  const TaskRunner run = thread_runner(threads);
  Rng rng{15};
  const Aabb area = map.bounds();
  const int w = int(area.max.x - area.min.x), h = int(area.max.y - area.min.y);
  auto random_point = [&] { return Vec2{area.min.x + Real(rng.below(w)), area.min.y + Real(rng.below(h))}; };

  World world;
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
    if (!map.is_free(shape) || !world.query_shape(shape).empty()) continue;
    world.create({shape, 1000000u + std::uint64_t(placed), {}, true});
    ++placed;
  }
  // Agents: free of walls, props and each other, with speeds up to 48 px per step.
  std::vector<Agent> agents;
  while (int(agents.size()) < kAgents) {
    const Vec2 p = random_point();
    const Real r = Real(6 + rng.below(9));
    const Circle c{p, r};
    if (map.wall_distance(p) < r + 2 * map.skin() || !world.query_shape(c).empty()) continue;
    const Vec2 v{Real(rng.below(97) - 48), Real(rng.below(97) - 48)};
    const auto handle = world.create({c, std::uint64_t(agents.size())});
    agents.push_back({*handle, p, v, r});
  }
  world.update();

  std::vector<std::uint64_t> step_hashes;
  std::vector<TileCircleMove> moved(agents.size());
  std::vector<Shape> swings;
  std::vector<Ray> rays(agents.size());
  std::vector<RayHit> tile_hits(agents.size());
  Hasher hash;
  for (int step = 0; step < kSteps; ++step) {
    // 1. Every agent's move against the tiles, in parallel (each one reads only the map).
    run(agents.size(), [&](std::size_t b, std::size_t e) {
      for (std::size_t i = b; i < e; ++i) moved[i] = map.move_circle(Circle{agents[i].pos, agents[i].radius}, agents[i].vel);
    });
    // 2. In agent order: the swept disc must touch no prop and no other agent, else it stays
    // and turns back; the slide's displacement becomes the velocity.
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
    // 4. Swings: a quarter of the agents swing a 140-degree sector ahead of them.
    swings.clear();
    for (std::size_t i = std::size_t(step % 4); i < agents.size(); i += 4) {
      const Agent& a = agents[i];
      const Real facing = std::atan2(a.vel.y, a.vel.x);
      swings.push_back(Sector(a.pos, a.radius * 4, facing, Real(1.2217)));
    }
    std::vector<std::vector<ProxyHandle>> hit_lists;
    EXPECT_FALSE(world.batch_query_shape(swings, {}, hit_lists, run));
    for (const auto& hits : hit_lists) {
      for (ProxyHandle p : hits) hash.u64(world.user_data(p));
      hash.u64(0x5a5a);
    }
    // 5. Rays from every agent along its velocity (turned by a step-dependent angle), against
    // the proxies (the agent's own disc excluded by starting outside it) and the tiles.
    for (std::size_t i = 0; i < agents.size(); ++i) {
      const Real angle = Real((step * 37 + int(i) * 11) % 628) / 100;
      const Vec2 d{std::cos(angle), std::sin(angle)};
      rays[i] = Ray{agents[i].pos + d * (agents[i].radius + 1), d, Real(300)};
    }
    std::vector<std::optional<RayCastHit>> ray_hits;
    EXPECT_FALSE(world.batch_raycast_closest(rays, {}, ray_hits, run));
    run(rays.size(), [&](std::size_t b, std::size_t e) {
      for (std::size_t i = b; i < e; ++i) tile_hits[i] = map.raycast(rays[i]);
    });
    for (std::size_t i = 0; i < rays.size(); ++i) {
      if (ray_hits[i]) {
        hash.u64(ray_hits[i]->user_data);
        hash.real(ray_hits[i]->hit.distance);
        hash.vec(ray_hits[i]->hit.normal);
      }
      if (tile_hits[i].hit) {
        hash.real(tile_hits[i].distance);
        hash.vec(tile_hits[i].point);
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
