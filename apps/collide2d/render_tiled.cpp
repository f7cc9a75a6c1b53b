// collide2d - 2D collision detection for games. MIT License.
/// @file render_tiled.cpp  Draws Tiled maps (issue 5). (Placeholder until that issue lands.)

#include <ostream>

#include "render.hpp"

namespace collide2d::tool {

int render_tiled(const RenderOptions& opt, std::ostream&, std::ostream& err) {
  err << "collide2d render: " << opt.input << ": rendering Tiled maps is not supported yet\n";
  return 1;
}

}  // namespace collide2d::tool
