// collide2d - 2D collision detection for games. MIT License.
#pragma once
/// @file box2d_adapt.hpp  The same geometry as Box2D 2.4.1 shapes, for side-by-side figures.
///
/// Box2D shapes are built in world coordinates and used with identity transforms. Box2D has no
/// point, sector or capsule shape (a rounded polygon is not a capsule): those pairs have no
/// Box2D figure. An aabb becomes a 4-vertex b2PolygonShape (SetAsBox without angle). Polygon and
/// edge skins (b2_polygonRadius) are set to 0 so both libraries see exactly the same sets.

#include <box2d/b2_distance.h>
#include <box2d/box2d.h>

#include "collide2d/query.hpp"
#include "collide2d/shapes.hpp"

namespace bench {

inline b2Vec2 to_b2(collide2d::Vec2 v) { return b2Vec2(static_cast<float>(v.x), static_cast<float>(v.y)); }

inline b2CircleShape to_b2_shape(const collide2d::Circle& c) {
  b2CircleShape s;
  s.m_p = to_b2(c.center);
  s.m_radius = static_cast<float>(c.radius);
  return s;
}

inline b2PolygonShape to_b2_shape(const collide2d::Aabb& a) {
  b2PolygonShape s;
  collide2d::Vec2 h = a.half_extents();
  s.SetAsBox(static_cast<float>(h.x), static_cast<float>(h.y), to_b2(a.center()), 0.0f);
  s.m_radius = 0.0f;
  return s;
}

inline b2PolygonShape to_b2_shape(const collide2d::Box& b) {
  b2PolygonShape s;
  s.SetAsBox(static_cast<float>(b.half_extents.x), static_cast<float>(b.half_extents.y),
             to_b2(b.center), static_cast<float>(b.angle()));
  s.m_radius = 0.0f;
  return s;
}

inline b2PolygonShape to_b2_shape(const collide2d::Polygon& p) {
  b2Vec2 pts[b2_maxPolygonVertices];
  const int n = p.count() < b2_maxPolygonVertices ? p.count() : b2_maxPolygonVertices;
  for (int i = 0; i < n; ++i) pts[i] = to_b2(p.vertex(i));
  b2PolygonShape s;
  s.Set(pts, n);
  s.m_radius = 0.0f;
  return s;
}

inline b2EdgeShape to_b2_shape(const collide2d::Segment& g) {
  b2EdgeShape s;
  s.SetTwoSided(to_b2(g.a), to_b2(g.b));
  s.m_radius = 0.0f;
  return s;
}

/// True when a collide2d shape type has a Box2D counterpart.
template <class T>
concept HasBox2d = requires(const T& t) { to_b2_shape(t); };

/// The Box2D shape type a collide2d type converts to.
template <HasBox2d T>
using B2ShapeOf = decltype(to_b2_shape(std::declval<const T&>()));

/// True when Box2D has a manifold function for the ordered pair (A, B).
template <class A, class B>
concept HasB2Manifold =
    (std::same_as<A, b2CircleShape> && std::same_as<B, b2CircleShape>) ||
    (std::same_as<A, b2PolygonShape> && std::same_as<B, b2CircleShape>) ||
    (std::same_as<A, b2PolygonShape> && std::same_as<B, b2PolygonShape>) ||
    (std::same_as<A, b2EdgeShape> && std::same_as<B, b2CircleShape>) ||
    (std::same_as<A, b2EdgeShape> && std::same_as<B, b2PolygonShape>);

/// Box2D's manifold function for the pair, with identity transforms.
template <class A, class B>
  requires HasB2Manifold<A, B>
inline void b2_manifold(b2Manifold* m, const A& a, const B& b, const b2Transform& xf) {
  if constexpr (std::same_as<A, b2CircleShape>) {
    b2CollideCircles(m, &a, xf, &b, xf);
  } else if constexpr (std::same_as<A, b2PolygonShape> && std::same_as<B, b2CircleShape>) {
    b2CollidePolygonAndCircle(m, &a, xf, &b, xf);
  } else if constexpr (std::same_as<A, b2PolygonShape>) {
    b2CollidePolygons(m, &a, xf, &b, xf);
  } else if constexpr (std::same_as<B, b2CircleShape>) {
    b2CollideEdgeAndCircle(m, &a, xf, &b, xf);
  } else {
    b2CollideEdgeAndPolygon(m, &a, xf, &b, xf);
  }
}

/// Box2D ray-cast input for a collide2d ray: p1 = origin, p2 = origin + max_distance * unit dir.
inline b2RayCastInput to_b2_ray(const collide2d::Ray& r) {
  b2RayCastInput in;
  in.p1 = to_b2(r.origin);
  in.p2 = to_b2(r.origin + collide2d::normalize(r.direction) * r.max_distance);
  in.maxFraction = 1.0f;
  return in;
}

}  // namespace bench
