// collide2d - 2D collision detection for games. MIT License.
/// @file sweep_bench.cpp  Sweeps (time of impact) per second for every ordered pair of shape
/// kinds, translational (`sweep`) and rotating (`sweep_rotating`), with Box2D 2.4.1's
/// `b2TimeOfImpact` beside them on the pairs it has (circle, aabb/box/polygon as polygons,
/// segment as an edge), doing the same motions.
///
/// Names: "sweep/<library>/<kind a>/<kind b>" and "sweep_rotating/<library>/<kind a>/<kind b>".
/// Each benchmark walks a pool of 1024 pre-generated cases, one sweep per iteration: a at
/// random, b 1.6-3.2 away and not touching it; a moves towards b's side by 0.2-1.2 times the
/// distance between them plus a sideways jitter (b is still); in the rotating pools a also
/// turns by up to 3 radians either way about its rotation centre (`rotation_center`). Counters:
/// `hit_frac`, the fraction of the pool that hits; for Box2D `failed_frac` (e_failed) and
/// `agree_frac`, the fraction where Box2D and collide2d agree on hit or miss, and
/// `missed_frac`, the fraction where Box2D reports no contact (e_separated) but the shapes,
/// posed at 64 times over the step, overlap deeper than 3 b2_linearSlop (a missed contact).
///
/// The motions are the same in both libraries: Box2D's body origin is put at a's rotation
/// centre (localCenter 0, c0 = the centre, c = c0 + velocity, a0 = 0, a = the angle turned),
/// with a's shape built relative to it. The two do not stop at the same gap: Box2D's
/// b2TimeOfImpact stops at a target separation of b2_linearSlop (0.005) +- a quarter of it
/// (polygons with zero skin) or 3 slops inside the sum of the radii (circles), collide2d at a
/// gap of at most kSweepRelTol (1e-5 in float) times the size.

#include <benchmark/benchmark.h>
#include <box2d/b2_time_of_impact.h>

#include <memory>
#include <string>
#include <type_traits>
#include <vector>

#include "box2d_adapt.hpp"
#include "collide2d/sweep.hpp"
#include "shape_gen.hpp"
#include "sweep_cases.hpp"

namespace bench {
namespace {

using collide2d::Shape;

template <class S>
S shifted(const S& s, Vec2 d) {
  return std::get<S>(collide2d::translated(Shape(s), d));
}

/// Box2D's copy of a pool: shapes (a relative to its pivot, b in world coordinates), proxies
/// and sweeps. Empty when either type has no Box2D shape.
template <class A, class B>
struct B2Cases {};
template <class A, class B>
  requires(HasBox2d<A> && HasBox2d<B>)
struct B2Cases<A, B> {
  std::vector<B2ShapeOf<A>> sa;
  std::vector<B2ShapeOf<B>> sb;
  std::vector<b2TOIInput> in;
};

template <class KA, class KB, bool kRotating>
struct SweepPool {
  using A = typename KA::Type;
  using B = typename KB::Type;
  static constexpr bool kHasBox2d = HasBox2d<A> && HasBox2d<B>;
  std::string name;
  std::vector<SweepCase<A, B>> cases;
  std::vector<Shape> shape_a, shape_b;  // the rotating sweep takes `Shape`s
  B2Cases<A, B> b2;
  double hit_frac = 0, b2_hit_frac = 0, b2_failed_frac = 0, agree_frac = 0, b2_missed_frac = 0;

