// collide2d - 2D collision detection for games. MIT License.
// World queries: box, point, shape overlap, ray casts, shape cast, nearest. Each is a broad-phase
// traversal followed by the exact pair query; none writes to the world (safe from many threads).
#include <algorithm>
#include <cmath>
#include <limits>

#include "broadphase/box_ops.hpp"
#include "collide2d/world.hpp"
#include "world/query_input.hpp"
#include "world/stored_shape.hpp"

namespace collide2d::inline COLLIDE2D_ABI {

using namespace world_detail;  // the queries' input checks (query_input.hpp), visit_stored

bool World::excluded(std::uint32_t slot, std::span<const ProxyHandle> exclude) const {
  for (const ProxyHandle& h : exclude) {
    if (h.index == slot && h.world == id_ && h.generation == slots_[slot].generation) return true;
  }
  return false;
}

template <class F>
void World::visit_candidates(const Aabb& box, QueryFilter filter, std::span<const ProxyHandle> exclude, F&& f) const {
  bp_->query(box, [&](std::uint32_t id) {
    if ((slots_[id].filter.category & filter.mask) == 0) return true;
    if (!exclude.empty() && excluded(id, exclude)) return true;
    if (!tight_[id].overlaps(box)) return true;
    return f(id);
  });
}

void World::overlap_proxies(const Shape& shape, QueryFilter filter, std::span<const ProxyHandle> exclude,
                            FunctionRef<bool(std::uint32_t)> visit) const {
  // The query shape's type is resolved once; each candidate's only.
  std::visit(
      [&](const auto& q) {
        visit_candidates(collide2d::bounds(q), filter, exclude, [&](std::uint32_t id) {
          bool hit = visit_stored(shapes_[id], polygons_, [&](const auto& s) { return overlaps(q, s); });
          return !hit || visit(id);
        });
      },
      shape);
}

std::optional<Invalid> World::for_each_overlap(const Shape& shape, QueryFilter filter,
                                               FunctionRef<bool(ProxyHandle)> visit) const {
  if (auto bad = check_query_shape(shape)) return bad;
  overlap_proxies(shape, filter, {}, [&](std::uint32_t id) { return visit(ProxyHandle{id, slots_[id].generation, id_}); });
  return std::nullopt;
}

std::vector<ProxyHandle> World::query_shape(const Shape& shape, QueryFilter filter, Invalid* why) const {
  std::vector<ProxyHandle> out;
  if (auto bad = for_each_overlap(shape, filter, [&](ProxyHandle h) {
        out.push_back(h);
        return true;
      })) {
    fill(why, *bad);
    return {};
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<ProxyHandle> World::query_aabb(const Aabb& box, QueryFilter filter, Invalid* why) const {
  if (auto bad = collide2d::validate(box)) {
    fill(why, Invalid{"box." + bad->field, bad->message});
    return {};
  }
  return query_shape(box, filter, why);
}

std::vector<ProxyHandle> World::query_point(Vec2 p, QueryFilter filter, Invalid* why) const {
  if (auto bad = collide2d::validate(Point{p})) {
    fill(why, Invalid{"point", bad->message});
    return {};
  }
  return query_shape(Point{p}, filter, why);
}

std::optional<Invalid> World::raycast_all(const Ray& ray, QueryFilter filter,
                                          FunctionRef<Real(const WorldRayHit&)> visit) const {
  if (auto bad = collide2d::validate(ray)) return Invalid{"ray." + bad->field, bad->message};
  raycast_proxies(ray, filter, {}, visit);
  return std::nullopt;
}

void World::raycast_proxies(const Ray& ray, QueryFilter filter, std::span<const ProxyHandle> exclude,
                            FunctionRef<Real(const WorldRayHit&)> visit) const {
  const Vec2 u = normalize(ray.direction);
  bp::RaySlab slab(ray.origin, u);
  bp_->raycast(ray.origin, u, ray.max_distance, [&](std::uint32_t id, Real t_max) -> Real {
    if ((slots_[id].filter.category & filter.mask) == 0) return t_max;
    if (!exclude.empty() && excluded(id, exclude)) return t_max;
    if (!(slab.entry(tight_[id], t_max) <= t_max)) return t_max;
    Ray r{ray.origin, ray.direction, t_max};  // as given: the same bits as a direct raycast
    RayHit h = visit_stored(shapes_[id], polygons_, [&](const auto& s) { return raycast(s, r); });
    if (!h.hit) return t_max;
    return visit(WorldRayHit{proxy_hit(id), h});
  });
}

std::optional<WorldRayHit> World::raycast_closest(const Ray& ray, QueryFilter filter, Invalid* why) const {
  std::optional<WorldRayHit> best;
  auto bad = raycast_all(ray, filter, [&](const WorldRayHit& h) -> Real {
    if (!best || h.hit.distance < best->hit.distance ||
        (h.hit.distance == best->hit.distance && h.what.proxy.index < best->what.proxy.index)) {
      best = h;
    }
    return best->hit.distance;  // only hits at most this far can still win
  });
  if (bad) {
    fill(why, *bad);
    return std::nullopt;
  }
  return best;
}

std::optional<WorldCastHit> World::shape_cast(const Shape& shape, Vec2 translation, QueryFilter filter,
                                              Invalid* why) const {
  if (auto bad = check_cast_input(shape, translation)) {
    fill(why, *bad);
    return std::nullopt;
  }
  return cast_proxies(shape, translation, filter, {});
}

std::optional<WorldCastHit> World::cast_proxies(const Shape& shape, Vec2 translation, QueryFilter filter,
                                                std::span<const ProxyHandle> exclude) const {
  const Aabb start = collide2d::bounds(shape);
  const Aabb end{start.min + translation, start.max + translation};
  const Aabb swept = merged(start, end);
  // Candidates with a lower bound on their time of impact: the shape's box swept against the
  // candidate's box (a ray from the box center against the box grown by the half extents).
  struct Candidate {
    Real t;
    std::uint32_t id;
  };
  std::vector<Candidate> cands;
  const Vec2 half = start.half_extents();
  const bp::RaySlab slab(start.center(), translation);
  visit_candidates(swept, filter, exclude, [&](std::uint32_t id) {
    Aabb g{tight_[id].min - half, tight_[id].max + half};
    Real t = slab.entry(g, 1);
    if (t <= 1) cands.push_back({t, id});
    return true;
  });
  std::sort(cands.begin(), cands.end(),
            [](const Candidate& a, const Candidate& b) { return a.t != b.t ? a.t < b.t : a.id < b.id; });
  std::optional<WorldCastHit> best;
  std::visit(
      [&](const auto& q) {
        for (const Candidate& c : cands) {
          if (best && c.t > best->hit.time) break;
          SweepHit h = visit_stored(shapes_[c.id], polygons_,
                                    [&](const auto& s) { return sweep(q, translation, s, Vec2{0, 0}); });
          if (!h.hit) continue;
          if (!best || h.time < best->hit.time || (h.time == best->hit.time && c.id < best->what.proxy.index)) {
            best = WorldCastHit{proxy_hit(c.id), h};
          }
        }
      },
      shape);
  return best;
}

std::vector<WorldNearest> World::nearest(Vec2 p, Real radius, std::size_t max_count, QueryFilter filter,
                                       Invalid* why) const {
  if (auto bad = check_nearest_input(p, radius)) {
    fill(why, *bad);
    return {};
  }
  std::vector<WorldNearest> out;
  nearest_proxies(p, radius, filter, {}, out);
  std::sort(out.begin(), out.end(), [](const WorldNearest& a, const WorldNearest& b) {
    return a.distance != b.distance ? a.distance < b.distance : a.what.proxy.index < b.what.proxy.index;
  });
  if (out.size() > max_count) out.resize(max_count);
  return out;
}

void World::nearest_proxies(Vec2 p, Real radius, QueryFilter filter, std::span<const ProxyHandle> exclude,
                            std::vector<WorldNearest>& out) const {
  const Aabb box{{p.x - radius, p.y - radius}, {p.x + radius, p.y + radius}};
  const Point pt{p};
  visit_candidates(box, filter, exclude, [&](std::uint32_t id) {
    DistanceResult d = visit_stored(shapes_[id], polygons_, [&](const auto& s) { return distance(pt, s); });
    if (d.distance <= radius) {
      out.push_back(WorldNearest{proxy_hit(id), d.distance, d.point_b});
    }
    return true;
  });
}

}  // namespace collide2d
