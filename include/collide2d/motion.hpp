// collide2d - 2D collision detection for games. MIT License.
#pragma once
/// @file motion.hpp  What to do about a collision: reflect a velocity (restitution, friction),
/// slide (remove the velocity going into a surface), a position-correction accumulator, and
/// `move`: advance a shape to its first contact, respond, continue with what is left of the
/// displacement, against any number of obstacles, without tunnelling and without jitter in
/// corners. `move_substeps` is the cheaper alternative: small discrete steps with overlap
/// tests and push-out, which can miss thin obstacles when the steps are too long.
///
/// Normals. `reflect` and `slide` take the surface's outward normal (pointing from the surface
/// towards the moving body), as in physics. Sweeps and contacts report the normal from a (the
/// body) to b (the obstacle): pass `-hit.normal`.
///
/// The one mover. `move` over `std::span<const Obstacle>` (walls.hpp: solid shapes, wall edges
/// with ghost vertices and one-sided fronts, coast arcs) is the mover every other one wraps:
/// the maps and the world gather their geometry near `move_region` as obstacles and call it.
///
/// Skin (the one skin rule). `move` stops a skin short of every contact, and a body found
/// overlapping an obstacle (touching counts: closed sets) is pushed out to the skin. The skin
/// of a move is `kMoveSkinFactor` times `kSweepRelTol` times 1 + the body's bounding diagonal,
/// plus `kRelEps` (16 ulps) times the largest coordinate the body reaches, or
/// `MoveOptions::skin` when larger: it scales with the body and its coordinates, so the
/// default fits Tiled pixels as well as metres (a 12 px disc at x = 2000 in the float build:
/// about 0.0053 px; a 1 m disc near the origin: about 2e-4 m; in the double build about 1e-4
/// of those), and stays within the size-scaled tolerance of FORMAT.md (1e-4 (1 + size) +
/// 4e-6 offset) wherever the body is. A body that starts within the skin, or inside an
/// obstacle by a rounding error, is accepted: it is pushed out (`MoveResult::pushed_out`) and
/// moved on. Every output is a valid input of the next call.
///
/// Scale-dependent settings: `MoveOptions::skin` (a minimum skin in world units: maps pass
/// theirs), `MoveOptions::snap_distance` (world units). Everything else is relative.
///
/// Non-circle bodies against coast arcs use the body's bounding circle (centre of its box,
/// radius half its diagonal): conservative, they stop early. Shapes as obstacles are convex
/// (a sector wider than pi/2 is not: `move` may stop short next to its notch).

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "collide2d/query.hpp"
#include "collide2d/sweep.hpp"
#include "collide2d/walls.hpp"

namespace collide2d::inline COLLIDE2D_ABI {

/// The skin's size term in units of `kSweepRelTol` times 1 + the body's bounding diagonal (see
/// the file comment).
inline constexpr Real kMoveSkinFactor = 4;

/// Checks reflect's inputs: finite velocity, finite non-zero normal, finite restitution >= 0,
/// friction in [0, 1].
std::optional<Invalid> validate_reflect(Vec2 velocity, Vec2 normal, Real restitution, Real friction);

/// Reflects a velocity off a surface with outward `normal`: the normal part is reversed and
/// scaled by `restitution` (>= 0; 1 keeps the speed), the tangential part is scaled by
/// 1 - `friction` (friction in [0, 1]). A velocity leaving the surface (or tangent to it) is
/// returned unchanged.
Vec2 reflect(Vec2 velocity, Vec2 normal, Real restitution = 1, Real friction = 0);

/// Removes only the part of the velocity going into the surface with outward `normal`; a
/// velocity leaving the surface (or tangent to it) is returned unchanged.
Vec2 slide(Vec2 velocity, Vec2 normal);

/// Collects position corrections from several contacts and solves them once per step: the
/// shortest translation that moves the body at least `depth` along every pushed direction.
/// Parallel contacts (two collinear segments, a two-point manifold) are not counted twice:
/// along one direction the deepest push wins.
class PositionCorrection {
 public:
  /// Most distinct directions kept; beyond it the shallowest push is dropped.
  static constexpr int kMaxPushes = 16;

