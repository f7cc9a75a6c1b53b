// collide2d - 2D collision detection for games. MIT License.
/// @file island_svg.cpp  Drawing disc islands on a canvas (see island_svg.hpp).

#include "render/island_svg.hpp"

#include "collide2d/debug_draw.hpp"

namespace collide2d::inline COLLIDE2D_ABI::tool {

void draw_island(draw::Canvas& canvas, const DiscUnion& land, bool outlines, int normal_every) {
  const std::uint32_t flags = canvas.flags;
  canvas.flags = flags & ~std::uint32_t(kDrawNormals);
  canvas.stroke_width = 2;
  draw_disc_union(canvas, land);
  canvas.flags = flags;
  if (outlines)
    for (const Circle& c : land.discs()) canvas.circle(c.center, c.radius, {"#a08c5a", "none", 0.6, 1.0, true});
  if (normal_every <= 0) return;
  const Real arrow = Real(18 / canvas.scale());  // world length of an 18-pixel arrow
  const draw::Style normal{"#d62728", "none", 1.0, 1.0, false};
  for (std::size_t k = 0; k < land.arcs().size(); k += std::size_t(normal_every)) {
    const Arc& a = land.arcs()[k].arc;
    const Vec2 u = Rot::from_angle(a.start + a.sweep / 2).x_axis();
    const Vec2 p = a.center + u * a.radius;
    canvas.arrow(p, p + u * arrow, normal);
  }
}

}  // namespace collide2d::tool
