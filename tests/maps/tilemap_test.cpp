// collide2d - 2D collision detection for games. MIT License.
// TileMap: merged boundary, wall distance, free tests, ray casts, contacts, sweeps and moves,
// each checked against brute force over the cells.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>
#include <set>
#include <tuple>
#include <vector>

#include "collide2d/tilemap.hpp"

using namespace collide2d;

namespace {

std::vector<std::uint8_t> random_grid(std::mt19937& rng, int w, int h, int percent) {
  std::vector<std::uint8_t> g(std::size_t(w) * std::size_t(h));
  for (auto& c : g) c = (rng() % 100) < unsigned(percent) ? 1 : 0;
  return g;
}

double uni(std::mt19937& rng, double lo, double hi) { return lo + (hi - lo) * (double(rng()) / 4294967296.0); }

/// Brute force: distance from p to the union of solid cells and the outside of the map.
double brute_wall_distance(const TileMap& m, Vec2 p) {
  const Aabb b = m.bounds();
  double px = p.x, py = p.y;
  if (!(px > b.min.x && px < b.max.x && py > b.min.y && py < b.max.y)) return 0;
  double best = std::min({px - b.min.x, b.max.x - px, py - b.min.y, b.max.y - py});
  for (int r = 0; r < m.height(); ++r)
    for (int c = 0; c < m.width(); ++c) {
      if (!m.solid(c, r)) continue;
      const Aabb cb = m.cell_box(c, r);
      const double dx = std::max({double(cb.min.x) - px, 0.0, px - double(cb.max.x)});
      const double dy = std::max({double(cb.min.y) - py, 0.0, py - double(cb.max.y)});
      best = std::min(best, std::hypot(dx, dy));
    }
  return best;
}

/// Brute force: does the shape overlap a solid cell or leave the (closed) map rectangle?
bool brute_blocked(const TileMap& m, const Shape& s) {
  const Aabb sb = bounds(s), b = m.bounds();
  if (!(sb.min.x > b.min.x && sb.max.x < b.max.x && sb.min.y > b.min.y && sb.max.y < b.max.y)) return true;
  for (int r = 0; r < m.height(); ++r)
    for (int c = 0; c < m.width(); ++c)
      if (m.solid(c, r) && overlaps(Shape(m.cell_box(c, r)), s)) return true;
  return false;
}

TileMap make(int w, int h, const std::vector<std::uint8_t>& g, Vec2 tile = {1, 1}, Vec2 origin = {}) {
  Invalid why;
  auto m = TileMap::from_grid(w, h, g, tile, origin, true, &why);
  EXPECT_TRUE(m.has_value()) << why.text();
  return *m;
}

/// A tolerance for positions on maps of this size.
Real pos_tol(const TileMap& m) {
  const Aabb b = m.bounds();
  return Real(64) * std::numeric_limits<Real>::epsilon() * std::max(std::abs(b.max.x), std::abs(b.max.y)) + m.skin();
}

}  // namespace

TEST(TileMap, FromGridRefusesBadInput) {
  std::vector<std::uint8_t> g(6, 0);
  Invalid why;
  EXPECT_FALSE(TileMap::from_grid(2, 2, g, {1, 1}, {}, true, &why));
  EXPECT_EQ(why.field, "cells");
  EXPECT_FALSE(TileMap::from_grid(0, 6, g, {1, 1}, {}, true, &why));
  EXPECT_EQ(why.field, "size");
  EXPECT_FALSE(TileMap::from_grid(2, 3, g, {0, 1}, {}, true, &why));
  EXPECT_EQ(why.field, "tile_size");
  EXPECT_FALSE(TileMap::from_grid(2, 3, g, {1, 1}, {std::nanf(""), 0}, true, &why));
  EXPECT_EQ(why.field, "origin");
  EXPECT_TRUE(TileMap::from_grid(2, 3, g, {1, 1}, {}, true, &why));
}

