// collide2d - 2D collision detection for games. MIT License.
#pragma once
/// @file svg.hpp  A small debug-draw interface in world coordinates (y up) and an SVG backend.
/// `DebugDraw` is what drawing code talks to; `SvgDocument` holds the picture and hands out
/// `SvgPanel`s, each a viewport mapping a world rectangle onto a rectangle of the picture.

#include <span>
#include <string>
#include <string_view>

#include "collide2d/math.hpp"

namespace collide2d::inline COLLIDE2D_ABI::draw {

/// How a primitive is painted. Colors are SVG color strings ("#d62728", "none").
struct Style {
  std::string stroke = "#000000";  ///< outline color, "none" for no outline
  std::string fill = "none";       ///< fill color, "none" for no fill
  double width = 1.5;              ///< outline width in pixels (independent of the zoom)
  double opacity = 1.0;            ///< fill opacity
  bool dashed = false;             ///< dashed outline
};

/// Debug drawing in world coordinates (y up, angles counter-clockwise from +x).
/// Sizes given in pixels (marker radius, arrow heads, text) do not scale with the zoom.
class DebugDraw {
 public:
  virtual ~DebugDraw() = default;
  /// A straight line from a to b.
  virtual void line(Vec2 a, Vec2 b, const Style& style) = 0;
  /// A circle of world radius r around c (r = 0 draws nothing visible).
  virtual void circle(Vec2 c, Real r, const Style& style) = 0;
  /// A marker of `pixels` radius at p (for points: it keeps its size at any zoom).
  virtual void dot(Vec2 p, double pixels, const Style& style) = 0;
  /// A closed polygon through the points, in order.
  virtual void polygon(std::span<const Vec2> points, const Style& style) = 0;
  /// A convex polygon (counter-clockwise vertices; 1 vertex: a disk, 2: a capsule) grown by
  /// `radius`: straight edges pushed out along their normals, joined by arcs at the corners.
  virtual void rounded_polygon(std::span<const Vec2> ccw, Real radius, const Style& style) = 0;
  /// An exact circle sector: the two radii and the arc between them (half_angle in [0, pi]).
  virtual void sector(Vec2 center, Real radius, Real facing, Real half_angle,
                      const Style& style) = 0;
  /// An arrow from `from` to `to` with a head of fixed pixel size.
  virtual void arrow(Vec2 from, Vec2 to, const Style& style) = 0;
  /// Text anchored at a world point (offset by a few pixels up and right).
  virtual void text(Vec2 at, std::string_view text, const Style& style) = 0;
};

class SvgPanel;

/// An SVG picture being built in memory; `str()` gives the whole document.
class SvgDocument {
 public:
  /// A picture of width x height pixels with a white background.
  SvgDocument(double width, double height);
  /// Appends raw SVG elements (already escaped) to the body.
  void raw(std::string_view svg);
  /// Text in picture pixels (x right, y down), escaped. `size` is the font size in pixels.
  void label(double x, double y, std::string_view text, double size = 12,
             std::string_view color = "#000000", bool bold = false);
  /// A rectangle in picture pixels.
  void rect(double x, double y, double w, double h, const Style& style);
  /// Everything drawn until `end_clip` is clipped to this rectangle (picture pixels).
  void begin_clip(double x, double y, double w, double h);
  /// Ends the innermost `begin_clip`.
  void end_clip();
  /// The complete SVG document.
  std::string str() const;
  /// Writes the document to a file; false on failure.
  bool save(const std::string& path) const;

  double width() const { return width_; }
  double height() const { return height_; }

 private:
  double width_, height_;
  std::string body_;
  int clips_ = 0;
};

/// A viewport: draws the world rectangle [world_min, world_max] (uniformly scaled, centered,
/// y up) into the pixel rectangle (x, y, w, h) of a document.
class SvgPanel final : public DebugDraw {
 public:
  SvgPanel(SvgDocument& doc, double x, double y, double w, double h, Vec2 world_min,
           Vec2 world_max);

  void line(Vec2 a, Vec2 b, const Style& style) override;
  void circle(Vec2 c, Real r, const Style& style) override;
  void dot(Vec2 p, double pixels, const Style& style) override;
  void polygon(std::span<const Vec2> points, const Style& style) override;
  void rounded_polygon(std::span<const Vec2> ccw, Real radius, const Style& style) override;
  void sector(Vec2 center, Real radius, Real facing, Real half_angle,
              const Style& style) override;
  void arrow(Vec2 from, Vec2 to, const Style& style) override;
  void text(Vec2 at, std::string_view text, const Style& style) override;

  /// Pixels per world unit.
  double scale() const { return scale_; }

 private:
  struct Px {
    double x, y;
  };
  Px map(double wx, double wy) const;
  Px map(Vec2 p) const { return map(double(p.x), double(p.y)); }

  SvgDocument& doc_;
  double ox_, oy_;   // pixel position of the world origin
  double scale_;     // pixels per world unit
};

/// Escapes &, <, >, " and ' for SVG text and attributes.
std::string xml_escape(std::string_view s);

}  // namespace collide2d::draw
