// A body sliding along a wall slides along the wall's own direction: the normal of the contact
// where it stands (and of the contact it meets) is the wall's face, not a face of the body that
// is nearly parallel to it, nor a closest-points direction that rounding turned. Checked
// against the wall's direction worked out in long double from its end points.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <random>
#include <vector>

#include "collide2d/motion.hpp"

using namespace collide2d;

namespace {

using LD = long double;

/// The part of the motion left across the wall a -> b, relative to the displacement asked
/// for `d`: the plane solver biases a slide kSweepRelTol |motion| away from the plane (so that
/// rounding never leaves it going in), and the wall's direction is rounded to the scalar.
LD off_wall(Vec2 motion, Vec2 a, Vec2 b, Vec2 d) {
  const LD ux = LD(b.x) - a.x, uy = LD(b.y) - a.y;
  const LD ul = std::sqrt(ux * ux + uy * uy), dl = std::hypot(LD(d.x), LD(d.y));
  return std::fabs(ux * motion.y - uy * motion.x) / (ul * dl);
}

/// Tolerance of off_wall: the plane solver's bias, once per response (up to four: a hit, then
/// the contact where the body stands), and a few ulps.
constexpr LD kAngleTol = 4 * LD(kSweepRelTol) + 8 * LD(std::numeric_limits<Real>::epsilon());

/// Conformance move thin/obstacles, float, seed 1: a polygon slides along a capsule 6.5e-4
/// thick; the contact where it stands once took the body's own face, 6e-3 rad off the wall.
TEST(SlideNormal, ThinCapsuleRefereeCase) {
  const std::vector<Vec2> pts{{Real(16.916202784278298), Real(-46.28642769659183)},
                              {Real(17.11995313133631), Real(-46.37483801861048)},
                              {Real(16.93066277662424), Real(-46.8260532397591)},
                              {Real(15.934457784322264), Real(-46.27145296627785)}};
  const Capsule wall{{Real(33.36867914748595), Real(-70.68243074179254)},
                     {Real(17.53622746341945), Real(-45.068938730344854)}, Real(0.0006522401035016804)};
  const std::vector<Shape> obs{wall};
  const Vec2 d{Real(16.339957041084034), Real(3.4275188138760315)};
  const MoveResult r = move(Shape(*make_polygon(pts)), d, obs);
  ASSERT_FALSE(r.contacts.empty());
  EXPECT_LE(off_wall(r.displacement, wall.a, wall.b, d), kAngleTol);
}

/// Conformance move thin/obstacles, float, seed 2: a point (a box without extent) slides
/// 290 units along a segment; the sweep's normal was a closest-points direction 1.3e-4 rad off
/// the segment's face.
TEST(SlideNormal, PointAlongSegmentRefereeCase) {
  const Box body(Vec2{Real(-503.2470120678588), Real(855.0121704850947)}, Vec2{0, 0}, Real(-1.3842775048405458));
  const Segment wall{{Real(-450.7109374240698), Real(836.0793430386441)},
                     {Real(-390.55885521273694), Real(1073.6013143363782)}};
  const std::vector<Vec2> tri{{Real(-485.36475203370753), Real(869.7786077525565)},
                              {Real(-449.7211642054819), Real(868.0711840272213)},
                              {Real(-474.5003380721483), Real(882.935744621114)}};
  const std::vector<Shape> obs{wall,
                               Capsule{{Real(-474.3634317294344), Real(842.3653535762949)},
                                       {Real(-469.03046376394025), Real(835.2572004444262)}, Real(1.7906690542787076)},
                               *make_polygon(tri)};
  const Vec2 d{Real(355.10281229804787), Real(-42.07844612872011)};
  const MoveResult r = move(Shape(body), d, obs);
  ASSERT_EQ(r.contacts.size(), 1u);
  EXPECT_EQ(r.contacts[0].obstacle, 0u);
  EXPECT_LE(off_wall(r.displacement, wall.a, wall.b, d), kAngleTol);
}

/// Random walls (segments, thin capsules, anywhere up to 2,000 units out), bodies (a point, or
/// a polygon whose face next to the wall is 1e-4 to 1e-2 rad off it) driven into the wall at
/// a slant: the motion left after the contact runs along the wall.
TEST(SlideNormal, AlongWallsProperty) {
  std::mt19937_64 rng(112611);
  std::uniform_real_distribution<double> U(0, 1);
  int cases = 0, bad = 0;
  LD worst = 0;
  for (int k = 0; k < 2000; ++k) {
    const double size = std::pow(10.0, -1 + 3 * U(rng));
    const double th = 2 * 3.14159265358979323846 * U(rng);
    const double ux = std::cos(th), uy = std::sin(th), nx = -uy, ny = ux;  // wall direction, its free side
    const double off = k % 3 == 0 ? 0 : 2000 * U(rng);
    const double ox = off * std::cos(3 * th + 1), oy = off * std::sin(5 * th + 2);
    auto at = [&](double s, double h) { return Vec2{Real(ox + ux * s + nx * h), Real(oy + uy * s + ny * h)}; };
    const double len = 60 * size;
    const Vec2 a = at(-len / 2, 0), b = at(len / 2, 0);
    const bool capsule = k % 2 == 1;
    const Real rad = capsule ? Real(size * std::pow(10.0, -5 + 3 * U(rng))) : Real(0);
    const Shape wall = capsule ? Shape(Capsule{a, b, rad}) : Shape(Segment{a, b});
    // the body: a point, or a quadrilateral with its lowest vertex near the wall and a face
    // from it at alpha off the wall
    const double h0 = double(rad) + size * (0.2 + U(rng));
    const double s0 = -len / 4 + len / 8 * U(rng);
    Shape body;
    if (k % 4 == 0) {
      body = Box(at(s0, h0), Vec2{0, 0}, Real(U(rng)));
    } else {
      const double alpha = std::pow(10.0, -4 + 2 * U(rng)) * (k % 8 < 4 ? 1 : -1);
      const double l1 = size * (0.5 + U(rng)), l2 = size * (0.3 + U(rng));
      const double bx = 0.3 + 0.8 * U(rng);  // the other face, leaning back
      const std::vector<Vec2> pts{at(s0, h0), at(s0 + l1 * std::cos(alpha), h0 + l1 * std::sin(alpha)),
                                  at(s0 + l1 * std::cos(alpha) - bx * l2, h0 + l1 * std::sin(alpha) + l2),
                                  at(s0 - bx * l2, h0 + l2)};
      const std::optional<Polygon> p = make_polygon(pts);
      if (!p) continue;
      // the vertex nearest the wall must be the first (alpha > 0) or the second one
      body = *p;
    }
    // along the wall by up to a third of it, into it by more than the gap
    const double along = len / 3 * (0.3 + 0.7 * U(rng)), into = h0 * (1.5 + 2 * U(rng));
    const Vec2 d{Real(ux * along - nx * into), Real(uy * along - ny * into)};
    const std::vector<Shape> obs{wall};
    const MoveResult r = move(body, d, obs);
    if (r.contacts.empty() || r.blocked) continue;
    ++cases;
    const LD e = off_wall(r.displacement, a, b, d);
    worst = std::max(worst, e);
    if (e > kAngleTol && ++bad <= 5)
      ADD_FAILURE() << "case " << k << ": the motion left is " << double(e) << " of the displacement across the wall (size " << size
                    << ", offset " << off << ", capsule " << capsule << ")";
  }
  EXPECT_GE(cases, 1000);
  EXPECT_EQ(bad, 0) << "of " << cases;
  std::printf("slide along walls: %d cases, worst %.3g of the displacement across the wall\n", cases, double(worst));
}

/// Conformance move thin/doom, float, seed 5 (freedoom2.wad MAP03): a capsule hits a wall split
/// into two collinear two-sided linedefs 0.02 below their joint and slides along it; the next
/// piece's end vertex, met a hair after the face within the skin, was taken as a second contact
/// and the slide stopped after 2.5 of 17.7 units.
TEST(SlideNormal, CollinearSeamRefereeCase) {
  const std::vector<Obstacle> obs{edge_obstacle(make_edge({2048, -1024}, {2048, -1008}), 0, 0),
                                  edge_obstacle(make_edge({2048, -1008}, {2048, -960}), 0, 1)};
  const Capsule body{{Real(2121.7677614155077), Real(-1010.5352968794241)},
                     {Real(2135.6548572664456), Real(-1010.4335530783724)}, Real(6.33911930913303)};
  const Vec2 d{Real(-514.623671666551), Real(17.706157168732073)};
  const MoveResult r = move(Shape(body), d, obs);
  // along the wall: the displacement's whole component along it (the wall's direction is y)
  EXPECT_NEAR(double(r.translation.y), double(d.y), 1e-4 * (1 + std::fabs(double(d.y))));
  const Capsule& end = std::get<Capsule>(r.shape);
  EXPECT_GE(std::min(end.a.x, end.b.x) - end.radius, Real(2048) - Real(1e-3));  // not through it
}

/// Random walls split into collinear two-sided pieces (no ghost vertices: Doom linedefs),
/// bodies of every movable kind hitting them at a slant just before a joint and sliding on: the
/// body travels the displacement's whole component along the wall.
TEST(SlideNormal, CollinearSeamsProperty) {
  std::mt19937_64 rng(5120);
  std::uniform_real_distribution<double> U(0, 1);
  int cases = 0, bad = 0;
  for (int k = 0; k < 2000; ++k) {
    const double size = std::pow(10.0, 3 * U(rng) - 0.5);  // 0.3 .. 300
    const double th = k % 2 == 0 ? (k % 8) * 3.14159265358979323846 / 4 : 2 * 3.14159265358979323846 * U(rng);
    const double ux = std::cos(th), uy = std::sin(th), nx = -uy, ny = ux;  // wall direction, the body's side
    const double off = k % 3 == 0 ? 0 : 3000 * U(rng);
    const double ox = off * std::cos(3 * th + 1), oy = off * std::sin(5 * th + 2);
    auto at = [&](double s, double h) { return Vec2{Real(ox + ux * s + nx * h), Real(oy + uy * s + ny * h)}; };
    const double len = 40 * size;
    // pieces joined at s = 0 (and a third one further on)
    const std::vector<Obstacle> obs{edge_obstacle(make_edge(at(-len, 0), at(0, 0)), 0, 0),
                                    edge_obstacle(make_edge(at(0, 0), at(len / 3, 0)), 0, 1),
                                    edge_obstacle(make_edge(at(len / 3, 0), at(len, 0)), 0, 2)};
    const double r0 = size * (0.2 + U(rng)), h0 = r0 + size * (0.5 + 2 * U(rng));
    const double s0 = -size * (0.001 + 0.3 * U(rng)) - (k % 5 == 0 ? 0 : r0 * U(rng));
    Shape body;
    switch (k % 4) {
      case 0: body = Circle{at(s0, h0), Real(r0)}; break;
      case 1: body = Capsule{at(s0 - r0, h0 + r0 * 0.01 * (U(rng) - 0.5)), at(s0 + r0, h0), Real(r0 * 0.5)}; break;
      case 2: body = Box(at(s0, h0), Vec2{Real(r0), Real(r0 * 0.6)}, Real(th)); break;
      default: body = Box(at(s0, h0), Vec2{Real(r0), Real(r0 * 0.6)}, Real(th + 0.3 * (U(rng) - 0.5))); break;
    }
    // into the wall by far more than the gap, along it across the joint
    const double along = size * (2 + 8 * U(rng)), into = h0 * (1.5 + 30 * U(rng));
    const Vec2 d{Real(ux * along - nx * into), Real(uy * along - ny * into)};
    const MoveResult r = move(body, d, obs);
    if (r.contacts.empty()) continue;
    ++cases;
    // the translation's component along the wall, long double
    const long double moved_along = (long double)(r.translation.x) * ux + (long double)(r.translation.y) * uy;
    const long double want = (long double)(d.x) * ux + (long double)(d.y) * uy;
    // (FORMAT.md's size-scaled tolerance, as the conformance checker's thin cases)
    const long double tol = 1e-4L * (1 + std::hypot((long double)(d.x), (long double)(d.y))) + 4e-6L * off;
    if (std::fabs(moved_along - want) > tol && ++bad <= 5)
      ADD_FAILURE() << "case " << k << " (body kind " << k % 4 << "): moved " << double(moved_along)
                    << " along the wall, expected " << double(want) << " (size " << size << ", offset " << off
                    << ", contacts " << r.contacts.size() << ")";
  }
  EXPECT_GE(cases, 1500);
  EXPECT_EQ(bad, 0) << "of " << cases;
}

}  // namespace
