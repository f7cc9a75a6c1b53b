// collide2d - 2D collision detection for games. MIT License.
/// @file wad_draw.cpp  Drawing Doom maps to SVG (see wad_draw.hpp).

#include "wad_draw.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace collide2d::inline COLLIDE2D_ABI::tool {

WadView::WadView(Vec2 lo, Vec2 hi, double x, double y, double w, double h) {
  const double ww = std::max(double(hi.x) - double(lo.x), 1e-9);
  const double wh = std::max(double(hi.y) - double(lo.y), 1e-9);
  scale = std::min(w / ww, h / wh);
  ox = x + 0.5 * w - 0.5 * (double(lo.x) + double(hi.x)) * scale;
  oy = y + 0.5 * h + 0.5 * (double(lo.y) + double(hi.y)) * scale;
}

std::string wad_num(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f", v);
  std::string s = buf;
  while (!s.empty() && s.back() == '0') s.pop_back();
  if (!s.empty() && s.back() == '.') s.pop_back();
  return s == "-0" ? "0" : s;
}

void wad_picture_size(const SectorMap& map, double longest, double& width, double& height) {
  const double w = std::max(double(map.bounds_max().x - map.bounds_min().x), 1.0);
  const double h = std::max(double(map.bounds_max().y - map.bounds_min().y), 1.0);
  const double s = longest / std::max(w, h);
  width = std::ceil(w * s) + 40;
  height = std::ceil(h * s) + 70;
}

void draw_wad_map(draw::SvgDocument& doc, const WadView& view, const SectorMap& map,
                  const std::vector<int>& floor_height) {
  int fmin = 0, fmax = 1;
  if (!floor_height.empty()) {
    fmin = *std::min_element(floor_height.begin(), floor_height.end());
    fmax = std::max(fmin + 1, *std::max_element(floor_height.begin(), floor_height.end()));
  }
  // Sectors: normal ones first, self-referencing ones on top.
  for (int pass = 0; pass < 2; ++pass)
    for (int s = 0; s < map.sector_count(); ++s) {
      if (map.self_referencing(s) != (pass == 1)) continue;
      std::string d;
      for (const auto& loop : map.sector_loops(s)) {
        for (std::size_t k = 0; k < loop.size(); ++k) {
          d += k ? " L" : "M";
          d += wad_num(view.px(loop[k].x));
          d += ' ';
          d += wad_num(view.py(loop[k].y));
        }
        d += " Z ";
      }
      if (d.empty()) continue;
      // Floor height picks the shade: low floors dark blue-grey, high floors light sand.
      const double t = floor_height.size() > std::size_t(s)
                           ? double(floor_height[std::size_t(s)] - fmin) / (fmax - fmin)
                           : 0.5;
      const int r = int(120 + 110 * t), g = int(140 + 90 * t), b = int(170 + 30 * (1 - t));
      char fill[16];
      std::snprintf(fill, sizeof fill, "#%02x%02x%02x", r, g, b);
      doc.raw("<path d=\"" + d + "\" fill=\"" + fill + "\" fill-rule=\"evenodd\" stroke=\"none\"/>\n");
    }
  // Lines: two-sided passable ones thin and grey, blocking walls bold and black.
  std::string thin, bold;
  for (int i = 0; i < map.line_count(); ++i) {
    const MapLine& l = map.line(i);
    const Vec2 a = map.vertex(l.v1), b = map.vertex(l.v2);
    std::string& out = map.blocking(i) ? bold : thin;
    out += 'M';
    out += wad_num(view.px(a.x));
    out += ' ';
    out += wad_num(view.py(a.y));
    out += " L";
    out += wad_num(view.px(b.x));
    out += ' ';
    out += wad_num(view.py(b.y));
    out += ' ';
  }
  doc.raw("<path d=\"" + thin + "\" stroke=\"#7f7f7f\" stroke-width=\"0.6\" fill=\"none\"/>\n");
  doc.raw("<path d=\"" + bold + "\" stroke=\"#000000\" stroke-width=\"2\" fill=\"none\" stroke-linecap=\"round\"/>\n");
}

}  // namespace collide2d::tool
