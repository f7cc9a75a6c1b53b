// collide2d - 2D collision detection for games. MIT License.
// What the maps hand to the one mover: TileMap, RoomMap and DiscUnion `gather` against a
// scan of all their edges, lines and arcs (nothing near the region is left out, nothing far is
// given, every obstacle carries the right geometry, side and ghost vertices), and the user-made
// Chain: refused input naming the point, edges and ghost vertices, gather, ray casts and nearest
// points against independent long-double computations.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>
#include <set>
#include <vector>

#include "collide2d/chain.hpp"
#include "collide2d/disc_union.hpp"
#include "collide2d/room_map.hpp"
#include "collide2d/tilemap.hpp"

using namespace collide2d;
using LD = long double;

namespace {

double uni(std::mt19937& rng, double lo, double hi) { return lo + (hi - lo) * (double(rng()) / 4294967296.0); }

Aabb random_region(std::mt19937& rng, Aabb within) {
  const Vec2 a{Real(uni(rng, within.min.x, within.max.x)), Real(uni(rng, within.min.y, within.max.y))};
  const Vec2 s{Real(uni(rng, 0, (within.max.x - within.min.x) * 0.3)),
               Real(uni(rng, 0, (within.max.y - within.min.y) * 0.3))};
  return {a, a + s};
}

bool box_meets(Vec2 a, Vec2 b, const Aabb& r) { return Aabb{min(a, b), max(a, b)}.overlaps(r); }

/// True when the closed segment ab meets the closed box (clipping in long double).
bool segment_meets(Vec2 a, Vec2 b, const Aabb& r) {
  LD t0 = 0, t1 = 1;
  const LD p[2] = {a.x, a.y}, dv[2] = {LD(b.x) - a.x, LD(b.y) - a.y};
  const LD lo[2] = {r.min.x, r.min.y}, hi[2] = {r.max.x, r.max.y};
  for (int k = 0; k < 2; ++k) {
    if (dv[k] == 0) {
      if (p[k] < lo[k] || p[k] > hi[k]) return false;
      continue;
    }
    LD u = (lo[k] - p[k]) / dv[k], v = (hi[k] - p[k]) / dv[k];
    if (u > v) std::swap(u, v);
    t0 = std::max(t0, u);
    t1 = std::min(t1, v);
  }
  return t0 <= t1;
}

std::set<std::uint32_t> elements(const std::vector<Obstacle>& obs) {
  std::set<std::uint32_t> s;
  for (const Obstacle& o : obs) s.insert(o.element);
  return s;
}

}  // namespace

TEST(Gather, TileMapGivesEveryEdgeUnderTheRegionOneSidedWithGhosts) {
  std::mt19937 rng(11);
  for (int map = 0; map < 12; ++map) {
    const int w = 4 + int(rng() % 30), h = 4 + int(rng() % 30);
    std::vector<std::uint8_t> g(std::size_t(w * h));
    for (auto& c : g) c = (rng() % 100) < 35 ? 1 : 0;
    const Vec2 tile{Real(map % 2 ? 32 : 1), Real(map % 3 ? 32 : 0.5)};
    Invalid why;
    const auto m = TileMap::from_grid(w, h, g, tile, {Real(-3), Real(7)}, map % 4 != 0, &why);
    ASSERT_TRUE(m) << why.text();
    const Aabb mb = m->bounds();
    const Aabb around{mb.min - tile * Real(2), mb.max + tile * Real(2)};
    for (int q = 0; q < 60; ++q) {
      const Aabb region = random_region(rng, around);
      std::vector<Obstacle> obs;
      m->gather(region, obs, 42);
      const std::set<std::uint32_t> got = elements(obs);
      ASSERT_EQ(got.size(), obs.size()) << "an edge given twice";
      // Nothing left out: every edge whose box meets the region (scan of all edges).
      for (std::size_t k = 0; k < m->edges().size(); ++k)
        if (box_meets(m->edges()[k].a, m->edges()[k].b, region)) {
          EXPECT_TRUE(got.count(std::uint32_t(k))) << "edge " << k << " missing, map " << map;
        }
      const Aabb near{region.min - tile * Real(1.01), region.max + tile * Real(1.01)};
      for (const Obstacle& o : obs) {
        ASSERT_EQ(o.kind, ObstacleKind::edge);
        ASSERT_LT(o.element, m->edges().size());
        const TileEdge& t = m->edges()[o.element];
        EXPECT_EQ(o.owner, 42u);
        EXPECT_TRUE(box_meets(t.a, t.b, near)) << "edge " << o.element << " far from the region";
        EXPECT_EQ(o.edge.a, t.a);
        EXPECT_EQ(o.edge.b, t.b);
        EXPECT_TRUE(o.edge.one_sided);
        EXPECT_NEAR(double(length(o.edge.normal)), 1.0, 1e-6);
        EXPECT_EQ(double(dot(o.edge.normal, o.edge.b - o.edge.a)), 0.0);
        // The front is the free side: just off the edge's middle along the normal the cell is
        // free, just behind it solid (the outside counts as the map says).
        const Vec2 mid = (t.a + t.b) * Real(0.5);
        const Vec2 off = o.edge.normal * (Real(0.25) * std::min(tile.x, tile.y));
        const TileCell front = m->cell_at(mid + off), back = m->cell_at(mid - off);
        EXPECT_FALSE(m->solid(front.col, front.row));
        EXPECT_TRUE(m->solid(back.col, back.row));
        // Ghost vertices: the neighbours' far ends, joined at this edge's ends (closed chains).
        ASSERT_TRUE(o.edge.has_prev && o.edge.has_next);
        const TileEdge& p = m->edges()[std::size_t(t.prev)];
        const TileEdge& n = m->edges()[std::size_t(t.next)];
        EXPECT_EQ(p.b, t.a);
        EXPECT_EQ(n.a, t.b);
        EXPECT_EQ(o.edge.prev, p.a);
        EXPECT_EQ(o.edge.next, n.b);
      }
    }
  }
}

