// collide2d - 2D collision detection for games. MIT License.
#pragma once
// Internal: every shape is one or two convex parts.
//  - Hull: a convex polygon core of 1..64 vertices (1 = a point, 2 = a segment) grown by a
//    radius. Point, circle, aabb, box, capsule, segment and polygon are each one hull.
//  - Piece: a convex circle sector of span <= pi (center, radius, arc from `lo` to `hi`
//    counter-clockwise). A sector of half_angle <= pi/2 is one piece; a wider (non-convex)
//    sector is the union of two half-disks, each exact; half_angle 0 is a segment hull.
// Pair queries work on parts with closed forms: vertex-edge distances and separating axes
// for hulls; for pieces, the boundary split into two radial segments and one arc.

#include <algorithm>
#include <type_traits>

#include "collide2d/query.hpp"

namespace collide2d::inline COLLIDE2D_ABI::detail {

/// A point or a circle: a disk (of radius 0 for a point), for the pair queries' and the
/// sweeps' closed forms.
template <class T>
inline constexpr bool kIsDisk = std::is_same_v<T, Point> || std::is_same_v<T, Circle>;
inline Vec2 disk_center(const Point& p) { return p.at; }
inline Vec2 disk_center(const Circle& c) { return c.center; }
inline Real disk_radius(const Point&) { return 0; }
inline Real disk_radius(const Circle& c) { return c.radius; }

/// A box in its own frame is an aabb centered at the origin (`box_local`); `to_local` carries a
/// point into that frame.
inline Aabb box_local(const Box& b) { return {-b.half_extents, b.half_extents}; }
inline Vec2 to_local(const Box& b, Vec2 p) { return b.rot().apply_inv(p - b.center); }

/// A convex polygon core (1..64 vertices, counter-clockwise) grown by `radius`.
/// It points into the polygon's storage or into its own buffers, so it is not copyable.
struct Hull {
  const Vec2* v = nullptr;  ///< vertices
  const Vec2* n = nullptr;  ///< outward unit normal of edge i -> i+1 (count entries when count >= 2)
  int count = 0;
  Real radius = 0;
  bool area = false;  ///< the shape has area (a box thinner than rounding can show still does)
  Vec2 vbuf[4];
  Vec2 nbuf[4];
  /// A moved polygon's vertices (its base vertices plus its offset), left uninitialised
  /// until a polygon needs them.
  alignas(Vec2) unsigned char moved[Polygon::kMaxVertices * sizeof(Vec2)];

  Hull() = default;
  Hull(const Hull&) = delete;
  Hull& operator=(const Hull&) = delete;
  explicit Hull(const Point& s);
  explicit Hull(const Circle& s);
  explicit Hull(const Aabb& s);
  explicit Hull(const Box& s);
  explicit Hull(const Capsule& s);
  explicit Hull(const Segment& s);
  explicit Hull(const Polygon& s);
  /// A segment hull (also used for a sector's straight edges and half_angle 0).
  void set_segment(Vec2 a, Vec2 b, Real r);
  /// The core vertex furthest along d.
  Vec2 support(Vec2 d) const;
  /// Whether the shape has area (a zero-extent core with zero radius has none).
  bool has_area() const;
};

/// A convex circle sector: center c, radius r, arc from unit `lo` counter-clockwise to unit
/// `hi` spanning at most pi; `mid` is the unit bisector.
struct Piece {
  Vec2 c;
  Real r = 0;
  Vec2 lo, hi, mid;
  /// True when direction d (from c) lies in the closed angular range.
  bool in_cone(Vec2 d) const { return cross(lo, d) >= 0 && cross(d, hi) >= 0 && dot(d, mid) >= 0; }
  /// Support function value max over the piece of x.d: the arc's length(d) for d within the
  /// cone, else the larger straight-edge end (or the center).
  Real support_value(Vec2 d) const {
    const Real base = dot(c, d);
    if (in_cone(d)) return base + r * length(d);
    return std::max({base, base + r * dot(lo, d), base + r * dot(hi, d)});
  }
  /// A point of the piece furthest along d.
  Vec2 support(Vec2 d) const;
  /// True when p lies in the closed piece.
  bool contains(Vec2 p) const;
  /// Outward unit normals of the two straight edges (c -> c + r lo, c -> c + r hi).
  Vec2 normal_lo() const { return {lo.y, -lo.x}; }
  Vec2 normal_hi() const { return {-hi.y, hi.x}; }
};

/// A sector as 0 pieces (then it is `hull`: a segment for half_angle 0, the whole disk for
/// half_angle pi), 1 or 2 pieces.
struct SectorParts {
  int count = 0;
  Piece piece[2];
  Hull seg;  ///< used when count == 0: the segment (half_angle 0) or the disk (half_angle pi)
  explicit SectorParts(const Sector& s);
  SectorParts(const SectorParts&) = delete;
};

/// Closest point of a sector to p, in closed form (the sector's frame folded about its
/// facing: within the cone the arc decides, outside it the nearer straight edge); distance 0
/// and the point itself when p is inside. Exact for every half_angle, no trigonometry.
DistanceResult sector_point_distance(const Sector& s, Vec2 p);

/// Closest points between two cores (radii ignored). distance 0 when they intersect; the
/// points are then one common point.
DistanceResult core_distance(const Hull& a, const Hull& b);
DistanceResult core_distance(const Piece& a, const Hull& b);
DistanceResult core_distance(const Piece& a, const Piece& b);

/// Distance from a point to a hull core (0 inside) and the nearest core point.
Real point_hull_distance(const Hull& h, Vec2 p, Vec2* nearest);

/// Turns core closest points into shape closest points for radii ra, rb.
DistanceResult grow(const DistanceResult& core, Real ra, Real rb);

/// Contact between convex parts (normal from a to b).
Manifold convex_contact(const Hull& a, const Hull& b);
/// convex_contact's answer (the same bits) for hulls whose stored edge normals are each within
/// `turn` radians of the exact normal of their edge as the vertices are: two polygon cores are
/// told apart or meeting from their float separations where those are clear of their rounding,
/// with the exact test only between (other cores: convex_contact).
Manifold convex_contact(const Hull& a, const Hull& b, Real turn);
/// convex_contact(a, b, turn) (the same bits) for two rectangles' hulls (aabb, box): two cores
/// of four vertices compare their 4 + 4 edges side by side (a degenerate one, of fewer vertices,
/// or turn >= 1: convex_contact(a, b)).
Manifold quad_contact(const Hull& a, const Hull& b, Real turn);
Manifold convex_contact(const Piece& a, const Hull& b);
Manifold convex_contact(const Piece& a, const Piece& b);

/// Flips a manifold computed for (b, a) into one for (a, b).
Manifold flipped(Manifold m);

/// Contact between a sector of two pieces (or more parts) and a convex part, where the
/// union is not convex: the shortest translation of b out of the union's interior.
Manifold sector_contact(const SectorParts& a, const Hull& b);
Manifold sector_contact(const SectorParts& a, const SectorParts& b);

/// Ray casts against convex parts (direction must be unit length).
RayHit hull_raycast(const Hull& h, Vec2 origin, Vec2 dir, Real max_distance);
/// hull_raycast's rounded core (count >= 2, r > 0) for an origin known to be outside it.
RayHit rounded_raycast(const Vec2* v, const Vec2* n, int count, Real r, Vec2 origin, Vec2 dir, Real max_distance);
RayHit piece_raycast(const Piece& p, Vec2 origin, Vec2 dir, Real max_distance);

}  // namespace collide2d::detail
