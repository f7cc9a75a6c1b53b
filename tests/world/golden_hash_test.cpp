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
#include "world/golden_scenario.hpp"

using namespace collide2d;

namespace {

// The pinned hash of the whole run, one per scalar type. A change of the library that changes
// any bit of the scenario changes it: re-pin only on purpose, saying why in the commit.
#ifdef COLLIDE2D_DOUBLE
constexpr std::uint64_t kGolden = 0xc8376c584027df4cull;
#else
constexpr std::uint64_t kGolden = 0xd5c8b3fcf3be901cull;
#endif

constexpr int kSteps = 1000;

/// Runs the scenario with `threads` threads; returns the hash after each step.
std::vector<std::uint64_t> run_scenario(const TileMap& level, unsigned threads) {
  golden::Scenario scenario(level, threads);
  std::vector<std::uint64_t> step_hashes;
  for (int step = 0; step < kSteps; ++step) step_hashes.push_back(scenario.step());
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
