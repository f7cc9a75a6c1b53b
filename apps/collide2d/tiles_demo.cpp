// collide2d - 2D collision detection for games. MIT License.
/// @file tiles_demo.cpp  Demo scenario "tiles". (Placeholder until issue 5 lands.)

#include <ostream>

#include "demo.hpp"

namespace collide2d::tool {

int run_tiles_demo(const DemoOptions&, std::ostream& log, std::ostream&) {
  log << "collide2d demo: scenario tiles not built yet\n";
  return 0;
}

}  // namespace collide2d::tool
