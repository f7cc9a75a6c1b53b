// collide2d - 2D collision detection for games. MIT License.
// Polygons with holes: the exact orientation predicate against 128-bit integer arithmetic,
// point location (crossing test and winding number) against Boost.Geometry and on exact
// vertices / edge points, nearest points against Boost.Geometry's distances.

#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>
#include <random>
#include <vector>

#include <boost/geometry.hpp>
#include <boost/geometry/geometries/point_xy.hpp>
#include <boost/geometry/geometries/polygon.hpp>
#include <boost/geometry/geometries/linestring.hpp>
#include <gtest/gtest.h>

#include "collide2d/polygon_map.hpp"

namespace bg = boost::geometry;
using collide2d::Vec2;
using collide2d::Real;
using BPoint = bg::model::d2::point_xy<double>;
using BPoly = bg::model::polygon<BPoint, false, false>;  // counter-clockwise, open rings
using BLine = bg::model::linestring<BPoint>;

namespace {

__extension__ using Int128 = __int128;  // (a GCC/Clang extension, as the exact reference needs)
int sign128(Int128 v) { return v > 0 ? 1 : (v < 0 ? -1 : 0); }

// Coordinates in [1, 2): x = 1 + m 2^-52 with m an integer; differences are integers times
// 2^-52, so the determinant scaled by 2^104 is an exact 128-bit integer.
long long mant(double x) { return (long long)std::ldexp(x - 1.0, 52); }

// A star-shaped concave polygon around c with integer vertices.
std::vector<Vec2> star(std::mt19937& rng, double cx, double cy, double rmin, double rmax, int n) {
  std::uniform_real_distribution<double> ur(rmin, rmax);
  std::vector<Vec2> v;
  for (int i = 0; i < n; ++i) {
    const double a = 2 * 3.14159265358979 * i / n, r = ur(rng);
    v.push_back(Vec2(Real(std::round(cx + r * std::cos(a))), Real(std::round(cy + r * std::sin(a)))));
  }
  return v;
}

BPoly to_boost(const collide2d::PolygonWithHoles& p) {
  BPoly b;
  for (Vec2 v : p.outer) b.outer().push_back(BPoint(v.x, v.y));
  for (const auto& h : p.holes) {
    b.inners().emplace_back();
    for (Vec2 v : h) b.inners().back().push_back(BPoint(v.x, v.y));
  }
  return b;
}

collide2d::PolygonWithHoles random_polygon(std::mt19937& rng) {
  // Outer: a star of radius 60..100; holes: small stars well inside, apart from each other.
  std::vector<std::vector<Vec2>> holes;
  std::uniform_real_distribution<double> u(-30, 30);
  std::vector<std::pair<double, double>> centres;
  for (int k = 0; k < 6; ++k) {
    const double cx = u(rng), cy = u(rng);
    bool ok = true;
    for (auto [x, y] : centres) ok = ok && std::hypot(cx - x, cy - y) > 22;
    if (!ok) continue;
    centres.push_back({cx, cy});
    holes.push_back(star(rng, cx, cy, 4, 10, 7));
  }
  return collide2d::PolygonWithHoles::make(star(rng, 0, 0, 60, 100, 23), holes).value();
}

}  // namespace

TEST(PolygonMapOrient, MatchesExactIntegerArithmetic) {
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> u(1.0, 2.0);
  std::uniform_int_distribution<int> ulps(-3, 3);
  int zero = 0, nonzero = 0;
  for (int k = 0; k < 20000; ++k) {
    const double ax = u(rng), ay = u(rng), bx = u(rng), by = u(rng);
    const double t = u(rng) - 1.0;
    // c near the line ab (often exactly on it after rounding, or a few ulps off).
    double cx = ax + t * (bx - ax), cy = ay + t * (by - ay);
    cx = std::nextafter(cx, ulps(rng) > 0 ? 3.0 : 0.0);
    if (ulps(rng) == 0) cy = std::nextafter(cy, 3.0);
    if (!(cx >= 1 && cx < 2 && cy >= 1 && cy < 2)) continue;
    const Int128 det = Int128(mant(bx) - mant(ax)) * (mant(cy) - mant(ay)) -
                         Int128(mant(by) - mant(ay)) * (mant(cx) - mant(ax));
    const int want = sign128(det);
    (want == 0 ? zero : nonzero)++;
    ASSERT_EQ(collide2d::orient2d(ax, ay, bx, by, cx, cy), want) << k;
  }
  EXPECT_GT(nonzero, 1000);
  // Exactly collinear integer triples far from the origin.
  for (int k = 0; k < 2000; ++k) {
    std::uniform_int_distribution<long long> ui(-(1LL << 40), 1LL << 40);
    std::uniform_int_distribution<int> us(-50, 50);
    const double ax = double(ui(rng)), ay = double(ui(rng));
    const double dx = double(us(rng)), dy = double(us(rng));
    const double s = double(us(rng));
    EXPECT_EQ(collide2d::orient2d(ax, ay, ax + dx, ay + dy, ax + s * dx, ay + s * dy), 0);
    EXPECT_EQ(collide2d::orient2d(ax, ay, ax + dx, ay + dy, ax + s * dx + 1, ay + s * dy),
              sign128(-Int128(dy)));
  }
}

