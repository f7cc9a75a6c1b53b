// collide2d - 2D collision detection for games. MIT License.
// The Tiled loader: maps written here in every encoding (encoded with zlib directly, not through
// the loader) must give back the grid they were made from; bad files must give a LoadError that
// names the file and the element; mutated files must never crash; the real TMW maps load.
#include <gtest/gtest.h>
#include <unistd.h>
#include <zlib.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <limits>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "collide2d/tiled.hpp"

using namespace collide2d;
namespace fs = std::filesystem;

namespace {

fs::path work_dir() {
  static const fs::path dir = [] {
    fs::path d = fs::temp_directory_path() / ("collide2d_tiled_test_" + std::to_string(::getpid()));
    fs::create_directories(d / "maps");
    fs::create_directories(d / "tilesets");
    return d;
  }();
  return dir;
}

std::string write(const std::string& rel, const std::string& text) {
  const fs::path p = work_dir() / rel;
  std::ofstream(p, std::ios::binary) << text;
  return p.string();
}

std::string base64(const std::vector<unsigned char>& in) {
  static const char* t = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  for (std::size_t i = 0; i < in.size(); i += 3) {
    const std::uint32_t n = std::uint32_t(in[i]) << 16 | (i + 1 < in.size() ? std::uint32_t(in[i + 1]) << 8 : 0) |
                            (i + 2 < in.size() ? in[i + 2] : 0);
    out += t[(n >> 18) & 63];
    out += t[(n >> 12) & 63];
    out += i + 1 < in.size() ? t[(n >> 6) & 63] : '=';
    out += i + 2 < in.size() ? t[n & 63] : '=';
  }
  return out;
}

std::vector<unsigned char> compress(const std::vector<unsigned char>& raw, bool gzip) {
  z_stream zs{};
  deflateInit2(&zs, 6, Z_DEFLATED, gzip ? 15 + 16 : 15, 8, Z_DEFAULT_STRATEGY);
  std::vector<unsigned char> out(deflateBound(&zs, uLong(raw.size())) + 64);
  zs.next_in = const_cast<unsigned char*>(raw.data());
  zs.avail_in = uInt(raw.size());
  zs.next_out = out.data();
  zs.avail_out = uInt(out.size());
  deflate(&zs, Z_FINISH);
  out.resize(zs.total_out);
  deflateEnd(&zs);
  return out;
}

std::string encode(const std::vector<std::uint32_t>& gids, const std::string& enc, const std::string& comp) {
  if (enc == "csv") {
    std::string s;
    for (std::size_t i = 0; i < gids.size(); ++i) s += (i ? (i % 7 == 0 ? ",\n" : ",") : "") + std::to_string(gids[i]);
    return s;
  }
  std::vector<unsigned char> raw;
  for (std::uint32_t g : gids)
    for (int k = 0; k < 4; ++k) raw.push_back(static_cast<unsigned char>(g >> (8 * k)));
  if (comp == "zlib") raw = compress(raw, false);
  if (comp == "gzip") raw = compress(raw, true);
  return base64(raw);
}

/// A map: a Ground layer and a Collision layer; tilesets "ground" inline (firstgid 1, 50
/// tiles, tile 3 has property solid=true) and collision external (firstgid 51).
struct Made {
  int w, h;
  std::vector<std::uint32_t> ground, collision;
  std::vector<std::uint8_t> expect_blocked;       // by the collision layer
  std::vector<std::uint8_t> expect_by_property;   // by property "solid" in any layer
};

Made make_gids(std::mt19937& rng, int w, int h) {
  Made m{w, h, {}, {}, {}, {}};
  const std::uint32_t flips[] = {0, 0x80000000u, 0x40000000u, 0x20000000u, 0xE0000000u};
  for (int i = 0; i < w * h; ++i) {
    const unsigned kind = rng() % 5;
    std::uint32_t g = 0;
    bool blocked = false;
    if (kind == 1) g = 51;                          // the walkable collision tile
    if (kind == 2) { g = 52; blocked = true; }      // the blocked collision tile
    if (kind == 3) { g = 1 + rng() % 50; blocked = g != 1; }  // a foreign gid (as 099-1's 34)
    if (g) g |= flips[rng() % 5];
    m.collision.push_back(g);
    m.expect_blocked.push_back(blocked ? 1 : 0);
    const std::uint32_t gg = rng() % 3 == 0 ? 4 : (rng() % 2 ? 0 : 1 + rng() % 50);
    m.ground.push_back(gg | flips[rng() % 5]);
    m.expect_by_property.push_back(gg == 4 || (g & 0x0FFFFFFFu) == 4 ? 1 : 0);
  }
  return m;
}

const char* kTsx = R"(<?xml version="1.0" encoding="UTF-8"?>
<tileset name="collision" tilewidth="16" tileheight="16">
 <image source="collision.png" width="32" height="16"/>
</tileset>
)";

