// collide2d - 2D collision detection for games. MIT License.
/// @file png.cpp  The raster backend (see png.hpp): a small rasterizer and libpng output.

#include "render/png.hpp"

#include <png.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace collide2d::inline COLLIDE2D_ABI::draw {

namespace {

constexpr int kSub = 4;  // samples per pixel along each axis

/// A Canvas painting into a PngFigure through a view; clipped to its pixel rectangle.
class PngCanvas final : public Canvas {
 public:
  PngCanvas(PngFigure& fig, const ViewMap& view, const double clip[4]) : fig_(fig), v_(view) {
    std::copy(clip, clip + 4, clip_);
  }
  double scale() const override { return v_.scale; }

  void segment(Vec2 a, Vec2 b, Color color) override {
    if (color.none()) return;
    fig_.stroke_line(x(a), y(a), x(b), y(b), stroke_width, color, clip_);
  }

  void circle(Vec2 c, Real r, Color stroke, Color fill) override {
    const double pr = double(r) * v_.scale;
    if (!fill.none()) fig_.fill_ring(x(c), y(c), 0, pr, fill, clip_);
    if (!stroke.none()) {
      const double h = 0.5 * stroke_width;
      fig_.fill_ring(x(c), y(c), std::max(0.0, pr - h), pr + h, stroke, clip_);
    }
  }

  void arc(const Arc& a, Color color) override {
    if (color.none()) return;
    // About one segment per 3 pixels of arc, at least 4, at most 720.
    const double len = double(a.radius) * double(a.sweep) * v_.scale;
    const int n = std::clamp(int(len / 3), 4, 720);
    polyline(arc_points(a, n), color);
  }

  void polygon(std::span<const Vec2> points, Color stroke, Color fill) override {
    if (points.empty()) return;
    if (!fill.none()) {
      std::vector<double> xy;
      xy.reserve(points.size() * 2);
      for (Vec2 p : points) {
        xy.push_back(x(p));
        xy.push_back(y(p));
      }
      fig_.fill_polygon(xy, fill, clip_);
    }
    if (stroke.none()) return;
    for (std::size_t k = 0; k < points.size(); ++k) segment(points[k], points[(k + 1) % points.size()], stroke);
  }

  void point(Vec2 p, float pixels, Color color) override {
    if (!color.none()) fig_.fill_ring(x(p), y(p), 0, double(pixels), color, clip_);
  }

  void text(Vec2, std::string_view, Color) override {}

 private:
  double x(Vec2 p) const { return v_.px(double(p.x)); }
  double y(Vec2 p) const { return v_.py(double(p.y)); }
  PngFigure& fig_;
  ViewMap v_;
  double clip_[4];
};

}  // namespace

PngFigure::PngFigure(double width, double height)
    : Figure(width, height),
      w_(std::clamp(int(std::ceil(width)), 1, 16384)),
      h_(std::clamp(int(std::ceil(height)), 1, 16384)),
      rgba_(std::size_t(w_) * std::size_t(h_) * 4, 255) {}

std::uint32_t PngFigure::pixel(int x, int y) const {
  const std::uint8_t* p = &rgba_[(std::size_t(y) * std::size_t(w_) + std::size_t(x)) * 4];
  return std::uint32_t(p[0]) << 24 | std::uint32_t(p[1]) << 16 | std::uint32_t(p[2]) << 8 | p[3];
}

void PngFigure::blend(int x, int y, Color c, int coverage) {
  if (coverage <= 0) return;
  std::uint8_t* p = &rgba_[(std::size_t(y) * std::size_t(w_) + std::size_t(x)) * 4];
  const int a = c.a * coverage / (kSub * kSub);  // 0..255
  p[0] = std::uint8_t((c.r * a + p[0] * (255 - a) + 127) / 255);
  p[1] = std::uint8_t((c.g * a + p[1] * (255 - a) + 127) / 255);
  p[2] = std::uint8_t((c.b * a + p[2] * (255 - a) + 127) / 255);
  p[3] = 255;
}

