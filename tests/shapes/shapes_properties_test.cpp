// collide2d - 2D collision detection for games. MIT License.
// Validation (every invalid kind is refused, naming the field), make_polygon (either winding,
// repeated and collinear vertices dropped, reflex / degenerate / too many refused), bounds
// against the reference support function, has_area, translated, type names.

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <set>
#include <vector>

#include "collide2d/query.hpp"
#include "collide2d/shapes.hpp"
#include "query/reference.hpp"

namespace {

using namespace collide2d;
using ref::LD;
using ref::V;

const Real kNaN = std::numeric_limits<Real>::quiet_NaN();
const Real kInfR = std::numeric_limits<Real>::infinity();

void expect_invalid(const std::optional<Invalid>& why, std::initializer_list<const char*> fields,
                    const std::string& what) {
  ASSERT_TRUE(why.has_value()) << what << " must be refused";
  bool named = false;
  for (const char* f : fields) named = named || why->field == f;
  std::string expected;
  for (const char* f : fields) expected += std::string(f) + " ";
  EXPECT_TRUE(named) << what << ": field '" << why->field << "' (expected one of: " << expected
                     << "), message: " << why->message;
  EXPECT_FALSE(why->message.empty()) << what;
}

TEST(Validation, ValidShapesPass) {
  EXPECT_FALSE(validate(Point{{1, 2}}));
  EXPECT_FALSE(validate(Circle{{1, 2}, 0}));
  EXPECT_FALSE(validate(Sector({0, 0}, 1, 0, 0)));
  EXPECT_FALSE(validate(Sector({0, 0}, 1, 0, kPi)));
  EXPECT_FALSE(validate(Sector({0, 0}, 1, 100, 2)));  // any facing
  EXPECT_FALSE(validate(Aabb{{0, 0}, {0, 0}}));
  EXPECT_FALSE(validate(Box({0, 0}, {0, 0}, 7)));
  EXPECT_FALSE(validate(Capsule{{0, 0}, {0, 0}, 0}));
  EXPECT_FALSE(validate(Segment{{0, 0}, {0, 0}}));
  std::vector<Vec2> sq = {{0, 0}, {1, 0}, {1, 1}, {0, 1}};
  auto p = make_polygon(sq, 0);
  ASSERT_TRUE(p);
  EXPECT_FALSE(validate(*p));
  EXPECT_FALSE(validate(Shape{*p}));
  EXPECT_FALSE(validate(Ray{{0, 0}, {0, 1}, 0}));
}

TEST(Validation, EveryInvalidKindNamesItsField) {
  for (Real bad : {kNaN, kInfR, -kInfR}) {
    SCOPED_TRACE(std::string("bad value ") + std::to_string(bad));
    expect_invalid(validate(Point{{bad, 0}}), {"at"}, "point at");
    expect_invalid(validate(Circle{{0, bad}, 1}), {"center"}, "circle center");
    expect_invalid(validate(Circle{{0, 0}, bad}), {"radius"}, "circle radius");
    expect_invalid(validate(Sector({bad, 0}, 1, 0, 1)), {"center"}, "sector center");
    expect_invalid(validate(Sector({0, 0}, bad, 0, 1)), {"radius"}, "sector radius");
    expect_invalid(validate(Sector({0, 0}, 1, bad, 1)), {"facing"}, "sector facing");
    expect_invalid(validate(Sector({0, 0}, 1, 0, bad)), {"half_angle"}, "sector half_angle");
    expect_invalid(validate(Aabb{{bad, 0}, {1, 1}}), {"min"}, "aabb min");
    expect_invalid(validate(Aabb{{0, 0}, {1, bad}}), {"max"}, "aabb max");
    expect_invalid(validate(Box({0, bad}, {1, 1}, 0)), {"center"}, "box center");
    expect_invalid(validate(Box({0, 0}, {bad, 1}, 0)), {"half_extents"}, "box half_extents");
    expect_invalid(validate(Box({0, 0}, {1, 1}, bad)), {"angle"}, "box angle");
    expect_invalid(validate(Capsule{{bad, 0}, {1, 1}, 1}), {"a"}, "capsule a");
    expect_invalid(validate(Capsule{{0, 0}, {1, bad}, 1}), {"b"}, "capsule b");
    expect_invalid(validate(Capsule{{0, 0}, {1, 1}, bad}), {"radius"}, "capsule radius");
    expect_invalid(validate(Segment{{bad, 0}, {1, 1}}), {"a"}, "segment a");
    expect_invalid(validate(Segment{{0, 0}, {1, bad}}), {"b"}, "segment b");
    expect_invalid(validate(Ray{{bad, 0}, {1, 0}, 1}), {"origin"}, "ray origin");
    expect_invalid(validate(Ray{{0, 0}, {bad, 0}, 1}), {"direction"}, "ray direction");
    expect_invalid(validate(Ray{{0, 0}, {1, 0}, bad == -kInfR ? bad : kNaN}), {"max_distance"},
                   "ray max_distance");
    std::vector<Vec2> pts = {{0, 0}, {1, 0}, {bad, 1}};
    Invalid why;
    EXPECT_FALSE(make_polygon(pts, 0, &why));
    EXPECT_EQ(why.field, "points");
    std::vector<Vec2> ok = {{0, 0}, {1, 0}, {0, 1}};
    why = {};
    EXPECT_FALSE(make_polygon(ok, bad, &why));
    EXPECT_EQ(why.field, "radius");
  }
  expect_invalid(validate(Circle{{0, 0}, -1}), {"radius"}, "negative circle radius");
  expect_invalid(validate(Capsule{{0, 0}, {1, 0}, -0.5f}), {"radius"}, "negative capsule radius");
  expect_invalid(validate(Sector({0, 0}, 0, 0, 1)), {"radius"}, "sector radius 0");
  expect_invalid(validate(Sector({0, 0}, -1, 0, 1)), {"radius"}, "negative sector radius");
  expect_invalid(validate(Sector({0, 0}, 1, 0, -1e-6f)), {"half_angle"}, "half_angle < 0");
  expect_invalid(validate(Sector({0, 0}, 1, 0, Real(3.2))), {"half_angle"}, "half_angle > pi");
  expect_invalid(validate(Aabb{{1, 0}, {0, 1}}), {"min", "max"}, "min.x > max.x");
  expect_invalid(validate(Aabb{{0, 1}, {1, 0.5f}}), {"min", "max"}, "min.y > max.y");
  expect_invalid(validate(Box({0, 0}, {-1, 1}, 0)), {"half_extents"}, "negative half extent x");
  expect_invalid(validate(Box({0, 0}, {1, -1e-7f}, 0)), {"half_extents"}, "negative half extent y");
  expect_invalid(validate(Ray{{0, 0}, {0, 0}, 1}), {"direction"}, "zero ray direction");
  expect_invalid(validate(Ray{{0, 0}, {1, 0}, -1}), {"max_distance"}, "negative max_distance");
  // through the variant too
  expect_invalid(validate(Shape{Circle{{0, 0}, -1}}), {"radius"}, "Shape circle radius");
  expect_invalid(validate(Shape{Sector({0, 0}, 1, 0, 4)}), {"half_angle"}, "Shape sector");
  expect_invalid(validate(Shape{Aabb{{1, 1}, {0, 0}}}), {"min", "max"}, "Shape aabb");
}

// Every field of every kind at and around the documented limit (docs/queries.md: coordinates
// and radii at most 1e12 in magnitude, finite), and radii / extents / angles in their ranges:
// validate accepts exactly what the contract accepts (its answer for valid shapes is a fast
// path of its own, so both sides of each bound are tried).
TEST(Validation, EveryFieldAgainstTheDocumentedRange) {
  const Real lim = Real(1e12);
  const Real above = std::nextafter(lim, kInfR);
  const Real vals[] = {0, 1, -1, Real(-1e-30), lim, -lim, above, -above, kNaN, kInfR, -kInfR, Real(3.1), Real(3.2)};
  auto in = [](Real v) { return std::isfinite(v) && std::fabs(static_cast<LD>(v)) <= 1e12L; };
  for (Real x : vals) {
    SCOPED_TRACE(x);
    const bool f = in(x);
    EXPECT_EQ(!validate(Point{{x, 0}}), f);
    EXPECT_EQ(!validate(Point{{0, x}}), f);
    EXPECT_EQ(!validate(Circle{{x, 0}, 1}), f);
    EXPECT_EQ(!validate(Circle{{0, 0}, x}), f && x >= 0);
    EXPECT_EQ(!validate(Sector({0, x}, 1, 0, 1)), f);
    EXPECT_EQ(!validate(Sector({0, 0}, x, 0, 1)), f && x > 0);
    EXPECT_EQ(!validate(Sector({0, 0}, 1, x, 1)), f);
    EXPECT_EQ(!validate(Sector({0, 0}, 1, 0, x)), f && x >= 0 && x <= kPi);
    EXPECT_EQ(!validate(Aabb{{x, 0}, {lim, 1}}), f);
    EXPECT_EQ(!validate(Aabb{{-lim, 0}, {1, x}}), f && x >= 0);
    EXPECT_EQ(!validate(Box({x, 0}, {1, 1}, 0)), f);
    EXPECT_EQ(!validate(Box({0, 0}, {1, x}, 0)), f && x >= 0);
    EXPECT_EQ(!validate(Box({0, 0}, {1, 1}, x)), f);
    EXPECT_EQ(!validate(Capsule{{x, 0}, {1, 1}, 1}), f);
    EXPECT_EQ(!validate(Capsule{{0, 0}, {1, x}, 1}), f);
    EXPECT_EQ(!validate(Capsule{{0, 0}, {1, 1}, x}), f && x >= 0);
    EXPECT_EQ(!validate(Segment{{0, x}, {1, 1}}), f);
    EXPECT_EQ(!validate(Segment{{0, 0}, {x, 1}}), f);
  }
}

// A polygon moved so that one vertex, each in turn (whichever index it holds), lies just
// beyond the documented range while the others stay well inside is refused, naming "points";
// moved back a little (every vertex in range, still convex) it passes.
TEST(Validation, PolygonWithOneVertexOutOfRange) {
  const double angles[] = {0, 0.8, 1.7, 2.5, 3.3, 4.2, 5.3};
  for (double start : angles) {
    std::vector<Vec2> pts;
    for (double a : angles) pts.push_back({Real(1e9 * std::cos(a - start)), Real(1e9 * std::sin(a - start))});
    const auto base = make_polygon(pts, 0);
    ASSERT_TRUE(base.has_value());
    for (double beyond : {2e6, -2e6}) {
      SCOPED_TRACE(testing::Message() << "start " << start << " beyond " << beyond);
      const Polygon p = std::get<Polygon>(translated(Shape(*base), {Real(1e12 - 1e9 + beyond), 0}));
      bool out = false;
      for (int i = 0; i < p.count(); ++i) out = out || std::fabs(static_cast<LD>(p.vertex(i).x)) > 1e12L;
      ASSERT_EQ(out, beyond > 0);
      const auto why = validate(p);
      if (out) expect_invalid(why, {"points"}, "a polygon with a vertex out of range");
      else EXPECT_FALSE(why) << why->message;
    }
  }
}

// A polygon moved far from the origin can stop turning left at every vertex (its vertices
// round together): validate agrees with the definition, each cyclic triple (i, i+1, i+2) of
// vertex() turning strictly left, over offsets up to the limit and across the limit.
TEST(Validation, TranslatedPolygonsAgainstTheTripleDefinition) {
  std::vector<Vec2> ring;
  for (int k = 0; k < 64; ++k) ring.push_back(Vec2{std::cos(Real(k) * Real(0.0981748)), std::sin(Real(k) * Real(0.0981748))} * Real(50));
  auto p = make_polygon(ring, 0);
  ASSERT_TRUE(p);
  int accepted = 0, refused = 0;
  for (Real e = 0; e <= 13; e += Real(0.25)) {
    for (Vec2 dir : {Vec2{1, 0}, Vec2{Real(0.6), Real(-0.8)}}) {
      const Polygon q = translated(*p, dir * std::pow(Real(10), e));
      const int n = q.count();
      bool turns = true, in = true;
      for (int i = 0; i < n; ++i) {
        const Vec2 a = q.vertex(i), b = q.vertex((i + 1) % n), c = q.vertex((i + 2) % n);
        turns = turns && cross(b - a, c - b) > 0;
        in = in && std::fabs(static_cast<LD>(a.x)) <= 1e12L && std::fabs(static_cast<LD>(a.y)) <= 1e12L;
      }
      const bool ok = turns && in;
      EXPECT_EQ(!validate(q), ok) << "offset 1e" << e;
      (ok ? accepted : refused)++;
    }
  }
  EXPECT_GT(accepted, 0);
  EXPECT_GT(refused, 0);  // the rounding far out, or the limit, refuses some
}

std::optional<Invalid> polygon_error(std::vector<Vec2> pts, Real r = 0) {
  Invalid why;
  auto p = make_polygon(pts, r, &why);
  if (p) return std::nullopt;
  return why;
}

TEST(MakePolygon, RefusesInvalidInput) {
  expect_invalid(polygon_error({{0, 0}, {2, 0}, {1, 0.2f}, {2, 2}, {0, 2}}), {"points"}, "reflex vertex");
  expect_invalid(polygon_error({{0, 0}, {2, 2}, {2, 0}, {0, 2}}), {"points"}, "self-intersecting (bow tie)");
  expect_invalid(polygon_error({{0, 0}, {1, 1}, {2, 2}}), {"points"}, "collinear points");
  expect_invalid(polygon_error({{0, 0}, {1, 1}, {0, 0}, {1, 1}}), {"points"}, "two distinct points");
  expect_invalid(polygon_error({{0, 0}, {1, 1}}), {"points"}, "2 points");
  expect_invalid(polygon_error({}), {"points"}, "no points");
  expect_invalid(polygon_error({{0, 0}, {1, 0}, {0, 1}}, -1), {"radius"}, "negative radius");
  // a star order of a convex point set winds twice
  std::vector<Vec2> star;
  for (int i = 0; i < 5; ++i) {
    LD a = 2 * ref::kPiL * (2 * i) / 5;
    star.push_back({Real(std::cos(a)), Real(std::sin(a))});
  }
  expect_invalid(polygon_error(star), {"points"}, "pentagram order");
  // 65 points: too many, even on a circle
  std::vector<Vec2> many;
  for (int i = 0; i < 65; ++i) {
    LD a = 2 * ref::kPiL * i / 65;
    many.push_back({Real(std::cos(a)), Real(std::sin(a))});
  }
  expect_invalid(polygon_error(many), {"points"}, "65 points");
  many.pop_back();
  EXPECT_FALSE(polygon_error(many)) << "64 points are allowed";
}

/// The polygon must be the convex hull of the distinct corners, ccw, strictly convex.
void expect_polygon(const Polygon& p, std::vector<V> corners, Real radius) {
  ASSERT_EQ(p.count(), int(corners.size()));
  EXPECT_EQ(p.radius, radius);
  std::set<std::pair<LD, LD>> want, got;
  for (V c : corners) want.insert({c.x, c.y});
  for (int i = 0; i < p.count(); ++i) got.insert({p.vertex(i).x, p.vertex(i).y});
  EXPECT_EQ(want, got);
  for (int i = 0; i < p.count(); ++i) {
    V a = ref::toV(p.vertex(i)), b = ref::toV(p.vertex((i + 1) % p.count())),
      c = ref::toV(p.vertex((i + 2) % p.count()));
    EXPECT_GT(ref::cross(b - a, c - b), 0) << "not counter-clockwise and strictly convex at " << i;
    V e = b - a, n = ref::toV(p.normal(i));
    EXPECT_NEAR(ref::len(n), 1, 1e-6);
    EXPECT_NEAR(ref::dot(n, e), 0, 1e-5 * ref::len(e)) << "normal " << i << " not perpendicular";
    EXPECT_LT(ref::cross(e, n), 0) << "normal " << i << " not outward";
  }
}

TEST(MakePolygon, EitherWindingDropsRepeatedAndCollinear) {
  std::vector<Vec2> ccw = {{0, 0}, {1, 0}, {2, 0}, {2, 0}, {2, 1}, {2, 2}, {0, 2}, {0, 2}, {0, 1}};
  std::vector<V> corners = {{0, 0}, {2, 0}, {2, 2}, {0, 2}};
  auto a = make_polygon(ccw, 0.25f);
  ASSERT_TRUE(a);
  expect_polygon(*a, corners, 0.25f);
  std::vector<Vec2> cw(ccw.rbegin(), ccw.rend());
  auto b = make_polygon(cw);
  ASSERT_TRUE(b);
  expect_polygon(*b, corners, 0);
  // repeated first/last point (closed ring) and a triangle with collinear midpoints
  std::vector<Vec2> ring = {{0, 0}, {4, 0}, {2, 3}, {0, 0}};
  auto c = make_polygon(ring);
  ASSERT_TRUE(c);
  expect_polygon(*c, {{0, 0}, {4, 0}, {2, 3}}, 0);
  std::vector<Vec2> tri = {{0, 0}, {2, 0}, {4, 0}, {3, 1}, {2, 2}, {1, 1}};
  auto d = make_polygon(tri);
  ASSERT_TRUE(d);
  expect_polygon(*d, {{0, 0}, {4, 0}, {2, 2}}, 0);
  // random convex polygons in both windings, far from the origin too
  ref::Rng g(5);
  for (int i = 0; i < 200; ++i) {
    V c0 = i % 2 ? V{1e4, -1e4} : V{0, 0};
    auto pts = ref::random_convex_points(g, c0 + V{ref::uni(g, -1, 1), ref::uni(g, -1, 1)}, ref::uni(g, 0.3, 2));
    std::vector<Vec2> in;
    std::vector<V> rounded;
    for (V q : pts) in.push_back(ref::toR(q)), rounded.push_back(ref::toV(in.back()));
    auto p = make_polygon(in);
    ASSERT_TRUE(p) << "convex polygon refused (" << in.size() << " points)";
    expect_polygon(*p, rounded, 0);
  }
}

// A polygon posed in turn from bases of other vertex counts (its storage is sized to the count)
// holds each base turned and moved, against long double; a copy kept from before a pose keeps
// its vertices; a moved-from polygon is empty.
TEST(MakePolygon, PosesOfEveryCountKeepTheirOwnVertices) {
  Polygon o;
  std::vector<std::pair<Polygon, std::vector<Vec2>>> kept;
  const int counts[] = {8, 8, 3, 64, 5, 5};
  for (int k = 0; k < 6; ++k) {
    const int n = counts[k];
    const LD ang = 0.3L * (k + 1), co = std::cos(ang), si = std::sin(ang);  // a pose of its own
    const V centre{1.5L + k, -2.25L};
    auto turned = [&](V p) { return V{centre.x + co * p.x - si * p.y, centre.y + si * p.x + co * p.y}; };
    std::vector<Vec2> pts;
    for (int i = 0; i < n; ++i) {
      const LD a = 2 * 3.14159265358979323846L * i / n;
      pts.push_back(ref::toR(V{2 * std::cos(a), std::sin(a)}));
    }
    const auto base = make_polygon(pts, 0.125f);
    ASSERT_TRUE(base && base->count() == n);
    o.set_pose(*base, {0, 0}, ref::toR(centre), Rot::from_angle(Real(ang)));
    ASSERT_EQ(o.count(), n);
    EXPECT_EQ(o.radius, 0.125f);
    for (int i = 0; i < n; ++i) {
      const V want = turned(ref::toV(base->vertex(i)));
      EXPECT_NEAR(o.vertex(i).x, want.x, 1e-5) << "n " << n << " vertex " << i;
      EXPECT_NEAR(o.vertex(i).y, want.y, 1e-5) << "n " << n << " vertex " << i;
      const V bn = ref::toV(base->normal(i)), wn{co * bn.x - si * bn.y, si * bn.x + co * bn.y};
      EXPECT_NEAR(o.normal(i).x, wn.x, 1e-6) << "n " << n << " normal " << i;
      EXPECT_NEAR(o.normal(i).y, wn.y, 1e-6) << "n " << n << " normal " << i;
    }
    EXPECT_FALSE(validate(o).has_value());
    std::vector<Vec2> now;
    for (int i = 0; i < n; ++i) now.push_back(o.vertex(i));
    if (k != 4) kept.push_back({o, now});  // (so the second 5-gon pose reuses o's own storage)
  }
  for (const auto& [p, v] : kept) {
    ASSERT_EQ(p.count(), int(v.size()));
    for (int i = 0; i < p.count(); ++i) EXPECT_EQ(p.vertex(i), v[size_t(i)]);
  }
  const int n = o.count();
  Polygon m = std::move(o);
  EXPECT_EQ(m.count(), n);
  EXPECT_EQ(o.count(), 0);  // NOLINT(bugprone-use-after-move): the moved-from state is the point
  EXPECT_EQ(o.base_vertices(), nullptr);
  EXPECT_TRUE(validate(o).has_value());
}

TEST(Bounds, TightAgainstReferenceSupport) {
  ref::Rng g(11);
  for (int i = 0; i < 400; ++i) {
    int kind = i % 8;
    V c = i % 3 == 0 ? V{-1e4, 1e4} : V{ref::uni(g, -2, 2), ref::uni(g, -2, 2)};
    ref::Case s = ref::random_shape(kind, g, c, ref::uni(g, 0.3, 2), i % 4 == 1, i % 5 == 0);
    SCOPED_TRACE(s.text);
    const LD tol = ref::tolerance(s.ref.size(), s.ref.offset());
    Aabb b = bounds(s.shape);
    EXPECT_NEAR(b.max.x, s.ref.support({1, 0}), tol);
    EXPECT_NEAR(b.max.y, s.ref.support({0, 1}), tol);
    EXPECT_NEAR(b.min.x, -s.ref.support({-1, 0}), tol);
    EXPECT_NEAR(b.min.y, -s.ref.support({0, -1}), tol);
    Aabb typed = std::visit([](const auto& x) { return bounds(x); }, s.shape);
    EXPECT_EQ(typed.min, b.min);
    EXPECT_EQ(typed.max, b.max);
    EXPECT_EQ(has_area(s.shape), s.ref.area);
    EXPECT_FALSE(validate(s.shape).has_value());
  }
}

TEST(Shapes, TranslatedMovesEveryPoint) {
  ref::Rng g(12);
  for (int i = 0; i < 160; ++i) {
    ref::Case s = ref::random_shape(i % 8, g, {ref::uni(g, -2, 2), ref::uni(g, -2, 2)}, 1, i % 3 == 0);
    Vec2 t{Real(0.5), Real(-1.25)};
    Shape m = translated(s.shape, t);
    ASSERT_EQ(m.index(), s.shape.index());
    ref::Case moved = ref::translate_case(s, ref::toV(t));
    // same set: compare the reference distance of random probes
    for (int k = 0; k < 50; ++k) {
      V p{ref::uni(g, -4, 4), ref::uni(g, -4, 4)};
      LD expect = moved.ref.pdist(p);
      Aabb bm = bounds(m), bs = bounds(s.shape);
      EXPECT_NEAR(bm.min.x, bs.min.x + t.x, 1e-5);
      EXPECT_NEAR(bm.max.y, bs.max.y + t.y, 1e-5);
      auto d = collide2d::distance(m, Shape{Point{ref::toR(p)}});
      EXPECT_NEAR(LD(d.distance), expect, 2e-4) << s.text << " probe " << ref::fmtv(p);
    }
  }
}

TEST(Shapes, TypeNames) {
  const char* names[] = {"point", "circle", "sector", "aabb", "box", "capsule", "segment", "polygon"};
  for (int i = 0; i < kShapeTypeCount; ++i) EXPECT_STREQ(shape_type_name(i), names[i]);
}

TEST(Shapes, HasAreaEdgeCases) {
  EXPECT_FALSE(has_area(Point{{0, 0}}));
  EXPECT_FALSE(has_area(Circle{{0, 0}, 0}));
  EXPECT_TRUE(has_area(Circle{{0, 0}, 1e-7f}));
  EXPECT_FALSE(has_area(Sector({0, 0}, 1, 0, 0)));
  EXPECT_TRUE(has_area(Sector({0, 0}, 1, 0, 1e-6f)));
  EXPECT_FALSE(has_area(Aabb{{0, 0}, {0, 1}}));
  EXPECT_FALSE(has_area(Box({0, 0}, {1, 0}, 1)));
  EXPECT_TRUE(has_area(Box({0, 0}, {1, 1e-7f}, 1)));
  EXPECT_FALSE(has_area(Capsule{{0, 0}, {1, 0}, 0}));
  EXPECT_TRUE(has_area(Capsule{{0, 0}, {0, 0}, 1}));
  EXPECT_FALSE(has_area(Segment{{0, 0}, {1, 0}}));
}

}  // namespace
