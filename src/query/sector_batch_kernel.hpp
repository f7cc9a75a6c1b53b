// collide2d - 2D collision detection for games. MIT License.
#pragma once
// The vector sector-disk kernel, written once over an instruction set's operations `Ops`
// (sector_batch_avx2.cpp, sector_batch_avx512.cpp include it under their own flags). It
// evaluates the closed form of sector_hits_scalar with the same operations in the same order.
//
// Ops provides: V (W lanes of Real), M (a lane mask), W; set1, load, add, sub, mul, fabs_;
// min_, max_ (the x86 operand order: the second operand when either is NaN or both are zero);
// lt, le, gt, ge (ordered compares, false on NaN) -> M; and_ on masks; all(M);
// choose(M, if_false, if_true) on masks; store_hits(M, first index, out) -> how many indices
// it wrote (it may write W lanes).
#include <cmath>

#include "query/sector_batch.hpp"

namespace collide2d::inline COLLIDE2D_ABI::detail {

/// One sector's constants in vectors, the first reject and the closed form of W disks
/// (Narrow = f.narrow: points behind the apex are outside the cone).
template <class Ops, bool Narrow>
struct SectorLanes {
  using V = typename Ops::V;
  using M = typename Ops::M;
  /// W disks as offsets from the apex, their radii and the lanes surely beyond reach.
  struct Disks {
    V ox, oy, rd;
    M far;
  };

  explicit SectorLanes(const SectorFrame& f)
      : cx(Ops::set1(f.cx)), cy(Ops::set1(f.cy)), dx(Ops::set1(f.dx)), dy(Ops::set1(f.dy)),
        ch(Ops::set1(f.ch)), sh(Ops::set1(f.sh)), R(Ops::set1(f.r)), zero(Ops::set1(0)),
        far_scale(Ops::set1(kFarScale)),
        far_base(Ops::set1(std::fabs(f.r) * kFarScale + kFarTinyLength)) {}

  Disks disks(const Real* xs, const Real* ys, const Real* rs, std::size_t i) const {
    const V ox = Ops::sub(Ops::load(xs + i), cx), oy = Ops::sub(Ops::load(ys + i), cy);
    const V rd = Ops::load(rs + i);
    const V bound = Ops::add(Ops::mul(Ops::fabs_(rd), far_scale), far_base);
    return {ox, oy, rd, Ops::gt(Ops::max_(Ops::fabs_(ox), Ops::fabs_(oy)), bound)};
  }

  /// The lanes of d that overlap the sector (sector_hits_scalar's closed form).
  M hits(const Disks& d) const {
    const V lx = Ops::add(Ops::mul(d.ox, dx), Ops::mul(d.oy, dy));
    const V ly = Ops::fabs_(Ops::sub(Ops::mul(d.oy, dx), Ops::mul(d.ox, dy)));
    const V d2 = Ops::add(Ops::mul(lx, lx), Ops::mul(ly, ly));
    const V reach = Ops::add(R, d.rd);
    M in_cone = Ops::le(Ops::sub(Ops::mul(ch, ly), Ops::mul(sh, lx)), zero);
    if constexpr (Narrow) in_cone = Ops::and_(in_cone, Ops::ge(lx, zero));
    const V t0 = Ops::add(Ops::mul(lx, ch), Ops::mul(ly, sh));
    // t0 < 0 ? 0 : (t0 > R ? R : t0), NaN kept (the operand order of min_ and max_)
    const V t = Ops::min_(R, Ops::max_(zero, t0));
    const V ex = Ops::sub(lx, Ops::mul(ch, t)), ey = Ops::sub(ly, Ops::mul(sh, t));
    const M arc = Ops::le(d2, Ops::mul(reach, reach));
    const M edge = Ops::le(Ops::add(Ops::mul(ex, ex), Ops::mul(ey, ey)), Ops::mul(d.rd, d.rd));
    return Ops::choose(in_cone, edge, arc);
  }

  V cx, cy, dx, dy, ch, sh, R, zero, far_scale, far_base;
};

/// Two vectors per step, skipped together when the first reject says every lane is far.
template <class Ops, bool Narrow>
std::size_t sector_hits_steps(const SectorFrame& f, const Real* xs, const Real* ys,
                              const Real* rs, std::size_t begin, std::size_t end,
                              std::uint32_t* out) {
  constexpr std::size_t W = Ops::W;
  const SectorLanes<Ops, Narrow> lanes(f);
  std::size_t k = 0, i = begin;
  for (; i + 2 * W <= end; i += 2 * W) {
    const auto a = lanes.disks(xs, ys, rs, i), b = lanes.disks(xs, ys, rs, i + W);
    if (Ops::all(Ops::and_(a.far, b.far))) continue;
    k += Ops::store_hits(lanes.hits(a), i, out + k);
    k += Ops::store_hits(lanes.hits(b), i + W, out + k);
  }
  if (i + W <= end) {
    const auto a = lanes.disks(xs, ys, rs, i);
    if (!Ops::all(a.far)) k += Ops::store_hits(lanes.hits(a), i, out + k);
    i += W;
  }
  return k + sector_hits_scalar(f, xs, ys, rs, i, end, out + k);
}

/// The kernel: the steps compiled for narrow or wide cones.
template <class Ops>
std::size_t sector_hits_vector(const SectorFrame& f, const Real* xs, const Real* ys,
                               const Real* rs, std::size_t begin, std::size_t end,
                               std::uint32_t* out) {
  return f.narrow ? sector_hits_steps<Ops, true>(f, xs, ys, rs, begin, end, out)
                  : sector_hits_steps<Ops, false>(f, xs, ys, rs, begin, end, out);
}

}  // namespace collide2d::inline COLLIDE2D_ABI::detail
