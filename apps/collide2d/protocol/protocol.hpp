// collide2d - 2D collision detection for games. MIT License.
#pragma once
/// @file protocol.hpp  The JSON Lines query protocol (../shared/FORMAT.md, version 1.1):
/// parsing shapes and rays from JSON with errors that name the field, and answering lines.

#include <cstddef>
#include <cstdint>
#include <iosfwd>
#include <map>
#include <memory>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "collide2d/query.hpp"
#include "collide2d/room_map.hpp"
#include "collide2d/shapes.hpp"
#include "collide2d/tilemap.hpp"

namespace collide2d::inline COLLIDE2D_ABI::tool {

using Json = nlohmann::ordered_json;

/// A line that cannot be answered: `text` is "<field path>: <what is wrong>".
struct ProtocolError {
  std::string text;
};

/// An origin the input's positions are taken relative to, in double (the float tool's pair
/// queries and ray casts: protocol.cpp, `frame_of`). The default is (0, 0).
struct Frame {
  double x = 0, y = 0;
};

/// Parses a shape object; `path` names it in errors ("a", "shape"). Throws ProtocolError.
/// The shape is validated (`collide2d::validate`, `make_polygon`); its positions are taken
/// relative to `frame` (subtracted in double, then rounded to the library's scalar).
Shape parse_shape(const Json& v, const std::string& path, const Frame& frame = {});

/// Parses a finite number that fits the library's scalar type. Throws ProtocolError.
Real parse_real(const Json& v, const std::string& path);

/// Parses a point or vector `[x, y]`, relative to `frame` (for a position). Throws ProtocolError.
Vec2 parse_vec2(const Json& v, const std::string& path, const Frame& frame = {});

/// Throws ProtocolError "<path>: <message>" (just the message when `path` is empty).
[[noreturn]] void protocol_fail(const std::string& path, const std::string& message);

/// The member `key` of object `obj` (named `path`); a ProtocolError naming `path.key` when absent.
const Json& require_field(const Json& obj, const std::string& path, std::string_view key);

/// A library scalar / vector as JSON (shortest digits that give the scalar back). A non-finite
/// value is an internal error (reported as such, never printed as a number).
double out_number(Real v, const char* what);
Json out_point(Vec2 v, const char* what);

/// At most this many loaded map files (and WAD maps) are kept; past it the least recently used
/// is dropped (and read again when named again), so a long stream naming ever new files keeps
/// bounded memory while a stream reusing a few maps reads each once.
inline constexpr std::size_t kMaxCachedMaps = 32;

/// What the map answerers keep loaded: key -> value, at most kMaxCachedMaps entries, the least
/// recently used dropped first. A reference it returns is valid until the next `put`.
template <class Key, class Value>
class MapCache {
 public:
  /// The value stored for `key` (now the most recently used), or nullptr.
  Value* find(const Key& key) {
    auto it = entries_.find(key);
    if (it == entries_.end()) return nullptr;
    it->second.used = ++tick_;
    return it->second.value.get();
  }
  /// Stores `value` for `key`, dropping the least recently used entry when full.
  Value& put(const Key& key, std::unique_ptr<Value> value) {
    if (entries_.size() >= kMaxCachedMaps && !entries_.count(key)) {
      auto oldest = entries_.begin();
      for (auto it = entries_.begin(); it != entries_.end(); ++it)
        if (it->second.used < oldest->second.used) oldest = it;
      entries_.erase(oldest);
    }
    Entry& e = entries_[key];
    e.value = std::move(value);
    e.used = ++tick_;
    return *e.value;
  }
  /// Number of entries.
  std::size_t size() const { return entries_.size(); }

 private:
  struct Entry {
    std::unique_ptr<Value> value;
    std::uint64_t used = 0;
  };
  std::map<Key, Entry> entries_;
  std::uint64_t tick_ = 0;
};

/// Ops `disc_union_boundary` and `disc_union_query` (protocol_disc_union.cpp).
Json answer_disc_union(const std::string& op, const Json& in);

/// Where a `map` field points: a Doom WAD (`path`, and `name` after '#', may be empty) or a
/// Tiled map (TMX or JSON).
struct MapSpec {
  bool wad = false;
  std::string path, name;
};

/// Reads the `map` field of `in` (a non-empty string; ProtocolError naming `map` otherwise). A
/// path ending in ".wad" (any case) or a file starting with "IWAD" or "PWAD" is a Doom WAD,
/// "path#NAME" picking one of its maps; anything else is a Tiled map (protocol_map.cpp).
MapSpec parse_map_spec(const Json& in);

/// Op `map_query` (protocol_map.cpp): reads `map`, `point` and `radius`, then asks the WAD or
/// Tiled answerer below.
Json answer_map_query(const Json& in);

/// The collision grid of a Tiled map, loaded once per path and kept for the tool's life; a
/// file that cannot be loaded is a ProtocolError naming `map` (protocol_tiled.cpp).
const TileMap& cached_tiled_map(const std::string& path);

/// The room map of a Doom map, loaded once per (path, name) and kept for the tool's life;
/// ProtocolError naming `map` when it cannot be loaded (protocol_wad.cpp).
const RoomMap& cached_wad_map(const std::string& path, const std::string& map_name);

/// Op `move` (protocol_move.cpp, version 1.1): one body moved by the one mover through a map's
/// walls and obstacle shapes.
Json answer_move(const Json& in);

/// `map_query` on a Doom map: `path` the WAD file, `map_name` after '#' (may be empty).
/// Loads each file once (protocol_wad.cpp).
Json answer_wad_map(const std::string& path, const std::string& map_name, Vec2 point, Real radius);

/// `map_query` on a Tiled map (TMX or JSON). Loads each file once (protocol_tiled.cpp).
Json answer_tiled_map(const std::string& path, Vec2 point, Real radius);

/// The answer to one non-blank input line, as one line of JSON (without the newline).
/// Never throws: every problem becomes {"error": ...} (with "id" when it could be read).
std::string answer_line(std::string_view line);

/// True when the line holds only JSON whitespace (such lines are skipped).
bool is_blank(std::string_view line);

/// Reads JSON Lines from `in` and writes one answer line per non-blank input line to `out`.
/// Returns the process exit status: 0 unless reading or writing failed.
int run_query(std::istream& in, std::ostream& out, bool flush_each_line);

}  // namespace collide2d::tool
