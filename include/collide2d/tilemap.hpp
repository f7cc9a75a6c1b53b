// collide2d - 2D collision detection for games. MIT License.
#pragma once
/// @file tilemap.hpp  A grid of solid tiles (a level built from tiles), its merged boundary,
/// and everything a game asks of it: is this point or shape free, how far is the nearest
/// wall, where is the nearest place a character of radius r can stand, contacts, ray casts
/// through the grid, sweeps and move-and-slide.
///
/// Frame. Cell (col, row) is the closed square [origin.x + col w, origin.x + (col + 1) w] x
/// [origin.y + row h, origin.y + (row + 1) h] (w, h the tile size). Whether rows grow up or down
/// the screen is the caller's choice: the geometry is the same in the mirror image. A Tiled map
/// (tiled.hpp) is loaded with origin (0, 0) and row 0 at the top, so world coordinates are
/// Tiled's own pixels (x right, y down).
///
/// Walls. The solid cells are closed squares. With `outside_solid` (the default) everything
/// outside the map rectangle is wall too, so nothing leaves the map; a point on the border is in
/// the wall.
///
/// Boundary. The edges of solid cells that face free cells are merged into maximal straight
/// runs (`TileEdge`), linked into closed chains (a solid region is walked counter-clockwise in a
/// y-up frame, with the wall on the left). Shapes collide with these merged edges only, so a
/// shape sliding along a straight wall made of many tiles meets no seams, and the corners that
/// two solid tiles share inside a wall do not exist (no ghost collisions).
///
/// Tolerance. `skin()` = kTileSkinRel x the smaller tile side, but at least 64 ulps of the
/// largest map coordinate: moves stop that far short of walls and nearest-free-point answers
/// keep that much clearance. Float build: 1e-3 tile; double build: 1e-7 tile.

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "collide2d/motion.hpp"
#include "collide2d/query.hpp"
#include "collide2d/sweep.hpp"
#include "collide2d/walls.hpp"

namespace collide2d::inline COLLIDE2D_ABI {

/// The skin of map motion relative to the tile size (see the file comment).
inline constexpr Real kTileSkinRel = sizeof(Real) == 8 ? Real(1e-7) : Real(1e-3);

/// A cell index.
struct TileCell {
  int col = 0, row = 0;
  friend constexpr bool operator==(TileCell, TileCell) = default;
};

/// One maximal straight run of the merged boundary: the wall is on its left going from a to b
/// (y-up frame), `normal` points out of the wall into free space.
struct TileEdge {
  Vec2 a, b;
  Vec2 normal;
  int next = -1;   ///< the edge that continues the chain at b
  int prev = -1;   ///< the edge that ends at a
  int chain = -1;  ///< index of the chain (closed loop) holding this edge
};

/// Deprecated (one release): the maps' one contact type, `WallContact` (element = the edge).
using TileContact [[deprecated("use WallContact")]] = WallContact;
/// Deprecated (one release): the maps' one nearest-wall type, `NearestPoint`.
using WallDistance [[deprecated("use NearestPoint")]] = NearestPoint;

/// Deprecated (one release): the maps' one disc-move answer, `CircleMove` (motion.hpp; `hits`
/// is `contacts`).
using TileCircleMove [[deprecated("use CircleMove (hits is contacts)")]] = CircleMove;

/// A grid of solid tiles with its merged boundary. A value type: copy it freely.
class TileMap {
 public:
  /// A 1 x 1 free map with unit tiles.
  TileMap() : TileMap(1, 1, {1, 1}, {}, true, Checked{}) {}
  /// A map of width x height free cells. Nothing, and `why` filled when given, when the sizes
  /// are wrong: "size" (width or height < 1, more than 2^28 cells), "tile_size" (a side not
  /// finite and > 0, or an extent that overflows), "origin" (not finite).
  static std::optional<TileMap> make(int width, int height, Vec2 tile_size, Vec2 origin = {},
                                     bool outside_solid = true, Invalid* why = nullptr);
  /// Builds a map from a row-major grid of width x height flags (non-zero: solid). Refuses as
  /// `make` does, and "cells" when there are not width x height flags.
  static std::optional<TileMap> from_grid(int width, int height, std::span<const std::uint8_t> solid,
                                          Vec2 tile_size, Vec2 origin = {}, bool outside_solid = true,
                                          Invalid* why = nullptr);

  /// Deprecated (one release): `make`, but bad sizes are repaired silently (width and height
  /// raised to 1, a bad tile size made (1, 1), a bad origin (0, 0)).
  [[deprecated("use TileMap::make, which refuses bad sizes with an Invalid")]]
  TileMap(int width, int height, Vec2 tile_size, Vec2 origin = {}, bool outside_solid = true);
  /// Deprecated (one release): `from_grid` with `why` before `outside_solid`.
  [[deprecated("use from_grid(width, height, solid, tile_size, origin, outside_solid, why)")]]
  static std::optional<TileMap> from_grid(int width, int height, std::span<const std::uint8_t> solid,
                                          Vec2 tile_size, Vec2 origin, Invalid* why, bool outside_solid = true);

