// collide2d - 2D collision detection for games. MIT License.
// The AVX2 sector-disk kernel (sector_batch_kernel.hpp): 8 floats (4 doubles) per step, lane
// masks as vectors, hit indices written through a table of lane offsets per hit mask. Compiled
// with -mavx2 -mpopcnt -ffp-contract=off (top CMakeLists.txt), called only when the CPU has AVX2.
#include "query/sector_batch.hpp"

#if COLLIDE2D_X86_KERNELS
#ifndef __AVX2__
#error "sector_batch_avx2.cpp needs -mavx2 (see the top CMakeLists.txt)"
#endif
#include <immintrin.h>

#define C2D_ISA(op, tail) C2D_REAL(_mm256_##op##_, tail)
#define C2D_CMP_TAIL
#include "query/sector_batch_kernel.hpp"
#include "query/sector_batch_lanes.hpp"

namespace collide2d::inline COLLIDE2D_ABI::detail {
namespace {

// For each 8-bit hit mask, the lanes that hit, in order (the rest padding): adding the step's
// first index gives the hit indices to store.
struct LaneTable {
  alignas(32) std::int32_t lane[256][8];
};
constexpr LaneTable make_lane_table() {
  LaneTable t{};
  for (int m = 0; m < 256; ++m) {
    int k = 0;
    for (int b = 0; b < 8; ++b)
      if (m & (1 << b)) t.lane[m][k++] = b;
  }
  return t;
}
constexpr LaneTable kLanes = make_lane_table();

std::size_t store_lanes(unsigned hit, std::size_t first, std::uint32_t* out) {
  const __m256i idx = _mm256_add_epi32(
      _mm256_set1_epi32(static_cast<int>(first)),
      _mm256_load_si256(reinterpret_cast<const __m256i*>(kLanes.lane[hit])));
  _mm256_storeu_si256(reinterpret_cast<__m256i*>(out), idx);
  return static_cast<std::size_t>(__builtin_popcount(hit));
}

struct Ops : Lanes {
  using M = V;  // a lane mask: all bits set where true
  static V fabs_(V a) { return C2D_ISA(andnot, )(set1(Real(-0.0)), a); }
  static V min_(V a, V b) { return C2D_ISA(min, )(a, b); }
  static V max_(V a, V b) { return C2D_ISA(max, )(a, b); }
  static M and_(M a, M b) { return C2D_REAL(_mm256_and_, )(a, b); }
  static unsigned bits(M m) { return static_cast<unsigned>(C2D_ISA(movemask, )(m)); }
  static bool all(M m) { return bits(m) == (1u << W) - 1; }
  static M choose(M m, M if_false, M if_true) { return C2D_ISA(blendv, )(if_false, if_true, m); }
  static std::size_t store_hits(M hit, std::size_t first, std::uint32_t* out) {
    return store_lanes(bits(hit), first, out);
  }
};

}  // namespace

extern const SectorKernel sector_hits_avx2 = sector_hits_vector<Ops>;

}  // namespace collide2d::inline COLLIDE2D_ABI::detail
#endif
