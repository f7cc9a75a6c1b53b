// collide2d - 2D collision detection for games. MIT License.
/// @file disc_union_query.cpp  DiscUnion queries: point and disk on land, signed distance to
/// the coast, ray casts against the coast, coast contacts of a disk, and the nearest point
/// where a character fits.

#include <algorithm>
#include <cmath>
#include <limits>

#include "maps/disc_union_internal.hpp"

namespace collide2d::inline COLLIDE2D_ABI {

namespace {

constexpr Real kInf = std::numeric_limits<Real>::infinity();

/// Entry and exit distances of a ray (unit direction) through a box; false when it misses.
bool ray_box(Vec2 o, Vec2 inv, const Aabb& b, Real tmax, Real& tmin_out) {
  Real t0 = 0, t1 = tmax;
  for (int k = 0; k < 2; ++k) {
    const Real oo = k == 0 ? o.x : o.y, iv = k == 0 ? inv.x : inv.y;
    const Real lo = k == 0 ? b.min.x : b.min.y, hi = k == 0 ? b.max.x : b.max.y;
    if (std::isinf(iv)) {
      if (oo < lo || oo > hi) return false;
      continue;
    }
    Real a = (lo - oo) * iv, c = (hi - oo) * iv;
    if (a > c) std::swap(a, c);
    t0 = std::max(t0, a);
    t1 = std::min(t1, c);
    if (t0 > t1) return false;
  }
  tmin_out = t0;
  return true;
}

}  // namespace

bool DiscUnion::contains(Vec2 p) const {
  const Aabb box{p, p};
  return !DiscUnionAccess::visit(disc_tree_, disc_boxes_, box, [&](std::uint32_t j) {
    return length(p - discs_[j].center) > discs_[j].radius;  // false: found, stop
  });
}

bool DiscUnion::nearest_coast(Vec2 p, Real limit, std::uint32_t& arc, ArcClosest& q) const {
  const std::int64_t k = DiscUnionAccess::nearest(
      arc_tree_, p, limit, [&](std::uint32_t a) { return closest_point(arcs_[a].arc, p).distance; }, nullptr);
  if (k < 0) return false;
  arc = std::uint32_t(k);
  q = closest_point(arcs_[arc].arc, p);
  return true;
}

CoastPoint DiscUnion::coast(Vec2 p) const {
  CoastPoint out;
  out.distance = kInf;
  if (discs_.empty()) return out;
  out.inside = contains(p);
  ArcClosest q;
  if (!nearest_coast(p, kInf, out.arc, q)) {  // land without coast cannot happen; be safe anyway
    out.distance = out.inside ? Real(0) : kInf;
    out.point = p;
    return out;
  }
  out.point = q.point;
  out.normal = q.normal;  // radial: exact inside an arc's span
  // At a junction (an arc's end) the normal is the direction between the point and the coast,
  // which lies between the radial normals of the circles meeting there.
  if (q.at_end && q.distance > tolerance_)
    out.normal = (out.inside ? q.point - p : p - q.point) / q.distance;
  out.distance = out.inside ? -q.distance : q.distance;
  return out;
}

Real DiscUnion::signed_distance(Vec2 p) const { return coast(p).distance; }

bool DiscUnion::contains(const Circle& c) const {
  if (!contains(c.center)) return false;
  Real d = kInf;
  DiscUnionAccess::nearest(
      arc_tree_, c.center, c.radius + tolerance_,
      [&](std::uint32_t a) { return closest_point(arcs_[a].arc, c.center).distance; }, &d);
  return d >= c.radius;
}

bool DiscUnion::overlaps(const Circle& c) const {
  if (contains(c.center)) return true;
  Real best = kInf;
  DiscUnionAccess::nearest(
      disc_tree_, c.center, c.radius + tolerance_,
      [&](std::uint32_t j) { return length(c.center - discs_[j].center) - discs_[j].radius; }, &best);
  return best <= c.radius;
}

NearestPoint DiscUnion::nearest_wall(Vec2 p) const {
  const CoastPoint c = coast(p);
  if (!c.inside) return {p, 0, -1};  // in the sea (or no land): in the wall
  return {c.point, -c.distance, int(c.arc)};
}

bool DiscUnion::is_free(Vec2 p) const { return is_finite(p) && contains(p); }

bool DiscUnion::is_free(const Circle& c) const {
  return is_finite(c.center) && c.radius >= 0 && std::isfinite(c.radius) && contains(c);
}

RayHit DiscUnion::raycast(const Ray& ray) const {
  RayHit out;
  if (discs_.empty()) return out;
  out.inside = contains(ray.origin);
  const Vec2 dir = normalize(ray.direction);
  const Vec2 inv{dir.x != 0 ? 1 / dir.x : kInf, dir.y != 0 ? 1 / dir.y : kInf};
  Real best = ray.max_distance;
  std::int64_t best_arc = -1;
  RayHit best_hit;
  if (arc_tree_.nodes.empty()) return out;
  std::int32_t stack[64];
  int top = 0;
  stack[top++] = 0;
  while (top > 0) {
    const Node& n = arc_tree_.nodes[std::size_t(stack[--top])];
    Real tmin;
    if (!ray_box(ray.origin, inv, n.box, best, tmin)) continue;
    if (n.left >= 0) {
      stack[top++] = n.right;
      stack[top++] = n.left;
      continue;
    }
    for (std::uint32_t k = n.first; k < n.first + n.count; ++k) {
      const std::uint32_t a = arc_tree_.order[k];
      const RayHit h = collide2d::raycast(arcs_[a].arc, Ray{ray.origin, dir, best});
      if (!h.hit) continue;
      if (h.distance < best || (h.distance == best && std::int64_t(a) < best_arc) || best_arc < 0) {
        best = h.distance;
        best_arc = a;
        best_hit = h;
      }
    }
  }
  if (best_arc < 0) return out;
  const Arc& arc = arcs_[std::size_t(best_arc)].arc;
  out.hit = true;
  out.distance = best_hit.distance;
  out.point = best_hit.point;
  out.normal = normalize(best_hit.point - arc.center, arc.start_dir);
  out.element = int(best_arc);
  return out;
}

std::vector<WallContact> DiscUnion::contacts(const Circle& c) const {
  std::vector<WallContact> out;
  if (discs_.empty()) return out;
  const bool land = contains(c.center);
  const Aabb box = grown(Aabb{c.center, c.center}, c.radius + tolerance_);
  DiscUnionAccess::visit(arc_tree_, arc_boxes_, box, [&](std::uint32_t a) {
    const Arc& arc = arcs_[a].arc;
    const ArcClosest q = closest_point(arc, c.center);
    WallContact k;
    k.element = a;
    k.point = q.point;
    // The direction from the center to the coast point (exactly radial inside an arc's span);
    // from land it points into the sea, from the sea it points to land and is turned round.
    Vec2 toward;
    Real gap;
    if (!q.at_end) {
      const Real s = dot(q.point - c.center, q.normal);
      toward = s >= 0 ? q.normal : -q.normal;
      gap = std::fabs(s);
    } else {
      toward = normalize(q.point - c.center, q.normal);
      gap = q.distance;
    }
    if (gap > c.radius + tolerance_) return true;  // the disk does not reach this arc
    k.normal = land ? toward : -toward;
    k.depth = land ? c.radius - gap : c.radius + gap;
    if (k.depth >= -tolerance_) out.push_back(k);
    return true;
  });
  std::sort(out.begin(), out.end(), [](const WallContact& a, const WallContact& b) {
    return a.depth > b.depth || (a.depth == b.depth && a.element < b.element);
  });
  return out;
}

namespace {

/// A circle on which the edge of the set of fitting centres may lie (nearest_free_point).
struct FitRing {
  Vec2 c;
  Real rad;
};

/// The candidates within R (+ tol) of the target: the nearest point of each ring and the
/// crossings of every two, sorted nearest first (ties by x, then y).
void ring_candidates(const std::vector<FitRing>& rings, Vec2 target, Real R, Real tol,
                     std::vector<std::pair<Real, Vec2>>& cand) {
  auto add = [&](Vec2 x) {
    const Real d = length(x - target);
    if (d <= R + tol && is_finite(x)) cand.push_back({d, x});
  };
  for (const FitRing& g : rings) add(g.c + normalize(target - g.c) * g.rad);
  for (std::size_t a = 0; a < rings.size(); ++a) {
    for (std::size_t b = a + 1; b < rings.size(); ++b) {
      const FitRing &p = rings[a], &q = rings[b];
      if (p.rad <= 0 || q.rad <= 0) continue;
      const Vec2 e = q.c - p.c;
      const Real d = length(e);
      if (d <= 0 || d > p.rad + q.rad + tol || d < std::fabs(p.rad - q.rad) - tol) continue;
      const Real x = (d * d + p.rad * p.rad - q.rad * q.rad) / (2 * d);
      const Real h = std::sqrt(std::max(p.rad * p.rad - x * x, Real(0)));
      const Vec2 u = e / d, m = p.c + u * x;
      add(m + perp(u) * h);
      add(m - perp(u) * h);
    }
  }
  std::sort(cand.begin(), cand.end(), [](const auto& a, const auto& b) {
    return a.first < b.first || (a.first == b.first && (a.second.x < b.second.x ||
                                                        (a.second.x == b.second.x && a.second.y < b.second.y)));
  });
}

}  // namespace

std::optional<Vec2> DiscUnion::nearest_free_point(Vec2 target, Real radius) const {
  if (discs_.empty() || !(radius >= 0) || !is_finite(target)) return std::nullopt;
  const Real r = radius, tol = tolerance_;
  auto fits = [&](Vec2 x) {
    return coast(x).distance <= tol - r;  // the disk reaches the sea by at most tol
  };
  if (fits(target)) return target;

  // An upper bound: the nearest point of a disc shrunk by r (such a point always fits).
  Real bound = kInf;
  Vec2 fallback;
  const std::int64_t j = DiscUnionAccess::nearest(
      disc_tree_, target, kInf,
      [&](std::uint32_t i) {
        const Circle& d = discs_[i];
        if (d.radius < r) return kInf;
        return std::max(Real(0), length(target - d.center) - (d.radius - r));
      },
      &bound);
  if (j >= 0) {
    const Circle& d = discs_[std::size_t(j)];
    fallback = d.center + normalize(target - d.center) * (d.radius - r);
  }

  // The fitting set's edge is made of circles of radius |r_i - r| around the centers of coast
  // discs and circles of radius r around arc ends. The nearest fitting point is the nearest
  // point of one of them, or a crossing of two: test those candidates nearest first.
  const Aabb all = grown(bounds_, r);
  const Real span = length(all.max - all.min) + length(target - all.center()) + r;
  Real R = std::isfinite(bound) ? bound + tol : std::max(signed_distance(target), Real(0)) * 2 + 2 * r + tol;
  std::vector<FitRing> rings;
  std::vector<std::uint32_t> seen_discs;
  std::vector<std::pair<Real, Vec2>> cand;
  for (int round = 0; round < 64; ++round) {
    rings.clear();
    seen_discs.clear();
    cand.clear();
    const Aabb box = grown(Aabb{target, target}, R + r);
    DiscUnionAccess::visit(arc_tree_, arc_boxes_, box, [&](std::uint32_t a) {
      const CoastArc& ca = arcs_[a];
      if (closest_point(ca.arc, target).distance > R + r + tol) return true;
      if (std::find(seen_discs.begin(), seen_discs.end(), ca.disc) == seen_discs.end()) {
        seen_discs.push_back(ca.disc);
        rings.push_back({ca.arc.center, std::fabs(ca.arc.radius - r)});
      }
      if (ca.arc.sweep < 2 * kPi) {
        rings.push_back({ca.arc.start_point(), r});
        rings.push_back({ca.arc.end_point(), r});
      }
      return true;
    });
    ring_candidates(rings, target, R, tol, cand);
    for (const auto& c : cand)
      if (fits(c.second)) return c.second;
    if (R > span) break;
    R *= 2;
  }
  if (j >= 0) return fallback;
  return std::nullopt;
}

void DiscUnion::gather(const Aabb& region, std::vector<Obstacle>& out, std::uint32_t owner) const {
  DiscUnionAccess::visit(arc_tree_, arc_boxes_, region, [&](std::uint32_t a) {
    out.push_back(arc_obstacle(arcs_[a].arc, owner, a));
    return true;
  });
}

}  // namespace collide2d
