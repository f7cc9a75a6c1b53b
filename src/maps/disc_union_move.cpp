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

CharacterMove DiscUnion::move_character(const Circle& c, Vec2 displacement,
                                        const CharacterOptions& options) const {
  CharacterMove out;
  out.position = c.center;
  out.displacement = is_finite(displacement) ? displacement : Vec2{};
  if (discs_.empty() || !is_finite(c.center) || !(c.radius > 0) || !std::isfinite(c.radius) ||
      !is_finite(displacement)) {
    out.on_land = !discs_.empty() && is_finite(c.center) && contains(c.center) && c.radius == 0;
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
    if (!land) {
      out.on_land = false;
      out.blocked = true;
      return out;
    }
    start = *land;
  }
  const MoveResult& m = maps_detail::move_through(*this, Circle{start, r}, displacement, opt);
  for (const MoveContact& k : m.contacts) {
    if (std::any_of(out.contacts.begin(), out.contacts.end(),
                    [&](const WallContact& seen) { return seen.element == k.element; }))
      continue;
    WallContact cc;
    cc.element = k.element;
    cc.point = k.point;
    cc.normal = k.normal;  // from the body to the obstacle: into the sea
    cc.depth = 0;          // the mover stops a skin short
    out.contacts.push_back(cc);
  }
  const Vec2 end = std::get<Circle>(m.shape).center;
  // The island's promise: a character never ends in the sea. A move that ends there (a safety
  // net) is not taken. A character pressed into a corner of the coast stands still by the one
  // mover's own rule (a slide never turns back against the displacement: a wedge stops it), so
  // pushing on never goes to and fro (DiscUnionMove.PushingOnNeverGoesToAndFro).
  if (!fits(end)) {
    out.position = start;
    out.displacement = {};
    out.blocked = true;
    out.on_land = true;
    return out;
  }
  out.position = end;
  out.displacement = m.displacement;
  out.blocked = m.blocked;
  out.on_land = true;
  return out;
}

}  // namespace collide2d
