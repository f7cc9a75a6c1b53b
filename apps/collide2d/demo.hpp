// collide2d - 2D collision detection for games. MIT License.
#pragma once
/// @file demo.hpp  `collide2d demo`: a gallery of shape pairs drawn with their queries.

#include <iosfwd>
#include <string>

namespace collide2d::tool {

/// Writes `out_dir`/gallery.svg (creating the directory) and prints a short summary to `log`.
/// Returns the exit status: 0 on success, 1 when the picture cannot be written.
int run_demo(const std::string& out_dir, std::ostream& log, std::ostream& err);

}  // namespace collide2d::tool
