// collide2d - 2D collision detection for games. MIT License.
// Moving through the world: a body's obstacles are gathered in its move region (proxies whose
// filters agree, as solid shapes in slot order; each layer's walls through the map's own
// gather), the one mover moves it, and each contact is named (proxy or layer element). Crowds
// run in batches of movers whose regions do not meet, so any split gives the serial answer.
#include <algorithm>
#include <atomic>
#include <limits>
#include <mutex>
#include <string>
#include <type_traits>

#include "collide2d/world.hpp"
#include "motion/motion_internal.hpp"
#include "motion/obstacle_ops.hpp"
#include "shapes/limits.hpp"
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

/// The region a crowd member may touch: its move region grown by its own half size (`box`: its
/// bounds; a body pushed out of an overlap moves at most about that far beyond it).
Aabb crowd_region(const Aabb& box, const Aabb& move_region) {
  const Vec2 h = box.half_extents();
  return Aabb{move_region.min - h, move_region.max + h};
}

/// A disc's move frame: move_frame's for the disc as a Shape (a disc's cover is its bounds),
/// without the shape visit. `open`: the options are open_options (a crowd resolves that once)
/// and the displacement is finite, so the frame needs no test of either.
[[gnu::always_inline]] inline MoveFrame disc_frame(const Circle& disc, Vec2 displacement, const MoveOptions& options,
                                                   bool open = false) {
  const Aabb box = collide2d::bounds(disc);
  return open ? motion_detail::open_frame_of(box, box, displacement, options)
              : motion_detail::frame_of(box, box, displacement, options);
}

}  // namespace

/// This thread's scratch of the world's movers (kept capacity: no allocation per move).
World::MoveScratch& World::move_scratch() {
  thread_local MoveScratch s;
  return s;
}

// (near_listed and near_walls live here, next to their one caller on the mover's path, so
// that the compiler can inline them there)
bool World::near_listed(std::uint32_t slot, const Aabb& region) const {
  if (slot >= near_.size() || !near_[slot].valid()) return false;
  const Aabb& b = near_[slot].box;
  return b.min.x <= region.min.x && b.min.y <= region.min.y && region.max.x <= b.max.x && region.max.y <= b.max.y;
}

const World::Near* World::near_walls(std::uint32_t slot) const {
  return near_[slot].epoch == layer_epoch_ ? &near_[slot] : nullptr;
}

void World::plan_move(const Shape& body, Vec2 displacement, const MoveFrame& frame, Filter filter, std::uint32_t self,
                      const MoveOptions& options, MoveScratch& s, WorldMove& out) const {
  const Near* walls = nullptr;
  out.hits.clear();
  if (clear_ahead(frame, std::get_if<Circle>(&body), displacement, filter, self, s, walls)) {  // the mover's own answer for nothing in reach
    collide2d::move(body, displacement, frame, std::span<const Obstacle>{}, options, out.result);
    return;
  }
  move_through(body, displacement, frame, filter, walls, options, s, out);
}

/// Whether the mover would meet nothing on its path (path_clear), with the proxies near its
/// region in s.ids (near_proxies) and its kept tile edges in `walls` (when its near list
/// serves: the region lies in its fat box). `disc`: the body when it is a disc (moved by
/// `displacement`, finite), else null.
[[gnu::always_inline]] inline bool World::clear_ahead(const MoveFrame& frame, const Circle* disc, Vec2 displacement,
                                                      Filter filter, std::uint32_t self, MoveScratch& s,
                                                      const Near*& walls) const {
  const bool listed = near_listed(self, frame.region);
  near_proxies(frame.region, filter, self, listed, s.ids);
  walls = listed ? near_walls(self) : nullptr;  // tile edges near the fat box
  return path_clear(frame, disc, displacement, filter, s.ids, walls);
}

/// A move whose path is not clear (clear_ahead's s.ids and walls): its obstacles gathered,
/// the one mover, the hits named. A disc (move_disc: its displacement is finite) goes to the
/// mover's own disc entry, which collide2d::move of the disc as a Shape runs after its checks.
template <class B>
[[gnu::always_inline]] inline void World::move_through(const B& body, Vec2 displacement, const MoveFrame& frame, Filter filter,
                         const Near* walls, const MoveOptions& options, MoveScratch& s, WorldMove& out) const {
  std::sort(s.ids.begin(), s.ids.end());  // slot order: the same obstacles in the same order however the tree looks
  gather_obstacles(frame.region, filter, walls, s);
  if constexpr (std::is_same_v<B, Shape>) {
    collide2d::move(body, displacement, frame, s.obstacles, options, out.result);
  } else {
    motion_detail::start_result(out.result);
    motion_detail::move_body(body, displacement, frame, s.obstacles, options, out.result);
  }
  name_hits(s, out);
}

