// collide2d - 2D collision detection for games. MIT License.
/// @file fuzz_world.cpp  Target `world`: the World, TileMap and mover APIs driven by a byte
/// stream of operations (world_body.cpp), in the float and double libraries.

#include <cstddef>
#include <cstdint>

namespace collide2d::f32::fuzz { void run_world(const std::uint8_t* data, std::size_t size); }
namespace collide2d::f64::fuzz { void run_world(const std::uint8_t* data, std::size_t size); }

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  collide2d::f32::fuzz::run_world(data, size);
  collide2d::f64::fuzz::run_world(data, size);
  return 0;
}
