// collide2d - 2D collision detection for games. MIT License.
/// @file polygon_map.cpp  Polygons with holes: orientation, point location (crossing test and
/// winding number, exact on the boundary), nearest boundary points and wall distances.

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>
#include <utility>

#include "collide2d/polygon_map.hpp"
#include "query/geometry.hpp"

namespace collide2d::inline COLLIDE2D_ABI {

namespace {

// Does the closed ring pass through p? (exact)
bool ring_touches(std::span<const Vec2> ring, Vec2 p) {
  const std::size_t n = ring.size();
  for (std::size_t i = 0; i < n; ++i)
    if (on_segment(ring[i], ring[(i + 1) % n], p)) return true;
  return false;
}

// Crossings of the ray from p towards +x with the ring, half-open in y (exact).
int ring_crossings(std::span<const Vec2> ring, Vec2 p) {
  const std::size_t n = ring.size();
  int c = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const Vec2 a = ring[i], b = ring[(i + 1) % n];
    if ((a.y > p.y) == (b.y > p.y)) continue;
    // The edge spans p.y; it crosses to the right of p when p is left of the upward edge.
    const int o = b.y > a.y ? orient2d(a, b, p) : orient2d(b, a, p);
    if (o > 0) ++c;
  }
  return c;
}

std::optional<Invalid> check_ring(const std::vector<Vec2>& ring, const std::string& field) {
  if (ring.size() < 3) return Invalid{field, "fewer than 3 vertices"};
  for (std::size_t i = 0; i < ring.size(); ++i)
    if (!is_finite(ring[i])) return Invalid{field + "[" + std::to_string(i) + "]", "non-finite vertex"};
  if (signed_area(ring) == 0) return Invalid{field, "zero area"};
  return std::nullopt;
}

double dist_d(Vec2 a, Vec2 b) { return std::hypot(double(a.x) - b.x, double(a.y) - b.y); }

}  // namespace

double signed_area(std::span<const Vec2> ring) {
  const std::size_t n = ring.size();
  if (n < 3) return 0;
  double s = 0;
  const double ox = ring[0].x, oy = ring[0].y;
  for (std::size_t i = 1; i + 1 < n; ++i) {
    const double ax = ring[i].x - ox, ay = ring[i].y - oy;
    const double bx = ring[i + 1].x - ox, by = ring[i + 1].y - oy;
    s += ax * by - ay * bx;
  }
  return s / 2;
}

std::optional<PolygonWithHoles> PolygonWithHoles::make(std::vector<Vec2> outer,
                                                       std::vector<std::vector<Vec2>> holes, Invalid* why) {
  auto bad = check_ring(outer, "outer");
  for (std::size_t i = 0; !bad && i < holes.size(); ++i) bad = check_ring(holes[i], "holes[" + std::to_string(i) + "]");
  if (bad) {
    if (why) *why = std::move(*bad);
    return std::nullopt;
  }
  if (signed_area(outer) < 0) std::reverse(outer.begin(), outer.end());
  for (auto& h : holes)
    if (signed_area(h) > 0) std::reverse(h.begin(), h.end());
  return PolygonWithHoles{std::move(outer), std::move(holes)};
}

PolygonWithHoles make_polygon_with_holes(std::vector<Vec2> outer, std::vector<std::vector<Vec2>> holes) {
  Invalid why;
  auto made = PolygonWithHoles::make(std::move(outer), std::move(holes), &why);
  if (!made) throw std::invalid_argument(why.text());
  return std::move(*made);
}

int winding_number(std::span<const Vec2> ring, Vec2 p) {
  const std::size_t n = ring.size();
  int w = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const Vec2 a = ring[i], b = ring[(i + 1) % n];
    if (a.y <= p.y) {
      if (b.y > p.y && orient2d(a, b, p) > 0) ++w;   // upward crossing, p on the left
    } else if (b.y <= p.y && orient2d(a, b, p) < 0) {
      --w;                                           // downward crossing, p on the right
    }
  }
  return w;
}

