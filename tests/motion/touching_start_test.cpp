// Issue 11 regressions for the one mover, each against an answer worked out from the geometry
// (long double where rounding matters):
//  - bug 1: a body resting within the float touching tolerance of an Aabb or Box face is not
//    held by it: moving away or along goes the whole way;
//  - shapes without area (point, segment bodies) sliding at a shallow angle onto a wall edge
//    or segment slide (they were blocked with no contact: a crossing taken for a graze);
//  - a bounce with restitution 0 off a rotated box keeps the part along its face;
//  - a slide ends touching the wall within FORMAT.md's tolerance (1e-4 (1 + size) + 4e-6
//    offset) far from the origin: the skin stays inside it.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "collide2d/motion.hpp"

using namespace collide2d;

namespace {

using LD = long double;

/// FORMAT.md's size-scaled tolerance.
LD format_tol(LD size, LD offset) { return 1e-4L * (1 + size) + 4e-6L * offset; }

TEST(TouchingStartMove, RestingOnABoxFaceMovesAwayAndAlong) {
  for (const Real x0 : {Real(0), Real(500), Real(2000)}) {
    const Real gap = x0 == 0 ? Real(0.0004) : Real(0.003);
    const Aabb box{{x0 - 24, -16}, {x0 + 24, 16}};
    const Box rbox({x0, 0}, {24, 16}, 0);
    for (const Shape& obstacle : {Shape(box), Shape(rbox)}) {
      const std::vector<Shape> obs{obstacle};
      const Circle disc{{x0 + Real(3.4), 28 + gap}, 12};
      for (const Vec2 d : {Vec2{0, 2}, Vec2{2, 0}, Vec2{-2, 0}, Vec2{2, 2}, Vec2{-3, 1}}) {
        const MoveResult r = move(Shape(disc), d, std::span<const Shape>(obs));
        EXPECT_NEAR(r.translation.x, d.x, 1e-4) << "x0 " << x0 << " d " << d.x << "," << d.y;
        EXPECT_NEAR(r.translation.y, d.y, 1e-4) << "x0 " << x0 << " d " << d.x << "," << d.y;
        EXPECT_FALSE(r.blocked);
      }
      // Into the face at a slant: slides along it, ends touching within the tolerance.
      const MoveResult r = move(Shape(disc), Vec2{6, -2}, std::span<const Shape>(obs));
      EXPECT_NEAR(r.translation.x, 6, 1e-3) << x0;
      const LD end_gap = LD(std::get<Circle>(r.shape).center.y) - 12 - 16;
      EXPECT_GE(end_gap, -1e-6L) << x0;
      EXPECT_LE(end_gap, format_tol(48, x0 + 40)) << x0;
    }
  }
}

TEST(TouchingStartMove, PointsAndSegmentsSlideOntoWallsAtShallowAngles) {
  // A one-sided floor edge y = 0 (front up) far from the origin; bodies come down at 1 to 16
  // degrees: they slide the whole component along it and end on it, never below it.
  for (const Real x0 : {Real(0), Real(900), Real(-2400)}) {
    WallEdge e = make_edge({x0 + 400, 0}, {x0 - 400, 0});  // right to left: front up
    e.one_sided = true;
    const std::vector<Obstacle> wall{edge_obstacle(e)};
    const Shape floor_seg = Segment{{x0 - 400, 0}, {x0 + 400, 0}};
    const std::vector<Obstacle> solid{shape_obstacle(floor_seg)};
    for (const Real deg : {Real(1), Real(5), Real(10), Real(16)}) {
      const Real a = deg * kPi / 180;
      const Vec2 d{160 * std::cos(a), -160 * std::sin(a)};
      const Real y0 = 160 * std::sin(a) / 2;  // meets the floor halfway
      for (const Shape& body : {Shape(Point{{x0 - 100, y0}}),
                                Shape(Segment{{x0 - 100, y0}, {x0 - 90, y0 + 3}})}) {
        for (const auto* obs : {&wall, &solid}) {
          const MoveResult r = move(body, d, std::span<const Obstacle>(*obs));
          const Aabb end = bounds(r.shape);
          EXPECT_NEAR(r.translation.x, d.x, 1e-3 * 160) << "x0 " << x0 << " deg " << deg;
          EXPECT_GE(end.min.y, 0) << "x0 " << x0 << " deg " << deg;
          EXPECT_LE(LD(end.min.y), format_tol(160, std::fabs(x0) + 400)) << "x0 " << x0 << " deg " << deg;
          EXPECT_FALSE(r.contacts.empty());
        }
      }
    }
  }
}

TEST(TouchingStartMove, BounceWithRestitutionZeroOffARotatedBoxKeepsTheTangent) {
  // A box body hits a long rotated box obstacle face first: with restitution 0 the returned
  // displacement is the part of the asked one along the face (the face normal in long double).
  const LD ang = 0.7244782125301783L;
  const Box wall({-8775.945693231162f, 4699.474035474175f}, {202.05924845147058f, 13.142817862726046f},
                 Real(ang));
  const std::vector<Shape> obs{wall};
  const Shape body = Box({-8761.21559559488f, 4756.079652403793f}, {15.31158982723635f, 11.488608789903463f},
                         Real(-2.1789941006514812));
  const Vec2 d{Real(46.353320039460556), Real(17.75576611997554)};
  MoveOptions o;
  o.response = Response::bounce;
  o.restitution = 0;
  const MoveResult r = move(body, d, std::span<const Shape>(obs), o);
  const LD nx = -std::sin(ang), ny = std::cos(ang);  // the face's normal (top side)
  const LD into = LD(d.x) * nx + LD(d.y) * ny;
  const LD ex = LD(d.x) - into * nx, ey = LD(d.y) - into * ny;
  const LD tol = format_tol(2 * 202.1L, 9000);
  ASSERT_LT(into, 0);  // it does go into the face
  EXPECT_NEAR(LD(r.displacement.x), ex, tol);
  EXPECT_NEAR(LD(r.displacement.y), ey, tol);
  EXPECT_FALSE(r.contacts.empty());
}

TEST(TouchingStartMove, SlidesPastTheJointOfCollinearTwoSidedWalls) {
  // Freedoom 2 MAP03: a box lands on a wall split into two collinear two-sided linedefs (no
  // ghost vertices) and slides along it: it passes the joint at x = 1728 (its corner met the
  // next piece's end a skin below it: a contact within the sweep's tolerance that the motion
  // never closes) and keeps the whole displacement along the wall.
  const std::vector<Obstacle> walls{edge_obstacle(make_edge({1728, -1048}, {1632, -1048})),
                                    edge_obstacle(make_edge({1984, -1048}, {1728, -1048}))};
  const Shape body = Aabb{{Real(1697.3845), Real(-1033.0157)}, {Real(1706.9233), Real(-1020.6011)}};
  const Vec2 d{Real(143.13369), Real(-276.78186)};
  const MoveResult r = move(body, d, std::span<const Obstacle>(walls));
  const Aabb end = bounds(r.shape);
  const LD tol = format_tol(256, 2000);
  EXPECT_NEAR(LD(r.translation.x), LD(d.x), tol);
  EXPECT_GE(LD(end.min.y), -1048.0L);
  EXPECT_LE(LD(end.min.y), -1048.0L + tol);
  EXPECT_NEAR(LD(r.displacement.x), LD(d.x), tol);
  EXPECT_NEAR(LD(r.displacement.y), 0.0L, tol);
}

}  // namespace