std::string tmx(const Made& m, const std::string& enc, const std::string& comp, const std::string& collision_name = "Collision") {
  std::ostringstream s;
  s << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<map version=\"1.10\" orientation=\"orthogonal\" width=\"" << m.w
    << "\" height=\"" << m.h << "\" tilewidth=\"16\" tileheight=\"16\" infinite=\"0\">\n"
    << " <tileset firstgid=\"1\" name=\"ground\" tilewidth=\"16\" tileheight=\"16\" tilecount=\"50\" columns=\"10\">\n"
    << "  <tile id=\"3\"><properties><property name=\"solid\" type=\"bool\" value=\"true\"/></properties></tile>\n"
    << " </tileset>\n <tileset firstgid=\"51\" source=\"../tilesets/col.tsx\"/>\n";
  auto layer = [&](const std::string& name, const std::vector<std::uint32_t>& g) {
    s << " <layer id=\"1\" name=\"" << name << "\" width=\"" << m.w << "\" height=\"" << m.h << "\">\n";
    if (enc == "xml") {
      s << "  <data>";
      for (std::uint32_t x : g) s << "<tile gid=\"" << x << "\"/>";
      s << "</data>\n";
    } else {
      s << "  <data encoding=\"" << enc << "\"" << (comp.empty() ? "" : " compression=\"" + comp + "\"") << ">\n"
        << encode(g, enc, comp) << "\n  </data>\n";
    }
    s << " </layer>\n";
  };
  layer("Ground", m.ground);
  s << " <group name=\"g\">\n";
  layer(collision_name, m.collision);
  s << " </group>\n";
  s << " <objectgroup name=\"Objects\">\n"
    << "  <object id=\"1\" x=\"10\" y=\"20\" width=\"30\" height=\"10\"/>\n"
    << "  <object id=\"2\" x=\"50\" y=\"50\" width=\"20\" height=\"10\" rotation=\"30\"/>\n"
    << "  <object id=\"3\" x=\"5\" y=\"5\" width=\"8\" height=\"8\"><ellipse/></object>\n"
    << "  <object id=\"4\" x=\"100\" y=\"100\"><polygon points=\"0,0 40,0 40,10 10,10 10,40 0,40\"/></object>\n"
    << "  <object id=\"5\" x=\"0\" y=\"0\"><polyline points=\"0,0 10,0 10,10\"/></object>\n"
    << "  <object id=\"6\" x=\"7\" y=\"8\"><point/></object>\n"
    << " </objectgroup>\n</map>\n";
  return s.str();
}

std::string tmj(const Made& m, bool base64_zlib) {
  auto layer = [&](const std::string& name, const std::vector<std::uint32_t>& g) {
    std::ostringstream s;
    s << "{\"type\":\"tilelayer\",\"name\":\"" << name << "\",\"width\":" << m.w << ",\"height\":" << m.h << ",";
    if (base64_zlib) {
      s << "\"encoding\":\"base64\",\"compression\":\"zlib\",\"data\":\"" << encode(g, "base64", "zlib") << "\"}";
    } else {
      s << "\"data\":[";
      for (std::size_t i = 0; i < g.size(); ++i) s << (i ? "," : "") << g[i];
      s << "]}";
    }
    return s.str();
  };
  std::ostringstream s;
  s << "{\"type\":\"map\",\"orientation\":\"orthogonal\",\"width\":" << m.w << ",\"height\":" << m.h
    << ",\"tilewidth\":16,\"tileheight\":16,\"infinite\":false,\"tilesets\":["
    << "{\"firstgid\":1,\"name\":\"ground\",\"tilecount\":50,\"tiles\":[{\"id\":3,\"properties\":[{\"name\":\"solid\",\"type\":\"bool\",\"value\":true}]}]},"
    << "{\"firstgid\":51,\"source\":\"../tilesets/col.tsx\"}],\"layers\":[" << layer("Ground", m.ground)
    << ",{\"type\":\"group\",\"name\":\"g\",\"layers\":[" << layer("COLLISION", m.collision) << "]},"
    << "{\"type\":\"objectgroup\",\"name\":\"Objects\",\"objects\":[{\"id\":1,\"x\":10,\"y\":20,\"width\":30,\"height\":10},"
    << "{\"id\":3,\"x\":5,\"y\":5,\"width\":8,\"height\":8,\"ellipse\":true},"
    << "{\"id\":4,\"x\":100,\"y\":100,\"polygon\":[{\"x\":0,\"y\":0},{\"x\":40,\"y\":0},{\"x\":40,\"y\":10},{\"x\":10,\"y\":10},{\"x\":10,\"y\":40},{\"x\":0,\"y\":40}]}]}]}";
  return s.str();
}

