// collide2d - 2D collision detection for games. MIT License.
#pragma once
/// @file wad_draw.hpp  Drawing a Doom map into an SVG document: sectors filled (even-odd, so
/// holes stay open; self-referencing sectors on top), two-sided lines thin, blocking walls
/// bold. Shared by `collide2d render` and the "wad" demo.

#include <string>

#include "collide2d/sector_map.hpp"
#include "svg.hpp"

namespace collide2d::inline COLLIDE2D_ABI::tool {

/// World (map units, y up) to picture pixels: the map's box fitted into a rectangle.
struct WadView {
  double scale = 1, ox = 0, oy = 0;
  /// Fits [lo, hi] into the pixel rectangle (x, y, w, h), centred, y flipped.
  WadView(Vec2 lo, Vec2 hi, double x, double y, double w, double h);
  double px(double wx) const { return ox + wx * scale; }
  double py(double wy) const { return oy - wy * scale; }
};

/// A picture size (pixels) for a map: `longest` pixels along its longer side plus a margin.
void wad_picture_size(const SectorMap& map, double longest, double& width, double& height);

/// Draws the sectors and lines of `map` (fill colours from `floor_height`, may be empty).
void draw_wad_map(draw::SvgDocument& doc, const WadView& view, const SectorMap& map,
                  const std::vector<int>& floor_height);

/// A number for SVG coordinates (up to two decimals, no exponent).
std::string wad_num(double v);

}  // namespace collide2d::tool
