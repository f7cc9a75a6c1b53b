// collide2d - 2D collision detection for games. MIT License.
/// @file world_body.cpp  World target, one scalar: a byte stream of operations on a World
/// (create, destroy, set_shape, move_by, set_filter, update, every query, batches on 2
/// threads; static layers: add a tile map, room map or disc union made from the bytes,
/// remove, set_tile, set_layer_filter; the world queries over layers and proxies: overlap with
/// and without reach, ray_closest, ray_all, cast, nearest_hits, contacts), on a small TileMap
/// made from the first bytes (move_circle, move, sweep, contacts, push_out,
/// nearest_free_point, raycast) and on the mover (`collide2d::move` among the world's shapes),
/// all with arbitrary numbers; snapshots (a world's own round trip, then its bytes corrupted or a
/// payload taken from the input, with the checksum re-sealed or not). Checks: refused calls name
/// a field, the world's invariants hold (World::validate) after every operation and after a
/// restore, answers are finite, a world's snapshot restores to the same bytes.

#include <cstdio>
#include <optional>
#include <stdexcept>

#include "fuzz_input.hpp"

namespace collide2d::inline COLLIDE2D_ABI::fuzz {

namespace {

void check_refusal(const std::optional<Invalid>& why) {
  if (why && why->field.empty() && why->message.empty()) finding("refusal with neither field nor message");
}

ProxyHandle pick(Reader& in, const std::vector<ProxyHandle>& handles) {
  const std::uint8_t k = in.u8();
  if (k == 255 || handles.empty()) return ProxyHandle{in.u32(), in.u32(), in.u32()};  // forged
  return handles[k % handles.size()];
}

LayerHandle pick_layer(Reader& in, const std::vector<LayerHandle>& layers) {
  const std::uint8_t k = in.u8();
  if (k == 255 || layers.empty()) return LayerHandle{in.u32(), in.u32(), in.u32()};  // forged
  return layers[k % layers.size()];
}

/// A layer's geometry from the bytes (nothing when the bytes make none).
std::optional<LayerGeometry> read_geometry(Reader& in) {
  switch (in.u8() % 3) {
    case 0: {  // a 4 x 4 tile map with any tile size and origin
      std::uint8_t grid[16];
      const std::uint16_t bits = std::uint16_t(in.u8() | (in.u8() << 8));
      for (int k = 0; k < 16; ++k) grid[k] = (bits >> k) & 1;
      const Vec2 tile = in.vec2(), origin = in.vec2();
      if (auto m = TileMap::from_grid(4, 4, grid, tile, origin, (in.u8() & 1) != 0)) return LayerGeometry(*m);
      return std::nullopt;
    }
    case 1: {  // a room: up to 6 vertices, lines between them with any rooms
      RoomMapDesc d;
      const int n = 3 + in.u8() % 4;
      for (int k = 0; k < n; ++k) d.vertices.push_back(in.vec2());
      d.room_count = in.u8() % 3;
      for (int k = 0; k < n; ++k) {
        MapLine l;
        l.v1 = k;
        l.v2 = (k + 1 + in.u8() % 2) % n;
        l.front = int(in.u8() % 4) - 1;
        l.back = int(in.u8() % 4) - 1;
        l.impassable = in.u8() & 1;
        d.lines.push_back(l);
      }
      if (auto m = RoomMap::make(std::move(d))) return LayerGeometry(std::move(*m));
      return std::nullopt;
    }
    default: {  // up to 4 discs
      std::vector<Circle> discs(in.u8() % 5);
      for (Circle& c : discs) c = Circle{in.vec2(), in.real()};
      if (auto u = DiscUnion::make(discs)) return LayerGeometry(std::move(*u));
      return std::nullopt;
    }
  }
}


/// Re-seals snapshot bytes after an edit (the documented header: size at 16, FNV-1a 64 of the
/// payload at 24), so that the restore's parser sees past the checksum.
void reseal(std::vector<std::byte>& b) {
  if (b.size() < 32) return;
  std::uint64_t h = 0xcbf29ce484222325ull;
  for (std::size_t i = 32; i < b.size(); ++i) h = (h ^ std::uint64_t(b[i])) * 0x100000001b3ull;
  const std::uint64_t size = b.size() - 32;
  for (int i = 0; i < 8; ++i) {
    b[16 + std::size_t(i)] = std::byte((size >> (8 * i)) & 0xff);
    b[24 + std::size_t(i)] = std::byte((h >> (8 * i)) & 0xff);
  }
}

}  // namespace

/// Runs the world target on one input.
void run_world(const std::uint8_t* data, std::size_t size) {
  Reader in(data, size);
  WorldOptions opt;
  if (in.u8() & 1) {
    opt.broadphase = BroadphaseKind::grid;
    opt.cell_size = Real(1 + in.u8() % 16);
  }
  World world(opt);
  // An 8 x 8 tile map from 8 bytes, tile size from one byte.
  std::uint8_t grid[64];
  for (int r = 0; r < 8; ++r) {
    const std::uint8_t bits = in.u8();
    for (int c = 0; c < 8; ++c) grid[r * 8 + c] = (bits >> c) & 1;
  }
  const Real tile = Real(1 + in.u8() % 8);
  const std::optional<TileMap> tiles = TileMap::from_grid(8, 8, grid, {tile, tile});
  if (!tiles) finding("from_grid refused a valid grid");

  std::vector<ProxyHandle> handles;  // every handle ever made, live or stale
  std::vector<LayerHandle> layers;   // likewise
  const TaskRunner two = thread_runner(2);
  int ops = 0;
  while (!in.done() && ops++ < 64) {
    switch (in.u8() % 20) {
      case 0: case 1: {  // create
        ProxyDef def;
        def.shape = read_shape(in);
        def.user_data = in.u32();
        def.filter = {in.u32() | 1u, in.u32() | 1u};
        def.is_static = in.u8() & 1;
        Invalid why;
        if (auto h = world.create(def, &why)) handles.push_back(*h);
        else if (why.field.empty()) finding("create refused without naming a field");
        break;
      }
      case 2: check_refusal(world.destroy(pick(in, handles))); break;
      case 3: { const ProxyHandle h = pick(in, handles); check_refusal(world.set_shape(h, read_shape(in))); break; }
      case 4: { const ProxyHandle h = pick(in, handles); check_refusal(world.move_by(h, in.vec2())); break; }
      case 5: { const ProxyHandle h = pick(in, handles); check_refusal(world.set_filter(h, {in.u32(), in.u32()})); break; }
      case 6: world.update(); break;
      case 7: {
        const Aabb box{in.vec2(), in.vec2()};
        (void)world.query_aabb(box, {in.u32()});
        (void)world.query_point(in.vec2(), {in.u32()});
        break;
      }
      case 8: {
        const Shape s = read_shape(in);
        (void)world.query_shape(s);
        std::vector<Shape> batch(3, s);
        std::vector<std::vector<ProxyHandle>> out;
        check_refusal(world.batch_query_shape(batch, {}, out, two));
        break;
      }
      case 9: {
        const Ray r = read_ray(in);
        if (auto hit = world.raycast_closest(r, {in.u32()}))
          if (!std::isfinite(hit->hit.distance) || !finite(hit->hit.point)) finding("raycast_closest not finite");
        int seen = 0;
        check_refusal(world.raycast_all(r, {}, [&](const WorldRayHit& h) {
          if (!std::isfinite(h.hit.distance)) finding("raycast_all distance not finite");
          return ++seen < 8 ? r.max_distance : Real(-1);
        }));
        std::vector<Ray> rays(3, r);
        std::vector<std::optional<WorldRayHit>> out;
        check_refusal(world.batch_raycast_closest(rays, {}, out, two));
        break;
      }
      case 10: {
        const Shape s = read_shape(in);
        const Vec2 t = in.vec2();
        if (auto hit = world.shape_cast(s, t))
          if (!std::isfinite(hit->hit.time) || hit->hit.time < 0 || hit->hit.time > 1) finding("shape_cast time");
        break;
      }
      case 11: {
        const Vec2 p = in.vec2();
        const Real r = in.real();
        for (const WorldNearest& h : world.nearest(p, r, in.u8() % 8))
          if (!std::isfinite(h.distance) || !finite(h.point)) finding("nearest not finite");
        break;
      }
      case 12: {  // the tile map's disc mover, from a free start
        const Circle c{in.vec2(), in.real()};
        const Vec2 d = in.vec2();
        if (validate(c) || validate_velocity(d) || !tiles->is_free(Shape(c))) break;
        const CircleMove m = tiles->move_circle(c, d, 1 + in.u8() % 8);
        if (!finite(m.center) || !finite(m.displacement)) finding("move_circle not finite");
        break;
      }
      case 13: {  // the tile map's shape mover, sweep, contacts, push-out
        const Shape s = read_shape(in);
        const Vec2 d = in.vec2();
        if (validate(s) || validate_velocity(d)) break;
        std::vector<WallContact> contacts;
        tiles->contacts(s, contacts);
        if (!finite(tiles->push_out(s))) finding("push_out not finite");
        const SweepHit h = tiles->sweep(s, d);
        if (h.hit && (!std::isfinite(h.time) || h.time < 0 || h.time > 1)) finding("tile sweep time");
        if (tiles->is_free(s)) {
          const MoveResult m = tiles->move(s, d);
          if (!finite(m.translation)) finding("tile move not finite");
        }
        break;
      }
      case 14: {  // tile map point queries
        const Vec2 p = in.vec2();
        const Real r = in.real();
        (void)tiles->nearest_wall(p);
        if (std::isfinite(r) && r >= 0 && finite(p))
          if (auto q = tiles->nearest_free_point(p, r, Real(64)); q && !finite(*q)) finding("nearest_free_point");
        const Ray ray = read_ray(in);
        if (!validate(ray)) (void)tiles->raycast(ray);
        break;
      }
      case 15: {  // snapshots: round trip, corrupted bytes, the input itself as a payload
        const std::vector<std::byte> bytes = world.snapshot();
        World copy;
        if (auto bad = copy.restore(bytes)) {
          std::fprintf(stderr, "%s\n", bad->text().c_str());
          finding("restore refused a world's own snapshot");
        }
        if (copy.snapshot() != bytes) finding("a restored world's snapshot differs from the bytes it came from");
        std::vector<std::byte> bad = bytes;
        const std::uint8_t mode = in.u8();
        if (mode & 4) {  // a payload from the input: the parser past the checksum
          bad.resize(32);
          for (int k = in.u8() * 4; k > 0 && !in.done(); --k) bad.push_back(std::byte(in.u8()));
        }
        for (int k = in.u8() % 4; k > 0; --k) {
          const std::size_t at = in.u32() % (bad.size() + 1);
          const std::uint8_t v = in.u8();
          switch (in.u8() % 4) {
            case 0: if (at < bad.size()) bad[at] ^= std::byte(v); break;
            case 1: bad.insert(bad.begin() + std::ptrdiff_t(at), std::byte(v)); break;
            case 2: if (at < bad.size()) bad.erase(bad.begin() + std::ptrdiff_t(at)); break;
            default: bad.resize(at); break;
          }
        }
        if (mode & 1) reseal(bad);
        World other;
        if (const auto why = other.restore(bad)) {
          if (why->field.rfind("snapshot", 0) != 0 || why->message.empty()) finding("restore refusal not named");
          if (other.size() != 0 || !other.layer_handles().empty()) finding("a refused restore changed the world");
        } else {
          if (auto v = other.validate()) finding("a restored world fails validate");
          other.update();
          (void)other.overlap_point(Vec2{0, 0});
          if (other.validate()) finding("a restored world fails validate after update");
        }
        if (mode & 2) world = std::move(copy);  // go on with the restored world (same id: handles work)
        break;
      }
      case 16: {  // add a layer
        auto g = read_geometry(in);
        if (!g) break;
        Invalid why;
        if (auto h = world.add_layer({std::move(*g), in.u32(), {in.u32(), in.u32()}}, &why)) layers.push_back(*h);
        else if (why.field.empty() && why.message.empty()) finding("add_layer refused without a reason");
        break;
      }
      case 17: {  // change a layer
        const LayerHandle h = pick_layer(in, layers);
        switch (in.u8() % 3) {
          case 0: check_refusal(world.remove_layer(h)); break;
          case 1: {
            const int col = int(std::int8_t(in.u8())), row = int(std::int8_t(in.u8()));
            check_refusal(world.set_tile(h, col, row, in.u8() & 1));
            break;
          }
          default: check_refusal(world.set_layer_filter(h, {in.u32(), in.u32()})); break;
        }
        break;
      }
      case 18: {  // world queries over layers and proxies
        const Shape s = read_shape(in);
        QueryOptions qo;
        qo.mask = in.u32();
        qo.reach = in.u8() & 1;
        const ProxyHandle ex = pick(in, handles);
        qo.exclude = std::span<const ProxyHandle>(&ex, 1);
        Invalid why;
        (void)world.overlap(s, qo, &why);
        (void)world.overlap_point(in.vec2(), qo, &why);
        (void)world.overlap_box(Aabb{in.vec2(), in.vec2()}, qo, &why);
        for (const WorldContact& c : world.contacts(s, qo, &why))
          if (!finite(c.normal) || !std::isfinite(c.depth)) finding("world contact not finite");
        const Vec2 t = in.vec2();
        if (auto c = world.cast(s, t, qo, &why))
          if (!std::isfinite(c->hit.time) || c->hit.time < 0 || c->hit.time > 1) {
            std::fprintf(stderr, "cast of kind %d by (%.17g, %.17g): time %.17g\n", int(s.index()), double(t.x),
                         double(t.y), double(c->hit.time));
            finding("world cast time");
          }
        break;
      }
      case 19: {  // world rays and nearest
        const Ray r = read_ray(in);
        QueryOptions qo;
        qo.mask = in.u32();
        Invalid why;
        if (auto h = world.ray_closest(r, qo, &why))
          if (!std::isfinite(h->hit.distance) || !finite(h->hit.point)) finding("world ray_closest not finite");
        for (const WorldRayHit& h : world.ray_all(r, qo, &why))
          if (!std::isfinite(h.hit.distance)) finding("world ray_all not finite");
        const Vec2 p = in.vec2();
        const Real radius = in.real();
        for (const WorldNearest& n : world.nearest_hits(p, radius, in.u8() % 8, qo, &why))
          if (!std::isfinite(n.distance) || !finite(n.point)) finding("world nearest_hits not finite");
        break;
      }
      default: {  // the mover among the world's shapes
        const Shape s = read_shape(in);
        const Vec2 d = in.vec2();
        std::vector<Shape> obstacles;
        for (const ProxyHandle h : world.handles()) {
          if (obstacles.size() >= 16) break;
          obstacles.push_back(*world.shape(h));
        }
        MoveOptions mo;
        mo.response = (in.u8() & 1) ? Response::bounce : Response::slide;
        if (validate_move(s, d, obstacles, mo)) break;
        const MoveResult m = move(s, d, obstacles, mo);
        if (!finite(m.translation) || !finite(m.displacement)) finding("move not finite");
        break;
      }
    }
    if (auto bad = world.validate()) {
      std::fprintf(stderr, "%s\n", bad->text().c_str());
      finding("World::validate failed");
    }
  }
}

}  // namespace collide2d::fuzz
