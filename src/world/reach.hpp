// collide2d - 2D collision detection for games. MIT License.
#pragma once
/// @file reach.hpp  What the apex of a sector (or the centre of a circle) can reach within it
/// past straight walls: the visible part of the shape as convex pieces. Between two
/// consecutive angles where a wall ends or crosses the shape's rim, the nearest wall along the
/// rays is one segment (walls do not cross), so the visible part of that wedge is either the
/// whole narrow sector or the triangle from the apex to that wall.

#include <optional>
#include <span>
#include <vector>

#include "collide2d/query.hpp"

namespace collide2d::inline COLLIDE2D_ABI::world_detail {

/// The visible part of a sector or disc as convex pieces (narrow sectors, triangles, a segment).
class Reach {
 public:
  /// The pieces of `shape` (a Sector or a Circle; nothing for another shape) seen from its apex
  /// past `walls` (segments that do not cross each other; touching ends are fine).
  static std::optional<Reach> make(const Shape& shape, std::span<const Segment> walls);

  /// True when some point of `t` lies in a visible piece (closed: touching counts).
  template <ShapeType T>
  bool sees(const T& t) const {
    for (const Sector& s : sectors_)
      if (overlaps(t, s)) return true;
    for (const Polygon& p : triangles_)
      if (overlaps(t, p)) return true;
    for (const Segment& s : segments_)
      if (overlaps(t, s)) return true;
    return false;
  }

 private:
  std::vector<Sector> sectors_;
  std::vector<Polygon> triangles_;
  std::vector<Segment> segments_;
};

}  // namespace collide2d::world_detail
