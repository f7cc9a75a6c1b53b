// collide2d - 2D collision detection for games. MIT License.
// The WAD loader on Freedoom's 68 maps: every map loads, sector lookups agree with the map's
// own BSP tree (walked as R_PointInSubsector does) and with a brute-force crossing count over
// all lines, wall distances agree with a brute-force scan; and on malformed WADs built from
// real data: every truncation and 1,500 random corruptions give a LoadError (or a
// valid map) and never read past a lump (this binary also runs under ASan).

#include <algorithm>
#include <cmath>
#include <cstring>
#include <fstream>
#include <map>
#include <random>
#include <set>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "collide2d/wad.hpp"

using namespace collide2d;

namespace {

std::string freedoom(const char* file) { return std::string(COLLIDE2D_FREEDOOM_DIR) + "/" + file; }
// Each WAD is read once for all the tests (they are 20-30 MB).
const wad::WadFile& freedoom_wad(const char* file) {
  static std::map<std::string, wad::WadFile> cache;
  auto it = cache.find(file);
  if (it == cache.end()) it = cache.emplace(file, wad::WadFile::open(freedoom(file))).first;
  return it->second;
}
bool have_freedoom() { return std::ifstream(freedoom("freedoom1.wad")).good() && std::ifstream(freedoom("freedoom2.wad")).good(); }

// Sectors whose boundary a ray from p towards +x crosses an odd number of times, from the
// raw linedefs (a self-referencing sector's lines count once), in long double.
std::set<int> brute_parity(const wad::WadMap& m, const RoomMap& sm, double px, double py) {
  std::set<int> odd;
  auto flip = [&](int s) {
    if (s < 0) return;
    if (!odd.erase(s)) odd.insert(s);
  };
  for (const wad::Linedef& l : m.linedefs) {
    const long double ax = m.vertices[l.v1].x, ay = m.vertices[l.v1].y;
    const long double bx = m.vertices[l.v2].x, by = m.vertices[l.v2].y;
    if ((ay > py) == (by > py)) continue;
    const long double xi = ax + (py - ay) * (bx - ax) / (by - ay);
    if (!(xi > px)) continue;
    const int f = l.right == wad::kNone ? -1 : m.sidedefs[l.right].sector;
    const int b = l.left == wad::kNone ? -1 : m.sidedefs[l.left].sector;
    if (f != b) flip(f), flip(b);
    else if (f >= 0 && sm.self_referencing(f)) flip(f);
  }
  return odd;
}

double line_distance(const wad::WadMap& m, double px, double py, bool walls_only) {
  long double best = INFINITY;
  for (const wad::Linedef& l : m.linedefs) {
    if (walls_only && !(l.right == wad::kNone || l.left == wad::kNone || (l.flags & wad::kImpassable))) continue;
    const long double ax = m.vertices[l.v1].x, ay = m.vertices[l.v1].y;
    const long double dx = m.vertices[l.v2].x - ax, dy = m.vertices[l.v2].y - ay;
    const long double l2 = dx * dx + dy * dy;
    long double t = l2 > 0 ? ((px - ax) * dx + (py - ay) * dy) / l2 : 0;
    t = std::clamp(t, (long double)0, (long double)1);
    best = std::min(best, std::hypot(px - (ax + t * dx), py - (ay + t * dy)));
  }
  return double(best);
}

void put32(std::vector<unsigned char>& b, std::size_t at, std::int32_t v) {
  for (int k = 0; k < 4; ++k) b[at + std::size_t(k)] = (unsigned char)(std::uint32_t(v) >> (8 * k));
}

// A PWAD holding one map copied from a real WAD; the directory first (right after the
// header) or last.
std::vector<unsigned char> one_map_pwad(const wad::WadFile& src, const std::string& name, bool dir_first) {
  const int marker = src.find_map(name);
  std::vector<std::size_t> idx{std::size_t(marker)};
  for (std::size_t j = std::size_t(marker) + 1; j < src.lumps().size() && j <= std::size_t(marker) + 10; ++j) idx.push_back(j);
  std::vector<unsigned char> out(12);
  std::memcpy(out.data(), "PWAD", 4);
  const std::size_t dir_size = 16 * idx.size();
  std::size_t pos = dir_first ? 12 + dir_size : 12;
  std::vector<std::pair<std::size_t, std::size_t>> where;
  std::vector<unsigned char> body;
  for (std::size_t j : idx) {
    const auto d = src.data(j);
    where.push_back({pos + body.size(), d.size()});
    body.insert(body.end(), d.begin(), d.end());
  }
  std::vector<unsigned char> dir(dir_size);
  for (std::size_t k = 0; k < idx.size(); ++k) {
    put32(dir, 16 * k, std::int32_t(where[k].first));
    put32(dir, 16 * k + 4, std::int32_t(where[k].second));
    const std::string& nm = src.lumps()[idx[k]].name;
    std::memcpy(&dir[16 * k + 8], nm.data(), std::min<std::size_t>(8, nm.size()));
  }
  put32(out, 4, std::int32_t(idx.size()));
  if (dir_first) {
    put32(out, 8, 12);
    out.insert(out.end(), dir.begin(), dir.end());
    out.insert(out.end(), body.begin(), body.end());
  } else {
    put32(out, 8, std::int32_t(12 + body.size()));
    out.insert(out.end(), body.begin(), body.end());
    out.insert(out.end(), dir.begin(), dir.end());
  }
  return out;
}

// Loads the map and runs a few queries; false when a LoadError was thrown (checked to name
// the file and a place in it).
bool load_and_query(const std::vector<unsigned char>& bytes, const std::string& name) {
  try {
    const auto w = wad::WadFile::from_bytes("fuzz.wad", bytes);
    const auto m = wad::load_map(w, name);
    const RoomMap sm = m.room_map();
    for (int k = 0; k < 8; ++k) {
      const Vec2 p(Real(-2000 + 500 * k), Real(-3000 + 700 * k));
      (void)sm.room_at(p);
      (void)sm.nearest_wall(p);
      if (!m.subsectors.empty()) (void)m.bsp_sector(p.x, p.y);
    }
    return true;
  } catch (const LoadError& e) {
    EXPECT_EQ(e.file(), "fuzz.wad");
    EXPECT_FALSE(e.where().empty());
    EXPECT_FALSE(e.message().empty());
    return false;
  }
}

}  // namespace

