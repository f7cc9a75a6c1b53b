// The one mover over obstacles of every kind (walls.hpp): solid shapes, wall edges (one-sided
// fronts, ghost vertices of chains) and coast arcs. Each answer is checked against an
// independent one: the straight path densely sampled with exact overlap tests (brute force),
// the wall's own geometry in long double, the reflection worked out by hand.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <random>
#include <vector>

#include "collide2d/motion.hpp"

using namespace collide2d;

namespace {

constexpr bool kDouble = sizeof(Real) == 8;
using LD = long double;

Vec2 center_of(const Shape& s) { return std::get<Circle>(s).center; }

/// A closed or open chain of edges with ghost vertices: consecutive points, front on the right
/// of the walking direction, one-sided or not.
std::vector<Obstacle> chain(const std::vector<Vec2>& pts, bool one_sided, bool closed = false) {
  std::vector<Obstacle> out;
  const std::size_t n = pts.size();
  const std::size_t edges = closed ? n : n - 1;
  for (std::size_t i = 0; i < edges; ++i) {
    WallEdge e = make_edge(pts[i], pts[(i + 1) % n]);
    e.one_sided = one_sided;
    if (closed || i > 0) e.has_prev = true, e.prev = pts[(i + n - 1) % n];
    if (closed || i + 2 < n + (closed ? 1 : 0)) e.has_next = true, e.next = pts[(i + 2) % n];
    out.push_back(edge_obstacle(e, 7, std::uint32_t(i)));
  }
  return out;
}

/// Distance from p to segment ab in long double.
LD seg_dist(Vec2 p, Vec2 a, Vec2 b) {
  const LD abx = LD(b.x) - a.x, aby = LD(b.y) - a.y, apx = LD(p.x) - a.x, apy = LD(p.y) - a.y;
  const LD ee = abx * abx + aby * aby;
  LD t = ee > 0 ? (apx * abx + apy * aby) / ee : 0;
  t = std::clamp(t, LD(0), LD(1));
  const LD dx = apx - t * abx, dy = apy - t * aby;
  return std::sqrt(dx * dx + dy * dy);
}

/// The gap (long double) between a disk and an obstacle: shapes through `distance` (exact
/// queries), edges and arcs by their own geometry.
LD disk_gap(const Circle& c, const Obstacle& o) {
  switch (o.kind) {
    case ObstacleKind::shape: return overlaps(Shape(c), *o.shape) ? LD(-1) : LD(distance(Shape(c), *o.shape).distance);
    case ObstacleKind::edge: return seg_dist(c.center, o.edge.a, o.edge.b) - c.radius;
    case ObstacleKind::arc: return LD(distance(o.arc, c.center)) - c.radius;
  }
  return 0;
}

}  // namespace

TEST(OneMover, SlidesAlongAChainWithoutStoppingAtJoints) {
  // A flat floor of 60 one-sided unit edges (front up) with ghost vertices: a disk and a box
  // pushed down-right keep the whole of the motion along it at every joint.
  std::vector<Vec2> pts;
  for (int i = 60; i >= 0; --i) pts.push_back({Real(i), 0});  // right to left: front (right side) up
  const std::vector<Obstacle> floor = chain(pts, true);
  ASSERT_EQ(floor[0].edge.normal, Vec2(0, 1));
  const std::vector<Shape> bodies = {Circle{{Real(0.5), Real(0.51)}, Real(0.5)},
                                     Box({Real(0.5), Real(0.51)}, {Real(0.5), Real(0.5)}, 0),
                                     Shape(Aabb{{Real(0.0), Real(0.01)}, {Real(0.9), Real(0.4)}})};
  for (const Shape& start : bodies) {
    Shape body = start;
    for (int s = 0; s < 60; ++s) {
      const MoveResult r = move(body, {Real(0.7), Real(-0.3)}, floor);
      ASSERT_FALSE(validate_move(body, {Real(0.7), Real(-0.3)}, floor));
      EXPECT_NEAR(r.translation.x, Real(0.7), kDouble ? 1e-9 : 1e-4) << "step " << s << " body " << start.index();
      body = r.shape;
      const Aabb b = bounds(body);
      EXPECT_GT(b.min.y, 0) << s;  // above the floor: free
      EXPECT_LT(b.min.y, kDouble ? 1e-6 : 2e-3) << s;  // and touching within the skin
      for (const MoveContact& c : r.contacts) {
        EXPECT_EQ(c.kind, ObstacleKind::edge);
        EXPECT_EQ(c.owner, 7u);
        EXPECT_NEAR(c.normal.y, -1, 1e-4);  // never a ghost normal from a joint
      }
    }
  }
}

