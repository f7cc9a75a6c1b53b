// collide2d - 2D collision detection for games. MIT License.
#pragma once
/// @file sweep.hpp  Sweeps (time of impact) under translation: each shape moves by its velocity
/// over t in [0, 1]; the first time they touch, the normal from a to b and the contact point.
/// Typed for every ordered pair of the eight shapes, plus a dispatch on `Shape`.
/// Tolerance: a contact is reported once the gap is at most `kSweepRelTol` (a relative
/// 1e-9 of the inputs' size in the double build, 1e-5 in the float build, plus a few ulps of
/// the largest coordinate); no contact is ever missed by stepping (no tunnelling).
/// Touching starts: shapes that start within that tolerance (not overlapping) are a contact at
/// time 0 only when the relative motion closes the gap along the normal from a to b that best
/// separates them there (a face's own normal where a face is touched); moving away or along
/// the contact is no contact. The normal of a contact always points from a to b, never along
/// b's relative motion.

#include <optional>

#include "collide2d/query.hpp"

namespace collide2d::inline COLLIDE2D_ABI {

/// The first contact of two translating shapes.
struct SweepHit {
  bool hit = false;                    ///< false when they never touch for t in [0, 1]
  bool initially_overlapping = false;  ///< they overlap or touch at t = 0 (then time is 0)
  Real time = 0;                       ///< time of first contact in [0, 1]
  Vec2 normal;                         ///< unit normal from a to b at that time (unset if initially_overlapping)
  Vec2 point;                          ///< a contact point on both moved shapes (unset if initially_overlapping)
};

/// Relative gap below which a sweep counts the shapes as touching (times the inputs' size).
inline constexpr Real kSweepRelTol = sizeof(Real) == 8 ? Real(1e-9) : Real(1e-5);

/// Checks a velocity: both components finite (a zero velocity is valid and means no motion).
std::optional<Invalid> validate_velocity(Vec2 v);

/// Checks the translation of a world cast or a move (World::cast, shape_cast, move, crowds,
/// `collide2d::move`): both components finite and at most twice the coordinate limit (2e12) in
/// magnitude, the farthest one valid shape can go to reach another. Longer motions are refused
/// (field "translation"; callers name their own): they leave every valid shape behind, and the
/// sweeps' squared lengths would overflow the scalar.
std::optional<Invalid> validate_translation(Vec2 d);

/// First time in [0, 1] at which a moving by velocity_a touches b moving by velocity_b.
template <ShapeType A, ShapeType B>
SweepHit sweep(const A& a, Vec2 velocity_a, const B& b, Vec2 velocity_b);

/// `sweep` for any pair, through the dispatch table.
SweepHit sweep(const Shape& a, Vec2 velocity_a, const Shape& b, Vec2 velocity_b);

/// Sweep function type held by the dispatch table (indexed by `Shape::index()`).
using SweepFn = SweepHit (*)(const Shape&, Vec2, const Shape&, Vec2);
/// The sweep dispatch table: [type of a][type of b], in `Shape` variant order.
extern const SweepFn kSweepTable[kShapeTypeCount][kShapeTypeCount];

// ---- sweeps with rotation ----

/// A rigid motion over one step (t from 0 to 1): the shape turns by `angular_velocity`
/// radians (counter-clockwise positive; several turns allowed) about its rotation centre
/// while that centre moves by `velocity`. A point p of the shape is at time t at
/// c + velocity t + R(angular_velocity t) (p - c), where c is `pivot` or, when no pivot is
/// given, `rotation_center(shape)` (a sector swings about its apex).
struct RigidMotion {
  Vec2 velocity;                ///< displacement of the rotation centre over the step
  Real angular_velocity = 0;    ///< radians turned over the step
  std::optional<Vec2> pivot{};  ///< rotation centre at t = 0 (world); default: the shape's own
};

/// Relative gap below which a rotating sweep counts the shapes as touching (times the
/// inputs' size, plus a few ulps of the largest coordinate the motion reaches): the target
/// separation at which the conservative advancement stops.
inline constexpr Real kRotatingSweepRelTol = sizeof(Real) == 8 ? Real(1e-9) : Real(1e-5);

/// Conservative-advancement steps per pair of convex parts before a rotating sweep gives up
/// and reports the time reached (no contact before it) as the contact: only a spin grazing
/// another shape at a gap just above the tolerance for a long time gets there.
inline constexpr int kRotatingSweepMaxSteps = 20000;

/// The default rotation centre of a shape: point, circle and sector centre (a sector's apex),
/// aabb and box centre, the middle of a capsule or segment, the area centroid of a polygon.
Vec2 rotation_center(const Shape& s);

/// Checks a motion: finite velocity, finite angular velocity, finite pivot when given.
std::optional<Invalid> validate(const RigidMotion& m);

/// The shape where `motion` has carried it at time t (an aabb that turns becomes a box; a
/// wide sector keeps its half-angle). The motion must be valid.
Shape moved_shape(const Shape& s, const RigidMotion& motion, Real t);

/// First time in [0, 1] at which a moving by motion_a touches b moving by motion_b, both
/// possibly turning (any of the eight shapes; an aabb that turns is a box). Conservative
/// advancement on the exact distance of each pair of convex parts (a sector wider than pi/2
/// is two half-disks), with a motion bound covering rotation, so no contact is missed: thin
/// segments, points and fast spins included. The gap at the reported time is at most
/// `kRotatingSweepRelTol` times the size (see docs/motion.md). Without rotation it is
/// `sweep` (translation). Returns nothing, and fills `why` when given, for an invalid shape
/// or motion (field "a", "b", "motion_a" or "motion_b" and what is wrong).
std::optional<SweepHit> sweep_rotating(const Shape& a, const RigidMotion& motion_a, const Shape& b,
                                       const RigidMotion& motion_b, Invalid* why = nullptr);

}  // namespace collide2d
