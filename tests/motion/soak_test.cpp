// Soak: many fast balls among random polygons, segments, capsules and circles inside a closed
// field, moved with `move` for many steps, bouncing (assorted restitution and friction) or
// sliding. Zero penetrations deeper than the tolerance, zero escapes. 2,000 balls by default;
// COLLIDE2D_SOAK_BALLS sets the count (the 10,000) and COLLIDE2D_SOAK_STEPS the steps.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdint>
#include <cstdlib>
#include <random>
#include <vector>

#include "collide2d/motion.hpp"

using namespace collide2d;

namespace {

int env_int(const char* name, int fallback) {
  const char* s = std::getenv(name);
  if (!s || !*s) return fallback;
  const long v = std::strtol(s, nullptr, 10);
  return v > 0 ? int(v) : fallback;
}

struct Rng {
  std::mt19937 g{20261122u};
  Real uniform(Real lo, Real hi) { return lo + (hi - lo) * Real(double(g()) / 4294967296.0); }
};

}  // namespace

TEST(Soak, FastBallsAmongRandomObstacles) {
  const int balls = env_int("COLLIDE2D_SOAK_BALLS", 2000);
  const int steps = env_int("COLLIDE2D_SOAK_STEPS", 150);
  const Real size = 400;
  Rng rng;
  std::vector<Shape> obstacles = {Aabb{{-10, -10}, {size + 10, 0}}, Aabb{{-10, size}, {size + 10, size + 10}},
                                  Aabb{{-10, 0}, {0, size}}, Aabb{{size, 0}, {size + 10, size}}};
  for (int i = 0; i < 120; ++i) {
    const Vec2 c{rng.uniform(20, size - 20), rng.uniform(20, size - 20)};
    switch (i % 4) {
      case 0: {  // a random convex polygon: points on a circle at random angles
        const int n = 3 + int(rng.uniform(0, 6));
        const Real r = rng.uniform(3, 12);
        std::vector<Vec2> v;
        Real a = rng.uniform(0, 1);
        for (int k = 0; k < n; ++k) {
          a += rng.uniform(Real(0.4), Real(1.0)) * 2 * kPi / Real(n);
          v.push_back({c.x + r * std::cos(a), c.y + r * std::sin(a)});
        }
        if (auto p = make_polygon(v, rng.uniform(0, 1) < Real(0.3) ? rng.uniform(0, 2) : Real(0)))
          obstacles.push_back(*p);
        break;
      }
      case 1: {
        const Real a = rng.uniform(0, 2 * kPi), l = rng.uniform(5, 30);
        obstacles.push_back(Segment{c, c + Vec2{std::cos(a), std::sin(a)} * l});
        break;
      }
      case 2: {
        const Real a = rng.uniform(0, 2 * kPi), l = rng.uniform(2, 20);
        obstacles.push_back(Capsule{c, c + Vec2{std::cos(a), std::sin(a)} * l, rng.uniform(Real(0.5), 4)});
        break;
      }
      default:
        obstacles.push_back(Circle{c, rng.uniform(1, 8)});
    }
  }

  struct Ball {
    Shape shape;
    Vec2 velocity;
    MoveOptions options;
  };
  std::vector<Ball> all;
  while (int(all.size()) < balls) {
    const Real r = rng.uniform(Real(0.3), Real(1.5));
    const Shape s = Circle{{rng.uniform(r + 1, size - r - 1), rng.uniform(r + 1, size - r - 1)}, r};
    bool free = true;
    for (const Shape& o : obstacles) free = free && !overlaps(s, o);
    if (!free) continue;
    const Real speed = rng.uniform(5, 25) * r;  // 5 to 25 radii per step
    const Real a = rng.uniform(0, 2 * kPi);
    Ball b{s, {speed * std::cos(a), speed * std::sin(a)}, {}};
    if (all.size() % 4 == 3) {
      b.options.response = Response::slide;
    } else {
      b.options.response = Response::bounce;
      b.options.restitution = rng.uniform(Real(0.5), 1);
      b.options.friction = rng.uniform(0, Real(0.2));
    }
    ASSERT_FALSE(validate_move(b.shape, b.velocity, obstacles, b.options));
    all.push_back(b);
  }

  long moves = 0, contacts = 0, touching = 0, deep = 0, escapes = 0;
  double deepest = 0;
  for (int s = 0; s < steps; ++s) {
    for (Ball& b : all) {
      const MoveResult r = move(b.shape, b.velocity, obstacles, b.options);
      ++moves;
      contacts += long(r.contacts.size());
      b.shape = r.shape;
      // Bouncing balls keep their new velocity; sliding ones push the same way every step
      // (a character holding a direction), except when fully blocked, then they turn.
      if (b.options.response == Response::bounce) b.velocity = r.displacement;
      else if (r.displacement == Vec2{}) b.velocity = perp(b.velocity);
      const Circle& c = std::get<Circle>(b.shape);
      if (c.center.x <= 0 || c.center.x >= size || c.center.y <= 0 || c.center.y >= size) ++escapes;
      const Aabb bb = bounds(b.shape);
      for (const Shape& o : obstacles) {
        if (!bb.overlaps(bounds(o)) || !overlaps(b.shape, o)) continue;
        ++touching;
        const Manifold m = contact(b.shape, o);
        deepest = std::max(deepest, double(m.depth));
        // The tolerance: the skin scale of the pair (a penetration would have to exceed it).
        if (m.depth > kMoveSkinFactor * kSweepRelTol * (1 + size)) ++deep;
      }
    }
  }
  std::printf("soak: %d balls x %d steps = %ld moves, %ld contacts, %ld touching, %ld deep "
              "(deepest %.2e), %ld escapes\n",
              balls, steps, moves, contacts, touching, deep, deepest, escapes);
  EXPECT_EQ(deep, 0);
  EXPECT_EQ(escapes, 0);
  EXPECT_EQ(touching, 0);  // the skin keeps every ball strictly free
  EXPECT_GT(contacts, long(balls) * steps / 20);
}

