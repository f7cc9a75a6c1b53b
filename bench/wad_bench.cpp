// collide2d - 2D collision detection for games. MIT License.
/// @file wad_bench.cpp  Doom maps (Freedoom): point location through RoomMap's grid index
/// beside the map's own BSP walk (R_PointInSubsector) and a scan of every line (crossing
/// parity), on the same random points inside rooms; nearest blocking wall through the index
/// beside a scan of every wall; one move_circle step. Registered by a static initializer;
/// skipped (not registered) when Freedoom is absent.

#include <benchmark/benchmark.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "collide2d/wad.hpp"

namespace {

using collide2d::Real;
using collide2d::RoomMap;
using collide2d::Vec2;

constexpr int kPoints = 4096;

struct Fixture {
  collide2d::wad::WadMap map;
  RoomMap rooms;
  std::vector<Vec2> points;  // inside rooms
  std::vector<Vec2> moves;   // displacements of up to 40 units
};

const Fixture& fixture(const std::string& file, const std::string& name) {
  static std::vector<std::unique_ptr<Fixture>> cache;
  for (const auto& f : cache)
    if (f->map.name == name && f->map.file == file) return *f;
  auto f = std::make_unique<Fixture>();
  f->map = collide2d::wad::load_wad_map(file, name);
  f->rooms = f->map.room_map();
  std::mt19937 rng(1234);
  const Vec2 lo = f->rooms.bounds().min, hi = f->rooms.bounds().max;
  std::uniform_real_distribution<double> ux(lo.x, hi.x), uy(lo.y, hi.y), ua(0, 6.283185307179586), ul(0, 40);
  while (int(f->points.size()) < kPoints) {
    const Vec2 p(Real(ux(rng)), Real(uy(rng)));
    if (f->rooms.fits(p, 16)) f->points.push_back(p);
  }
  for (int k = 0; k < kPoints; ++k) {
    const double a = ua(rng), l = ul(rng);
    f->moves.push_back(Vec2(Real(l * std::cos(a)), Real(l * std::sin(a))));
  }
  cache.push_back(std::move(f));
  return *cache.back();
}

// The naive point location: crossing parity over every line of the map.
int scan_locate(const RoomMap& m, Vec2 p) {
  int odd[64], n = 0;
  for (int i = 0; i < m.line_count(); ++i) {
    const collide2d::MapLine& l = m.line(i);
    if (l.front == l.back && !(l.front >= 0 && m.self_referencing(l.front))) continue;
    const Vec2 a = m.vertex(l.v1), b = m.vertex(l.v2);
    if ((a.y > p.y) == (b.y > p.y)) continue;
    const double xi = a.x + (double(p.y) - a.y) * (double(b.x) - a.x) / (double(b.y) - a.y);
    if (!(xi > p.x)) continue;
    for (int s : {l.front, l.back == l.front ? -1 : l.back}) {
      if (s < 0) continue;
      int k = 0;
      while (k < n && odd[k] != s) ++k;
      if (k < n) odd[k] = odd[--n];
      else if (n < 64) odd[n++] = s;
    }
  }
  return n ? odd[0] : -1;
}

double scan_wall(const RoomMap& m, Vec2 p) {
  double best = 1e300;
  for (int i : m.walls()) {
    const collide2d::MapLine& l = m.line(i);
    const Vec2 a = m.vertex(l.v1), b = m.vertex(l.v2);
    const double dx = double(b.x) - a.x, dy = double(b.y) - a.y, len2 = dx * dx + dy * dy;
    double t = len2 > 0 ? ((double(p.x) - a.x) * dx + (double(p.y) - a.y) * dy) / len2 : 0;
    t = std::clamp(t, 0.0, 1.0);
    const double ex = a.x + t * dx - p.x, ey = a.y + t * dy - p.y;
    best = std::min(best, ex * ex + ey * ey);  // squared: one square root at the end
  }
  return std::sqrt(best);
}

void register_map(const char* wad, const char* name) {
  const std::string file = std::string(BENCH_FREEDOOM_DIR) + "/" + wad;
  const std::string tag = std::string(name);
  auto reg = [&](const std::string& what, auto body) {
    benchmark::RegisterBenchmark(("wad/" + what + "/" + tag).c_str(), [file, n = std::string(name), body](benchmark::State& st) {
      const Fixture& f = fixture(file, n);
      std::size_t k = 0;
      for (auto _ : st) {
        body(f, k);
        k = (k + 1) & (kPoints - 1);
      }
      st.SetItemsProcessed(st.iterations());
      st.counters["lines"] = f.rooms.line_count();
    });
  };
  reg("locate_index", [](const Fixture& f, std::size_t k) { benchmark::DoNotOptimize(f.rooms.room_at(f.points[k])); });
  reg("locate_bsp", [](const Fixture& f, std::size_t k) {
    benchmark::DoNotOptimize(f.map.bsp_sector(double(f.points[k].x), double(f.points[k].y)));
  });
  reg("locate_scan", [](const Fixture& f, std::size_t k) { benchmark::DoNotOptimize(scan_locate(f.rooms, f.points[k])); });
  reg("wall_index", [](const Fixture& f, std::size_t k) { benchmark::DoNotOptimize(f.rooms.nearest_wall(f.points[k])); });
  reg("wall_scan", [](const Fixture& f, std::size_t k) { benchmark::DoNotOptimize(scan_wall(f.rooms, f.points[k])); });
  reg("move_circle", [](const Fixture& f, std::size_t k) {
    benchmark::DoNotOptimize(f.rooms.move_circle(f.points[k], 16, f.moves[k]));
  });
}

const bool registered = [] {
  if (!std::ifstream(std::string(BENCH_FREEDOOM_DIR) + "/freedoom1.wad").good()) return false;
  register_map("freedoom1.wad", "E1M1");
  register_map("freedoom2.wad", "MAP01");
  register_map("freedoom2.wad", "MAP12");  // the largest map: 10,884 lines
  return true;
}();

}  // namespace
