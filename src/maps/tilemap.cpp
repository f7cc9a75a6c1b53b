// collide2d - 2D collision detection for games. MIT License.
// TileMap: the grid, the merged boundary edges, their chains and the per-cell edge index.
#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

#include "collide2d/tilemap.hpp"

namespace collide2d::inline COLLIDE2D_ABI {

namespace {

/// An edge in grid-vertex coordinates before it is placed in the world.
struct GridEdge {
  int ia, ja, ib, jb;  // start and end vertex (column line, row line)
  int nx, ny;          // outward normal
};

}  // namespace

std::optional<Invalid> TileMap::check_sizes(int width, int height, Vec2 tile_size, Vec2 origin) {
  if (width < 1 || height < 1) return Invalid{"size", "width and height must be >= 1"};
  if (std::int64_t(width) * height > (std::int64_t(1) << 28)) return Invalid{"size", "more than 2^28 cells"};
  if (!(tile_size.x > 0) || !(tile_size.y > 0) || !is_finite(tile_size))
    return Invalid{"tile_size", "tile sides must be finite and > 0"};
  if (!is_finite(origin)) return Invalid{"origin", "must be finite"};
  const Real far = std::max({std::abs(origin.x), std::abs(origin.y),
                             std::abs(origin.x + Real(width) * tile_size.x),
                             std::abs(origin.y + Real(height) * tile_size.y)});
  if (!std::isfinite(far)) return Invalid{"tile_size", "the map's extent overflows"};
  return std::nullopt;
}

TileMap::TileMap(int width, int height, Vec2 tile_size, Vec2 origin, bool outside_solid, Checked)
    : width_(width), height_(height), tile_(tile_size), origin_(origin), outside_solid_(outside_solid) {
  COLLIDE2D_ASSERT(width >= 1 && height >= 1 && tile_size.x > 0 && tile_size.y > 0);
  cells_.assign(std::size_t(width_) * std::size_t(height_), 0);
  rebuild();
}

std::optional<TileMap> TileMap::make(int width, int height, Vec2 tile_size, Vec2 origin, bool outside_solid,
                                     Invalid* why) {
  if (auto bad = check_sizes(width, height, tile_size, origin)) {
    if (why) *why = std::move(*bad);
    return std::nullopt;
  }
  return TileMap(width, height, tile_size, origin, outside_solid, Checked{});
}

std::optional<TileMap> TileMap::from_grid(int width, int height, std::span<const std::uint8_t> solid,
                                          Vec2 tile_size, Vec2 origin, bool outside_solid, Invalid* why) {
  auto bad = check_sizes(width, height, tile_size, origin);
  if (!bad && solid.size() != std::size_t(width) * std::size_t(height))
    bad = Invalid{"cells", "expected width * height = " + std::to_string(std::size_t(width) * height) +
                               " flags, got " + std::to_string(solid.size())};
  if (bad) {
    if (why) *why = std::move(*bad);
    return std::nullopt;
  }
  TileMap m(width, height, tile_size, origin, outside_solid, Checked{});
  for (std::size_t i = 0; i < solid.size(); ++i) m.cells_[i] = solid[i] ? 1 : 0;
  m.rebuild();
  return m;
}

std::optional<TileMap> TileMap::from_grid(int width, int height, std::span<const std::uint8_t> solid,
                                          Vec2 tile_size, Vec2 origin, Invalid* why, bool outside_solid) {
  return from_grid(width, height, solid, tile_size, origin, outside_solid, why);
}

namespace {

// The deprecated constructor's repairs: bad sizes made usable.
Vec2 repaired_tile(Vec2 t) { return t.x > 0 && t.y > 0 && is_finite(t) ? t : Vec2{1, 1}; }
Vec2 repaired_origin(Vec2 o) { return is_finite(o) ? o : Vec2{}; }

}  // namespace

TileMap::TileMap(int width, int height, Vec2 tile_size, Vec2 origin, bool outside_solid)
    : TileMap(std::max(width, 1), std::max(height, 1), repaired_tile(tile_size), repaired_origin(origin),
              outside_solid, Checked{}) {}

Aabb TileMap::bounds() const {
  return {origin_, origin_ + Vec2{tile_.x * Real(width_), tile_.y * Real(height_)}};
}

bool TileMap::solid(int col, int row) const {
  if (col < 0 || row < 0 || col >= width_ || row >= height_) return outside_solid_;
  return cells_[std::size_t(row) * std::size_t(width_) + std::size_t(col)] != 0;
}

void TileMap::set_solid(int col, int row, bool s) {
  if (col < 0 || row < 0 || col >= width_ || row >= height_) return;
  cells_[std::size_t(row) * std::size_t(width_) + std::size_t(col)] = s ? 1 : 0;
  rebuild();
}

std::size_t TileMap::solid_count() const {
  return std::size_t(std::count(cells_.begin(), cells_.end(), std::uint8_t(1)));
}

Aabb TileMap::cell_box(int col, int row) const {
  const Vec2 lo{origin_.x + Real(col) * tile_.x, origin_.y + Real(row) * tile_.y};
  return {lo, {origin_.x + Real(col + 1) * tile_.x, origin_.y + Real(row + 1) * tile_.y}};
}

namespace {

/// floor(g) clamped to +-1e9 (NaN: -1e9), without a call to floor: within the clamps the
/// truncation is exact, and one less for a negative non-integer. (A far-away or non-finite
/// point must not overflow an int.)
inline int floor_index(Real g) {
  if (!(g > Real(-1e9))) return -1000000000;
  if (g >= Real(1e9)) return 1000000000;
  const int i = int(g);
  return Real(i) > g ? i - 1 : i;
}

}  // namespace

TileCell TileMap::cell_at(Vec2 p) const {
  return {floor_index((p.x - origin_.x) * inv_tile_.x), floor_index((p.y - origin_.y) * inv_tile_.y)};
}

void TileMap::rebuild() {
  inv_tile_ = {Real(1) / tile_.x, Real(1) / tile_.y};
  const Aabb b = bounds();
  const Real far = std::max({std::abs(b.min.x), std::abs(b.min.y), std::abs(b.max.x), std::abs(b.max.y)});
  skin_ = std::max(kTileSkinRel * std::min(tile_.x, tile_.y),
                   Real(64) * std::numeric_limits<Real>::epsilon() * far);
  near_map_ = grown(b, skin_);
  build_edges();
}

namespace {

/// The boundary between solid and free cells as maximal straight runs, each with its outward
/// normal and oriented with the wall on its left (`solid(i, j)`: TileMap::solid).
template <class Solid>
std::vector<GridEdge> boundary_runs(int width, int height, Solid&& solid) {
  std::vector<GridEdge> ge;
  // Horizontal lines j (between rows j-1 and j): runs of equal orientation.
  for (int j = 0; j <= height; ++j) {
    int run_kind = 0, run_start = 0;
    for (int i = 0; i <= width; ++i) {
      int kind = 0;
      if (i < width) {
        const bool lo = solid(i, j - 1), hi = solid(i, j);
        kind = lo == hi ? 0 : (lo ? 1 : 2);  // 1: wall below (row j-1), normal +y
      }
      if (kind != run_kind) {
        if (run_kind == 1) ge.push_back({i, j, run_start, j, 0, 1});      // goes -x
        else if (run_kind == 2) ge.push_back({run_start, j, i, j, 0, -1});  // goes +x
        run_kind = kind;
        run_start = i;
      }
    }
  }
  // Vertical lines i (between columns i-1 and i).
  for (int i = 0; i <= width; ++i) {
    int run_kind = 0, run_start = 0;
    for (int j = 0; j <= height; ++j) {
      int kind = 0;
      if (j < height) {
        const bool left = solid(i - 1, j), right = solid(i, j);
        kind = left == right ? 0 : (left ? 1 : 2);  // 1: wall on the left, normal +x
      }
      if (kind != run_kind) {
        if (run_kind == 1) ge.push_back({i, run_start, i, j, 1, 0});       // goes +y
        else if (run_kind == 2) ge.push_back({i, j, i, run_start, -1, 0});  // goes -y
        run_kind = kind;
        run_start = j;
      }
    }
  }

  return ge;
}

/// Links the chains: the edge starting where one ends; at a pinch vertex (two solid cells
/// touching diagonally: two edges start there) the left turn keeps each solid cell's loop.
void link_chains(const std::vector<GridEdge>& ge, int width, int height, std::vector<TileEdge>& edges) {
  const std::size_t vw = std::size_t(width) + 1;
  std::vector<int> start1((vw) * (std::size_t(height) + 1), -1), start2(start1.size(), -1);
  for (std::size_t k = 0; k < ge.size(); ++k) {
    const std::size_t v = std::size_t(ge[k].ja) * vw + std::size_t(ge[k].ia);
    (start1[v] < 0 ? start1[v] : start2[v]) = int(k);
  }
  for (std::size_t k = 0; k < ge.size(); ++k) {
    const std::size_t v = std::size_t(ge[k].jb) * vw + std::size_t(ge[k].ib);
    int next = start1[v];
    if (start2[v] >= 0) {
      const int din_x = ge[k].ib - ge[k].ia, din_y = ge[k].jb - ge[k].ja;
      const GridEdge& c = ge[std::size_t(next)];
      const long long turn = (long long)din_x * (c.jb - c.ja) - (long long)din_y * (c.ib - c.ia);
      if (turn <= 0) next = start2[v];
    }
    edges[k].next = next;
    if (next >= 0) edges[std::size_t(next)].prev = int(k);
  }
}

/// The cells an edge is listed under: those on both sides of each of its unit pieces, within the
/// grid (a rectangle: one row or column of pieces, one or two cells across).
TileMap::CellRect edge_cells(const GridEdge& g, int width, int height) {
  if (g.ja == g.jb)  // horizontal at row line ja
    return {std::min(g.ia, g.ib), std::max(g.ja - 1, 0), std::max(g.ia, g.ib) - 1, std::min(g.ja, height - 1)};
  return {std::max(g.ia - 1, 0), std::min(g.ja, g.jb), std::min(g.ia, width - 1), std::max(g.ja, g.jb) - 1};
}

/// The per-cell edge index (CSR): each edge registers with the cells of `edge_cells`.
void index_cells(const std::vector<TileMap::CellRect>& rects, int width, std::size_t n,
                 std::vector<std::uint32_t>& begin, std::vector<int>& ids) {
  begin.assign(n + 1, 0);
  auto for_cells = [&](const TileMap::CellRect& e, auto&& fn) {
    for (int r = e.r0; r <= e.r1; ++r)
      for (int c = e.c0; c <= e.c1; ++c) fn(std::size_t(r) * std::size_t(width) + std::size_t(c));
  };
  for (const TileMap::CellRect& e : rects) for_cells(e, [&](std::size_t c) { ++begin[c + 1]; });
  for (std::size_t c = 0; c < n; ++c) begin[c + 1] += begin[c];
  ids.assign(begin[n], 0);
  std::vector<std::uint32_t> fill(begin.begin(), begin.end() - 1);
  for (std::size_t k = 0; k < rects.size(); ++k)
    for_cells(rects[k], [&](std::size_t c) { ids[fill[c]++] = int(k); });
}

}  // namespace

void TileMap::build_edges() {
  const std::vector<GridEdge> ge = boundary_runs(width_, height_, [&](int i, int j) { return solid(i, j); });
  edges_.clear();
  edges_.reserve(ge.size());
  auto vertex = [&](int i, int j) {
    return Vec2{origin_.x + Real(i) * tile_.x, origin_.y + Real(j) * tile_.y};
  };
  for (const GridEdge& g : ge) {
    TileEdge e;
    e.a = vertex(g.ia, g.ja);
    e.b = vertex(g.ib, g.jb);
    e.normal = {Real(g.nx), Real(g.ny)};
    edges_.push_back(e);
  }

  link_chains(ge, width_, height_, edges_);
  // The mover's view of each edge, made once: one-sided (the front is the free side), ghost
  // vertices from the chain's neighbours.
  walls_.assign(edges_.size(), WallEdge{});
  for (std::size_t k = 0; k < edges_.size(); ++k) {
    const TileEdge& t = edges_[k];
    WallEdge& e = walls_[k];
    e.a = t.a;
    e.b = t.b;
    e.normal = t.normal;  // exact: the edges are axis-aligned
    e.one_sided = true;
    if (t.prev >= 0) {
      e.has_prev = true;
      e.prev = edges_[std::size_t(t.prev)].a;
    }
    if (t.next >= 0) {
      e.has_next = true;
      e.next = edges_[std::size_t(t.next)].b;
    }
  }
  wall_boxes_.clear();
  wall_boxes_.reserve(walls_.size());
  for (const WallEdge& e : walls_) wall_boxes_.push_back(collide2d::bounds(e));
  chain_start_.clear();
  for (std::size_t k = 0; k < edges_.size(); ++k) {
    if (edges_[k].chain >= 0) continue;
    const int id = int(chain_start_.size());
    chain_start_.push_back(int(k));
    int e = int(k);
    while (e >= 0 && edges_[std::size_t(e)].chain < 0) {
      edges_[std::size_t(e)].chain = id;
      e = edges_[std::size_t(e)].next;
    }
  }

  edge_cells_.clear();
  edge_cells_.reserve(ge.size());
  for (const GridEdge& g : ge) edge_cells_.push_back(edge_cells(g, width_, height_));
  index_cells(edge_cells_, width_, cells_.size(), cell_edge_begin_, cell_edge_ids_);
}

bool TileMap::off_map(const Aabb& box) const {
  const Aabb& m = near_map_;  // (the map's bounds grown by the skin)
  return box.min.x > m.max.x || box.max.x < m.min.x || box.min.y > m.max.y || box.max.y < m.min.y;
}

bool TileMap::cells_under(const Aabb& box, CellRect& out) const {
  if (off_map(box)) return false;
  const Real e = skin_;
  // cell_at of the corners grown by the skin, clamped to the grid.
  out = {std::max(floor_index((box.min.x - e - origin_.x) * inv_tile_.x), 0),
         std::max(floor_index((box.min.y - e - origin_.y) * inv_tile_.y), 0),
         std::min(floor_index((box.max.x + e - origin_.x) * inv_tile_.x), width_ - 1),
         std::min(floor_index((box.max.y + e - origin_.y) * inv_tile_.y), height_ - 1)};
  return out.c0 <= out.c1 && out.r0 <= out.r1;
}

void TileMap::edges_near(const Aabb& box, std::vector<int>& out) const {
  CellRect cr;
  if (!cells_under(box, cr)) return;
  const int c0 = cr.c0, c1 = cr.c1, r0 = cr.r0, r1 = cr.r1;
  const std::size_t first = out.size();
  // The cells of a row are consecutive in the index: one run of ids per row.
  for (int r = r0; r <= r1; ++r) {
    const std::size_t row = std::size_t(r) * std::size_t(width_);
    const std::uint32_t k0 = cell_edge_begin_[row + std::size_t(c0)], k1 = cell_edge_begin_[row + std::size_t(c1) + 1];
    out.insert(out.end(), cell_edge_ids_.begin() + std::ptrdiff_t(k0), cell_edge_ids_.begin() + std::ptrdiff_t(k1));
  }
  // An edge is listed by every cell it lies on: sorted, repeats dropped. The lists are short
  // (a move region covers a few cells): insertion sort.
  const auto b = out.begin() + std::ptrdiff_t(first);
  if (out.end() - b > 16) {
    std::sort(b, out.end());
  } else if (b != out.end()) {
    for (auto i = b + 1; i < out.end(); ++i)
      for (auto j = i; j > b && *(j - 1) > *j; --j) std::iter_swap(j - 1, j);
  }
  out.erase(std::unique(b, out.end()), out.end());
}

void TileMap::gather(const Aabb& region, std::vector<Obstacle>& out, std::uint32_t owner) const {
  thread_local std::vector<int> ids;
  ids.clear();
  edges_near(region, ids);
  for (int id : ids) out.push_back(edge_obstacle(walls_[std::size_t(id)], owner, std::uint32_t(id)));
}

template <class F>
void TileMap::for_near(const Aabb& region, std::span<const int> near, F&& f) const {
  // edges_near(region) is every edge listed under a cell of cells_under(region): those whose
  // rectangle of cells meets it. `near` holds them all (its box's cells hold the region's), in
  // the same order. f(id) false stops.
  const bool proper = region.min.x <= region.max.x && region.min.y <= region.max.y;  // (not NaN)
  if (!proper || std::max(width_, height_) >= (1 << 24)) {  // (or grid lines beyond a float's integers)
    CellRect r;
    if (!cells_under(region, r)) return;
    for (int id : near) {
      const CellRect& e = edge_cells_[std::size_t(id)];
      if (e.c0 <= r.c1 && r.c0 <= e.c1 && e.r0 <= r.r1 && r.r0 <= e.r1 && !f(id)) return;
    }
    return;
  }
  // The same test without the range: cells_under's corners in grid units, g0 <= g1, give
  // c0 = max(floor g0, 0) and c1 = min(floor g1, n - 1) (floor_index's clamps at 1e9 change no
  // comparison below); for an integer k in [0, n), k <= c1 iff k <= g1 and c0 <= k iff
  // g0 < k + 1, and the range is empty unless g1 >= 0 and g0 < n.
  if (off_map(region)) return;
  const Real e = skin_;
  const Real gx0 = (region.min.x - e - origin_.x) * inv_tile_.x, gy0 = (region.min.y - e - origin_.y) * inv_tile_.y;
  const Real gx1 = (region.max.x + e - origin_.x) * inv_tile_.x, gy1 = (region.max.y + e - origin_.y) * inv_tile_.y;
  if (gx1 < 0 || gy1 < 0 || gx0 >= Real(width_) || gy0 >= Real(height_)) return;
  for (int id : near) {
    const CellRect& c = edge_cells_[std::size_t(id)];
    if (Real(c.c0) <= gx1 && gx0 < Real(c.c1 + 1) && Real(c.r0) <= gy1 && gy0 < Real(c.r1 + 1) && !f(id)) return;
  }
}

void TileMap::gather(const Aabb& region, std::span<const int> near, std::vector<Obstacle>& out,
                     std::uint32_t owner) const {
  for_near(region, near, [&](int id) {
    out.push_back(edge_obstacle(walls_[std::size_t(id)], owner, std::uint32_t(id)));
    return true;
  });
}

}  // namespace collide2d
