// collide2d - 2D collision detection for games. MIT License.
/// @file wad_demo.cpp  Demo scenario "wad": Freedoom's E1M1 in one World: the room map is a
/// layer (its blocking walls), 40 pillars (crates and columns) are static proxies, and 100
/// players (radius 16) random-walk at speed (up to 2.5 radii per step) for 2,000 steps, moved
/// together with `World::move_crowd` (walls, pillars, each other). Every step is checked
/// independently of the world and the mover: the centre in a room, no blocking wall closer
/// than the radius less the tolerance (a scan of the walls), no centre path crossing a wall
/// or a pillar, no player inside a pillar, no two players overlapping. Writes wad.svg (the map
/// with the players' paths over the last 1200 steps, every 4th step, the pillars and the
/// final positions) and one summary line.

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <ostream>
#include <random>

#include "collide2d/polygon_map.hpp"
#include "collide2d/query.hpp"
#include "collide2d/wad.hpp"
#include "collide2d/world.hpp"
#include "demo/demo.hpp"
#include "demo/demo_checks.hpp"
#include "render/png.hpp"
#include "render/wad_draw.hpp"

namespace collide2d::inline COLLIDE2D_ABI::tool {

namespace {

constexpr int kPlayers = 100;
constexpr int kSteps = 2000;
constexpr int kPillars = 40;
constexpr std::uint32_t kWalls = 1, kPillar = 2, kPlayerBit = 4;
constexpr double kRadius = 16;      // Doom's player radius
constexpr double kMaxSpeed = 40;    // map units per step (Doom's running speed is ~16-25 per tic)
constexpr int kPathEvery = 4;       // path vertices kept for the picture: every 4th step
constexpr int kPathSteps = 1200;    // of the last 1200 steps

std::string colour(int i) {
  // Evenly spread hues, fully saturated, medium lightness.
  const double h = std::fmod(i * 0.618033988749895, 1.0) * 6;
  const int k = int(h);
  const double f = h - k;
  double r = 0, g = 0, b = 0;
  switch (k) {
    case 0: r = 1, g = f; break;
    case 1: r = 1 - f, g = 1; break;
    case 2: g = 1, b = f; break;
    case 3: g = 1 - f, b = 1; break;
    case 4: r = f, b = 1; break;
    default: r = 1, b = 1 - f; break;
  }
  char buf[16];
  std::snprintf(buf, sizeof buf, "#%02x%02x%02x", int(40 + 180 * r), int(40 + 160 * g), int(40 + 180 * b));
  return buf;
}

}  // namespace

int run_wad_demo(const DemoOptions& opt, std::ostream& log, std::ostream& err) {
  const std::string file = opt.doom_dir + "/freedoom1.wad";
  if (!std::ifstream(file).good()) {
    log << "collide2d demo: wad: skipped, " << file << " not found (install Debian's freedoom)\n";
    return 0;
  }
  const auto t0 = std::chrono::steady_clock::now();
  wad::WadMap m;
  try {
    m = wad::load_wad_map(file, "E1M1");
  } catch (const LoadError& e) {
    err << "collide2d demo: wad: " << e.what() << "\n";
    return 1;
  }
  const RoomMap map = m.room_map();
  std::mt19937 rng(20261122);
  std::uniform_real_distribution<double> ux(map.bounds().min.x, map.bounds().max.x),
      uy(map.bounds().min.y, map.bounds().max.y), ua(-3.14159265358979, 3.14159265358979),
      uturn(-0.35, 0.35), uspeed(0.25 * kMaxSpeed, kMaxSpeed), u01(0, 1);

  // The one world: the walls as a layer, pillars and players as proxies.
  World world;
  world.add_layer({map, 0, Filter{kWalls}});
  std::vector<Wall> walls;  // for the brute-force checks
  std::vector<Aabb> wall_boxes;
  for (int li : map.walls()) {
    walls.push_back({map.vertex(map.line(li).v1), map.vertex(map.line(li).v2)});
    wall_boxes.push_back({min(walls.back().a, walls.back().b), max(walls.back().a, walls.back().b)});
  }
  std::vector<Shape> pillar_shapes;
  while (int(pillar_shapes.size()) < kPillars) {
    const Vec2 p(ux(rng), uy(rng));
    const double size = 8 + 8 * u01(rng);
    const Shape s = pillar_shapes.size() % 2 ? Shape(Box(p, Vec2(Real(size), Real(size)), Real(ua(rng))))
                                             : Shape(Circle{p, Real(size)});
    if (!map.fits(p, Real(size * 1.5 + kRadius)) || !world.overlap(s).empty()) continue;
    world.create({s, 0, Filter{kPillar}, /*is_static*/ true});
    pillar_shapes.push_back(s);
  }
  const PropIndex pillars(pillar_shapes);

  struct Player {
    Vec2 p;
    double heading, speed;
    std::vector<Vec2> path;
  };
  std::vector<Player> players;
  std::vector<ProxyHandle> handles;
  while (int(players.size()) < kPlayers) {
    const Vec2 p(ux(rng), uy(rng));
    if (!map.fits(p, Real(kRadius + 1)) || !world.overlap(Circle{p, Real(kRadius + 1)}).empty()) continue;
    players.push_back({p, ua(rng), uspeed(rng), {}});
    handles.push_back(*world.create({Circle{p, Real(kRadius)}, players.size() - 1, Filter{kPlayerBit}}));
  }
  // "Inside" means deeper than rounding: the float mover's skin at E1M1's coordinates is ~0.01.
  const double tol = sizeof(Real) == 4 ? 1e-2 : 1e-6;

  long escapes = 0, too_close = 0, through = 0, in_pillar = 0, overlapping = 0, contacts = 0, blocked = 0;
  double min_clearance = 1e300, travelled = 0;
  std::vector<Vec2> steps(players.size());
  std::vector<WorldMove> moved;
  std::vector<Circle> bodies;
  for (int step = 1; step <= kSteps; ++step) {
    for (std::size_t i = 0; i < players.size(); ++i) {
      Player& pl = players[i];
      pl.heading += uturn(rng);
      if (u01(rng) < 0.01) pl.speed = uspeed(rng);
      steps[i] = Vec2(Real(pl.speed * std::cos(pl.heading)), Real(pl.speed * std::sin(pl.heading)));
    }
    world.move_crowd(handles, steps, MoveOptions{}, moved);
    bodies.clear();
    for (std::size_t i = 0; i < players.size(); ++i) {
      Player& pl = players[i];
      const MoveResult& mv = moved[i].result;
      const Vec2 to = std::get<Circle>(mv.shape).center;
      contacts += long(mv.contacts.size());
      if (!mv.contacts.empty() && u01(rng) < 0.3) pl.heading = ua(rng);  // bounce off in a new direction
      if (mv.blocked) ++blocked;
      travelled += std::hypot(double(to.x - pl.p.x), double(to.y - pl.p.y));
      // The checks: the room map's point location, a scan of every wall, the pillars by brute force.
      // (every wall whose box meets the path's box grown by twice the radius; a farther one
      // can neither be crossed nor be nearer than the radius)
      const Shape path = Segment{pl.p, to};
      const Aabb near{min(pl.p, to) - Vec2(Real(2 * kRadius), Real(2 * kRadius)),
                      max(pl.p, to) + Vec2(Real(2 * kRadius), Real(2 * kRadius))};
      double nearest = 2 * kRadius;
      bool crossed = pillars.crossed(pl.p, to);
      for (std::size_t k = 0; k < walls.size(); ++k) {
        if (!wall_boxes[k].overlaps(near)) continue;
        const Shape w = Segment{walls[k].a, walls[k].b};
        crossed = crossed || overlaps(path, w);
        nearest = std::min(nearest, double(distance(Shape(Point{to}), w).distance));
      }
      if (crossed) ++through;
      pl.p = to;
      if (map.room_at(pl.p) < 0) ++escapes;
      const double clearance = nearest - kRadius;
      min_clearance = std::min(min_clearance, clearance);
      if (clearance < -tol) ++too_close;
      if (pillars.inside({pl.p, Real(kRadius)}, Real(tol))) ++in_pillar;
      bodies.push_back({pl.p, Real(kRadius)});
      if (step > kSteps - kPathSteps && step % kPathEvery == 0) pl.path.push_back(pl.p);
    }
    overlapping += overlapping_pairs(bodies, Real(tol));
  }
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();

  double w = 0, h = 0;
  wad_picture_size(map, 1400, w, h);
  std::vector<int> floors;
  for (const auto& s : m.sectors) floors.push_back(s.floor);
  char title[200];
  std::snprintf(title, sizeof title, "E1M1: %d players (radius %g, up to %g units per step), %d steps: %ld escapes, %ld too close to a wall; "
                "paths of the last %d steps", kPlayers, kRadius, kMaxSpeed, kSteps, escapes, too_close + in_pillar, kPathSteps);
  auto paint = [&](draw::Figure& doc) {
    auto view = draw_wad_picture(doc, map, floors);
    for (const Shape& p : pillars.props()) view->shape(p, {"#303030", "#909090", 0.5, 1.0, false});
    for (int i = 0; i < kPlayers; ++i) {
      const Player& pl = players[std::size_t(i)];
      view->polyline(pl.path, {colour(i), "none", 0.8, 0.8, false});
      view->circle(pl.p, Real(kRadius), {"#000000", colour(i), 0.5, 1.0, false});
    }
    doc.label(20, 30, title, 15, "#000000", true);
  };
  std::error_code ec;
  std::filesystem::create_directories(opt.out_dir, ec);
  std::string error;
  const auto paths = draw::save_figures((std::filesystem::path(opt.out_dir) / "wad").string(), w, h, true, opt.png,
                                        paint, error);
  if (paths.empty()) {
    err << "collide2d demo: wad: " << error << "\n";
    return 1;
  }
  const std::string& path = paths[0];
  char line[600];
  std::snprintf(line, sizeof line,
                "collide2d demo: wad: %d players x %d steps on E1M1 in one World (room layer, %d pillars; radius %g, "
                "speed up to %g/step, %.0f units walked): %ld left the rooms, inside walls %ld (least clearance %.3g), "
                "inside pillars %ld, through walls %ld, overlapping %ld; %ld contacts, %ld blocked moves, %.2f s -> %s\n",
                kPlayers, kSteps, kPillars, kRadius, kMaxSpeed, travelled, escapes, too_close, min_clearance, in_pillar,
                through, overlapping, contacts, blocked, secs, path.c_str());
  log << line;
  return escapes == 0 && too_close == 0 && in_pillar == 0 && through == 0 && overlapping == 0 ? 0 : 1;
}

}  // namespace collide2d::tool
