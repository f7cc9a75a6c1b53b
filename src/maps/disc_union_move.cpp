// collide2d - 2D collision detection for games. MIT License.
/// @file disc_union_move.cpp  Characters on a disc island: substeps, coast contacts, position
/// correction over several arcs at once, sliding.

#include <algorithm>
#include <cmath>

#include "collide2d/motion.hpp"
#include "maps/disc_union_internal.hpp"

namespace collide2d::inline COLLIDE2D_ABI {

namespace {

/// The vector nearest to v that goes into none of the normals (dot(w, n) <= 0 for all): v
/// itself, v with the part along one normal removed, or zero (a corner, opposing coasts).
Vec2 project_cone(Vec2 v, const std::vector<Vec2>& normals) {
  auto allowed = [&](Vec2 w) {
    for (Vec2 n : normals)
      if (dot(w, n) > length(w) * Real(1e-6)) return false;
    return true;
  };
  if (allowed(v)) return v;
  Vec2 best{0, 0};
  for (Vec2 n : normals) {
    const Real into = dot(v, n);
    if (into <= 0) continue;
    const Vec2 w = v - n * into;
    if (length_sq(w) > length_sq(best) && allowed(w)) best = w;
  }
  return best;
}

}  // namespace

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
    std::vector<Vec2> normals;
    bool done = false;
    for (int round = 0; round < 4 && !done; ++round) {
      const std::vector<CoastContact> cs = contacts(Circle{p, r + skin});
      PositionCorrection pc;
      for (const CoastContact& k : cs) {
        if (k.depth <= 0) continue;
        pc.add(-k.normal, k.depth);
        if (respond) {
          CoastContact seen = k;
          seen.depth = std::max(Real(0), k.depth - skin);
          note(seen);
          normals.push_back(k.normal);
        }
      }
      if (pc.count() == 0) done = true;
      else p += pc.solve();
    }
    // The motion loses what goes into the coasts met, all at once (a corner: what they allow).
    if (!normals.empty()) out.displacement = project_cone(out.displacement, normals);
    return done || fits(p);
  };

  Vec2 x = c.center;
  const bool start_fits = fits(x);
  if (!start_fits) {  // starts overlapping the sea: push back, or put on the nearest place it fits
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
      // Pressed into a corner of the coast, the correction may land behind the start (its
      // push directions are linearized); then staying is the better answer and stays stable.
      if (dot(y - x, step) < 0) {
        out.blocked = true;
        break;
      }
      x = y;
    } else {
      out.blocked = true;  // a passage narrower than the character: stay, drop the rest
      break;
    }
  }
  // A move that ends no farther along the wanted displacement than it started (a corner of
  // the coast that the corrections only shuffle round) is not taken: over any cycle of such
  // moves the progress sums to zero, so refusing them leaves a fixed point instead of jitter.
  const Vec2 start = c.center;
  if (start_fits && !(x == start) && dot(x - start, displacement) <= tol * length(displacement)) {
    x = start;
    out.blocked = true;
    out.displacement = {0, 0};
  }
  out.position = x;
  out.on_land = fits(x);
  return out;
}

}  // namespace collide2d