void expect_grid(const TiledMap& t, const Made& m, const std::vector<std::uint8_t>& want) {
  ASSERT_EQ(t.width, m.w);
  ASSERT_EQ(t.height, m.h);
  EXPECT_EQ(t.collision.tile_size(), (Vec2{16, 16}));
  for (int r = 0; r < m.h; ++r)
    for (int c = 0; c < m.w; ++c)
      ASSERT_EQ(t.collision.solid(c, r), want[std::size_t(r * m.w + c)] != 0) << c << "," << r;
}

/// Expects load_tiled(path) to throw a LoadError whose text contains every word given.
void expect_error(const std::string& path, std::initializer_list<const char*> words, const TiledLoadOptions& o = {}) {
  try {
    load_tiled(path, o);
    ADD_FAILURE() << path << ": loaded, expected an error";
  } catch (const LoadError& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find(path), std::string::npos) << what;
    for (const char* w : words) EXPECT_NE(what.find(w), std::string::npos) << "'" << w << "' not in: " << what;
  }
}

std::string data_dir() { return COLLIDE2D_TEST_DATA_DIR "/tmw"; }

/// Removes the scratch directory when the test program ends.
struct RemoveWorkDir : ::testing::Environment {
  void TearDown() override {
    std::error_code ec;
    fs::remove_all(work_dir(), ec);
  }
};
const auto* const kRemoveWorkDir = ::testing::AddGlobalTestEnvironment(new RemoveWorkDir);

}  // namespace

TEST(TiledLoader, EveryEncodingGivesBackTheGrid) {
  write("tilesets/col.tsx", kTsx);
  std::mt19937 rng(1);
  for (int trial = 0; trial < 4; ++trial) {
    const Made m = make_gids(rng, 3 + int(rng() % 30), 2 + int(rng() % 20));
    const std::pair<const char*, const char*> encs[] = {{"csv", ""}, {"xml", ""}, {"base64", ""}, {"base64", "zlib"}, {"base64", "gzip"}};
    for (auto [enc, comp] : encs) {
      const std::string p = write("maps/m.tmx", tmx(m, enc, comp));
      SCOPED_TRACE(std::string(enc) + " " + comp);
      const TiledMap t = load_tiled(p);
      expect_grid(t, m, m.expect_blocked);
      ASSERT_EQ(t.layers.size(), 2u);
      EXPECT_EQ(t.layers[0].gids, m.ground);  // flag bits kept
      EXPECT_EQ(t.collision_layer, 1);
      TiledLoadOptions byprop;
      byprop.collision_property = "solid";
      expect_grid(load_tiled(p, byprop), m, m.expect_by_property);
    }
    for (bool b64 : {false, true}) {
      const std::string p = write("maps/m.tmj", tmj(m, b64));
      expect_grid(load_tiled(p), m, m.expect_blocked);
      TiledLoadOptions byprop;
      byprop.collision_property = "solid";
      expect_grid(load_tiled(p, byprop), m, m.expect_by_property);
    }
  }
}

