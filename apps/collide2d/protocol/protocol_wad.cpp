// collide2d - 2D collision detection for games. MIT License.
/// @file protocol_wad.cpp  `map_query` (and the maps of `move`) on Doom WAD maps: each WAD file is
/// read once and each map built once (a RoomMap with its index); later lines reuse them (the
/// kMaxCachedMaps most recently used files and maps are kept).
///
/// The answer's `sector` is what the game decides: the RoomMap says whether the point is in
/// any room (null in the void), and the map's own BSP walk (R_PointInSubsector) names the
/// sector. The two agree everywhere except on lines and in rare node-builder slivers (see
/// docs/rooms.md); a map without nodes is answered by the RoomMap alone.

#include <cctype>
#include <map>
#include <memory>
#include <string>

#include "collide2d/room_map.hpp"
#include "collide2d/wad.hpp"
#include "protocol/protocol.hpp"

namespace collide2d::inline COLLIDE2D_ABI::tool {

namespace {

struct LoadedMap {
  wad::WadMap map;
  RoomMap rooms;
};

std::string upper(std::string s) {
  for (char& c : s) c = char(std::toupper(static_cast<unsigned char>(c)));
  return s;
}

const LoadedMap& load(const std::string& path, const std::string& name) {
  static MapCache<std::string, const wad::WadFile> files;
  static MapCache<std::pair<std::string, std::string>, LoadedMap> maps;
  const auto key = std::make_pair(path, upper(name));
  if (const LoadedMap* hit = maps.find(key)) return *hit;
  const wad::WadFile* f = files.find(path);
  if (!f) f = &files.put(path, std::make_unique<const wad::WadFile>(wad::WadFile::open(path)));
  auto loaded = std::make_unique<LoadedMap>();
  loaded->map = wad::load_map(*f, name);
  loaded->rooms = loaded->map.room_map();
  return maps.put(key, std::move(loaded));
}

}  // namespace

namespace {

const LoadedMap& load_or_fail(const std::string& path, const std::string& map_name) {
  try {
    return load(path, map_name);
  } catch (const LoadError& e) {
    protocol_fail("map", e.what());
  } catch (const std::exception& e) {
    protocol_fail("map", path + ": " + e.what());
  }
}

}  // namespace

const RoomMap& cached_wad_map(const std::string& path, const std::string& map_name) {
  return load_or_fail(path, map_name).rooms;
}

Json answer_wad_map(const std::string& path, const std::string& map_name, Vec2 point, Real radius) {
  const LoadedMap* m = &load_or_fail(path, map_name);
  int sector = m->rooms.room_at(point);
  if (sector >= 0 && !m->map.nodes.empty()) sector = m->map.bsp_sector(double(point.x), double(point.y));
  const NearestPoint wall = m->rooms.nearest_wall(point);
  Json out = Json::object();
  const bool has_wall = wall.index >= 0;
  out["free"] = sector >= 0 && (!has_wall || wall.distance > radius);
  if (has_wall) out["wall_distance"] = out_number(wall.distance, "wall_distance");
  else out["wall_distance"] = nullptr;
  if (sector >= 0) out["sector"] = sector;
  else out["sector"] = nullptr;
  return out;
}

}  // namespace collide2d::tool
