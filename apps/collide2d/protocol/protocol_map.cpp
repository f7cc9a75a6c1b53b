// collide2d - 2D collision detection for games. MIT License.
/// @file protocol_map.cpp  The `map` field (a Doom WAD or a Tiled map) and op `map_query`: reads
/// the common fields and hands over to protocol_wad.cpp or protocol_tiled.cpp.

#include <algorithm>
#include <cctype>
#include <fstream>
#include <string>

#include "protocol/protocol.hpp"

namespace collide2d::inline COLLIDE2D_ABI::tool {

namespace {

bool ends_with_wad(const std::string& path) {
  if (path.size() < 4) return false;
  std::string ext = path.substr(path.size() - 4);
  std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return char(std::tolower(c)); });
  return ext == ".wad";
}

bool starts_like_wad(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  char magic[4] = {};
  if (!f.read(magic, 4)) return false;
  const std::string m(magic, 4);
  return m == "IWAD" || m == "PWAD";
}

}  // namespace

MapSpec parse_map_spec(const Json& in) {
  const Json& map = require_field(in, "", "map");
  if (!map.is_string()) protocol_fail("map", "must be a string (a path, optionally with #NAME)");
  const std::string spec = map.get<std::string>();
  if (spec.empty()) protocol_fail("map", "empty path");
  // "path#NAME": the name picks one map inside the file (a WAD's E1M1). A '#' is taken as the
  // separator only when the part before it is a WAD path, so Tiled paths may contain '#'.
  const std::size_t hash = spec.rfind('#');
  if (hash != std::string::npos) {
    const std::string path = spec.substr(0, hash);
    if (ends_with_wad(path) || starts_like_wad(path)) return {true, path, spec.substr(hash + 1)};
  }
  if (ends_with_wad(spec) || starts_like_wad(spec)) return {true, spec, ""};
  return {false, spec, ""};
}

Json answer_map_query(const Json& in) {
  const MapSpec spec = parse_map_spec(in);
  const Vec2 point = parse_vec2(require_field(in, "", "point"), "point");
  const Real radius = parse_real(require_field(in, "", "radius"), "radius");
  if (!(radius >= 0)) protocol_fail("radius", "must be >= 0");
  // The same coordinate limits as a circle shape (beyond them distances may overflow).
  if (auto bad = validate(Shape(Circle{point, radius})))
    protocol_fail(bad->field == "radius" ? "radius" : "point", bad->message);
  if (spec.wad) return answer_wad_map(spec.path, spec.name, point, radius);
  return answer_tiled_map(spec.path, point, radius);
}

}  // namespace collide2d::tool