// A mover keeps edges_near(fat box) and gathers from it for every region inside the box
// (World's near lists): the same obstacles in the same order as gather(region) itself, for
// regions on and off grid lines (snapped to the tile and the skin), outside the map, inverted
// and non-finite, on a map with a non-unit tile and an offset origin.
TEST(Gather, TileMapFromKeptEdgesEqualsAGatherOfTheRegion) {
  std::mt19937 rng(29);
  for (int map = 0; map < 6; ++map) {
    const int w = 4 + int(rng() % 30), h = 4 + int(rng() % 30);
    std::vector<std::uint8_t> cells(std::size_t(w * h));
    for (auto& c : cells) c = rng() % 3 == 0;
    const Vec2 tile{Real(uni(rng, 0.5, 3)), Real(uni(rng, 0.5, 3))};
    const Vec2 origin{Real(uni(rng, -50, 50)), Real(uni(rng, -50, 50))};
    const TileMap m = *TileMap::from_grid(w, h, cells, tile, origin, map % 2 == 0);
    const Aabb b = m.bounds();
    auto snap = [&](Real v, Real o, Real t) {  // on a grid line, a skin off it, or anywhere
      const Real line = o + t * Real(std::floor((v - o) / t + Real(0.5)));
      switch (rng() % 4) {
        case 0: return line;
        case 1: return line + m.skin();
        case 2: return line - m.skin();
        default: return v;
      }
    };
    const Aabb wide{b.min - Vec2{4 * tile.x, 4 * tile.y}, b.max + Vec2{4 * tile.x, 4 * tile.y}};
    for (int k = 0; k < 3000; ++k) {
      Aabb region = random_region(rng, wide);
      region = {{snap(region.min.x, origin.x, tile.x), snap(region.min.y, origin.y, tile.y)},
                {snap(region.max.x, origin.x, tile.x), snap(region.max.y, origin.y, tile.y)}};
      if (k % 50 == 0) std::swap(region.min.x, region.max.x);  // inverted
      if (k % 97 == 0) region.min.y = std::numeric_limits<Real>::quiet_NaN();
      const Real grow = Real(uni(rng, 0, 3)) * tile.x;
      const Aabb fat{Vec2{std::min(region.min.x, region.max.x), region.min.y} - Vec2{grow, grow},
                     Vec2{std::max(region.min.x, region.max.x), region.max.y} + Vec2{grow, grow}};
      std::vector<int> near;
      m.edges_near(fat, near);
      std::vector<Obstacle> direct, kept;
      m.gather(region, direct, 5);
      m.gather(region, near, kept, 5);
      ASSERT_EQ(direct.size(), kept.size()) << "map " << map << " region " << k;
      for (std::size_t i = 0; i < direct.size(); ++i) ASSERT_EQ(direct[i].element, kept[i].element);
    }
  }
}

