// collide2d - 2D collision detection for games. MIT License.
#pragma once
/// @file room_map.hpp  A level made of rooms (Doom's sectors), as Doom stores it: vertices and line
/// definitions, each line with a front (right of v1 -> v2) and a back (left) room or none.
/// Rooms may be concave, have holes, consist of several separate pieces, or be
/// self-referencing (every line of the room has it on both sides: it then owns the area its
/// lines enclose, as in the game). Queries, all through a uniform grid (no scan of all rooms
/// or lines): the room containing a point, the nearest blocking wall (one-sided lines and
/// lines flagged impassable), whether a circle fits, and a sliding circle movement.
///
/// Point location. A room's region is the set of points whose horizontal ray to the right
/// crosses the room's boundary lines an odd number of times (boundary lines: lines with the
/// room on exactly one side; for a self-referencing room, all its lines). Each grid cell
/// keeps a reference point and the set of rooms containing it; a query walks the segment
/// from the point to its cell's reference point and toggles the rooms of the lines it
/// crosses (exact orientation tests with a consistent tie-break, so the answer is exact and
/// deterministic for any point). Where regions overlap (a self-referencing room drawn inside
/// another, or a broken map), the self-referencing room wins, then the room with the
/// smaller bounding box. Points on a line belong to one of its sides (see docs/rooms.md).
///
/// Coordinates are stored in double internally whatever `Real` is; distances are exact up to
/// double rounding. A built RoomMap is immutable: its const queries may run on several
/// threads at once. At most 64 rooms may overlap at one point (more are ignored).

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "collide2d/broadphase.hpp"
#include "collide2d/math.hpp"
#include "collide2d/motion.hpp"
#include "collide2d/polygon_map.hpp"
#include "collide2d/walls.hpp"

namespace collide2d::inline COLLIDE2D_ABI {

/// A line definition: from vertex v1 to vertex v2, the room on its right (front, Doom's
/// first sidedef) and on its left (back), -1 for none.
struct MapLine {
  int v1 = 0, v2 = 0;
  int front = -1, back = -1;
  bool impassable = false;  ///< Doom's flag 1: blocks even when two-sided
};

/// What a RoomMap is built from.
struct RoomMapDesc {
  std::vector<Vec2> vertices;
  std::vector<MapLine> lines;
  int room_count = 0;  ///< rooms are numbered 0 .. room_count - 1; memory follows the rooms lines name, not this count
};

/// Checks a description: nothing when a RoomMap can be built from it, else the field and what
/// is wrong: "room_count" (negative), "vertices[i]" (a non-finite coordinate), "lines[i].v1" /
/// ".v2" (a vertex index out of range), "lines[i].front" / ".back" (a room index other than -1
/// or 0 .. room_count - 1), "vertices" (the lines span more than a quarter of the square root
/// of the largest double, about 3.3e153, which only the double build can hold).
std::optional<Invalid> validate(const RoomMapDesc& desc);

/// A level of rooms with its point-location and wall-distance index. Immutable once built.
class RoomMap {
 public:
  /// An empty map (no rooms, no lines).
  RoomMap() = default;
  /// Validates the description (`validate(desc)`), then builds the map and its index; nothing,
  /// and `why` filled when given, when it is refused.
  static std::optional<RoomMap> make(RoomMapDesc desc, Invalid* why = nullptr);
  /// Deprecated (one release): `make`, throwing std::invalid_argument with the refusal's text.
  [[deprecated("use RoomMap::make, which refuses with an Invalid")]] explicit RoomMap(RoomMapDesc desc);

