// collide2d - 2D collision detection for games. MIT License.
/// @file disc_union_move.cpp  Characters on a disc island: substeps, coast contacts, position
/// correction over several arcs at once, sliding.

#include <algorithm>
#include <cmath>

#include "collide2d/motion.hpp"
#include "maps/disc_union_internal.hpp"

namespace collide2d {

CharacterMove DiscUnion::move_character(const Circle& c, Vec2 displacement,
                                        const CharacterOptions& options) const {
  CharacterMove out;
  out.position = c.center;
  out.displacement = is_finite(displacement) ? displacement : Vec2{};
  if (discs_.empty() || !is_finite(c.center) || !(c.radius > 0)) {
    out.on_land = !discs_.empty() && contains(c.center) && c.radius == 0;
    out.blocked = true;
    return out;
  }
  const Real r = c.radius, tol = tolerance_;
  const Real skin = std::max(options.skin, 4 * tol);
  auto fits = [&](Vec2 p) {
    return coast(p).distance <= tol - r;  // the disk reaches the sea by at most tol
  };
  auto note = [&](const CoastContact& k) {
    for (const CoastContact& seen : out.contacts)
      if (seen.arc == k.arc) return;
    out.contacts.push_back(k);
  };
  // Pushes p back to a skin inside the coast; true when nothing reaches the coast any more.
  auto correct = [&](Vec2& p, bool respond) {
    for (int round = 0; round < 4; ++round) {
      const std::vector<CoastContact> cs = contacts(Circle{p, r + skin});
      PositionCorrection pc;
      for (const CoastContact& k : cs) {
        if (k.depth <= 0) continue;
        pc.add(-k.normal, k.depth);
        if (respond) {
          CoastContact seen = k;
          seen.depth = std::max(Real(0), k.depth - skin);
          note(seen);
          out.displacement = slide(out.displacement, -k.normal);
        }
      }
      if (pc.count() == 0) return true;
      p += pc.solve();
    }
    return fits(p);
  };

  Vec2 x = c.center;
  if (!fits(x)) {  // starts overlapping the sea: push back, or put on the nearest place it fits
    Vec2 y = x;
    if (correct(y, true) && fits(y)) {
      x = y;
    } else if (const auto land = nearest_land_point(x, r + skin)) {
      x = *land;
    } else {
      out.on_land = false;
      out.blocked = true;
      return out;
    }
  }

  const Real step_max = std::max(r * options.substep_fraction, tol);
  const Real len = length(out.displacement);
  const double wanted = std::ceil(double(len) / double(step_max));
  const int total = int(std::clamp(wanted, 1.0, 1e9));
  const int n = std::min(total, std::max(1, options.max_substeps));
  if (n < total) out.blocked = true;  // too long for max_substeps: the rest is dropped
  for (int s = 0; s < n; ++s) {
    // Each substep takes its share of what is left of the (responded) displacement.
    const Vec2 step = out.displacement * Real(1.0 / double(total - s > 0 ? total : 1));
    if (length(step) <= tol * Real(1e-3)) break;
    Vec2 y = x + step;
    if (correct(y, true) && fits(y)) {
      x = y;
    } else {
      out.blocked = true;  // a passage narrower than the character: stay, drop the rest
      break;
    }
  }
  out.position = x;
  out.on_land = fits(x);
  return out;
}

}  // namespace collide2d
