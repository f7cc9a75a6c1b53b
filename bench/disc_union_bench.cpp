// collide2d - 2D collision detection for games. MIT License.
/// @file disc_union_bench.cpp  Disc islands: building the coast of n discs, collide2d's
/// DiscUnion beside the straightforward method, and the queries on a built island.
///
/// Islands: n discs of radius 0.6..1.6 (times a unit) scattered uniformly over a square sized
/// so that the density stays the same for every n (about 1.5 discs cover each point): what a
/// level editor produces, each disc meeting a handful of others.
///
/// Baseline ("disc_union/build/baseline/n"): intersect every pair of circles; test each
/// intersection point against every disc (a point inside another disc is not on the coast);
/// sort the surviving points per disc; keep each piece between consecutive points whose
/// midpoint no disc covers (again tested against every disc). A disc with no crossing is whole
/// coast unless a disc contains it. O(n^2) pairs plus O(k n) point tests for k crossings
/// (k grows like n at constant density, like n^2 when the discs pile up: then O(n^3)).
///
/// Queries on an island of 10,000 discs ("disc_union/query/<what>"): signed distance with the
/// nearest coast point (and the same by scanning every arc, the index's baseline), point on
/// land, nearest land point for a character of radius 1, coast ray cast, one character move.

#include <benchmark/benchmark.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include "collide2d/disc_union.hpp"
#include "collide2d_support/splitmix64.hpp"

namespace {

using namespace collide2d;

using Rng = collide2d::support::SplitMix64;

std::vector<Circle> island(int n) {
  Rng rng{std::uint64_t(n) * 7919u + 1};
  const double side = std::sqrt(double(n) * 3.8);  // mean disc area 3.5: ~1.5 discs per point
  std::vector<Circle> d;
  d.reserve(std::size_t(n));
  for (int i = 0; i < n; ++i)
    d.push_back({{Real(rng.uniform(0, side)), Real(rng.uniform(0, side))}, Real(rng.uniform(0.6, 1.6))});
  return d;
}

/// The straightforward coast: every pair, every point against every disc. Returns the number
/// of arcs (pieces of circles on the coast).
std::size_t baseline_coast(const std::vector<Circle>& d) {
  const std::size_t n = d.size();
  constexpr double kTwoPi = 6.283185307179586;
  std::vector<std::vector<double>> cuts(n);
  auto inside_other = [&](double x, double y, std::size_t a, std::size_t b) {
    for (std::size_t k = 0; k < n; ++k) {
      if (k == a || k == b) continue;
      const double dx = x - d[k].center.x, dy = y - d[k].center.y;
      if (dx * dx + dy * dy < double(d[k].radius) * d[k].radius) return true;
    }
    return false;
  };
  std::vector<char> contained(n, 0);
  for (std::size_t i = 0; i < n; ++i) {
    for (std::size_t j = i + 1; j < n; ++j) {
      const double dx = double(d[j].center.x) - d[i].center.x, dy = double(d[j].center.y) - d[i].center.y;
      const double ri = d[i].radius, rj = d[j].radius;
      const double dist = std::sqrt(dx * dx + dy * dy);
      if (dist >= ri + rj) continue;
      if (dist + ri <= rj) { contained[i] = 1; continue; }
      if (dist + rj <= ri) { contained[j] = 1; continue; }
      const double a = (dist * dist + ri * ri - rj * rj) / (2 * dist);
      const double h = std::sqrt(std::max(ri * ri - a * a, 0.0));
      const double mx = d[i].center.x + dx * a / dist, my = d[i].center.y + dy * a / dist;
      for (int s : {-1, 1}) {
        const double px = mx - s * dy * h / dist, py = my + s * dx * h / dist;
        if (inside_other(px, py, i, j)) continue;  // every intersection point, every disc
        cuts[i].push_back(std::atan2(py - d[i].center.y, px - d[i].center.x));
        cuts[j].push_back(std::atan2(py - d[j].center.y, px - d[j].center.x));
      }
    }
  }
  std::size_t arcs = 0;
  for (std::size_t i = 0; i < n; ++i) {
    if (contained[i]) continue;
    std::vector<double>& c = cuts[i];
    if (c.empty()) {
      arcs += inside_other(d[i].center.x + d[i].radius, d[i].center.y, i, i) ? 0 : 1;
      continue;
    }
    std::sort(c.begin(), c.end());
    for (std::size_t k = 0; k < c.size(); ++k) {
      const double a0 = c[k], a1 = k + 1 < c.size() ? c[k + 1] : c[0] + kTwoPi;
      const double m = (a0 + a1) / 2;
      if (!inside_other(d[i].center.x + d[i].radius * std::cos(m), d[i].center.y + d[i].radius * std::sin(m), i, i))
        ++arcs;
    }
  }
  return arcs;
}

void build_ours(benchmark::State& state) {
  const std::vector<Circle> d = island(int(state.range(0)));
  std::size_t arcs = 0;
  for (auto _ : state) {
    DiscUnion u(d);
    arcs = u.arcs().size();
    benchmark::DoNotOptimize(arcs);
  }
  state.counters["discs"] = double(d.size());
  state.counters["arcs"] = double(arcs);
}

void build_baseline(benchmark::State& state) {
  const std::vector<Circle> d = island(int(state.range(0)));
  std::size_t arcs = 0;
  for (auto _ : state) {
    arcs = baseline_coast(d);
    benchmark::DoNotOptimize(arcs);
  }
  state.counters["discs"] = double(d.size());
  state.counters["arcs"] = double(arcs);
}

/// The island the queries run on, and query points spread over its box (a margin round it).
struct QueryIsland {
  std::vector<Circle> discs = island(10000);
  DiscUnion land{discs};
  std::vector<Vec2> points;
  QueryIsland() {
    Rng rng{42};
    const Aabb b = land.bounds();
    for (int k = 0; k < 4096; ++k)
      points.push_back({Real(rng.uniform(b.min.x - 5, b.max.x + 5)), Real(rng.uniform(b.min.y - 5, b.max.y + 5))});
  }
};
const QueryIsland& query_island() {
  static const QueryIsland q;
  return q;
}

template <class F>
void query_loop(benchmark::State& state, F&& f) {
  const QueryIsland& q = query_island();
  std::size_t k = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(f(q, q.points[k]));
    k = (k + 1) & 4095;
  }
  state.SetItemsProcessed(std::int64_t(state.iterations()));
}

