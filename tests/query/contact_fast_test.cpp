// collide2d - 2D collision detection for games. MIT License.
// The closed-form contacts: two aabbs against the general hull path (the same aabbs as
// polygons) and against exact touching: sides shared exactly touch with depth 0, a gap of one
// ulp does not; the depth is the least of the four pushes, the normal its direction, and the
// points lie within the depth of both boxes.

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>

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

TEST(ContactFast, AabbPairsAgreeWithTheHullPath) {
  std::mt19937 rng(2024);
  auto uni = [&](double lo, double hi) { return Real(std::uniform_real_distribution<double>(lo, hi)(rng)); };
  int touching = 0, apart = 0;
  for (int i = 0; i < 4000; ++i) {
    const Real far = i % 3 == 0 ? Real(0) : (i % 3 == 1 ? Real(10) : Real(3000));
    const Vec2 ca{uni(-1, 1) * far, uni(-1, 1) * far};
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
    if (i % 7 == 1) EXPECT_FALSE(m.touching);
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

}  // namespace
