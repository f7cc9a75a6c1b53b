// collide2d - 2D collision detection for games. MIT License.
/// @file wad_draw.cpp  Pictures of Doom maps (see wad_draw.hpp).

#include "render/wad_draw.hpp"

#include <algorithm>
#include <cmath>

#include "collide2d/debug_draw.hpp"

namespace collide2d::inline COLLIDE2D_ABI::tool {

void wad_picture_size(const RoomMap& map, double longest, double& width, double& height) {
  const double w = std::max(double(map.bounds().max.x - map.bounds().min.x), 1.0);
  const double h = std::max(double(map.bounds().max.y - map.bounds().min.y), 1.0);
  const double s = longest / std::max(w, h);
  width = std::ceil(w * s) + 40;
  height = std::ceil(h * s) + 70;
}

std::unique_ptr<draw::Canvas> draw_wad_picture(draw::Figure& fig, const RoomMap& map,
                                               const std::vector<int>& floor_height) {
  auto canvas = fig.panel(20, 50, fig.width() - 40, fig.height() - 70, map.bounds().min, map.bounds().max);
  // Floor height picks the shade: low floors dark blue-grey, high floors light sand.
  std::vector<float> shade;
  if (!floor_height.empty()) {
    const int lo = *std::min_element(floor_height.begin(), floor_height.end());
    const int hi = std::max(lo + 1, *std::max_element(floor_height.begin(), floor_height.end()));
    for (int f : floor_height) shade.push_back(float(f - lo) / float(hi - lo));
  }
  // Rooms and thin passable lines first, then the bold walls on top.
  const std::uint32_t flags = canvas->flags;
  canvas->flags = flags & (kDrawRooms | kDrawRoomLines);
  canvas->stroke_width = 0.6;
  draw_room_map(*canvas, map, shade);
  canvas->flags = flags & kDrawWalls;
  canvas->stroke_width = 2;
  draw_room_map(*canvas, map, shade);
  canvas->flags = flags;
  canvas->stroke_width = 1;
  return canvas;
}

}  // namespace collide2d::tool
