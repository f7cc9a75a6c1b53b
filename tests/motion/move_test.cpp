// move and move_substeps in the situations the issue names: a wall head-on, a hexagon's
// corner (one bounce, the normal from the corner point), tangential grazes (no bounce), a
// 90 degree corner and a narrow wedge (ends still and free), seams between collinear
// segments (no stop), and substeps that catch or miss a thin wall.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <vector>

#include "collide2d/motion.hpp"

using namespace collide2d;

namespace {

constexpr bool kDouble = sizeof(Real) == 8;

Vec2 center(const Shape& s) { return std::get<Circle>(s).center; }

Shape hexagon(Vec2 c, Real r, Real phase) {
  std::vector<Vec2> v;
  for (int k = 0; k < 6; ++k) {
    const Real a = phase + kPi * Real(k) / 3;
    v.push_back({c.x + r * std::cos(a), c.y + r * std::sin(a)});
  }
  return *make_polygon(v);
}

/// The body is free of every obstacle (closed sets: touching is not free).
bool free_of(const Shape& body, const std::vector<Shape>& obstacles) {
  for (const Shape& o : obstacles)
    if (overlaps(body, o)) return false;
  return true;
}

MoveOptions bouncy() {
  MoveOptions o;
  o.response = Response::bounce;
  return o;
}

}  // namespace

TEST(Move, FreeMotionIsExact) {
  const std::vector<Shape> none;
  const MoveResult r = move(Circle{{1, 2}, 1}, {3, -4}, none);
  EXPECT_EQ(r.translation, Vec2(3, -4));
  EXPECT_EQ(center(r.shape), Vec2(4, -2));
  EXPECT_EQ(r.displacement, Vec2(3, -4));
  EXPECT_TRUE(r.contacts.empty());
  EXPECT_FALSE(r.blocked);
  // A zero displacement is no motion.
  const std::vector<Shape> wall = {Segment{{5, -5}, {5, 5}}};
  const MoveResult z = move(Circle{{0, 0}, 1}, {0, 0}, wall);
  EXPECT_EQ(z.translation, Vec2(0, 0));
  EXPECT_TRUE(z.contacts.empty());
}

TEST(Move, HeadOnSlideStopsASkinShortOfTheWall) {
  const std::vector<Shape> wall = {Segment{{5, -5}, {5, 5}}};
  const MoveResult r = move(Circle{{0, 0}, 1}, {10, 0}, wall);
  ASSERT_EQ(r.contacts.size(), 1u);
  EXPECT_NEAR(r.contacts[0].normal.x, 1, 1e-5);
  EXPECT_NEAR(r.contacts[0].time, Real(0.4), 1e-4);
  EXPECT_TRUE(r.blocked);
  EXPECT_EQ(r.displacement, Vec2(0, 0));
  EXPECT_TRUE(free_of(r.shape, wall));
  const Real gap = distance(r.shape, wall[0]).distance;
  EXPECT_GT(gap, 0);
  EXPECT_LT(gap, kDouble ? 1e-6 : 1e-3);
}

TEST(Move, HeadOnBounceComesBack) {
  const std::vector<Shape> wall = {Segment{{5, -5}, {5, 5}}};
  const MoveResult r = move(Circle{{0, 0}, 1}, {10, 0}, wall, bouncy());
  ASSERT_EQ(r.contacts.size(), 1u);
  // 4 to the wall, 6 back: x = -2 (less a skin).
  EXPECT_NEAR(center(r.shape).x, -2, kDouble ? 1e-6 : 2e-3);  // less two skins
  EXPECT_NEAR(r.displacement.x, -10, 1e-5);
  EXPECT_NEAR(r.displacement.y, 0, 1e-5);
}

