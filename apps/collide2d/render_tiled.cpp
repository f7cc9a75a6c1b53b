// collide2d - 2D collision detection for games. MIT License.
/// @file render_tiled.cpp  `collide2d render MAP.tmx|MAP.tmj`: the solid cells of the collision
/// layer, the merged boundary chains and the object layers' shapes, to SVG.

#include <ostream>

#include "collide2d/tiled.hpp"
#include "render.hpp"
#include "tiles_draw.hpp"

namespace collide2d::inline COLLIDE2D_ABI::tool {

int render_tiled(const RenderOptions& opt, std::ostream& log, std::ostream& err) {
  TiledMap map;
  try {
    map = load_tiled(opt.input);
  } catch (const LoadError& e) {
    err << "collide2d render: " << e.what() << "\n";
    return 1;
  }
  double w = 0, h = 0;
  const TileView view = fit_tile_view(map.collision, 1600, w, h);
  draw::SvgDocument doc(w, h);
  const int chains = draw_tile_map(doc, map.collision, view);
  // Object shapes (warps, spawns, ...) as outlines.
  std::string s = "<g fill=\"#1f77b4\" fill-opacity=\"0.15\" stroke=\"#1f77b4\" stroke-width=\"1\">\n";
  std::size_t shapes = 0;
  for (const TiledObject& o : map.objects)
    for (const Shape& sh : o.shapes) {
      const Aabb b = bounds(sh);
      ++shapes;
      if (const Circle* c = std::get_if<Circle>(&sh)) {
        s += "<circle cx=\"" + svg_num(view.x(c->center.x)) + "\" cy=\"" + svg_num(view.y(c->center.y)) + "\" r=\"" +
             svg_num(double(c->radius) * view.scale) + "\"/>\n";
      } else if (const Segment* g = std::get_if<Segment>(&sh)) {
        s += svg_polyline({g->a, g->b}, view, "#1f77b4", 1.5);
      } else {
        s += "<rect x=\"" + svg_num(view.x(b.min.x)) + "\" y=\"" + svg_num(view.y(b.min.y)) + "\" width=\"" +
             svg_num(double(b.max.x - b.min.x) * view.scale) + "\" height=\"" +
             svg_num(double(b.max.y - b.min.y) * view.scale) + "\"/>\n";
      }
    }
  s += "</g>\n";
  doc.raw(s);
  const std::string caption = opt.input + ": " + std::to_string(map.width) + "x" + std::to_string(map.height) +
                              " tiles, " + std::to_string(map.collision.solid_count()) + " blocked, " +
                              std::to_string(map.collision.edges().size()) + " boundary edges in " +
                              std::to_string(chains) + " chains, " + std::to_string(shapes) + " object shapes";
  doc.label(10, h - 6, caption, 12);
  if (!doc.save(opt.out)) {
    err << "collide2d render: cannot write " << opt.out << "\n";
    return 1;
  }
  log << "collide2d render: wrote " << opt.out << " (" << caption << ")\n";
  return 0;
}

}  // namespace collide2d::tool