TEST(OneMover, OneSidedEdgeBlocksFromTheFrontOnly) {
  WallEdge e = make_edge({-5, 0}, {5, 0});  // normal: right of a->b = down
  ASSERT_EQ(e.normal, Vec2(0, -1));
  e.one_sided = true;
  const std::vector<Obstacle> wall = {edge_obstacle(e)};
  // From below (the front), moving up: stops a skin short.
  const MoveResult up = move(Circle{{0, -3}, 1}, {0, 10}, wall);
  EXPECT_TRUE(up.blocked);
  EXPECT_LT(center_of(up.shape).y, -1);
  EXPECT_GT(center_of(up.shape).y, kDouble ? -1 - 1e-6 : -1 - 2e-3);
  ASSERT_EQ(up.contacts.size(), 1u);
  EXPECT_NEAR(up.contacts[0].normal.y, 1, 1e-5);
  EXPECT_NEAR(up.contacts[0].time, Real(0.2), 1e-4);  // centre from -3 to -1 of 10
  // From above (the back), moving down: passes through as if it were not there.
  const MoveResult down = move(Circle{{0, 3}, 1}, {0, -10}, wall);
  EXPECT_EQ(down.translation, Vec2(0, -10));
  EXPECT_TRUE(down.contacts.empty());
  // Two-sided: blocks both ways.
  std::vector<Obstacle> two = wall;
  two[0].edge.one_sided = false;
  const MoveResult both = move(Circle{{0, 3}, 1}, {0, -10}, two);
  EXPECT_GT(center_of(both.shape).y, 1);
}

TEST(OneMover, BounceOffAnEdgeAndOffAnArc) {
  // Off a straight two-sided edge: the normal part reversed and scaled by restitution, the
  // tangential part kept (FORMAT.md's rule, worked out here).
  const std::vector<Obstacle> wall = {edge_obstacle(make_edge({5, -50}, {5, 50}))};
  MoveOptions o;
  o.response = Response::bounce;
  o.restitution = Real(0.5);
  const MoveResult r = move(Circle{{0, 0}, 1}, {10, 3}, wall, o);
  EXPECT_NEAR(r.displacement.x, -5, 1e-4);
  EXPECT_NEAR(r.displacement.y, 3, 1e-4);
  ASSERT_EQ(r.contacts.size(), 1u);
  EXPECT_NEAR(r.contacts[0].time, Real(0.4), 1e-4);
  // The rest of the step after the bounce: 60% of the new displacement from x = 4.
  EXPECT_NEAR(center_of(r.shape).x, 4 - Real(0.6) * 5, 2e-3);
  // Inside a coast (a whole circle of radius 10 around the origin: land inside), a ball
  // thrown outwards comes back along the radius.
  const std::vector<Obstacle> coast = {arc_obstacle(Arc({0, 0}, 10, 0, 2 * kPi))};
  o.restitution = 1;
  const MoveResult a = move(Circle{{0, 0}, 1}, {20, 0}, coast, o);
  ASSERT_EQ(a.contacts.size(), 1u);
  EXPECT_EQ(a.contacts[0].kind, ObstacleKind::arc);
  EXPECT_NEAR(a.contacts[0].normal.x, 1, 1e-5);
  EXPECT_NEAR(a.displacement.x, -20, 1e-4);
  EXPECT_NEAR(center_of(a.shape).x, 9 - Real(0.55) * 20, 2e-3);
}

TEST(OneMover, SlidesAlongACoastAndStaysOnLand) {
  // Walking round the inside of a coast made of four quarter arcs (one circle): the ball
  // keeps within the land (centre within R - r, by the circle's own geometry) and moves.
  std::vector<Obstacle> coast;
  for (int q = 0; q < 4; ++q) coast.push_back(arc_obstacle(Arc({3, -2}, 10, Real(q) * kPi / 2, kPi / 2), 1, std::uint32_t(q)));
  Shape body = Circle{{5, -2}, Real(1.5)};
  Real travelled = 0;
  for (int s = 0; s < 400; ++s) {
    const Vec2 c = center_of(body) - Vec2{3, -2};
    const Vec2 d = Vec2{-c.y, c.x} * Real(0.2) + c * Real(0.1);  // round and outwards
    const MoveResult r = move(body, d, coast);
    body = r.shape;
    travelled += length(r.translation);
    const Vec2 e = center_of(body) - Vec2{3, -2};
    const LD dist = std::sqrt(LD(e.x) * e.x + LD(e.y) * e.y);
    ASSERT_LT(dist, LD(10) - LD(1.5)) << s;  // never reaches the sea
  }
  EXPECT_GT(travelled, 100);
}

