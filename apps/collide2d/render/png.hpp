// collide2d - 2D collision detection for games. MIT License.
#pragma once
/// @file png.hpp  The raster backend of the tool's pictures: `PngFigure` paints into an RGBA
/// image with a small rasterizer of its own (polygons filled by scanlines with the even-odd
/// rule, lines as quads, circles and rings per pixel, alpha blended, 4x4 samples per pixel)
/// and writes it with libpng. Text is not rasterized (PNG pictures carry no captions).

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "render/svg.hpp"

namespace collide2d::inline COLLIDE2D_ABI::draw {

/// An RGBA picture of width x height pixels (white background), saved as PNG.
class PngFigure final : public Figure {
 public:
  /// A white picture; sizes are rounded up to whole pixels (at least 1, at most 16384).
  PngFigure(double width, double height);
  void label(double x, double y, std::string_view text, double size = 12,
             std::string_view color = "#000000", bool bold = false) override;
  void rect(double x, double y, double w, double h, const Style& style) override;
  std::unique_ptr<Canvas> panel(double x, double y, double w, double h, Vec2 world_min,
                                Vec2 world_max, bool y_down = false, bool clip = false) override;
  bool save(const std::string& path) const override;
  const char* extension() const override { return ".png"; }

  int pixel_width() const { return w_; }
  int pixel_height() const { return h_; }
  /// The pixel at (x, y) (0, 0 top left) as 0xRRGGBBAA.
  std::uint32_t pixel(int x, int y) const;

  /// Fills a polygon given in picture pixels (even-odd rule) within the clip rectangle.
  void fill_polygon(std::span<const double> xy, Color color, const double clip[4]);
  /// Fills the ring between radii r0 <= r1 around (cx, cy) in picture pixels (r0 = 0: a disk).
  void fill_ring(double cx, double cy, double r0, double r1, Color color, const double clip[4]);
  /// A line of `width` pixels from (x0, y0) to (x1, y1), with round ends.
  void stroke_line(double x0, double y0, double x1, double y1, double width, Color color, const double clip[4]);

 private:
  void blend(int x, int y, Color c, int coverage);  // coverage 0..16
  int w_, h_;
  std::vector<std::uint8_t> rgba_;
};

/// Paints a picture of w x h pixels and writes it as `stem`.svg when `svg` and as `stem`.png
/// when `png` (each painted by `paint` on its own figure). Returns the paths written; on a
/// failure, `error` names the file and the list is empty.
std::vector<std::string> save_figures(const std::string& stem, double w, double h, bool svg, bool png,
                                      const std::function<void(Figure&)>& paint, std::string& error);

}  // namespace collide2d::draw