  void build() {
    if (!cases.empty()) return;
    cases = make_sweep_cases<KA, KB>(name, kRotating);
    std::vector<bool> ours(kPoolSize);
    std::size_t hits = 0;
    for (std::size_t i = 0; i < kPoolSize; ++i) {
      const auto& c = cases[i];
      collide2d::SweepHit h;
      if constexpr (kRotating) {
        shape_a.emplace_back(c.a);
        shape_b.emplace_back(c.b);
        h = *collide2d::sweep_rotating(shape_a.back(), {c.va, c.wa, {}}, shape_b.back(), {});
      } else {
        h = collide2d::sweep(c.a, c.va, c.b, Vec2{0, 0});
      }
      ours[i] = h.hit && !h.initially_overlapping;
      hits += ours[i];
    }
    hit_frac = double(hits) / kPoolSize;
    if constexpr (kHasBox2d) {
      b2.sa.reserve(kPoolSize);
      b2.sb.reserve(kPoolSize);
      for (const auto& c : cases) {
        b2.sa.push_back(to_b2_shape(shifted(c.a, -c.pivot)));
        b2.sb.push_back(to_b2_shape(c.b));
      }
      std::size_t b2_hits = 0, failed = 0, agree = 0, missed = 0;
      for (std::size_t i = 0; i < kPoolSize; ++i) {
        const auto& c = cases[i];
        b2TOIInput in;
        in.proxyA.Set(&b2.sa[i], 0);
        in.proxyB.Set(&b2.sb[i], 0);
        in.sweepA.localCenter.SetZero();
        in.sweepA.c0 = to_b2(c.pivot);
        in.sweepA.c = to_b2(c.pivot + c.va);
        in.sweepA.a0 = 0;
        in.sweepA.a = float(c.wa);
        in.sweepA.alpha0 = 0;
        in.sweepB.localCenter.SetZero();
        in.sweepB.c0.SetZero();
        in.sweepB.c.SetZero();
        in.sweepB.a0 = in.sweepB.a = in.sweepB.alpha0 = 0;
        in.tMax = 1;
        b2.in.push_back(in);
        b2TOIOutput out;
        b2TimeOfImpact(&out, &in);
        const bool hit = out.state == b2TOIOutput::e_touching;
        b2_hits += hit;
        failed += out.state == b2TOIOutput::e_failed;
        agree += hit == ours[i];
        // Box2D says they stay apart, collide2d finds a contact: do they really overlap
        // deeper than Box2D's slop later in the step? (the shapes posed at 64 times)
        if (!hit && ours[i] && out.state == b2TOIOutput::e_separated) {
          const Shape sa = Shape(c.a), sb = Shape(c.b);
          const collide2d::RigidMotion m{c.va, c.wa, {}};
          for (int k = 0; k <= 64; ++k) {
            const collide2d::Manifold mf = collide2d::contact(collide2d::moved_shape(sa, m, Real(k) / 64), sb);
            if (mf.touching && mf.depth > 3 * b2_linearSlop) {
              ++missed;
              break;
            }
          }
        }
      }
      b2_missed_frac = double(missed) / kPoolSize;
      b2_hit_frac = double(b2_hits) / kPoolSize;
      b2_failed_frac = double(failed) / kPoolSize;
      agree_frac = double(agree) / kPoolSize;
    }
  }
};

template <class Cases, class Query>
void cycle(benchmark::State& st, const Cases& cases, Query&& query) {
  std::size_t i = 0;
  for (auto _ : st) {
    query(cases[i], i);
    i = (i + 1) & (kPoolSize - 1);
  }
  st.SetItemsProcessed(st.iterations());
}

template <class KA, class KB, bool kRotating>
void register_sweep_pair() {
  using P = SweepPool<KA, KB, kRotating>;
  auto pool = std::make_shared<P>();
  const std::string pair = std::string(KA::name) + "/" + std::string(KB::name);
  const std::string query = kRotating ? "sweep_rotating" : "sweep";
  pool->name = query + "/" + pair;
  benchmark::RegisterBenchmark((query + "/collide2d/" + pair).c_str(), [pool](benchmark::State& st) {
    pool->build();
    if constexpr (kRotating) {
      cycle(st, pool->cases, [&](const auto& c, std::size_t i) {
        auto h = collide2d::sweep_rotating(pool->shape_a[i], {c.va, c.wa, {}}, pool->shape_b[i], {});
        benchmark::DoNotOptimize(h);
      });
    } else {
      cycle(st, pool->cases, [](const auto& c, std::size_t) {
        collide2d::SweepHit h = collide2d::sweep(c.a, c.va, c.b, Vec2{0, 0});
        benchmark::DoNotOptimize(h);
      });
    }
    st.counters["hit_frac"] = pool->hit_frac;
  });
  if constexpr (P::kHasBox2d) {
    benchmark::RegisterBenchmark((query + "/box2d/" + pair).c_str(), [pool](benchmark::State& st) {
      pool->build();
      cycle(st, pool->b2.in, [](const b2TOIInput& in, std::size_t) {
        b2TOIOutput out;
        b2TimeOfImpact(&out, &in);
        benchmark::DoNotOptimize(out);
      });
      st.counters["hit_frac"] = pool->b2_hit_frac;
      st.counters["failed_frac"] = pool->b2_failed_frac;
      st.counters["agree_frac"] = pool->agree_frac;
      st.counters["missed_frac"] = pool->b2_missed_frac;
    });
  }
}

template <bool kRotating>
void register_all() {
  for_each_kind([](auto ka) {
    for_each_kind([](auto kb) { register_sweep_pair<decltype(ka), decltype(kb), kRotating>(); });
  });
}

/// Registers the sweep groups at start-up (before main's own groups run).
const bool kRegistered = [] {
  register_all<false>();
  register_all<true>();
  return true;
}();

}  // namespace
}  // namespace bench
