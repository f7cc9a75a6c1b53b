// collide2d - 2D collision detection for games. MIT License.
#include "protocol/protocol.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <istream>
#include <limits>
#include <ostream>
#include <type_traits>
#include <utility>
#include <vector>

#include "collide2d/sweep.hpp"

namespace collide2d::inline COLLIDE2D_ABI::tool {

namespace {

/// A result the library should never produce (NaN, a bad point count): reported, not printed.
struct InternalError {
  std::string text;
};


std::string join(const std::string& path, std::string_view key) {
  return path.empty() ? std::string(key) : path + "." + std::string(key);
}

/// A JSON value as JSON text (strings quoted and escaped).
std::string quoted(const Json& v) { return v.dump(-1, ' ', false, Json::error_handler_t::replace); }

/// How a JSON value is called in messages ("a string", "an array", ...).
std::string kind_of(const Json& v) {
  switch (v.type()) {
    case Json::value_t::null: return "null";
    case Json::value_t::boolean: return "a boolean";
    case Json::value_t::string: return "the string " + quoted(v);
    case Json::value_t::array: return "an array";
    case Json::value_t::object: return "an object";
    default: return "a number";
  }
}



}  // namespace

void protocol_fail(const std::string& path, const std::string& message) {
  throw ProtocolError{path.empty() ? message : path + ": " + message};
}

const Json& require_field(const Json& obj, const std::string& path, std::string_view key) {
  auto it = obj.find(key);
  if (it == obj.end()) protocol_fail(join(path, key), "missing field");
  return *it;
}

/// A library scalar as a JSON number with just enough digits to give the same scalar back.
double out_number(Real v, const char* what) {
  if (!std::isfinite(v)) throw InternalError{std::string("the library returned a non-finite ") + what};
  if constexpr (std::is_same_v<Real, float>) {
    char buf[40];
    for (int digits = 1; digits <= 9; ++digits) {
      std::snprintf(buf, sizeof buf, "%.*g", digits, double(v));
      if (std::strtof(buf, nullptr) == v) return std::strtod(buf, nullptr);
    }
    return double(v);
  } else {
    return double(v);
  }
}

Json out_point(Vec2 v, const char* what) { return Json::array({out_number(v.x, what), out_number(v.y, what)}); }

namespace {

/// The origin a pair query or ray cast is computed from (docs/queries.md, "Large coordinates"):
/// the float tool takes the input's positions relative to the rounded center of the first
/// shape, subtracted in double before they are rounded to float, and adds it back to the
/// points it reports. The queries do not change under a translation; the float inputs then
/// keep the precision of the JSON numbers near the shapes instead of that of their distance
/// from (0, 0). The double tool measures from (0, 0).
Frame frame_of(const Shape& first) {
  if constexpr (!std::is_same_v<Real, float>) {
    (void)first;
    return {};
  } else {
    const Vec2 c = bounds(first).center();
    return {std::round(double(c.x)), std::round(double(c.y))};
  }
}

/// The shape at `v` (already parsed and validated as `raw`, the errors it may give named there)
/// with its positions taken relative to `frame`. Should the relative shape be refused where
/// the raw one was not (a polygon whose points round to a different hull), `raw` moved into
/// the frame stands in for it.
Shape local_shape(const Json& v, const std::string& path, const Shape& raw, const Frame& frame) {
  if (frame.x == 0 && frame.y == 0) return raw;
  try {
    return parse_shape(v, path, frame);
  } catch (const ProtocolError&) {
    return translated(raw, Vec2{static_cast<Real>(-frame.x), static_cast<Real>(-frame.y)});
  }
}

/// The first shape of a query at `v` (named `path`) and the frame it sets.
std::pair<Shape, Frame> parse_first(const Json& v, const std::string& path) {
  const Shape raw = parse_shape(v, path);
  const Frame frame = frame_of(raw);
  return {local_shape(v, path, raw, frame), frame};
}

/// Another shape of the query, relative to `frame`.
Shape parse_other(const Json& v, const std::string& path, const Frame& frame) {
  return local_shape(v, path, parse_shape(v, path), frame);
}

/// A point the library returned in `frame`, as JSON in the input's coordinates.
Json out_position(Vec2 v, const Frame& frame, const char* what) {
  return Json::array({out_number(v.x, what) + frame.x, out_number(v.y, what) + frame.y});
}

Json do_overlap(const Json& in) {
  const auto [a, frame] = parse_first(require_field(in, "", "a"), "a");
  const Shape b = parse_other(require_field(in, "", "b"), "b", frame);
  Json out = Json::object();
  out["overlap"] = overlaps(a, b);
  return out;
}

Json do_distance(const Json& in) {
  const auto [a, frame] = parse_first(require_field(in, "", "a"), "a");
  const Shape b = parse_other(require_field(in, "", "b"), "b", frame);
  const DistanceResult r = distance(a, b);
  Json out = Json::object();
  out["distance"] = out_number(r.distance, "distance");
  out["point_a"] = out_position(r.point_a, frame, "point_a");
  out["point_b"] = out_position(r.point_b, frame, "point_b");
  return out;
}

Json do_contact(const Json& in) {
  const auto [a, frame] = parse_first(require_field(in, "", "a"), "a");
  const Shape b = parse_other(require_field(in, "", "b"), "b", frame);
  const Manifold m = contact(a, b);
  Json out = Json::object();
  out["touching"] = m.touching;
  if (!m.touching) return out;
  if (m.point_count < 1 || m.point_count > 2)
    throw InternalError{"the library returned a contact with " + std::to_string(m.point_count) +
                        " points"};
  out["normal"] = out_point(m.normal, "normal");
  out["depth"] = out_number(m.depth, "depth");
  Json pts = Json::array();
  for (int i = 0; i < m.point_count; ++i) pts.push_back(out_position(m.points[std::size_t(i)], frame, "point"));
  out["points"] = std::move(pts);
  return out;
}

Json do_raycast(const Json& in) {
  const auto [s, frame] = parse_first(require_field(in, "", "shape"), "shape");
  Ray ray;
  const Json& origin = require_field(in, "", "origin");
  ray.origin = parse_vec2(origin, "origin");
  ray.direction = parse_vec2(require_field(in, "", "direction"), "direction");
  ray.max_distance = parse_real(require_field(in, "", "max_distance"), "max_distance");
  if (auto bad = validate(ray)) protocol_fail(bad->field, bad->message);
  ray.origin = parse_vec2(origin, "origin", frame);  // checked above as given
  const RayHit h = raycast(s, ray);
  Json out = Json::object();
  out["hit"] = h.hit;
  if (!h.hit) return out;
  if (h.inside) {
    out["distance"] = 0;
    out["inside"] = true;
    return out;
  }
  out["distance"] = out_number(h.distance, "distance");
  out["point"] = out_position(h.point, frame, "point");
  out["normal"] = out_point(h.normal, "normal");
  return out;
}

Json do_sweep(const Json& in) {
  const auto [a, frame] = parse_first(require_field(in, "", "a"), "a");
  const Vec2 va = parse_vec2(require_field(in, "", "velocity_a"), "velocity_a");
  const Shape b = parse_other(require_field(in, "", "b"), "b", frame);
  const Vec2 vb = parse_vec2(require_field(in, "", "velocity_b"), "velocity_b");
  if (auto bad = validate_velocity(va)) protocol_fail("velocity_a", bad->message);
  if (auto bad = validate_velocity(vb)) protocol_fail("velocity_b", bad->message);
  const SweepHit h = sweep(a, va, b, vb);
  Json out = Json::object();
  out["hit"] = h.hit;
  if (!h.hit) return out;
  if (h.initially_overlapping) {
    out["time"] = 0;
    out["initially_overlapping"] = true;
    return out;
  }
  out["time"] = out_number(h.time, "time");
  out["normal"] = out_point(h.normal, "normal");
  out["point"] = out_position(h.point, frame, "point");
  return out;
}

Json answer_object(const Json& in) {
  auto it = in.find("op");
  if (it == in.end()) protocol_fail("op", "missing field");
  if (!it->is_string()) protocol_fail("op", "must be a string, got " + kind_of(*it));
  const std::string op = it->get<std::string>();
  if (op == "overlap") return do_overlap(in);
  if (op == "distance") return do_distance(in);
  if (op == "contact") return do_contact(in);
  if (op == "raycast") return do_raycast(in);
  if (op == "sweep") return do_sweep(in);
  if (op == "disc_union_boundary" || op == "disc_union_query") return answer_disc_union(op, in);
  if (op == "map_query") return answer_map_query(in);
  if (op == "move") return answer_move(in);
  protocol_fail("op", "unknown op " + quoted(*it) +
                 " (expected overlap, distance, contact, raycast, sweep, disc_union_boundary, "
                 "disc_union_query, map_query or move)");
}

/// Deepest nesting of arrays and objects in a JSON text (strings skipped). Lines deeper than
/// kMaxDepth are refused before parsing: copying and printing such values would recurse.
constexpr int kMaxDepth = 128;
int nesting_depth(std::string_view text) {
  int depth = 0, deepest = 0;
  bool in_string = false, escaped = false;
  for (char c : text) {
    if (in_string) {
      if (escaped) escaped = false;
      else if (c == '\\') escaped = true;
      else if (c == '"') in_string = false;
    } else if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      deepest = std::max(deepest, ++depth);
    } else if (c == ']' || c == '}') {
      --depth;
    }
  }
  return deepest;
}

std::string dump(const Json& j) { return j.dump(-1, ' ', false, Json::error_handler_t::replace); }

std::string error_line(const Json* id, const std::string& message) {
  Json out = Json::object();
  if (id) out["id"] = *id;
  out["error"] = message;
  return dump(out);
}

}  // namespace