TEST(WadFreedoom, AllMapsLoadAndAgreeWithTheirBsp) {
  if (!have_freedoom()) GTEST_SKIP() << "freedoom is not installed (scripts/deps.sh)";
  int maps = 0;
  long points = 0, near_line = 0, bsp_slivers = 0, brute_checked = 0;
  for (const char* file : {"freedoom1.wad", "freedoom2.wad"}) {
    const auto& w = freedoom_wad(file);
    for (const std::string& name : w.map_names()) {
      SCOPED_TRACE(std::string(file) + "#" + name);
      const auto m = wad::load_map(w, name);
      ++maps;
      // The lumps decode to whole records.
      const int marker = w.find_map(name);
      EXPECT_EQ(m.vertices.size() * 4 + m.linedefs.size() * 14 + m.sidedefs.size() * 30,
                w.lumps()[std::size_t(marker) + 4].size + w.lumps()[std::size_t(marker) + 2].size +
                    w.lumps()[std::size_t(marker) + 3].size);
      const RoomMap sm = m.room_map();
      EXPECT_TRUE(sm.unclosed_rooms().empty());
      std::mt19937 rng{std::uint32_t(maps)};
      const Vec2 lo = sm.bounds().min, hi = sm.bounds().max;
      std::uniform_real_distribution<double> ux(lo.x, hi.x), uy(lo.y, hi.y);
      for (int k = 0; k < 3000; ++k) {
        const double x = ux(rng), y = uy(rng);
        const Vec2 p{Real(x), Real(y)};
        const int s = sm.room_at(p);
        if (k < 100) {  // the index against a brute-force crossing count over all lines
          const auto odd = brute_parity(m, sm, double(p.x), double(p.y));
          if (line_distance(m, p.x, p.y, false) > 1e-3) {
            ++brute_checked;
            if (odd.empty()) ASSERT_EQ(s, -1);
            else ASSERT_TRUE(odd.count(s)) << s;
          }
        }
        if (s < 0) continue;
        ++points;
        const int b = m.bsp_sector(double(p.x), double(p.y));
        if (b == s) continue;
        // Disagreements: on or next to a line (the node builder rounds split vertices to
        // integers, so subsector edges deviate from the lines by up to a unit), or a sliver
        // subsector whose first seg names a sector that does not hold the point.
        if (line_distance(m, p.x, p.y, false) <= 1.5) {
          ++near_line;
          continue;
        }
        ++bsp_slivers;
        EXPECT_FALSE(brute_parity(m, sm, p.x, p.y).count(b)) << "BSP sector " << b << " polygon " << s;
      }
      // Wall distances against a brute-force scan.
      for (int k = 0; k < 40; ++k) {
        const Vec2 p{Real(ux(rng)), Real(uy(rng))};
        const double want = line_distance(m, p.x, p.y, true);
        ASSERT_NEAR(double(sm.wall_distance(p)), want, 1e-4 * (1 + want));
      }
    }
  }
  EXPECT_EQ(maps, 68);
  EXPECT_GT(points, 68 * 1000);
  EXPECT_GT(brute_checked, 68 * 90);
  // Documented: agreement everywhere except next to lines and in node-builder slivers.
  EXPECT_LE(near_line, points / 1000);
  EXPECT_LE(bsp_slivers, points / 10000 + 1);
  std::printf("maps %d, points in sectors %ld, disagreements next to lines %ld, in BSP slivers %ld\n", maps,
              points, near_line, bsp_slivers);
}

