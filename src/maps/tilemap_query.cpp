// collide2d - 2D collision detection for games. MIT License.
// TileMap queries: is a point or shape free, the nearest wall, the nearest free point, and the
// ray cast through the grid (DDA).
#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>

#include "collide2d/tilemap.hpp"
#include "query/geometry.hpp"

namespace collide2d::inline COLLIDE2D_ABI {

namespace {

/// Distance from p to a closed box and the box's nearest point.
NearestPoint box_distance(Vec2 p, const Aabb& b) {
  const Vec2 q{std::clamp(p.x, b.min.x, b.max.x), std::clamp(p.y, b.min.y, b.max.y)};
  return {q, length(p - q), -1};
}

/// The closed cell range [lo, hi] touched by the interval [a, b] of grid coordinates.
void touched_range(Real a, Real b, int& lo, int& hi) {
  auto index = [](double f) { return f >= 1e9 ? 1000000000 : (f <= -1e9 || !(f == f)) ? -1000000000 : int(f); };
  const double fa = std::floor(double(a));
  lo = index(fa) - (fa == double(a) ? 1 : 0);
  hi = index(std::floor(double(b)));
}

/// Distance along a ray (origin coordinate o0, direction coordinate dir) to the next grid line
/// after cell `cell` in the direction `step` (-1, 0 or 1; infinity for 0) on one axis.
Real next_grid_line(int cell, int step, Real org, Real tile, Real dir, Real o0) {
  if (step == 0) return std::numeric_limits<Real>::infinity();
  const Real line = org + Real(cell + (step > 0 ? 1 : 0)) * tile;
  return (line - o0) / dir;
}

/// Where a ray from outside the grid's box `mb` enters it (slab test), within [0, t_end]: the
/// distance along the unit direction d, or nothing when it misses.
std::optional<Real> grid_entry(const Aabb& mb, Vec2 o, Vec2 d, Real t_end) {
  Real t0 = 0, t1 = t_end;
  for (int ax = 0; ax < 2; ++ax) {
    const Real oa = ax ? o.y : o.x, da = ax ? d.y : d.x;
    const Real lo = ax ? mb.min.y : mb.min.x, hi = ax ? mb.max.y : mb.max.x;
    if (da == 0) {
      if (oa < lo || oa > hi) return std::nullopt;
      continue;
    }
    Real ta = (lo - oa) / da, tb = (hi - oa) / da;
    if (ta > tb) std::swap(ta, tb);
    t0 = std::max(t0, ta);
    t1 = std::min(t1, tb);
  }
  if (t0 > t1) return std::nullopt;
  return t0;
}

/// The hit of a ray that enters the grid's box `mb` at p0 (distance t) straight into a solid
/// cell: the normal of the box side it came through (the nearer one at a corner).
RayHit hit_on_entry(const Aabb& mb, Vec2 p0, Vec2 d, Real t, int cell) {
  RayHit out;
  out.hit = true;
  out.element = cell;
  out.distance = t;
  out.point = p0;
  const Real ex = std::min(std::abs(p0.x - mb.min.x), std::abs(p0.x - mb.max.x));
  const Real ey = std::min(std::abs(p0.y - mb.min.y), std::abs(p0.y - mb.max.y));
  out.normal = ex <= ey ? Vec2{Real(d.x > 0 ? -1 : 1), 0} : Vec2{0, Real(d.y > 0 ? -1 : 1)};
  return out;
}

}  // namespace

bool TileMap::point_in_wall(Vec2 p) const {
  if (outside_solid_) {
    const Aabb b = bounds();
    if (!(p.x > b.min.x && p.x < b.max.x && p.y > b.min.y && p.y < b.max.y)) return true;
  }
  return solid_cell_holding(p) >= 0;
}

int TileMap::solid_cell_holding(Vec2 p) const {
  // The cell by division, then its neighbours by exact comparisons with the cell boxes (the
  // division can round a point on a grid line into the wrong cell).
  const TileCell c = cell_at(p);
  for (int r = c.row - 1; r <= c.row + 1; ++r)
    for (int col = c.col - 1; col <= c.col + 1; ++col)
      if (col >= 0 && r >= 0 && col < width_ && r < height_ && solid(col, r) && cell_box(col, r).contains(p))
        return cell_index({col, r});
  return -1;
}

bool TileMap::is_free(Vec2 p) const { return is_finite(p) && !point_in_wall(p); }

bool TileMap::is_free(const Shape& s) const {
  const Aabb sb = collide2d::bounds(s);
  if (!is_finite(sb.min) || !is_finite(sb.max)) return false;
  if (outside_solid_) {
    const Aabb b = bounds();
    if (!(sb.min.x > b.min.x && sb.max.x < b.max.x && sb.min.y > b.min.y && sb.max.y < b.max.y))
      return false;
  }
  int c0, c1, r0, r1;
  touched_range((sb.min.x - origin_.x) * inv_tile_.x, (sb.max.x - origin_.x) * inv_tile_.x, c0, c1);
  touched_range((sb.min.y - origin_.y) * inv_tile_.y, (sb.max.y - origin_.y) * inv_tile_.y, r0, r1);
  // One more cell each way: the division may round; each cell is then tested exactly.
  c0 = std::max(c0 - 1, 0);
  r0 = std::max(r0 - 1, 0);
  c1 = std::min(c1 + 1, width_ - 1);
  r1 = std::min(r1 + 1, height_ - 1);
  const Circle* circle = std::get_if<Circle>(&s);
  for (int r = r0; r <= r1; ++r)
    for (int c = c0; c <= c1; ++c) {
      if (!cells_[std::size_t(r) * std::size_t(width_) + std::size_t(c)]) continue;
      const Aabb cb = cell_box(c, r);
      if (circle) {
        if (box_distance(circle->center, cb).distance <= circle->radius) return false;
      } else if (overlaps(Shape(cb), s)) {
        return false;
      }
    }
  return true;
}

NearestPoint TileMap::nearest_wall(Vec2 p) const {
  if (!is_finite(p) || point_in_wall(p)) return {p, 0, -1};
  NearestPoint best{p, std::numeric_limits<Real>::max(), -1};
  const Aabb mb = bounds();
  if (outside_solid_) {  // p is strictly inside: the border is a wall
    const Real d[4] = {p.x - mb.min.x, mb.max.x - p.x, p.y - mb.min.y, mb.max.y - p.y};
    const Vec2 q[4] = {{mb.min.x, p.y}, {mb.max.x, p.y}, {p.x, mb.min.y}, {p.x, mb.max.y}};
    for (int k = 0; k < 4; ++k)
      if (d[k] < best.distance) best = {q[k], d[k], -1};
  }
  TileCell c = cell_at(p);
  c.col = std::clamp(c.col, 0, width_ - 1);
  c.row = std::clamp(c.row, 0, height_ - 1);
  const Real m = std::min(tile_.x, tile_.y);
  const int kmax = std::max({c.col, width_ - 1 - c.col, c.row, height_ - 1 - c.row});
  for (int k = 0; k <= kmax; ++k) {
    if (k >= 1 && Real(k - 1) * m >= best.distance) break;
    const int r0 = std::max(c.row - k, 0), r1 = std::min(c.row + k, height_ - 1);
    for (int r = r0; r <= r1; ++r) {
      const bool full = r == c.row - k || r == c.row + k;
      const std::uint8_t* row = &cells_[std::size_t(r) * std::size_t(width_)];
      auto visit = [&](int col) {
        if (col < 0 || col >= width_ || !row[col]) return;
        const NearestPoint d = box_distance(p, cell_box(col, r));
        if (d.distance < best.distance) best = {d.point, d.distance, r * width_ + col};
      };
      if (full) {
        for (int col = std::max(c.col - k, 0); col <= std::min(c.col + k, width_ - 1); ++col) visit(col);
      } else {
        visit(c.col - k);
        if (k > 0) visit(c.col + k);
      }
    }
  }
  return best;
}

std::optional<Vec2> TileMap::nearest_free_point(Vec2 target, Real radius, Real max_search) const {
  if (!is_finite(target) || !(radius >= 0) || !std::isfinite(radius)) return std::nullopt;
  const Real clear = radius + skin_;          // candidates are built this far from the walls
  const Real accept = radius + skin_ * Real(0.5);  // and accepted this far (rounding)
  if (nearest_wall(target).distance >= accept) return target;
  const Aabb mb = bounds();
  const Real diag = length(mb.max - mb.min);
  const Real limit = max_search >= 0 ? max_search : diag + length(target - mb.center()) + clear;
  Real window = clear + Real(2) * std::max(tile_.x, tile_.y);
  std::vector<int> ids;
  struct Cand {
    Real d2;
    Vec2 p;
  };
  std::vector<Cand> cands;
  for (;;) {
    const Real w = std::min(window, limit);
    ids.clear();
    edges_near({target - Vec2{w + clear, w + clear}, target + Vec2{w + clear, w + clear}}, ids);
    cands.clear();
    auto add = [&](Vec2 q) {
      const Real d2 = length_sq(q - target);
      if (is_finite(q) && d2 <= w * w) cands.push_back({d2, q});
    };
    // Offset edges (each edge pushed out by `clear` along its normal) and corner circles.
    for (int id : ids) {
      const TileEdge& e = edges_[std::size_t(id)];
      const Vec2 a = e.a + e.normal * clear, b = e.b + e.normal * clear;
      const Vec2 ab = b - a;
      const Real t = std::clamp(dot(target - a, ab) / length_sq(ab), Real(0), Real(1));
      add(a + ab * t);
      const Vec2 bis = normalize(e.normal + edges_[std::size_t(std::max(e.prev, 0))].normal, e.normal);
      add(e.a + normalize(target - e.a, bis) * clear);
    }
    // Pairwise intersections: offset lines, corner circles.
    for (std::size_t i = 0; i < ids.size(); ++i) {
      const TileEdge& e = edges_[std::size_t(ids[i])];
      const Vec2 ea = e.a + e.normal * clear, ed = e.b - e.a;
      for (std::size_t j = 0; j < ids.size(); ++j) {
        if (i == j) continue;
        const TileEdge& f = edges_[std::size_t(ids[j])];
        if (j > i) {  // line-line (tile edges are axis-aligned: perpendicular pairs only)
          const Vec2 fa = f.a + f.normal * clear, fd = f.b - f.a;
          const Real den = cross(ed, fd);
          if (den != 0) add(ea + ed * (cross(fa - ea, fd) / den));
        }
        // line of e with the corner circle at f.a
        const Vec2 u = normalize(ed);
        Real s0, s1;
        if (detail::line_circle(ea - f.a, u, clear, s0, s1)) {
          add(ea + u * s0);
          add(ea + u * s1);
        }
        if (j > i) {  // circle-circle at e.a and f.a
          const Vec2 dv = f.a - e.a;
          const Real d = length(dv);
          if (d > 0 && d <= 2 * clear) {
            const Vec2 mid = e.a + dv * Real(0.5);
            const Real h = std::sqrt(std::max(clear * clear - d * d * Real(0.25), Real(0)));
            const Vec2 off = perp(dv / d) * h;
            add(mid + off);
            add(mid - off);
          }
        }
      }
    }
    std::sort(cands.begin(), cands.end(), [](const Cand& x, const Cand& y) {
      return x.d2 < y.d2 || (x.d2 == y.d2 && (x.p.x < y.p.x || (x.p.x == y.p.x && x.p.y < y.p.y)));
    });
    for (const Cand& c : cands)
      if (nearest_wall(c.p).distance >= accept) return c.p;
    if (w >= limit) return std::nullopt;
    window *= 2;
  }
}

RayHit TileMap::raycast(const Ray& ray) const {
  RayHit out;
  if (!is_finite(ray.origin) || !is_finite(ray.direction) || !(ray.max_distance >= 0)) return out;
  const Real len = length(ray.direction);
  if (!(len > 0)) return out;
  const Vec2 d = ray.direction / len;
  const Vec2 o = ray.origin;
  if (point_in_wall(o)) {
    out.hit = out.inside = true;
    out.point = o;
    out.normal = -d;
    out.element = solid_cell_holding(o);
    return out;
  }
  const Aabb mb = bounds();
  Real t = 0;
  Real t_end = ray.max_distance;
  // Without outside walls, a ray starting outside the grid enters it first.
  if (!outside_solid_ && !mb.contains(o)) {
    const std::optional<Real> entry = grid_entry(mb, o, d, t_end);
    if (!entry) return out;
    t = *entry;
  }
  const Vec2 p0 = o + d * t;
  TileCell c = cell_at(p0);
  c.col = std::clamp(c.col, 0, width_ - 1);
  c.row = std::clamp(c.row, 0, height_ - 1);
  const int sx = d.x > 0 ? 1 : (d.x < 0 ? -1 : 0);
  const int sy = d.y > 0 ? 1 : (d.y < 0 ? -1 : 0);
  const Real inf = std::numeric_limits<Real>::infinity();
  if (t > 0 && solid(c.col, c.row)) return hit_on_entry(mb, p0, d, t, cell_index(c));  // straight into a solid cell
  Real tx = next_grid_line(c.col, sx, origin_.x, tile_.x, d.x, o.x);
  Real ty = next_grid_line(c.row, sy, origin_.y, tile_.y, d.y, o.y);
  const Real dtx = sx ? tile_.x / std::abs(d.x) : inf;
  const Real dty = sy ? tile_.y / std::abs(d.y) : inf;
  auto blocked = [&](int col, int row) {
    if (col < 0 || row < 0 || col >= width_ || row >= height_) return outside_solid_ ? 1 : 2;
    return solid(col, row) ? 1 : 0;  // 2: left the grid into free space
  };
  for (;;) {
    const Real tn = std::min(tx, ty);
    if (!(tn <= t_end)) return out;
    // The cells the ray enters at tn: one beyond a grid line, three beyond a grid vertex.
    int b = 0;       // 1: the wall cell `wall`, from the side facing `normal`; 2: left the grid
    Vec2 normal;
    TileCell wall = c;
    if (tx == ty) {
      const int bx = blocked(c.col + sx, c.row), by = blocked(c.col, c.row + sy);
      const int bd = blocked(c.col + sx, c.row + sy);
      if (bx == 1) { b = 1; normal = {Real(-sx), 0}; wall = {c.col + sx, c.row}; }
      else if (by == 1) { b = 1; normal = {0, Real(-sy)}; wall = {c.col, c.row + sy}; }
      else if (bd == 1) { b = 1; normal = normalize(Vec2{Real(-sx), Real(-sy)}); wall = {c.col + sx, c.row + sy}; }
      else if (bx == 2 || by == 2 || bd == 2) b = 2;
      c.col += sx;
      c.row += sy;
      tx += dtx;
      ty += dty;
    } else {  // one grid line: the next column (tx < ty) or the next row
      const bool across_x = tx < ty;
      if (across_x) c.col += sx, tx += dtx;
      else c.row += sy, ty += dty;
      b = blocked(c.col, c.row);
      normal = across_x ? Vec2{Real(-sx), 0} : Vec2{0, Real(-sy)};
      wall = c;
    }
    if (b == 2) return out;
    if (b == 1) {
      out.hit = true;
      out.distance = std::max(tn, Real(0));
      out.point = o + d * out.distance;
      out.normal = normal;
      out.element = cell_index(wall);
      return out;
    }
  }
}

}  // namespace collide2d
