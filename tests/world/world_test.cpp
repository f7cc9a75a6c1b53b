// collide2d - 2D collision detection for games. MIT License.
// The world against brute force over all live proxies (a reference model that keeps every
// proxy's shape, filter and static flag), under random creations, destructions, moves, shape
// and filter changes for many steps: touching pairs, begin/end events, and every query.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <random>
#include <limits>
#include <set>
#include <thread>
#include <tuple>
#include <type_traits>
#include <vector>

#include "collide2d/world.hpp"

using namespace collide2d;

// The proxy queries' old answer types stay one release as aliases of the world's.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
static_assert(std::is_same_v<RayCastHit, WorldRayHit> && std::is_same_v<ShapeCastHit, WorldCastHit> &&
              std::is_same_v<NearestHit, WorldNearest>);
#pragma GCC diagnostic pop

namespace {

struct Rand {
  std::mt19937 eng;
  explicit Rand(unsigned seed) : eng(seed) {}
  Real uniform(Real lo, Real hi) { return std::uniform_real_distribution<Real>(lo, hi)(eng); }
  int below(int n) { return int(eng() % unsigned(n)); }
};

/// A random shape of size ~0.2-2 around c, of any of the eight types.
Shape random_shape(Rand& r, Vec2 c) {
  Real s = r.uniform(Real(0.2), Real(2));
  switch (r.below(8)) {
    case 0: return Point{c};
    case 1: return Circle{c, s};
    case 2: return Sector(c, s * 2, r.uniform(-kPi, kPi), r.uniform(Real(0.1), kPi));
    case 3: return Aabb{{c.x - s, c.y - s / 2}, {c.x + s, c.y + s / 2}};
    case 4: return Box(c, {s, s / 3}, r.uniform(-kPi, kPi));
    case 5: return Capsule{c, c + Vec2{s, r.uniform(-s, s)}, s / 3};
    case 6: return Segment{c, c + Vec2{r.uniform(-s, s), r.uniform(-s, s)} * 2};
    default: {
      std::vector<Vec2> pts;
      int n = 3 + r.below(5);
      for (int i = 0; i < n; ++i) {
        Real a = 2 * kPi * Real(i) / Real(n) + r.uniform(0, Real(0.3));
        pts.push_back(c + Vec2{std::cos(a), std::sin(a)} * s);
      }
      return *make_polygon(pts, r.below(3) == 0 ? s / 5 : 0);
    }
  }
}

struct Model {
  Shape shape;
  Filter filter;
  bool is_static;
  std::uint64_t user;
};

using PairSet = std::set<std::pair<std::uint32_t, std::uint32_t>>;

PairSet brute_pairs(const std::map<std::uint32_t, Model>& m) {
  PairSet out;
  for (auto i = m.begin(); i != m.end(); ++i) {
    for (auto j = std::next(i); j != m.end(); ++j) {
      if (i->second.is_static && j->second.is_static) continue;
      if (!filters_touch(i->second.filter, j->second.filter)) continue;
      if (overlaps(i->second.shape, j->second.shape)) out.emplace(i->first, j->first);
    }
  }
  return out;
}

class WorldTest : public ::testing::TestWithParam<BroadphaseKind> {
 protected:
  WorldOptions options() const {
    WorldOptions o;
    o.broadphase = GetParam();
    o.cell_size = 3;
    return o;
  }
};

TEST_P(WorldTest, PairsEventsAndQueriesMatchBruteForce) {
  World w(options());
  Rand r(99);
  const Real world = 25;
  std::map<std::uint32_t, Model> model;
  std::map<std::uint32_t, ProxyHandle> handle;
  PairSet prev;
  auto random_filter = [&] {
    Filter f;
    f.category = 1u << r.below(3);
    f.mask = r.below(4) == 0 ? (0xffffffffu & ~(1u << r.below(3))) : 0xffffffffu;
    return f;
  };
  int checked_queries = 0;
  for (int step = 0; step < 120; ++step) {
    PairSet destroyed_touching;
    for (int k = 0; k < 25; ++k) {
      int op = r.below(12);
      if (op < 3 || model.size() < 30) {
        ProxyDef d{random_shape(r, {r.uniform(-world, world), r.uniform(-world, world)}), std::uint64_t(r.below(1000)),
                   random_filter(), r.below(6) == 0};
        auto h = w.create(d);
        ASSERT_TRUE(h);
        ASSERT_EQ(model.count(h->index), 0u);
        model[h->index] = Model{d.shape, d.filter, d.is_static, d.user_data};
        handle[h->index] = *h;
        continue;
      }
      auto it = model.begin();
      std::advance(it, r.below(int(model.size())));
      std::uint32_t i = it->first;
      ProxyHandle h = handle[i];
      if (op == 3) {
        ASSERT_FALSE(w.destroy(h));
        model.erase(it);
        handle.erase(i);
        EXPECT_TRUE(w.check(h)) << "a destroyed handle must be stale";
      } else if (op == 4) {
        Shape s = random_shape(r, bounds(it->second.shape).center());
        ASSERT_FALSE(w.set_shape(h, s));
        it->second.shape = s;
        it->second.is_static = false;
      } else if (op == 5) {
        Filter f = random_filter();
        ASSERT_FALSE(w.set_filter(h, f));
        it->second.filter = f;
      } else {
        Vec2 d{r.uniform(Real(-0.4), Real(0.4)), r.uniform(Real(-0.4), Real(0.4))};
        if (op == 6) d = d * Real(10);
        ASSERT_FALSE(w.move_by(h, d));
        it->second.shape = translated(it->second.shape, d);
        it->second.is_static = false;
      }
    }
    const TouchEvents& ev = w.update();
    auto bad = w.validate();
    ASSERT_FALSE(bad) << bad->text();
    ASSERT_EQ(w.size(), model.size());
    // Stored shapes are the model's.
    for (auto& [i, m] : model) ASSERT_EQ(bounds(*w.shape(handle[i])).min, bounds(m.shape).min);
    PairSet now = brute_pairs(model);
    PairSet got;
    for (auto& [a, b] : w.touching_pairs()) got.emplace(a.index, b.index);
    ASSERT_EQ(got, now) << "step " << step;
    // Events: begin = now \ prev; end = prev \ now (destroyed proxies included).
    std::vector<std::pair<std::uint32_t, std::uint32_t>> want_begin, want_end, got_begin, got_end;
    std::set_difference(now.begin(), now.end(), prev.begin(), prev.end(), std::back_inserter(want_begin));
    std::set_difference(prev.begin(), prev.end(), now.begin(), now.end(), std::back_inserter(want_end));
    for (auto& e : ev.begin) {
      got_begin.emplace_back(e.a.index, e.b.index);
      EXPECT_TRUE(w.is_valid(e.a) && w.is_valid(e.b));
      EXPECT_EQ(e.user_a, model[e.a.index].user);
    }
    for (auto& e : ev.end) got_end.emplace_back(e.a.index, e.b.index);
    ASSERT_EQ(got_begin, want_begin) << "step " << step;  // sorted: the documented order
    ASSERT_EQ(got_end, want_end) << "step " << step;
    prev = now;

    if (step % 4 != 0) continue;
    // Queries against brute force.
    for (int q = 0; q < 6; ++q, ++checked_queries) {
      QueryFilter qf{q % 2 ? 0xffffffffu : (1u | 4u)};
      auto pass = [&](const Model& m) { return (m.filter.category & qf.mask) != 0; };
      Shape qs = random_shape(r, {r.uniform(-world, world), r.uniform(-world, world)});
      if (q == 0) qs = Sector({r.uniform(-world, world), 0}, 6, r.uniform(-kPi, kPi), Real(2.2));  // a wide swing
      std::vector<std::uint32_t> got_q, want_q;
      for (ProxyHandle h : w.query_shape(qs, qf)) got_q.push_back(h.index);
      for (auto& [i, m] : model) {
        if (pass(m) && overlaps(qs, m.shape)) want_q.push_back(i);
      }
      ASSERT_EQ(got_q, want_q) << "query_shape";
      Aabb qb = bounds(random_shape(r, {r.uniform(-world, world), r.uniform(-world, world)}));
      got_q.clear();
      want_q.clear();
      for (ProxyHandle h : w.query_aabb(qb, qf)) got_q.push_back(h.index);
      for (auto& [i, m] : model) {
        if (pass(m) && overlaps(Shape(qb), m.shape)) want_q.push_back(i);
      }
      ASSERT_EQ(got_q, want_q) << "query_aabb";
      Vec2 p = bounds(model.begin()->second.shape).center();
      got_q.clear();
      want_q.clear();
      for (ProxyHandle h : w.query_point(p, qf)) got_q.push_back(h.index);
      for (auto& [i, m] : model) {
        if (pass(m) && overlaps(Shape(Point{p}), m.shape)) want_q.push_back(i);
      }
      ASSERT_EQ(got_q, want_q) << "query_point";

      // Ray casts: closest, and all hits.
      Real ang = r.uniform(-kPi, kPi);
      Ray ray{{r.uniform(-world, world), r.uniform(-world, world)}, Vec2{std::cos(ang), std::sin(ang)} * Real(3),
              r.uniform(5, 60)};
      std::map<std::uint32_t, Real> want_hits;
      for (auto& [i, m] : model) {
        RayHit h = raycast(m.shape, ray);
        if (pass(m) && h.hit) want_hits[i] = h.distance;
      }
      std::map<std::uint32_t, Real> got_hits;
      ASSERT_FALSE(w.raycast_all(ray, qf, [&](const WorldRayHit& h) {
        EXPECT_EQ(got_hits.count(h.what.proxy.index), 0u) << "hit reported twice";
        got_hits[h.what.proxy.index] = h.hit.distance;
        return ray.max_distance;
      }));
      ASSERT_EQ(got_hits, want_hits) << "raycast_all";
      auto closest = w.raycast_closest(ray, qf);
      ASSERT_EQ(closest.has_value(), !want_hits.empty());
      if (closest) {
        Real best = std::numeric_limits<Real>::infinity();
        std::uint32_t best_i = 0;
        for (auto& [i, d] : want_hits) {
          if (d < best) best = d, best_i = i;  // map order: lowest index wins ties
        }
        EXPECT_EQ(closest->what.proxy.index, best_i);
        EXPECT_EQ(closest->hit.distance, best);
      }
      int calls = 0;
      ASSERT_FALSE(w.raycast_all(ray, qf, [&](const WorldRayHit&) { return ++calls, Real(-1); }));
      EXPECT_EQ(calls, want_hits.empty() ? 0 : 1) << "a negative return stops the cast";

      // Shape cast: first hit time against brute-force sweeps of every proxy.
      Shape mover = random_shape(r, {r.uniform(-world, world), r.uniform(-world, world)});
      Vec2 tr{r.uniform(-15, 15), r.uniform(-15, 15)};
      Real want_t = 2;
      std::uint32_t want_i = kNullIndex;
      for (auto& [i, m] : model) {
        if (!pass(m)) continue;
        SweepHit h = sweep(mover, tr, m.shape, Vec2{0, 0});
        if (h.hit && h.time < want_t) want_t = h.time, want_i = i;
      }
      auto sc = w.shape_cast(mover, tr, qf);
      ASSERT_EQ(sc.has_value(), want_i != kNullIndex);
      if (sc) {
        EXPECT_EQ(sc->hit.time, want_t);
        EXPECT_EQ(sc->what.proxy.index, want_i);
      }

      // Nearest within a radius.
      Vec2 c{r.uniform(-world, world), r.uniform(-world, world)};
      Real rad = r.uniform(1, 8);
      std::vector<std::pair<Real, std::uint32_t>> want_n;
      for (auto& [i, m] : model) {
        Real d = distance(Shape(Point{c}), m.shape).distance;
        if (pass(m) && d <= rad) want_n.emplace_back(d, i);
      }
      std::sort(want_n.begin(), want_n.end());
      if (want_n.size() > 5) want_n.resize(5);
      std::vector<std::pair<Real, std::uint32_t>> got_n;
      for (auto& n : w.nearest(c, rad, 5, qf)) got_n.emplace_back(n.distance, n.what.proxy.index);
      ASSERT_EQ(got_n, want_n) << "nearest";
    }
    if (step == 60) w.rebuild_broadphase();
  }
  EXPECT_GT(checked_queries, 100);
}

TEST_P(WorldTest, BadHandlesAndInputsAreRefusedWithStateUnchanged) {
  World w(options()), other(options());
  ProxyHandle a = *w.create({Circle{{0, 0}, 1}, 7});
  ProxyHandle b = *w.create({Circle{{1, 0}, 1}, 8});
  ProxyHandle foreign = *other.create({Circle{{0, 0}, 1}});
  w.update();
  auto snapshot = [&] {
    return std::make_tuple(w.size(), w.touching_pairs(), bounds(*w.shape(a)).min, w.user_data(a), w.filter(a).mask);
  };
  auto before = snapshot();

  auto err = w.move_by(foreign, {1, 0});
  ASSERT_TRUE(err);
  EXPECT_NE(err->message.find("foreign"), std::string::npos) << err->text();
  EXPECT_TRUE(w.destroy(ProxyHandle{}));
  EXPECT_TRUE(w.set_filter(ProxyHandle{99, 1, foreign.world}, {}));
  // NaN and infinite displacements; a move out of range.
  EXPECT_TRUE(w.move_by(a, {std::nanf(""), 0}));
  EXPECT_TRUE(w.move_by(a, {0, std::numeric_limits<Real>::infinity()}));
  EXPECT_TRUE(w.move_by(a, {Real(1e30), 0}));
  // Invalid shapes.
  Invalid why;
  EXPECT_FALSE(w.create({Circle{{0, 0}, -1}}, &why));
  EXPECT_EQ(why.field, "shape.radius");
  EXPECT_FALSE(w.create({Circle{{std::nanf(""), 0}, 1}}, &why));
  EXPECT_TRUE(w.set_shape(a, Circle{{0, std::nanf("")}, 1}));
  EXPECT_TRUE(w.set_shape(a, Sector({0, 0}, 1, 0, 5)));
  EXPECT_EQ(before, snapshot());
  EXPECT_FALSE(w.update().begin.size() + w.update().end.size());

  // Stale: destroy, then every use of the handle is refused, even after the slot is reused.
  ASSERT_FALSE(w.destroy(b));
  auto stale = w.move_by(b, {1, 0});
  ASSERT_TRUE(stale);
  EXPECT_NE(stale->message.find("stale"), std::string::npos) << stale->text();
  const TouchEvents& ev = w.update();
  ASSERT_EQ(ev.end.size(), 1u);
  EXPECT_EQ(ev.end[0].b, b);
  EXPECT_EQ(ev.end[0].user_b, 8u);
  ProxyHandle c = *w.create({Circle{{5, 5}, 1}});
  EXPECT_EQ(c.index, b.index) << "slot reused";
  EXPECT_NE(c.generation, b.generation);
  EXPECT_TRUE(w.destroy(b));
  EXPECT_TRUE(w.is_valid(c));
  EXPECT_FALSE(w.shape(b));
  // Queries refuse invalid input and return nothing.
  EXPECT_TRUE(w.query_shape(Circle{{0, 0}, -2}, {}, &why).empty());
  EXPECT_EQ(why.field, "shape.radius");
  EXPECT_FALSE(w.raycast_closest(Ray{{0, 0}, {0, 0}, 1}, {}, &why));
  EXPECT_FALSE(w.shape_cast(Circle{{0, 0}, 1}, {std::nanf(""), 0}, {}, &why));
  EXPECT_EQ(why.field, "translation");
  EXPECT_TRUE(w.nearest({0, 0}, -1, 3, {}, &why).empty());
  std::vector<std::optional<WorldRayHit>> out(3);
  std::vector<Ray> rays = {Ray{{0, 0}, {1, 0}, 5}, Ray{{0, 0}, {1, 0}, -5}};
  auto be = w.batch_raycast_closest(rays, {}, out);
  ASSERT_TRUE(be);
  EXPECT_EQ(be->field.rfind("rays[1]", 0), 0u) << be->text();
  EXPECT_EQ(out.size(), 3u) << "refused batch leaves the output alone";
  ASSERT_FALSE(w.validate());
}

// move_by takes exactly the moves after which the shape is valid (the translated shape passes
// `validate` and has a finite box), near the coordinate limit too; a refused move changes
// nothing. Discs mostly (their move has a shortcut), some of every other type.
TEST_P(WorldTest, MoveByTakesExactlyTheMovesThatLeaveAValidShape) {
  World w(options());
  Rand r(5);
  const Real lim = Real(1e12);
  int taken = 0, refused = 0;
  for (int k = 0; k < 600; ++k) {
    Vec2 c{r.uniform(-10, 10), r.uniform(-10, 10)}, d{r.uniform(-1, 1), r.uniform(-1, 1)};
    if (k % 4 < 2) {  // across the limit, on either side, on either axis
      const Real edge = k % 2 ? lim : -lim;
      (k % 8 < 4 ? c.x : c.y) = edge * r.uniform(Real(0.999998), 1);
      (k % 8 < 4 ? d.x : d.y) = edge * r.uniform(Real(-2e-6), Real(4e-6));
    }
    if (k % 16 == 3) d.y = std::nanf("");
    if (k % 16 == 11) d.x = -std::numeric_limits<Real>::infinity();
    // (random_shape's polygons need room: near the limit their points would merge)
    const Shape s = k % 3 ? Shape(Circle{c, r.uniform(Real(0.2), Real(2))})
                    : k % 4 < 2 ? Shape(Box(c, {1, Real(0.5)}, Real(0.3)))
                                : random_shape(r, c);
    const auto h = w.create({s, 0, {}, false});
    if (!h) continue;
    const Shape moved = translated(s, d);
    const Aabb mb = bounds(moved);
    const bool valid = !validate(moved) && is_finite(mb.min) && is_finite(mb.max);
    const auto err = w.move_by(*h, d);
    EXPECT_EQ(!err, valid) << k;
    if (err) {
      EXPECT_EQ(err->field, "delta") << k;
    }
    const Aabb want = valid ? mb : bounds(s), got = bounds(*w.shape(*h));
    EXPECT_TRUE(got.min == want.min && got.max == want.max && w.bounds(*h).min == want.min) << k;
    ++(valid ? taken : refused);
    ASSERT_FALSE(w.destroy(*h));
    w.update();
  }
  EXPECT_GT(taken, 200);
  EXPECT_GT(refused, 100);
}

TEST_P(WorldTest, BatchesMatchSerialAnswersOnAnyRunner) {
  World w(options());
  Rand r(5);
  for (int i = 0; i < 3000; ++i) {
    w.create({random_shape(r, {r.uniform(-60, 60), r.uniform(-60, 60)}), std::uint64_t(i), Filter{1u << (i % 3)}});
  }
  w.update();
  std::vector<Ray> rays;
  std::vector<Shape> swings;
  std::vector<Vec2> moves;
  for (int i = 0; i < 700; ++i) {
    Real a = r.uniform(-kPi, kPi);
    rays.push_back(Ray{{r.uniform(-60, 60), r.uniform(-60, 60)}, {std::cos(a), std::sin(a)}, r.uniform(1, 80)});
    swings.push_back(Sector({r.uniform(-60, 60), r.uniform(-60, 60)}, r.uniform(1, 5), a, r.uniform(Real(0.2), Real(2.5))));
    moves.push_back({r.uniform(-9, 9), r.uniform(-9, 9)});
  }
  QueryFilter qf{1u | 2u};
  std::vector<std::optional<WorldRayHit>> serial_r;
  std::vector<std::vector<ProxyHandle>> serial_q;
  std::vector<std::optional<WorldCastHit>> serial_c;
  for (auto& ray : rays) serial_r.push_back(w.raycast_closest(ray, qf));
  for (auto& s : swings) serial_q.push_back(w.query_shape(s, qf));
  for (std::size_t i = 0; i < swings.size(); ++i) serial_c.push_back(w.shape_cast(swings[i], moves[i], qf));

  // A user task function that runs chunks of 7 in reverse order, and std::thread with 4.
  TaskRunner odd = [](std::size_t n, const std::function<void(std::size_t, std::size_t)>& body) {
    for (std::size_t e = n; e > 0;) {
      std::size_t b = e >= 7 ? e - 7 : 0;
      body(b, e);
      e = b;
    }
  };
  for (const TaskRunner& run : {odd, thread_runner(4), TaskRunner{}}) {
    std::vector<std::optional<WorldRayHit>> br;
    std::vector<std::vector<ProxyHandle>> bq;
    std::vector<std::optional<WorldCastHit>> bc;
    ASSERT_FALSE(w.batch_raycast_closest(rays, qf, br, run));
    ASSERT_FALSE(w.batch_query_shape(swings, qf, bq, run));
    ASSERT_FALSE(w.batch_shape_cast(swings, moves, qf, bc, run));
    ASSERT_EQ(br.size(), rays.size());
    for (std::size_t i = 0; i < rays.size(); ++i) {
      ASSERT_EQ(br[i].has_value(), serial_r[i].has_value());
      if (br[i]) {
        EXPECT_EQ(br[i]->what, serial_r[i]->what);
        EXPECT_EQ(br[i]->hit.distance, serial_r[i]->hit.distance);  // bit for bit
        EXPECT_EQ(br[i]->hit.normal, serial_r[i]->hit.normal);
      }
      ASSERT_EQ(bq[i], serial_q[i]);
      ASSERT_EQ(bc[i].has_value(), serial_c[i].has_value());
      if (bc[i]) {
        EXPECT_EQ(bc[i]->what, serial_c[i]->what);
        EXPECT_EQ(bc[i]->hit.time, serial_c[i]->hit.time);
      }
    }
  }
  // Plain const queries from several threads at once (no batch API) agree too.
  std::vector<std::vector<std::vector<ProxyHandle>>> per_thread(4);
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&, t] {
      for (auto& s : swings) per_thread[t].push_back(w.query_shape(s, qf));
    });
  }
  for (auto& th : threads) th.join();
  for (auto& res : per_thread) EXPECT_EQ(res, serial_q);
}