TEST(Soak, OtherBodyShapesSlideAndBounceWithoutEnteringAnything) {
  // Boxes, capsules, rounded triangles, aabbs and points as moving bodies, half sliding, half
  // bouncing, among segments, capsules and pentagons: none ends touching an obstacle.
  const int bodies = std::max(1, env_int("COLLIDE2D_SOAK_BALLS", 2000) / 2);
  const int steps = env_int("COLLIDE2D_SOAK_STEPS", 150) / 2 + 1;
  const Real size = 300;
  Rng rng;
  std::vector<Shape> obstacles = {Aabb{{-10, -10}, {size + 10, 0}}, Aabb{{-10, size}, {size + 10, size + 10}},
                                  Aabb{{-10, 0}, {0, size}}, Aabb{{size, 0}, {size + 10, size}}};
  for (int i = 0; i < 80; ++i) {
    const Vec2 c{rng.uniform(20, size - 20), rng.uniform(20, size - 20)};
    if (i % 3 == 0) {
      obstacles.push_back(Segment{c, c + Vec2{rng.uniform(-20, 20), rng.uniform(-20, 20)}});
    } else if (i % 3 == 1) {
      obstacles.push_back(Capsule{c, c + Vec2{rng.uniform(-10, 10), rng.uniform(-10, 10)}, rng.uniform(Real(0.5), 3)});
    } else {
      std::vector<Vec2> v;
      const Real r = rng.uniform(3, 10);
      for (int k = 0; k < 5; ++k) {
        const Real a = Real(k) * 2 * kPi / 5 + rng.uniform(0, Real(0.5));
        v.push_back(c + Vec2{r * std::cos(a), r * std::sin(a)});
      }
      if (auto p = make_polygon(v)) obstacles.push_back(*p);
    }
  }
  struct Body {
    Shape shape;
    Vec2 velocity;
    MoveOptions options;
  };
  std::vector<Body> all;
  while (int(all.size()) < bodies) {
    const Vec2 c{rng.uniform(5, size - 5), rng.uniform(5, size - 5)};
    Shape s;
    switch (all.size() % 5) {
      case 0: s = Box(c, {rng.uniform(Real(0.3), Real(1.5)), rng.uniform(Real(0.3), Real(1.5))}, rng.uniform(0, 3)); break;
      case 1: s = Capsule{c, c + Vec2{rng.uniform(-1, 1), rng.uniform(-1, 1)}, rng.uniform(Real(0.3), 1)}; break;
      case 2: {
        const std::vector<Vec2> v{c, c + Vec2{Real(1.5), 0}, c + Vec2{Real(0.3), Real(1.2)}};
        s = *make_polygon(v, rng.uniform(0, Real(0.3)));
        break;
      }
      case 3: s = Aabb{c, c + Vec2{rng.uniform(Real(0.3), 2), rng.uniform(Real(0.3), 2)}}; break;
      default: s = Point{c};
    }
    bool free = true;
    for (const Shape& o : obstacles) free = free && !overlaps(s, o);
    if (!free) continue;
    const Real a = rng.uniform(0, 2 * kPi), speed = rng.uniform(3, 25);
    Body b{s, {speed * std::cos(a), speed * std::sin(a)}, {}};
    if (all.size() % 2) {
      b.options.response = Response::bounce;
      b.options.restitution = rng.uniform(Real(0.5), 1);
    }
    all.push_back(b);
  }
  long touching = 0, escapes = 0, contacts = 0;
  for (int s = 0; s < steps; ++s) {
    for (Body& b : all) {
      const MoveResult r = move(b.shape, b.velocity, obstacles, b.options);
      b.shape = r.shape;
      contacts += long(r.contacts.size());
      if (b.options.response == Response::bounce) b.velocity = r.displacement;
      else if (r.displacement == Vec2{}) b.velocity = perp(b.velocity);
      const Aabb bb = bounds(b.shape);
      if (bb.min.x < 0 || bb.max.x > size || bb.min.y < 0 || bb.max.y > size) ++escapes;
      for (const Shape& o : obstacles)
        if (bb.overlaps(bounds(o)) && overlaps(b.shape, o)) ++touching;
    }
  }
  std::printf("soak, other shapes: %d bodies x %d steps, %ld contacts, %ld touching, %ld escapes\n",
              bodies, steps, contacts, touching, escapes);
  EXPECT_EQ(touching, 0);
  EXPECT_EQ(escapes, 0);
  EXPECT_GT(contacts, 0);
}
