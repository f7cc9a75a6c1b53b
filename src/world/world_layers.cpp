// collide2d - 2D collision detection for games. MIT License.
// The world's static layers: checks of their data and handles, add / remove / replace, a tile
// map's cell change.
#include <string>

#include "collide2d/world.hpp"
#include "world/layer.hpp"

namespace collide2d::inline COLLIDE2D_ABI {

namespace world_detail {

std::optional<Invalid> handle_error(const char* what, std::uint32_t index, std::uint32_t generation,
                                    std::uint32_t world, std::uint32_t world_id, std::size_t slot_count,
                                    std::uint32_t slot_generation, bool slot_alive) {
  auto error = [](std::string message) { return Invalid{"handle", std::move(message)}; };
  if (world == 0) return error("null handle (never returned by the world)");
  if (world != world_id) {
    return error("foreign handle: made by world " + std::to_string(world) + ", this is world " +
                 std::to_string(world_id));
  }
  if (index >= slot_count) {
    return error("index " + std::to_string(index) + " out of range (" + std::to_string(slot_count) + " slots)");
  }
  if (generation != slot_generation || !slot_alive) {
    return error("stale handle: " + std::string(what) + " " + std::to_string(index) + " generation " +
                 std::to_string(generation) + " was destroyed (slot now at generation " +
                 std::to_string(slot_generation) + (slot_alive ? ", reused)" : ", free)"));
  }
  return std::nullopt;
}

std::optional<Invalid> validate_layer(const LayerGeometry& g) {
  struct Check {
    std::optional<Invalid> operator()(const TileMap& m) const {
      if (auto bad = validate(m.bounds())) return Invalid{"layer.tile_map.bounds." + bad->field, bad->message};
      return std::nullopt;
    }
    std::optional<Invalid> operator()(const RoomMap& m) const {
      for (int i = 0; i < m.vertex_count(); ++i) {
        if (auto bad = validate(Point{m.vertex(i)})) {
          return Invalid{"layer.room_map.vertices[" + std::to_string(i) + "]", bad->message};
        }
      }
      for (int i = 0; i < m.line_count(); ++i) {
        const MapLine& l = m.line(i);
        if (l.front >= m.room_count() || l.back >= m.room_count() || l.front < -1 || l.back < -1) {
          return Invalid{"layer.room_map.lines[" + std::to_string(i) + "]",
                         "room out of range (" + std::to_string(m.room_count()) + " rooms)"};
        }
      }
      return std::nullopt;
    }
    std::optional<Invalid> operator()(const Chain& c) const {
      for (std::size_t i = 0; i < c.points().size(); ++i) {
        if (auto bad = validate(Point{c.points()[i]})) {
          return Invalid{"layer.chain.points[" + std::to_string(i) + "]", bad->message};
        }
      }
      return std::nullopt;
    }
    std::optional<Invalid> operator()(const DiscUnion& d) const {
      if (auto bad = validate_discs(d.discs())) return Invalid{"layer.disc_union." + bad->field, bad->message};
      return std::nullopt;
    }
  };
  return std::visit(Check{}, g);
}

}  // namespace world_detail

std::optional<Invalid> World::check(LayerHandle h) const {
  const bool in = h.index < layers_.size();
  return world_detail::check_handle("layer", h.index, h.generation, h.world, id_, layers_.size(),
                                    in ? layers_[h.index]->generation : 0, in && layers_[h.index]->alive);
}

std::optional<LayerHandle> World::add_layer(LayerDef def, Invalid* why) {
  if (auto bad = world_detail::validate_layer(def.geometry)) {
    if (why) *why = *bad;
    return std::nullopt;
  }
  std::uint32_t slot = 0;
  while (slot < layers_.size() && layers_[slot]->alive) ++slot;  // lowest free slot: deterministic
  if (slot == layers_.size()) {
    if (layers_.size() >= kNullIndex - 1) {
      if (why) *why = Invalid{"layer", "layer pool is full"};
      return std::nullopt;
    }
    layers_.push_back(std::make_unique<Layer>());
  }
  Layer& l = *layers_[slot];
  l.geometry = std::move(def.geometry);
  l.user_data = def.user_data;
  l.filter = def.filter;
  l.alive = true;
  ++layer_epoch_;  // the movers' kept tile edges and room lines are out of date
  return LayerHandle{slot, l.generation, id_};
}

std::optional<Invalid> World::remove_layer(LayerHandle h) {
  if (auto bad = check(h)) return bad;
  Layer& l = *layers_[h.index];
  l.alive = false;
  l.geometry = TileMap();  // release the memory
  ++layer_epoch_;  // the movers' kept tile edges and room lines are out of date
  if (++l.generation == 0) l.generation = 1;
  return std::nullopt;
}

std::optional<Invalid> World::replace_layer(LayerHandle h, LayerDef def) {
  if (auto bad = check(h)) return bad;
  if (auto bad = world_detail::validate_layer(def.geometry)) return bad;
  Layer& l = *layers_[h.index];
  l.geometry = std::move(def.geometry);
  l.user_data = def.user_data;
  ++layer_epoch_;  // the movers' kept tile edges and room lines are out of date
  l.filter = def.filter;
  return std::nullopt;
}

std::optional<Invalid> World::set_tile(LayerHandle h, int col, int row, bool solid) {
  if (auto bad = check(h)) return bad;
  TileMap* m = std::get_if<TileMap>(&layers_[h.index]->geometry);
  if (!m) return Invalid{"layer", "layer " + std::to_string(h.index) + " is not a tile map"};
  if (col < 0 || row < 0 || col >= m->width() || row >= m->height()) {
    return Invalid{"cell", std::string("(") + std::to_string(col) + ", " + std::to_string(row) + ") is outside the " +
                               std::to_string(m->width()) + " x " + std::to_string(m->height()) + " grid"};
  }
  ++layer_epoch_;  // the movers' kept tile edges and room lines are out of date
  m->set_solid(col, row, solid);
  return std::nullopt;
}

std::optional<Invalid> World::set_layer_filter(LayerHandle h, Filter filter) {
  if (auto bad = check(h)) return bad;
  layers_[h.index]->filter = filter;
  return std::nullopt;
}

std::optional<Invalid> World::set_layer_user_data(LayerHandle h, std::uint64_t user_data) {
  if (auto bad = check(h)) return bad;
  layers_[h.index]->user_data = user_data;
  return std::nullopt;
}

const LayerGeometry* World::layer(LayerHandle h) const { return check(h) ? nullptr : &layers_[h.index]->geometry; }

Filter World::layer_filter(LayerHandle h) const { return check(h) ? Filter{} : layers_[h.index]->filter; }

std::uint64_t World::layer_user_data(LayerHandle h) const { return check(h) ? 0 : layers_[h.index]->user_data; }

std::vector<LayerHandle> World::layer_handles() const {
  std::vector<LayerHandle> out;
  for (std::uint32_t i = 0; i < layers_.size(); ++i) {
    if (layers_[i]->alive) out.push_back(LayerHandle{i, layers_[i]->generation, id_});
  }
  return out;
}

}  // namespace collide2d