// TileMap::make refuses what the old constructor repaired silently, naming the field; a map it
// makes is the free grid of the sizes asked for.
TEST(TileMap, MakeRefusesBadSizesNamingTheField) {
  const Real inf = std::numeric_limits<Real>::infinity(), big = std::numeric_limits<Real>::max();
  struct Case {
    int w, h;
    Vec2 tile, origin;
    const char* field;
  } cases[] = {{0, 3, {1, 1}, {}, "size"},          {3, -1, {1, 1}, {}, "size"},
               {1 << 15, 1 << 14, {1, 1}, {}, "size"}, {3, 3, {0, 1}, {}, "tile_size"},
               {3, 3, {1, -2}, {}, "tile_size"},    {3, 3, {inf, 1}, {}, "tile_size"},
               {3, 3, {big, 1}, {}, "tile_size"},   {3, 3, {1, 1}, {std::nanf(""), 0}, "origin"},
               {3, 3, {1, 1}, {0, inf}, "origin"}};
  for (const Case& c : cases) {
    Invalid why;
    EXPECT_FALSE(TileMap::make(c.w, c.h, c.tile, c.origin, true, &why)) << c.field;
    EXPECT_EQ(why.field, c.field) << why.text();
    EXPECT_FALSE(why.message.empty());
  }
  Invalid why;
  const auto m = TileMap::make(3, 2, {2, 4}, {-1, 5}, false, &why);
  ASSERT_TRUE(m) << why.text();
  EXPECT_EQ(m->width(), 3);
  EXPECT_EQ(m->height(), 2);
  EXPECT_EQ(m->solid_count(), 0u);
  EXPECT_FALSE(m->outside_solid());
  EXPECT_EQ(m->bounds().min, Vec2(-1, 5));
  EXPECT_EQ(m->bounds().max, Vec2(5, 13));
}

// The deprecated forms still work for one release: the constructor repairs, the old argument
// order of from_grid forwards.
TEST(TileMap, DeprecatedFormsStillWork) {
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
  const TileMap repaired(0, 2, {-1, 1});
  EXPECT_EQ(repaired.width(), 1);
  EXPECT_EQ(repaired.tile_size(), Vec2(1, 1));
  const std::vector<std::uint8_t> g = {1, 0, 0, 1};
  Invalid why;
  const auto old_order = TileMap::from_grid(2, 2, g, {1, 1}, {}, &why, false);
#pragma GCC diagnostic pop
  ASSERT_TRUE(old_order);
  EXPECT_FALSE(old_order->outside_solid());
  EXPECT_EQ(old_order->solid_count(), 2u);
}

// Every unit face between a solid and a free cell (outside counts as solid) is covered by
// exactly one merged edge, with the normal towards the free cell; no two edges could be merged
// further; chains are closed and consistent.
TEST(TileMap, BoundaryIsMergedCoversEveryFaceOnceAndChainsClose) {
  std::mt19937 rng(11);
  for (int trial = 0; trial < 60; ++trial) {
    const int w = 1 + int(rng() % 17), h = 1 + int(rng() % 13);
    const auto g = random_grid(rng, w, h, int(rng() % 70));
    const TileMap m = make(w, h, g, {2, 3}, {-5, 7});
    // Brute force: unit faces as (x2, y2, nx, ny) in doubled grid coordinates of the midpoint.
    std::multiset<std::tuple<int, int, int, int>> faces, covered;
    for (int r = -1; r <= h; ++r)
      for (int c = -1; c <= w; ++c) {
        if (m.solid(c, r)) continue;
        if (c < 0 || r < 0 || c >= w || r >= h) continue;
        if (m.solid(c - 1, r)) faces.insert({2 * c, 2 * r + 1, 1, 0});
        if (m.solid(c + 1, r)) faces.insert({2 * c + 2, 2 * r + 1, -1, 0});
        if (m.solid(c, r - 1)) faces.insert({2 * c + 1, 2 * r, 0, 1});
        if (m.solid(c, r + 1)) faces.insert({2 * c + 1, 2 * r + 2, 0, -1});
      }
    const auto edges = m.edges();
    for (const TileEdge& e : edges) {
      const int ax = int(std::lround((e.a.x + 5) / 2)), ay = int(std::lround((e.a.y - 7) / 3));
      const int bx = int(std::lround((e.b.x + 5) / 2)), by = int(std::lround((e.b.y - 7) / 3));
      ASSERT_TRUE(ax == bx || ay == by);
      // wall on the left (y up): normal = direction rotated clockwise
      const int dx = (bx > ax) - (bx < ax), dy = (by > ay) - (by < ay);
      EXPECT_EQ(int(e.normal.x), dy);
      EXPECT_EQ(int(e.normal.y), -dx);
      for (int k = 0; k < std::max(std::abs(bx - ax), std::abs(by - ay)); ++k) {
        const int x2 = 2 * (ax + dx * k) + dx, y2 = 2 * (ay + dy * k) + dy;
        covered.insert({x2, y2, int(e.normal.x), int(e.normal.y)});
      }
      // chains
      ASSERT_GE(e.next, 0);
      EXPECT_EQ(edges[std::size_t(e.next)].a, e.b);
      EXPECT_EQ(edges[std::size_t(edges[std::size_t(e.next)].prev)].b, e.b);
      EXPECT_EQ(edges[std::size_t(e.next)].chain, e.chain);
      // maximal: the next edge does not continue straight on with the same normal
      EXPECT_FALSE(edges[std::size_t(e.next)].normal == e.normal) << "edges could be merged";
    }
    EXPECT_EQ(faces, covered) << "trial " << trial;
  }
}

