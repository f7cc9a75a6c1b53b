// collide2d - 2D collision detection for games. MIT License.
/// @file chain.cpp  Chain: validation, edges with ghost vertices, gather, ray cast, nearest point.

#include "collide2d/chain.hpp"

#include <cmath>
#include <string>

#include "shapes/limits.hpp"

namespace collide2d::inline COLLIDE2D_ABI {

std::optional<Chain> Chain::make(std::span<const Vec2> points, bool closed, bool one_sided, Invalid* why) {
  auto fail = [&](std::string field, std::string msg) -> std::optional<Chain> {
    if (why) *why = Invalid{std::move(field), std::move(msg)};
    return std::nullopt;
  };
  const std::size_t n = points.size();
  const std::size_t need = closed ? 3 : 2;
  if (n < need)
    return fail("points", std::string("a") + (closed ? " closed" : "n open") + " chain needs at least " +
                              std::to_string(need) + " points, got " + std::to_string(n));
  for (std::size_t i = 0; i < n; ++i) {
    const Vec2 p = points[i];
    const std::string field = "points[" + std::to_string(i) + "]";
    if (!is_finite(p)) return fail(field, "must be finite");
    if (std::fabs(p.x) > kMaxCoordinate || std::fabs(p.y) > kMaxCoordinate)
      return fail(field, "beyond the coordinate limit 1e12");
  }
  const std::size_t edge_count = closed ? n : n - 1;
  for (std::size_t i = 0; i < edge_count; ++i) {
    const std::size_t j = (i + 1) % n;
    if (points[i] == points[j])
      return fail("points[" + std::to_string(j) + "]",
                  "equals points[" + std::to_string(i) + "] (a zero-length edge)");
  }
  Chain c;
  c.points_.assign(points.begin(), points.end());
  c.closed_ = closed;
  c.one_sided_ = one_sided;
  c.bounds_ = {points[0], points[0]};
  for (Vec2 p : points) c.bounds_ = {min(c.bounds_.min, p), max(c.bounds_.max, p)};
  c.edges_.reserve(edge_count);
  c.edge_boxes_.reserve(edge_count);
  for (std::size_t i = 0; i < edge_count; ++i) {
    WallEdge e = make_edge(points[i], points[(i + 1) % n]);  // normal: the right side
    e.one_sided = one_sided;
    if (closed || i > 0) {
      e.has_prev = true;
      e.prev = points[(i + n - 1) % n];
    }
    if (closed || i + 2 < n) {
      e.has_next = true;
      e.next = points[(i + 2) % n];
    }
    c.edges_.push_back(e);
    c.edge_boxes_.push_back({min(e.a, e.b), max(e.a, e.b)});
  }
  return c;
}

void Chain::gather(const Aabb& region, std::vector<Obstacle>& out, std::uint32_t owner) const {
  if (!bounds_.overlaps(region)) return;
  for (std::size_t i = 0; i < edges_.size(); ++i) {
    if (!edge_boxes_[i].overlaps(region)) continue;
    out.push_back(edge_obstacle(edges_[i], owner, std::uint32_t(i)));
  }
}

RayHit Chain::raycast(const Ray& ray) const {
  RayHit best;
  Ray r = ray;
  for (std::size_t i = 0; i < edges_.size(); ++i) {
    const WallEdge& e = edges_[i];
    if (one_sided_) {  // only from the front: behind it, or leaving it, the ray goes through
      const Real side = dot(ray.origin - e.a, e.normal);
      if (side < 0 || (side > 0 && !(dot(ray.direction, e.normal) < 0))) continue;
    }
    const RayHit h = collide2d::raycast(Segment{e.a, e.b}, r);
    if (!h.hit || (best.hit && h.distance >= best.distance)) continue;
    best = h;
    best.element = int(i);
    r.max_distance = h.distance;  // only nearer edges from here on
  }
  return best;
}

NearestPoint Chain::nearest_wall(Vec2 p) const {
  return closed_ ? nearest_on_ring(points_, p) : nearest_on_polyline(points_, p);
}

}  // namespace collide2d
