// collide2d - 2D collision detection for games. MIT License.
#pragma once
/// @file shapes.hpp  The eight shapes as small value types in world coordinates, their
/// validation and bounding boxes, and `Shape`, a variant of any of them.

#include <array>
#include <cmath>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <variant>

#include "collide2d/math.hpp"

namespace collide2d::inline COLLIDE2D_ABI {

/// What is wrong with an input: the field (e.g. "radius", "points") and a message.
struct Invalid {
  std::string field;    ///< the offending field, as the protocol names it (docs/protocol.md)
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
  /// True when `o` is inside, boundaries included.
  constexpr bool contains(const Aabb& o) const {
    return min.x <= o.min.x && min.y <= o.min.y && o.max.x <= max.x && o.max.y <= max.y;
  }
};

namespace detail {
/// Every stored field of a Sector, Box or Polygon, caches included, read and written as they are
/// (the world snapshot saves and restores shapes bit for bit; src/world/world_snapshot.cpp).
struct ShapeState;
/// The rotating sweep's poses of a polygon for its own use, without normal_turn()'s measure
/// (src/query/sweep_rotating.cpp).
struct PolygonPose;
}  // namespace detail

/// Circle sector (a melee attack's cone): the points within `radius` of `center` whose
/// direction differs from `facing` by at most `half_angle` (0..pi; pi is the whole disk, 0 a
/// segment). Wider than pi/2 it is not convex; every query treats it exactly anyway.
/// The unit direction of `facing` and the cosine and sine of `half_angle` are cached, so
/// trigonometry is paid once per swing; the angles are private and change only through the
/// setters, which re-cache, so the cache cannot go stale (`center` and `radius` are plain).
class Sector {
 public:
  Vec2 center;
  Real radius = 1;

  Sector() = default;
  /// A sector; computes the cached direction and half-angle cosine and sine.
  Sector(Vec2 center_, Real radius_, Real facing_, Real half_angle_)
      : center(center_), radius(radius_) {
    set_facing(facing_);
    set_half_angle(half_angle_);
  }
  /// The same cone at another place and facing (one swing), re-caching the rotation.
  Sector moved(Vec2 new_center, Real new_facing) const {
    Sector s = *this;
    s.center = new_center;
    s.set_facing(new_facing);
    return s;
  }

  /// Radians, counter-clockwise from +x (after `set_direction`, the angle of that direction).
  Real facing() const { return facing_from_dir_ ? std::atan2(dir_.y, dir_.x) : facing_; }
  /// Radians, in [0, pi] for a valid sector.
  Real half_angle() const { return half_angle_; }
  /// Unit vector of `facing` (cached).
  Vec2 dir() const { return dir_; }
  /// cos(half_angle) (cached).
  Real cos_half() const { return cos_half_; }
  /// sin(half_angle), never negative (cached).
  Real sin_half() const { return sin_half_; }

  /// Turns the cone to `facing` radians.
  void set_facing(Real facing) {
    facing_ = facing;
    facing_from_dir_ = false;
    dir_ = Rot::from_angle(facing).x_axis();
  }
  /// Turns the cone to face the unit vector `dir` (no trigonometry; `facing()` is then its angle).
  void set_direction(Vec2 dir) {
    dir_ = dir;
    facing_from_dir_ = true;
  }
  /// Widens or narrows the cone to `half_angle` radians.
  void set_half_angle(Real half_angle) {
    half_angle_ = half_angle;
    cos_half_ = std::cos(half_angle);
    // sin is >= 0 on [0, pi]; pi rounded up in float would give -8.7e-8 and open a notch
    sin_half_ = std::sin(half_angle) > 0 ? std::sin(half_angle) : Real(0);
  }

