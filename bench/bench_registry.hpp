// collide2d - 2D collision detection for games. MIT License.
#pragma once
/// @file bench_registry.hpp  Registration entry points of the benchmark groups.

#include <string>

namespace bench {

/// Pair queries and ray casts, collide2d and Box2D 2.4.1.
void register_pair_benchmarks();
/// One sector swing against a million disks: batch, per-disk, and the textbook loop.
void register_sector_swing_benchmarks();
/// Crowds moving through one world (mover_bench.cpp), Box2D v3's mover beside each scene.
void register_mover_benchmarks();


namespace v3 {
/// Box2D v3 (bench/box2d3/): pair queries and ray casts on the pair_bench pools.
void register_pair_benchmarks_box2d3();
/// Box2D v3: shape casts and time of impact on the sweep_bench pools.
void register_sweep_benchmarks_box2d3();
/// Box2D v3: the dynamic tree with moving proxies, and rays into 100,000 shapes.
void register_world_benchmarks_box2d3();
/// Box2D v3's mover (b2World_CollideMover, b2SolvePlanes, b2World_CastMover) on one crowd
/// scene of mover_scenes.hpp, rows named prefix + "box2d3_mover" and "box2d3_walls_only".
void register_mover_benchmarks_box2d3(const std::string& scene, int agents, const std::string& prefix);
}  // namespace v3

}  // namespace bench
