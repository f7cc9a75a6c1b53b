// collide2d - 2D collision detection for games. MIT License.
/// @file wad_map.cpp  Loading one map of a WAD (binary lumps decoded little-endian, every index
/// checked), the RoomMap description, and the BSP walk (R_PointInSubsector).

#include <cstring>
#include <map>

#include "collide2d/wad.hpp"

namespace collide2d::inline COLLIDE2D_ABI::wad {

namespace {

const char* const kMapLumps[] = {"THINGS", "LINEDEFS", "SIDEDEFS", "VERTEXES", "SEGS", "SSECTORS",
                                 "NODES",  "SECTORS",  "REJECT",   "BLOCKMAP", "BEHAVIOR"};

// Reads little-endian fields from one lump; never past its end.
class Reader {
 public:
  Reader(std::span<const unsigned char> d, const std::string& file, std::string where)
      : d_(d), file_(file), where_(std::move(where)) {}
  std::size_t records(std::size_t rec) const {
    if (d_.size() % rec != 0)
      throw LoadError(file_, where_, "size " + std::to_string(d_.size()) +
                                         " is not a whole number of " + std::to_string(rec) + "-byte records");
    return d_.size() / rec;
  }
  std::uint16_t u16(std::size_t at) const {
    if (at + 2 > d_.size()) throw LoadError(file_, where_, "read past the end of the lump");
    return std::uint16_t(d_[at] | d_[at + 1] << 8);
  }
  std::int16_t i16(std::size_t at) const { return std::int16_t(u16(at)); }
  [[noreturn]] void fail(const std::string& msg) const { throw LoadError(file_, where_, msg); }