namespace {
/// True when p lies on the outer ring or a hole's ring.
bool on_boundary(const PolygonWithHoles& poly, Vec2 p) {
  if (ring_touches(poly.outer, p)) return true;
  for (const auto& h : poly.holes)
    if (ring_touches(h, p)) return true;
  return false;
}
}  // namespace

PointLocation locate_crossing(const PolygonWithHoles& poly, Vec2 p) {
  if (on_boundary(poly, p)) return PointLocation::boundary;
  int c = ring_crossings(poly.outer, p);
  for (const auto& h : poly.holes) c += ring_crossings(h, p);
  return (c & 1) ? PointLocation::inside : PointLocation::outside;
}

PointLocation locate_winding(const PolygonWithHoles& poly, Vec2 p) {
  if (on_boundary(poly, p)) return PointLocation::boundary;
  int w = winding_number(poly.outer, p);
  for (const auto& h : poly.holes) w += winding_number(h, p);
  return w != 0 ? PointLocation::inside : PointLocation::outside;
}

bool contains(const PolygonWithHoles& poly, Vec2 p) {
  return locate_crossing(poly, p) != PointLocation::outside;
}

Vec2 nearest_on_segment(Vec2 a, Vec2 b, Vec2 p) { return detail::closest_on_segment(p, a, b); }

NearestPoint nearest_on_polyline(std::span<const Vec2> pts, Vec2 p) {
  NearestPoint best;
  if (pts.empty()) return best;
  if (pts.size() == 1) return NearestPoint{pts[0], Real(dist_d(pts[0], p)), 0};
  double bd = std::numeric_limits<double>::infinity();
  for (std::size_t i = 0; i + 1 < pts.size(); ++i) {
    const Vec2 q = nearest_on_segment(pts[i], pts[i + 1], p);
    const double d = dist_d(q, p);
    if (d < bd) bd = d, best = NearestPoint{q, Real(d), int(i)};
  }
  return best;
}

NearestPoint nearest_on_ring(std::span<const Vec2> ring, Vec2 p) {
  NearestPoint best;
  double bd = std::numeric_limits<double>::infinity();
  const std::size_t n = ring.size();
  for (std::size_t i = 0; i < n; ++i) {
    const Vec2 q = nearest_on_segment(ring[i], ring[(i + 1) % n], p);
    const double d = dist_d(q, p);
    if (d < bd) bd = d, best = NearestPoint{q, Real(d), int(i)};
  }
  return best;
}

NearestPoint nearest_on_boundary(const PolygonWithHoles& poly, Vec2 p) {
  NearestPoint best = nearest_on_ring(poly.outer, p);
  int base = int(poly.outer.size());
  for (const auto& h : poly.holes) {
    NearestPoint q = nearest_on_ring(h, p);
    if (q.index >= 0 && (best.index < 0 || q.distance < best.distance)) {
      q.index += base;
      best = q;
    }
    base += int(h.size());
  }
  return best;
}

NearestPoint nearest_wall(std::span<const Wall> walls, Vec2 p) {
  NearestPoint best;
  best.distance = std::numeric_limits<Real>::infinity();
  double bd = std::numeric_limits<double>::infinity();
  for (std::size_t i = 0; i < walls.size(); ++i) {
    const Vec2 q = nearest_on_segment(walls[i].a, walls[i].b, p);
    const double d = dist_d(q, p);
    if (d < bd) bd = d, best = NearestPoint{q, Real(d), int(i)};
  }
  return best;
}

Real signed_distance(const PolygonWithHoles& poly, Vec2 p) {
  const PointLocation loc = locate_crossing(poly, p);
  if (loc == PointLocation::boundary) return 0;
  const Real d = nearest_on_boundary(poly, p).distance;
  return loc == PointLocation::inside ? -d : d;
}

}  // namespace collide2d
