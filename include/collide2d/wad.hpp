// collide2d - 2D collision detection for games. MIT License.
#pragma once
/// @file wad.hpp  Doom WAD files (library `collide2d_io`): the IWAD/PWAD directory, maps by
/// name (E1M1, MAP01) with their VERTEXES, LINEDEFS, SIDEDEFS, SECTORS and the node builder's
/// SEGS, SSECTORS and NODES, the conversion to a RoomMap, and the game's own point location
/// (a walk of the BSP nodes as R_PointInSubsector does it).
///
/// Every malformed input (a truncated file or lump, a lump whose size is not a whole number of
/// records, an index out of range, extended ZDoom nodes) throws collide2d::LoadError naming the
/// file, the lump (or "directory") and what is wrong. Nothing is ever read past a lump's end.

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "collide2d/io.hpp"
#include "collide2d/room_map.hpp"

namespace collide2d::inline COLLIDE2D_ABI::wad {

/// "No sidedef" / "no child" marker in LINEDEFS.
inline constexpr std::uint16_t kNone = 0xFFFF;
/// The bit of a node child that makes it a subsector index.
inline constexpr std::uint16_t kSubsectorBit = 0x8000;
/// LINEDEFS flag bits used here.
inline constexpr std::uint16_t kImpassable = 1, kTwoSided = 4;

/// One entry of the WAD directory.
struct Lump {
  std::string name;         ///< upper case, without the NUL padding
  std::int64_t offset = 0;  ///< byte position in the file
  std::int64_t size = 0;    ///< bytes
};

/// A WAD file held in memory with its directory (validated: every lump lies inside the file).
class WadFile {
 public:
  /// Reads and parses a file. Throws LoadError (unreadable, not a WAD, cut directory or lump).
  static WadFile open(const std::string& path);
  /// Parses bytes already in memory; `name` is used in errors.
  static WadFile from_bytes(std::string name, std::vector<unsigned char> bytes);

  /// True for an IWAD, false for a PWAD.
  bool iwad() const { return iwad_; }
  /// The path or name given when opening.
  const std::string& path() const { return path_; }
  /// The directory, in file order.
  const std::vector<Lump>& lumps() const { return lumps_; }
  /// The bytes of lump i (never beyond the lump).
  std::span<const unsigned char> data(std::size_t i) const;
  /// The map markers in directory order (a lump followed by THINGS): "E1M1", "MAP01", ...
  std::vector<std::string> map_names() const;
  /// Directory index of the map marker named `name` (any case), or -1.
  int find_map(const std::string& name) const;

 private:
  std::string path_;
  std::vector<unsigned char> bytes_;
  std::vector<Lump> lumps_;
  bool iwad_ = false;
};

struct Vertex {
  std::int16_t x = 0, y = 0;
};
struct Linedef {
  std::uint16_t v1 = 0, v2 = 0, flags = 0, special = 0, tag = 0;
  std::uint16_t right = kNone, left = kNone;  ///< sidedefs: right = front, left = back
};
struct Sidedef {
  std::int16_t x_offset = 0, y_offset = 0;
  std::uint16_t sector = 0;
};
struct SectorDef {
  std::int16_t floor = 0, ceiling = 0, light = 0;
  std::uint16_t special = 0, tag = 0;
};
struct Seg {
  std::uint16_t v1 = 0, v2 = 0;
  std::int16_t angle = 0;
  std::uint16_t linedef = 0, side = 0;  ///< side 0: the linedef's right sidedef, 1: its left
  std::int16_t offset = 0;
};
struct Subsector {
  std::uint16_t count = 0, first = 0;  ///< segs first .. first + count - 1
};
struct Node {
  std::int16_t x = 0, y = 0, dx = 0, dy = 0;  ///< the partition line
  std::int16_t box[2][4] = {};                ///< bounding boxes (top, bottom, left, right)
  std::uint16_t child[2] = {};                ///< 0: front (right), 1: back; kSubsectorBit
};

/// One map of a WAD, validated (every index in range).
struct WadMap {
  std::string file, name;
  std::vector<Vertex> vertices;
  std::vector<Linedef> linedefs;
  std::vector<Sidedef> sidedefs;
  std::vector<SectorDef> sectors;
  std::vector<Seg> segs;
  std::vector<Subsector> subsectors;
  std::vector<Node> nodes;

  /// The room map: vertices, and per linedef the rooms (sectors) of its right (front) and left
  /// (back) sidedefs; impassable = flag 1.
  RoomMapDesc room_desc() const;
  /// The RoomMap built from `room_desc()`. Throws LoadError naming the map and the field
  /// when the map refuses it (a coordinate span only the double build can hold).
  RoomMap room_map() const;
  /// Deprecated (one release): `room_desc()`.
  [[deprecated("use room_desc")]] RoomMapDesc sector_desc() const { return room_desc(); }
  /// Deprecated (one release): `room_map()`.
  [[deprecated("use room_map")]] RoomMap sector_map() const { return room_map(); }
  /// The subsector a point falls in, by walking the nodes from the root as
  /// R_PointInSubsector does (R_PointOnSide: a point on a partition line goes to the back).
  int bsp_subsector(double x, double y) const;
  /// The sector of that subsector (its first seg's linedef side), -1 if that side is missing.
  int bsp_sector(double x, double y) const;
  /// The sector of subsector i.
  int subsector_sector(int i) const;
};

/// Loads map `name` (any case; empty: the first map) from an open WAD. Throws LoadError.
WadMap load_map(const WadFile& wad, const std::string& name);
/// Opens the file and loads one map. Throws LoadError.
WadMap load_wad_map(const std::string& path, const std::string& name);

}  // namespace collide2d::wad
