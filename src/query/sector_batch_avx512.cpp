// collide2d - 2D collision detection for games. MIT License.
// The AVX-512 sector-disk kernel (sector_batch_kernel.hpp): 16 floats (8 doubles) per step,
// lane masks in mask registers, hit indices written with one compress per step. Compiled with
// -mavx512f -mpopcnt -ffp-contract=off (top CMakeLists.txt), called only when the CPU has
// AVX-512F (cpuid).
#include "query/sector_batch.hpp"

#if COLLIDE2D_X86_KERNELS
#ifndef __AVX512F__
#error "sector_batch_avx512.cpp needs -mavx512f (see the top CMakeLists.txt)"
#endif
#include <immintrin.h>

#include "query/sector_batch_kernel.hpp"

namespace collide2d::inline COLLIDE2D_ABI::detail {
namespace {

struct MaskOps {
#ifdef COLLIDE2D_DOUBLE
  using M = __mmask8;
#else
  using M = __mmask16;
#endif
  static M and_(M a, M b) { return M(a & b); }
  static M or_(M a, M b) { return M(a | b); }
  static bool all(M m) { return m == M(~M(0)); }
  static M every(bool b) { return b ? M(~M(0)) : M(0); }
  static M choose(M m, M if_false, M if_true) { return M((m & if_true) | (~m & if_false)); }
  static std::size_t store_hits(M hit, std::size_t first, std::uint32_t* out) {
    const __m512i lanes = _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    const __m512i idx = _mm512_add_epi32(_mm512_set1_epi32(static_cast<int>(first)), lanes);
    _mm512_storeu_si512(out, _mm512_maskz_compress_epi32(hit, idx));
    return static_cast<std::size_t>(__builtin_popcount(hit));
  }
};

#ifdef COLLIDE2D_DOUBLE
struct Ops : MaskOps {
  using V = __m512d;
  static constexpr std::size_t W = 8;
  static V set1(Real a) { return _mm512_set1_pd(a); }
  static V load(const Real* p) { return _mm512_loadu_pd(p); }
  static V add(V a, V b) { return _mm512_add_pd(a, b); }
  static V sub(V a, V b) { return _mm512_sub_pd(a, b); }
  static V mul(V a, V b) { return _mm512_mul_pd(a, b); }
  static V fabs_(V a) { return _mm512_abs_pd(a); }
  static M lt(V a, V b) { return _mm512_cmp_pd_mask(a, b, _CMP_LT_OQ); }
  static M le(V a, V b) { return _mm512_cmp_pd_mask(a, b, _CMP_LE_OQ); }
  static M gt(V a, V b) { return _mm512_cmp_pd_mask(a, b, _CMP_GT_OQ); }
  static M ge(V a, V b) { return _mm512_cmp_pd_mask(a, b, _CMP_GE_OQ); }
  static V select(M m, V if_false, V if_true) { return _mm512_mask_blend_pd(m, if_false, if_true); }
};
#else
struct Ops : MaskOps {
  using V = __m512;
  static constexpr std::size_t W = 16;
  static V set1(Real a) { return _mm512_set1_ps(a); }
  static V load(const Real* p) { return _mm512_loadu_ps(p); }
  static V add(V a, V b) { return _mm512_add_ps(a, b); }
  static V sub(V a, V b) { return _mm512_sub_ps(a, b); }
  static V mul(V a, V b) { return _mm512_mul_ps(a, b); }
  static V fabs_(V a) { return _mm512_abs_ps(a); }
  static M lt(V a, V b) { return _mm512_cmp_ps_mask(a, b, _CMP_LT_OQ); }
  static M le(V a, V b) { return _mm512_cmp_ps_mask(a, b, _CMP_LE_OQ); }
  static M gt(V a, V b) { return _mm512_cmp_ps_mask(a, b, _CMP_GT_OQ); }
  static M ge(V a, V b) { return _mm512_cmp_ps_mask(a, b, _CMP_GE_OQ); }
  static V select(M m, V if_false, V if_true) { return _mm512_mask_blend_ps(m, if_false, if_true); }
};
#endif

}  // namespace

std::size_t sector_hits_avx512(const SectorFrame& f, const Real* xs, const Real* ys,
                               const Real* rs, std::size_t begin, std::size_t end,
                               std::uint32_t* out) {
  return sector_hits_vector<Ops>(f, xs, ys, rs, begin, end, out);
}

}  // namespace collide2d::inline COLLIDE2D_ABI::detail
#endif