TEST(WadFreedoom, SelfReferencingSectorOfE1M6) {
  if (!have_freedoom()) GTEST_SKIP() << "freedoom is not installed";
  const auto m = wad::load_map(freedoom_wad("freedoom1.wad"), "e1m6");  // any case
  const RoomMap sm = m.room_map();
  ASSERT_TRUE(sm.self_referencing(390));
  // Points of sector 390 found by sampling its bounding box agree with the BSP.
  const auto loops = sm.room_loops(390);
  ASSERT_FALSE(loops.empty());
  Vec2 lo = loops[0][0], hi = lo;
  for (const auto& l : loops)
    for (Vec2 v : l) lo = min(lo, v), hi = max(hi, v);
  std::mt19937 rng(5);
  std::uniform_real_distribution<double> ux(lo.x, hi.x), uy(lo.y, hi.y);
  int found = 0;
  for (int k = 0; k < 2000; ++k) {
    const Vec2 p(Real(ux(rng)), Real(uy(rng)));
    if (sm.room_at(p) != 390 || line_distance(m, p.x, p.y, false) < 1.5) continue;
    ++found;
    EXPECT_EQ(m.bsp_sector(p.x, p.y), 390);
  }
  EXPECT_GT(found, 20);
}

TEST(WadLoad, ClearErrors) {
  EXPECT_THROW(wad::WadFile::open("/nonexistent/doom.wad"), LoadError);
  try {
    wad::WadFile::from_bytes("t.wad", std::vector<unsigned char>{'h', 'e', 'l', 'l', 'o', ' ', 'w', 'o', 'r', 'l', 'd', '!', '\n'});
    FAIL();
  } catch (const LoadError& e) {
    EXPECT_EQ(e.where(), "header");
  }
  if (!have_freedoom()) GTEST_SKIP() << "freedoom is not installed";
  const auto& w = freedoom_wad("freedoom2.wad");
  EXPECT_THROW(wad::load_map(w, "E1M1"), LoadError);
  EXPECT_EQ(wad::load_map(w, "").name, "MAP01");
  // Targeted corruptions name the lump.
  auto base = one_map_pwad(w, "MAP01", true);
  const auto pw = wad::WadFile::from_bytes("p.wad", base);
  auto lump_at = [&](const char* nm) {
    for (std::size_t i = 0; i < pw.lumps().size(); ++i)
      if (pw.lumps()[i].name == nm) return std::pair<std::size_t, std::size_t>(std::size_t(pw.lumps()[i].offset), i);
    return std::pair<std::size_t, std::size_t>(0, 0);
  };
  auto expect_where = [&](std::vector<unsigned char> b, const std::string& where) {
    try {
      wad::load_map(wad::WadFile::from_bytes("p.wad", std::move(b)), "MAP01");
      ADD_FAILURE() << "no error for " << where;
    } catch (const LoadError& e) {
      EXPECT_NE(e.where().find(where), std::string::npos) << e.what();
    }
  };
  {
    auto b = base;
    const auto [off, i] = lump_at("LINEDEFS");
    b[off] = 0xFF, b[off + 1] = 0x7F;  // linedef 0's v1 far out of range
    expect_where(b, "LINEDEFS");
  }
  {
    auto b = base;
    const auto [off, i] = lump_at("SIDEDEFS");
    b[off + 28] = 0xFF, b[off + 29] = 0x7F;  // sidedef 0 names sector 32767
    expect_where(b, "SIDEDEFS");
  }
  {
    auto b = base;
    const auto [off, i] = lump_at("VERTEXES");
    put32(b, 12 + 16 * i + 4, std::int32_t(pw.lumps()[i].size - 1));  // not whole records
    expect_where(b, "VERTEXES");
  }
  {
    auto b = base;
    const auto [off, i] = lump_at("NODES");
    std::memcpy(&b[off], "XNOD", 4);
    expect_where(b, "NODES");
  }
}

