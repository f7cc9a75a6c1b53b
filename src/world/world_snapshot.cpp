// collide2d - 2D collision detection for games. MIT License.
// World snapshots: the whole state to bytes and back (docs/world.md, "Snapshots").
//
// Format (little-endian; every Real as its raw bits, 4 or 8 bytes):
//   header   "C2DWORLD", u32 version, u32 sizeof(Real), u64 payload size, u64 FNV-1a 64 of the payload
//   payload  u32 world id; options: u8 broad-phase kind, Real cell size, fat margin, displacement
//            factor, shrink factor, speed margin;
//            u32 proxy slots, each: u8 flags (alive 1, static 2, dirty 4), u32 generation, u64 user
//            data, u32 category, u32 mask, and when alive its shape (u8 variant index, then
//            every field, cached ones too, so the bits come back as they were: a sector's and a box's
//            angle, caches and u8 "set as a vector" flag; a polygon's count, radius, offset and its
//            vertices as built with their normals);
//            u32 + u32 each: the free slots (in reuse order), the slots destroyed since update();
//            u32 touching pairs, each: u32 a, u32 b, sorted (the pairs the broad phase merely
//            tracks are found again by the first update(), the broad phase being rebuilt);
//            u32 layer slots, each: u8 alive, u32 generation, u64 user data, u32 category, u32
//            mask, and when alive u8 kind and the geometry's inputs (tile map: width, height,
//            tile size, origin, outside flag, one byte per cell; room map: room count,
//            vertices, lines; disc union: discs; chain: flags, points). Derived data (merged tile
//            edges, indexes, coast arcs) is rebuilt by the same code that built it.
// Reading checks every byte: truncation and trailing bytes, the checksum, then every count
// against the bytes left (no allocation beyond the input's size), every index, flag and shape.
#include <algorithm>
#include <cstring>
#include <stdexcept>
#include <memory>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <variant>

#include "collide2d/world.hpp"
#include "world/layer.hpp"
#include "world/stored_shape.hpp"

