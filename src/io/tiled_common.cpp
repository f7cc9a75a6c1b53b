// collide2d - 2D collision detection for games. MIT License.
// Tiled maps: layer-data decoding (CSV, base64, zlib, gzip), numbers, paths, object shapes,
// the collision grid, and load_tiled.
#include <zlib.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "io/tiled_internal.hpp"

namespace collide2d::inline COLLIDE2D_ABI {

namespace tiled_detail {

void fail(const std::string& file, const std::string& where, const std::string& message) {
  throw LoadError(file, where, message);
}

std::int64_t parse_int(std::string_view text, const std::string& file, const std::string& where,
                       const char* what, std::int64_t lo, std::int64_t hi) {
  std::string_view t = text;
  while (!t.empty() && std::isspace(static_cast<unsigned char>(t.front()))) t.remove_prefix(1);
  while (!t.empty() && std::isspace(static_cast<unsigned char>(t.back()))) t.remove_suffix(1);
  std::int64_t v = 0;
  const auto [end, ec] = std::from_chars(t.data(), t.data() + t.size(), v);
  if (t.empty() || ec != std::errc() || end != t.data() + t.size())
    fail(file, where, std::string(what) + " must be an integer (got '" + std::string(text.substr(0, 40)) + "')");
  if (v < lo || v > hi)
    fail(file, where, std::string(what) + " = " + std::to_string(v) + " is out of range [" +
                          std::to_string(lo) + ", " + std::to_string(hi) + "]");
  return v;
}

double parse_number(std::string_view text, const std::string& file, const std::string& where,
                    const char* what) {
  const std::string s(text);
  char* end = nullptr;
  const double v = std::strtod(s.c_str(), &end);
  while (end && *end && std::isspace(static_cast<unsigned char>(*end))) ++end;
  if (s.empty() || !end || *end != '\0' || !std::isfinite(v))
    fail(file, where, std::string(what) + " must be a finite number (got '" + s.substr(0, 40) + "')");
  return v;
}

bool iequals(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (std::tolower(static_cast<unsigned char>(a[i])) != std::tolower(static_cast<unsigned char>(b[i])))
      return false;
  return true;
}

bool truthy(std::string_view v) {
  if (iequals(v, "true")) return true;
  char* end = nullptr;
  const std::string s(v);
  const double d = std::strtod(s.c_str(), &end);
  return !s.empty() && end && *end == '\0' && d != 0;
}

std::string read_file(const std::string& path, const std::string& where) {
  std::ifstream f(path, std::ios::binary);
  if (!f) fail(path, where, "cannot open the file");
  std::ostringstream ss;
  ss << f.rdbuf();
  if (f.bad()) fail(path, where, "cannot read the file");
  return ss.str();
}

std::string resolve_path(const std::string& base, const std::string& relative) {
  if (!relative.empty() && relative.front() == '/') return relative;
  const std::size_t slash = base.find_last_of('/');
  return slash == std::string::npos ? relative : base.substr(0, slash + 1) + relative;
}

int image_tile_count(int image_w, int image_h, int tile_w, int tile_h, int margin, int spacing) {
  if (image_w <= 0 || image_h <= 0 || tile_w <= 0 || tile_h <= 0) return 0;
  const int cols = (image_w - 2 * margin + spacing) / (tile_w + spacing);
  const int rows = (image_h - 2 * margin + spacing) / (tile_h + spacing);
  return cols > 0 && rows > 0 ? cols * rows : 0;
}

namespace {

std::vector<std::uint32_t> decode_csv(std::string_view s, std::size_t count, const std::string& file,
                                      const std::string& where) {
  std::vector<std::uint32_t> out;
  out.reserve(count);
  std::size_t i = 0;
  while (i < s.size()) {
    const char ch = s[i];
    if (ch == ',' || std::isspace(static_cast<unsigned char>(ch))) {
      ++i;
      continue;
    }
    if (!std::isdigit(static_cast<unsigned char>(ch)))
      fail(file, where, "CSV layer data holds '" + std::string(1, ch) + "', not a gid, at character " +
                            std::to_string(i));
    std::uint64_t v = 0;
    while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i]))) {
      v = v * 10 + std::uint64_t(s[i] - '0');
      if (v > 0xFFFFFFFFull) fail(file, where, "CSV layer data holds a gid above 2^32 - 1");
      ++i;
    }
    if (out.size() == count)
      fail(file, where, "layer data has more than the expected " + std::to_string(count) + " tiles");
    out.push_back(std::uint32_t(v));
  }
  if (out.size() != count)
    fail(file, where, "layer data has " + std::to_string(out.size()) + " tiles, expected " + std::to_string(count));
  return out;
}

