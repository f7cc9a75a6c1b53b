// collide2d - 2D collision detection for games. MIT License.
/// @file render_wad.cpp  `collide2d render freedoom1.wad#E1M1` (or `--map E1M1`): one Doom map,
/// rooms filled by floor height, blocking walls bold, thin two-sided lines.

#include <exception>
#include <ostream>

#include "collide2d/wad.hpp"
#include "render/render.hpp"
#include "render/wad_draw.hpp"

namespace collide2d::inline COLLIDE2D_ABI::tool {

int render_wad(const RenderOptions& opt, std::ostream& log, std::ostream& err) {
  try {
    const wad::WadMap m = wad::load_wad_map(opt.input, opt.map_name);
    const RoomMap map = m.room_map();
    double w = 0, h = 0;
    wad_picture_size(map, 1600, w, h);
    std::vector<int> floors;
    for (const auto& s : m.sectors) floors.push_back(s.floor);
    const std::string title = m.name + ": " + std::to_string(map.room_count()) + " rooms, " +
                              std::to_string(map.line_count()) + " lines, " +
                              std::to_string(map.walls().size()) + " blocking walls (bold)";
    const int status = write_render(opt, w, h, [&](draw::Figure& fig) {
      draw_wad_picture(fig, map, floors);
      fig.label(20, 30, title, 16, "#000000", true);
    }, title, log, err);
    if (status == 0 && !map.unclosed_rooms().empty())
      log << "note: " << map.unclosed_rooms().size() << " rooms whose lines do not close\n";
    return status;
  } catch (const LoadError& e) {
    err << "collide2d render: " << e.what() << "\n";
  } catch (const std::exception& e) {
    err << "collide2d render: " << opt.input << ": " << e.what() << "\n";
  }
  return 1;
}

}  // namespace collide2d::tool