TEST_P(WorldTest, DestroyedProxiesEndTheirPairsAndCreationOrderIsDeterministic) {
  // Two worlds fed the same calls produce the same events, bit for bit.
  auto run = [&](std::vector<std::vector<std::pair<std::uint32_t, std::uint32_t>>>& log) {
    World w(options());
    Rand r(31);
    std::vector<ProxyHandle> hs;
    for (int i = 0; i < 400; ++i) hs.push_back(*w.create({random_shape(r, {r.uniform(-15, 15), r.uniform(-15, 15)})}));
    for (int step = 0; step < 30; ++step) {
      for (auto& h : hs) {
        if (w.is_valid(h)) w.move_by(h, {r.uniform(Real(-0.3), Real(0.3)), r.uniform(Real(-0.3), Real(0.3))});
      }
      if (step % 5 == 4) w.destroy(hs[std::size_t(r.below(int(hs.size())))]);
      const TouchEvents& ev = w.update();
      std::vector<std::pair<std::uint32_t, std::uint32_t>> s;
      for (auto& e : ev.begin) s.emplace_back(e.a.index, e.b.index);
      for (auto& e : ev.end) s.emplace_back(e.b.index, e.a.index);
      log.push_back(s);
    }
  };
  std::vector<std::vector<std::pair<std::uint32_t, std::uint32_t>>> a, b;
  run(a);
  run(b);
  EXPECT_EQ(a, b);
  std::size_t total = 0;
  for (auto& s : a) total += s.size();
  EXPECT_GT(total, 50u);
}

INSTANTIATE_TEST_SUITE_P(Kinds, WorldTest, ::testing::Values(BroadphaseKind::tree, BroadphaseKind::grid),
                         [](const auto& info) { return info.param == BroadphaseKind::tree ? "tree" : "grid"; });

}  // namespace
