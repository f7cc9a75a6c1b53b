// collide2d - 2D collision detection for games. MIT License.
/// @file island_demo.cpp  Demo scenario "island": an island of 300 overlapping discs (seeded);
/// 200 characters walk to random clicks snapped to the nearest place they fit, for 5,000
/// steps, sliding along the coast. Every character is checked after every step: one whose disk
/// reaches into the sea (beyond the union's tolerance) fails the scenario. Writes island.svg
/// (land, coast arcs, normals, every fifth character's path sampled every 50 steps,
/// final positions and targets) and a summary line.

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <ostream>
#include <vector>

#include "collide2d/disc_union.hpp"
#include "demo.hpp"
#include "island_svg.hpp"
#include "png.hpp"

namespace collide2d::inline COLLIDE2D_ABI::tool {

namespace {

/// A small deterministic generator (splitmix64): the same island on every platform.
struct Rng {
  std::uint64_t s;
  std::uint64_t next() {
    std::uint64_t z = (s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  double uniform(double a, double b) { return a + (b - a) * double(next() >> 11) * 0x1.0p-53; }
};

/// 300 discs round a wandering walk kept within 80 units of the origin: bays, necks, lagoons.
std::vector<Circle> make_island(Rng& rng) {
  std::vector<Circle> discs;
  double x = 0, y = 0, heading = 0;
  for (int k = 0; k < 300; ++k) {
    discs.push_back({{Real(x), Real(y)}, Real(rng.uniform(3, 9))});
    heading += rng.uniform(-1.2, 1.2);
    const double step = rng.uniform(3, 7);
    x += step * std::cos(heading);
    y += step * std::sin(heading);
    if (std::hypot(x, y) > 80) heading = std::atan2(-y, -x) + rng.uniform(-0.5, 0.5);
  }
  return discs;
}

}  // namespace

int run_island_demo(const DemoOptions& opt, std::ostream& log, std::ostream& err) {
  Rng rng{20261122};
  const std::vector<Circle> discs = make_island(rng);
  const DiscUnion land(discs);
  const Aabb box = land.bounds();

  struct Walker {
    Circle body;
    Vec2 target;
    Real speed;
    int since_progress = 0;
    std::vector<Vec2> path;
  };
  const int kWalkers = 200, kSteps = 5000, kEvery = 50;  // paths keep every 50th position
  auto click = [&](Real radius) {
    // A click anywhere round the island, sea included, snapped to where the character fits.
    const Vec2 c{Real(rng.uniform(box.min.x - 10, box.max.x + 10)), Real(rng.uniform(box.min.y - 10, box.max.y + 10))};
    return land.nearest_land_point(c, radius);
  };
  std::vector<Walker> walkers;
  for (int k = 0; k < kWalkers; ++k) {
    const Real r = Real(rng.uniform(0.6, 1.8));
    const auto start = click(r), target = click(r);
    if (!start || !target) {
      err << "collide2d demo: island: no place for a character of radius " << r << "\n";
      return 1;
    }
    walkers.push_back({{*start, r}, *target, Real(0.3) * r, 0, {*start}});
  }

  long in_sea = 0, reached = 0, contacts = 0, blocked = 0, gave_up = 0;
  double deepest = 0;
  for (int step = 1; step <= kSteps; ++step) {
    for (Walker& w : walkers) {
      const Vec2 to = w.target - w.body.center;
      const Real dist = length(to);
      if (dist <= w.body.radius * Real(0.05) || w.since_progress > 150) {
        (dist <= w.body.radius * Real(0.05) ? reached : gave_up)++;
        if (const auto t = click(w.body.radius)) w.target = *t;
        w.since_progress = 0;
        continue;
      }
      const Vec2 want = dist > w.speed ? to * (w.speed / dist) : to;
      const CharacterMove m = land.move_character(w.body, want);
      contacts += long(m.contacts.size());
      blocked += m.blocked ? 1 : 0;
      w.since_progress = length(w.target - m.position) < dist - w.speed * Real(0.05) ? 0 : w.since_progress + 1;
      w.body.center = m.position;
      // In the sea: the disk reaches past the coast by more than the tolerance.
      const Real sd = land.signed_distance(w.body.center);
      const double over = double(sd + w.body.radius);
      if (over > double(land.tolerance()) || !m.on_land) {
        ++in_sea;
        deepest = std::max(deepest, over);
      }
      if (step % kEvery == 0) w.path.push_back(w.body.center);
    }
  }

  // The picture: sea, land, coast arcs with a few normals, paths, final positions and targets.
  const Vec2 pad{12, 12};
  const Aabb world{box.min - pad, box.max + pad};
  const double W = 1200, H = 1200 * double((world.max.y - world.min.y) / (world.max.x - world.min.x));
  char title[240];
  std::snprintf(title, sizeof title,
                "island: %zu discs, %zu coast arcs; %d characters x %d steps: %ld in the sea, %ld targets "
                "reached, %ld coast contacts",
                discs.size(), land.arcs().size(), kWalkers, kSteps, in_sea, reached, contacts);
  const char* colors[] = {"#9467bd", "#2ca02c", "#ff7f0e", "#8c564b", "#e377c2", "#17becf"};
  for (Walker& w : walkers) w.path.push_back(w.body.center);
  auto paint = [&](draw::Figure& doc) {
    doc.rect(0, 36, W, H, {"none", "#cfe3f5", 0, 1.0, false});
    auto view = doc.panel(0, 36, W, H, world.min, world.max);
    draw_island(*view, land, false, 4);
    for (std::size_t k = 0; k < walkers.size(); k += 5)  // every fifth path keeps it readable
      view->polyline(walkers[k].path, {colors[k % 6], "none", 1.0, 1.0, false});
    for (std::size_t k = 0; k < walkers.size(); ++k) {
      const Walker& w = walkers[k];
      view->circle(w.body.center, w.body.radius, {"#000000", colors[k % 6], 0.8, 0.8, false});
      view->dot(w.target, 2, {"none", "#d62728", 0, 1.0, false});
    }
    doc.label(8, 24, title, 15, "#000000", true);
  };
  std::error_code ec;
  std::filesystem::create_directories(opt.out_dir, ec);
  std::string error;
  const auto paths = draw::save_figures((std::filesystem::path(opt.out_dir) / "island").string(), W, H + 36, true,
                                        opt.png, paint, error);
  if (paths.empty()) {
    err << "collide2d demo: island: " << error << "\n";
    return 1;
  }
  const std::string& path = paths[0];
  log << title << " -> " << path << "\n";
  log << "island: " << blocked << " blocked moves, " << gave_up << " targets given up (behind a neck or "
      << "across the water), characters in the sea: " << in_sea;
  if (in_sea) log << " (deepest " << deepest << " past the coast)";
  log << "\n";
  if (in_sea) {
    err << "collide2d demo: island: " << in_sea << " character-steps in the sea\n";
    return 1;
  }
  return 0;
}

}  // namespace collide2d::tool
