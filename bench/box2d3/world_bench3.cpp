// collide2d - 2D collision detection for games. MIT License.
/// @file world_bench3.cpp  Box2D v3's standalone dynamic tree on the scenes of world_bench.cpp
/// (world_scenes.hpp):
///  - "world/step/box2d3_tree/<N>": the moving crowd with Box2D 2.4.1's broad-phase contract
///    on v3's tree: a proxy whose tight box left its fat box, or whose fat box got 4 margins too
///    large, gets a new fat box (margin 0.1, 4 displacements ahead: collide2d's `fatten` with
///    the rule of the box2d_bp and tree_bp rows) through b2DynamicTree_MoveProxy; then every
///    moved proxy queries the tree with its fat box (b2DynamicTree_Query) and the new pairs are
///    stored, a pair of two moved proxies once. The same fat boxes and pairs as those rows.
///  - "world/rays/box2d3_inc" and "world/rays/box2d3_rebuilt": 1,000,000 closest-hit rays into
///    the 100,000 static shapes, b2DynamicTree_RayCast with a callback calling b2RayCastCircle /
///    b2RayCastPolygon and clipping to the hit; the tree built by insertion, or then rebuilt by
///    b2DynamicTree_Rebuild(full).

#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "../world_scenes.hpp"
#include "adapt3.hpp"
#include "collide2d/broadphase.hpp"

