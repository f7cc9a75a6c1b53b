// collide2d - 2D collision detection for games. MIT License.
/// @file room_map.cpp  RoomMap: validation, the grid index (room-separating edges, walls,
/// per-cell reference points with the rooms containing them), point location and the
/// nearest wall.

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>
#include <utility>

#include "collide2d/room_map.hpp"

namespace collide2d::inline COLLIDE2D_ABI {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
/// Beyond this coordinate magnitude squared distances to the map may overflow; nearest_wall then
/// ranks walls by distance (the square of 1e150 is 1e300, below the largest double).
constexpr double kFarCoordinate = 1e150;

// Does the segment p -> q cross edge e? Vertices of e exactly on the line pq count as lying on
// its positive side (a consistent symbolic shift of pq), and a p exactly on e counts as lying
// on q's side, so crossings along a path of segments compose exactly. q must not lie on e.
bool crosses(double px, double py, double qx, double qy, double ax, double ay, double bx,
             double by) {
  const int sa = orient2d(px, py, qx, qy, ax, ay);
  const int sb = orient2d(px, py, qx, qy, bx, by);
  if ((sa >= 0) == (sb >= 0)) return false;
  const int ta = orient2d(ax, ay, bx, by, px, py);
  if (ta == 0) return false;
  const int tb = orient2d(ax, ay, bx, by, qx, qy);
  return ta != tb;
}

bool point_on_edge(double px, double py, double ax, double ay, double bx, double by) {
  if (orient2d(ax, ay, bx, by, px, py) != 0) return false;
  return std::min(ax, bx) <= px && px <= std::max(ax, bx) && std::min(ay, by) <= py &&
         py <= std::max(ay, by);
}

// Conservative segment / box overlap (the box grown by `m`).
bool segment_meets_box(double ax, double ay, double bx, double by, double x0, double y0,
                       double x1, double y1, double m) {
  x0 -= m, y0 -= m, x1 += m, y1 += m;
  if (std::max(ax, bx) < x0 || std::min(ax, bx) > x1 || std::max(ay, by) < y0 ||
      std::min(ay, by) > y1)
    return false;
  const double dx = bx - ax, dy = by - ay;
  const double c[4][2] = {{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}};
  int pos = 0, neg = 0;
  for (const auto& k : c) {
    const double o = dx * (k[1] - ay) - dy * (k[0] - ax);
    if (o > 0) ++pos;
    if (o < 0) ++neg;
  }
  return !(pos == 4 || neg == 4);
}

// Small set of room indices with toggling (parity).
struct RoomSet {
  std::array<int, 64> v{};
  int n = 0;
  void toggle(int s) {
    if (s < 0) return;
    for (int i = 0; i < n; ++i)
      if (v[std::size_t(i)] == s) {
        v[std::size_t(i)] = v[std::size_t(n - 1)];
        --n;
        return;
      }
    if (n < int(v.size())) v[std::size_t(n++)] = s;
  }
};

}  // namespace

std::optional<Invalid> validate(const RoomMapDesc& desc) {
  if (desc.room_count < 0) return Invalid{"room_count", "must be >= 0"};
  const int nv = int(desc.vertices.size());
  for (int i = 0; i < nv; ++i)
    if (!is_finite(desc.vertices[std::size_t(i)]))
      return Invalid{"vertices[" + std::to_string(i) + "]", "non-finite coordinate"};
  double x0 = kInf, y0 = kInf, x1 = -kInf, y1 = -kInf;
  for (std::size_t i = 0; i < desc.lines.size(); ++i) {
    const MapLine& l = desc.lines[i];
    const std::string name = "lines[" + std::to_string(i) + "].";
    const std::string vertices = "vertex index out of range (" + std::to_string(nv) + " vertices)";
    if (l.v1 < 0 || l.v1 >= nv) return Invalid{name + "v1", vertices};
    if (l.v2 < 0 || l.v2 >= nv) return Invalid{name + "v2", vertices};
    const std::string rooms = "room index out of range (-1 or 0.." + std::to_string(desc.room_count - 1) + ")";
    if (l.front < -1 || l.front >= desc.room_count) return Invalid{name + "front", rooms};
    if (l.back < -1 || l.back >= desc.room_count) return Invalid{name + "back", rooms};
    for (int v : {l.v1, l.v2}) {
      const Vec2 p = desc.vertices[std::size_t(v)];
      x0 = std::min(x0, double(p.x)), x1 = std::max(x1, double(p.x));
      y0 = std::min(y0, double(p.y)), y1 = std::max(y1, double(p.y));
    }
  }
  // Products of two coordinate differences (the crossing rule, the index grid's area, squared
  // distances) must stay finite: only the double build can hold vertices this far apart.
  const double span_limit = std::sqrt(std::numeric_limits<double>::max()) / 4;
  if (!desc.lines.empty() && (!(x1 - x0 <= span_limit) || !(y1 - y0 <= span_limit)))
    return Invalid{"vertices", "the lines span more than a quarter of the square root of the largest double, "
                               "about 3.3e153 (x " + std::to_string(x0) +
                                   " to " + std::to_string(x1) + ", y " + std::to_string(y0) + " to " +
                                   std::to_string(y1) + ")"};
  return std::nullopt;
}

