// collide2d - 2D collision detection for games. MIT License.
// The escape of b from a non-convex union of sector pieces, by search: for a direction n,
// e(n) is the last exit, the least t >= 0 from which b + t n and on overlaps no convex pair
// (ray_free, monotone in t: bisection); e is minimised over
// candidate directions (every convex pair's own contact normal, the notch of a wide sector, 96
// even directions), then refined by golden-section search. sector_wide.cpp uses it when its
// exact candidates find no escape, and Escape::exit along its grazing directions.
#include <algorithm>
#include <cmath>
#include <limits>

#include "query/sector_internal.hpp"

namespace collide2d::inline COLLIDE2D_ABI::detail {

namespace {

// (A point of one part strictly inside the other decides an overlap without the exact test.)
bool pair_overlaps(const Piece& a, const Parts& b, int j, Vec2 shift) {
  Piece s = a;
  s.c -= shift;  // moving b by +shift is moving a by -shift
  if (b.hull) {
    if (circle_apart(s, *b.hull)) return false;
    return deeper_than(s, *b.hull, 0) || core_distance(s, *b.hull).distance <= b.hull->radius;
  }
  if (circles_apart(s, b.pieces[j])) return false;
  return deeper_than(s, b.pieces[j], 0) || core_distance(s, b.pieces[j]).distance <= 0;
}

// Golden-section search of the exit over angles [lo, hi] (at most `iterations` steps, until
// the bracket is narrower than `width`); the two last probes replace (best, th) where lower.
void golden_exit(const Escape& esc, Real lo, Real hi, int iterations, Real width, Real& best, Real& th) {
  const Real g = Real(0.6180339887498949);
  Real x1 = hi - g * (hi - lo), x2 = lo + g * (hi - lo);
  Real f1 = esc.exit(unit_at(x1)), f2 = esc.exit(unit_at(x2));
  for (int it = 0; it < iterations && hi - lo > width; ++it) {
    if (f1 < f2) { hi = x2; x2 = x1; f2 = f1; x1 = hi - g * (hi - lo); f1 = esc.exit(unit_at(x1)); }
    else { lo = x1; x1 = x2; f1 = f2; x2 = lo + g * (hi - lo); f2 = esc.exit(unit_at(x2)); }
  }
  if (f1 < best) { best = f1; th = x1; }
  if (f2 < best) { best = f2; th = x2; }
}

}  // namespace

Real Escape::exit(Vec2 n) const {
  const Real ahead = 2 * reach;  // from any t below reach, the rest of a's reach along n
  if (ray_free(a, b, {0, 0}, n, ahead, skip, tol)) return 0;
  // No pair reaches beyond its support along n: the bracket's upper end (reach if rounding
  // says otherwise); ray_free is monotone in t, so bisection finds the last exit.
  Real hi = 0;
  for (int i = 0; i < a.count; ++i)
    for (int j = 0; j < (b.hull ? 1 : b.count); ++j) hi = std::max(hi, a.pieces[i].support_value(n) - min_along(b, j, n));
  hi = std::min(hi + eps, reach);
  if (!ray_free(a, b, n * hi, n, ahead, skip, tol)) hi = reach;
  Real lo = 0;
  while (hi - lo > eps) {
    const Real mid = (lo + hi) * Real(0.5);
    if (mid <= lo || mid >= hi) break;
    if (ray_free(a, b, n * mid, n, ahead, skip, tol)) hi = mid; else lo = mid;
  }
  return hi;
}

Manifold union_contact(const Parts& a, const Parts& b, Real reach, Real scale,
                       const Vec2* extra, int extra_count) {
  Manifold m;
  bool any = false;
  for (int i = 0; i < a.count && !any; ++i)
    for (int j = 0; j < (b.hull ? 1 : b.count) && !any; ++j) any = pair_overlaps(a.pieces[i], b, j, {0, 0});
  if (!any) return m;
  constexpr Real e = std::numeric_limits<Real>::epsilon();
  Escape esc{a, b, reach, scale * e * 2, reach * e * 64 + scale * e * 8, (reach + scale) * e * 2};
  Real best = std::numeric_limits<Real>::max();
  Real best_th = 0;
  auto consider = [&](Vec2 n) {
    Real e = esc.exit(n);
    if (e < best) { best = e; best_th = std::atan2(n.y, n.x); }
  };
  for (int k = 0; k < extra_count; ++k) consider(extra[k]);
  const int kSamples = 96;
  Real sample[kSamples];
  for (int k = 0; k < kSamples; ++k) {
    sample[k] = esc.exit(unit_at(2 * kPi * Real(k) / kSamples));
    if (sample[k] < best) { best = sample[k]; best_th = 2 * kPi * Real(k) / kSamples; }
  }
  // Golden-section refinement around the best direction found and the three lowest local
  // minima of the samples (the escape distance is not unimodal around a non-convex sector).
  Real starts[4] = {best_th, 0, 0, 0};
  int n_starts = 1;
  for (int pass = 0; pass < 3; ++pass) {
    int pick = -1;
    for (int k = 0; k < kSamples; ++k) {
      Real l = sample[(k + kSamples - 1) % kSamples], r = sample[(k + 1) % kSamples];
      if (!(sample[k] <= l && sample[k] <= r)) continue;
      Real th = 2 * kPi * Real(k) / kSamples;
      bool used = false;
      for (int s2 = 0; s2 < n_starts; ++s2) used = used || std::fabs(std::remainder(th - starts[s2], 2 * kPi)) < Real(1e-6);
      if (!used && (pick < 0 || sample[k] < sample[pick])) pick = k;
    }
    if (pick < 0) break;
    starts[n_starts++] = 2 * kPi * Real(pick) / kSamples;
  }
  for (int s2 = 0; s2 < n_starts; ++s2) {
    golden_exit(esc, starts[s2] - 2 * kPi / kSamples, starts[s2] + 2 * kPi / kSamples, 24, Real(1e-6), best, best_th);
  }
  Vec2 n = unit_at(best_th);
  // Re-evaluate exactly along the chosen direction (the stored angle came from atan2).
  best = esc.exit(n);
  m.touching = true;
  m.normal = n;
  m.depth = best;
  // Contact point: the closest pair at the touching position, moved back half the depth.
  DistanceResult near{std::numeric_limits<Real>::max(), {}, {}};
  for (int i = 0; i < a.count; ++i) {
    Piece s = a.pieces[i];
    s.c -= n * best;
    for (int j = 0; j < (b.hull ? 1 : b.count); ++j) {
      DistanceResult r = b.hull ? grow(core_distance(s, *b.hull), 0, b.hull->radius)
                                : core_distance(s, b.pieces[j]);
      if (r.distance < near.distance) near = r;
    }
  }
  m.point_count = 1;
  m.points[0] = (near.point_a + n * best + near.point_b) * Real(0.5);
  return m;
}

}  // namespace collide2d::detail
