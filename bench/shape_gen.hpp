// collide2d - 2D collision detection for games. MIT License.
#pragma once
/// @file shape_gen.hpp  Deterministic random shapes, pair pools and ray pools for the benchmarks.
/// Every shape kind makes a shape of size about 1 (bounding radius <= ~1.15) around a center.

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string_view>
#include <tuple>
#include <vector>

#include "collide2d/query.hpp"
#include "collide2d/shapes.hpp"

namespace bench {

using collide2d::Real;
using collide2d::Vec2;

/// Seeded random source; the same seed gives the same shapes on the same standard library.
struct Rng {
  std::mt19937 eng;
  explicit Rng(std::uint32_t seed) : eng(seed) {}
  /// Uniform in [lo, hi).
  Real uniform(Real lo, Real hi) { return std::uniform_real_distribution<Real>(lo, hi)(eng); }
  /// Uniform angle in [-pi, pi).
  Real angle() { return uniform(-collide2d::kPi, collide2d::kPi); }
  /// Unit vector at a uniform angle.
  Vec2 direction() { return collide2d::Rot::from_angle(angle()).x_axis(); }
  /// Uniform point in the square [-h, h]^2.
  Vec2 in_square(Real h) { return {uniform(-h, h), uniform(-h, h)}; }
};

/// FNV-1a hash of a name, used to derive one seed per benchmark pool.
inline std::uint32_t seed_of(std::string_view name) {
  std::uint32_t h = 2166136261u;
  for (char c : name) h = (h ^ static_cast<unsigned char>(c)) * 16777619u;
  return h;
}

// One struct per shape kind: its value type, its name, and a maker.

struct PointKind {
  using Type = collide2d::Point;
  static constexpr std::string_view name = "point";
  static Type make(Rng&, Vec2 c) { return {c}; }
};

struct CircleKind {
  using Type = collide2d::Circle;
  static constexpr std::string_view name = "circle";
  static Type make(Rng& r, Vec2 c) { return {c, r.uniform(Real(0.5), Real(1))}; }
};

/// Convex sector: half-angle 15..80 degrees (whole opening < 180, each side < 90 from facing).
struct NarrowSectorKind {
  using Type = collide2d::Sector;
  static constexpr std::string_view name = "sector_narrow";
  static Type make(Rng& r, Vec2 c) {
    return Type(c, r.uniform(Real(0.7), Real(1)), r.angle(), r.uniform(Real(0.26), Real(1.40)));
  }
};

/// Non-convex sector: half-angle 100..170 degrees.
struct WideSectorKind {
  using Type = collide2d::Sector;
  static constexpr std::string_view name = "sector_wide";
  static Type make(Rng& r, Vec2 c) {
    return Type(c, r.uniform(Real(0.7), Real(1)), r.angle(), r.uniform(Real(1.75), Real(2.97)));
  }
};

struct AabbKind {
  using Type = collide2d::Aabb;
  static constexpr std::string_view name = "aabb";
  static Type make(Rng& r, Vec2 c) {
    Vec2 h{r.uniform(Real(0.3), Real(0.8)), r.uniform(Real(0.3), Real(0.8))};
    return {c - h, c + h};
  }
};

struct BoxKind {
  using Type = collide2d::Box;
  static constexpr std::string_view name = "box";
  static Type make(Rng& r, Vec2 c) {
    Vec2 h{r.uniform(Real(0.3), Real(0.8)), r.uniform(Real(0.3), Real(0.8))};
    return Type(c, h, r.angle());
  }
};

struct CapsuleKind {
  using Type = collide2d::Capsule;
  static constexpr std::string_view name = "capsule";
  static Type make(Rng& r, Vec2 c) {
    Vec2 d = r.direction() * r.uniform(Real(0.3), Real(0.7));
    return {c - d, c + d, r.uniform(Real(0.15), Real(0.35))};
  }
};

struct SegmentKind {
  using Type = collide2d::Segment;
  static constexpr std::string_view name = "segment";
  static Type make(Rng& r, Vec2 c) {
    Vec2 d = r.direction() * r.uniform(Real(0.5), Real(1));
    return {c - d, c + d};
  }
};

/// Convex 8-gon (Box2D's vertex limit): jittered points on a circle, squashed and rotated.
struct PolygonKind {
  using Type = collide2d::Polygon;
  static constexpr std::string_view name = "polygon";
  static constexpr int kCount = 8;
  static Type make(Rng& r, Vec2 c) {
    const Real step = 2 * collide2d::kPi / kCount;
    const Real squash = r.uniform(Real(0.6), Real(1));
    const Real size = r.uniform(Real(0.7), Real(1));
    const collide2d::Rot rot = collide2d::Rot::from_angle(r.angle());
    std::array<Vec2, kCount> pts;
    for (int i = 0; i < kCount; ++i) {
      Real a = step * Real(i) + r.uniform(-Real(0.35), Real(0.35)) * step;
      Vec2 p{std::cos(a) * size, std::sin(a) * size * squash};
      pts[i] = c + rot.apply(p);
    }
    collide2d::Invalid why;
    auto poly = collide2d::make_polygon(pts, 0, &why);
    if (!poly || poly->count() != kCount) {
      std::fprintf(stderr, "bench: bad generated polygon: %s\n", why.text().c_str());
      std::abort();
    }
    return *poly;
  }
};

/// The shape kinds in benchmark order (the eight types, sectors twice: narrow and wide).
using Kinds = std::tuple<PointKind, CircleKind, NarrowSectorKind, WideSectorKind, AabbKind, BoxKind,
                         CapsuleKind, SegmentKind, PolygonKind>;

/// Calls f(kind) for every kind, in order.
template <class F>
void for_each_kind(F&& f) {
  std::apply([&](auto... k) { (f(k), ...); }, Kinds{});
}

/// Pool size of every benchmark: a power of two so the index wraps with a mask.
inline constexpr std::size_t kPoolSize = 1024;

/// A pair of shapes.
template <class A, class B>
struct Pair {
  A a;
  B b;
};

/// Random pairs, half of them overlapping where the pair type allows it (a point never
/// overlaps a point, and rarely a segment): B is placed at 0..2.4 from A's center, then pairs
/// are kept until each half is full, and the pool is shuffled.
template <class KA, class KB>
std::vector<Pair<typename KA::Type, typename KB::Type>> make_pairs(std::uint32_t seed,
                                                                   std::size_t* overlapping) {
  using P = Pair<typename KA::Type, typename KB::Type>;
  Rng r(seed);
  std::vector<P> hit, miss;
  const std::size_t half = kPoolSize / 2;
  for (std::size_t attempt = 0; attempt < 400 * kPoolSize && (hit.size() < half || miss.size() < half);
       ++attempt) {
    Vec2 ca = r.in_square(4);
    Vec2 cb = ca + r.direction() * r.uniform(0, Real(2.4));
    P p{KA::make(r, ca), KB::make(r, cb)};
    if (collide2d::overlaps(p.a, p.b)) {
      if (hit.size() < half) hit.push_back(p);
    } else if (miss.size() < half) {
      miss.push_back(p);
    }
  }
  *overlapping = hit.size();
  std::vector<P> pool = hit;
  const std::vector<P>& fill = miss.empty() ? hit : miss;
  for (std::size_t i = 0; pool.size() < kPoolSize; ++i) pool.push_back(fill[i % fill.size()]);
  std::shuffle(pool.begin(), pool.end(), r.eng);
  return pool;
}

/// A shape and a ray aimed near it from outside it.
template <class S>
struct RayCase {
  S shape;
  collide2d::Ray ray;
};

/// Random rays against shapes of kind K, half of them hitting.
template <class K>
std::vector<RayCase<typename K::Type>> make_rays(std::uint32_t seed, std::size_t* hitting) {
  using C = RayCase<typename K::Type>;
  Rng r(seed);
  std::vector<C> hit, miss;
  const std::size_t half = kPoolSize / 2;
  for (std::size_t attempt = 0; attempt < 400 * kPoolSize && (hit.size() < half || miss.size() < half);
       ++attempt) {
    Vec2 c = r.in_square(4);
    C rc{K::make(r, c), {}};
    rc.ray.origin = c + r.direction() * r.uniform(Real(1.6), Real(3));
    Vec2 aim = c + r.in_square(Real(1.2));
    rc.ray.direction = aim - rc.ray.origin;
    rc.ray.max_distance = r.uniform(Real(2), Real(5));
    if (collide2d::raycast(rc.shape, rc.ray).hit) {
      if (hit.size() < half) hit.push_back(rc);
    } else if (miss.size() < half) {
      miss.push_back(rc);
    }
  }
  *hitting = hit.size();
  std::vector<C> pool = hit;
  const std::vector<C>& fill = miss.empty() ? hit : miss;
  for (std::size_t i = 0; pool.size() < kPoolSize; ++i) pool.push_back(fill[i % fill.size()]);
  std::shuffle(pool.begin(), pool.end(), r.eng);
  return pool;
}

}  // namespace bench
