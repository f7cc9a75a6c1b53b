// collide2d - 2D collision detection for games. MIT License.
/// @file render_tiled.cpp  `collide2d render MAP.tmx|MAP.tmj`: the solid cells of the collision
/// layer, the merged boundary chains and the object layers' shapes.

#include <ostream>

#include "collide2d/tiled.hpp"
#include "render/render.hpp"
#include "render/tiles_draw.hpp"

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
  tile_picture_size(map.collision, 1600, w, h);
  std::size_t shapes = 0;
  for (const TiledObject& o : map.objects) shapes += o.shapes.size();
  const std::string caption = opt.input + ": " + std::to_string(map.width) + "x" + std::to_string(map.height) +
                              " tiles, " + std::to_string(map.collision.solid_count()) + " blocked, " +
                              std::to_string(map.collision.edges().size()) + " boundary edges in " +
                              std::to_string(map.collision.chain_count()) + " chains, " + std::to_string(shapes) +
                              " object shapes";
  auto paint = [&](draw::Figure& fig) {
    auto canvas = draw_tile_picture(fig, map.collision);
    // Object shapes (warps, spawns, ...) as outlines.
    const draw::Style object{"#1f77b4", "#1f77b4", 1, 0.15, false};
    for (const TiledObject& o : map.objects)
      for (const Shape& sh : o.shapes) canvas->shape(sh, object);
    fig.label(10, h - 6, caption, 12);
  };
  return write_render(opt, w, h, paint, caption, log, err);
}

}  // namespace collide2d::tool
