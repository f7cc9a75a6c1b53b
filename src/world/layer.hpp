// collide2d - 2D collision detection for games. MIT License.
#pragma once
/// @file layer.hpp  A world's static layer as stored: the geometry, filter, user data and
/// generation. Each map keeps its own index over its pieces (no proxy per tile or wall): the
/// world reaches them through the maps' queries and `gather`.

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "collide2d/world.hpp"

namespace collide2d::inline COLLIDE2D_ABI {

struct World::Layer {
  LayerGeometry geometry;
  std::uint64_t user_data = 0;
  Filter filter;
  std::uint32_t generation = 1;
  bool alive = false;
};

namespace world_detail {

/// Nothing when the layer's data is finite, within the coordinate limit and consistent, else
/// what is wrong (field under "layer.").
std::optional<Invalid> validate_layer(const LayerGeometry& g);

/// The refusal of a bad handle (null, foreign, stale), shared by proxies and layers: what is
/// wrong with it (out of line: only a refusal builds a message).
std::optional<Invalid> handle_error(const char* what, std::uint32_t index, std::uint32_t generation,
                                    std::uint32_t world, std::uint32_t world_id, std::size_t slot_count,
                                    std::uint32_t slot_generation, bool slot_alive);
/// Nothing for a live handle of this world (one test, inline), else handle_error.
inline std::optional<Invalid> check_handle(const char* what, std::uint32_t index, std::uint32_t generation,
                                           std::uint32_t world, std::uint32_t world_id, std::size_t slot_count,
                                           std::uint32_t slot_generation, bool slot_alive) {
  if (world != 0 && world == world_id && index < slot_count && generation == slot_generation && slot_alive) [[likely]]
    return std::nullopt;
  return handle_error(what, index, generation, world, world_id, slot_count, slot_generation, slot_alive);
}

/// Makes the ids of worlds created from now on greater than `id` (a world restored from a
/// snapshot takes the saved world's id).
void reserve_world_id(std::uint32_t id);

}  // namespace world_detail
}  // namespace collide2d
