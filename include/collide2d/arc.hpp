// collide2d - 2D collision detection for games. MIT License.
#pragma once
/// @file arc.hpp  `Arc`: a circular arc (a piece of a circle's boundary, a curve without
/// area), the building block of disc-island coastlines. A value type of its own, outside the
/// `Shape` variant: the point, circle and ray queries below are what coasts need.
///
/// Angles are radians counter-clockwise from +x; the arc runs from `start` counter-clockwise
/// through `sweep` (0..2 pi; 2 pi is the whole circle). Closed: the end points belong to it.

#include <optional>

#include "collide2d/query.hpp"
#include "collide2d/sweep.hpp"

namespace collide2d::inline COLLIDE2D_ABI {

/// A circular arc: the points center + radius * (cos a, sin a) for a in [start, start + sweep].
/// The constructor caches the unit directions of both ends, so tests need no trigonometry.
struct Arc {
  Vec2 center;
  Real radius = 0;  ///< >= 0
  Real start = 0;   ///< radians, counter-clockwise from +x
  Real sweep = 0;   ///< radians in [0, 2 pi], counter-clockwise from start
  Vec2 start_dir{1, 0};  ///< cached unit vector of `start`
  Vec2 end_dir{1, 0};    ///< cached unit vector of `start + sweep`

  Arc() = default;
  /// An arc; caches the end directions.
  Arc(Vec2 center_, Real radius_, Real start_, Real sweep_)
      : center(center_), radius(radius_), start(start_), sweep(sweep_),
        start_dir(Rot::from_angle(start_).x_axis()), end_dir(Rot::from_angle(start_ + sweep_).x_axis()) {}

  /// The point where the arc starts.
  Vec2 start_point() const { return center + start_dir * radius; }
  /// The point where the arc ends.
  Vec2 end_point() const { return center + end_dir * radius; }
  /// True when the direction `u` (any length, not zero) from the center lies within the
  /// angular span (closed: the end directions count).
  bool spans(Vec2 u) const;
};

/// Checks an arc: finite center and start, radius >= 0 and finite, sweep in [0, 2 pi].
std::optional<Invalid> validate(const Arc& a);

/// The tight axis-aligned bounding box of the arc.
Aabb bounds(const Arc& a);

/// The point of an arc nearest to a point, with the arc's outward (radial) unit normal there.
struct ArcClosest {
  Real distance = 0;  ///< |point - query point|
  Vec2 point;         ///< the nearest arc point
  Vec2 normal{1, 0};  ///< the circle's outward unit normal at `point` (from the center)
  bool at_end = false;  ///< the nearest point is an end point (the query lies outside the span)
};

/// The arc point nearest to p (ties, e.g. p at the center, go to the start side).
ArcClosest closest_point(const Arc& a, Vec2 p);

/// Distance from p to the arc (a shortcut of `closest_point`).
Real distance(const Arc& a, Vec2 p);

/// True when the point lies on the arc within `tolerance` (>= 0).
bool overlaps(const Arc& a, const Point& p, Real tolerance = 0);
/// True when the arc and the (closed) disk share a point.
bool overlaps(const Arc& a, const Circle& c);
/// True when the arc and the (closed) disk share a point.
inline bool overlaps(const Circle& c, const Arc& a) { return overlaps(a, c); }

/// Distance between an arc and a point; point_a on the arc, point_b = the point.
DistanceResult distance(const Arc& a, const Point& p);
/// Distance between an arc and a disk; point_a on the arc, point_b on the disk.
DistanceResult distance(const Arc& a, const Circle& c);
/// Distance between a disk and an arc; point_a on the disk, point_b on the arc.
DistanceResult distance(const Circle& c, const Arc& a);

/// First point of the arc along the ray. The normal is the radial normal turned to face the
/// ray's origin (an arc has no inside); an origin on the arc is a hit at distance 0 with
/// `inside` false.
RayHit raycast(const Arc& a, const Ray& ray);

/// First time t in [0, 1] at which the disk `c` moving by `velocity` touches the (static)
/// arc: normal from the disk to the arc, point on both. Touching at t = 0 gives
/// `initially_overlapping`.
SweepHit sweep(const Circle& c, Vec2 velocity, const Arc& a);

}  // namespace collide2d
