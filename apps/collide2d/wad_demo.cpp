// collide2d - 2D collision detection for games. MIT License.
/// @file wad_demo.cpp  Demo scenario "wad". (Placeholder until issue 7 lands.)

#include <ostream>

#include "demo.hpp"

namespace collide2d::tool {

int run_wad_demo(const DemoOptions&, std::ostream& log, std::ostream&) {
  log << "collide2d demo: scenario wad not built yet\n";
  return 0;
}

}  // namespace collide2d::tool