  /// The room containing p, or -1 when p is in no room (the void).
  int room_at(Vec2 p) const;
  /// Deprecated (one release): `room_at`.
  [[deprecated("use room_at")]] int sector_at(Vec2 p) const { return room_at(p); }
  /// True when line i blocks movement: one-sided, or flagged impassable.
  bool blocking(int line) const { return blocking_[std::size_t(line)] != 0; }
  /// Indices of the blocking lines.
  const std::vector<int>& walls() const { return walls_; }
  /// The nearest point of any blocking wall (index = line index; distance infinite and index
  /// -1 when the map has no walls).
  NearestPoint nearest_wall(Vec2 p) const;
  /// Distance from p to the nearest blocking wall.
  Real wall_distance(Vec2 p) const { return nearest_wall(p).distance; }
  /// True when p is inside a room and every blocking wall is farther than r from p (the
  /// closed disc touches no wall).
  bool fits(Vec2 p, Real r) const;
  /// True when p is in a room and on no blocking wall (`fits(p, 0)`), as `TileMap::is_free`.
  bool is_free(Vec2 p) const { return fits(p, 0); }
  /// True when the shape is in the rooms and touches no blocking wall (closed: touching is not
  /// free); a circle is `fits(center, radius)`. Walls found through the grid.
  bool is_free(const Shape& s) const;
  /// Appends the blocking lines whose boxes meet `region` as obstacles for the one mover (found
  /// through the grid): two-sided edges (bodies never cross a wall), normal on the front (right)
  /// side, element = line index, the given owner.
  void gather(const Aabb& region, std::vector<Obstacle>& out, std::uint32_t owner = 0) const;
  /// Whether a line of `gather(region)` has bounds (`bounds(WallEdge)`) meeting `box`: a
  /// mover's clear box (`MoveFrame`) checked without making obstacles.
  bool gathered_meets(const Aabb& region, const Aabb& box) const;
  /// Whether every line of `gather(region)` whose bounds meet `box` passes `ok(WallEdge)`
  /// (gathered_meets: whether one meets it at all): a disk mover's clear test, which lets
  /// through the walls its path leaves alone.
  bool gathered_all(const Aabb& region, const Aabb& box, FunctionRef<bool(const WallEdge&)> ok) const;
  /// A line kept near a box (`lines_near`): its bounds and one grid cell that lists it.
  struct NearLine {
    Aabb box;  ///< bounds(WallEdge) of the line
    int i, j;  ///< the cell (column, row) that lists it
    int line;  ///< the line's index
  };
  /// Appends the lines `gather` finds under `box` whose bounds meet it, once per cell that
  /// lists them (a moving body's list box: made once, used for every move inside it).
  void lines_near(const Aabb& box, std::vector<NearLine>& out) const;
  /// `gathered_meets(region, box)` from a kept list: `near` is `lines_near(n)` of a box n that
  /// holds `region`, made since the map was built (the lines of region's cells whose bounds
  /// meet region are among n's; the cells of region are among n's).
  bool near_meets(std::span<const NearLine> near, const Aabb& region, const Aabb& box) const;
  /// `gathered_all(region, box, ok)` from a kept list `near` (as near_meets).
  bool near_all(std::span<const NearLine> near, const Aabb& region, const Aabb& box,
                FunctionRef<bool(const WallEdge&)> ok) const;
  /// `gather(region, out, owner)` from a kept list `near` (as near_meets): the same obstacles in
  /// the same order, without walking the grid.
  void gather(const Aabb& region, std::span<const NearLine> near, std::vector<Obstacle>& out,
              std::uint32_t owner = 0) const;

  /// Moves a circle of `radius` centred at `from` by `displacement`: a thin wrapper of the one
  /// mover (motion.hpp) over the walls it can reach (`gather(move_region(...))`). It stops at
  /// blocking walls and slides along them, a skin off the walls it meets (the one skin rule,
  /// with `skin()` as the minimum), without tunnelling whatever the speed, and stays still
  /// in corners. The end position is never closer to a wall than the radius (nor than the
  /// start, for a circle that starts overlapping a wall: it may move away but not deeper) and
  /// never in no room; a move that would break either is refused (blocked, the centre
  /// unchanged). The answer is the maps' one `CircleMove` (motion.hpp; was `position`, now
  /// `center`).
  CircleMove move_circle(Vec2 from, Real radius, Vec2 displacement) const;
  /// The motion tolerance: the minimum skin move_circle gives the one mover (`MoveOptions::skin`);
  /// the gap it leaves is `move_skin(body, displacement, options)` (motion.hpp) with it.
  Real skin() const { return Real(skin_); }
  /// Deprecated (one release): `skin()`.
  [[deprecated("use skin()")]] Real move_skin() const { return skin(); }

  /// Rooms whose boundary lines do not close (a vertex where the lines that bound the room
  /// do not pair up); their regions are still defined by the crossing rule.
  const std::vector<int>& unclosed_rooms() const { return unclosed_; }
  /// True when every line of room s has s on both sides (and there is at least one); false for
  /// an index no line names.
  bool self_referencing(int s) const {
    return s >= 0 && std::size_t(s) < self_ref_.size() && self_ref_[std::size_t(s)] != 0;
  }
  /// The boundary of room s as loops of vertices (closed; the last joins the first), for
  /// drawing with the even-odd rule. Chains that do not close are returned as open loops too.
  std::vector<std::vector<Vec2>> room_loops(int s) const;
  /// Deprecated (one release): `room_loops`.
  [[deprecated("use room_loops")]] std::vector<std::vector<Vec2>> sector_loops(int s) const {
    return room_loops(s);
  }
  /// Deprecated (one release): `unclosed_rooms`.
  [[deprecated("use unclosed_rooms")]] const std::vector<int>& unclosed_sectors() const {
    return unclosed_;
  }

