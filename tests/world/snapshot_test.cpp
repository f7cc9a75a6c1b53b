// collide2d - 2D collision detection for games. MIT License.
// World snapshots (docs/world.md, "Snapshots"): a world saved mid-run and restored into a fresh
// World continues with the same bits as the original. Two runs: the golden scenario on TMW
// 001-1 (doors by set_tile, swings, rays, events), and a mixed world (tree and grid broad
// phases; all four layer kinds, one removed and re-added; World::move and move_crowd; proxies
// created, destroyed, reshaped, refiltered between updates, the snapshot taken with changes not
// yet seen by update()). Each answer is hashed after the snapshot point in both worlds: the
// hash sequences must be equal, and the restored world's own snapshot must equal the bytes it
// came from. Bad input: every truncation, every flipped byte, another version or scalar type,
// and content made inconsistent under a correct checksum (recomputed here from the documented
// format) are refused naming what is wrong, the world left as it was; random corruptions with
// a correct checksum are refused or give a world whose invariants hold.
#include <gtest/gtest.h>

#include <cstring>
#include <filesystem>
#include <string>
#include <vector>

#include "collide2d/tiled.hpp"
#include "collide2d/world.hpp"
#include "world/golden_scenario.hpp"

using namespace collide2d;
using golden::Hasher;
using golden::Rng;

namespace {

constexpr std::size_t kHeader = 32;  // magic 8, version 4, real size 4, payload size 8, checksum 8

/// FNV-1a 64 over bytes: the snapshot's documented checksum, written here independently.
std::uint64_t fnv(const std::byte* p, std::size_t n) {
  std::uint64_t h = 0xcbf29ce484222325ull;
  for (std::size_t i = 0; i < n; ++i) h = (h ^ std::uint64_t(p[i])) * 0x100000001b3ull;
  return h;
}

/// Re-seals a snapshot after an edit of its payload: the size and checksum fields.
void reseal(std::vector<std::byte>& b) {
  const std::uint64_t size = b.size() - kHeader, sum = fnv(b.data() + kHeader, size);
  for (int i = 0; i < 8; ++i) b[16 + std::size_t(i)] = std::byte((size >> (8 * i)) & 0xff);
  for (int i = 0; i < 8; ++i) b[24 + std::size_t(i)] = std::byte((sum >> (8 * i)) & 0xff);
}

// ---- The golden scenario, resumed -----------------------------------------------------------

TEST(Snapshot, GoldenScenarioResumesWithTheSameHashes) {
  const std::string path = std::string(COLLIDE2D_TEST_DATA_DIR) + "/tmw/maps/001-1.tmx";
  if (!std::filesystem::is_regular_file(path)) GTEST_SKIP() << path << " not found";
  TiledLoadOptions lo;
  lo.load_objects = false;
  const TileMap map = load_tiled(path, lo).collision;

  golden::Scenario original(map, 2);
  for (int s = 0; s < 260; ++s) original.step();  // ten doors toggled by now
  const std::vector<std::byte> bytes = original.world.snapshot();
  const golden::State saved = original.state;
  std::vector<std::uint64_t> expected;
  for (int s = 0; s < 240; ++s) expected.push_back(original.step());

  World fresh;
  fresh.create({Circle{{1, 2}, 3}, 0, {}});  // restore replaces whatever was there
  ASSERT_EQ(fresh.restore(bytes), std::nullopt);
  EXPECT_EQ(fresh.snapshot(), bytes) << "a restored world's snapshot is the bytes it came from";
  EXPECT_EQ(fresh.validate(), std::nullopt);
  golden::Scenario resumed(std::move(fresh), saved, 1);
  for (std::size_t s = 0; s < expected.size(); ++s) {
    ASSERT_EQ(resumed.step(), expected[s]) << "step " << s << " after the restore";
  }
  // And the original and the resumed world hold the same state at the end.
  EXPECT_EQ(resumed.world.snapshot(), original.world.snapshot());
}

// ---- A mixed world: every layer kind, moves, crowds, changes pending at the snapshot ---------

constexpr std::uint32_t kProxyCat = 1, kLayerCat = 2;

RoomMapDesc room(Real x0, Real y0) {
  RoomMapDesc d;
  d.room_count = 1;
  const Vec2 pts[] = {{x0, y0}, {x0, y0 + 30}, {x0 + 40, y0 + 30}, {x0 + 40, y0}};
  for (Vec2 p : pts) d.vertices.push_back(p);
  for (int i = 0; i < 4; ++i) {
    MapLine l;
    l.v1 = i, l.v2 = (i + 1) % 4, l.front = 0;
    d.lines.push_back(l);
  }
  return d;
}

/// The game's side of the mixed run: plain values (copied with the snapshot).
struct Driver {
  Rng rng{7};
  std::vector<ProxyHandle> bodies;
  std::vector<LayerHandle> layers;
  Hasher hash;

