// collide2d - 2D collision detection for games. MIT License.
// Moving through the world: a body's obstacles are gathered in its move region (proxies whose
// filters agree, as solid shapes in slot order; each layer's walls through the map's own
// gather), the one mover moves it, and each contact is named (proxy or layer element). Crowds
// run in batches of movers whose regions do not meet, so any split gives the serial answer.
#include <algorithm>
#include <string>
#include <type_traits>

#include "collide2d/world.hpp"
#include "world/layer.hpp"

namespace collide2d::inline COLLIDE2D_ABI {

struct World::MoveScratch {
  std::vector<std::uint32_t> ids;    // proxies near the path, by slot
  std::vector<Shape> shapes;         // their shapes (obstacles point into it)
  std::vector<Obstacle> obstacles;   // what the one mover is given: the proxies, then each layer's run
  std::vector<std::pair<std::size_t, std::uint32_t>> runs;  // (first obstacle, layer index) per layer run
};

namespace {
/// The element kind of what a layer's `gather` hands the mover.
HitKind gathered_kind(const LayerGeometry& g) {
  if (std::holds_alternative<RoomMap>(g)) return HitKind::line;
  if (std::holds_alternative<DiscUnion>(g)) return HitKind::arc;
  return HitKind::edge;  // tile map and chain edges
}

/// The region a crowd member may touch: its move region grown by its own half size (a body
/// pushed out of an overlap moves at most about that far beyond it).
Aabb crowd_region(const Shape& body, const Aabb& move_region) {
  const Vec2 h = bounds(body).half_extents();
  return Aabb{move_region.min - h, move_region.max + h};
}

}  // namespace

/// This thread's scratch of the world's movers (kept capacity: no allocation per move).
World::MoveScratch& World::move_scratch() {
  thread_local MoveScratch s;
  return s;
}

void World::plan_move(const Shape& body, Vec2 displacement, const MoveFrame& frame, Filter filter, std::uint32_t self,
                      const MoveOptions& options, MoveScratch& s, WorldMove& out) const {
  const bool listed = near_listed(self, frame.region);
  near_proxies(frame.region, filter, self, listed, s.ids);
  const NearWalls* walls = listed ? near_walls(self) : nullptr;  // tile edges near the fat box
  out.hits.clear();
  if (path_clear(frame, filter, s.ids, walls)) {  // the mover's own answer for nothing in reach
    collide2d::move(body, displacement, frame, std::span<const Obstacle>{}, options, out.result);
    return;
  }
  std::sort(s.ids.begin(), s.ids.end());  // slot order: the same obstacles in the same order however the tree looks
  gather_obstacles(frame.region, filter, walls, s);
  collide2d::move(body, displacement, frame, s.obstacles, options, out.result);
  name_hits(s, out);
}

/// The proxies a mover meets in `region` (filters agreeing, not itself), in any order: from
/// its near list when `listed` (the region lies in its fat box), else from the broad phase.
void World::near_proxies(const Aabb& region, Filter filter, std::uint32_t self, bool listed,
                         std::vector<std::uint32_t>& ids) const {
  ids.clear();
  auto consider = [&](std::uint32_t id) {
    if (id != self && filters_touch(filter, slots_[id].filter) && tight_[id].overlaps(region)) ids.push_back(id);
  };
  if (listed) {
    for (std::uint32_t id : near_[self])
      if (slots_[id].alive) consider(id);
  } else {
    bp_->query(region, [&](std::uint32_t id) {
      consider(id);
      return true;
    });
  }
}

/// Whether nothing the mover would be given meets the frame's clear box (MoveFrame): the
/// proxies' tight boxes are their shapes' bounds, and a tile layer's kept edges are tested
/// without making obstacles. Another kind of layer, or no kept edges: not decided here (false).
bool World::path_clear(const MoveFrame& frame, Filter filter, std::span<const std::uint32_t> ids,
                       const NearWalls* walls) const {
  if (!frame.has_clear) return false;
  for (std::uint32_t id : ids)
    if (tight_[id].overlaps(frame.clear)) return false;
  for (std::uint32_t li = 0; li < layers_.size(); ++li) {
    const Layer& l = *layers_[li];
    if (!l.alive || !filters_touch(filter, l.filter)) continue;
    const TileMap* map = std::get_if<TileMap>(&l.geometry);
    if (!map || !walls) return false;
    const std::size_t begin = li == 0 ? 0 : walls->ends[li - 1];
    // (the clear box lies in the region: the kept edges meeting it are the gathered ones that do)
    if (map->near_meets(std::span<const int>(walls->ids).subspan(begin, walls->ends[li] - begin), frame.clear))
      return false;
  }
  return true;
}

/// The mover's obstacles: the proxies of s.ids (as solid shapes, in that order), then each
/// layer's run (tile layers from the kept edges when there are some).
void World::gather_obstacles(const Aabb& region, Filter filter, const NearWalls* walls, MoveScratch& s) const {
  s.shapes.clear();
  s.obstacles.clear();
  s.runs.clear();
  for (std::uint32_t id : s.ids) s.shapes.push_back(load_shape(id));
  for (std::size_t i = 0; i < s.ids.size(); ++i) {
    Obstacle o;
    o.kind = ObstacleKind::shape;
    o.shape = &s.shapes[i];
    o.owner = s.ids[i];
    s.obstacles.push_back(o);
  }
  for (std::uint32_t li = 0; li < layers_.size(); ++li) {
    const Layer& l = *layers_[li];
    if (!l.alive || !filters_touch(filter, l.filter)) continue;
    s.runs.emplace_back(s.obstacles.size(), li);
    std::visit(
        [&](const auto& map) {
          if constexpr (std::is_same_v<std::decay_t<decltype(map)>, TileMap>) {
            if (walls) {
              const std::size_t begin = li == 0 ? 0 : walls->ends[li - 1];
              map.gather(region, std::span<const int>(walls->ids).subspan(begin, walls->ends[li] - begin), s.obstacles,
                         li);
              return;
            }
          }
          map.gather(region, s.obstacles, li);
        },
        l.geometry);
  }
}

/// What each contact touched: a proxy (the first ids.size() obstacles) or a layer's element
/// (the last run starting at or before the obstacle).
void World::name_hits(const MoveScratch& s, WorldMove& out) const {
  for (const MoveContact& c : out.result.contacts) {
    if (c.obstacle < s.ids.size()) {
      out.hits.push_back(proxy_hit(s.ids[c.obstacle]));
      continue;
    }
    auto run = std::upper_bound(s.runs.begin(), s.runs.end(), c.obstacle,
                                [](std::size_t k, const auto& r) { return k < r.first; });
    COLLIDE2D_ASSERT(run != s.runs.begin());
    const std::uint32_t li = std::prev(run)->second;
    const Layer& l = *layers_[li];
    out.hits.push_back(WorldHit{gathered_kind(l.geometry), ProxyHandle{}, LayerHandle{li, l.generation, id_},
                                l.user_data, s.obstacles[c.obstacle].element});
  }
}

std::optional<Invalid> World::move(ProxyHandle h, Vec2 displacement, const MoveOptions& options, WorldMove* out) {
  if (auto bad = check(h)) return bad;
  const Shape body = load_shape(h.index);
  if (auto bad = validate_move(body, displacement, std::span<const Obstacle>{}, options)) return bad;
  WorldMove local;
  WorldMove& result = out ? *out : local;
  plan_move(body, displacement, move_frame(body, displacement, options), slots_[h.index].filter, h.index, options,
            move_scratch(), result);
  return set_shape(h, result.result.shape);
}

std::optional<Invalid> World::move(const Shape& shape, Vec2 displacement, Filter filter, const MoveOptions& options,
                                   WorldMove& out) const {
  if (auto bad = check_shape(shape)) return bad;
  if (auto bad = validate_move(shape, displacement, std::span<const Obstacle>{}, options)) return bad;
  plan_move(shape, displacement, move_frame(shape, displacement, options), filter, kNullIndex, options,
            move_scratch(), out);
  return std::nullopt;
}

// move_crowd's refusals: one displacement per body, live and distinct bodies, displacements
// within the limit, options the mover takes.
std::optional<Invalid> World::check_crowd(std::span<const ProxyHandle> bodies, std::span<const Vec2> displacements,
                                          const MoveOptions& options) {
  const std::size_t n = bodies.size();
  if (displacements.size() != n) {
    return Invalid{"displacements", "must have one entry per body (" + std::to_string(n) + "), got " +
                                        std::to_string(displacements.size())};
  }
  for (std::size_t i = 0; i < n; ++i) {
    const ProxyHandle h = bodies[i];
    const bool live = h.world == id_ && h.index < slots_.size() && slots_[h.index].alive &&
                      slots_[h.index].generation == h.generation;  // what check(h) accepts
    if (!live) {
      if (auto bad = check(h)) return Invalid{"bodies[" + std::to_string(i) + "]." + bad->field, bad->message};
    }
    if (auto bad = validate_translation(displacements[i])) {
      return Invalid{"displacements[" + std::to_string(i) + "]", bad->message};
    }
  }
  // Repeated bodies: a stamp per slot for this call (no sort).
  if (crowd_seen_.size() < slots_.size()) crowd_seen_.resize(slots_.size(), 0);
  if (++crowd_stamp_ == 0) {  // the stamps wrapped: forget every old one
    std::fill(crowd_seen_.begin(), crowd_seen_.end(), 0);
    crowd_stamp_ = 1;
  }
  for (std::size_t i = 0; i < n; ++i) {
    std::uint32_t& seen = crowd_seen_[bodies[i].index];
    if (seen == crowd_stamp_) return Invalid{"bodies[" + std::to_string(i) + "]", "repeats an earlier body"};
    seen = crowd_stamp_;
  }
  if (n > 0) {
    if (auto bad = validate_move(load_shape(bodies[0].index), displacements[0], std::span<const Obstacle>{}, options)) {
      return bad;
    }
  }
  return std::nullopt;
}

// move_crowd's batches: a mover goes one batch after the latest earlier mover whose region
// meets its own (sweep over crowd_regions_ sorted by min.x), so movers that can meet keep their
// index order. Leaves crowd_batch_ and the movers by (batch, index) in crowd_order_. No
// comparison sort but the sweep's: the pairs go by later mover and the movers by batch in
// counting passes.
void World::batch_crowd(std::size_t n) {
  sort_crowd_regions(n);
  crowd_pairs_.clear();  // (later, earlier) index pairs whose regions meet
  for (std::size_t k = 0; k < n; ++k) {
    const std::uint32_t a = crowd_sorted_[k];
    for (std::size_t m = k + 1; m < n; ++m) {
      const std::uint32_t c = crowd_sorted_[m];
      if (crowd_regions_[c].min.x > crowd_regions_[a].max.x) break;
      if (crowd_regions_[a].overlaps(crowd_regions_[c])) crowd_pairs_.push_back({std::max(a, c), std::min(a, c)});
    }
  }
  // Each mover's earlier neighbours (crowd_earlier_ from crowd_first_[i] to crowd_first_[i + 1]).
  crowd_first_.assign(n + 1, 0);
  for (const auto& p : crowd_pairs_) ++crowd_first_[p.first + 1];
  for (std::size_t i = 0; i < n; ++i) crowd_first_[i + 1] += crowd_first_[i];
  crowd_earlier_.resize(crowd_pairs_.size());
  crowd_order_.assign(crowd_first_.begin(), crowd_first_.end() - 1);  // (a fill cursor per mover)
  for (const auto& [later, earlier] : crowd_pairs_) crowd_earlier_[crowd_order_[later]++] = earlier;
  crowd_batch_.assign(n, 0);
  std::uint32_t batches = n > 0 ? 1 : 0;
  for (std::size_t i = 0; i < n; ++i) {  // by index: every earlier batch is final
    for (std::uint32_t k = crowd_first_[i]; k < crowd_first_[i + 1]; ++k)
      crowd_batch_[i] = std::max(crowd_batch_[i], crowd_batch_[crowd_earlier_[k]] + 1);
    batches = std::max(batches, crowd_batch_[i] + 1);
  }
  // The movers by (batch, index): a counting pass over the batches, stable in the index.
  crowd_first_.assign(std::size_t(batches) + 1, 0);
  for (std::size_t i = 0; i < n; ++i) ++crowd_first_[crowd_batch_[i] + 1];
  for (std::uint32_t b = 0; b < batches; ++b) crowd_first_[b + 1] += crowd_first_[b];
  crowd_order_.resize(n);
  for (std::size_t i = 0; i < n; ++i) crowd_order_[crowd_first_[crowd_batch_[i]]++] = std::uint32_t(i);
}

// crowd_sorted_: the movers by (crowd_regions_ min.x, index). Crowds move little per step, so
// the last call's order is nearly sorted: insertion sort from it, within a budget of moves
// (then a full sort, for a crowd that changed).
void World::sort_crowd_regions(std::size_t n) {
  auto before = [&](std::uint32_t a, std::uint32_t b) {
    return crowd_regions_[a].min.x != crowd_regions_[b].min.x ? crowd_regions_[a].min.x < crowd_regions_[b].min.x : a < b;
  };
  if (crowd_sorted_.size() != n) {
    crowd_sorted_.resize(n);
    for (std::size_t i = 0; i < n; ++i) crowd_sorted_[i] = std::uint32_t(i);
  }
  std::size_t budget = 8 * n + 64;
  for (std::size_t i = 1; i < n && budget > 0; ++i) {
    const std::uint32_t v = crowd_sorted_[i];
    std::size_t j = i;
    for (; j > 0 && before(v, crowd_sorted_[j - 1]) && budget > 0; --j, --budget) crowd_sorted_[j] = crowd_sorted_[j - 1];
    crowd_sorted_[j] = v;
  }
  if (budget == 0) std::sort(crowd_sorted_.begin(), crowd_sorted_.end(), before);
}

std::optional<Invalid> World::move_crowd(std::span<const ProxyHandle> bodies, std::span<const Vec2> displacements,
                                         const MoveOptions& options, std::vector<WorldMove>& out,
                                         const TaskRunner& run) {
  if (auto bad = check_crowd(bodies, displacements, options)) return bad;
  const std::size_t n = bodies.size();
  out.resize(n);
  if (!run) {
    // Serial: the answer is the one of moving them one by one in index order, so that is what
    // runs (no regions to compare, no batches).
    MoveScratch& scratch = move_scratch();
    for (std::size_t i = 0; i < n; ++i) {
      const std::uint32_t slot = bodies[i].index;
      const Shape body = load_shape(slot);
      plan_move(body, displacements[i], move_frame(body, displacements[i], options), slots_[slot].filter, slot,
                options, scratch, out[i]);
      place_moved(slot, out[i].result.shape);
    }
    return std::nullopt;
  }
  // Each mover's frame and region (in parallel: they only read the world), then the batches.
  crowd_regions_.resize(n);
  crowd_frames_.resize(n);
  run(n, [&](std::size_t lo, std::size_t hi) {
    for (std::size_t i = lo; i < hi; ++i) {
      const Shape body = load_shape(bodies[i].index);
      crowd_frames_[i] = move_frame(body, displacements[i], options);
      crowd_regions_[i] = crowd_region(body, crowd_frames_[i].region);
    }
  });
  batch_crowd(n);
  for (std::size_t b = 0; b < n;) {
    std::size_t e = b;
    while (e < n && crowd_batch_[crowd_order_[e]] == crowd_batch_[crowd_order_[b]]) ++e;
    run(e - b, [&](std::size_t lo, std::size_t hi) {
      MoveScratch& scratch = move_scratch();
      for (std::size_t k = b + lo; k < b + hi; ++k) {
        const std::uint32_t i = crowd_order_[k];
        const std::uint32_t slot = bodies[i].index;
        plan_move(load_shape(slot), displacements[i], crowd_frames_[i], slots_[slot].filter, slot, options, scratch,
                  out[i]);
      }
    });
    for (std::size_t k = b; k < e; ++k) {  // nobody in the batch saw another: apply in index order
      const std::uint32_t i = crowd_order_[k];
      place_moved(bodies[i].index, out[i].result.shape);
    }
    b = e;
  }
  return std::nullopt;
}

}  // namespace collide2d