// ------------------------------------------------------------------ parsing

namespace {

/// A JSON number that is finite and fits the library's scalar, as a double.
double checked_number(const Json& v, const std::string& path) {
  if (!v.is_number()) protocol_fail(path, "must be a number, got " + kind_of(v));
  const double d = v.get<double>();
  if (!std::isfinite(d)) protocol_fail(path, "must be a finite number");
  if (std::fabs(d) > double(std::numeric_limits<Real>::max())) {
    char buf[160];
    std::snprintf(buf, sizeof buf, "out of range: |%g| exceeds the largest %s (%g)", d,
                  std::is_same_v<Real, float> ? "float" : "double",
                  double(std::numeric_limits<Real>::max()));
    protocol_fail(path, buf);
  }
  return d;
}

}  // namespace

Real parse_real(const Json& v, const std::string& path) { return static_cast<Real>(checked_number(v, path)); }

Vec2 parse_vec2(const Json& v, const std::string& path, const Frame& frame) {
  if (!v.is_array()) protocol_fail(path, "must be an array [x, y] of two numbers, got " + kind_of(v));
  if (v.size() != 2)
    protocol_fail(path, "must be an array [x, y] of two numbers, got " + std::to_string(v.size()) +
                   (v.size() == 1 ? " element" : " elements"));
  return {static_cast<Real>(checked_number(v[0], path + "[0]") - frame.x),
          static_cast<Real>(checked_number(v[1], path + "[1]") - frame.y)};
}