TEST(WadFuzz, TruncationsGiveLoadErrors) {
  if (!have_freedoom()) GTEST_SKIP() << "freedoom is not installed";
  const auto& w = freedoom_wad("freedoom1.wad");
  for (bool dir_first : {true, false}) {
    const auto full = one_map_pwad(w, "E1M8", dir_first);
    ASSERT_TRUE(load_and_query(full, "E1M8"));
    int cuts = 0;
    for (std::size_t n = 0; n < full.size(); n += (n < 400 ? 1 : 53)) {
      const std::vector<unsigned char> cut(full.begin(), full.begin() + long(n));
      EXPECT_FALSE(load_and_query(cut, "E1M8")) << n;
      ++cuts;
    }
    EXPECT_GT(cuts, 1000);
  }
}

TEST(WadFuzz, RandomCorruptionsNeverCrash) {
  if (!have_freedoom()) GTEST_SKIP() << "freedoom is not installed";
  const auto& w = freedoom_wad("freedoom1.wad");
  const auto full = one_map_pwad(w, "E1M8", true);
  std::mt19937 rng(99);
  std::uniform_int_distribution<std::size_t> upos(0, full.size() - 1), uhead(0, 12 + 16 * 11);
  std::uniform_int_distribution<int> ubyte(0, 255), ucount(1, 12);
  int ok = 0, errors = 0;
  for (int k = 0; k < 1500; ++k) {
    auto b = full;
    const int n = ucount(rng);
    for (int j = 0; j < n; ++j) b[(k & 3) == 0 ? uhead(rng) : upos(rng)] = (unsigned char)ubyte(rng);
    (load_and_query(b, "E1M8") ? ok : errors)++;
  }
  EXPECT_GT(errors, 50);   // header, directory and index corruptions are caught
  EXPECT_GT(ok, 50);       // coordinate and flag changes still give a map
}
