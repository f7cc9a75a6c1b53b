// collide2d - 2D collision detection for games. MIT License.
#pragma once
// Internal: a shape under a rigid motion, as one or two convex parts (a sector wider than
// pi/2 and narrower than pi is its two half-disks), each with the radii about the rotation
// centre that bound how fast its support function can change, and a posed copy of each part
// refreshed for any time t.

#include <memory>
#include <utility>

#include "collide2d/sweep.hpp"

namespace collide2d::inline COLLIDE2D_ABI::detail {

/// Room for a Shape constructed on demand. A default-constructed Shape (or an empty
/// std::optional<Shape>, with g++) clears its whole storage first: 48 bytes written per slot,
/// four slots per body and two bodies per sweep, for parts mostly never held. Here nothing is
/// written until `emplace`.
class ShapeSlot {
 public:
  ShapeSlot() {}  // (the union member left unconstructed)
  ~ShapeSlot() {
    if (live_) shape_.~Shape();
  }
  ShapeSlot(const ShapeSlot&) = delete;
  ShapeSlot& operator=(const ShapeSlot&) = delete;
  /// Constructs the held shape from `args` (destroying the one held before) and returns it.
  template <class... Args>
  Shape& emplace(Args&&... args) {
    if (live_) {
      shape_.~Shape();
      live_ = false;
    }
    std::construct_at(&shape_, std::forward<Args>(args)...);
    live_ = true;
    return shape_;
  }
  /// True when a shape is held.
  explicit operator bool() const { return live_; }
  Shape& operator*() { return shape_; }
  const Shape& operator*() const { return shape_; }

 private:
  union {
    Shape shape_;
  };
  bool live_ = false;
};

/// A shape under a rigid motion, split into convex parts.
struct MovingBody {
  Vec2 pivot;         ///< rotation centre at t = 0
  Vec2 velocity;      ///< its displacement over the step
  Real omega = 0;     ///< radians turned over the step
  int count = 1;      ///< 1 or 2 parts
  // (the input is not copied: a polygon's copy costs two atomic updates of its storage's
  // count, a tenth of a polygon's sweep; the input outlives the body)
  const Shape* part[2] = {nullptr, nullptr};   ///< the parts at t = 0: the input, or `own`
  const Shape* posed[2] = {nullptr, nullptr};  ///< the parts at the last time given to `pose`:
                                               ///< `part` for a still body, else `moved`
  ShapeSlot own[2];    ///< parts that differ from the input (an aabb that turns is held as a
                       ///< box; a sector wider than pi/2 is its two halves)
  ShapeSlot moved[2];  ///< the posed parts of a body that moves (support about the pivot is
                       ///< read from `part` in place: see local_support)
  Aabb box[2];        ///< the parts' bounding boxes at t = 0
  Real core_radius[2] = {0, 0};   ///< furthest core point from the pivot (rounding excluded:
                                  ///< a disk's support does not change when it turns)
  Real bound_radius[2] = {0, 0};  ///< furthest point of the part from the pivot
  double posed_at = 0;            ///< the time of the last `pose` that turned the parts
  Rot posed_rot;                  ///< the rotation then

  /// Splits s into convex parts and measures them about the motion's pivot (or the default);
  /// s must outlive the body.
  MovingBody(const Shape& s, const RigidMotion& m, bool split);
  /// Gives a posed polygon's storage back to the thread's spares (see `pose`).
  ~MovingBody();
  MovingBody(const MovingBody&) = delete;
  MovingBody& operator=(const MovingBody&) = delete;
  /// Moves every posed part to time t (with `angles`, for a shape handed out, also a
  /// polygon's normal_turn(), which only contact's filters read). A turning polygon is posed into storage kept
  /// between sweeps on the thread (no allocation once the thread has swept one).
  void pose(double t, bool angles = false);
  /// The rotation by omega t (the one of the last pose when t is its time).
  Rot rotation(double t) const;
  /// The rotation centre at time t.
  Vec2 pivot_at(double t) const { return pivot + velocity * Real(t); }
};

}  // namespace collide2d::detail