 private:
  friend struct detail::ShapeState;
  Real facing_ = 0;
  Real half_angle_ = 0;
  Vec2 dir_{1, 0};
  Real cos_half_ = 1;
  Real sin_half_ = 0;
  bool facing_from_dir_ = false;  ///< the direction was set as a vector: facing() is its angle
};

/// Oriented box: `center`, `half_extents` (>= 0) along its own axes, rotated by `angle`.
/// The rotation is cached; the angle is private and changes only through the setters, so the
/// cache cannot go stale (`center` and `half_extents` are plain).
class Box {
 public:
  Vec2 center;
  Vec2 half_extents;

  Box() = default;
  /// An oriented box; caches the rotation.
  Box(Vec2 center_, Vec2 half_extents_, Real angle_)
      : center(center_), half_extents(half_extents_) {
    set_angle(angle_);
  }

  /// Radians, counter-clockwise (after `set_rotation`, the angle of that rotation).
  Real angle() const { return angle_from_rot_ ? std::atan2(rot_.s, rot_.c) : angle_; }
  /// The rotation of `angle` (cached).
  Rot rot() const { return rot_; }

  /// Turns the box to `angle` radians.
  void set_angle(Real angle) {
    angle_ = angle;
    angle_from_rot_ = false;
    rot_ = Rot::from_angle(angle);
  }
  /// Turns the box to the rotation `r` (unit; no trigonometry: `angle()` is then its angle).
  void set_rotation(Rot r) {
    rot_ = r;
    angle_from_rot_ = true;
  }

 private:
  friend struct detail::ShapeState;
  Rot rot_;
  Real angle_ = 0;
  bool angle_from_rot_ = false;  ///< the rotation was set directly: angle() is its angle
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
///
/// A polygon is a small value (its vertex count, a shared pointer to its vertices and normals as
/// built, which no one changes, plus the offset it has been moved by since): copying or
/// translating one never copies or allocates its vertices, and the vertices and normals cannot
/// disagree. `vertex(i)` is the vertex where the polygon is now. The storage is one allocation
/// of exactly count vertices followed by count normals and one Vec2 holding `extent()` and
/// `normal_turn()` (an octagon's 136 bytes of float), so a walk over a polygon's edges reads one
/// short run of memory and many polygons stay close together.
class Polygon {
 public:
  static constexpr int kMaxVertices = 64;
  Real radius = 0;  ///< rounding, >= 0

  /// An empty polygon (no vertices; `validate` refuses it). Use `make_polygon`.
  Polygon() = default;
  Polygon(const Polygon&) = default;
  Polygon& operator=(const Polygon&) = default;
  /// A moved-from polygon is empty (count() 0): its storage went with the move.
  Polygon(Polygon&& o) noexcept
      : radius(o.radius), count_(std::exchange(o.count_, 0)), data_(std::move(o.data_)), offset_(o.offset_) {}
  Polygon& operator=(Polygon&& o) noexcept {
    radius = o.radius;
    count_ = std::exchange(o.count_, 0);
    data_ = std::move(o.data_);
    offset_ = o.offset_;
    return *this;
  }

  /// Number of vertices (3..64; 0 for an empty polygon).
  int count() const { return count_; }
  /// Vertex i (0 <= i < count()), counter-clockwise, strictly convex.
  Vec2 vertex(int i) const { return data_[i] + offset_; }
  /// Outward unit normal of edge i -> i+1.
  Vec2 normal(int i) const { return data_[count_ + i]; }
  /// The translation since the polygon was built (vertex(i) is base_vertices()[i] + offset()).
  Vec2 offset() const { return offset_; }
  /// The vertices as built, before offset() (count() of them).
  const Vec2* base_vertices() const { return data_.get(); }
  /// The normals (count() of them).
  const Vec2* normals() const { return data_ ? data_.get() + count_ : nullptr; }
  /// The largest 1-norm |x| + |y| of base_vertices(), as rounded (for the query filters' error
  /// bounds: |p - v|_1 <= |p|_1 + extent() for every base vertex v).
  Real extent() const { return data_[2 * count_].x; }
  /// A bound, in radians, on the angle between each stored normal and the exact outward normal
  /// of its edge between base_vertices() (the vertices and normals round separately: a few ulps
  /// as built, more for a pose far from its pivot or with a short edge), for the query filters'
  /// error bounds; 4 or more where a normal is not on its edge's outer side.
  Real normal_turn() const { return data_[2 * count_].y; }

