// collide2d - 2D collision detection for games. MIT License.
/// @file binding.cpp  A thin JavaScript binding of the core library (embind), for the sandbox.
///
/// Shapes cross the boundary as plain JS objects ({type: "circle", x, y, r}, see toShape), so
/// JS never owns C++ shape objects. Maps and worlds are C++ objects a scene creates once and
/// deletes when it leaves. Drawing: JS extends `DebugDraw` (embind's allow_subclass) with the
/// five callbacks the core's DebugDraw has; the library draws shapes, maps, contacts and
/// worlds through it. Errors come back as {error: "field: message"} (no C++ exceptions).

#include <emscripten/bind.h>

#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "collide2d/collide2d.hpp"

using namespace collide2d;
using emscripten::val;

namespace {

/// A Color as 0xRRGGBBAA for JS.
double packed(Color c) { return double((std::uint32_t(c.r) << 24) | (std::uint32_t(c.g) << 16) | (std::uint32_t(c.b) << 8) | c.a); }
Color unpack(double v) {
  const auto u = std::uint32_t(v);
  return {std::uint8_t(u >> 24), std::uint8_t(u >> 16), std::uint8_t(u >> 8), std::uint8_t(u)};
}

Real num(const val& o, const char* k, double fallback = 0) {
  const val v = o[k];
  return v.isNumber() ? Real(v.as<double>()) : Real(fallback);
}

/// A JS shape object as a Shape; `why` gets the reason when it is not a valid shape.
std::optional<Shape> to_shape(const val& o, std::string& why) {
  if (o.isNull() || o.isUndefined() || o.typeOf().as<std::string>() != "object") {
    why = "shape: not an object";
    return std::nullopt;
  }
  const std::string type = o["type"].isString() ? o["type"].as<std::string>() : "";
  std::optional<Shape> s;
  if (type == "point") s = Point{{num(o, "x"), num(o, "y")}};
  else if (type == "circle") s = Circle{{num(o, "x"), num(o, "y")}, num(o, "r")};
  else if (type == "sector") s = Sector({num(o, "x"), num(o, "y")}, num(o, "r"), num(o, "facing"), num(o, "half"));
  else if (type == "aabb") s = Aabb{{num(o, "x0"), num(o, "y0")}, {num(o, "x1"), num(o, "y1")}};
  else if (type == "box") s = Box({num(o, "x"), num(o, "y")}, {num(o, "hx"), num(o, "hy")}, num(o, "angle"));
  else if (type == "capsule") s = Capsule{{num(o, "ax"), num(o, "ay")}, {num(o, "bx"), num(o, "by")}, num(o, "r")};
  else if (type == "segment") s = Segment{{num(o, "ax"), num(o, "ay")}, {num(o, "bx"), num(o, "by")}};
  else if (type == "polygon") {
    const std::vector<double> xy = emscripten::vecFromJSArray<double>(o["points"]);
    std::vector<Vec2> pts;
    for (std::size_t k = 0; k + 1 < xy.size(); k += 2) pts.push_back({Real(xy[k]), Real(xy[k + 1])});
    Invalid bad;
    auto p = make_polygon(pts, num(o, "radius"), &bad);
    if (!p) {
      why = bad.text();
      return std::nullopt;
    }
    s = *p;
  } else {
    why = "type: unknown shape type '" + type + "'";
    return std::nullopt;
  }
  if (auto bad = validate(*s)) {
    why = bad->text();
    return std::nullopt;
  }
  return s;
}

val error(const std::string& why) {
  val o = val::object();
  o.set("error", why);
  return o;
}

val vec(Vec2 p) {
  val o = val::object();
  o.set("x", double(p.x));
  o.set("y", double(p.y));
  return o;
}

/// A map's disc move (`CircleMove`): {x, y, dx, dy, contacts, blocked}.
val circle_move(const CircleMove& m) {
  val o = vec(m.center);
  o.set("dx", double(m.displacement.x));
  o.set("dy", double(m.displacement.y));
  o.set("contacts", m.contacts);
  o.set("blocked", m.blocked);
  return o;
}

/// The JS side of DebugDraw: each callback calls the JS object's method of the same name.
/// Colours go as 0xRRGGBBAA numbers, polygons as flat arrays [x0, y0, x1, y1, ...].
struct JsDraw : emscripten::wrapper<DebugDraw> {
  EMSCRIPTEN_WRAPPER(JsDraw);
  void segment(Vec2 a, Vec2 b, Color c) override {
    call<void>("segment", double(a.x), double(a.y), double(b.x), double(b.y), packed(c));
  }
  void circle(Vec2 c, Real r, Color stroke, Color fill) override {
    call<void>("circle", double(c.x), double(c.y), double(r), packed(stroke), packed(fill));
  }
  void arc(const Arc& a, Color c) override {
    call<void>("arc", double(a.center.x), double(a.center.y), double(a.radius), double(a.start), double(a.sweep),
               packed(c));
  }
  void polygon(std::span<const Vec2> p, Color stroke, Color fill) override {
    val xy = val::array();
    for (std::size_t k = 0; k < p.size(); ++k) {
      xy.set(2 * k, double(p[k].x));
      xy.set(2 * k + 1, double(p[k].y));
    }
    call<void>("polygon", xy, packed(stroke), packed(fill));
  }
  void point(Vec2 p, float pixels, Color c) override {
    call<void>("point", double(p.x), double(p.y), double(pixels), packed(c));
  }
};

std::uint32_t get_flags(const DebugDraw& d) { return d.flags; }
void set_flags(DebugDraw& d, std::uint32_t f) { d.flags = f; }

// ------------------------------------------------------------------ pair queries

val js_validate(val a) {
  std::string why;
  return to_shape(a, why) ? val::null() : val(why);
}

val js_overlaps(val a, val b) {
  std::string why;
  auto sa = to_shape(a, why), sb = sa ? to_shape(b, why) : std::nullopt;
  if (!sa || !sb) return error(why);
  return val(overlaps(*sa, *sb));
}

val js_distance(val a, val b) {
  std::string why;
  auto sa = to_shape(a, why), sb = sa ? to_shape(b, why) : std::nullopt;
  if (!sa || !sb) return error(why);
  const DistanceResult d = distance(*sa, *sb);
  val o = val::object();
  o.set("distance", double(d.distance));
  o.set("a", vec(d.point_a));
  o.set("b", vec(d.point_b));
  return o;
}

val js_contact(val a, val b) {
  std::string why;
  auto sa = to_shape(a, why), sb = sa ? to_shape(b, why) : std::nullopt;
  if (!sa || !sb) return error(why);
  const Manifold m = contact(*sa, *sb);
  val o = val::object();
  o.set("touching", m.touching);
  o.set("normal", vec(m.normal));
  o.set("depth", double(m.depth));
  val pts = val::array();
  for (int i = 0; i < m.point_count; ++i) pts.set(i, vec(m.points[std::size_t(i)]));
  o.set("points", pts);
  return o;
}

void js_draw_contact(DebugDraw& dd, val a, val b, double normal_length) {
  std::string why;
  auto sa = to_shape(a, why), sb = sa ? to_shape(b, why) : std::nullopt;
  if (!sa || !sb) return;
  DrawPalette pal;
  pal.normal_length = Real(normal_length);
  draw_manifold(dd, contact(*sa, *sb), pal);
}

val js_raycast(val a, double ox, double oy, double dx, double dy, double max) {
  std::string why;
  auto sa = to_shape(a, why);
  if (!sa) return error(why);
  const Ray ray{{Real(ox), Real(oy)}, {Real(dx), Real(dy)}, Real(max)};
  if (auto bad = validate(ray)) return error(bad->text());
  const RayHit h = raycast(*sa, ray);
  val o = val::object();
  o.set("hit", h.hit);
  o.set("inside", h.inside);
  o.set("distance", double(h.distance));
  o.set("point", vec(h.point));
  o.set("normal", vec(h.normal));
  return o;
}

val js_sweep(val a, double vax, double vay, val b, double vbx, double vby) {
  std::string why;
  auto sa = to_shape(a, why), sb = sa ? to_shape(b, why) : std::nullopt;
  if (!sa || !sb) return error(why);
  const SweepHit h = sweep(*sa, {Real(vax), Real(vay)}, *sb, {Real(vbx), Real(vby)});
  val o = val::object();
  o.set("hit", h.hit);
  o.set("initially", h.initially_overlapping);
  o.set("time", double(h.time));
  o.set("normal", vec(h.normal));
  o.set("point", vec(h.point));
  return o;
}

void js_draw_shape(DebugDraw& dd, val a, double stroke, double fill) {
  std::string why;
  if (auto s = to_shape(a, why)) draw_shape(dd, *s, unpack(stroke), unpack(fill));
}

/// move(): the body through obstacles with slide or bounce; {x, y, dx, dy, contacts, shape}.
val js_move(val body, double dx, double dy, val obstacles, bool bounce) {
  std::string why;
  auto s = to_shape(body, why);
  if (!s) return error(why);
  std::vector<Shape> obs;
  const int n = obstacles["length"].as<int>();
  for (int i = 0; i < n; ++i) {
    auto o = to_shape(obstacles[i], why);
    if (!o) return error("obstacles[" + std::to_string(i) + "]." + why);
    obs.push_back(*o);
  }
  MoveOptions opt;
  opt.response = bounce ? Response::bounce : Response::slide;
  if (auto bad = validate_move(*s, {Real(dx), Real(dy)}, obs, opt)) return error(bad->text());
  const MoveResult r = move(*s, {Real(dx), Real(dy)}, obs, opt);
  val o = val::object();
  o.set("tx", double(r.translation.x));
  o.set("ty", double(r.translation.y));
  o.set("dx", double(r.displacement.x));
  o.set("dy", double(r.displacement.y));
  val hits = val::array();
  for (std::size_t i = 0; i < r.contacts.size(); ++i) {
    val c = val::object();
    c.set("obstacle", int(r.contacts[i].obstacle));
    c.set("point", vec(r.contacts[i].point));
    c.set("normal", vec(r.contacts[i].normal));
    hits.set(i, c);
  }
  o.set("contacts", hits);
  return o;
}

// ------------------------------------------------------------------ world

/// A World with proxies named by small integers.
class JsWorld {
 public:
  /// Adds a proxy; its id, or -1 (then lastError says why).
  int add(val shape, bool is_static) {
    std::string why;
    auto s = to_shape(shape, why);
    if (!s) return fail(why);
    ProxyDef def;
    def.shape = *s;
    def.is_static = is_static;
    def.user_data = handles_.size();
    Invalid bad;
    auto h = world_.create(def, &bad);
    if (!h) return fail(bad.text());
    handles_.push_back(*h);
    return int(handles_.size() - 1);
  }
  /// Replaces proxy `id`'s shape; false on bad input.
  bool set(int id, val shape) {
    std::string why;
    auto s = to_shape(shape, why);
    if (!s || id < 0 || std::size_t(id) >= handles_.size()) return fail(s ? "id: no such proxy" : why) >= 0;
    return !world_.set_shape(handles_[std::size_t(id)], *s);
  }
  /// The ids of the proxies overlapping a shape (the world's broadphase, then exact tests).
  val query(val shape) {
    std::string why;
    auto s = to_shape(shape, why);
    val out = val::array();
    if (!s) {
      fail(why);
      return out;
    }
    int k = 0;
    for (ProxyHandle h : world_.query_shape(*s)) out.set(k++, double(world_.user_data(h)));
    return out;
  }
  void draw(DebugDraw& dd) const { draw_world(dd, world_); }
  int count() const { return int(handles_.size()); }
  std::string last_error() const { return error_; }

