// collide2d - 2D collision detection for games. MIT License.
// Validation, bounding boxes and small utilities of the eight shapes.
#include <cstdio>

#include "collide2d/shapes.hpp"
#include "shapes/limits.hpp"

namespace collide2d::inline COLLIDE2D_ABI {
namespace {

std::string num(double v) {
  char buf[48];
  std::snprintf(buf, sizeof buf, "%.9g", v);
  return buf;
}

std::optional<Invalid> check_real(const char* field, Real v) {
  if (!std::isfinite(v)) return Invalid{field, "must be a finite number (got " + num(v) + ")"};
  if (std::fabs(v) > kMaxCoordinate)
    return Invalid{field, "magnitude must be at most " + num(kMaxCoordinate) + " (got " + num(v) + ")"};
  return std::nullopt;
}

std::optional<Invalid> check_vec(const char* field, Vec2 v) {
  if (!is_finite(v)) return Invalid{field, "must hold finite numbers"};
  if (std::fabs(v.x) > kMaxCoordinate || std::fabs(v.y) > kMaxCoordinate)
    return Invalid{field, "coordinates must be at most " + num(kMaxCoordinate) + " in magnitude"};
  return std::nullopt;
}

std::optional<Invalid> check_radius(const char* field, Real r, bool allow_zero) {
  if (auto e = check_real(field, r)) return e;
  if (allow_zero ? r < 0 : r <= 0)
    return Invalid{field, std::string(allow_zero ? "must be >= 0" : "must be > 0") + " (got " + num(r) + ")"};
  return std::nullopt;
}

/// A radius `within` the limit and positive (or zero where allowed). The validations below
/// answer valid shapes (the common case: the world and the movers validate every placed shape)
/// on `within` alone and build a message only on the way to a refusal.
inline bool radius_ok(Real r, bool allow_zero) { return within(r) && (allow_zero ? r >= 0 : r > 0); }

/// A valid polygon: its count and radius, every vertex `within` the limit, and every
/// consecutive triple turning left (strictly), in one pass (each vertex is the third of a
/// triple once).
bool polygon_ok(const Polygon& s) {
  const int n = s.count();
  if (n < 3 || n > Polygon::kMaxVertices || !radius_ok(s.radius, true)) return false;
  const Vec2* v = s.base_vertices();
  const Vec2 off = s.offset();
  Vec2 a = v[n - 2] + off, b = v[n - 1] + off;
  for (int i = 0; i < n; ++i) {
    const Vec2 c = v[i] + off;  // s.vertex(i)
    if (!within(c) || !(cross(b - a, c - b) > 0)) return false;
    a = b, b = c;
  }
  return true;
}

}  // namespace

const char* shape_type_name(int index) {
  static const char* const names[kShapeTypeCount] = {"point", "circle", "sector", "aabb",
                                                     "box", "capsule", "segment", "polygon"};
  return index >= 0 && index < kShapeTypeCount ? names[index] : "unknown";
}

std::optional<Invalid> validate(const Point& s) {
  if (within(s.at)) return std::nullopt;
  return check_vec("at", s.at);
}

std::optional<Invalid> validate(const Circle& s) {
  if (within(s.center) && radius_ok(s.radius, true)) return std::nullopt;
  if (auto e = check_vec("center", s.center)) return e;
  return check_radius("radius", s.radius, true);
}

std::optional<Invalid> validate(const Sector& s) {
  if (within(s.center) && radius_ok(s.radius, false) && within(s.facing()) && within(s.half_angle()) &&
      s.half_angle() >= 0 && s.half_angle() <= kPi)
    return std::nullopt;
  if (auto e = check_vec("center", s.center)) return e;
  if (auto e = check_radius("radius", s.radius, false)) return e;
  if (auto e = check_real("facing", s.facing())) return e;
  if (auto e = check_real("half_angle", s.half_angle())) return e;
  if (s.half_angle() < 0 || s.half_angle() > kPi)
    return Invalid{"half_angle", "must be in [0, pi] (got " + num(s.half_angle()) + ")"};
  return std::nullopt;
}

std::optional<Invalid> validate(const Aabb& s) {
  if (within(s.min) && within(s.max) && s.min.x <= s.max.x && s.min.y <= s.max.y) return std::nullopt;
  if (auto e = check_vec("min", s.min)) return e;
  if (auto e = check_vec("max", s.max)) return e;
  if (s.min.x > s.max.x || s.min.y > s.max.y) return Invalid{"min", "must be <= max on both axes"};
  return std::nullopt;
}

std::optional<Invalid> validate(const Box& s) {
  if (within(s.center) && within(s.half_extents) && s.half_extents.x >= 0 && s.half_extents.y >= 0 &&
      within(s.angle()))
    return std::nullopt;
  if (auto e = check_vec("center", s.center)) return e;
  if (auto e = check_vec("half_extents", s.half_extents)) return e;
  if (s.half_extents.x < 0 || s.half_extents.y < 0) return Invalid{"half_extents", "must be >= 0"};
  return check_real("angle", s.angle());
}

std::optional<Invalid> validate(const Capsule& s) {
  if (within(s.a) && within(s.b) && radius_ok(s.radius, true)) return std::nullopt;
  if (auto e = check_vec("a", s.a)) return e;
  if (auto e = check_vec("b", s.b)) return e;
  return check_radius("radius", s.radius, true);
}

std::optional<Invalid> validate(const Segment& s) {
  if (within(s.a) && within(s.b)) return std::nullopt;
  if (auto e = check_vec("a", s.a)) return e;
  return check_vec("b", s.b);
}

std::optional<Invalid> validate(const Polygon& s) {
  if (polygon_ok(s)) return std::nullopt;
  const int n = s.count();
  if (n < 3 || n > Polygon::kMaxVertices)
    return Invalid{"points", "a polygon needs 3 to 64 vertices (has " + num(n) + ")"};
  for (int i = 0; i < n; ++i)
    if (auto e = check_vec("points", s.vertex(i))) return e;
  if (auto e = check_radius("radius", s.radius, true)) return e;
  // Count, vertices and radius pass, so polygon_ok failed on a turn.
  return Invalid{"points", "must be convex and counter-clockwise (build it with make_polygon)"};
}

std::optional<Invalid> validate(const Shape& s) {
  return std::visit([](const auto& v) { return validate(v); }, s);
}

Aabb bounds(const Sector& s) {
  const Vec2 dir = s.dir();
  Vec2 side = perp(dir);
  Vec2 lo = dir * s.cos_half() - side * s.sin_half(), hi = dir * s.cos_half() + side * s.sin_half();
  Aabb b{s.center, s.center};
  auto add = [&](Vec2 p) { b.min = min(b.min, p); b.max = max(b.max, p); };
  add(s.center + lo * s.radius);
  add(s.center + hi * s.radius);
  // The four axis directions lie on the arc when their angle from `dir` is within half_angle.
  const Vec2 axes[4] = {{1, 0}, {0, 1}, {-1, 0}, {0, -1}};
  for (Vec2 u : axes)
    if (dot(u, dir) >= s.cos_half()) add(s.center + u * s.radius);
  return b;
}

Aabb bounds(const Aabb& s) { return s; }

Aabb bounds(const Box& s) {
  const Rot r = s.rot();
  Vec2 ex{std::fabs(r.c) * s.half_extents.x + std::fabs(r.s) * s.half_extents.y,
          std::fabs(r.s) * s.half_extents.x + std::fabs(r.c) * s.half_extents.y};
  return {s.center - ex, s.center + ex};
}

Aabb bounds(const Capsule& s) {
  Vec2 r{s.radius, s.radius};
  return {min(s.a, s.b) - r, max(s.a, s.b) + r};
}

Aabb bounds(const Segment& s) { return {min(s.a, s.b), max(s.a, s.b)}; }

Aabb bounds(const Polygon& s) {
  // The box of the vertices as built, moved by the offset: the same as the box of vertex(i).
  const Vec2* v = s.base_vertices();
  Aabb b{v[0], v[0]};
  for (int i = 1; i < s.count(); ++i) { b.min = min(b.min, v[i]); b.max = max(b.max, v[i]); }
  b.min += s.offset();
  b.max += s.offset();
  Vec2 r{s.radius, s.radius};
  return {b.min - r, b.max + r};
}

Aabb bounds(const Shape& s) {
  return std::visit([](const auto& v) { return bounds(v); }, s);
}

bool has_area(const Shape& s) {
  struct V {
    bool operator()(const Point&) const { return false; }
    bool operator()(const Circle& c) const { return c.radius > 0; }
    bool operator()(const Sector& c) const { return c.half_angle() > 0; }
    bool operator()(const Aabb& b) const { return b.min.x < b.max.x && b.min.y < b.max.y; }
    bool operator()(const Box& b) const { return b.half_extents.x > 0 && b.half_extents.y > 0; }
    bool operator()(const Capsule& c) const { return c.radius > 0; }
    bool operator()(const Segment&) const { return false; }
    bool operator()(const Polygon&) const { return true; }
  };
  return std::visit(V{}, s);
}

Shape translated(const Shape& s, Vec2 t) {
  return std::visit([t](const auto& x) -> Shape { return translated(x, t); }, s);
}

}  // namespace collide2d