Shape parse_shape(const Json& v, const std::string& path, const Frame& frame) {
  if (!v.is_object()) protocol_fail(path, "must be a shape object, got " + kind_of(v));
  const Json& t = require_field(v, path, "type");
  const std::string tpath = join(path, "type");
  if (!t.is_string()) protocol_fail(tpath, "must be a string, got " + kind_of(t));
  const std::string type = t.get<std::string>();
  // Positions are taken relative to `frame`; sizes and other vectors are not.
  auto at = [&](std::string_view key) { return parse_vec2(require_field(v, path, key), join(path, key), frame); };
  auto vec = [&](std::string_view key) { return parse_vec2(require_field(v, path, key), join(path, key)); };
  auto real = [&](std::string_view key) { return parse_real(require_field(v, path, key), join(path, key)); };

  Shape shape;
  if (type == "point") {
    shape = Point{at("at")};
  } else if (type == "circle") {
    Vec2 c = at("center");
    shape = Circle{c, real("radius")};
  } else if (type == "sector") {
    Vec2 c = at("center");
    Real r = real("radius");
    Real facing = real("facing");
    Real half = real("half_angle");
    shape = Sector(c, r, facing, half);
  } else if (type == "aabb") {
    Vec2 lo = at("min");
    shape = Aabb{lo, at("max")};
  } else if (type == "box") {
    Vec2 c = at("center");
    Vec2 h = vec("half_extents");
    shape = Box(c, h, real("angle"));
  } else if (type == "capsule") {
    Vec2 a = at("a");
    Vec2 b = at("b");
    shape = Capsule{a, b, real("radius")};
  } else if (type == "segment") {
    Vec2 a = at("a");
    shape = Segment{a, at("b")};
  } else if (type == "polygon") {
    const Json& pts = require_field(v, path, "points");
    const std::string ppath = join(path, "points");
    if (!pts.is_array()) protocol_fail(ppath, "must be an array of [x, y] points, got " + kind_of(pts));
    if (pts.size() < 3 || pts.size() > std::size_t(Polygon::kMaxVertices))
      protocol_fail(ppath, "a polygon needs 3.." + std::to_string(Polygon::kMaxVertices) + " points, got " +
                      std::to_string(pts.size()));
    std::vector<Vec2> points;
    points.reserve(pts.size());
    for (std::size_t i = 0; i < pts.size(); ++i)
      points.push_back(parse_vec2(pts[i], ppath + "[" + std::to_string(i) + "]", frame));
    Real radius = 0;
    if (v.contains("radius")) radius = real("radius");
    Invalid why;
    std::optional<Polygon> poly = make_polygon(points, radius, &why);
    if (!poly) protocol_fail(join(path, why.field.empty() ? std::string("points") : why.field),
                    why.message.empty() ? "not a valid convex polygon" : why.message);
    shape = *poly;
  } else {
    protocol_fail(tpath, "unknown shape type " + quoted(t) +
                    " (expected point, circle, sector, aabb, box, capsule, segment or polygon)");
  }
  if (auto bad = validate(shape)) protocol_fail(join(path, bad->field), bad->message);
  return shape;
}

