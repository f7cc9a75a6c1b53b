// collide2d - 2D collision detection for games. MIT License.
#include "shape_draw.hpp"

#include <type_traits>

namespace collide2d::inline COLLIDE2D_ABI::draw {

std::array<Vec2, 4> box_corners(const Box& b) {
  const Vec2 h = b.half_extents;
  return {b.center + b.rot.apply({-h.x, -h.y}), b.center + b.rot.apply({h.x, -h.y}),
          b.center + b.rot.apply({h.x, h.y}), b.center + b.rot.apply({-h.x, h.y})};
}

void draw_shape(DebugDraw& dd, const Shape& shape, const Style& style) {
  std::visit(
      [&](const auto& s) {
        using T = std::decay_t<decltype(s)>;
        if constexpr (std::is_same_v<T, Point>) {
          dd.dot(s.at, 3.0, style);
        } else if constexpr (std::is_same_v<T, Circle>) {
          if (s.radius > 0) dd.circle(s.center, s.radius, style);
          else dd.dot(s.center, 2.0, style);
        } else if constexpr (std::is_same_v<T, Sector>) {
          dd.sector(s.center, s.radius, s.facing, s.half_angle, style);
        } else if constexpr (std::is_same_v<T, Aabb>) {
          const Vec2 c[4] = {s.min, {s.max.x, s.min.y}, s.max, {s.min.x, s.max.y}};
          dd.polygon(c, style);
        } else if constexpr (std::is_same_v<T, Box>) {
          const auto c = box_corners(s);
          dd.polygon(c, style);
        } else if constexpr (std::is_same_v<T, Capsule>) {
          const Vec2 c[2] = {s.a, s.b};
          dd.rounded_polygon(c, s.radius, style);
        } else if constexpr (std::is_same_v<T, Segment>) {
          dd.line(s.a, s.b, style);
        } else if constexpr (std::is_same_v<T, Polygon>) {
          dd.rounded_polygon(std::span<const Vec2>(s.vertices.data(), std::size_t(s.count)),
                             s.radius, style);
        }
      },
      shape);
}

}  // namespace collide2d::draw
