// collide2d - 2D collision detection for games. MIT License.
// Contact of convex sector parts: a piece (a sector of span <= pi) against a hull or another
// piece. Apart, the closest points give the normal; overlapping, the shortest escape is along
// one of finitely many normals of the Minkowski difference (sector_internal.hpp), the support
// function deciding, and the points are clipped from the aligned flat edges.
#include <algorithm>
#include <cmath>
#include <limits>

#include "query/sector_internal.hpp"

namespace collide2d::inline COLLIDE2D_ABI::detail {

namespace {

constexpr Real kAlign = Real(1) - Real(1e-4);

// Index of the piece's flat edge whose outward normal is aligned with d (0 lo, 1 hi), or -1.
int piece_flat(const Piece& p, Vec2 d) {
  if (dot(p.normal_lo(), d) >= kAlign) return 0;
  if (dot(p.normal_hi(), d) >= kAlign) return 1;
  return -1;
}

// The flat edge as a reference edge r1 -> r2 (counter-clockwise around the piece).
void piece_edge(const Piece& p, int which, Vec2& r1, Vec2& r2) {
  bool half_disk = dot(p.lo, p.hi) <= Real(-1) + Real(1e-6);
  if (half_disk) { r1 = p.c + p.hi * p.r; r2 = p.c + p.lo * p.r; return; }
  if (which == 0) { r1 = p.c; r2 = p.c + p.lo * p.r; } else { r1 = p.c + p.hi * p.r; r2 = p.c; }
}

int hull_flat(const Hull& h, Vec2 d) {
  if (h.count < 2) return -1;
  int edges = h.count == 2 ? 2 : h.count;
  for (int i = 0; i < edges; ++i)
    if (dot(h.n[i], d) >= kAlign) return i;
  return -1;
}

Real scale_of(Vec2 a, Real r) { return std::max({std::fabs(a.x), std::fabs(a.y), r, Real(1)}); }

// Overlapping cores: the shortest escape is along the least overlap's normal (the support
// function there is an upper bound everywhere else); sets m's normal and depth.
void escape_along(Manifold& m, const LeastOverlap& o) {
  m.normal = o.normal;
  m.depth = std::max(Real(0), o.depth);
}

}  // namespace

Manifold convex_contact(const Piece& p, const Hull& h) {
  Manifold m;
  const Real R = h.radius;
  DistanceResult core = core_distance(p, h);
  if (core.distance > R) return m;
  m.touching = true;
  m.point_count = 1;
  if (core.distance > 0) {
    m.normal = normalize(core.point_b - core.point_a);  // unit even where rounding moved the points
    m.depth = R - core.distance;
    m.points[0] = (core.point_a + core.point_b - m.normal * R) * Real(0.5);
    return m;
  }
  escape_along(m, least_overlap(p, h));
  overlap_points(p, h, m);
  return m;
}

void overlap_points(const Piece& p, const Hull& h, Manifold& m) {
  const Real R = h.radius;
  const Vec2 n = m.normal;
  m.point_count = 1;
  int fp = piece_flat(p, n);
  if (fp < 0) { m.points[0] = p.support(n) - n * (m.depth * Real(0.5)); return; }
  int fh = hull_flat(h, -n);
  if (fh < 0) { m.points[0] = h.support(-n) - n * (R - m.depth * Real(0.5)); return; }
  Vec2 r1, r2;
  piece_edge(p, fp, r1, r2);
  Real slack = scale_of(p.c, p.r) * kRelEps * 16 + m.depth * Real(1e-3);
  int k = clip_contact_points(r1, r2, n, 0, h.v[fh], h.v[(fh + 1) % h.count], R, slack, m.points.data());
  if (k > 0) { m.point_count = k; return; }
  m.points[0] = p.support(n) - n * (m.depth * Real(0.5));
}

Manifold convex_contact(const Piece& a, const Piece& b) {
  Manifold m;
  DistanceResult core = core_distance(a, b);
  if (core.distance > 0) return m;
  m.touching = true;
  escape_along(m, least_overlap(a, b));
  overlap_points(a, b, m);
  return m;
}

void overlap_points(const Piece& a, const Piece& b, Manifold& m) {
  const Vec2 n = m.normal;
  m.point_count = 1;
  int fa = piece_flat(a, n);
  if (fa < 0) { m.points[0] = a.support(n) - n * (m.depth * Real(0.5)); return; }
  int fb = piece_flat(b, -n);
  if (fb < 0) { m.points[0] = b.support(-n) + n * (m.depth * Real(0.5)); return; }
  Vec2 r1, r2, i1, i2;
  piece_edge(a, fa, r1, r2);
  piece_edge(b, fb, i1, i2);
  Real slack = scale_of(a.c, a.r + b.r) * kRelEps * 16 + m.depth * Real(1e-3);
  int k = clip_contact_points(r1, r2, n, 0, i1, i2, 0, slack, m.points.data());
  if (k > 0) { m.point_count = k; return; }
  m.points[0] = a.support(n) - n * (m.depth * Real(0.5));
}

}  // namespace collide2d::detail
