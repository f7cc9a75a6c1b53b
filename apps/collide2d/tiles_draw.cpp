// collide2d - 2D collision detection for games. MIT License.
/// @file tiles_draw.cpp  Drawing a TileMap to SVG (see tiles_draw.hpp).

#include "tiles_draw.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace collide2d::inline COLLIDE2D_ABI::tool {

std::string svg_num(double v) {
  if (!std::isfinite(v)) v = 0;
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.2f", v);
  std::string s = buf;
  while (!s.empty() && s.back() == '0') s.pop_back();
  if (!s.empty() && s.back() == '.') s.pop_back();
  if (s == "-0") s = "0";
  return s;
}

TileView fit_tile_view(const TileMap& map, double max_pixels, double& doc_w, double& doc_h) {
  const Aabb b = map.bounds();
  const double w = double(b.max.x - b.min.x), h = double(b.max.y - b.min.y);
  TileView v;
  v.origin = b.min;
  v.scale = max_pixels / std::max(w, h);
  doc_w = w * v.scale + 2 * v.margin;
  doc_h = h * v.scale + 2 * v.margin + 20;  // room for the caption
  return v;
}

int draw_tile_map(draw::SvgDocument& doc, const TileMap& map, const TileView& view) {
  const Aabb b = map.bounds();
  std::string s = "<rect x=\"" + svg_num(view.x(b.min.x)) + "\" y=\"" + svg_num(view.y(b.min.y)) + "\" width=\"" +
                  svg_num(double(b.max.x - b.min.x) * view.scale) + "\" height=\"" +
                  svg_num(double(b.max.y - b.min.y) * view.scale) + "\" fill=\"#fbfaf5\" stroke=\"#000\" stroke-width=\"1\"/>\n";
  // Solid cells: one rect per horizontal run, in one group.
  s += "<g fill=\"#8c8c8c\" stroke=\"none\" shape-rendering=\"crispEdges\">\n";
  const Vec2 t = map.tile_size();
  for (int r = 0; r < map.height(); ++r) {
    int c = 0;
    while (c < map.width()) {
      if (!map.solid(c, r)) {
        ++c;
        continue;
      }
      const int c0 = c;
      while (c < map.width() && map.solid(c, r)) ++c;
      const Aabb cb = map.cell_box(c0, r);
      s += "<rect x=\"" + svg_num(view.x(cb.min.x)) + "\" y=\"" + svg_num(view.y(cb.min.y)) + "\" width=\"" +
           svg_num(double(c - c0) * double(t.x) * view.scale) + "\" height=\"" + svg_num(double(t.y) * view.scale + 0.3) +
           "\"/>\n";
    }
  }
  s += "</g>\n";
  // The merged boundary: one closed path per chain.
  s += "<g fill=\"none\" stroke=\"#a0182a\" stroke-width=\"0.8\" stroke-linejoin=\"round\">\n";
  const auto edges = map.edges();
  for (int k = 0; k < map.chain_count(); ++k) {
    const int first = map.chain_start(k);
    std::string d = "M";
    d += svg_num(view.x(edges[std::size_t(first)].a.x));
    d += ' ';
    d += svg_num(view.y(edges[std::size_t(first)].a.y));
    int e = first;
    std::size_t guard = 0;
    do {
      const TileEdge& te = edges[std::size_t(e)];
      d += 'L';
      d += svg_num(view.x(te.b.x));
      d += ' ';
      d += svg_num(view.y(te.b.y));
      e = te.next;
    } while (e >= 0 && e != first && ++guard <= edges.size());
    s += "<path d=\"" + d + "Z\"/>\n";
  }
  s += "</g>\n";
  doc.raw(s);
  return map.chain_count();
}

std::string svg_polyline(const std::vector<Vec2>& pts, const TileView& view, const char* color, double width,
                         double opacity) {
  if (pts.size() < 2) return {};
  std::string d;
  for (std::size_t i = 0; i < pts.size(); ++i) {
    d += i ? 'L' : 'M';
    d += svg_num(view.x(pts[i].x));
    d += ' ';
    d += svg_num(view.y(pts[i].y));
  }
  std::string s = "<path d=\"" + d + "\" fill=\"none\" stroke=\"" + color + "\" stroke-width=\"" + svg_num(width) + "\"";
  if (opacity < 1) s += " stroke-opacity=\"" + svg_num(opacity) + "\"";
  return s + "/>\n";
}

}  // namespace collide2d::tool
