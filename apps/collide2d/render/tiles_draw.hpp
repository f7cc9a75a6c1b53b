// collide2d - 2D collision detection for games. MIT License.
#pragma once
/// @file tiles_draw.hpp  Pictures of a TileMap in its own frame (Tiled's: x right, y down):
/// the core's draw_tile_map (solid cells as row runs, the merged boundary chains) on a canvas.

#include <memory>

#include "collide2d/tilemap.hpp"
#include "render/svg.hpp"

namespace collide2d::inline COLLIDE2D_ABI::tool {

/// A picture size fitting the map into `max_pixels` on its longer side, with a 10-pixel
/// margin and 20 pixels below for a caption.
void tile_picture_size(const TileMap& map, double max_pixels, double& width, double& height);

/// A y-down canvas on the picture's map area (the picture from tile_picture_size), with the
/// map drawn: the background, solid cells (gray) and boundary chains (dark red).
std::unique_ptr<draw::Canvas> draw_tile_picture(draw::Figure& fig, const TileMap& map);

}  // namespace collide2d::tool