TEST(OneMover, AnArcsMiddleAndBothEndsAtOnce) {
  // A disk just inside the circle of a short arc, a hair below its middle: the arc's nearest
  // point (the middle) and both of its end points are all within two skins, three contacts
  // where the body stands from one obstacle (the most the Mover keeps room for per obstacle).
  // Pushed into the arc, it stays on its side: the gap by the arc's own geometry in long
  // double, and it does not move up past the middle's skin.
  const std::vector<Obstacle> obs = {arc_obstacle(Arc({0, 0}, 1, kPi / 4, kPi / 2))};
  const Circle c{{0, Real(0.02)}, Real(0.975)};
  MoveOptions o;
  o.skin = Real(0.01);
  for (const Vec2 q : {obs[0].arc.start_point(), obs[0].arc.end_point(), Vec2{0, 1}}) {
    const LD gap = std::hypot(LD(q.x) - c.center.x, LD(q.y) - c.center.y) - c.radius;
    ASSERT_TRUE(gap > 0 && gap < 2 * LD(o.skin));  // (the scene: each within two skins)
  }
  for (const Vec2 d : {Vec2{0, Real(0.1)}, Vec2{Real(0.05), Real(0.1)}, Vec2{Real(-0.1), Real(0.02)}}) {
    const MoveResult r = move(Circle(c), d, obs, o);
    const Circle e = std::get<Circle>(r.shape);
    EXPECT_GE(disk_gap(e, obs[0]), 0) << d.x;
    EXPECT_LE(LD(e.center.y), LD(c.center.y) + LD(0.005)) << d.x;
    ASSERT_FALSE(r.contacts.empty()) << d.x;
    EXPECT_EQ(r.contacts[0].kind, ObstacleKind::arc);
  }
}

TEST(OneMover, BruteForceAgainstEveryKind) {
  // Random disks moved through random obstacles of every kind (shapes, edges, arcs) and
  // checked against the straight path sampled densely: a path free at every sample and at the
  // end is taken whole; the end is never inside anything; the first contact lies no earlier
  // than the first sampled overlap allows. Each output is fed back as the next input.
  std::mt19937 g(12);
  auto u = [&](Real lo, Real hi) { return lo + (hi - lo) * Real(double(g()) / 4294967296.0); };
  std::vector<Shape> shapes;
  std::vector<Obstacle> obs;
  for (int i = 0; i < 40; ++i) {
    const Vec2 c{u(-60, 60), u(-60, 60)};
    switch (i % 3) {
      case 0: shapes.push_back(Box(c, {u(1, 5), u(1, 5)}, u(0, 3))); break;
      case 1: shapes.push_back(Capsule{c, c + Vec2{u(-6, 6), u(-6, 6)}, u(Real(0.5), 2)}); break;
      default: shapes.push_back(Circle{c, u(1, 4)});
    }
  }
  for (const Shape& s : shapes) obs.push_back(shape_obstacle(s));
  for (int i = 0; i < 30; ++i) {
    const Vec2 a{u(-60, 60), u(-60, 60)};
    obs.push_back(edge_obstacle(make_edge(a, a + Vec2{u(-15, 15), u(-15, 15)})));
  }
  // The arena: land is a disk of radius 90 (one arc), so nothing leaves it.
  obs.push_back(arc_obstacle(Arc({0, 0}, 90, 0, 2 * kPi)));
  auto free_gap = [&](const Circle& c) {
    LD gmin = 1e30L;
    for (const Obstacle& o : obs) gmin = std::min(gmin, disk_gap(c, o));
    return gmin;
  };
  long moves = 0, whole = 0, inside = 0, not_whole = 0, hit_early = 0;
  for (int b = 0; b < 40; ++b) {
    Circle c{{u(-80, 80), u(-80, 80)}, u(Real(0.5), 2)};
    if (free_gap(c) <= 0 || length(c.center) > 85) continue;
    MoveOptions opt;
    if (b % 2) opt.response = Response::bounce;
    Vec2 vel{u(-30, 30), u(-30, 30)};
    for (int s = 0; s < 60; ++s) {
      const MoveResult r = move(c, vel, obs, opt);
      ++moves;
      // The straight path, 400 samples: free all along?
      bool path_free = true;
      int first_overlap = -1;
      for (int k = 0; k <= 400 && path_free; ++k) {
        const Circle at{c.center + vel * (Real(k) / 400), c.radius};
        if (free_gap(at) <= 0) path_free = false, first_overlap = k;
      }
      if (path_free) {
        ++whole;
        if (!(r.translation == vel)) ++not_whole;
      } else if (!r.contacts.empty() && !r.contacts[0].initially_touching) {
        // Its first contact comes no later than the first sampled overlap.
        if (r.contacts[0].time > Real(first_overlap) / 400 + Real(1e-3)) ++hit_early;
      }
      const Circle end = std::get<Circle>(r.shape);
      if (free_gap(end) <= 0) ++inside;
      c = end;
      if (opt.response == Response::bounce) vel = r.displacement;
      else if (r.displacement == Vec2{}) vel = perp(vel);
    }
  }
  std::printf("brute force: %ld moves, %ld free paths, %ld not taken whole, %ld contacts after the "
              "first sampled overlap, %ld ends inside\n", moves, whole, not_whole, hit_early, inside);
  EXPECT_GT(moves, 1000);
  EXPECT_GT(whole, 100);
  EXPECT_EQ(not_whole, 0);
  EXPECT_EQ(hit_early, 0);
  EXPECT_EQ(inside, 0);
}

