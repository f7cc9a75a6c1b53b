// collide2d - 2D collision detection for games. MIT License.
// The movers' candidates without a broad-phase query. A slot that moves keeps the list of the
// proxies whose fat boxes meet its list box: its own fat box grown by the world's near reach
// (made when its fat box last changed). Every later change of another proxy's fat box queries
// the broad phase with the new box grown by that reach anyway (the change's own list), and
// adds the proxy to the lists whose box it meets (a list box meets the new fat box only if the
// list's fat box meets the grown one: the reach only grows); so a list holds at least every
// proxy whose fat box meets its box, and a move region inside the list box needs no query: the
// proxies whose shapes meet the region are in the list (a shape lies in its fat box). A list
// holds only proxies whose filters touch its slot's (never the slot itself), so that a move reads
// only their tight boxes: a proxy that changes its filter (set_filter, or a slot reused with
// another one) leaves the lists whose slots it no longer touches (refilter_near); a destroyed
// proxy's tight box is the empty box (none_box), which meets no region. Entries of proxies that
// went away are dropped as a list doubles.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <string>

#include "collide2d/world.hpp"
#include "world/layer.hpp"

namespace collide2d::inline COLLIDE2D_ABI {

namespace {
/// A list is pruned when it reaches one of these sizes (8, 16, 32, ...).
bool prune_size(std::size_t n) { return n >= 8 && (n & (n - 1)) == 0; }

/// The kept core of a fat box `fat` under `rule` for moves whose displacement's largest
/// component is at least `speed` (World::kept_): each side the nearest coordinate to the
/// inside from which `refatten`'s test box (the box grown by the padding, then by the padding
/// times the shrink factor) still reaches the fat box's side. The padding is the one of that
/// speed (`fat_padding`): a faster move's is no smaller, the stretch along the displacement
/// only makes the test box larger, and every step of the test is monotone in the coordinates
/// (and in the padding, for a shrink factor >= 0: else a box that no box holds).
Aabb kept_core(const Aabb& fat, Real speed, const FatBoxRule& rule) {
  constexpr Real inf = std::numeric_limits<Real>::infinity();
  if (!(rule.shrink_factor >= 0)) return Aabb{{-inf, -inf}, {inf, inf}};
  const Real p = fat_padding(Vec2{speed, 0}, rule), g = p * rule.shrink_factor;
  Aabb core;
  for (int axis = 0; axis < 2; ++axis) {
    const Real lo = axis == 0 ? fat.min.x : fat.min.y, hi = axis == 0 ? fat.max.x : fat.max.y;
    const Real in = (g + p) * Real(0x1p-12);  // (a hair farther in: the tests below then hold at once)
    Real a = ((lo + g) + p) - in, b = ((hi - g) - p) + in;
    while ((a - p) - g > lo) a = std::nextafter(a, -inf);  // (grown's sums: (v - p) - g at a min side)
    while ((b + p) + g < hi) b = std::nextafter(b, inf);
    (axis == 0 ? core.min.x : core.min.y) = a;
    (axis == 0 ? core.max.x : core.max.y) = b;
  }
  return core;
}
}  // namespace

void World::fat_box_changed(std::uint32_t slot, bool rebuild_own, Real speed) {
  const Aabb fat = bp_->fat_box(slot);
  if (kept_.size() < slots_.size()) resize_kept_cores();
  kept_[slot] = Kept{kept_core(fat, speed, options_.fat), fat, speed};
  if (near_.size() < slots_.size()) near_.resize(slots_.size());
  if (near_[slot].valid()) {
    near_[slot].box = none_box();
    --near_valid_count_;
  }
  if (!rebuild_own && near_valid_count_ == 0) return;  // no list to tell
  const Aabb box = grown(fat, near_reach_);
  std::vector<std::uint32_t>* mine = rebuild_own ? &near_[slot].proxies : nullptr;
  if (mine) mine->clear();
  const Filter filter = slots_[slot].filter;
  // (still_box: a few ulps of the coordinates more, so that the query finds every list whose
  // box the fat box meets whatever the rounding of the two growths; only those lists take it)
  bp_->query(still_box(box), [&](std::uint32_t q) {
    if (q == slot || !filters_touch(filter, slots_[q].filter)) return true;  // (in no list of the other)
    if (mine) mine->push_back(q);
    if (near_[q].valid() && near_[q].box.overlaps(fat)) add_near(q, slot);
    return true;
  });
  if (mine) {
    near_[slot].box = box;
    ++near_valid_count_;
    keep_near_walls(slot);
  }
}

void World::resize_kept_cores() {
  constexpr Real big = std::numeric_limits<Real>::max();
  kept_.resize(slots_.size(), Kept{Aabb{{-big, -big}, {big, big}}, none_box(), 0});
}

void World::widen_near(const Aabb& body, Vec2 delta) {
  // A mover's move region is its box grown by its motion's length (and a few skins), and it
  // lies in its fat box only while the box has that much room: the lists made from now on are
  // grown by the longest move a mover has made, at most its size (one long jump does not grow
  // every query for good), so that the last moves before a fat box is replaced, and a body that
  // speeds up, still take their candidates from the list.
  const Real size = std::max(body.max.x - body.min.x, body.max.y - body.min.y);
  near_reach_ = std::max(near_reach_, std::min(length(delta), size));
}

void World::keep_near_walls(std::uint32_t slot) {
  Near& w = near_[slot];
  w.ids.assign(layers_.size() + 1, 0);  // (the runs' places, then the runs: Near::ids)
  w.ids[0] = int(w.ids.size());
  w.lines.clear();
  w.line_ends.clear();
  for (std::size_t li = 0; li < layers_.size(); ++li) {
    const Layer& l = *layers_[li];
    if (l.alive) {
      if (const TileMap* m = std::get_if<TileMap>(&l.geometry)) m->edges_near(w.box, w.ids);
      if (const RoomMap* r = std::get_if<RoomMap>(&l.geometry)) r->lines_near(w.box, w.lines);
    }
    w.ids[li + 1] = int(w.ids.size());
    w.line_ends.push_back(w.lines.size());
  }
  w.epoch = layer_epoch_;
}

void World::forget_near(std::uint32_t slot) {
  if (slot < near_.size() && near_[slot].valid()) {
    near_[slot].box = none_box();
    --near_valid_count_;
    near_[slot].proxies.clear();
  }
}

Aabb World::none_box() {
  constexpr Real inf = std::numeric_limits<Real>::infinity();
  return Aabb{{inf, inf}, {-inf, -inf}};
}

void World::refilter_near(std::uint32_t slot, Filter filter) {
  if (near_valid_count_ == 0) return;
  for (std::uint32_t q = 0; q < near_.size(); ++q) {
    if (near_[q].valid() && q != slot && !filters_touch(slots_[q].filter, filter)) std::erase(near_[q].proxies, slot);
  }
}

void World::add_near(std::uint32_t slot, std::uint32_t other) {
  COLLIDE2D_ASSERT(near_[slot].valid() && other != slot);  // only a valid list learns of others
  std::vector<std::uint32_t>& list = near_[slot].proxies;
  if (std::find(list.begin(), list.end(), other) != list.end()) return;
  if (prune_size(list.size())) {
    const Aabb box = near_[slot].box;
    std::erase_if(list, [&](std::uint32_t q) { return !bp_->contains(q) || !bp_->fat_box(q).overlaps(box); });
  }
  list.push_back(other);
}

std::optional<Invalid> World::check_near_walls(const Near& w, std::uint32_t i) const {
  const auto bad = [&](std::size_t li) {
    return Invalid{"near_walls[" + std::to_string(i) + "]",
                   "not the edges or lines of layers[" + std::to_string(li) + "] near its box"};
  };
  const std::size_t layers = layers_.size();
  if (w.ids.size() <= layers || std::size_t(w.ids[0]) != layers + 1 || std::size_t(w.ids[layers]) != w.ids.size() ||
      w.line_ends.size() != layers) {
    return bad(0);
  }
  std::vector<int> ids;
  std::vector<RoomMap::NearLine> lines;
  auto same = [](const RoomMap::NearLine& a, const RoomMap::NearLine& b) {
    return std::memcmp(&a.box, &b.box, sizeof a.box) == 0 && a.i == b.i && a.j == b.j && a.line == b.line;
  };
  for (std::size_t li = 0; li < layers; ++li) {
    const LayerGeometry* g = layers_[li]->alive ? &layers_[li]->geometry : nullptr;
    ids.clear();
    if (const TileMap* m = g ? std::get_if<TileMap>(g) : nullptr) m->edges_near(w.box, ids);
    if (const RoomMap* r = g ? std::get_if<RoomMap>(g) : nullptr) r->lines_near(w.box, lines);
    if (w.ids[li + 1] < w.ids[li] || std::size_t(w.ids[li + 1]) > w.ids.size()) return bad(li);
    const std::span<const int> kept = w.layer(std::uint32_t(li));
    if (!std::equal(ids.begin(), ids.end(), kept.begin(), kept.end()) ||
        lines.size() != w.line_ends[li] || !std::equal(lines.begin(), lines.end(), w.lines.begin(), same)) {
      return bad(li);
    }
  }
  return std::nullopt;
}

std::optional<Invalid> World::validate_near() const {
  auto near = [](std::uint32_t i) { return "near[" + std::to_string(i) + "]"; };
  if (kept_.size() != slots_.size()) return Invalid{"kept", "not one per slot"};
  for (std::uint32_t i = 0; i < slots_.size(); ++i) {
    constexpr Real big = std::numeric_limits<Real>::max();
    const Kept& k = kept_[i];
    if (!slots_[i].alive || k.core.min.x == -big) continue;  // (none kept)
    const Aabb fat = bp_->fat_box(i);
    const Aabb core = kept_core(fat, k.speed, options_.fat);
    if (std::memcmp(&core, &k.core, sizeof core) != 0 || std::memcmp(&fat, &k.fat, sizeof fat) != 0) {
      return Invalid{"kept[" + std::to_string(i) + "]", "made for another fat box"};
    }
  }
  std::size_t valid = 0;
  for (std::uint32_t i = 0; i < near_.size(); ++i) {
    if (!near_[i].valid()) continue;
    ++valid;
    if (!slots_[i].alive) return Invalid{near(i), "a list of a destroyed proxy"};
    const Aabb fat = bp_->fat_box(i);
    const Aabb box = near_[i].box;
    if (!box.contains(fat) || !grown(fat, near_reach_).contains(box)) return Invalid{near(i), "made for another fat box"};
    const Aabb none = none_box();
    for (std::uint32_t q : near_[i].proxies) {
      const bool fits = q != i && (slots_[q].alive ? filters_touch(slots_[i].filter, slots_[q].filter)
                                                   : std::memcmp(&tight_[q], &none, sizeof none) == 0);
      if (!fits) return Invalid{near(i), "lists slots[" + std::to_string(q) + "], which its moves may not meet"};
    }
    std::uint32_t missed = kNullIndex;
    bp_->query(box, [&](std::uint32_t q) {
      if (q != i && filters_touch(slots_[i].filter, slots_[q].filter) &&
          std::find(near_[i].proxies.begin(), near_[i].proxies.end(), q) == near_[i].proxies.end()) {
        missed = q;
      }
      return missed == kNullIndex;
    });
    if (missed != kNullIndex) return Invalid{near(i), "misses slots[" + std::to_string(missed) + "], whose fat box meets it"};
    if (const Near* w = near_walls(i)) {
      if (auto bad = check_near_walls(*w, i)) return bad;
    }
  }
  if (valid != near_valid_count_) return Invalid{"near", "the count of valid lists is out of date"};
  return std::nullopt;
}

}  // namespace collide2d