 private:
  int fail(const std::string& why) {
    error_ = why;
    return -1;
  }
  World world_;
  std::vector<ProxyHandle> handles_;
  std::string error_;
};

// ------------------------------------------------------------------ maps

/// A TileMap from a grid (row-major, non-zero solid; Tiled's frame: y down).
class JsTileMap {
 public:
  /// Builds the map; "" on success, else the reason (the map is then 1 x 1).
  std::string build(int w, int h, val cells, double tw, double th) {
    const std::vector<std::uint8_t> grid = emscripten::convertJSArrayToNumberVector<std::uint8_t>(cells);
    Invalid why;
    auto m = TileMap::from_grid(w, h, grid, {Real(tw), Real(th)}, {}, true, &why);
    if (!m) return why.text();
    map_ = std::move(*m);
    return "";
  }
  val move_circle(double x, double y, double r, double dx, double dy) const {
    return circle_move(map_.move_circle(Circle{{Real(x), Real(y)}, Real(r)}, {Real(dx), Real(dy)}));
  }
  bool is_free(double x, double y, double r) const { return map_.is_free(Shape(Circle{{Real(x), Real(y)}, Real(r)})); }
  val nearest_free(double x, double y, double r) const {
    auto p = map_.nearest_free_point({Real(x), Real(y)}, Real(r));
    return p ? vec(*p) : val::null();
  }
  bool solid(int c, int r) const { return map_.solid(c, r); }
  int width() const { return map_.width(); }
  int height() const { return map_.height(); }
  int chains() const { return map_.chain_count(); }
  int edges() const { return int(map_.edges().size()); }
  void draw(DebugDraw& dd) const { draw_tile_map(dd, map_); }