TEST(OneMover, RegionCoversEveryContact) {
  // Whatever the move touches lies in move_region: the same move with only the obstacles
  // meeting the region gives the same answer.
  std::mt19937 g(5);
  auto u = [&](Real lo, Real hi) { return lo + (hi - lo) * Real(double(g()) / 4294967296.0); };
  std::vector<Obstacle> obs;
  for (int i = 0; i < 200; ++i) {
    const Vec2 a{u(-100, 100), u(-100, 100)};
    obs.push_back(edge_obstacle(make_edge(a, a + Vec2{u(-10, 10), u(-10, 10)})));
  }
  int checked = 0;
  for (int t = 0; t < 300; ++t) {
    const Circle c{{u(-100, 100), u(-100, 100)}, u(Real(0.5), 3)};
    bool free = true;
    for (const Obstacle& o : obs) free = free && disk_gap(c, o) > 0;
    if (!free) continue;
    const Vec2 d{u(-40, 40), u(-40, 40)};
    const MoveResult all = move(c, d, obs);
    const Aabb region = move_region(c, d);
    std::vector<Obstacle> some;
    for (const Obstacle& o : obs)
      if (region.overlaps(bounds(o))) some.push_back(o);
    const MoveResult part = move(c, d, some);
    EXPECT_EQ(center_of(all.shape), center_of(part.shape)) << t;
    for (const MoveContact& m : all.contacts) EXPECT_TRUE(region.overlaps(bounds(obs[m.obstacle])));
    ++checked;
  }
  EXPECT_GT(checked, 100);
}

TEST(OneMover, ValidationNamesTheField) {
  const Shape ball = Circle{{0, 0}, 1};
  std::vector<Obstacle> obs = {edge_obstacle(make_edge({0, 0}, {1, 0}))};
  EXPECT_FALSE(validate_move(ball, {1, 0}, obs));
  obs[0].edge.normal = {1, 0};
  EXPECT_EQ(validate_move(ball, {1, 0}, obs)->field, "obstacles[0].edge.normal");
  obs[0] = arc_obstacle(Arc({0, 0}, -1, 0, 1));
  EXPECT_EQ(validate_move(ball, {1, 0}, obs)->field, "obstacles[0].arc.radius");
  obs[0] = Obstacle{};
  EXPECT_EQ(validate_move(ball, {1, 0}, obs)->field, "obstacles[0].shape");
  obs.clear();
  MoveOptions o;
  o.max_slope = 2;
  EXPECT_EQ(validate_move(ball, {1, 0}, obs, o)->field, "max_slope");
  o = {};
  o.snap_distance = -1;
  EXPECT_EQ(validate_move(ball, {1, 0}, obs, o)->field, "snap_distance");
  const Shape s = Circle{{0, 0}, 1};
  std::vector<Obstacle> soft = {shape_obstacle(s)};
  soft[0].push_limit = std::nanf("");
  EXPECT_EQ(validate_move(ball, {1, 0}, soft)->field, "obstacles[0].push_limit");
}
