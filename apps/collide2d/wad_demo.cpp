// collide2d - 2D collision detection for games. MIT License.
/// @file wad_demo.cpp  Demo scenario "wad": 100 players random-walking Freedoom's E1M1 at
/// speed (up to 2.5 radii per step) for 10,000 steps with SectorMap::move_circle. Every step
/// is checked: the centre must be in a sector and no blocking wall closer than the radius.
/// Writes wad.svg (the map with the players' paths over the last 1200 steps, every 4th step,
/// and their final positions) and one summary line.

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <ostream>
#include <random>

#include "collide2d/wad.hpp"
#include "demo.hpp"
#include "png.hpp"
#include "wad_draw.hpp"

namespace collide2d::inline COLLIDE2D_ABI::tool {

namespace {

constexpr int kPlayers = 100;
constexpr int kSteps = 10000;
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
  const SectorMap map(m.sector_desc());
  std::mt19937 rng(20261122);
  std::uniform_real_distribution<double> ux(map.bounds_min().x, map.bounds_max().x),
      uy(map.bounds_min().y, map.bounds_max().y), ua(-3.14159265358979, 3.14159265358979),
      uturn(-0.35, 0.35), uspeed(0.25 * kMaxSpeed, kMaxSpeed), u01(0, 1);

  struct Player {
    Vec2 p;
    double heading, speed;
    std::vector<Vec2> path;
  };
  std::vector<Player> players;
  while (int(players.size()) < kPlayers) {
    const Vec2 p(ux(rng), uy(rng));
    if (map.fits(p, Real(kRadius + 1))) players.push_back({p, ua(rng), uspeed(rng), {}});
  }

  long escapes = 0, too_close = 0, contacts = 0, blocked = 0;
  double min_clearance = 1e300, travelled = 0;
  for (int step = 1; step <= kSteps; ++step) {
    for (Player& pl : players) {
      pl.heading += uturn(rng);
      if (u01(rng) < 0.01) pl.speed = uspeed(rng);
      const Vec2 d(Real(pl.speed * std::cos(pl.heading)), Real(pl.speed * std::sin(pl.heading)));
      const CircleMove mv = map.move_circle(pl.p, Real(kRadius), d);
      contacts += mv.contacts;
      if (mv.contacts > 0 && u01(rng) < 0.3) pl.heading = ua(rng);  // bounce off in a new direction
      if (mv.blocked) ++blocked;
      travelled += std::hypot(double(mv.position.x - pl.p.x), double(mv.position.y - pl.p.y));
      pl.p = mv.position;
      if (map.sector_at(pl.p) < 0) ++escapes;
      const double clearance = double(map.wall_distance(pl.p)) - kRadius;
      min_clearance = std::min(min_clearance, clearance);
      if (clearance < 0) ++too_close;
      if (step > kSteps - kPathSteps && step % kPathEvery == 0) pl.path.push_back(pl.p);
    }
  }
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();

  double w = 0, h = 0;
  wad_picture_size(map, 1400, w, h);
  std::vector<int> floors;
  for (const auto& s : m.sectors) floors.push_back(s.floor);
  char title[200];
  std::snprintf(title, sizeof title, "E1M1: %d players (radius %g, up to %g units per step), %d steps: %ld escapes, %ld too close to a wall; "
                "paths of the last %d steps", kPlayers, kRadius, kMaxSpeed, kSteps, escapes, too_close, kPathSteps);
  auto paint = [&](draw::Figure& doc) {
    auto view = draw_wad_picture(doc, map, floors);
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
  char line[400];
  std::snprintf(line, sizeof line,
                "collide2d demo: wad: %d players x %d steps on E1M1 (radius %g, speed up to %g/step, %.0f units walked): "
                "%ld left the sectors, %ld closer than the radius to a wall (least clearance %.3g), %ld wall contacts, "
                "%ld blocked moves, %.2f s -> %s\n",
                kPlayers, kSteps, kRadius, kMaxSpeed, travelled, escapes, too_close, min_clearance, contacts, blocked,
                secs, path.c_str());
  log << line;
  return escapes == 0 && too_close == 0 ? 0 : 1;
}

}  // namespace collide2d::tool
