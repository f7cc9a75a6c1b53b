// collide2d - 2D collision detection for games. MIT License.
#pragma once
/// @file svg.hpp  The tool's pictures. A `Figure` is a picture of a given pixel size (SVG here,
/// PNG in png.hpp); its `panel`s are `Canvas`es, each mapping a world rectangle onto a pixel
/// rectangle of the picture. A Canvas is the core's `collide2d::DebugDraw` (so shapes, maps
/// and worlds draw themselves on it) plus a few styled helpers for annotations.

#include <memory>
#include <span>
#include <string>
#include <string_view>

#include "collide2d/debug_draw.hpp"
#include "collide2d/math.hpp"
#include "collide2d/shapes.hpp"

namespace collide2d::inline COLLIDE2D_ABI::draw {

/// How a primitive is painted. Colors are "#rrggbb" strings or "none".
struct Style {
  std::string stroke = "#000000";  ///< outline color, "none" for no outline
  std::string fill = "none";       ///< fill color, "none" for no fill
  double width = 1.5;              ///< outline width in pixels (independent of the zoom)
  double opacity = 1.0;            ///< fill opacity
  bool dashed = false;             ///< dashed outline
};

/// "#rrggbb" (or "#rgb") with an opacity in [0, 1] as a Color; "none" and "" are kNoColor.
Color parse_color(std::string_view text, double opacity = 1.0);

/// A world-to-pixels view on a picture: the core's debug-draw callbacks plus styled helpers.
/// `stroke_width` and `dashed` apply to the outlines the core callbacks paint.
class Canvas : public collide2d::DebugDraw {
 public:
  /// Pixels per world unit.
  virtual double scale() const = 0;
  /// Text anchored at a world point (a few pixels up and right of it).
  virtual void text(Vec2 at, std::string_view text, Color color) = 0;
  /// An open polyline (default: one segment per step).
  virtual void polyline(std::span<const Vec2> points, Color color);

  /// A line from a to b in a style.
  void line(Vec2 a, Vec2 b, const Style& style);
  /// A circle in a style.
  void circle(Vec2 c, Real r, const Style& style);
  /// A marker of `pixels` radius at p (fill color, else stroke color).
  void dot(Vec2 p, double pixels, const Style& style);
  /// A closed polygon in a style.
  void polygon(std::span<const Vec2> points, const Style& style);
  /// An open polyline in a style (stroke color; `opacity` applies to it).
  void polyline(std::span<const Vec2> points, const Style& style);
  /// A shape drawn exactly (the core's draw_shape) in a style.
  void shape(const Shape& shape, const Style& style);
  /// An arrow from `from` to `to` with a head of fixed pixel size.
  void arrow(Vec2 from, Vec2 to, const Style& style);
  /// Text in a style (fill color, else stroke color).
  void text(Vec2 at, std::string_view text, const Style& style);

  using collide2d::DebugDraw::circle;
  using collide2d::DebugDraw::polygon;

  double stroke_width = 1.5;  ///< outline width in pixels for the core callbacks
  bool dashed = false;        ///< dashed outlines for the core callbacks

 private:
  void apply(const Style& style);
};

/// A picture of width x height pixels (white background) drawn in pixels and through panels.
class Figure {
 public:
  virtual ~Figure() = default;
  /// Text in picture pixels (x right, y down). `size` is the font size in pixels.
  virtual void label(double x, double y, std::string_view text, double size = 12,
                     std::string_view color = "#000000", bool bold = false) = 0;
  /// A rectangle in picture pixels.
  virtual void rect(double x, double y, double w, double h, const Style& style) = 0;
  /// A canvas drawing the world rectangle [world_min, world_max] (uniformly scaled, centered)
  /// into the pixel rectangle (x, y, w, h), y up; `y_down` keeps world y pointing down (Tiled).
  /// Drawing through it is clipped to the rectangle when `clip`.
  virtual std::unique_ptr<Canvas> panel(double x, double y, double w, double h, Vec2 world_min,
                                        Vec2 world_max, bool y_down = false, bool clip = false) = 0;
  /// Writes the picture; false on failure.
  virtual bool save(const std::string& path) const = 0;
  /// The file name extension of this kind of picture (".svg", ".png").
  virtual const char* extension() const = 0;

  double width() const { return width_; }
  double height() const { return height_; }

 protected:
  Figure(double width, double height) : width_(width), height_(height) {}
  double width_, height_;
};

/// Maps world points onto picture pixels: uniform scale, the world rectangle centered in the
/// pixel rectangle, y up unless `y_down`.
struct ViewMap {
  double ox = 0, oy = 0, scale = 1;
  bool y_down = false;
  /// The view of [world_min, world_max] fitted into the pixel rectangle (x, y, w, h).
  ViewMap(double x, double y, double w, double h, Vec2 world_min, Vec2 world_max, bool y_down);
  double px(double wx) const { return ox + wx * scale; }
  double py(double wy) const { return y_down ? oy + wy * scale : oy - wy * scale; }
};

/// An SVG picture being built in memory; `str()` gives the whole document.
class SvgDocument final : public Figure {
 public:
  /// A picture of width x height pixels with a white background.
  SvgDocument(double width, double height);
  void label(double x, double y, std::string_view text, double size = 12,
             std::string_view color = "#000000", bool bold = false) override;
  void rect(double x, double y, double w, double h, const Style& style) override;
  std::unique_ptr<Canvas> panel(double x, double y, double w, double h, Vec2 world_min,
                                Vec2 world_max, bool y_down = false, bool clip = false) override;
  bool save(const std::string& path) const override;
  const char* extension() const override { return ".svg"; }
  /// Appends raw SVG elements (already escaped) to the body.
  void raw(std::string_view svg);
  /// The complete SVG document.
  std::string str() const;

 private:
  std::string body_;
  int clips_ = 0;
};

/// Escapes &, <, >, " and ' for SVG text and attributes.
std::string xml_escape(std::string_view s);

}  // namespace collide2d::draw