std::optional<RoomMap> RoomMap::make(RoomMapDesc desc, Invalid* why) {
  if (auto bad = validate(desc)) {
    if (why) *why = std::move(*bad);
    return std::nullopt;
  }
  return RoomMap(std::move(desc), Checked{});
}

namespace {

RoomMapDesc checked_or_throw(RoomMapDesc desc) {
  if (auto bad = validate(desc)) throw std::invalid_argument(bad->text());
  return desc;
}

}  // namespace

RoomMap::RoomMap(RoomMapDesc desc) : RoomMap(checked_or_throw(std::move(desc)), Checked{}) {}

RoomMap::RoomMap(RoomMapDesc desc, Checked) {
  room_count_ = desc.room_count;
  for (const Vec2 v : desc.vertices) {
    vx_.push_back(double(v.x));
    vy_.push_back(double(v.y));
  }
  lines_ = std::move(desc.lines);
  x0_ = y0_ = kInf;
  x1_ = y1_ = -kInf;
  for (const MapLine& l : lines_)
    for (int v : {l.v1, l.v2}) {
      x0_ = std::min(x0_, vx_[std::size_t(v)]), x1_ = std::max(x1_, vx_[std::size_t(v)]);
      y0_ = std::min(y0_, vy_[std::size_t(v)]), y1_ = std::max(y1_, vy_[std::size_t(v)]);
    }
  if (lines_.empty()) x0_ = y0_ = x1_ = y1_ = 0;
  classify_rooms();

  // Region edges: lines with different rooms on their sides toggle both; the lines of a
  // self-referencing room toggle it once.
  for (const MapLine& l : lines_) {
    Edge e{vx_[std::size_t(l.v1)], vy_[std::size_t(l.v1)], vx_[std::size_t(l.v2)],
           vy_[std::size_t(l.v2)], -1, -1};
    if (l.front != l.back) {
      e.s0 = l.front, e.s1 = l.back;
    } else if (l.front >= 0 && self_ref_[std::size_t(l.front)]) {
      e.s0 = l.front;
    } else {
      continue;
    }
    if (e.ax == e.bx && e.ay == e.by) continue;  // a zero-length line separates nothing
    edges_.push_back(e);
  }
  find_unclosed();

  const double extent = std::max({std::fabs(x0_), std::fabs(x1_), std::fabs(y0_), std::fabs(y1_), 1.0});
  skin_ = std::max(1e-9 * extent, 8.0 * double(std::numeric_limits<Real>::epsilon()) * extent);
  build_index();
}

