// collide2d - 2D collision detection for games. MIT License.
#include "svg.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <vector>

namespace collide2d::inline COLLIDE2D_ABI::draw {

namespace {

constexpr double kPi = 3.14159265358979323846;

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

}  // namespace

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

// ------------------------------------------------------------------ SvgDocument

SvgDocument::SvgDocument(double width, double height) : width_(width), height_(height) {}

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

void SvgDocument::begin_clip(double x, double y, double w, double h) {
  const std::string id = "clip" + std::to_string(++clips_);
  body_ += "<clipPath id=\"" + id + "\"><rect x=\"" + num(x) + "\" y=\"" + num(y) + "\" width=\"" +
           num(w) + "\" height=\"" + num(h) + "\"/></clipPath>\n<g clip-path=\"url(#" + id + ")\">\n";
}

void SvgDocument::end_clip() { body_ += "</g>\n"; }

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

// ------------------------------------------------------------------ SvgPanel

SvgPanel::SvgPanel(SvgDocument& doc, double x, double y, double w, double h, Vec2 world_min,
                   Vec2 world_max)
    : doc_(doc) {
  double ww = std::max(double(world_max.x) - double(world_min.x), 1e-9);
  double wh = std::max(double(world_max.y) - double(world_min.y), 1e-9);
  scale_ = std::min(w / ww, h / wh);
  // Center the world rectangle in the pixel rectangle; y flips (world up = screen up).
  double cx = 0.5 * (double(world_min.x) + double(world_max.x));
  double cy = 0.5 * (double(world_min.y) + double(world_max.y));
  ox_ = x + 0.5 * w - cx * scale_;
  oy_ = y + 0.5 * h + cy * scale_;
}

SvgPanel::Px SvgPanel::map(double wx, double wy) const {
  return {ox_ + wx * scale_, oy_ - wy * scale_};
}

void SvgPanel::line(Vec2 a, Vec2 b, const Style& style) {
  Px p = map(a), q = map(b);
  doc_.raw("<line x1=\"" + num(p.x) + "\" y1=\"" + num(p.y) + "\" x2=\"" + num(q.x) + "\" y2=\"" +
           num(q.y) + "\"" + attrs(style) + "/>\n");
}

void SvgPanel::circle(Vec2 c, Real r, const Style& style) {
  Px p = map(c);
  doc_.raw("<circle cx=\"" + num(p.x) + "\" cy=\"" + num(p.y) + "\" r=\"" +
           num(double(r) * scale_) + "\"" + attrs(style) + "/>\n");
}

void SvgPanel::dot(Vec2 p, double pixels, const Style& style) {
  Px q = map(p);
  doc_.raw("<circle cx=\"" + num(q.x) + "\" cy=\"" + num(q.y) + "\" r=\"" + num(pixels) + "\"" +
           attrs(style) + "/>\n");
}

void SvgPanel::polygon(std::span<const Vec2> points, const Style& style) {
  std::string pts;
  for (Vec2 v : points) {
    Px p = map(v);
    if (!pts.empty()) pts += ' ';
    pts += num(p.x) + "," + num(p.y);
  }
  doc_.raw("<polygon points=\"" + pts + "\"" + attrs(style) + "/>\n");
}

void SvgPanel::rounded_polygon(std::span<const Vec2> ccw, Real radius, const Style& style) {
  // Drop consecutive repeats so every edge has a direction.
  std::vector<Vec2> v;
  for (Vec2 p : ccw)
    if (v.empty() || !(p == v.back())) v.push_back(p);
  while (v.size() > 1 && v.front() == v.back()) v.pop_back();
  if (v.empty()) return;
  double r = double(radius);
  if (v.size() == 1) {
    if (r > 0) circle(v[0], radius, style);
    else dot(v[0], 1.5, style);
    return;
  }
  if (r <= 0) {
    polygon(v, style);
    return;
  }
  const std::size_t n = v.size();
  // Outward normal of edge i -> i+1 of a counter-clockwise polygon (computed in double).
  std::vector<std::pair<double, double>> nrm(n);
  for (std::size_t i = 0; i < n; ++i) {
    double ex = double(v[(i + 1) % n].x) - double(v[i].x);
    double ey = double(v[(i + 1) % n].y) - double(v[i].y);
    double l = std::hypot(ex, ey);
    nrm[i] = {ey / l, -ex / l};
  }
  const std::string rp = num(r * scale_);
  std::string d;
  Px start = map(double(v[0].x) + r * nrm[0].first, double(v[0].y) + r * nrm[0].second);
  d += "M" + num(start.x) + " " + num(start.y);
  for (std::size_t i = 0; i < n; ++i) {
    std::size_t j = (i + 1) % n;
    Px e = map(double(v[j].x) + r * nrm[i].first, double(v[j].y) + r * nrm[i].second);
    d += " L" + num(e.x) + " " + num(e.y);
    Px f = map(double(v[j].x) + r * nrm[j].first, double(v[j].y) + r * nrm[j].second);
    // The y flip turns counter-clockwise in the world into SVG's negative-angle direction:
    // sweep flag 0.
    d += " A" + rp + " " + rp + " 0 0 0 " + num(f.x) + " " + num(f.y);
  }
  d += " Z";
  doc_.raw("<path d=\"" + d + "\"" + attrs(style) + "/>\n");
}

void SvgPanel::sector(Vec2 center, Real radius, Real facing, Real half_angle,
                      const Style& style) {
  double h = double(half_angle), f = double(facing), r = double(radius);
  double cx = double(center.x), cy = double(center.y);
  if (h >= kPi - 1e-9) {
    circle(center, radius, style);
    return;
  }
  if (h <= 0) {
    line(center, Vec2(Real(cx + r * std::cos(f)), Real(cy + r * std::sin(f))), style);
    return;
  }
  Px c = map(cx, cy);
  Px s = map(cx + r * std::cos(f - h), cy + r * std::sin(f - h));
  Px e = map(cx + r * std::cos(f + h), cy + r * std::sin(f + h));
  const std::string rp = num(r * scale_);
  std::string d = "M" + num(c.x) + " " + num(c.y) + " L" + num(s.x) + " " + num(s.y) + " A" + rp +
                  " " + rp + " 0 " + (2 * h > kPi ? "1" : "0") + " 0 " + num(e.x) + " " +
                  num(e.y) + " Z";
  doc_.raw("<path d=\"" + d + "\"" + attrs(style) + "/>\n");
}

void SvgPanel::arrow(Vec2 from, Vec2 to, const Style& style) {
  Px a = map(from), b = map(to);
  double dx = b.x - a.x, dy = b.y - a.y, l = std::hypot(dx, dy);
  if (l < 1e-9) {
    dot(from, 2.5, style);
    return;
  }
  dx /= l;
  dy /= l;
  const double head = std::min(9.0, 0.6 * l + 3), spread = 0.45;
  auto wing = [&](double sgn) {
    double c = std::cos(spread), s = sgn * std::sin(spread);
    double wx = -(dx * c - dy * s), wy = -(dx * s + dy * c);
    return Px{b.x + head * wx, b.y + head * wy};
  };
  Px w1 = wing(1), w2 = wing(-1);
  Style head_style = style;
  head_style.fill = style.stroke;
  head_style.opacity = 1;
  head_style.dashed = false;
  doc_.raw("<line x1=\"" + num(a.x) + "\" y1=\"" + num(a.y) + "\" x2=\"" + num(b.x) + "\" y2=\"" +
           num(b.y) + "\"" + attrs(style) + "/>\n");
  doc_.raw("<path d=\"M" + num(b.x) + " " + num(b.y) + " L" + num(w1.x) + " " + num(w1.y) + " L" +
           num(w2.x) + " " + num(w2.y) + " Z\"" + attrs(head_style) + "/>\n");
}

void SvgPanel::text(Vec2 at, std::string_view text, const Style& style) {
  Px p = map(at);
  std::string color = style.fill != "none" ? style.fill : style.stroke;
  doc_.label(p.x + 4, p.y - 4, text, 10, color);
}

}  // namespace collide2d::draw
