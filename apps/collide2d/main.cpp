// collide2d - 2D collision detection for games. MIT License.
/// @file main.cpp  The `collide2d` command-line tool: subcommands `query` and `demo`.

#include <unistd.h>

#include <iostream>
#include <string>

#include <CLI/CLI.hpp>

#include "demo.hpp"
#include "protocol.hpp"

int main(int argc, char** argv) {
  CLI::App app{"collide2d - 2D collision detection for games"};
  app.require_subcommand(1);
  app.footer(
      "Examples:\n"
      "  collide2d query < queries.jsonl   one JSON answer line per query line (FORMAT.md)\n"
      "  collide2d demo --out demo-out     writes demo-out/gallery.svg");

  CLI::App* query = app.add_subcommand(
      "query", "Answer JSON Lines queries (FORMAT.md, version 1) from stdin, one line each");
  CLI::App* demo = app.add_subcommand("demo", "Write an SVG gallery of shape pairs and their queries");
  std::string out_dir = "demo-out";
  demo->add_option("--out", out_dir, "Output directory (created if missing)")->capture_default_str();

  CLI11_PARSE(app, argc, argv);

  if (query->parsed()) {
    std::ios::sync_with_stdio(false);
    // Answer at once when someone types; batch the output when piped.
    const bool interactive = isatty(STDIN_FILENO) != 0;
    const int rc = collide2d::tool::run_query(std::cin, std::cout, interactive);
    if (rc != 0) std::cerr << "collide2d query: reading stdin or writing stdout failed\n";
    return rc;
  }
  if (demo->parsed()) return collide2d::tool::run_demo(out_dir, std::cout, std::cerr);
  return 0;
}
