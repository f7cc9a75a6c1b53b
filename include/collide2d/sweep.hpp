// collide2d - 2D collision detection for games. MIT License.
#pragma once
/// @file sweep.hpp  Sweeps (time of impact) under translation: each shape moves by its velocity
/// over t in [0, 1]; the first time they touch, the normal from a to b and the contact point.
/// Typed for every ordered pair of the eight shapes, plus a dispatch on `Shape`.
/// Tolerance: a contact is reported once the gap is at most `kSweepRelTol` (a relative
/// 1e-9 of the inputs' size in the double build, 1e-5 in the float build, plus a few ulps of
/// the largest coordinate); no contact is ever missed by stepping (no tunnelling).

#include <optional>

#include "collide2d/query.hpp"

namespace collide2d {

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

/// First time in [0, 1] at which a moving by velocity_a touches b moving by velocity_b.
template <ShapeType A, ShapeType B>
SweepHit sweep(const A& a, Vec2 velocity_a, const B& b, Vec2 velocity_b);

/// `sweep` for any pair, through the dispatch table.
SweepHit sweep(const Shape& a, Vec2 velocity_a, const Shape& b, Vec2 velocity_b);

/// Sweep function type held by the dispatch table (indexed by `Shape::index()`).
using SweepFn = SweepHit (*)(const Shape&, Vec2, const Shape&, Vec2);
/// The sweep dispatch table: [type of a][type of b], in `Shape` variant order.
extern const SweepFn kSweepTable[kShapeTypeCount][kShapeTypeCount];

}  // namespace collide2d
