// collide2d - 2D collision detection for games. MIT License.
/// @file protocol_tiled.cpp  `map_query` (and the maps of `move`) on Tiled maps (TMX or Tiled JSON): walls are the blocked
/// cells of the collision layer and everything outside the map rectangle. Each file is loaded
/// once (while among the kMaxCachedMaps most recently used); a file that fails to load keeps
/// failing with the same message.

#include <map>
#include <memory>
#include <string>
#include <variant>

#include "collide2d/tiled.hpp"
#include "protocol/protocol.hpp"

namespace collide2d::inline COLLIDE2D_ABI::tool {

namespace {

/// A loaded collision grid, or why the file could not be loaded.
using Loaded = std::variant<TileMap, std::string>;

const Loaded& load_cached(const std::string& path) {
  static MapCache<std::string, Loaded> cache;
  if (const Loaded* hit = cache.find(path)) return *hit;
  std::unique_ptr<Loaded> entry;
  try {
    TiledLoadOptions opt;
    opt.load_objects = false;
    opt.require_tilesets = false;  // blocked cells need only firstgids (FORMAT.md, the data README)
    entry = std::make_unique<Loaded>(load_tiled(path, opt).collision);
  } catch (const LoadError& e) {
    entry = std::make_unique<Loaded>(std::string(e.what()));
  }
  return cache.put(path, std::move(entry));
}

}  // namespace

const TileMap& cached_tiled_map(const std::string& path) {
  const Loaded& loaded = load_cached(path);
  if (const std::string* err = std::get_if<std::string>(&loaded)) protocol_fail("map", *err);
  return std::get<TileMap>(loaded);
}

Json answer_tiled_map(const std::string& path, Vec2 point, Real radius) {
  const TileMap& map = cached_tiled_map(path);
  const Real d = map.wall_distance(point);
  Json out = Json::object();
  out["free"] = d > radius;
  out["wall_distance"] = out_number(d, "wall_distance");
  out["sector"] = nullptr;
  return out;
}

}  // namespace collide2d::tool
