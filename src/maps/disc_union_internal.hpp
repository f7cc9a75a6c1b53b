// collide2d - 2D collision detection for games. MIT License.
#pragma once
// Internal to the disc-union sources: traversals of the bounding-box trees over discs and
// coast arcs, and small geometric helpers.

#include <algorithm>
#include <cmath>
#include <cstdint>

#include "collide2d/disc_union.hpp"

namespace collide2d::inline COLLIDE2D_ABI {

/// Squared distance from p to a box (0 inside).
inline Real box_distance_sq(const Aabb& b, Vec2 p) {
  const Real dx = std::max({b.min.x - p.x, Real(0), p.x - b.max.x});
  const Real dy = std::max({b.min.y - p.y, Real(0), p.y - b.max.y});
  return dx * dx + dy * dy;
}

/// Private access to DiscUnion's trees for the query sources.
struct DiscUnionAccess {
  /// Calls f(item) for every item whose box overlaps `box`, while f returns true; returns
  /// false when f stopped the walk.
  template <class F>
  static bool visit(const DiscUnion::Tree& tree, const std::vector<Aabb>& boxes, const Aabb& box, F&& f) {
    if (tree.nodes.empty()) return true;
    std::int32_t stack[64];
    int top = 0;
    stack[top++] = 0;
    while (top > 0) {
      const DiscUnion::Node& n = tree.nodes[std::size_t(stack[--top])];
      if (!n.box.overlaps(box)) continue;
      if (n.left < 0) {
        for (std::uint32_t k = n.first; k < n.first + n.count; ++k) {
          const std::uint32_t item = tree.order[k];
          if (boxes[item].overlaps(box) && !f(item)) return false;
        }
        continue;
      }
      stack[top++] = n.right;
      stack[top++] = n.left;
    }
    return true;
  }

  /// Best-first search: `item_dist(item)` gives an item's distance (>= box distance); the
  /// walk skips nodes farther than the best so far. Returns the best item, or -1 when none is
  /// within `limit`. Ties keep the lower item index.
  template <class D>
  static std::int64_t nearest(const DiscUnion::Tree& tree, Vec2 p, Real limit, D&& item_dist, Real* best_out) {
    Real best = limit;
    std::int64_t best_item = -1;
    if (tree.nodes.empty()) return -1;
    struct Entry {
      std::int32_t node;
      Real d2;
    };
    Entry stack[64];
    int top = 0;
    stack[top++] = {0, box_distance_sq(tree.nodes[0].box, p)};
    while (top > 0) {
      const Entry e = stack[--top];
      if (e.d2 > best * best) continue;
      const DiscUnion::Node& n = tree.nodes[std::size_t(e.node)];
      if (n.left < 0) {
        for (std::uint32_t k = n.first; k < n.first + n.count; ++k) {
          const std::uint32_t item = tree.order[k];
          const Real d = item_dist(item);
          if (d < best || (d == best && best_item >= 0 && std::int64_t(item) < best_item)) {
            best = d;
            best_item = item;
          }
        }
        continue;
      }
      const Real dl = box_distance_sq(tree.nodes[std::size_t(n.left)].box, p);
      const Real dr = box_distance_sq(tree.nodes[std::size_t(n.right)].box, p);
      if (dl <= dr) {  // the nearer child is taken first
        stack[top++] = {n.right, dr};
        stack[top++] = {n.left, dl};
      } else {
        stack[top++] = {n.left, dl};
        stack[top++] = {n.right, dr};
      }
    }
    if (best_out) *best_out = best;
    return best_item;
  }

  static const DiscUnion::Tree& disc_tree(const DiscUnion& u) { return u.disc_tree_; }
  static const DiscUnion::Tree& arc_tree(const DiscUnion& u) { return u.arc_tree_; }
  static const std::vector<Aabb>& disc_boxes(const DiscUnion& u) { return u.disc_boxes_; }
  static const std::vector<Aabb>& arc_boxes(const DiscUnion& u) { return u.arc_boxes_; }
};

}  // namespace collide2d
