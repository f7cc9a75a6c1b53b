// collide2d - 2D collision detection for games. MIT License.
#pragma once
/// @file polygon_map.hpp  Concave polygons with holes (simple rings) and the point queries a
/// level made of them needs: an exact orientation predicate, point-in-polygon by the crossing
/// test and by the winding number (closed sets: a point on a vertex or an edge is inside), the
/// nearest point on a segment, a polyline and a polygon's boundary, and the distance to walls.
///
/// Exactness. `orient2d` returns the exact sign of the orientation determinant of its three
/// points (a floating-point filter with an exact expansion fallback, Shewchuk style), so
/// point-in-polygon answers are exact for every input the scalar type can hold (integer map
/// coordinates in particular), whatever the magnitude. Distances are computed in double.

#include <optional>
#include <span>
#include <vector>

#include "collide2d/math.hpp"
#include "collide2d/shapes.hpp"
#include "collide2d/walls.hpp"

namespace collide2d::inline COLLIDE2D_ABI {

/// Exact sign of cross(b - a, c - a): +1 when a, b, c turn counter-clockwise, -1 clockwise,
/// 0 when collinear. Computed in double with an exact fallback (no rounding error at all).
int orient2d(Vec2 a, Vec2 b, Vec2 c);
/// The same on double coordinates (what the map code uses internally).
int orient2d(double ax, double ay, double bx, double by, double cx, double cy);

/// True when p lies on the closed segment ab (exact).
bool on_segment(Vec2 a, Vec2 b, Vec2 p);

/// Where a point is relative to a closed region.
enum class PointLocation { outside, boundary, inside };

/// A simple polygon with holes: one outer ring and any number of hole rings, each a list of
/// vertices without repeating the first (at least 3). Rings must not cross each other or
/// themselves (they may be concave). Any orientation is accepted: `PolygonWithHoles::make`
/// stores the outer ring counter-clockwise and the holes clockwise.
struct PolygonWithHoles {
  std::vector<Vec2> outer;                ///< counter-clockwise after make
  std::vector<std::vector<Vec2>> holes{};  ///< clockwise after make

  /// Checks the rings and orients them (outer counter-clockwise, holes clockwise). Nothing, and
  /// `why` filled when given, for a ring with fewer than 3 vertices ("outer", "holes[i]"), a
  /// non-finite vertex ("outer[j]", "holes[i][j]") or zero area.
  static std::optional<PolygonWithHoles> make(std::vector<Vec2> outer, std::vector<std::vector<Vec2>> holes = {},
                                              Invalid* why = nullptr);
};

/// Deprecated (one release): `PolygonWithHoles::make`, throwing std::invalid_argument with the
/// refusal's text.
[[deprecated("use PolygonWithHoles::make, which refuses with an Invalid")]]
PolygonWithHoles make_polygon_with_holes(std::vector<Vec2> outer, std::vector<std::vector<Vec2>> holes = {});

/// Signed area of a ring (positive when counter-clockwise), shoelace formula in double.
double signed_area(std::span<const Vec2> ring);

/// Locates p by the crossing test (even-odd rule over all rings; boundary detected exactly).
PointLocation locate_crossing(const PolygonWithHoles& poly, Vec2 p);
/// Locates p by the winding number (non-zero rule with the stored orientations).
PointLocation locate_winding(const PolygonWithHoles& poly, Vec2 p);
/// Winding number of the closed ring around p (p must not lie on the ring; 0 if it does).
int winding_number(std::span<const Vec2> ring, Vec2 p);
/// True when p is inside or on the boundary of the polygon (closed set; crossing test).
bool contains(const PolygonWithHoles& poly, Vec2 p);

// NearestPoint (walls.hpp): here `index` is the edge or segment (into the polyline, ring
// sequence or wall list; -1 when there was nothing to search).

/// The point of the closed segment ab nearest to p (ab may have zero length).
Vec2 nearest_on_segment(Vec2 a, Vec2 b, Vec2 p);
/// Nearest point on an open polyline (edges i = (pts[i], pts[i+1])); a single point is allowed.
NearestPoint nearest_on_polyline(std::span<const Vec2> pts, Vec2 p);
/// Nearest point on a closed ring (edge i joins ring[i] and ring[(i+1) % n]).
NearestPoint nearest_on_ring(std::span<const Vec2> ring, Vec2 p);
/// Nearest point on a polygon's boundary; `index` counts edges over outer then each hole.
NearestPoint nearest_on_boundary(const PolygonWithHoles& poly, Vec2 p);

/// A wall: a segment from a to b.
struct Wall {
  Vec2 a{}, b{};
};
/// Nearest point on any of the walls (a linear scan; RoomMap has the indexed version).
NearestPoint nearest_wall(std::span<const Wall> walls, Vec2 p);
/// Signed distance from p to the polygon's boundary: negative inside, 0 on it, positive out.
Real signed_distance(const PolygonWithHoles& poly, Vec2 p);

}  // namespace collide2d
