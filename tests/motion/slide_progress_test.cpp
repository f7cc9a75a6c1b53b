// The slide response's guarantees, each checked against the geometry of random scenes worked
// out here, never against the mover itself:
// - a slide never turns back: the body's progress along the displacement asked for never goes
//   down from one iteration to the next (the positions after 1, 2, ... iterations are the
//   prefixes of one move), and pushing on with the same displacement never goes to and fro;
// - side view: a wall steeper than max_slope is not climbed by pushing into it, while walkable
//   slopes are;
// - a head-on move stops short of the wall by the skin, within kSweepRelTol x |displacement|
//   (docs/motion.md).
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <vector>

#include "collide2d/motion.hpp"

using namespace collide2d;

namespace {

Vec2 center_of(const Shape& s) { return std::get<Circle>(s).center; }

Real uniform(std::mt19937_64& g, Real lo, Real hi) {
  return lo + (hi - lo) * Real(std::uniform_real_distribution<double>(0, 1)(g));
}

/// A wedge: two two-sided walls from a common vertex v, along directions at angles a0 and
/// a0 + opening, each of length len.
std::vector<Obstacle> wedge(Vec2 v, Real a0, Real opening, Real len) {
  const Vec2 e0 = Rot::from_angle(a0).x_axis(), e1 = Rot::from_angle(a0 + opening).x_axis();
  return {edge_obstacle(make_edge(v, v + e0 * len), 0, 0), edge_obstacle(make_edge(v, v + e1 * len), 0, 1)};
}

/// The coast of the union of two disks (land inside): each circle's arc outside the other.
/// Returns false when the circles do not cross.
bool coast_of_two(Vec2 c0, Real r0, Vec2 c1, Real r1, std::vector<Obstacle>* out) {
  const Real d = length(c1 - c0);
  if (!(d < r0 + r1) || !(d > std::fabs(r0 - r1))) return false;
  auto outside_arc = [](Vec2 c, Real r, Vec2 other, Real ro, Real dist) {
    // Half-angle at c of the chord where the circles cross (law of cosines).
    const Real cosh = (r * r + dist * dist - ro * ro) / (2 * r * dist);
    const Real h = std::acos(std::clamp(cosh, Real(-1), Real(1)));
    const Vec2 to = other - c;
    const Real at = std::atan2(to.y, to.x);
    return Arc(c, r, at + h, 2 * kPi - 2 * h);
  };
  out->clear();
  out->push_back(arc_obstacle(outside_arc(c0, r0, c1, r1, d), 0, 0));
  out->push_back(arc_obstacle(outside_arc(c1, r1, c0, r0, d), 0, 1));
  return true;
}

/// Checks that the positions after 1..cap iterations never lose progress along d (beyond the
/// skin, which a push-out may take back) and that repeated moves by d do not go to and fro.
/// Returns the number of scenes that moved at all (so a test can see it was exercised).
void check_progress(const Circle& start, Vec2 d, const std::vector<Obstacle>& obs, const MoveOptions& opt,
                    const char* what, int scene, int* failures) {
  const Real skin = move_skin(start, d, opt);
  const Real dl = length(d);
  const Vec2 u = d / dl;
  const Real slack = 2 * skin + 4 * kSweepRelTol * dl;
  Real best = 0;
  for (int k = 1; k <= opt.max_iterations; ++k) {
    MoveOptions ok = opt;
    ok.max_iterations = k;
    const MoveResult r = move(start, d, obs, ok);
    const Real p = dot(center_of(r.shape) - start.center, u);
    if (p < best - slack || p < -slack) {
      if (++*failures <= 5)
        ADD_FAILURE() << what << " scene " << scene << ": progress along d after " << k
                      << " iterations " << p << " < " << best << " earlier (slack " << slack << ")";
      return;
    }
    best = std::max(best, p);
  }
  // Push on with the same displacement: the positions never come back to one two calls ago
  // after going somewhere else (to and fro), and progress never goes down.
  Circle c = start;
  Vec2 prev2 = start.center, prev1 = start.center;
  Real total = 0;
  for (int step = 0; step < 12; ++step) {
    const MoveResult r = move(c, d, obs, opt);
    const Vec2 p = center_of(r.shape);
    const Real gain = dot(p - c.center, u);
    if (gain < -slack) {
      if (++*failures <= 5)
        ADD_FAILURE() << what << " scene " << scene << ": call " << step << " went back " << -gain
                      << " along d (slack " << slack << ")";
      return;
    }
    if (step >= 1 && length(p - prev2) <= skin && length(prev1 - prev2) > 8 * slack) {
      if (++*failures <= 5)
        ADD_FAILURE() << what << " scene " << scene << ": to and fro by " << length(prev1 - prev2)
                      << " at call " << step;
      return;
    }
    total += gain;
    prev2 = prev1, prev1 = p;
    c.center = p;
  }
  (void)total;
}

}  // namespace

