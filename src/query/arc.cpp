// collide2d - 2D collision detection for games. MIT License.
/// @file arc.cpp  Arc: validation, bounds, nearest point, overlap and distance with points and
/// disks, ray cast and the sweep of a moving disk against an arc.

#include "collide2d/arc.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "query/geometry.hpp"

namespace collide2d::inline COLLIDE2D_ABI {

namespace {

constexpr Real kTwoPi = 2 * kPi;

/// Roots t of |o + v t|^2 = R^2 (o relative to the circle's center), in increasing order;
/// returns how many (0 or 2).
int circle_roots(Vec2 o, Vec2 v, Real R, Real out[2]) { return detail::line_circle(o, v, R, out[0], out[1]) ? 2 : 0; }

}  // namespace

bool Arc::spans(Vec2 u) const {
  if (sweep >= kTwoPi) return true;
  // Exactly along an end: in, whatever the rounding of the other end's cached direction.
  if ((cross(start_dir, u) == 0 && dot(start_dir, u) > 0) || (cross(end_dir, u) == 0 && dot(end_dir, u) > 0))
    return true;
  if (sweep <= kPi) {
    if (cross(start_dir, u) < 0 || cross(u, end_dir) < 0) return false;
    // A narrow span: the two half-planes also meet in the opposite direction when the
    // cached end direction is rounded past the start; the bisector rules that out.
    return sweep >= kPi / 2 || dot(u, start_dir + end_dir) >= 0;
  }
  // Wider than pi: outside only in the open wedge from the end round to the start.
  const bool in_gap = cross(end_dir, u) > 0 && cross(u, start_dir) > 0;
  if (!in_gap) return true;
  // A narrow gap: start + end points into it; a direction opposite to it (the half-planes
  // meeting there when the cached directions are rounded) is in the span.
  return sweep < 3 * kPi / 2 ? false : dot(u, start_dir + end_dir) < 0;
}

std::optional<Invalid> validate(const Arc& a) {
  if (!is_finite(a.center)) return Invalid{"center", "must be finite"};
  if (!std::isfinite(a.radius) || a.radius < 0) return Invalid{"radius", "must be finite and >= 0"};
  if (!std::isfinite(a.start)) return Invalid{"start", "must be finite"};
  if (!std::isfinite(a.sweep) || a.sweep < 0 || a.sweep > kTwoPi)
    return Invalid{"sweep", "must be in [0, 2 pi]"};
  return std::nullopt;
}

Aabb bounds(const Arc& a) {
  const Vec2 p = a.start_point(), q = a.end_point();
  Aabb b{min(p, q), max(p, q)};
  const Vec2 axes[4] = {{1, 0}, {0, 1}, {-1, 0}, {0, -1}};
  for (Vec2 u : axes) {
    if (!a.spans(u)) continue;
    const Vec2 e = a.center + u * a.radius;
    b.min = min(b.min, e);
    b.max = max(b.max, e);
  }
  return b;
}

ArcClosest closest_point(const Arc& a, Vec2 p) {
  const Vec2 d = p - a.center;
  const Real L = length(d);
  ArcClosest out;
  if (L > 0 && a.spans(d)) {
    out.normal = d / L;
    out.point = a.center + out.normal * a.radius;
    out.distance = std::fabs(L - a.radius);
    return out;
  }
  if (L == 0) {  // every arc point is at distance radius
    out.normal = a.start_dir;
    out.point = a.start_point();
    out.distance = a.radius;
    return out;
  }
  const Vec2 ps = a.start_point(), pe = a.end_point();
  const Real ds = length(p - ps), de = length(p - pe);
  out.at_end = true;
  if (ds <= de) {
    out.point = ps, out.normal = a.start_dir, out.distance = ds;
  } else {
    out.point = pe, out.normal = a.end_dir, out.distance = de;
  }
  return out;
}

Real distance(const Arc& a, Vec2 p) { return closest_point(a, p).distance; }

bool overlaps(const Arc& a, const Point& p, Real tolerance) {
  return closest_point(a, p.at).distance <= tolerance;
}

bool overlaps(const Arc& a, const Circle& c) { return closest_point(a, c.center).distance <= c.radius; }

DistanceResult distance(const Arc& a, const Point& p) {
  const ArcClosest q = closest_point(a, p.at);
  return {q.distance, q.point, p.at};
}

DistanceResult distance(const Arc& a, const Circle& c) {
  const ArcClosest q = closest_point(a, c.center);
  if (q.distance <= c.radius) return {0, q.point, q.point};
  const Vec2 toward = (q.point - c.center) / q.distance;
  return {q.distance - c.radius, q.point, c.center + toward * c.radius};
}

DistanceResult distance(const Circle& c, const Arc& a) {
  DistanceResult r = distance(a, c);
  std::swap(r.point_a, r.point_b);
  return r;
}

RayHit raycast(const Arc& a, const Ray& ray) {
  RayHit out;
  const Vec2 dir = normalize(ray.direction);
  const Real scale = std::max({std::fabs(ray.origin.x), std::fabs(ray.origin.y), std::fabs(a.center.x),
                               std::fabs(a.center.y), a.radius});
  const ArcClosest at_origin = closest_point(a, ray.origin);
  if (at_origin.distance <= kRelEps * scale) {
    out.hit = true;
    out.point = ray.origin;
    out.normal = dot(at_origin.normal, dir) > 0 ? -at_origin.normal : at_origin.normal;
    return out;
  }
  Real t[2];
  const int n = circle_roots(ray.origin - a.center, dir, a.radius, t);
  for (int k = 0; k < n; ++k) {
    if (t[k] < 0 || t[k] > ray.max_distance) continue;
    const Vec2 p = ray.origin + dir * t[k];
    const Vec2 radial = p - a.center;
    if (!a.spans(radial)) continue;
    out.hit = true;
    out.distance = t[k];
    out.point = p;
    const Vec2 nrm = normalize(radial, a.start_dir);
    out.normal = dot(nrm, dir) > 0 ? -nrm : nrm;
    return out;
  }
  return out;
}

SweepHit sweep(const Circle& c, Vec2 velocity, const Arc& a) {
  SweepHit out;
  const Real r = c.radius;
  const Real scale = std::max({std::fabs(c.center.x), std::fabs(c.center.y), std::fabs(a.center.x),
                               std::fabs(a.center.y), a.radius, r, length(velocity)});
  const Real slack = 4 * kRelEps * scale;
  if (closest_point(a, c.center).distance <= r) {
    out.hit = out.initially_overlapping = true;
    return out;
  }
  // The first touch lies on the boundary of the arc grown by r: the outer and inner offset
  // circles or the circles of radius r around the end points. Every crossing of those in
  // [0, 1] is a candidate; the earliest at which the disk reaches the arc is the answer.
  Real roots[8];
  int count = 0;
  count += circle_roots(c.center - a.center, velocity, a.radius + r, roots + count);
  count += circle_roots(c.center - a.center, velocity, std::fabs(a.radius - r), roots + count);
  count += circle_roots(c.center - a.start_point(), velocity, r, roots + count);
  count += circle_roots(c.center - a.end_point(), velocity, r, roots + count);
  std::sort(roots, roots + count);
  for (int k = 0; k < count; ++k) {
    const Real t = std::clamp(roots[k], Real(0), Real(1));
    if (roots[k] < 0 || roots[k] > 1) continue;
    const Vec2 x = c.center + velocity * t;
    const ArcClosest q = closest_point(a, x);
    if (q.distance > r + slack) continue;
    out.hit = true;
    out.time = t;
    out.point = q.point;
    out.normal = normalize(q.point - x, q.normal);
    return out;
  }
  return out;
}

}  // namespace collide2d