TEST(Move, HexagonCornerBouncesOnceOffTheCorner) {
  // A hexagon around (10, 0) with circumradius 2 and a corner at (8, 0) facing the ball. The
  // ball (radius 0.5) moves along y = 0.2: it first touches the corner point itself, when its
  // center is at (8 - sqrt(0.25 - 0.04), 0.2), so the normal points from there to the corner.
  const std::vector<Shape> obstacles = {hexagon({10, 0}, 2, kPi)};
  const Real y = Real(0.2), r = Real(0.5);
  const Vec2 at_contact{8 - std::sqrt(r * r - y * y), y};
  const Vec2 corner{8, 0};
  const Vec2 n = normalize(corner - at_contact);
  // The corner's normal lies strictly between the two edge normals (150 and 210 degrees
  // outward), so no edge is touched first.
  ASSERT_GT(std::atan2(-n.y, -n.x) * 180 / kPi, 150);
  const Vec2 v{10, 0};
  const MoveResult m = move(Circle{{0, y}, r}, v, obstacles, bouncy());
  ASSERT_EQ(m.contacts.size(), 1u);
  EXPECT_NEAR(m.contacts[0].normal.x, n.x, 1e-4);
  EXPECT_NEAR(m.contacts[0].normal.y, n.y, 1e-4);
  EXPECT_NEAR(m.contacts[0].point.x, 8, 1e-4);
  EXPECT_NEAR(m.contacts[0].point.y, 0, 1e-4);
  // Reflection about the corner normal, worked out here: v - 2 (v.n) n.
  const Vec2 want = v - n * (2 * dot(v, n));
  EXPECT_NEAR(m.displacement.x, want.x, 1e-3);
  EXPECT_NEAR(m.displacement.y, want.y, 1e-3);
  EXPECT_NEAR(length(m.displacement), 10, 1e-4);
  EXPECT_TRUE(free_of(m.shape, obstacles));
  // Dead centre on the corner: straight back, once.
  const MoveResult c = move(Circle{{0, 0}, r}, v, obstacles, bouncy());
  ASSERT_EQ(c.contacts.size(), 1u);
  EXPECT_NEAR(c.displacement.x, -10, 1e-4);
  EXPECT_NEAR(c.displacement.y, 0, 1e-4);
  // The following steps do not touch it again.
  const MoveResult next = move(c.shape, c.displacement, obstacles, bouncy());
  EXPECT_TRUE(next.contacts.empty());
}

TEST(Move, GrazingAnEdgeKeepsTheVelocity) {
  // Flat top edge from (-1, sqrt 3) to (1, sqrt 3); the ball rolls along it exactly touching.
  const std::vector<Shape> obstacles = {hexagon({0, 0}, 2, 0)};
  const Real top = 2 * std::sin(kPi / 3);
  for (Response response : {Response::bounce, Response::slide}) {
    MoveOptions o;
    o.response = response;
    const MoveResult m = move(Circle{{-5, top + Real(0.5)}, Real(0.5)}, {10, 0}, obstacles, o);
    EXPECT_TRUE(m.contacts.empty());
    EXPECT_EQ(m.displacement, Vec2(10, 0));
    EXPECT_NEAR(m.translation.x, 10, 1e-3);
    EXPECT_GE(center(m.shape).y, top + Real(0.5));
    EXPECT_TRUE(free_of(m.shape, obstacles));
  }
}

TEST(Move, GrazingACornerKeepsTheVelocity) {
  // The corner (2, 0) of the hexagon; the ball passes at exactly its radius from it.
  const std::vector<Shape> obstacles = {hexagon({0, 0}, 2, 0)};
  // Exactly tangent, and off by a tenth of the sweep tolerance either way (within rounding).
  const Real off = kSweepRelTol * Real(0.1);
  for (Real x : {Real(2.5), Real(2.5) + off, Real(2.5) - off}) {
    const MoveResult m = move(Circle{{x, -5}, Real(0.5)}, {0, 10}, obstacles, bouncy());
    EXPECT_TRUE(m.contacts.empty()) << x;
    EXPECT_EQ(m.displacement, Vec2(0, 10)) << x;
    EXPECT_NEAR(m.translation.y, 10, 1e-3) << x;
    EXPECT_TRUE(free_of(m.shape, obstacles)) << x;
  }
}

TEST(Move, NinetyDegreeCornerEndsStillAndFree) {
  const std::vector<Shape> walls = {Segment{{-10, 0}, {10, 0}}, Segment{{5, 0}, {5, 10}}};
  for (Response response : {Response::slide, Response::bounce}) {
    MoveOptions o;
    o.response = response;
    o.restitution = 0;  // a bounce that loses all normal speed ends up sliding too
    Shape body = Circle{{0, 3}, 1};
    std::vector<Vec2> at;
    for (int s = 0; s < 40; ++s) {
      const MoveResult r = move(body, {4, -4}, walls, o);
      body = r.shape;
      ASSERT_TRUE(free_of(body, walls)) << s;
      at.push_back(center(body));
    }
    // Settled against both walls, and not moving at all for the last steps.
    EXPECT_NEAR(at.back().x, 4, 1e-3);
    EXPECT_NEAR(at.back().y, 1, 1e-3);
    for (std::size_t s = 30; s < at.size(); ++s) EXPECT_EQ(at[s], at.back()) << s;
  }
}

