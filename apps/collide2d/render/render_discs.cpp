// collide2d - 2D collision detection for games. MIT License.
/// @file render_discs.cpp  `collide2d render island.json`: a disc island ({"discs": [[x, y, r],
/// ...]}) to SVG: the land, every disc's outline, the coast arcs and their outward normals.

#include <cstdio>
#include <fstream>
#include <ostream>

#include "collide2d/disc_union.hpp"
#include "protocol/island_parse.hpp"
#include "render/island_svg.hpp"
#include "render/render.hpp"

namespace collide2d::inline COLLIDE2D_ABI::tool {

int render_discs(const RenderOptions& opt, std::ostream& log, std::ostream& err) {
  std::vector<Circle> discs;
  try {
    std::ifstream f(opt.input);
    const Json j = Json::parse(f);
    discs = parse_discs(require_field(j, "", "discs"), "discs");
  } catch (const ProtocolError& e) {
    err << "collide2d render: " << opt.input << ": " << e.text << "\n";
    return 1;
  } catch (const std::exception& e) {
    err << "collide2d render: " << opt.input << ": not valid JSON: " << e.what() << "\n";
    return 1;
  }
  const DiscUnion land(discs);
  Aabb world = land.empty() ? Aabb{{-1, -1}, {1, 1}} : land.bounds();
  const Vec2 pad = (world.max - world.min) * Real(0.05) + Vec2{1e-3f, 1e-3f};
  world = {world.min - pad, world.max + pad};
  const double w = 1000, h = 1000 * std::max(0.2, std::min(5.0, double((world.max.y - world.min.y) /
                                                                          (world.max.x - world.min.x))));
  char title[200];
  std::snprintf(title, sizeof title, "%zu discs, %zu coast arcs on %zu discs, coast length %.6g",
                discs.size(), land.arcs().size(), land.coast_disc_count(), double(land.coast_length()));
  return write_render(opt, w, h + 30, [&](draw::Figure& fig) {
    fig.rect(0, 30, w, h, {"none", "#cfe3f5", 0, 1.0, false});  // the sea
    auto canvas = fig.panel(0, 30, w, h, world.min, world.max);
    draw_island(*canvas, land, true, 1);
    fig.label(8, 20, title, 14);
  }, opt.input + ": " + title, log, err);
}

}  // namespace collide2d::tool
