// collide2d - 2D collision detection for games. MIT License.
/// @file fuzz_wad.cpp  Target `wad`: WadFile::from_bytes on arbitrary bytes, every map loaded,
/// converted to a RoomMap and queried (point location, the BSP walk, wall distance, a move).
/// A refusal must be a LoadError naming the file.

#include <vector>

#include "collide2d/wad.hpp"
#include "fuzz_loader.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace collide2d;
  try {
    const wad::WadFile f = wad::WadFile::from_bytes("fuzz.wad", std::vector<unsigned char>(data, data + size));
    for (const std::string& name : f.map_names()) {
      try {
        const wad::WadMap m = wad::load_map(f, name);
        const RoomMap sm = m.room_map();
        const Vec2 mid = sm.bounds().center();
        (void)sm.room_at(mid);
        (void)m.bsp_sector(double(mid.x), double(mid.y));
        (void)sm.wall_distance(mid);
        const CircleMove mv = sm.move_circle(mid, Real(16), Vec2(Real(100), Real(37)));
        if (!std::isfinite(mv.center.x) || !std::isfinite(mv.center.y)) fuzz::loader_finding("move_circle not finite");
      } catch (const LoadError& e) {
        fuzz::check_load_error(e);
      }
    }
  } catch (const LoadError& e) {
    fuzz::check_load_error(e);
  }
  return 0;
}
