// collide2d - 2D collision detection for games. MIT License.
/// @file main.cpp  The `collide2d` command-line tool: subcommands `query`, `demo`, `render` and
/// `soak`.

#include <unistd.h>

#include <cstdint>
#include <iostream>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "demo/demo.hpp"
#include "protocol/protocol.hpp"
#include "render/render.hpp"

// The protocol built on the float library (protocol.hpp declares the double one, this build's).
namespace collide2d::f32::tool {
int run_query(std::istream& in, std::ostream& out, bool flush_each_line);
}
// The soak (soak.cpp), built on each library.
namespace collide2d::f32::tool {
int run_soak(const std::vector<std::string>& maps, int agents, int steps, std::uint64_t seed, bool world_mover,
             std::ostream& out, std::ostream& err);
}
namespace collide2d::f64::tool {
int run_soak(const std::vector<std::string>& maps, int agents, int steps, std::uint64_t seed, bool world_mover,
             std::ostream& out, std::ostream& err);
}

int main(int argc, char** argv) {
  CLI::App app{"collide2d - 2D collision detection for games"};
  app.require_subcommand(1);
  app.footer(
      "Examples:\n"
      "  collide2d query < queries.jsonl        one JSON answer line per query line (FORMAT.md)\n"
      "  collide2d demo --out demo-out          runs every scenario, pictures in demo-out/\n"
      "  collide2d demo --scenario bouncing     runs one scenario\n"
      "  collide2d render freedoom1.wad#E1M1    draws a map to E1M1's SVG (--png: and a PNG)\n"
      "  collide2d soak freedoom2.wad map.tmx   walks a crowd over every map, checking each step");

  CLI::App* query = app.add_subcommand(
      "query", "Answer JSON Lines queries (FORMAT.md, version 1.1) from stdin, one line each");
  std::string scalar = "double";
  query->add_option("--scalar", scalar, "The library that computes: double, or float (what games get by default)")
      ->check(CLI::IsMember({"float", "double"}))
      ->capture_default_str();

  collide2d::tool::DemoOptions demo_opt;
  CLI::App* demo = app.add_subcommand("demo", "Run the bundled scenarios and write their pictures");
  demo->add_option("--out", demo_opt.out_dir, "Output directory (created if missing)")->capture_default_str();
  std::string scenarios = "all";
  for (const auto& s : collide2d::tool::demo_scenarios())
    scenarios += std::string(", ") + s.name + " (" + s.what + ")";
  demo->add_option("--scenario", demo_opt.scenario, "One of: " + scenarios)->capture_default_str();
  demo->add_option("--data", demo_opt.data_dir, "The shared real map data (Tiled maps)")->capture_default_str();
  demo->add_option("--doom", demo_opt.doom_dir, "Where Freedoom's WADs are")->capture_default_str();
  demo->add_flag("--png", demo_opt.png, "Also write each picture as a PNG");

  collide2d::tool::RenderOptions render_opt;
  CLI::App* render = app.add_subcommand(
      "render", "Draw a map to SVG: a Doom WAD (PATH#MAP or --map), a Tiled map, or discs (JSON)");
  render->add_option("input", render_opt.input, "The map file")->required();
  render->add_option("--map", render_opt.map_name, "A map inside the file (WAD: E1M1, MAP01)");
  render->add_option("--out,-o", render_opt.out,
                     "The picture to write: NAME.svg or NAME.png (default: named after the input, .svg)");
  render->add_flag("--png", render_opt.png, "Also write a PNG beside the SVG");

  std::vector<std::string> soak_maps;
  int soak_agents = 200, soak_steps = 700;
  std::uint64_t soak_seed = 1;
  std::string soak_scalar = "float";
  CLI::App* soak = app.add_subcommand(
      "soak", "Walk a crowd over maps (Tiled, or WAD: every map, or PATH#MAP), checking every step; one line per map");
  soak->add_option("maps", soak_maps, "Tiled maps (TMX, JSON) and Doom WADs")->required();
  soak->add_option("--agents", soak_agents, "Agents per map")->check(CLI::Range(1, 100000))->capture_default_str();
  soak->add_option("--steps", soak_steps, "Steps per map")->check(CLI::Range(1, 100000000))->capture_default_str();
  soak->add_option("--seed", soak_seed, "Seed of the agents' placement and turns")->capture_default_str();
  soak->add_option("--scalar", soak_scalar, "The library that computes: float (the default build) or double")
      ->check(CLI::IsMember({"float", "double"}))
      ->capture_default_str();
  std::string soak_mover = "map";
  soak->add_option("--mover", soak_mover,
                   "map: each map's own mover (agents do not step into each other); world: World::move_crowd, "
                   "the map a layer of the world (the one mover over walls and agents)")
      ->check(CLI::IsMember({"map", "world"}))
      ->capture_default_str();

  CLI11_PARSE(app, argc, argv);

  if (soak->parsed()) {
    return soak_scalar == "float"
               ? collide2d::f32::tool::run_soak(soak_maps, soak_agents, soak_steps, soak_seed, soak_mover == "world",
                                                std::cout, std::cerr)
               : collide2d::f64::tool::run_soak(soak_maps, soak_agents, soak_steps, soak_seed, soak_mover == "world",
                                                std::cout, std::cerr);
  }

  if (query->parsed()) {
    std::ios::sync_with_stdio(false);
    // Answer at once when someone types; batch the output when piped.
    const bool interactive = isatty(STDIN_FILENO) != 0;
    const int rc = scalar == "float" ? collide2d::f32::tool::run_query(std::cin, std::cout, interactive)
                                     : collide2d::f64::tool::run_query(std::cin, std::cout, interactive);
    if (rc != 0) std::cerr << "collide2d query: reading stdin or writing stdout failed\n";
    return rc;
  }
  if (demo->parsed()) return collide2d::tool::run_demo(demo_opt, std::cout, std::cerr);
  if (render->parsed()) return collide2d::tool::run_render(render_opt, std::cout, std::cerr);
  return 0;
}