TEST(TileMap, StraightWallOfManyTilesIsOneEdge) {
  const int w = 40, h = 5;
  std::vector<std::uint8_t> g(std::size_t(w * h), 0);
  for (int c = 0; c < w; ++c) g[std::size_t(2 * w + c)] = 1;  // a full row
  const TileMap m = make(w, h, g);
  int long_edges = 0;
  for (const TileEdge& e : m.edges())
    if (length(e.b - e.a) == Real(w)) ++long_edges;
  EXPECT_EQ(long_edges, 4);  // both faces of the wall and the map's top and bottom borders
  EXPECT_EQ(m.chain_count(), 2);
}

TEST(TileMap, WallDistanceMatchesBruteForce) {
  std::mt19937 rng(5);
  for (int trial = 0; trial < 30; ++trial) {
    const int w = 1 + int(rng() % 20), h = 1 + int(rng() % 20);
    const auto g = random_grid(rng, w, h, int(rng() % 60));
    const TileMap m = make(w, h, g, {32, 32}, {Real(uni(rng, -100, 100)), Real(uni(rng, -100, 100))});
    const Aabb b = m.bounds();
    for (int k = 0; k < 200; ++k) {
      Vec2 p{Real(uni(rng, b.min.x - 40, b.max.x + 40)), Real(uni(rng, b.min.y - 40, b.max.y + 40))};
      if (k % 10 == 0) p = m.cell_box(int(rng() % unsigned(w)), int(rng() % unsigned(h))).min;  // grid vertex
      const NearestPoint d = m.nearest_wall(p);
      const double want = brute_wall_distance(m, p);
      EXPECT_NEAR(d.distance, want, 1e-3) << p.x << "," << p.y;
      EXPECT_NEAR(length(d.point - p), d.distance, 1e-3);
      EXPECT_EQ(m.is_free(p), want > 0);
      // The index names a solid cell holding the point, or -1 (in a wall, or the outside).
      if (d.index >= 0) {
        ASSERT_LT(d.index, w * h);
        EXPECT_TRUE(m.solid(d.index % w, d.index / w));
        const Aabb cb = m.cell_box(d.index % w, d.index / w);
        EXPECT_TRUE(cb.contains(d.point)) << d.index;
      } else if (want > 0) {
        EXPECT_TRUE(m.outside_solid());
        EXPECT_FALSE(d.point.x > b.min.x && d.point.x < b.max.x && d.point.y > b.min.y && d.point.y < b.max.y);
      }
    }
  }
}

