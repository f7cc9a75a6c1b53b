// collide2d - 2D collision detection for games. MIT License.
#pragma once
/// @file disc_union.hpp  `DiscUnion`: land made of overlapping discs (an island drawn with
/// circles). Builds the coastline as arcs of the input discs in O(n log n) expected time,
/// indexes them, and answers: is a point or a circle on land, the signed distance to the coast
/// with the nearest coast point and outward normal, the nearest point where a character of a
/// given radius fits, ray casts against the coast, and moves characters that must stay on land
/// and slide along the coast. See docs/islands.md.
///
/// Tolerance. One length, `tolerance()` = `kDiscUnionRelTol` times the size of the input (the
/// largest |coordinate| + radius). Two discs whose gap or overlap is within it are tangent (the
/// touch removes nothing from either circle); a disc within it of lying inside another is inside
/// (its circle is not coast); two discs equal within it are identical (the lower index keeps the
/// coast); boundary arcs no longer than it are left out (the rounding noise where three or more
/// circles pass through one point).

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "collide2d/arc.hpp"
#include "collide2d/motion.hpp"
#include "collide2d/query.hpp"
#include "collide2d/walls.hpp"

namespace collide2d::inline COLLIDE2D_ABI {

/// Relative tolerance of disc unions (times the input's size; see the file comment).
inline constexpr Real kDiscUnionRelTol = std::numeric_limits<Real>::epsilon() * Real(64);

/// One arc of the coast: a piece of the circle of input disc `disc`.
struct CoastArc {
  std::uint32_t disc = 0;  ///< index of the input disc
  Arc arc;                 ///< start in [0, 2 pi), sweep in (0, 2 pi]
};

/// The coast seen from a point.
struct CoastPoint {
  bool inside = false;   ///< the point is on land (closed: the coast counts)
  Real distance = 0;     ///< signed distance to the coast: negative on land
  Vec2 point;            ///< the nearest coast point
  Vec2 normal{1, 0};     ///< the coast's outward unit normal there (pointing to the sea)
  std::uint32_t arc = 0;  ///< index of the coast arc holding `point`
};

/// Deprecated (one release): the one ray answer, `RayHit` (`from_land` is `inside`, `arc` is
/// `element`).
using CoastHit [[deprecated("use RayHit (from_land is inside, arc is element)")]] = RayHit;

/// Deprecated (one release): the maps' one contact type, `WallContact` (element = the arc;
/// normal from the character into the sea).
using CoastContact [[deprecated("use WallContact")]] = WallContact;

/// Options of `DiscUnion::move_character` (the one mover's, motion.hpp).
struct CharacterOptions {
  int max_iterations = 8;  ///< contacts handled per call (>= 1); the rest of the motion is dropped
  Real skin = 0;  ///< gap kept to the coast (>= 0); the automatic 4 * tolerance() when larger
};

/// Deprecated (one release): the maps' one disc-move answer, `CircleMove` (motion.hpp;
/// `position` is `center`, `contacts` counts; `on_land` is false only when no place on the
/// island fits the character: `nearest_free_point(center, radius)` is empty).
using CharacterMove [[deprecated("use CircleMove (position is center)")]] = CircleMove;

/// Checks discs for a union: finite centers, finite radius > 0. The field is "discs[i]".
std::optional<Invalid> validate_discs(std::span<const Circle> discs);

/// Land made of the union of closed discs, with its coast as arcs and an index over them.
/// Immutable after construction; every query is const and thread-safe.
class DiscUnion {
 public:
  /// Builds the union of `discs` (which must be valid, see `validate_discs`). Expected
  /// O(n log n) for discs of comparable sizes. No discs: no land.
  explicit DiscUnion(std::span<const Circle> discs);
  /// Validates, then builds; nothing (and `why` filled) when a disc is invalid.
  static std::optional<DiscUnion> make(std::span<const Circle> discs, Invalid* why = nullptr);

  /// The input discs.
  std::span<const Circle> discs() const { return discs_; }
  /// The coast: arcs of the input discs, grouped by disc in index order, counter-clockwise.
  std::span<const CoastArc> arcs() const { return arcs_; }
  /// True when there is no land.
  bool empty() const { return discs_.empty(); }
  /// The bounding box of the land (zero box when empty).
  Aabb bounds() const { return bounds_; }
  /// The length tolerance (see the file comment).
  Real tolerance() const { return tolerance_; }
  /// The motion tolerance: the smallest gap `move_character` keeps to the coast (4 x tolerance()).
  Real skin() const { return 4 * tolerance_; }
  /// Total length of the coast.
  Real coast_length() const;

