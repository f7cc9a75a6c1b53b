// collide2d - 2D collision detection for games. MIT License.
// The movers' candidates without a broad-phase query. A slot that moves keeps the list of the
// proxies whose fat boxes meet its list box: its own fat box grown by the world's near reach
// (made when its fat box last changed). Every later change of another proxy's fat box queries
// the broad phase with the new box grown by that reach anyway (the change's own list), and
// adds the proxy to the lists whose box it meets (a list box meets the new fat box only if the
// list's fat box meets the grown one: the reach only grows); so a list holds at least every
// proxy whose fat box meets its box, and a move region inside the list box needs no query: the
// proxies whose shapes meet the region are in the list (a shape lies in its fat box). Entries
// of proxies that went away are dropped as a list doubles.
#include <algorithm>
#include <string>

#include "collide2d/world.hpp"
#include "world/layer.hpp"

namespace collide2d::inline COLLIDE2D_ABI {

namespace {
/// A list is pruned when it reaches one of these sizes (8, 16, 32, ...).
bool prune_size(std::size_t n) { return n >= 8 && (n & (n - 1)) == 0; }
}  // namespace

void World::fat_box_changed(std::uint32_t slot, bool rebuild_own) {
  if (near_.size() < slots_.size()) {
    near_.resize(slots_.size());
    near_box_.resize(slots_.size());
    near_valid_.resize(slots_.size(), 0);
    near_walls_.resize(slots_.size());
  }
  if (near_valid_[slot]) {
    near_valid_[slot] = 0;
    --near_valid_count_;
  }
  if (!rebuild_own && near_valid_count_ == 0) return;  // no list to tell
  const Aabb fat = bp_->fat_box(slot);
  const Aabb box = grown(fat, near_reach_);
  std::vector<std::uint32_t>* mine = rebuild_own ? &near_[slot] : nullptr;
  if (mine) mine->clear();
  // (still_box: a few ulps of the coordinates more, so that the query finds every list whose
  // box the fat box meets whatever the rounding of the two growths; only those lists take it)
  bp_->query(still_box(box), [&](std::uint32_t q) {
    if (q == slot) return true;
    if (mine) mine->push_back(q);
    if (near_valid_[q] && near_box_[q].overlaps(fat)) add_near(q, slot);
    return true;
  });
  if (mine) {
    near_box_[slot] = box;
    near_valid_[slot] = 1;
    ++near_valid_count_;
    keep_near_walls(slot);
  }
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
  NearWalls& w = near_walls_[slot];
  w.ids.clear();
  w.ends.clear();
  for (const auto& l : layers_) {
    if (l->alive)
      if (const TileMap* m = std::get_if<TileMap>(&l->geometry)) m->edges_near(near_box_[slot], w.ids);
    w.ends.push_back(w.ids.size());
  }
  w.epoch = layer_epoch_;
}

void World::forget_near(std::uint32_t slot) {
  if (slot < near_valid_.size() && near_valid_[slot]) {
    near_valid_[slot] = 0;
    --near_valid_count_;
    near_[slot].clear();
  }
}

void World::add_near(std::uint32_t slot, std::uint32_t other) {
  COLLIDE2D_ASSERT(near_valid_[slot] && other != slot);  // only a valid list learns of others
  std::vector<std::uint32_t>& list = near_[slot];
  if (std::find(list.begin(), list.end(), other) != list.end()) return;
  if (prune_size(list.size())) {
    const Aabb box = near_box_[slot];
    std::erase_if(list, [&](std::uint32_t q) { return !bp_->contains(q) || !bp_->fat_box(q).overlaps(box); });
  }
  list.push_back(other);
}

std::optional<Invalid> World::validate_near() const {
  auto near = [](std::uint32_t i) { return "near[" + std::to_string(i) + "]"; };
  std::size_t valid = 0;
  for (std::uint32_t i = 0; i < near_valid_.size(); ++i) {
    if (!near_valid_[i]) continue;
    ++valid;
    if (!slots_[i].alive) return Invalid{near(i), "a list of a destroyed proxy"};
    const Aabb fat = bp_->fat_box(i);
    const Aabb box = near_box_[i];
    if (!box.contains(fat) || !grown(fat, near_reach_).contains(box)) return Invalid{near(i), "made for another fat box"};
    std::uint32_t missed = kNullIndex;
    bp_->query(box, [&](std::uint32_t q) {
      if (q != i && std::find(near_[i].begin(), near_[i].end(), q) == near_[i].end()) missed = q;
      return missed == kNullIndex;
    });
    if (missed != kNullIndex) return Invalid{near(i), "misses slots[" + std::to_string(missed) + "], whose fat box meets it"};
    if (const NearWalls* w = near_walls(i)) {
      std::vector<int> ids;
      for (std::size_t li = 0; li < layers_.size(); ++li) {
        const TileMap* m = layers_[li]->alive ? std::get_if<TileMap>(&layers_[li]->geometry) : nullptr;
        if (m) m->edges_near(box, ids);
        if (li >= w->ends.size() || ids.size() != w->ends[li] ||
            !std::equal(ids.begin(), ids.end(), w->ids.begin())) {
          return Invalid{"near_walls[" + std::to_string(i) + "]",
                         "not the edges of layers[" + std::to_string(li) + "] near its box"};
        }
      }
    }
  }
  if (valid != near_valid_count_) return Invalid{"near", "the count of valid lists is out of date"};
  return std::nullopt;
}

}  // namespace collide2d