  /// Columns.
  int width() const { return width_; }
  /// Rows.
  int height() const { return height_; }
  /// Tile size (w, h).
  Vec2 tile_size() const { return tile_; }
  /// World position of the corner of cell (0, 0).
  Vec2 origin() const { return origin_; }
  /// True when everything outside the map rectangle counts as wall.
  bool outside_solid() const { return outside_solid_; }
  /// The map rectangle.
  Aabb bounds() const;
  /// The motion and clearance tolerance (see the file comment).
  Real skin() const { return skin_; }

  /// True when (col, row) is inside the grid and solid; outside: `outside_solid()`.
  bool solid(int col, int row) const;
  /// Sets one cell (inside the grid; ignored otherwise) and rebuilds the boundary.
  void set_solid(int col, int row, bool solid);
  /// Number of solid cells.
  std::size_t solid_count() const;
  /// The row-major solid flags.
  std::span<const std::uint8_t> cells() const { return cells_; }
  /// The closed square of a cell.
  Aabb cell_box(int col, int row) const;
  /// The cell containing p (floor of the grid coordinates; may be outside the grid).
  TileCell cell_at(Vec2 p) const;
  /// The index of a cell in `cells()` (row * width + col); -1 for a cell outside the grid.
  int cell_index(TileCell c) const {
    return c.col < 0 || c.row < 0 || c.col >= width_ || c.row >= height_ ? -1 : c.row * width_ + c.col;
  }

  /// An inclusive range of cells (columns c0..c1, rows r0..r1).
  struct CellRect {
    int c0, r0, c1, r1;
  };

  /// The merged boundary edges.
  std::span<const TileEdge> edges() const { return edges_; }
  /// Number of closed chains; chain k starts at edge `chain_start(k)`.
  int chain_count() const { return int(chain_start_.size()); }
  /// The first edge of chain k (follow `next` until it comes back).
  int chain_start(int k) const { return chain_start_[std::size_t(k)]; }
  /// Appends to `out` (sorted, without repeats) every boundary edge lying on a cell that the
  /// box touches: the only edges a shape within the box can meet.
  void edges_near(const Aabb& box, std::vector<int>& out) const;
  /// Appends the boundary edges under `region` (those of `edges_near`) as obstacles for the one
  /// mover: one-sided (the front is the free side), ghost vertices from the chain's previous and
  /// next edges, element = edge index, the given owner.
  void gather(const Aabb& region, std::vector<Obstacle>& out, std::uint32_t owner = 0) const;
  /// `gather(region, out, owner)` from a kept list: `near` is `edges_near(box)` of a box that
  /// holds `region` (a moving body's fat box: made once, used for every move inside it). The
  /// same obstacles in the same order, without walking the cells; valid until the map changes.
  void gather(const Aabb& region, std::span<const int> near, std::vector<Obstacle>& out,
              std::uint32_t owner = 0) const;
  /// Whether an edge of the kept list `near` has bounds (`bounds(WallEdge)`) meeting `box`: a
  /// mover's clear box (`MoveFrame`) checked without making obstacles. For a box within a
  /// region that `near` serves, these are the edges of `gather(region, near, ...)` meeting it
  /// (gather takes every edge whose cells meet the region grown by the map's skin).
  bool near_meets(std::span<const int> near, const Aabb& box) const;
  /// Whether every edge of the kept list `near` whose bounds meet `box` passes `ok(WallEdge)`
  /// (near_meets: whether one meets it at all): a disk mover's clear test, which lets through
  /// the walls its path leaves alone.
  template <class F>
  bool near_all(std::span<const int> near, const Aabb& box, F&& ok) const;

  /// True when p is in no wall (walls are closed: a point on a wall's side is not free).
  bool is_free(Vec2 p) const;
  /// True when the shape overlaps no wall (tested against the solid cells under its bounds).
  bool is_free(const Shape& s) const;
  /// Distance from p to the nearest wall and that wall point (0 in or on a wall, and outside
  /// the map when `outside_solid`); index: the solid cell holding the point (row * width +
  /// col), -1 when p is in a wall or the nearest wall is the outside.
  NearestPoint nearest_wall(Vec2 p) const;
  /// `nearest_wall(p).distance`.
  Real wall_distance(Vec2 p) const { return nearest_wall(p).distance; }
  /// The free point nearest to `target` where a disc of `radius` (>= 0) overlaps no wall, with
  /// `skin()` to spare; `target` itself when it is such a point. Nothing when no cell is wide
  /// enough anywhere within `max_search` of the target (default: the whole map).
  std::optional<Vec2> nearest_free_point(Vec2 target, Real radius, Real max_search = -1) const;

