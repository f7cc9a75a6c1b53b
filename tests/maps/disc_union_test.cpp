// collide2d - 2D collision detection for games. MIT License.
// DiscUnion against the brute-force reference (disc_union_reference.hpp): the coast of random
// unions up to 2,000 discs and of the degenerate families (exact tangency, identical and
// concentric copies, nested discs, circles through one point, pinholes, slivers), signed
// distance with nearest coast point and normal, containment of points and disks, the
// nearest land point where a character fits (against a grid search), coast ray casts (against
// every ray-circle crossing), contacts, validation.

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>

#include "collide2d/disc_union.hpp"
#include "maps/disc_union_reference.hpp"

namespace {

using namespace collide2d;

/// Bad input is not free (no crash): a NaN point, a negative or infinite radius.
bool u_is_free_nan() {
  const DiscUnion u(std::vector<Circle>{Circle{{0, 0}, 5}});
  const Real nan = std::numeric_limits<Real>::quiet_NaN();
  return u.is_free(Vec2{nan, 0}) || u.is_free(Circle{{0, 0}, -1}) ||
         u.is_free(Circle{{0, 0}, std::numeric_limits<Real>::infinity()}) || !u.is_free(Circle{{0, 0}, 1});
}
using ref_union::LD;

/// The comparison slack: a few tolerances, plus float rounding of stored angles.
LD slack_of(const DiscUnion& u) {
  const LD scale = std::max(std::fabs(LD(u.bounds().min.x)), std::max(std::fabs(LD(u.bounds().max.x)),
                            std::max(std::fabs(LD(u.bounds().min.y)), std::fabs(LD(u.bounds().max.y)))));
  return 8 * LD(u.tolerance()) + LD(sizeof(Real) == 8 ? 1e-9 : 4e-6) * (1 + scale);
}

/// Checks the coast of `discs` against the brute force: every library arc lies on no other
/// disc's interior, every reference arc is covered by library arcs of the same disc, and the
/// total lengths agree.
void check_coast(const std::vector<Circle>& discs, const std::string& what) {
  const DiscUnion u(discs);
  const ref_union::Union ref(discs, LD(u.tolerance()));
  const LD slack = slack_of(u);
  SCOPED_TRACE(what + ", " + std::to_string(discs.size()) + " discs");
  std::vector<std::vector<std::size_t>> by_disc(discs.size());
  for (std::size_t k = 0; k < u.arcs().size(); ++k) {
    const CoastArc& a = u.arcs()[k];
    ASSERT_LT(a.disc, discs.size());
    ASSERT_GT(a.arc.sweep, 0);
    ASSERT_LE(a.arc.sweep, 2 * kPi);
    ASSERT_GE(a.arc.start, 0);
    ASSERT_LT(a.arc.start, Real(2 * kPi + 1e-6));
    by_disc[a.disc].push_back(k);
    const int samples = discs.size() > 1000 ? 2 : 4;
    for (int s = 0; s <= samples; ++s) {
      const LD t = LD(a.arc.start) + LD(a.arc.sweep) * (LD(0.02) + LD(0.96) * s / samples);
      const LD px = LD(a.arc.center.x) + LD(a.arc.radius) * std::cos(t);
      const LD py = LD(a.arc.center.y) + LD(a.arc.radius) * std::sin(t);
      ASSERT_LE(ref.depth_in_others(px, py, int(a.disc)), slack)
          << "library arc " << k << " (disc " << a.disc << ") runs inside another disc at " << double(t);
    }
  }
  for (const ref_union::RArc& a : ref.arcs) {
    const ref_union::D& d = ref.d[std::size_t(a.disc)];
    for (int s = 0; s < 3; ++s) {
      const LD t = a.a0 + (a.a1 - a.a0) * (LD(0.1) + LD(0.4) * s);
      const LD px = d.x + d.r * std::cos(t), py = d.y + d.r * std::sin(t);
      LD best = ref_union::kInfL;
      for (std::size_t k : by_disc[std::size_t(a.disc)])
        best = std::min(best, LD(distance(u.arcs()[k].arc, Vec2{Real(px), Real(py)})));
      ASSERT_LE(best, slack) << "reference coast of disc " << a.disc << " at angle " << double(t)
                             << " is missing";
    }
  }
  const LD len = u.coast_length(), rlen = ref.length();
  EXPECT_NEAR(double(len), double(rlen), double(slack * LD(4 * (ref.arcs.size() + 1))));
  EXPECT_EQ(u.arcs().size(), ref.arcs.size());
}

/// Checks coast() at points near the coast, inside, and far away against the brute force.
void check_queries(const std::vector<Circle>& discs, std::mt19937_64& g, int count,
                   const std::vector<Vec2>& extra = {}) {
  const DiscUnion u(discs);
  const ref_union::Union ref(discs, LD(u.tolerance()));
  const LD slack = slack_of(u);
  const Aabb b = u.bounds();
  std::vector<Vec2> pts = extra;
  for (int k = 0; k < count; ++k) {
    const int kind = k % 4;
    if (kind == 0 && !u.arcs().empty()) {  // near the coast, both sides
      const CoastArc& a = u.arcs()[g() % u.arcs().size()];
      const double t = a.arc.start + a.arc.sweep * ref_union::uni(g, 0.02, 0.98);
      const double off = ref_union::uni(g, -0.05, 0.05) * a.arc.radius;
      pts.push_back({Real(a.arc.center.x + (a.arc.radius + off) * std::cos(t)),
                     Real(a.arc.center.y + (a.arc.radius + off) * std::sin(t))});
    } else if (kind == 1) {
      const Circle& c = discs[g() % discs.size()];
      pts.push_back({Real(c.center.x + ref_union::uni(g, -0.5, 0.5) * c.radius),
                     Real(c.center.y + ref_union::uni(g, -0.5, 0.5) * c.radius)});
    } else if (kind == 2) {
      const double a = ref_union::uni(g, 0, 6.3), dist = ref_union::uni(g, 1.5, 4) * (b.max.x - b.min.x);
      pts.push_back({Real(b.center().x + dist * std::cos(a)), Real(b.center().y + dist * std::sin(a))});
    } else {
      pts.push_back({Real(ref_union::uni(g, b.min.x, b.max.x)), Real(ref_union::uni(g, b.min.y, b.max.y))});
    }
  }
  for (const Vec2 p : pts) {
    const CoastPoint c = u.coast(p);
    const LD px = p.x, py = p.y;
    const LD sd = ref.signed_distance(px, py);
    SCOPED_TRACE("point " + std::to_string(p.x) + ", " + std::to_string(p.y));
    if (std::fabs(sd) > slack) { ASSERT_EQ(c.inside, sd < 0); }
    EXPECT_EQ(c.inside, u.contains(p));
    ASSERT_NEAR(double(c.distance), double(sd), double(slack * (1 + std::fabs(sd) * 1e-3L)));
    // The coast point is on the reference coast, at |sd| from p; the normal is unit and radial.
    EXPECT_LE(ref.coast_distance(c.point.x, c.point.y), slack);
    EXPECT_NEAR(double(std::hypot(LD(c.point.x) - px, LD(c.point.y) - py)), double(std::fabs(sd)),
                double(2 * slack * (1 + std::fabs(sd) * 1e-3L)));
    EXPECT_NEAR(double(length(c.normal)), 1.0, 1e-5);
    const Arc& arc = u.arcs()[c.arc].arc;
    const ArcClosest q = closest_point(arc, c.point);
    const Real end_gap = std::min(length(c.point - arc.start_point()), length(c.point - arc.end_point()));
    if (end_gap > Real(100 * slack) && std::fabs(sd) > 100 * slack) {
      // Inside an arc's span the normal is the radial one, pointing out of the land, and p
      // lies along it (on land behind the coast point, at sea beyond it).
      EXPECT_GT(dot(c.normal, q.normal), 1 - 1e-4);
      const Vec2 back = (c.point - p) * (c.inside ? Real(1) : Real(-1));
      EXPECT_GT(dot(normalize(back), c.normal), 1 - 1e-3);
    }
    EXPECT_EQ(u.signed_distance(p), c.distance);
  }
}

TEST(DiscUnionCoast, RandomUnionsMatchBruteForce) {
  std::mt19937_64 g(11);
  for (int n : {1, 2, 5, 30, 120, 400}) {
    for (int rep = 0; rep < 3; ++rep) {
      check_coast(ref_union::random_discs(g, n, ref_union::uni(g, 10, 1000)), "random");
    }
  }
}

TEST(DiscUnionCoast, TwoThousandDiscsMatchBruteForce) {
  std::mt19937_64 g(12);
  check_coast(ref_union::random_discs(g, 2000, 800), "random 2000");
}

TEST(DiscUnionCoast, ExactTangencyRemovesNothing) {
  std::mt19937_64 g(13);
  for (int k = 0; k < 40; ++k) check_coast(ref_union::tangent_discs(g), "tangent");
  // Two discs touching externally: two whole circles; internally: only the outer one.
  const std::vector<Circle> ext = {{{0, 0}, 3}, {{8, 6}, 7}};
  const DiscUnion a(ext);
  ASSERT_EQ(a.arcs().size(), 2u);
  for (const CoastArc& c : a.arcs()) EXPECT_FLOAT_EQ(c.arc.sweep, 2 * kPi);
  const std::vector<Circle> in = {{{0, 0}, 10}, {{3, 4}, 5}};
  const DiscUnion b(in);
  ASSERT_EQ(b.arcs().size(), 1u);
  EXPECT_EQ(b.arcs()[0].disc, 0u);
}

TEST(DiscUnionCoast, CoincidentAndNestedDiscs) {
  std::mt19937_64 g(14);
  for (int k = 0; k < 30; ++k) check_coast(ref_union::coincident_discs(g), "coincident");
  for (int k = 0; k < 30; ++k) check_coast(ref_union::nested_discs(g), "nested");
  // Three identical discs: the lowest index keeps the whole circle.
  const std::vector<Circle> same = {{{1, 2}, 3}, {{1, 2}, 3}, {{1, 2}, 3}};
  const DiscUnion u(same);
  ASSERT_EQ(u.arcs().size(), 1u);
  EXPECT_EQ(u.arcs()[0].disc, 0u);
}

TEST(DiscUnionCoast, CirclesThroughOnePoint) {
  std::mt19937_64 g(15);
  for (int k = 0; k < 40; ++k) {
    Vec2 P;
    const auto discs = ref_union::common_point_discs(g, k % 4 == 1, &P);
    check_coast(discs, "common point");
    check_queries(discs, g, 12, {P});
  }
}

TEST(DiscUnionCoast, PinholeIsLand) {
  // Four circles round P = (0, 0), each through it: P is land, not coast.
  const std::vector<Circle> d = {{{2, 0}, 2}, {{0, 3}, 3}, {{-1, 0}, 1}, {{0, -2}, 2}};
  const DiscUnion u(d);
  const ref_union::Union ref(d, LD(u.tolerance()));
  const CoastPoint c = u.coast({0, 0});
  EXPECT_TRUE(c.inside);
  EXPECT_NEAR(double(c.distance), double(ref.signed_distance(0, 0)), 1e-4);
  EXPECT_LT(c.distance, Real(-0.1));
}

TEST(DiscUnionCoast, Slivers) {
  std::mt19937_64 g(16);
  for (double eps : {1e-3, -1e-3, 1e-6, -1e-6})
    for (int kind = 0; kind < 3; ++kind)
      for (int rep = 0; rep < 4; ++rep) check_coast(ref_union::sliver_discs(g, eps, kind), "sliver");
}

TEST(DiscUnionQuery, SignedDistanceMatchesBruteForce) {
  std::mt19937_64 g(21);
  for (int n : {1, 3, 40, 300})
    for (int rep = 0; rep < 2; ++rep) check_queries(ref_union::random_discs(g, n, ref_union::uni(g, 10, 500)), g, 120);
  for (int k = 0; k < 10; ++k) check_queries(ref_union::tangent_discs(g), g, 30);
  for (int k = 0; k < 10; ++k) check_queries(ref_union::nested_discs(g), g, 30);
  for (int k = 0; k < 10; ++k) check_queries(ref_union::coincident_discs(g), g, 30);
}

TEST(DiscUnionQuery, LargeUnionSignedDistance) {
  std::mt19937_64 g(22);
  check_queries(ref_union::random_discs(g, 2000, 600), g, 200);
}

TEST(DiscUnionQuery, ContainsCircleAndOverlaps) {
  std::mt19937_64 g(23);
  const auto discs = ref_union::random_discs(g, 150, 200);
  const DiscUnion u(discs);
  const ref_union::Union ref(discs, LD(u.tolerance()));
  const LD slack = slack_of(u);
  for (int k = 0; k < 400; ++k) {
    const Vec2 p{Real(ref_union::uni(g, -110, 110)), Real(ref_union::uni(g, -110, 110))};
    const Real r = Real(ref_union::uni(g, 0, 8));
    const LD sd = ref.signed_distance(p.x, p.y);
    if (std::fabs(sd + r) > slack) { EXPECT_EQ(u.contains(Circle{p, r}), sd <= -LD(r)) << k; }
    if (std::fabs(sd - r) > slack) { EXPECT_EQ(u.overlaps(Circle{p, r}), sd <= LD(r)) << k; }
  }
}

// The maps' shared questions (architecture.md's table): nearest_wall (the sea is the wall),
// is_free for points and disks, against the brute-force union.
TEST(DiscUnionQuery, NearestWallAndIsFreeMatchBruteForce) {
  std::mt19937_64 g(31);
  int on_land = 0, free_disks = 0, blocked_disks = 0;
  for (int rep = 0; rep < 4; ++rep) {
    const auto discs = ref_union::random_discs(g, 60 + 30 * rep, 120);
    const DiscUnion u(discs);
    const ref_union::Union ref(discs, LD(u.tolerance()));
    const LD slack = slack_of(u);
    for (int k = 0; k < 400; ++k) {
      const Vec2 p{Real(ref_union::uni(g, -80, 80)), Real(ref_union::uni(g, -80, 80))};
      const LD sd = ref.signed_distance(p.x, p.y);
      const NearestPoint w = u.nearest_wall(p);
      if (std::fabs(sd) > slack) {
        EXPECT_EQ(u.is_free(p), sd < 0) << k;
        if (sd < 0) {
          ++on_land;
          EXPECT_NEAR(double(w.distance), double(-sd), double(slack)) << k;
          ASSERT_GE(w.index, 0);
          ASSERT_LT(std::size_t(w.index), u.arcs().size());
          EXPECT_LE(double(distance(u.arcs()[std::size_t(w.index)].arc, w.point)), double(slack));
          EXPECT_NEAR(double(length(w.point - p)), double(w.distance), double(slack));
        } else {
          EXPECT_EQ(w.index, -1);
          EXPECT_EQ(w.distance, 0);
          EXPECT_EQ(w.point, p);
        }
        EXPECT_EQ(u.wall_distance(p), w.distance);
      }
      const Real r = Real(ref_union::uni(g, 0, 10));
      if (std::fabs(sd + LD(r)) > slack) {
        const bool want = sd <= -LD(r);
        EXPECT_EQ(u.is_free(Circle{p, r}), want) << k;
        ++(want ? free_disks : blocked_disks);
      }
    }
  }
  EXPECT_GT(on_land, 200);
  EXPECT_GT(free_disks, 100);
  EXPECT_GT(blocked_disks, 100);
  const DiscUnion none(std::vector<Circle>{});
  EXPECT_FALSE(none.is_free(Vec2{0, 0}));
  EXPECT_EQ(none.nearest_wall({1, 2}).index, -1);
  EXPECT_FALSE(u_is_free_nan());
}

TEST(DiscUnionQuery, NearestLandPointMatchesGridSearch) {
  std::mt19937_64 g(24);
  for (int rep = 0; rep < 6; ++rep) {
    const auto discs = ref_union::random_discs(g, 25 + int(g() % 40), 60);
    const DiscUnion u(discs);
    const ref_union::Union ref(discs, LD(u.tolerance()));
    const LD slack = slack_of(u);
    for (int k = 0; k < 6; ++k) {
      const Vec2 t{Real(ref_union::uni(g, -45, 45)), Real(ref_union::uni(g, -45, 45))};
      const Real r = k % 3 == 0 ? Real(0) : Real(ref_union::uni(g, 0.3, 2.5));
      const auto got = u.nearest_free_point(t, r);
      ASSERT_TRUE(got.has_value());
      // Grid search: the nearest grid point where the disk fits (brute-force signed distance),
      // grid points visited nearest first, within the answer's distance plus a margin.
      const LD h = 0.25, reach = std::hypot(LD(got->x) - t.x, LD(got->y) - t.y) + 2;
      std::vector<std::pair<LD, std::pair<LD, LD>>> grid;
      for (LD x = std::floor((t.x - reach) / h) * h; x <= t.x + reach; x += h)
        for (LD y = std::floor((t.y - reach) / h) * h; y <= t.y + reach; y += h) {
          const LD dd = std::hypot(x - t.x, y - t.y);
          if (dd <= reach) grid.push_back({dd, {x, y}});
        }
      std::sort(grid.begin(), grid.end());
      LD best = ref_union::kInfL;
      for (const auto& gp : grid)
        if (ref.signed_distance(gp.second.first, gp.second.second) <= -LD(r)) {
          best = gp.first;
          break;
        }
      // It fits, and it is no farther than the grid's best (up to the grid step).
      EXPECT_LE(ref.signed_distance(got->x, got->y), -LD(r) + 4 * slack) << rep << " " << k;
      EXPECT_LE(std::hypot(LD(got->x) - t.x, LD(got->y) - t.y), best + 4 * slack) << rep << " " << k;
      EXPECT_GE(std::hypot(LD(got->x) - t.x, LD(got->y) - t.y), best - h * 1.5L) << rep << " " << k;
    }
  }
  // A disk larger than the whole island fits nowhere.
  const std::vector<Circle> small = {{{0, 0}, 1}, {{1.5, 0}, 1}};
  EXPECT_FALSE(DiscUnion(small).nearest_free_point({5, 5}, 3).has_value());
  EXPECT_FALSE(DiscUnion(std::vector<Circle>{}).nearest_free_point({0, 0}, 0).has_value());
}

TEST(DiscUnionQuery, RaycastMatchesBruteForce) {
  std::mt19937_64 g(25);
  const auto discs = ref_union::random_discs(g, 80, 100);
  const DiscUnion u(discs);
  const ref_union::Union ref(discs, LD(u.tolerance()));
  for (int k = 0; k < 150; ++k) {
    const Vec2 o{Real(ref_union::uni(g, -70, 70)), Real(ref_union::uni(g, -70, 70))};
    const double a = ref_union::uni(g, 0, 6.283);
    const Vec2 dir{Real(std::cos(a) * 3), Real(std::sin(a) * 3)};
    const Real maxd = Real(ref_union::uni(g, 5, 150));
    const RayHit h = u.raycast(Ray{o, dir, maxd});
    // Brute force: every crossing of the ray with every circle, in order; the first where
    // the point changes from land to sea or back (tested just before and after it).
    const LD ux = std::cos(LD(a)), uy = std::sin(LD(a));
    const bool start = ref.contains(o.x, o.y);
    EXPECT_EQ(h.inside, start);
    std::vector<LD> ts;
    for (const ref_union::D& d : ref.d) {
      const LD fx = o.x - d.x, fy = o.y - d.y;
      const LD b = fx * ux + fy * uy, c = fx * fx + fy * fy - d.r * d.r, disc = b * b - c;
      if (disc < 0) continue;
      for (LD t : {-b - std::sqrt(disc), -b + std::sqrt(disc)})
        if (t > 0 && t <= LD(maxd)) ts.push_back(t);
    }
    std::sort(ts.begin(), ts.end());
    LD cross = -1;
    const LD eps = 1e-6L;
    for (LD t : ts) {
      if (ref.contains(o.x + ux * (t - eps), o.y + uy * (t - eps)) !=
          ref.contains(o.x + ux * (t + eps), o.y + uy * (t + eps))) {
        cross = t;
        break;
      }
    }
    if (cross < 0) {
      // No change of side: any hit must be a graze (a coast touched without crossing).
      if (h.hit) { EXPECT_LE(ref.coast_distance(h.point.x, h.point.y), 1e-3L); }
      continue;
    }
    ASSERT_TRUE(h.hit) << k;
    EXPECT_LE(double(h.distance), double(cross) + 1e-3) << k;
    EXPECT_LE(ref.coast_distance(h.point.x, h.point.y), 1e-3L) << k;
    if (std::fabs(LD(h.distance) - cross) > 1e-3L) {
      // An earlier hit is only a graze: the coast touched without crossing it.
      EXPECT_LE(std::fabs(ref.signed_distance(h.point.x, h.point.y)), 1e-3L) << k;
    }
    EXPECT_NEAR(double(length(h.normal)), 1.0, 1e-5);
    // The arc reported holds the hit point, and the normal points out of its disc (to the sea).
    ASSERT_GE(h.element, 0) << k;
    const Arc& arc = u.arcs()[std::size_t(h.element)].arc;
    EXPECT_LE(LD(distance(arc, h.point)), 1e-3L) << k;
    EXPECT_GT(double(dot(h.normal, h.point - arc.center)), 0.0) << k;
  }
}

TEST(DiscUnionQuery, ContactsAgreeWithDistance) {
  std::mt19937_64 g(26);
  const auto discs = ref_union::random_discs(g, 60, 80);
  const DiscUnion u(discs);
  const ref_union::Union ref(discs, LD(u.tolerance()));
  for (int k = 0; k < 300; ++k) {
    const Vec2 p{Real(ref_union::uni(g, -45, 45)), Real(ref_union::uni(g, -45, 45))};
    const Real r = Real(ref_union::uni(g, 0.2, 4));
    const auto cs = u.contacts(Circle{p, r});
    const LD sd = ref.signed_distance(p.x, p.y);
    const LD cd = ref.coast_distance(p.x, p.y);
    // Some arc is reached iff the coast is within r; the deepest contact matches it.
    if (std::fabs(cd - r) > 1e-3L) { EXPECT_EQ(!cs.empty(), cd < LD(r)) << k; }
    if (!cs.empty() && sd < 0 && std::fabs(sd) > 1e-3L) { EXPECT_NEAR(double(cs[0].depth), double(r + sd), 1e-3) << k; }
    for (std::size_t i = 1; i < cs.size(); ++i) EXPECT_GE(cs[i - 1].depth, cs[i].depth);
  }
}

TEST(DiscUnionValidation, BadDiscsAreNamed) {
  const Real nan = std::numeric_limits<Real>::quiet_NaN();
  const std::vector<Circle> zero = {{{0, 0}, 1}, {{1, 1}, 0}};
  Invalid why;
  EXPECT_FALSE(DiscUnion::make(zero, &why).has_value());
  EXPECT_EQ(why.field, "discs[1]");
  EXPECT_NE(why.message.find("radius"), std::string::npos);
  const std::vector<Circle> neg = {{{0, 0}, -1}};
  EXPECT_EQ(validate_discs(neg)->field, "discs[0]");
  const std::vector<Circle> nanc = {{{0, 0}, 1}, {{0, 0}, 1}, {{nan, 0}, 1}};
  EXPECT_EQ(validate_discs(nanc)->field, "discs[2]");
  const std::vector<Circle> nanr = {{{0, 0}, nan}};
  EXPECT_TRUE(validate_discs(nanr).has_value());
  // Beyond the shapes' coordinate limit (1e12): refused, naming the disc.
  if (Real(1e13) < std::numeric_limits<Real>::max()) {
    const std::vector<Circle> far = {{{0, 0}, 1}, {{Real(1e13), 0}, 1}};
    EXPECT_EQ(validate_discs(far)->field, "discs[1]");
    const std::vector<Circle> huge = {{{0, 0}, Real(1e13)}};
    EXPECT_EQ(validate_discs(huge)->field, "discs[0]");
    const std::vector<Circle> edge = {{{Real(-1e11), Real(1e11)}, Real(1e11)}};
    EXPECT_FALSE(validate_discs(edge).has_value());
  }
  // No discs: valid, no land, no coast.
  const DiscUnion none(std::vector<Circle>{});
  EXPECT_TRUE(none.empty());
  EXPECT_TRUE(none.arcs().empty());
  EXPECT_FALSE(none.contains(Vec2{0, 0}));
  EXPECT_FALSE(none.coast({0, 0}).inside);
  EXPECT_FALSE(none.raycast(Ray{{0, 0}, {1, 0}, 10}).hit);
}

}  // namespace
