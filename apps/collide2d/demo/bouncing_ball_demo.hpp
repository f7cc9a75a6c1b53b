// collide2d - 2D collision detection for games. MIT License.
#pragma once
/// @file bouncing_ball_demo.hpp  `collide2d demo`'s second scene: the bouncing-ball game.

#include <iosfwd>
#include <string>

#include "collide2d/config.hpp"

namespace collide2d::inline COLLIDE2D_ABI::tool {

/// Runs the bouncing-ball game in a World (a ball at over ten radii per step in a field walled
/// by a chain layer, among static pegs and boxes, 100,000 steps of `World::move` with bounces),
/// writes `out_dir`/bouncing_ball.svg (and .png when `png`) (the field, the obstacles and the
/// ball's last steps as a trail) and prints one summary line.
/// Returns the exit status: 0 on success, 1 when the picture cannot be written or the ball
/// escaped or entered an obstacle.
int run_bouncing_ball_demo(const std::string& out_dir, bool png, std::ostream& log, std::ostream& err);

}  // namespace collide2d::tool
