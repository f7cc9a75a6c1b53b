// collide2d - 2D collision detection for games. MIT License.
/// @file island_demo.cpp  Demo scenario "island". (Placeholder until issue 6 lands.)

#include <ostream>

#include "demo.hpp"

namespace collide2d::tool {

int run_island_demo(const DemoOptions&, std::ostream& log, std::ostream&) {
  log << "collide2d demo: scenario island not built yet\n";
  return 0;
}

}  // namespace collide2d::tool
