// collide2d - 2D collision detection for games. MIT License.
#pragma once
/// @file broadphase.hpp  Broad phases: a dynamic AABB tree and a uniform grid behind one small
/// interface. Each holds proxies, caller-chosen small integer ids, with a fattened box (the tight
/// box grown by a margin and stretched along the last displacement) so that most small moves
/// change nothing; it answers box queries, ray casts and "which new pairs of fat boxes overlap
/// since the last call" (the pairs involving a proxy whose fat box changed).
///
/// Threading: every const member is safe to call from many threads at once while no thread
/// calls a non-const member (no hidden caches, no mutable members; traversal stacks are local).

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "collide2d/shapes.hpp"

namespace collide2d::inline COLLIDE2D_ABI {

/// A non-owning reference to a callable (cheap to pass through a virtual interface).
template <class Sig>
class FunctionRef;

/// A non-owning reference to a callable R(Args...); the callable must outlive the call.
template <class R, class... Args>
class FunctionRef<R(Args...)> {
 public:
  /// Refers to `f` (any callable with a compatible signature).
  template <class F>
    requires(!std::is_same_v<std::remove_cvref_t<F>, FunctionRef> && std::is_invocable_r_v<R, F&, Args...>)
  FunctionRef(F&& f)  // NOLINT: implicit by design, like std::function_ref
      : obj_(const_cast<void*>(static_cast<const void*>(&f))),
        call_([](void* o, Args... a) -> R { return (*static_cast<std::remove_reference_t<F>*>(o))(std::forward<Args>(a)...); }) {}
  /// Calls the referenced callable.
  R operator()(Args... a) const { return call_(obj_, std::forward<Args>(a)...); }