TEST(Move, NarrowWedgeEndsStillAndFree) {
  // Two walls 10 degrees either side of the vertical meeting at the origin: a unit ball
  // touches both with its center at 1 / sin(10 deg) above the apex.
  const Real a = 10 * kPi / 180;
  const std::vector<Shape> walls = {Segment{{0, 0}, {20 * std::sin(a), 20 * std::cos(a)}},
                                    Segment{{0, 0}, {-20 * std::sin(a), 20 * std::cos(a)}}};
  Shape body = Circle{{0, 15}, 1};
  std::vector<Vec2> at;
  for (int s = 0; s < 60; ++s) {
    const MoveResult r = move(body, {Real(0.3), -3}, walls);
    body = r.shape;
    ASSERT_TRUE(free_of(body, walls)) << s;
    at.push_back(center(body));
  }
  EXPECT_NEAR(at.back().y, 1 / std::sin(a), 1e-2);
  EXPECT_NEAR(at.back().x, 0, 1e-2);
  for (std::size_t s = 40; s < at.size(); ++s) EXPECT_EQ(at[s], at.back()) << s;
}

TEST(Move, SlidesAlongCollinearSegmentsWithoutStoppingAtSeams) {
  std::vector<Shape> floor;
  for (int i = 0; i < 60; ++i) floor.push_back(Segment{{Real(i), 0}, {Real(i + 1), 0}});
  const std::vector<Shape> bodies = {Circle{{Real(0.5), Real(0.51)}, Real(0.5)},
                                     Box({Real(0.5), Real(0.51)}, {Real(0.5), Real(0.5)}, 0),
                                     Capsule{{Real(0.2), Real(0.61)}, {Real(0.8), Real(0.61)}, Real(0.6)}};
  for (const Shape& start : bodies) {
    Shape body = start;
    for (int s = 0; s < 60; ++s) {
      const MoveResult r = move(body, {Real(0.7), Real(-0.3)}, floor);
      ASSERT_GT(r.translation.x, Real(0.7) * Real(0.999)) << "step " << s << " body " << start.index();
      body = r.shape;
      ASSERT_TRUE(free_of(body, floor)) << s;
    }
  }
}

TEST(Move, IterationCapDropsTheRest) {
  // A ball between two close parallel walls bouncing many times in one long step.
  const std::vector<Shape> walls = {Segment{{-100, 0}, {100, 0}}, Segment{{-100, 3}, {100, 3}}};
  MoveOptions o = bouncy();
  o.max_iterations = 3;
  const MoveResult r = move(Circle{{0, Real(1.5)}, Real(0.5)}, {1, 40}, walls, o);
  EXPECT_EQ(r.iterations, 3);
  EXPECT_TRUE(r.blocked);
  EXPECT_TRUE(free_of(r.shape, walls));
}

TEST(Move, StartingInsideIsPushedOut) {
  const std::vector<Shape> wall = {Aabb{{0, -5}, {2, 5}}};
  const MoveResult r = move(Circle{{Real(-0.5), 0}, 1}, {1, 0}, wall);
  EXPECT_TRUE(free_of(r.shape, wall));
  EXPECT_LT(center(r.shape).x, -1);
  ASSERT_FALSE(r.contacts.empty());
  EXPECT_TRUE(r.contacts[0].initially_touching);
}

TEST(Move, NonFiniteDisplacementIsNoMotion) {
  const std::vector<Shape> wall = {Segment{{5, -5}, {5, 5}}};
  const Real nan = std::numeric_limits<Real>::quiet_NaN();
  for (const Vec2 d : {Vec2{nan, 0}, Vec2{0, std::numeric_limits<Real>::infinity()}}) {
    const MoveResult r = move(Circle{{0, 0}, 1}, d, wall);
    EXPECT_EQ(r.translation, Vec2(0, 0));
    EXPECT_TRUE(r.blocked);
    const MoveResult s = move_substeps(Circle{{0, 0}, 1}, d, wall);
    EXPECT_EQ(s.translation, Vec2(0, 0));
  }
}

TEST(MoveSubsteps, ShortSubstepsCatchAThinWallLongOnesMissIt) {
  const std::vector<Shape> wall = {Segment{{5, -5}, {5, 5}}};
  const Shape ball = Circle{{0, 0}, Real(0.5)};
  const MoveResult fine = move_substeps(ball, {10, 0}, wall, {}, Real(0.25));
    EXPECT_LT(center(fine.shape).x, Real(4.5));
  EXPECT_TRUE(free_of(fine.shape, wall));
  // Three substeps of 3.33 jump over the wall: the reason `move` sweeps.
  const MoveResult coarse = move_substeps(ball, {10, 0}, wall, {}, Real(4));
  EXPECT_EQ(coarse.iterations, 3);
  EXPECT_GT(center(coarse.shape).x, 6);
  // Bouncing in substeps.
  const MoveResult b = move_substeps(ball, {10, 0}, wall, bouncy(), Real(0.25));
  EXPECT_NEAR(b.displacement.x, -10, 1e-4);
  EXPECT_TRUE(free_of(b.shape, wall));
}
