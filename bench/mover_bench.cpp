// collide2d - 2D collision detection for games. MIT License.
/// @file mover_bench.cpp  A crowd moving through one world (issue 12 item 9), collide2d's side;
/// Box2D v3's mover on the same scenes is in bench/box2d3/mover_bench3.cpp, registered beside
/// each row (scenes, wander and checks: mover_scenes.hpp). One benchmark iteration is one step
/// of the whole crowd; items = agent-steps (agent-steps/s from CPU time).
///  - "mover/<scene>/<N>/collide2d_crowd": World::move_crowd, serial: every agent moved by its
///    velocity through the map layer (tiles, or a Doom map's blocking walls), the static props
///    and the other agents where they are (one by one in index order), with the one mover: exact
///    sweep (no tunnelling), stop a skin short, slide, up to 8 contacts; the proxies updated in
///    the broad phase.
///  - ".../collide2d_crowd_grid": the same with the world's uniform-grid broad phase (cells of
///    4 agent diameters) instead of the default tree.
///  - ".../collide2d_crowd_2threads": the same on 2 threads (thread_runner(2)); real time.
///  - ".../collide2d_move": World::move called per agent (the same work, one call each).
///  - ".../collide2d_walls_only": TileMap::move_circle (tile scene) or RoomMap::move_circle
///    (Doom scenes): the map alone, no props, no agents: the same agents, the same wander.
/// Counters: agents; in_wall / in_prop / agent_pairs: agent-steps that ended deeper than the
/// scene's tolerance in a wall or a prop, and pairs of agents overlapping deeper than it, summed
/// over the checked steps (checked outside the timing, by mover_scenes.cpp's brute force);
/// contacts_per_step: the mover's contacts (collide2d rows). Every row first runs
/// mover::kWarmSteps untimed steps (checked and counted too) from its new world.

#include <benchmark/benchmark.h>

#include <string>
#include <variant>
#include <vector>

#include "bench_registry.hpp"
#include "collide2d/world.hpp"
#include "mover_scenes.hpp"

