// collide2d - 2D collision detection for games. MIT License.
#include "render/svg.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <vector>

namespace collide2d::inline COLLIDE2D_ABI::draw {

namespace {

/// A pixel coordinate with two decimals (deterministic, compact).
std::string num(double v) {
  if (!std::isfinite(v)) v = 0;
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.2f", v);
  std::string s = buf;
  if (s == "-0.00") s = "0.00";
  // Trim trailing zeros: 12.50 -> 12.5, 3.00 -> 3.
  while (!s.empty() && s.back() == '0') s.pop_back();
  if (!s.empty() && s.back() == '.') s.pop_back();
  return s;
}

std::string attrs(const Style& st) {
  std::string a = " stroke=\"" + xml_escape(st.stroke) + "\" fill=\"" + xml_escape(st.fill) +
                  "\" stroke-width=\"" + num(st.width) + "\"";
  if (st.opacity < 1.0) a += " fill-opacity=\"" + num(st.opacity) + "\"";
  if (st.dashed) a += " stroke-dasharray=\"5 4\"";
  return a;
}

std::string hex(Color c) {
  char buf[8];
  std::snprintf(buf, sizeof buf, "#%02x%02x%02x", c.r, c.g, c.b);
  return buf;
}

/// The SVG backend of a Canvas: every callback appends one element to the document.
class SvgCanvas final : public Canvas {
 public:
  SvgCanvas(SvgDocument& doc, const ViewMap& view) : doc_(doc), v_(view) {}

  double scale() const override { return v_.scale; }

  void segment(Vec2 a, Vec2 b, Color color) override {
    if (color.none()) return;
    doc_.raw("<line x1=\"" + num(v_.px(double(a.x))) + "\" y1=\"" + num(v_.py(double(a.y))) + "\" x2=\"" +
             num(v_.px(double(b.x))) + "\" y2=\"" + num(v_.py(double(b.y))) + "\"" + paint(color, kNoColor) + "/>\n");
  }

  void circle(Vec2 c, Real r, Color stroke, Color fill) override {
    doc_.raw("<circle cx=\"" + num(v_.px(double(c.x))) + "\" cy=\"" + num(v_.py(double(c.y))) + "\" r=\"" +
             num(double(r) * v_.scale) + "\"" + paint(stroke, fill) + "/>\n");
  }

  void arc(const Arc& a, Color color) override {
    if (color.none()) return;
    const std::string r = num(double(a.radius) * v_.scale);
    std::string d = std::string("M") + at(a.start_point());
    // A whole circle goes as two halves. World counter-clockwise is clockwise on a y-down
    // picture: SVG's sweep flag 0 with y flipped, 1 without.
    const int pieces = a.sweep > Real(1.9) * kPi ? 2 : 1;
    for (int k = 1; k <= pieces; ++k) {
      const Real ang = a.start + a.sweep * Real(k) / Real(pieces);
      const Vec2 e = a.center + Rot::from_angle(ang).x_axis() * a.radius;
      const bool large = a.sweep / Real(pieces) > kPi;
      d += " A" + r + " " + r + " 0 " + (large ? "1" : "0") + (v_.y_down ? " 1 " : " 0 ") + at(e);
    }
    doc_.raw("<path d=\"" + d + "\"" + paint(color, kNoColor) + "/>\n");
  }

  void polygon(std::span<const Vec2> points, Color stroke, Color fill) override {
    std::string pts;
    for (Vec2 p : points) {
      if (!pts.empty()) pts += ' ';
      pts += num(v_.px(double(p.x))) + "," + num(v_.py(double(p.y)));
    }
    doc_.raw("<polygon points=\"" + pts + "\"" + paint(stroke, fill) + " fill-rule=\"evenodd\"/>\n");
  }

  void point(Vec2 p, float pixels, Color color) override {
    doc_.raw("<circle cx=\"" + num(v_.px(double(p.x))) + "\" cy=\"" + num(v_.py(double(p.y))) + "\" r=\"" +
             num(pixels) + "\"" + paint(kNoColor, color) + "/>\n");
  }

  void polyline(std::span<const Vec2> points, Color color) override {
    if (points.size() < 2 || color.none()) return;
    std::string d = "M" + at(points[0]);
    for (std::size_t k = 1; k < points.size(); ++k) d += " L" + at(points[k]);
    doc_.raw("<path d=\"" + d + "\"" + paint(color, kNoColor) + "/>\n");
  }