 private:
  TileMap map_;
};

/// A RoomMap (Doom) from flat arrays: vertices [x, y, ...], lines [v1, v2, front, back,
/// impassable, ...], and the room count.
class JsRoomMap {
 public:
  std::string build(val vertices, val lines, int rooms) {
    const std::vector<double> v = emscripten::vecFromJSArray<double>(vertices);
    const std::vector<int> l = emscripten::vecFromJSArray<int>(lines);
    RoomMapDesc d;
    for (std::size_t k = 0; k + 1 < v.size(); k += 2) d.vertices.push_back({Real(v[k]), Real(v[k + 1])});
    for (std::size_t k = 0; k + 4 < l.size(); k += 5) d.lines.push_back({l[k], l[k + 1], l[k + 2], l[k + 3], l[k + 4] != 0});
    d.room_count = rooms;
    Invalid why;
    auto m = RoomMap::make(std::move(d), &why);
    if (!m) return why.text();
    map_ = std::make_unique<RoomMap>(std::move(*m));
    return "";
  }
  val move_circle(double x, double y, double r, double dx, double dy) const {
    return circle_move(map_->move_circle({Real(x), Real(y)}, Real(r), {Real(dx), Real(dy)}));
  }
  int room_at(double x, double y) const { return map_->room_at({Real(x), Real(y)}); }
  double wall_distance(double x, double y) const { return double(map_->wall_distance({Real(x), Real(y)})); }
  bool fits(double x, double y, double r) const { return map_->fits({Real(x), Real(y)}, Real(r)); }
  val bounds() const {
    val o = val::object();
    o.set("min", vec(map_->bounds().min));
    o.set("max", vec(map_->bounds().max));
    return o;
  }
  void draw(DebugDraw& dd, val shade) const {
    const std::vector<float> s = emscripten::vecFromJSArray<float>(shade);
    draw_room_map(dd, *map_, s);
  }