namespace bench {

namespace {

using collide2d::Real;
using collide2d::Vec2;
using mover::Agent;
using mover::Scene;

constexpr std::uint32_t kWalls = 1, kProps = 2, kAgents = 4;

void finish(benchmark::State& state, std::size_t agents, const mover::Check& c, long long contacts) {
  state.SetItemsProcessed(state.iterations() * std::int64_t(agents));
  state.counters["agents"] = double(agents);
  state.counters["in_wall"] = double(c.in_wall);
  state.counters["in_prop"] = double(c.in_prop);
  state.counters["agent_pairs"] = double(c.agent_pairs);
  if (contacts >= 0) state.counters["contacts_per_step"] = double(contacts) / double(state.iterations() + mover::kWarmSteps);
}

/// The scene as one collide2d World: the map as a layer, props as static proxies, agents.
struct SceneWorld {
  collide2d::World world;
  std::vector<collide2d::ProxyHandle> bodies;
  explicit SceneWorld(const Scene& s, const collide2d::WorldOptions& options = {}) : world(options) {
    if (s.tiles) world.add_layer({*s.tiles, 0, collide2d::Filter{kWalls}});
    else world.add_layer({*s.rooms, 0, collide2d::Filter{kWalls}});
    for (const collide2d::Shape& p : s.props) world.create({p, 0, collide2d::Filter{kProps}, true});
    for (std::size_t i = 0; i < s.agents.size(); ++i) {
      const Agent& a = s.agents[i];
      bodies.push_back(*world.create({collide2d::Circle{a.pos, a.radius}, i, collide2d::Filter{kAgents}}));
    }
  }
};

const Scene* get_scene(benchmark::State& state, const std::string& name, int n) {
  std::string why;
  const Scene* s = mover::scene(name, n, &why);
  if (!s) state.SkipWithError(why.c_str());
  return s;
}

/// The world's options: the default broad phase (tree), or the uniform grid with cells of 4
/// agent diameters (docs/world.md: "about 2-4 times a typical proxy size").
collide2d::WorldOptions world_options(const Scene& s, bool grid) {
  collide2d::WorldOptions o;
  if (grid) {
    o.broadphase = collide2d::BroadphaseKind::grid;
    o.cell_size = 8 * s.agents.front().radius;
  }
  return o;
}

/// World::move_crowd (threads 0: serial) or World::move per agent.
void world_rows(benchmark::State& state, const std::string& name, int n, bool crowd, unsigned threads,
                bool grid = false) {
  const Scene* s = get_scene(state, name, n);
  if (!s) return;
  SceneWorld w(*s, world_options(*s, grid));
  std::vector<Agent> agents = s->agents;
  std::vector<Vec2> steps(agents.size());
  std::vector<collide2d::WorldMove> out;
  collide2d::WorldMove one;
  const collide2d::TaskRunner run = threads ? collide2d::thread_runner(threads) : collide2d::TaskRunner{};
  const collide2d::MoveOptions options;
  std::uint64_t rng = 5;
  mover::Check check;
  long long contacts = 0;
  const auto step = [&] {
    if (crowd) {
      for (std::size_t i = 0; i < agents.size(); ++i) steps[i] = agents[i].vel;
      w.world.move_crowd(w.bodies, steps, options, out, run);
      for (std::size_t i = 0; i < agents.size(); ++i) {
        agents[i].pos = std::get<collide2d::Circle>(out[i].result.shape).center;
        agents[i].vel = out[i].result.displacement;
        contacts += static_cast<long long>(out[i].result.contacts.size());
      }
    } else {
      for (std::size_t i = 0; i < agents.size(); ++i) {
        w.world.move(w.bodies[i], agents[i].vel, options, &one);
        agents[i].pos = std::get<collide2d::Circle>(one.result.shape).center;
        agents[i].vel = one.result.displacement;
        contacts += static_cast<long long>(one.result.contacts.size());
      }
    }
  };
  mover::run_steps(state, step, [&] {
    mover::check(*s, agents, check);
    mover::wander(*s, agents, rng);
  });
  finish(state, agents.size(), check, contacts);
}

/// The map alone: TileMap::move_circle or RoomMap::move_circle.
void walls_only(benchmark::State& state, const std::string& name, int n) {
  const Scene* s = get_scene(state, name, n);
  if (!s) return;
  std::vector<Agent> agents = s->agents;
  std::uint64_t rng = 5;
  mover::Check check;
  long long contacts = 0;
  const auto step = [&] {
    if (s->tiles) {
      for (Agent& a : agents) {
        const collide2d::CircleMove m = s->tiles->move_circle(collide2d::Circle{a.pos, a.radius}, a.vel);
        a.pos = m.center;
        a.vel = m.displacement;
        contacts += m.contacts;
      }
    } else {
      for (Agent& a : agents) {
        const collide2d::CircleMove m = s->rooms->move_circle(a.pos, a.radius, a.vel);
        a.vel = m.center - a.pos;  // the translation as the new velocity (as this row always did)
        a.pos = m.center;
        contacts += m.contacts;
      }
    }
  };
  mover::run_steps(state, step, [&] {
    mover::Check walls;  // props and agents are not this row's obstacles: walls only
    mover::check(*s, agents, walls);
    check.in_wall += walls.in_wall;
    mover::wander(*s, agents, rng);
  });
  finish(state, agents.size(), check, contacts);
}

}  // namespace

void register_mover_benchmarks() {
  struct Case {
    const char* scene;
    int agents;
  };
  static const Case cases[] = {{"099-8", 1000}, {"099-8", 10000}, {"E1M1", 300}, {"MAP12", 1000}};
  for (const Case& c : cases) {
    const std::string scene = c.scene;
    const int n = c.agents;
    const std::string prefix = "mover/" + scene + "/" + std::to_string(n) + "/";
    benchmark::RegisterBenchmark((prefix + "collide2d_crowd").c_str(),
                                 [=](benchmark::State& st) { world_rows(st, scene, n, true, 0); })
        ->Unit(benchmark::kMicrosecond);
    benchmark::RegisterBenchmark((prefix + "collide2d_crowd_grid").c_str(),
                                 [=](benchmark::State& st) { world_rows(st, scene, n, true, 0, true); })
        ->Unit(benchmark::kMicrosecond);
    benchmark::RegisterBenchmark((prefix + "collide2d_crowd_2threads").c_str(),
                                 [=](benchmark::State& st) { world_rows(st, scene, n, true, 2); })
        ->Unit(benchmark::kMicrosecond)
        ->UseRealTime();
    benchmark::RegisterBenchmark((prefix + "collide2d_move").c_str(),
                                 [=](benchmark::State& st) { world_rows(st, scene, n, false, 0); })
        ->Unit(benchmark::kMicrosecond);
#ifdef BENCH_HAVE_BOX2D3
    v3::register_mover_benchmarks_box2d3(scene, n, prefix);
#endif
    benchmark::RegisterBenchmark((prefix + "collide2d_walls_only").c_str(),
                                 [=](benchmark::State& st) { walls_only(st, scene, n); })
        ->Unit(benchmark::kMicrosecond);
  }
}

}  // namespace bench
