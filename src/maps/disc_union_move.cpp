// collide2d - 2D collision detection for games. MIT License.
/// @file disc_union_move.cpp  DiscUnion::move_character: a thin wrapper of the one mover over the
/// coast arcs gathered round the move (`gather`), with the island's own start rule (a character
/// overlapping the sea is first put where it fits) and contacts reported per coast arc.

#include <algorithm>
#include <vector>

#include "collide2d/motion.hpp"
#include "maps/disc_union_internal.hpp"
#include "maps/map_move.hpp"

namespace collide2d::inline COLLIDE2D_ABI {

CircleMove DiscUnion::move_character(const Circle& c, Vec2 displacement,
                                     const CharacterOptions& options) const {
  CircleMove out;
  out.center = c.center;
  if (discs_.empty() || !is_finite(c.center) || !(c.radius > 0) || !std::isfinite(c.radius) ||
      !is_finite(displacement)) {
    out.blocked = true;
    return out;
  }
  const Real r = c.radius, tol = tolerance_;
  MoveOptions opt;
  opt.max_iterations = std::max(options.max_iterations, 1);
  opt.skin = std::max(options.skin, skin());
  auto fits = [&](Vec2 p) { return coast(p).distance <= tol - r; };  // reaches the sea by <= tol

  // A character overlapping the sea starts from the nearest place it fits a skin inside.
  Vec2 start = c.center;
  if (!fits(start)) {
    const auto land = nearest_free_point(start, r + opt.skin);
    if (!land) {  // no place on the island fits it
      out.blocked = true;
      return out;
    }
    start = *land;
  }
  const MoveResult& m = maps_detail::move_through(*this, Circle{start, r}, displacement, opt);
  out.contacts = int(m.contacts.size());
  const Vec2 end = std::get<Circle>(m.shape).center;
  // The island's promise: a character never ends in the sea. A move that ends there (a safety
  // net) is not taken. A character pressed into a corner of the coast stands still by the one
  // mover's own rule (a slide never turns back against the displacement: a wedge stops it), so
  // pushing on never goes to and fro (DiscUnionMove.PushingOnNeverGoesToAndFro).
  if (!fits(end)) {
    out.center = start;
    out.blocked = true;
    return out;
  }
  out.center = end;
  out.displacement = m.displacement;
  out.blocked = m.blocked;
  return out;
}

}  // namespace collide2d
