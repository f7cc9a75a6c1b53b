// collide2d - 2D collision detection for games. MIT License.
/// @file island_demo.cpp  Demo scenario "island": an island of 300 overlapping discs (seeded) in
/// one World: the land is a disc-union layer (the sea blocks), 60 rocks are static proxies, and
/// 200 characters walk to random clicks snapped to the nearest place they fit, for 5,000
/// steps, moved together with `World::move_crowd` (the coast, the rocks, each other) and
/// sliding along the coast. Every character is checked after every step, independently of the
/// world and the mover: its disk must not reach into the sea beyond the union's tolerance, its
/// centre's path must stay on land (sampled every quarter radius) and cross no rock, it must
/// not be inside a rock, and no two characters may overlap. Writes island.svg (land, coast
/// arcs, normals, rocks, every fifth character's path sampled every 50 steps, final positions
/// and targets) and a summary line.

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <ostream>
#include <vector>

#include "collide2d/disc_union.hpp"
#include "collide2d/world.hpp"
#include "demo/demo.hpp"
#include "demo/demo_checks.hpp"
#include "render/island_svg.hpp"
#include "render/png.hpp"

namespace collide2d::inline COLLIDE2D_ABI::tool {

namespace {

using Rng = DemoRng;
constexpr std::uint32_t kLand = 1, kRocks = 2, kWalkers = 4;

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

  // The one world: the land as a layer, rocks and characters as proxies.
  World world;
  world.add_layer({land, 0, Filter{kLand}});
  QueryOptions solid;  // rocks and characters (disc-union layers answer circles only)
  solid.mask = kRocks | kWalkers;
  std::vector<Shape> rock_shapes;
  while (rock_shapes.size() < 60) {
    const Vec2 p{Real(rng.uniform(box.min.x, box.max.x)), Real(rng.uniform(box.min.y, box.max.y))};
    const double size = rng.uniform(0.8, 2.2);
    const Shape s = rock_shapes.size() % 2 ? Shape(Box(p, {Real(size), Real(size * 0.6)}, Real(rng.uniform(0, 3.14))))
                                           : Shape(Circle{p, Real(size)});
    if (!land.contains(Circle{p, Real(size * 1.3 + 2)}) || !world.overlap(s, solid).empty()) continue;
    world.create({s, 0, Filter{kRocks}, /*is_static*/ true});
    rock_shapes.push_back(s);
  }
  const PropIndex rocks(rock_shapes);

  struct Walker {
    Circle body;
    Vec2 target;
    Real speed;
    int since_progress = 0;
    std::vector<Vec2> path;
  };
  const int kWalkerCount = 200, kSteps = 5000, kEvery = 50;  // paths keep every 50th position
  auto click = [&](Real radius) {
    // A click anywhere round the island, sea included, snapped to where the character fits.
    const Vec2 c{Real(rng.uniform(box.min.x - 10, box.max.x + 10)), Real(rng.uniform(box.min.y - 10, box.max.y + 10))};
    return land.nearest_free_point(c, radius);
  };
  std::vector<Walker> walkers;
  std::vector<ProxyHandle> handles;
  for (int tries = 0; int(walkers.size()) < kWalkerCount; ++tries) {
    const Real r = Real(rng.uniform(0.6, 1.8));
    const auto start = click(r + 4 * land.tolerance()), target = click(r);
    if (!start || !target || tries > 100000) {
      err << "collide2d demo: island: no place for a character of radius " << r << "\n";
      return 1;
    }
    if (!world.overlap(Circle{*start, r}, solid).empty()) continue;
    walkers.push_back({{*start, r}, *target, Real(0.3) * r, 0, {*start}});
    handles.push_back(*world.create({Circle{*start, r}, walkers.size() - 1, Filter{kWalkers}}));
  }
  MoveOptions walk;
  walk.skin = 4 * land.tolerance();  // the island's skin (as DiscUnion::move_character)
  const Real tol = land.tolerance();

