// Responses worked by hand: reflections with restitution and friction, slides, the
// position-correction accumulator, substep counts and the input checks.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <vector>

#include "collide2d/motion.hpp"

using namespace collide2d;

namespace {
constexpr Real kTol = sizeof(Real) == 8 ? Real(1e-12) : Real(1e-5);
void expect_vec(Vec2 got, Vec2 want, Real tol = kTol) {
  EXPECT_NEAR(got.x, want.x, tol) << "x";
  EXPECT_NEAR(got.y, want.y, tol) << "y";
}
}  // namespace

TEST(Reflect, FloorWithRestitutionOneKeepsTheTangentAndReversesTheNormal) {
  // (3, -4) against a floor with normal (0, 1): the normal part -4 becomes +4.
  expect_vec(reflect({3, -4}, {0, 1}, 1, 0), {3, 4});
}

TEST(Reflect, RestitutionScalesTheNormalPart) {
  expect_vec(reflect({3, -4}, {0, 1}, Real(0.5), 0), {3, 2});
  expect_vec(reflect({3, -4}, {0, 1}, 0, 0), {3, 0});  // plastic: slides
  expect_vec(reflect({3, -4}, {0, 1}, 2, 0), {3, 8});  // super-elastic is allowed
}

TEST(Reflect, FrictionDampsTheTangentialPart) {
  expect_vec(reflect({3, -4}, {0, 1}, 1, Real(0.5)), {Real(1.5), 4});
  expect_vec(reflect({3, -4}, {0, 1}, 0, 1), {0, 0});  // sticks
}

TEST(Reflect, SlantedWall) {
  // A 45 degree wall with outward normal (1, 1)/sqrt(2); (-1, 0) reflects to (0, 1):
  // v - 2 (v.n) n = (-1, 0) + (1, 1).
  const Real s = std::sqrt(Real(0.5));
  expect_vec(reflect({-1, 0}, {s, s}, 1, 0), {0, 1});
  // The normal need not be unit.
  expect_vec(reflect({-1, 0}, {5, 5}, 1, 0), {0, 1});
  expect_vec(reflect({3, -4}, {0, 2}, 1, 0), {3, 4});
}

TEST(Reflect, LeavingOrTangentVelocityIsUnchanged) {
  EXPECT_EQ(reflect({3, 4}, {0, 1}, 1, Real(0.5)), Vec2(3, 4));
  EXPECT_EQ(reflect({3, 0}, {0, 1}, 1, Real(0.5)), Vec2(3, 0));
  EXPECT_EQ(reflect({0, 0}, {0, 1}, 1, 1), Vec2(0, 0));
}

TEST(Reflect, KeepsTheSpeedToARounding) {
  // Many reflections with restitution 1 about assorted normals: the speed stays within a few
  // roundings per bounce.
  Vec2 v{Real(7.3), Real(-2.1)};
  const double v0 = std::hypot(double(v.x), double(v.y));
  for (int i = 0; i < 10000; ++i) {
    const Real a = Real(0.37) * Real(i);
    Vec2 n{std::cos(a), std::sin(a)};
    if (dot(v, n) > 0) n = -n;
    v = reflect(v, n, 1, 0);
  }
  EXPECT_LT(std::fabs(std::hypot(double(v.x), double(v.y)) - v0) / v0, 1e-4);
}

TEST(Slide, RemovesOnlyTheMotionIntoTheSurface) {
  expect_vec(slide({3, -4}, {0, 1}), {3, 0});
  EXPECT_EQ(slide({3, 4}, {0, 1}), Vec2(3, 4));
  const Real s = std::sqrt(Real(0.5));
  expect_vec(slide({-2, 0}, {s, s}), {-1, 1});  // (-2, 0) minus its normal part (-1, -1)
}

TEST(ValidateReflect, NamesTheBadInput) {
  const Real nan = std::numeric_limits<Real>::quiet_NaN();
  const Real inf = std::numeric_limits<Real>::infinity();
  EXPECT_FALSE(validate_reflect({1, 2}, {0, 1}, 1, 0));
  EXPECT_FALSE(validate_reflect({0, 0}, {0, 1}, 0, 1));  // zero velocity: valid
  EXPECT_EQ(validate_reflect({nan, 0}, {0, 1}, 1, 0)->field, "velocity");
  EXPECT_EQ(validate_reflect({0, inf}, {0, 1}, 1, 0)->field, "velocity");
  EXPECT_EQ(validate_reflect({1, 0}, {0, 0}, 1, 0)->field, "normal");
  EXPECT_EQ(validate_reflect({1, 0}, {nan, 1}, 1, 0)->field, "normal");
  EXPECT_EQ(validate_reflect({1, 0}, {0, 1}, Real(-0.1), 0)->field, "restitution");
  EXPECT_EQ(validate_reflect({1, 0}, {0, 1}, inf, 0)->field, "restitution");
  EXPECT_EQ(validate_reflect({1, 0}, {0, 1}, 1, Real(1.5))->field, "friction");
  EXPECT_EQ(validate_reflect({1, 0}, {0, 1}, 1, Real(-0.5))->field, "friction");
}