namespace collide2d::inline COLLIDE2D_ABI {

namespace detail {
/// The snapshot's access to the private fields of the shapes (shapes.hpp): every one, caches and
/// the flags that say how the angle was set included, so that a restored shape is bit-identical.
struct ShapeState {
  /// Every stored field of a shape but a polygon, caches and flags included, in the snapshot's
  /// order: the writer and the reader walk this one list.
  template <class S>
  static auto stored(S& s) {
    using T = std::remove_const_t<S>;
    if constexpr (std::is_same_v<T, Point>) {
      return std::tie(s.at);
    } else if constexpr (std::is_same_v<T, Circle>) {
      return std::tie(s.center, s.radius);
    } else if constexpr (std::is_same_v<T, Sector>) {
      return std::tie(s.center, s.radius, s.facing_, s.half_angle_, s.dir_, s.cos_half_, s.sin_half_,
                      s.facing_from_dir_);
    } else if constexpr (std::is_same_v<T, Aabb>) {
      return std::tie(s.min, s.max);
    } else if constexpr (std::is_same_v<T, Box>) {
      return std::tie(s.center, s.half_extents, s.angle_, s.rot_, s.angle_from_rot_);
    } else if constexpr (std::is_same_v<T, Capsule>) {
      return std::tie(s.a, s.b, s.radius);
    } else {
      static_assert(std::is_same_v<T, Segment>);
      return std::tie(s.a, s.b);
    }
  }
  /// A polygon of n stored vertices and normals (as built) moved by `offset`.
  static void set(Polygon& p, int n, const Vec2* vertices, const Vec2* normals, Vec2 offset) {
    Vec2* out = p.storage_for(n);
    for (int i = 0; i < n; ++i) out[i] = vertices[i], out[n + i] = normals[i];
    p.store_extent();
    p.offset_ = offset;
  }
};
}  // namespace detail

namespace {

constexpr char kMagic[8] = {'C', '2', 'D', 'W', 'O', 'R', 'L', 'D'};
constexpr std::size_t kHeaderSize = 8 + 4 + 4 + 8 + 8;
using RealBits = std::conditional_t<sizeof(Real) == 4, std::uint32_t, std::uint64_t>;

// A number's bits and back (std::bit_cast is missing from the libc++ of Debian's emscripten).
RealBits bits_of(Real v) {
  RealBits b;
  std::memcpy(&b, &v, sizeof b);
  return b;
}
Real real_of(RealBits b) {
  Real v;
  std::memcpy(&v, &b, sizeof v);
  return v;
}
static_assert(std::variant_size_v<Shape> == 8, "a new shape type needs its snapshot encoding");
static_assert(std::variant_size_v<LayerGeometry> == 4, "a new layer kind needs its snapshot encoding");

const char* scalar_name(std::uint32_t size) { return size == 4 ? "float" : size == 8 ? "double" : "unknown"; }

std::uint64_t fnv1a(std::span<const std::byte> bytes) {
  std::uint64_t h = 0xcbf29ce484222325ull;
  for (std::byte b : bytes) h = (h ^ std::uint64_t(b)) * 0x100000001b3ull;
  return h;
}

struct Writer {
  std::vector<std::byte> out;
  void uint(std::uint64_t v, int bytes) {
    for (int i = 0; i < bytes; ++i) out.push_back(std::byte((v >> (8 * i)) & 0xff));
  }
  void u8(std::uint8_t v) { uint(v, 1); }
  void u32(std::uint32_t v) { uint(v, 4); }
  void i32(std::int32_t v) { uint(std::uint32_t(v), 4); }
  void u64(std::uint64_t v) { uint(v, 8); }
  void real(Real v) { uint(bits_of(v), sizeof(Real)); }
  void vec(Vec2 v) { real(v.x); real(v.y); }
  void filter(Filter f) { u32(f.category); u32(f.mask); }
  /// A stored shape field (ShapeState::stored): a number, a vector, a rotation, a flag.
  void put(Real v) { real(v); }
  void put(Vec2 v) { vec(v); }
  void put(Rot r) { real(r.c), real(r.s); }
  void put(bool b) { u8(b ? 1 : 0); }
};

/// A refusal: what is wrong, under "snapshot".
struct Refused {
  Invalid why;
};

[[noreturn]] void refuse(std::string field, std::string message) {
  throw Refused{Invalid{field.empty() ? "snapshot" : "snapshot." + field, std::move(message)}};
}

struct Reader {
  std::span<const std::byte> in;
  std::size_t pos = 0;
  std::size_t offset = 0;  // of `in` in the whole snapshot (for messages)

