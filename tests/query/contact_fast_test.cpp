// collide2d - 2D collision detection for games. MIT License.
// The closed-form contacts: two aabbs against the general hull path (the same aabbs as
// polygons) and against exact touching: sides shared exactly touch with depth 0, a gap of one
// ulp does not; the depth is the least of the four pushes, the normal its direction, and the
// points lie within the depth of both boxes. A polygon against a disk centred around its
// vertices (where the nearest point is a vertex or on a neighbouring edge, sharp corners
// included) against the long double distance to the polygon; polygons and aabbs against
// capsules (touching or not, by contact and overlaps) against the long double distance, and
// capsules beside an aabb's side within 5% of their radius (the bounding boxes' gap about the
// radius) the same way, capsule pairs (their bounding boxes near or apart) the same way, crossing cores' depth and
// normal against the long double least penetration over the segments' axes, nearly parallel
// capsules' point count (two within the edge tolerance, one beyond it); disks about
// segments and capsules near their ends or beside their middles and about the touching distance against the
// long double distance (beside the middle, the depth and normal within a few ulps of it); disks
// about a polygon's edges and inside it, the polygon made, moved or posed; polygon cores (8-gons,
// boxes, aabbs) against capsules and segments in both orders, apart or crossing, the depth and
// normal against the long double distance or least penetration; points within an ulp or two of
// a polygon's edges or vertices (made, moved or posed) touch exactly when they lie in it; disks
// beside an edge's end (the normal turning from the edge's to the vertex's there) or beside its
// middle about the radius, against the long double distance.

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <optional>
#include <random>
#include <span>
#include <string>
#include <vector>

#include "collide2d/query.hpp"