  /// Adds a push of the body by `depth` (>= 0) along `direction` (the body's way out).
  void add(Vec2 direction, Real depth);
  /// Adds a contact manifold between the body (a) and an obstacle (b), plus `extra` depth.
  void add(const Manifold& m, Real extra = 0);
  /// The shortest translation satisfying every push (the least violating one when they
  /// conflict, as a body squeezed from both sides).
  Vec2 solve() const;
  /// Number of distinct directions collected.
  int count() const { return count_; }
  /// Forgets every push (start of the next step).
  void clear() { count_ = 0; }

 private:
  std::array<Vec2, kMaxPushes> dir_{};
  std::array<Real, kMaxPushes> depth_{};
  int count_ = 0;
};

/// How `move` responds to a contact.
enum class Response {
  slide,   ///< remove the motion into the surface(s), keep the rest (characters)
  bounce,  ///< reflect with restitution and friction (balls)
};

/// Options of `move` and `move_substeps`.
struct MoveOptions {
  Response response = Response::slide;
  Real restitution = 1;    ///< bounce: >= 0
  Real friction = 0;       ///< bounce: tangential damping in [0, 1]
  int max_iterations = 8;  ///< contacts handled per call (>= 1); the rest of the motion is dropped
  Real skin = 0;           ///< a minimum skin (>= 0, world units); the automatic one is used when larger
  /// Side view: the unit up direction (any length; normalized). Zero (the default): top-down,
  /// no ground, walls or ceilings, no snapping.
  Vec2 up{};
  /// Side view: the steepest ground, radians in [0, pi/2] between a contact's normal (from the
  /// obstacle to the body) and `up`; steeper contacts are walls, and those facing down within
  /// it are ceilings. Sliding onto ground keeps the motion across `up` (no sliding down slopes
  /// under gravity, walking up them at the same horizontal speed).
  Real max_slope = kPi / 4;
  /// Side view: a body that starts on the ground and does not move up ends on the ground if
  /// the ground lies at most this far below its end (walking down slopes and steps). World
  /// units, >= 0; 0: no snapping.
  Real snap_distance = 0;
};

/// One contact that `move` responded to.
struct MoveContact {
  std::size_t obstacle = 0;  ///< index in the obstacle span
  std::uint32_t owner = 0;   ///< the obstacle's owner (Obstacle::owner)
  std::uint32_t element = 0; ///< the obstacle's element (Obstacle::element)
  ObstacleKind kind = ObstacleKind::shape;  ///< what the obstacle is
  Vec2 normal;               ///< unit normal from the body to the obstacle
  Vec2 point;                ///< contact point
  Real time = 0;             ///< fraction of the whole displacement travelled before it
  bool initially_touching = false;  ///< found within the skin (or overlapping) where an iteration started
};

/// What `move` did.
struct MoveResult {
  Shape shape;                ///< the body at its final position
  Vec2 translation;           ///< final position minus start position (push-outs included)
  Vec2 displacement;          ///< the input displacement with every response applied to it: the
                              ///< new velocity times the step when displacement = velocity * step
  std::vector<MoveContact> contacts;  ///< in order of time
  int iterations = 0;         ///< sweeps rounds used (<= max_iterations)
  bool blocked = false;       ///< some motion was dropped: a corner or wedge, or the cap
  /// The translation spent pushing the body out of obstacles it overlapped (it started inside
  /// one by a rounding error, a soft obstacle, the end-of-move safety net); zero normally.
  Vec2 pushed_out;
  bool grounded = false;      ///< side view: ends on ground (within 2 skins of it)
  bool on_wall = false;       ///< side view: ends against a wall
  bool on_ceiling = false;    ///< side view: ends against a ceiling
  Vec2 ground_normal;         ///< side view, grounded: the ground's normal (obstacle to body)
};

/// The small answer of a map's disc move: `TileMap::move_circle`, `RoomMap::move_circle`,
/// `DiscUnion::move_character`, thin wrappers of the one mover for a disc (no allocation). The
/// one mover's own `MoveResult` (`move`, `TileMap::move`, `World::move`) has the contacts.
struct CircleMove {
  Vec2 center;           ///< the disc's new centre (the start when the move was refused)
  Vec2 displacement;     ///< the input displacement with the slides applied (the new velocity
                         ///< times the step); zero when the move was refused
  int contacts = 0;      ///< contacts the mover responded to (`MoveResult::contacts.size()`)
  bool blocked = false;  ///< some motion was dropped (a corner, the iteration cap) or the move
                         ///< was refused (bad input, or a map's own rule: see each map)
};

/// The region whose obstacles a move must be given: the body's box (for a non-circle body: the
/// box of its bounding circle, which coast arcs meet) grown by |displacement|
/// (times restitution^max_iterations for a bounce with restitution > 1) + 2 skins +
/// snap_distance: a slide never travels farther, so callers gather everything the body can
/// reach. Inputs must be valid.
Aabb move_region(const Shape& body, Vec2 displacement, const MoveOptions& options = {});

/// The skin of a move (the one skin rule, see the file comment).
Real move_skin(const Shape& body, Vec2 displacement, const MoveOptions& options = {});

/// What a move needs before its obstacles are known, worked out once (a crowd computes it to
/// gather, then hands it to `move`): the skin (`move_skin`), the region to gather
/// (`move_region`), and the clear box: the box of the body's straight path grown by two skins.
/// When `has_clear` (top-down moves: the side view's snap looks farther) and no obstacle's
/// bounds meet `clear`, the move is the plain translation, the answer `move` gives with no
/// obstacles at all.
struct MoveFrame {
  Real skin = 0;
  Aabb region;
  Aabb clear;
  bool has_clear = false;
};
MoveFrame move_frame(const Shape& body, Vec2 displacement, const MoveOptions& options = {});

/// Checks the one mover's inputs: a valid body and obstacles (named "obstacles[i].<field>"),
/// a finite displacement, sane options.
std::optional<Invalid> validate_move(const Shape& body, Vec2 displacement,
                                     std::span<const Obstacle> obstacles, const MoveOptions& options = {});

/// The one mover: moves `body` by `displacement` through `obstacles` (give it those meeting
/// `move_region`): sweeps to the first contact, stops a skin short of it, responds (slide or
/// bounce, side-view rules when `up` is set), and goes on with the rest, at most
/// `max_iterations` times. Corners and wedges are solved together (the motion is projected
/// onto what every contact allows, or stops). A body overlapping an obstacle at the start is
/// pushed out first (soft obstacles by at most their push_limit). Inputs must be valid.
MoveResult move(const Shape& body, Vec2 displacement, std::span<const Obstacle> obstacles,
                const MoveOptions& options = {});

/// The one mover without allocation in steady state (crowds): fills `out`, whose `contacts`
/// vector is cleared and keeps its capacity. Same answer as the other overload.
void move(const Shape& body, Vec2 displacement, std::span<const Obstacle> obstacles,
          const MoveOptions& options, MoveResult& out);

/// The one mover with its frame worked out beforehand (`move_frame(body, displacement,
/// options)`, nothing else): the same answer as the overloads above.
void move(const Shape& body, Vec2 displacement, const MoveFrame& frame, std::span<const Obstacle> obstacles,
          const MoveOptions& options, MoveResult& out);

/// Checks move's inputs: a valid body and obstacles, a finite displacement, sane options.
std::optional<Invalid> validate_move(const Shape& shape, Vec2 displacement,
                                     std::span<const Shape> obstacles, const MoveOptions& options = {});

/// `move` over solid shapes (a thin wrapper of the one mover: each shape a rigid obstacle,
/// owner 0, element its index). Inputs must be valid.
MoveResult move(const Shape& shape, Vec2 displacement, std::span<const Shape> obstacles,
                const MoveOptions& options = {});

/// Number of substeps so that none moves more than `fraction` of `body_size` (at least 1,
/// at most 65536). `body_size` and `fraction` must be finite and > 0.
int substep_count(Vec2 displacement, Real body_size, Real fraction);

/// Checks move_substeps' inputs: those of `move`, and a finite fraction > 0.
std::optional<Invalid> validate_move_substeps(const Shape& shape, Vec2 displacement,
                                              std::span<const Shape> obstacles,
                                              const MoveOptions& options, Real fraction);

/// Moves in `substep_count(displacement, size, fraction)` equal steps (size: the smaller side
/// of the body's bounding box): after each, the overlapping obstacles push the body out (one
/// `PositionCorrection` per substep, plus the skin) and the motion responds to their normals.
/// Costs one overlap test per nearby obstacle per substep, so it pays off only when few
/// substeps are needed; thin obstacles are missed when a substep is longer than them (no
/// sweep), and a push-out can land in a neighbouring obstacle. `max_iterations` is not used.
/// Inputs must be valid.
MoveResult move_substeps(const Shape& shape, Vec2 displacement, std::span<const Shape> obstacles,
                         const MoveOptions& options = {}, Real fraction = Real(0.25));

}  // namespace collide2d
