// collide2d - 2D collision detection for games. MIT License.
// The escape of b from a non-convex union of sector pieces, by search: for a direction n,
// e(n) is the first t >= 0 at which b + t n overlaps no convex pair (each pair's overlap along
// a line is an interval, found by bisection on the exact overlap test); e is minimised over
// candidate directions (every convex pair's own contact normal, the notch of a wide sector, 96
// even directions), then refined by golden-section search. sector_wide.cpp uses it where its
// exact candidates leave only fragile corners.
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
    return depth_bound(s, *b.hull) > 0 || core_distance(s, *b.hull).distance <= b.hull->radius;
  }
  if (circles_apart(s, b.pieces[j])) return false;
  return depth_bound(s, b.pieces[j]) > 0 || core_distance(s, b.pieces[j]).distance <= 0;
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

namespace {

// For b a point (a core of one vertex, radius 0): the end of the interval of t over which
// b moved by t n lies in the piece (disk and the flat sides' half-planes, each an interval of
// t, in closed form), or a negative number when that interval is empty.
Real point_piece_exit(const Piece& a, Vec2 p, Vec2 n) {
  const Vec2 q = p - a.c;
  Real lo, hi;
  if (!line_circle(q, n, a.r, lo, hi)) return -1;
  for (Vec2 m : {a.normal_lo(), a.normal_hi()}) {  // dot(q + t n, m) <= 0
    const Real dn = dot(n, m), dq = dot(q, m);
    if (dn > 0) hi = std::min(hi, -dq / dn);
    else if (dn < 0) lo = std::max(lo, -dq / dn);
    else if (dq > 0) return -1;
  }
  return lo <= hi ? hi : Real(-1);
}

}  // namespace

Real Escape::exit(Vec2 n) const {
  Real t = 0;
  for (int round = 0; round < 8; ++round) {
    int pi = -1, pj = -1;
    for (int i = 0; i < a.count && pi < 0; ++i)
      for (int j = 0; j < b_count(); ++j)
        if (pair_overlaps(a.pieces[i], b, j, n * t)) { pi = i; pj = j; break; }
    if (pi < 0) {
      // Only a robust exit counts: b must stay free a little further on, so that a notch
      // thinner than the tolerance is not taken for a way out.
      Real probe = t;
      bool free_after = true;
      for (int k = 1; k <= kMarginSamples && free_after; ++k) {
        probe = t + (t * kEscapeMarginRel + slack) * Real(k) / kMarginSamples;
        for (int i = 0; i < a.count && free_after; ++i)
          for (int j = 0; j < b_count() && free_after; ++j)
            if (pair_overlaps(a.pieces[i], b, j, n * probe)) { free_after = false; pi = i; pj = j; }
      }
      if (free_after) return t;
      t = probe;
    }
    Real lo = t, hi = t + reach;
    if (b.hull && b.hull->count == 1 && b.hull->radius == 0) {
      // A point leaves a piece where the closed form says: bisect only a bracket of a few
      // resolutions around it, once the exact tests confirm that it brackets the exit.
      const Real e = point_piece_exit(a.pieces[pi], b.hull->v[0], n);
      const Real d = eps * 4 + std::fabs(e) * std::numeric_limits<Real>::epsilon() * 4;
      const Real l2 = std::max(t, e - d), h2 = e + d;
      if (e >= t && h2 < hi && (l2 == t || pair_overlaps(a.pieces[pi], b, pj, n * l2)) &&
          !pair_overlaps(a.pieces[pi], b, pj, n * h2))
        lo = l2, hi = h2;
    }
    while (hi - lo > eps) {
      Real mid = (lo + hi) * Real(0.5);
      if (mid <= lo || mid >= hi) break;
      if (pair_overlaps(a.pieces[pi], b, pj, n * mid)) lo = mid; else hi = mid;
    }
    t = hi;
  }
  return t;
}

// The least robust exit over directions in [th0 - w, th0 + w] (radians): a scan with
// samples spaced quadratically (dense next to th0, where the robust escape beside a fragile
// corner lies, in a valley that may be a fraction of a degree wide), then a golden-section
// search between the best sample's neighbours. Returns the exit and sets th.
Real search_exit(const Escape& esc, Real th0, Real w, int half_samples, Real& th) {
  const int n = 2 * half_samples + 1;
  auto angle = [&](int k) {  // k in [0, n): offsets -w..w, quadratic in the distance from th0
    Real f = Real(k - half_samples) / Real(half_samples);
    return th0 + w * f * std::fabs(f);
  };
  Real best = std::numeric_limits<Real>::max();
  int bk = half_samples;
  for (int k = 0; k < n; ++k) {
    Real e = esc.exit(unit_at(angle(k)));
    if (e < best) { best = e; bk = k; }
  }
  th = angle(bk);
  golden_exit(esc, angle(std::max(0, bk - 1)), angle(std::min(n - 1, bk + 1)), 20, Real(1e-7), best, th);
  return best;
}

Manifold union_contact(const Parts& a, const Parts& b, Real reach, Real scale,
                       const Vec2* extra, int extra_count) {
  Manifold m;
  bool any = false;
  for (int i = 0; i < a.count && !any; ++i)
    for (int j = 0; j < (b.hull ? 1 : b.count) && !any; ++j) any = pair_overlaps(a.pieces[i], b, j, {0, 0});
  if (!any) return m;
  Escape esc{a, b, reach, scale * std::numeric_limits<Real>::epsilon() * 2,
             reach * kEscapeMarginAbs + scale * kEscapeMarginOffset};
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
