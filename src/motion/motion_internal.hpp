// collide2d - 2D collision detection for games. MIT License.
// Helpers shared by move.cpp, substep.cpp and the world's crowd of discs (not installed).
#pragma once
#include <algorithm>
#include <cmath>

#include "collide2d/motion.hpp"

namespace collide2d::inline COLLIDE2D_ABI::motion_detail {

inline Real abs_max(Aabb b) {
  return std::max({std::fabs(b.min.x), std::fabs(b.min.y), std::fabs(b.max.x), std::fabs(b.max.y)});
}
inline Real diagonal(Aabb b) { return length(b.max - b.min); }

/// The one skin rule: the skin of a body box that moves by d (see motion.hpp), or the
/// user's minimum when larger.
inline Real skin_of(Aabb body, Vec2 d, Real min_skin) {
  const Real offset = std::max(abs_max(body), abs_max(translated(body, d)));
  return std::max(min_skin, kMoveSkinFactor * kSweepRelTol * (1 + diagonal(body)) + kRelEps * offset);
}

/// Contacts within this many skins of the body are where it stands.
constexpr Real kNearSkins = 2;

/// Whether reach_of is the motion's length alone (no bounce that gains speed, no side-view slide).
inline bool plain_reach(const MoveOptions& o) {
  return o.response == Response::slide ? o.up == Vec2{} : !(o.restitution > 1);
}

/// reach_of for a bounce that gains speed or a side-view slide (up a slope).
inline Real stretched_reach(Real reach, const MoveOptions& o) {
  if (o.response == Response::bounce && o.restitution > 1)
    reach *= std::pow(o.restitution, Real(std::max(1, o.max_iterations)));
  if (o.response == Response::slide && !(o.up == Vec2{})) reach /= std::cos(std::min(o.max_slope, Real(1.5)));
  return reach;
}

/// How far the motion can carry the body (see move_region): its length, farther for a bounce
/// that gains speed or a side-view slide.
inline Real reach_of(Vec2 d, const MoveOptions& o) {
  return plain_reach(o) ? length(d) : stretched_reach(length(d), o);
}

/// Whether options give a frame without up (a clear box, no snap) and a plain reach
/// (open_frame_of).
inline bool open_options(const MoveOptions& o) { return o.up == Vec2{} && plain_reach(o); }

/// frame_of's arithmetic, its options resolved: `d` finite, `reach` reach_of(d), `snap` what
/// the region grows by past the reach and the skins, `open` no up (the frame has a clear box).
[[gnu::always_inline]] inline MoveFrame frame_with(const Aabb& box, const Aabb& tight, Vec2 d, Real min_skin,
                                                   Real reach, Real snap, bool open) {
  MoveFrame f;
  f.skin = skin_of(tight, d, min_skin);
  const Real near = kNearSkins * f.skin;
  f.region = grown(box, reach + near + snap);
  f.has_clear = open;
  f.clear = grown(merged(box, translated(box, d)), near);
  return f;
}

/// move_frame of a body whose box that culls obstacles (`cover`) is `box` and whose own bounds
/// are `tight` (a disc: both its bounds). Inline, so that a crowd's disc path, which knows its
/// body's kind, makes no call and no shape visit.
[[gnu::always_inline]] inline MoveFrame frame_of(const Aabb& box, const Aabb& tight, Vec2 displacement,
                                                 const MoveOptions& options) {
  const Vec2 d = is_finite(displacement) ? displacement : Vec2{};
  const bool open = options.up == Vec2{};
  return frame_with(box, tight, d, options.skin, reach_of(d, options), open ? Real(0) : options.snap_distance, open);
}

/// frame_of with options that are `open_options`, resolved once (a crowd's): the same frame
/// for a finite displacement, without frame_of's per-move tests of the options.
[[gnu::always_inline]] inline MoveFrame open_frame_of(const Aabb& box, const Aabb& tight, Vec2 displacement,
                                                      const MoveOptions& options) {
  return frame_with(box, tight, displacement, options.skin, length(displacement), Real(0), true);
}

/// Where every move's answer starts: no contact, no motion, no flag.
inline void start_result(MoveResult& out) {
  out.contacts.clear();
  out.translation = out.displacement = out.pushed_out = out.ground_normal = {};
  out.iterations = 0;
  out.blocked = out.grounded = out.on_wall = out.on_ceiling = false;
}

/// The answer (after start_result) of a move with nothing within reach of its path (the
/// frame's clear test passed) and a finite displacement: what the mover's loop does then, same
/// bits: one iteration (none for no motion) that moves the body by the whole displacement.
template <class B>
[[gnu::always_inline]] inline void move_in_open(const B& b, Vec2 displacement, MoveResult& out) {
  const Vec2 r = displacement * Real(1);
  out.displacement = displacement;
  if (r.x == 0 && r.y == 0) {
    out.shape = b;
  } else {
    out.iterations = 1;
    out.translation += r;
    out.shape = translated(b, r);
  }
}

/// collide2d::move (with a frame) of a body of a known type, after start_result and with a
/// finite displacement: what that move runs for each kind of shape, and the serial crowd's
/// blocked discs call directly (no Shape round trip, no visit). Defined in move.cpp.
template <class B>
void move_body(const B& body, Vec2 displacement, const MoveFrame& frame, std::span<const Obstacle> obstacles,
               const MoveOptions& options, MoveResult& out);
extern template void move_body<Circle>(const Circle&, Vec2, const MoveFrame&, std::span<const Obstacle>,
                                       const MoveOptions&, MoveResult&);

/// Planes given by normals m_i from the body to obstacles: the motion x may not go into them
/// (dot(x, m_i) <= 0). Returns the allowed motion closest to x: x itself, its projection onto
/// one plane (biased a hair away from it, so that rounding never leaves it going in), or zero
/// (a corner or wedge: in 2D two non-parallel planes meet only at the origin).
template <class Normals>
Vec2 project_allowed(Vec2 x, const Normals& normals, int count) {
  const Real len = length(x);
  if (!(len > 0)) return {};
  const Real tol = len * kSweepRelTol * Real(0.1);
  auto allowed = [&](Vec2 y) {
    for (int j = 0; j < count; ++j)
      if (dot(y, normals[std::size_t(j)]) > tol) return false;
    return true;
  };
  if (allowed(x)) return x;
  constexpr Real kBias = kSweepRelTol;  // 1e-5 in float, 1e-9 in double
  Vec2 best{};
  Real best_len = -1;
  for (int i = 0; i < count; ++i) {
    const Vec2 m = normals[std::size_t(i)];
    const Real into = dot(x, m);
    if (into <= 0) continue;
    const Vec2 y = x - m * (into + kBias * len);
    const Real yl = length(y);
    if (yl > best_len && allowed(y)) best = y, best_len = yl;
  }
  // The plane solver's invariants: what it returns goes into no plane (beyond the tolerance)
  // and is no longer than the motion it was given (the bias adds at most its own size).
  COLLIDE2D_ASSERT(best_len < 0 || allowed(best));
  COLLIDE2D_ASSERT(best_len <= len * (1 + 2 * kBias));
  // Head-on (nothing left but the bias) counts as stopped.
  return best_len > 4 * kBias * len ? best : Vec2{};
}

}  // namespace collide2d::motion_detail
