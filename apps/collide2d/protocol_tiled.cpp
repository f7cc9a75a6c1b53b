// collide2d - 2D collision detection for games. MIT License.
/// @file protocol_tiled.cpp  `map_query` on Tiled maps. (Placeholder until issue 5 lands.)

#include "protocol.hpp"

namespace collide2d::tool {

Json answer_tiled_map(const std::string&, Vec2, Real) {
  protocol_fail("map", "Tiled maps are not supported yet");
}

}  // namespace collide2d::tool