  std::size_t left() const { return in.size() - pos; }
  void need(std::size_t n, const std::string& what) {
    if (n > left()) {
      refuse("", "truncated: " + what + " needs " + std::to_string(n) + " bytes at byte " +
                     std::to_string(offset + pos) + ", " + std::to_string(left()) + " left");
    }
  }
  std::uint64_t uint(int bytes, const std::string& what) {
    need(std::size_t(bytes), what);
    std::uint64_t v = 0;
    for (int i = 0; i < bytes; ++i) v |= std::uint64_t(in[pos + std::size_t(i)]) << (8 * i);
    pos += std::size_t(bytes);
    return v;
  }
  std::uint8_t u8(const std::string& what) { return std::uint8_t(uint(1, what)); }
  std::uint32_t u32(const std::string& what) { return std::uint32_t(uint(4, what)); }
  std::int32_t i32(const std::string& what) { return std::int32_t(std::uint32_t(uint(4, what))); }
  std::uint64_t u64(const std::string& what) { return uint(8, what); }
  Real real(const std::string& what) { return real_of(RealBits(uint(sizeof(Real), what))); }
  Vec2 vec(const std::string& what) {
    const Real x = real(what);
    return {x, real(what)};
  }
  Filter filter(const std::string& what) {
    Filter f;
    f.category = u32(what);
    f.mask = u32(what);
    return f;
  }
  /// A count of elements of at least `min_bytes` each: refused when the bytes left cannot hold them.
  std::uint32_t count(const std::string& what, std::size_t min_bytes) {
    const std::uint32_t n = u32(what + " count");
    if (std::uint64_t(n) * min_bytes > left()) {
      refuse(what, "count " + std::to_string(n) + " needs at least " + std::to_string(std::uint64_t(n) * min_bytes) +
                       " bytes, " + std::to_string(left()) + " left (truncated or corrupt)");
    }
    return n;
  }
  /// A flags byte with only the bits of `allowed` set.
  std::uint8_t flags(const std::string& what, std::uint8_t allowed) {
    const std::uint8_t f = u8(what);
    if (f & ~allowed) refuse(what, "unknown flag bits " + std::to_string(f & ~allowed));
    return f;
  }
  /// A stored shape field (ShapeState::stored), as `Writer::put` wrote it.
  void get(Real& v, const std::string& what) { v = real(what); }
  void get(Vec2& v, const std::string& what) { v = vec(what); }
  void get(Rot& r, const std::string& what) { r.c = real(what), r.s = real(what); }
  void get(bool& b, const std::string& what) { b = flags(what + " flag", 1) != 0; }
};

// ---- Shapes: every field as stored (cached rotations too) -----------------------------------

void write_shape(Writer& w, const Shape& shape) {
  w.u8(std::uint8_t(shape.index()));
  std::visit(
      [&](const auto& s) {
        if constexpr (std::is_same_v<std::decay_t<decltype(s)>, Polygon>) {
          // The vertices as built and the offset moved since (not their sums: a restored polygon
          // translated again must round as the original does).
          w.u8(std::uint8_t(s.count())), w.real(s.radius), w.vec(s.offset());
          for (int i = 0; i < s.count(); ++i) w.vec(s.base_vertices()[i]), w.vec(s.normals()[i]);
        } else {
          std::apply([&](const auto&... field) { (w.put(field), ...); }, detail::ShapeState::stored(s));
        }
      },
      shape);
}

/// The default shape of variant index `index` (< the number of shape types).
template <std::size_t I = 0>
Shape shape_of_index(std::size_t index) {
  if constexpr (I + 1 < std::variant_size_v<Shape>) {
    if (index != I) return shape_of_index<I + 1>(index);
  }
  return Shape(std::in_place_index<I>);
}

Polygon read_polygon(Reader& r, const std::string& at) {
  Polygon p;
  const int n = r.u8(at + " vertex count");
  if (n < 3 || n > Polygon::kMaxVertices) {
    refuse(at, "polygon vertex count " + std::to_string(n) + " (3.." + std::to_string(Polygon::kMaxVertices) + ")");
  }
  p.radius = r.real(at);
  const Vec2 offset = r.vec(at);
  Vec2 vertices[Polygon::kMaxVertices], normals[Polygon::kMaxVertices];
  for (int i = 0; i < n; ++i) vertices[i] = r.vec(at), normals[i] = r.vec(at);
  detail::ShapeState::set(p, n, vertices, normals, offset);
  return p;
}

Shape read_shape(Reader& r, const std::string& at) {
  const std::uint8_t type = r.u8(at + " type");
  if (type >= std::variant_size_v<Shape>) refuse(at, "unknown shape type " + std::to_string(type));
  Shape shape = shape_of_index(type);
  std::visit(
      [&](auto& s) {
        if constexpr (std::is_same_v<std::decay_t<decltype(s)>, Polygon>) {
          s = read_polygon(r, at);
        } else {
          std::apply([&](auto&... field) { (r.get(field, at), ...); }, detail::ShapeState::stored(s));
        }
      },
      shape);
  return shape;
}

// ---- Layers: the inputs their constructors take ---------------------------------------------

enum : std::uint8_t { kTileMap = 0, kRoomMap = 1, kDiscUnion = 2, kChain = 3 };

void write_geometry(Writer& w, const LayerGeometry& g) {
  std::visit(
      [&](const auto& m) {
        using T = std::decay_t<decltype(m)>;
        if constexpr (std::is_same_v<T, TileMap>) {
          w.u8(kTileMap);
          w.i32(m.width()), w.i32(m.height()), w.vec(m.tile_size()), w.vec(m.origin()), w.u8(m.outside_solid());
          for (std::uint8_t c : m.cells()) w.u8(c);
        } else if constexpr (std::is_same_v<T, RoomMap>) {
          w.u8(kRoomMap);
          w.i32(m.room_count());
          w.u32(std::uint32_t(m.vertex_count()));
          for (int i = 0; i < m.vertex_count(); ++i) w.vec(m.vertex(i));
          w.u32(std::uint32_t(m.line_count()));
          for (int i = 0; i < m.line_count(); ++i) {
            const MapLine& l = m.line(i);
            w.i32(l.v1), w.i32(l.v2), w.i32(l.front), w.i32(l.back), w.u8(l.impassable);
          }
        } else if constexpr (std::is_same_v<T, DiscUnion>) {
          w.u8(kDiscUnion);
          w.u32(std::uint32_t(m.discs().size()));
          for (const Circle& c : m.discs()) w.vec(c.center), w.real(c.radius);
        } else {
          static_assert(std::is_same_v<T, Chain>);
          w.u8(kChain);
          w.u8(std::uint8_t((m.closed() ? 1 : 0) | (m.one_sided() ? 2 : 0)));
          w.u32(std::uint32_t(m.points().size()));
          for (Vec2 p : m.points()) w.vec(p);
        }
      },
      g);
}

LayerGeometry read_geometry(Reader& r, const std::string& at) {
  const std::uint8_t kind = r.u8(at + " kind");
  Invalid why;
  switch (kind) {
    case kTileMap: {
      const std::int32_t width = r.i32(at), height = r.i32(at);
      const Vec2 tile = r.vec(at), origin = r.vec(at);
      const std::uint8_t outside = r.flags(at + ".outside_solid", 1);
      if (width < 1 || height < 1) refuse(at, "tile map size " + std::to_string(width) + " x " + std::to_string(height));
      const std::uint64_t cells = std::uint64_t(width) * std::uint64_t(height);
      r.need(cells, at + " cells");
      std::vector<std::uint8_t> solid(cells);
      for (std::size_t i = 0; i < cells; ++i) {
        solid[i] = std::uint8_t(r.in[r.pos + i]);
        if (solid[i] > 1) refuse(at + ".cells[" + std::to_string(i) + "]", "flag " + std::to_string(solid[i]) + " (0 or 1)");
      }
      r.pos += cells;
      auto m = TileMap::from_grid(width, height, solid, tile, origin, outside != 0, &why);
      if (!m) refuse(at + "." + why.field, why.message);
      return std::move(*m);
    }
    case kRoomMap: {
      RoomMapDesc desc;
      desc.room_count = r.i32(at + " room count");
      const std::uint32_t nv = r.count(at + ".vertices", 2 * sizeof(Real));
      desc.vertices.reserve(nv);
      for (std::uint32_t i = 0; i < nv; ++i) desc.vertices.push_back(r.vec(at));
      const std::uint32_t nl = r.count(at + ".lines", 17);
      desc.lines.reserve(nl);
      for (std::uint32_t i = 0; i < nl; ++i) {
        MapLine l;
        l.v1 = r.i32(at), l.v2 = r.i32(at), l.front = r.i32(at), l.back = r.i32(at);
        l.impassable = r.flags(at + ".lines[" + std::to_string(i) + "].impassable", 1) != 0;
        desc.lines.push_back(l);
      }
      // The room count is the one number a map's memory grows with that no bytes back: a
      // corrupt one would make the map allocate gigabytes. Rooms no line borders are empty.
      if (desc.room_count < 0 || std::uint64_t(desc.room_count) > 2 * std::uint64_t(nl) + 1024) {
        refuse(at + ".room_count", std::to_string(desc.room_count) + " for " + std::to_string(nl) +
                                         " lines (at most 2 per line + 1024)");
      }
      auto m = RoomMap::make(std::move(desc), &why);
      if (!m) refuse(at + "." + why.field, why.message);
      return std::move(*m);
    }
    case kDiscUnion: {
      const std::uint32_t n = r.count(at + ".discs", 3 * sizeof(Real));
      std::vector<Circle> discs(n);
      for (Circle& c : discs) c.center = r.vec(at), c.radius = r.real(at);
      auto d = DiscUnion::make(discs, &why);
      if (!d) refuse(at + "." + why.field, why.message);
      return std::move(*d);
    }
    case kChain: {
      const std::uint8_t f = r.flags(at + " flags", 3);
      const std::uint32_t n = r.count(at + ".points", 2 * sizeof(Real));
      std::vector<Vec2> points(n);
      for (Vec2& p : points) p = r.vec(at);
      auto c = Chain::make(points, (f & 1) != 0, (f & 2) != 0, &why);
      if (!c) refuse(at + "." + why.field, why.message);
      return std::move(*c);
    }
    default: refuse(at, "unknown layer kind " + std::to_string(kind));
  }
}

enum : std::uint8_t { kAlive = 1, kStatic = 2, kDirty = 4 };

}  // namespace

std::vector<std::byte> World::snapshot() const {
  Writer w;
  w.u32(id_);
  w.u8(std::uint8_t(options_.broadphase));
  w.real(options_.cell_size);
  w.real(options_.fat.margin), w.real(options_.fat.displacement_factor), w.real(options_.fat.shrink_factor);
  w.real(options_.fat.speed_margin);

  w.u32(std::uint32_t(slots_.size()));
  for (std::uint32_t i = 0; i < slots_.size(); ++i) {
    const Slot& s = slots_[i];
    w.u8(std::uint8_t((s.alive ? kAlive : 0) | (s.is_static ? kStatic : 0) | (s.dirty ? kDirty : 0)));
    w.u32(s.generation), w.u64(s.user_data), w.filter(s.filter);
    if (s.alive) write_shape(w, load_shape(i));
  }
  for (const auto* list : {&free_slots_, &pending_free_}) {
    w.u32(std::uint32_t(list->size()));
    for (std::uint32_t i : *list) w.u32(i);
  }
  std::vector<std::pair<std::uint32_t, std::uint32_t>> touching;
  for (const PairState& p : pairs_) {
    if (p.touching) touching.emplace_back(p.a, p.b);
  }
  std::sort(touching.begin(), touching.end());
  w.u32(std::uint32_t(touching.size()));
  for (const auto& [a, b] : touching) w.u32(a), w.u32(b);

  w.u32(std::uint32_t(layers_.size()));
  for (const auto& l : layers_) {
    w.u8(l->alive), w.u32(l->generation), w.u64(l->user_data), w.filter(l->filter);
    if (l->alive) write_geometry(w, l->geometry);
  }

  Writer h;
  for (char c : kMagic) h.u8(std::uint8_t(c));
  h.u32(kSnapshotVersion), h.u32(sizeof(Real)), h.u64(w.out.size()), h.u64(fnv1a(w.out));
  h.out.insert(h.out.end(), w.out.begin(), w.out.end());
  return std::move(h.out);
}

// World::restore's steps, each reading one part of the format (a friend of World).
struct WorldRestore {
  /// The header: what it is, which version and scalar, how long, its checksum. The payload.
  static std::span<const std::byte> payload(std::span<const std::byte> bytes) {
    Reader head{bytes};
    if (bytes.size() < sizeof kMagic || std::memcmp(bytes.data(), kMagic, sizeof kMagic) != 0) {
      refuse("", "not a collide2d world snapshot (no \"C2DWORLD\" at the start)");
    }
    head.pos = sizeof kMagic;
    const std::uint32_t version = head.u32("the header");
    if (version != kSnapshotVersion) {
      refuse("version", "format version " + std::to_string(version) + " is not supported (this library reads version " +
                            std::to_string(kSnapshotVersion) + ")");
    }
    const std::uint32_t real_size = head.u32("the header");
    if (real_size != sizeof(Real)) {
      refuse("scalar", "made by the " + std::string(scalar_name(real_size)) + " library (" + std::to_string(real_size) +
                           "-byte reals); this is the " + scalar_name(sizeof(Real)) + " library");
    }
    const std::uint64_t size = head.u64("the header");
    const std::uint64_t sum = head.u64("the header");
    if (size != head.left()) {
      refuse("", (size > head.left() ? "truncated: the payload has " : "trailing bytes: the payload has ") +
                     std::to_string(head.left()) + " bytes, the header says " + std::to_string(size));
    }
    const std::span<const std::byte> payload = bytes.subspan(kHeaderSize);
    if (fnv1a(payload) != sum) refuse("", "checksum mismatch: the payload is corrupt");
    return payload;
  }