TEST(Gather, RoomMapGivesTheBlockingLinesCrossingTheRegion) {
  std::mt19937 rng(12);
  for (int map = 0; map < 8; ++map) {
    RoomMapDesc d;
    const int nv = 20 + int(rng() % 200);
    for (int i = 0; i < nv; ++i) d.vertices.push_back({Real(uni(rng, -500, 800)), Real(uni(rng, -300, 300))});
    d.room_count = 3;
    const int nl = 10 + int(rng() % 300);
    for (int i = 0; i < nl; ++i) {
      MapLine l;
      l.v1 = int(rng() % unsigned(nv));
      l.v2 = int(rng() % unsigned(nv));
      l.front = int(rng() % 4) - 1;
      l.back = int(rng() % 4) - 1;
      l.impassable = rng() % 7 == 0;
      d.lines.push_back(l);
    }
    const RoomMap sm = RoomMap::make(d).value();
    for (int q = 0; q < 80; ++q) {
      const Aabb region = random_region(rng, Aabb{{-700, -500}, {1000, 500}});
      std::vector<Obstacle> obs;
      sm.gather(region, obs, 7);
      const std::set<std::uint32_t> got = elements(obs);
      ASSERT_EQ(got.size(), obs.size()) << "a line given twice";
      // Every blocking line crossing the region is given, and only lines whose box meets it.
      for (int li = 0; li < sm.line_count(); ++li) {
        const MapLine& l = d.lines[std::size_t(li)];
        const bool blocks = l.front < 0 || l.back < 0 || l.impassable;
        const Vec2 a = d.vertices[std::size_t(l.v1)], b = d.vertices[std::size_t(l.v2)];
        const bool given = got.count(std::uint32_t(li)) != 0;
        if (blocks && !(a == b) && segment_meets(a, b, region)) {
          EXPECT_TRUE(given) << "line " << li << " missing, map " << map << " query " << q;
        }
        if (given) {
          EXPECT_TRUE(blocks) << "line " << li << " does not block";
          EXPECT_TRUE(box_meets(a, b, region)) << "line " << li << " far from the region";
        }
      }
      for (const Obstacle& o : obs) {
        const MapLine& l = d.lines[o.element];
        EXPECT_EQ(o.kind, ObstacleKind::edge);
        EXPECT_EQ(o.owner, 7u);
        EXPECT_FALSE(o.edge.one_sided);
        EXPECT_EQ(o.edge.a, d.vertices[std::size_t(l.v1)]);
        EXPECT_EQ(o.edge.b, d.vertices[std::size_t(l.v2)]);
        EXPECT_NEAR(double(length(o.edge.normal)), 1.0, 1e-6);
        const Vec2 ab = o.edge.b - o.edge.a;
        EXPECT_NEAR(double(dot(o.edge.normal, ab)), 0.0, 1e-5 * double(length(ab)));
        EXPECT_LT(double(cross(ab, o.edge.normal)), 0.0) << "the normal is on the front (right) side";
      }
    }
  }
}

TEST(Gather, DiscUnionGivesTheCoastArcsMeetingTheRegion) {
  std::mt19937 rng(13);
  for (int map = 0; map < 6; ++map) {
    std::vector<Circle> discs;
    const int n = 5 + int(rng() % 120);
    for (int i = 0; i < n; ++i)
      discs.push_back({{Real(uni(rng, -200, 200)), Real(uni(rng, -200, 200))}, Real(uni(rng, 5, 60))});
    const DiscUnion u(discs);
    const Aabb b = u.bounds();
    for (int q = 0; q < 80; ++q) {
      const Aabb region = random_region(rng, Aabb{b.min - Vec2{50, 50}, b.max + Vec2{50, 50}});
      std::vector<Obstacle> obs;
      u.gather(region, obs, 3);
      const std::set<std::uint32_t> got = elements(obs);
      ASSERT_EQ(got.size(), obs.size()) << "an arc given twice";
      const Real tol = 2 * u.tolerance();
      const Aabb grown_region{region.min - Vec2{tol, tol}, region.max + Vec2{tol, tol}};
      for (std::size_t k = 0; k < u.arcs().size(); ++k) {
        const Aabb ab = bounds(u.arcs()[k].arc);
        if (ab.overlaps(region)) { EXPECT_TRUE(got.count(std::uint32_t(k))) << "arc " << k << " missing"; }
        if (got.count(std::uint32_t(k))) { EXPECT_TRUE(ab.overlaps(grown_region)) << "arc " << k << " far"; }
      }
      for (const Obstacle& o : obs) {
        EXPECT_EQ(o.kind, ObstacleKind::arc);
        EXPECT_EQ(o.owner, 3u);
        const Arc& want = u.arcs()[o.element].arc;
        EXPECT_EQ(o.arc.center, want.center);
        EXPECT_EQ(o.arc.radius, want.radius);
        EXPECT_EQ(o.arc.start, want.start);
        EXPECT_EQ(o.arc.sweep, want.sweep);
      }
    }
  }
}

