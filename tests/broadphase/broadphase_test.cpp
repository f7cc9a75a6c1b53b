// collide2d - 2D collision detection for games. MIT License.
// Broad phases (tree and grid) against brute force over all proxies' fat boxes, under random
// inserts, removes and moves for many steps, with the internal invariants checked every step.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <random>
#include <set>
#include <vector>

#include "collide2d/broadphase.hpp"

using namespace collide2d;

namespace {

struct Rand {
  std::mt19937 eng;
  explicit Rand(unsigned seed) : eng(seed) {}
  Real uniform(Real lo, Real hi) { return std::uniform_real_distribution<Real>(lo, hi)(eng); }
  int below(int n) { return int(eng() % unsigned(n)); }
};

Aabb random_box(Rand& r, Real world) {
  Vec2 c{r.uniform(-world, world), r.uniform(-world, world)};
  // Mixed sizes, a few large ones (the grid's large list and deep tree nodes).
  Real h = r.below(50) == 0 ? r.uniform(5, 30) : r.uniform(Real(0.05), Real(1.5));
  Real w = h * r.uniform(Real(0.3), Real(1.5));
  return {{c.x - w, c.y - h}, {c.x + w, c.y + h}};
}

bool ray_hits_box(Vec2 o, Vec2 u, Real t_max, const Aabb& b) {
  // Independent reference: clip the segment against the box in long double.
  long double t0 = 0, t1 = t_max;
  long double oo[2] = {o.x, o.y}, uu[2] = {u.x, u.y}, lo[2] = {b.min.x, b.min.y}, hi[2] = {b.max.x, b.max.y};
  for (int k = 0; k < 2; ++k) {
    if (uu[k] == 0) {
      if (oo[k] < lo[k] || oo[k] > hi[k]) return false;
      continue;
    }
    long double a = (lo[k] - oo[k]) / uu[k], c = (hi[k] - oo[k]) / uu[k];
    if (a > c) std::swap(a, c);
    t0 = std::max(t0, a);
    t1 = std::min(t1, c);
  }
  return t0 <= t1;
}

class BroadphaseTest : public ::testing::TestWithParam<BroadphaseKind> {};

TEST_P(BroadphaseTest, MatchesBruteForceUnderRandomChanges) {
  const Real world = 40;
  FatBoxRule rule;
  auto bp = make_broadphase(GetParam(), rule, 3);
  Rand r(1234);
  std::map<std::uint32_t, Aabb> tight;  // present proxies
  std::vector<std::uint32_t> free_ids;
  std::uint32_t next_id = 0;
  std::set<std::uint32_t> moved;  // inserted or fat box replaced since the last update_pairs
  for (int step = 0; step < 300; ++step) {
    // Random changes.
    for (int k = 0; k < 40; ++k) {
      int op = r.below(10);
      if (op < 2 || tight.size() < 300) {
        std::uint32_t id = free_ids.empty() ? next_id++ : free_ids.back();
        if (!free_ids.empty()) free_ids.pop_back();
        Aabb b = random_box(r, world);
        bp->insert(id, b, r.below(5) == 0);
        tight[id] = b;
        moved.insert(id);
      } else {
        auto it = tight.begin();
        std::advance(it, r.below(int(tight.size())));
        std::uint32_t id = it->first;
        if (op <= 3) {
          bp->remove(id);
          tight.erase(it);
          moved.erase(id);
          free_ids.push_back(id);
        } else {
          Vec2 d{r.uniform(-Real(0.3), Real(0.3)), r.uniform(-Real(0.3), Real(0.3))};
          if (op == 9) d = d * Real(20);  // a teleport now and then
          Aabb b{it->second.min + d, it->second.max + d};
          it->second = b;
          if (bp->move(id, b, d)) moved.insert(id);
        }
      }
    }
    auto bad = bp->validate();
    ASSERT_FALSE(bad) << bad->text();
    ASSERT_EQ(bp->size(), tight.size());
    // Every fat box holds its tight box.
    for (auto& [id, b] : tight) {
      Aabb f = bp->fat_box(id);
      ASSERT_TRUE(f.min.x <= b.min.x && f.min.y <= b.min.y && b.max.x <= f.max.x && b.max.y <= f.max.y);
    }
    // New pairs: exactly the overlapping fat-box pairs with a moved member, once each.
    std::vector<ProxyPair> got;
    bp->update_pairs(got);
    std::vector<std::pair<std::uint32_t, std::uint32_t>> g, want;
    for (auto p : got) {
      ASSERT_LT(p.a, p.b);
      g.emplace_back(p.a, p.b);
    }
    std::sort(g.begin(), g.end());
    ASSERT_TRUE(std::adjacent_find(g.begin(), g.end()) == g.end()) << "duplicate pair";
    for (auto i = tight.begin(); i != tight.end(); ++i) {
      for (auto j = std::next(i); j != tight.end(); ++j) {
        if (!moved.count(i->first) && !moved.count(j->first)) continue;
        if (bp->fat_box(i->first).overlaps(bp->fat_box(j->first))) want.emplace_back(i->first, j->first);
      }
    }
    std::sort(want.begin(), want.end());
    ASSERT_EQ(g, want) << "step " << step;
    moved.clear();
    // Box queries and ray casts against brute force over the fat boxes.
    for (int q = 0; q < 5; ++q) {
      Aabb qb = random_box(r, world);
      std::vector<std::uint32_t> a, b;
      bp->query(qb, [&](std::uint32_t id) {
        a.push_back(id);
        return true;
      });
      for (auto& [id, t] : tight) {
        if (bp->fat_box(id).overlaps(qb)) b.push_back(id);
      }
      std::sort(a.begin(), a.end());
      ASSERT_EQ(a, b);
      Vec2 o{r.uniform(-world, world), r.uniform(-world, world)};
      Real ang = r.uniform(-kPi, kPi);
      Vec2 u{std::cos(ang), std::sin(ang)};
      if (q == 0) u = {1, 0};  // axis-parallel rays too
      Real len = r.uniform(1, 60);
      std::vector<std::uint32_t> ra, rb;
      bp->raycast(o, u, len, [&](std::uint32_t id, Real t_max) {
        ra.push_back(id);
        return t_max;
      });
      std::sort(ra.begin(), ra.end());
      ASSERT_TRUE(std::adjacent_find(ra.begin(), ra.end()) == ra.end()) << "proxy offered twice";
      for (auto& [id, t] : tight) {
        if (ray_hits_box(o, u, len, bp->fat_box(id))) rb.push_back(id);
      }
      // Every box the ray meets is offered (the grid may offer a few more that share cells).
      ASSERT_TRUE(std::includes(ra.begin(), ra.end(), rb.begin(), rb.end())) << "step " << step;
    }
    if (step % 100 == 99) {
      bp->rebuild();
      bad = bp->validate();
      ASSERT_FALSE(bad) << bad->text();
    }
  }
}

TEST_P(BroadphaseTest, QueryStopsWhenAsked) {
  auto bp = make_broadphase(GetParam());
  for (std::uint32_t i = 0; i < 50; ++i) bp->insert(i, Aabb{{Real(i), 0}, {Real(i) + 1, 1}}, false);
  int calls = 0;
  bp->query(Aabb{{-10, -10}, {100, 10}}, [&](std::uint32_t) { return ++calls < 3; });
  EXPECT_EQ(calls, 3);
  calls = 0;
  bp->raycast({-5, Real(0.5)}, {1, 0}, 100, [&](std::uint32_t, Real) { return ++calls < 3 ? Real(100) : Real(-1); });
  EXPECT_EQ(calls, 3);
}

INSTANTIATE_TEST_SUITE_P(Kinds, BroadphaseTest, ::testing::Values(BroadphaseKind::tree, BroadphaseKind::grid),
                         [](const auto& info) { return info.param == BroadphaseKind::tree ? "tree" : "grid"; });

TEST(DynamicTree, StaysShallowAndRebuildKeepsLeaves) {
  DynamicTree t;
  Rand r(7);
  const int n = 4096;
  // Sorted insertion order is the worst case for a tree without rotations.
  for (int i = 0; i < n; ++i) t.insert(std::uint32_t(i), Aabb{{Real(i), 0}, {Real(i) + Real(0.5), 1}}, false);
  ASSERT_FALSE(t.validate());
  // Height-balanced (AVL-like) trees are at most ~1.44 log2(n) high.
  EXPECT_LE(t.height(), int(1.45 * std::log2(double(n))) + 2);
  Real before = t.area_ratio();
  t.rebuild();
  ASSERT_FALSE(t.validate());
  EXPECT_EQ(t.size(), std::size_t(n));
  EXPECT_LE(t.height(), 2 * int(std::ceil(std::log2(double(n)))) + 2);
  EXPECT_GT(before, 0);
  EXPECT_GT(t.area_ratio(), 0);
  // The pool is reused: removing and re-adding does not grow it.
  std::size_t pool = t.nodes().size();
  for (int i = 0; i < n; i += 2) t.remove(std::uint32_t(i));
  for (int i = 0; i < n; i += 2) t.insert(std::uint32_t(i), Aabb{{Real(i), 2}, {Real(i) + 1, 3}}, false);
  EXPECT_EQ(t.nodes().size(), pool);
  ASSERT_FALSE(t.validate());
}

// Tiny trees (a lone leaf at the root, a leaf whose sibling is the root's other child): the
// new pairs are those of brute force, after the inserts and after every proxy moved away.
TEST(DynamicTree, TinyTreesFindTheirPairs) {
  Rand r(7);
  for (int n = 1; n <= 6; ++n) {
    DynamicTree t;
    std::vector<Aabb> tight;
    for (int i = 0; i < n; ++i) {
      tight.push_back(random_box(r, 2));
      t.insert(std::uint32_t(i), tight.back(), false);
    }
    for (int round = 0; round < 2; ++round) {
      if (round == 1) {
        for (int i = 0; i < n; ++i) {
          const Vec2 d{r.uniform(-3, 3), r.uniform(-3, 3)};
          tight[i] = {tight[i].min + d, tight[i].max + d};
          t.move(std::uint32_t(i), tight[i], d);
          t.touch(std::uint32_t(i));  // every proxy counts as moved, replaced or not
        }
      }
      std::vector<ProxyPair> got;
      t.update_pairs(got);
      std::vector<std::pair<std::uint32_t, std::uint32_t>> g, want;
      for (auto p : got) g.emplace_back(p.a, p.b);
      std::sort(g.begin(), g.end());
      for (int i = 0; i < n; ++i)
        for (int j = i + 1; j < n; ++j)
          if (t.fat_box(std::uint32_t(i)).overlaps(t.fat_box(std::uint32_t(j)))) want.emplace_back(i, j);
      EXPECT_EQ(g, want) << n << " proxies, round " << round;
    }
  }
}

TEST(DynamicTree, SmallMovesKeepTheFatBox) {
  DynamicTree t(FatBoxRule{Real(0.5), 2, 4});
  t.insert(0, Aabb{{0, 0}, {1, 1}}, false);
  std::vector<ProxyPair> pairs;
  t.update_pairs(pairs);
  Aabb fat = t.fat_box(0);
  EXPECT_FALSE(t.move(0, Aabb{{Real(0.1), 0}, {Real(1.1), 1}}, {Real(0.1), 0}));
  EXPECT_EQ(t.fat_box(0).min, fat.min);
  EXPECT_TRUE(t.move(0, Aabb{{3, 0}, {4, 1}}, {Real(2.9), 0}));
  // Stretched along the displacement.
  EXPECT_GT(t.fat_box(0).max.x, Real(4.5) + 2 * Real(2.9) - Real(1e-3));
}

}  // namespace

