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
///
/// The kernels one by one: "swing_isa/<scalar|avx2|avx512>/<dense|spread>/<narrow|wide>" forces
/// each instruction set this CPU has (collide2d::set_batch_isa) on two fields of 1,000,000
/// disks: *dense*, the swing's bounding square above (15-45% hits), and *spread*, a square 40
/// reaches wide (well under 1% hits). "swing_isa/read_limit/<dense|spread>" only streams the
/// same three arrays side by side (an OR of every byte with independent accumulators, 64-byte
/// AVX-512 loads when the CPU has them, else 32-byte AVX2 loads, chosen at run time): the
/// machine's read limit for this data, measured in the same run. Counter: disks_per_s.

#include <benchmark/benchmark.h>
#if defined(__x86_64__)
#include <immintrin.h>
#endif

#include <cmath>
#include <cstdint>
#include <cstring>
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

Disks make_disks(const char* seed, Real half_side) {
  Disks out;
  Rng r(seed_of(seed));
  out.xs.resize(kDisks);
  out.ys.resize(kDisks);
  out.rs.resize(kDisks);
  for (std::size_t i = 0; i < kDisks; ++i) {
    out.xs[i] = r.uniform(-half_side, half_side);
    out.ys[i] = r.uniform(-half_side, half_side);
    out.rs[i] = r.uniform(Real(0.1), Real(0.5));
  }
  return out;
}

/// The dense field: the swing's bounding square.
const Disks& disks() {
  static const Disks d = make_disks("swing/disks", kReach + 1);
  return d;
}

/// The spread field: a square 40 reaches wide around the swing.
const Disks& spread_disks() {
  static const Disks d = make_disks("swing/spread", 20 * kReach);
  return d;
}

#if defined(__x86_64__)
// The read limit: an OR of every byte of the three arrays (the compiler may not reorder a float
// sum, so the reduction is on the bits), read the way the kernels read them, the three
// streams side by side (one array after the other streams about half as fast here), a whole
// 64-byte line of each array per iteration into independent accumulators. The loads are never
// the bottleneck of these loops: they run at the memory's streaming rate.

/// The bytes [whole, bytes) of the three arrays, one by one.
std::uint64_t read_tail(const char* const* p, std::size_t whole, std::size_t bytes) {
  std::uint64_t tail = 0;
  for (int a = 0; a < 3; ++a)
    for (std::size_t i = whole; i < bytes; ++i) tail |= std::uint8_t(p[a][i]);
  return tail;
}

/// 64-byte AVX-512 loads, one per array per iteration.
__attribute__((target("avx512f"))) std::uint64_t read_bytes_avx512(const Real* const* arrays,
                                                                   std::size_t n) {
  const char* p[3] = {reinterpret_cast<const char*>(arrays[0]),
                      reinterpret_cast<const char*>(arrays[1]),
                      reinterpret_cast<const char*>(arrays[2])};
  __m512i acc0 = _mm512_setzero_si512(), acc1 = acc0, acc2 = acc0;
  const std::size_t bytes = n * sizeof(Real), whole = bytes / 64 * 64;
  for (std::size_t i = 0; i < whole; i += 64) {
    acc0 = _mm512_or_si512(acc0, _mm512_loadu_si512(p[0] + i));
    acc1 = _mm512_or_si512(acc1, _mm512_loadu_si512(p[1] + i));
    acc2 = _mm512_or_si512(acc2, _mm512_loadu_si512(p[2] + i));
  }
  alignas(64) std::uint64_t lanes[8];  // (g++ 12 warns inside _mm512_reduce_or_epi64)
  _mm512_store_si512(lanes, _mm512_or_si512(acc0, _mm512_or_si512(acc1, acc2)));
  std::uint64_t out = read_tail(p, whole, bytes);
  for (std::uint64_t v : lanes) out |= v;
  return out;
}

__attribute__((target("avx2"))) __m256i or32(__m256i acc, const char* p) {
  return _mm256_or_si256(acc, _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p)));
}