TEST(Chain, RefusesBadPointsNamingThem) {
  Invalid why;
  const Real nan = std::numeric_limits<Real>::quiet_NaN(), inf = std::numeric_limits<Real>::infinity();
  std::vector<Vec2> p{{0, 0}, {1, 0}, {nan, 2}};
  EXPECT_FALSE(Chain::make(p, false, true, &why));
  EXPECT_EQ(why.field, "points[2]");
  p = {{0, 0}, {inf, 0}};
  EXPECT_FALSE(Chain::make(p, false, false, &why));
  EXPECT_EQ(why.field, "points[1]");
  p = {{0, 0}, {Real(2e12), 0}};
  EXPECT_FALSE(Chain::make(p, false, false, &why));
  EXPECT_EQ(why.field, "points[1]");
  p = {{0, 0}, {1, 0}, {1, 0}, {2, 0}};
  EXPECT_FALSE(Chain::make(p, false, true, &why));
  EXPECT_EQ(why.field, "points[2]");
  p = {{0, 0}, {1, 0}, {1, 1}, {0, 0}};  // closed with the first point repeated: zero-length
  EXPECT_FALSE(Chain::make(p, true, true, &why));
  EXPECT_EQ(why.field, "points[0]");
  p = {{0, 0}};
  EXPECT_FALSE(Chain::make(p, false, true, &why));
  EXPECT_EQ(why.field, "points");
  p = {{0, 0}, {1, 0}};
  EXPECT_FALSE(Chain::make(p, true, true, &why));  // a closed chain needs 3
  EXPECT_EQ(why.field, "points");
  EXPECT_TRUE(Chain::make(p, false, true, &why));
}

TEST(Chain, EdgesCarryRightHandNormalsAndGhostVertices) {
  const std::vector<Vec2> p{{0, 0}, {4, 0}, {6, 2}, {6, 5}};
  for (bool closed : {false, true}) {
    const auto c = Chain::make(p, closed, true);
    ASSERT_TRUE(c);
    const std::size_t n = p.size(), ne = closed ? n : n - 1;
    ASSERT_EQ(c->edges().size(), ne);
    EXPECT_EQ(c->bounds().min, (Vec2{0, 0}));
    EXPECT_EQ(c->bounds().max, (Vec2{6, 5}));
    for (std::size_t i = 0; i < ne; ++i) {
      const WallEdge& e = c->edges()[i];
      EXPECT_EQ(e.a, p[i]);
      EXPECT_EQ(e.b, p[(i + 1) % n]);
      EXPECT_TRUE(e.one_sided);
      // Right-hand normal: unit, perpendicular, cross(b - a, n) < 0.
      EXPECT_NEAR(double(length(e.normal)), 1.0, 1e-6);
      EXPECT_NEAR(double(dot(e.normal, e.b - e.a)), 0.0, 1e-5);
      EXPECT_LT(double(cross(e.b - e.a, e.normal)), 0.0);
      const bool want_prev = closed || i > 0, want_next = closed || i + 1 < ne;
      EXPECT_EQ(e.has_prev, want_prev) << i;
      EXPECT_EQ(e.has_next, want_next) << i;
      if (want_prev) { EXPECT_EQ(e.prev, p[(i + n - 1) % n]); }
      if (want_next) { EXPECT_EQ(e.next, p[(i + 2) % n]); }
    }
  }
}

namespace {

/// Ray against segment ab in long double: the distance along the unit direction, or -1.
LD ray_segment(Vec2 o, Vec2 dir, LD maxd, Vec2 a, Vec2 b) {
  const LD l = std::hypot(LD(dir.x), LD(dir.y));
  const LD dx = dir.x / l, dy = dir.y / l;
  const LD ex = LD(b.x) - a.x, ey = LD(b.y) - a.y;
  const LD den = dx * ey - dy * ex;
  if (den == 0) return -1;  // parallel (the random cases never run along an edge)
  const LD wx = LD(a.x) - o.x, wy = LD(a.y) - o.y;
  const LD t = (wx * ey - wy * ex) / den, u = (wx * dy - wy * dx) / den;
  if (t < 0 || t > maxd || u < 0 || u > 1) return -1;
  return t;
}

}  // namespace