TEST(SlideProgress, WedgesNeverTurnTheSlideBack) {
  std::mt19937_64 g(20261126);
  int failures = 0;
  const int n = 3000;
  for (int i = 0; i < n; ++i) {
    const Real scale = std::pow(Real(10), uniform(g, -1, 2));  // 0.1 .. 100 units
    const Vec2 v{uniform(g, -50, 50) * scale, uniform(g, -50, 50) * scale};
    const Real a0 = uniform(g, 0, 2 * kPi), opening = uniform(g, Real(0.2), Real(2.9));
    const std::vector<Obstacle> obs = wedge(v, a0, opening, 20 * scale);
    // A disk inside the wedge, clear of both walls, pushed towards the vertex side.
    const Real radius = uniform(g, Real(0.2), 1) * scale;
    const Vec2 bis = Rot::from_angle(a0 + opening / 2).x_axis();
    const Real clear = radius / std::sin(opening / 2);
    const Vec2 c = v + bis * (clear + uniform(g, Real(0.5), 6) * scale);
    const Real ang = uniform(g, -kPi, kPi);
    const Vec2 d = Rot::from_angle(ang).apply(-bis) * (uniform(g, Real(1), 12) * scale);
    check_progress(Circle{c, radius}, d, obs, MoveOptions{}, "wedge", i, &failures);
  }
  EXPECT_EQ(failures, 0) << "of " << n << " wedges";
}

TEST(SlideProgress, CoastsNeverTurnTheSlideBack) {
  std::mt19937_64 g(7);
  int failures = 0, scenes = 0;
  std::vector<Obstacle> obs;
  for (int i = 0; scenes < 3000 && i < 20000; ++i) {
    const Real scale = std::pow(Real(10), uniform(g, -1, 2));
    const Vec2 c0{uniform(g, -50, 50) * scale, uniform(g, -50, 50) * scale};
    const Real r0 = uniform(g, 4, 10) * scale, r1 = uniform(g, 4, 10) * scale;
    const Vec2 c1 = c0 + Rot::from_angle(uniform(g, 0, 2 * kPi)).x_axis() * (uniform(g, Real(0.3), Real(0.95)) * (r0 + r1));
    if (!coast_of_two(c0, r0, c1, r1, &obs)) continue;
    const Real radius = uniform(g, Real(0.2), Real(1.5)) * scale;
    // A start on land (inside one disk by more than the radius), the push towards a neck.
    const Vec2 c = c0 + Rot::from_angle(uniform(g, 0, 2 * kPi)).x_axis() * (uniform(g, 0, 1) * (r0 - radius) * Real(0.9));
    if (length(c - c0) > r0 - radius * Real(1.01)) continue;
    const Vec2 d = Rot::from_angle(uniform(g, 0, 2 * kPi)).x_axis() * (uniform(g, 1, 20) * scale);
    ++scenes;
    check_progress(Circle{c, radius}, d, obs, MoveOptions{}, "coast", i, &failures);
  }
  EXPECT_GE(scenes, 3000);
  EXPECT_EQ(failures, 0) << "of " << scenes << " coasts";
}