void PngFigure::fill_polygon(std::span<const double> xy, Color color, const double clip[4]) {
  const std::size_t n = xy.size() / 2;
  if (n < 3 || color.none()) return;
  double ymin = xy[1], ymax = xy[1];
  for (std::size_t i = 0; i < n; ++i) {
    if (!std::isfinite(xy[2 * i]) || !std::isfinite(xy[2 * i + 1])) return;
    ymin = std::min(ymin, xy[2 * i + 1]);
    ymax = std::max(ymax, xy[2 * i + 1]);
  }
  const int x_lo = std::max(0, int(std::floor(clip[0]))), x_hi = std::min(w_, int(std::ceil(clip[0] + clip[2])));
  const int y_lo = std::max({0, int(std::floor(clip[1])), int(std::floor(ymin))});
  const int y_hi = std::min({h_, int(std::ceil(clip[1] + clip[3])), int(std::ceil(ymax)) + 1});
  if (x_lo >= x_hi) return;
  std::vector<int> cover(std::size_t(x_hi - x_lo));
  std::vector<double> xs;
  for (int py = y_lo; py < y_hi; ++py) {
    std::fill(cover.begin(), cover.end(), 0);
    bool any = false;
    for (int sy = 0; sy < kSub; ++sy) {
      const double sample_y = py + (sy + 0.5) / kSub;
      xs.clear();
      for (std::size_t i = 0; i < n; ++i) {
        const std::size_t j = (i + 1) % n;
        const double y0 = xy[2 * i + 1], y1 = xy[2 * j + 1];
        if ((y0 <= sample_y) == (y1 <= sample_y)) continue;  // half-open: no double crossings
        const double t = (sample_y - y0) / (y1 - y0);
        xs.push_back(xy[2 * i] + t * (xy[2 * j] - xy[2 * i]));
      }
      std::sort(xs.begin(), xs.end());
      for (std::size_t k = 0; k + 1 < xs.size(); k += 2) {
        // Samples at x + (s + 0.5) / kSub inside [xs[k], xs[k + 1]).
        const double a = std::max(xs[k], double(x_lo)), b = std::min(xs[k + 1], double(x_hi));
        if (a >= b) continue;
        const long s0 = long(std::ceil(a * kSub - 0.5)), s1 = long(std::ceil(b * kSub - 0.5));  // [s0, s1)
        for (long s = s0; s < s1; ++s) {
          const long px = s / kSub;
          if (px >= x_lo && px < x_hi) {
            ++cover[std::size_t(px - x_lo)];
            any = true;
          }
        }
      }
    }
    if (!any) continue;
    for (int px = x_lo; px < x_hi; ++px) blend(px, py, color, cover[std::size_t(px - x_lo)]);
  }
}

void PngFigure::fill_ring(double cx, double cy, double r0, double r1, Color color, const double clip[4]) {
  if (color.none() || !(r1 > 0) || !std::isfinite(cx) || !std::isfinite(cy) || !std::isfinite(r1)) return;
  const int x_lo = std::max({0, int(std::floor(clip[0])), int(std::floor(cx - r1))});
  const int x_hi = std::min({w_, int(std::ceil(clip[0] + clip[2])), int(std::ceil(cx + r1)) + 1});
  const int y_lo = std::max({0, int(std::floor(clip[1])), int(std::floor(cy - r1))});
  const int y_hi = std::min({h_, int(std::ceil(clip[1] + clip[3])), int(std::ceil(cy + r1)) + 1});
  const double in2 = r0 * r0, out2 = r1 * r1;
  for (int py = y_lo; py < y_hi; ++py)
    for (int px = x_lo; px < x_hi; ++px) {
      // Whole pixels well inside or outside skip the samples.
      const double d = std::hypot(px + 0.5 - cx, py + 0.5 - cy);
      if (d > r1 + 0.75 || (r0 > 0 && d < r0 - 0.75)) continue;
      if (d < r1 - 0.75 && (r0 <= 0 || d > r0 + 0.75)) {
        blend(px, py, color, kSub * kSub);
        continue;
      }
      int c = 0;
      for (int sy = 0; sy < kSub; ++sy)
        for (int sx = 0; sx < kSub; ++sx) {
          const double dx = px + (sx + 0.5) / kSub - cx, dy = py + (sy + 0.5) / kSub - cy;
          const double q = dx * dx + dy * dy;
          c += q <= out2 && q >= in2;
        }
      blend(px, py, color, c);
    }
}