// (place_moved and its halves live here, next to the crowd, their callers on the mover's path)
bool World::place_moved(std::uint32_t slot, const Shape& shape) {
  Vec2 delta;
  const Stored stored = store_moved(slot, shape, delta);
  if (stored == Stored::refused) return false;
  if (stored == Stored::other) {
    if (check_shape(shape)) return false;
    place(slot, shape, true);
    return true;
  }
  finish_moved(slot, stored, delta);
  return true;
}

World::Stored World::store_moved(std::uint32_t slot, const Shape& shape, Vec2& delta) {
  const Circle* c = std::get_if<Circle>(&shape);
  return c ? store_disc(slot, *c, delta) : Stored::other;
}

[[gnu::always_inline]] inline Aabb World::kept_fat_box(std::uint32_t slot) const {
  const Aabb& fat = kept_[slot].fat;
  return fat.min.x <= fat.max.x ? fat : bp_->fat_box(slot);  // (none kept: none_box)
}

[[gnu::always_inline]] inline World::Stored World::store_disc(std::uint32_t slot, const Circle& c, Vec2& delta) {
  const Aabb fat = kept_fat_box(slot);  // (first: nothing else has to live across the call)
  Aabb box;
  const Stored stored = disc_stored(slot, c, fat, box, delta);
  if (stored == Stored::kept || stored == Stored::refit) write_disc(slot, c, box);
  return stored;
}

[[gnu::always_inline]] inline World::Stored World::disc_stored(std::uint32_t slot, const Circle& c, const Aabb& fat,
                                                               Aabb& box, Vec2& delta) const {
  // The mover's output is the valid body translated: a disc stays valid while its centre is
  // within the coordinate limit (the check `check_shape` makes, without building a message).
  if (!within(c.center)) return Stored::refused;
  if (!std::holds_alternative<Circle>(shapes_[slot])) return Stored::other;
  box = collide2d::bounds(c);
  delta = box.center() - tight_[slot].center();  // (finite: both boxes are within the limit)
  if (!fat.contains(box)) return Stored::refit;  // (refatten's first test: the box left it)
  const Kept& k = kept_[slot];
  if (box.contains(k.core) && std::max(std::fabs(delta.x), std::fabs(delta.y)) >= k.speed) {
    return Stored::kept;  // (what the broad phase's refatten decides then, see kept_)
  }
  // The broad phase's own test (refatten, past its first): whether its move will change the fat
  // box `fat` (its rule is options_.fat, which it was made with).
  return refatten(fat, box, delta, options_.fat) ? Stored::refit : Stored::kept;
}

[[gnu::always_inline]] inline void World::write_disc(std::uint32_t slot, const Circle& c, const Aabb& box) {
  *std::get_if<Circle>(&shapes_[slot]) = c;  // place() without the variant round trips
  tight_[slot] = box;
  slots_[slot].is_static = false;
}

[[gnu::always_inline]] inline void World::finish_moved(std::uint32_t slot, Stored stored, Vec2 delta) {
  if (stored == Stored::refit && bp_->move(slot, tight_[slot], delta)) {
    widen_near(tight_[slot], delta);
    fat_box_changed(slot, true, std::max(std::fabs(delta.x), std::fabs(delta.y)) * Real(0.25));
  }
  if (stored == Stored::kept || stored == Stored::refit) mark_dirty(slot);
}

/// The proxies a mover meets in `region` (filters agreeing, not itself), in any order: from
/// its near list when `listed` (the region lies in its fat box; `filter` is then its own), else
/// from the broad phase. A list holds only other proxies whose filters touch its slot's, or
/// destroyed ones, whose tight box meets no region (near_): only the tight boxes are read.
[[gnu::always_inline]] inline void World::near_proxies(const Aabb& region, Filter filter, std::uint32_t self,
                                                       bool listed, std::vector<std::uint32_t>& ids) const {
  ids.clear();
  if (listed) {
    COLLIDE2D_ASSERT(filter == slots_[self].filter);
    for (std::uint32_t id : near_[self].proxies)
      if (tight_[id].overlaps(region)) ids.push_back(id);
  } else {
    bp_->query(region, [&](std::uint32_t id) {
      if (id != self && filters_touch(filter, slots_[id].filter) && tight_[id].overlaps(region)) ids.push_back(id);
      return true;
    });
  }
}

