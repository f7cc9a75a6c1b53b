// collide2d - 2D collision detection for games. MIT License.
#pragma once
// The part of the vector kernels' operations (sector_batch_kernel.hpp, "Ops") that AVX2 and
// AVX-512 spell alike, written once for both and for this build's Real. Only for
// sector_batch_avx2.cpp and sector_batch_avx512.cpp: each defines, before including it,
//   C2D_ISA(op, tail)  its intrinsic `op` on vectors of Real, with `tail` after the type
//                      (C2D_ISA(add, ) is _mm256_add_ps in the float AVX2 file, _mm512_add_pd in
//                      the double AVX-512 one); spell it through C2D_REAL below;
//   C2D_CMP_TAIL       what follows the type in its compare's name (nothing, or _mask),
// then derives its Ops from `Lanes`, adding the mask operations its compares' masks need.
// Everything here has internal linkage: each file gets its own instruction set's `Lanes`.
#include <cstddef>

#include "collide2d/math.hpp"

#ifdef COLLIDE2D_DOUBLE
#define C2D_REAL(head, tail) head##pd##tail
#else
#define C2D_REAL(head, tail) head##ps##tail
#endif

namespace collide2d::inline COLLIDE2D_ABI::detail {
namespace {

struct Lanes {
  using V = decltype(C2D_ISA(set1, )(Real(0)));                       ///< a vector of Real
  using M = decltype(C2D_ISA(cmp, C2D_CMP_TAIL)(V{}, V{}, _CMP_LT_OQ));  ///< a compare's lane mask
  static constexpr std::size_t W = sizeof(V) / sizeof(Real);           ///< lanes per vector
  static V set1(Real a) { return C2D_ISA(set1, )(a); }
  static V load(const Real* p) { return C2D_ISA(loadu, )(p); }
  static V add(V a, V b) { return C2D_ISA(add, )(a, b); }
  static V sub(V a, V b) { return C2D_ISA(sub, )(a, b); }
  static V mul(V a, V b) { return C2D_ISA(mul, )(a, b); }
  static M lt(V a, V b) { return C2D_ISA(cmp, C2D_CMP_TAIL)(a, b, _CMP_LT_OQ); }
  static M le(V a, V b) { return C2D_ISA(cmp, C2D_CMP_TAIL)(a, b, _CMP_LE_OQ); }
  static M gt(V a, V b) { return C2D_ISA(cmp, C2D_CMP_TAIL)(a, b, _CMP_GT_OQ); }
  static M ge(V a, V b) { return C2D_ISA(cmp, C2D_CMP_TAIL)(a, b, _CMP_GE_OQ); }
};

}  // namespace
}  // namespace collide2d::inline COLLIDE2D_ABI::detail