TEST(PolygonMapLocate, CrossingAndWindingAgreeWithBoost) {
  std::mt19937 rng(11);
  int inside = 0, outside = 0, boundary = 0;
  for (int trial = 0; trial < 40; ++trial) {
    const auto poly = random_polygon(rng);
    const BPoly b = to_boost(poly);
    ASSERT_TRUE(bg::is_valid(b));
    std::uniform_real_distribution<double> u(-110, 110);
    std::uniform_int_distribution<int> ui(-110, 110);
    for (int k = 0; k < 600; ++k) {
      // Half the points on the integer lattice (vertices and exact edge points are hit).
      const Vec2 p = k & 1 ? Vec2(Real(ui(rng)), Real(ui(rng))) : Vec2(Real(u(rng)), Real(u(rng)));
      const BPoint bp(p.x, p.y);
      const bool covered = bg::covered_by(bp, b), within = bg::within(bp, b);
      const auto want = within ? collide2d::PointLocation::inside
                               : (covered ? collide2d::PointLocation::boundary
                                          : collide2d::PointLocation::outside);
      ASSERT_EQ(collide2d::locate_crossing(poly, p), want) << p.x << " " << p.y;
      ASSERT_EQ(collide2d::locate_winding(poly, p), want) << p.x << " " << p.y;
      ASSERT_EQ(collide2d::contains(poly, p), covered);
      (want == collide2d::PointLocation::inside ? inside
       : want == collide2d::PointLocation::outside ? outside : boundary)++;
    }
  }
  EXPECT_GT(inside, 1000);
  EXPECT_GT(outside, 1000);
}

TEST(PolygonMapLocate, VerticesAndEdgePointsAreBoundary) {
  std::mt19937 rng(12);
  for (int trial = 0; trial < 30; ++trial) {
    const auto poly = random_polygon(rng);
    std::vector<const std::vector<Vec2>*> rings{&poly.outer};
    for (const auto& h : poly.holes) rings.push_back(&h);
    for (const auto* r : rings) {
      for (std::size_t i = 0; i < r->size(); ++i) {
        const Vec2 a = (*r)[i], c = (*r)[(i + 1) % r->size()];
        EXPECT_EQ(collide2d::locate_crossing(poly, a), collide2d::PointLocation::boundary);
        EXPECT_EQ(collide2d::locate_winding(poly, a), collide2d::PointLocation::boundary);
        // Points of the edge with exact coordinates: a + (c - a) * k / 4 (integer vertices).
        for (int k = 1; k < 4; ++k) {
          const Vec2 q(a.x + (c.x - a.x) * Real(k) / 4, a.y + (c.y - a.y) * Real(k) / 4);
          EXPECT_EQ(collide2d::locate_crossing(poly, q), collide2d::PointLocation::boundary);
          EXPECT_EQ(collide2d::locate_winding(poly, q), collide2d::PointLocation::boundary);
          EXPECT_EQ(collide2d::signed_distance(poly, q), 0);
        }
      }
    }
  }
}

