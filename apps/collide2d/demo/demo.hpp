// collide2d - 2D collision detection for games. MIT License.
#pragma once
/// @file demo.hpp  `collide2d demo`: the bundled scenarios (a gallery of shape pairs, the
/// bouncing-ball game, crowds on maps), each writing a picture into the output directory.

#include <iosfwd>
#include <string>
#include <vector>

#include "collide2d/config.hpp"

namespace collide2d::inline COLLIDE2D_ABI::tool {

/// What `collide2d demo` was asked for.
struct DemoOptions {
  std::string out_dir = "demo-out";      ///< pictures go here (created if missing)
  std::string scenario = "all";          ///< "all" or one scenario's name
  std::string data_dir = "../shared/data";  ///< the shared real map data (Tiled maps)
  std::string doom_dir = "/usr/share/games/doom";  ///< Freedoom's WADs
  bool png = false;                      ///< also write each picture as a PNG
};

/// One scenario: `run` returns 0 on success; a scenario whose data is missing says so on `log`
/// and returns 0 (skipped), any failure (an escape, an unwritable picture) returns 1.
struct DemoScenario {
  const char* name;
  const char* what;
  int (*run)(const DemoOptions&, std::ostream& log, std::ostream& err);
};

/// Every scenario, in the order `all` runs them.
const std::vector<DemoScenario>& demo_scenarios();

/// Runs the chosen scenario(s). Returns 0 on success, 1 when one failed, 2 for an unknown name.
int run_demo(const DemoOptions& opt, std::ostream& log, std::ostream& err);

/// The scenarios, each in its own file.
int run_gallery_demo(const DemoOptions& opt, std::ostream& log, std::ostream& err);   // demo.cpp
int run_tiles_demo(const DemoOptions& opt, std::ostream& log, std::ostream& err);     // tiles_demo.cpp
int run_island_demo(const DemoOptions& opt, std::ostream& log, std::ostream& err);    // island_demo.cpp
int run_wad_demo(const DemoOptions& opt, std::ostream& log, std::ostream& err);       // wad_demo.cpp

}  // namespace collide2d::tool
