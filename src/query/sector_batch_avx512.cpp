// collide2d - 2D collision detection for games. MIT License.
// The AVX-512 sector-disk kernel: the closed form of sector_batch.cpp, 16 floats (8 doubles)
// per step, hit indices written with one compress per step. Compiled with -mavx512f -mpopcnt
// -ffp-contract=off (top CMakeLists.txt), called only when the CPU has AVX-512F (cpuid).
#include "query/sector_batch.hpp"

#if COLLIDE2D_X86_KERNELS
#ifndef __AVX512F__
#error "sector_batch_avx512.cpp needs -mavx512f (see the top CMakeLists.txt)"
#endif
#include <immintrin.h>

namespace collide2d::inline COLLIDE2D_ABI::detail {
namespace {

#ifdef COLLIDE2D_DOUBLE
using V = __m512d;
using M = __mmask8;
constexpr std::size_t W = 8;
inline V set1(Real a) { return _mm512_set1_pd(a); }
inline V load(const Real* p) { return _mm512_loadu_pd(p); }
inline V add(V a, V b) { return _mm512_add_pd(a, b); }
inline V sub(V a, V b) { return _mm512_sub_pd(a, b); }
inline V mul(V a, V b) { return _mm512_mul_pd(a, b); }
inline V fabs_(V a) { return _mm512_abs_pd(a); }
template <int kCmp>
inline M cmp(V a, V b) { return _mm512_cmp_pd_mask(a, b, kCmp); }
inline V select(M m, V if_false, V if_true) { return _mm512_mask_blend_pd(m, if_false, if_true); }
#else
using V = __m512;
using M = __mmask16;
constexpr std::size_t W = 16;
inline V set1(Real a) { return _mm512_set1_ps(a); }
inline V load(const Real* p) { return _mm512_loadu_ps(p); }
inline V add(V a, V b) { return _mm512_add_ps(a, b); }
inline V sub(V a, V b) { return _mm512_sub_ps(a, b); }
inline V mul(V a, V b) { return _mm512_mul_ps(a, b); }
inline V fabs_(V a) { return _mm512_abs_ps(a); }
template <int kCmp>
inline M cmp(V a, V b) { return _mm512_cmp_ps_mask(a, b, kCmp); }
inline V select(M m, V if_false, V if_true) { return _mm512_mask_blend_ps(m, if_false, if_true); }
#endif

}  // namespace

std::size_t sector_hits_avx512(const SectorFrame& f, const Real* xs, const Real* ys,
                               const Real* rs, std::size_t begin, std::size_t end,
                               std::uint32_t* out) {
  const V cx = set1(f.cx), cy = set1(f.cy), dx = set1(f.dx), dy = set1(f.dy);
  const V ch = set1(f.ch), sh = set1(f.sh), R = set1(f.r), zero = set1(0);
  const V far = set1(kFarFactor), tiny = set1(kFarTiny);
  const M wide = f.narrow ? M(0) : M(~M(0));  // all lanes pass "lx >= 0" when wide
  const __m512i lanes = _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
  std::size_t k = 0, i = begin;
  for (; i + W <= end; i += W) {
    // The operations of sector_hits_scalar, in its order.
    const V ox = sub(load(xs + i), cx), oy = sub(load(ys + i), cy), rd = load(rs + i);
    const V lx = add(mul(ox, dx), mul(oy, dy));
    const V ly = fabs_(sub(mul(oy, dx), mul(ox, dy)));
    const V d2 = add(mul(lx, lx), mul(ly, ly));
    const M in_cone = cmp<_CMP_LE_OQ>(sub(mul(ch, ly), mul(sh, lx)), zero) &
                      (wide | cmp<_CMP_GE_OQ>(lx, zero));
    const V reach = add(R, rd);
    const V reach2 = mul(reach, reach);
    // Far disks (spread fields): when every lane is clearly beyond reach, skip the rest.
    if (cmp<_CMP_GT_OQ>(d2, add(mul(reach2, far), tiny)) == M(~M(0))) continue;
    const V t0 = add(mul(lx, ch), mul(ly, sh));
    const V t = select(cmp<_CMP_LT_OQ>(t0, zero), select(cmp<_CMP_GT_OQ>(t0, R), t0, R), zero);
    const V ex = sub(lx, mul(ch, t)), ey = sub(ly, mul(sh, t));
    const M arc = cmp<_CMP_LE_OQ>(d2, reach2);
    const M edge = cmp<_CMP_LE_OQ>(add(mul(ex, ex), mul(ey, ey)), mul(rd, rd));
    const M hit = M((in_cone & arc) | (~in_cone & edge));
    const __m512i idx = _mm512_add_epi32(_mm512_set1_epi32(static_cast<int>(i)), lanes);
    _mm512_storeu_si512(out + k, _mm512_maskz_compress_epi32(hit, idx));
    k += static_cast<std::size_t>(__builtin_popcount(hit));
  }
  return k + sector_hits_scalar(f, xs, ys, rs, i, end, out + k);
}

}  // namespace collide2d::inline COLLIDE2D_ABI::detail
#endif