// Blocking walls; rooms with and without one-sided boundary lines (self-referencing ones);
// each room's bounding-box area (the tie-break where regions overlap).
// Per-room arrays cover the rooms some line names (0 .. largest index + 1): a description may
// declare any room_count, and memory must follow the lines, not the declaration.
void RoomMap::classify_rooms() {
  blocking_.assign(lines_.size(), 0);
  wall_edges_.assign(lines_.size(), WallEdge{});
  std::size_t used = 0;
  for (const MapLine& l : lines_) used = std::max({used, std::size_t(l.front + 1), std::size_t(l.back + 1)});
  std::vector<int> one_sided(used, 0), both(used, 0);
  room_box_area_.assign(used, 0);
  std::vector<std::array<double, 4>> sbox(used, {kInf, kInf, -kInf, -kInf});
  for (std::size_t i = 0; i < lines_.size(); ++i) {
    const MapLine& l = lines_[i];
    if (l.front < 0 || l.back < 0 || l.impassable) {
      blocking_[i] = 1;
      walls_.push_back(int(i));
      wall_edges_[i] = make_edge(vertex(l.v1), vertex(l.v2));  // the mover's view, made once
    }
    if (l.front == l.back) {
      if (l.front >= 0) ++both[std::size_t(l.front)];
    } else {
      if (l.front >= 0) ++one_sided[std::size_t(l.front)];
      if (l.back >= 0) ++one_sided[std::size_t(l.back)];
    }
    for (int s : {l.front, l.back}) {
      if (s < 0) continue;
      auto& b = sbox[std::size_t(s)];
      for (int v : {l.v1, l.v2}) {
        b[0] = std::min(b[0], vx_[std::size_t(v)]), b[1] = std::min(b[1], vy_[std::size_t(v)]);
        b[2] = std::max(b[2], vx_[std::size_t(v)]), b[3] = std::max(b[3], vy_[std::size_t(v)]);
      }
    }
  }
  self_ref_.assign(used, 0);
  for (std::size_t s = 0; s < used; ++s) {
    self_ref_[s] = one_sided[s] == 0 && both[s] > 0;
    const auto& b = sbox[s];
    room_box_area_[s] = b[2] >= b[0] ? (b[2] - b[0]) * (b[3] - b[1]) : kInf;
  }
}

// Closure: every vertex must pair up the lines that bound each room; the rooms where they do
// not are `unclosed_`.
void RoomMap::find_unclosed() {
  const int nv = int(vx_.size());
  std::vector<std::pair<long long, int>> ends;  // (room * nv + vertex, +-1 or 1)
  for (const MapLine& l : lines_) {
    if (l.front != l.back) {
      // Room on the left goes v1 -> v2 (the back); the front goes v2 -> v1.
      if (l.back >= 0) ends.push_back({(long long)l.back * nv + l.v1, 1}),
          ends.push_back({(long long)l.back * nv + l.v2, -1});
      if (l.front >= 0) ends.push_back({(long long)l.front * nv + l.v2, 1}),
          ends.push_back({(long long)l.front * nv + l.v1, -1});
    } else if (l.front >= 0 && self_ref_[std::size_t(l.front)]) {
      ends.push_back({(long long)l.front * nv + l.v1, 2});  // parity of the undirected degree
      ends.push_back({(long long)l.front * nv + l.v2, 2});
    }
  }
  std::sort(ends.begin(), ends.end());
  std::vector<std::uint8_t> bad(self_ref_.size(), 0);  // the rooms lines name (classify_rooms)
  for (std::size_t i = 0; i < ends.size();) {
    std::size_t j = i;
    int sum = 0, deg = 0;
    for (; j < ends.size() && ends[j].first == ends[i].first; ++j) {
      if (ends[j].second == 2) ++deg;
      else sum += ends[j].second;
    }
    if (sum != 0 || (deg & 1)) bad[std::size_t(ends[i].first / std::max(nv, 1))] = 1;
    i = j;
  }
  for (std::size_t s = 0; s < bad.size(); ++s)
    if (bad[s]) unclosed_.push_back(int(s));
}

void RoomMap::build_index() {
  // Grid over the vertex bounds grown by a margin, about two cells per line.
  const double w = x1_ - x0_, hgt = y1_ - y0_;
  const double lines = double(std::max<std::size_t>(lines_.size(), 1));
  double h = std::sqrt(std::max(w * hgt, 1.0) / (2 * lines));
  h = std::max({h, w / 2048, hgt / 2048, 1e-6 * std::max(w, hgt), 1e-300});
  if (!(h > 0)) h = 1;
  const double margin = h * 0.5;
  gx_ = x0_ - margin, gy_ = y0_ - margin, h_ = h;
  nx_ = std::max(1, int(std::ceil((w + 2 * margin) / h)));
  ny_ = std::max(1, int(std::ceil((hgt + 2 * margin) / h)));
  index_lines();
  place_references();
  propagate_rooms();
}

