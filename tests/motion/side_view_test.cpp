// The one mover's side-view options, each on its own (up, max_slope, snap_distance, one-way
// edges and shapes), and push limits. Expected answers come from the geometry of each scene
// worked out here (slope angles, heights), never from the mover itself.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "collide2d/motion.hpp"

using namespace collide2d;

namespace {

constexpr bool kDouble = sizeof(Real) == 8;
const Real kTol = kDouble ? Real(1e-6) : Real(3e-3);

Vec2 center_of(const Shape& s) { return std::get<Circle>(s).center; }

/// A one-sided edge from a to b whose front is on the right of a -> b.
Obstacle wall(Vec2 a, Vec2 b, bool one_sided = true) {
  WallEdge e = make_edge(a, b);
  e.one_sided = one_sided;
  return edge_obstacle(e);
}

MoveOptions side(Real max_slope_deg = 45) {
  MoveOptions o;
  o.up = {0, 1};
  o.max_slope = max_slope_deg * kPi / 180;
  return o;
}

}  // namespace

TEST(SideView, TopDownHasNoGround) {
  const std::vector<Obstacle> floor = {wall({10, 0}, {-10, 0})};
  const MoveResult r = move(Circle{{0, 2}, 1}, {0, -5}, floor);
  EXPECT_FALSE(r.grounded);
  EXPECT_FALSE(r.on_wall);
  EXPECT_FALSE(r.on_ceiling);
  EXPECT_NEAR(center_of(r.shape).y, 1, kTol);
}

TEST(SideView, FallsOntoFlatGroundAndIsGrounded) {
  const std::vector<Obstacle> floor = {wall({10, 0}, {-10, 0})};
  const MoveResult r = move(Circle{{0, 2}, 1}, {1, -5}, floor, side());
  EXPECT_TRUE(r.grounded);
  EXPECT_FALSE(r.on_wall);
  EXPECT_NEAR(r.ground_normal.x, 0, 1e-5);
  EXPECT_NEAR(r.ground_normal.y, 1, 1e-5);
  EXPECT_NEAR(center_of(r.shape).y, 1, kTol);
  // Standing still under gravity: no motion, still grounded.
  const MoveResult s = move(r.shape, {0, -1}, floor, side());
  EXPECT_LT(length(s.translation), kTol);
  EXPECT_TRUE(s.grounded);
}

TEST(SideView, GentleSlopeHoldsUnderGravityAndIsWalkedAtTheSameHorizontalSpeed) {
  // A 30 degree slope rising to the right through the origin; front up-left.
  const Real a = 30 * kPi / 180;
  const Vec2 dir{std::cos(a), std::sin(a)};
  const std::vector<Obstacle> slope = {wall(dir * 50, dir * -50)};
  const Vec2 n{-std::sin(a), std::cos(a)};  // the slope's outward normal
  ASSERT_NEAR(slope[0].edge.normal.x, n.x, 1e-6);
  // Resting on it (a skin above), gravity only: stays put.
  Shape body = Circle{n * (1 + 10 * kTol), 1};
  for (int s = 0; s < 20; ++s) {
    const MoveResult r = move(body, {0, Real(-0.5)}, slope, side());
    body = r.shape;
    EXPECT_TRUE(r.grounded) << s;
  }
  EXPECT_NEAR(center_of(body).x, n.x, 10 * kTol);
  // Walking right into it: the horizontal part is kept, the body climbs tan(30) per unit.
  const Vec2 start = center_of(body);
  const MoveResult w = move(body, {1, Real(-0.1)}, slope, side());
  EXPECT_NEAR(w.translation.x, 1, 2 * kTol);
  EXPECT_NEAR(w.translation.y, std::tan(a), 2 * kTol);
  EXPECT_TRUE(w.grounded);
  // The same slope as a wall (max slope 20 degrees): gravity slides the body down it.
  const MoveResult d = move(Circle{start, 1}, {0, Real(-0.5)}, slope, side(20));
  EXPECT_LT(d.translation.x, -Real(0.1));
  EXPECT_FALSE(d.grounded);
  EXPECT_TRUE(d.on_wall);
}

TEST(SideView, WallsAndCeilings) {
  // A box room from (-5, 0) to (5, 4), fronts inside.
  const std::vector<Obstacle> room = {wall({5, 0}, {-5, 0}), wall({-5, 0}, {-5, 4}), wall({-5, 4}, {5, 4}),
                                      wall({5, 4}, {5, 0})};
  const MoveResult up = move(Circle{{0, 2}, 1}, {0, 5}, room, side());
  EXPECT_TRUE(up.on_ceiling);
  EXPECT_FALSE(up.grounded);
  EXPECT_NEAR(center_of(up.shape).y, 3, kTol);
  const MoveResult right = move(Circle{{0, 2}, 1}, {10, 0}, room, side());
  EXPECT_TRUE(right.on_wall);
  EXPECT_FALSE(right.on_ceiling);
  EXPECT_FALSE(right.grounded);
  EXPECT_NEAR(center_of(right.shape).x, 4, kTol);
}