namespace bench::v3 {
namespace {

using collide2d::Aabb;

b2AABB to_b3_box(const Aabb& a) { return b2AABB{to_b3(a.min), to_b3(a.max)}; }

bool contains(const Aabb& outer, const Aabb& inner) {
  return outer.min.x <= inner.min.x && outer.min.y <= inner.min.y && inner.max.x <= outer.max.x &&
         inner.max.y <= outer.max.y;
}

const collide2d::FatBoxRule kBox2dLikeRule{Real(0.1), Real(4), Real(4)};

struct StepState {
  b2DynamicTree tree;
  std::vector<int> ids;
  std::vector<Aabb> fat;
  std::vector<char> moved_flag;
  std::vector<std::uint32_t> moved;
  std::vector<std::pair<std::uint32_t, std::uint32_t>> pairs;
  std::uint32_t current = 0;
};

bool collect(int, uint64_t user, void* context) {
  auto* s = static_cast<StepState*>(context);
  const auto j = static_cast<std::uint32_t>(user), i = s->current;
  if (j == i || (s->moved_flag[j] && j < i)) return true;  // self; a moved pair found from j
  s->pairs.emplace_back(std::min(i, j), std::max(i, j));
  return true;
}

void step_box2d3(benchmark::State& st) {
  const std::size_t n = std::size_t(st.range(0));
  Crowd c = make_crowd(n);
  StepState s;
  s.tree = b2DynamicTree_Create(int(n));
  s.fat.resize(n);
  s.moved_flag.assign(n, 0);
  for (std::size_t i = 0; i < n; ++i) {
    s.fat[i] = collide2d::fatten(c.box(i), {0, 0}, kBox2dLikeRule);
    s.ids.push_back(b2DynamicTree_CreateProxy(&s.tree, to_b3_box(s.fat[i]), B2_DEFAULT_CATEGORY_BITS, i));
  }
  const Real huge = kBox2dLikeRule.shrink_factor * kBox2dLikeRule.margin;
  auto one = [&] {
    c.step();
    s.moved.clear();
    for (std::size_t i = 0; i < n; ++i) {
      const Aabb tight = c.box(i);
      const Aabb f = collide2d::fatten(tight, c.last_move[i], kBox2dLikeRule);
      const Aabb large{{f.min.x - huge, f.min.y - huge}, {f.max.x + huge, f.max.y + huge}};
      if (contains(s.fat[i], tight) && contains(large, s.fat[i])) continue;
      s.fat[i] = f;
      b2DynamicTree_MoveProxy(&s.tree, s.ids[i], to_b3_box(f));
      s.moved.push_back(std::uint32_t(i));
      s.moved_flag[i] = 1;
    }
    s.pairs.clear();
    for (std::uint32_t i : s.moved) {
      s.current = i;
      b2DynamicTree_Query(&s.tree, to_b3_box(s.fat[i]), B2_DEFAULT_MASK_BITS, collect, &s);
    }
    for (std::uint32_t i : s.moved) s.moved_flag[i] = 0;
  };
  for (int k = 0; k < kStepWarmSteps; ++k) one();
  double pairs = 0, steps = 0;
  for (auto _ : st) {
    one();
    pairs += double(s.pairs.size());
    ++steps;
  }
  st.counters["N"] = double(n);
  st.counters["pairs_per_step"] = pairs / std::max(1.0, steps);
  b2DynamicTree_Destroy(&s.tree);
}

struct RayScene {
  std::vector<b2Circle> circles;
  std::vector<b2Polygon> boxes;
  std::vector<std::pair<int, std::size_t>> of;  // shape i -> (0 circle / 1 box, index)
  std::vector<b2RayCastInput> rays;
};

const RayScene& ray_scene() {
  static const RayScene r = [] {
    RayScene out;
    const StaticShapes& s = static_shapes();
    for (const collide2d::Shape& sh : s.shapes) {
      if (const auto* ci = std::get_if<collide2d::Circle>(&sh)) {
        out.of.emplace_back(0, out.circles.size());
        out.circles.push_back(to_b3_shape(*ci));
      } else {
        out.of.emplace_back(1, out.boxes.size());
        out.boxes.push_back(to_b3_shape(std::get<collide2d::Box>(sh)));
      }
    }
    for (const collide2d::Ray& ray : s.rays) out.rays.push_back(to_b3_ray(ray));
    return out;
  }();
  return r;
}

struct Closest {
  const RayScene* scene;
  bool hit = false;
  float fraction = 1;
};

float closest_callback(const b2RayCastInput* in, int, uint64_t user, void* context) {
  auto* c = static_cast<Closest*>(context);
  const auto [kind, k] = c->scene->of[user];
  const b2CastOutput out = kind == 0 ? b2RayCastCircle(&c->scene->circles[k], in)
                                     : b2RayCastPolygon(&c->scene->boxes[k], in);
  if (!out.hit) return in->maxFraction;
  c->hit = true;
  c->fraction = out.fraction;
  return out.fraction;
}

void rays_box2d3(benchmark::State& st, bool rebuilt) {
  const RayScene& r = ray_scene();
  const StaticShapes& s = static_shapes();
  b2DynamicTree tree = b2DynamicTree_Create(int(s.shapes.size()));
  for (std::size_t i = 0; i < s.shapes.size(); ++i)
    b2DynamicTree_CreateProxy(&tree, to_b3_box(collide2d::bounds(s.shapes[i])), B2_DEFAULT_CATEGORY_BITS, i);
  if (rebuilt) b2DynamicTree_Rebuild(&tree, true);
  double hits = 0;
  for (auto _ : st) {
    hits = 0;
    for (const b2RayCastInput& in : r.rays) {
      Closest c{&r};
      b2DynamicTree_RayCast(&tree, &in, B2_DEFAULT_MASK_BITS, closest_callback, &c);
      hits += c.hit;
      benchmark::DoNotOptimize(c.fraction);
    }
  }
  st.counters["rays"] = double(r.rays.size());
  st.counters["hits"] = hits;
  st.counters["tree_height"] = b2DynamicTree_GetHeight(&tree);
  b2DynamicTree_Destroy(&tree);
}

}  // namespace

/// Registers Box2D v3's tree benchmarks.
void register_world_benchmarks_box2d3() {
  for (std::int64_t n : {1000, 3000, 10000, 30000, 100000})
    benchmark::RegisterBenchmark("world/step/box2d3_tree", step_box2d3)
        ->Arg(n)
        ->Unit(benchmark::kMicrosecond)
        ->Iterations(step_iterations(std::size_t(n)));
  benchmark::RegisterBenchmark("world/rays/box2d3_inc", [](benchmark::State& st) { rays_box2d3(st, false); })
      ->Unit(benchmark::kMillisecond)
      ->Iterations(1);
  benchmark::RegisterBenchmark("world/rays/box2d3_rebuilt", [](benchmark::State& st) { rays_box2d3(st, true); })
      ->Unit(benchmark::kMillisecond)
      ->Iterations(1);
}

}  // namespace bench::v3
