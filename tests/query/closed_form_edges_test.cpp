// collide2d - 2D collision detection for games. MIT License.
// Edge cases of the closed-form paths (disk vs aabb/box by a clamp or in the box's frame, the
// disk-disk and disk-aabb contact, the aabb/box slab ray casts, the exact origin tests of
// segment and polygon ray casts): exact touches of integer inputs, boundary origins, grazing
// rays, degenerate extents, and random disks against rotated boxes checked against the
// long-double reference distance. Expected values are derived by hand or by the reference.

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>
#include <variant>
#include <vector>

#include "collide2d/query.hpp"
#include "query/reference.hpp"

namespace {

using namespace collide2d;
using ref::LD;
using ref::V;

// Reference: distance from p to the box (c, he, ang) and the signed distance (negative inside:
// minus the distance to the boundary).
LD box_dist(V p, V c, V he, LD ang) { return ref::convex_poly_dist(ref::box_corners(c, he, ang), p); }
LD box_signed(V p, V c, V he, LD ang) {
  V ax = ref::unit_at(ang), ay{-ax.y, ax.x};
  V d = p - c;
  LD lx = ref::dot(d, ax), ly = ref::dot(d, ay);
  LD dx = std::fabs(lx) - he.x, dy = std::fabs(ly) - he.y;
  if (dx <= 0 && dy <= 0) return std::max(dx, dy);
  return std::hypot(std::max(dx, LD(0)), std::max(dy, LD(0)));
}

TEST(ClosedFormEdges, DiskTouchesAabbAndBoxExactly) {
  const Aabb a{{-2, -1}, {2, 1}};
  const Box b({0, 0}, {2, 1}, 0);
  // (center, radius) touching the boundary exactly: edges and corners (3-4-5 triangles).
  struct T { Vec2 c; Real r; };
  const T touching[] = {{{3, 0}, 1}, {{0, 3}, 2}, {{-5, 0}, 3}, {{0, -4}, 3},
                        {{5, 5}, 5}, {{-5, -5}, 5}, {{6, -4}, 5}, {{-2, 6}, 5}};
  for (const T& t : touching) {
    const Circle c{t.c, t.r};
    EXPECT_TRUE(overlaps(c, a)) << t.c.x << "," << t.c.y;
    EXPECT_TRUE(overlaps(a, c));
    EXPECT_TRUE(overlaps(c, b));
    EXPECT_TRUE(overlaps(b, c));
    EXPECT_EQ(distance(c, a).distance, 0);
    EXPECT_EQ(distance(b, c).distance, 0);
    Manifold m = contact(c, a);
    EXPECT_TRUE(m.touching);
    EXPECT_NEAR(m.depth, 0, 1e-5);
    m = contact(b, c);
    EXPECT_TRUE(m.touching);
    EXPECT_NEAR(m.depth, 0, 1e-5);
    // Shrunk by 1/4 they are 1/4 apart.
    const Circle s{t.c, t.r - Real(0.25)};
    EXPECT_FALSE(overlaps(s, a));
    EXPECT_FALSE(overlaps(b, s));
    EXPECT_FALSE(contact(s, a).touching);
    EXPECT_FALSE(contact(b, s).touching);
    EXPECT_NEAR(distance(s, a).distance, 0.25, 1e-5);
    EXPECT_NEAR(distance(b, s).distance, 0.25, 1e-5);
  }
  // Points on the boundary (edges, corners) are in; a quarter outside are not.
  for (Vec2 p : {Vec2{2, 0}, Vec2{2, 1}, Vec2{-2, -1}, Vec2{0, 1}, Vec2{-1, -1}}) {
    EXPECT_TRUE(overlaps(Point{p}, b)) << p.x << "," << p.y;
    EXPECT_TRUE(overlaps(b, Point{p}));
    EXPECT_EQ(distance(Point{p}, b).distance, 0);
    EXPECT_TRUE(contact(Point{p}, a).touching);
    EXPECT_TRUE(contact(b, Point{p}).touching);
  }
  for (Vec2 q : {Vec2{2.25, 0}, Vec2{2.25, 1}, Vec2{-2, -1.25}, Vec2{0, 1.25}, Vec2{-1, -1.25}}) {
    EXPECT_FALSE(overlaps(Point{q}, b)) << q.x << "," << q.y;
    EXPECT_FALSE(overlaps(b, Point{q}));
    EXPECT_FALSE(contact(a, Point{q}).touching);
    EXPECT_FALSE(contact(Point{q}, b).touching);
    EXPECT_NEAR(distance(Point{q}, b).distance, 0.25, 1e-6);
  }
}

TEST(ClosedFormEdges, DiskVsDegenerateAabbAndBox) {
  // Zero extents: a segment and a point.
  const Aabb seg{{-1, 0}, {1, 0}};
  const Box bseg({0, 0}, {1, 0}, 0);
  const Aabb pt{{1, 1}, {1, 1}};
  EXPECT_TRUE(overlaps(Circle{{0, 2}, 2}, seg));
  EXPECT_TRUE(overlaps(Circle{{0, 2}, 2}, bseg));
  EXPECT_FALSE(overlaps(Circle{{0, 2}, Real(1.75)}, bseg));
  EXPECT_TRUE(overlaps(Point{{0.5, 0}}, bseg));
  EXPECT_TRUE(overlaps(Circle{{4, 5}, 5}, pt));
  EXPECT_NEAR(distance(Circle{{4, 5}, 4}, pt).distance, 1, 1e-5);
  // A circle centered on the segment: pushed off sideways by its radius.
  Manifold m = contact(bseg, Circle{{0.5, 0}, 1});
  ASSERT_TRUE(m.touching);
  EXPECT_NEAR(m.depth, 1, 1e-5);
  EXPECT_NEAR(std::fabs(m.normal.y), 1, 1e-5);
  // Two shapes without area: depth 0.
  m = contact(Point{{0.5, 0}}, bseg);
  ASSERT_TRUE(m.touching);
  EXPECT_EQ(m.depth, 0);
}

TEST(ClosedFormEdges, DiskDiskContact) {
  Manifold m = contact(Circle{{0, 0}, 2}, Circle{{3, 4}, 3});  // touching at (1.2, 1.6)
  ASSERT_TRUE(m.touching);
  EXPECT_NEAR(m.depth, 0, 1e-5);
  EXPECT_NEAR(m.normal.x, 0.6, 1e-6);
  EXPECT_NEAR(m.normal.y, 0.8, 1e-6);
  EXPECT_NEAR(m.points[0].x, 1.2, 1e-5);
  EXPECT_NEAR(m.points[0].y, 1.6, 1e-5);
  EXPECT_FALSE(contact(Circle{{0, 0}, 2}, Circle{{3, 4}, Real(2.75)}).touching);
  // Concentric: some unit normal, depth the sum of the radii.
  m = contact(Circle{{1, 1}, 1}, Circle{{1, 1}, 2});
  ASSERT_TRUE(m.touching);
  EXPECT_NEAR(m.depth, 3, 1e-5);
  EXPECT_NEAR(std::hypot(m.normal.x, m.normal.y), 1, 1e-6);
  // A point in a circle, a point on a point.
  m = contact(Point{{0, 1}}, Circle{{0, 0}, 3});
  ASSERT_TRUE(m.touching);
  EXPECT_NEAR(m.depth, 2, 1e-5);
  EXPECT_NEAR(m.normal.y, -1, 1e-6);  // b moves down by 2 to leave the point on its rim
  m = contact(Point{{2, 3}}, Point{{2, 3}});
  ASSERT_TRUE(m.touching);
  EXPECT_EQ(m.depth, 0);
  EXPECT_TRUE(overlaps(Point{{3, 4}}, Circle{{0, 0}, 5}));
  EXPECT_FALSE(overlaps(Point{{3, 4}}, Circle{{0, 0}, Real(4.75)}));
  EXPECT_EQ(distance(Point{{3, 4}}, Circle{{0, 0}, 5}).distance, 0);
  EXPECT_NEAR(distance(Point{{6, 8}}, Circle{{0, 0}, 5}).distance, 5, 1e-5);
}

TEST(ClosedFormEdges, RandomDisksAgainstRotatedBoxes) {
  ref::Rng g(20261122);
  for (int i = 0; i < 4000; ++i) {
    const LD off = i % 4 == 0 ? ref::uni(g, -1000, 1000) : ref::uni(g, -3, 3);
    const V c{off, ref::uni(g, -3, 3)};
    const V he{ref::uni(g, 0.05L, 2), ref::uni(g, 0.05L, 2)};
    const LD ang = ref::uni(g, -4, 4);
    const Box b(ref::toR(c), ref::toR(he), Real(ang));
    const V cc = c + V{ref::uni(g, -4, 4), ref::uni(g, -4, 4)};
    const LD r = ref::uni(g, 0, 1.5L);
    const Circle circ{ref::toR(cc), Real(r)};
    // The reference sees the shapes as stored (rounded inputs).
    const V rc = ref::toV(b.center), rhe = ref::toV(b.half_extents);
    const LD rang = LD(b.angle());
    const V rcc = ref::toV(circ.center);
    const LD rr = LD(circ.radius);
    const LD tol = ref::tolerance(4, std::fabs(off) + 4);
    const LD gap = box_dist(rcc, rc, rhe, rang) - rr;
    DistanceResult d = distance(circ, b);
    EXPECT_NEAR(d.distance, std::max(gap, LD(0)), tol) << i;
    if (gap > tol) {
      EXPECT_FALSE(overlaps(circ, b)) << i;
      EXPECT_FALSE(contact(b, circ).touching) << i;
      // The closest points lie on the shapes.
      EXPECT_NEAR(box_dist(ref::toV(d.point_b), rc, rhe, rang), 0, tol) << i;
      EXPECT_NEAR(ref::len(ref::toV(d.point_a) - rcc), rr, tol) << i;
    } else if (gap < -tol) {
      EXPECT_TRUE(overlaps(b, circ)) << i;
      Manifold m = contact(circ, b);  // normal from the circle to the box
      ASSERT_TRUE(m.touching) << i;
      // Depth: the circle's radius past the box's signed distance.
      const LD depth = rr - box_signed(rcc, rc, rhe, rang);
      EXPECT_NEAR(m.depth, depth, tol) << i;
      EXPECT_NEAR(std::hypot(LD(m.normal.x), LD(m.normal.y)), 1, 1e-5) << i;
      // Moving the box by normal * depth leaves it touching the circle.
      const V moved = rc + ref::toV(m.normal) * LD(m.depth);
      EXPECT_NEAR(box_dist(rcc, moved, rhe, rang) - rr, 0, tol) << i;
      for (int k = 0; k < m.point_count; ++k) {
        const V p = ref::toV(m.points[k]);
        EXPECT_LE(box_dist(p, rc, rhe, rang), LD(m.depth) + tol) << i;
        EXPECT_LE(std::max(ref::len(p - rcc) - rr, LD(0)), LD(m.depth) + tol) << i;
      }
    }
  }
}

TEST(ClosedFormEdges, RaycastOriginsOnTheBoundary) {
  const Vec2 right{1, 0};
  auto inside = [&](const auto& s, Vec2 o) { return raycast(s, Ray{o, right, 10}).inside; };
  const Aabb a{{0, 0}, {2, 1}};
  const Box b({1, Real(0.5)}, {1, Real(0.5)}, 0);
  const Polygon tri = *make_polygon(std::vector<Vec2>{{0, 0}, {4, 0}, {0, 4}});
  for (Vec2 o : {Vec2{0, 0}, Vec2{2, 1}, Vec2{1, 0}, Vec2{0, 0.5}, Vec2{2, 0.25}}) {
    EXPECT_TRUE(inside(a, o)) << o.x << "," << o.y;
    EXPECT_TRUE(inside(b, o)) << o.x << "," << o.y;
  }
  EXPECT_FALSE(inside(a, Vec2{2.25, 0.5}));
  EXPECT_FALSE(inside(b, Vec2{-0.25, 0.5}));
  for (Vec2 o : {Vec2{2, 2}, Vec2{1, 3}, Vec2{0, 4}, Vec2{4, 0}, Vec2{3, 0}, Vec2{0, 1}})
    EXPECT_TRUE(inside(tri, o)) << o.x << "," << o.y;
  EXPECT_FALSE(inside(tri, Vec2{3, 1.25}));
  EXPECT_FALSE(inside(tri, Vec2{-0.25, 1}));
  const Segment s{{-3, -3}, {3, 3}};
  EXPECT_TRUE(inside(s, Vec2{1, 1}));
  EXPECT_TRUE(inside(s, Vec2{3, 3}));
  EXPECT_FALSE(inside(s, Vec2{4, 4}));
  EXPECT_FALSE(inside(s, Vec2{1, 1.25}));
  EXPECT_TRUE(inside(Circle{{0, 0}, 5}, Vec2{3, 4}));
  EXPECT_TRUE(inside(Circle{{0, 0}, 5}, Vec2{-5, 0}));
  EXPECT_FALSE(inside(Circle{{0, 0}, 5}, Vec2{3, 4.25}));
}

TEST(ClosedFormEdges, RaycastGrazingAndAxisRays) {
  const Aabb a{{0, -1}, {2, 1}};
  // Along the top edge's line: the closed box is met at its corner (0, 1).
  RayHit h = raycast(a, Ray{{-1, 1}, {1, 0}, 10});
  ASSERT_TRUE(h.hit);
  EXPECT_FALSE(h.inside);
  EXPECT_NEAR(h.distance, 1, 1e-6);
  // Parallel just above: a miss.
  EXPECT_FALSE(raycast(a, Ray{{-1, 1.25}, {1, 0}, 10}).hit);
  // Straight down onto the top: normal +y; a direction of any length.
  h = raycast(a, Ray{{1, 4}, {0, -7}, 10});
  ASSERT_TRUE(h.hit);
  EXPECT_NEAR(h.distance, 3, 1e-6);
  EXPECT_NEAR(h.normal.y, 1, 1e-6);
  EXPECT_NEAR(h.point.x, 1, 1e-6);
  EXPECT_NEAR(h.point.y, 1, 1e-6);
  // max_distance short of the box: a miss; exactly at it: a hit.
  EXPECT_FALSE(raycast(a, Ray{{1, 4}, {0, -1}, 2.75}).hit);
  EXPECT_TRUE(raycast(a, Ray{{1, 4}, {0, -1}, 3}).hit);
  // Diagonal onto a corner.
  h = raycast(a, Ray{{-1, -2}, {1, 1}, 10});
  ASSERT_TRUE(h.hit);
  EXPECT_NEAR(h.distance, std::sqrt(2.0), 1e-5);
  // A rotated box (45 degrees, a diamond of half-diagonal sqrt 2): from the left along +x
  // it is met at its left corner (-sqrt 2, 0).
  const Box d({0, 0}, {1, 1}, Real(0.78539816339744830962L));
  h = raycast(d, Ray{{-5, 0}, {2, 0}, 10});
  ASSERT_TRUE(h.hit);
  EXPECT_NEAR(h.distance, 5 - std::sqrt(2.0), 1e-5);
  EXPECT_NEAR(std::hypot(h.normal.x, h.normal.y), 1, 1e-5);
  EXPECT_LT(h.normal.x, 0);
  // From above at x = 0.5: the upper-right edge x + y = sqrt 2 at y = sqrt 2 - 0.5.
  h = raycast(d, Ray{{0.5, 5}, {0, -1}, 10});
  ASSERT_TRUE(h.hit);
  EXPECT_NEAR(h.distance, 5 - (std::sqrt(2.0) - 0.5), 1e-5);
  EXPECT_NEAR(h.normal.x, std::sqrt(0.5), 1e-5);
  EXPECT_NEAR(h.normal.y, std::sqrt(0.5), 1e-5);
  // Circle: from (-10, 3) along +x hits x^2 + 9 = 25 at x = -4.
  h = raycast(Circle{{0, 0}, 5}, Ray{{-10, 3}, {1, 0}, 20});
  ASSERT_TRUE(h.hit);
  EXPECT_NEAR(h.distance, 6, 1e-5);
  EXPECT_NEAR(h.normal.x, -0.8, 1e-5);
  EXPECT_NEAR(h.normal.y, 0.6, 1e-5);
  EXPECT_FALSE(raycast(Circle{{0, 0}, 5}, Ray{{-10, 5.25}, {1, 0}, 20}).hit);
  EXPECT_FALSE(raycast(Circle{{0, 0}, 5}, Ray{{10, 3}, {1, 0}, 20}).hit);
}

// A point inside a polygon (every orientation of it against the edges, the vertices as the
// queries see them, >= 0) is at distance 0 and touches it; a point outside is at its reference
// distance within rounding (a point a rounding error outside may round to distance 0). The
// float filter that decides points clearly inside without those orientations must keep this,
// also next to edges (points nudged by a few ulps off an edge, vertices), for slivers, and for
// polygons moved or posed far from the origin (their vertices rounded after their normals were
// made).
TEST(ClosedFormEdges, PointInPolygonAgreesWithExactOrientations) {
  std::mt19937 rng(1234);
  auto uni = [&](LD lo, LD hi) { return Real(std::uniform_real_distribution<LD>(lo, hi)(rng)); };
  // In a double build the long-double orientation is not exact: cases within its rounding of
  // an edge are left undecided (skipped); in a float build it is exact.
  constexpr bool kExactRef = sizeof(Real) == 4;
  int checked = 0, inside = 0;
  for (int shape = 0; shape < 240; ++shape) {
    std::vector<Vec2> pts;
    const Real squash = shape % 3 == 0 ? uni(0.01, 0.05) : uni(0.6, 1);
    const LD rot = uni(-3.1, 3.1);
    for (int i = 0; i < 8; ++i) {
      const LD a = (i + uni(-0.35, 0.35)) * 2 * ref::kPiL / 8;
      const V q{std::cos(a), std::sin(a) * LD(squash)};
      const V r = ref::unit_at(rot);
      pts.push_back(ref::toR({q.x * r.x - q.y * r.y, q.x * r.y + q.y * r.x}));
    }
    auto made = make_polygon(pts);
    ASSERT_TRUE(made.has_value());
    Polygon poly = *made;
    const Real far = shape % 4 == 0 ? Real(0) : (shape % 4 == 1 ? Real(4) : Real(1000));
    const Vec2 at{uni(-1, 1) * far, uni(-1, 1) * far};
    if (shape % 2 == 0) poly.translate(at);
    else poly.set_pose(*made, {0, 0}, at, Rot::from_angle(uni(-3, 3)));
    const int n = poly.count();
    std::vector<Vec2> probes;
    for (int k = 0; k < 12; ++k) probes.push_back(at + Vec2{uni(-1.1, 1.1), uni(-1.1, 1.1)});
    for (int i = 0; i < n; ++i) {
      const Vec2 a = poly.vertex(i), b = poly.vertex((i + 1) % n);
      probes.push_back(a);
      for (int k = 0; k < 4; ++k) {
        Vec2 q = a + (b - a) * uni(0, 1);
        const int ux = int(rng() % 7) - 3, uy = int(rng() % 7) - 3;
        for (int j = 0; j < std::abs(ux); ++j) q.x = std::nextafter(q.x, ux > 0 ? Real(1e30) : Real(-1e30));
        for (int j = 0; j < std::abs(uy); ++j) q.y = std::nextafter(q.y, uy > 0 ? Real(1e30) : Real(-1e30));
        probes.push_back(q);
        probes.push_back(q + (a - q) * Real(0.01) + (at - q) * Real(0.001));  // just inside, near the edge
      }
    }
    for (Vec2 p : probes) {
      bool in = true, decided = true;
      for (int i = 0; i < n; ++i) {
        const V a = ref::toV(poly.vertex(i)), b = ref::toV(poly.vertex((i + 1) % n)), q = ref::toV(p);
        const LD l = (b.x - a.x) * (q.y - a.y), r = (b.y - a.y) * (q.x - a.x), o = l - r;
        if (!kExactRef && std::fabs(o) <= 1e-17L * (std::fabs(l) + std::fabs(r))) decided = false;
        if (o < 0) in = false;
      }
      if (!decided) continue;
      ++checked;
      inside += in;
      const DistanceResult d = distance(Point{p}, poly);
      const Manifold m = contact(poly, Point{p});
      if (in) {
        EXPECT_EQ(d.distance, 0) << "shape " << shape << " p (" << p.x << ", " << p.y << ")";
        EXPECT_TRUE(m.touching) << "shape " << shape << " p (" << p.x << ", " << p.y << ")";
        EXPECT_GE(m.depth, 0);
      } else {
        std::vector<V> ring;
        for (int i = 0; i < n; ++i) ring.push_back(ref::toV(poly.vertex(i)));
        const LD want = ref::convex_poly_dist(ring, ref::toV(p));
        const LD tol = 4 * LD(std::numeric_limits<Real>::epsilon()) * (std::fabs(p.x) + std::fabs(p.y) + 1);
        EXPECT_NEAR(d.distance, want, tol) << "shape " << shape << " p (" << p.x << ", " << p.y << ")";
        if (want > tol) { EXPECT_FALSE(m.touching) << "shape " << shape << " p (" << p.x << ", " << p.y << ")"; }
      }
    }
  }
  EXPECT_GT(checked, 10000);
  EXPECT_GT(inside, 2000);
}

// Two overlapping polygon cores (polygons, boxes, aabbs), or a segment core and a polygon core,
// are at distance 0 with one point in both, whether a vertex of one lies in the other (the
// common point taken there) or not (two bars in a cross, a segment through a polygon: the
// clipped overlap), touching at a vertex or an edge, one inside the other, and far from the
// origin; checked against the long-double reference membership.
TEST(ClosedFormEdges, OverlappingPolygonsCommonPointIsInBoth) {
  std::mt19937 rng(99);
  auto uni = [&](double lo, double hi) { return Real(std::uniform_real_distribution<double>(lo, hi)(rng)); };
  int checked = 0;
  auto check = [&](const Shape& a, const Shape& b, const char* what, const std::vector<Vec2>* a_points = nullptr) {
    const DistanceResult d = std::visit([](const auto& x, const auto& y) { return distance(x, y); }, a, b);
    const ref::Ref ra = ref::ref_of(a, a_points), rb = ref::ref_of(b);
    const V p = ref::toV(d.point_a);
    const LD tol = 8 * LD(std::numeric_limits<Real>::epsilon()) * (std::fabs(p.x) + std::fabs(p.y) + 1);
    EXPECT_EQ(d.distance, 0) << what;
    EXPECT_EQ(d.point_a, d.point_b) << what;
    EXPECT_LE(ra.pdist(p), tol) << what << " (" << p.x << ", " << p.y << ")";
    EXPECT_LE(rb.pdist(p), tol) << what << " (" << p.x << ", " << p.y << ")";
    ++checked;
  };
  for (int k = 0; k < 400; ++k) {
    const Real far = k % 3 == 0 ? Real(0) : (k % 3 == 1 ? Real(5) : Real(2000));
    const Vec2 c{uni(-1, 1) * far, uni(-1, 1) * far};
    // Two bars in a cross (no vertex of either in the other) and boxes around one center.
    const Real ang = uni(-3.1, 3.1);
    check(Box(c, {uni(1, 2), uni(0.05, 0.2)}, ang), Box(c + Vec2{uni(-0.02, 0.02), uni(-0.02, 0.02)}, {uni(1, 2), uni(0.05, 0.2)}, ang + Real(1.5707963)), "cross");
    check(Box(c, {uni(0.3, 1), uni(0.3, 1)}, ang), Box(c + Vec2{uni(-0.4, 0.4), uni(-0.4, 0.4)}, {uni(0.3, 1), uni(0.3, 1)}, uni(-3, 3)), "boxes");
    // One inside the other; an aabb against a polygon.
    check(Aabb{c - Vec2{2, 2}, c + Vec2{2, 2}}, Box(c, {uni(0.1, 1), uni(0.1, 1)}, ang), "inside");
    std::vector<Vec2> pts;
    for (int i = 0; i < 6; ++i) pts.push_back(c + Rot::from_angle(Real(i) + uni(-0.3, 0.3)).x_axis() * uni(0.5, 1));
    if (auto poly = make_polygon(pts)) {
      check(*poly, Aabb{c - Vec2{uni(0, 1), uni(0, 1)}, c + Vec2{uni(0, 1), uni(0, 1)}}, "polygon-aabb", &pts);
      // A segment with an end inside, one through it (both ends outside), a capsule across.
      const Vec2 dir = Rot::from_angle(uni(-3.1, 3.1)).x_axis();
      check(*poly, Segment{c + dir * uni(0, 0.3), c + dir * uni(1.2, 2)}, "segment end inside", &pts);
      check(*poly, Segment{c - dir * uni(1.2, 2), c + dir * uni(1.2, 2)}, "segment through", &pts);
      check(*poly, Capsule{c - dir * uni(1.2, 2), c + dir * uni(1.2, 2), uni(0.01, 0.2)}, "capsule through", &pts);
    }
  }
  // Touching exactly: at a corner, along an edge (integer coordinates, exact).
  check(Aabb{{0, 0}, {1, 1}}, Aabb{{1, 1}, {2, 2}}, "corner");
  check(Aabb{{0, 0}, {1, 1}}, Aabb{{1, Real(0.25)}, {2, Real(0.75)}}, "edge");
  check(Aabb{{1000, 1000}, {1001, 1001}}, Box({1002, Real(1000.5)}, {1, 1}, 0), "edge far");
  EXPECT_GE(checked, 400 * 6 + 3);
}

}  // namespace