 private:
  std::unique_ptr<RoomMap> map_ = std::make_unique<RoomMap>(RoomMapDesc{});
};

/// A DiscUnion (island) from [x, y, r, ...].
class JsIsland {
 public:
  std::string build(val discs) {
    const std::vector<double> v = emscripten::vecFromJSArray<double>(discs);
    std::vector<Circle> c;
    for (std::size_t k = 0; k + 2 < v.size(); k += 3) {
      const Circle d{{Real(v[k]), Real(v[k + 1])}, Real(v[k + 2])};
      if (auto bad = validate(d)) return "discs[" + std::to_string(k / 3) + "]." + bad->text();
      c.push_back(d);
    }
    land_ = std::make_unique<DiscUnion>(c);
    return "";
  }
  val move(double x, double y, double r, double dx, double dy) const {
    return circle_move(land_->move_character(Circle{{Real(x), Real(y)}, Real(r)}, {Real(dx), Real(dy)}));
  }
  val nearest_land(double x, double y, double r) const {
    auto p = land_->nearest_free_point({Real(x), Real(y)}, Real(r));
    return p ? vec(*p) : val::null();
  }
  double signed_distance(double x, double y) const { return double(land_->signed_distance({Real(x), Real(y)})); }
  bool contains(double x, double y) const { return land_->contains(Vec2{Real(x), Real(y)}); }
  double tolerance() const { return double(land_->tolerance()); }
  int arcs() const { return int(land_->arcs().size()); }
  void draw(DebugDraw& dd) const { draw_disc_union(dd, *land_); }

