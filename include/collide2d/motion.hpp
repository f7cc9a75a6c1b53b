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
/// Skin. `move` never leaves the body touching an obstacle: it stops a skin distance short of
/// every contact. The skin of a pair is `kMoveSkinFactor` times the sweep's touching tolerance
/// of that pair (`kSweepRelTol` times 1 + the larger of the two shapes' bounding diagonals,
/// plus `kRelEps` times the largest coordinate involved; see docs/queries.md), or
/// `MoveOptions::skin` when larger. In the float build a unit ball near walls 100 long keeps a
/// gap of about 4e-3; in the double build about 4e-7.
///
/// Obstacles are convex shapes (a sector wider than pi/2 is not convex: `move` may stop short
/// next to its notch). `move` tests every obstacle whose bounding box meets the swept box: for
/// large worlds, pass the few that a broadphase finds near the path.

#include <array>
#include <cstddef>
#include <optional>
#include <span>
#include <vector>

#include "collide2d/query.hpp"
#include "collide2d/sweep.hpp"

namespace collide2d::inline COLLIDE2D_ABI {

/// The skin of a pair in units of the sweep's touching tolerance (see the file comment).
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
  Real skin = 0;           ///< a minimum skin (>= 0); the automatic one is used when larger
};

/// One contact that `move` responded to.
struct MoveContact {
  std::size_t obstacle = 0;  ///< index in the obstacle span
  Vec2 normal;               ///< unit normal from the body to the obstacle
  Vec2 point;                ///< contact point
  Real time = 0;             ///< fraction of the whole displacement travelled before it
  bool initially_touching = false;  ///< found touching or overlapping, then pushed out
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
};

/// Checks move's inputs: a valid body and obstacles, a finite displacement, sane options.
std::optional<Invalid> validate_move(const Shape& shape, Vec2 displacement,
                                     std::span<const Shape> obstacles, const MoveOptions& options = {});

/// Moves `shape` by `displacement` through `obstacles`: sweeps to the first contact, stops a
/// skin short of it, responds (slide or bounce), and goes on with the rest, at most
/// `max_iterations` times; whatever still overlaps at the end (a pass shallower than the
/// sweep's tolerance) is pushed out to the skin. Simultaneous contacts (a corner, a wedge) are handled together:
/// the remaining motion is projected onto the intersection of the allowed half-planes, or
/// stops. Grazing contacts (the straight path would enter by less than the skin) only nudge
/// the body off by the skin and do not change its motion. Inputs must be valid.
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