TEST(TileMap, ShapeFreeMatchesBruteForce) {
  std::mt19937 rng(6);
  for (int trial = 0; trial < 20; ++trial) {
    const int w = 2 + int(rng() % 12), h = 2 + int(rng() % 12);
    const auto g = random_grid(rng, w, h, 25);
    const TileMap m = make(w, h, g);
    for (int k = 0; k < 300; ++k) {
      const Vec2 c{Real(uni(rng, -1, w + 1)), Real(uni(rng, -1, h + 1))};
      Shape s;
      switch (k % 4) {
        case 0: s = Circle{c, Real(uni(rng, 0, 1.5))}; break;
        case 1: s = Box(c, {Real(uni(rng, 0, 1)), Real(uni(rng, 0, 1))}, Real(uni(rng, 0, 3))); break;
        case 2: s = Capsule{c, c + Vec2{Real(uni(rng, -2, 2)), Real(uni(rng, -2, 2))}, Real(uni(rng, 0, 0.6))}; break;
        default: s = Aabb{c, c + Vec2{Real(uni(rng, 0, 2)), Real(uni(rng, 0, 2))}}; break;
      }
      EXPECT_EQ(m.is_free(s), !brute_blocked(m, s)) << trial << " " << k;
    }
  }
}

TEST(TileMap, RaycastMatchesCellByCellRaycasts) {
  std::mt19937 rng(7);
  for (int trial = 0; trial < 30; ++trial) {
    const int w = 2 + int(rng() % 15), h = 2 + int(rng() % 15);
    const auto g = random_grid(rng, w, h, 20);
    const TileMap m = make(w, h, g, {3, 2});
    const Aabb b = m.bounds();
    for (int k = 0; k < 100; ++k) {
      Ray ray;
      ray.origin = {Real(uni(rng, b.min.x, b.max.x)), Real(uni(rng, b.min.y, b.max.y))};
      const double a = uni(rng, 0, 6.283);
      ray.direction = {Real(std::cos(a)), Real(std::sin(a))};
      if (k % 7 == 0) ray.direction = {Real(k % 2 ? 1 : 0), Real(k % 2 ? 0 : -1)};  // axis-aligned
      ray.max_distance = Real(uni(rng, 0, 40));
      const RayHit got = m.raycast(ray);
      // Reference: the nearest hit over every solid cell and the map's outside (4 half-planes).
      bool inside = !m.is_free(ray.origin);
      double best = 1e30;
      for (int r = 0; r < h; ++r)
        for (int c = 0; c < w; ++c)
          if (m.solid(c, r)) {
            const RayHit hc = raycast(m.cell_box(c, r), ray);
            if (hc.hit) best = std::min(best, double(hc.distance));
          }
      const Vec2 d = normalize(ray.direction);
      for (int ax = 0; ax < 2; ++ax) {
        const double o = ax ? ray.origin.y : ray.origin.x, v = ax ? d.y : d.x;
        const double lo = ax ? b.min.y : b.min.x, hi = ax ? b.max.y : b.max.x;
        if (v > 0) best = std::min(best, (hi - o) / v);
        if (v < 0) best = std::min(best, (lo - o) / v);
      }
      // The element: a solid cell whose closed square holds the hit point, or -1 when the point
      // lies on the map's border (the outside's wall).
      auto check_element = [&](const RayHit& hit) {
        const Vec2 e{Real(1e-3), Real(1e-3)};
        const Aabb near_point{hit.point - e, hit.point + e};
        if (hit.element < 0) {
          EXPECT_FALSE(near_point.min.x > b.min.x && near_point.max.x < b.max.x && near_point.min.y > b.min.y &&
                       near_point.max.y < b.max.y)
              << trial << " " << k << ": element -1 off the border";
          return;
        }
        ASSERT_LT(hit.element, w * h);
        const int c = hit.element % w, r = hit.element / w;
        EXPECT_TRUE(m.solid(c, r)) << trial << " " << k;
        EXPECT_TRUE(m.cell_box(c, r).overlaps(near_point)) << trial << " " << k << " cell " << c << "," << r;
      };
      if (inside) {
        EXPECT_TRUE(got.hit && got.inside);
        check_element(got);
        continue;
      }
      const bool want = best <= ray.max_distance;
      if (std::abs(best - ray.max_distance) < 1e-3) continue;  // a hit right at the end: either
      ASSERT_EQ(got.hit, want) << trial << " " << k;
      if (want) {
        EXPECT_NEAR(got.distance, best, 1e-3);
        EXPECT_NEAR(length(got.normal), 1, 1e-5);
        EXPECT_LE(dot(got.normal, d), 0);
        check_element(got);
      }
    }
  }
}

