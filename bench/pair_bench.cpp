// collide2d - 2D collision detection for games. MIT License.
/// @file pair_bench.cpp  ns per pair query (overlaps, distance, contact) for every ordered pair
/// of shape kinds, and ns per ray cast per kind; Box2D 2.4.1 beside them where it has the pair.
///
/// Names: "<query>/<library>/<kind a>/<kind b>" and "raycast/<library>/<kind>". Each benchmark
/// walks a pool of 1024 pre-generated cases (half overlapping or hitting where possible), one
/// query per iteration, so the time per iteration is the time per query.

#include <benchmark/benchmark.h>

#include <memory>
#include <string>
#include <utility>

#include "bench_registry.hpp"
#include "box2d_adapt.hpp"
#include "shape_gen.hpp"

namespace bench {
namespace {

/// Box2D copies of a pool's pairs; empty when either type has no Box2D shape.
template <class A, class B>
struct B2Pairs {};
template <class A, class B>
  requires(HasBox2d<A> && HasBox2d<B>)
struct B2Pairs<A, B> {
  std::vector<std::pair<B2ShapeOf<A>, B2ShapeOf<B>>> v;
};

/// The pairs of one ordered kind pair, built on first use (so filtered runs start fast).
template <class KA, class KB>
struct PairPool {
  using A = typename KA::Type;
  using B = typename KB::Type;
  static constexpr bool kHasBox2d = HasBox2d<A> && HasBox2d<B>;
  std::string name;
  std::vector<Pair<A, B>> pairs;
  B2Pairs<A, B> b2;
  std::size_t overlapping = 0;

