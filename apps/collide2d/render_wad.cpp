// collide2d - 2D collision detection for games. MIT License.
/// @file render_wad.cpp  Draws Doom WAD maps (issue 7). (Placeholder until that issue lands.)

#include <ostream>

#include "render.hpp"

namespace collide2d::tool {

int render_wad(const RenderOptions& opt, std::ostream&, std::ostream& err) {
  err << "collide2d render: " << opt.input << ": rendering Doom WAD maps is not supported yet\n";
  return 1;
}

}  // namespace collide2d::tool
