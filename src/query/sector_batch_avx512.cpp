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

#define C2D_ISA(op, tail) C2D_REAL(_mm512_##op##_, tail)
#define C2D_CMP_TAIL _mask
#include "query/sector_batch_kernel.hpp"
#include "query/sector_batch_lanes.hpp"

namespace collide2d::inline COLLIDE2D_ABI::detail {
namespace {

struct Ops : Lanes {
  // M: a mask register's bits, one per lane
  static V fabs_(V a) { return C2D_ISA(abs, )(a); }
  // (the maskz forms: g++ 12 warns inside the plain ones' _mm512_undefined)
  static V min_(V a, V b) { return C2D_ISA(maskz_min, )(M(~M(0)), a, b); }
  static V max_(V a, V b) { return C2D_ISA(maskz_max, )(M(~M(0)), a, b); }
  static M and_(M a, M b) { return M(a & b); }
  static bool all(M m) { return m == M(~M(0)); }
  static M choose(M m, M if_false, M if_true) { return M((m & if_true) | (~m & if_false)); }
  static std::size_t store_hits(M hit, std::size_t first, std::uint32_t* out) {
    const __m512i lanes = _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    const __m512i idx = _mm512_add_epi32(_mm512_set1_epi32(static_cast<int>(first)), lanes);
    _mm512_storeu_si512(out, _mm512_maskz_compress_epi32(hit, idx));
    return static_cast<std::size_t>(__builtin_popcount(hit));
  }
};

}  // namespace

extern const SectorKernel sector_hits_avx512 = sector_hits_vector<Ops>;

}  // namespace collide2d::inline COLLIDE2D_ABI::detail
#endif
