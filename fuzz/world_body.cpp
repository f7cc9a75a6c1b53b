// collide2d - 2D collision detection for games. MIT License.
/// @file world_body.cpp  World target, one scalar: a byte stream of operations on a World
/// (create, destroy, set_shape, move_by, set_filter, update, every query, batches on 2
/// threads), on a small TileMap made from the first bytes (move_circle, move, sweep, contacts,
/// push_out, nearest_free_point, raycast) and on the mover (`collide2d::move` among the
/// world's shapes), all with arbitrary numbers. Checks: refused calls name a field, the world's
/// invariants hold (World::validate) after every operation, answers are finite.

#include <optional>

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
  const TaskRunner two = thread_runner(2);
  int ops = 0;
  while (!in.done() && ops++ < 64) {
    switch (in.u8() % 16) {
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
        check_refusal(world.raycast_all(r, {}, [&](const RayCastHit& h) {
          if (!std::isfinite(h.hit.distance)) finding("raycast_all distance not finite");
          return ++seen < 8 ? r.max_distance : Real(-1);
        }));
        std::vector<Ray> rays(3, r);
        std::vector<std::optional<RayCastHit>> out;
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
        for (const NearestHit& h : world.nearest(p, r, in.u8() % 8))
          if (!std::isfinite(h.distance) || !finite(h.point)) finding("nearest not finite");
        break;
      }
      case 12: {  // the tile map's disc mover, from a free start
        const Circle c{in.vec2(), in.real()};
        const Vec2 d = in.vec2();
        if (validate(c) || validate_velocity(d) || !tiles->is_free(Shape(c))) break;
        const TileCircleMove m = tiles->move_circle(c, d, 1 + in.u8() % 8);
        if (!finite(m.center) || !finite(m.displacement)) finding("move_circle not finite");
        break;
      }
      case 13: {  // the tile map's shape mover, sweep, contacts, push-out
        const Shape s = read_shape(in);
        const Vec2 d = in.vec2();
        if (validate(s) || validate_velocity(d)) break;
        std::vector<TileContact> contacts;
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
      std::fprintf(stderr, "%s\n", bad->c_str());
      finding("World::validate failed");
    }
  }
}

}  // namespace collide2d::fuzz
