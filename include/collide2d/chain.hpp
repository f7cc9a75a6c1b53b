// collide2d - 2D collision detection for games. MIT License.
#pragma once
/// @file chain.hpp  `Chain`: a user-made wall, an open or closed polyline of straight edges (a
/// level's outline, a slope, a one-way platform), like Box2D's chain shapes. Each edge knows its
/// neighbours' far vertices (ghost vertices, walls.hpp), so a body sliding across a joint is not
/// caught by it.
///
/// Sides. Edge i runs from points[i] to points[i + 1] (a closed chain also from the last point
/// back to the first). Its normal is its direction turned clockwise: the right side going from
/// a to b. A one-sided chain blocks only from that side (its front): a closed chain listed
/// counter-clockwise (y up) is a solid outline that keeps bodies out; listed clockwise, a room
/// that keeps them in. A two-sided chain blocks from both sides: bodies never cross it.
///
/// Queries scan the edges (no index): a chain is meant to hold tens to a few thousand points.

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "collide2d/polygon_map.hpp"
#include "collide2d/query.hpp"
#include "collide2d/walls.hpp"

namespace collide2d::inline COLLIDE2D_ABI {

/// Deprecated (one release): the one ray answer, `RayHit` (`edge` is `element`).
using ChainHit [[deprecated("use RayHit (edge is element)")]] = RayHit;

/// An open or closed polyline of one-sided or two-sided wall edges. A value type.
class Chain {
 public:
  /// Builds a chain through `points` (closed: the last point joins the first; do not repeat
  /// it). Refuses, naming "points[i]" in `why`: a non-finite point or one beyond the shapes'
  /// coordinate limit, a point equal to the next (a zero-length edge), fewer than 2 points
  /// (3 when closed).
  static std::optional<Chain> make(std::span<const Vec2> points, bool closed, bool one_sided,
                                   Invalid* why = nullptr);

  /// The points as given.
  std::span<const Vec2> points() const { return points_; }
  /// True when the last point joins the first.
  bool closed() const { return closed_; }
  /// True when the edges block only from their front (right) side.
  bool one_sided() const { return one_sided_; }
  /// The edges, with normals and ghost vertices (edge i starts at points[i]).
  std::span<const WallEdge> edges() const { return edges_; }
  /// The bounding box of the points.
  Aabb bounds() const { return bounds_; }

  /// Appends the edges whose boxes meet `region` as obstacles (kind edge, element = edge
  /// index, the given owner) for the one mover.
  void gather(const Aabb& region, std::vector<Obstacle>& out, std::uint32_t owner = 0) const;

  /// The first edge along the ray (a one-sided edge only when the ray comes from its front):
  /// element = the edge's index, normal = the edge's unit normal facing the ray's origin. An
  /// origin on an edge is a hit at distance 0.
  RayHit raycast(const Ray& ray) const;

  /// The chain point nearest to p: where, how far, on which edge (`index`).
  NearestPoint nearest_wall(Vec2 p) const;
  /// Distance from p to the chain.
  Real wall_distance(Vec2 p) const { return nearest_wall(p).distance; }
  /// Deprecated (one release): `nearest_wall`.
  [[deprecated("use nearest_wall")]] NearestPoint nearest(Vec2 p) const { return nearest_wall(p); }
  /// Deprecated (one release): `wall_distance`.
  [[deprecated("use wall_distance")]] Real distance(Vec2 p) const { return wall_distance(p); }

 private:
  std::vector<Vec2> points_;
  std::vector<WallEdge> edges_;
  std::vector<Aabb> edge_boxes_;
  Aabb bounds_{};
  bool closed_ = false;
  bool one_sided_ = false;
};

}  // namespace collide2d
