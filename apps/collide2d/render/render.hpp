// collide2d - 2D collision detection for games. MIT License.
#pragma once
/// @file render.hpp  `collide2d render INPUT`: draws a map to SVG. INPUT is a Doom WAD (".wad",
/// or a file starting with IWAD/PWAD; the map chosen by `--map` or "#NAME" after the path), a
/// disc island (a JSON file with a top-level "discs": [[x, y, r], ...]), or a Tiled map (TMX or
/// JSON, anything else).

#include <functional>
#include <iosfwd>
#include <string>

#include "collide2d/config.hpp"
#include "render/svg.hpp"

namespace collide2d::inline COLLIDE2D_ABI::tool {

struct RenderOptions {
  std::string input;     ///< the file (without any "#NAME")
  std::string map_name;  ///< a map inside the file (WAD: E1M1, MAP01); may be empty
  std::string out;       ///< the picture to write (.svg or .png); empty: the input's name with ".svg"
  bool png = false;      ///< also write a PNG beside the SVG
};

/// Writes the picture `paint` draws (w x h pixels) as opt.out says (SVG, PNG, or both with
/// `png`), and logs "wrote PATHS (caption)". Returns the exit status.
int write_render(const RenderOptions& opt, double w, double h, const std::function<void(draw::Figure&)>& paint,
                 const std::string& caption, std::ostream& log, std::ostream& err);

/// Decides the kind of input and calls one of the renderers below. Returns the exit status.
int run_render(RenderOptions opt, std::ostream& log, std::ostream& err);

int render_wad(const RenderOptions& opt, std::ostream& log, std::ostream& err);    // render_wad.cpp
int render_tiled(const RenderOptions& opt, std::ostream& log, std::ostream& err);  // render_tiled.cpp
int render_discs(const RenderOptions& opt, std::ostream& log, std::ostream& err);  // render_discs.cpp

}  // namespace collide2d::tool
