// collide2d - 2D collision detection for games. MIT License.
/// @file sweep_bench3.cpp  Box2D v3 on the sweep pools of sweep_bench.cpp (same seeds, same
/// cases; sweep_cases.hpp):
///  - "sweep/box2d3/<a>/<b>": b2ShapeCast, b (still) as shape A, a as shape B translated by a's
///    displacement (the relative motion; no encroaching);
///  - "sweep_rotating/box2d3/<a>/<b>": b2TimeOfImpact, a's body origin at its rotation centre
///    (localCenter 0, c1 = the centre, c2 = c1 + displacement, q1 = identity, q2 = the turn). v3
///    interpolates the rotation by normalised lerp of q1 and q2, not at a constant rate, so for
///    turns up to 3 radians the path is the same set of poses in a different timing; hit or miss
///    agree up to that and to v3's target separation (linear slop).

#include <benchmark/benchmark.h>

#include <memory>
#include <string>
#include <vector>

#include "../sweep_cases.hpp"
#include "adapt3.hpp"

namespace bench::v3 {
namespace {

template <class S>
S shifted(const S& s, Vec2 d) {
  return std::get<S>(collide2d::translated(collide2d::Shape(s), d));
}

template <class Cases, class Query>
void cycle(benchmark::State& st, const Cases& cases, Query&& query) {
  std::size_t i = 0;
  for (auto _ : st) {
    query(cases[i]);
    i = (i + 1) & (kPoolSize - 1);
  }
  st.SetItemsProcessed(st.iterations());
}

struct Pools {
  std::vector<b2ShapeCastPairInput> cast;
  std::vector<b2TOIInput> toi;
  double hit_frac = 0;
};

template <class KA, class KB>
void register_sweep3(bool rotating) {
  using A = typename KA::Type;
  using B = typename KB::Type;
  if constexpr (HasBox2d3<A> && HasBox2d3<B>) {
    const std::string pair = std::string(KA::name) + "/" + std::string(KB::name);
    const std::string query = rotating ? "sweep_rotating" : "sweep";
    auto pools = std::make_shared<Pools>();
    const std::string name = query + "/" + pair;
    auto build = [name, rotating](Pools& p) {
      if (!p.cast.empty() || !p.toi.empty()) return;
      std::size_t hits = 0;
      for (const auto& c : make_sweep_cases<KA, KB>(name, rotating)) {
        if (!rotating) {
          b2ShapeCastPairInput in = {};
          in.proxyA = proxy_of(to_b3_shape(c.b));
          in.proxyB = proxy_of(to_b3_shape(c.a));
          in.transform = b2Transform_identity;
          in.translationB = to_b3(c.va);
          in.maxFraction = 1.0f;
          in.canEncroach = false;
          hits += b2ShapeCast(&in).hit;
          p.cast.push_back(in);
        } else {
          b2TOIInput in = {};
          in.proxyA = proxy_of(to_b3_shape(shifted(c.a, -c.pivot)));
          in.proxyB = proxy_of(to_b3_shape(c.b));
          in.sweepA.localCenter = b2Vec2{0, 0};
          in.sweepA.c1 = to_b3(c.pivot);
          in.sweepA.c2 = to_b3(c.pivot + c.va);
          in.sweepA.q1 = b2Rot_identity;
          in.sweepA.q2 = b2MakeRot(float(c.wa));
          in.sweepB.localCenter = b2Vec2{0, 0};
          in.sweepB.c1 = in.sweepB.c2 = b2Vec2{0, 0};
          in.sweepB.q1 = in.sweepB.q2 = b2Rot_identity;
          in.maxFraction = 1.0f;
          hits += b2TimeOfImpact(&in).state == b2_toiStateHit;
          p.toi.push_back(in);
        }
      }
      p.hit_frac = double(hits) / double(kPoolSize);
    };
    benchmark::RegisterBenchmark((query + "/box2d3/" + pair).c_str(),
                                 [pools, build, rotating](benchmark::State& st) {
                                   build(*pools);
                                   if (rotating) {
                                     cycle(st, pools->toi, [](const b2TOIInput& in) {
                                       b2TOIOutput out = b2TimeOfImpact(&in);
                                       benchmark::DoNotOptimize(out);
                                     });
                                   } else {
                                     cycle(st, pools->cast, [](const b2ShapeCastPairInput& in) {
                                       b2CastOutput out = b2ShapeCast(&in);
                                       benchmark::DoNotOptimize(out);
                                     });
                                   }
                                   st.counters["hit_frac"] = pools->hit_frac;
                                 });
  }
}

}  // namespace

/// Registers Box2D v3's shape casts and times of impact.
void register_sweep_benchmarks_box2d3() {
  for (bool rotating : {false, true}) {
    for_each_kind([rotating](auto ka) {
      for_each_kind([rotating](auto kb) { register_sweep3<decltype(ka), decltype(kb)>(rotating); });
    });
  }
}

}  // namespace bench::v3