  /// Moves the polygon by t (no allocation).
  void translate(Vec2 t) { offset_ += t; }
  /// Makes this polygon `base` turned by `rot` about `pivot`, with the pivot moved to `centre`:
  /// vertex p goes to centre + rot (p - pivot). Reuses this polygon's storage when it is the
  /// only one holding it and it has the same count (a pose updated in a loop allocates once).
  void set_pose(const Polygon& base, Vec2 pivot, Vec2 centre, Rot rot);

 private:
  friend std::optional<Polygon> make_polygon(std::span<const Vec2> points, Real radius, Invalid* why);
  friend struct detail::ShapeState;
  friend struct detail::PolygonPose;
  /// set_pose; without `measure_turn`, normal_turn() is not measured but stored as 4 (no bound:
  /// the contact filters that read it take their exact path, with the same answers), which
  /// saves more than half of the pose's cost (for the sweep's poses, which contact() seldom sees).
  void pose(const Polygon& base, Vec2 pivot, Vec2 centre, Rot rot, bool measure_turn);
  /// Storage for n vertices and then n normals, for the caller to fill and then to finish with
  /// store_extent() (pose() fills the extent slot in its own loop): this polygon's own when it
  /// alone holds it and it has room for exactly n (and `keep` does not hold it too), else new.
  Vec2* storage_for(int n, const Polygon* keep = nullptr);
  /// Computes extent() and normal_turn() from the filled vertices and normals.
  void store_extent();
  int count_ = 0;  // (beside radius: a float polygon stays 32 bytes)
  std::shared_ptr<Vec2[]> data_;  // vertices [0, count_), normals [count_, 2 count_), extent; never changed while shared
  Vec2 offset_;
};

/// Builds a convex polygon from `points` (3..64, in order, either winding) rounded by `radius`.
/// Returns nothing and fills `why` (when given) if the input is not a valid convex polygon.
std::optional<Polygon> make_polygon(std::span<const Vec2> points, Real radius = 0,
                                    Invalid* why = nullptr);

/// Any of the eight shapes. The index order is the dispatch-table order.
using Shape = std::variant<Point, Circle, Sector, Aabb, Box, Capsule, Segment, Polygon>;
// A Shape is copied freely (the mover moves one many times a step): it stays small.
static_assert(sizeof(Shape) <= 128, "Shape must stay at most 128 bytes");

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

/// The tight axis-aligned bounding box of a shape (a point's and a disk's inline: the movers
/// take them several times per move).
inline Aabb bounds(const Point& s) { return {s.at, s.at}; }
inline Aabb bounds(const Circle& s) {
  return {s.center - Vec2{s.radius, s.radius}, s.center + Vec2{s.radius, s.radius}};
}
Aabb bounds(const Sector& s);
Aabb bounds(const Aabb& s);
Aabb bounds(const Box& s);
Aabb bounds(const Capsule& s);
Aabb bounds(const Segment& s);
Aabb bounds(const Polygon& s);
Aabb bounds(const Shape& s);

/// True for the shapes without area (docs/protocol.md): point, segment, zero-radius circle or
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
inline Polygon translated(Polygon s, Vec2 t) { s.translate(t); return s; }

/// The box grown by r on every side.
inline Aabb grown(const Aabb& a, Real r) { return {{a.min.x - r, a.min.y - r}, {a.max.x + r, a.max.y + r}}; }
/// The smallest box holding both.
inline Aabb merged(const Aabb& a, const Aabb& b) { return {min(a.min, b.min), max(a.max, b.max)}; }

}  // namespace collide2d
