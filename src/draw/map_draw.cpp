// collide2d - 2D collision detection for games. MIT License.
/// @file map_draw.cpp  Tile maps, room maps, disc islands and worlds drawn through DebugDraw.

#include <algorithm>
#include <cmath>
#include <type_traits>
#include <variant>
#include <vector>

#include "collide2d/chain.hpp"
#include "collide2d/debug_draw.hpp"
#include "collide2d/disc_union.hpp"
#include "collide2d/room_map.hpp"
#include "collide2d/tilemap.hpp"
#include "collide2d/world.hpp"

namespace collide2d::inline COLLIDE2D_ABI {

namespace {

Color mix(Color a, Color b, float t) {
  auto m = [t](std::uint8_t x, std::uint8_t y) { return std::uint8_t(std::lround(float(x) + (float(y) - float(x)) * t)); };
  return {m(a.r, b.r), m(a.g, b.g), m(a.b, b.b), m(a.a, b.a)};
}

}  // namespace

void draw_tile_map(DebugDraw& dd, const TileMap& map, const DrawPalette& palette) {
  if (dd.wants(kDrawTileCells)) {
    // One rectangle per horizontal run of solid cells.
    for (int r = 0; r < map.height(); ++r) {
      for (int c = 0; c < map.width();) {
        if (!map.solid(c, r)) {
          ++c;
          continue;
        }
        const int c0 = c;
        while (c < map.width() && map.solid(c, r)) ++c;
        const Aabb a = map.cell_box(c0, r), b = map.cell_box(c - 1, r);
        const Vec2 run[4] = {{a.min.x, a.min.y}, {b.max.x, a.min.y}, {b.max.x, a.max.y}, {a.min.x, a.max.y}};
        dd.polygon(run, kNoColor, palette.cell);
      }
    }
  }
  if (dd.wants(kDrawTileChains)) {
    for (const TileEdge& e : map.edges()) {
      dd.segment(e.a, e.b, palette.chain);
      if (dd.wants(kDrawNormals)) {
        const Vec2 mid = (e.a + e.b) * Real(0.5);
        dd.segment(mid, mid + e.normal * palette.normal_length, palette.normal);
      }
    }
  }
}

void draw_room_map(DebugDraw& dd, const RoomMap& map, std::span<const float> shade,
                     const DrawPalette& palette) {
  if (dd.wants(kDrawRooms)) {
    // One even-odd polygon per room: its loops one after the other, each closed by repeating
    // its first point, so holes stay open (the jumps between loops cancel out). Normal
    // rooms first, self-referencing ones on top.
    std::vector<Vec2> outline;
    for (int pass = 0; pass < 2; ++pass)
      for (int s = 0; s < map.named_room_count(); ++s) {
        if (map.self_referencing(s) != (pass == 1)) continue;
        outline.clear();
        for (const std::vector<Vec2>& loop : map.room_loops(s)) {
          if (loop.size() < 3) continue;
          outline.insert(outline.end(), loop.begin(), loop.end());
          outline.push_back(loop.front());
        }
        if (outline.empty()) continue;
        const float t = std::size_t(s) < shade.size() ? std::clamp(shade[std::size_t(s)], 0.0f, 1.0f) : 0.5f;
        dd.polygon(outline, kNoColor, mix(palette.room_low, palette.room_high, t));
      }
  }
  const bool lines = dd.wants(kDrawRoomLines), walls = dd.wants(kDrawWalls);
  for (int i = 0; i < map.line_count(); ++i) {
    const bool wall = map.blocking(i);
    if (wall ? !walls : !lines) continue;
    const MapLine& l = map.line(i);
    dd.segment(map.vertex(l.v1), map.vertex(l.v2), wall ? palette.wall : palette.line);
  }
}

void draw_disc_union(DebugDraw& dd, const DiscUnion& land, const DrawPalette& palette) {
  if (dd.wants(kDrawDiscs))
    for (const Circle& c : land.discs()) dd.circle(c.center, c.radius, kNoColor, palette.land);
  if (!dd.wants(kDrawCoast)) return;
  for (const CoastArc& a : land.arcs()) {
    dd.arc(a.arc, palette.coast);
    if (dd.wants(kDrawNormals)) {
      const Vec2 u = Rot::from_angle(a.arc.start + a.arc.sweep / 2).x_axis();
      const Vec2 p = a.arc.center + u * a.arc.radius;
      dd.segment(p, p + u * palette.normal_length, palette.normal);
    }
  }
}

void draw_chain(DebugDraw& dd, const Chain& chain, const DrawPalette& palette) {
  Obstacle o;
  o.kind = ObstacleKind::edge;
  for (const WallEdge& e : chain.edges()) {
    o.edge = e;
    draw_obstacle(dd, o, palette);
  }
}

void draw_world(DebugDraw& dd, const World& world, const DrawPalette& palette) {
  if (dd.wants(kDrawStaticLayers))
    for (const LayerHandle h : world.layer_handles())
      if (const LayerGeometry* g = world.layer(h))
        std::visit(
            [&](const auto& m) {
              using T = std::decay_t<decltype(m)>;
              if constexpr (std::is_same_v<T, TileMap>) draw_tile_map(dd, m, palette);
              else if constexpr (std::is_same_v<T, RoomMap>) draw_room_map(dd, m, {}, palette);
              else if constexpr (std::is_same_v<T, DiscUnion>) draw_disc_union(dd, m, palette);
              else {  // a chain: its edges as the mover sees them
                std::vector<Obstacle> edges;
                m.gather(m.bounds(), edges);
                for (const Obstacle& o : edges) draw_obstacle(dd, o, palette);
              }
            },
            *g);
  for (const ProxyHandle h : world.handles()) {
    if (dd.wants(kDrawAabbs)) {
      const Aabb b = world.bounds(h);
      const Vec2 c[4] = {b.min, {b.max.x, b.min.y}, b.max, {b.min.x, b.max.y}};
      dd.polygon(c, palette.aabb, kNoColor);
    }
    if (dd.wants(kDrawShapes))
      if (const std::optional<Shape> s = world.shape(h)) draw_shape(dd, *s, palette.shape, palette.shape_fill);
  }
}

}  // namespace collide2d
