// collide2d - 2D collision detection for games. MIT License.
// The visible part of a swing: angular breakpoints at wall ends and rim crossings, then per
// wedge the nearest wall along its middle ray decides between a narrow sector and a triangle.
#include "world/reach.hpp"

#include <algorithm>
#include <cmath>

#include "query/geometry.hpp"

namespace collide2d::inline COLLIDE2D_ABI::world_detail {

namespace {
/// The unit direction at angle `a` counter-clockwise from the unit vector `dir`.
Vec2 turned(Vec2 dir, Real a) { return dir * std::cos(a) + perp(dir) * std::sin(a); }

/// Where the ray eye + t u (t >= 0) meets the line through w; nothing when parallel or behind.
std::optional<Vec2> on_line(Vec2 eye, Vec2 u, const Segment& w) {
  const Vec2 e = w.b - w.a;
  const Real den = cross(u, e);
  if (den == 0) return std::nullopt;
  const Real t = cross(w.a - eye, e) / den;
  if (!(t >= 0) || !std::isfinite(t)) return std::nullopt;
  return eye + u * t;
}
}  // namespace

std::optional<Reach> Reach::make(const Shape& shape, std::span<const Segment> walls) {
  Vec2 eye, dir{1, 0};
  Real radius = 0, half = 0, facing = 0;
  if (const Sector* s = std::get_if<Sector>(&shape)) {
    eye = s->center, dir = s->dir(), radius = s->radius, half = s->half_angle(), facing = s->facing();
  } else if (const Circle* c = std::get_if<Circle>(&shape)) {
    eye = c->center, radius = c->radius, half = kPi;
  } else {
    return std::nullopt;
  }
  Reach r;
  // The nearest wall along the ray from the eye at angle a (from dir), within the radius.
  auto first_wall = [&](Vec2 u, Real& dist) -> const Segment* {
    const Segment* best = nullptr;
    dist = radius;
    for (const Segment& w : walls) {
      RayHit h = raycast(w, Ray{eye, u, radius});
      if (h.hit && (best == nullptr || h.distance < dist)) best = &w, dist = h.distance;
    }
    return best;
  };
  if (half == 0 || radius == 0) {  // a segment (or a point)
    Real d;
    first_wall(dir, d);
    r.segments_.push_back(Segment{eye, eye + dir * d});
    return r;
  }
  // Angles from dir, in [-half, half].
  std::vector<Real> cuts{-half, half};
  auto angle_of = [&](Vec2 v) { return std::atan2(cross(dir, v), dot(dir, v)); };
  auto add_cut = [&](Vec2 v) {
    const Vec2 d = v - eye;
    if (d.x == 0 && d.y == 0) return;
    const Real a = angle_of(d);
    if (a > -half && a < half) cuts.push_back(a);
  };
  const Real r2 = radius * radius;
  for (const Segment& w : walls) {
    if (length_sq(w.a - eye) <= r2) add_cut(w.a);
    if (length_sq(w.b - eye) <= r2) add_cut(w.b);
    // Crossings of the wall with the rim: |a + s e - eye| = radius, s in [0, 1].
    const Vec2 e = w.b - w.a;
    Real s0, s1;
    if (detail::line_circle(w.a - eye, e, radius, s0, s1)) {
      for (Real s : {s0, s1})
        if (s >= 0 && s <= 1) add_cut(w.a + e * s);
    }
  }
  std::sort(cuts.begin(), cuts.end());
  cuts.erase(std::unique(cuts.begin(), cuts.end()), cuts.end());
  const Real widest = kPi / 4;  // narrow wedges: every piece is convex
  for (std::size_t i = 0; i + 1 < cuts.size(); ++i) {
    const Real lo = cuts[i], hi = cuts[i + 1];
    const int parts = std::max(1, int(std::ceil((hi - lo) / widest)));
    for (int k = 0; k < parts; ++k) {
      const Real a0 = lo + (hi - lo) * Real(k) / Real(parts);
      const Real a1 = k + 1 == parts ? hi : lo + (hi - lo) * Real(k + 1) / Real(parts);
      if (!(a1 > a0)) continue;
      const Real mid = (a0 + a1) / 2;
      Real d;
      const Segment* w = first_wall(turned(dir, mid), d);
      if (w == nullptr) {
        r.sectors_.push_back(Sector(eye, radius, facing + mid, (a1 - a0) / 2));
        continue;
      }
      if (d <= 0) continue;  // the eye is on the wall: nothing seen this way
      const Vec2 u0 = turned(dir, a0), u1 = turned(dir, a1);
      const Vec2 p0 = on_line(eye, u0, *w).value_or(eye + u0 * d);
      const Vec2 p1 = on_line(eye, u1, *w).value_or(eye + u1 * d);
      const Vec2 tri[3] = {eye, p0, p1};
      if (auto t = make_polygon(tri)) r.triangles_.push_back(*t);
      else r.segments_.push_back(Segment{eye, eye + turned(dir, mid) * d});
    }
  }
  return r;
}

}  // namespace collide2d::world_detail
