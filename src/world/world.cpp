// collide2d - 2D collision detection for games. MIT License.
// The world's proxies (slots with generations, compact shapes, polygon pool), their changes,
// and update(): new pairs from the broad phase, then every tracked pair re-tested when one of
// its proxies changed, with begin/end-touch events sorted by slot indices.
#include <algorithm>
#include <atomic>
#include <cmath>
#include <string>

#include "collide2d/world.hpp"
#include "world/layer.hpp"
#include "shapes/limits.hpp"
#include "world/stored_shape.hpp"

namespace collide2d::inline COLLIDE2D_ABI {

using world_detail::visit_stored;

namespace {
std::atomic<std::uint32_t> g_next_world_id{1};

std::uint64_t pair_key(std::uint32_t a, std::uint32_t b) { return (std::uint64_t(a) << 32) | b; }

/// A new world id, never 0 (the null handle's) even when the counter wraps.
std::uint32_t next_world_id() {
  std::uint32_t id;
  do id = g_next_world_id.fetch_add(1);
  while (id == 0);
  return id;
}

}  // namespace

void world_detail::reserve_world_id(std::uint32_t id) {
  std::uint32_t next = g_next_world_id.load();
  while (id != 0xffffffffu && next <= id && !g_next_world_id.compare_exchange_weak(next, id + 1)) {
  }
}

World::World(WorldOptions options)
    : id_(next_world_id()), options_(options),
      bp_(make_broadphase(options.broadphase, options.fat, options.cell_size)) {}
World::~World() = default;
World::World(World&&) noexcept = default;
World& World::operator=(World&&) noexcept = default;

std::optional<Invalid> World::check(ProxyHandle h) const {
  const bool in = h.index < slots_.size();
  return world_detail::check_handle("proxy", h.index, h.generation, h.world, id_, slots_.size(),
                                    in ? slots_[h.index].generation : 0, in && slots_[h.index].alive);
}

std::optional<Invalid> World::check_shape(const Shape& s) const {
  if (auto bad = collide2d::validate(s)) return Invalid{"shape." + bad->field, bad->message};
  Aabb b = collide2d::bounds(s);
  if (!is_finite(b.min) || !is_finite(b.max)) return Invalid{"shape", "bounding box is not finite"};
  return std::nullopt;
}

ProxyHandle World::handle_of(std::uint32_t slot) const {
  const Slot& s = slots_[slot];
  // A destroyed proxy's handle is the one before the slot's current generation.
  return ProxyHandle{slot, s.alive ? s.generation : s.generation - 1, id_};
}

void World::store_shape(std::uint32_t slot, const Shape& s) {
  if (const Polygon* p = std::get_if<Polygon>(&s)) {
    std::uint32_t pi;
    if (!free_polygons_.empty()) {
      pi = free_polygons_.back();
      free_polygons_.pop_back();
      polygons_[pi] = *p;
    } else {
      pi = std::uint32_t(polygons_.size());
      polygons_.push_back(*p);
    }
    shapes_[slot] = PolygonRef{pi};
  } else {
    std::visit(
        [&](const auto& v) {
          if constexpr (!std::is_same_v<std::decay_t<decltype(v)>, Polygon>) shapes_[slot] = v;
        },
        s);
  }
  tight_[slot] = collide2d::bounds(s);
}

void World::release_shape(std::uint32_t slot) {
  if (const PolygonRef* r = std::get_if<PolygonRef>(&shapes_[slot])) free_polygons_.push_back(r->index);
  shapes_[slot] = Point{};
}

Shape World::load_shape(std::uint32_t slot) const {
  return visit_stored(shapes_[slot], polygons_, [](const auto& v) { return Shape(v); });
}

std::optional<ProxyHandle> World::create(const ProxyDef& def, Invalid* why) {
  if (auto bad = check_shape(def.shape)) {
    if (why) *why = *bad;
    return std::nullopt;
  }
  std::uint32_t slot;
  if (!free_slots_.empty()) {
    slot = free_slots_.back();
    free_slots_.pop_back();
    const Filter old = slots_[slot].filter;  // (near lists may still hold the slot, for that filter)
    if (old != def.filter) refilter_near(slot, def.filter);
  } else {
    if (slots_.size() >= kNullIndex - 1) {
      if (why) *why = Invalid{"world", "proxy pool is full"};
      return std::nullopt;
    }
    slot = std::uint32_t(slots_.size());
    slots_.emplace_back();
    shapes_.emplace_back();
    tight_.emplace_back();
  }
  store_shape(slot, def.shape);
  Slot& s = slots_[slot];
  s.user_data = def.user_data;
  s.filter = def.filter;
  s.alive = true;
  s.is_static = def.is_static;
  bp_->insert(slot, tight_[slot], def.is_static);
  fat_box_changed(slot, false);
  mark_dirty(slot);
  ++live_;
  return handle_of(slot);
}

std::optional<Invalid> World::destroy(ProxyHandle h) {
  if (auto bad = check(h)) return bad;
  Slot& s = slots_[h.index];
  bp_->remove(h.index);
  forget_near(h.index);
  release_shape(h.index);
  tight_[h.index] = none_box();  // (near lists may still hold the slot: it meets no move)
  s.alive = false;
  ++s.generation;  // every handle made so far is stale from now on
  if (s.generation == 0) s.generation = 1;
  pending_free_.push_back(h.index);  // reused only after update() has ended its pairs
  --live_;
  return std::nullopt;
}

std::optional<Invalid> World::set_shape(ProxyHandle h, const Shape& shape) {
  if (auto bad = check(h)) return bad;
  if (auto bad = check_shape(shape)) return bad;
  place(h.index, shape, false);
  return std::nullopt;
}

void World::place(std::uint32_t slot, const Shape& shape, bool moved) {
  const Aabb old = tight_[slot];
  release_shape(slot);
  store_shape(slot, shape);
  slots_[slot].is_static = false;
  const Vec2 delta = tight_[slot].center() - old.center();
  if (bp_->move(slot, tight_[slot], delta)) {
    if (moved) widen_near(tight_[slot], delta);
    fat_box_changed(slot, true);
  }
  mark_dirty(slot);
}

std::optional<Invalid> World::move_by(ProxyHandle h, Vec2 delta) {
  if (!is_valid(h)) [[unlikely]]
    return check(h);
  const std::uint32_t i = h.index;
  Aabb box;
  Circle* disc = std::get_if<Circle>(&shapes_[i]);
  if (disc && within(disc->center + delta)) {
    // A stored disc's radius is valid: the moved disc is valid while its centre is within the
    // coordinate limit (as store_moved; a non-finite delta fails that test and goes below).
    disc->center += delta;
    box = collide2d::bounds(*disc);
  } else if (auto bad = translate_stored(i, delta, box)) {
    return bad;
  }
  tight_[i] = box;
  slots_[i].is_static = false;
  // (the slot's own candidate list is made again only when the mover places it: a proxy moved
  // by hand may never move with the mover)
  if (bp_->move(i, box, delta)) fat_box_changed(i, false);
  mark_dirty(i);
  return std::nullopt;
}

std::optional<Invalid> World::translate_stored(std::uint32_t i, Vec2 delta, Aabb& box) {
  if (auto bad = validate_velocity(delta)) return Invalid{"delta", bad->message};
  // Translate the stored shape directly (no round trip through a full Shape).
  std::optional<Invalid> bad;
  StoredShape next = shapes_[i];
  std::visit(
      [&](auto& v) {
        if constexpr (std::is_same_v<std::decay_t<decltype(v)>, PolygonRef>) {
          const Polygon p = translated(polygons_[v.index], delta);
          bad = collide2d::validate(p);
          box = collide2d::bounds(p);
          if (!bad) polygons_[v.index] = p;
        } else {
          v = translated(v, delta);
          bad = collide2d::validate(v);
          box = collide2d::bounds(v);
        }
      },
      next);
  if (!bad && (!is_finite(box.min) || !is_finite(box.max))) bad = Invalid{"shape", "bounding box is not finite"};
  if (bad) return Invalid{"delta", "moves the shape out of range: " + bad->text()};
  shapes_[i] = next;
  return std::nullopt;
}

std::optional<Invalid> World::set_filter(ProxyHandle h, Filter filter) {
  if (auto bad = check(h)) return bad;
  const std::uint32_t i = h.index;
  const Filter old = slots_[i].filter;
  slots_[i].filter = filter;
  if (old != filter) {
    // The near lists hold only the proxies whose filters touch their slots' (world_near.cpp):
    // out of those it no longer touches, into those near it that it now touches, and its own
    // list made again for its new filter.
    refilter_near(i, filter);
    fat_box_changed(i, i < near_.size() && near_[i].valid(), i < kept_.size() ? kept_[i].speed : 0);
  }
  mark_dirty(i);
  return std::nullopt;
}

std::optional<Invalid> World::set_user_data(ProxyHandle h, std::uint64_t user_data) {
  if (auto bad = check(h)) return bad;
  slots_[h.index].user_data = user_data;
  return std::nullopt;
}

std::optional<Shape> World::shape(ProxyHandle h) const {
  if (check(h)) return std::nullopt;
  return load_shape(h.index);
}

std::uint64_t World::user_data(ProxyHandle h) const { return check(h) ? 0 : slots_[h.index].user_data; }

Filter World::filter(ProxyHandle h) const { return check(h) ? Filter{} : slots_[h.index].filter; }

Aabb World::bounds(ProxyHandle h) const { return check(h) ? Aabb{} : tight_[h.index]; }

std::vector<ProxyHandle> World::handles() const {
  std::vector<ProxyHandle> out;
  out.reserve(live_);
  for (std::uint32_t i = 0; i < slots_.size(); ++i) {
    if (slots_[i].alive) out.push_back(handle_of(i));
  }
  return out;
}

bool World::exact_overlap(std::uint32_t a, std::uint32_t b) const {
  return visit_stored(shapes_[a], polygons_, [&](const auto& sa) {
    return visit_stored(shapes_[b], polygons_, [&](const auto& sb) { return overlaps(sa, sb); });
  });
}

const TouchEvents& World::update() {
  events_.begin.clear();
  events_.end.clear();
  new_pairs_.clear();
  bp_->update_pairs(new_pairs_);
  for (const ProxyPair& p : new_pairs_) {
    if (slots_[p.a].is_static && slots_[p.b].is_static) continue;
    auto [it, added] = pair_index_.try_emplace(pair_key(p.a, p.b), std::uint32_t(pairs_.size()));
    if (added) pairs_.push_back(PairState{p.a, p.b, false, true});
  }
  auto event = [&](const PairState& p) {
    return TouchEvent{handle_of(p.a), handle_of(p.b), slots_[p.a].user_data, slots_[p.b].user_data};
  };
  for (std::size_t i = 0; i < pairs_.size();) {
    PairState& p = pairs_[i];
    const Slot& sa = slots_[p.a];
    const Slot& sb = slots_[p.b];
    bool keep = sa.alive && sb.alive && !(sa.is_static && sb.is_static) &&
                bp_->fat_box(p.a).overlaps(bp_->fat_box(p.b));
    if (!keep) {
      if (p.touching) events_.end.push_back(event(p));
      pair_index_.erase(pair_key(p.a, p.b));
      if (i + 1 != pairs_.size()) {
        pairs_[i] = pairs_.back();
        pair_index_[pair_key(pairs_[i].a, pairs_[i].b)] = std::uint32_t(i);
      }
      pairs_.pop_back();
      continue;
    }
    if (p.fresh || sa.dirty || sb.dirty) {
      bool now = filters_touch(sa.filter, sb.filter) && tight_[p.a].overlaps(tight_[p.b]) && exact_overlap(p.a, p.b);
      if (now != p.touching) (now ? events_.begin : events_.end).push_back(event(p));
      p.touching = now;
      p.fresh = false;
    }
    ++i;
  }
  auto by_index = [](const TouchEvent& x, const TouchEvent& y) {
    return x.a.index != y.a.index ? x.a.index < y.a.index : x.b.index < y.b.index;
  };
  std::sort(events_.begin.begin(), events_.begin.end(), by_index);
  std::sort(events_.end.begin(), events_.end.end(), by_index);
  for (std::uint32_t i : dirty_) slots_[i].dirty = false;
  dirty_.clear();
  // Destroyed slots become reusable now that their pairs have ended (reverse order: the
  // lowest index is reused first, deterministically).
  for (auto it = pending_free_.rbegin(); it != pending_free_.rend(); ++it) free_slots_.push_back(*it);
  pending_free_.clear();
  return events_;
}

std::vector<std::pair<ProxyHandle, ProxyHandle>> World::touching_pairs() const {
  std::vector<std::pair<ProxyHandle, ProxyHandle>> out;
  for (const PairState& p : pairs_) {
    if (p.touching && slots_[p.a].alive && slots_[p.b].alive) out.emplace_back(handle_of(p.a), handle_of(p.b));
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::optional<Invalid> World::validate() const {
  auto slot = [](std::uint32_t i) { return "slots[" + std::to_string(i) + "]"; };
  if (auto bad = bp_->validate()) return Invalid{"broadphase." + bad->field, bad->message};
  std::size_t live = 0;
  for (std::uint32_t i = 0; i < slots_.size(); ++i) {
    const Slot& s = slots_[i];
    if (s.alive != bp_->contains(i)) return Invalid{slot(i), "alive flag and broad phase disagree"};
    if (!s.alive) continue;
    ++live;
    Aabb f = bp_->fat_box(i);
    const Aabb& t = tight_[i];
    if (!(f.min.x <= t.min.x && f.min.y <= t.min.y && t.max.x <= f.max.x && t.max.y <= f.max.y)) {
      return Invalid{slot(i), "fat box does not hold the shape's box"};
    }
    if (const PolygonRef* r = std::get_if<PolygonRef>(&shapes_[i])) {
      if (r->index >= polygons_.size()) return Invalid{slot(i), "polygon index out of the pool"};
    }
  }
  if (live != live_ || live != bp_->size()) return Invalid{"live", "not the number of live slots and broad-phase proxies"};
  for (std::size_t i = 0; i < pairs_.size(); ++i) {
    const PairState& p = pairs_[i];
    if (p.a >= p.b) return Invalid{"pairs[" + std::to_string(i) + "]", "not ordered"};
    auto it = pair_index_.find(pair_key(p.a, p.b));
    if (it == pair_index_.end() || it->second != i) return Invalid{"pairs[" + std::to_string(i) + "]", "the pair index is out of date"};
  }
  if (pair_index_.size() != pairs_.size()) return Invalid{"pair_index", "not one entry per pair"};
  return validate_near();
}

}  // namespace collide2d