 private:
  std::span<const unsigned char> d_;
  const std::string& file_;
  std::string where_;
};

}  // namespace

namespace {

// One step of load_map per lump, in the order the checks need (an index is checked against
// what the lumps read before it hold).

void read_vertexes(Reader r, WadMap& m) {
  const std::size_t n = r.records(4);
  for (std::size_t i = 0; i < n; ++i) m.vertices.push_back({r.i16(4 * i), r.i16(4 * i + 2)});
}

void read_sectors(Reader r, WadMap& m) {
  const std::size_t n = r.records(26);
  for (std::size_t i = 0; i < n; ++i) {
    const std::size_t o = 26 * i;
    m.sectors.push_back({r.i16(o), r.i16(o + 2), r.i16(o + 20), r.u16(o + 22), r.u16(o + 24)});
  }
}

void read_sidedefs(Reader r, WadMap& m) {
  const std::size_t n = r.records(30);
  for (std::size_t i = 0; i < n; ++i) {
    const std::size_t o = 30 * i;
    Sidedef s{r.i16(o), r.i16(o + 2), r.u16(o + 28)};
    if (s.sector >= m.sectors.size())
      r.fail("sidedef " + std::to_string(i) + " names sector " + std::to_string(s.sector) + " of " +
             std::to_string(m.sectors.size()));
    m.sidedefs.push_back(s);
  }
}

void read_linedefs(Reader r, WadMap& m) {
  const std::size_t n = r.records(14);
  for (std::size_t i = 0; i < n; ++i) {
    const std::size_t o = 14 * i;
    Linedef l{r.u16(o), r.u16(o + 2), r.u16(o + 4), r.u16(o + 6), r.u16(o + 8), r.u16(o + 10), r.u16(o + 12)};
    const std::string what = "linedef " + std::to_string(i);
    if (l.v1 >= m.vertices.size() || l.v2 >= m.vertices.size()) r.fail(what + " names a missing vertex");
    for (std::uint16_t sd : {l.right, l.left})
      if (sd != kNone && sd >= m.sidedefs.size()) r.fail(what + " names missing sidedef " + std::to_string(sd));
    m.linedefs.push_back(l);
  }
}

void read_segs(Reader r, WadMap& m) {
  const std::size_t n = r.records(12);
  for (std::size_t i = 0; i < n; ++i) {
    const std::size_t o = 12 * i;
    Seg s{r.u16(o), r.u16(o + 2), r.i16(o + 4), r.u16(o + 6), r.u16(o + 8), r.i16(o + 10)};
    const std::string what = "seg " + std::to_string(i);
    if (s.v1 >= m.vertices.size() || s.v2 >= m.vertices.size()) r.fail(what + " names a missing vertex");
    if (s.linedef >= m.linedefs.size()) r.fail(what + " names a missing linedef");
    if (s.side > 1) r.fail(what + " has side " + std::to_string(s.side) + " (0 or 1)");
    m.segs.push_back(s);
  }
}

void read_ssectors(Reader r, WadMap& m) {
  const std::size_t n = r.records(4);
  for (std::size_t i = 0; i < n; ++i) {
    Subsector s{r.u16(4 * i), r.u16(4 * i + 2)};
    if (s.count < 1 || std::size_t(s.first) + s.count > m.segs.size())
      r.fail("subsector " + std::to_string(i) + " names missing segs");
    m.subsectors.push_back(s);
  }
}

void read_nodes(Reader r, WadMap& m) {
  const std::size_t n = r.records(28);
  for (std::size_t i = 0; i < n; ++i) {
    const std::size_t o = 28 * i;
    Node nd;
    nd.x = r.i16(o), nd.y = r.i16(o + 2), nd.dx = r.i16(o + 4), nd.dy = r.i16(o + 6);
    for (int b = 0; b < 2; ++b)
      for (int k = 0; k < 4; ++k) nd.box[b][k] = r.i16(o + 8 + 8 * std::size_t(b) + 2 * std::size_t(k));
    nd.child[0] = r.u16(o + 24), nd.child[1] = r.u16(o + 26);
    for (std::uint16_t c : nd.child) {
      const std::size_t lim = (c & kSubsectorBit) ? m.subsectors.size() : i;  // children come first
      if (std::size_t(c & ~kSubsectorBit) >= lim)
        r.fail("node " + std::to_string(i) + " names a missing child " + std::to_string(c & ~kSubsectorBit));
    }
    m.nodes.push_back(nd);
  }
}

/// The marker lump of map `name` (empty: the first map).
int find_marker(const WadFile& wad, const std::string& name) {
  const std::string& file = wad.path();
  if (name.empty()) {
    const auto names = wad.map_names();
    if (names.empty()) throw LoadError(file, "directory", "the WAD holds no map");
    return wad.find_map(names.front());
  }
  const int marker = wad.find_map(name);
  if (marker < 0) throw LoadError(file, "map " + name, "no map named '" + name + "' in the WAD");
  return marker;
}

}  // namespace

WadMap load_map(const WadFile& wad, const std::string& name) {
  const std::string& file = wad.path();
  const int marker = find_marker(wad, name);
  WadMap m;
  m.file = file;
  m.name = wad.lumps()[std::size_t(marker)].name;
  // The map's lumps: those of kMapLumps that follow the marker, up to a repeat or another lump.
  std::map<std::string, std::size_t> lump;
  for (std::size_t j = std::size_t(marker) + 1; j < wad.lumps().size(); ++j) {
    const std::string& nm = wad.lumps()[j].name;
    bool is_map_lump = false;
    for (const char* k : kMapLumps) is_map_lump = is_map_lump || nm == k;
    if (!is_map_lump || lump.count(nm)) break;
    lump[nm] = j;
  }
  auto reader = [&](const char* nm) {
    auto it = lump.find(nm);
    if (it == lump.end()) throw LoadError(file, "map " + m.name, std::string("no ") + nm + " lump");
    return Reader(wad.data(it->second), file, std::string("lump ") + nm + " of " + m.name);
  };
  read_vertexes(reader("VERTEXES"), m);
  read_sectors(reader("SECTORS"), m);
  read_sidedefs(reader("SIDEDEFS"), m);
  read_linedefs(reader("LINEDEFS"), m);
  read_segs(reader("SEGS"), m);
  read_ssectors(reader("SSECTORS"), m);
  if (auto it = lump.find("NODES"); it != lump.end()) {
    const auto d = wad.data(it->second);
    static const char* const ext[] = {"XNOD", "ZNOD", "XGLN", "ZGLN", "XGL2", "ZGL2", "XGL3", "ZGL3"};
    for (const char* e : ext)
      if (d.size() >= 4 && std::memcmp(d.data(), e, 4) == 0)
        throw LoadError(file, "lump NODES of " + m.name, "extended (ZDoom) nodes are not supported");
  }
  read_nodes(reader("NODES"), m);
  if (m.nodes.empty() && m.subsectors.empty() && !m.linedefs.empty())
    throw LoadError(file, "lump SSECTORS of " + m.name, "a map with lines needs at least one subsector");
  return m;
}

WadMap load_wad_map(const std::string& path, const std::string& name) {
  return load_map(WadFile::open(path), name);
}

RoomMapDesc WadMap::room_desc() const {
  RoomMapDesc d;
  d.room_count = int(sectors.size());
  for (const Vertex& v : vertices) d.vertices.push_back(Vec2(Real(v.x), Real(v.y)));
  for (const Linedef& l : linedefs) {
    MapLine ml;
    ml.v1 = l.v1, ml.v2 = l.v2;
    ml.front = l.right == kNone ? -1 : int(sidedefs[l.right].sector);
    ml.back = l.left == kNone ? -1 : int(sidedefs[l.left].sector);
    ml.impassable = (l.flags & kImpassable) != 0;
    d.lines.push_back(ml);
  }
  return d;
}

RoomMap WadMap::room_map() const {
  Invalid why;
  auto m = RoomMap::make(room_desc(), &why);
  if (!m) throw LoadError(file, "map " + name + ": " + why.field, why.message);
  return std::move(*m);
}

int WadMap::bsp_subsector(double x, double y) const {
  if (nodes.empty()) return subsectors.empty() ? -1 : 0;
  std::size_t num = nodes.size() - 1;
  for (;;) {
    const Node& n = nodes[num];
    int side;  // R_PointOnSide (linuxdoom-1.10), in exact arithmetic
    if (n.dx == 0) {
      side = x <= n.x ? (n.dy > 0) : (n.dy < 0);
    } else if (n.dy == 0) {
      side = y <= n.y ? (n.dx < 0) : (n.dx > 0);
    } else {
      // left = dy (x - nx), right = (y - ny) dx; front when right < left, i.e. when
      // cross((dx, dy), p - n) < 0: the exact orientation of p against the partition line.
      const int o = orient2d(double(n.x), double(n.y), double(n.x) + n.dx, double(n.y) + n.dy, x, y);
      side = o < 0 ? 0 : 1;
    }
    const std::uint16_t c = n.child[side];
    if (c & kSubsectorBit) return int(c & ~kSubsectorBit);
    num = c;
  }
}

int WadMap::subsector_sector(int i) const {
  const Seg& s = segs[subsectors[std::size_t(i)].first];
  const Linedef& l = linedefs[s.linedef];
  const std::uint16_t sd = s.side == 0 ? l.right : l.left;
  return sd == kNone ? -1 : int(sidedefs[sd].sector);
}

int WadMap::bsp_sector(double x, double y) const {
  const int ss = bsp_subsector(x, y);
  return ss < 0 ? -1 : subsector_sector(ss);
}

}  // namespace collide2d::wad