  void build() {
    if (!pairs.empty()) return;
    pairs = make_pairs<KA, KB>(seed_of(name), &overlapping);
    if constexpr (kHasBox2d) {
      b2.v.reserve(pairs.size());
      for (const auto& p : pairs) b2.v.emplace_back(to_b2_shape(p.a), to_b2_shape(p.b));
    }
  }
  double overlap_fraction() const { return double(overlapping) / double(kPoolSize); }
};

/// Runs `query` on the pool's cases, one per iteration, cycling through the pool.
template <class Cases, class Query>
void cycle(benchmark::State& st, const Cases& cases, Query&& query) {
  std::size_t i = 0;
  for (auto _ : st) {
    query(cases[i]);
    i = (i + 1) & (kPoolSize - 1);
  }
}

template <class KA, class KB>
void register_pair() {
  auto pool = std::make_shared<PairPool<KA, KB>>();
  const std::string pair = std::string(KA::name) + "/" + std::string(KB::name);
  pool->name = pair;
  using P = PairPool<KA, KB>;
  auto add = [&](const std::string& name, auto fn) {
    benchmark::RegisterBenchmark(name.c_str(), [pool, fn](benchmark::State& st) {
      pool->build();
      fn(st, *pool);
      st.counters["overlap_frac"] = pool->overlap_fraction();
    });
  };

  // Neighbours in time: each collide2d figure is followed by Box2D's for the same pairs.
  add("overlaps/collide2d/" + pair, [](benchmark::State& st, P& p) {
    cycle(st, p.pairs, [](const auto& c) {
      bool r = collide2d::overlaps(c.a, c.b);
      benchmark::DoNotOptimize(r);
    });
  });
  if constexpr (P::kHasBox2d) {
    add("overlaps/box2d/" + pair, [](benchmark::State& st, P& p) {
      b2Transform xf;
      xf.SetIdentity();
      cycle(st, p.b2.v, [&xf](const auto& c) {
        bool r = b2TestOverlap(&c.first, 0, &c.second, 0, xf, xf);
        benchmark::DoNotOptimize(r);
      });
    });
  }

  add("distance/collide2d/" + pair, [](benchmark::State& st, P& p) {
    cycle(st, p.pairs, [](const auto& c) {
      collide2d::DistanceResult r = collide2d::distance(c.a, c.b);
      benchmark::DoNotOptimize(r);
    });
  });
  if constexpr (P::kHasBox2d) {
    add("distance/box2d/" + pair, [](benchmark::State& st, P& p) {
      b2Transform xf;
      xf.SetIdentity();
      cycle(st, p.b2.v, [&xf](const auto& c) {
        b2DistanceInput in;
        in.proxyA.Set(&c.first, 0);
        in.proxyB.Set(&c.second, 0);
        in.transformA = xf;
        in.transformB = xf;
        in.useRadii = true;
        b2SimplexCache cache;
        cache.count = 0;
        b2DistanceOutput out;
        b2Distance(&out, &cache, &in);
        benchmark::DoNotOptimize(out);
      });
    });
  }

  add("contact/collide2d/" + pair, [](benchmark::State& st, P& p) {
    cycle(st, p.pairs, [](const auto& c) {
      collide2d::Manifold m = collide2d::contact(c.a, c.b);
      benchmark::DoNotOptimize(m);
    });
  });
  if constexpr (P::kHasBox2d) {
    using BA = B2ShapeOf<typename P::A>;
    using BB = B2ShapeOf<typename P::B>;
    if constexpr (HasB2Manifold<BA, BB>) {
      add("contact/box2d/" + pair, [](benchmark::State& st, P& p) {
        b2Transform xf;
        xf.SetIdentity();
        cycle(st, p.b2.v, [&xf](const auto& c) {
          b2Manifold m;
          b2_manifold(&m, c.first, c.second, xf);
          benchmark::DoNotOptimize(m);
        });
      });
    }
  }
}

/// The rays of one kind, built on first use.
template <class K>
struct RayPool {
  using S = typename K::Type;
  std::vector<RayCase<S>> cases;
  std::vector<b2RayCastInput> b2_rays;
  std::size_t hitting = 0;
  void build() {
    if (!cases.empty()) return;
    cases = make_rays<K>(seed_of("raycast/" + std::string(K::name)), &hitting);
    for (const auto& c : cases) b2_rays.push_back(to_b2_ray(c.ray));
  }
};

template <class K>
void register_ray() {
  auto pool = std::make_shared<RayPool<K>>();
  using S = typename K::Type;
  const std::string kind(K::name);
  benchmark::RegisterBenchmark(("raycast/collide2d/" + kind).c_str(), [pool](benchmark::State& st) {
    pool->build();
    cycle(st, pool->cases, [](const auto& c) {
      collide2d::RayHit h = collide2d::raycast(c.shape, c.ray);
      benchmark::DoNotOptimize(h);
    });
    st.counters["hit_frac"] = double(pool->hitting) / double(kPoolSize);
  });
  if constexpr (HasBox2d<S>) {
    // Box2D has a ray cast for its AABB type too: use it for aabb rather than a polygon.
    benchmark::RegisterBenchmark(("raycast/box2d/" + kind).c_str(), [pool](benchmark::State& st) {
      pool->build();
      struct Case {
        std::conditional_t<std::same_as<S, collide2d::Aabb>, b2AABB, B2ShapeOf<S>> shape;
        b2RayCastInput in;
      };
      std::vector<Case> cases;
      for (std::size_t i = 0; i < pool->cases.size(); ++i) {
        Case c;
        if constexpr (std::same_as<S, collide2d::Aabb>) {
          c.shape.lowerBound = to_b2(pool->cases[i].shape.min);
          c.shape.upperBound = to_b2(pool->cases[i].shape.max);
        } else {
          c.shape = to_b2_shape(pool->cases[i].shape);
        }
        c.in = pool->b2_rays[i];
        cases.push_back(c);
      }
      b2Transform xf;
      xf.SetIdentity();
      cycle(st, cases, [&xf](const Case& c) {
        b2RayCastOutput out;
        bool hit;
        if constexpr (std::same_as<S, collide2d::Aabb>) {
          hit = c.shape.RayCast(&out, c.in);
        } else {
          hit = c.shape.RayCast(&out, c.in, xf, 0);
        }
        benchmark::DoNotOptimize(hit);
        benchmark::DoNotOptimize(out);
      });
      st.counters["hit_frac"] = double(pool->hitting) / double(kPoolSize);
    });
  }
}

}  // namespace

void register_pair_benchmarks() {
  for_each_kind([](auto ka) {
    for_each_kind([](auto kb) { register_pair<decltype(ka), decltype(kb)>(); });
  });
  for_each_kind([](auto k) { register_ray<decltype(k)>(); });
}

}  // namespace bench