TEST(SideView, SnapKeepsTheBodyOnGroundGoingDownAStep) {
  // Ground at y = 0 for x < 0 and at y = -0.4 for x > 0 (a step down, its riser at x = 0).
  const std::vector<Obstacle> ground = {wall({0, 0}, {-20, 0}), wall({0, Real(-0.4)}, {0, 0}),
                                        wall({20, Real(-0.4)}, {0, Real(-0.4)})};
  MoveOptions o = side();
  const Shape start = move(Circle{{-2, 2}, 1}, {0, -5}, ground, o).shape;  // standing on the upper ground
  ASSERT_NEAR(center_of(start).y, 1, kTol);
  // Without snapping: walking off the step leaves the body in the air.
  const MoveResult free_ = move(start, {4, 0}, ground, o);
  EXPECT_FALSE(free_.grounded);
  EXPECT_NEAR(center_of(free_.shape).y, 1, kTol);
  // Snapping by up to 0.5: it ends on the lower ground, a skin above it.
  o.snap_distance = Real(0.5);
  const MoveResult snapped = move(start, {4, 0}, ground, o);
  EXPECT_TRUE(snapped.grounded);
  EXPECT_NEAR(center_of(snapped.shape).y, Real(0.6), kTol);
  EXPECT_NEAR(center_of(snapped.shape).x, 2, kTol);
  // A step deeper than the snap distance is not snapped to.
  o.snap_distance = Real(0.3);
  EXPECT_FALSE(move(start, {4, 0}, ground, o).grounded);
  // Moving up (a jump) is never snapped.
  o.snap_distance = Real(0.5);
  EXPECT_FALSE(move(start, {4, Real(0.01)}, ground, o).grounded);
}

TEST(SideView, OneWayPlatformEdgeIsJumpedThroughAndStoodOn) {
  // A one-sided platform from x = -3 to 3 at y = 2, front up.
  const std::vector<Obstacle> platform = {wall({3, 2}, {-3, 2})};
  ASSERT_EQ(platform[0].edge.normal, Vec2(0, 1));
  // Jump from below, clear through it.
  const MoveResult jump = move(Circle{{0, Real(0.5)}, Real(0.5)}, {0, 3}, platform, side());
  EXPECT_EQ(jump.translation, Vec2(0, 3));
  EXPECT_TRUE(jump.contacts.empty());
  // Fall back onto it: it holds.
  const MoveResult fall = move(jump.shape, {0, -3}, platform, side());
  EXPECT_TRUE(fall.grounded);
  EXPECT_NEAR(center_of(fall.shape).y, Real(2.5), kTol);
  // A jump that ends with the centre above it but the body still in it is lifted on top.
  const MoveResult half = move(Circle{{0, Real(0.5)}, Real(0.5)}, {0, Real(1.7)}, platform, side());
  EXPECT_NEAR(center_of(half.shape).y, Real(2.5), kTol);
  EXPECT_TRUE(half.grounded);
}

TEST(SideView, OneWayShapeIsJumpedThroughAndStoodOn) {
  const Shape slab = Aabb{{-3, 2}, {3, Real(2.5)}};
  std::vector<Obstacle> platform = {shape_obstacle(slab)};
  platform[0].one_way = {0, 1};
  // From below: through (even ending inside it: a body inside a one-way shape is left alone).
  const MoveResult into = move(Circle{{0, Real(0.5)}, Real(0.5)}, {0, Real(1.8)}, platform, side());
  EXPECT_EQ(into.translation, Vec2(0, Real(1.8)));
  const MoveResult out = move(into.shape, {0, 2}, platform, side());
  EXPECT_EQ(out.translation, Vec2(0, 2));
  // From above: it holds.
  const MoveResult fall = move(out.shape, {0, -5}, platform, side());
  EXPECT_TRUE(fall.grounded);
  EXPECT_NEAR(center_of(fall.shape).y, 3, kTol);
  // From the side it does not block (its sides face across `one_way`).
  const MoveResult across = move(Circle{{-6, Real(2.2)}, Real(0.2)}, {12, 0}, platform);
  EXPECT_EQ(across.translation, Vec2(12, 0));
}

TEST(PushLimit, SoftObstaclesYieldByAtMostTheirLimitAndNeverIntoWalls) {
  // A soft disk overlapping the body by 0.45: each call pushes it out by at most 0.1.
  const Shape other = Circle{{Real(1.55), 0}, 1};
  std::vector<Obstacle> obs = {shape_obstacle(other)};
  obs[0].push_limit = Real(0.1);
  Shape body = Circle{{0, 0}, 1};
  for (int s = 0; s < 4; ++s) {
    const MoveResult r = move(body, {0, 0}, obs);
    EXPECT_NEAR(r.translation.x, Real(-0.1), 1e-5) << s;
    EXPECT_NEAR(r.pushed_out.x, Real(-0.1), 1e-5) << s;
    ASSERT_EQ(r.contacts.size(), 1u);
    body = r.shape;
  }
  // Overlap 0.05 left: the last push only needs that (plus the skin).
  const MoveResult last = move(body, {0, 0}, obs);
  EXPECT_FALSE(overlaps(last.shape, other));
  // A soft obstacle is not swept: the body moves into it, then is pushed back by the limit.
  const MoveResult into = move(Circle{{-5, 0}, 1}, {5, 0}, obs);
  EXPECT_NEAR(center_of(into.shape).x, Real(-0.1), 1e-5);
  // Push limit 0: passes through, never pushed.
  obs[0].push_limit = 0;
  const MoveResult ghost = move(Circle{{0, 0}, 1}, {0, 0}, obs);
  EXPECT_EQ(ghost.translation, Vec2(0, 0));
  // A rigid wall behind the body: the soft push never puts it into the wall.
  obs[0].push_limit = 10;
  obs.push_back(wall({Real(-1.05), -10}, {Real(-1.05), 10}));  // front +x
  const MoveResult pinned = move(Circle{{0, 0}, 1}, {0, 0}, obs);
  EXPECT_GT(center_of(pinned.shape).x - 1, Real(-1.05));
}
