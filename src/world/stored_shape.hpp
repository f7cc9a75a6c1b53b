// collide2d - 2D collision detection for games. MIT License.
#pragma once
/// @file stored_shape.hpp  Visiting a world's compact stored shape as its typed shape, and
/// translating one in place.

#include <type_traits>
#include <variant>
#include <vector>

#include "collide2d/world.hpp"

namespace collide2d::inline COLLIDE2D_ABI::world_detail {

/// Calls f(typed shape) for a stored shape; a polygon is read from the pool.
template <class F>
decltype(auto) visit_stored(const World::StoredShape& s, const std::vector<Polygon>& polygons, F&& f) {
  return std::visit(
      [&](const auto& v) -> decltype(auto) {
        if constexpr (std::is_same_v<std::decay_t<decltype(v)>, World::PolygonRef>) return f(polygons[v.index]);
        else return f(v);
      },
      s);
}

/// A typed shape moved by t (the world keeps cached rotations as they are).
inline Point moved(Point p, Vec2 t) { p.at += t; return p; }
inline Circle moved(Circle c, Vec2 t) { c.center += t; return c; }
inline Sector moved(Sector c, Vec2 t) { c.center += t; return c; }
inline Aabb moved(Aabb b, Vec2 t) { b.min += t; b.max += t; return b; }
inline Box moved(Box b, Vec2 t) { b.center += t; return b; }
inline Capsule moved(Capsule c, Vec2 t) { c.a += t; c.b += t; return c; }
inline Segment moved(Segment c, Vec2 t) { c.a += t; c.b += t; return c; }

}  // namespace collide2d::world_detail
