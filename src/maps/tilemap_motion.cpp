// collide2d - 2D collision detection for games. MIT License.
// TileMap against moving shapes: contacts with the merged edges, push-out, sweeps, and the
// move-and-slide of any shape or a disc (thin wrappers of the one mover over `gather`).
#include <algorithm>
#include <cmath>
#include <limits>
#include <type_traits>
#include <variant>

#include "collide2d/tilemap.hpp"
#include "maps/map_move.hpp"
#include "query/convex.hpp"

namespace collide2d::inline COLLIDE2D_ABI {

namespace {

/// The point of a shape furthest along direction d (a unit vector), from the shared convex parts'
/// support functions (query/convex.hpp).
Vec2 support(const Shape& s, Vec2 d) {
  return std::visit(
      [&](const auto& x) -> Vec2 {
        using T = std::decay_t<decltype(x)>;
        if constexpr (std::is_same_v<T, Sector>) {
          const detail::SectorParts parts(x);
          if (parts.count == 0) return parts.seg.support(d) + d * parts.seg.radius;
          Vec2 best = parts.piece[0].support(d);
          if (parts.count == 2) {
            const Vec2 q = parts.piece[1].support(d);
            if (dot(q, d) > dot(best, d)) best = q;
          }
          return best;
        } else {
          const detail::Hull h(x);
          return h.support(d) + d * h.radius;
        }
      },
      s);
}

/// Scratch list of edge ids for one query on this thread.
std::vector<int>& scratch() {
  thread_local std::vector<int> ids;
  ids.clear();
  return ids;
}

}  // namespace

std::size_t TileMap::contacts(const Shape& s, std::vector<WallContact>& out) const {
  const std::size_t first = out.size();
  const Aabb sb = collide2d::bounds(s);
  std::vector<int>& ids = scratch();
  edges_near(grown(sb, skin_), ids);
  for (int id : ids) {
    const TileEdge& e = edges_[std::size_t(id)];
    const Shape seg = Segment{e.a, e.b};
    if (!overlaps(s, seg)) continue;
    // One-sided: the shape leaves the edge's line along its normal (always enough), or by the
    // pair's own contact when that points out of the wall and is shallower (a convex corner).
    const Vec2 n = e.normal;
    const Vec2 sp = support(s, -n);
    const Real line_depth = std::max(dot(e.a - sp, n), Real(0));
    const Manifold m = contact(s, seg);
    WallContact c;
    c.element = std::uint32_t(id);
    if (m.touching && dot(m.normal, n) < -Real(1e-3) && m.depth <= line_depth) {
      c.normal = m.normal;
      c.depth = m.depth;
      c.point = m.points[0];
    } else {
      c.normal = -n;
      c.depth = line_depth;
      c.point = sp;
    }
    out.push_back(c);
  }
  return out.size() - first;
}

Vec2 TileMap::push_out(const Shape& s) const {
  std::vector<WallContact> cs;
  contacts(s, cs);
  if (cs.empty()) return {};
  // Each contact alone, each pair, and all together (PositionCorrection solves the pushes it is
  // given jointly); the shortest candidate that leaves the shape free wins. Pairs matter where
  // pushes conflict: a shape over a pinch (two solid cells touching at a corner) must leave
  // through one of the free diagonal cells, not satisfy all four faces at once.
  std::vector<Vec2> cand;
  auto solve = [&](std::initializer_list<std::size_t> which) {
    PositionCorrection pc;
    for (std::size_t i : which) pc.add(-cs[i].normal, cs[i].depth + skin_);
    cand.push_back(pc.solve());
  };
  for (std::size_t i = 0; i < cs.size(); ++i) {
    solve({i});
    for (std::size_t j = i + 1; j < cs.size() && cs.size() <= 24; ++j) solve({i, j});
  }
  PositionCorrection all;
  for (const WallContact& c : cs) all.add(-c.normal, c.depth + skin_);
  const Vec2 fallback = all.solve();
  cand.push_back(fallback);
  std::stable_sort(cand.begin(), cand.end(), [](Vec2 a, Vec2 b) { return length_sq(a) < length_sq(b); });
  for (Vec2 t : cand)
    if (is_free(translated(s, t))) return t;
  return fallback;
}

SweepHit TileMap::sweep(const Shape& s, Vec2 velocity) const {
  SweepHit best;
  if (!is_free(s)) {
    best.hit = best.initially_overlapping = true;
    return best;
  }
  const Aabb b0 = collide2d::bounds(s);
  const Aabb b1{b0.min + velocity, b0.max + velocity};
  std::vector<int>& ids = scratch();
  edges_near(grown(merged(b0, b1), skin_), ids);
  for (int id : ids) {
    const TileEdge& e = edges_[std::size_t(id)];
    const SweepHit h = collide2d::sweep(s, velocity, Shape(Segment{e.a, e.b}), Vec2{});
    if (!h.hit) continue;
    if (h.initially_overlapping) return h;
    if (!best.hit || h.time < best.time) best = h;
  }
  return best;
}

MoveResult TileMap::move(const Shape& s, Vec2 displacement, const MoveOptions& options) const {
  MoveOptions opt = options;
  opt.skin = std::max(opt.skin, skin_);
  MoveResult r = maps_detail::move_through(*this, s, displacement, opt);
  for (MoveContact& c : r.contacts) c.obstacle = std::size_t(c.element);  // the edge index
  return r;
}

CircleMove TileMap::move_circle(const Circle& c, Vec2 displacement, int max_iterations) const {
  CircleMove res;
  res.center = c.center;
  if (!is_finite(displacement) || !is_finite(c.center) || !(c.radius >= 0) || !std::isfinite(c.radius)) {
    res.blocked = true;
    return res;
  }
  MoveOptions opt;
  opt.max_iterations = std::max(max_iterations, 1);
  opt.skin = skin_;
  const MoveResult& r = maps_detail::move_through(*this, c, displacement, opt);  // no allocation once warm
  res.center = std::get<Circle>(r.shape).center;
  res.displacement = r.displacement;
  res.contacts = int(r.contacts.size());
  res.blocked = r.blocked;
  return res;
}

}  // namespace collide2d
