// collide2d - 2D collision detection for games. MIT License.
#pragma once
// The sector-disk batch kernels behind `sector_hits`, one per instruction set, and the entry
// point other layers call (the world's swing query): `sector_hits_into`.
//
// Every kernel evaluates the same closed form with the same operations in the same order (no
// fused multiply-add: these files are compiled with -ffp-contract=off), so every kernel
// reports the same indices, bit for bit, on any input (NaN and infinity included).
#include <cstddef>
#include <cstdint>

#include "collide2d/query.hpp"

namespace collide2d::inline COLLIDE2D_ABI::detail {

/// A sector as the kernels read it: apex, facing, half-angle cosine and sine, radius.
struct SectorFrame {
  Real cx, cy, dx, dy, ch, sh, r;
  bool narrow;  ///< cos_half > 0: points behind the apex are outside the cone
};

/// The frame of a sector.
inline SectorFrame sector_frame(const Sector& s) {
  return {s.center.x, s.center.y, s.dir().x, s.dir().y, s.cos_half(), s.sin_half(), s.radius,
          s.cos_half() > 0};
}

/// The vector kernels skip a whole step when every disk has d2 > kFarFactor * reach^2 +
/// kFarTiny (d2 = the squared offset the closed form computes, reach = radius + disk radius).
/// Such a disk is at least 3% of its reach beyond it, so the closed form says "no hit" whatever
/// its rounding (a few ulps); kFarTiny keeps the squares clear of underflow; NaN or infinite
/// reaches never compare greater. The skip changes no hit: only the work.
inline constexpr Real kFarFactor = Real(1.0625);
inline constexpr Real kFarTiny = sizeof(Real) == 4 ? Real(1e-30) : Real(1e-300);

/// How many indices past the hits a kernel may scribble on in `out` (whole-vector stores).
inline constexpr std::size_t kSectorKernelSlack = 16;

/// A kernel: writes to out (room for end - begin + kSectorKernelSlack indices) the index of
/// every disk in [begin, end) that overlaps the sector, in increasing order; returns the count.
using SectorKernel = std::size_t (*)(const SectorFrame& f, const Real* xs, const Real* ys,
                                     const Real* rs, std::size_t begin, std::size_t end,
                                     std::uint32_t* out);

/// The portable kernel (also the tail of the vector kernels).
std::size_t sector_hits_scalar(const SectorFrame& f, const Real* xs, const Real* ys,
                               const Real* rs, std::size_t begin, std::size_t end,
                               std::uint32_t* out);
#if COLLIDE2D_X86_KERNELS
/// 8 floats (4 doubles) per step; needs AVX2 and POPCNT (sector_batch_avx2.cpp).
extern const SectorKernel sector_hits_avx2;
/// 16 floats (8 doubles) per step; needs AVX-512F and POPCNT (sector_batch_avx512.cpp).
extern const SectorKernel sector_hits_avx512;
#endif

/// The kernel of an instruction set (the scalar one when this build lacks it).
SectorKernel sector_kernel(Isa isa);

/// `sector_hits` with an explicit kernel: appends the hit indices of disks [0, n) to hits.
std::size_t sector_hits_into(SectorKernel kernel, const Sector& s, const Real* xs,
                             const Real* ys, const Real* rs, std::size_t n,
                             std::vector<std::uint32_t>& hits);

}  // namespace collide2d::inline COLLIDE2D_ABI::detail