// Side view: a steep slope (steeper than max_slope) that a character walks or falls into is a
// wall: however many steps it pushes, it never ends higher than it started (beyond the skin).
TEST(SlideProgress, SteepSlopesAreNotClimbed) {
  std::mt19937_64 g(99);
  int failures = 0;
  const int n = 1000;
  for (int i = 0; i < n; ++i) {
    MoveOptions o;
    o.up = {0, 1};
    o.max_slope = uniform(g, 20, 60) * kPi / 180;
    const Real slope = o.max_slope + uniform(g, 3, 80) * kPi / 180;  // steeper than max_slope
    if (slope >= kPi / 2 - Real(0.01)) continue;
    const Real scale = std::pow(Real(10), uniform(g, -1, 2));
    const Real radius = uniform(g, Real(0.3), 1) * scale;
    const bool right = (i & 1) == 0;  // the slope rises to the right (else to the left)
    const Real s = right ? 1 : -1;
    const Vec2 foot{uniform(g, -100, 100) * scale, uniform(g, -100, 100) * scale};
    // Flat floor up to the foot, then the slope up to a height of 20 radii (one-sided edges,
    // front up, chained so that the joint is no ghost).
    const Vec2 top = foot + Vec2{s * std::cos(slope), std::sin(slope)} * (20 * radius / std::sin(slope));
    const Vec2 far_floor = foot - Vec2{s * 30 * radius, 0};
    WallEdge floor = right ? make_edge(foot, far_floor) : make_edge(far_floor, foot);
    WallEdge wall = right ? make_edge(top, foot) : make_edge(foot, top);
    floor.one_sided = wall.one_sided = true;
    std::vector<Obstacle> obs = {edge_obstacle(floor, 0, 0), edge_obstacle(wall, 0, 1)};
    // Start standing on the floor a few radii from the foot.
    Circle c{foot + Vec2{-s * uniform(g, Real(1.2), 4) * radius, radius * Real(1.001)}, radius};
    const Real y0 = c.center.y;
    const Real speed = uniform(g, Real(0.05), Real(0.8)) * radius;
    const Real gravity = (i % 3 == 0) ? 0 : uniform(g, Real(0.01), 1) * radius;
    const Vec2 d{s * speed, -gravity};
    Real top_y = y0;
    for (int step = 0; step < 60; ++step) {
      const MoveResult r = move(c, d, obs, o);
      c = std::get<Circle>(r.shape);
      top_y = std::max(top_y, c.center.y);
    }
    const Real skin = move_skin(c, d, o);
    if (top_y > y0 + 2 * skin + kSweepRelTol * (scale + std::fabs(foot.y))) {
      if (++failures <= 5)
        ADD_FAILURE() << "scene " << i << ": slope " << slope * 180 / kPi << " deg, max_slope "
                      << o.max_slope * 180 / kPi << " deg: climbed " << top_y - y0 << " (skin " << skin << ")";
    }
  }
  EXPECT_EQ(failures, 0);
}

// ... and walkable slopes are still walked up at the horizontal speed asked for.
TEST(SlideProgress, WalkableSlopesAreClimbed) {
  std::mt19937_64 g(100);
  for (int i = 0; i < 200; ++i) {
    MoveOptions o;
    o.up = {0, 1};
    o.max_slope = uniform(g, 30, 60) * kPi / 180;
    const Real slope = o.max_slope - uniform(g, 3, 25) * kPi / 180;
    const Real radius = 1;
    // One long slope through the origin rising to the right, front up-left.
    const Vec2 dir{std::cos(slope), std::sin(slope)};
    WallEdge e = make_edge(dir * 200, dir * -200);
    e.one_sided = true;
    const std::vector<Obstacle> obs = {edge_obstacle(e)};
    const Vec2 nrm{-std::sin(slope), std::cos(slope)};
    Circle c{nrm * (radius * Real(1.001)), radius};
    const Real x0 = c.center.x, y0 = c.center.y;
    const Vec2 d{Real(0.5), Real(-0.2)};
    for (int step = 0; step < 20; ++step) c = std::get<Circle>(move(c, d, obs, o).shape);
    // 20 steps of 0.5 across: 10 across and 10 tan(slope) up, less a skin per step at most.
    // (plus the first step's settling from the start gap of 0.001 onto the slope: straight
    // down by 0.001 / cos(slope))
    const Real skin = move_skin(c, d, o);
    const Real settle = Real(0.001) * radius / std::cos(slope);
    EXPECT_NEAR(c.center.x - x0, 10, 40 * skin + Real(1e-4)) << "slope " << slope * 180 / kPi;
    EXPECT_NEAR(c.center.y - y0, 10 * std::tan(slope), 40 * skin + settle + Real(1e-4))
        << "slope " << slope * 180 / kPi;
  }
}

