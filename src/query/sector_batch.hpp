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

/// The vector kernels' first reject: they skip the closed form of a step when, in every lane,
/// an offset from the apex along x or y exceeds kFarScale * (|radius| + |disk radius|) +
/// kFarTinyLength. Any point of the sector is within |radius| of the apex, so such a disk is
/// at least 3% of its reach beyond every point of the sector and the closed form says "no hit"
/// whatever its rounding (a few ulps; kFarTinyLength keeps its squares clear of underflow, and
/// the absolute values cover negative radii). A NaN offset gives no hit in the closed form
/// either; NaN or infinite radii never compare greater. The skip changes no hit: only the work.
inline constexpr Real kFarScale = Real(1.03125);
inline constexpr Real kFarTinyLength = sizeof(Real) == 4 ? Real(1e-15) : Real(1e-150);

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