  static WorldOptions options(Reader& r) {
    WorldOptions options;
    const std::uint8_t kind = r.u8("options");
    if (kind > std::uint8_t(BroadphaseKind::grid)) refuse("options.broadphase", "unknown kind " + std::to_string(kind));
    options.broadphase = BroadphaseKind(kind);
    options.cell_size = r.real("options");
    options.fat.margin = r.real("options"), options.fat.displacement_factor = r.real("options");
    options.fat.shrink_factor = r.real("options");
    options.fat.speed_margin = r.real("options");
    return options;
  }

  /// Proxy slots; their count.
  static std::uint32_t proxies(Reader& r, World& w) {
    const std::uint32_t n = r.count("proxies", 21);
    if (n >= kNullIndex - 1) refuse("proxies", "more slots than a world holds");
    w.slots_.resize(n), w.shapes_.resize(n), w.tight_.resize(n);
    for (std::uint32_t i = 0; i < n; ++i) {
      const std::string at = "proxies[" + std::to_string(i) + "]";
      World::Slot& s = w.slots_[i];
      const std::uint8_t f = r.flags(at + ".flags", kAlive | kStatic | kDirty);
      s.alive = (f & kAlive) != 0, s.is_static = (f & kStatic) != 0;
      s.generation = r.u32(at);
      s.user_data = r.u64(at);
      s.filter = r.filter(at);
      if (s.generation == 0) refuse(at + ".generation", "0 (generations start at 1)");
      if (f & kDirty) w.mark_dirty(i);
      if (s.alive) {
        const Shape shape = read_shape(r, at + ".shape");
        if (auto bad = w.check_shape(shape)) refuse(at + "." + bad->field, bad->message);
        w.store_shape(i, shape);
        ++w.live_;
      }
    }
    return n;
  }

