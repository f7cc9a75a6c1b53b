// collide2d - 2D collision detection for games. MIT License.
/// @file protocol_disc_union.cpp  Ops `disc_union_boundary` (the coast as arcs of the input
/// discs) and `disc_union_query` (signed distance, nearest coast point, outward normal).

#include "collide2d/disc_union.hpp"
#include "protocol/island_parse.hpp"
#include "protocol/protocol.hpp"

namespace collide2d::inline COLLIDE2D_ABI::tool {

Json answer_disc_union(const std::string& op, const Json& in) {
  const std::vector<Circle> discs = parse_discs(require_field(in, "", "discs"), "discs");
  Vec2 point;
  if (op == "disc_union_query") {
    point = parse_vec2(require_field(in, "", "point"), "point");
    if (auto bad = validate(Shape(Point{point}))) protocol_fail("point", bad->message);  // the 1e12 limit
  }
  const DiscUnion land(discs);
  Json out = Json::object();
  if (op == "disc_union_boundary") {
    Json arcs = Json::array();
    for (const CoastArc& a : land.arcs()) {
      Json arc = Json::object();
      arc["disc"] = a.disc;
      arc["start"] = out_number(a.arc.start, "start");
      arc["sweep"] = out_number(a.arc.sweep, "sweep");
      arcs.push_back(std::move(arc));
    }
    out["arcs"] = std::move(arcs);
    return out;
  }
  const CoastPoint c = land.coast(point);
  out["inside"] = c.inside;
  if (land.empty()) {  // no land: no coast to measure from
    out["distance"] = nullptr;
    out["coast_point"] = nullptr;
    out["normal"] = nullptr;
    return out;
  }
  out["distance"] = out_number(c.distance, "distance");
  out["coast_point"] = out_point(c.point, "coast_point");
  out["normal"] = out_point(c.normal, "normal");
  return out;
}

}  // namespace collide2d::tool
