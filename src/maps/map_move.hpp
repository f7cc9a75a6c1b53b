// collide2d - 2D collision detection for games. MIT License.
// The maps' movers (not installed): the one mover over what a map gathers round a move.
#pragma once
#include <vector>

#include "collide2d/motion.hpp"

namespace collide2d::inline COLLIDE2D_ABI::maps_detail {

/// Moves `body` by `displacement` through the obstacles `map.gather` finds in the move's
/// `move_region`, with the one mover. The result lives in per-thread scratch (kept capacity: no
/// allocation per call once warm) and is valid until this thread's next call for the same map type.
template <class Map>
const MoveResult& move_through(const Map& map, const Shape& body, Vec2 displacement, const MoveOptions& options) {
  thread_local std::vector<Obstacle> obstacles;
  thread_local MoveResult result;
  obstacles.clear();
  map.gather(move_region(body, displacement, options), obstacles);
  move(body, displacement, obstacles, options, result);
  return result;
}

}  // namespace collide2d::maps_detail
