// collide2d - 2D collision detection for games. MIT License.
/// @file world_bench.cpp  The collision world beside Box2D 2.4.1's broad phase and Chipmunk 7's
/// spatial indexes. Names "world/<part>/<library>/<N>":
///
/// (a) world/step: N moving circles of mixed sizes (80% radius 0.2-0.6, 20% 0.6-2.0) in a
///     square holding about one circle per 12 square units, each moving up to 0.08 units per
///     step and bouncing off the walls. Time per step = moving every proxy + finding pairs.
///     - box2d_bp: b2BroadPhase::MoveProxy for all, then UpdatePairs with a callback that
///       stores the pairs: the pairs of fat boxes with a proxy whose fat box was replaced.
///     - tree_bp / grid_bp: collide2d's DynamicTree / UniformGrid move + update_pairs, the same
///       contract and the same fattening as Box2D (margin 0.1, 4 displacements ahead, re-fit
///       when 4 margins too large).
///     - world_tree / world_grid: the whole World::update(): move_by on every handle (with
///       handle and shape validation), new pairs, the exact circle test on every pair with a
///       moved member, begin/end events sorted. More work than the broad-phase rows.
///     - cp_bbtree / cp_spacehash: Chipmunk's cpBBTree (velocity-fattened, its pair cache) and
///       cpSpaceHash (cell 2, 10 cells per object) through cpSpatialIndexReindexQuery, which
///       re-indexes and calls back every overlapping pair of boxes, every step. Debian's Chipmunk
///       is built with its debug assertions on.
/// (b) world/rays: 1,000,000 closest-hit ray casts (length 1-30, origins outside every shape)
///     against 100,000 static shapes (half circles, half rotated boxes), exact narrow phase on
///     both sides: Box2D's b2DynamicTree::RayCast with a callback calling b2CircleShape /
///     b2PolygonShape::RayCast and clipping to the hit (the b2World::RayCast closest pattern);
///     collide2d's World::raycast_closest. Trees built by insertion ("_inc"); collide2d's also
///     rebuilt by binned SAH ("_rebuilt", what a game does after loading a level). Box2D's
///     RebuildBottomUp is quadratic (it ran over 6 minutes on 100,000 proxies), so Box2D has
///     no rebuilt row. Plus a batch over std::thread (the machine has 2 shared cores).
/// (c) world/swing: 10,000 sector swings (reach 2-6, half-angle 20-135 degrees) into a crowd of
///     100,000 disks (radius 0.3-0.8, half monsters, half props with another category; the swing
///     only hits monsters). collide2d's World::query_shape (tree, grid); Box2D's tree query with
///     collide2d's exact sector-circle test in its callback; brute force sector_hits over all.

#include <benchmark/benchmark.h>
#include <box2d/box2d.h>
#ifdef BENCH_HAVE_CHIPMUNK
#include <chipmunk/chipmunk.h>
#endif

#include <algorithm>
#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include "collide2d/broadphase.hpp"
#include "collide2d/query.hpp"
#include "collide2d/world.hpp"
#include "box2d_adapt.hpp"
#include "shape_gen.hpp"
#include "world_scenes.hpp"