namespace {

// A crowd of discs moving in a box for many steps, as a game's agents do: most moves keep the
// fat box, some replace it (re-inserted below the lowest ancestor that holds the new box).
// After every step the tree's invariants hold and the new pairs are those of brute force; at
// the end the tree is about as good (total perimeter of its inner nodes) as one rebuilt from
// scratch over the same boxes, and as shallow.
TEST(DynamicTree, CrowdMovesKeepTheTreeExactAndGood) {
  const int n = 1500;
  const Real side = std::sqrt(Real(12) * Real(n));
  DynamicTree t(FatBoxRule{Real(0.1), Real(4), Real(4)});
  Rand r(99);
  std::vector<Vec2> p(n), v(n);
  std::vector<Real> radius(n);
  auto box = [&](int i) { return Aabb{p[i] - Vec2{radius[i], radius[i]}, p[i] + Vec2{radius[i], radius[i]}}; };
  for (int i = 0; i < n; ++i) {
    radius[i] = r.below(5) == 0 ? r.uniform(Real(0.6), 2) : r.uniform(Real(0.2), Real(0.6));
    p[i] = {r.uniform(2, side - 2), r.uniform(2, side - 2)};
    v[i] = {r.uniform(-Real(0.08), Real(0.08)), r.uniform(-Real(0.08), Real(0.08))};
    t.insert(std::uint32_t(i), box(i), false);
  }
  std::vector<ProxyPair> got;
  t.update_pairs(got);
  for (int step = 0; step < 400; ++step) {
    std::vector<char> moved(n, 0);
    for (int i = 0; i < n; ++i) {
      for (int k = 0; k < 2; ++k) {
        Real& c = k == 0 ? p[i].x : p[i].y;
        Real& w = k == 0 ? v[i].x : v[i].y;
        if (c + w < radius[i] || c + w > side - radius[i]) w = -w;
      }
      p[i] = p[i] + v[i];
      if (t.move(std::uint32_t(i), box(i), v[i])) moved[i] = 1;
    }
    auto bad = t.validate();
    ASSERT_FALSE(bad) << bad->text();
    got.clear();
    t.update_pairs(got);
    if (step % 40 != 39) continue;
    std::vector<std::pair<std::uint32_t, std::uint32_t>> g, want;
    for (auto q : got) g.emplace_back(q.a, q.b);
    std::sort(g.begin(), g.end());
    for (int i = 0; i < n; ++i)
      for (int j = i + 1; j < n; ++j)
        if ((moved[i] || moved[j]) && t.fat_box(std::uint32_t(i)).overlaps(t.fat_box(std::uint32_t(j))))
          want.emplace_back(i, j);
    ASSERT_EQ(g, want) << "step " << step;
  }
  const Real moved_ratio = t.area_ratio();
  const int moved_height = t.height();
  t.rebuild();
  ASSERT_FALSE(t.validate());
  EXPECT_LE(moved_ratio, Real(1.3) * t.area_ratio());
  EXPECT_LE(moved_height, 2 * t.height());
}

}  // namespace

namespace {

// Boxes inserted where the tree's boxes already hold them (many at the same few places): no
// ancestor's box grows, only heights do; the height guard still bounds the depth. A guard that
// allows 8 levels of imbalance leaves at least N(h) >= N(h-1) + N(h-9) leaves under a node of
// height h, so h <= log2(n) / log2(1.1796) + 9 < 4.3 log2(n) + 9 (without the guard here: 1,026).
TEST(DynamicTree, BoxesInsideTheTreeStayShallow) {
  DynamicTree t;
  const int n = 4096;
  t.insert(0, Aabb{{-100, -100}, {100, 100}}, false);
  for (int i = 1; i < n; ++i) {
    const Real x = Real(i % 4) * 10;
    t.insert(std::uint32_t(i), Aabb{{x, 0}, {x + 1, 1}}, false);
  }
  ASSERT_FALSE(t.validate());
  EXPECT_LE(t.height(), int(4.3 * std::log2(double(n))) + 9);
}

}  // namespace