std::vector<unsigned char> decode_base64(std::string_view s, const std::string& file, const std::string& where) {
  auto value = [](char c) -> int {
    if (c >= 'A' && c <= 'Z') return c - 'A';
    if (c >= 'a' && c <= 'z') return c - 'a' + 26;
    if (c >= '0' && c <= '9') return c - '0' + 52;
    if (c == '+') return 62;
    if (c == '/') return 63;
    return -1;
  };
  std::vector<unsigned char> out;
  out.reserve(s.size() * 3 / 4);
  std::uint32_t acc = 0;
  int bits = 0, pad = 0;
  std::size_t symbols = 0;
  for (std::size_t i = 0; i < s.size(); ++i) {
    const char c = s[i];
    if (std::isspace(static_cast<unsigned char>(c))) continue;
    if (c == '=') {
      ++pad;
      ++symbols;
      continue;
    }
    const int v = value(c);
    if (v < 0 || pad > 0)
      fail(file, where, "bad base64 layer data: unexpected '" + std::string(1, c) + "' at character " + std::to_string(i));
    ++symbols;
    acc = (acc << 6) | std::uint32_t(v);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out.push_back(static_cast<unsigned char>((acc >> bits) & 0xFF));
    }
  }
  if (symbols % 4 != 0 || pad > 2) fail(file, where, "bad base64 layer data: length is not a multiple of 4");
  return out;
}

std::vector<unsigned char> inflate_all(const std::vector<unsigned char>& in, bool gzip, std::size_t expect,
                                       const std::string& file, const std::string& where) {
  const char* what = gzip ? "gzip" : "zlib";
  std::vector<unsigned char> out(expect + 1);
  z_stream zs{};
  if (inflateInit2(&zs, gzip ? 15 + 16 : 15) != Z_OK) fail(file, where, "cannot start zlib");
  zs.next_in = const_cast<unsigned char*>(in.data());
  zs.avail_in = uInt(in.size());
  zs.next_out = out.data();
  zs.avail_out = uInt(out.size());
  const int rc = inflate(&zs, Z_FINISH);
  const std::size_t got = zs.total_out;
  inflateEnd(&zs);
  if (rc == Z_BUF_ERROR && got == out.size())
    fail(file, where, std::string(what) + " layer data inflates to more than the expected " +
                          std::to_string(expect) + " bytes");
  if (rc != Z_STREAM_END)
    fail(file, where, std::string("cannot decompress ") + what + " layer data (" +
                          (zs.msg ? zs.msg : "truncated or corrupt stream") + ")");
  out.resize(got);
  return out;
}

}  // namespace

std::vector<std::uint32_t> decode_layer(std::string_view encoding, std::string_view compression,
                                        std::string_view payload, std::size_t count,
                                        const std::string& file, const std::string& where) {
  if (encoding == "csv") {
    if (!compression.empty()) fail(file, where, "CSV layer data cannot be compressed ('" + std::string(compression) + "')");
    return decode_csv(payload, count, file, where);
  }
  if (encoding != "base64")
    fail(file, where, "unknown layer data encoding '" + std::string(encoding) + "' (expected csv or base64)");
  std::vector<unsigned char> raw = decode_base64(payload, file, where);
  if (compression == "zlib" || compression == "gzip") {
    raw = inflate_all(raw, compression == "gzip", count * 4, file, where);
  } else if (!compression.empty()) {
    fail(file, where, "unsupported layer data compression '" + std::string(compression) +
                          "' (expected zlib or gzip" + (compression == "zstd" ? "; zstd is not built in" : "") + ")");
  }
  if (raw.size() != count * 4)
    fail(file, where, "layer data has " + std::to_string(raw.size()) + " bytes (" +
                          std::to_string(raw.size() / 4) + " tiles), expected " + std::to_string(count * 4) +
                          " bytes (" + std::to_string(count) + " tiles)");
  std::vector<std::uint32_t> gids(count);
  for (std::size_t i = 0; i < count; ++i)
    gids[i] = std::uint32_t(raw[4 * i]) | std::uint32_t(raw[4 * i + 1]) << 8 |
              std::uint32_t(raw[4 * i + 2]) << 16 | std::uint32_t(raw[4 * i + 3]) << 24;
  return gids;
}

