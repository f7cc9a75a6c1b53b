// collide2d - 2D collision detection for games. MIT License.
/// @file pair_bench3.cpp  Box2D v3 on the pair and ray pools of pair_bench.cpp (same seeds, so
/// the same geometry): "<overlaps|distance|contact>/box2d3/<a>/<b>" and "raycast/box2d3/<kind>".
///  - overlaps: b2ShapeDistance < 10 * FLT_EPSILON (v3 has no shape-shape overlap test; the
///    same rule as Box2D 2.4.1's b2TestOverlap), proxies built beforehand;
///  - distance: b2ShapeDistance, radii used, empty simplex cache, proxies built beforehand;
///  - contact: b2Collide* in v3's argument order (a local manifold, B in A's frame);
///  - raycast: b2RayCastCircle / Capsule / Segment (two-sided) / Polygon (aabb and box are
///    polygons: v3 has no public AABB ray cast).

#include <benchmark/benchmark.h>

#include <cfloat>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "../shape_gen.hpp"
#include "adapt3.hpp"

namespace bench::v3 {
namespace {

template <class Cases, class Query>
void cycle(benchmark::State& st, const Cases& cases, Query&& query) {
  std::size_t i = 0;
  for (auto _ : st) {
    query(cases[i]);
    i = (i + 1) & (kPoolSize - 1);
  }
}

template <class A, class B>
struct Pool3 {
  std::string name;
  std::vector<std::pair<A, B>> v;
  std::vector<std::pair<b2ShapeProxy, b2ShapeProxy>> proxies;
  std::size_t overlapping = 0;
};

template <class KA, class KB>
void register_pair3() {
  using A = typename KA::Type;
  using B = typename KB::Type;
  if constexpr (HasBox2d3<A> && HasBox2d3<B>) {
    using BA = B3ShapeOf<A>;
    using BB = B3ShapeOf<B>;
    using P = Pool3<BA, BB>;
    auto pool = std::make_shared<P>();
    const std::string pair = std::string(KA::name) + "/" + std::string(KB::name);
    pool->name = pair;
    auto build = [](P& p) {
      if (!p.v.empty()) return;
      for (const auto& c : make_pairs<KA, KB>(seed_of(p.name), &p.overlapping)) {
        p.v.emplace_back(to_b3_shape(c.a), to_b3_shape(c.b));
        p.proxies.emplace_back(proxy_of(p.v.back().first), proxy_of(p.v.back().second));
      }
    };
    auto add = [&](const std::string& name, auto fn) {
      benchmark::RegisterBenchmark(name.c_str(), [pool, fn, build](benchmark::State& st) {
        build(*pool);
        fn(st, *pool);
        st.counters["overlap_frac"] = double(pool->overlapping) / double(kPoolSize);
      });
    };
    auto gjk = [](const std::pair<b2ShapeProxy, b2ShapeProxy>& c) {
      b2DistanceInput in;
      in.proxyA = c.first;
      in.proxyB = c.second;
      in.transform = b2Transform_identity;
      in.useRadii = true;
      b2SimplexCache cache = {};
      return b2ShapeDistance(&in, &cache, nullptr, 0);
    };
    add("overlaps/box2d3/" + pair, [gjk](benchmark::State& st, P& p) {
      cycle(st, p.proxies, [&](const auto& c) {
        bool r = gjk(c).distance < 10.0f * FLT_EPSILON;
        benchmark::DoNotOptimize(r);
      });
    });
    add("distance/box2d3/" + pair, [gjk](benchmark::State& st, P& p) {
      cycle(st, p.proxies, [&](const auto& c) {
        b2DistanceOutput out = gjk(c);
        benchmark::DoNotOptimize(out);
      });
    });
    if constexpr (HasB3Manifold<BA, BB>) {
      add("contact/box2d3/" + pair, [](benchmark::State& st, P& p) {
        cycle(st, p.v, [](const auto& c) {
          b2LocalManifold m = b3_manifold(c.first, c.second);
          benchmark::DoNotOptimize(m);
        });
      });
    }
  }
}

template <class K>
void register_ray3() {
  using S = typename K::Type;
  if constexpr (HasBox2d3<S>) {
    struct Case {
      B3ShapeOf<S> shape;
      b2RayCastInput in;
    };
    auto cases = std::make_shared<std::vector<Case>>();
    auto hitting = std::make_shared<std::size_t>(0);
    const std::string kind(K::name);
    benchmark::RegisterBenchmark(("raycast/box2d3/" + kind).c_str(),
                                 [cases, hitting, kind](benchmark::State& st) {
                                   if (cases->empty())
                                     for (const auto& c : make_rays<K>(seed_of("raycast/" + kind), hitting.get()))
                                       cases->push_back({to_b3_shape(c.shape), to_b3_ray(c.ray)});
                                   cycle(st, *cases, [](const Case& c) {
                                     b2CastOutput out = b3_raycast(c.shape, c.in);
                                     benchmark::DoNotOptimize(out);
                                   });
                                   st.counters["hit_frac"] = double(*hitting) / double(kPoolSize);
                                 });
  }
}

}  // namespace

/// Registers Box2D v3's pair and ray benchmarks.
void register_pair_benchmarks_box2d3() {
  for_each_kind([](auto ka) {
    for_each_kind([](auto kb) { register_pair3<decltype(ka), decltype(kb)>(); });
  });
  for_each_kind([](auto k) { register_ray3<decltype(k)>(); });
}

}  // namespace bench::v3