 private:
  std::unique_ptr<DiscUnion> land_ = std::make_unique<DiscUnion>(std::span<const Circle>{});
};

std::string scalar_name() { return sizeof(Real) == 4 ? "float" : "double"; }

}  // namespace

EMSCRIPTEN_BINDINGS(collide2d) {
  using namespace emscripten;
  class_<DebugDraw>("DebugDraw")
      .function("segment", &DebugDraw::segment, pure_virtual())
      .allow_subclass<JsDraw>("JsDraw")
      .property("flags", &get_flags, &set_flags);
  constant("DRAW_SHAPES", std::uint32_t(kDrawShapes));
  constant("DRAW_AABBS", std::uint32_t(kDrawAabbs));
  constant("DRAW_TILE_CELLS", std::uint32_t(kDrawTileCells));
  constant("DRAW_TILE_CHAINS", std::uint32_t(kDrawTileChains));
  constant("DRAW_ROOMS", std::uint32_t(kDrawRooms));
  constant("DRAW_ROOM_LINES", std::uint32_t(kDrawRoomLines));
  constant("DRAW_WALLS", std::uint32_t(kDrawWalls));
  constant("DRAW_DISCS", std::uint32_t(kDrawDiscs));
  constant("DRAW_COAST", std::uint32_t(kDrawCoast));
  constant("DRAW_NORMALS", std::uint32_t(kDrawNormals));
  constant("DRAW_CONTACTS", std::uint32_t(kDrawContacts));
  constant("DRAW_ALL", std::uint32_t(kDrawAll));

  function("scalar", &scalar_name);
  function("validate", &js_validate);
  function("overlaps", &js_overlaps);
  function("distance", &js_distance);
  function("contact", &js_contact);
  function("raycast", &js_raycast);
  function("sweep", &js_sweep);
  function("move", &js_move);
  function("drawShape", &js_draw_shape);
  function("drawContact", &js_draw_contact);

  class_<JsWorld>("World")
      .constructor<>()
      .function("add", &JsWorld::add)
      .function("set", &JsWorld::set)
      .function("query", &JsWorld::query)
      .function("draw", &JsWorld::draw)
      .function("count", &JsWorld::count)
      .function("lastError", &JsWorld::last_error);
  class_<JsTileMap>("TileMap")
      .constructor<>()
      .function("build", &JsTileMap::build)
      .function("moveCircle", &JsTileMap::move_circle)
      .function("isFree", &JsTileMap::is_free)
      .function("nearestFree", &JsTileMap::nearest_free)
      .function("solid", &JsTileMap::solid)
      .function("width", &JsTileMap::width)
      .function("height", &JsTileMap::height)
      .function("chains", &JsTileMap::chains)
      .function("edges", &JsTileMap::edges)
      .function("draw", &JsTileMap::draw);
  class_<JsRoomMap>("RoomMap")
      .constructor<>()
      .function("build", &JsRoomMap::build)
      .function("moveCircle", &JsRoomMap::move_circle)
      .function("roomAt", &JsRoomMap::room_at)
      .function("wallDistance", &JsRoomMap::wall_distance)
      .function("fits", &JsRoomMap::fits)
      .function("bounds", &JsRoomMap::bounds)
      .function("draw", &JsRoomMap::draw);
  class_<JsIsland>("Island")
      .constructor<>()
      .function("build", &JsIsland::build)
      .function("move", &JsIsland::move)
      .function("nearestLand", &JsIsland::nearest_land)
      .function("signedDistance", &JsIsland::signed_distance)
      .function("contains", &JsIsland::contains)
      .function("tolerance", &JsIsland::tolerance)
      .function("arcs", &JsIsland::arcs)
      .function("draw", &JsIsland::draw);
}