  int room_count() const { return room_count_; }
  /// One past the largest room index a line names (<= room_count()): rooms from here on have no
  /// lines, so a loop over the rooms that have geometry stops here.
  int named_room_count() const { return int(self_ref_.size()); }
  /// Deprecated (one release): `room_count()`.
  [[deprecated("use room_count")]] int sector_count() const { return room_count_; }
  int line_count() const { return int(lines_.size()); }
  int vertex_count() const { return int(vx_.size()); }
  const MapLine& line(int i) const { return lines_[std::size_t(i)]; }
  Vec2 vertex(int i) const { return Vec2(Real(vx_[std::size_t(i)]), Real(vy_[std::size_t(i)])); }
  /// The map's bounding box (the vertices of its lines; a zero box when it has none).
  Aabb bounds() const { return {Vec2(Real(x0_), Real(y0_)), Vec2(Real(x1_), Real(y1_))}; }
  /// Deprecated (one release): `bounds().min`.
  [[deprecated("use bounds().min")]] Vec2 bounds_min() const { return bounds().min; }
  /// Deprecated (one release): `bounds().max`.
  [[deprecated("use bounds().max")]] Vec2 bounds_max() const { return bounds().max; }

 private:
  struct Checked {};  // the description has passed validate()
  RoomMap(RoomMapDesc desc, Checked);
  void classify_rooms();
  void find_unclosed();

  struct Edge {  // a line that separates regions, with the rooms it toggles
    double ax, ay, bx, by;
    int s0, s1;  // -1 when none
  };
  int cell_of(double x, double y, int& ci, int& cj) const;
  // The index grid's column (or row) holding coordinate v along an axis whose grid starts at
  // `origin` with `n` cells: clamped to [0, n) for any v (huge, infinite or NaN included).
  int grid_index(double v, double origin, int n) const;
  // The grid cells under a box: columns i0..i1, rows j0..j1 (grid_index of its corners).
  struct Cells {
    int i0, i1, j0, j1;
    bool holds(int i, int j) const { return i0 <= i && i <= i1 && j0 <= j && j <= j1; }
  };
  Cells cells_under(double x0, double y0, double x1, double y1) const {
    return {grid_index(x0, gx_, nx_), grid_index(x1, gx_, nx_), grid_index(y0, gy_, ny_), grid_index(y1, gy_, ny_)};
  }
  Cells cells_under(const Aabb& b) const {
    return cells_under(double(b.min.x), double(b.min.y), double(b.max.x), double(b.max.y));
  }
  int locate_from(double px, double py, int cell) const;
  int pick(const std::vector<int>& state) const;
  void build_index();  // the grid, then its three steps:
  void index_lines();
  void place_references();
  void propagate_rooms();
  struct Near {
    double d;
    double qx, qy;
    int line;
  };
  Near nearest_wall_d(double px, double py) const;
  // f(line) or f(line, column, row) for each line listed by a cell under the box (repeats).
  template <class F>
  void for_walls_in_box(double x0, double y0, double x1, double y1, F&& f) const;
  /// The lines `gather(region)` gives, each once or more, in any order, as f(line, its box).
  template <class F>
  void for_gathered(const Aabb& region, F&& f) const;
  /// The lines `ids` (repeats, any order) as gather's obstacles: by index, once each.
  void gather_lines(std::vector<int>& ids, std::vector<Obstacle>& out, std::uint32_t owner) const;

  std::vector<double> vx_, vy_;
  std::vector<MapLine> lines_;
  std::vector<std::uint8_t> blocking_, self_ref_;
  std::vector<int> walls_, unclosed_;
  std::vector<WallEdge> wall_edges_;  // per line: a blocking line as the mover's edge (normal: the front)
  std::vector<double> room_box_area_;
  int room_count_ = 0;
  double x0_ = 0, y0_ = 0, x1_ = 0, y1_ = 0;  // vertex bounds
  double skin_ = 0;

  // Grid (shared by both indexes): nx_ x ny_ cells of size h_ from (gx_, gy_).
  double gx_ = 0, gy_ = 0, h_ = 1;
  int nx_ = 0, ny_ = 0;
  std::vector<Edge> edges_;
  std::vector<int> edge_start_, edge_list_;    // per cell: edges crossing the cell
  std::vector<int> wall_start_, wall_list_;    // per cell: blocking lines crossing the cell
  std::vector<double> ref_x_, ref_y_;          // per cell: reference point
  std::vector<int> state_start_, state_list_;  // per cell: rooms containing the reference
};

// (inline: the crowd's clear test and gather over kept lines call it)
inline int RoomMap::grid_index(double v, double origin, int n) const {
  // floor(q) clamped to [0, n - 1] without a call to floor: below 1 (or NaN) it is 0 or less,
  // from n - 1 on the last cell, and in between the truncation is the floor.
  const double q = (v - origin) / h_;
  if (!(q >= 1)) return 0;  // below the grid's second cell, or NaN
  return q < double(n - 1) ? int(q) : n - 1;
}

/// Deprecated (one release): the Doom "sector" is a room (a Sector is the cone shape).
using SectorMapDesc [[deprecated("use RoomMapDesc")]] = RoomMapDesc;
/// Deprecated (one release): `RoomMap`.
using SectorMap [[deprecated("use RoomMap")]] = RoomMap;

}  // namespace collide2d
