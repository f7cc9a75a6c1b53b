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

}  // namespace collide2d::world_detail
