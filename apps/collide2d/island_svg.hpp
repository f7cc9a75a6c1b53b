// collide2d - 2D collision detection for games. MIT License.
#pragma once
/// @file island_svg.hpp  Drawing disc islands into an SVG document: the land (discs filled),
/// the coast as exact arcs, outward normals, and polylines (character paths). Arcs and
/// polylines are written as single SVG paths, with the same world-to-picture mapping as
/// `draw::SvgPanel` (uniform scale, centered, y up), so they line up with the panel's drawing.

#include <span>
#include <string>

#include "collide2d/disc_union.hpp"
#include "svg.hpp"

namespace collide2d::inline COLLIDE2D_ABI::tool {

/// A world rectangle mapped onto a rectangle of a document, as `draw::SvgPanel` maps it.
class IslandView {
 public:
  IslandView(draw::SvgDocument& doc, double x, double y, double w, double h, Vec2 world_min, Vec2 world_max);
  /// The panel with the same mapping, for circles, dots, arrows and text.
  draw::SvgPanel& panel() { return panel_; }
  /// Pixels per world unit.
  double scale() const { return scale_; }
  /// An arc as one SVG path (a whole circle as two halves).
  void arc(const Arc& a, const draw::Style& style);
  /// An open polyline as one SVG path.
  void polyline(std::span<const Vec2> points, const draw::Style& style);
  /// Land, disc outlines (when `outlines`), coast arcs, and every `normal_every`-th arc's
  /// outward normal at its middle (0: none).
  void island(const DiscUnion& land, bool outlines, int normal_every);

 private:
  std::string px(Vec2 p) const;
  draw::SvgDocument& doc_;
  draw::SvgPanel panel_;
  double ox_, oy_, scale_;
};

}  // namespace collide2d::tool
