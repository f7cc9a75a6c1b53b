// collide2d - 2D collision detection for games. MIT License.
#pragma once
/// @file fuzz_loader.hpp  What the loader targets share: the options picked by a byte, the
/// checks on a refusal (a LoadError naming the file and saying what is wrong) and the queries
/// run on a loaded map.

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "collide2d/collide2d.hpp"
#include "collide2d/tiled.hpp"

namespace collide2d::inline COLLIDE2D_ABI::fuzz {

/// The map's path in errors: a directory that does not exist, so external tilesets are missing.
inline const std::string kFakeMapPath = "/nonexistent-collide2d-fuzz/map.tmx";

/// Loader options from one byte.
inline TiledLoadOptions tiled_options(std::uint8_t b) {
  TiledLoadOptions opt;
  opt.require_tilesets = (b & 1) != 0;
  opt.load_objects = (b & 2) != 0;
  if (b & 4) opt.collision_property = "collision";
  if (b & 8) opt.collision_layer = "walls";
  return opt;
}

/// Aborts with a message.
[[noreturn]] inline void loader_finding(const std::string& what) {
  std::fprintf(stderr, "fuzz finding: %s\n", what.c_str());
  std::abort();
}

/// A refusal must name the file and say what is wrong.
inline void check_load_error(const LoadError& e) {
  if (e.file().empty() || e.message().empty()) loader_finding(std::string("LoadError without file or message: ") + e.what());
}

/// Queries on a loaded Tiled map: sizes agree, the collision grid answers finitely.
inline void check_tiled(const TiledMap& m) {
  const TileMap& t = m.collision;
  if (m.collision_layer >= 0 && (t.width() != m.width || t.height() != m.height))
    loader_finding("collision grid size differs from the map size");
  const Aabb b = t.bounds();
  const Vec2 mid = (b.min + b.max) * Real(0.5);
  const NearestPoint w = t.nearest_wall(mid);
  if (!std::isfinite(w.distance)) loader_finding("nearest_wall not finite");
  if (t.is_free(mid)) {
    const CircleMove mv = t.move_circle(Circle{mid, Real(0)}, t.tile_size() * Real(3));
    if (!std::isfinite(mv.center.x) || !std::isfinite(mv.center.y)) loader_finding("move_circle not finite");
  }
  for (const TiledObject& o : m.objects)
    for (const Shape& s : o.shapes)
      if (validate(s)) loader_finding("an object's shape is invalid: " + validate(s)->text());
}

}  // namespace collide2d::fuzz