void register_all() {
  for (int n : {1000, 10000, 100000})
    benchmark::RegisterBenchmark(("disc_union/build/ours/" + std::to_string(n)).c_str(), build_ours)
        ->Arg(n)->Unit(benchmark::kMillisecond);
  // 100,000 is out of reach for the baseline (hours): 1,000..20,000 are measured.
  for (int n : {1000, 2000, 5000, 10000, 20000}) {
    auto* b = benchmark::RegisterBenchmark(("disc_union/build/baseline/" + std::to_string(n)).c_str(), build_baseline)
                  ->Arg(n)->Unit(benchmark::kMillisecond);
    if (n >= 10000) b->Iterations(1);
  }
  benchmark::RegisterBenchmark("disc_union/query/signed_distance", [](benchmark::State& s) {
    query_loop(s, [](const QueryIsland& q, Vec2 p) { return q.land.coast(p).distance; });
  });
  benchmark::RegisterBenchmark("disc_union/query/signed_distance_scan", [](benchmark::State& s) {
    query_loop(s, [](const QueryIsland& q, Vec2 p) {
      Real best = std::numeric_limits<Real>::infinity();
      for (const CoastArc& a : q.land.arcs()) best = std::min(best, distance(a.arc, p));
      return q.land.contains(p) ? -best : best;
    });
  });
  benchmark::RegisterBenchmark("disc_union/query/contains", [](benchmark::State& s) {
    query_loop(s, [](const QueryIsland& q, Vec2 p) { return q.land.contains(p); });
  });
  benchmark::RegisterBenchmark("disc_union/query/nearest_free_point_r1", [](benchmark::State& s) {
    query_loop(s, [](const QueryIsland& q, Vec2 p) { return q.land.nearest_free_point(p, 1).has_value(); });
  });
  benchmark::RegisterBenchmark("disc_union/query/raycast_20", [](benchmark::State& s) {
    query_loop(s, [](const QueryIsland& q, Vec2 p) {
      return q.land.raycast(Ray{p, {Real(0.6), Real(0.8)}, 20}).distance;
    });
  });
  benchmark::RegisterBenchmark("disc_union/query/move_character", [](benchmark::State& s) {
    // A character of radius 0.3 placed where it fits near the point, moving 0.2 units.
    static const std::vector<Vec2> starts = [] {
      std::vector<Vec2> v;
      for (Vec2 p : query_island().points) v.push_back(*query_island().land.nearest_free_point(p, Real(0.3)));
      return v;
    }();
    std::size_t k = 0;
    const DiscUnion& land = query_island().land;
    for (auto _ : s) {
      const Vec2 d{Real(0.2) * std::cos(Real(k)), Real(0.2) * std::sin(Real(k))};
      benchmark::DoNotOptimize(land.move_character(Circle{starts[k], Real(0.3)}, d).center);
      k = (k + 1) & 4095;
    }
    s.SetItemsProcessed(std::int64_t(s.iterations()));
  });
}

const int registered = (register_all(), 0);

}  // namespace
