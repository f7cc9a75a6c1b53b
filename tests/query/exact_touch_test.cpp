// collide2d - 2D collision detection for games. MIT License.
// Exact integer cases: every ordered pair placed so that they touch exactly at the origin
// (a on the left, x <= 0; b on the right, x >= 0, both containing (0, 0)). Touching counts as
// overlapping (closed sets); moved apart by 1/2 they are exactly 1/2 apart. Also regression
// cases for bugs found by the property tests.

#include <gtest/gtest.h>

#include <variant>

#include "collide2d/query.hpp"
#include "query/reference.hpp"

namespace {

using namespace ref;
using collide2d::Shape;

/// Shapes of each kind lying in x <= 0 and containing the origin (variant v picks a few forms).
std::vector<Case> left_shapes(int kind) {
  switch (kind) {
    case kPoint: return {mk_point({0, 0})};
    case kCircle: return {mk_circle({-1, 0}, 1), mk_circle({-2, 0}, 2)};
    case kSector:
      // (half_angle = pi, the whole disk: see KnownCases.WholeDiskSectorContainsItsTip)
      return {mk_sector({-2, 0}, 2, 0, 0.5L), mk_sector({-2, 0}, 2, 0, 0), mk_sector({-2, 0}, 2, 0, 2.5L)};
    case kAabb: return {mk_aabb({-2, -1}, {0, 1}), mk_aabb({-2, 0}, {0, 0})};
    case kBox: return {mk_box({-1, 0}, {1, 1}, 0), mk_box({-1, 0}, {1, 0}, 0)};
    case kCapsule: return {mk_capsule({-3, 0}, {-1, 0}, 1), mk_capsule({-1, -4}, {-1, 4}, 1)};
    case kSegment: return {mk_segment({-2, 0}, {0, 0}), mk_segment({0, -1}, {0, 1})};
    case kPolygon: {
      std::vector<Case> v;
      v.push_back(*mk_polygon({{-2, -1}, {0, -1}, {0, 0}, {0, 1}, {-2, 1}}, 0));
      v.push_back(*mk_polygon({{0, 0}, {-3, 2}, {-3, -2}}, 0));
      v.push_back(*mk_polygon({{-3, -1}, {-1, -1}, {-1, 1}, {-3, 1}}, 1));
      return v;
    }
  }
  return {};
}

/// The mirror images: in x >= 0, containing the origin.
std::vector<Case> right_shapes(int kind) {
  switch (kind) {
    case kPoint: return {mk_point({0, 0})};
    case kCircle: return {mk_circle({1, 0}, 1), mk_circle({3, 0}, 3)};
    case kSector:  // the apex at the origin, facing +x, not wider than pi/2
      return {mk_sector({0, 0}, 2, 0, 0.5L), mk_sector({0, 0}, 2, 0, 0), mk_sector({0, 0}, 3, 0, 1.5L)};
    case kAabb: return {mk_aabb({0, -1}, {2, 1}), mk_aabb({0, 0}, {2, 0})};
    case kBox: return {mk_box({1, 0}, {1, 1}, 0), mk_box({1, 0}, {1, 2}, 0)};
    case kCapsule: return {mk_capsule({1, 0}, {3, 0}, 1), mk_capsule({1, 2}, {1, -2}, 1)};
    case kSegment: return {mk_segment({0, 0}, {2, 0}), mk_segment({0, -2}, {0, 1})};
    case kPolygon: {
      std::vector<Case> v;
      v.push_back(*mk_polygon({{0, -1}, {2, -1}, {2, 1}, {0, 1}}, 0));
      v.push_back(*mk_polygon({{0, 0}, {2, -2}, {2, 2}}, 0));
      v.push_back(*mk_polygon({{1, -1}, {3, -1}, {3, 1}, {1, 1}}, 1));
      return v;
    }
  }
  return {};
}

class ExactTouch : public testing::TestWithParam<std::pair<int, int>> {};

TEST_P(ExactTouch, TouchingOverlapsAndHalfApartIsHalf) {
  auto [ka, kb] = GetParam();
  for (const Case& a : left_shapes(ka))
    for (const Case& b0 : right_shapes(kb)) {
      SCOPED_TRACE("a = " + a.text + "  b = " + b0.text);
      ASSERT_EQ(a.ref.pdist({0, 0}), 0);
      ASSERT_EQ(b0.ref.pdist({0, 0}), 0);
      const bool typed = std::visit([](const auto& x, const auto& y) { return collide2d::overlaps(x, y); },
                                    a.shape, b0.shape);
      EXPECT_TRUE(typed) << "touching shapes must overlap (closed sets)";
      EXPECT_TRUE(collide2d::overlaps(a.shape, b0.shape));
      auto d0 = collide2d::distance(a.shape, b0.shape);
      EXPECT_LE(d0.distance, 1e-5f);
      auto m = collide2d::contact(a.shape, b0.shape);
      EXPECT_TRUE(m.touching);
      if (m.touching) {
        EXPECT_LE(m.depth, 1e-5f) << "touching shapes have depth 0";
        for (int i = 0; i < m.point_count; ++i) {
          EXPECT_LE(a.ref.pdist(toV(m.points[i])), 1e-5L) << fmtv(m.points[i]);
          EXPECT_LE(b0.ref.pdist(toV(m.points[i])), 1e-5L) << fmtv(m.points[i]);
        }
      }
      // half apart
      Case b = translate_case(b0, {0.5L, 0});
      EXPECT_FALSE(collide2d::overlaps(a.shape, b.shape));
      EXPECT_FALSE(collide2d::overlaps(b.shape, a.shape));
      auto d = collide2d::distance(a.shape, b.shape);
      EXPECT_NEAR(d.distance, 0.5, 1e-5);
      EXPECT_LE(a.ref.pdist(toV(d.point_a)), 1e-5L);
      EXPECT_LE(b.ref.pdist(toV(d.point_b)), 1e-5L);
      auto dr = collide2d::distance(b.shape, a.shape);
      EXPECT_NEAR(dr.distance, 0.5, 1e-5);
      EXPECT_FALSE(collide2d::contact(a.shape, b.shape).touching);
      // and a ray from the far right towards -x stops on b's leftmost points (x = 0.5)
      collide2d::Ray ray{{10, 0}, {-3, 0}, 100};
      auto hit = collide2d::raycast(a.shape, ray);
      ASSERT_TRUE(hit.hit);
      EXPECT_NEAR(hit.distance, 10, 1e-5);
      EXPECT_NEAR(hit.point.x, 0, 1e-5);
      EXPECT_GT(hit.normal.x, 0) << "a's rightmost boundary faces +x";
      EXPECT_LE(a.ref.support(toV(hit.normal)), 1e-5L)
          << "normal " << fmtv(hit.normal) << " is not an outward normal at the origin";
    }
}

std::vector<std::pair<int, int>> pairs() {
  std::vector<std::pair<int, int>> v;
  for (int i = 0; i < 8; ++i)
    for (int j = 0; j < 8; ++j) v.push_back({i, j});
  return v;
}
INSTANTIATE_TEST_SUITE_P(AllPairs, ExactTouch, testing::ValuesIn(pairs()),
                         [](const testing::TestParamInfo<std::pair<int, int>>& i) {
                           return std::string(kind_name(i.param.first)) + "_" + kind_name(i.param.second);
                         });

// Rays from outside at a point / segment endpoint exactly on the ray; origin on the boundary.
TEST(ExactTouch, RaysAtShapesWithoutArea) {
  collide2d::Ray ray{{-4, 0}, {2, 0}, 10};
  auto p = collide2d::raycast(collide2d::Point{{1, 0}}, ray);
  ASSERT_TRUE(p.hit);
  EXPECT_FLOAT_EQ(p.distance, 5);
  EXPECT_FLOAT_EQ(p.normal.x, -1) << "the side facing the origin";
  auto s = collide2d::raycast(collide2d::Segment{{1, -1}, {1, 1}}, ray);
  ASSERT_TRUE(s.hit);
  EXPECT_FLOAT_EQ(s.distance, 5);
  EXPECT_FLOAT_EQ(s.normal.x, -1);
  auto e = collide2d::raycast(collide2d::Segment{{1, 0}, {3, 0}}, ray);  // along the segment
  ASSERT_TRUE(e.hit);
  EXPECT_FLOAT_EQ(e.distance, 5);
  collide2d::Ray shortray{{-4, 0}, {2, 0}, 4.5f};
  EXPECT_FALSE(collide2d::raycast(collide2d::Point{{1, 0}}, shortray).hit);
  collide2d::Ray exact{{-4, 0}, {2, 0}, 5};
  EXPECT_TRUE(collide2d::raycast(collide2d::Segment{{1, -1}, {1, 1}}, exact).hit) << "t == max_distance";
  auto on = collide2d::raycast(collide2d::Aabb{{0, 0}, {1, 1}}, collide2d::Ray{{1, 1}, {1, 0}, 1});
  EXPECT_TRUE(on.hit && on.inside) << "origin on the boundary is inside";
  EXPECT_EQ(on.distance, 0);
}

// Regression cases found by the property tests (see the report). Each states the exact input.
TEST(KnownCases, WholeDiskSectorContainsItsTip) {
  collide2d::Sector s({-2, 0}, 2, 0, collide2d::kPi);
  EXPECT_TRUE(collide2d::overlaps(s, collide2d::Point{{0, 0}}));
  EXPECT_TRUE(collide2d::overlaps(s, collide2d::Circle{{1, 0}, 1}));
  auto hit = collide2d::raycast(s, collide2d::Ray{{10, 0}, {-1, 0}, 100});
  ASSERT_TRUE(hit.hit);
  EXPECT_NEAR(hit.distance, 10, 1e-5);
  EXPECT_NEAR(hit.normal.x, 1, 1e-5);
}

TEST(KnownCases, ThinSectorFarFromOriginVsFlatAabb) {
  // 1.78 apart: a sector of half_angle 1e-6 and a zero-height aabb, near (-1e4, 1e4).
  collide2d::Sector s({-9999.40723f, 10001.3076f}, 1.05362892f, -1.10410607f, 9.99999997e-07f);
  collide2d::Aabb b{{-9998.52832f, 9998.63281f}, {-9997.01855f, 9998.63281f}};
  EXPECT_FALSE(collide2d::overlaps(s, b));
  EXPECT_FALSE(collide2d::contact(s, b).touching);
  EXPECT_NEAR(collide2d::distance(s, b).distance, 1.7804853, 0.05);
}

TEST(KnownCases, CircleCenteredOnSegmentNormalIsPerpendicular) {
  // b = circle of radius r centered (to rounding) on segment a: the shortest way out is r
  // along the segment's normal; any other normal leaves them overlapping.
  Case a = mk_segment({1.74310994L, 0.881847084L}, {-0.385946989L, 0.188370079L});
  Case b = mk_circle({0.488588393L, 0.473223984L}, 0.0449860543L);
  auto m = collide2d::contact(a.shape, b.shape);
  ASSERT_TRUE(m.touching);
  V seg = a.ref.b - a.ref.a;
  EXPECT_NEAR(std::fabs(cross(seg * (1 / len(seg)), toV(m.normal))), 1, 1e-3) << fmtv(m.normal);
  EXPECT_NEAR(m.depth, 0.0449860543, 1e-4);
}

TEST(KnownCases, PointOnCapsuleCoreNormalIsPerpendicular) {
  Case a = mk_point({-0.189610586L, -0.422241271L});
  Case b = mk_capsule({-0.0872015506L, -0.560213029L}, {-0.292019606L, -0.284269482L}, 0.0451716781L);
  auto m = collide2d::contact(a.shape, b.shape);
  ASSERT_TRUE(m.touching);
  V seg = b.ref.b - b.ref.a;
  EXPECT_NEAR(std::fabs(cross(seg * (1 / len(seg)), toV(m.normal))), 1, 1e-3) << fmtv(m.normal);
}

TEST(KnownCases, PointInNearlyFullSectorDoesNotLeaveThroughAHairlineNotch) {
  // half_angle pi - 1e-6: the notch is 2e-6 rad wide, far thinner than any tolerance. A point
  // moved onto the apex (0.5042 away) would be outside the interior, but any further push
  // re-enters the sector, so that is not an escape (as the conformance checker reads depth):
  // the shortest robust way out is to the arc, 0.6537 away (radius minus the center distance).
  collide2d::Sector s({0.1035f, -0.1973f}, 1.15789497f, -1.34346843f, 3.14159155f);
  collide2d::Point p{{0.4258f, -0.585f}};
  auto m = collide2d::contact(s, p);
  ASSERT_TRUE(m.touching);
  const double arc = 1.15789497 - std::hypot(0.4258 - 0.1035, -0.585 + 0.1973);
  EXPECT_NEAR(m.depth, arc, 2e-3);
  collide2d::Vec2 moved = p.at + m.normal * (m.depth * 1.001f + 1e-4f);
  EXPECT_FALSE(collide2d::overlaps(s, collide2d::Point{moved}));
}

TEST(KnownCases, ThinSectorCrossingSegmentCommonPoint) {
  // They intersect about 0.0013 from the apex; the closest points must be a common point.
  Case a = mk_sector({1.34461224L, 1.04298782L}, 1.88284469L, -2.83165264L, 9.99999997e-07L);
  Case b = mk_segment({1.62507844L, 0.909759223L}, {0.815091431L, 1.29151797L});
  auto d = collide2d::distance(a.shape, b.shape);
  EXPECT_LE(d.distance, 1e-4);
  EXPECT_LE(a.ref.pdist(toV(d.point_a)), 2e-4L);
  EXPECT_LE(b.ref.pdist(toV(d.point_b)), 2e-4L) << fmtv(d.point_b);
}

}  // namespace
