// collide2d - 2D collision detection for games. MIT License.
/// @file island_parse.cpp  Reading disc islands from JSON.

#include "protocol/island_parse.hpp"

namespace collide2d::inline COLLIDE2D_ABI::tool {

std::vector<Circle> parse_discs(const Json& v, const std::string& path) {
  if (!v.is_array()) protocol_fail(path, "must be an array of [x, y, r] arrays");
  std::vector<Circle> discs;
  discs.reserve(v.size());
  for (std::size_t i = 0; i < v.size(); ++i) {
    const std::string at = path + "[" + std::to_string(i) + "]";
    const Json& d = v[i];
    if (!d.is_array() || d.size() != 3) protocol_fail(at, "must be an array [x, y, r] of three numbers");
    Circle c{{parse_real(d[0], at + "[0] (x)"), parse_real(d[1], at + "[1] (y)")},
             parse_real(d[2], at + "[2] (radius)")};
    discs.push_back(c);
  }
  if (auto bad = validate_discs(discs)) protocol_fail(path + bad->field.substr(5), bad->message);
  return discs;
}

}  // namespace collide2d::tool
