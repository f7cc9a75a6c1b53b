// collide2d - 2D collision detection for games. MIT License.
// The contact of a polygon with an aabb, a box, a polygon, a segment or a capsule (either way
// round), which decides the cores' separation from their float separations where those are
// clear of their rounding (the polygon's stored Polygon::normal_turn bounds its normals), against
// the general hull path it stands in for (convex_contact on the same hulls, every separation
// decided by the exact orientations): the same manifold bit for bit, over random pairs near the
// origin and far from it (10, 3000), polygons as built, posed far from their pivot (normals
// rotated apart from the vertices) and moved (the general path), with short edges among them;
// the partner apart, with a vertex within ulps of an edge's line, with parallel edges within
// ulps of touching, deep, and exactly sharing a side (dyadic values: touching at depth 0).
// Also: normal_turn bounds each stored normal's angle to its edge, measured in long double.

#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <random>
#include <string>
#include <vector>

#include "collide2d/query.hpp"
#include "query/convex.hpp"
#include "query/manifold_bits.hpp"

namespace {

using namespace collide2d;

struct Draw {
  std::mt19937 rng;
  explicit Draw(unsigned seed) : rng(seed) {}
  Real uni(double lo, double hi) { return Real(std::uniform_real_distribution<double>(lo, hi)(rng)); }
  static Real far(int i) { return i % 3 == 0 ? Real(0) : (i % 3 == 1 ? Real(10) : Real(3000)); }
};

/// A convex polygon of 3..8 vertices about c: jittered points on an ellipse, one edge short
/// (1e-3 or 1e-5 of the size) by turns.
Polygon random_polygon(Draw& r, Vec2 c, int i) {
  const int n = 3 + i % 6;
  const double step = 2 * 3.14159265358979 / n, size = r.uni(0.2, 1), squash = r.uni(0.5, 1);
  const double turn = r.uni(0, 6.3);
  std::vector<Vec2> pts;
  for (int k = 0; k < n; ++k) {
    double a = step * k + r.uni(-0.3, 0.3) * step;
    if (k == 1 && i % 5 == 1) a = step * 0 + (i % 2 ? 1e-3 : 1e-5);  // a short edge 0 -> 1
    if (k == 0 && i % 5 == 1) a = 0;
    const double x = std::cos(a) * size, y = std::sin(a) * size * squash;
    pts.push_back(c + Vec2{Real(x * std::cos(turn) - y * std::sin(turn)), Real(x * std::sin(turn) + y * std::cos(turn))});
  }
  auto p = make_polygon(pts);
  if (!p) return *make_polygon(std::array<Vec2, 3>{c, c + Vec2{1, 0}, c + Vec2{0, 1}});
  return *p;
}

/// The polygon where it is (vertex(i)), rebuilt on its own storage.
Polygon rebuilt(const Polygon& p) {
  std::vector<Vec2> pts;
  for (int k = 0; k < p.count(); ++k) pts.push_back(p.vertex(k));
  return *make_polygon(pts);
}

/// p held another way where it is (its vertices within rounding of p's): as built (0), posed
/// far from the pivot of a base turned back (1: normals rotated apart from the vertices), moved
/// by a translation from a base placed back by it (2).
Polygon held(Draw& r, const Polygon& p, int how) {
  if (how == 1) {
    Polygon base, q;
    const Vec2 pivot = p.vertex(0) + Vec2{r.uni(-500, 500), r.uni(-500, 500)};
    const Real angle = r.uni(0, 6.3);
    base.set_pose(p, pivot, pivot, Rot::from_angle(-angle));
    q.set_pose(base, pivot, pivot, Rot::from_angle(angle));
    return q;
  }
  if (how == 2) {
    const Vec2 t{r.uni(-2, 2), r.uni(-2, 2)};
    Polygon q = p;
    q.translate(-t);
    q = rebuilt(q);
    q.translate(t);
    return q;
  }
  return p;
}

/// The vertex of p furthest against n, and p translated (rebuilt) so that it lies `gap` beyond
/// the line through `on` of normal n, within a few ulps.
Polygon placed_beyond(const Polygon& p, Vec2 on, Vec2 n, Real gap) {
  int j = 0;
  for (int k = 1; k < p.count(); ++k)
    if (dot(p.vertex(k), n) < dot(p.vertex(j), n)) j = k;
  Polygon q = p;
  q.translate(on + n * gap - p.vertex(j));
  return rebuilt(q);
}

Real tiny(Draw& r) { return r.uni(-1, 1) * 16 * std::numeric_limits<Real>::epsilon(); }

/// b for a: 0 random offset, 1 a vertex within ulps of one of a's edges' lines (a point of that
/// edge), 2 the same center (deep), 3 parallel edges within ulps of touching (b is a copy of a
/// turned half way, placed across an edge), 4 exactly shared sides (axis-aligned dyadic
/// rectangles).
struct PolyCase {
  Polygon a, b;
  bool shared = false;
};

PolyCase polygon_case(Draw& r, int i) {
  const Real far = Draw::far(i);
  const Vec2 c{r.uni(-1, 1) * far, r.uni(-1, 1) * far};
  PolyCase k;
  const int kind = i % 5;
  if (kind == 4) {
    const Vec2 ca{std::round(c.x), std::round(c.y)};
    const Real w = Real(0.25) * Real(1 + i % 3), h = Real(0.5), dy = Real(0.125) * Real(i % 13 - 6);
    k.a = *make_polygon(std::array<Vec2, 4>{ca, ca + Vec2{w, 0}, ca + Vec2{w, h}, ca + Vec2{0, h}});
    k.b = *make_polygon(std::array<Vec2, 4>{ca + Vec2{w, dy}, ca + Vec2{w + 1, dy}, ca + Vec2{w + 1, dy + h},
                                           ca + Vec2{w, dy + h}});
    k.shared = std::fabs(dy) <= h;
    return k;
  }
  k.a = held(r, random_polygon(r, c, i), i / 5 % 3);
  const Polygon b0 = random_polygon(r, c, i / 5 + 7);
  const int e = int(r.uni(0, k.a.count() - 0.01));
  const Vec2 v0 = k.a.vertex(e), v1 = k.a.vertex((e + 1) % k.a.count()), ne = k.a.normal(e);
  const Real scale = std::fabs(v0.x) + std::fabs(v0.y) + 1;
  if (kind == 0) {
    Polygon q = b0;
    q.translate({r.uni(-2, 2), r.uni(-2, 2)});
    k.b = rebuilt(q);
  } else if (kind == 1) {
    k.b = placed_beyond(b0, v0 + (v1 - v0) * r.uni(0, 1), ne, tiny(r) * scale);
  } else if (kind == 2) {
    k.b = b0;
  } else {
    std::vector<Vec2> pts;  // a's own outline turned half way about the middle of edge e
    const Vec2 mid = (v0 + v1) * Real(0.5);
    for (int j = 0; j < k.a.count(); ++j) pts.push_back(mid * 2 - k.a.vertex(j));
    Polygon q = *make_polygon(pts);
    q.translate(ne * (tiny(r) * scale));
    k.b = rebuilt(q);
  }
  k.b = held(r, k.b, i / 15 % 3);
  return k;
}

using test::same_bits;

template <class A, class B>
bool as_general_path(const A& a, const B& b) {
  return same_bits(contact(a, b), detail::convex_contact(detail::Hull(a), detail::Hull(b)));
}

/// A box and an aabb about a polygon's first vertex, of its size, turned by `angle`.
Box box_near(const Polygon& p, Real angle) { return Box(p.vertex(0), {Real(0.4), Real(0.3)}, angle); }

TEST(ContactPolygonFilter, PolygonPairsGiveTheGeneralPathsManifold) {
  Draw r(3333);
  int touching = 0, apart = 0, shared = 0;
  for (int i = 0; i < 20000; ++i) {
    const PolyCase k = polygon_case(r, i);
    SCOPED_TRACE("case " + std::to_string(i));
    EXPECT_TRUE(as_general_path(k.a, k.b));
    EXPECT_TRUE(as_general_path(k.b, k.a));
    // b's vertex near a's edge also puts a's edge near b: a box and an aabb on b's place.
    const Box bx = box_near(k.b, r.uni(0, 6.3));
    const Aabb ab{k.b.vertex(0) - Vec2{Real(0.3), Real(0.2)}, k.b.vertex(0) + Vec2{Real(0.3), Real(0.2)}};
    EXPECT_TRUE(as_general_path(k.a, bx));
    EXPECT_TRUE(as_general_path(bx, k.a));
    EXPECT_TRUE(as_general_path(k.a, ab));
    EXPECT_TRUE(as_general_path(ab, k.a));
    const Manifold m = contact(k.a, k.b);
    if (k.shared) {
      ++shared;
      EXPECT_TRUE(m.touching);
      EXPECT_EQ(m.depth, 0);
    }
    (m.touching ? touching : apart) += 1;
  }
  EXPECT_GT(touching, 8000);
  EXPECT_GT(apart, 3000);
  EXPECT_GT(shared, 1500);
}

/// A polygon's partner aabb or box: its side within ulps of one of the polygon's vertices (the
/// aabb's left side through the vertex furthest in -x; the box turned to an edge of the
/// polygon and placed across it).
TEST(ContactPolygonFilter, RectanglesAtAPolygonsVertexOrEdgeGiveTheGeneralPathsManifold) {
  Draw r(3434);
  for (int i = 0; i < 20000; ++i) {
    const Real far = Draw::far(i);
    const Vec2 c{r.uni(-1, 1) * far, r.uni(-1, 1) * far};
    const Polygon p = held(r, random_polygon(r, c, i), i / 3 % 3);
    SCOPED_TRACE("case " + std::to_string(i));
    int j = 0;
    for (int k = 1; k < p.count(); ++k)
      if (p.vertex(k).x < p.vertex(j).x) j = k;
    const Real x = p.vertex(j).x * (1 + tiny(r)) + tiny(r);
    const Aabb left{{x - 1, p.vertex(j).y - r.uni(0, 1)}, {x, p.vertex(j).y + r.uni(0, 1)}};
    EXPECT_TRUE(as_general_path(p, left));
    EXPECT_TRUE(as_general_path(left, p));
    const int e = i % p.count();
    const Vec2 ne = p.normal(e), v0 = p.vertex(e), v1 = p.vertex((e + 1) % p.count());
    const Real hx = r.uni(0.1, 1), hy = r.uni(0.1, 1);
    const Vec2 at = (v0 + v1) * Real(0.5) + ne * (hy * (1 + tiny(r)) + tiny(r)) + Vec2{ne.y, -ne.x} * r.uni(-1, 1);
    const Box bx(at, {hx, hy}, std::atan2(ne.y, ne.x) - Real(1.5707963267948966));
    EXPECT_TRUE(as_general_path(p, bx));
    EXPECT_TRUE(as_general_path(bx, p));
  }
}

/// A segment or capsule for a polygon (or box or aabb): 0 random, 1 an end within ulps of an
/// edge's line (or of the radius from it), 2 parallel to an edge within ulps of it (or of the
/// radius), 3 through the middle (deep), 4 along
/// the line of an edge (collinear with it, beyond its end or over it).
template <class S>
S stroke_for(Draw& r, const Polygon& p, int i, Real radius) {
  const int e = int(r.uni(0, p.count() - 0.01));
  const Vec2 v0 = p.vertex(e), v1 = p.vertex((e + 1) % p.count()), ne = p.normal(e);
  const Real scale = std::fabs(v0.x) + std::fabs(v0.y) + 1;
  const Vec2 t = Vec2{-ne.y, ne.x} * r.uni(0.05, 1);
  const Real off = i / 5 % 2 ? radius : 0;  // the cores or the grown shapes within ulps
  Vec2 a, b;
  switch (i % 5) {
    case 0: a = v0 + Vec2{r.uni(-2, 2), r.uni(-2, 2)}, b = a + Vec2{r.uni(-1, 1), r.uni(-1, 1)}; break;
    case 1: a = v0 + (v1 - v0) * r.uni(0, 1) + ne * (off + tiny(r) * scale), b = a + ne * r.uni(0.1, 1) + t; break;
    case 2: a = v0 + ne * (off + tiny(r) * scale), b = v1 + ne * (off + tiny(r) * scale); break;
    case 3: a = (v0 + v1) * Real(0.5) - ne * Real(0.05), b = a + t; break;
    default: a = v1 + (v1 - v0) * r.uni(-0.5, 0.5) * Real(0.5), b = v1 + (v1 - v0) * r.uni(0.5, 1); break;
  }
  if constexpr (std::is_same_v<S, Capsule>) return Capsule{a, b, radius};
  else return Segment{a, b};
}

template <class S>
void check_strokes(unsigned seed, bool capsule) {
  Draw r(seed);
  int touching = 0, apart = 0;
  for (int i = 0; i < 20000; ++i) {
    const Real far = Draw::far(i);
    const Vec2 c{r.uni(-1, 1) * far, r.uni(-1, 1) * far};
    const Polygon p = held(r, random_polygon(r, c, i), i / 5 % 3);
    const Real radius = capsule ? r.uni(0.05, 0.4) : Real(0);
    const S s = stroke_for<S>(r, p, i / 3, radius);
    SCOPED_TRACE("case " + std::to_string(i));
    EXPECT_TRUE(as_general_path(p, s));
    EXPECT_TRUE(as_general_path(s, p));
    // The same stroke against a box and an aabb standing on the polygon's edge's place.
    const Box bx = box_near(p, r.uni(0, 6.3));
    const Aabb ab{p.vertex(1) - Vec2{Real(0.5), Real(0.2)}, p.vertex(1)};
    EXPECT_TRUE(as_general_path(bx, s));
    EXPECT_TRUE(as_general_path(s, bx));
    EXPECT_TRUE(as_general_path(ab, s));
    EXPECT_TRUE(as_general_path(s, ab));
    (contact(p, s).touching ? touching : apart) += 1;
  }
  EXPECT_GT(touching, 6000);
  EXPECT_GT(apart, 3000);
}

TEST(ContactPolygonFilter, SegmentsGiveTheGeneralPathsManifold) { check_strokes<Segment>(3535, false); }
TEST(ContactPolygonFilter, CapsulesGiveTheGeneralPathsManifold) { check_strokes<Capsule>(3636, true); }

/// A rectangle's corners as its hull has them, as a polygon (the same points): a stroke placed
/// by stroke_for at its edges lies within ulps of the rectangle's.
template <class R>
Polygon corners_of(const R& rect) {
  const detail::Hull h(rect);
  return *make_polygon(std::array<Vec2, 4>{h.v[0], h.v[1], h.v[2], h.v[3]});
}

/// Strokes at a box's and an aabb's own edges (stroke_for's kinds: an end within ulps of an
/// edge's line, parallel within ulps, through, collinear with an edge, random), either way
/// round: the stroke's two sides and two caps against the rectangle's four edges, the axes
/// a rectangle and a stroke compare side by side.
template <class S>
void check_rectangle_strokes(unsigned seed, bool capsule) {
  Draw r(seed);
  int touching = 0, apart = 0;
  for (int i = 0; i < 20000; ++i) {
    const Real far = Draw::far(i);
    const Vec2 c{r.uni(-1, 1) * far, r.uni(-1, 1) * far}, h{r.uni(0.1, 1), r.uni(0.1, 1)};
    const Box bx(c, h, r.uni(0, 6.3));
    const Aabb ab{c - h, c + h};
    const Real radius = capsule ? r.uni(0.05, 0.4) : Real(0);
    const S sb = stroke_for<S>(r, corners_of(bx), i, radius), sa = stroke_for<S>(r, corners_of(ab), i, radius);
    SCOPED_TRACE("case " + std::to_string(i));
    EXPECT_TRUE(as_general_path(bx, sb));
    EXPECT_TRUE(as_general_path(sb, bx));
    EXPECT_TRUE(as_general_path(ab, sa));
    EXPECT_TRUE(as_general_path(sa, ab));
    (contact(bx, sb).touching ? touching : apart) += 1;
    // Deep and symmetric (dyadic values): the stroke's two caps and the aabb's two sides across
    // it separate by exactly the same amount, the largest (the first of them in the scan wins).
    const Vec2 cc{std::round(c.x), std::round(c.y)};
    const Real len = Real(0.25) * Real(1 + i % 4), w = Real(0.125) * Real(1 + i % 3);
    const Aabb tall{cc - Vec2{w, len + w + 1}, cc + Vec2{w, len + w + 1}};
    S st;
    st.a = cc - Vec2{len, 0}, st.b = cc + Vec2{len, 0};
    if constexpr (std::is_same_v<S, Capsule>) st.radius = radius;
    EXPECT_TRUE(as_general_path(tall, st));
    EXPECT_TRUE(as_general_path(st, tall));
  }
  EXPECT_GT(touching, 6000);
  EXPECT_GT(apart, 3000);
}

TEST(ContactPolygonFilter, SegmentsAtRectangleEdgesGiveTheGeneralPathsManifold) {
  check_rectangle_strokes<Segment>(3838, false);
}
TEST(ContactPolygonFilter, CapsulesAtRectangleEdgesGiveTheGeneralPathsManifold) {
  check_rectangle_strokes<Capsule>(3939, true);
}

/// The angle between stored normal u and the outward normal w = (ey, -ex) of edge a -> b, in
/// long double: atan2(|u x w|, u . w).
long double angle_to_edge(Vec2 a, Vec2 b, Vec2 u) {
  const long double ex = (long double)b.x - a.x, ey = (long double)b.y - a.y;
  return std::atan2(std::fabs(-u.x * ex - u.y * ey), u.x * ey - u.y * ex);
}

TEST(ContactPolygonFilter, NormalTurnBoundsEachNormalsAngleToItsEdge) {
  Draw r(3737);
  Real built = 0;
  for (int i = 0; i < 20000; ++i) {
    const Real far = Draw::far(i);
    const Vec2 c{r.uni(-1, 1) * far, r.uni(-1, 1) * far};
    const Polygon p0 = random_polygon(r, c, i);
    const Polygon p = held(r, p0, i % 2);  // as built or posed far
    SCOPED_TRACE("case " + std::to_string(i));
    const Vec2* v = p.base_vertices();
    long double worst = 0;
    for (int k = 0; k < p.count(); ++k)
      worst = std::max(worst, angle_to_edge(v[k], v[(k + 1) % p.count()], p.normal(k)));
    EXPECT_LE(worst, (long double)p.normal_turn());
    if (i % 2 == 0) built = std::max(built, p.normal_turn());
  }
  EXPECT_LT(built, 8 * std::numeric_limits<Real>::epsilon());  // as built: a few ulps
}

}  // namespace