/// 32-byte AVX2 loads, two per array per iteration.
__attribute__((target("avx2"))) std::uint64_t read_bytes_avx2(const Real* const* arrays,
                                                               std::size_t n) {
  const char* p[3] = {reinterpret_cast<const char*>(arrays[0]),
                      reinterpret_cast<const char*>(arrays[1]),
                      reinterpret_cast<const char*>(arrays[2])};
  __m256i acc[6];
  for (__m256i& a : acc) a = _mm256_setzero_si256();
  const std::size_t bytes = n * sizeof(Real), whole = bytes / 64 * 64;
  for (std::size_t i = 0; i < whole; i += 64) {
    acc[0] = or32(acc[0], p[0] + i);
    acc[1] = or32(acc[1], p[0] + i + 32);
    acc[2] = or32(acc[2], p[1] + i);
    acc[3] = or32(acc[3], p[1] + i + 32);
    acc[4] = or32(acc[4], p[2] + i);
    acc[5] = or32(acc[5], p[2] + i + 32);
  }
  for (int a = 1; a < 6; ++a) acc[0] = _mm256_or_si256(acc[0], acc[a]);
  alignas(32) std::uint64_t lanes[4];
  _mm256_store_si256(reinterpret_cast<__m256i*>(lanes), acc[0]);
  std::uint64_t out = read_tail(p, whole, bytes);
  for (std::uint64_t v : lanes) out |= v;
  return out;
}
#endif

std::uint64_t read_bytes_portable(const Real* const* arrays, std::size_t n) {
  std::uint64_t acc = 0;
  const std::size_t bytes = n * sizeof(Real);
  for (int a = 0; a < 3; ++a) {
    const char* p = reinterpret_cast<const char*>(arrays[a]);
    std::size_t i = 0;
    for (; i + 8 <= bytes; i += 8) {
      std::uint64_t w;
      std::memcpy(&w, p + i, 8);
      acc |= w;
    }
    for (; i < bytes; ++i) acc |= std::uint8_t(p[i]);
  }
  return acc;
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

void rate(benchmark::State& st, std::size_t hits) {
  finish(st, hits);
  st.counters["disks_per_s"] =
      benchmark::Counter(double(kDisks), benchmark::Counter::kIsIterationInvariantRate);
}

/// Each instruction set forced in turn, on both fields, and the read limit of each field.
void register_isa_swings() {
  struct Field {
    const char* name;
    const Disks& (*get)();
  };
  const Field fields[] = {{"dense", disks}, {"spread", spread_disks}};
  for (const Field& field : fields) {
    const auto get = field.get;
    benchmark::RegisterBenchmark(
        (std::string("swing_isa/read_limit/") + field.name).c_str(), [get](benchmark::State& st) {
          const Disks& d = get();
          const Real* arrays[3] = {d.xs.data(), d.ys.data(), d.rs.data()};
          std::uint64_t (*read)(const Real* const*, std::size_t) = read_bytes_portable;
#if defined(__x86_64__)
          if (__builtin_cpu_supports("avx512f"))
            read = read_bytes_avx512;
          else if (__builtin_cpu_supports("avx2"))
            read = read_bytes_avx2;
#endif
          for (auto _ : st) {
            const std::uint64_t bits = read(arrays, kDisks);
            benchmark::DoNotOptimize(bits);
          }
          rate(st, 0);
        })->Unit(benchmark::kMillisecond);
    for (collide2d::Isa isa :
         {collide2d::Isa::scalar, collide2d::Isa::avx2, collide2d::Isa::avx512}) {
      if (!collide2d::batch_isa_available(isa)) continue;
      for (const auto& [cone, half] : {std::pair{"narrow", Real(30.0 / 180.0) * collide2d::kPi},
                                       std::pair{"wide", Real(120.0 / 180.0) * collide2d::kPi}}) {
        const collide2d::Sector sector({0, 0}, kReach, Real(0.7), half);
        benchmark::RegisterBenchmark(
            (std::string("swing_isa/") + collide2d::isa_name(isa) + "/" + field.name + "/" + cone)
                .c_str(),
            [get, isa, sector](benchmark::State& st) {
              const Disks& d = get();
              const collide2d::Isa saved = collide2d::batch_isa();
              collide2d::set_batch_isa(isa);
              std::vector<std::uint32_t> hits;
              hits.reserve(kDisks);
              for (auto _ : st) {
                hits.clear();
                collide2d::sector_hits(sector, d.xs, d.ys, d.rs, hits);
                benchmark::DoNotOptimize(hits.data());
                benchmark::ClobberMemory();
              }
              collide2d::set_batch_isa(saved);
              rate(st, hits.size());
            })->Unit(benchmark::kMillisecond);
      }
    }
  }
}

}  // namespace

void register_sector_swing_benchmarks() {
  register_swing("narrow", Real(30.0 / 180.0) * collide2d::kPi);  // a 60-degree cone
  register_swing("wide", Real(120.0 / 180.0) * collide2d::kPi);   // a 240-degree cone
  register_isa_swings();
}

}  // namespace bench
