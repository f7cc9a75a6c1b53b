// collide2d - 2D collision detection for games. MIT License.
#pragma once
/// @file query.hpp  Pair queries: overlap, distance with closest points, contact manifold and
/// ray cast, typed for every ordered pair of the eight shapes, plus a dispatch on `Shape`.
/// Closed sets: touching counts as overlapping. Inputs must be valid (see `validate`).

#include <array>
#include <concepts>
#include <cstdint>
#include <span>
#include <vector>

#include "collide2d/shapes.hpp"

namespace collide2d::inline COLLIDE2D_ABI {

/// One of the eight shape value types.
template <class T>
concept ShapeType = std::same_as<T, Point> || std::same_as<T, Circle> || std::same_as<T, Sector> ||
                    std::same_as<T, Aabb> || std::same_as<T, Box> || std::same_as<T, Capsule> ||
                    std::same_as<T, Segment> || std::same_as<T, Polygon>;

/// The distance between two shapes and a closest point on each.
struct DistanceResult {
  Real distance = 0;  ///< >= 0; 0 when they overlap (then the points are one common point)
  Vec2 point_a;       ///< a point of a
  Vec2 point_b;       ///< a point of b, |point_b - point_a| = distance
};

/// Contact between two overlapping shapes.
struct Manifold {
  bool touching = false;  ///< false when the shapes are disjoint (the rest is then unset)
  Vec2 normal{1, 0};      ///< unit direction pushing b away from a
  /// Translating b by normal * depth makes the interiors disjoint, and so does every longer
  /// push along normal (for a wide sector, whose notch could let a push pass in and out:
  /// the shortest such translation; docs/queries.md, "Escapes from a wide sector").
  Real depth = 0;
  int point_count = 0;    ///< 1 or 2 when touching
  std::array<Vec2, 2> points{};  ///< contact points, each within depth of both shapes
};

/// A ray: origin, direction (any non-zero length) and the largest distance along it.
struct Ray {
  Vec2 origin;
  Vec2 direction{1, 0};
  Real max_distance = 0;
};

/// The first boundary point a ray meets: the one answer of every ray cast, of a shape
/// (`raycast(shape, ray)`), of a map (`TileMap`, `DiscUnion`, `Chain::raycast`) and of the world
/// (`WorldRayHit::hit`).
struct RayHit {
  bool hit = false;     ///< false when the ray misses within max_distance
  /// The origin lies in the shape (then distance is 0), in a tile map's wall, or on an island's
  /// land (`DiscUnion::raycast`: the hit is where the ray leaves the land; set on a miss too).
  bool inside = false;
  Real distance = 0;    ///< along the normalized direction
  Vec2 point;           ///< origin + distance * unit direction
  /// Outward unit normal there (for shapes without area and a chain's edges: facing the origin;
  /// an island's coast: out of the land, into the sea).
  Vec2 normal;
  /// On a map, the piece hit: a tile map's solid cell (row * width + col; -1 for the outside),
  /// a chain's edge, an island's coast arc; in the world as `WorldHit::element` for a layer's
  /// piece. -1 for a shape, a proxy, a miss.
  int element = -1;
};

/// Checks a ray: a finite origin, a finite non-zero direction, max_distance >= 0.
std::optional<Invalid> validate(const Ray& r);

/// True when the shapes share at least one point.
template <ShapeType A, ShapeType B>
bool overlaps(const A& a, const B& b);

/// Distance between the shapes with a closest point on each.
template <ShapeType A, ShapeType B>
DistanceResult distance(const A& a, const B& b);

/// Contact manifold: normal from a to b, penetration depth, 1-2 points.
template <ShapeType A, ShapeType B>
Manifold contact(const A& a, const B& b);

/// First boundary point of a shape along a ray.
template <ShapeType S>
RayHit raycast(const S& s, const Ray& ray);

/// `overlaps` for any pair, through the dispatch table.
bool overlaps(const Shape& a, const Shape& b);
/// `distance` for any pair, through the dispatch table.
DistanceResult distance(const Shape& a, const Shape& b);
/// `contact` for any pair, through the dispatch table.
Manifold contact(const Shape& a, const Shape& b);
/// `raycast` for any shape, through the dispatch table.
RayHit raycast(const Shape& s, const Ray& ray);

/// Pair function types held by the dispatch tables (indexed by `Shape::index()`).
using OverlapFn = bool (*)(const Shape&, const Shape&);
using DistanceFn = DistanceResult (*)(const Shape&, const Shape&);
using ContactFn = Manifold (*)(const Shape&, const Shape&);
using RaycastFn = RayHit (*)(const Shape&, const Ray&);
/// The dispatch tables: [type of a][type of b], in `Shape` variant order.
extern const OverlapFn kOverlapTable[kShapeTypeCount][kShapeTypeCount];
extern const DistanceFn kDistanceTable[kShapeTypeCount][kShapeTypeCount];
extern const ContactFn kContactTable[kShapeTypeCount][kShapeTypeCount];
extern const RaycastFn kRaycastTable[kShapeTypeCount];

/// One sector against many disks given as a structure of arrays (x, y, radius): appends to
/// `hits` the index of every disk that overlaps the sector and returns how many it appended.
/// The sector's rotation is cached in it; the loop does no trigonometry and no division.
/// Vectorised (see `Isa`): every instruction set gives the same hits, in increasing order.
std::size_t sector_hits(const Sector& s, std::span<const Real> xs, std::span<const Real> ys,
                        std::span<const Real> radii, std::vector<std::uint32_t>& hits);

/// Instruction sets of the batch kernels (`sector_hits`). They evaluate one closed form with
/// the same floating-point operations, so they report the same hits, bit for bit.
enum class Isa { scalar, avx2, avx512 };
/// The instruction set the batch kernels use: the best this build and CPU have, unless the
/// environment variable COLLIDE2D_ISA (scalar|avx2|avx512) or `set_batch_isa` chose another.
Isa batch_isa();
/// True when this build has a kernel for `isa` and this CPU (and its OS) can run it.
bool batch_isa_available(Isa isa);
/// Makes the batch kernels use `isa` (process-wide); false, and nothing changes, when the
/// instruction set is not available.
bool set_batch_isa(Isa isa);
/// "scalar", "avx2" or "avx512".
const char* isa_name(Isa isa);

}  // namespace collide2d
