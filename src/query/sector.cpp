// collide2d - 2D collision detection for games. MIT License.
// Circle sectors as one convex piece (half_angle <= pi/2) or the union of two half-disks
// (wider, not convex). A piece's boundary is two radial segments and one arc, so its
// distance to a convex core is the least of: the two segments' distances and, when the
// core's point nearest to the center lies outside the circle within the cone, that point's
// distance to the circle. Intersection is tested by clipping the core to the cone.
// This file: the pieces and their distances; contacts are in sector_contact.cpp (convex
// parts), sector_wide.cpp (a wide sector, exactly) and sector_escape.cpp (the search).
#include <algorithm>
#include <limits>
#include <vector>

#include "query/sector_internal.hpp"

namespace collide2d::inline COLLIDE2D_ABI::detail {

Vec2 Piece::support(Vec2 d) const {
  if (in_cone(d)) return c + normalize(d, mid) * r;
  Real a = dot(lo, d), b = dot(hi, d);
  if (a <= 0 && b <= 0) return c;
  return c + (a >= b ? lo : hi) * r;
}

bool Piece::contains(Vec2 p) const {
  Vec2 d = p - c;
  return length(d) <= r && in_cone(d);
}

SectorParts::SectorParts(const Sector& s) {
  const Vec2 side = perp(s.dir());
  const Vec2 lo = s.dir() * s.cos_half() - side * s.sin_half();
  const Vec2 hi = s.dir() * s.cos_half() + side * s.sin_half();
  if (s.half_angle() <= 0) {
    count = 0;
    seg.set_segment(s.center, s.center + s.dir() * s.radius, 0);
  } else if (s.half_angle() >= kPi) {  // the whole disk, exactly (no hair-thin notch from rounding)
    count = 0;
    seg.set_segment(s.center, s.center, s.radius);
    seg.area = true;
  } else if (s.cos_half() >= 0) {
    count = 1;
    piece[0] = {s.center, s.radius, lo, hi, s.dir()};
  } else {
    count = 2;
    piece[0] = {s.center, s.radius, lo, -lo, perp(lo)};
    piece[1] = {s.center, s.radius, -hi, hi, -perp(hi)};
  }
}

DistanceResult sector_point_distance(const Sector& s, Vec2 p) {
  const Vec2 d = p - s.center;
  const Vec2 side = perp(s.dir());
  const Real x = dot(d, s.dir()), ys = dot(d, side);
  const Real y = std::fabs(ys);
  const bool in_cone = s.cos_half() * y - s.sin_half() * x <= 0 && (s.cos_half() <= 0 || x >= 0);
  if (in_cone) {
    const Real l = length(d);
    if (l <= s.radius) return {0, p, p};
    const Vec2 q = s.center + d * (s.radius / l);
    return {l - s.radius, q, p};
  }
  // The nearer straight edge, from the apex along (cos h, +-sin h) in the facing frame.
  Real t = x * s.cos_half() + y * s.sin_half();
  t = t < 0 ? 0 : (t > s.radius ? s.radius : t);
  const Real ex = s.cos_half() * t, ey = s.sin_half() * t * (ys < 0 ? -1 : 1);
  const Vec2 q = s.center + s.dir() * ex + side * ey;
  const Real dist = length(p - q);
  if (dist == 0) return {0, p, p};
  return {dist, q, p};
}

namespace {

// The core of h clipped to the piece's cone, in the piece's frame (relative to its center,
// so that a thin cone far from the origin keeps its precision); returns the point count.
int clip_to_cone(const Piece& p, const Vec2* v, int n, Vec2* out) {
  Vec2 buf[2][Polygon::kMaxVertices + 8];
  int m = n;
  for (int i = 0; i < n; ++i) buf[0][i] = v[i] - p.c;
  const Vec2 o{0, 0};
  const Vec2 lines[3][2] = {{o, p.lo}, {p.hi, o}, {o, Vec2{p.mid.y, -p.mid.x}}};
  int cur = 0;
  for (const auto& l : lines) {
    if (m == 0) break;
    m = clip_polygon_halfplane(buf[cur], m, l[0], l[1], buf[1 - cur]);
    cur = 1 - cur;
  }
  for (int i = 0; i < m; ++i) out[i] = buf[cur][i];
  return m;
}

// Nearest point to c of the convex polygon (possibly degenerate) q[0..m).
Vec2 nearest_in_polygon(const Vec2* q, int m, Vec2 c) {
  if (m >= 3) {  // inside test, only for a clipped polygon that kept some area
    Wide area2 = 0;
    for (int i = 0; i < m; ++i) area2 += orient(q[0], q[i], q[(i + 1) % m]);
    bool inside = area2 > 0;
    for (int i = 0; i < m && inside; ++i) inside = orient(q[i], q[(i + 1) % m], c) >= 0;
    if (inside) return c;
  }
  Vec2 best = q[0];
  Real bd = length_sq(q[0] - c);
  for (int i = 0; i < m; ++i) {
    Vec2 x = closest_on_segment(c, q[i], q[(i + 1) % m]);
    Real d = length_sq(x - c);
    if (d < bd) { bd = d; best = x; }
  }
  return best;
}

void keep_min(DistanceResult& best, const DistanceResult& cand) {
  if (cand.distance < best.distance) best = cand;
}

void set_edge(Hull& e, const Piece& p, int which) {
  e.set_segment(p.c, p.c + (which == 0 ? p.lo : p.hi) * p.r, 0);
}

}  // namespace

DistanceResult core_distance(const Piece& p, const Hull& h) {
  Vec2 clipped[Polygon::kMaxVertices + 8];
  int m = clip_to_cone(p, h.v, h.count, clipped);
  if (m > 0) {
    Vec2 q = nearest_in_polygon(clipped, m, {0, 0});
    if (length(q) <= p.r) return {0, p.c + q, p.c + q};
  }
  DistanceResult best{std::numeric_limits<Real>::max(), {}, {}};
  for (int k = 0; k < 2; ++k) {
    Hull e;
    set_edge(e, p, k);
    keep_min(best, core_distance(e, h));
  }
  Vec2 q;
  Real dq = point_hull_distance(h, p.c, &q);
  if (dq > 0 && p.in_cone(q - p.c))
    keep_min(best, {std::max(Real(0), dq - p.r), p.c + (q - p.c) * (std::min(dq, p.r) / dq), q});
  return best;
}

DistanceResult core_distance(const Piece& a, const Piece& b) {
  DistanceResult best{std::numeric_limits<Real>::max(), {}, {}};
  // An edge farther from the other piece's disk than the best so far (by more than the
  // rounding of either distance) cannot be nearer: its distance is not computed.
  const Real margin = (std::max({std::fabs(a.c.x), std::fabs(a.c.y), std::fabs(b.c.x), std::fabs(b.c.y)}) + a.r + b.r) *
                      kRelEps * 4;
  auto beyond_best = [&](const Hull& e, const Piece& p) {
    return length(p.c - closest_on_segment(p.c, e.v[0], e.v[1])) - p.r > best.distance + margin;
  };
  for (int k = 0; k < 2; ++k) {
    Hull e;
    set_edge(e, a, k);
    if (!beyond_best(e, b)) {
      DistanceResult r = core_distance(b, e);
      keep_min(best, {r.distance, r.point_b, r.point_a});
    }
    set_edge(e, b, k);
    if (!beyond_best(e, a)) keep_min(best, core_distance(a, e));
    if (best.distance == 0) return best;
  }
  Vec2 d = b.c - a.c;
  Real l = length(d);
  if (l > 0) {
    Vec2 u = d / l;
    if (l <= a.r + b.r && l >= std::fabs(a.r - b.r)) {  // the circles cross: do the arcs?
      Real x = (l * l + a.r * a.r - b.r * b.r) / (2 * l);
      Real y = std::sqrt(std::max(Real(0), a.r * a.r - x * x));
      for (Real sgn : {Real(1), Real(-1)}) {
        Vec2 p = a.c + u * x + perp(u) * (y * sgn);
        if (a.in_cone(p - a.c) && b.in_cone(p - b.c)) return {0, p, p};
      }
    }
    if (l > a.r + b.r && a.in_cone(u) && b.in_cone(-u)) keep_min(best, {l - a.r - b.r, a.c + u * a.r, b.c - u * b.r});
  }
  return best;
}

}  // namespace collide2d::detail