  Real real(int lo, int hi, int scale = 4) { return Real(lo) + Real(rng.below((hi - lo) * scale + 1)) / Real(scale); }
  Vec2 point() { return {real(-20, 120), real(-20, 60)}; }
  Shape shape() {
    const Vec2 c = point();
    const Real s = real(1, 3);
    switch (rng.below(8)) {
      case 0: return Point{c};
      case 1: return Circle{c, s};
      case 2: return Sector(c, s * 2, real(-3, 3), real(0, 3));
      case 3: return Aabb{c, c + Vec2{s, s / 2}};
      case 4: return Box(c, {s, s / 3}, real(-3, 3));
      case 5: return Capsule{c, c + Vec2{s, 1}, s / 3};
      case 6: return Segment{c, c + Vec2{s, -s}};
      default: {
        const Vec2 pts[] = {c, c + Vec2{s, 0}, c + Vec2{s, s}, c + Vec2{0, s * 2}};
        return *make_polygon(pts, rng.below(2) ? s / 4 : 0);
      }
    }
  }
  void handle(ProxyHandle h) { hash.u64(h.index), hash.u64(h.generation), hash.u64(h.world); }
  void what(const WorldHit& w) {
    hash.u64(std::uint64_t(w.kind)), hash.u64(w.user_data), hash.u64(w.element);
    handle(w.proxy);
    hash.u64(w.layer.index), hash.u64(w.layer.generation), hash.u64(w.layer.world);
  }
  LayerDef layer(int k) {
    switch (k % 4) {
      case 0: {
        std::vector<std::uint8_t> cells(16 * 8, 0);
        for (int i = 0; i < 16; ++i) cells[std::size_t(i)] = cells[std::size_t(7 * 16 + i)] = 1;
        for (int i = 0; i < 12; ++i) cells[std::size_t(rng.below(16 * 8))] = 1;
        return {*TileMap::from_grid(16, 8, cells, {4, 4}, {-10, -10}), 100, {kLayerCat, ~0u}};
      }
      case 1: return {RoomMap::make(room(60, 5)).value(), 101, {kLayerCat, ~0u}};
      case 2: {
        const Circle discs[] = {{{30, 40}, 12}, {{42, 44}, 9}, {{20, 50}, 7}};
        return {DiscUnion(discs), 102, {kLayerCat << 1, ~0u}};
      }
      default: {
        const Vec2 pts[] = {{100, 0}, {110, 20}, {120, 0}, {130, 25}};
        return {*Chain::make(pts, false, rng.below(2) == 0), 103, {kLayerCat, ~0u}};
      }
    }
  }