void PngFigure::stroke_line(double x0, double y0, double x1, double y1, double width, Color color,
                            const double clip[4]) {
  const double dx = x1 - x0, dy = y1 - y0, l = std::hypot(dx, dy), h = 0.5 * std::max(width, 0.5);
  if (!(l > 1e-9)) {
    fill_ring(x0, y0, 0, h, color, clip);
    return;
  }
  const double nx = -dy / l * h, ny = dx / l * h;
  const double quad[8] = {x0 + nx, y0 + ny, x1 + nx, y1 + ny, x1 - nx, y1 - ny, x0 - nx, y0 - ny};
  fill_polygon(quad, color, clip);
}

void PngFigure::label(double, double, std::string_view, double, std::string_view, bool) {}

void PngFigure::rect(double x, double y, double w, double h, const Style& style) {
  const double all[4] = {0, 0, double(w_), double(h_)};
  const double quad[8] = {x, y, x + w, y, x + w, y + h, x, y + h};
  fill_polygon(quad, parse_color(style.fill, style.opacity), all);
  const Color s = parse_color(style.stroke);
  if (s.none() || style.width <= 0) return;
  for (int k = 0; k < 4; ++k)
    stroke_line(quad[2 * k], quad[2 * k + 1], quad[(2 * k + 2) % 8], quad[(2 * k + 3) % 8], style.width, s, all);
}

std::unique_ptr<Canvas> PngFigure::panel(double x, double y, double w, double h, Vec2 world_min,
                                         Vec2 world_max, bool y_down, bool clip) {
  const double all[4] = {0, 0, double(w_), double(h_)}, box[4] = {x, y, w, h};
  return std::make_unique<PngCanvas>(*this, ViewMap(x, y, w, h, world_min, world_max, y_down), clip ? box : all);
}

bool PngFigure::save(const std::string& path) const {
  FILE* f = std::fopen(path.c_str(), "wb");
  if (!f) return false;
  png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, nullptr, nullptr, nullptr);
  png_infop info = png ? png_create_info_struct(png) : nullptr;
  if (!png || !info) {
    png_destroy_write_struct(&png, info ? &info : nullptr);
    std::fclose(f);
    return false;
  }
  std::vector<png_bytep> rows(static_cast<std::size_t>(h_));
  for (int r = 0; r < h_; ++r)
    rows[std::size_t(r)] = const_cast<png_bytep>(&rgba_[std::size_t(r) * std::size_t(w_) * 4]);
  if (setjmp(png_jmpbuf(png))) {  // libpng reports errors by longjmp
    png_destroy_write_struct(&png, &info);
    std::fclose(f);
    return false;
  }
  png_init_io(png, f);
  png_set_IHDR(png, info, png_uint_32(w_), png_uint_32(h_), 8, PNG_COLOR_TYPE_RGB_ALPHA, PNG_INTERLACE_NONE,
               PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
  png_set_compression_level(png, 9);
  png_write_info(png, info);
  png_write_image(png, rows.data());
  png_write_end(png, nullptr);
  png_destroy_write_struct(&png, &info);
  return std::fclose(f) == 0;
}

std::vector<std::string> save_figures(const std::string& stem, double w, double h, bool svg, bool png,
                                      const std::function<void(Figure&)>& paint, std::string& error) {
  std::vector<std::string> written;
  auto one = [&](Figure& fig) {
    paint(fig);
    const std::string path = stem + fig.extension();
    if (!fig.save(path)) {
      error = "cannot write " + path;
      return false;
    }
    written.push_back(path);
    return true;
  };
  if (svg) {
    SvgDocument doc(w, h);
    if (!one(doc)) return {};
  }
  if (png) {
    PngFigure raster(w, h);
    if (!one(raster)) return {};
  }
  return written;
}

}  // namespace collide2d::draw
