// collide2d - 2D collision detection for games. MIT License.
// The touching rule's normal (not installed): one function for the sweeps (a start, or a
// contact reached, within the touching tolerance) and the mover (the normal of a contact where
// the body stands), so that both take the same axis.
#pragma once
#include "collide2d/query.hpp"

namespace collide2d::inline COLLIDE2D_ABI {

/// The normal from a to b of two shapes within a touching tolerance (or overlapping by a
/// rounding error) and how far apart they are along it.
struct TouchingAxis {
  Vec2 normal;            ///< unit, from a to b
  Real gap = 0;           ///< support gap along `normal` (min over b minus max over a)
  bool resolved = false;  ///< the contact of the probe agreed with the closest points' direction
};

/// The normal from a to b of shapes whose closest points `r` (distance(a, b)) are within a
/// touching tolerance, where the direction between the closest points is left to rounding: b is
/// pushed into a by `probe` past touching along that direction and the contact normal of the
/// overlap is taken (a face's own normal; from centres or cores for round parts) when it
/// agrees; then, of it, the closest points' direction and every face normal of a and (negated)
/// of b, the one with the largest support gap: the axis that best separates the shapes, a
/// face's exact normal where a face is touched, never a nearly parallel face of the other shape
/// that rounding made look as good. A sector wider than pi/2 is taken by its nearest convex half.
template <ShapeType A, ShapeType B>
TouchingAxis touching_axis(const A& a, const B& b, const DistanceResult& r, Real probe);

/// True when a face's exact normal (of a, or of b negated) separates a and b within `tol`
/// (support gap >= -tol) and b moving by v relative to a does not close that gap below 0: by
/// separating axes they never overlap by more than `tol` over the motion. The touching rule's
/// answer where rounding ranks a vertex's direction above a face it lies on (a body sliding a
/// skin above a wall past the joint of two collinear pieces); every pair of convex parts must
/// pass (a sector wider than pi/2 is two).
template <ShapeType A, ShapeType B>
bool faces_keep_apart(const A& a, const B& b, Vec2 v, Real tol);

/// The support gap of a and b along the unit axis n: min over b of x.n minus max over a of
/// x.n (negative: they overlap along it). At least the distance's negative, at most the distance.
template <ShapeType A, ShapeType B>
Real support_gap(const A& a, const B& b, Vec2 n);

}  // namespace collide2d
