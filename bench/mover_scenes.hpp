// collide2d - 2D collision detection for games. MIT License.
#pragma once
/// @file mover_scenes.hpp  The crowd scenes of the mover benchmarks (bench/mover_bench.cpp for
/// collide2d, bench/box2d3/mover_bench3.cpp for Box2D v3's mover): the same static geometry,
/// the same agents at the same start, the same wander rule and the same after-step checks for
/// every contender. Only collide2d types appear here, so both sides include it.
///
/// Scenes:
///  - "099-8": The Mana World's map 099-8 (403 x 403 tiles, 94,900 solid) in tile units
///    (1 tile = 1 m for Box2D), 200 static props (alternately a box of half extents 10 x 8 px
///    at a random angle and a disc of radius 9 px, on free ground, 32 px = 1 tile), and N agents
///    of radius 0.4 tiles (one in 20 of 0.8, wider than a tile).
///  - "E1M1", "MAP12": Freedoom's maps (freedoom1.wad, freedoom2.wad) in Doom units, the
///    blocking lines as walls, N agents of radius 16 (Doom's player); Box2D sees the same
///    geometry scaled by 1/32 (a 16-unit radius is 0.5 m).
/// Agents start free of walls, props and each other. Speeds 0.05-0.25 tiles per step (tile
/// scene) or 1.5-8 units per step (Doom scenes); each step an agent keeps its velocity as its
/// mover returned it (slid along what it met), and takes a new random heading with
/// probability 0.02 or when its speed fell under a quarter of the minimum (the wander).

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "collide2d/room_map.hpp"
#include "collide2d/shapes.hpp"
#include "collide2d/tilemap.hpp"

namespace bench::mover {

using collide2d::Real;
using collide2d::Vec2;

struct Agent {
  Vec2 pos, vel;
  Real radius = 0;
};

/// One scene: static geometry (tiles or rooms), props, agents at their start.
struct Scene {
  std::string name;                         ///< "099-8", "E1M1", "MAP12"
  std::optional<collide2d::TileMap> tiles;  ///< the tile scene's map (tile units)
  std::optional<collide2d::RoomMap> rooms;  ///< a Doom scene's map (Doom units)
  std::vector<collide2d::Shape> props;      ///< static props (circles and boxes)
  std::vector<Agent> agents;                ///< the crowd at its start
  Real min_speed = 0, max_speed = 0;        ///< per step
  Real box2d_scale = 1;                     ///< Box2D metres per scene unit
  Real tolerance = 0;                       ///< "inside" means deeper than this (scene units)
};

/// The scene with `agents` agents (built once per (name, agents), then shared), or null when
/// its data is absent (`why` says what is missing).
const Scene* scene(const std::string& name, int agents, std::string* why = nullptr);

/// The wander: new headings for some agents (deterministic in `rng_state`).
void wander(const Scene& s, std::vector<Agent>& agents, std::uint64_t& rng_state);

/// After-step checks, independent of every mover: agents deeper than the scene's tolerance in a
/// wall (tile cells, or a Doom wall nearer than the radius less the tolerance, or outside every
/// room), in a prop, or in another agent (pairs).
struct Check {
  long long in_wall = 0, in_prop = 0, agent_pairs = 0;
};
void check(const Scene& s, const std::vector<Agent>& agents, Check& out);

/// Steps every row (each side's) runs before its timing starts, with the same after-step work:
/// a world's first steps make what its later steps keep (collide2d's near lists and kept
/// cores, the trees' fat boxes), a cost a game pays once per level, not per frame. At 10,000
/// agents on 099-8 the first two steps cost 3-4 times a later one, and a short run (run.sh's
/// 0.05 s is 2-7 such steps, each from a new world) measured mostly them.
inline constexpr int kWarmSteps = 10;

/// A row's steps: kWarmSteps untimed, then one per iteration of `state` (a benchmark::State),
/// timed; `after` (the checks and the wander) follows every step outside the timing.
template <class State, class Step, class After>
void run_steps(State& state, Step&& step, After&& after) {
  for (int k = 0; k < kWarmSteps; ++k) {
    step();
    after();
  }
  for (auto _ : state) {
    step();
    state.PauseTiming();
    after();
    state.ResumeTiming();
  }
}

}  // namespace bench::mover