  long in_sea = 0, reached = 0, contacts = 0, blocked = 0, gave_up = 0, through = 0, in_rock = 0, overlapping = 0;
  double deepest = 0;
  std::vector<Vec2> wants(walkers.size());
  std::vector<WorldMove> moved;
  std::vector<Circle> bodies;
  for (int step = 1; step <= kSteps; ++step) {
    for (std::size_t k = 0; k < walkers.size(); ++k) {
      Walker& w = walkers[k];
      const Vec2 to = w.target - w.body.center;
      const Real dist = length(to);
      wants[k] = {};
      if (dist <= w.body.radius * Real(0.05) || w.since_progress > 150) {
        (dist <= w.body.radius * Real(0.05) ? reached : gave_up)++;
        if (const auto t = click(w.body.radius)) w.target = *t;
        w.since_progress = 0;
        continue;
      }
      wants[k] = dist > w.speed ? to * (w.speed / dist) : to;
    }
    world.move_crowd(handles, wants, walk, moved);
    bodies.clear();
    for (std::size_t k = 0; k < walkers.size(); ++k) {
      Walker& w = walkers[k];
      const MoveResult& m = moved[k].result;
      const Vec2 from = w.body.center, at = std::get<Circle>(m.shape).center;
      contacts += long(m.contacts.size());
      blocked += m.blocked ? 1 : 0;
      const Real dist = length(w.target - from);
      w.since_progress = length(w.target - at) < dist - w.speed * Real(0.05) ? 0 : w.since_progress + 1;
      w.body.center = at;
      // In the sea: the disk reaches past the coast by more than the tolerance.
      const double over = double(land.signed_distance(at) + w.body.radius);
      if (over > double(tol)) {
        ++in_sea;
        deepest = std::max(deepest, over);
      }
      // Through: the centre's path leaves the land, or crosses a rock.
      const Real len = length(at - from);
      const int samples = 1 + int(len / (w.body.radius * Real(0.25)));
      bool crossed = rocks.crossed(from, at);
      for (int j = 1; j < samples && !crossed; ++j)
        crossed = land.signed_distance(from + (at - from) * (Real(j) / Real(samples))) > 0;
      through += crossed ? 1 : 0;
      in_rock += rocks.inside(w.body, tol) ? 1 : 0;
      bodies.push_back(w.body);
      if (step % kEvery == 0) w.path.push_back(w.body.center);
    }
    overlapping += overlapping_pairs(bodies, tol);
  }

  // The picture: sea, land, coast arcs with a few normals, paths, final positions and targets.
  const Vec2 pad{12, 12};
  const Aabb frame{box.min - pad, box.max + pad};
  const double W = 1200, H = 1200 * double((frame.max.y - frame.min.y) / (frame.max.x - frame.min.x));
  char title[320];
  std::snprintf(title, sizeof title,
                "island: %zu discs, %zu coast arcs, %zu rocks; %d characters x %d steps in one World: %ld in the sea, "
                "%ld in rocks, %ld through, %ld overlapping, %ld targets reached, %ld contacts",
                discs.size(), land.arcs().size(), rock_shapes.size(), kWalkerCount, kSteps, in_sea, in_rock, through,
                overlapping, reached, contacts);
  const char* colors[] = {"#9467bd", "#2ca02c", "#ff7f0e", "#8c564b", "#e377c2", "#17becf"};
  for (Walker& w : walkers) w.path.push_back(w.body.center);
  auto paint = [&](draw::Figure& doc) {
    doc.rect(0, 36, W, H, {"none", "#cfe3f5", 0, 1.0, false});
    auto view = doc.panel(0, 36, W, H, frame.min, frame.max);
    draw_island(*view, land, false, 4);
    for (const Shape& r : rocks.props()) view->shape(r, {"#404040", "#8a8a8a", 0.5, 1.0, false});
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
      << "across the water); checked: in the sea " << in_sea;
  if (in_sea) log << " (deepest " << deepest << " past the coast)";
  log << ", inside rocks " << in_rock << ", through " << through << ", overlapping " << overlapping << "\n";
  if (in_sea || in_rock || through || overlapping) {
    err << "collide2d demo: island: " << in_sea << " character-steps in the sea, " << in_rock << " in rocks, "
        << through << " through, " << overlapping << " overlapping pairs\n";
    return 1;
  }
  return 0;
}

}  // namespace collide2d::tool
