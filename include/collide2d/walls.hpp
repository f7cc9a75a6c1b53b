// collide2d - 2D collision detection for games. MIT License.
#pragma once
/// @file walls.hpp  What a moving body can hit, in one vocabulary for every source of
/// geometry: an `Obstacle` is a solid shape (a world proxy, an obstacle of the tool's `move`), a
/// straight wall edge (a tile map's merged boundary, a Doom wall, a user's chain) or a coast arc
/// (a disc island: land inside the circle, the sea outside blocks). Maps and the world hand
/// their geometry near a region to the one mover (`move` in motion.hpp) as obstacles; the
/// mover needs nothing else from them.
///
/// Edges and ghost vertices. An edge of a chain knows its neighbours' far vertices (`prev`
/// before `a`, `next` after `b`), so a body sliding across a joint of two edges is not caught
/// by the joint (no ghost collisions, as Box2D's chain segments). A one-sided edge blocks only
/// from its front (the side `normal` points to): the back of a tile wall is never reached, and a
/// one-way platform lets a body pass from behind.

#include <cstdint>
#include <limits>
#include <optional>
#include <vector>

#include "collide2d/arc.hpp"
#include "collide2d/shapes.hpp"

namespace collide2d::inline COLLIDE2D_ABI {

/// The one answer to "where is the nearest wall" (`nearest_wall(p)` on TileMap, RoomMap,
/// DiscUnion and Chain; the polygon helpers of polygon_map.hpp): the nearest wall point, its
/// distance (0 when p is in or on a wall) and which piece of the map holds it (-1 for none;
/// each map says what its index counts).
struct NearestPoint {
  Vec2 point{};
  Real distance = 0;
  int index = -1;
};

/// The one contact type of the maps (`TileMap::contacts`, `DiscUnion::contacts`): a body
/// touching or overlapping a wall.
struct WallContact {
  std::uint32_t element = 0;  ///< the piece touched: a tile map's boundary edge, a coast arc
  Vec2 point;                 ///< a contact point (a coast: the one nearest the body's centre)
  Vec2 normal;                ///< unit, from the body into the wall: push the body by -normal
  Real depth = 0;             ///< how far the body reaches past the wall (0: just touching)
};

/// A straight piece of static wall from `a` to `b`.
struct WallEdge {
  Vec2 a, b;
  Vec2 normal;             ///< unit, perpendicular to b - a: the front (free) side
  bool one_sided = false;  ///< blocks only from the front (tile walls, one-way platforms)
  bool has_prev = false;   ///< `prev` is the chain's vertex before a (ghost vertex)
  bool has_next = false;   ///< `next` is the chain's vertex after b (ghost vertex)
  Vec2 prev, next;
};

/// What an obstacle is.
enum class ObstacleKind : std::uint8_t {
  shape,  ///< a solid shape (`Obstacle::shape`)
  edge,   ///< a wall edge (`Obstacle::edge`)
  arc,    ///< a coast arc (`Obstacle::arc`): land inside its circle, the outside blocks
};

/// One thing a mover can hit, with the caller's labels of where it came from.
struct Obstacle {
  ObstacleKind kind = ObstacleKind::shape;
  const Shape* shape = nullptr;  ///< kind shape: not owned, must outlive the call
  WallEdge edge;                 ///< kind edge
  Arc arc;                       ///< kind arc
  std::uint32_t owner = 0;       ///< the caller's id of what holds it (a proxy slot, a layer)
  std::uint32_t element = 0;     ///< which piece of it (an edge, an arc, a line, a cell)
  /// How far this obstacle may push the body out per call: infinite for walls (rigid); a
  /// crowd's bodies may yield (Box2D's collision planes have the same). A finite limit makes
  /// the obstacle soft: the mover does not sweep against it (the body may move into it) and
  /// pushes the body out of it by at most this much per call, never into a rigid obstacle.
  Real push_limit = std::numeric_limits<Real>::infinity();
  /// Kind shape: a one-way shape (a jump-through platform) blocks only a body that comes from
  /// this side (contact normals from the shape to the body with a positive component along it)
  /// and that does not overlap it when the motion starts; zero: solid from every side.
  Vec2 one_way;
};

/// An obstacle of kind shape (`shape` must outlive every use of the obstacle).
inline Obstacle shape_obstacle(const Shape& shape, std::uint32_t owner = 0, std::uint32_t element = 0) {
  Obstacle o;
  o.kind = ObstacleKind::shape;
  o.shape = &shape;
  o.owner = owner;
  o.element = element;
  return o;
}

/// An obstacle of kind edge.
inline Obstacle edge_obstacle(const WallEdge& edge, std::uint32_t owner = 0, std::uint32_t element = 0) {
  Obstacle o;
  o.kind = ObstacleKind::edge;
  o.edge = edge;
  o.owner = owner;
  o.element = element;
  return o;
}

/// An obstacle of kind arc (a coast: land inside its circle).
inline Obstacle arc_obstacle(const Arc& arc, std::uint32_t owner = 0, std::uint32_t element = 0) {
  Obstacle o;
  o.kind = ObstacleKind::arc;
  o.arc = arc;
  o.owner = owner;
  o.element = element;
  return o;
}

/// A two-sided wall edge from a to b (normal: b - a turned clockwise, the right side).
WallEdge make_edge(Vec2 a, Vec2 b);

/// The tight axis-aligned bounding box of a wall edge (its two end points).
inline Aabb bounds(const WallEdge& e) { return {min(e.a, e.b), max(e.a, e.b)}; }

/// The tight axis-aligned bounding box of an obstacle.
Aabb bounds(const Obstacle& o);

/// Checks an obstacle: a valid shape (non-null), a finite edge with a unit normal
/// perpendicular to it and finite ghost vertices where flagged, a valid arc, push_limit >= 0
/// (not NaN; infinity is rigid), a finite one_way. Fields are named as in the struct
/// ("shape.radius", "edge.normal", "push_limit", ...).
std::optional<Invalid> validate(const Obstacle& o);

}  // namespace collide2d
