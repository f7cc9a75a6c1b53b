// collide2d - 2D collision detection for games. MIT License.
/// @file protocol_move.cpp  Op `move` (FORMAT.md 1.1): one body moved by the one mover
/// (collide2d::move over obstacles) through the walls of a map (Tiled or Doom, loaded once) and
/// a list of obstacle shapes. A body that starts overlapping a wall or an obstacle deeper than
/// the start tolerance is refused naming `shape`; one within it is answered (the mover pushes
/// it out first).
///
/// Start tolerance: 1e-4 (1 + size) + 4e-6 offset, size the larger of the body's bounding
/// diagonal and |displacement|, offset the largest coordinate of the body's box: the
/// size-scaled tolerance of the other operations (FORMAT.md, "the same size-scaled tolerance").

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "collide2d/motion.hpp"
#include "protocol/protocol.hpp"

namespace collide2d::inline COLLIDE2D_ABI::tool {

namespace {

/// Owners of the obstacles handed to the mover.
constexpr std::uint32_t kMapOwner = 1;
constexpr std::uint32_t kShapeOwner = 2;

Real start_tolerance(const Shape& body, Vec2 d) {
  const Aabb b = bounds(body);
  const Real size = std::max(length(b.max - b.min), length(d));
  const Real offset = std::max({std::fabs(b.min.x), std::fabs(b.min.y), std::fabs(b.max.x), std::fabs(b.max.y)});
  return Real(1e-4) * (1 + size) + Real(4e-6) * offset;
}

std::string num(Real v) {
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.6g", double(v));
  return buf;
}

/// How deep the body reaches into a solid shape or a two-sided wall (0 when apart or touching).
Real depth_in(const Shape& body, const Shape& s) {
  if (!overlaps(body, s)) return 0;
  const Manifold m = contact(body, s);
  return m.touching ? m.depth : 0;
}

/// How deep the body reaches into the walls of a tile map: the deepest of its contacts with the
/// merged boundary; infinite when it overlaps walls without reaching their boundary (wholly
/// inside a wall or outside the map).
Real depth_in(const Shape& body, const TileMap& map) {
  if (map.is_free(body)) return 0;
  std::vector<WallContact> cs;
  map.contacts(body, cs);
  if (cs.empty()) return std::numeric_limits<Real>::infinity();
  Real deepest = 0;
  for (const WallContact& c : cs) deepest = std::max(deepest, c.depth);
  return deepest;
}

Json shape_json(const Shape& s, const Shape& input) {
  Json o = Json::object();
  struct V {
    Json& o;
    const Shape& input;
    void operator()(const Point& p) const {
      o["type"] = "point";
      o["at"] = out_point(p.at, "shape");
    }
    void operator()(const Circle& c) const {
      o["type"] = "circle";
      o["center"] = out_point(c.center, "shape");
      o["radius"] = out_number(c.radius, "shape");
    }
    void operator()(const Sector&) const { throw ProtocolError{"shape: a sector cannot move"}; }
    void operator()(const Aabb& b) const {
      o["type"] = "aabb";
      o["min"] = out_point(b.min, "shape");
      o["max"] = out_point(b.max, "shape");
    }
    void operator()(const Box& b) const {
      o["type"] = "box";
      o["center"] = out_point(b.center, "shape");
      o["half_extents"] = out_point(b.half_extents, "shape");
      o["angle"] = out_number(std::get<Box>(input).angle(), "shape");
    }
    void operator()(const Capsule& c) const {
      o["type"] = "capsule";
      o["a"] = out_point(c.a, "shape");
      o["b"] = out_point(c.b, "shape");
      o["radius"] = out_number(c.radius, "shape");
    }
    void operator()(const Segment& g) const {
      o["type"] = "segment";
      o["a"] = out_point(g.a, "shape");
      o["b"] = out_point(g.b, "shape");
    }
    void operator()(const Polygon& p) const {
      o["type"] = "polygon";
      Json pts = Json::array();
      for (int i = 0; i < p.count(); ++i) pts.push_back(out_point(p.vertex(i), "shape"));
      o["points"] = std::move(pts);
      o["radius"] = out_number(p.radius, "shape");
    }
  };
  std::visit(V{o, input}, s);
  return o;
}

}  // namespace

Json answer_move(const Json& in) {
  const Shape body = parse_shape(require_field(in, "", "shape"), "shape");
  if (std::holds_alternative<Sector>(body) || std::holds_alternative<Segment>(body))
    protocol_fail("shape.type", std::string("a ") + (std::holds_alternative<Sector>(body) ? "sector" : "segment") +
                                    " cannot be a move body (expected point, circle, aabb, box, capsule or polygon)");
  const Vec2 d = parse_vec2(require_field(in, "", "displacement"), "displacement");
  if (auto bad = validate_translation(d)) protocol_fail("displacement", bad->message);

  MoveOptions opt;
  if (auto it = in.find("response"); it != in.end()) {
    if (!it->is_string()) protocol_fail("response", "must be \"slide\" or \"bounce\"");
    const std::string r = it->get<std::string>();
    if (r == "slide") opt.response = Response::slide;
    else if (r == "bounce") opt.response = Response::bounce;
    else protocol_fail("response", "unknown response \"" + r + "\" (expected \"slide\" or \"bounce\")");
  }
  if (auto it = in.find("restitution"); it != in.end()) {
    opt.restitution = parse_real(*it, "restitution");
    if (!(opt.restitution >= 0)) protocol_fail("restitution", "must be >= 0");
  }

  std::vector<Shape> shapes;
  if (auto it = in.find("obstacles"); it != in.end()) {
    if (!it->is_array()) protocol_fail("obstacles", "must be an array of shapes");
    shapes.reserve(it->size());
    for (std::size_t i = 0; i < it->size(); ++i)
      shapes.push_back(parse_shape((*it)[i], "obstacles[" + std::to_string(i) + "]"));
  }

  const TileMap* tiles = nullptr;
  const RoomMap* rooms = nullptr;
  if (in.contains("map")) {
    const MapSpec spec = parse_map_spec(in);
    if (spec.wad) rooms = &cached_wad_map(spec.path, spec.name);
    else tiles = &cached_tiled_map(spec.path);
  }
  // The mover's own skin (scaled by the body and its coordinates) is kept: the maps' skins are
  // scaled by their tiles or extent, coarser than the answer's tolerance in the float build.

  // The start must be free within the tolerance.
  const Real tol = start_tolerance(body, d);
  for (std::size_t i = 0; i < shapes.size(); ++i) {
    const Real depth = depth_in(body, shapes[i]);
    if (depth > tol)
      protocol_fail("shape", "the body starts inside obstacles[" + std::to_string(i) + "] (depth " + num(depth) +
                                 ", tolerance " + num(tol) + ")");
  }
  if (tiles) {
    const Real depth = depth_in(body, *tiles);
    if (depth > tol)
      protocol_fail("shape", std::isinf(depth) ? std::string("the body starts inside a wall of the map")
                                               : "the body starts inside a wall of the map (depth " + num(depth) +
                                                     ", tolerance " + num(tol) + ")");
  }

  // Everything the body can reach, as obstacles for the one mover.
  const Aabb region = move_region(body, d, opt);
  std::vector<Obstacle> obstacles;
  if (tiles) tiles->gather(region, obstacles, kMapOwner);
  if (rooms) {
    rooms->gather(region, obstacles, kMapOwner);
    for (const Obstacle& o : obstacles) {  // the Doom walls are two-sided segments
      const Real depth = depth_in(body, Shape(Segment{o.edge.a, o.edge.b}));
      if (depth > tol)
        protocol_fail("shape", "the body starts on wall line " + std::to_string(o.element) + " of the map (depth " +
                                   num(depth) + ", tolerance " + num(tol) + ")");
    }
  }
  for (std::size_t i = 0; i < shapes.size(); ++i) {
    if (!bounds(shapes[i]).overlaps(region)) continue;
    obstacles.push_back(shape_obstacle(shapes[i], kShapeOwner, std::uint32_t(i)));
  }

  const MoveResult r = move(body, d, obstacles, opt);
  Json out = Json::object();
  out["shape"] = shape_json(r.shape, body);
  out["translation"] = out_point(r.translation, "translation");
  out["displacement"] = out_point(r.displacement, "displacement");
  out["contacts"] = r.contacts.size();
  out["blocked"] = r.blocked;
  return out;
}

}  // namespace collide2d::tool