TEST(PolygonMapNearest, DistancesAgreeWithBoost) {
  std::mt19937 rng(13);
  for (int trial = 0; trial < 30; ++trial) {
    const auto poly = random_polygon(rng);
    std::vector<collide2d::Wall> walls;
    std::vector<BLine> rings;
    auto add_ring = [&](const std::vector<Vec2>& r) {
      BLine l;
      for (std::size_t i = 0; i <= r.size(); ++i) l.push_back(BPoint(r[i % r.size()].x, r[i % r.size()].y));
      rings.push_back(l);
      for (std::size_t i = 0; i < r.size(); ++i) walls.push_back({r[i], r[(i + 1) % r.size()]});
    };
    add_ring(poly.outer);
    for (const auto& h : poly.holes) add_ring(h);
    std::uniform_real_distribution<double> u(-150, 150);
    for (int k = 0; k < 300; ++k) {
      const Vec2 p(Real(u(rng)), Real(u(rng)));
      double want = 1e300;
      for (const auto& l : rings) want = std::min(want, bg::distance(BPoint(p.x, p.y), l));
      const double tol = 1e-4 * (1 + want);
      const auto nb = collide2d::nearest_on_boundary(poly, p);
      EXPECT_NEAR(nb.distance, want, tol);
      // The returned point is on the boundary and at the returned distance.
      EXPECT_NEAR(std::hypot(nb.point.x - p.x, nb.point.y - p.y), nb.distance, tol);
      double on = 1e300;
      for (const auto& l : rings) on = std::min(on, bg::distance(BPoint(nb.point.x, nb.point.y), l));
      EXPECT_NEAR(on, 0, 1e-3);
      const auto nw = collide2d::nearest_wall(walls, p);
      EXPECT_NEAR(nw.distance, want, tol);
      // Polyline: the outer ring opened at vertex 0.
      std::vector<Vec2> open = poly.outer;
      const auto np = collide2d::nearest_on_polyline(open, p);
      BLine ol;
      for (Vec2 v : open) ol.push_back(BPoint(v.x, v.y));
      EXPECT_NEAR(np.distance, bg::distance(BPoint(p.x, p.y), ol), tol);
      const Real sd = collide2d::signed_distance(poly, p);
      EXPECT_NEAR(std::fabs(sd), want, tol);
      EXPECT_EQ(sd < 0, bg::within(BPoint(p.x, p.y), to_boost(poly)));
    }
  }
}

TEST(PolygonMapNearest, SegmentEndsAndDegenerate) {
  const Vec2 a(0, 0), b(10, 0);
  EXPECT_EQ(collide2d::nearest_on_segment(a, b, Vec2(-5, 3)), a);
  EXPECT_EQ(collide2d::nearest_on_segment(a, b, Vec2(15, 3)), b);
  EXPECT_EQ(collide2d::nearest_on_segment(a, b, Vec2(4, 3)), Vec2(4, 0));
  EXPECT_EQ(collide2d::nearest_on_segment(a, a, Vec2(4, 3)), a);
  EXPECT_EQ(collide2d::nearest_on_polyline(std::vector<Vec2>{Vec2(1, 1)}, Vec2(4, 5)).distance, 5);
  EXPECT_EQ(collide2d::nearest_on_polyline(std::vector<Vec2>{}, Vec2(4, 5)).index, -1);
}

TEST(PolygonMapMake, RejectsBadRingsNamingTheFieldAndOrients) {
  using collide2d::PolygonWithHoles;
  const std::vector<Vec2> square = {Vec2(0, 0), Vec2(0, 10), Vec2(10, 10), Vec2(10, 0)};
  const std::vector<Vec2> tri = {Vec2(2, 2), Vec2(4, 2), Vec2(4, 4)};
  const Real nan = std::numeric_limits<Real>::quiet_NaN();
  struct Case {
    std::vector<Vec2> outer;
    std::vector<std::vector<Vec2>> holes;
    const char* field;
  } cases[] = {
      {{Vec2(0, 0), Vec2(1, 0)}, {}, "outer"},
      {{Vec2(0, 0), Vec2(1, 0), Vec2(2, 0)}, {}, "outer"},
      {{Vec2(0, 0), Vec2(1, nan), Vec2(2, 1)}, {}, "outer[1]"},
      {square, {tri, {Vec2(1, 1), Vec2(2, 2)}}, "holes[1]"},
      {square, {tri, {Vec2(1, 1), Vec2(2, 1), Vec2(1, std::numeric_limits<Real>::infinity())}}, "holes[1][2]"},
      {square, {{Vec2(1, 1), Vec2(2, 2), Vec2(3, 3)}}, "holes[0]"},
  };
  for (const Case& c : cases) {
    collide2d::Invalid why;
    EXPECT_FALSE(PolygonWithHoles::make(c.outer, c.holes, &why)) << c.field;
    EXPECT_EQ(why.field, c.field) << why.text();
    EXPECT_FALSE(why.message.empty());
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
    try {  // the deprecated form throws the same refusal
      (void)collide2d::make_polygon_with_holes(c.outer, c.holes);
      ADD_FAILURE() << c.field << " accepted by make_polygon_with_holes";
    } catch (const std::invalid_argument& e) {
      EXPECT_EQ(std::string(e.what()), why.text());
    }
#pragma GCC diagnostic pop
  }
  const auto p = PolygonWithHoles::make(square, {tri}).value();
  EXPECT_GT(collide2d::signed_area(p.outer), 0);
  EXPECT_LT(collide2d::signed_area(p.holes[0]), 0);
  EXPECT_EQ(collide2d::winding_number(p.outer, Vec2(5, 5)), 1);
  EXPECT_EQ(collide2d::locate_winding(p, Vec2(3.5, 2.5)), collide2d::PointLocation::outside);
}
