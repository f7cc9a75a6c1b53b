// collide2d - 2D collision detection for games. MIT License.
/// @file fuzz_shapes.cpp  Target `shapes`: make_polygon and shape validation, then every pair
/// query on the valid shapes with finite answers checked, in the float and double libraries.

#include <cstddef>
#include <cstdint>

namespace collide2d::f32::fuzz { void run_shapes(const std::uint8_t* data, std::size_t size); }
namespace collide2d::f64::fuzz { void run_shapes(const std::uint8_t* data, std::size_t size); }

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  collide2d::f32::fuzz::run_shapes(data, size);
  collide2d::f64::fuzz::run_shapes(data, size);
  return 0;
}