// The cells each region edge and each blocking wall crosses (a line counts in every cell its
// segment meets, grown by a relative 1e-9 of a cell).
void RoomMap::index_lines() {
  const std::size_t ncell = std::size_t(nx_) * std::size_t(ny_);
  const double h = h_, m = h * 1e-9;
  auto raster = [&](double ax, double ay, double bx, double by, auto&& add) {
    const int i0 = std::max(grid_index(std::min(ax, bx), gx_, nx_) - 1, 0);
    const int i1 = std::min(grid_index(std::max(ax, bx), gx_, nx_) + 1, nx_ - 1);
    const int j0 = std::max(grid_index(std::min(ay, by), gy_, ny_) - 1, 0);
    const int j1 = std::min(grid_index(std::max(ay, by), gy_, ny_) + 1, ny_ - 1);
    for (int j = j0; j <= j1; ++j)
      for (int i = i0; i <= i1; ++i)
        if (segment_meets_box(ax, ay, bx, by, gx_ + i * h, gy_ + j * h, gx_ + (i + 1) * h,
                              gy_ + (j + 1) * h, m))
          add(std::size_t(j) * std::size_t(nx_) + std::size_t(i));
  };
  auto fill = [&](std::vector<int>& start, std::vector<int>& list, auto&& each) {
    std::vector<int> count(ncell + 1, 0);
    each([&](std::size_t c, int) { ++count[c + 1]; });
    for (std::size_t c = 0; c < ncell; ++c) count[c + 1] += count[c];
    start = count;
    list.assign(std::size_t(count[ncell]), 0);
    each([&](std::size_t c, int k) { list[std::size_t(count[c]++)] = k; });
  };
  fill(edge_start_, edge_list_, [&](auto&& put) {
    for (std::size_t k = 0; k < edges_.size(); ++k) {
      const Edge& e = edges_[k];
      raster(e.ax, e.ay, e.bx, e.by, [&](std::size_t c) { put(c, int(k)); });
    }
  });
  fill(wall_start_, wall_list_, [&](auto&& put) {
    for (int li : walls_) {
      const MapLine& l = lines_[std::size_t(li)];
      raster(vx_[std::size_t(l.v1)], vy_[std::size_t(l.v1)], vx_[std::size_t(l.v2)],
             vy_[std::size_t(l.v2)], [&](std::size_t c) { put(c, li); });
    }
  });
}

// Reference points: near the cell's centre, on no edge.
void RoomMap::place_references() {
  const std::size_t ncell = std::size_t(nx_) * std::size_t(ny_);
  const double h = h_;
  ref_x_.assign(ncell, 0);
  ref_y_.assign(ncell, 0);
  static constexpr double kOff[][2] = {{0.5123, 0.4871}, {0.3137, 0.6911}, {0.7219, 0.2903},
                                       {0.2311, 0.2687}, {0.6733, 0.7411}, {0.4409, 0.1297}};
  for (int j = 0; j < ny_; ++j)
    for (int i = 0; i < nx_; ++i) {
      const std::size_t c = std::size_t(j) * std::size_t(nx_) + std::size_t(i);
      double rx = 0, ry = 0;
      for (std::size_t t = 0; t < 64; ++t) {
        const double fx = t < 6 ? kOff[t][0] : 0.05 + 0.9 * std::fmod(0.618033988749895 * double(t), 1.0);
        const double fy = t < 6 ? kOff[t][1] : 0.05 + 0.9 * std::fmod(0.414213562373095 * double(t), 1.0);
        rx = gx_ + (i + fx) * h, ry = gy_ + (j + fy) * h;
        bool on = false;
        for (int k = edge_start_[c]; k < edge_start_[c + 1] && !on; ++k) {
          const Edge& e = edges_[std::size_t(edge_list_[std::size_t(k)])];
          on = point_on_edge(rx, ry, e.ax, e.ay, e.bx, e.by);
        }
        if (!on) break;
      }
      ref_x_[c] = rx, ref_y_[c] = ry;
    }
}

