// collide2d - 2D collision detection for games. MIT License.
#pragma once
// What the TMX and JSON readers of Tiled maps share: layer-data decoding, number parsing with
// errors that name the element, object shapes, and the final step (tilesets, collision grid).

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "collide2d/tiled.hpp"

namespace collide2d::inline COLLIDE2D_ABI::tiled_detail {

/// Largest map accepted (cells), so a corrupt size cannot ask for gigabytes.
inline constexpr std::int64_t kMaxCells = std::int64_t(1) << 24;

/// Throws LoadError(file, where, message).
[[noreturn]] void fail(const std::string& file, const std::string& where, const std::string& message);

/// Parses a whole decimal integer in [lo, hi]; `what` names the attribute in errors.
std::int64_t parse_int(std::string_view text, const std::string& file, const std::string& where,
                       const char* what, std::int64_t lo, std::int64_t hi);
/// Parses a finite number; `what` names the attribute in errors.
double parse_number(std::string_view text, const std::string& file, const std::string& where,
                    const char* what);

/// Decodes layer data: encoding "csv" or "base64" (compression "", "zlib" or "gzip") into
/// exactly `count` gids.
std::vector<std::uint32_t> decode_layer(std::string_view encoding, std::string_view compression,
                                        std::string_view payload, std::size_t count,
                                        const std::string& file, const std::string& where);

/// Case-insensitive ASCII equality.
bool iequals(std::string_view a, std::string_view b);

/// Reads a whole file; LoadError naming `where` when it cannot.
std::string read_file(const std::string& path, const std::string& where);

/// The path of `relative` next to the file `base` (absolute paths are kept).
std::string resolve_path(const std::string& base, const std::string& relative);

/// Loads an external tileset (.tsx XML or .tsj JSON) into `ts` (name, tile count, properties).
void load_external_tileset(TiledTileset& ts, const std::string& map_path, int tile_w, int tile_h);

/// Reads a .tsx file (XML) into `ts`.
void load_tsx(TiledTileset& ts, const std::string& tsx_path, int tile_w, int tile_h);

/// Tile count of an image tileset from its image size (0 when unknown).
int image_tile_count(int image_w, int image_h, int tile_w, int tile_h, int margin, int spacing);

/// Fills `o.shapes` from its kind, position, size, rotation and points.
void make_object_shapes(TiledObject& o);

/// Sorts the tilesets, checks them, picks the collision layer and builds `map.collision`.
void finish_map(TiledMap& map, const TiledLoadOptions& options);

/// True for property values that mean yes: "true", or a number other than 0.
bool truthy(std::string_view value);

}  // namespace collide2d::tiled_detail
