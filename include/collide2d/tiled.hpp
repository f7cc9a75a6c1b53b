// collide2d - 2D collision detection for games. MIT License.
#pragma once
/// @file tiled.hpp  Loading Tiled maps (https://www.mapeditor.org): TMX (XML) and Tiled JSON
/// (.tmj / .json), orthogonal and finite. Part of the io library `collide2d_io`.
///
/// What is read: the map size and tile size; tilesets (inline, or external .tsx / .tsj files
/// named relative to the map file: their tile properties); every tile layer (group layers
/// searched; data as XML <tile> elements, CSV, JSON arrays, or base64 plain, zlib or gzip);
/// object layers (rectangles, ellipses, polygons, polylines, points, tile objects).
///
/// Collision. `TiledLoadOptions::collision_property` empty (the default): the first tile layer
/// named `collision_layer` (default "Collision", any case) decides, and a cell is blocked when
/// its gid, with Tiled's flip and rotation bits (the top 4) cleared, is non-zero and equals no
/// tileset's firstgid (the rule of The Mana World's game server: the first tile of a
/// collision tileset is "walkable"). With a property name: a cell is blocked when a tile with
/// that property true (bool true, "true" or a non-zero number) is placed there in any tile
/// layer.
///
/// Coordinates: Tiled's pixels (x right, y down from the map's top-left corner); the collision
/// `TileMap` has origin (0, 0), the map's tile size and row 0 at the top.
///
/// Errors: every problem (unreadable file, malformed XML or JSON, a missing attribute, an
/// unknown encoding or compression, data of the wrong length, a gid no tileset holds, a missing
/// external tileset, no collision layer) throws `LoadError` naming the file and the element.

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "collide2d/io.hpp"
#include "collide2d/shapes.hpp"
#include "collide2d/tilemap.hpp"

namespace collide2d::inline COLLIDE2D_ABI {

/// Tiled's gid flag bits (flips and hexagonal rotation), cleared to get the tile's gid.
inline constexpr std::uint32_t kTiledGidFlags = 0xF0000000u;

/// How the collision grid is chosen.
struct TiledLoadOptions {
  std::string collision_layer = "Collision";  ///< tile layer name, matched in any case
  std::string collision_property{};           ///< non-empty: collision by this tile property
  bool load_objects = true;                   ///< read object layers into `TiledMap::objects`
  /// true (the default): an external tileset that cannot be opened is an error. false: it is
  /// kept with its firstgid only (`TiledTileset::missing`), which is all the blocked-cell rule
  /// needs, and gids are not checked against tile counts; collision by tile property still
  /// needs every tileset. The tool's map_query reads maps this way.
  bool require_tilesets = true;
};

/// A tileset as far as collision needs it.
struct TiledTileset {
  std::uint32_t firstgid = 1;
  std::string name;
  std::string source;       ///< the external file as named in the map ("" when inline)
  int tile_count = 0;       ///< 0 when the file does not say
  bool missing = false;     ///< the external file could not be opened (see require_tilesets)
  std::string missing_path; ///< the path that was tried, when `missing`
  /// Local tile id -> property name -> value (as text: "true", "1", ...).
  std::map<int, std::map<std::string, std::string>> properties;
};

/// A tile layer: width x height gids, row-major, flag bits kept.
struct TiledLayer {
  std::string name;
  int width = 0, height = 0;
  bool visible = true;
  std::vector<std::uint32_t> gids;
};

/// An object of an object layer, placed on the map (Tiled pixels), and the static shapes it
/// stands for: a rectangle is an `Aabb` (a `Box` when rotated), an ellipse a `Circle` when
/// round or a 32-gon otherwise, a convex polygon a `Polygon`, a concave one triangles (ear
/// clipping), a polyline its `Segment`s, a point a `Point`.
struct TiledObject {
  enum class Kind { rectangle, ellipse, polygon, polyline, point, tile };
  Kind kind = Kind::rectangle;
  int id = 0;
  std::string name, type, layer;  ///< type: Tiled's class; layer: the object layer's name
  Vec2 position;                  ///< x, y as in the file
  Vec2 size;                      ///< width, height (0 for points, polygons, polylines)
  Real rotation = 0;              ///< degrees, clockwise on screen
  std::vector<Vec2> points;       ///< polygon / polyline vertices on the map
  std::vector<Shape> shapes;      ///< the static shapes
};

/// A loaded Tiled map.
struct TiledMap {
  std::string path;
  int width = 0, height = 0;            ///< in tiles
  int tile_width = 0, tile_height = 0;  ///< in pixels
  std::vector<TiledTileset> tilesets;   ///< sorted by firstgid
  std::vector<TiledLayer> layers;       ///< every tile layer, in file order (groups flattened)
  int collision_layer = -1;             ///< index in `layers` (-1: by property)
  std::vector<TiledObject> objects;     ///< every object of every object layer
  TileMap collision;                    ///< the blocked cells (see the file comment)
};

/// True when a gid (flag bits allowed) is blocked by the rule of the file comment.
bool tiled_gid_blocked(std::uint32_t gid, const std::vector<TiledTileset>& tilesets);

/// Loads a TMX or Tiled JSON map (JSON when the name ends in .tmj / .json or the text starts
/// with '{'). Throws LoadError.
TiledMap load_tiled(const std::string& path, const TiledLoadOptions& options = {});

/// Parses TMX text; `path` names the file in errors and locates external tilesets.
TiledMap parse_tmx(std::string_view text, const std::string& path, const TiledLoadOptions& options = {});

/// Parses Tiled JSON text; `path` as for parse_tmx.
TiledMap parse_tiled_json(std::string_view text, const std::string& path,
                          const TiledLoadOptions& options = {});

}  // namespace collide2d