// Rooms containing each reference point, propagated from cell to cell: along row 0 from a
// point below the grid, then each cell from its left neighbour (or, first in a row, from
// the cell below). The segment between two neighbours' references stays in the two cells.
void RoomMap::propagate_rooms() {
  const std::size_t ncell = std::size_t(nx_) * std::size_t(ny_);
  const double h = h_;
  std::vector<RoomSet> states(ncell);
  std::vector<std::uint32_t> stamp(edges_.size(), 0);
  std::uint32_t tick = 0;
  auto walk = [&](RoomSet s, double px, double py, double qx, double qy, std::size_t ca,
                  std::size_t cb) {
    ++tick;
    for (std::size_t cc : {ca, cb}) {
      for (int k = edge_start_[cc]; k < edge_start_[cc + 1]; ++k) {
        const int ei = edge_list_[std::size_t(k)];
        if (stamp[std::size_t(ei)] == tick) continue;
        stamp[std::size_t(ei)] = tick;
        const Edge& e = edges_[std::size_t(ei)];
        if (crosses(px, py, qx, qy, e.ax, e.ay, e.bx, e.by)) s.toggle(e.s0), s.toggle(e.s1);
      }
    }
    return s;
  };
  for (int j = 0; j < ny_; ++j)
    for (int i = 0; i < nx_; ++i) {
      const std::size_t c = std::size_t(j) * std::size_t(nx_) + std::size_t(i);
      if (i == 0 && j == 0) {
        states[c] = walk(RoomSet{}, ref_x_[c], gy_ - h, ref_x_[c], ref_y_[c], c, c);
      } else {
        const std::size_t from = i > 0 ? c - 1 : c - std::size_t(nx_);
        states[c] = walk(states[from], ref_x_[from], ref_y_[from], ref_x_[c], ref_y_[c], from, c);
      }
    }
  state_start_.assign(ncell + 1, 0);
  for (std::size_t c = 0; c < ncell; ++c) {
    state_start_[c + 1] = state_start_[c] + states[c].n;
    for (int k = 0; k < states[c].n; ++k) state_list_.push_back(states[c].v[std::size_t(k)]);
  }
}

int RoomMap::cell_of(double x, double y, int& ci, int& cj) const {
  const double fx = (x - gx_) / h_, fy = (y - gy_) / h_;
  if (!(fx >= 0 && fy >= 0 && fx < nx_ && fy < ny_)) return -1;
  ci = int(fx), cj = int(fy);
  return cj * nx_ + ci;
}

int RoomMap::room_at(Vec2 p) const {
  int ci = 0, cj = 0;
  const double px = double(p.x), py = double(p.y);
  const int c = cell_of(px, py, ci, cj);
  if (c < 0) return -1;
  return locate_from(px, py, c);
}

int RoomMap::locate_from(double px, double py, int cell) const {
  COLLIDE2D_ASSERT(cell >= 0 && std::size_t(cell) < ref_x_.size());
  const std::size_t c = std::size_t(cell);
  RoomSet s;
  for (int k = state_start_[c]; k < state_start_[c + 1]; ++k) s.toggle(state_list_[std::size_t(k)]);
  const double qx = ref_x_[c], qy = ref_y_[c];
  for (int k = edge_start_[c]; k < edge_start_[c + 1]; ++k) {
    const Edge& e = edges_[std::size_t(edge_list_[std::size_t(k)])];
    COLLIDE2D_ASSERT(e.s0 < room_count_ && e.s1 < room_count_);
    if (crosses(px, py, qx, qy, e.ax, e.ay, e.bx, e.by)) s.toggle(e.s0), s.toggle(e.s1);
  }
  if (s.n == 0) return -1;
  if (s.n == 1) return s.v[0];
  int best = -1;
  for (int k = 0; k < s.n; ++k) {
    const int t = s.v[std::size_t(k)];
    if (best < 0) {
      best = t;
      continue;
    }
    const bool tb = self_ref_[std::size_t(t)], bb = self_ref_[std::size_t(best)];
    if (tb != bb) {
      if (tb) best = t;
      continue;
    }
    const double at = room_box_area_[std::size_t(t)], ab = room_box_area_[std::size_t(best)];
    if (at < ab || (at == ab && t < best)) best = t;
  }
  return best;
}

