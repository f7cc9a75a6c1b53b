// collide2d - 2D collision detection for games. MIT License.
#pragma once
/// @file shapes.hpp  The eight shapes as small value types in world coordinates, their
/// validation and bounding boxes, and `Shape`, a variant of any of them.

#include <array>
#include <optional>
#include <span>
#include <string>
#include <variant>

#include "collide2d/math.hpp"

namespace collide2d::inline COLLIDE2D_ABI {

/// What is wrong with an input: the field (e.g. "radius", "points") and a message.
struct Invalid {
  std::string field;    ///< the offending field, as named in FORMAT.md
  std::string message;  ///< what is wrong with it
  /// "field: message".
  std::string text() const { return field + ": " + message; }
};

/// A single point.
struct Point {
  Vec2 at;
};

/// A disk (closed): all points within `radius` (>= 0) of `center`.
struct Circle {
  Vec2 center;
  Real radius = 0;
};

/// Axis-aligned box, min <= max per axis. Also the bounding-box type of every shape.
struct Aabb {
  Vec2 min, max;
  /// Center of the box.
  constexpr Vec2 center() const { return (min + max) * Real(0.5); }
  /// Half of the size per axis.
  constexpr Vec2 half_extents() const { return (max - min) * Real(0.5); }
  /// True when the two boxes overlap or touch.
  constexpr bool overlaps(const Aabb& o) const {
    return min.x <= o.max.x && o.min.x <= max.x && min.y <= o.max.y && o.min.y <= max.y;
  }
  /// True when p is inside or on the boundary.
  constexpr bool contains(Vec2 p) const {
    return min.x <= p.x && p.x <= max.x && min.y <= p.y && p.y <= max.y;
  }
};

/// Circle sector (a melee attack's cone): the points within `radius` of `center` whose
/// direction differs from `facing` by at most `half_angle` (0..pi; pi is the whole disk, 0 a
/// segment). Wider than pi/2 it is not convex; every query treats it exactly anyway.
/// The constructor caches the rotations, so trigonometry is paid once per swing.
struct Sector {
  Vec2 center;
  Real radius = 1;
  Real facing = 0;      ///< radians, counter-clockwise from +x
  Real half_angle = 0;  ///< radians, in [0, pi]
  Vec2 dir{1, 0};       ///< cached unit vector of `facing`
  Real cos_half = 1;    ///< cached cos(half_angle)
  Real sin_half = 0;    ///< cached sin(half_angle)

  Sector() = default;
  /// A sector; computes the cached direction and half-angle cosine and sine.
  Sector(Vec2 center_, Real radius_, Real facing_, Real half_angle_)
      : center(center_), radius(radius_), facing(facing_), half_angle(half_angle_),
        dir(Rot::from_angle(facing_).x_axis()), cos_half(std::cos(half_angle_)),
        // sin is >= 0 on [0, pi]; pi rounded up in float would give -8.7e-8 and open a notch
        sin_half(std::sin(half_angle_) > 0 ? std::sin(half_angle_) : Real(0)) {}
  /// The same cone at another place and facing (one swing), re-caching the rotation.
  Sector moved(Vec2 new_center, Real new_facing) const {
    return Sector(new_center, radius, new_facing, half_angle);
  }
};

/// Oriented box: `center`, `half_extents` (>= 0) along its own axes, rotated by `angle`.
struct Box {
  Vec2 center;
  Vec2 half_extents;
  Real angle = 0;
  Rot rot;  ///< cached rotation of `angle`

  Box() = default;
  /// An oriented box; caches the rotation.
  Box(Vec2 center_, Vec2 half_extents_, Real angle_)
      : center(center_), half_extents(half_extents_), angle(angle_), rot(Rot::from_angle(angle_)) {}
};

/// All points within `radius` (>= 0) of the segment ab.
struct Capsule {
  Vec2 a, b;
  Real radius = 0;
};

/// A line segment from a to b (a == b is a point).
struct Segment {
  Vec2 a, b;
};

/// A convex polygon of 3..64 vertices with positive area, optionally rounded by `radius`.
/// Build it with `make_polygon`, which orders the vertices counter-clockwise, drops repeated
/// and collinear ones, refuses reflex or self-intersecting input and caches the edge normals.
struct Polygon {
  static constexpr int kMaxVertices = 64;
  std::array<Vec2, kMaxVertices> vertices{};  ///< counter-clockwise, strictly convex
  std::array<Vec2, kMaxVertices> normals{};   ///< outward unit normal of edge i -> i+1
  int count = 0;
  Real radius = 0;
};

/// Builds a convex polygon from `points` (3..64, in order, either winding) rounded by `radius`.
/// Returns nothing and fills `why` (when given) if the input is not a valid convex polygon.
std::optional<Polygon> make_polygon(std::span<const Vec2> points, Real radius = 0,
                                    Invalid* why = nullptr);

/// Any of the eight shapes. The index order is the dispatch-table order.
using Shape = std::variant<Point, Circle, Sector, Aabb, Box, Capsule, Segment, Polygon>;

/// Number of shape types.
inline constexpr int kShapeTypeCount = 8;

/// The protocol name of a shape type ("point", "circle", ...), by variant index.
const char* shape_type_name(int index);

/// Checks a shape: nothing when valid, else the field and what is wrong with it.
std::optional<Invalid> validate(const Point& s);
std::optional<Invalid> validate(const Circle& s);
std::optional<Invalid> validate(const Sector& s);
std::optional<Invalid> validate(const Aabb& s);
std::optional<Invalid> validate(const Box& s);
std::optional<Invalid> validate(const Capsule& s);
std::optional<Invalid> validate(const Segment& s);
std::optional<Invalid> validate(const Polygon& s);
std::optional<Invalid> validate(const Shape& s);

/// The tight axis-aligned bounding box of a shape.
Aabb bounds(const Point& s);
Aabb bounds(const Circle& s);
Aabb bounds(const Sector& s);
Aabb bounds(const Aabb& s);
Aabb bounds(const Box& s);
Aabb bounds(const Capsule& s);
Aabb bounds(const Segment& s);
Aabb bounds(const Polygon& s);
Aabb bounds(const Shape& s);

/// True for the shapes without area (FORMAT.md): point, segment, zero-radius circle or
/// capsule, aabb or box with a zero extent, sector with half_angle 0.
bool has_area(const Shape& s);

/// A shape moved by a translation.
Shape translated(const Shape& s, Vec2 t);

/// A typed shape moved by a translation (cached rotations and normals kept bit for bit).
inline Point translated(Point s, Vec2 t) { s.at += t; return s; }
/// A typed shape moved by a translation.
inline Circle translated(Circle s, Vec2 t) { s.center += t; return s; }
/// A typed shape moved by a translation.
inline Sector translated(Sector s, Vec2 t) { s.center += t; return s; }
/// A typed shape moved by a translation.
inline Aabb translated(Aabb s, Vec2 t) { s.min += t; s.max += t; return s; }
/// A typed shape moved by a translation.
inline Box translated(Box s, Vec2 t) { s.center += t; return s; }
/// A typed shape moved by a translation.
inline Capsule translated(Capsule s, Vec2 t) { s.a += t; s.b += t; return s; }
/// A typed shape moved by a translation.
inline Segment translated(Segment s, Vec2 t) { s.a += t; s.b += t; return s; }
/// A typed shape moved by a translation.
inline Polygon translated(const Polygon& s, Vec2 t) {
  Polygon p = s;
  for (int i = 0; i < p.count; ++i) p.vertices[std::size_t(i)] += t;
  return p;
}

}  // namespace collide2d
