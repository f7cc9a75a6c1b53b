// collide2d - 2D collision detection for games. MIT License.
#pragma once
/// @file island_svg.hpp  Drawing disc islands on a canvas: the core's draw_disc_union (land
/// discs, coast arcs) plus disc outlines and outward normals as arrows.

#include "collide2d/disc_union.hpp"
#include "render/svg.hpp"

namespace collide2d::inline COLLIDE2D_ABI::tool {

/// Land, disc outlines (when `outlines`), coast arcs, and every `normal_every`-th arc's
/// outward normal at its middle as an 18-pixel arrow (0: none).
void draw_island(draw::Canvas& canvas, const DiscUnion& land, bool outlines, int normal_every);

}  // namespace collide2d::tool