 private:
  void* obj_;
  R (*call_)(void*, Args...);
};

/// The "no node / no proxy" index.
inline constexpr std::uint32_t kNullIndex = 0xffffffffu;

/// Two proxy ids whose fat boxes overlap, a < b.
struct ProxyPair {
  std::uint32_t a = 0, b = 0;
  friend constexpr bool operator==(ProxyPair, ProxyPair) = default;
};

/// How fat boxes are made: tight box grown on every side by `margin` plus `speed_margin` times
/// the last displacement's largest component (a fast proxy gets room to turn), then stretched by
/// `displacement_factor` times the last displacement (things keep moving the same way).
/// A fat box is replaced when the tight box leaves it or when it grew `shrink_factor` times
/// larger (in units of that padding) than a fresh one would be.
struct FatBoxRule {
  Real margin = Real(0.1);              ///< world units added on every side
  Real displacement_factor = Real(2);   ///< how many displacements ahead to stretch
  Real shrink_factor = Real(4);         ///< re-fit when the slack exceeds this many paddings
  Real speed_margin = Real(0);          ///< displacements added on every side (scale-free)
};

/// The padding on every side of a fat box that moved by `displacement` (see FatBoxRule).
inline Real fat_padding(Vec2 displacement, const FatBoxRule& rule) {
  if (!(rule.speed_margin > 0) || !is_finite(displacement)) return rule.margin;
  return rule.margin + rule.speed_margin * std::max(std::fabs(displacement.x), std::fabs(displacement.y));
}

/// The fat box for a tight box that moved by `displacement`, under `rule`, given its padding
/// (`fat_padding(displacement, rule)`).
inline Aabb fatten(const Aabb& tight, Vec2 displacement, Real padding, const FatBoxRule& rule) {
  Aabb f = grown(tight, padding);
  const Vec2 d = displacement * rule.displacement_factor;
  if (!is_finite(d)) return f;
  (d.x < 0 ? f.min.x : f.max.x) += d.x;
  (d.y < 0 ? f.min.y : f.max.y) += d.y;
  return f;
}

/// The fat box for a tight box that moved by `displacement`, under `rule`.
inline Aabb fatten(const Aabb& tight, Vec2 displacement, const FatBoxRule& rule) {
  return fatten(tight, displacement, fat_padding(displacement, rule), rule);
}

/// The fat box of a proxy whose fat box is `current` after it moved to `tight` by
/// `displacement`: nothing when `current` still serves (it holds `tight` and exceeds a fresh
/// fat box by at most `shrink_factor` paddings), else the fresh one.
inline std::optional<Aabb> refatten(const Aabb& current, const Aabb& tight, Vec2 displacement,
                                    const FatBoxRule& rule) {
  const Real padding = fat_padding(displacement, rule);  // (once: the compiler did it twice)
  const Aabb fresh = fatten(tight, displacement, padding, rule);
  if (current.contains(tight) && grown(fresh, padding * rule.shrink_factor).contains(current)) return std::nullopt;
  return fresh;
}

/// The box of a proxy that does not move: the tight box padded by a few ulps of its largest
/// coordinate (`kRelEps` times it), so that rounding in slab tests never loses a touching ray.
Aabb still_box(const Aabb& tight);

/// Which broad phase a world uses.
enum class BroadphaseKind {
  tree,  ///< dynamic AABB tree: any mix of sizes, unbounded worlds
  grid,  ///< uniform grid (spatial hash): crowds of similar sizes, the cell about 2-4x a size
};

/// The broad-phase interface a world uses. Ids are caller-chosen, dense small integers.
class Broadphase {
 public:
  virtual ~Broadphase() = default;
  /// Adds proxy `id` (not present) with its tight box; its fat box is `fatten(tight, 0)`, or
  /// for a `still` proxy (one not expected to move) only a rounding-sized pad (`still_box`).
  virtual void insert(std::uint32_t id, const Aabb& tight, bool still) = 0;
  /// Removes proxy `id` (present).
  virtual void remove(std::uint32_t id) = 0;
  /// New tight box of `id` after moving by `displacement`: true when its fat box was replaced.
  virtual bool move(std::uint32_t id, const Aabb& tight, Vec2 displacement) = 0;
  /// Marks `id` as moved without changing its box (its pairs are reported again).
  virtual void touch(std::uint32_t id) = 0;
  /// The fat box of `id` (present).
  virtual Aabb fat_box(std::uint32_t id) const = 0;
  /// True when proxy `id` is present.
  virtual bool contains(std::uint32_t id) const = 0;
  /// Number of proxies.
  virtual std::size_t size() const = 0;
  /// Calls `visit(id)` for every proxy whose fat box overlaps `box`; stop when it returns false.
  virtual void query(const Aabb& box, FunctionRef<bool(std::uint32_t)> visit) const = 0;
  /// Calls `visit(id, t_max)` for proxies whose fat box the segment origin + t * unit_dir,
  /// t in [0, t_max], may touch, roughly nearest first; `visit` returns the new t_max (clip;
  /// smaller prunes, a negative value stops).
  virtual void raycast(Vec2 origin, Vec2 unit_dir, Real t_max,
                       FunctionRef<Real(std::uint32_t, Real)> visit) const = 0;
  /// Appends every pair of overlapping fat boxes with at least one proxy inserted, moved (fat
  /// box replaced) or touched since the last call, once each, a < b; then forgets the moves.
  virtual void update_pairs(std::vector<ProxyPair>& out) = 0;
  /// Rebuilds the whole structure from the current fat boxes (tree: binned SAH top-down).
  virtual void rebuild() = 0;
  /// Checks the internal invariants (a self-check for tests and fuzzing): nothing when sound,
  /// else the broken part (e.g. "nodes[12]") and what is wrong.
  virtual std::optional<Invalid> validate() const = 0;
  /// The fat-box rule in use.
  virtual const FatBoxRule& rule() const = 0;
};

namespace detail {
/// The proxies moved since the last pair update, as both broad phases keep them.
struct MovedSet {
  std::vector<std::uint8_t> state;  ///< proxy id -> 0 not moved, 1 moved, 2 counted in this update
  std::vector<std::uint32_t> list;  ///< the ids marked since the last clear(), each once
  /// Marks `id` as moved.
  void mark(std::uint32_t id) {
    if (state[id] == 0) list.push_back(id);
    state[id] = 1;
  }
  /// Forgets every move.
  void clear() {
    for (std::uint32_t id : list) state[id] = 0;
    list.clear();
  }
};
}  // namespace detail

/// One node of the dynamic tree (pool entry, addressed by index).
struct TreeNode {
  Aabb box;                           ///< fat box (leaf) or union of the children
  std::uint32_t parent = kNullIndex;  ///< parent node, or the next free node when free
  std::uint32_t child1 = kNullIndex;  ///< kNullIndex for a leaf
  std::uint32_t child2 = kNullIndex;  ///< leaf: the proxy id
  std::int32_t height = -1;           ///< 0 for a leaf, -1 when free
  /// True for a leaf.
  bool is_leaf() const { return child1 == kNullIndex; }
};

/// Dynamic AABB tree: incremental insertion by a greedy surface-area-heuristic descent, tree
/// rotations that shrink perimeters on the way up (with a height guard), removal, moves that
/// touch nothing while the fat box holds, new pairs of the moved proxies queried in Z-order,
/// nearest-first ray traversal, and a full binned-SAH rebuild. Nodes live in one pool.
class DynamicTree final : public Broadphase {
 public:
  /// An empty tree with the given fat-box rule.
  explicit DynamicTree(FatBoxRule rule = {});
  void insert(std::uint32_t id, const Aabb& tight, bool still = false) override;
  void remove(std::uint32_t id) override;
  bool move(std::uint32_t id, const Aabb& tight, Vec2 displacement) override;
  void touch(std::uint32_t id) override;
  Aabb fat_box(std::uint32_t id) const override;
  bool contains(std::uint32_t id) const override;
  std::size_t size() const override { return leaf_count_; }
  void query(const Aabb& box, FunctionRef<bool(std::uint32_t)> visit) const override;
  void raycast(Vec2 origin, Vec2 unit_dir, Real t_max,
               FunctionRef<Real(std::uint32_t, Real)> visit) const override;
  void update_pairs(std::vector<ProxyPair>& out) override;
  void rebuild() override;
  std::optional<Invalid> validate() const override;
  const FatBoxRule& rule() const override { return rule_; }

