// collide2d - 2D collision detection for games. MIT License.
#pragma once
/// @file layer.hpp  A world's static layer as stored: the geometry, filter, user data and
/// generation, with the layer's own index over its pieces (no proxy per tile or wall).

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
  /// Sector map: its blocking lines as segments (`walls[i]` is line `wall_lines[i]`).
  std::vector<Segment> walls;
  std::vector<std::uint32_t> wall_lines;
  /// Sector map: a tree over `walls` (id i); disc union: a tree over the coast arcs (id = arc).
  std::unique_ptr<Broadphase> index;

  /// Builds `walls` and `index` for the current geometry.
  void build_index();
};

namespace world_detail {

/// Nothing when the layer's data is finite, within the coordinate limit and consistent, else
/// what is wrong (field under "layer.").
std::optional<Invalid> validate_layer(const LayerGeometry& g);

/// The refusal of a bad handle (null, foreign, stale), shared by proxies and layers.
std::optional<Invalid> check_handle(const char* what, std::uint32_t index, std::uint32_t generation,
                                    std::uint32_t world, std::uint32_t world_id, std::size_t slot_count,
                                    std::uint32_t slot_generation, bool slot_alive);

}  // namespace world_detail
}  // namespace collide2d