  /// True when the point is on land (closed).
  bool contains(Vec2 p) const;
  /// True when the whole disk is on land (touching the coast from inside counts).
  bool contains(const Circle& c) const;
  /// True when the disk shares a point with the land.
  bool overlaps(const Circle& c) const;
  /// Signed distance from p to the coast (negative on land), nearest coast point, outward
  /// normal. With no land: `inside` false, distance +infinity.
  CoastPoint coast(Vec2 p) const;
  /// Signed distance from p to the coast (negative on land; +infinity with no land).
  Real signed_distance(Vec2 p) const;
  /// The nearest wall (the sea is the wall): on land the nearest coast point, its distance and
  /// arc; in the sea (or with no land) p itself, distance 0, index -1.
  NearestPoint nearest_wall(Vec2 p) const;
  /// `nearest_wall(p).distance`.
  Real wall_distance(Vec2 p) const { return nearest_wall(p).distance; }
  /// True when p is in no wall: on land (closed: the coast is land), as `TileMap::is_free`.
  bool is_free(Vec2 p) const;
  /// True when the disk (radius >= 0) overlaps no wall: wholly on land (`contains`), touching
  /// the coast from inside allowed. An island answers for points and disks only.
  bool is_free(const Circle& c) const;

  /// The point nearest to `target` where a disk of `radius` (>= 0) lies wholly on land, within
  /// `tolerance()`: `target` itself when it fits, else a point on the shore (a click in the sea
  /// snaps to the nearest place a character can stand). Nothing when no such place exists.
  std::optional<Vec2> nearest_free_point(Vec2 target, Real radius = 0) const;
  /// Deprecated (one release): `nearest_free_point`.
  [[deprecated("use nearest_free_point")]] std::optional<Vec2> nearest_land_point(Vec2 target, Real radius = 0) const {
    return nearest_free_point(target, radius);
  }

  /// First coast point along the ray (from land or from the sea): element = the coast arc,
  /// normal = the coast's outward unit normal (into the sea), inside = the ray starts on land
  /// (it then leaves the land at the hit; set on a miss too).
  RayHit raycast(const Ray& ray) const;

  /// The coast arcs that the disk reaches or crosses (depth >= 0 within the tolerance), one
  /// contact per arc (element = the arc; normal into the sea), deepest first.
  std::vector<WallContact> contacts(const Circle& c) const;
  /// Appends the coast arcs whose boxes meet `region` as obstacles for the one mover (found
  /// through the arc index): kind arc (land inside the circle, the sea outside blocks),
  /// element = arc index, the given owner.
  void gather(const Aabb& region, std::vector<Obstacle>& out, std::uint32_t owner = 0) const;

  /// Moves a character (the disk `c`, radius > 0) by `displacement` while keeping it wholly on
  /// land: a thin wrapper of the one mover (motion.hpp) over the coast arcs it can reach
  /// (`gather(move_region(...))`). It sweeps the whole step (no tunnelling at any speed), stops a
  /// skin (`4 * tolerance()` or `CharacterOptions::skin`) inside the coast, slides along it
  /// (inside a curved coast along the chord that keeps its distance from the centre), and stays
  /// still in a bay or neck narrower than the character (no jitter). A character that starts
  /// overlapping the sea is first put at `nearest_free_point` (a skin inside); when no place
  /// fits it, or an input is not finite, the move is refused (blocked, the centre unchanged).
  /// The answer is the maps' one `CircleMove` (motion.hpp). Deterministic.
  CircleMove move_character(const Circle& c, Vec2 displacement,
                               const CharacterOptions& options = {}) const;

  /// Number of discs whose circle carries coast.
  std::size_t coast_disc_count() const;

 private:
  struct Node {
    Aabb box;
    std::int32_t left = -1;   // child index, or -1 for a leaf
    std::int32_t right = -1;  // child index
    std::uint32_t first = 0;  // leaf: items [first, first + count) of the order array
    std::uint32_t count = 0;
  };
  struct Tree {
    std::vector<Node> nodes;
    std::vector<std::uint32_t> order;
    void build(const std::vector<Aabb>& boxes);
  };

  std::vector<Circle> discs_;
  std::vector<CoastArc> arcs_;
  std::vector<Aabb> disc_boxes_;
  std::vector<Aabb> arc_boxes_;
  Tree disc_tree_;
  Tree arc_tree_;
  Aabb bounds_{};
  Real tolerance_ = 0;

  void build_coast();
  bool nearest_coast(Vec2 p, Real limit, std::uint32_t& arc, ArcClosest& q) const;

  friend struct DiscUnionAccess;
};

}  // namespace collide2d
