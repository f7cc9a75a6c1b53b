// collide2d - 2D collision detection for games. MIT License.
// A melee fight in a collision world: four players swing different weapons (sectors of
// different reaches and arcs, one a whole-circle whirlwind) at a crowd of 3,000 wandering
// monsters among crates. Each swing faces the player's nearest monster (World::nearest), hits
// what World::query_shape finds with a filter that skips crates and players, and prints who was
// hit; a monster hit three times is slain (destroyed). Every answer is checked against brute force over all proxies, and the batch API against
// the serial calls; the program returns 1 on any disagreement.
#include <collide2d/collide2d.hpp>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <random>
#include <string>
#include <vector>

using namespace collide2d;

namespace {

constexpr std::uint32_t kPlayer = 1, kMonster = 2, kCrate = 4;

struct Weapon {
  const char* name;
  Real reach;
  Real half_angle;  // radians
};

struct Player {
  const char* name;
  Weapon weapon;
  ProxyHandle body;
};

}  // namespace

int main() {
  std::mt19937 rng(2024);
  auto uniform = [&](Real lo, Real hi) { return std::uniform_real_distribution<Real>(lo, hi)(rng); };
  const Real side = 60;

  World world;
  // Monsters (user data = monster number) and crates.
  std::vector<ProxyHandle> monsters;
  for (int i = 0; i < 3000; ++i) {
    Circle body{{uniform(0, side), uniform(0, side)}, uniform(Real(0.25), Real(0.6))};
    monsters.push_back(*world.create({body, std::uint64_t(i), Filter{kMonster, kMonster | kPlayer}, false}));
  }
  for (int i = 0; i < 150; ++i) {
    Box crate({uniform(0, side), uniform(0, side)}, {Real(0.5), Real(0.5)}, uniform(0, kPi));
    world.create({crate, std::uint64_t(100000 + i), Filter{kCrate, kPlayer | kMonster}, true});
  }
  std::vector<Player> players = {
      {"Ayla", {"dagger", Real(1.4), Real(0.35)}, {}},
      {"Brom", {"sword", Real(2.4), Real(1.05)}, {}},
      {"Cass", {"halberd", Real(3.6), Real(0.45)}, {}},
      {"Dorn", {"whirlwind axe", Real(2.0), kPi}, {}},
  };
  for (std::size_t k = 0; k < players.size(); ++k) {
    Vec2 at{side * Real(0.2 + 0.2 * double(k)), side * Real(0.5)};
    players[k].body = *world.create({Circle{at, Real(0.5)}, std::uint64_t(900000 + k), Filter{kPlayer, kMonster | kCrate}, false});
  }
  world.update();

  int disagreements = 0;
  std::vector<int> hits_on(monsters.size(), 0);
  std::size_t total_hits = 0;
  for (int round = 1; round <= 5; ++round) {
    // Monsters wander; players step forward.
    for (ProxyHandle m : monsters) world.move_by(m, {uniform(Real(-0.3), Real(0.3)), uniform(Real(-0.3), Real(0.3))});
    for (Player& p : players) world.move_by(p.body, {uniform(Real(-0.5), Real(0.5)), uniform(Real(-0.5), Real(0.5))});
    const TouchEvents& ev = world.update();
    std::printf("round %d: %zu contacts began, %zu ended\n", round, ev.begin.size(), ev.end.size());

    std::vector<Shape> swings;
    for (Player& p : players) {
      Vec2 at = std::get<Circle>(*world.shape(p.body)).center;
      // Face the nearest monster within 8 units (or keep facing east).
      std::vector<WorldNearest> near = world.nearest(at, 8, 1, QueryFilter{kMonster});
      Real facing = 0;
      if (!near.empty()) {
        Vec2 target = std::get<Circle>(*world.shape(near[0].what.proxy)).center;
        facing = std::atan2(target.y - at.y, target.x - at.x);
      }
      Sector swing(at, p.weapon.reach, facing, p.weapon.half_angle);
      swings.push_back(swing);

      std::vector<ProxyHandle> hit = world.query_shape(swing, QueryFilter{kMonster});
      std::printf("  %s swings a %s (reach %.1f, arc %.0f deg) at %.0f deg: %zu hit", p.name, p.weapon.name,
                  double(p.weapon.reach), double(p.weapon.half_angle * 2 * 180 / kPi), double(facing * 180 / kPi),
                  hit.size());
      for (ProxyHandle h : hit) std::printf(" #%llu", static_cast<unsigned long long>(world.user_data(h)));
      std::printf("\n");
      total_hits += hit.size();

      // Brute force over every proxy: monsters only, exact sector overlap.
      std::vector<ProxyHandle> brute;
      for (ProxyHandle h : world.handles()) {
        if ((world.filter(h).category & kMonster) && overlaps(Shape(swing), *world.shape(h))) brute.push_back(h);
      }
      if (brute != hit) {
        std::printf("  MISMATCH: brute force finds %zu monsters\n", brute.size());
        ++disagreements;
      }
    }
    // All four swings at once through the batch API: the same answers.
    std::vector<std::vector<ProxyHandle>> batch;
    if (auto bad = world.batch_query_shape(swings, QueryFilter{kMonster}, batch)) {
      std::printf("batch refused: %s\n", bad->text().c_str());
      return 1;
    }
    for (std::size_t k = 0; k < swings.size(); ++k) {
      if (batch[k] != world.query_shape(swings[k], QueryFilter{kMonster})) {
        std::printf("  MISMATCH: batch answer for %s differs\n", players[k].name);
        ++disagreements;
      }
    }
    // A monster hit three times is slain and leaves the world (its contacts end next update).
    for (auto& hs : batch) {
      for (ProxyHandle h : hs) ++hits_on[world.user_data(h)];
    }
    for (std::size_t i = 0; i < monsters.size(); ++i) {
      if (hits_on[i] >= 3 && world.is_valid(monsters[i])) {
        world.destroy(monsters[i]);
        std::printf("  monster #%zu is slain\n", i);
      }
    }
  }
  if (auto bad = world.validate()) {
    std::printf("world invariants broken: %s\n", bad->text().c_str());
    return 1;
  }
  std::printf("%zu hits in 5 rounds, %d disagreements with brute force\n", total_hits, disagreements);
  return disagreements == 0 ? 0 : 1;
}
