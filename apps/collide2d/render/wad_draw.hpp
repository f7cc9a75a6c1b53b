// collide2d - 2D collision detection for games. MIT License.
#pragma once
/// @file wad_draw.hpp  Pictures of a Doom map: the core's draw_room_map on a canvas, rooms
/// shaded by floor height, two-sided lines thin, blocking walls bold. Shared by
/// `collide2d render` and the "wad" demo.

#include <memory>
#include <vector>

#include "collide2d/room_map.hpp"
#include "render/svg.hpp"

namespace collide2d::inline COLLIDE2D_ABI::tool {

/// A picture size (pixels) for a map: `longest` pixels along its longer side, a 20-pixel margin
/// and 50 pixels above for a title.
void wad_picture_size(const RoomMap& map, double longest, double& width, double& height);

/// A canvas on the picture's map area (the picture from wad_picture_size) with the map drawn;
/// `floor_height` per room picks the shades (may be empty).
std::unique_ptr<draw::Canvas> draw_wad_picture(draw::Figure& fig, const RoomMap& map,
                                               const std::vector<int>& floor_height);

}  // namespace collide2d::tool