RoomMap::Near RoomMap::nearest_wall_d(double px, double py) const {
  Near best{kInf, 0, 0, -1};
  if (walls_.empty() || !std::isfinite(px) || !std::isfinite(py)) return best;
  // Clamp p into the grid: distances to cells from the clamped point are lower bounds.
  const double cx = std::clamp(px, gx_, gx_ + nx_ * h_), cy = std::clamp(py, gy_, gy_ + ny_ * h_);
  const int ci = std::clamp(int((cx - gx_) / h_), 0, nx_ - 1);
  const int cj = std::clamp(int((cy - gy_) / h_), 0, ny_ - 1);
  const int kmax = std::max({ci, nx_ - 1 - ci, cj, ny_ - 1 - cj});
  // Candidates are ranked by squared distance (no square roots in the loop), unless p is so far
  // out that squares could overflow to infinity (|coordinate| beyond about 1e150): then by the
  // distance itself, which ranks them the same way.
  const bool far = !(std::fabs(px) < kFarCoordinate && std::fabs(py) < kFarCoordinate);
  auto rank = [far](double dx, double dy) { return far ? std::hypot(dx, dy) : dx * dx + dy * dy; };
  double best2 = kInf;  // rank of the best so far
  auto visit = [&](int i, int j) {
    const std::size_t c = std::size_t(j) * std::size_t(nx_) + std::size_t(i);
    for (int k = wall_start_[c]; k < wall_start_[c + 1]; ++k) {
      const int li = wall_list_[std::size_t(k)];
      COLLIDE2D_ASSERT(li >= 0 && std::size_t(li) < lines_.size() && blocking_[std::size_t(li)]);
      const MapLine& l = lines_[std::size_t(li)];
      const double ax = vx_[std::size_t(l.v1)], ay = vy_[std::size_t(l.v1)];
      const double dx = vx_[std::size_t(l.v2)] - ax, dy = vy_[std::size_t(l.v2)] - ay;
      const double len2 = dx * dx + dy * dy;
      double t = len2 > 0 ? ((px - ax) * dx + (py - ay) * dy) / len2 : 0;
      t = std::clamp(t, 0.0, 1.0);
      const double qx = t == 1 ? vx_[std::size_t(l.v2)] : ax + t * dx;
      const double qy = t == 1 ? vy_[std::size_t(l.v2)] : ay + t * dy;
      const double d2 = rank(px - qx, py - qy);
      if (best.line < 0 || d2 < best2 || (d2 == best2 && li < best.line))
        best2 = d2, best = Near{0, qx, qy, li};
    }
  };
  for (int k = 0; k <= kmax; ++k) {
    if (k >= 1) {
      // Cells of ring k lie outside the square of rings < k: a lower bound on their distance.
      const double x0 = gx_ + (ci - k + 1) * h_, x1 = gx_ + (ci + k) * h_;
      const double y0 = gy_ + (cj - k + 1) * h_, y1 = gy_ + (cj + k) * h_;
      const double gap = std::min({cx - x0, x1 - cx, cy - y0, y1 - cy});
      if (gap > 0 && rank(gap, 0) > best2) break;
    }
    const int ia = ci - k, ib = ci + k, ja = cj - k, jb = cj + k;
    for (int i = std::max(ia, 0); i <= std::min(ib, nx_ - 1); ++i) {
      if (ja >= 0) visit(i, ja);
      if (k > 0 && jb < ny_) visit(i, jb);
    }
    if (k > 0)
      for (int j = std::max(ja + 1, 0); j <= std::min(jb - 1, ny_ - 1); ++j) {
        if (ia >= 0) visit(ia, j);
        if (ib < nx_) visit(ib, j);
      }
  }
  if (best.line >= 0) best.d = std::hypot(px - best.qx, py - best.qy);
  return best;
}

NearestPoint RoomMap::nearest_wall(Vec2 p) const {
  const Near n = nearest_wall_d(double(p.x), double(p.y));
  if (n.line < 0) return NearestPoint{p, std::numeric_limits<Real>::infinity(), -1};
  return NearestPoint{Vec2(Real(n.qx), Real(n.qy)), Real(n.d), n.line};
}

bool RoomMap::fits(Vec2 p, Real r) const {
  if (!is_finite(p) || !(r >= 0)) return false;
  if (room_at(p) < 0) return false;
  return nearest_wall_d(double(p.x), double(p.y)).d > double(r);
}

}  // namespace collide2d