TEST(TiledLoader, ObjectsBecomeShapes) {
  write("tilesets/col.tsx", kTsx);
  std::mt19937 rng(2);
  const Made m = make_gids(rng, 4, 4);
  const TiledMap t = load_tiled(write("maps/o.tmx", tmx(m, "csv", "")));
  ASSERT_EQ(t.objects.size(), 6u);
  // rectangle: an Aabb from (10, 20) to (40, 30)
  const Aabb* a = std::get_if<Aabb>(&t.objects[0].shapes.at(0));
  ASSERT_TRUE(a);
  EXPECT_EQ(a->min, (Vec2{10, 20}));
  EXPECT_EQ(a->max, (Vec2{40, 30}));
  // rotated by 30 degrees about its top-left corner: a Box with that corner as a vertex, and the
  // far corner at (50, 50) + R(30)(20, 10)
  const Box* b = std::get_if<Box>(&t.objects[1].shapes.at(0));
  ASSERT_TRUE(b);
  const double c = std::cos(3.14159265358979 / 6), s = std::sin(3.14159265358979 / 6);
  const Vec2 far{Real(50 + 20 * c - 10 * s), Real(50 + 20 * s + 10 * c)};
  EXPECT_NEAR(length(b->center - (Vec2{50, 50} + far) * Real(0.5)), 0, 1e-4);
  EXPECT_NEAR(b->half_extents.x, 10, 1e-5);
  EXPECT_NEAR(b->half_extents.y, 5, 1e-5);
  // a round ellipse: a circle
  const Circle* ci = std::get_if<Circle>(&t.objects[2].shapes.at(0));
  ASSERT_TRUE(ci);
  EXPECT_EQ(ci->center, (Vec2{9, 9}));
  EXPECT_EQ(ci->radius, 4);
  // the concave L polygon: convex pieces whose areas add up to the shoelace area (700), covering
  // points inside the L and none outside
  double area = 0;
  for (const Shape& sh : t.objects[3].shapes) {
    const Polygon& p = std::get<Polygon>(sh);
    for (int i = 0; i < p.count(); ++i) {
      const Vec2 u = p.vertex(i), v = p.vertex((i + 1) % p.count());
      area += 0.5 * (double(u.x) * v.y - double(v.x) * u.y);
    }
  }
  EXPECT_NEAR(area, 40 * 10 + 10 * 30, 1e-3);
  auto covered = [&](Vec2 q) {
    for (const Shape& sh : t.objects[3].shapes)
      if (overlaps(sh, Shape(Point{q}))) return true;
    return false;
  };
  EXPECT_TRUE(covered({135, 105}));
  EXPECT_TRUE(covered({105, 135}));
  EXPECT_FALSE(covered({125, 125}));
  EXPECT_EQ(t.objects[4].shapes.size(), 2u);  // polyline: two segments
  EXPECT_TRUE(std::holds_alternative<Point>(t.objects[5].shapes.at(0)));
}