  /// Free lists: every dead slot is in exactly one, no live slot in either. Per slot: 0 not
  /// listed, 1 in free_slots, 2 in pending_free.
  static std::vector<std::uint8_t> free_lists(Reader& r, World& w, std::uint32_t n) {
    std::vector<std::uint8_t> listed(n, 0);
    for (auto* list : {&w.free_slots_, &w.pending_free_}) {
      const std::string name = list == &w.free_slots_ ? "free_slots" : "pending_free";
      const std::uint32_t m = r.count(name, 4);
      list->reserve(m);
      for (std::uint32_t k = 0; k < m; ++k) {
        const std::uint32_t i = r.u32(name);
        auto at = [&] { return name + "[" + std::to_string(k) + "]"; };
        if (i >= n) refuse(at(), "slot " + std::to_string(i) + " out of range (" + std::to_string(n) + " slots)");
        if (w.slots_[i].alive) refuse(at(), "slot " + std::to_string(i) + " is alive");
        if (listed[i]) refuse(at(), "slot " + std::to_string(i) + " listed twice");
        listed[i] = list == &w.free_slots_ ? 1 : 2;
        list->push_back(i);
      }
    }
    if (w.free_slots_.size() + w.pending_free_.size() != n - w.live_) {
      refuse("free_slots", "a dead slot is in neither free list");
    }
    return listed;
  }

