// collide2d - 2D collision detection for games. MIT License.
#pragma once
/// @file bench_registry.hpp  Registration entry points of the benchmark groups.

namespace bench {

/// Pair queries and ray casts, collide2d and Box2D 2.4.1.
void register_pair_benchmarks();
/// One sector swing against a million disks: batch, per-disk, and the textbook loop.
void register_sector_swing_benchmarks();

}  // namespace bench
