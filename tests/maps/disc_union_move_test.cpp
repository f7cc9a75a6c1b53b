// collide2d - 2D collision detection for games. MIT License.
// Characters on a disc island (DiscUnion::move_character), checked against the brute-force
// signed distance of disc_union_reference.hpp: a soak of many characters walking to random
// targets never ends in the sea; a character pushed into the coast keeps only its tangential
// motion and slides round the curve at the skin; a passage narrower than the character stops
// it without jitter while a wider one lets it through; a character put overlapping the sea is
// brought back; results are deterministic.

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

#include "collide2d/disc_union.hpp"
#include "maps/disc_union_reference.hpp"

namespace {

using namespace collide2d;
using ref_union::LD;

LD slack_of(const DiscUnion& u) {
  const Aabb b = u.bounds();
  const LD scale = std::max({std::fabs(LD(b.min.x)), std::fabs(LD(b.max.x)), std::fabs(LD(b.min.y)),
                             std::fabs(LD(b.max.y))});
  return 2 * LD(u.tolerance()) + LD(sizeof(Real) == 8 ? 1e-9 : 2e-6) * (1 + scale);
}

/// A blob island: n discs of radius in [rmin, rmax] round a random walk of steps `step`, pulled
/// back towards the origin beyond `reach`, so the island has bays, waists and thin necks.
std::vector<Circle> blob(std::mt19937_64& g, int n, double rmin, double rmax, Real step, Real reach) {
  std::vector<Circle> discs;
  Vec2 p{0, 0};
  for (int k = 0; k < n; ++k) {
    discs.push_back({p, Real(ref_union::uni(g, rmin, rmax))});
    const double a = ref_union::uni(g, 0, 6.283);
    p = p + Vec2{Real(std::cos(a) * step), Real(std::sin(a) * step)};
    if (length(p) > reach) p = p * Real(0.5);
  }
  return discs;
}

TEST(DiscUnionMove, SoakNeverEndsInTheSea) {
  std::mt19937_64 g(31);
  const std::vector<Circle> discs = blob(g, 220, 2, 7, 4, 60);
  const DiscUnion u(discs);
  const ref_union::Union ref(discs, LD(u.tolerance()));
  const LD slack = slack_of(u);
  struct Walker {
    Circle body;
    Vec2 target;
  };
  std::vector<Walker> walkers;
  auto pick = [&](Real r) {
    const Vec2 t{Real(ref_union::uni(g, -70, 70)), Real(ref_union::uni(g, -70, 70))};
    return *u.nearest_free_point(t, r);
  };
  for (int k = 0; k < 50; ++k) {
    const Real r = Real(ref_union::uni(g, 0.4, 2.5));
    walkers.push_back({{pick(r), r}, pick(r)});
  }
  long contacts = 0;
  for (int step = 0; step < 500; ++step) {
    for (Walker& w : walkers) {
      if (step % 120 == 0 || length(w.target - w.body.center) < w.body.radius * Real(0.1))
        w.target = pick(w.body.radius);
      const Vec2 to = w.target - w.body.center;
      const Real speed = w.body.radius * Real(0.35);
      const Vec2 d = length(to) > speed ? normalize(to) * speed : to;
      const CircleMove m = u.move_character(w.body, d);
      contacts += m.contacts;
      w.body.center = m.center;
      ASSERT_LE(ref.signed_distance(m.center.x, m.center.y), -LD(w.body.radius) + slack)
          << "a character reaches into the sea at step " << step;
      // The displacement only ever loses motion.
      ASSERT_LE(length(m.displacement), length(d) * Real(1 + 1e-5) + Real(1e-6));
    }
  }
  EXPECT_GT(contacts, 100) << "the soak should press characters against the coast";
}

TEST(DiscUnionMove, SlidesAlongACurvedCoast) {
  const std::vector<Circle> discs = {{{0, 0}, 10}};
  const DiscUnion u(discs);
  Circle body{{0, -5}, 1};
  // Pushed outward and sideways: the outward part is lost, the character rides the coast.
  Real angle_travelled = 0;
  Vec2 prev = body.center;
  for (int step = 0; step < 400; ++step) {
    const Vec2 radial = normalize(body.center);
    const Vec2 d = radial * Real(0.3) + perp(radial) * Real(0.2);
    const CircleMove m = u.move_character(body, d);
    ASSERT_LE(length(m.center), Real(9) + Real(1e-5)) << step;
    if (step > 40) {
      // In contact: at the skin from the coast, nothing outward left, the tangential kept.
      EXPECT_NEAR(double(length(m.center)), 9.0, 1e-3) << step;
      EXPECT_GT(m.contacts, 0);
      // The one mover slides along the chord of the coast's circle: nothing outward at the
      // chord's middle (the outward normal there is that of the step's midpoint).
      const Vec2 n = normalize(m.center + prev);
      EXPECT_LE(dot(m.displacement, n), Real(1e-4)) << step;
      EXPECT_NEAR(double(dot(m.displacement, perp(n))), 0.2, 0.02) << step;
      EXPECT_NEAR(double(length(m.center - prev)), 0.2, 0.02) << step;
    }
    angle_travelled += std::atan2(cross(prev, m.center), dot(prev, m.center));
    prev = body.center = m.center;
  }
  EXPECT_GT(angle_travelled, 2 * kPi * 0.9) << "it should go round the coast";
}

TEST(DiscUnionMove, NarrowPassageStopsWithoutJitter) {
  // Two discs meet in a waist 2 * sqrt(25 - 4.5^2) = 4.36 wide.
  const std::vector<Circle> discs = {{{-4.5f, 0}, 5}, {{4.5f, 0}, 5}};
  const DiscUnion u(discs);
  const ref_union::Union ref(discs, LD(u.tolerance()));
  for (Real r : {Real(2.5), Real(1.5)}) {
    Circle body{{-5, Real(0.3)}, r};
    std::vector<Vec2> last;
    bool blocked = false;
    for (int step = 0; step < 300; ++step) {
      const CircleMove m = u.move_character(body, {Real(0.2), 0});
      blocked = blocked || m.blocked;
      body.center = m.center;
      ASSERT_LE(ref.signed_distance(body.center.x, body.center.y), -LD(r) + slack_of(u));
      if (step >= 250) last.push_back(body.center);
    }
    if (r > Real(2.18)) {
      EXPECT_LT(body.center.x, 0) << "a character wider than the waist must not pass";
      EXPECT_TRUE(blocked);
      for (const Vec2 q : last) EXPECT_LE(length(q - last[0]), Real(1e-4)) << "jitter";
    } else {
      EXPECT_GT(body.center.x, 2) << "a character narrower than the waist passes";
    }
  }
}

TEST(DiscUnionMove, ThinPeninsulaStopsWithoutJitter) {
  // A chain of small discs (a peninsula 1.2 wide) off a big disc: a character of radius 1
  // walks along the axis into it, and stops at its root with both coasts in contact.
  std::vector<Circle> discs = {{{0, 0}, 6}};
  for (int k = 0; k < 8; ++k) discs.push_back({{Real(6 + k * 0.8), 0}, Real(0.6)});
  const DiscUnion u(discs);
  Circle body{{0, 0}, 1};
  std::vector<Vec2> last;
  int two_sided = 0;
  for (int step = 0; step < 200; ++step) {
    const CircleMove m = u.move_character(body, {Real(0.25), Real(0.01)});
    body.center = m.center;
    EXPECT_TRUE(u.contains(Circle{body.center, body.radius * Real(0.999)}));
    // Pressed against both coasts: two arcs within 1e-3 of the disk (the mover stops a skin
    // short of each).
    std::vector<std::uint32_t> arcs;
    for (const WallContact& k : u.contacts(Circle{body.center, body.radius + Real(1e-3)})) arcs.push_back(k.element);
    std::sort(arcs.begin(), arcs.end());
    if (m.contacts > 0 && std::unique(arcs.begin(), arcs.end()) - arcs.begin() >= 2) ++two_sided;
    if (step >= 150) last.push_back(body.center);
  }
  // The corner where circles of radius 1 round both junctions (5.97, +-0.6) meet: x = 5.17.
  EXPECT_LT(body.center.x, Real(5.18));
  EXPECT_GT(body.center.x, Real(5.0));
  EXPECT_GT(two_sided, 0);
  for (const Vec2 q : last) EXPECT_LE(length(q - last[0]), Real(1e-3)) << "jitter";
}

TEST(DiscUnionMove, OverlappingTheSeaIsBroughtBack) {
  const std::vector<Circle> discs = {{{0, 0}, 5}, {{6, 0}, 4}};
  const DiscUnion u(discs);
  // Half out of the coast, wholly at sea, and sliding with zero displacement.
  for (const Vec2 start : {Vec2{-4.5f, 0}, Vec2{0, 5}, Vec2{-20, 3}, Vec2{3, 3.5f}}) {
    const CircleMove m = u.move_character(Circle{start, 1}, {0, 0});
    EXPECT_TRUE(u.contains(Circle{m.center, Real(0.999)})) << start.x << " " << start.y;
  }
  // A character larger than any place on the island cannot be placed.
  const CircleMove big = u.move_character(Circle{{0, 0}, 7}, {1, 0});
  EXPECT_FALSE(u.nearest_free_point({0, 0}, 7).has_value());
  EXPECT_TRUE(big.blocked);
  EXPECT_EQ(big.center, Vec2(0, 0));
  EXPECT_EQ(big.displacement, Vec2(0, 0));
}

// Pushing on with the same displacement into the coast's bays, waists and necks: a character
// never goes back along the displacement (beyond the skin a push-out may take), never goes to
// and fro (back within a skin of where it stood two calls before after moving more than the
// slack), and never ends in the sea (long-double reference). Checked over random blob islands
// and headings; this is the one mover's guarantee that made move_character's old "no progress"
// rule (refuse a move that gains nothing along the displacement) redundant.
TEST(DiscUnionMove, PushingOnNeverGoesToAndFro) {
  std::mt19937_64 g(77);
  int scenes = 0, moved = 0, failures = 0;
  for (int island = 0; island < 12; ++island) {
    const std::vector<Circle> discs = blob(g, 60, 1.5, 5, 3, 30);
    const DiscUnion u(discs);
    const ref_union::Union ref(discs, LD(u.tolerance()));
    for (int who = 0; who < 40; ++who) {
      const Real r = Real(ref_union::uni(g, 0.3, 2.5));
      // Where it fits a skin inside: move_character's start rule (a character overlapping the
      // sea is first put where it fits) does not apply, so every call is the one mover's.
      const auto start =
          u.nearest_free_point({Real(ref_union::uni(g, -35, 35)), Real(ref_union::uni(g, -35, 35))}, r + u.skin());
      if (!start) continue;
      const double a = ref_union::uni(g, 0, 6.283);
      const Vec2 d = Vec2{Real(std::cos(a)), Real(std::sin(a))} * Real(r * ref_union::uni(g, 0.1, 0.6));
      const Vec2 dir = normalize(d);
      const Real slack = 2 * u.skin() + 4 * kSweepRelTol * length(d) + Real(slack_of(u));
      Circle body{*start, r};
      Vec2 prev2 = body.center, prev1 = body.center;
      ++scenes;
      for (int call = 0; call < 40; ++call) {
        const CircleMove m = u.move_character(body, d);
        ASSERT_LE(ref.signed_distance(m.center.x, m.center.y), -LD(r) + slack_of(u));
        const Real gain = dot(m.center - body.center, dir);
        if (gain < -slack && ++failures <= 5)
          ADD_FAILURE() << "island " << island << " character " << who << " call " << call << ": back by " << -gain;
        if (call >= 1 && length(m.center - prev2) <= u.skin() && length(prev1 - prev2) > 8 * slack &&
            ++failures <= 5)
          ADD_FAILURE() << "island " << island << " character " << who << " call " << call << ": to and fro by "
                        << length(prev1 - prev2);
        if (!(m.center == body.center)) ++moved;
        prev2 = prev1, prev1 = m.center;
        body.center = m.center;
      }
    }
  }
  EXPECT_EQ(failures, 0);
  EXPECT_GT(scenes, 300);
  EXPECT_GT(moved, scenes * 5) << "the characters should travel";
}

TEST(DiscUnionMove, Deterministic) {
  std::mt19937_64 g(32);
  const auto discs = ref_union::random_discs(g, 120, 60);
  const DiscUnion a(discs), b(discs);
  Circle p{*a.nearest_free_point({0, 0}, 1), 1}, q = p;
  for (int step = 0; step < 200; ++step) {
    const Vec2 d{Real(std::cos(step * 0.1) * 0.4), Real(std::sin(step * 0.13) * 0.4)};
    const CircleMove ma = a.move_character(p, d), mb = b.move_character(q, d);
    ASSERT_EQ(ma.center, mb.center);
    ASSERT_EQ(ma.displacement, mb.displacement);
    p.center = ma.center;
    q.center = mb.center;
  }
}

}  // namespace