  void text(Vec2 p, std::string_view s, Color color) override {
    doc_.label(v_.px(double(p.x)) + 4, v_.py(double(p.y)) - 4, s, 10, hex(color));
  }

 private:
  std::string at(Vec2 p) const { return num(v_.px(double(p.x))) + " " + num(v_.py(double(p.y))); }

  std::string paint(Color stroke, Color fill) const {
    std::string a = " stroke=\"" + (stroke.none() ? std::string("none") : hex(stroke)) + "\" fill=\"" +
                    (fill.none() ? std::string("none") : hex(fill)) + "\"";
    if (!stroke.none()) {
      a += " stroke-width=\"" + num(stroke_width) + "\"";
      if (stroke.a < 255) a += " stroke-opacity=\"" + num(stroke.a / 255.0) + "\"";
      if (dashed) a += " stroke-dasharray=\"5 4\"";
    }
    if (!fill.none() && fill.a < 255) a += " fill-opacity=\"" + num(fill.a / 255.0) + "\"";
    return a;
  }

  SvgDocument& doc_;
  ViewMap v_;
};

/// Ends an SVG clip group when the canvas goes away.
class ClippedSvgCanvas final : public Canvas {
 public:
  ClippedSvgCanvas(SvgDocument& doc, const ViewMap& view) : doc_(doc), inner_(doc, view) {}
  ~ClippedSvgCanvas() override { doc_.raw("</g>\n"); }
  double scale() const override { return inner_.scale(); }
  void segment(Vec2 a, Vec2 b, Color c) override { sync(); inner_.segment(a, b, c); }
  void circle(Vec2 c, Real r, Color s, Color f) override { sync(); inner_.circle(c, r, s, f); }
  void arc(const Arc& a, Color c) override { sync(); inner_.arc(a, c); }
  void polygon(std::span<const Vec2> p, Color s, Color f) override { sync(); inner_.polygon(p, s, f); }
  void point(Vec2 p, float px, Color c) override { sync(); inner_.point(p, px, c); }
  void polyline(std::span<const Vec2> p, Color c) override { sync(); inner_.polyline(p, c); }
  void text(Vec2 p, std::string_view s, Color c) override { inner_.text(p, s, c); }

 private:
  void sync() {
    inner_.stroke_width = stroke_width;
    inner_.dashed = dashed;
    inner_.flags = flags;
  }
  SvgDocument& doc_;
  SvgCanvas inner_;
};

}  // namespace

Color parse_color(std::string_view t, double opacity) {
  const std::uint8_t alpha = std::uint8_t(std::lround(std::clamp(opacity, 0.0, 1.0) * 255));
  if (t.size() != 7 && t.size() != 4) return kNoColor;
  if (t[0] != '#') return kNoColor;
  auto nib = [](char c) -> int {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return 0;
  };
  if (t.size() == 4)
    return {std::uint8_t(nib(t[1]) * 17), std::uint8_t(nib(t[2]) * 17), std::uint8_t(nib(t[3]) * 17), alpha};
  return {std::uint8_t(nib(t[1]) * 16 + nib(t[2])), std::uint8_t(nib(t[3]) * 16 + nib(t[4])),
          std::uint8_t(nib(t[5]) * 16 + nib(t[6])), alpha};
}

std::string xml_escape(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (char c : s) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&apos;"; break;
      default: out += c;
    }
  }
  return out;
}

// ------------------------------------------------------------------ Canvas

void Canvas::polyline(std::span<const Vec2> points, Color color) {
  for (std::size_t k = 1; k < points.size(); ++k) segment(points[k - 1], points[k], color);
}

void Canvas::apply(const Style& style) {
  stroke_width = style.width;
  dashed = style.dashed;
}

void Canvas::line(Vec2 a, Vec2 b, const Style& style) {
  apply(style);
  segment(a, b, parse_color(style.stroke));
}

void Canvas::circle(Vec2 c, Real r, const Style& style) {
  apply(style);
  circle(c, r, parse_color(style.stroke), parse_color(style.fill, style.opacity));
}

void Canvas::dot(Vec2 p, double pixels, const Style& style) {
  apply(style);
  point(p, float(pixels), style.fill != "none" ? parse_color(style.fill) : parse_color(style.stroke));
}

void Canvas::polygon(std::span<const Vec2> points, const Style& style) {
  apply(style);
  polygon(points, parse_color(style.stroke), parse_color(style.fill, style.opacity));
}

void Canvas::polyline(std::span<const Vec2> points, const Style& style) {
  apply(style);
  polyline(points, parse_color(style.stroke, style.opacity));
}