/// Whether the mover, given its obstacles, would answer as with none: nothing it would be given
/// meets the frame's clear box (MoveFrame), or (a disc's tile walls) what meets it the disc's
/// path leaves alone (disk_leaves_edge). The proxies' tight boxes are their shapes' bounds, and
/// a tile layer's kept edges and a room map's gathered lines are tested without making
/// obstacles. Another kind of layer, or a tile layer without kept edges: not decided here
/// (false). `disc`, `displacement`: as clear_ahead.
[[gnu::always_inline]] inline bool World::path_clear(const MoveFrame& frame, const Circle* disc, Vec2 displacement,
                                                     Filter filter, std::span<const std::uint32_t> ids,
                                                     const Near* walls) const {
  if (!frame.has_clear) return false;
  const Vec2 r = displacement * Real(1);  // (a disc's: the mover's first motion and its length, same bits)
  for (std::uint32_t id : ids) {
    if (!tight_[id].overlaps(frame.clear)) continue;
    const Circle* other = disc ? std::get_if<Circle>(&shapes_[id]) : nullptr;  // (the shape load_shape gives)
    if (!other || !motion_detail::disk_leaves_disk(*disc, r, frame.skin, *other)) return false;
  }
  const Real len = disc ? length(r) : Real(0);
  const auto leaves = [&](const WallEdge& e) { return motion_detail::disk_leaves_edge(*disc, r, len, frame.skin, e); };
  for (std::uint32_t li = 0; li < layers_.size(); ++li) {
    const Layer& l = *layers_[li];
    if (!l.alive || !filters_touch(filter, l.filter)) continue;
    if (const TileMap* map = std::get_if<TileMap>(&l.geometry)) {
      if (!walls) return false;
      // (the clear box lies in the region: the kept edges meeting it are the gathered ones that do)
      if (!(disc ? map->near_all(walls->layer(li), frame.clear, leaves) : !map->near_meets(walls->layer(li), frame.clear)))
        return false;
    } else if (const RoomMap* rooms = std::get_if<RoomMap>(&l.geometry)) {
      if (disc ? !(walls ? rooms->near_all(walls->rooms(li), frame.region, frame.clear, leaves)
                         : rooms->gathered_all(frame.region, frame.clear, leaves))
               : (walls ? rooms->near_meets(walls->rooms(li), frame.region, frame.clear)
                        : rooms->gathered_meets(frame.region, frame.clear))) {
        return false;
      }
    } else {
      return false;
    }
  }
  return true;
}

