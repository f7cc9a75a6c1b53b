// collide2d - 2D collision detection for games. MIT License.
// The AVX2 sector-disk kernel: the closed form of sector_batch.cpp, 8 floats (4 doubles) per
// step; hit indices written through a table of lane offsets per hit mask. Compiled with
// -mavx2 -mpopcnt -ffp-contract=off (top CMakeLists.txt), called only when the CPU has AVX2.
#include "query/sector_batch.hpp"

#if COLLIDE2D_X86_KERNELS
#ifndef __AVX2__
#error "sector_batch_avx2.cpp needs -mavx2 (see the top CMakeLists.txt)"
#endif
#include <array>
#include <immintrin.h>

namespace collide2d::inline COLLIDE2D_ABI::detail {
namespace {

#ifdef COLLIDE2D_DOUBLE
using V = __m256d;
constexpr std::size_t W = 4;
inline V set1(Real a) { return _mm256_set1_pd(a); }
inline V load(const Real* p) { return _mm256_loadu_pd(p); }
inline V add(V a, V b) { return _mm256_add_pd(a, b); }
inline V sub(V a, V b) { return _mm256_sub_pd(a, b); }
inline V mul(V a, V b) { return _mm256_mul_pd(a, b); }
inline V and_(V a, V b) { return _mm256_and_pd(a, b); }
inline V or_(V a, V b) { return _mm256_or_pd(a, b); }
inline V fabs_(V a) { return _mm256_andnot_pd(_mm256_set1_pd(-0.0), a); }
template <int kCmp>
inline V cmp(V a, V b) { return _mm256_cmp_pd(a, b, kCmp); }
inline V select(V m, V if_false, V if_true) { return _mm256_blendv_pd(if_false, if_true, m); }
inline unsigned bits(V m) { return static_cast<unsigned>(_mm256_movemask_pd(m)); }
#else
using V = __m256;
constexpr std::size_t W = 8;
inline V set1(Real a) { return _mm256_set1_ps(a); }
inline V load(const Real* p) { return _mm256_loadu_ps(p); }
inline V add(V a, V b) { return _mm256_add_ps(a, b); }
inline V sub(V a, V b) { return _mm256_sub_ps(a, b); }
inline V mul(V a, V b) { return _mm256_mul_ps(a, b); }
inline V and_(V a, V b) { return _mm256_and_ps(a, b); }
inline V or_(V a, V b) { return _mm256_or_ps(a, b); }
inline V fabs_(V a) { return _mm256_andnot_ps(_mm256_set1_ps(-0.0f), a); }
template <int kCmp>
inline V cmp(V a, V b) { return _mm256_cmp_ps(a, b, kCmp); }
inline V select(V m, V if_false, V if_true) { return _mm256_blendv_ps(if_false, if_true, m); }
inline unsigned bits(V m) { return static_cast<unsigned>(_mm256_movemask_ps(m)); }
#endif

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

}  // namespace

std::size_t sector_hits_avx2(const SectorFrame& f, const Real* xs, const Real* ys,
                             const Real* rs, std::size_t begin, std::size_t end,
                             std::uint32_t* out) {
  const V cx = set1(f.cx), cy = set1(f.cy), dx = set1(f.dx), dy = set1(f.dy);
  const V ch = set1(f.ch), sh = set1(f.sh), R = set1(f.r), zero = set1(0);
  const V far = set1(kFarFactor), tiny = set1(kFarTiny);
  const V wide = cmp<_CMP_EQ_OQ>(zero, set1(f.narrow ? 1 : 0));  // all ones when wide
  std::size_t k = 0, i = begin;
  for (; i + W <= end; i += W) {
    // The operations of sector_hits_scalar, in its order.
    const V ox = sub(load(xs + i), cx), oy = sub(load(ys + i), cy), rd = load(rs + i);
    const V lx = add(mul(ox, dx), mul(oy, dy));
    const V ly = fabs_(sub(mul(oy, dx), mul(ox, dy)));
    const V d2 = add(mul(lx, lx), mul(ly, ly));
    const V in_cone = and_(cmp<_CMP_LE_OQ>(sub(mul(ch, ly), mul(sh, lx)), zero),
                           or_(wide, cmp<_CMP_GE_OQ>(lx, zero)));
    const V reach = add(R, rd);
    const V reach2 = mul(reach, reach);
    // Far disks (spread fields): when every lane is clearly beyond reach, skip the rest.
    if (bits(cmp<_CMP_GT_OQ>(d2, add(mul(reach2, far), tiny))) == (1u << W) - 1) continue;
    const V t0 = add(mul(lx, ch), mul(ly, sh));
    const V t = select(cmp<_CMP_LT_OQ>(t0, zero), select(cmp<_CMP_GT_OQ>(t0, R), t0, R), zero);
    const V ex = sub(lx, mul(ch, t)), ey = sub(ly, mul(sh, t));
    const V arc = cmp<_CMP_LE_OQ>(d2, reach2);
    const V edge = cmp<_CMP_LE_OQ>(add(mul(ex, ex), mul(ey, ey)), mul(rd, rd));
    const unsigned hit = bits(select(in_cone, edge, arc));
    const __m256i idx = _mm256_add_epi32(
        _mm256_set1_epi32(static_cast<int>(i)),
        _mm256_load_si256(reinterpret_cast<const __m256i*>(kLanes.lane[hit])));
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(out + k), idx);
    k += static_cast<std::size_t>(__builtin_popcount(hit));
  }
  return k + sector_hits_scalar(f, xs, ys, rs, i, end, out + k);
}

}  // namespace collide2d::inline COLLIDE2D_ABI::detail
#endif
