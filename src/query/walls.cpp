// collide2d - 2D collision detection for games. MIT License.
// Obstacles (walls.hpp): bounds and validation.
#include <cmath>

#include "collide2d/walls.hpp"

namespace collide2d::inline COLLIDE2D_ABI {

WallEdge make_edge(Vec2 a, Vec2 b) {
  WallEdge e;
  e.a = a;
  e.b = b;
  const Vec2 t = normalize(b - a);
  e.normal = {t.y, -t.x};
  return e;
}

Aabb bounds(const Obstacle& o) {
  switch (o.kind) {
    case ObstacleKind::shape: return bounds(*o.shape);
    case ObstacleKind::edge: return bounds(o.edge);
    case ObstacleKind::arc: return bounds(o.arc);
  }
  return {};
}

std::optional<Invalid> validate(const Obstacle& o) {
  if (std::isnan(o.push_limit) || o.push_limit < 0) return Invalid{"push_limit", "must be >= 0 (infinity: rigid)"};
  if (!is_finite(o.one_way)) return Invalid{"one_way", "must be finite"};
  switch (o.kind) {
    case ObstacleKind::shape:
      if (!o.shape) return Invalid{"shape", "is missing (null)"};
      if (auto w = validate(*o.shape)) return Invalid{"shape." + w->field, w->message};
      return std::nullopt;
    case ObstacleKind::edge: {
      const WallEdge& e = o.edge;
      if (!is_finite(e.a) || !is_finite(e.b)) return Invalid{"edge", "end points must be finite"};
      if (!is_finite(e.normal) || std::fabs(length(e.normal) - 1) > Real(1e-3))
        return Invalid{"edge.normal", "must be a finite unit vector"};
      const Vec2 d = e.b - e.a;
      if (std::fabs(dot(d, e.normal)) > Real(1e-3) * length(d))
        return Invalid{"edge.normal", "must be perpendicular to b - a"};
      if (e.has_prev && !is_finite(e.prev)) return Invalid{"edge.prev", "must be finite"};
      if (e.has_next && !is_finite(e.next)) return Invalid{"edge.next", "must be finite"};
      return std::nullopt;
    }
    case ObstacleKind::arc:
      if (auto w = validate(o.arc)) return Invalid{"arc." + w->field, w->message};
      return std::nullopt;
  }
  return Invalid{"kind", "unknown obstacle kind"};
}

}  // namespace collide2d
