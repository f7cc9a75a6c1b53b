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

#include "query/sector_batch_kernel.hpp"

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

#ifdef COLLIDE2D_DOUBLE
struct Ops {
  using V = __m256d;
  using M = __m256d;
  static constexpr std::size_t W = 4;
  static V set1(Real a) { return _mm256_set1_pd(a); }
  static V load(const Real* p) { return _mm256_loadu_pd(p); }
  static V add(V a, V b) { return _mm256_add_pd(a, b); }
  static V sub(V a, V b) { return _mm256_sub_pd(a, b); }
  static V mul(V a, V b) { return _mm256_mul_pd(a, b); }
  static V fabs_(V a) { return _mm256_andnot_pd(_mm256_set1_pd(-0.0), a); }
  static M lt(V a, V b) { return _mm256_cmp_pd(a, b, _CMP_LT_OQ); }
  static M le(V a, V b) { return _mm256_cmp_pd(a, b, _CMP_LE_OQ); }
  static M gt(V a, V b) { return _mm256_cmp_pd(a, b, _CMP_GT_OQ); }
  static M ge(V a, V b) { return _mm256_cmp_pd(a, b, _CMP_GE_OQ); }
  static M and_(M a, M b) { return _mm256_and_pd(a, b); }
  static M or_(M a, M b) { return _mm256_or_pd(a, b); }
  static unsigned bits(M m) { return static_cast<unsigned>(_mm256_movemask_pd(m)); }
  static bool all(M m) { return bits(m) == (1u << W) - 1; }
  static M every(bool b) { return _mm256_castsi256_pd(_mm256_set1_epi64x(b ? -1 : 0)); }
  static V select(M m, V if_false, V if_true) { return _mm256_blendv_pd(if_false, if_true, m); }
  static M choose(M m, M if_false, M if_true) { return select(m, if_false, if_true); }
  static std::size_t store_hits(M hit, std::size_t first, std::uint32_t* out) {
    return store_lanes(bits(hit), first, out);
  }
};
#else
struct Ops {
  using V = __m256;
  using M = __m256;
  static constexpr std::size_t W = 8;
  static V set1(Real a) { return _mm256_set1_ps(a); }
  static V load(const Real* p) { return _mm256_loadu_ps(p); }
  static V add(V a, V b) { return _mm256_add_ps(a, b); }
  static V sub(V a, V b) { return _mm256_sub_ps(a, b); }
  static V mul(V a, V b) { return _mm256_mul_ps(a, b); }
  static V fabs_(V a) { return _mm256_andnot_ps(_mm256_set1_ps(-0.0f), a); }
  static M lt(V a, V b) { return _mm256_cmp_ps(a, b, _CMP_LT_OQ); }
  static M le(V a, V b) { return _mm256_cmp_ps(a, b, _CMP_LE_OQ); }
  static M gt(V a, V b) { return _mm256_cmp_ps(a, b, _CMP_GT_OQ); }
  static M ge(V a, V b) { return _mm256_cmp_ps(a, b, _CMP_GE_OQ); }
  static M and_(M a, M b) { return _mm256_and_ps(a, b); }
  static M or_(M a, M b) { return _mm256_or_ps(a, b); }
  static unsigned bits(M m) { return static_cast<unsigned>(_mm256_movemask_ps(m)); }
  static bool all(M m) { return bits(m) == (1u << W) - 1; }
  static M every(bool b) { return _mm256_castsi256_ps(_mm256_set1_epi32(b ? -1 : 0)); }
  static V select(M m, V if_false, V if_true) { return _mm256_blendv_ps(if_false, if_true, m); }
  static M choose(M m, M if_false, M if_true) { return select(m, if_false, if_true); }
  static std::size_t store_hits(M hit, std::size_t first, std::uint32_t* out) {
    return store_lanes(bits(hit), first, out);
  }
};
#endif

}  // namespace

std::size_t sector_hits_avx2(const SectorFrame& f, const Real* xs, const Real* ys,
                             const Real* rs, std::size_t begin, std::size_t end,
                             std::uint32_t* out) {
  return sector_hits_vector<Ops>(f, xs, ys, rs, begin, end, out);
}

}  // namespace collide2d::inline COLLIDE2D_ABI::detail
#endif
