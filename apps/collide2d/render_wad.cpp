// collide2d - 2D collision detection for games. MIT License.
/// @file render_wad.cpp  `collide2d render freedoom1.wad#E1M1` (or `--map E1M1`): one Doom map
/// to SVG, sectors filled by floor height, blocking walls bold, thin two-sided lines.

#include <exception>
#include <ostream>

#include "collide2d/wad.hpp"
#include "render.hpp"
#include "wad_draw.hpp"

namespace collide2d::inline COLLIDE2D_ABI::tool {

int render_wad(const RenderOptions& opt, std::ostream& log, std::ostream& err) {
  try {
    const wad::WadMap m = wad::load_wad_map(opt.input, opt.map_name);
    const SectorMap map(m.sector_desc());
    double w = 0, h = 0;
    wad_picture_size(map, 1600, w, h);
    draw::SvgDocument doc(w, h);
    const WadView view(map.bounds_min(), map.bounds_max(), 20, 50, w - 40, h - 70);
    std::vector<int> floors;
    for (const auto& s : m.sectors) floors.push_back(s.floor);
    draw_wad_map(doc, view, map, floors);
    const std::string title = m.name + ": " + std::to_string(map.sector_count()) + " sectors, " +
                              std::to_string(map.line_count()) + " lines, " +
                              std::to_string(map.walls().size()) + " blocking walls (bold)";
    doc.label(20, 30, title, 16, "#000000", true);
    if (!doc.save(opt.out)) {
      err << "collide2d render: cannot write " << opt.out << "\n";
      return 1;
    }
    log << "wrote " << opt.out << " (" << title << ")\n";
    if (!map.unclosed_sectors().empty())
      log << "note: " << map.unclosed_sectors().size() << " sectors whose lines do not close\n";
    return 0;
  } catch (const LoadError& e) {
    err << "collide2d render: " << e.what() << "\n";
  } catch (const std::exception& e) {
    err << "collide2d render: " << opt.input << ": " << e.what() << "\n";
  }
  return 1;
}

}  // namespace collide2d::tool
