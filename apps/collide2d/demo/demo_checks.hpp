// collide2d - 2D collision detection for games. MIT License.
#pragma once
/// @file demo_checks.hpp  The demos' independent checks of a crowd moved in one World: bodies
/// overlapping each other (every pair, through a sort on x), and solid props indexed by x for
/// brute-force tests of a body or a path against the props near it. They use only the shape
/// queries (overlaps, contact, distance), never the world or the mover they check.

#include <algorithm>
#include <cstdint>
#include <vector>

#include "collide2d/query.hpp"
#include "collide2d_support/splitmix64.hpp"

namespace collide2d::inline COLLIDE2D_ABI::tool {

/// The demos' generator: splitmix64 (support/collide2d_support/splitmix64.hpp).
using DemoRng = support::SplitMix64;

/// Pairs of disks closer than the sum of their radii less `tol` (overlapping beyond the skin).
/// `bodies` is sorted on x in place.
inline long overlapping_pairs(std::vector<Circle>& bodies, Real tol) {
  std::sort(bodies.begin(), bodies.end(), [](const Circle& a, const Circle& b) { return a.center.x < b.center.x; });
  Real widest = 0;
  for (const Circle& c : bodies) widest = std::max(widest, c.radius);
  long n = 0;
  for (std::size_t i = 0; i < bodies.size(); ++i)
    for (std::size_t j = i + 1; j < bodies.size() && bodies[j].center.x - bodies[i].center.x < 2 * widest; ++j)
      if (length(bodies[i].center - bodies[j].center) < bodies[i].radius + bodies[j].radius - tol) ++n;
  return n;
}

/// Static shapes sorted on their boxes' left sides: the shapes whose boxes meet a box.
class PropIndex {
 public:
  explicit PropIndex(std::vector<Shape> props) : props_(std::move(props)) {
    std::sort(props_.begin(), props_.end(), [](const Shape& a, const Shape& b) { return bounds(a).min.x < bounds(b).min.x; });
    for (const Shape& s : props_) {
      boxes_.push_back(bounds(s));
      widest_ = std::max(widest_, boxes_.back().max.x - boxes_.back().min.x);
    }
  }
  const std::vector<Shape>& props() const { return props_; }
  /// Calls f(shape) for every prop whose box meets `box`.
  template <class F>
  void near(const Aabb& box, F&& f) const {
    const auto first = std::lower_bound(boxes_.begin(), boxes_.end(), box.min.x - widest_,
                                        [](const Aabb& b, Real x) { return b.min.x < x; });
    for (auto it = first; it != boxes_.end() && it->min.x <= box.max.x; ++it)
      if (it->overlaps(box)) f(props_[std::size_t(it - boxes_.begin())]);
  }
  /// True when the disk reaches into a prop deeper than `tol`.
  bool inside(const Circle& c, Real tol) const {
    bool deep = false;
    near(bounds(Shape(c)), [&](const Shape& p) { deep = deep || (overlaps(Shape(c), p) && contact(Shape(c), p).depth > tol); });
    return deep;
  }
  /// True when the straight path of a centre from a to b crosses a prop (a body kept its radius
  /// from every prop at both ends, so its centre never meets one on the way).
  bool crossed(Vec2 a, Vec2 b) const {
    const Shape path = Segment{a, b};
    bool hit = false;
    near(bounds(path), [&](const Shape& p) { hit = hit || overlaps(path, p); });
    return hit;
  }

 private:
  std::vector<Shape> props_;
  std::vector<Aabb> boxes_;
  Real widest_ = 0;
};

}  // namespace collide2d::tool