TEST(TileMap, ContactsPushShapesOut) {
  std::mt19937 rng(8);
  for (int trial = 0; trial < 20; ++trial) {
    const int w = 8, h = 8;
    auto g = random_grid(rng, w, h, 20);
    const TileMap m = make(w, h, g);
    for (int k = 0; k < 100; ++k) {
      const Vec2 c{Real(uni(rng, 1, 7)), Real(uni(rng, 1, 7))};
      if (!m.is_free(c)) continue;  // the body's center in free space, the body slightly into walls
      const Shape s = k % 2 ? Shape(Circle{c, Real(uni(rng, 0.1, 0.45))})
                            : Shape(Box(c, {Real(uni(rng, 0.1, 0.4)), Real(uni(rng, 0.1, 0.4))}, 0));
      std::vector<WallContact> cs;
      m.contacts(s, cs);
      if (m.is_free(s)) {
        EXPECT_TRUE(cs.empty());
        continue;
      }
      ASSERT_FALSE(cs.empty());
      for (const WallContact& tc : cs) {
        EXPECT_NEAR(length(tc.normal), 1, 1e-5);
        EXPECT_GE(tc.depth, 0);
        // the normal points from the body to the wall: out of the free side of its edge
        EXPECT_LE(dot(tc.normal, m.edges()[std::size_t(tc.element)].normal), 1e-6);
      }
      const Vec2 push = m.push_out(s);
      const Shape moved = translated(s, push);
      // Pushed out of every wall it was in (two walls at a corner are solved together); a push
      // into a third wall can happen in a cramped spot, but not here where the body is small.
      if (m.is_free(moved)) continue;
      ADD_FAILURE() << "push_out left the shape in a wall, trial " << trial << " k " << k << " shape " << s.index()
                    << " at " << c.x << "," << c.y << " half/radius " << bounds(s).half_extents().x << ","
                    << bounds(s).half_extents().y << " push " << push.x << "," << push.y << " contacts " << cs.size()
                    << [&] {
                         std::string t;
                         for (const WallContact& q : cs)
                           t += " [" + std::to_string(q.normal.x) + "," + std::to_string(q.normal.y) + " d " +
                                std::to_string(q.depth) + " edge " + std::to_string(m.edges()[std::size_t(q.element)].a.x) + "," +
                                std::to_string(m.edges()[std::size_t(q.element)].a.y) + "->" +
                                std::to_string(m.edges()[std::size_t(q.element)].b.x) + "," +
                                std::to_string(m.edges()[std::size_t(q.element)].b.y) + "]";
                         return t;
                       }();
    }
  }
}