  /// Height of the tree (0 for a single leaf, -1 when empty).
  int height() const;
  /// Sum of the perimeters of all internal nodes over the root's: lower is a better tree.
  Real area_ratio() const;
  /// The node pool (free nodes have height -1), for inspection.
  const std::vector<TreeNode>& nodes() const { return nodes_; }
  /// The root node index (kNullIndex when empty).
  std::uint32_t root() const { return root_; }

 private:
  std::uint32_t allocate_node();
  void free_node(std::uint32_t n);
  /// Puts a detached leaf into the tree, descending from `start` (the root, or an ancestor
  /// whose box holds the leaf's).
  void insert_leaf(std::uint32_t leaf, std::uint32_t start);
  void remove_leaf(std::uint32_t leaf);
  /// move's rare half: gives the leaf its new fat box, in place or reinserted.
  void replace_fat_box(std::uint32_t id, std::uint32_t leaf, const Aabb& fresh);
  std::uint32_t balance(std::uint32_t a, bool swaps);
  void refit_up(std::uint32_t n, bool rotate);
  std::uint32_t build_range(std::uint32_t* leaves, std::size_t count, std::uint32_t parent);

  FatBoxRule rule_;
  std::vector<TreeNode> nodes_;
  std::uint32_t root_ = kNullIndex;
  std::uint32_t free_list_ = kNullIndex;
  std::size_t leaf_count_ = 0;
  std::vector<std::uint32_t> leaf_of_;  ///< proxy id -> leaf node (kNullIndex when absent)
  detail::MovedSet moved_;              ///< the proxies moved since the last update_pairs
  std::vector<std::uint64_t> order_;  ///< scratch of update_pairs: (Z-order key, id)
};

/// Uniform grid over the plane (a spatial hash: unbounded, cells created as needed). A proxy
/// is listed in every cell its fat box covers; one covering more than `kMaxCellsPerProxy`
/// cells goes to a short list of large proxies tested against everything.
class UniformGrid final : public Broadphase {
 public:
  /// Proxies covering more cells than this are kept in the large list.
  static constexpr int kMaxCellsPerProxy = 16;
  /// An empty grid with square cells of side `cell_size` (> 0) and the given fat-box rule.
  explicit UniformGrid(Real cell_size, FatBoxRule rule = {});
  void insert(std::uint32_t id, const Aabb& tight, bool still = false) override;
  void remove(std::uint32_t id) override;
  bool move(std::uint32_t id, const Aabb& tight, Vec2 displacement) override;
  void touch(std::uint32_t id) override;
  Aabb fat_box(std::uint32_t id) const override;
  bool contains(std::uint32_t id) const override;
  std::size_t size() const override { return count_; }
  void query(const Aabb& box, FunctionRef<bool(std::uint32_t)> visit) const override;
  void raycast(Vec2 origin, Vec2 unit_dir, Real t_max,
               FunctionRef<Real(std::uint32_t, Real)> visit) const override;
  void update_pairs(std::vector<ProxyPair>& out) override;
  void rebuild() override;
  std::optional<Invalid> validate() const override;
  const FatBoxRule& rule() const override { return rule_; }
  /// Side of a cell.
  Real cell_size() const { return cell_size_; }

  /// One entry of a cell: a proxy's fat box, copied so scans stay in the cell's memory.
  struct Entry {
    Aabb box;
    std::uint32_t id;
    std::int32_t x0, y0;  ///< the first cell the box covers (reports a pair in one cell only)
  };
  /// Integer cell range covered by a box (inclusive).
  struct CellRange {
    std::int32_t x0 = 0, y0 = 0, x1 = -1, y1 = -1;
  };

 private:
  struct Cell {
    std::int32_t x, y;
    std::vector<Entry> entries;
  };
  CellRange range_of(const Aabb& box) const;
  std::uint32_t find_cell(std::int32_t x, std::int32_t y) const;
  std::uint32_t find_or_add_cell(std::int32_t x, std::int32_t y);
  void grow_table();
  void link(std::uint32_t id);
  void unlink(std::uint32_t id);
  bool is_large(const CellRange& r) const;
  void scan_pairs(std::uint32_t id, std::vector<ProxyPair>& out) const;

  Real cell_size_;
  Real inv_cell_;
  FatBoxRule rule_;
  std::vector<Cell> cells_;               ///< cell pool
  std::vector<std::uint32_t> table_;      ///< open-addressing hash: key -> cell index
  std::vector<Aabb> fat_;                 ///< proxy id -> fat box
  std::vector<CellRange> range_;          ///< proxy id -> covered cells
  std::vector<std::uint8_t> present_;     ///< proxy id -> 1 present
  detail::MovedSet moved_;                ///< the proxies moved since the last update_pairs
  std::vector<std::uint32_t> large_;      ///< ids of the large proxies
  std::size_t count_ = 0;
};

/// A new broad phase of the given kind (`cell_size` is used by the grid only).
std::unique_ptr<Broadphase> make_broadphase(BroadphaseKind kind, const FatBoxRule& rule = {},
                                            Real cell_size = 4);

}  // namespace collide2d