// docs/motion.md: a move that meets a wall head-on stops at a gap of the skin, within
// kSweepRelTol x |displacement| (plus the rounding of the coordinates). The gap is measured
// here by the exact distance from the disk's centre to the wall line.
TEST(SlideProgress, HeadOnStopsASkinShort) {
  std::mt19937_64 g(5);
  Real worst_over = 0, worst_under = 0;
  for (int i = 0; i < 20000; ++i) {
    const Real scale = std::pow(Real(10), uniform(g, -1, 2));
    const Vec2 at{uniform(g, -1000, 1000), uniform(g, -1000, 1000)};
    const Real radius = uniform(g, Real(0.2), 1) * scale;
    const Vec2 n = Rot::from_angle(uniform(g, 0, 2 * kPi)).x_axis();  // wall normal, towards the disk
    const Vec2 t{-n.y, n.x};
    const Vec2 a = at - t * (50 * scale), b = at + t * (50 * scale);
    const std::vector<Obstacle> obs = {edge_obstacle(make_edge(a, b))};
    const Real start_gap = uniform(g, Real(0.1), 5) * scale;
    const Circle c{at + n * (radius + start_gap), radius};
    const Vec2 d = -n * (start_gap + uniform(g, Real(0.01), 5) * scale);  // reaches the wall
    const MoveResult r = move(c, d, obs);
    const Vec2 end = center_of(r.shape);
    // The gap in double, from the exact line through a and b.
    const double ex = double(b.x) - double(a.x), ey = double(b.y) - double(a.y);
    const double px = double(end.x) - double(a.x), py = double(end.y) - double(a.y);
    const double gap = std::fabs(ex * py - ey * px) / std::hypot(ex, ey) - double(radius);
    const double skin = double(move_skin(c, d, MoveOptions{}));
    const double dl = double(length(d));
    // Rounding of the coordinates (a few ulps of the largest) on top of the stated rule.
    const double ulps = 8 * double(std::numeric_limits<Real>::epsilon()) * (1000 + 100 * double(scale));
    const double over = gap - (skin + double(kSweepRelTol) * dl), under = skin - gap;
    worst_over = std::max(worst_over, Real(over / (double(kSweepRelTol) * dl + ulps)));
    worst_under = std::max(worst_under, Real(under / (double(kSweepRelTol) * dl + ulps)));
    ASSERT_LE(gap, skin + double(kSweepRelTol) * dl + ulps) << "case " << i << " skin " << skin << " |d| " << dl;
    ASSERT_GE(gap, skin - double(kSweepRelTol) * dl - ulps) << "case " << i << " skin " << skin << " |d| " << dl;
  }
  RecordProperty("worst_over", std::to_string(worst_over));
  RecordProperty("worst_under", std::to_string(worst_under));
  std::printf("head-on gap - skin: worst over %g, worst under %g (in units of kSweepRelTol |d| + ulps)\n",
              double(worst_over), double(worst_under));
}

namespace {

// A nearly head-on move into a long wall (the motion within 0.02-2 degrees of the wall's normal,
// far longer than the gap: the conformance checker's "thin" cases) keeps the displacement's
// part along the wall: the body ends a skin from the wall, moved along it by that part (within
// kSweepRelTol |d| and the rounding of the coordinates). The projection's bias off the plane once
// counted as a turn back and stopped such moves dead in the float build (a box 0.36 along a Doom
// wall with |d| = 215 moved 0.05).
TEST(SlideProgress, NearlyHeadOnKeepsItsSlide) {
  std::mt19937_64 g(8);
  int failures = 0;
  for (int i = 0; i < 20000; ++i) {
    const Real scale = std::pow(Real(10), uniform(g, -1, 2));
    const Vec2 at{uniform(g, -1000, 1000), uniform(g, -1000, 1000)};
    const Vec2 n = Rot::from_angle(uniform(g, 0, 2 * kPi)).x_axis();  // wall normal, towards the body
    const Vec2 t{-n.y, n.x};
    const std::vector<Obstacle> obs = {edge_obstacle(make_edge(at - t * (1000 * scale), at + t * (1000 * scale)))};
    const Real radius = uniform(g, Real(0.2), 1) * scale;
    const Real gap = uniform(g, Real(0.1), 2) * scale;
    const Real off = uniform(g, Real(0.02), 2) * kPi / 180 * (g() % 2 ? 1 : -1);
    const Real len = uniform(g, 20, 300) * scale;
    const Vec2 d = (-n * std::cos(off) + t * std::sin(off)) * len;
    const Shape body = g() % 2 ? Shape(Circle{at + n * (radius + gap), radius})
                               : Shape(Aabb{at + n * gap - Vec2{radius, 0}, at + n * (gap + 2 * radius) + Vec2{radius, 0}});
    const Vec2 before = bounds(body).center();
    const MoveResult r = move(body, d, obs);
    const Real along = dot(bounds(r.shape).center() - before, t), want = dot(d, t);
    const Real slack = 4 * kSweepRelTol * len + 16 * std::numeric_limits<Real>::epsilon() * (1000 + 1000 * scale);
    if (std::fabs(along - want) > slack && ++failures <= 5)
      ADD_FAILURE() << "case " << i << ": moved " << along << " along the wall, the displacement's part is " << want
                    << " (slack " << slack << ")";
  }
  EXPECT_EQ(failures, 0);
}

}  // namespace
