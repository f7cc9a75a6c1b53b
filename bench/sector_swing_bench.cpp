// collide2d - 2D collision detection for games. MIT License.
/// @file sector_swing_bench.cpp  One sword swing (a sector) against 1,000,000 disks.
///
/// The disks fill the swing's bounding square (what a broad phase hands over), so a large share
/// of them is near the cone and the exact test is exercised, not only the distance reject.
/// Three ways to find the hit disks, each producing the list of hit indices:
///  - collide2d::sector_hits on the structure of arrays (xs, ys, radii);
///  - a loop calling collide2d::overlaps(sector, Circle) per disk;
///  - the textbook loop: distance reject, then atan2 of the direction to the disk and cos/sin of
///    the two edge directions, recomputed for every disk.
/// Names: "swing/<method>/<narrow|wide>"; counters: disks, hits.

#include <benchmark/benchmark.h>

#include <cmath>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "bench_registry.hpp"
#include "collide2d/query.hpp"
#include "shape_gen.hpp"

namespace bench {
namespace {

constexpr std::size_t kDisks = 1'000'000;
constexpr Real kReach = 5;  // sector radius

struct Disks {
  std::vector<Real> xs, ys, rs;
};

const Disks& disks() {
  static const Disks d = [] {
    Disks out;
    Rng r(seed_of("swing/disks"));
    out.xs.resize(kDisks);
    out.ys.resize(kDisks);
    out.rs.resize(kDisks);
    for (std::size_t i = 0; i < kDisks; ++i) {
      out.xs[i] = r.uniform(-kReach - 1, kReach + 1);
      out.ys[i] = r.uniform(-kReach - 1, kReach + 1);
      out.rs[i] = r.uniform(Real(0.1), Real(0.5));
    }
    return out;
  }();
  return d;
}

/// The textbook exact sector-disk test, with trigonometry per disk: a disk whose center lies
/// inside the cone's angle hits when it is within radius + r of the apex; any other disk hits
/// when it is within r of one of the two straight edges.
bool textbook_hit(Real cx, Real cy, Real reach, Real facing, Real half, Real x, Real y, Real r) {
  const Real dx = x - cx, dy = y - cy;
  const Real d2 = dx * dx + dy * dy;
  if (d2 > (reach + r) * (reach + r)) return false;
  if (d2 <= r * r) return true;
  const Real off = std::remainder(std::atan2(dy, dx) - facing, 2 * collide2d::kPi);
  if (std::fabs(off) <= half) return true;
  for (Real side : {Real(-1), Real(1)}) {
    const Real e = facing + side * half;
    const Real ex = std::cos(e), ey = std::sin(e);
    Real t = dx * ex + dy * ey;
    t = t < 0 ? 0 : (t > reach ? reach : t);
    const Real qx = dx - t * ex, qy = dy - t * ey;
    if (qx * qx + qy * qy <= r * r) return true;
  }
  return false;
}

void finish(benchmark::State& st, std::size_t hits) {
  st.counters["disks"] = double(kDisks);
  st.counters["hits"] = double(hits);
}

void register_swing(const std::string& label, Real half_angle) {
  const collide2d::Vec2 center{0, 0};
  const Real facing = Real(0.7);
  auto sector = std::make_shared<collide2d::Sector>(center, kReach, facing, half_angle);

  benchmark::RegisterBenchmark(("swing/collide2d_batch/" + label).c_str(),
                               [sector](benchmark::State& st) {
                                 const Disks& d = disks();
                                 std::vector<std::uint32_t> hits;
                                 hits.reserve(kDisks);
                                 for (auto _ : st) {
                                   hits.clear();
                                   collide2d::sector_hits(*sector, d.xs, d.ys, d.rs, hits);
                                   benchmark::DoNotOptimize(hits.data());
                                   benchmark::ClobberMemory();
                                 }
                                 finish(st, hits.size());
                               })
      ->Unit(benchmark::kMillisecond);

  benchmark::RegisterBenchmark(("swing/collide2d_per_disk/" + label).c_str(),
                               [sector](benchmark::State& st) {
                                 const Disks& d = disks();
                                 std::vector<std::uint32_t> hits;
                                 hits.reserve(kDisks);
                                 for (auto _ : st) {
                                   hits.clear();
                                   for (std::size_t i = 0; i < kDisks; ++i) {
                                     collide2d::Circle c{{d.xs[i], d.ys[i]}, d.rs[i]};
                                     if (collide2d::overlaps(*sector, c))
                                       hits.push_back(static_cast<std::uint32_t>(i));
                                   }
                                   benchmark::DoNotOptimize(hits.data());
                                   benchmark::ClobberMemory();
                                 }
                                 finish(st, hits.size());
                               })
      ->Unit(benchmark::kMillisecond);

  benchmark::RegisterBenchmark(
      ("swing/textbook/" + label).c_str(),
      [center, facing, half_angle](benchmark::State& st) {
        const Disks& d = disks();
        std::vector<std::uint32_t> hits;
        hits.reserve(kDisks);
        for (auto _ : st) {
          hits.clear();
          for (std::size_t i = 0; i < kDisks; ++i) {
            if (textbook_hit(center.x, center.y, kReach, facing, half_angle, d.xs[i], d.ys[i],
                             d.rs[i]))
              hits.push_back(static_cast<std::uint32_t>(i));
          }
          benchmark::DoNotOptimize(hits.data());
          benchmark::ClobberMemory();
        }
        finish(st, hits.size());
      })
      ->Unit(benchmark::kMillisecond);
}

}  // namespace

void register_sector_swing_benchmarks() {
  register_swing("narrow", Real(30.0 / 180.0) * collide2d::kPi);  // a 60-degree cone
  register_swing("wide", Real(120.0 / 180.0) * collide2d::kPi);   // a 240-degree cone
}

}  // namespace bench
