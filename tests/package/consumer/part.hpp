// The consumer's two halves, one per scalar (part.cpp compiled twice). Scalar-free on purpose:
// main.cpp includes this without choosing a scalar.
#pragma once

namespace consumer {

struct PartResult {
  const char* scalar = "";  ///< "float" or "double": what collide2d::Real is in that half
  int real_bytes = 0;       ///< sizeof(collide2d::Real)
  int checked = 0, wrong = 0;
  bool map_loaded = false;  ///< false: the map was not there (the map checks were skipped)
  long map_cells = 0, map_solid = 0, map_wrong = 0;
};

namespace f32 { PartResult run(const char* tmx_path); }
namespace f64 { PartResult run(const char* tmx_path); }

}  // namespace consumer