TEST(TiledLoader, BadFilesNameFileAndElement) {
  write("tilesets/col.tsx", kTsx);
  std::mt19937 rng(3);
  const Made m = make_gids(rng, 5, 4);
  const std::string good = tmx(m, "csv", "");
  expect_error(write("maps/trunc.tmx", good.substr(0, good.size() / 2)), {"malformed XML"});
  std::string s = good;
  s.replace(s.rfind("encoding=\"csv\""), 14, "encoding=\"base32\"");
  expect_error(write("maps/enc.tmx", s), {"layer 'Collision'", "unknown layer data encoding", "base32"});
  expect_error(write("maps/comp.tmx", tmx(m, "base64", "zlib").replace(tmx(m, "base64", "zlib").rfind("zlib"), 4, "lzma")),
               {"layer 'Collision'", "compression", "lzma"});
  // wrong data length: one gid fewer
  Made shorter = m;
  shorter.collision.pop_back();
  expect_error(write("maps/len.tmx", tmx(shorter, "csv", "")), {"layer 'Collision'", "19 tiles, expected 20"});
  expect_error(write("maps/len64.tmx", tmx(shorter, "base64", "gzip")), {"layer 'Collision'", "expected 80 bytes"});
  // missing external tileset
  std::string missing = good;
  missing.replace(missing.find("col.tsx"), 7, "nope.tsx");
  expect_error(write("maps/missing.tmx", missing), {"tileset '../tilesets/nope.tsx'", "missing tileset"});
  // ... unless only blocked cells are wanted (require_tilesets false, as the tool's map_query):
  // then the missing file is kept by its firstgid and the grid is the one the present file gives
  {
    TiledLoadOptions lenient;
    lenient.require_tilesets = false;
    const TiledMap with = load_tiled(write("maps/present.tmx", good));
    const TiledMap without = load_tiled(write("maps/missing_lenient.tmx", missing), lenient);
    ASSERT_EQ(with.collision.width(), without.collision.width());
    ASSERT_EQ(with.collision.height(), without.collision.height());
    for (int r = 0; r < with.collision.height(); ++r)
      for (int c = 0; c < with.collision.width(); ++c)
        EXPECT_EQ(with.collision.solid(c, r), without.collision.solid(c, r)) << c << "," << r;
    EXPECT_GT(with.collision.solid_count(), 0u);
    bool flagged = false;
    for (const TiledTileset& t : without.tilesets) flagged = flagged || t.missing;
    EXPECT_TRUE(flagged);
    TiledLoadOptions by_property = lenient;
    by_property.collision_property = "collides";
    expect_error(write("maps/missing_prop.tmx", missing), {"missing tileset"}, by_property);
  }
  // a gid no tileset holds (tilesets start at 51 here)
  std::string nots = good;
  nots.replace(nots.find("firstgid=\"1\""), 12, "firstgid=\"100\"");
  expect_error(write("maps/nots.tmx", nots), {"layer", "belongs to no tileset"});
  // no collision layer
  expect_error(write("maps/nocol.tmx", tmx(m, "csv", "", "Walls")), {"no tile layer named 'Collision'"});
  TiledLoadOptions walls;
  walls.collision_layer = "walls";
  EXPECT_NO_THROW(load_tiled(write("maps/walls.tmx", tmx(m, "csv", "", "Walls")), walls));
  // a broken zlib stream
  std::string z = tmx(m, "base64", "zlib");
  const std::size_t at = z.rfind("compression=\"zlib\">") + 25;
  z[at] = z[at] == 'A' ? 'B' : 'A';
  expect_error(write("maps/z.tmx", z), {"layer 'Collision'"});
  // not a map, a bad number, infinite, JSON errors
  expect_error(write("maps/root.tmx", "<?xml version=\"1.0\"?><tileset/>"), {"<map>"});
  std::string badw = good;
  badw.replace(badw.find("width=\"5\""), 9, "width=\"5x\"");
  expect_error(write("maps/badw.tmx", badw), {"<map>", "width"});
  std::string inf = good;
  inf.replace(inf.find("infinite=\"0\""), 12, "infinite=\"1\"");
  expect_error(write("maps/inf.tmx", inf), {"infinite"});
  const std::string j = tmj(m, false);
  expect_error(write("maps/trunc.tmj", j.substr(0, j.size() / 2)), {"malformed JSON"});
  std::string jw = j;
  jw.replace(jw.find("\"width\":5"), 9, "\"width\":\"5\"");
  expect_error(write("maps/jw.tmj", jw), {"map", "width"});
  expect_error((work_dir() / "maps/none.tmx").string(), {"cannot open"});
}

// Fuzz finding (tiled_tmx, float build): a polyline point of 8.9e44 is a finite double but no
// float; the map loaded with an infinite segment. Numbers that overflow this build's Real, by
// themselves or once rotated, are refused naming the object, in TMX and JSON alike.
TEST(TiledLoader, NumbersBeyondTheBuildsRangeAreRefusedNamingTheObject) {
  write("tilesets/col.tsx", kTsx);
  std::mt19937 rng(5);
  const Made m = make_gids(rng, 5, 4);
  const std::string good = tmx(m, "csv", "");
  const std::string big = std::numeric_limits<Real>::max() == std::numeric_limits<float>::max() ? "8.9e44" : "1e309";
  const double top = double(std::numeric_limits<Real>::max());
  std::ostringstream near_max;  // each number fits, the rotated point does not
  near_max.precision(17);
  near_max << top * 0.9 << "," << -top * 0.9;
  auto with_object = [&](const std::string& object) {
    std::string s = good;
    s.replace(s.find("  <object id=\"6\""), 0, object + "\n");
    return s;
  };
  if (big != "1e309") {  // a double parses 1e309 as infinity, refused already as not finite
    expect_error(write("maps/bigpoint.tmx", with_object("  <object id=\"7\" x=\"20\" y=\"20\"><polyline points=\"0,0 " + big + ",5 10,0\"/></object>")),
                 {"object 7 in layer 'Objects'", "range"});
    expect_error(write("maps/bigx.tmx", with_object("  <object id=\"8\" x=\"" + big + "\" y=\"0\" width=\"4\" height=\"4\"/>")),
                 {"object 8 in layer 'Objects'", "range"});
    std::string j = tmj(m, false);
    j.replace(j.rfind("{\"id\":3,"), 0, "{\"id\":9,\"x\":1,\"y\":2,\"polyline\":[{\"x\":0,\"y\":0},{\"x\":" + big + ",\"y\":1}]},");
    expect_error(write("maps/bigpoint.tmj", j), {"object 9", "range"});
  }
  expect_error(write("maps/rotated.tmx", with_object("  <object id=\"10\" x=\"0\" y=\"0\" rotation=\"45\"><polyline points=\"0,0 " + near_max.str() + "\"/></object>")),
               {"object 10 in layer 'Objects'", "range"});
  // the same objects at ordinary sizes load, with every shape valid
  const TiledMap ok = load_tiled(write("maps/fine.tmx", with_object("  <object id=\"7\" x=\"20\" y=\"20\"><polyline points=\"0,0 8.9e3,5 10,0\"/></object>")));
  std::size_t shapes = 0;
  for (const TiledObject& o : ok.objects)
    for (const Shape& sh : o.shapes) {
      EXPECT_FALSE(validate(sh)) << o.id;
      ++shapes;
    }
  EXPECT_GE(shapes, 8u);
}

