// collide2d - 2D collision detection for games. MIT License.
#pragma once
/// @file debug_draw.hpp  Debug drawing: the library's shapes, maps, contacts and worlds draw
/// themselves through `DebugDraw`, a handful of callbacks a game implements for its renderer
/// (the tool's SVG and PNG writers and the browser sandbox's canvas are three such renderers).
///
/// Everything is in world coordinates (y up, angles counter-clockwise from +x); the renderer
/// chooses the view. A colour with alpha 0 means "do not paint" (an outline-only polygon has a
/// fill of alpha 0). `DebugDraw::flags` says which parts of a map or world are drawn.

#include <cstdint>
#include <span>
#include <vector>

#include "collide2d/arc.hpp"
#include "collide2d/query.hpp"
#include "collide2d/shapes.hpp"
#include "collide2d/walls.hpp"

namespace collide2d::inline COLLIDE2D_ABI {

class Chain;
class TileMap;
class RoomMap;
class DiscUnion;
class World;

/// An 8-bit-per-channel colour; `a` = 0 is transparent (nothing painted), 255 opaque.
struct Color {
  std::uint8_t r = 0, g = 0, b = 0, a = 255;
  /// True when painting with this colour changes nothing.
  constexpr bool none() const { return a == 0; }
  /// The colour 0xRRGGBB with the given alpha.
  static constexpr Color hex(std::uint32_t rgb, std::uint8_t alpha = 255) {
    return {std::uint8_t(rgb >> 16), std::uint8_t(rgb >> 8), std::uint8_t(rgb), alpha};
  }
  /// The same colour with another alpha.
  constexpr Color with_alpha(std::uint8_t alpha) const { return {r, g, b, alpha}; }
  friend constexpr bool operator==(Color, Color) = default;
};

/// Transparent: "no outline" or "no fill".
inline constexpr Color kNoColor{0, 0, 0, 0};

/// What the map and world drawing functions draw (bits of `DebugDraw::flags`).
enum DrawFlags : std::uint32_t {
  kDrawShapes = 1u << 0,        ///< shapes: world proxies, obstacles of kind shape
  kDrawAabbs = 1u << 1,         ///< the proxies' bounding boxes
  kDrawTileCells = 1u << 2,     ///< a tile map's solid cells
  kDrawTileChains = 1u << 3,    ///< a tile map's merged boundary chains
  kDrawRooms = 1u << 4,         ///< a room map's rooms (filled)
  kDrawRoomLines = 1u << 5,     ///< a room map's passable (two-sided) lines
  kDrawWalls = 1u << 6,         ///< blocking walls: room map walls, obstacle edges
  kDrawDiscs = 1u << 7,         ///< a disc island's discs (the land)
  kDrawCoast = 1u << 8,         ///< coast arcs
  kDrawNormals = 1u << 9,       ///< outward normals of walls and coasts
  kDrawContacts = 1u << 10,     ///< contact points, normals and depths
  kDrawStaticLayers = 1u << 11, ///< a world's static layers
  kDrawAll = 0xffffffffu & ~(1u << 1) & ~(1u << 9),  ///< everything but AABBs and normals
  kDrawSectors [[deprecated("use kDrawRooms")]] = kDrawRooms,              ///< one release
  kDrawSectorLines [[deprecated("use kDrawRoomLines")]] = kDrawRoomLines,  ///< one release
};

/// The callbacks a renderer implements. Sizes in pixels (`point`'s size, line widths) are the
/// renderer's business; everything else is in world units.
class DebugDraw {
 public:
  virtual ~DebugDraw() = default;
  /// A straight segment from a to b.
  virtual void segment(Vec2 a, Vec2 b, Color color) = 0;
  /// A circle of radius r around c: outline `stroke`, inside `fill` (either may be kNoColor).
  virtual void circle(Vec2 c, Real r, Color stroke, Color fill) = 0;
  /// A circular arc (its outline only).
  virtual void arc(const Arc& arc, Color color) = 0;
  /// A closed polygon through the points in order, filled by the even-odd rule (so several
  /// loops in one list, each closed, draw a region with holes).
  virtual void polygon(std::span<const Vec2> points, Color stroke, Color fill) = 0;
  /// A marker of `pixels` radius at p that keeps its size at any zoom.
  virtual void point(Vec2 p, float pixels, Color color) = 0;

