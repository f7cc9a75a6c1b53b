// collide2d - 2D collision detection for games. MIT License.
// The typed pair queries for every ordered pair of the eight shapes. Each shape is one hull
// (a convex core grown by a radius) or, for a sector, one or two convex pieces; a few pairs
// with short closed forms take them directly.
#include <type_traits>

#include "query/convex.hpp"
#include "query/geometry.hpp"

namespace collide2d {
namespace detail {
namespace {

template <class T>
constexpr bool kIsSector = std::is_same_v<T, Sector>;

DistanceResult swapped(DistanceResult r) {
  std::swap(r.point_a, r.point_b);
  return r;
}

DistanceResult sector_hull_distance(const SectorParts& s, const Hull& h) {
  if (s.count == 0) return grow(core_distance(s.seg, h), s.seg.radius, h.radius);
  DistanceResult best = grow(core_distance(s.piece[0], h), 0, h.radius);
  if (s.count == 2 && best.distance > 0) {
    DistanceResult r = grow(core_distance(s.piece[1], h), 0, h.radius);
    if (r.distance < best.distance) best = r;
  }
  return best;
}

DistanceResult sector_sector_distance(const SectorParts& a, const SectorParts& b) {
  if (a.count == 0) return swapped(sector_hull_distance(b, a.seg));
  if (b.count == 0) return sector_hull_distance(a, b.seg);
  DistanceResult best{std::numeric_limits<Real>::max(), {}, {}};
  for (int i = 0; i < a.count; ++i)
    for (int j = 0; j < b.count; ++j) {
      DistanceResult r = core_distance(a.piece[i], b.piece[j]);
      if (r.distance < best.distance) best = r;
      if (best.distance == 0) return best;
    }
  return best;
}

Manifold sector_hull_contact(const SectorParts& s, const Hull& h) {
  if (s.count == 0) return convex_contact(s.seg, h);
  if (s.count == 1) return convex_contact(s.piece[0], h);
  return sector_contact(s, h);
}

Manifold sector_sector_contact(const SectorParts& a, const SectorParts& b) {
  if (a.count == 0) return flipped(sector_hull_contact(b, a.seg));
  if (b.count == 0) return sector_hull_contact(a, b.seg);
  if (a.count == 1 && b.count == 1) return convex_contact(a.piece[0], b.piece[0]);
  return sector_contact(a, b);
}

// Closed forms for the commonest pairs.
DistanceResult circle_circle(Vec2 ca, Real ra, Vec2 cb, Real rb) {
  Vec2 d = cb - ca;
  Real l = length(d);
  if (l > ra + rb) {
    Vec2 n = d / l;
    return {l - ra - rb, ca + n * ra, cb - n * rb};
  }
  Vec2 p = l > 0 ? ca + d * (std::min(ra, l) / l) : ca;
  return {0, p, p};
}

}  // namespace
}  // namespace detail

using namespace detail;

template <ShapeType A, ShapeType B>
DistanceResult distance(const A& a, const B& b) {
  if constexpr (std::is_same_v<A, Circle> && std::is_same_v<B, Circle>) {
    return circle_circle(a.center, a.radius, b.center, b.radius);
  } else if constexpr (kIsSector<A> && kIsSector<B>) {
    return sector_sector_distance(SectorParts(a), SectorParts(b));
  } else if constexpr (kIsSector<A>) {
    return sector_hull_distance(SectorParts(a), Hull(b));
  } else if constexpr (kIsSector<B>) {
    return swapped(sector_hull_distance(SectorParts(b), Hull(a)));
  } else {
    Hull ha(a), hb(b);
    return grow(core_distance(ha, hb), ha.radius, hb.radius);
  }
}

template <ShapeType A, ShapeType B>
bool overlaps(const A& a, const B& b) {
  if constexpr (std::is_same_v<A, Circle> && std::is_same_v<B, Circle>) {
    Real r = a.radius + b.radius;
    return Wide(length_sq(b.center - a.center)) <= Wide(r) * r;
  } else if constexpr (std::is_same_v<A, Aabb> && std::is_same_v<B, Aabb>) {
    return a.overlaps(b);
  } else if constexpr (std::is_same_v<A, Point> && std::is_same_v<B, Point>) {
    return a.at == b.at;
  } else if constexpr (std::is_same_v<A, Point> && std::is_same_v<B, Aabb>) {
    return b.contains(a.at);
  } else if constexpr (std::is_same_v<A, Aabb> && std::is_same_v<B, Point>) {
    return a.contains(b.at);
  } else {
    return distance(a, b).distance <= 0;
  }
}

template <ShapeType A, ShapeType B>
Manifold contact(const A& a, const B& b) {
  if constexpr (kIsSector<A> && kIsSector<B>) {
    return sector_sector_contact(SectorParts(a), SectorParts(b));
  } else if constexpr (kIsSector<A>) {
    return sector_hull_contact(SectorParts(a), Hull(b));
  } else if constexpr (kIsSector<B>) {
    return flipped(sector_hull_contact(SectorParts(b), Hull(a)));
  } else {
    return convex_contact(Hull(a), Hull(b));
  }
}

template <ShapeType S>
RayHit raycast(const S& s, const Ray& ray) {
  Vec2 u = normalize(ray.direction);
  if constexpr (kIsSector<S>) {
    SectorParts parts(s);
    if (parts.count == 0) return hull_raycast(parts.seg, ray.origin, u, ray.max_distance);
    RayHit best = piece_raycast(parts.piece[0], ray.origin, u, ray.max_distance);
    if (parts.count == 2 && !best.inside) {
      RayHit h = piece_raycast(parts.piece[1], ray.origin, u, ray.max_distance);
      if (h.inside || (h.hit && (!best.hit || h.distance < best.distance))) best = h;
    }
    return best;
  } else {
    return hull_raycast(Hull(s), ray.origin, u, ray.max_distance);
  }
}

std::optional<Invalid> validate(const Ray& r) {
  if (!is_finite(r.origin)) return Invalid{"origin", "must hold finite numbers"};
  if (!is_finite(r.direction)) return Invalid{"direction", "must hold finite numbers"};
  if (r.direction.x == 0 && r.direction.y == 0) return Invalid{"direction", "must be non-zero"};
  if (!std::isfinite(r.max_distance)) return Invalid{"max_distance", "must be a finite number"};
  if (r.max_distance < 0) return Invalid{"max_distance", "must be >= 0"};
  return std::nullopt;
}

// Explicit instantiations: every ordered pair of the eight shapes.
#define COLLIDE2D_PAIR(A, B)                                      \
  template bool overlaps<A, B>(const A&, const B&);               \
  template DistanceResult distance<A, B>(const A&, const B&);     \
  template Manifold contact<A, B>(const A&, const B&);
#define COLLIDE2D_ROW(A)                                                                 \
  COLLIDE2D_PAIR(A, Point) COLLIDE2D_PAIR(A, Circle) COLLIDE2D_PAIR(A, Sector)           \
  COLLIDE2D_PAIR(A, Aabb) COLLIDE2D_PAIR(A, Box) COLLIDE2D_PAIR(A, Capsule)              \
  COLLIDE2D_PAIR(A, Segment) COLLIDE2D_PAIR(A, Polygon)                                  \
  template RayHit raycast<A>(const A&, const Ray&);
COLLIDE2D_ROW(Point)
COLLIDE2D_ROW(Circle)
COLLIDE2D_ROW(Sector)
COLLIDE2D_ROW(Aabb)
COLLIDE2D_ROW(Box)
COLLIDE2D_ROW(Capsule)
COLLIDE2D_ROW(Segment)
COLLIDE2D_ROW(Polygon)
#undef COLLIDE2D_ROW
#undef COLLIDE2D_PAIR

}  // namespace collide2d