TEST(TileMap, SweepMatchesFineSampling) {
  std::mt19937 rng(9);
  for (int trial = 0; trial < 20; ++trial) {
    const int w = 12, h = 12;
    const auto g = random_grid(rng, w, h, 15);
    const TileMap m = make(w, h, g);
    for (int k = 0; k < 40; ++k) {
      const Vec2 c{Real(uni(rng, 1, 11)), Real(uni(rng, 1, 11))};
      const Shape s = k % 3 == 0 ? Shape(Circle{c, 0.3f}) : k % 3 == 1 ? Shape(Box(c, {0.3f, 0.2f}, 0.5f))
                                                                         : Shape(Capsule{c, c + Vec2{0.4f, 0}, 0.2f});
      if (!m.is_free(s)) continue;
      const Vec2 v{Real(uni(rng, -8, 8)), Real(uni(rng, -8, 8))};
      const SweepHit hit = m.sweep(s, v);
      // Reference: the first of 4000 samples that is not free.
      double first = 2;
      for (int i = 1; i <= 4000; ++i) {
        const double t = i / 4000.0;
        if (!m.is_free(translated(s, v * Real(t)))) {
          first = t;
          break;
        }
      }
      const double step = 1.0 / 4000.0 + 1e-3 / double(length(v));
      if (first <= 1) {
        ASSERT_TRUE(hit.hit) << trial << " " << k;
        EXPECT_LE(double(hit.time), first + 1e-4);
        if (double(hit.time) < first - step - 1e-4) {  // a graze between samples: touching then
          const Shape at = translated(s, v * hit.time);
          double gap = 1e30;
          for (int r = 0; r < h; ++r)
            for (int cc = 0; cc < w; ++cc)
              if (m.solid(cc, r)) gap = std::min(gap, double(distance(at, Shape(m.cell_box(cc, r))).distance));
          EXPECT_LT(gap, 1e-3)
            << "shape " << s.index() << " at " << c.x << "," << c.y << " v " << v.x << "," << v.y << " normal "
            << hit.normal.x << "," << hit.normal.y << " point " << hit.point.x << "," << hit.point.y;
        }
      } else if (hit.hit) {  // a graze between samples: just before it, the shape is free
        EXPECT_TRUE(m.is_free(translated(s, v * std::max(hit.time - Real(1e-3) / length(v), Real(0)))));
      }
    }
  }
}

// A disc sliding along a floor of 40 tiles while pressing into it keeps its full speed along
// it: no seam stops it (ghost collisions would).
TEST(TileMap, CircleSlidesAlongTiledFloorWithoutCatching) {
  const int w = 44, h = 6;
  std::vector<std::uint8_t> g(std::size_t(w * h), 0);
  for (int c = 0; c < w; ++c) g[std::size_t(c)] = 1;  // floor row 0 (y up)
  const TileMap m = make(w, h, g);
  Vec2 p{2, 1 + 0.3f + m.skin()};
  for (int step = 0; step < 80; ++step) {
    const Vec2 before = p;
    const CircleMove mv = m.move_circle(Circle{p, 0.3f}, {0.45f, -0.2f});
    p = mv.center;
    if (p.x > 40) break;
    EXPECT_NEAR(p.x - before.x, 0.45f, 1e-4) << "step " << step;
    EXPECT_GE(p.y, 1 + 0.3f);
    EXPECT_NEAR(mv.displacement.x, 0.45f, 1e-5);
    EXPECT_NEAR(mv.displacement.y, 0, 2e-5 * 0.5);  // slid motion leaves the floor by a hair
  }
  // The same for a box and a capsule through the generic move.
  for (const Shape& body : {Shape(Box({2, 1.3f}, {0.3f, 0.3f}, 0)), Shape(Capsule{{1.8f, 1.3f}, {2.2f, 1.3f}, 0.3f})}) {
    Shape s = translated(body, {0, m.skin() * 2});
    for (int step = 0; step < 60; ++step) {
      const MoveResult r = m.move(s, {0.55f, -0.2f});
      EXPECT_NEAR(r.translation.x, 0.55f, 2e-3) << "step " << step;
      EXPECT_TRUE(m.is_free(r.shape));
      s = r.shape;
      if (bounds(s).max.x > 40) break;
    }
  }
}

// Pushed into a concave corner again and again, a disc stops and stays (no jitter).
TEST(TileMap, NoJitterInConcaveCorner) {
  const int w = 6, h = 6;
  std::vector<std::uint8_t> g(std::size_t(w * h), 0);
  const TileMap m = make(w, h, g);  // the map's own corner (outside is wall)
  Vec2 p{3, 3};
  std::vector<Vec2> last;
  for (int step = 0; step < 30; ++step) {
    const CircleMove mv = m.move_circle(Circle{p, 0.4f}, {-0.7f, -0.5f});
    p = mv.center;
    EXPECT_TRUE(m.is_free(Shape(Circle{p, 0.4f})));
    if (step >= 10) last.push_back(p);
  }
  for (const Vec2& q : last) {
    EXPECT_EQ(q, last.front()) << "jitter";
  }
  EXPECT_NEAR(last.front().x, 0.4f, 2 * m.skin());
  EXPECT_NEAR(last.front().y, 0.4f, 2 * m.skin());
}