namespace {

using namespace collide2d;

Polygon as_polygon(const Aabb& b) {
  const Vec2 pts[4] = {b.min, {b.max.x, b.min.y}, b.max, {b.min.x, b.max.y}};
  return *make_polygon(pts);
}

/// The distance from p to the aabb (0 inside), in double.
double outside_by(const Aabb& b, Vec2 p) {
  const double dx = std::max({double(b.min.x) - p.x, double(p.x) - b.max.x, 0.0});
  const double dy = std::max({double(b.min.y) - p.y, double(p.y) - b.max.y, 0.0});
  return std::hypot(dx, dy);
}

/// Random numbers for the cases, and each case's distance from the coordinates' origin (0, 10
/// or 3000 by turns) with a center drawn that far out.
struct Draw {
  std::mt19937 rng;
  explicit Draw(unsigned seed) : rng(seed) {}
  Real uni(double lo, double hi) { return Real(std::uniform_real_distribution<double>(lo, hi)(rng)); }
  static Real far(int i) { return i % 3 == 0 ? Real(0) : (i % 3 == 1 ? Real(10) : Real(3000)); }
  Vec2 center(Real far) { return {uni(-1, 1) * far, uni(-1, 1) * far}; }
  /// An aabb about c, reaching 0.2-1 from it on each of its four sides.
  Aabb box_about(Vec2 c) { return {c - Vec2{uni(0.2, 1), uni(0.2, 1)}, c + Vec2{uni(0.2, 1), uni(0.2, 1)}}; }
  /// A convex k-gon (k <= 8) about c: jittered angles, radii in [lo, hi] per coordinate.
  std::optional<Polygon> polygon(Vec2 c, int k, double lo, double hi) {
    Vec2 pts[8];
    for (int j = 0; j < k; ++j) {
      const Real ang = Real(2 * kPi * (j + uni(-0.3, 0.3)) / k);
      pts[j] = c + Vec2{std::cos(ang) * uni(lo, hi), std::sin(ang) * uni(lo, hi)};
    }
    return make_polygon(std::span<const Vec2>(pts, k));
  }
  /// Case i's polygon about c0 (a 3- to 8-gon): as made, moved (i % 4 == 1) or posed (i % 4 == 2).
  std::optional<Polygon> placed_polygon(Vec2 c0, int i) {
    auto made = polygon(c0, 3 + i % 6, 0.4, 1.5);
    if (!made) return made;
    Polygon poly = *made;
    if (i % 4 == 1) poly.translate(Vec2{uni(-2, 2), uni(-2, 2)});
    if (i % 4 == 2) poly.set_pose(*made, c0, c0 + Vec2{uni(-2, 2), uni(-2, 2)}, Rot::from_angle(uni(0, 6)));
    return poly;
  }
  /// Case i's placed polygon and its edge i % count(): the ends a -> b and the outward normal.
  struct Edge {
    Polygon poly;
    Vec2 a, b, out;
  };
  std::optional<Edge> placed_edge(Vec2 c0, int i) {
    const std::optional<Polygon> placed = placed_polygon(c0, i);
    if (!placed) return std::nullopt;
    const int k = i % placed->count();
    const Vec2 a = placed->vertex(k), b = placed->vertex((k + 1) % placed->count());
    const Vec2 e = b - a;
    return Edge{*placed, a, b, Vec2{e.y, -e.x} / length(e)};  // outward (counter-clockwise polygon)
  }
};

/// How near to touching (in distance) a pair about c0 is too near to call in the scalar type.
double touch_tolerance(Vec2 c0) {
  return 64 * std::numeric_limits<Real>::epsilon() * (std::fabs(c0.x) + std::fabs(c0.y) + 8);
}

TEST(ContactFast, AabbPairsAgreeWithTheHullPath) {
  Draw r(2024);
  auto uni = [&r](double lo, double hi) { return r.uni(lo, hi); };
  int touching = 0, apart = 0;
  for (int i = 0; i < 4000; ++i) {
    const Real far = Draw::far(i);
    const Vec2 ca = r.center(far);
    const Vec2 ha{uni(0.1, 1), uni(0.1, 1)}, hb{uni(0.1, 1), uni(0.1, 1)};
    const Vec2 cb = ca + Vec2{uni(-2, 2), uni(-2, 2)};
    const Aabb a{ca - ha, ca + ha};
    Aabb b{cb - hb, cb + hb};
    if (i % 7 == 0) b = Aabb{{a.max.x, b.min.y}, {a.max.x + 2 * hb.x, b.max.y}};  // sharing a's right side's line
    if (i % 7 == 1) b = Aabb{{std::nextafter(a.max.x, Real(1e30)), b.min.y}, {a.max.x + 2 * hb.x, b.max.y}};
    const bool share = i % 7 == 0 && b.min.y <= a.max.y && a.min.y <= b.max.y;
    const Manifold m = contact(a, b), g = contact(as_polygon(a), as_polygon(b));
    SCOPED_TRACE("case " + std::to_string(i));
    ASSERT_EQ(m.touching, g.touching);
    if (i % 7 == 1) {
      EXPECT_FALSE(m.touching);
    }
    if (share) {
      EXPECT_TRUE(m.touching);
      EXPECT_EQ(m.depth, 0);
    }
    if (!m.touching) {
      ++apart;
      continue;
    }
    ++touching;
    const double tol = 8 * std::numeric_limits<Real>::epsilon() * (std::fabs(ca.x) + std::fabs(ca.y) + 4);
    EXPECT_NEAR(m.depth, g.depth, tol);
    // The least push, exactly as the four differences give it.
    const Real least = std::min({a.max.x - b.min.x, b.max.x - a.min.x, a.max.y - b.min.y, b.max.y - a.min.y});
    EXPECT_EQ(m.depth, least);
    if (std::fabs(double(m.normal.x) * g.normal.x + double(m.normal.y) * g.normal.y - 1) > 1e-6) {
      // Another axis only on a tie of the pushes.
      EXPECT_NEAR(m.depth, g.depth, tol) << "normals differ";
    }
    const Aabb moved{b.min + m.normal * m.depth, b.max + m.normal * m.depth};
    const Manifold after = contact(a, moved);
    EXPECT_TRUE(!after.touching || after.depth <= tol);  // out of a's interior
    ASSERT_GE(m.point_count, 1);
    for (int k = 0; k < m.point_count; ++k) {
      EXPECT_LE(outside_by(a, m.points[k]), m.depth + tol);
      EXPECT_LE(outside_by(b, m.points[k]), m.depth + tol);
    }
  }
  EXPECT_GT(touching, 1000);
  EXPECT_GT(apart, 1000);
}

/// The distance from p to the segment ab, in long double.
long double segment_distance(Vec2 a, Vec2 b, Vec2 p) {
  const long double ex = (long double)b.x - a.x, ey = (long double)b.y - a.y;
  const long double wx = (long double)p.x - a.x, wy = (long double)p.y - a.y;
  const long double ee = ex * ex + ey * ey;
  const long double t = ee > 0 ? std::clamp((wx * ex + wy * ey) / ee, 0.0L, 1.0L) : 0.0L;
  return std::hypot(wx - ex * t, wy - ey * t);
}

/// The distance from p to the polygon's closed region (0 inside), in long double.
long double polygon_distance(const Polygon& poly, Vec2 p) {
  const int n = poly.count();
  long double best = 1e300L;
  bool inside = true;
  for (int i = 0; i < n; ++i) {
    const Vec2 a = poly.vertex(i), b = poly.vertex((i + 1) % n);
    const long double cr = ((long double)b.x - a.x) * ((long double)p.y - a.y) -
                           ((long double)b.y - a.y) * ((long double)p.x - a.x);
    if (cr < 0) inside = false;  // counter-clockwise: p right of the edge
    best = std::min(best, segment_distance(a, b, p));
  }
  return inside ? 0 : best;
}

/// Whether the segments ab and uv meet (not both on one line), in long double.
bool segments_cross(Vec2 a, Vec2 b, Vec2 u, Vec2 v) {
  auto side = [](Vec2 p, Vec2 q, Vec2 r) {
    return ((long double)q.x - p.x) * ((long double)r.y - p.y) - ((long double)q.y - p.y) * ((long double)r.x - p.x);
  };
  return side(a, b, u) * side(a, b, v) <= 0 && side(u, v, a) * side(u, v, b) <= 0;
}

/// The distance from the segment ab to the polygon (0 when they meet), in long double: 0 when
/// an end lies inside or ab crosses an edge, else the least end-edge or vertex-segment distance.
long double polygon_segment_distance(const Polygon& poly, Vec2 a, Vec2 b) {
  long double best = std::min(polygon_distance(poly, a), polygon_distance(poly, b));
  const int n = poly.count();
  for (int i = 0; i < n && best > 0; ++i) {
    const Vec2 u = poly.vertex(i), v = poly.vertex((i + 1) % n);
    if (segments_cross(a, b, u, v)) return 0;
    best = std::min(best, segment_distance(a, b, u));
  }
  return best;
}

TEST(ContactFast, PolygonDiskAroundVerticesMatchesLongDouble) {
  int touching = 0, apart = 0;
  Draw draw(77);
  for (int i = 0; i < 6000; ++i) {
    const Real far = Draw::far(i);
    const Vec2 c0 = draw.center(far);
    const auto poly = draw.polygon(c0, 3 + i % 4, 0.3, 2);  // triangles (sharp corners) to hexagons
    if (!poly) continue;
    const Vec2 v = poly->vertex(i % poly->count());
    const Real r = draw.uni(0.01, 0.5);
    const Real ang = draw.uni(0, 2 * kPi);
    const Circle disk{v + Vec2{std::cos(ang), std::sin(ang)} * (r * draw.uni(0.2, 2)), r};
    const long double d = polygon_distance(*poly, disk.center);
    const Manifold m = contact(*poly, disk);
    const double tol = 64 * std::numeric_limits<Real>::epsilon() * (std::fabs(c0.x) + std::fabs(c0.y) + 4);
    SCOPED_TRACE("case " + std::to_string(i));
    if (std::fabs(d - r) < tol) continue;  // too near touching to call
    ASSERT_EQ(m.touching, d < r);
    if (!m.touching) {
      ++apart;
      continue;
    }
    ++touching;
    if (d > 1e-3) {  // a center outside: depth r - d, the normal from the nearest point to it
      EXPECT_NEAR(m.depth, double(r - d), tol);
      const Vec2 q = disk.center - m.normal * Real(d);  // back along the normal by the distance
      EXPECT_NEAR(double(polygon_distance(*poly, q)), 0.0, 1e-3 * (1 + far * 1e-3));
    }
  }
  EXPECT_TRUE(touching > 1000 && apart > 1000) << touching << " touching, " << apart << " apart";
}

TEST(ContactFast, PolygonAndAabbCapsuleTouchingMatchesLongDouble) {
  Draw draw(91);
  int touching = 0, apart = 0;
  for (int i = 0; i < 6000; ++i) {
    const Vec2 c0 = draw.center(Draw::far(i));
    const Aabb box = draw.box_about(c0);
    const auto made = draw.polygon(c0, 8, 0.5, 1);
    if (!made) continue;
    const Polygon poly = i % 2 == 0 ? *made : *make_polygon(std::span<const Vec2>(
        std::array<Vec2, 4>{box.min, {box.max.x, box.min.y}, box.max, {box.min.x, box.max.y}}));
    const Vec2 cc = c0 + Vec2{draw.uni(-3, 3), draw.uni(-3, 3)};
    const Real ang = draw.uni(0, 2 * kPi), half = draw.uni(0.1, 1);
    const Capsule cap{cc - Vec2{std::cos(ang), std::sin(ang)} * half, cc + Vec2{std::cos(ang), std::sin(ang)} * half,
                      draw.uni(0.05, 0.6)};
    const long double d = polygon_segment_distance(poly, cap.a, cap.b);
    const double tol = touch_tolerance(c0);
    SCOPED_TRACE("case " + std::to_string(i));
    if (std::fabs(d - cap.radius) < tol) continue;  // too near touching to call
    const bool expect = d < cap.radius;
    ASSERT_EQ(contact(poly, cap).touching, expect);
    ASSERT_EQ(overlaps(cap, poly), expect);
    if (i % 2 == 1) {
      ASSERT_EQ(contact(box, cap).touching, expect);
      ASSERT_EQ(overlaps(box, cap), expect);
    }
    ++(expect ? touching : apart);
  }
  EXPECT_TRUE(touching > 300 && apart > 1500) << touching << " touching, " << apart << " apart";
}

// Capsules beside an aabb's right side (also as a polygon, and in both orders), parallel to it
// or across its corner, their cores' gap to it within 5% of the radius: where the bounding boxes'
// gap is the distance (beside the side) the contact turns on at the radius, and where the corner
// is nearest the boxes' gap is less than the distance, so that the exact path decides.
TEST(ContactFast, CapsuleBesideAabbSideAtTheRadiusMatchesLongDouble) {
  Draw draw(23);
  int touching = 0, apart = 0;
  for (int i = 0; i < 6000; ++i) {
    const Vec2 c0 = draw.center(Draw::far(i));
    const Aabb box = draw.box_about(c0);
    const Polygon poly = as_polygon(box);
    const Real r = draw.uni(0.05, 0.6), x = box.max.x + r * draw.uni(0.95, 1.05);
    const Real y0 = i % 2 == 0 ? draw.uni(box.min.y, box.max.y) : box.max.y + r * draw.uni(0, 0.3);
    const Real tilt = i % 4 < 2 ? 0 : draw.uni(0, 0.3);
    const Capsule cap{{x, y0}, {x + tilt, y0 + draw.uni(0.1, 1)}, r};
    const long double d = polygon_segment_distance(poly, cap.a, cap.b);
    const double tol = touch_tolerance(c0);
    SCOPED_TRACE("case " + std::to_string(i));
    if (std::fabs(d - cap.radius) < tol) continue;  // too near touching to call
    const bool expect = d < cap.radius;
    ASSERT_EQ(contact(poly, cap).touching, expect);
    ASSERT_EQ(contact(cap, poly).touching, expect);
    ASSERT_EQ(contact(box, cap).touching, expect);
    ASSERT_EQ(contact(cap, box).touching, expect);
    ++(expect ? touching : apart);
  }
  EXPECT_TRUE(touching > 1000 && apart > 1000) << touching << " touching, " << apart << " apart";
}

/// The gap of core b beyond core a along n (negative: their overlap), in long double.
long double gap_along(std::span<const Vec2> a, std::span<const Vec2> b, const long double n[2]) {
  long double amax = -1e300L, bmin = 1e300L;
  for (Vec2 p : a) amax = std::max(amax, n[0] * p.x + n[1] * p.y);
  for (Vec2 q : b) bmin = std::min(bmin, n[0] * q.x + n[1] * q.y);
  return bmin - amax;
}
/// The largest gap of core b beyond core a over every edge's two normals and two directions (a
/// superset of the faces of a - b), in long double: minus the least penetration when they meet.
long double largest_gap(std::span<const Vec2> a, std::span<const Vec2> b) {
  long double best = -1e300L;
  for (std::span<const Vec2> c : {a, b}) {
    for (std::size_t i = 0; i < c.size(); ++i) {
      const Vec2 p = c[i], q = c[(i + 1) % c.size()];
      const long double ex = (long double)q.x - p.x, ey = (long double)q.y - p.y, l = std::hypot(ex, ey);
      if (l == 0) continue;
      const long double axes[4][2] = {{ey / l, -ex / l}, {-ey / l, ex / l}, {ex / l, ey / l}, {-ex / l, -ey / l}};
      for (const auto& n : axes) best = std::max(best, gap_along(a, b, n));
    }
  }
  return best;
}

/// A stroke's core: its two ends.
std::array<Vec2, 2> ends(const Capsule& c) { return {c.a, c.b}; }

TEST(ContactFast, CapsulePairsTouchingMatchesLongDouble) {
  int touching = 0, apart = 0, crossing = 0;
  Draw draw(5);
  for (int i = 0; i < 6000; ++i) {
    Capsule cap[2];
    const Vec2 c0 = draw.center(Draw::far(i));
    for (Capsule& c : cap) {
      const Vec2 m = c0 + Vec2{draw.uni(-1.5, 1.5), draw.uni(-1.5, 1.5)}, h = Vec2{draw.uni(-1, 1), draw.uni(-1, 1)};
      c = Capsule{m - h, m + h, i % 5 == 0 ? Real(0) : draw.uni(0.01, 0.5)};
    }
    long double d = std::min({segment_distance(cap[0].a, cap[0].b, cap[1].a), segment_distance(cap[0].a, cap[0].b, cap[1].b),
                              segment_distance(cap[1].a, cap[1].b, cap[0].a), segment_distance(cap[1].a, cap[1].b, cap[0].b)});
    if (segments_cross(cap[0].a, cap[0].b, cap[1].a, cap[1].b)) d = 0;
    const Real R = cap[0].radius + cap[1].radius;
    const double tol = touch_tolerance(c0);
    SCOPED_TRACE("case " + std::to_string(i));
    if (std::fabs(d - R) < tol || (d > 0 && d < tol)) continue;  // too near touching to call
    const bool expect = d <= R;
    const Manifold m = contact(cap[0], cap[1]);
    ASSERT_EQ(m.touching, expect);
    ++(expect ? touching : apart);
    if (d == 0 && R > 0) {  // crossing cores: the axis of least penetration decides
      ASSERT_NEAR(std::hypot(double(m.normal.x), double(m.normal.y)), 1.0, 1e-5);
      const long double s = largest_gap(ends(cap[0]), ends(cap[1]));
      const long double n[2] = {m.normal.x, m.normal.y};
      ASSERT_NEAR(double(R - s), double(m.depth), tol) << "depth";
      ASSERT_NEAR(double(gap_along(ends(cap[0]), ends(cap[1]), n)), double(s), tol) << "normal";
      ++crossing;
    }
  }
  EXPECT_TRUE(touching > 1000 && apart > 1000) << touching << " touching, " << apart << " apart";
  EXPECT_GT(crossing, 500);
}

/// Capsule b beside capsule a, b's lower end over a's middle part (the normal is then a's, to
/// rounding), b turned by theta from a: within the edge tolerance (cos theta >= 1 - 1e-4,
/// docs/queries.md: about 0.8 degrees) the two cores' edges count as parallel and the contact
/// clips two points; beyond it (here cos theta in [1 - 4.5e-4, 1 - 1.2e-4], where the squared
/// cross product of the normal and b's edge is 0.9991-0.99976 of its squared length) one point.
/// Fails when segment_aligned_side's filter decides "parallel" below its bound.
TEST(ContactFast, CapsulePairsNearlyParallelClipTwoPointsWithinTheTolerance) {
  Draw draw(77);
  int two = 0, one = 0;
  for (int i = 0; i < 6000; ++i) {
    const Vec2 c0 = draw.center(Draw::far(i));
    const bool within = i % 2 == 0;
    const double theta = within ? draw.uni(0, 0.008) : draw.uni(0.0155, 0.03);
    const double phi = draw.uni(0, 6.28), la = draw.uni(1, 2), lb = draw.uni(0.3, 0.8) * la;
    const Real ra = draw.uni(0.1, 0.5), rb = draw.uni(0.1, 0.5);
    const double gap = draw.uni(0.1, 0.5) * (ra + rb), xl = draw.uni(-0.3, 0.3) * la;
    // In a's frame: a on the x axis, b's lower end at (xl, gap), b rising from it at |theta|
    // toward +x or -x.
    auto at = [&](double x, double y) {
      return c0 + Vec2{Real(x * std::cos(phi) - y * std::sin(phi)), Real(x * std::sin(phi) + y * std::cos(phi))};
    };
    const double bx = (i % 4 < 2 ? 1 : -1) * lb * std::cos(theta), by = lb * std::fabs(std::sin(theta));
    const Capsule a{at(-la / 2, 0), at(la / 2, 0), ra};
    const Capsule b{at(xl, gap), at(xl + bx, gap + by), rb};
    SCOPED_TRACE("case " + std::to_string(i) + " theta " + std::to_string(theta));
    const Manifold m = contact(a, b);
    ASSERT_TRUE(m.touching);
    ASSERT_EQ(m.point_count, within ? 2 : 1);
    ASSERT_EQ(contact(b, a).point_count, within ? 2 : 1);
    ++(within ? two : one);
  }
  EXPECT_EQ(two, 3000);
  EXPECT_EQ(one, 3000);
}

/// A polygon core P (an 8-gon, rounded or not, a box or an aabb) against a stroke S (a capsule or
/// a segment) in both orders, crossing or about the touching distance: touching iff the long
/// double core distance d is within the radii R; where the cores are apart (d well above the
/// rounding) the depth is R - d and the cores' gap along the normal is d; where they cross, the
/// depth is R less the largest gap over the edges' axes and the gap along the normal is that
/// gap. Fails when the stroke's deferred hull or the bounding boxes' "disjoint" shortcut is
/// broken (a wrong radius or area, a shortcut taken at a gap of 0).
TEST(ContactFast, PolygonCoresAgainstStrokesMatchLongDouble) {
  int touching = 0, apart = 0, crossing = 0;
  Draw draw(314);
  for (int i = 0; i < 6000; ++i) {
    const Vec2 c0 = draw.center(Draw::far(i));
    const Box box(c0, {draw.uni(0.2, 0.8), draw.uni(0.2, 0.8)}, draw.uni(-kPi, kPi));
    const Vec2 ex = box.rot().x_axis() * box.half_extents.x, ey = box.rot().y_axis() * box.half_extents.y;
    const std::array<Vec2, 4> corners{c0 - ex - ey, c0 + ex - ey, c0 + ex + ey, c0 - ex + ey};
    const Aabb aabb = draw.box_about(c0);
    std::optional<Polygon> made = draw.polygon(c0, 8, 0.4, 1);
    const int kind = i % 4;  // 0, 1: the 8-gon; 2: the box; 3: the aabb
    if (kind < 2 && !made) continue;
    if (made) made->radius = i % 3 == 0 ? draw.uni(0.05, 0.3) : Real(0);
    const Polygon poly = kind < 2 ? *made : (kind == 2 ? *make_polygon(corners) : as_polygon(aabb));
    const Vec2 cc = c0 + Vec2{draw.uni(-1.5, 1.5), draw.uni(-1.5, 1.5)};
    const Real ang = draw.uni(0, 2 * kPi), half = draw.uni(0.1, 1);
    const Vec2 dir{std::cos(ang), std::sin(ang)};
    const Capsule cap{cc - dir * half, cc + dir * half, i % 5 == 0 ? Real(0) : draw.uni(0.05, 0.6)};
    const long double d = polygon_segment_distance(poly, cap.a, cap.b);
    const Real R = poly.radius + cap.radius;
    const double tol = touch_tolerance(c0);
    SCOPED_TRACE("case " + std::to_string(i));
    if (std::fabs(d - R) < tol || (d > 0 && d < tol)) continue;  // too near touching to call
    std::vector<Vec2> pv;
    for (int k = 0; k < poly.count(); ++k) pv.push_back(poly.vertex(k));
    const std::array<Vec2, 2> sv{cap.a, cap.b};
    const bool expect = d <= R;
    for (int order = 0; order < 2; ++order) {
      const bool stroke_first = order == 1;
      Manifold m;
      if (kind < 2) m = stroke_first ? contact(cap, poly) : contact(poly, cap);
      else if (kind == 2) m = stroke_first ? contact(cap, box) : contact(box, cap);
      else m = stroke_first ? contact(cap, aabb) : contact(aabb, cap);
      if (cap.radius == 0 && kind >= 2) {  // also as a segment
        const Segment seg{cap.a, cap.b};
        const Manifold g = kind == 2 ? (stroke_first ? contact(seg, box) : contact(box, seg))
                                     : (stroke_first ? contact(seg, aabb) : contact(aabb, seg));
        ASSERT_EQ(g.touching, m.touching);
        ASSERT_EQ(g.depth, m.depth);
      }
      ASSERT_EQ(m.touching, expect) << "order " << order;
      if (!expect) continue;
      const std::span<const Vec2> a = stroke_first ? std::span<const Vec2>(sv) : std::span<const Vec2>(pv);
      const std::span<const Vec2> b = stroke_first ? std::span<const Vec2>(pv) : std::span<const Vec2>(sv);
      const long double n[2] = {m.normal.x, m.normal.y};
      ASSERT_NEAR(std::hypot(double(m.normal.x), double(m.normal.y)), 1.0, 1e-5);
      if (d == 0) {
        const long double s = largest_gap(a, b);
        ASSERT_NEAR(double(R - s), double(m.depth), tol) << "depth, crossing, order " << order;
        ASSERT_NEAR(double(gap_along(a, b, n)), double(s), tol) << "normal, crossing, order " << order;
      } else {
        ASSERT_NEAR(double(R - d), double(m.depth), tol) << "depth, apart, order " << order;
        if (d > 0.05) {
          ASSERT_NEAR(double(gap_along(a, b, n)), double(d), 4 * tol) << "normal, apart, order " << order;
        }
      }
    }
    ++(expect ? touching : apart);
    if (d == 0) ++crossing;
  }
  EXPECT_TRUE(touching > 1500 && apart > 1000 && crossing > 500)
      << touching << " touching, " << apart << " apart, " << crossing << " crossing";
}

// Disks about segments and capsules, their centers projecting near and beyond the ends (where
// the nearest point is an end or just inside) or onto the middle, at about the touching distance
// (0.8 .. 1.2 of it): touching iff the long double distance <= the radii (away from the
// boundary), and the depth is the radii less that distance; beside the middle, the depth and the
// normal (the segment's toward the center, turned when the disk is first) within a few ulps of
// the long double answer. Fails when the nearest point's end tests, the early "clearly apart"
// test or the line-distance filter are loosened.
TEST(ContactFast, DiskAgainstSegmentNearItsEndsMatchesLongDouble) {
  int touching = 0, apart = 0;
  Draw draw(77);
  for (int i = 0; i < 12000; ++i) {
    const Vec2 c0 = draw.center(Draw::far(i));
    const Vec2 h{draw.uni(-1, 1), draw.uni(-1, 1)};
    const Vec2 a = c0 - h, b = c0 + h, e = b - a;
    const bool middle = i % 3 == 2;
    const Real t = middle ? draw.uni(0.05, 0.95) : (i % 3 == 0 ? draw.uni(-0.2, 0.2) : draw.uni(0.8, 1.2));  // near an end
    const Vec2 p = a + e * t + Vec2{-e.y, e.x} * draw.uni(-0.4, 0.4);
    const long double d = segment_distance(a, b, p);
    const Real rs = i % 3 == 0 ? Real(0) : draw.uni(0.0, 0.2) * Real(d);
    const Real rc = Real(d * draw.uni(0.8, 1.2)) - rs;
    if (!(rc > 0)) continue;
    const Real R = rs + rc;
    const double tol = 64 * std::numeric_limits<Real>::epsilon() * (std::fabs(c0.x) + std::fabs(c0.y) + 4);
    SCOPED_TRACE("case " + std::to_string(i));
    if (std::fabs(d - R) < tol || d < 1e-3) continue;  // too near touching to call
    const Circle disk{p, rc};
    const Manifold m = rs > 0 ? contact(Capsule{a, b, rs}, disk) : contact(Segment{a, b}, disk);
    const Manifold f = rs > 0 ? contact(disk, Capsule{a, b, rs}) : contact(disk, Segment{a, b});
    const bool expect = d <= R;
    ASSERT_EQ(m.touching, expect);
    ASSERT_EQ(f.touching, expect);
    ++(expect ? touching : apart);
    if (!expect) continue;
    EXPECT_NEAR(m.depth, R - d, tol);
    if (!middle) continue;
    // Beside the middle: the line's unit normal toward p, in long double.
    const long double ex = (long double)b.x - a.x, ey = (long double)b.y - a.y, l = std::hypot(ex, ey);
    const long double side = ey * ((long double)p.x - a.x) - ex * ((long double)p.y - a.y) > 0 ? 1 : -1;
    const long double nx = side * ey / l, ny = -side * ex / l;
    const double eps = 4 * std::numeric_limits<Real>::epsilon();
    EXPECT_NEAR(m.depth, double(R - d), eps * (R + 1));
    EXPECT_NEAR(f.depth, double(R - d), eps * (R + 1));
    EXPECT_NEAR(m.normal.x, double(nx), eps);
    EXPECT_NEAR(m.normal.y, double(ny), eps);
    EXPECT_NEAR(f.normal.x, double(-nx), eps);
    EXPECT_NEAR(f.normal.y, double(-ny), eps);
  }
  EXPECT_TRUE(touching > 3000 && apart > 3000) << touching << " touching, " << apart << " apart";
}

// Disks about a polygon's edges (beyond their middles, within and beyond the touching distance)
// and inside it, the polygon as made, moved (its vertices then its base ones plus an offset) or
// posed: touching iff the long double distance is within the radius (away from the boundary);
// outside, the depth is the radius less that distance and the normal points from the nearest
// point to the center; inside, pushing the disk by the depth along the normal frees it; the
// disk first gives the same answer with the normal turned. A point outside never touches.
TEST(ContactFast, PolygonDiskAboutEdgesAndInsideMatchesLongDouble) {
  int touching = 0, apart = 0, inside = 0;
  Draw draw(2025);
  for (int i = 0; i < 9000; ++i) {
    const Vec2 c0 = draw.center(Draw::far(i));
    const std::optional<Draw::Edge> edge = draw.placed_edge(c0, i);
    if (!edge) continue;
    const auto& [poly, a, b, out] = *edge;
    const Vec2 e = b - a;
    const Real r = draw.uni(0.05, 1);
    const Vec2 p = i % 5 == 0 ? (a + b) * Real(0.5) - out * draw.uni(0.01, 0.3)  // inside
                              : a + e * draw.uni(0.05, 0.95) + out * (r * draw.uni(0.5, 1.5));
    const long double d = polygon_distance(poly, p);
    const double tol = touch_tolerance(c0);
    SCOPED_TRACE("case " + std::to_string(i));
    if (std::fabs(d - r) < tol || (d > 0 && d < tol)) continue;  // too near touching to call
    const Circle disk{p, r};
    const Manifold m = contact(poly, disk), f = contact(disk, poly);
    ASSERT_EQ(m.touching, d < r);
    ASSERT_EQ(f.touching, m.touching);
    if (d > 0) {
      ASSERT_FALSE(contact(poly, Point{p}).touching);
      ASSERT_FALSE(contact(Point{p}, poly).touching);
    }
    if (!m.touching) {
      ++apart;
      continue;
    }
    EXPECT_NEAR(f.depth, m.depth, tol);
    EXPECT_NEAR(f.normal.x, -m.normal.x, 1e-6);
    EXPECT_NEAR(f.normal.y, -m.normal.y, 1e-6);
    ASSERT_EQ(m.point_count, 1);
    EXPECT_LE(double(polygon_distance(poly, m.points[0])), m.depth + tol);
    if (d > 0) {
      ++touching;
      EXPECT_NEAR(m.depth, double(r - d), tol);
      const Vec2 q = p - m.normal * Real(d);  // back along the normal by the distance: on the polygon
      EXPECT_NEAR(double(polygon_distance(poly, q)), 0.0, tol + 1e-5);
    } else {
      ++inside;
      EXPECT_GE(m.depth, r);
      const Vec2 freed = p + m.normal * m.depth;  // the disk pushed out: just touching
      EXPECT_NEAR(double(polygon_distance(poly, freed)), double(r), tol + 1e-5);
      ASSERT_TRUE(contact(poly, Point{p}).touching);
    }
  }
  EXPECT_TRUE(touching > 2000 && apart > 1000 && inside > 1000) << touching << " touching, " << apart << " apart, "
                                                                  << inside << " inside";
}

// Disks beside a polygon's vertices, their centers a little before or beyond an edge's end
// along it (some times the touch tolerance, up to a fifth of the edge and radius), within the
// radius: before the end the nearest point is on the edge, beyond it the vertex, so the normal
// turns there. Back along the normal by the long double distance must lie on the polygon: an
// edge's answer for a center beyond its end misses the polygon by about the overshoot times the
// corner's turn. One case in three is beside an edge's middle within 4 touch tolerances of the
// radius, touching exactly when the long double distance is below it (the edge's answer is exact
// there, so only 1/64 of the tolerance is left out). This pins a float filter for a center
// beyond the middle of an edge and within the radius: one that takes 16 slacks past an edge's end,
// or a radius 16 slacks too far, fails here.
TEST(ContactFast, PolygonDiskBesideEdgeEndsTakesTheNearestPointsNormal) {
  int before = 0, beyond = 0, about_r = 0;
  Draw draw(4711);
  for (int i = 0; i < 9000; ++i) {
    const Vec2 c0 = draw.center(Draw::far(i));
    const std::optional<Draw::Edge> edge = draw.placed_edge(c0, i);
    if (!edge) continue;
    const auto& [poly, a, b, out] = *edge;
    const Real len = length(b - a);
    const Vec2 along = (b - a) / len;
    const double tol = touch_tolerance(c0);
    const Real r = draw.uni(0.05, 1);
    const Real shift = std::min({Real(tol * draw.uni(8, 400)), Real(0.2) * len, Real(0.2) * r}) * (i % 2 ? 1 : -1);
    const Real gap = i % 3 ? r * draw.uni(0.2, 0.9) : r + Real(tol * draw.uni(-4, 4));  // 1 in 3 about r
    const Vec2 p = (i % 3 ? b + along * shift : (a + b) * Real(0.5)) + out * gap;
    const long double d = polygon_distance(poly, p);
    SCOPED_TRACE("case " + std::to_string(i));
    if (std::fabs(d - r) < tol / 64 || d < tol) continue;  // too near touching to call (exact beside a middle)
    const Manifold m = contact(poly, Circle{p, r}), f = contact(Circle{p, r}, poly);
    ASSERT_EQ(m.touching, d < r);
    ASSERT_EQ(f.touching, d < r);
    if (!m.touching) continue;
    EXPECT_NEAR(m.depth, double(r - d), tol);
    EXPECT_NEAR(f.depth, double(r - d), tol);
    EXPECT_NEAR(double(polygon_distance(poly, p - m.normal * Real(d))), 0.0, 2 * tol);
    EXPECT_NEAR(double(polygon_distance(poly, p + f.normal * Real(d))), 0.0, 2 * tol);
    ++(i % 3 == 0 ? about_r : (shift > 0 ? beyond : before));
  }
  EXPECT_TRUE(before > 1500 && beyond > 1500 && about_r > 500) << before << " before, " << beyond << " beyond, "
                                                                << about_r << " about r";
}

/// Whether p lies in the closed polygon: no edge has it strictly beyond (orientations in long
/// double: exact for float input; for double, 0 where within the products' rounding).
int polygon_side(const Polygon& poly, Vec2 p) {
  int side = -1;  // -1 inside, 0 on (or too near to call), 1 outside
  for (int k = 0; k < poly.count(); ++k) {
    const Vec2 a = poly.vertex(k), b = poly.vertex((k + 1) % poly.count());
    const long double ex = (long double)b.x - a.x, ey = (long double)b.y - a.y;
    const long double px = (long double)p.x - a.x, py = (long double)p.y - a.y;
    const long double cr = ex * py - ey * px;  // > 0: p left of a -> b, inside
    const long double err = (std::fabs(ex * py) + std::fabs(ey * px)) * 0x1p-60L;
    if (sizeof(Real) == sizeof(float) ? cr < 0 : cr < -err) return 1;
    if (sizeof(Real) == sizeof(float) ? cr == 0 : cr <= err) side = 0;
  }
  return side;
}

// Points (and disks of radius 0) within an ulp or two of a polygon's edges and vertices, the
// polygon made, moved or posed, 0, 10 or 3000 from the origin: every point strictly inside
// (exactly) touches, and one outside does not unless its long double distance is within the
// distance's rounding. Their float separations from the edges are within rounding of 0, so a
// filter that decides "apart" inside its rounding misses some of the points inside.
TEST(ContactFast, PointsWithinUlpsOfPolygonEdgesTouchExactly) {
  int in = 0, out = 0, on = 0;
  Draw draw(2026);
  for (int i = 0; i < 6000; ++i) {
    const Vec2 c0 = draw.center(Draw::far(i));
    const std::optional<Polygon> placed = draw.placed_polygon(c0, i);
    if (!placed) continue;
    const Polygon& poly = *placed;
    for (int j = 0; j < 40; ++j) {
      const int k = j % poly.count();
      const Vec2 a = poly.vertex(k), b = poly.vertex((k + 1) % poly.count());
      Vec2 p = j % 8 == 0 ? a : a + (b - a) * draw.uni(0, 1);
      const int sx = int(draw.uni(-2.99, 2.99)), sy = int(draw.uni(-2.99, 2.99));
      for (int s = 0; s < std::abs(sx); ++s) p.x = std::nextafter(p.x, sx > 0 ? Real(1e30) : Real(-1e30));
      for (int s = 0; s < std::abs(sy); ++s) p.y = std::nextafter(p.y, sy > 0 ? Real(1e30) : Real(-1e30));
      const int side = polygon_side(poly, p);
      if (side == 0) {
        ++on;
        continue;
      }
      SCOPED_TRACE("case " + std::to_string(i) + "," + std::to_string(j));
      if (side > 0) {  // outside: apart, unless within the distance's own rounding
        ++out;
        if (double(polygon_distance(poly, p)) < 8 * std::numeric_limits<Real>::epsilon() * (std::fabs(p.x) + std::fabs(p.y) + 1))
          continue;
      } else {
        ++in;
      }
      ASSERT_EQ(contact(poly, Point{p}).touching, side < 0);
      ASSERT_EQ(contact(Point{p}, poly).touching, side < 0);
      ASSERT_EQ(contact(poly, Circle{p, 0}).touching, side < 0);
      ASSERT_EQ(contact(Circle{p, 0}, poly).touching, side < 0);
    }
  }
  EXPECT_TRUE(in > 10000 && out > 10000) << in << " in, " << out << " out, " << on << " on";
}

}  // namespace
