// collide2d - 2D collision detection for games. MIT License.
#pragma once
/// @file tiles_draw.hpp  Drawing a TileMap to SVG in its own frame (Tiled's: x right, y down,
/// which is SVG's too): solid cells as row runs, the merged boundary as one path per chain,
/// object shapes, and polylines (trails).

#include <string>
#include <vector>

#include "collide2d/tilemap.hpp"
#include "svg.hpp"

namespace collide2d::inline COLLIDE2D_ABI::tool {

/// World (map) coordinates to picture pixels: uniform scale plus a margin.
struct TileView {
  Vec2 origin;          ///< world point drawn at (margin, margin)
  double scale = 1;     ///< pixels per world unit
  double margin = 10;   ///< pixels
  double x(Real wx) const { return (double(wx) - double(origin.x)) * scale + margin; }
  double y(Real wy) const { return (double(wy) - double(origin.y)) * scale + margin; }
};

/// A view fitting the map into `max_pixels` on its longer side; `doc_w`, `doc_h` get the size.
TileView fit_tile_view(const TileMap& map, double max_pixels, double& doc_w, double& doc_h);

/// Solid cells (gray, merged per row), then the merged boundary chains (dark red), with a
/// count caption. Returns the number of chains drawn.
int draw_tile_map(draw::SvgDocument& doc, const TileMap& map, const TileView& view);

/// An SVG path element through the points (an open polyline).
std::string svg_polyline(const std::vector<Vec2>& pts, const TileView& view, const char* color, double width,
                         double opacity = 1.0);

/// A two-decimal number for SVG attributes.
std::string svg_num(double v);

}  // namespace collide2d::tool