// One-tile walls at 50 tiles per step: never crossed.
TEST(TileMap, NoTunnellingThroughThinWalls) {
  const int w = 60, h = 9;
  std::vector<std::uint8_t> g(std::size_t(w * h), 0);
  for (int r = 0; r < h; ++r) g[std::size_t(r * w + 30)] = 1;  // a wall at column 30
  const TileMap m = make(w, h, g);
  std::mt19937 rng(3);
  for (int k = 0; k < 500; ++k) {
    const Real r = Real(uni(rng, 0.05, 1.2));
    const Vec2 p{Real(uni(rng, r + 0.01, 30 - r - 0.01)), Real(uni(rng, r + 0.01, 9 - r - 0.01))};
    const Vec2 d{Real(uni(rng, 20, 60)), Real(uni(rng, -30, 30))};
    const CircleMove mv = m.move_circle(Circle{p, r}, d, 8);
    EXPECT_LT(mv.center.x, 30 - r + pos_tol(m)) << k;
    EXPECT_TRUE(m.is_free(Shape(Circle{mv.center, r * Real(0.999)})));
    const MoveResult gm = m.move(Shape(Box(p, {r, r * Real(0.5)}, 0.3f)), d);
    EXPECT_LT(bounds(gm.shape).max.x, 30 + pos_tol(m)) << k;
  }
}

// A crowd of discs (some wider than a tile) on a random cave for many steps: every step ends
// free of the cells (brute force) and no chord crosses a solid cell.
TEST(TileMap, CrowdStaysFreeAndNeverCrossesWalls) {
  std::mt19937 rng(21);
  const int w = 40, h = 40;
  auto g = random_grid(rng, w, h, 12);
  const TileMap m = make(w, h, g, {32, 32});
  struct A {
    Vec2 p, v;
    Real r;
  };
  std::vector<A> crowd;
  while (crowd.size() < 150) {
    const Real r = crowd.size() % 5 == 0 ? 20.0f : 12.8f;
    const Vec2 p{Real(uni(rng, 0, 1280)), Real(uni(rng, 0, 1280))};
    if (m.wall_distance(p) >= r + 2 * m.skin()) crowd.push_back({p, {Real(uni(rng, -64, 64)), Real(uni(rng, -64, 64))}, r});
  }
  for (int step = 0; step < 300; ++step)
    for (A& a : crowd) {
      const Vec2 before = a.p;
      const Vec2 v_before = a.v;
      const CircleMove mv = m.move_circle(Circle{a.p, a.r}, a.v);
      a.p = mv.center;
      a.v = mv.displacement;
      ASSERT_FALSE(brute_blocked(m, Shape(Circle{a.p, a.r - 2 * m.skin()})))
          << step << " from " << before.x << "," << before.y << " r " << a.r << " v " << v_before.x << "," << v_before.y
          << " to " << a.p.x << "," << a.p.y << " wall distance " << m.wall_distance(a.p);
      const Vec2 chord = a.p - before;
      if (length(chord) > 0) {
        const Shape seg = Segment{before, a.p};
        ASSERT_FALSE(brute_blocked(m, seg)) << "crossed a wall at step " << step;
      }
      if (rng() % 50 == 0 || length(a.v) < 1) a.v = {Real(uni(rng, -64, 64)), Real(uni(rng, -64, 64))};
    }
}