/// The mover's obstacles: the proxies of s.ids (as solid shapes, in that order), then each
/// layer's run (tile and room layers from the kept edges and lines when there are some).
void World::gather_obstacles(const Aabb& region, Filter filter, const Near* walls, MoveScratch& s) const {
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
              map.gather(region, walls->layer(li), s.obstacles, li);
              return;
            }
          } else if constexpr (std::is_same_v<std::decay_t<decltype(map)>, RoomMap>) {
            if (walls) {
              map.gather(region, walls->rooms(li), s.obstacles, li);
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
  // Repeated bodies: a stamp per slot for this call (no sort). One walk checks both, and a
  // repeat is reported after the walk: a bad body or displacement anywhere comes first.
  if (crowd_seen_.size() < slots_.size()) crowd_seen_.resize(slots_.size(), 0);
  if (++crowd_stamp_ == 0) {  // the stamps wrapped: forget every old one
    std::fill(crowd_seen_.begin(), crowd_seen_.end(), 0);
    crowd_stamp_ = 1;
  }
  std::size_t repeat = n;  // the first body that repeats an earlier one
  for (std::size_t i = 0; i < n; ++i) {
    const ProxyHandle h = bodies[i];
    const bool live = h.world == id_ && h.index < slots_.size() && slots_[h.index].alive &&
                      slots_[h.index].generation == h.generation;  // what check(h) accepts
    if (!live) {
      if (auto bad = check(h)) return Invalid{"bodies[" + std::to_string(i) + "]." + bad->field, bad->message};
    }
    if (!translation_fits(displacements[i])) {  // (the check below, without the call)
      if (auto bad = validate_translation(displacements[i])) {
        return Invalid{"displacements[" + std::to_string(i) + "]", bad->message};
      }
    }
    std::uint32_t& seen = crowd_seen_[h.index];
    if (seen == crowd_stamp_ && repeat == n) repeat = i;
    seen = crowd_stamp_;
  }
  if (repeat < n) return Invalid{"bodies[" + std::to_string(repeat) + "]", "repeats an earlier body"};
  if (n > 0) {
    if (auto bad = validate_move(load_shape(bodies[0].index), displacements[0], std::span<const Obstacle>{}, options)) {
      return bad;
    }
  }
  return std::nullopt;
}

// move_crowd's batches: a mover goes one batch after the latest earlier mover whose region
// (crowd_regions_) meets its own, so movers that can meet keep their index order. The movers
// are listed on a grid first (list_crowd); the first batch (the movers no earlier region meets)
// is found in parallel (crowd_meets_earlier), and is planned in the same call; this finds the
// batches of the others (crowd_batch_[i] 1 for now), in index order: each takes its batch from
// the earlier movers listed in the 3 x 3 cells around its own (their batches are final). Leaves
// the movers by (batch, index) in crowd_order_ (a counting pass: no comparison sort) and the
// first of each batch in crowd_first_ (then the end of the last).
void World::batch_crowd(std::size_t n) {
  const std::size_t w = crowd_width_;
  std::uint32_t batches = 1;  // (the first, maybe empty)
  for (std::size_t i = 0; i < n; ++i) {
    if (crowd_batch_[i] == 0) continue;
    const std::size_t cell = crowd_cell_[i];
    std::uint32_t batch = 0;
    for (std::size_t row = cell - w; row <= cell + w; row += w) {  // (the grid's border cells stay empty)
      for (std::size_t c = row - 1; c <= row + 1; ++c) {
        for (std::uint32_t j = crowd_cells_[c]; j < i; j = crowd_next_[j])  // (the earlier movers listed there)
          if (crowd_regions_[i].overlaps(crowd_regions_[j])) batch = std::max(batch, crowd_batch_[j] + 1);
      }
    }
    crowd_batch_[i] = batch;
    batches = std::max(batches, batch + 1);
  }
  // The movers by (batch, index): a counting pass over the batches, stable in the index.
  crowd_first_.assign(std::size_t(batches) + 1, 0);
  for (std::size_t i = 0; i < n; ++i) ++crowd_first_[crowd_batch_[i] + 1];
  for (std::uint32_t b = 0; b < batches; ++b) crowd_first_[b + 1] += crowd_first_[b];
  crowd_order_.resize(n);
  for (std::size_t i = 0; i < n; ++i) crowd_order_[crowd_first_[crowd_batch_[i]]++] = std::uint32_t(i);
  for (std::uint32_t b = batches; b > 0; --b) crowd_first_[b] = crowd_first_[b - 1];  // (back to each batch's first)
  crowd_first_[0] = 0;
}

// The movers listed on the grid (crowd_grid), each in the cell of its region's min corner; a
// cell's list goes by index (crowd_cells_: the first mover listed, crowd_next_ the one after,
// kNullIndex at the end): the earlier movers than one are those before the first later one.
void World::list_crowd(std::size_t n) {
  crowd_width_ = crowd_grid(n);
  crowd_batch_.resize(n);
  crowd_next_.resize(n);
  for (std::size_t i = n; i-- > 0;) {
    crowd_next_[i] = crowd_cells_[crowd_cell_[i]];
    crowd_cells_[crowd_cell_[i]] = std::uint32_t(i);
  }
}

// Whether an earlier mover's region meets mover i's (list_crowd's lists: the regions that meet
// are in cells at most one apart on each axis). Only reads: the movers test in parallel.
[[gnu::always_inline]] inline bool World::crowd_meets_earlier(std::size_t i) const {
  const std::size_t w = crowd_width_, cell = crowd_cell_[i];
  for (std::size_t row = cell - w; row <= cell + w; row += w) {  // (the grid's border cells stay empty)
    for (std::size_t c = row - 1; c <= row + 1; ++c) {
      for (std::uint32_t j = crowd_cells_[c]; j < i; j = crowd_next_[j])  // (the earlier movers listed there)
        if (crowd_regions_[i].overlaps(crowd_regions_[j])) return true;
    }
  }
  return false;
}

// The grid list_crowd lists the movers on: each region goes under the cell of its min corner
// (crowd_cell_[i]: mover i's cell, y * width + x); the cells are a little larger than every
// region (and at most about 2 sqrt(n) per side), so regions that meet are in cells at most one
// apart on each axis. A border of cells that no region is under goes around the grid (every
// region's cell has 3 x 3 cells around it). Leaves every cell's list empty (crowd_cells_: the
// first mover listed in a cell, crowd_next_ the one after) and returns the grid's width.
std::uint32_t World::crowd_grid(std::size_t n) {
  if (n == 0) return 1;
  const Aabb all = crowd_bounds_;  // (frame_crowd's)
  const Real size = crowd_size_;
  const Real side = 2 * std::sqrt(Real(n));
  const Real cell = std::max({size, (all.max.x - all.min.x) / side, (all.max.y - all.min.y) / side, Real(1e-30)}) *
                    Real(1.01);
  const Real inv = 1 / cell;
  const int w = int((all.max.x - all.min.x) * inv) + 1, h = int((all.max.y - all.min.y) * inv) + 1;
  crowd_cell_.resize(n);
  for (std::size_t i = 0; i < n; ++i) {
    const int cx = std::min(w - 1, int((crowd_regions_[i].min.x - all.min.x) * inv)) + 1;
    const int cy = std::min(h - 1, int((crowd_regions_[i].min.y - all.min.y) * inv)) + 1;
    crowd_cell_[i] = std::uint32_t(cy) * std::uint32_t(w + 2) + std::uint32_t(cx);
  }
  crowd_cells_.assign(std::size_t(w + 2) * std::size_t(h + 2), kNullIndex);
  return std::uint32_t(w + 2);
}

// Each mover's start, frame and region (in parallel: they only read the world), and the box of
// all the regions and their largest side for the batching grid (crowd_bounds_, crowd_size_):
// each chunk's, merged under a lock (minima and maxima: the same whatever the split).
void World::frame_crowd(std::span<const ProxyHandle> bodies, std::span<const Vec2> displacements,
                        const MoveOptions& options, const TaskRunner& run) {
  const std::size_t n = bodies.size();
  crowd_regions_.resize(n);
  crowd_frames_.resize(n);
  crowd_starts_.resize(n);
  crowd_stored_.resize(n);
  crowd_bounds_ = none_box();
  crowd_size_ = 0;
  std::mutex merge;
  run(n, [&](std::size_t lo, std::size_t hi) {
    Aabb all = none_box();
    Real size = 0;
    for (std::size_t i = lo; i < hi; ++i) {
      const std::uint32_t slot = bodies[i].index;
      if (const Circle* disc = std::get_if<Circle>(&shapes_[slot])) {  // (most crowds: no shape visit)
        crowd_starts_[i] = *disc;
        crowd_frames_[i] = disc_frame(*disc, displacements[i], options);
        crowd_regions_[i] = crowd_region(collide2d::bounds(*disc), crowd_frames_[i].region);
      } else {
        crowd_starts_[i] = load_shape(slot);
        crowd_frames_[i] = move_frame(crowd_starts_[i], displacements[i], options);
        crowd_regions_[i] = crowd_region(collide2d::bounds(crowd_starts_[i]), crowd_frames_[i].region);
      }
      const Aabb& r = crowd_regions_[i];
      all = merged(all, r);
      size = std::max({size, r.max.x - r.min.x, r.max.y - r.min.y});
    }
    const std::lock_guard<std::mutex> lock(merge);
    crowd_bounds_ = merged(crowd_bounds_, all);
    crowd_size_ = std::max(crowd_size_, size);
  });
}

std::optional<Invalid> World::move_crowd(std::span<const ProxyHandle> bodies, std::span<const Vec2> displacements,
                                         const MoveOptions& options, std::vector<WorldMove>& out,
                                         const TaskRunner& run) {
  if (auto bad = check_crowd(bodies, displacements, options)) return bad;
  const std::size_t n = bodies.size();
  out.resize(n);
  if (kept_.size() < slots_.size()) resize_kept_cores();  // (a record per slot: prefetch_movers)
  if (near_.size() < slots_.size()) near_.resize(slots_.size());
  if (!run) {
    move_crowd_serially(bodies, displacements, options, out);
    return std::nullopt;
  }
  frame_crowd(bodies, displacements, options, run);
  list_crowd(n);
  // The batches give the serial answer when every mover ends inside its region; a mover pushed
  // out of a deep overlap can go farther (bodies started inside each other): then the crowd is
  // put back where it started and moved one by one. Nobody in a batch sees another's region:
  // they plan in parallel (the world is only read), a disc also works out how it will be stored
  // (disc_stored); then each is placed in index order, as one by one. The first batch, the
  // movers no earlier region meets, is found and planned in one call.
  std::atomic<bool> escaped{false};
  run(n, [&](std::size_t lo, std::size_t hi) {
    MoveScratch& scratch = move_scratch();
    for (std::size_t i = lo; i < hi; ++i) {
      prefetch_movers(bodies, out, nullptr, i, hi);
      crowd_batch_[i] = crowd_meets_earlier(i) ? 1 : 0;  // (1: a later batch, found by batch_crowd)
      if (crowd_batch_[i] == 0 && !plan_crowd_move(bodies[i].index, displacements[i], i, options, scratch, out[i])) {
        escaped.store(true, std::memory_order_relaxed);
      }
    }
  });
  batch_crowd(n);
  place_crowd_batch(bodies, 0, crowd_first_[1], out);
  for (std::size_t batch = 1; batch + 1 < crowd_first_.size(); ++batch) {
    const std::size_t b = crowd_first_[batch], e = crowd_first_[batch + 1];
    run(e - b, [&](std::size_t lo, std::size_t hi) {
      MoveScratch& scratch = move_scratch();
      for (std::size_t k = b + lo; k < b + hi; ++k) {
        prefetch_movers(bodies, out, crowd_order_.data(), k, b + hi);
        const std::uint32_t i = crowd_order_[k];
        if (!plan_crowd_move(bodies[i].index, displacements[i], i, options, scratch, out[i])) {
          escaped.store(true, std::memory_order_relaxed);
        }
      }
    });
    place_crowd_batch(bodies, b, e, out);
  }
  if (escaped.load(std::memory_order_relaxed)) {
    for (std::size_t k = 0; k < n; ++k) place_moved(bodies[k].index, crowd_starts_[k]);
    move_crowd_serially(bodies, displacements, options, out);
  }
  return std::nullopt;
}

/// Asks the memory, ahead of a crowd's k-th mover (bodies[order[k]], or bodies[k] without an
/// order; the movers up to `end`), for what the next ones read first: the records of the mover
/// three ahead (its answer, shape, tight box, kept box and near record), and the blocks that the
/// near record of the one two ahead points to (its tile edges, near proxies and room lines; the
/// record was asked for a mover earlier). The movers come in the caller's order, spread over the
/// world's arrays and the heap: without it each waits for its records one after another, most
/// of a step at 10,000 agents on 099-8. (Also asking for the tight boxes of the next one's near
/// proxies cost more than it won.) Changes nothing but the caches. Every slot has its kept and
/// near records by then (move_crowd).
[[gnu::always_inline]] inline void World::prefetch_movers(std::span<const ProxyHandle> bodies,
                                                          const std::vector<WorldMove>& out,
                                                          const std::uint32_t* order, std::size_t k,
                                                          std::size_t end) const {
  const auto mover = [&](std::size_t j) { return order ? order[j] : j; };
  if (k + 3 < end) {
    const std::size_t i = mover(k + 3);
    const std::uint32_t s = bodies[i].index;
    __builtin_prefetch(&out[i], 1);
    __builtin_prefetch(shapes_.data() + s);
    __builtin_prefetch(tight_.data() + s);
    __builtin_prefetch(kept_.data() + s);
    __builtin_prefetch(near_.data() + s);
  }
  if (k + 2 < end) {
    const Near& r = near_[bodies[mover(k + 2)].index];
    __builtin_prefetch(r.ids.data());
    __builtin_prefetch(r.proxies.data());
    __builtin_prefetch(r.lines.data());
  }
}

/// Mover i of a crowd batch planned (the slot's shape as it is, crowd_frames_[i]), and how it
/// will be stored (crowd_stored_[i]: Stored::other for place_moved): whether it ends inside its
/// region (crowd_regions_[i]).
/// (Not inlined: inlined in move_crowd's two calls, the crowds lost their inlined move_through.)
[[gnu::noinline]] bool World::plan_crowd_move(std::uint32_t slot, Vec2 displacement, std::size_t i, const MoveOptions& options,
                            MoveScratch& s, WorldMove& out) {
  CrowdStored& p = crowd_stored_[i];
  if (const Circle* disc = std::get_if<Circle>(&shapes_[slot])) {
    plan_disc(slot, *disc, displacement, crowd_frames_[i], options, s, out);
    const Circle* end = std::get_if<Circle>(&out.result.shape);  // (the mover's answer: the disc translated)
    COLLIDE2D_ASSERT(end != nullptr);
    p.stored = disc_stored(slot, *end, kept_fat_box(slot), p.box, p.delta);
    return crowd_regions_[i].contains(collide2d::bounds(*end));
  }
  plan_move(load_shape(slot), displacement, crowd_frames_[i], slots_[slot].filter, slot, options, s, out);
  p.stored = Stored::other;
  return crowd_regions_[i].contains(collide2d::bounds(out.result.shape));
}

/// The planned movers crowd_order_[b, e) of a crowd batch placed in that order (index order).
void World::place_crowd_batch(std::span<const ProxyHandle> bodies, std::size_t b, std::size_t e,
                              const std::vector<WorldMove>& out) {
  for (std::size_t k = b; k < e; ++k) {
    const std::uint32_t i = crowd_order_[k];
    const std::uint32_t slot = bodies[i].index;
    const CrowdStored& p = crowd_stored_[i];
    if (p.stored == Stored::other) {
      place_moved(slot, out[i].result.shape);
      continue;
    }
    if (p.stored != Stored::refused) write_disc(slot, *std::get_if<Circle>(&out[i].result.shape), p.box);
    finish_moved(slot, p.stored, p.delta);
  }
}

// move_crowd without a runner: the answer is the one of moving the bodies one by one in index
// order, so that is what runs (no regions to compare, no batches).
void World::move_crowd_serially(std::span<const ProxyHandle> bodies, std::span<const Vec2> displacements,
                                const MoveOptions& options, std::vector<WorldMove>& out) {
  MoveScratch& scratch = move_scratch();
  const bool open = motion_detail::open_options(options);  // (the discs' frames: once per call; finite: check_crowd)
  for (std::size_t i = 0; i < bodies.size(); ++i) {
    prefetch_movers(bodies, out, nullptr, i, bodies.size());
    const std::uint32_t slot = bodies[i].index;
    if (const Circle* disc = std::get_if<Circle>(&shapes_[slot])) {  // (most crowds: no shape visit)
      plan_disc(slot, *disc, displacements[i], disc_frame(*disc, displacements[i], options, open), options, scratch,
                out[i]);
      place_disc(slot, out[i]);
      continue;
    }
    const Shape body = load_shape(slot);
    plan_move(body, displacements[i], move_frame(body, displacements[i], options), slots_[slot].filter, slot, options,
              scratch, out[i]);
    place_moved(slot, out[i].result.shape);
  }
}

/// plan_move of a crowd's disc (its frame: disc_frame), the disc kept as one: on a clear path
/// the mover's open-ground answer, else the mover's own disc entry. The disc is taken by value:
/// the slot's shape is what place_disc overwrites.
[[gnu::always_inline]] inline void World::plan_disc(std::uint32_t slot, const Circle disc, Vec2 displacement,
                                                    const MoveFrame& frame, const MoveOptions& options, MoveScratch& s,
                                                    WorldMove& out) const {
  const Filter filter = slots_[slot].filter;
  const Near* walls = nullptr;
  out.hits.clear();
  if (clear_ahead(frame, &disc, displacement, filter, slot, s, walls)) {  // (the displacement is finite: check_crowd)
    motion_detail::start_result(out.result);
    motion_detail::move_in_open(disc, displacement, out.result);
  } else {
    move_through(disc, displacement, frame, filter, walls, options, s, out);
  }
}

/// place_moved of the disc a disc's move (plan_disc) ends as, stored straight back.
[[gnu::always_inline]] inline void World::place_disc(std::uint32_t slot, const WorldMove& out) {
  const Circle* end = std::get_if<Circle>(&out.result.shape);  // the mover's answer: the body translated
  COLLIDE2D_ASSERT(end != nullptr);
  Vec2 delta;
  const Stored stored = store_disc(slot, *end, delta);
  finish_moved(slot, stored, delta);
}

}  // namespace collide2d
