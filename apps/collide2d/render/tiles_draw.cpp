// collide2d - 2D collision detection for games. MIT License.
#include "render/tiles_draw.hpp"

#include <algorithm>

#include "collide2d/debug_draw.hpp"

namespace collide2d::inline COLLIDE2D_ABI::tool {

namespace {
constexpr double kMargin = 10, kCaption = 20;
}

void tile_picture_size(const TileMap& map, double max_pixels, double& width, double& height) {
  const Aabb b = map.bounds();
  const double w = double(b.max.x - b.min.x), h = double(b.max.y - b.min.y);
  const double scale = max_pixels / std::max({w, h, 1e-9});
  width = w * scale + 2 * kMargin;
  height = h * scale + 2 * kMargin + kCaption;
}

std::unique_ptr<draw::Canvas> draw_tile_picture(draw::Figure& fig, const TileMap& map) {
  const Aabb b = map.bounds();
  auto canvas = fig.panel(kMargin, kMargin, fig.width() - 2 * kMargin, fig.height() - 2 * kMargin - kCaption,
                          b.min, b.max, /*y_down=*/true);
  canvas->stroke_width = 1;
  const Vec2 frame[4] = {b.min, {b.max.x, b.min.y}, b.max, {b.min.x, b.max.y}};
  canvas->polygon(frame, Color::hex(0x000000), Color::hex(0xfbfaf5));
  canvas->stroke_width = 0.8;
  draw_tile_map(*canvas, map);
  return canvas;
}

}  // namespace collide2d::tool
