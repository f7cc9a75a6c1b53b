// collide2d - 2D collision detection for games. MIT License.
#pragma once
/// @file island_parse.hpp  Reading disc islands ("discs": [[x, y, r], ...]) from JSON, for the
/// protocol ops and the renderer.

#include <string>
#include <vector>

#include "collide2d/disc_union.hpp"
#include "protocol/protocol.hpp"

namespace collide2d::inline COLLIDE2D_ABI::tool {

/// Parses `[[x, y, r], ...]` named `path` ("discs"): finite numbers, r > 0; an empty array is
/// valid. Throws ProtocolError naming the element ("discs[3]: radius must be > 0").
std::vector<Circle> parse_discs(const Json& v, const std::string& path);

}  // namespace collide2d::tool
