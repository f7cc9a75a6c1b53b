// collide2d - 2D collision detection for games. MIT License.
// The contact of two rectangles (box - box, box - aabb, aabb - box), which decides the cores'
// separation from their float separations where those are clear of their rounding
// (convex_contact with a normal turn bound), against the general hull path it stands in for
// (convex_contact on the same hulls, every separation decided by the exact orientations): the
// same manifold bit for bit, over random pairs near the origin and far from it (10, 3000),
// apart, touching within ulps (edges parallel: the same angle, b placed at the sum of the
// half extents along a's axis), exactly touching (angle 0, sides on one line), deep (the same
// center) and degenerate (zero, tiny or very unequal extents). The touching decision is also
// checked against exact touching where the sides are shared exactly.

#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <string>

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
  /// Half extents: mostly 0.1-1; by turns one zero, both zero, one tiny (1e-6), or 1e-3 by 2.
  Vec2 half(int i) {
    Vec2 h{uni(0.1, 1), uni(0.1, 1)};
    switch (i % 11) {
      case 3: h.x = 0; break;
      case 5: h = {0, 0}; break;
      case 7: h.y = Real(1e-6); break;
      case 9: h = {Real(1e-3), 2}; break;
      default: break;
    }
    return h;
  }
};

/// One case: a at c, b placed by `kind` (0: random offset, 1: edges parallel within ulps of
/// touching along a's x axis, 2: the same center, 3: exactly touching sides, angle 0).
struct Case {
  Box a, b;
  bool shared = false;  // b's left side lies exactly on a's right side's line, overlapping along y
};

Case make_case(Draw& r, int i) {
  const Real far = Draw::far(i);
  const Vec2 c{r.uni(-1, 1) * far, r.uni(-1, 1) * far};
  const Vec2 ha = r.half(i), hb = r.half(i / 11 + i);
  const int kind = i % 4;
  const Real angle = kind == 3 ? Real(0) : r.uni(0, 6.3);
  Case k;
  k.a = Box(c, ha, angle);
  if (kind == 0) k.b = Box(c + Vec2{r.uni(-2, 2), r.uni(-2, 2)}, hb, r.uni(0, 6.3));
  if (kind == 1) {
    const Real along = (ha.x + hb.x) * (1 + r.uni(-1, 1) * 8 * std::numeric_limits<Real>::epsilon());
    k.b = Box(c + k.a.rot().x_axis() * along + k.a.rot().y_axis() * r.uni(-1, 1), hb, angle);
  }
  if (kind == 2) k.b = Box(c + Vec2{r.uni(-1, 1), r.uni(-1, 1)} * Real(1e-3), hb, r.uni(0, 6.3));
  if (kind == 3) {
    // Dyadic values: a's right side and b's left side on one line, exactly.
    const Vec2 ca{std::round(c.x), std::round(c.y)};
    const Vec2 qa{Real(0.25) * Real(1 + i % 3), Real(0.5)}, qb{Real(0.5), Real(0.25) * Real(1 + i % 5)};
    const Real dy = Real(0.125) * Real(i % 13 - 6);
    k.a = Box(ca, qa, 0);
    k.b = Box(ca + Vec2{qa.x + qb.x, dy}, qb, 0);
    k.shared = std::fabs(dy) <= qa.y + qb.y;
  }
  return k;
}

using test::same_bits;

Aabb aabb_of(const Box& b) {
  const Vec2 h = b.half_extents;
  return {b.center - h, b.center + h};
}

TEST(ContactRect, FilteredSeparationGivesTheGeneralPathsManifold) {
  Draw r(3232);
  int touching = 0, apart = 0, shared = 0;
  for (int i = 0; i < 30000; ++i) {
    const Case k = make_case(r, i);
    SCOPED_TRACE("case " + std::to_string(i));
    const Aabb bb = aabb_of(k.b);
    const Manifold boxes = contact(k.a, k.b);
    const Manifold box_aabb = contact(k.a, bb), aabb_box = contact(bb, k.a);
    EXPECT_TRUE(same_bits(boxes, detail::convex_contact(detail::Hull(k.a), detail::Hull(k.b))));
    EXPECT_TRUE(same_bits(box_aabb, detail::convex_contact(detail::Hull(k.a), detail::Hull(bb))));
    EXPECT_TRUE(same_bits(aabb_box, detail::convex_contact(detail::Hull(bb), detail::Hull(k.a))));
    if (k.shared) {
      ++shared;
      EXPECT_TRUE(boxes.touching);
      EXPECT_EQ(boxes.depth, 0);
    }
    (boxes.touching ? touching : apart) += 1;
  }
  EXPECT_GT(touching, 10000);
  EXPECT_GT(apart, 3000);
  EXPECT_GT(shared, 1000);
}

}  // namespace
