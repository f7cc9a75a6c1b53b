// collide2d - 2D collision detection for games. MIT License.
/// @file sector_map_move.cpp  SectorMap::move_circle: continuous collision of a circle against
/// the blocking walls (time of impact against each wall's segment and end points), sliding
/// along the walls met, corner handling (the displacement projected onto the cone the walls
/// allow, so a cornered circle stays still instead of jittering), and a final check that the
/// circle is no deeper in a wall and still in a sector.

#include <algorithm>
#include <cmath>
#include <limits>

#include "collide2d/sector_map.hpp"

namespace collide2d::inline COLLIDE2D_ABI {

namespace {

struct D2 {
  double x = 0, y = 0;
};
D2 operator+(D2 a, D2 b) { return {a.x + b.x, a.y + b.y}; }
D2 operator-(D2 a, D2 b) { return {a.x - b.x, a.y - b.y}; }
D2 operator*(D2 a, double s) { return {a.x * s, a.y * s}; }
double dotd(D2 a, D2 b) { return a.x * b.x + a.y * b.y; }
double lend(D2 a) { return std::hypot(a.x, a.y); }

D2 closest_on(D2 a, D2 b, D2 p) {
  const D2 ab = b - a;
  const double l2 = dotd(ab, ab);
  const double t = l2 > 0 ? std::clamp(dotd(p - a, ab) / l2, 0.0, 1.0) : 0.0;
  return t == 1 ? b : a + ab * t;
}

struct Hit {
  double t = 2;
  D2 n{};
};

// First time in [0, 1] at which a circle of radius r centred at p + t v touches the segment
// ab while approaching it. A circle already within `touch` of the segment hits at t = 0 when
// it moves towards it.
Hit time_of_impact(D2 p, D2 v, double r, D2 a, D2 b, double touch) {
  Hit best;
  const D2 q = closest_on(a, b, p);
  const double d0 = lend(p - q);
  if (d0 < r + touch) {
    D2 n = d0 > 0 ? (p - q) * (1 / d0) : D2{0, 0};
    if (d0 == 0) {  // on the wall: push back against the motion, across the wall's line
      const D2 ab = b - a;
      D2 nl{-ab.y, ab.x};
      const double l = lend(nl);
      nl = l > 0 ? nl * (1 / l) : v * (-1 / std::max(lend(v), 1e-300));
      n = dotd(nl, v) > 0 ? nl * -1 : nl;
    }
    if (dotd(v, n) < 0) best = Hit{0, n};
    return best;
  }
  const D2 ab = b - a;
  const double len = lend(ab);
  if (len > 0) {
    D2 nl = D2{-ab.y, ab.x} * (1 / len);
    double s = dotd(p - a, nl);
    if (s < 0) nl = nl * -1, s = -s;
    const double dv = dotd(v, nl);
    if (dv < 0 && s >= r) {
      const double t = (s - r) / -dv;
      if (t <= 1) {
        const D2 c = p + v * t;
        const double u = dotd(c - a, ab) / (len * len);
        if (u >= 0 && u <= 1 && t < best.t) best = Hit{std::max(t, 0.0), nl};
      }
    }
  }
  for (D2 e : {a, b}) {
    const D2 w = p - e;
    const double A = dotd(v, v), B = 2 * dotd(w, v), C = dotd(w, w) - r * r;
    if (A == 0 || B >= 0) continue;
    const double disc = B * B - 4 * A * C;
    if (disc < 0) continue;
    const double t = std::max((-B - std::sqrt(disc)) / (2 * A), 0.0);
    if (t <= 1 && t < best.t) {
      const D2 c = w + v * t;
      const double l = lend(c);
      if (l > 0) best = Hit{t, c * (1 / l)};
    }
  }
  return best;
}

// The displacement closest to `want` that goes into none of the walls with normals n[0..k).
D2 project_to_cone(D2 want, const D2* n, int k) {
  auto ok = [&](D2 d) {
    for (int i = 0; i < k; ++i)
      if (dotd(d, n[i]) < -1e-12 * lend(want)) return false;
    return true;
  };
  if (ok(want)) return want;
  D2 best{0, 0};
  double best_len = -1;
  for (int i = 0; i < k; ++i) {
    const double vn = dotd(want, n[i]);
    const D2 d = vn < 0 ? want - n[i] * vn : want;
    if (ok(d) && dotd(d, want) > best_len) best = d, best_len = dotd(d, want);
  }
  return best;
}

}  // namespace

template <class F>
void SectorMap::for_walls_in_box(double x0, double y0, double x1, double y1, F&& f) const {
  const int i0 = grid_index(x0, gx_, nx_), i1 = grid_index(x1, gx_, nx_);
  const int j0 = grid_index(y0, gy_, ny_), j1 = grid_index(y1, gy_, ny_);
  for (int j = j0; j <= j1; ++j)
    for (int i = i0; i <= i1; ++i) {
      const std::size_t c = std::size_t(j) * std::size_t(nx_) + std::size_t(i);
      for (int k = wall_start_[c]; k < wall_start_[c + 1]; ++k) f(wall_list_[std::size_t(k)]);
    }
}

void SectorMap::gather(const Aabb& region, std::vector<Obstacle>& out, std::uint32_t owner) const {
  if (walls_.empty() || !is_finite(region.min) || !is_finite(region.max)) return;
  thread_local std::vector<int> ids;
  ids.clear();
  for_walls_in_box(double(region.min.x), double(region.min.y), double(region.max.x), double(region.max.y),
                   [&](int li) { ids.push_back(li); });
  std::sort(ids.begin(), ids.end());
  ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
  for (int li : ids) {
    const MapLine& l = lines_[std::size_t(li)];
    const Vec2 a = vertex(l.v1), b = vertex(l.v2);
    if (a == b) continue;  // a zero-length line (in this scalar): its neighbours hold the point
    if (!Aabb{min(a, b), max(a, b)}.overlaps(region)) continue;
    out.push_back(edge_obstacle(make_edge(a, b), owner, std::uint32_t(li)));  // normal: the front
  }
}

CircleMove SectorMap::move_circle(Vec2 from, Real radius, Vec2 displacement) const {
  CircleMove res{from, 0, false};
  if (!is_finite(from) || !is_finite(displacement) || !(radius >= 0) || !std::isfinite(radius)) {
    res.blocked = true;
    return res;
  }
  const double r = double(radius);
  const double skin = skin_;
  D2 p{double(from.x), double(from.y)};
  const D2 want{double(displacement.x), double(displacement.y)};
  D2 v = want;
  D2 normals[4];
  int nn = 0;
  for (int iter = 0; iter < 8 && (v.x != 0 || v.y != 0); ++iter) {
    Hit best;
    int best_line = -1;
    const double g = r + 2 * skin;
    for_walls_in_box(std::min(p.x, p.x + v.x) - g, std::min(p.y, p.y + v.y) - g,
                     std::max(p.x, p.x + v.x) + g, std::max(p.y, p.y + v.y) + g, [&](int li) {
                       const MapLine& l = lines_[std::size_t(li)];
                       const D2 a{vx_[std::size_t(l.v1)], vy_[std::size_t(l.v1)]};
                       const D2 b{vx_[std::size_t(l.v2)], vy_[std::size_t(l.v2)]};
                       const Hit h = time_of_impact(p, v, r, a, b, skin / 2);
                       if (h.t < best.t || (h.t == best.t && li < best_line))
                         best = h, best_line = li;
                     });
    if (best_line < 0) {
      p = p + v;
      v = {0, 0};
      break;
    }
    ++res.contacts;
    p = p + v * best.t;
    // Stand a skin off the wall met.
    {
      const MapLine& l = lines_[std::size_t(best_line)];
      const D2 a{vx_[std::size_t(l.v1)], vy_[std::size_t(l.v1)]};
      const D2 b{vx_[std::size_t(l.v2)], vy_[std::size_t(l.v2)]};
      const double d = lend(p - closest_on(a, b, p));
      if (d < r + skin) p = p + best.n * (r + skin - d);
    }
    v = v * (1 - best.t);
    if (nn < 4) normals[nn++] = best.n;
    else normals[3] = best.n;
    const D2 slid = project_to_cone(v, normals, nn);
    if (lend(slid) < 1e-12 * (1 + lend(v))) {
      res.blocked = true;
      v = {0, 0};
    } else {
      v = slid;
    }
  }
  if (v.x != 0 || v.y != 0) res.blocked = true;  // ran out of iterations: stop here

  // Push-out: a push along one wall's normal can bring the circle a rounding error or a skin
  // closer to another wall near a corner; step away from the nearest wall until clear.
  for (int k = 0; k < 4; ++k) {
    const Near n = nearest_wall_d(p.x, p.y);
    if (n.line < 0 || n.d >= r + skin / 2 || n.d == 0) break;
    const D2 away = (p - D2{n.qx, n.qy}) * (1 / n.d);
    p = p + away * (r + skin - n.d);
  }
  // Safety net: never deeper into a wall than at the start, never out of the sectors.
  const Vec2 end(Real(p.x), Real(p.y));
  const double d_start = double(wall_distance(from));
  const double d_end = double(wall_distance(end));
  const double floor = std::min(r, d_start);
  if ((d_end < floor) || (sector_at(end) < 0 && sector_at(from) >= 0)) {
    res.blocked = true;
    res.position = from;
    return res;
  }
  res.position = end;
  return res;
}

}  // namespace collide2d
