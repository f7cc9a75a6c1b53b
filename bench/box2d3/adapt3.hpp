// collide2d - 2D collision detection for games. MIT License.
#pragma once
/// @file adapt3.hpp  The same geometry as Box2D v3 shapes (../shared/peers/box2d-v3).
///
/// Only the files in bench/box2d3/ include Box2D v3: its headers are named like Box2D 2.4.1's
/// (box2d/box2d.h) and its types (b2Vec2, b2Manifold...) clash with 2.4.1's, so the two never
/// meet in one translation unit. Shapes are in world coordinates with identity transforms.
/// Box2D v3 has circles, capsules, segments and polygons (rounded or not, 8 vertices at most);
/// an aabb and a box become b2MakeOffsetBox polygons (radius 0); no point or sector.

#include <box2d/box2d.h>
#include <box2d/collision.h>

#include <concepts>

#include "collide2d/query.hpp"
#include "collide2d/shapes.hpp"

namespace bench::v3 {

inline b2Vec2 to_b3(collide2d::Vec2 v) { return b2Vec2{float(v.x), float(v.y)}; }

inline b2Circle to_b3_shape(const collide2d::Circle& c) {
  return b2Circle{to_b3(c.center), float(c.radius)};
}
inline b2Capsule to_b3_shape(const collide2d::Capsule& c) {
  return b2Capsule{to_b3(c.a), to_b3(c.b), float(c.radius)};
}
inline b2Segment to_b3_shape(const collide2d::Segment& s) { return b2Segment{to_b3(s.a), to_b3(s.b)}; }
inline b2Polygon to_b3_shape(const collide2d::Aabb& a) {
  const collide2d::Vec2 h = a.half_extents();
  return b2MakeOffsetBox(float(h.x), float(h.y), to_b3(a.center()), b2Rot_identity);
}
inline b2Polygon to_b3_shape(const collide2d::Box& b) {
  return b2MakeOffsetBox(float(b.half_extents.x), float(b.half_extents.y), to_b3(b.center),
                         b2MakeRot(float(b.angle())));
}
inline b2Polygon to_b3_shape(const collide2d::Polygon& p) {
  b2Vec2 pts[B2_MAX_POLYGON_VERTICES];
  const int n = p.count() < B2_MAX_POLYGON_VERTICES ? p.count() : B2_MAX_POLYGON_VERTICES;
  for (int i = 0; i < n; ++i) pts[i] = to_b3(p.vertex(i));
  const b2Hull hull = b2ComputeHull(pts, n);
  return b2MakePolygon(&hull, 0.0f);
}

/// True when a collide2d shape type has a Box2D v3 counterpart.
template <class T>
concept HasBox2d3 = requires(const T& t) { to_b3_shape(t); };

/// The Box2D v3 shape type of a collide2d type.
template <HasBox2d3 T>
using B3ShapeOf = decltype(to_b3_shape(std::declval<const T&>()));

/// The GJK proxy of a Box2D v3 shape (what b2ShapeDistance and b2ShapeCast take).
inline b2ShapeProxy proxy_of(const b2Circle& c) { return b2MakeProxy(&c.center, 1, c.radius); }
inline b2ShapeProxy proxy_of(const b2Capsule& c) {
  const b2Vec2 pts[2] = {c.center1, c.center2};
  return b2MakeProxy(pts, 2, c.radius);
}
inline b2ShapeProxy proxy_of(const b2Segment& s) {
  const b2Vec2 pts[2] = {s.point1, s.point2};
  return b2MakeProxy(pts, 2, 0.0f);
}
inline b2ShapeProxy proxy_of(const b2Polygon& p) { return b2MakeProxy(p.vertices, p.count, p.radius); }

/// True when Box2D v3 has a manifold function for the ordered pair (A, B).
template <class A, class B>
concept HasB3Manifold =
    (std::same_as<B, b2Circle> &&
     (std::same_as<A, b2Circle> || std::same_as<A, b2Capsule> || std::same_as<A, b2Segment> ||
      std::same_as<A, b2Polygon>)) ||
    (std::same_as<B, b2Capsule> &&
     (std::same_as<A, b2Capsule> || std::same_as<A, b2Segment> || std::same_as<A, b2Polygon>)) ||
    (std::same_as<B, b2Polygon> && (std::same_as<A, b2Polygon> || std::same_as<A, b2Segment>));

/// Box2D v3's manifold function for the pair, B given in A's frame (identity here).
template <class A, class B>
  requires HasB3Manifold<A, B>
inline b2LocalManifold b3_manifold(const A& a, const B& b) {
  const b2Transform xf = b2Transform_identity;
  if constexpr (std::same_as<B, b2Circle>) {
    if constexpr (std::same_as<A, b2Circle>) return b2CollideCircles(&a, &b, xf);
    else if constexpr (std::same_as<A, b2Capsule>) return b2CollideCapsuleAndCircle(&a, &b, xf);
    else if constexpr (std::same_as<A, b2Segment>) return b2CollideSegmentAndCircle(&a, &b, xf);
    else return b2CollidePolygonAndCircle(&a, &b, xf);
  } else if constexpr (std::same_as<B, b2Capsule>) {
    if constexpr (std::same_as<A, b2Capsule>) return b2CollideCapsules(&a, &b, xf);
    else if constexpr (std::same_as<A, b2Segment>) return b2CollideSegmentAndCapsule(&a, &b, xf);
    else return b2CollidePolygonAndCapsule(&a, &b, xf);
  } else {
    if constexpr (std::same_as<A, b2Polygon>) return b2CollidePolygons(&a, &b, xf);
    else return b2CollideSegmentAndPolygon(&a, &b, xf);
  }
}

/// Box2D v3 ray-cast input for a collide2d ray: translation = max_distance * unit direction.
inline b2RayCastInput to_b3_ray(const collide2d::Ray& r) {
  b2RayCastInput in;
  in.origin = to_b3(r.origin);
  in.translation = to_b3(collide2d::normalize(r.direction) * r.max_distance);
  in.maxFraction = 1.0f;
  return in;
}

/// Box2D v3's ray cast of a shape (segments two-sided).
inline b2CastOutput b3_raycast(const b2Circle& s, const b2RayCastInput& in) { return b2RayCastCircle(&s, &in); }
inline b2CastOutput b3_raycast(const b2Capsule& s, const b2RayCastInput& in) { return b2RayCastCapsule(&s, &in); }
inline b2CastOutput b3_raycast(const b2Segment& s, const b2RayCastInput& in) { return b2RayCastSegment(&s, &in, false); }
inline b2CastOutput b3_raycast(const b2Polygon& s, const b2RayCastInput& in) { return b2RayCastPolygon(&s, &in); }

}  // namespace bench::v3