TEST(ValidateMove, NamesTheBadInput) {
  const Real nan = std::numeric_limits<Real>::quiet_NaN();
  const Real inf = std::numeric_limits<Real>::infinity();
  const Shape ball = Circle{{0, 0}, 1};
  std::vector<Shape> obstacles = {Segment{{5, -5}, {5, 5}}, Circle{{9, 0}, 1}};
  EXPECT_FALSE(validate_move(ball, {3, 0}, obstacles));
  EXPECT_FALSE(validate_move(ball, {0, 0}, obstacles));
  EXPECT_EQ(validate_move(ball, {nan, 0}, obstacles)->field, "displacement");
  EXPECT_EQ(validate_move(ball, {0, -inf}, obstacles)->field, "displacement");
  EXPECT_EQ(validate_move(Circle{{0, 0}, -1}, {1, 0}, obstacles)->field, "shape.radius");
  obstacles[1] = Circle{{9, 0}, nan};
  auto bad = validate_move(ball, {1, 0}, obstacles);
  ASSERT_TRUE(bad);
  EXPECT_EQ(bad->field, "obstacles[1].radius");
  obstacles[1] = Circle{{9, 0}, 1};
  MoveOptions o;
  o.restitution = Real(-1);
  EXPECT_EQ(validate_move(ball, {1, 0}, obstacles, o)->field, "restitution");
  o = {};
  o.friction = 2;
  EXPECT_EQ(validate_move(ball, {1, 0}, obstacles, o)->field, "friction");
  o = {};
  o.max_iterations = 0;
  EXPECT_EQ(validate_move(ball, {1, 0}, obstacles, o)->field, "max_iterations");
  o = {};
  o.skin = nan;
  EXPECT_EQ(validate_move(ball, {1, 0}, obstacles, o)->field, "skin");
  EXPECT_EQ(validate_move_substeps(ball, {1, 0}, obstacles, {}, 0)->field, "fraction");
  EXPECT_EQ(validate_move_substeps(ball, {1, 0}, obstacles, {}, inf)->field, "fraction");
  EXPECT_FALSE(validate_move_substeps(ball, {1, 0}, obstacles, {}, Real(0.5)));
  EXPECT_FALSE(bad->text().empty());
}

TEST(PositionCorrection, ParallelContactsAreNotCountedTwice) {
  PositionCorrection pc;
  pc.add({0, 1}, Real(0.5));
  pc.add({0, 2}, Real(0.3));  // same direction, shallower: the deepest wins
  pc.add({0, 1}, Real(0.5));  // the same contact reported by a second collinear segment
  EXPECT_EQ(pc.count(), 1);
  expect_vec(pc.solve(), {0, Real(0.5)});
}

TEST(PositionCorrection, PerpendicularAndSlantedContactsCombine) {
  PositionCorrection pc;
  pc.add({1, 0}, Real(0.2));
  pc.add({0, 1}, Real(0.5));
  expect_vec(pc.solve(), {Real(0.2), Real(0.5)});
  // (1, 0) by 1 and (0.6, 0.8) by 1: neither push alone satisfies the other; the corner of
  // the two lines is x = 1, 0.6 + 0.8 y = 1, so y = 0.5.
  pc.clear();
  pc.add({1, 0}, 1);
  pc.add({Real(0.6), Real(0.8)}, 1);
  expect_vec(pc.solve(), {1, Real(0.5)});
  // A deeper push along one direction already covers a shallow slanted one: no sum.
  pc.clear();
  pc.add({0, 1}, 2);
  pc.add({Real(0.6), Real(0.8)}, 1);
  expect_vec(pc.solve(), {0, 2});
}

TEST(PositionCorrection, FromManifoldsAndConflicts) {
  Manifold m;
  m.touching = true;
  m.normal = {0, -1};  // from the body down into the floor
  m.depth = Real(0.25);
  PositionCorrection pc;
  pc.add(m, Real(0.05));
  expect_vec(pc.solve(), {0, Real(0.3)});
  pc.add(Manifold{});  // not touching: ignored
  EXPECT_EQ(pc.count(), 1);
  // Squeezed from both sides: no translation satisfies both, the answer stays finite.
  pc.clear();
  pc.add({1, 0}, 1);
  pc.add({-1, 0}, 1);
  EXPECT_TRUE(is_finite(pc.solve()));
  pc.clear();
  EXPECT_EQ(pc.solve(), Vec2(0, 0));
}

TEST(Substeps, Count) {
  EXPECT_EQ(substep_count({10, 0}, 1, Real(0.25)), 40);
  EXPECT_EQ(substep_count({3, 4}, 2, Real(0.5)), 5);
  EXPECT_EQ(substep_count({0, 0}, 1, Real(0.25)), 1);
  EXPECT_EQ(substep_count({Real(0.1), 0}, 1, Real(0.25)), 1);
  EXPECT_EQ(substep_count({1e9, 0}, 1, Real(0.25)), 65536);
  EXPECT_EQ(substep_count({1, 0}, 0, Real(0.25)), 1);
}