  /// One step of changes, moves and queries; what each answers goes into the hash.
  void step(World& w, const TaskRunner& run) {
    // Changes, some left pending (not seen by update()) until the end of the step.
    for (int k = 0; k < 4; ++k) {
      const int op = rng.below(10);
      if (op < 3 || bodies.size() < 8) {
        ProxyDef def{shape(), rng.next(), Filter{kProxyCat, rng.below(3) ? ~0u : kProxyCat}, rng.below(4) == 0};
        if (auto h = w.create(def)) bodies.push_back(*h), handle(*h);
      } else if (op == 3) {
        const std::size_t i = std::size_t(rng.below(int(bodies.size())));
        hash.u64(!w.destroy(bodies[i]));
        bodies.erase(bodies.begin() + std::ptrdiff_t(i));
      } else if (op == 4) {
        hash.u64(!w.set_shape(bodies[std::size_t(rng.below(int(bodies.size())))], shape()));
      } else if (op == 5) {
        hash.u64(!w.move_by(bodies[std::size_t(rng.below(int(bodies.size())))], {real(-2, 2), real(-2, 2)}));
      } else if (op == 6) {
        hash.u64(!w.set_filter(bodies[std::size_t(rng.below(int(bodies.size())))], {kProxyCat, rng.below(2) ? ~0u : 0u}));
      } else if (op == 7 && !layers.empty()) {
        if (const auto* g = w.layer(layers[0]); g && std::holds_alternative<TileMap>(*g)) {
          hash.u64(!w.set_tile(layers[0], 1 + rng.below(14), 1 + rng.below(6), rng.below(2) == 0));
        }
      } else if (op == 8 && rng.below(4) == 0 && layers.size() == 4) {
        const std::size_t i = std::size_t(rng.below(4));
        hash.u64(!w.remove_layer(layers[i]));
        layers[i] = *w.add_layer(layer(int(i)));
        hash.u64(layers[i].generation);
      } else {
        hash.u64(!w.set_user_data(bodies[std::size_t(rng.below(int(bodies.size())))], rng.next()));
      }
    }
    // A move of one body, then a crowd of the first 12 (sliding, or bouncing).
    MoveOptions options;
    if (rng.below(2)) options.response = Response::bounce, options.restitution = Real(0.5);
    WorldMove one;
    const ProxyHandle mover = bodies[std::size_t(rng.below(int(bodies.size())))];
    if (!w.move(mover, {real(-6, 6), real(-6, 6)}, options, &one)) {
      hash.vec(one.result.translation);
      for (const WorldHit& h : one.hits) what(h);
    }
    std::vector<ProxyHandle> crowd(bodies.begin(), bodies.begin() + std::ptrdiff_t(std::min<std::size_t>(12, bodies.size())));
    std::vector<Vec2> ds;
    for (std::size_t i = 0; i < crowd.size(); ++i) ds.push_back({real(-4, 4), real(-4, 4)});
    std::vector<WorldMove> out;
    if (!w.move_crowd(crowd, ds, options, out, run)) {
      for (const WorldMove& m : out) {
        hash.vec(m.result.translation);
        for (const WorldHit& h : m.hits) what(h);
      }
    }
    // Queries over proxies and layers.
    const Shape probe = shape();
    for (const WorldHit& h : w.overlap(probe, {}, nullptr)) what(h);
    if (auto r = w.ray_closest(Ray{point(), Vec2{Real(0.6), Real(0.8)}, 80})) what(r->what), hash.real(r->hit.distance);
    for (const WorldRayHit& r : w.ray_all(Ray{point(), Vec2{-1, 0}, 120})) what(r.what), hash.real(r.hit.distance);
    for (const WorldNearest& n : w.nearest_hits(point(), 15, 6)) what(n.what), hash.real(n.distance);
    QueryOptions no_island;
    no_island.mask = ~(kLayerCat << 1);
    for (const WorldContact& c : w.contacts(probe, no_island)) what(c.what), hash.vec(c.normal), hash.real(c.depth);
    if (auto c = w.cast(Circle{point(), 1}, {real(-20, 20), real(-20, 20)})) what(c->what), hash.real(c->hit.time);
    for (ProxyHandle h : w.query_aabb(Aabb{point(), point() + Vec2{30, 30}})) handle(h);
    for (const WorldNearest& n : w.nearest(point(), 20, 4)) handle(n.what.proxy), hash.real(n.distance);
    if (auto r = w.raycast_closest(Ray{point(), Vec2{1, 0}, 100})) handle(r->what.proxy), hash.real(r->hit.distance);
    // Every other step ends with update() and its events; odd steps leave changes pending.
    if (rng.below(2)) {
      const TouchEvents& ev = w.update();
      for (const auto* list : {&ev.begin, &ev.end})
        for (const TouchEvent& e : *list) handle(e.a), handle(e.b), hash.u64(e.user_a), hash.u64(e.user_b);
      hash.u64(0xe7e7);
    }
    for (const auto& [a, b] : w.touching_pairs()) handle(a), handle(b);
    for (ProxyHandle h : w.handles()) handle(h);
  }
};

class SnapshotMixed : public ::testing::TestWithParam<BroadphaseKind> {};

TEST_P(SnapshotMixed, RestoredWorldContinuesWithTheSameBits) {
  const TaskRunner run = thread_runner(2);
  WorldOptions wo;
  wo.broadphase = GetParam();
  wo.cell_size = 6;
  World world(wo);
  Driver d;
  for (int k = 0; k < 4; ++k) d.layers.push_back(*world.add_layer(d.layer(k)));
  int snapshots = 0;
  for (int round = 0; round < 6; ++round) {
    for (int s = 0; s < 25; ++s) d.step(world, run);
    // Snapshot here (changes may be pending), then both worlds go on alike.
    const std::vector<std::byte> bytes = world.snapshot();
    World copy;
    ASSERT_EQ(copy.restore(bytes), std::nullopt);
    ASSERT_EQ(copy.snapshot(), bytes);
    Driver dc = d;
    for (int s = 0; s < 20; ++s) {
      d.step(world, run);
      dc.step(copy, run);
      ASSERT_EQ(dc.hash.h, d.hash.h) << "round " << round << ", step " << s << " after the restore";
      ASSERT_EQ(copy.validate(), std::nullopt);
    }
    EXPECT_EQ(copy.snapshot(), world.snapshot());
    ++snapshots;
  }
  EXPECT_EQ(snapshots, 6);
  EXPECT_GT(world.size(), 8u);
}

INSTANTIATE_TEST_SUITE_P(Broadphases, SnapshotMixed, ::testing::Values(BroadphaseKind::tree, BroadphaseKind::grid),
                         [](const auto& info) { return info.param == BroadphaseKind::tree ? "tree" : "grid"; });

// ---- Refusals -------------------------------------------------------------------------------

/// A small world: one circle proxy (slot 0), one destroyed slot pending, a tile map layer.
World small_world() {
  World w;
  const ProxyHandle a = *w.create({Circle{{1, 2}, 3}, 42, Filter{1, 3}});
  const ProxyHandle b = *w.create({Box({5, 5}, {1, 2}, Real(0.5)), 0, {}});
  w.update();
  w.destroy(b);
  const std::uint8_t cells[] = {1, 0, 0, 1, 0, 0};
  w.add_layer({*TileMap::from_grid(3, 2, cells, {2, 2}), 9, {}});
  (void)a;
  return w;
}

/// True when the world's state is exactly `bytes`.
bool holds(const World& w, const std::vector<std::byte>& bytes) { return w.snapshot() == bytes; }

TEST(Snapshot, EveryTruncationIsRefused) {
  const std::vector<std::byte> bytes = small_world().snapshot();
  World target = small_world();
  target.create({Point{{7, 7}}, 0, {}});
  const std::vector<std::byte> before = target.snapshot();
  for (std::size_t n = 0; n < bytes.size(); ++n) {
    const auto bad = target.restore(std::span(bytes.data(), n));
    ASSERT_TRUE(bad) << "a snapshot cut to " << n << " of " << bytes.size() << " bytes was accepted";
    EXPECT_EQ(bad->field, "snapshot");
    if (n >= kHeader) {
      EXPECT_NE(bad->message.find("truncated"), std::string::npos) << n << ": " << bad->text();
    }
    ASSERT_TRUE(holds(target, before)) << "a refused restore changed the world";
  }
  std::vector<std::byte> longer = bytes;
  longer.push_back(std::byte{0});
  const auto bad = target.restore(longer);
  ASSERT_TRUE(bad);
  EXPECT_NE(bad->message.find("trailing"), std::string::npos) << bad->text();
  ASSERT_EQ(target.restore(bytes), std::nullopt);
  EXPECT_TRUE(holds(target, bytes));
}

TEST(Snapshot, EveryFlippedBitIsRefused) {
  const std::vector<std::byte> bytes = small_world().snapshot();
  World target;
  const std::vector<std::byte> before = target.snapshot();
  for (std::size_t i = 0; i < bytes.size(); ++i) {
    for (int bit = 0; bit < 8; ++bit) {
      std::vector<std::byte> bad = bytes;
      bad[i] ^= std::byte(1u << bit);
      const auto why = target.restore(bad);
      ASSERT_TRUE(why) << "byte " << i << " bit " << bit << " flipped was accepted";
      if (i >= kHeader) {
        EXPECT_NE(why->message.find("checksum"), std::string::npos) << why->text();
      }
      ASSERT_TRUE(holds(target, before));
    }
  }
}

TEST(Snapshot, HeaderRefusalsNameWhatIsWrong) {
  const std::vector<std::byte> bytes = small_world().snapshot();
  World w;
  auto edited = [&](std::size_t at, std::uint32_t v) {
    std::vector<std::byte> b = bytes;
    for (int i = 0; i < 4; ++i) b[at + std::size_t(i)] = std::byte((v >> (8 * i)) & 0xff);
    return b;
  };
  auto why = w.restore(edited(0, 0x4e4f534a));  // "JSON"
  ASSERT_TRUE(why);
  EXPECT_NE(why->message.find("not a collide2d world snapshot"), std::string::npos) << why->text();
  why = w.restore(edited(8, kSnapshotVersion + 1));
  ASSERT_TRUE(why);
  EXPECT_EQ(why->field, "snapshot.version");
  EXPECT_NE(why->message.find("version " + std::to_string(kSnapshotVersion + 1)), std::string::npos) << why->text();
  const std::uint32_t other = sizeof(Real) == 4 ? 8 : 4;
  why = w.restore(edited(12, other));
  ASSERT_TRUE(why);
  EXPECT_EQ(why->field, "snapshot.scalar");
  EXPECT_NE(why->message.find(other == 8 ? "made by the double library" : "made by the float library"),
            std::string::npos)
      << why->text();
  why = w.restore({});
  ASSERT_TRUE(why);
  EXPECT_EQ(why->field, "snapshot");
}

TEST(Snapshot, InconsistentContentUnderAGoodChecksumIsRefused) {
  const std::vector<std::byte> bytes = small_world().snapshot();
  constexpr std::size_t R = sizeof(Real);
  // Payload offsets of the small world (see the format in src/world/world_snapshot.cpp).
  const std::size_t slots = kHeader + 4 + 1 + 5 * R;    // proxy slot count (after 5 option reals)
  const std::size_t slot0 = slots + 4;                  // flags, generation, user data, filter
  const std::size_t shape0 = slot0 + 1 + 4 + 8 + 8;     // type, center, radius
  const std::size_t slot1 = shape0 + 1 + 3 * R;         // the destroyed box
  const std::size_t lists = slot1 + 1 + 4 + 8 + 8;      // free slots, then pending
  World w;
  struct Edit {
    std::size_t at;
    std::vector<std::uint8_t> value;
    const char* field;
    const char* message;
  };
  auto le = [](std::uint64_t v, int n) {
    std::vector<std::uint8_t> b;
    for (int i = 0; i < n; ++i) b.push_back(std::uint8_t(v >> (8 * i)));
    return b;
  };
  const Real negative = -1;
  std::uint64_t negative_bits = 0;
  std::memcpy(&negative_bits, &negative, R);
  const Edit edits[] = {
      {kHeader, le(0, 4), "snapshot.id", "world id 0"},
      {kHeader + 4, le(9, 1), "snapshot.options.broadphase", "unknown kind 9"},
      {slots, le(0x7fffffff, 4), "snapshot.proxies", "count 2147483647"},
      {slot0, le(8, 1), "snapshot.proxies[0].flags", "unknown flag bits 8"},
      {slot0 + 1, le(0, 4), "snapshot.proxies[0].generation", "0"},
      {shape0, le(11, 1), "snapshot.proxies[0].shape", "unknown shape type 11"},
      {shape0 + 1 + 2 * R, le(negative_bits, int(R)), "snapshot.proxies[0].shape.radius", ""},
      {lists + 8, le(0, 4), "snapshot.pending_free[0]", "slot 0 is alive"},
      {lists + 8, le(7, 4), "snapshot.pending_free[0]", "slot 7 out of range"},
      {lists + 4, le(0, 4), "snapshot.free_slots", "a dead slot is in neither free list"},
  };
  for (const Edit& e : edits) {
    std::vector<std::byte> b = bytes;
    for (std::size_t i = 0; i < e.value.size(); ++i) b[e.at + i] = std::byte(e.value[i]);
    reseal(b);
    const auto why = w.restore(b);
    ASSERT_TRUE(why) << "edit at " << e.at << " accepted";
    SCOPED_TRACE(why->text());
    EXPECT_EQ(why->field.rfind(e.field, 0), 0u) << "expected field " << e.field;
    EXPECT_NE(why->message.find(e.message), std::string::npos) << "expected message with " << e.message;
  }
}

// Found by the random corruption below (a restore that took 35 s and gigabytes): a room
// count, the one number no bytes back, made the room map allocate per room. Now bounded.
TEST(Snapshot, AHugeRoomCountIsRefusedBeforeAnythingIsAllocated) {
  World w;
  w.add_layer({RoomMap::make(room(0, 0)).value(), 5, {}});
  std::vector<std::byte> b = w.snapshot();
  constexpr std::size_t R = sizeof(Real);
  // No proxies, free or pending slots, pairs; one layer: alive, generation, user data, filter, kind.
  const std::size_t count_at = kHeader + 4 + 1 + 5 * R + 4 + 4 + 4 + 4 + 4 + 1 + 4 + 8 + 8 + 1;
  ASSERT_EQ(std::to_integer<int>(b[count_at]), 1);  // the room map's one room
  for (std::uint32_t count : {0x7fffffffu, 2u * 4u + 1025u}) {
    for (int i = 0; i < 4; ++i) b[count_at + std::size_t(i)] = std::byte((count >> (8 * i)) & 0xff);
    reseal(b);
    World target;
    const auto why = target.restore(b);
    ASSERT_TRUE(why);
    EXPECT_EQ(why->field, "snapshot.layers[0].room_count") << why->text();
  }
  // The most it takes: two rooms per line + 1024 (rooms no line borders are empty).
  const std::uint32_t most = 2u * 4u + 1024u;
  for (int i = 0; i < 4; ++i) b[count_at + std::size_t(i)] = std::byte((most >> (8 * i)) & 0xff);
  reseal(b);
  World target;
  ASSERT_EQ(target.restore(b), std::nullopt);
  EXPECT_EQ(std::get<RoomMap>(*target.layer(target.layer_handles()[0])).room_count(), int(most));
}

TEST(Snapshot, RandomCorruptionUnderAGoodChecksumNeverBreaksTheWorld) {
  const std::vector<std::byte> bytes = small_world().snapshot();
  Rng rng{99};
  int refused = 0, accepted = 0;
  for (int k = 0; k < 20000; ++k) {
    std::vector<std::byte> b = bytes;
    const int edits = 1 + rng.below(4);
    for (int e = 0; e < edits; ++e) {
      const std::size_t at = kHeader + std::size_t(rng.below(int(b.size() - kHeader)));
      switch (rng.below(3)) {
        case 0: b[at] ^= std::byte(1u << rng.below(8)); break;
        case 1: b[at] = std::byte(rng.below(256)); break;
        default: b.erase(b.begin() + std::ptrdiff_t(at)); break;
      }
    }
    reseal(b);
    World w;
    if (const auto why = w.restore(b)) {
      ++refused;
      ASSERT_EQ(why->field.rfind("snapshot", 0), 0u) << why->text();
      ASSERT_FALSE(why->message.empty());
    } else {
      ++accepted;
      ASSERT_EQ(w.validate(), std::nullopt);
      w.update();  // a restored world works
      w.overlap(Circle{{1, 1}, 4});
      ASSERT_EQ(w.validate(), std::nullopt);
    }
  }
  EXPECT_GT(refused, 0);
  EXPECT_GT(accepted, 0);  // e.g. a changed user data or coordinate is a valid world
}

TEST(Snapshot, RestoredHandlesWorkAndNewWorldsGetNewIds) {
  World original = small_world();
  const ProxyHandle a = original.handles().at(0);
  World copy;
  ASSERT_EQ(copy.restore(original.snapshot()), std::nullopt);
  EXPECT_TRUE(copy.is_valid(a));
  EXPECT_EQ(copy.user_data(a), 42u);
  ASSERT_EQ(copy.layer_handles().size(), 1u);
  EXPECT_EQ(copy.layer_handles()[0], original.layer_handles()[0]);
  // A world made later gets an id of its own: the restored handles are foreign there.
  World later;
  const ProxyHandle b = *later.create({Circle{{0, 0}, 1}, 0, {}});
  EXPECT_NE(b.world, a.world);
  EXPECT_FALSE(later.is_valid(a));
  // An empty world round-trips too.
  World empty;
  World e2;
  ASSERT_EQ(e2.restore(empty.snapshot()), std::nullopt);
  EXPECT_EQ(e2.snapshot(), empty.snapshot());
  EXPECT_EQ(e2.size(), 0u);
}

}  // namespace