  /// First wall point along the ray, walking the grid cell by cell (DDA): element = the solid
  /// cell hit (`cell_index`; -1 for the outside). An origin in or on a wall gives {hit, inside,
  /// distance 0, element: a solid cell holding the origin, -1 when only the outside does}.
  RayHit raycast(const Ray& ray) const;

  /// Contacts of a shape with the walls: one per boundary edge it touches (element = the edge
  /// index), normal from the body
  /// to the wall, depth along it (one-sided: out of the wall through the edge's free side, or
  /// round the edge's end at a convex corner when that is shorter). A shape entirely inside a
  /// solid block or outside the map touches no edge (use `is_free`). Appends to `out`, returns
  /// how many it appended.
  std::size_t contacts(const Shape& s, std::vector<WallContact>& out) const;
  /// A short translation that takes the shape out of every wall it overlaps (plus the skin):
  /// the shortest of the contacts' pushes solved alone, in pairs and all together
  /// (PositionCorrection) that leaves the shape free; all together when none does (a shape
  /// wider than its gap). Zero when it overlaps no wall.
  Vec2 push_out(const Shape& s) const;

  /// First time in [0, 1] at which the shape moving by `velocity` touches a wall (sweeps
  /// against the merged edges under the swept bounds; no tunnelling at any speed).
  SweepHit sweep(const Shape& s, Vec2 velocity) const;

  /// Move-and-slide of any shape: the one mover (`collide2d::move` over obstacles) against the
  /// edges `gather` gives for `move_region` (everything the body can reach, slides included),
  /// with a skin of at least `skin()`. Each contact's `obstacle` and `element` are the edge
  /// index. A body that starts within the skin of a wall (or inside it by a rounding error) is
  /// pushed out and moved on.
  MoveResult move(const Shape& s, Vec2 displacement, const MoveOptions& options = {}) const;
  /// `move` of a disc with at most `max_iterations` contacts, in the small `CircleMove`; no
  /// allocation once the calling thread has warmed up (per-thread scratch). A non-finite input
  /// is refused (blocked, the centre unchanged).
  CircleMove move_circle(const Circle& c, Vec2 displacement, int max_iterations = 4) const;

 private:
  struct Checked {};  // the sizes have passed check_sizes()
  TileMap(int width, int height, Vec2 tile_size, Vec2 origin, bool outside_solid, Checked);
  static std::optional<Invalid> check_sizes(int width, int height, Vec2 tile_size, Vec2 origin);
  void rebuild();
  void build_edges();
  bool point_in_wall(Vec2 p) const;
  int solid_cell_holding(Vec2 p) const;  // the cell_index of a solid cell whose square holds p, or -1
  /// The cells `edges_near(box)` walks (the box grown by the skin, clamped to the grid); false
  /// when there are none.
  bool cells_under(const Aabb& box, CellRect& out) const;
  bool off_map(const Aabb& box) const;  // the box grown by the skin misses the map: no cells
  template <class F>
  void for_near(const Aabb& region, std::span<const int> near, F&& f) const;  // the ids gather(region, near) takes

  int width_ = 0, height_ = 0;
  Vec2 tile_{1, 1};
  Vec2 origin_{};
  Vec2 inv_tile_{1, 1};
  bool outside_solid_ = true;
  Real skin_ = 0;
  Aabb near_map_;  // bounds() grown by skin_ (off_map's box, worked out by rebuild)
  std::vector<std::uint8_t> cells_;
  std::vector<TileEdge> edges_;
  std::vector<WallEdge> walls_;  // edges_[k] as the mover's wall edge (one-sided, ghost vertices)
  std::vector<Aabb> wall_boxes_;  // bounds(walls_[k]), worked out by rebuild (near_meets' boxes)
  std::vector<int> chain_start_;
  std::vector<std::uint32_t> cell_edge_begin_;  // CSR: (width * height + 1) offsets
  std::vector<int> cell_edge_ids_;
  std::vector<CellRect> edge_cells_;  // the cells each edge is listed under (a rectangle)
};

// (inline: the crowd's clear test calls it once per move)
template <class F>
bool TileMap::near_all(std::span<const int> near, const Aabb& box, F&& ok) const {
  for (int id : near)
    if (box.overlaps(wall_boxes_[std::size_t(id)]) && !ok(walls_[std::size_t(id)])) return false;
  return true;
}

inline bool TileMap::near_meets(std::span<const int> near, const Aabb& box) const {
  return !near_all(near, box, [](const WallEdge&) { return false; });
}

}  // namespace collide2d
