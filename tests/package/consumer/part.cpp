// One half of the consumer, built once per scalar: overlap answers against exact integer
// arithmetic, inline header functions (translated, Aabb::center) against the same, and a real
// Tiled map loaded through collide2d's io library against this file's own reading of the map's
// CSV collision layer.
#include <collide2d/collide2d.hpp>
#include <collide2d/tiled.hpp>

#include <cstdint>
#include <cstdio>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <type_traits>
#include <vector>

#include "part.hpp"

namespace c2 = collide2d;

namespace {

// The attribute `name="..."` of the first element starting at or after `from`, as an integer.
long attribute(const std::string& xml, std::size_t from, const std::string& name) {
  const std::size_t at = xml.find(" " + name + "=\"", from);
  if (at == std::string::npos) return -1;
  return std::stol(xml.substr(at + name.size() + 3));
}

// The map's collision layer read by hand: The Mana World's rule (a non-zero gid, flags cleared,
// that is no tileset's firstgid, blocks). Returns false when the file is not a CSV TMX.
bool read_collision(const std::string& path, long& width, long& height, std::vector<bool>& blocked) {
  std::ifstream in(path);
  if (!in) return false;
  std::stringstream ss;
  ss << in.rdbuf();
  const std::string xml = ss.str();
  width = attribute(xml, xml.find("<map"), "width");
  height = attribute(xml, xml.find("<map"), "height");
  std::set<long> firstgids;
  for (std::size_t at = xml.find("<tileset"); at != std::string::npos; at = xml.find("<tileset", at + 1))
    firstgids.insert(attribute(xml, at, "firstgid"));
  const std::size_t layer = xml.find("name=\"Collision\"");
  const std::size_t data = xml.find("<data encoding=\"csv\">", layer);
  if (layer == std::string::npos || data == std::string::npos) return false;
  const std::size_t end = xml.find("</data>", data);
  std::stringstream csv(xml.substr(data + 21, end - data - 21));
  std::string cell;
  while (std::getline(csv, cell, ',')) {
    const std::uint32_t gid = std::uint32_t(std::stoul(cell)) & 0x0FFFFFFFu;
    blocked.push_back(gid != 0 && firstgids.count(long(gid)) == 0);
  }
  return long(blocked.size()) == width * height;
}

}  // namespace

namespace consumer::COLLIDE2D_ABI {

PartResult run(const char* tmx_path) {
  PartResult r;
  r.scalar = std::is_same_v<c2::Real, double> ? "double" : "float";
  r.real_bytes = int(sizeof(c2::Real));
  auto expect = [&](bool ok, const char* what, int a, int b) {
    ++r.checked;
    if (!ok) {
      ++r.wrong;
      std::printf("[%s] %s (%d, %d) wrong\n", r.scalar, what, a, b);
    }
  };
  // Circles with integer centers and radii: |c1 - c2|^2 <= (r1 + r2)^2 is exact in int; the
  // grid includes exact tangencies (3-4-5 triangles), which count as overlapping.
  for (int x = -6; x <= 6; ++x) {
    for (int y = -6; y <= 6; ++y) {
      for (int rad = 0; rad <= 3; ++rad) {
        const bool want = x * x + y * y <= (2 + rad) * (2 + rad);
        const c2::Circle a{{0, 0}, 2};
        const c2::Circle b = c2::translated(c2::Circle{{0, 0}, c2::Real(rad)}, {c2::Real(x), c2::Real(y)});
        expect(c2::overlaps(a, b) == want && c2::overlaps(c2::Shape{a}, c2::Shape{b}) == want,
               "circle overlap", x, y);
      }
    }
  }
  // Axis-aligned boxes: [x, x+1] x [y, y+1] against [-2, 2]^2, touching included.
  for (int x = -4; x <= 4; ++x) {
    for (int y = -4; y <= 4; ++y) {
      const bool want = x <= 2 && -2 <= x + 1 && y <= 2 && -2 <= y + 1;
      const c2::Aabb a{{-2, -2}, {2, 2}};
      const c2::Aabb b{{c2::Real(x), c2::Real(y)}, {c2::Real(x + 1), c2::Real(y + 1)}};
      const c2::Vec2 c = b.center();
      expect(c2::overlaps(a, b) == want && c.x * 2 == c2::Real(2 * x + 1) && c.y * 2 == c2::Real(2 * y + 1),
             "aabb", x, y);
    }
  }
  // The map, through collide2d::io, against the CSV read here.
  long width = 0, height = 0;
  std::vector<bool> blocked;
  if (!read_collision(tmx_path, width, height, blocked)) return r;
  const c2::TiledMap map = c2::load_tiled(tmx_path);
  r.map_loaded = true;
  if (map.width != width || map.height != height || map.collision.width() != width ||
      map.collision.height() != height) {
    ++r.map_wrong;
    std::printf("[%s] map size %dx%d, the file says %ldx%ld\n", r.scalar, map.width, map.height, width, height);
    return r;
  }
  const c2::Vec2 tile = map.collision.tile_size();
  for (long row = 0; row < height; ++row) {
    for (long col = 0; col < width; ++col) {
      const bool want = blocked[std::size_t(row * width + col)];
      const c2::Vec2 centre{(c2::Real(col) + c2::Real(0.5)) * tile.x, (c2::Real(row) + c2::Real(0.5)) * tile.y};
      ++r.map_cells;
      r.map_solid += want;
      if (map.collision.solid(int(col), int(row)) != want || map.collision.is_free(centre) == want) {
        if (++r.map_wrong <= 5) std::printf("[%s] cell (%ld, %ld): blocked %d expected\n", r.scalar, col, row, want);
      }
    }
  }
  return r;
}

}  // namespace consumer::COLLIDE2D_ABI
