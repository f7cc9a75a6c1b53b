// collide2d - 2D collision detection for games. MIT License.
/// @file protocol_wad.cpp  `map_query` on Doom WAD maps. (Placeholder until issue 7 lands.)

#include "protocol.hpp"

namespace collide2d::tool {

Json answer_wad_map(const std::string&, const std::string&, Vec2, Real) {
  protocol_fail("map", "Doom WAD maps are not supported yet");
}

}  // namespace collide2d::tool