  /// Touching pairs: ordered, unique, of live slots or of slots destroyed since update().
  static void pairs(Reader& r, World& w, std::uint32_t n, const std::vector<std::uint8_t>& listed) {
    const std::uint32_t np = r.count("pairs", 8);
    w.pairs_.reserve(np);
    for (std::uint32_t k = 0; k < np; ++k) {
      const std::string at = "pairs[" + std::to_string(k) + "]";
      World::PairState p{0, 0, true, false};
      p.a = r.u32(at), p.b = r.u32(at);
      if (!(p.a < p.b && p.b < n)) {
        refuse(at, "slots (" + std::to_string(p.a) + ", " + std::to_string(p.b) + ") not ordered or out of range");
      }
      for (std::uint32_t i : {p.a, p.b}) {
        if (!w.slots_[i].alive && listed[i] != 2) {
          refuse(at, "slot " + std::to_string(i) + " was freed by an update() (its pairs ended then)");
        }
      }
      const std::uint64_t key = (std::uint64_t(p.a) << 32) | p.b;
      if (!w.pair_index_.try_emplace(key, std::uint32_t(w.pairs_.size())).second) refuse(at, "pair listed twice");
      w.pairs_.push_back(p);
    }
  }

  static void layers(Reader& r, World& w) {
    const std::uint32_t nl = r.count("layers", 21);
    if (nl >= kNullIndex - 1) refuse("layers", "more slots than a world holds");
    for (std::uint32_t i = 0; i < nl; ++i) {
      const std::string at = "layers[" + std::to_string(i) + "]";
      auto l = std::make_unique<World::Layer>();
      l->alive = r.flags(at + ".alive", 1) != 0;
      l->generation = r.u32(at);
      l->user_data = r.u64(at);
      l->filter = r.filter(at);
      if (l->generation == 0) refuse(at + ".generation", "0 (generations start at 1)");
      if (l->alive) {
        l->geometry = read_geometry(r, at);
        if (auto bad = world_detail::validate_layer(l->geometry)) refuse(at + "." + bad->field, bad->message);
      }
      w.layers_.push_back(std::move(l));
    }
  }
};

std::optional<Invalid> World::restore(std::span<const std::byte> bytes) {
  try {
    Reader r{WorldRestore::payload(bytes), 0, kHeaderSize};
    const std::uint32_t id = r.u32("world id");
    if (id == 0) refuse("id", "world id 0 (the null handle's)");
    World w(WorldRestore::options(r));
    w.id_ = id;
    const std::uint32_t n = WorldRestore::proxies(r, w);
    const std::vector<std::uint8_t> listed = WorldRestore::free_lists(r, w, n);
    WorldRestore::pairs(r, w, n, listed);
    WorldRestore::layers(r, w);
    if (r.left() != 0) refuse("", "trailing bytes: " + std::to_string(r.left()) + " after the last layer");

    // The broad phase, rebuilt from the proxies in slot order (every proxy counts as moved: the
    // next update() finds the tracked pairs again and no new touching ones).
    for (std::uint32_t i = 0; i < n; ++i) {
      if (w.slots_[i].alive) w.bp_->insert(i, w.tight_[i], w.slots_[i].is_static);
    }
    w.resize_kept_cores();  // (none kept: made as the fat boxes change)
    if (auto bad = w.validate()) refuse("", "inconsistent: " + bad->text());
    world_detail::reserve_world_id(id);
    *this = std::move(w);
    return std::nullopt;
  } catch (const Refused& r) {
    return r.why;
  } catch (const std::bad_alloc&) {
    return Invalid{"snapshot", "out of memory while restoring"};
  }
}

}  // namespace collide2d