// ------------------------------------------------------------------ lines

bool is_blank(std::string_view line) {
  for (char c : line)
    if (c != ' ' && c != '\t' && c != '\r' && c != '\n') return false;
  return true;
}

std::string answer_line(std::string_view line) {
  const Json* id = nullptr;
  try {
    if (nesting_depth(line) > kMaxDepth)
      return error_line(nullptr, "invalid input: arrays and objects nested deeper than " +
                                     std::to_string(kMaxDepth) + " levels");
    Json in;
    try {
      in = Json::parse(line.begin(), line.end());
    } catch (const Json::exception& e) {
      // A syntax error, or a number too large for a double (1e999: out_of_range 406).
      std::string what = e.what();
      // Drop nlohmann's "[json.exception.parse_error.101] " prefix.
      if (auto p = what.find("] "); what.rfind("[json.exception", 0) == 0 && p != std::string::npos)
        what = what.substr(p + 2);
      return error_line(nullptr, "invalid JSON: " + what);
    }
    if (!in.is_object()) return error_line(nullptr, "the line must be a JSON object, got " + kind_of(in));
    if (auto it = in.find("id"); it != in.end()) id = &*it;
    try {
      Json result = answer_object(in);
      Json out = Json::object();
      if (id) out["id"] = *id;
      for (auto& [k, val] : result.items()) out[k] = val;
      return dump(out);
    } catch (const ProtocolError& e) {
      return error_line(id, e.text);
    } catch (const InternalError& e) {
      return error_line(id, "internal error: " + e.text);
    } catch (const std::exception& e) {
      return error_line(id, std::string("internal error: ") + e.what());
    } catch (...) {
      return error_line(id, "internal error");
    }
  } catch (...) {
    // Only reachable if building the error line itself failed (e.g. out of memory).
    return R"({"error":"internal error"})";
  }
}

int run_query(std::istream& in, std::ostream& out, bool flush_each_line) {
  std::string line;
  while (std::getline(in, line)) {
    if (is_blank(line)) continue;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    out << answer_line(line) << '\n';
    if (flush_each_line) out.flush();
    if (!out) return 1;
  }
  out.flush();
  if (in.bad() || !out) return 1;
  return 0;
}

}  // namespace collide2d::tool