TEST(TileMap, NearestFreePointIsFreeAndNearest) {
  std::mt19937 rng(12);
  const double step = 0.05, half_diag = step * 0.7072;
  for (int trial = 0; trial < 12; ++trial) {
    const int w = 10, h = 10;
    const auto g = random_grid(rng, w, h, 35);
    const TileMap m = make(w, h, g);
    // Reference: wall distances on a lattice. A lattice point free for r + half_diag bounds the
    // optimum from above; the optimum p* has a lattice point within half_diag, free for
    // r - half_diag, which bounds it from below.
    std::vector<std::pair<Vec2, double>> lattice;
    for (int i = 0; i <= 200; ++i)
      for (int j = 0; j <= 200; ++j) {
        const Vec2 q{Real(i * step), Real(j * step)};
        lattice.push_back({q, brute_wall_distance(m, q)});
      }
    for (int k = 0; k < 12; ++k) {
      const Vec2 t{Real(uni(rng, 0, 10)), Real(uni(rng, 0, 10))};
      const Real r = Real(uni(rng, 0, 0.7));
      const auto p = m.nearest_free_point(t, r);
      double upper = 1e30, lower = 1e30;
      for (const auto& [q, d] : lattice) {
        if (d > r + half_diag) upper = std::min(upper, double(length(q - t)));
        if (d > r - half_diag) lower = std::min(lower, double(length(q - t)));
      }
      if (lower > 1e29) {
        EXPECT_FALSE(p.has_value());
        continue;
      }
      if (!p) {
        EXPECT_GT(upper, 1e29) << "no answer although a lattice point is free";
        continue;
      }
      EXPECT_GE(brute_wall_distance(m, *p), r);
      EXPECT_LE(length(*p - t), upper + 1e-3);
      EXPECT_GE(length(*p - t), lower - half_diag - 1e-3);
      if (brute_wall_distance(m, t) >= r + m.skin()) {
        EXPECT_EQ(*p, t);  // already free: the target itself
      }
    }
  }
}

TEST(TileMap, SetSolidRebuildsBoundary) {
  TileMap m = TileMap::make(5, 5, {1, 1}).value();
  EXPECT_EQ(m.edges().size(), 4u);
  m.set_solid(2, 2, true);
  EXPECT_EQ(m.solid_count(), 1u);
  EXPECT_EQ(m.edges().size(), 8u);
  EXPECT_EQ(m.chain_count(), 2);
  EXPECT_FALSE(m.is_free(Vec2{2.5f, 2.5f}));
  EXPECT_FALSE(m.is_free(Vec2{2, 2.5f}));  // on the wall's side: closed
  EXPECT_TRUE(m.is_free(Vec2{1.5f, 2.5f}));
}

// Far-away and non-finite inputs: answers, not overflows (UBSan runs this too).
TEST(TileMap, FarAndNonFiniteInputsAreSafe) {
  std::vector<std::uint8_t> g = {0, 1, 0, 0};
  Invalid why;
  const auto open = TileMap::from_grid(2, 2, g, {1, 1}, {}, /*outside_solid=*/false, &why);
  ASSERT_TRUE(open.has_value());
  const TileMap closed = make(2, 2, g);
  const Real big = Real(1e30);
  for (const TileMap* m : {&*open, &closed}) {
    EXPECT_EQ(m->is_free(Vec2{big, -big}), !m->outside_solid());
    EXPECT_FALSE(m->is_free(Vec2{std::numeric_limits<Real>::quiet_NaN(), 0}));
    EXPECT_TRUE(std::isfinite(m->nearest_wall(Vec2{big, big}).distance));
    EXPECT_EQ(m->is_free(Shape(Circle{{big, 0}, 1})), !m->outside_solid());
    EXPECT_EQ(m->is_free(Shape(Aabb{{-big, -big}, {big, big}})), false);
    const RayHit h = m->raycast(Ray{{-big, Real(0.5)}, {1, 0}, big * 2});
    EXPECT_TRUE(h.hit);
    std::vector<WallContact> cs;
    m->contacts(Shape(Circle{{big, big}, 1}), cs);
    EXPECT_TRUE(cs.empty());
    EXPECT_EQ(m->cell_at({big, -big}).col, 1000000000);
  }
  EXPECT_EQ(open->wall_distance({Real(0.5), Real(0.5)}), Real(0.5));  // to the solid cell (1, 0)
}
