// collide2d - 2D collision detection for games. MIT License.
/// @file island_svg.cpp  Drawing disc islands into SVG.

#include "island_svg.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace collide2d::inline COLLIDE2D_ABI::tool {

namespace {

std::string num(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f", v);
  return buf;
}

std::string style_attrs(const draw::Style& s) {
  std::string a = " stroke=\"" + s.stroke + "\" fill=\"" + s.fill + "\" stroke-width=\"" + num(s.width) + "\"";
  if (s.fill != "none" && s.opacity < 1) a += " fill-opacity=\"" + num(s.opacity) + "\"";
  if (s.dashed) a += " stroke-dasharray=\"4 3\"";
  return a;
}

}  // namespace

IslandView::IslandView(draw::SvgDocument& doc, double x, double y, double w, double h, Vec2 world_min,
                       Vec2 world_max)
    : doc_(doc), panel_(doc, x, y, w, h, world_min, world_max) {
  // The same mapping as SvgPanel's constructor.
  const double ww = std::max(double(world_max.x) - double(world_min.x), 1e-9);
  const double wh = std::max(double(world_max.y) - double(world_min.y), 1e-9);
  scale_ = std::min(w / ww, h / wh);
  ox_ = x + 0.5 * w - 0.5 * (double(world_min.x) + double(world_max.x)) * scale_;
  oy_ = y + 0.5 * h + 0.5 * (double(world_min.y) + double(world_max.y)) * scale_;
}

std::string IslandView::px(Vec2 p) const {
  return num(ox_ + double(p.x) * scale_) + " " + num(oy_ - double(p.y) * scale_);
}

void IslandView::arc(const Arc& a, const draw::Style& style) {
  const std::string r = num(double(a.radius) * scale_);
  std::string d = "M" + px(a.start_point());
  // World counter-clockwise is counter-clockwise on the picture too (y flipped twice): SVG
  // sweep flag 0. A whole circle goes as two halves.
  const int pieces = a.sweep > Real(1.9) * kPi ? 2 : 1;
  for (int k = 1; k <= pieces; ++k) {
    const Real ang = a.start + a.sweep * Real(k) / Real(pieces);
    const Vec2 e = a.center + Rot::from_angle(ang).x_axis() * a.radius;
    const bool large = a.sweep / Real(pieces) > kPi;
    d += " A" + r + " " + r + " 0 " + (large ? "1" : "0") + " 0 " + px(e);
  }
  doc_.raw("<path d=\"" + d + "\"" + style_attrs(style) + "/>\n");
}

void IslandView::polyline(std::span<const Vec2> points, const draw::Style& style) {
  if (points.size() < 2) return;
  std::string d = "M" + px(points[0]);
  for (std::size_t k = 1; k < points.size(); ++k) d += " L" + px(points[k]);
  doc_.raw("<path d=\"" + d + "\"" + style_attrs(style) + "/>\n");
}

void IslandView::island(const DiscUnion& land, bool outlines, int normal_every) {
  const draw::Style fill{"none", "#d9c89a", 0, 1.0, false};
  const draw::Style outline{"#a08c5a", "none", 0.6, 1.0, true};
  const draw::Style coast{"#1f5fa8", "none", 2.0, 1.0, false};
  const draw::Style normal{"#d62728", "none", 1.0, 1.0, false};
  for (const Circle& c : land.discs()) panel_.circle(c.center, c.radius, fill);
  if (outlines)
    for (const Circle& c : land.discs()) panel_.circle(c.center, c.radius, outline);
  for (const CoastArc& a : land.arcs()) arc(a.arc, coast);
  if (normal_every <= 0) return;
  const double arrow = 18 / scale_;  // world length of an 18-pixel arrow
  for (std::size_t k = 0; k < land.arcs().size(); k += std::size_t(normal_every)) {
    const Arc& a = land.arcs()[k].arc;
    const Vec2 u = Rot::from_angle(a.start + a.sweep / 2).x_axis();
    const Vec2 p = a.center + u * a.radius;
    panel_.arrow(p, p + u * Real(arrow), normal);
  }
}

}  // namespace collide2d::tool
