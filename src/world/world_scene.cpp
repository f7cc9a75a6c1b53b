// collide2d - 2D collision detection for games. MIT License.
// The world queries over layers and proxies together: overlap (with the optional reach test
// against walls), ray casts, shape casts, nearest and contacts. Proxies go through the broad
// phase (world_queries.cpp); each layer answers from its own index: a tile map from its grid, a
// room map and a disc union from the trees over their blocking lines and coast arcs.
#include <algorithm>
#include <cmath>
#include <limits>

#include "collide2d/world.hpp"
#include "world/layer.hpp"
#include "world/reach.hpp"
#include "world/query_input.hpp"
#include "world/stored_shape.hpp"

namespace collide2d::inline COLLIDE2D_ABI {

using namespace world_detail;  // the queries' input checks (query_input.hpp), visit_stored

namespace {

/// The circle a disc-union layer is asked about (a point is a circle of radius 0), or why not.
std::optional<Circle> disc_query(const Shape& s) {
  if (const Circle* c = std::get_if<Circle>(&s)) return *c;
  if (const Point* p = std::get_if<Point>(&s)) return Circle{p->at, 0};
  return std::nullopt;
}

Invalid disc_refusal(std::uint32_t layer) {
  return Invalid{"shape", "layer " + std::to_string(layer) +
                              " is a disc union, which answers points and circles only (leave it out by mask)"};
}

/// A tile map cell as a hit element: a cell of the grid, or the region outside it.
std::pair<HitKind, std::uint32_t> tile_element(const TileMap& m, TileCell c) {
  const int i = m.cell_index(c);
  if (i < 0) return {HitKind::region, 0};
  return {HitKind::cell, std::uint32_t(i)};
}

/// The wall cell a step of a quarter tile from `p` along `dir` (unit or zero) lands in.
std::pair<HitKind, std::uint32_t> tile_element_beyond(const TileMap& m, Vec2 p, Vec2 dir) {
  const Real step = Real(0.25) * std::min(m.tile_size().x, m.tile_size().y);
  return tile_element(m, m.cell_at(p + dir * step));
}

/// Calls f(kind, element) for the solid cells a shape overlaps, then once for the region outside
/// the map when the shape reaches it (closed: the border counts); f returns false to stop.
template <class Q, class F>
void tile_overlaps(const TileMap& m, const Q& q, F&& f) {
  const Aabb box = bounds(q);
  const TileCell lo = m.cell_at(box.min), hi = m.cell_at(box.max);
  // One cell more on each side: a shape touching a cell's far side lies in the next cell's range.
  const int c0 = std::max(lo.col - 1, 0), c1 = std::min(hi.col + 1, m.width() - 1);
  const int r0 = std::max(lo.row - 1, 0), r1 = std::min(hi.row + 1, m.height() - 1);
  for (int r = r0; r <= r1; ++r) {
    for (int c = c0; c <= c1; ++c) {
      if (m.solid(c, r) && overlaps(q, m.cell_box(c, r)) && !f(HitKind::cell, std::uint32_t(r * m.width() + c))) return;
    }
  }
  if (!m.outside_solid()) return;
  const Aabb rect = m.bounds();
  // The outside is the closed complement of the open rectangle: four closed bands beside it.
  const Aabb bands[4] = {{box.min, {rect.min.x, box.max.y}},
                         {{rect.max.x, box.min.y}, box.max},
                         {box.min, {box.max.x, rect.min.y}},
                         {{box.min.x, rect.max.y}, box.max}};
  for (const Aabb& b : bands) {
    if (b.min.x <= b.max.x && b.min.y <= b.max.y && overlaps(q, b)) {
      f(HitKind::region, 0);
      return;
    }
  }
}

/// True for the layers made of straight walls that `for_walls` visits (room maps, chains).
bool has_walls(const LayerGeometry& g) { return std::holds_alternative<RoomMap>(g) || std::holds_alternative<Chain>(g); }

/// The element kind of a straight wall: a room map's line or a chain's edge.
HitKind wall_kind(const LayerGeometry& g) { return std::holds_alternative<RoomMap>(g) ? HitKind::line : HitKind::edge; }

/// Calls f(segment, edge, element) for the straight walls of a room map or chain near `box`,
/// found by the map's own index (its `gather`).
template <class F>
void for_walls(const LayerGeometry& g, const Aabb& box, F&& f) {
  std::vector<Obstacle> near;
  if (const RoomMap* m = std::get_if<RoomMap>(&g)) m->gather(box, near);
  else if (const Chain* c = std::get_if<Chain>(&g)) c->gather(box, near);
  for (const Obstacle& o : near) f(Segment{o.edge.a, o.edge.b}, o.edge, o.element);
}

/// The closest ray hit in a list, ties in WorldHit order.
bool closer(const WorldRayHit& a, const WorldRayHit& b) {
  return a.hit.distance != b.hit.distance ? a.hit.distance < b.hit.distance : a.what < b.what;
}

bool earlier(const WorldCastHit& a, const WorldCastHit& b) {
  return a.hit.time != b.hit.time ? a.hit.time < b.hit.time : a.what < b.what;
}

}  // namespace

WorldHit World::proxy_hit(std::uint32_t slot) const {
  return WorldHit{HitKind::proxy, handle_of(slot), LayerHandle{}, slots_[slot].user_data, 0};
}

template <class F>
void World::for_each_layer(const QueryOptions& options, F&& f) const {
  for (std::uint32_t i = 0; i < layers_.size(); ++i) {
    const Layer& l = *layers_[i];
    if (!l.alive || (l.filter.category & options.mask) == 0) continue;
    const LayerHandle h{i, l.generation, id_};
    auto hit = [&](HitKind kind, std::uint32_t element) { return WorldHit{kind, ProxyHandle{}, h, l.user_data, element}; };
    f(l, hit);
  }
}

std::optional<Invalid> World::check_disc_layers(const Shape& shape, const QueryOptions& options) const {
  if (disc_query(shape)) return std::nullopt;
  std::optional<Invalid> refused;
  for_each_layer(options, [&](const Layer& l, auto&& hit) {
    if (std::holds_alternative<DiscUnion>(l.geometry) && !refused) refused = disc_refusal(hit(HitKind::region, 0).layer.index);
  });
  return refused;
}

std::vector<WorldHit> World::overlap(const Shape& shape, const QueryOptions& options, Invalid* why) const {
  if (auto bad = check_query_shape(shape)) {
    fill(why, *bad);
    return {};
  }
  std::optional<world_detail::Reach> reach;
  if (options.reach) {
    std::vector<Segment> walls;
    QueryOptions wall_options = options;
    wall_options.mask = options.wall_mask;
    const Aabb box = collide2d::bounds(shape);
    for_each_layer(wall_options, [&](const Layer& l, auto&&) {
      if (const TileMap* m = std::get_if<TileMap>(&l.geometry)) {
        std::vector<int> ids;
        m->edges_near(box, ids);
        for (int e : ids) walls.push_back(Segment{m->edges()[std::size_t(e)].a, m->edges()[std::size_t(e)].b});
      } else {
        for_walls(l.geometry, box, [&](const Segment& w, const WallEdge&, std::uint32_t) { walls.push_back(w); });
      }
    });
    reach = world_detail::Reach::make(shape, walls);
    if (!reach) {
      fill(why, Invalid{"shape", "reach needs a sector or a circle (its apex or centre is the eye)"});
      return {};
    }
  }
  if (auto refused = check_disc_layers(shape, options)) {
    fill(why, *refused);
    return {};
  }
  std::vector<WorldHit> out;
  overlap_proxies(shape, QueryFilter{options.mask}, options.exclude, [&](std::uint32_t id) {
    if (!reach || visit_stored(shapes_[id], polygons_, [&](const auto& s) { return reach->sees(s); })) {
      out.push_back(proxy_hit(id));
    }
    return true;
  });
  for_each_layer(options, [&](const Layer& l, auto&& hit) {
    if (const TileMap* m = std::get_if<TileMap>(&l.geometry)) {
      std::visit(
          [&](const auto& q) {
            tile_overlaps(*m, q, [&](HitKind k, std::uint32_t e) {
              if (!reach || k == HitKind::region ||
                  reach->sees(m->cell_box(int(e % std::uint32_t(m->width())), int(e / std::uint32_t(m->width()))))) {
                out.push_back(hit(k, e));
              }
              return true;
            });
          },
          shape);
    } else if (has_walls(l.geometry)) {
      std::visit(
          [&](const auto& q) {
            for_walls(l.geometry, collide2d::bounds(q), [&](const Segment& w, const WallEdge&, std::uint32_t e) {
              if (overlaps(q, w) && (!reach || reach->sees(w))) out.push_back(hit(wall_kind(l.geometry), e));
            });
          },
          shape);
    } else if (const DiscUnion* d = std::get_if<DiscUnion>(&l.geometry)) {
      const Circle c = *disc_query(shape);
      if (c.radius == 0 ? d->contains(c.center) : d->contains(c)) return;
      std::size_t before = out.size();
      if (c.radius > 0) {
        for (const WallContact& k : d->contacts(c)) out.push_back(hit(HitKind::arc, k.element));
      }
      if (out.size() == before) out.push_back(hit(HitKind::region, 0));
    }
  });
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

std::vector<WorldHit> World::overlap_point(Vec2 p, const QueryOptions& options, Invalid* why) const {
  if (auto bad = collide2d::validate(Point{p})) {
    fill(why, Invalid{"point", bad->message});
    return {};
  }
  return overlap(Point{p}, options, why);
}

std::vector<WorldHit> World::overlap_box(const Aabb& box, const QueryOptions& options, Invalid* why) const {
  if (auto bad = collide2d::validate(box)) {
    fill(why, Invalid{"box." + bad->field, bad->message});
    return {};
  }
  return overlap(box, options, why);
}

void World::ray_layers(const Ray& ray, const QueryOptions& options, std::vector<WorldRayHit>& out) const {
  const Vec2 u = normalize(ray.direction);
  for_each_layer(options, [&](const Layer& l, auto&& hit) {
    if (const TileMap* m = std::get_if<TileMap>(&l.geometry)) {
      RayHit h = m->raycast(ray);
      if (!h.hit) return;
      // The cell a quarter tile into the wall from the hit point (the world's rule since the
      // golden hashes were pinned; at an exact grid corner between two solid cells it may name
      // the other cell than the map's grid walk, h.element).
      auto [k, e] = h.inside ? tile_element(*m, m->cell_at(ray.origin)) : tile_element_beyond(*m, h.point, -h.normal);
      h.element = k == HitKind::cell ? int(e) : -1;
      out.push_back(WorldRayHit{hit(k, e), h});
    } else if (const Chain* c = std::get_if<Chain>(&l.geometry)) {
      const RayHit h = c->raycast(ray);  // one-sided edges only from their front
      if (h.hit) out.push_back(WorldRayHit{hit(HitKind::edge, std::uint32_t(h.element)), h});
    } else if (std::holds_alternative<RoomMap>(l.geometry)) {
      std::optional<WorldRayHit> best;
      const Vec2 end = ray.origin + u * ray.max_distance;
      for_walls(l.geometry, Aabb{min(ray.origin, end), max(ray.origin, end)},
                [&](const Segment& w, const WallEdge&, std::uint32_t e) {
                  RayHit h = raycast(w, ray);
                  if (!h.hit) return;
                  h.element = int(e);
                  WorldRayHit r{hit(HitKind::line, e), h};
                  if (!best || closer(r, *best)) best = r;
                });
      if (best) out.push_back(*best);
    } else if (const DiscUnion* d = std::get_if<DiscUnion>(&l.geometry)) {
      if (!d->contains(ray.origin)) {  // at sea: inside the blocking region
        out.push_back(WorldRayHit{hit(HitKind::region, 0), RayHit{true, true, 0, ray.origin, -u}});
        return;
      }
      const RayHit c = d->raycast(ray);  // from land: the coast's normal points into the sea
      if (c.hit) out.push_back(WorldRayHit{hit(HitKind::arc, std::uint32_t(c.element)), RayHit{true, false, c.distance, c.point, -c.normal, c.element}});
    }
  });
}

std::vector<WorldRayHit> World::ray_all(const Ray& ray, const QueryOptions& options, Invalid* why) const {
  if (auto bad = collide2d::validate(ray)) {
    fill(why, Invalid{"ray." + bad->field, bad->message});
    return {};
  }
  std::vector<WorldRayHit> out;
  raycast_proxies(ray, QueryFilter{options.mask}, options.exclude, [&](const WorldRayHit& h) -> Real {
    out.push_back(h);
    return ray.max_distance;
  });
  ray_layers(ray, options, out);
  std::sort(out.begin(), out.end(), closer);
  return out;
}

std::optional<WorldRayHit> World::ray_closest(const Ray& ray, const QueryOptions& options, Invalid* why) const {
  if (auto bad = collide2d::validate(ray)) {
    fill(why, Invalid{"ray." + bad->field, bad->message});
    return std::nullopt;
  }
  // Proxies with clipping (only nearer hits follow), then each layer's first hit.
  std::optional<WorldRayHit> best;
  raycast_proxies(ray, QueryFilter{options.mask}, options.exclude, [&](const WorldRayHit& h) -> Real {
    if (!best || closer(h, *best)) best = h;
    return best->hit.distance;
  });
  std::vector<WorldRayHit> layer_hits;
  ray_layers(ray, options, layer_hits);
  for (const WorldRayHit& w : layer_hits) {
    if (!best || closer(w, *best)) best = w;
  }
  return best;
}


namespace {

// World::cast's steps per layer kind. `hit(kind, element)` names what was hit, `offer` keeps
// the earliest hit, `at_start` records what the shape overlaps where it starts (time 0).

/// A tile map: what the shape overlaps at the start (a solid cell, the outside: the map's sweep
/// sees the one-sided boundary only from the free side) is hit at time 0; else the map's sweep.
template <class Hit, class Offer, class AtStart>
void cast_tile_map(const TileMap* m, const Shape& shape, Vec2 translation, const Aabb& start, Hit&& hit,
                   Offer&& offer, AtStart&& at_start) {
  bool overlapping = false;
  std::visit(
      [&](const auto& q) {
        tile_overlaps(*m, q, [&](HitKind k, std::uint32_t e) {
          at_start(hit(k, e));
          overlapping = true;
          return false;
        });
      },
      shape);
  if (overlapping) return;
  SweepHit h = m->sweep(shape, translation);
  if (!h.hit) return;
  if (h.initially_overlapping) {  // within the sweep's tolerance of a wall: the nearest wall's cell
    const Vec2 c = start.center();
    const NearestPoint w = m->nearest_wall(c);
    auto [k, e] = w.distance > 0 ? tile_element_beyond(*m, w.point, (w.point - c) / w.distance)
                                 : tile_element(*m, m->cell_at(c));
    at_start(hit(k, e));
    return;
  }
  auto [k, e] = tile_element_beyond(*m, h.point, h.normal);
  offer(WorldCastHit{hit(k, e), h});
}

/// Straight walls (a room map's blocking lines, a chain's edges): a one-sided edge only from its front.
template <class Hit, class Offer>
void cast_walls(const LayerGeometry& geometry, const Shape& shape, Vec2 translation, const Aabb& swept, Hit&& hit,
                Offer&& offer) {
  std::visit(
      [&](const auto& q) {
        for_walls(geometry, swept, [&](const Segment& w, const WallEdge& edge, std::uint32_t e) {
          SweepHit h = sweep(q, translation, w, Vec2{0, 0});
          // A one-sided edge is hit only from its front (the motion meets it against its normal).
          if (h.hit && edge.one_sided && !h.initially_overlapping && dot(h.normal, edge.normal) >= 0) return;
          if (h.hit) offer(WorldCastHit{hit(wall_kind(geometry), e), h});
        });
      },
      shape);
}

/// A disc union: a shape not wholly on land is hit at time 0 (by the deepest coast arc it
/// reaches, else the sea); else the coast arcs the swept box meets.
template <class Hit, class Offer, class AtStart>
void cast_island(const DiscUnion* d, const Shape& shape, Vec2 translation, const Aabb& swept, Hit&& hit,
                 Offer&& offer, AtStart&& at_start) {
  const Circle c = *disc_query(shape);
  if (!(c.radius == 0 ? d->contains(c.center) : d->contains(c))) {
    const std::vector<WallContact> ks = c.radius > 0 ? d->contacts(c) : std::vector<WallContact>{};
    at_start(ks.empty() ? hit(HitKind::region, 0) : hit(HitKind::arc, ks.front().element));
    return;
  }
  std::vector<Obstacle> arcs;
  d->gather(swept, arcs);
  for (const Obstacle& a : arcs) {
    SweepHit h = sweep(c, translation, a.arc);
    if (h.hit) offer(WorldCastHit{hit(HitKind::arc, a.element), h});
  }
}

}  // namespace

std::optional<WorldCastHit> World::cast(const Shape& shape, Vec2 translation, const QueryOptions& options,
                                        Invalid* why) const {
  if (auto bad = check_cast_input(shape, translation)) {
    fill(why, *bad);
    return std::nullopt;
  }
  const Aabb start = collide2d::bounds(shape);
  const Aabb end{start.min + translation, start.max + translation};
  if (auto refused = check_disc_layers(shape, options)) {
    fill(why, *refused);
    return std::nullopt;
  }
  const Aabb swept = merged(start, end);
  std::optional<WorldCastHit> best;
  auto offer = [&](const WorldCastHit& w) {
    if (!best || earlier(w, *best)) best = w;
  };
  if (auto h = cast_proxies(shape, translation, QueryFilter{options.mask}, options.exclude)) {
    offer(*h);
  }
  // What the shape overlaps at the start is hit at time 0 (the first such element in WorldHit order).
  auto at_start = [&](const WorldHit& what) {
    SweepHit h;
    h.hit = true;
    h.initially_overlapping = true;
    offer(WorldCastHit{what, h});
  };
  for_each_layer(options, [&](const Layer& l, auto&& hit) {
    if (const TileMap* m = std::get_if<TileMap>(&l.geometry)) {
      cast_tile_map(m, shape, translation, start, hit, offer, at_start);
    } else if (has_walls(l.geometry)) {
      cast_walls(l.geometry, shape, translation, swept, hit, offer);
    } else if (const DiscUnion* d = std::get_if<DiscUnion>(&l.geometry)) {
      cast_island(d, shape, translation, swept, hit, offer, at_start);
    }
  });
  return best;
}

std::vector<WorldNearest> World::nearest_hits(Vec2 p, Real radius, std::size_t max_count, const QueryOptions& options,
                                              Invalid* why) const {
  if (auto bad = check_nearest_input(p, radius)) {
    fill(why, *bad);
    return {};
  }
  std::vector<WorldNearest> out;
  nearest_proxies(p, radius, QueryFilter{options.mask}, options.exclude, out);
  for_each_layer(options, [&](const Layer& l, auto&& hit) {
    if (const TileMap* m = std::get_if<TileMap>(&l.geometry)) {
      NearestPoint w = m->nearest_wall(p);
      if (!(w.distance <= radius)) return;
      auto [k, e] = w.distance > 0 ? tile_element_beyond(*m, w.point, (w.point - p) / w.distance)
                                   : tile_element(*m, m->cell_at(p));
      out.push_back(WorldNearest{hit(k, e), w.distance, w.point});
    } else if (const RoomMap* s = std::get_if<RoomMap>(&l.geometry)) {
      NearestPoint w = s->nearest_wall(p);
      if (w.index >= 0 && w.distance <= radius) {
        out.push_back(WorldNearest{hit(HitKind::line, std::uint32_t(w.index)), w.distance, w.point});
      }
    } else if (const Chain* ch = std::get_if<Chain>(&l.geometry)) {
      NearestPoint w = ch->nearest_wall(p);
      if (w.index >= 0 && w.distance <= radius) {
        out.push_back(WorldNearest{hit(HitKind::edge, std::uint32_t(w.index)), w.distance, w.point});
      }
    } else if (const DiscUnion* d = std::get_if<DiscUnion>(&l.geometry)) {
      const NearestPoint w = d->nearest_wall(p);  // in the sea: p itself, index -1
      if (w.index < 0) out.push_back(WorldNearest{hit(HitKind::region, 0), 0, p});
      else if (w.distance <= radius) out.push_back(WorldNearest{hit(HitKind::arc, std::uint32_t(w.index)), w.distance, w.point});
    }
  });
  std::sort(out.begin(), out.end(), [](const WorldNearest& a, const WorldNearest& b) {
    return a.distance != b.distance ? a.distance < b.distance : a.what < b.what;
  });
  if (out.size() > max_count) out.resize(max_count);
  return out;
}

std::vector<WorldContact> World::contacts(const Shape& shape, const QueryOptions& options, Invalid* why) const {
  if (auto bad = check_query_shape(shape)) {
    fill(why, *bad);
    return {};
  }
  if (auto refused = check_disc_layers(shape, options)) {
    fill(why, *refused);
    return {};
  }
  std::vector<WorldContact> out;
  auto add = [&](const WorldHit& what, const Manifold& m) {
    if (m.touching) out.push_back(WorldContact{what, m.normal, m.depth, m.points[0]});
  };
  std::visit(
      [&](const auto& q) {
        overlap_proxies(shape, QueryFilter{options.mask}, options.exclude, [&](std::uint32_t id) {
          add(proxy_hit(id), visit_stored(shapes_[id], polygons_, [&](const auto& s) { return contact(q, s); }));
          return true;
        });
      },
      shape);
  std::vector<WallContact> tile_contacts;
  for_each_layer(options, [&](const Layer& l, auto&& hit) {
    if (const TileMap* m = std::get_if<TileMap>(&l.geometry)) {
      tile_contacts.clear();
      m->contacts(shape, tile_contacts);
      for (const WallContact& c : tile_contacts) {
        out.push_back(WorldContact{hit(HitKind::edge, c.element), c.normal, c.depth, c.point});
      }
    } else if (has_walls(l.geometry)) {
      std::visit(
          [&](const auto& q) {
            for_walls(l.geometry, collide2d::bounds(q), [&](const Segment& w, const WallEdge&, std::uint32_t e) {
              add(hit(wall_kind(l.geometry), e), contact(q, w));
            });
          },
          shape);
    } else if (const DiscUnion* d = std::get_if<DiscUnion>(&l.geometry)) {
      const Circle c = *disc_query(shape);
      for (const WallContact& k : d->contacts(c)) {
        out.push_back(WorldContact{hit(HitKind::arc, k.element), k.normal, std::max(k.depth, Real(0)), k.point});
      }
    }
  });
  std::stable_sort(out.begin(), out.end(), [](const WorldContact& a, const WorldContact& b) { return a.what < b.what; });
  return out;
}

}  // namespace collide2d