namespace {

Vec2 rotate_deg(Vec2 v, double deg) {
  const double a = deg * 3.14159265358979323846 / 180.0;
  const double c = std::cos(a), s = std::sin(a);
  return {Real(c * v.x - s * v.y), Real(s * v.x + c * v.y)};
}

double signed_area(const std::vector<Vec2>& p) {
  double a = 0;
  for (std::size_t i = 0; i < p.size(); ++i) {
    const Vec2 u = p[i], v = p[(i + 1) % p.size()];
    a += double(u.x) * v.y - double(v.x) * u.y;
  }
  return a / 2;
}

/// Ear clipping of a simple polygon into triangles (counter-clockwise input).
std::vector<std::array<Vec2, 3>> triangulate(std::vector<Vec2> p) {
  std::vector<std::array<Vec2, 3>> tris;
  auto cr = [](Vec2 o, Vec2 a, Vec2 b) { return double(a.x - o.x) * (b.y - o.y) - double(a.y - o.y) * (b.x - o.x); };
  while (p.size() > 3) {
    bool clipped = false;
    for (std::size_t i = 0; i < p.size() && !clipped; ++i) {
      const std::size_t ip = (i + p.size() - 1) % p.size(), in = (i + 1) % p.size();
      const Vec2 a = p[ip], b = p[i], c = p[in];
      if (cr(a, b, c) <= 0) continue;
      bool inside = false;
      for (std::size_t k = 0; k < p.size() && !inside; ++k) {
        if (k == ip || k == i || k == in) continue;
        const Vec2 q = p[k];
        inside = cr(a, b, q) >= 0 && cr(b, c, q) >= 0 && cr(c, a, q) >= 0;
      }
      if (inside) continue;
      tris.push_back({a, b, c});
      p.erase(p.begin() + std::ptrdiff_t(i));
      clipped = true;
    }
    if (!clipped) break;  // not simple: give up on the rest
  }
  if (p.size() == 3) tris.push_back({p[0], p[1], p[2]});
  return tris;
}

}  // namespace

void make_object_shapes(TiledObject& o) {
  o.shapes.clear();
  const Vec2 at = o.position;
  const double rot = o.rotation;
  switch (o.kind) {
    case TiledObject::Kind::rectangle:
    case TiledObject::Kind::tile: {
      const Vec2 half = o.size * Real(0.5);
      // A tile object is anchored at its bottom-left corner, a rectangle at its top-left.
      const Vec2 local = o.kind == TiledObject::Kind::tile ? Vec2{half.x, -half.y} : half;
      if (rot == 0) {
        const Vec2 c = at + local;
        o.shapes.push_back(Aabb{c - half, c + half});
      } else {
        o.shapes.push_back(Box(at + rotate_deg(local, rot), half, Real(rot * 3.14159265358979323846 / 180.0)));
      }
      break;
    }
    case TiledObject::Kind::ellipse: {
      const Vec2 half = o.size * Real(0.5);
      const Vec2 c = at + rotate_deg(half, rot);
      if (half.x == half.y) {
        o.shapes.push_back(Circle{c, half.x});
      } else {
        std::vector<Vec2> pts;
        for (int k = 0; k < 32; ++k) {
          const double a = 2 * 3.14159265358979323846 * k / 32;
          pts.push_back(c + rotate_deg(Vec2{Real(half.x * std::cos(a)), Real(half.y * std::sin(a))}, rot));
        }
        if (auto p = make_polygon(pts)) o.shapes.push_back(*p);
      }
      break;
    }
    case TiledObject::Kind::point:
      o.shapes.push_back(Point{at});
      break;
    case TiledObject::Kind::polyline:
      for (std::size_t i = 0; i + 1 < o.points.size(); ++i) o.shapes.push_back(Segment{o.points[i], o.points[i + 1]});
      break;
    case TiledObject::Kind::polygon: {
      std::vector<Vec2> pts = o.points;
      if (pts.size() < 3) break;
      if (signed_area(pts) < 0) std::reverse(pts.begin(), pts.end());
      if (pts.size() <= std::size_t(Polygon::kMaxVertices))
        if (auto p = make_polygon(pts)) {
          o.shapes.push_back(*p);
          break;
        }
      for (const auto& t : triangulate(pts))
        if (auto p = make_polygon(t)) o.shapes.push_back(*p);
      break;
    }
  }
}

namespace {

// Every object's shapes. A number can be finite in the file and still overflow this build's Real
// (1e39 in float): such an object is refused, not dropped or turned into an infinite shape.
void check_and_make_shapes(TiledMap& map) {
  for (TiledObject& o : map.objects) {
    const std::string where = "object " + std::to_string(o.id) + " in layer '" + o.layer + "'";
    bool finite = is_finite(o.position) && is_finite(o.size) && std::isfinite(o.rotation);
    for (const Vec2& p : o.points) finite = finite && is_finite(p);
    if (!finite) fail(map.path, where, "its position, size or points exceed the range of this build's numbers");
    make_object_shapes(o);
    for (const Shape& s : o.shapes)
      if (const auto why = validate(s)) fail(map.path, where, "its shape is not valid in this build: " + why->text());
  }
}

}  // namespace

