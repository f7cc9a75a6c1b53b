// collide2d - 2D collision detection for games. MIT License.
#pragma once
// The vector sector-disk kernel, written once over an instruction set's operations `Ops`
// (sector_batch_avx2.cpp, sector_batch_avx512.cpp include it under their own flags). It
// evaluates the closed form of sector_hits_scalar with the same operations in the same order.
//
// Ops provides: V (W lanes of Real), M (a lane mask), W; set1, load, add, sub, mul, fabs_;
// lt, le, gt, ge (ordered compares, false on NaN) -> M; and_, or_ on masks; all(M);
// every(bool) -> M; select(M, if_false, if_true) on values; choose(M, if_false, if_true) on
// masks; store_hits(M, first index, out) -> how many indices it wrote (it may write W lanes).
#include "query/sector_batch.hpp"

namespace collide2d::inline COLLIDE2D_ABI::detail {

template <class Ops>
std::size_t sector_hits_vector(const SectorFrame& f, const Real* xs, const Real* ys,
                               const Real* rs, std::size_t begin, std::size_t end,
                               std::uint32_t* out) {
  using V = typename Ops::V;
  using M = typename Ops::M;
  const V cx = Ops::set1(f.cx), cy = Ops::set1(f.cy), dx = Ops::set1(f.dx), dy = Ops::set1(f.dy);
  const V ch = Ops::set1(f.ch), sh = Ops::set1(f.sh), R = Ops::set1(f.r), zero = Ops::set1(0);
  const V far = Ops::set1(kFarFactor), tiny = Ops::set1(kFarTiny);
  const M wide = Ops::every(!f.narrow);  // all lanes pass "lx >= 0" when wide
  std::size_t k = 0, i = begin;
  for (; i + Ops::W <= end; i += Ops::W) {
    const V ox = Ops::sub(Ops::load(xs + i), cx), oy = Ops::sub(Ops::load(ys + i), cy);
    const V rd = Ops::load(rs + i);
    const V lx = Ops::add(Ops::mul(ox, dx), Ops::mul(oy, dy));
    const V ly = Ops::fabs_(Ops::sub(Ops::mul(oy, dx), Ops::mul(ox, dy)));
    const V d2 = Ops::add(Ops::mul(lx, lx), Ops::mul(ly, ly));
    const V reach = Ops::add(R, rd);
    const V reach2 = Ops::mul(reach, reach);
    // Far disks (spread fields): when every lane is clearly beyond reach, skip the rest.
    if (Ops::all(Ops::gt(d2, Ops::add(Ops::mul(reach2, far), tiny)))) continue;
    const M in_cone = Ops::and_(Ops::le(Ops::sub(Ops::mul(ch, ly), Ops::mul(sh, lx)), zero),
                                Ops::or_(wide, Ops::ge(lx, zero)));
    const V t0 = Ops::add(Ops::mul(lx, ch), Ops::mul(ly, sh));
    const V t = Ops::select(Ops::lt(t0, zero), Ops::select(Ops::gt(t0, R), t0, R), zero);
    const V ex = Ops::sub(lx, Ops::mul(ch, t)), ey = Ops::sub(ly, Ops::mul(sh, t));
    const M arc = Ops::le(d2, reach2);
    const M edge = Ops::le(Ops::add(Ops::mul(ex, ex), Ops::mul(ey, ey)), Ops::mul(rd, rd));
    k += Ops::store_hits(Ops::choose(in_cone, edge, arc), i, out + k);
  }
  return k + sector_hits_scalar(f, xs, ys, rs, i, end, out + k);
}

}  // namespace collide2d::inline COLLIDE2D_ABI::detail