void Canvas::shape(const Shape& s, const Style& style) {
  apply(style);
  draw_shape(*this, s, parse_color(style.stroke), parse_color(style.fill, style.opacity));
}

void Canvas::arrow(Vec2 from, Vec2 to, const Style& style) {
  apply(style);
  const Color c = parse_color(style.stroke);
  const double px = scale();
  const Vec2 d = to - from;
  const double l = double(length(d)) * px;  // pixels
  if (l < 1e-9) {
    point(from, 2.5f, c);
    return;
  }
  segment(from, to, c);
  dashed = false;
  const double head = std::min(9.0, 0.6 * l + 3) / px, spread = 0.45;
  const Vec2 u = d / length(d);
  const Vec2 w1 = to - Rot::from_angle(Real(spread)).apply(u) * Real(head);
  const Vec2 w2 = to - Rot::from_angle(Real(-spread)).apply(u) * Real(head);
  const Vec2 tri[3] = {to, w1, w2};
  polygon(tri, c, c);
}

void Canvas::text(Vec2 at, std::string_view s, const Style& style) {
  text(at, s, style.fill != "none" ? parse_color(style.fill) : parse_color(style.stroke));
}

// ------------------------------------------------------------------ ViewMap

ViewMap::ViewMap(double x, double y, double w, double h, Vec2 world_min, Vec2 world_max, bool down)
    : y_down(down) {
  const double ww = std::max(double(world_max.x) - double(world_min.x), 1e-9);
  const double wh = std::max(double(world_max.y) - double(world_min.y), 1e-9);
  scale = std::min(w / ww, h / wh);
  const double cx = 0.5 * (double(world_min.x) + double(world_max.x));
  const double cy = 0.5 * (double(world_min.y) + double(world_max.y));
  ox = x + 0.5 * w - cx * scale;
  oy = y_down ? y + 0.5 * h - cy * scale : y + 0.5 * h + cy * scale;
}

// ------------------------------------------------------------------ SvgDocument

SvgDocument::SvgDocument(double width, double height) : Figure(width, height) {}

void SvgDocument::raw(std::string_view svg) { body_.append(svg); }

void SvgDocument::label(double x, double y, std::string_view text, double size,
                        std::string_view color, bool bold) {
  body_ += "<text x=\"" + num(x) + "\" y=\"" + num(y) + "\" font-size=\"" + num(size) +
           "\" fill=\"" + xml_escape(color) + "\"" + (bold ? " font-weight=\"bold\"" : "") + ">" +
           xml_escape(text) + "</text>\n";
}

void SvgDocument::rect(double x, double y, double w, double h, const Style& style) {
  body_ += "<rect x=\"" + num(x) + "\" y=\"" + num(y) + "\" width=\"" + num(w) + "\" height=\"" +
           num(h) + "\"" + attrs(style) + "/>\n";
}

std::unique_ptr<Canvas> SvgDocument::panel(double x, double y, double w, double h, Vec2 world_min,
                                           Vec2 world_max, bool y_down, bool clip) {
  const ViewMap view(x, y, w, h, world_min, world_max, y_down);
  if (!clip) return std::make_unique<SvgCanvas>(*this, view);
  const std::string id = "clip" + std::to_string(++clips_);
  body_ += "<clipPath id=\"" + id + "\"><rect x=\"" + num(x) + "\" y=\"" + num(y) + "\" width=\"" +
           num(w) + "\" height=\"" + num(h) + "\"/></clipPath>\n<g clip-path=\"url(#" + id + ")\">\n";
  return std::make_unique<ClippedSvgCanvas>(*this, view);
}

std::string SvgDocument::str() const {
  std::string s = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  s += "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + num(width_) + "\" height=\"" +
       num(height_) + "\" viewBox=\"0 0 " + num(width_) + " " + num(height_) +
       "\" font-family=\"sans-serif\" stroke-linejoin=\"round\" stroke-linecap=\"round\">\n";
  s += "<rect x=\"0\" y=\"0\" width=\"" + num(width_) + "\" height=\"" + num(height_) +
       "\" fill=\"#ffffff\"/>\n";
  s += body_;
  s += "</svg>\n";
  return s;
}

bool SvgDocument::save(const std::string& path) const {
  std::ofstream f(path, std::ios::binary);
  if (!f) return false;
  std::string s = str();
  f.write(s.data(), static_cast<std::streamsize>(s.size()));
  f.close();
  return static_cast<bool>(f);
}

}  // namespace collide2d::draw