void finish_map(TiledMap& map, const TiledLoadOptions& options) {
  const std::string& file = map.path;
  std::stable_sort(map.tilesets.begin(), map.tilesets.end(),
                   [](const TiledTileset& a, const TiledTileset& b) { return a.firstgid < b.firstgid; });
  const bool lenient = !options.require_tilesets && options.collision_property.empty();
  for (const TiledTileset& t : map.tilesets)
    if (t.missing && !lenient)
      fail(file, "tileset '" + t.source + "' (firstgid " + std::to_string(t.firstgid) + ")",
           "missing tileset: cannot open " + t.missing_path);
  check_and_make_shapes(map);
  const std::size_t count = std::size_t(map.width) * std::size_t(map.height);
  std::vector<std::uint8_t> blocked(count, 0);

  // The tileset holding a gid: the one with the largest firstgid <= gid.
  auto tileset_of = [&](std::uint32_t g) -> const TiledTileset* {
    const TiledTileset* ts = nullptr;
    for (const TiledTileset& t : map.tilesets)
      if (t.firstgid <= g) ts = &t;
    return ts;
  };
  auto check_gids = [&](const TiledLayer& layer) {
    if (lenient) return;  // only firstgids are known: every non-zero gid is some tile
    const std::string where = "layer '" + layer.name + "'";
    for (std::size_t i = 0; i < layer.gids.size(); ++i) {
      const std::uint32_t g = layer.gids[i] & ~kTiledGidFlags;
      if (g == 0) continue;
      const TiledTileset* ts = tileset_of(g);
      if (!ts)
        fail(file, where, "gid " + std::to_string(g) + " at tile " + std::to_string(i) +
                              " belongs to no tileset (missing tileset)");
      if (ts->tile_count > 0 && g - ts->firstgid >= std::uint32_t(ts->tile_count))
        fail(file, where, "gid " + std::to_string(g) + " at tile " + std::to_string(i) + " is past tileset '" +
                              ts->name + "' (firstgid " + std::to_string(ts->firstgid) + ", " +
                              std::to_string(ts->tile_count) + " tiles)");
    }
  };

  if (options.collision_property.empty()) {
    map.collision_layer = -1;
    for (std::size_t k = 0; k < map.layers.size(); ++k)
      if (iequals(map.layers[k].name, options.collision_layer)) {
        map.collision_layer = int(k);
        break;
      }
    if (map.collision_layer < 0)
      fail(file, "map", "no tile layer named '" + options.collision_layer + "' (the collision layer)");
    const TiledLayer& layer = map.layers[std::size_t(map.collision_layer)];
    if (layer.width != map.width || layer.height != map.height)
      fail(file, "layer '" + layer.name + "'",
           "the collision layer is " + std::to_string(layer.width) + "x" + std::to_string(layer.height) +
               ", the map " + std::to_string(map.width) + "x" + std::to_string(map.height));
    check_gids(layer);
    for (std::size_t i = 0; i < count; ++i) blocked[i] = tiled_gid_blocked(layer.gids[i], map.tilesets) ? 1 : 0;
  } else {
    map.collision_layer = -1;
    for (const TiledLayer& layer : map.layers) {
      if (layer.width != map.width || layer.height != map.height) continue;
      check_gids(layer);
      for (std::size_t i = 0; i < count; ++i) {
        const std::uint32_t g = layer.gids[i] & ~kTiledGidFlags;
        if (g == 0) continue;
        const TiledTileset* ts = tileset_of(g);
        const auto tile = ts->properties.find(int(g - ts->firstgid));
        if (tile == ts->properties.end()) continue;
        const auto prop = tile->second.find(options.collision_property);
        if (prop != tile->second.end() && truthy(prop->second)) blocked[i] = 1;
      }
    }
  }
  Invalid why;
  auto tm = TileMap::from_grid(map.width, map.height, blocked, Vec2{Real(map.tile_width), Real(map.tile_height)},
                               Vec2{}, true, &why);
  if (!tm) fail(file, "map", why.text());
  map.collision = std::move(*tm);
}

}  // namespace tiled_detail

bool tiled_gid_blocked(std::uint32_t gid, const std::vector<TiledTileset>& tilesets) {
  const std::uint32_t g = gid & ~kTiledGidFlags;
  if (g == 0) return false;
  for (const TiledTileset& t : tilesets)
    if (t.firstgid == g) return false;
  return true;
}

TiledMap load_tiled(const std::string& path, const TiledLoadOptions& options) {
  const std::string text = tiled_detail::read_file(path, "");
  std::size_t i = 0;
  while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
  auto ends_with = [&](const char* ext) {
    const std::string e(ext);
    return path.size() >= e.size() && tiled_detail::iequals(std::string_view(path).substr(path.size() - e.size()), e);
  };
  if (ends_with(".tmj") || ends_with(".json") || (i < text.size() && text[i] == '{'))
    return parse_tiled_json(text, path, options);
  return parse_tmx(text, path, options);
}

}  // namespace collide2d