// Truncations and random byte flips of a real map and of a JSON map: a LoadError or a map,
// nothing else (ASan and UBSan builds run this too).
TEST(TiledLoader, MutatedFilesNeverCrash) {
  write("tilesets/col.tsx", kTsx);
  std::mt19937 rng(4);
  const Made m = make_gids(rng, 12, 9);
  std::vector<std::pair<std::string, std::string>> seeds = {{"maps/f.tmx", tmx(m, "base64", "gzip")},
                                                            {"maps/f.tmj", tmj(m, true)},
                                                            {"maps/g.tmx", tmx(m, "csv", "")}};
  int loaded = 0, refused = 0;
  for (const auto& [name, text] : seeds)
    for (int k = 0; k < 150; ++k) {
      std::string t = text;
      if (k % 3 == 0) {
        t.resize(rng() % t.size());
      } else {
        for (int f = 0; f < 1 + int(rng() % 4); ++f) t[rng() % t.size()] = char(rng() % 256);
      }
      const std::string p = write(name, t);
      try {
        load_tiled(p);
        ++loaded;
      } catch (const LoadError& e) {
        EXPECT_NE(std::string(e.what()).find(p), std::string::npos);
        ++refused;
      }
    }
  EXPECT_GT(refused, 100);
  EXPECT_GT(loaded, 10);  // flips inside names or the image path leave a loadable map
}

TEST(TiledLoader, RealTmwMapsLoad) {
  const std::string maps = data_dir() + "/maps";
  if (!fs::is_directory(maps)) GTEST_SKIP() << maps << " not found";
  int n = 0;
  for (const auto& f : fs::directory_iterator(maps)) {
    if (f.path().extension() != ".tmx") continue;
    const TiledMap t = load_tiled(f.path().string());
    ++n;
    EXPECT_EQ(t.collision.width(), t.width);
    EXPECT_EQ(t.tile_width, 32);
    EXPECT_GT(t.collision.solid_count(), 0u) << f.path();
    // The collision layer's own gids decide: re-derive the blocked flags from the raw gids.
    const TiledLayer& col = t.layers.at(std::size_t(t.collision_layer));
    std::size_t blocked = 0;
    for (std::uint32_t g : col.gids) {
      const std::uint32_t id = g & 0x0FFFFFFFu;
      bool first = false;
      for (const TiledTileset& ts : t.tilesets) first = first || ts.firstgid == id;
      blocked += id != 0 && !first;
    }
    EXPECT_EQ(blocked, t.collision.solid_count()) << f.path();
  }
  EXPECT_EQ(n, 7);
  // 099-1: collision tileset at firstgid 401, three cells holding gid 34 (another tileset): blocked.
  const TiledMap t = load_tiled(maps + "/099-1.tmx");
  const TiledLayer& col = t.layers.at(std::size_t(t.collision_layer));
  int foreign = 0;
  for (std::size_t i = 0; i < col.gids.size(); ++i)
    if (col.gids[i] == 34) {
      ++foreign;
      EXPECT_TRUE(t.collision.solid(int(i % std::size_t(t.width)), int(i / std::size_t(t.width))));
    }
  EXPECT_EQ(foreign, 3);
  const TiledMap old = load_tiled(maps + "/001-1_2011-09-05_base64-gzip.tmx");
  EXPECT_EQ(old.width, 167);
  EXPECT_EQ(old.height, 114);
  EXPECT_EQ(old.tilesets.back().firstgid, 947u);
  EXPECT_FALSE(old.objects.empty());
}