TEST(Chain, RaycastAndNearestAgreeWithAScanInLongDouble) {
  std::mt19937 rng(14);
  for (int k = 0; k < 40; ++k) {
    std::vector<Vec2> p;
    const int n = 3 + int(rng() % 30);
    for (int i = 0; i < n; ++i) p.push_back({Real(uni(rng, -50, 50)), Real(uni(rng, -50, 50))});
    const bool closed = k % 2 == 0, one_sided = k % 3 == 0;
    const auto c = Chain::make(p, closed, one_sided);
    ASSERT_TRUE(c);
    // gather against the scan of all edges
    for (int q = 0; q < 20; ++q) {
      const Aabb region = random_region(rng, Aabb{{-60, -60}, {60, 60}});
      std::vector<Obstacle> obs;
      c->gather(region, obs, 9);
      std::set<std::uint32_t> want;
      for (std::size_t i = 0; i < c->edges().size(); ++i)
        if (box_meets(c->edges()[i].a, c->edges()[i].b, region)) want.insert(std::uint32_t(i));
      EXPECT_EQ(elements(obs), want);
      for (const Obstacle& o : obs) {
        EXPECT_EQ(o.owner, 9u);
        EXPECT_EQ(o.edge.a, c->edges()[o.element].a);
        EXPECT_EQ(o.edge.one_sided, one_sided);
      }
    }
    for (int q = 0; q < 50; ++q) {
      const Vec2 o{Real(uni(rng, -70, 70)), Real(uni(rng, -70, 70))};
      const Real ang = Real(uni(rng, 0, 6.283185307179586));
      const Ray ray{o, {std::cos(ang), std::sin(ang)}, Real(uni(rng, 10, 150))};
      LD best = -1;
      int best_edge = -1;
      for (std::size_t i = 0; i < c->edges().size(); ++i) {
        const WallEdge& e = c->edges()[i];
        if (one_sided && (dot(o - e.a, e.normal) < 0 || dot(ray.direction, e.normal) >= 0)) continue;
        const LD t = ray_segment(o, ray.direction, ray.max_distance, e.a, e.b);
        if (t >= 0 && (best < 0 || t < best)) best = t, best_edge = int(i);
      }
      const RayHit h = c->raycast(ray);
      const double tol = sizeof(Real) == 8 ? 1e-9 : 2e-3;
      ASSERT_EQ(h.hit, best >= 0) << "chain " << k << " ray " << q << " t " << double(best);
      if (!h.hit) continue;
      EXPECT_NEAR(double(h.distance), double(best), tol);
      // The edge reported holds the hit point (another edge at the same distance is a joint).
      const WallEdge& e = c->edges()[std::size_t(h.element)];
      const LD on = ray_segment(o, ray.direction, ray.max_distance + 1, e.a, e.b);
      EXPECT_NEAR(double(on), double(best), tol) << "edge " << h.element << " vs " << best_edge;
      EXPECT_LT(double(dot(h.normal, ray.direction)), 0.0) << "normal faces the origin";
      if (one_sided) { EXPECT_GT(double(dot(h.normal, e.normal)), 0.99); }
    }
    for (int q = 0; q < 50; ++q) {
      const Vec2 x{Real(uni(rng, -70, 70)), Real(uni(rng, -70, 70))};
      LD best = INFINITY;
      for (const WallEdge& e : c->edges()) {  // point-segment distance in long double
        const LD ex = LD(e.b.x) - e.a.x, ey = LD(e.b.y) - e.a.y;
        LD t = ((LD(x.x) - e.a.x) * ex + (LD(x.y) - e.a.y) * ey) / (ex * ex + ey * ey);
        t = std::clamp(t, LD(0), LD(1));
        best = std::min(best, std::hypot(LD(x.x) - (e.a.x + t * ex), LD(x.y) - (e.a.y + t * ey)));
      }
      const NearestPoint np = c->nearest_wall(x);
      const double tol = sizeof(Real) == 8 ? 1e-9 : 1e-4;
      EXPECT_NEAR(double(np.distance), double(best), tol);
      EXPECT_NEAR(double(length(np.point - x)), double(best), tol);
      ASSERT_GE(np.index, 0);
      const WallEdge& e = c->edges()[std::size_t(np.index)];
      EXPECT_NEAR(double(cross(e.b - e.a, np.point - e.a)) / double(length(e.b - e.a)), 0.0, tol);
      EXPECT_EQ(c->wall_distance(x), np.distance);
    }
  }
}