namespace bench {
namespace {

using namespace collide2d;

// ---------------------------------------------------------------------------------------------
// (a) moving circles

void finish_step(benchmark::State& st, std::size_t n, double pairs, double steps) {
  st.counters["N"] = double(n);
  st.counters["pairs_per_step"] = pairs / std::max(1.0, steps);
}

struct B2PairSink {
  std::vector<std::pair<void*, void*>> pairs;
  void AddPair(void* a, void* b) { pairs.emplace_back(a, b); }
};

void step_box2d(benchmark::State& st) {
  const std::size_t n = std::size_t(st.range(0));
  Crowd c = make_crowd(n);
  b2BroadPhase bp;
  std::vector<int32> ids(n);
  auto to_b2box = [&](std::size_t i) {
    Aabb b = c.box(i);
    b2AABB a;
    a.lowerBound = to_b2(b.min);
    a.upperBound = to_b2(b.max);
    return a;
  };
  for (std::size_t i = 0; i < n; ++i) ids[i] = bp.CreateProxy(to_b2box(i), reinterpret_cast<void*>(i + 1));
  B2PairSink sink;
  auto one = [&] {
    c.step();
    for (std::size_t i = 0; i < n; ++i) bp.MoveProxy(ids[i], to_b2box(i), to_b2(c.last_move[i]));
    sink.pairs.clear();
    bp.UpdatePairs(&sink);
  };
  for (int k = 0; k < kStepWarmSteps; ++k) one();
  double pairs = 0, steps = 0;
  for (auto _ : st) {
    one();
    pairs += double(sink.pairs.size());
    ++steps;
  }
  finish_step(st, n, pairs, steps);
}

const FatBoxRule kBox2dLikeRule{Real(0.1), Real(4), Real(4)};
constexpr Real kCell = 3;

void step_ours_bp(benchmark::State& st, BroadphaseKind kind) {
  const std::size_t n = std::size_t(st.range(0));
  Crowd c = make_crowd(n);
  auto bp = make_broadphase(kind, kBox2dLikeRule, kCell);
  for (std::size_t i = 0; i < n; ++i) bp->insert(std::uint32_t(i), c.box(i), false);
  std::vector<ProxyPair> pairs;
  auto one = [&] {
    c.step();
    for (std::size_t i = 0; i < n; ++i) bp->move(std::uint32_t(i), c.box(i), c.last_move[i]);
    pairs.clear();
    bp->update_pairs(pairs);
  };
  for (int k = 0; k < kStepWarmSteps; ++k) one();
  double total = 0, steps = 0;
  for (auto _ : st) {
    one();
    total += double(pairs.size());
    ++steps;
  }
  finish_step(st, n, total, steps);
}

void step_ours_world(benchmark::State& st, BroadphaseKind kind) {
  const std::size_t n = std::size_t(st.range(0));
  Crowd c = make_crowd(n);
  WorldOptions o;
  o.broadphase = kind;
  o.cell_size = kCell;
  o.fat = kBox2dLikeRule;
  World w(o);
  std::vector<ProxyHandle> hs;
  for (std::size_t i = 0; i < n; ++i) hs.push_back(*w.create({Circle{{c.x[i], c.y[i]}, c.r[i]}, i, {}, false}));
  double events = 0, steps = 0;
  auto one = [&] {
    c.step();
    for (std::size_t i = 0; i < n; ++i) w.move_by(hs[i], c.last_move[i]);
    const TouchEvents& ev = w.update();
    return double(ev.begin.size() + ev.end.size());
  };
  for (int k = 0; k < kStepWarmSteps; ++k) one();
  for (auto _ : st) {
    events += one();
    ++steps;
  }
  finish_step(st, n, double(w.touching_pairs().size()) * steps, steps);
  st.counters["events_per_step"] = events / std::max(1.0, steps);
}

#ifdef BENCH_HAVE_CHIPMUNK
struct CpCrowd {
  Crowd* c;
  std::vector<std::size_t> idx;  // object i is &idx[i]
};
CpCrowd* g_cp = nullptr;  // the bb and velocity callbacks take only the object

cpBB cp_bb(void* obj) {
  std::size_t i = *static_cast<std::size_t*>(obj);
  const Crowd& c = *g_cp->c;
  return cpBBNew(c.x[i] - c.r[i], c.y[i] - c.r[i], c.x[i] + c.r[i], c.y[i] + c.r[i]);
}
cpVect cp_velocity(void* obj) {
  std::size_t i = *static_cast<std::size_t*>(obj);
  // Per second at 60 steps per second, as a cpBody's velocity would be.
  return cpv(cpFloat(g_cp->c->vx[i]) * 60, cpFloat(g_cp->c->vy[i]) * 60);
}
cpCollisionID cp_count_pair(void*, void*, cpCollisionID id, void* data) {
  ++*static_cast<std::size_t*>(data);
  return id;
}

void step_chipmunk(benchmark::State& st, bool hash) {
  const std::size_t n = std::size_t(st.range(0));
  Crowd c = make_crowd(n);
  CpCrowd cp{&c, {}};
  cp.idx.resize(n);
  g_cp = &cp;
  cpSpatialIndex* index = hash ? cpSpaceHashNew(2, int(n * 10), cp_bb, nullptr) : cpBBTreeNew(cp_bb, nullptr);
  if (!hash) cpBBTreeSetVelocityFunc(index, cp_velocity);
  for (std::size_t i = 0; i < n; ++i) {
    cp.idx[i] = i;
    cpSpatialIndexInsert(index, &cp.idx[i], cpHashValue(i));
  }
  std::size_t count = 0;
  auto one = [&] {
    c.step();
    count = 0;
    cpSpatialIndexReindexQuery(index, cp_count_pair, &count);
  };
  for (int k = 0; k < kStepWarmSteps; ++k) one();
  double total = 0, steps = 0;
  for (auto _ : st) {
    one();
    total += double(count);
    ++steps;
  }
  finish_step(st, n, total, steps);
  cpSpatialIndexFree(index);
  g_cp = nullptr;
}
#endif

// ---------------------------------------------------------------------------------------------
// (b) rays against static shapes

struct StaticScene {
  const StaticShapes* shapes;
  std::vector<b2CircleShape> b2_circles;
  std::vector<b2PolygonShape> b2_boxes;
  std::vector<std::pair<int, std::size_t>> b2_of;  // shape i -> (0 circle / 1 box, index)
};

const StaticScene& static_scene() {
  static const StaticScene s = [] {
    StaticScene out;
    out.shapes = &static_shapes();
    for (const Shape& sh : out.shapes->shapes) {
      if (const Circle* ci = std::get_if<Circle>(&sh)) {
        out.b2_of.emplace_back(0, out.b2_circles.size());
        out.b2_circles.push_back(to_b2_shape(*ci));
      } else {
        out.b2_of.emplace_back(1, out.b2_boxes.size());
        out.b2_boxes.push_back(to_b2_shape(std::get<Box>(sh)));
      }
    }
    return out;
  }();
  return s;
}

struct B2RayClosest {
  const StaticScene* scene;
  const b2DynamicTree* tree;
  bool hit = false;
  float fraction = 1;
  float RayCastCallback(const b2RayCastInput& in, int32 proxy) {
    std::size_t i = reinterpret_cast<std::size_t>(tree->GetUserData(proxy)) - 1;
    b2RayCastOutput out;
    b2Transform xf;
    xf.SetIdentity();
    auto [kind, k] = scene->b2_of[i];
    bool h = kind == 0 ? scene->b2_circles[k].RayCast(&out, in, xf, 0) : scene->b2_boxes[k].RayCast(&out, in, xf, 0);
    if (!h) return in.maxFraction;
    hit = true;
    fraction = out.fraction;
    return out.fraction;
  }
};

void rays_box2d(benchmark::State& st, bool rebuilt) {
  const StaticScene& s = static_scene();
  b2DynamicTree tree;
  for (std::size_t i = 0; i < s.shapes->shapes.size(); ++i) {
    Aabb b = bounds(s.shapes->shapes[i]);
    b2AABB a;
    a.lowerBound = to_b2(b.min);
    a.upperBound = to_b2(b.max);
    tree.CreateProxy(a, reinterpret_cast<void*>(i + 1));
  }
  if (rebuilt) tree.RebuildBottomUp();
  double hits = 0;
  for (auto _ : st) {
    hits = 0;
    for (const Ray& r : s.shapes->rays) {
      B2RayClosest cb{&s, &tree};
      tree.RayCast(&cb, to_b2_ray(r));
      hits += cb.hit;
      benchmark::DoNotOptimize(cb.fraction);
    }
  }
  st.counters["rays"] = double(s.shapes->rays.size());
  st.counters["hits"] = hits;
  st.counters["tree_height"] = tree.GetHeight();
}

std::unique_ptr<World> static_world(BroadphaseKind kind, bool rebuilt) {
  WorldOptions o;
  o.broadphase = kind;
  o.cell_size = 4;
  auto w = std::make_unique<World>(o);
  for (const Shape& sh : static_shapes().shapes) w->create({sh, 0, {}, true});
  if (rebuilt) w->rebuild_broadphase();
  return w;
}

void rays_ours(benchmark::State& st, BroadphaseKind kind, bool rebuilt, bool batch) {
  const StaticShapes& s = static_shapes();
  auto w = static_world(kind, rebuilt);
  double hits = 0;
  std::vector<std::optional<WorldRayHit>> out;
  for (auto _ : st) {
    hits = 0;
    if (batch) {
      w->batch_raycast_closest(s.rays, {}, out);
      for (auto& h : out) hits += h.has_value();
    } else {
      for (const Ray& r : s.rays) {
        auto h = w->raycast_closest(r);
        hits += h.has_value();
        benchmark::DoNotOptimize(h);
      }
    }
  }
  st.counters["rays"] = double(s.rays.size());
  st.counters["hits"] = hits;
  if (kind == BroadphaseKind::tree) {
    st.counters["tree_height"] = static_cast<const DynamicTree&>(w->broadphase()).height();
  }
}

// ---------------------------------------------------------------------------------------------
// (c) sector swings into a crowd

constexpr std::size_t kMonsters = 100'000;
constexpr std::size_t kSwings = 10'000;
constexpr std::uint32_t kMonsterBit = 2, kPropBit = 4;

struct SwingScene {
  std::vector<Circle> disks;
  std::vector<std::uint32_t> category;
  std::vector<Sector> swings;
  std::vector<Real> xs, ys, rs;  // monsters only, for the brute force
  std::vector<std::uint32_t> monster_index;
};

const SwingScene& swing_scene() {
  static const SwingScene s = [] {
    SwingScene out;
    Rng rng(seed_of("world/swing"));
    Real side = std::sqrt(Real(kMonsters) * 6);
    for (std::size_t i = 0; i < kMonsters; ++i) {
      Circle c{{rng.uniform(0, side), rng.uniform(0, side)}, rng.uniform(Real(0.3), Real(0.8))};
      out.disks.push_back(c);
      std::uint32_t cat = i % 2 ? kPropBit : kMonsterBit;
      out.category.push_back(cat);
      if (cat == kMonsterBit) {
        out.xs.push_back(c.center.x);
        out.ys.push_back(c.center.y);
        out.rs.push_back(c.radius);
        out.monster_index.push_back(std::uint32_t(i));
      }
    }
    for (std::size_t k = 0; k < kSwings; ++k) {
      out.swings.emplace_back(Vec2{rng.uniform(0, side), rng.uniform(0, side)}, rng.uniform(2, 6), rng.angle(),
                              rng.uniform(Real(0.35), Real(2.36)));
    }
    return out;
  }();
  return s;
}

void swing_ours(benchmark::State& st, BroadphaseKind kind) {
  const SwingScene& s = swing_scene();
  WorldOptions o;
  o.broadphase = kind;
  o.cell_size = 3;
  World w(o);
  for (std::size_t i = 0; i < s.disks.size(); ++i) w.create({s.disks[i], i, Filter{s.category[i]}});
  w.update();
  double hits = 0;
  std::vector<ProxyHandle> buf;
  for (auto _ : st) {
    hits = 0;
    for (const Sector& sw : s.swings) {
      buf.clear();
      w.for_each_overlap(sw, QueryFilter{kMonsterBit}, [&](ProxyHandle h) {
        buf.push_back(h);
        return true;
      });
      hits += double(buf.size());
    }
  }
  st.counters["swings"] = double(s.swings.size());
  st.counters["hits"] = hits;
}

struct B2SwingQuery {
  const SwingScene* s;
  const b2DynamicTree* tree;
  const Sector* swing;
  std::vector<std::uint32_t>* out;
  bool QueryCallback(int32 proxy) {
    std::size_t i = reinterpret_cast<std::size_t>(tree->GetUserData(proxy)) - 1;
    if (s->category[i] == kMonsterBit && overlaps(*swing, s->disks[i])) out->push_back(std::uint32_t(i));
    return true;
  }
};

void swing_box2d(benchmark::State& st) {
  const SwingScene& s = swing_scene();
  b2DynamicTree tree;
  for (std::size_t i = 0; i < s.disks.size(); ++i) {
    Aabb b = bounds(s.disks[i]);
    b2AABB a;
    a.lowerBound = to_b2(b.min);
    a.upperBound = to_b2(b.max);
    tree.CreateProxy(a, reinterpret_cast<void*>(i + 1));
  }
  double hits = 0;
  std::vector<std::uint32_t> buf;
  for (auto _ : st) {
    hits = 0;
    for (const Sector& sw : s.swings) {
      buf.clear();
      B2SwingQuery q{&s, &tree, &sw, &buf};
      Aabb b = bounds(sw);
      b2AABB a;
      a.lowerBound = to_b2(b.min);
      a.upperBound = to_b2(b.max);
      tree.Query(&q, a);
      hits += double(buf.size());
    }
  }
  st.counters["swings"] = double(s.swings.size());
  st.counters["hits"] = hits;
}

void swing_brute(benchmark::State& st) {
  const SwingScene& s = swing_scene();
  // Every monster, every swing: 100 swings per iteration, scaled to the same count.
  constexpr std::size_t kSome = 100;
  double hits = 0;
  std::vector<std::uint32_t> buf;
  for (auto _ : st) {
    hits = 0;
    for (std::size_t k = 0; k < kSome; ++k) {
      buf.clear();
      hits += double(sector_hits(s.swings[k], s.xs, s.ys, s.rs, buf));
    }
  }
  st.counters["swings"] = double(kSome);
  st.counters["hits"] = hits;
}

// ---------------------------------------------------------------------------------------------
// (d) batch queries on 1 and 2 threads (thread_runner), wall-clock: the same answers as the
//     single queries, the work split in chunks over the threads.

enum class BatchKind { rays, swings, casts };

void batch_ours(benchmark::State& st, BatchKind kind, unsigned threads) {
  const TaskRunner run = thread_runner(threads);
  double hits = 0, queries = 0;
  if (kind == BatchKind::swings) {
    const SwingScene& s = swing_scene();
    World w;
    for (std::size_t i = 0; i < s.disks.size(); ++i) w.create({s.disks[i], i, Filter{s.category[i]}});
    w.update();
    const std::vector<Shape> swings(s.swings.begin(), s.swings.end());
    std::vector<std::vector<ProxyHandle>> out;
    for (auto _ : st) {
      w.batch_query_shape(swings, QueryFilter{kMonsterBit}, out, run);
      hits = 0;
      for (const auto& o : out) hits += double(o.size());
    }
    queries = double(swings.size());
  } else {
    const StaticShapes& s = static_shapes();
    auto w = static_world(BroadphaseKind::tree, true);
    if (kind == BatchKind::rays) {
      std::vector<std::optional<WorldRayHit>> out;
      for (auto _ : st) {
        w->batch_raycast_closest(s.rays, {}, out, run);
        hits = 0;
        for (const auto& h : out) hits += h.has_value();
      }
      queries = double(s.rays.size());
    } else {
      // A disk of radius 0.25 from the first 100,000 rays' origins along their length.
      std::vector<Shape> shapes;
      std::vector<Vec2> moves;
      for (std::size_t i = 0; i < 100'000; ++i) {
        const Ray& r = s.rays[i];
        shapes.push_back(Circle{r.origin, Real(0.25)});
        moves.push_back(r.direction * r.max_distance);
      }
      std::vector<std::optional<WorldCastHit>> out;
      for (auto _ : st) {
        w->batch_shape_cast(shapes, moves, {}, out, run);
        hits = 0;
        for (const auto& h : out) hits += h.has_value();
      }
      queries = double(shapes.size());
    }
  }
  st.counters["queries"] = queries;
  st.counters["hits"] = hits;
  st.counters["threads"] = threads;
}

const bool registered = [] {
  const std::vector<std::int64_t> sizes = {1000, 3000, 10000, 30000, 100000};
  auto add = [&](const std::string& name, auto fn) {  // one registration per size: its own steps
    for (auto n : sizes)
      benchmark::RegisterBenchmark(name.c_str(), fn)->Arg(n)->Unit(benchmark::kMicrosecond)->Iterations(
          step_iterations(std::size_t(n)));
  };
  add("world/step/box2d_bp", step_box2d);
  add("world/step/tree_bp", [](benchmark::State& st) { step_ours_bp(st, BroadphaseKind::tree); });
  add("world/step/grid_bp", [](benchmark::State& st) { step_ours_bp(st, BroadphaseKind::grid); });
  add("world/step/world_tree", [](benchmark::State& st) { step_ours_world(st, BroadphaseKind::tree); });
  add("world/step/world_grid", [](benchmark::State& st) { step_ours_world(st, BroadphaseKind::grid); });
#ifdef BENCH_HAVE_CHIPMUNK
  add("world/step/cp_bbtree", [](benchmark::State& st) { step_chipmunk(st, false); });
  add("world/step/cp_spacehash", [](benchmark::State& st) { step_chipmunk(st, true); });
#endif
  auto once = [](const std::string& name, auto fn) {
    benchmark::RegisterBenchmark(name.c_str(), fn)->Unit(benchmark::kMillisecond)->Iterations(1);
  };
  once("world/rays/box2d_inc", [](benchmark::State& st) { rays_box2d(st, false); });
  once("world/rays/tree_inc", [](benchmark::State& st) { rays_ours(st, BroadphaseKind::tree, false, false); });
  once("world/rays/tree_rebuilt", [](benchmark::State& st) { rays_ours(st, BroadphaseKind::tree, true, false); });
  once("world/rays/grid", [](benchmark::State& st) { rays_ours(st, BroadphaseKind::grid, false, false); });
  once("world/rays/tree_rebuilt_batch_threads", [](benchmark::State& st) { rays_ours(st, BroadphaseKind::tree, true, true); });
  once("world/swing/tree", [](benchmark::State& st) { swing_ours(st, BroadphaseKind::tree); });
  once("world/swing/grid", [](benchmark::State& st) { swing_ours(st, BroadphaseKind::grid); });
  once("world/swing/box2d_tree_exact", swing_box2d);
  once("world/swing/brute_force_100", swing_brute);
  for (unsigned t : {1u, 2u})
    for (auto [name, kind] : {std::pair{"rays", BatchKind::rays}, std::pair{"swings", BatchKind::swings},
                              std::pair{"casts", BatchKind::casts}})
      benchmark::RegisterBenchmark(("world/batch/" + std::string(name) + "/" + std::to_string(t)).c_str(),
                                   [kind = kind, t](benchmark::State& st) { batch_ours(st, kind, t); })
          ->Unit(benchmark::kMillisecond)
          ->UseRealTime()
          ->Iterations(3);
  return true;
}();

}  // namespace
}  // namespace bench
