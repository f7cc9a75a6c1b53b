// collide2d - 2D collision detection for games. MIT License.
// Uniform grid (spatial hash): cells created on demand in a pool, found through an
// open-addressing table; each cell lists the fat boxes covering it. A pair or a query hit is
// reported from exactly one cell (the first cell of the overlap of the two cell ranges), so
// nothing needs a "visited" mark and every const member is free of hidden state.
#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "broadphase/box_ops.hpp"
#include "collide2d/broadphase.hpp"

namespace collide2d::inline COLLIDE2D_ABI {

namespace {
/// Cell coordinates are clamped to this magnitude (beyond it cells merge: still correct).
constexpr Real kMaxCell = Real(1 << 30);

std::int32_t cell_coord(Real v, Real inv) {
  Real c = std::floor(v * inv);
  if (!(c > -kMaxCell)) return -(1 << 30);
  if (!(c < kMaxCell)) return 1 << 30;
  return std::int32_t(c);
}

std::uint64_t hash_cell(std::int32_t x, std::int32_t y) {
  std::uint64_t k = (std::uint64_t(std::uint32_t(x)) << 32) | std::uint32_t(y);
  k ^= k >> 33;
  k *= 0xff51afd7ed558ccdull;
  k ^= k >> 33;
  k *= 0xc4ceb9fe1a85ec53ull;
  k ^= k >> 33;
  return k;
}
}  // namespace

UniformGrid::UniformGrid(Real cell_size, FatBoxRule rule)
    : cell_size_(cell_size > 0 && std::isfinite(cell_size) ? cell_size : Real(1)),
      inv_cell_(Real(1) / cell_size_), rule_(rule) {
  table_.assign(64, kNullIndex);
}

UniformGrid::CellRange UniformGrid::range_of(const Aabb& b) const {
  return {cell_coord(b.min.x, inv_cell_), cell_coord(b.min.y, inv_cell_), cell_coord(b.max.x, inv_cell_),
          cell_coord(b.max.y, inv_cell_)};
}

bool UniformGrid::is_large(const CellRange& r) const {
  return (std::int64_t(r.x1) - r.x0 + 1) * (std::int64_t(r.y1) - r.y0 + 1) > kMaxCellsPerProxy;
}

std::uint32_t UniformGrid::find_cell(std::int32_t x, std::int32_t y) const {
  std::size_t mask = table_.size() - 1;
  for (std::size_t i = hash_cell(x, y) & mask;; i = (i + 1) & mask) {
    std::uint32_t c = table_[i];
    if (c == kNullIndex) return kNullIndex;
    if (cells_[c].x == x && cells_[c].y == y) return c;
  }
}

void UniformGrid::grow_table() {
  table_.assign(table_.size() * 2, kNullIndex);
  std::size_t mask = table_.size() - 1;
  for (std::uint32_t c = 0; c < cells_.size(); ++c) {
    std::size_t i = hash_cell(cells_[c].x, cells_[c].y) & mask;
    while (table_[i] != kNullIndex) i = (i + 1) & mask;
    table_[i] = c;
  }
}

std::uint32_t UniformGrid::find_or_add_cell(std::int32_t x, std::int32_t y) {
  std::uint32_t c = find_cell(x, y);
  if (c != kNullIndex) return c;
  if ((cells_.size() + 1) * 2 > table_.size()) grow_table();
  c = std::uint32_t(cells_.size());
  cells_.push_back(Cell{x, y, {}});
  std::size_t mask = table_.size() - 1;
  std::size_t i = hash_cell(x, y) & mask;
  while (table_[i] != kNullIndex) i = (i + 1) & mask;
  table_[i] = c;
  return c;
}

void UniformGrid::link(std::uint32_t id) {
  const CellRange r = range_[id];
  if (is_large(r)) {
    large_.push_back(id);
    return;
  }
  for (std::int32_t y = r.y0; y <= r.y1; ++y) {
    for (std::int32_t x = r.x0; x <= r.x1; ++x) {
      cells_[find_or_add_cell(x, y)].entries.push_back(Entry{fat_[id], id, r.x0, r.y0});
    }
  }
}

void UniformGrid::unlink(std::uint32_t id) {
  const CellRange r = range_[id];
  if (is_large(r)) {
    const auto at = std::find(large_.begin(), large_.end(), id);
    COLLIDE2D_ASSERT(at != large_.end());  // linked as large, so listed there
    large_.erase(at);
    return;
  }
  for (std::int32_t y = r.y0; y <= r.y1; ++y) {
    for (std::int32_t x = r.x0; x <= r.x1; ++x) {
      const std::uint32_t c = find_cell(x, y);
      COLLIDE2D_ASSERT(c != kNullIndex);  // every cell of a linked range exists
      std::vector<Entry>& e = cells_[c].entries;
      auto it = std::find_if(e.begin(), e.end(), [id](const Entry& en) { return en.id == id; });
      COLLIDE2D_ASSERT(it != e.end());  // and holds the proxy
      *it = e.back();
      e.pop_back();
    }
  }
}

bool UniformGrid::contains(std::uint32_t id) const { return id < present_.size() && present_[id]; }

Aabb UniformGrid::fat_box(std::uint32_t id) const { return fat_[id]; }

void UniformGrid::insert(std::uint32_t id, const Aabb& tight, bool still) {
  if (id >= present_.size()) {
    std::size_t n = std::size_t(id) + 1;
    fat_.resize(n);
    range_.resize(n);
    present_.resize(n, 0);
    moved_.state.resize(n, 0);
  }
  fat_[id] = still ? still_box(tight) : fatten(tight, {0, 0}, rule_);
  range_[id] = range_of(fat_[id]);
  present_[id] = 1;
  ++count_;
  link(id);
  touch(id);
}

void UniformGrid::remove(std::uint32_t id) {
  unlink(id);
  present_[id] = 0;
  moved_.state[id] = 0;
  --count_;
}

void UniformGrid::touch(std::uint32_t id) {
  moved_.mark(id);
}

bool UniformGrid::move(std::uint32_t id, const Aabb& tight, Vec2 displacement) {
  if (bp::keeps_fat_box(fat_[id], tight, displacement, rule_)) return false;  // most moves
  const Aabb fresh = fatten(tight, displacement, rule_);
  CellRange r = range_of(fresh);
  const CellRange& old = range_[id];
  if (r.x0 == old.x0 && r.y0 == old.y0 && r.x1 == old.x1 && r.y1 == old.y1 && !is_large(r)) {
    // Same cells: refresh the copies of the box in place.
    fat_[id] = fresh;
    for (std::int32_t y = r.y0; y <= r.y1; ++y) {
      for (std::int32_t x = r.x0; x <= r.x1; ++x) {
        for (Entry& e : cells_[find_cell(x, y)].entries) {
          if (e.id == id) {
            e.box = fresh;
            break;
          }
        }
      }
    }
  } else {
    unlink(id);
    fat_[id] = fresh;
    range_[id] = r;
    link(id);
  }
  touch(id);
  return true;
}

void UniformGrid::query(const Aabb& box, FunctionRef<bool(std::uint32_t)> visit) const {
  for (std::uint32_t q : large_) {
    if (fat_[q].overlaps(box) && !visit(q)) return;
  }
  const CellRange r = range_of(box);
  auto scan = [&](const Cell& c) {
    for (const Entry& e : c.entries) {
      // Reported from the first cell of the overlap of the two ranges only.
      if (c.x != std::max(e.x0, r.x0) || c.y != std::max(e.y0, r.y0)) continue;
      if (e.box.overlaps(box) && !visit(e.id)) return false;
    }
    return true;
  };
  std::int64_t span = (std::int64_t(r.x1) - r.x0 + 1) * (std::int64_t(r.y1) - r.y0 + 1);
  if (span > std::int64_t(cells_.size())) {
    // A query wider than the occupied cells: walk the pool in order (deterministic) instead.
    for (const Cell& c : cells_) {
      if (c.x < r.x0 || c.x > r.x1 || c.y < r.y0 || c.y > r.y1) continue;
      if (!scan(c)) return;
    }
    return;
  }
  for (std::int32_t y = r.y0; y <= r.y1; ++y) {
    for (std::int32_t x = r.x0; x <= r.x1; ++x) {
      std::uint32_t c = find_cell(x, y);
      if (c != kNullIndex && !scan(cells_[c])) return;
    }
  }
}

void UniformGrid::raycast(Vec2 origin, Vec2 unit_dir, Real t_max,
                          FunctionRef<Real(std::uint32_t, Real)> visit) const {
  if (!(t_max >= 0)) return;
  bp::RaySlab slab(origin, unit_dir);
  for (std::uint32_t q : large_) {
    if (slab.entry(fat_[q], t_max) <= t_max) {
      Real r = visit(q, t_max);
      if (r < 0) return;
      t_max = std::min(t_max, r);
    }
  }
  // A walk longer than the pool has cells (a long ray over small cells: up to 2^31 steps, a
  // hang found by fuzzing) becomes a scan of the pool: each proxy once (in the first cell of its
  // range), offered in order of entry time, so the work is bounded by the proxies.
  const double steps = double(t_max) * double(inv_cell_) * (std::abs(double(unit_dir.x)) + std::abs(double(unit_dir.y)));
  if (!(steps <= 4.0 * double(cells_.size()) + 64)) {
    std::vector<std::pair<Real, std::uint32_t>> order;
    for (const Cell& c : cells_)
      for (const Entry& e : c.entries)
        if (c.x == e.x0 && c.y == e.y0) {
          const Real t = slab.entry(e.box, t_max);
          if (t <= t_max) order.push_back({t, e.id});
        }
    std::sort(order.begin(), order.end());
    for (const auto& [t, id] : order) {
      if (t > t_max) break;
      Real r = visit(id, t_max);
      if (r < 0) return;
      t_max = std::min(t_max, r);
    }
    return;
  }
  // Grid walk (one axis step at a time, so the cells a box covers are met in one run: a proxy
  // is offered in the first cell of its range the walk enters, and never again).
  std::int32_t cx = cell_coord(origin.x, inv_cell_), cy = cell_coord(origin.y, inv_cell_);
  const int sx = unit_dir.x > 0 ? 1 : (unit_dir.x < 0 ? -1 : 0);
  const int sy = unit_dir.y > 0 ? 1 : (unit_dir.y < 0 ? -1 : 0);
  const Real inf = std::numeric_limits<Real>::infinity();
  auto next_t = [&](std::int32_t c, int s, Real o, Real d) -> Real {
    if (s == 0) return inf;
    Real edge = Real(s > 0 ? c + 1 : c) * cell_size_;
    return (edge - o) / d;
  };
  Real tx = next_t(cx, sx, origin.x, unit_dir.x), ty = next_t(cy, sy, origin.y, unit_dir.y);
  std::int32_t px = cx, py = cy;
  bool first = true;
  for (;;) {
    std::uint32_t ci = find_cell(cx, cy);
    if (ci != kNullIndex) {
      for (const Entry& e : cells_[ci].entries) {
        if (!first) {
          // Skip when the previous cell of the walk is also in this proxy's range.
          CellRange er = range_[e.id];
          if (px >= er.x0 && px <= er.x1 && py >= er.y0 && py <= er.y1) continue;
        }
        if (slab.entry(e.box, t_max) <= t_max) {
          Real r = visit(e.id, t_max);
          if (r < 0) return;
          t_max = std::min(t_max, r);
        }
      }
    }
    first = false;
    px = cx;
    py = cy;
    Real t_next = std::min(tx, ty);
    if (!(t_next <= t_max)) return;
    if (tx <= ty) {
      cx += sx;
      tx = next_t(cx, sx, origin.x, unit_dir.x);
    } else {
      cy += sy;
      ty = next_t(cy, sy, origin.y, unit_dir.y);
    }
    if (cx <= -(1 << 30) || cx >= (1 << 30) || cy <= -(1 << 30) || cy >= (1 << 30)) return;
  }
}

void UniformGrid::scan_pairs(std::uint32_t id, std::vector<ProxyPair>& out) const {
  const Aabb box = fat_[id];
  const CellRange r = range_[id];
  auto report = [&](std::uint32_t q) {
    out.push_back(q < id ? ProxyPair{q, id} : ProxyPair{id, q});
  };
  if (is_large(r)) {
    for (std::uint32_t q = 0; q < present_.size(); ++q) {
      if (!present_[q] || q == id || (moved_.state[q] != 0 && q < id)) continue;
      if (fat_[q].overlaps(box)) report(q);
    }
    return;
  }
  for (std::uint32_t q : large_) {
    if (moved_.state[q] != 0 && q < id) continue;
    if (fat_[q].overlaps(box)) report(q);
  }
  for (std::int32_t y = r.y0; y <= r.y1; ++y) {
    for (std::int32_t x = r.x0; x <= r.x1; ++x) {
      const Cell& c = cells_[find_cell(x, y)];
      for (const Entry& e : c.entries) {
        if (e.id == id) continue;
        if (x != std::max(e.x0, r.x0) || y != std::max(e.y0, r.y0)) continue;
        if (moved_.state[e.id] != 0 && e.id < id) continue;
        if (e.box.overlaps(box)) report(e.id);
      }
    }
  }
}

void UniformGrid::update_pairs(std::vector<ProxyPair>& out) {
  for (std::uint32_t id : moved_.list) {
    if (moved_.state[id] != 1 || !present_[id]) continue;
    moved_.state[id] = 2;
    scan_pairs(id, out);
  }
  moved_.clear();
}

void UniformGrid::rebuild() {
  // Drops the empty cells and re-lists every proxy, in id order (deterministic).
  cells_.clear();
  large_.clear();
  table_.assign(64, kNullIndex);
  for (std::uint32_t id = 0; id < present_.size(); ++id) {
    if (present_[id]) link(id);
  }
}

std::optional<Invalid> UniformGrid::validate() const {
  auto proxy = [](std::uint32_t id) { return "proxies[" + std::to_string(id) + "]"; };
  std::size_t listed = 0;
  for (const Cell& c : cells_) {
    if (find_cell(c.x, c.y) == kNullIndex) return Invalid{"cells(" + std::to_string(c.x) + ", " + std::to_string(c.y) + ")", "not in the table"};
    for (const Entry& e : c.entries) {
      if (e.id >= present_.size() || !present_[e.id]) return Invalid{proxy(e.id), "absent but listed in a cell"};
      const CellRange& r = range_[e.id];
      if (c.x < r.x0 || c.x > r.x1 || c.y < r.y0 || c.y > r.y1) return Invalid{proxy(e.id), "listed outside its cells"};
      if (!(e.box.min == fat_[e.id].min) || !(e.box.max == fat_[e.id].max)) return Invalid{proxy(e.id), "a cell holds a stale copy of its box"};
      if (e.x0 != r.x0 || e.y0 != r.y0) return Invalid{proxy(e.id), "a cell holds a stale copy of its range"};
      ++listed;
    }
  }
  std::size_t expected = 0, present = 0, large = 0;
  for (std::uint32_t id = 0; id < present_.size(); ++id) {
    if (!present_[id]) continue;
    ++present;
    const CellRange& r = range_[id];
    CellRange f = range_of(fat_[id]);
    if (f.x0 != r.x0 || f.y0 != r.y0 || f.x1 != r.x1 || f.y1 != r.y1) return Invalid{proxy(id), "its cell range does not match its box"};
    if (is_large(r)) ++large;
    else expected += std::size_t(r.x1 - r.x0 + 1) * std::size_t(r.y1 - r.y0 + 1);
  }
  if (present != count_) return Invalid{"count", "not the number of proxies present"};
  if (large != large_.size()) return Invalid{"large", "not the proxies too large for the cells"};
  if (listed != expected) return Invalid{"cells", std::to_string(listed) + " entries listed, " + std::to_string(expected) + " expected"};
  return std::nullopt;
}

std::unique_ptr<Broadphase> make_broadphase(BroadphaseKind kind, const FatBoxRule& rule, Real cell_size) {
  if (kind == BroadphaseKind::grid) return std::make_unique<UniformGrid>(cell_size, rule);
  return std::make_unique<DynamicTree>(rule);
}

}  // namespace collide2d
