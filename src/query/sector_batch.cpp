// collide2d - 2D collision detection for games. MIT License.
// One sector against many disks (structure of arrays). In the sector's frame, folded so the
// target lies on the +y side, a disk at offset (x, y) with radius rd overlaps the sector iff
//  - its center is within the cone: |offset| <= radius + rd, or
//  - it reaches the edge segment from the apex along (cos h, sin h): distance <= rd.
// (The closest point of a sector to an outside point is on the arc when the point is within
// the cone, else on the nearer straight edge.) No trigonometry, division or square root.
//
// This file holds the portable kernel, the choice of kernel (cpuid, COLLIDE2D_ISA,
// set_batch_isa) and the public entry point; sector_batch_avx2.cpp and sector_batch_avx512.cpp
// hold the vector kernels, compiled with their instruction set for those files only.
#include "query/sector_batch.hpp"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace collide2d::inline COLLIDE2D_ABI {
namespace detail {

std::size_t sector_hits_scalar(const SectorFrame& f, const Real* xs, const Real* ys,
                               const Real* rs, std::size_t begin, std::size_t end,
                               std::uint32_t* out) {
  std::size_t k = 0;
  for (std::size_t i = begin; i < end; ++i) {
    const Real ox = xs[i] - f.cx, oy = ys[i] - f.cy, rd = rs[i];
    const Real lx = ox * f.dx + oy * f.dy;             // along the facing
    const Real ly = std::fabs(oy * f.dx - ox * f.dy);  // across, folded
    const Real d2 = lx * lx + ly * ly;
    // Within the cone: angle of (lx, ly) <= h  <=>  ch*ly - sh*lx <= 0 (and lx >= 0 if narrow).
    const bool in_cone = f.ch * ly - f.sh * lx <= 0 && (!f.narrow || lx >= 0);
    const Real reach = f.r + rd;
    // Distance to the edge from (0,0) to R*(ch, sh): project and clamp.
    Real t = lx * f.ch + ly * f.sh;
    t = t < 0 ? 0 : (t > f.r ? f.r : t);
    const Real ex = lx - f.ch * t, ey = ly - f.sh * t;
    const bool hit = in_cone ? d2 <= reach * reach : ex * ex + ey * ey <= rd * rd;
    out[k] = static_cast<std::uint32_t>(i);  // written always, kept when hit
    k += hit;
  }
  return k;
}

SectorKernel sector_kernel(Isa isa) {
#if COLLIDE2D_X86_KERNELS
  if (isa == Isa::avx512) return sector_hits_avx512;
  if (isa == Isa::avx2) return sector_hits_avx2;
#else
  (void)isa;
#endif
  return sector_hits_scalar;
}

std::size_t sector_hits_into(SectorKernel kernel, const Sector& s, const Real* xs,
                             const Real* ys, const Real* rs, std::size_t n,
                             std::vector<std::uint32_t>& hits) {
  const SectorFrame f = sector_frame(s);
  const std::size_t before = hits.size();
  // Chunks through a buffer on the stack: the kernels store whole vectors of indices, and
  // `hits` only grows by what was hit.
  constexpr std::size_t kChunk = 2048;
  std::uint32_t buf[kChunk + kSectorKernelSlack];
  for (std::size_t begin = 0; begin < n; begin += kChunk) {
    const std::size_t end = std::min(n, begin + kChunk);
    const std::size_t k = kernel(f, xs, ys, rs, begin, end, buf);
    hits.insert(hits.end(), buf, buf + k);
  }
  return hits.size() - before;
}

namespace {

bool cpu_has(Isa isa) {
#if COLLIDE2D_X86_KERNELS
  __builtin_cpu_init();
  if (isa == Isa::avx512)
    return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("popcnt");
  if (isa == Isa::avx2) return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("popcnt");
#endif
  return isa == Isa::scalar;
}

Isa best_isa() {
  if (cpu_has(Isa::avx512)) return Isa::avx512;
  if (cpu_has(Isa::avx2)) return Isa::avx2;
  return Isa::scalar;
}

// The first choice: COLLIDE2D_ISA when it names an available instruction set, else the best.
// A value that cannot be honoured is reported once on stderr, naming the variable.
Isa initial_isa() {
  const Isa best = best_isa();
  const char* env = std::getenv("COLLIDE2D_ISA");
  if (env == nullptr || *env == 0) return best;
  for (Isa isa : {Isa::scalar, Isa::avx2, Isa::avx512}) {
    if (std::strcmp(env, isa_name(isa)) != 0) continue;
    if (cpu_has(isa)) return isa;
    std::fprintf(stderr,
                 "collide2d: COLLIDE2D_ISA=%s is not available on this CPU or build; using %s\n",
                 env, isa_name(best));
    return best;
  }
  std::fprintf(stderr,
               "collide2d: COLLIDE2D_ISA=%s is not one of scalar, avx2, avx512; using %s\n", env,
               isa_name(best));
  return best;
}

std::atomic<int>& chosen_isa() {
  static std::atomic<int> isa{static_cast<int>(initial_isa())};
  return isa;
}

}  // namespace
}  // namespace detail

Isa batch_isa() { return static_cast<Isa>(detail::chosen_isa().load(std::memory_order_relaxed)); }

bool batch_isa_available(Isa isa) { return detail::cpu_has(isa); }

bool set_batch_isa(Isa isa) {
  if (!detail::cpu_has(isa)) return false;
  detail::chosen_isa().store(static_cast<int>(isa), std::memory_order_relaxed);
  return true;
}

const char* isa_name(Isa isa) {
  switch (isa) {
    case Isa::avx2:
      return "avx2";
    case Isa::avx512:
      return "avx512";
    case Isa::scalar:
      break;
  }
  return "scalar";
}

std::size_t sector_hits(const Sector& s, std::span<const Real> xs, std::span<const Real> ys,
                        std::span<const Real> radii, std::vector<std::uint32_t>& hits) {
  const std::size_t n = std::min({xs.size(), ys.size(), radii.size()});
  return detail::sector_hits_into(detail::sector_kernel(batch_isa()), s, xs.data(), ys.data(),
                                  radii.data(), n, hits);
}

}  // namespace collide2d::inline COLLIDE2D_ABI