  /// Which parts of maps and worlds are drawn (DrawFlags bits).
  std::uint32_t flags = kDrawAll;
  /// True when the flag is set.
  bool wants(DrawFlags f) const { return (flags & f) != 0; }
};

/// Colours of the drawing functions below (a game may pass its own).
struct DrawPalette {
  Color shape = Color::hex(0x1f77b4);          ///< shape outlines
  Color shape_fill = Color::hex(0x1f77b4, 40);  ///< shape insides
  Color aabb = Color::hex(0xbbbbbb);            ///< bounding boxes
  Color cell = Color::hex(0x8c8c8c);            ///< solid tile cells
  Color chain = Color::hex(0xa0182a);           ///< tile boundary chains
  Color room_low = Color::hex(0x7889b4);        ///< room fill at the lowest floor
  Color room_high = Color::hex(0xe6d8a0);       ///< room fill at the highest floor
  Color line = Color::hex(0x7f7f7f);            ///< passable two-sided lines
  Color wall = Color::hex(0x000000);            ///< blocking walls and obstacle edges
  Color land = Color::hex(0xd9c89a);            ///< disc island land
  Color coast = Color::hex(0x1f5fa8);           ///< coast arcs
  Color normal = Color::hex(0xd62728);          ///< outward normals
  Color contact = Color::hex(0xd62728);         ///< contact points and normals
  Color depth = Color::hex(0x2ca02c);           ///< penetration depths
  Real normal_length = 1;                       ///< world length of drawn normals
};

/// Draws a shape exactly: circles and sectors with their arcs, capsules and rounded polygons
/// with their rounded corners, a point as a marker.
void draw_shape(DebugDraw& dd, const Shape& shape, Color stroke, Color fill);

/// Draws an obstacle (walls.hpp): its shape, its wall edge (with its normal when
/// kDrawNormals), or its coast arc.
void draw_obstacle(DebugDraw& dd, const Obstacle& o, const DrawPalette& palette = {});

/// Draws a contact manifold between shapes: contact points, the normal from each point and
/// the depth along it (kDrawContacts).
void draw_manifold(DebugDraw& dd, const Manifold& m, const DrawPalette& palette = {});

/// Draws a tile map: solid cells merged into row runs (kDrawTileCells) and the merged boundary
/// chains (kDrawTileChains, with normals when kDrawNormals).
void draw_tile_map(DebugDraw& dd, const TileMap& map, const DrawPalette& palette = {});

/// Draws a room map: rooms filled (kDrawRooms: one even-odd polygon per room, holes
/// open) shaded by `shade` in [0, 1] per room (may be empty: one shade), passable lines
/// (kDrawRoomLines) and blocking walls (kDrawWalls).
void draw_room_map(DebugDraw& dd, const RoomMap& map, std::span<const float> shade = {},
                   const DrawPalette& palette = {});
/// Deprecated (one release): `draw_room_map`.
[[deprecated("use draw_room_map")]] inline void draw_sector_map(DebugDraw& dd, const RoomMap& map,
                                                                std::span<const float> shade = {},
                                                                const DrawPalette& palette = {}) {
  draw_room_map(dd, map, shade, palette);
}

/// Draws a disc island: the land discs (kDrawDiscs) and the coast arcs (kDrawCoast, with
/// outward normals at their middles when kDrawNormals).
void draw_disc_union(DebugDraw& dd, const DiscUnion& land, const DrawPalette& palette = {});

/// Draws a chain (chain.hpp): its edges as walls (kDrawWalls), with their front normals when
/// kDrawNormals.
void draw_chain(DebugDraw& dd, const Chain& chain, const DrawPalette& palette = {});

/// Draws a world: its static layers (kDrawStaticLayers: each tile map, room map or disc
/// union as the functions above draw it, under the same flags), then every proxy's shape
/// (kDrawShapes) and bounding box (kDrawAabbs).
void draw_world(DebugDraw& dd, const World& world, const DrawPalette& palette = {});

/// `segments` + 1 points along an arc from its start to its end, for renderers that draw
/// arcs as polylines (segments >= 1).
std::vector<Vec2> arc_points(const Arc& arc, int segments);

}  // namespace collide2d
