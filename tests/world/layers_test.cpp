// collide2d - 2D collision detection for games. MIT License.
// The world's static layers and the world queries against brute force: one world holding a
// tile map, a room map with pillars, a disc island, static props and monsters; every query
// (overlap, point, box, ray closest and all, cast, nearest, contacts) is compared with a scan
// over all proxies and all layer elements (tile cells as boxes, the outside as four boxes,
// blocking lines as segments, coast arcs, the island's long-double reference). Also: layer
// handles (stale, foreign, replaced), refused bad layers, exclusion, and the reach option
// against a sampled visibility brute force.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>
#include <vector>

#include "collide2d/world.hpp"
#include "maps/disc_union_reference.hpp"

using namespace collide2d;

namespace {

constexpr std::uint32_t kTiles = 1, kRooms = 2, kIsland = 4, kProps = 8, kMonsters = 16, kChains = 32;
constexpr Real kTol = sizeof(Real) == 4 ? Real(3e-3) : Real(1e-6);

struct Rand {
  std::mt19937 eng;
  explicit Rand(unsigned seed) : eng(seed) {}
  Real uniform(Real lo, Real hi) { return std::uniform_real_distribution<Real>(lo, hi)(eng); }
  int below(int n) { return int(eng() % unsigned(n)); }
};

Shape random_shape(Rand& r, Vec2 c, Real scale) {
  Real s = r.uniform(Real(0.2), Real(2)) * scale;
  switch (r.below(8)) {
    case 0: return Point{c};
    case 1: return Circle{c, s};
    case 2: return Sector(c, s * 2, r.uniform(-kPi, kPi), r.uniform(Real(0.1), kPi));
    case 3: return Aabb{{c.x - s, c.y - s / 2}, {c.x + s, c.y + s / 2}};
    case 4: return Box(c, {s, s / 3}, r.uniform(-kPi, kPi));
    case 5: return Capsule{c, c + Vec2{s, r.uniform(-s, s)}, s / 3};
    case 6: return Segment{c, c + Vec2{r.uniform(-s, s), r.uniform(-s, s)} * 2};
    default: {
      std::vector<Vec2> pts;
      int n = 3 + r.below(5);
      for (int i = 0; i < n; ++i) {
        Real a = 2 * kPi * Real(i) / Real(n) + r.uniform(0, Real(0.3));
        pts.push_back(c + Vec2{std::cos(a), std::sin(a)} * s);
      }
      return *make_polygon(pts, r.below(3) == 0 ? s / 5 : 0);
    }
  }
}

/// A room map: a 40 x 30 room at x0 with square pillars (holes), a two-sided passable line
/// and an impassable one.
RoomMapDesc pillar_room(Real x0, Rand& r) {
  RoomMapDesc d;
  d.room_count = 1;
  auto loop = [&](std::vector<Vec2> pts, bool outer) {
    const int base = int(d.vertices.size());
    for (Vec2 p : pts) d.vertices.push_back(p);
    const int n = int(pts.size());
    for (int i = 0; i < n; ++i) {
      MapLine l;
      l.v1 = base + (outer ? i : (i + 1) % n);
      l.v2 = base + (outer ? (i + 1) % n : i);
      l.front = 0;
      d.lines.push_back(l);
    }
  };
  loop({{x0, 0}, {x0, 30}, {x0 + 40, 30}, {x0 + 40, 0}}, true);
  for (int k = 0; k < 6; ++k) {
    const Vec2 c{x0 + 5 + Real(k % 3) * 13 + r.uniform(0, 3), Real(6 + (k / 3) * 15) + r.uniform(0, 3)};
    const Real h = r.uniform(1, 3);
    loop({{c.x - h, c.y - h}, {c.x - h, c.y + h}, {c.x + h, c.y + h}, {c.x + h, c.y - h}}, true);
  }
  const int base = int(d.vertices.size());
  d.vertices.push_back({x0 + 2, 27});
  d.vertices.push_back({x0 + 10, 28});
  d.vertices.push_back({x0 + 20, 27});
  d.vertices.push_back({x0 + 30, 28});
  d.lines.push_back(MapLine{base, base + 1, 0, 0, false});  // passable: not a wall
  d.lines.push_back(MapLine{base + 2, base + 3, 0, 0, true});  // impassable: a wall
  return d;
}

struct Prop {
  ProxyHandle h;
  Shape shape;
  std::uint32_t category;
  std::uint64_t user;
};

/// The mixed world and the brute-force scans over it.
struct Mixed {
  World world;
  TileMap tiles;
  RoomMapDesc room_desc;
  RoomMap room;
  std::vector<Circle> discs;
  DiscUnion island{std::span<const Circle>{}};
  LayerHandle tiles_h, room_h, island_h, zigzag_h, loop_h;
  Chain zigzag, loop;
  std::vector<Prop> props;

  bool outside_solid;

  /// With `outside_solid`, everything beyond the tile map (the room and the island too) is wall.
  explicit Mixed(unsigned seed, bool outside_solid_ = false) : outside_solid(outside_solid_) {
    Rand r(seed);
    std::vector<std::uint8_t> grid(40 * 30);
    for (auto& c : grid) c = r.below(5) == 0;
    tiles = *TileMap::from_grid(40, 30, grid, {1, 1}, {}, outside_solid);
    room_desc = pillar_room(45, r);
    room = RoomMap::make(room_desc).value();
    std::mt19937_64 g(seed);
    for (int i = 0; i < 30; ++i) discs.push_back(Circle{{r.uniform(95, 125), r.uniform(5, 25)}, r.uniform(2, 6)});
    island = DiscUnion(discs);
    tiles_h = *world.add_layer({tiles, 101, Filter{kTiles}});
    room_h = *world.add_layer({room, 102, Filter{kRooms}});
    island_h = *world.add_layer({island, 103, Filter{kIsland}});
    // Chains below the tile map: an open two-sided zigzag and a closed one-sided loop (a solid
    // outline listed counter-clockwise: its fronts face out).
    std::vector<Vec2> zz;
    for (int k = 0; k < 9; ++k) zz.push_back(Vec2{Real(2 + 9 * k), Real(k % 2 ? 34 : 38)} + Vec2{r.uniform(0, 2), r.uniform(0, 2)});
    zigzag = *Chain::make(zz, false, false);
    const Vec2 lp[5] = {{90, 33}, {100, 32}, {110, 36}, {100, 40}, {88, 38}};
    loop = *Chain::make(lp, true, true);
    zigzag_h = *world.add_layer({zigzag, 104, Filter{kChains}});
    loop_h = *world.add_layer({loop, 105, Filter{kChains}});
    for (int i = 0; i < 120; ++i) {
      const bool prop = i < 40;
      const Vec2 c{r.uniform(-2, 132), r.uniform(-2, 32)};
      Shape s = prop ? random_shape(r, c, Real(0.7)) : Shape(Circle{c, r.uniform(Real(0.3), Real(0.8))});
      const std::uint32_t cat = prop ? kProps : kMonsters;
      props.push_back({*world.create({s, std::uint64_t(1000 + i), Filter{cat}, prop}), s, cat, std::uint64_t(1000 + i)});
    }
  }

  WorldHit proxy(const Prop& p) const { return WorldHit{HitKind::proxy, p.h, {}, p.user, 0}; }
  WorldHit layer(LayerHandle h, std::uint64_t user, HitKind k, std::uint32_t e) const {
    return WorldHit{k, ProxyHandle{}, h, user, e};
  }
  /// The four closed boxes outside the tile map's open rectangle (reaching far beyond).
  std::vector<Aabb> outside() const {
    if (!outside_solid) return {};
    const Aabb m = tiles.bounds();
    const Real F = 1000;
    return {Aabb{{m.min.x - F, m.min.y - F}, {m.min.x, m.max.y + F}}, Aabb{{m.max.x, m.min.y - F}, {m.max.x + F, m.max.y + F}},
            Aabb{{m.min.x - F, m.min.y - F}, {m.max.x + F, m.min.y}}, Aabb{{m.min.x - F, m.max.y}, {m.max.x + F, m.max.y + F}}};
  }
  std::vector<std::pair<std::uint32_t, Segment>> walls() const {
    std::vector<std::pair<std::uint32_t, Segment>> out;
    for (int i = 0; i < int(room_desc.lines.size()); ++i) {
      const MapLine& l = room_desc.lines[std::size_t(i)];
      if (l.back < 0 || l.front < 0 || l.impassable) {
        out.push_back({std::uint32_t(i), Segment{room_desc.vertices[std::size_t(l.v1)], room_desc.vertices[std::size_t(l.v2)]}});
      }
    }
    return out;
  }
  /// Every chain edge: (layer, user data, edge index, segment, the edge).
  struct ChainEdge {
    LayerHandle h;
    std::uint64_t user;
    std::uint32_t i;
    Segment s;
    WallEdge e;
  };
  std::vector<ChainEdge> chain_edges() const {
    std::vector<ChainEdge> out;
    for (std::uint32_t i = 0; i < zigzag.edges().size(); ++i) {
      const WallEdge& e = zigzag.edges()[i];
      out.push_back({zigzag_h, 104, i, Segment{e.a, e.b}, e});
    }
    for (std::uint32_t i = 0; i < loop.edges().size(); ++i) {
      const WallEdge& e = loop.edges()[i];
      out.push_back({loop_h, 105, i, Segment{e.a, e.b}, e});
    }
    return out;
  }
  /// Everything the shape overlaps, by brute force (disc layer: the reference's signed
  /// distance; `tie` set when the answer is within the tolerance of changing).
  std::vector<WorldHit> overlap(const Shape& q, std::uint32_t mask, bool& tie) const {
    std::vector<WorldHit> out;
    for (const Prop& p : props)
      if ((p.category & mask) && overlaps(q, p.shape)) out.push_back(proxy(p));
    if (mask & kTiles) {
      for (int r = 0; r < tiles.height(); ++r)
        for (int c = 0; c < tiles.width(); ++c)
          if (tiles.solid(c, r) && overlaps(q, Shape(tiles.cell_box(c, r))))
            out.push_back(layer(tiles_h, 101, HitKind::cell, std::uint32_t(r * 40 + c)));
      for (const Aabb& b : outside()) {
        if (overlaps(q, Shape(b))) {
          out.push_back(layer(tiles_h, 101, HitKind::region, 0));
          break;
        }
      }
    }
    if (mask & kRooms) {
      for (auto& [i, s] : walls())
        if (overlaps(q, Shape(s))) out.push_back(layer(room_h, 102, HitKind::line, i));
    }
    if (mask & kChains) {
      for (const ChainEdge& c : chain_edges())
        if (overlaps(q, Shape(c.s))) out.push_back(layer(c.h, c.user, HitKind::edge, c.i));
    }
    if (mask & kIsland) {
      const Circle c = std::holds_alternative<Circle>(q) ? std::get<Circle>(q) : Circle{std::get<Point>(q).at, 0};
      ref_union::Union u(discs, 0);
      const auto sd = u.signed_distance(c.center.x, c.center.y);
      if (std::fabs(sd + c.radius) < 1e-2) tie = true;
      if (sd > -c.radius) out.push_back(layer(island_h, 103, HitKind::region, 0));  // compared by layer only
    }
    std::sort(out.begin(), out.end());
    return out;
  }
};

/// Hits with disc-union elements folded to the layer (the brute force names the layer only).
std::vector<WorldHit> fold_island(std::vector<WorldHit> v, LayerHandle island) {
  for (WorldHit& h : v)
    if (h.kind != HitKind::proxy && h.layer == island) h.kind = HitKind::region, h.element = 0;
  v.erase(std::unique(v.begin(), v.end()), v.end());
  return v;
}

TEST(WorldLayers, OverlapMatchesBruteForceInAMixedWorld) {
  for (bool outside : {false, true}) {
  Mixed m(7, outside);
  Rand r(11);
  int hits = 0, ties = 0, region = 0;
  for (int it = 0; it < 3000; ++it) {
    const Vec2 c{r.uniform(-4, outside ? 48 : 134), r.uniform(-4, 42)};
    Shape q = random_shape(r, c, 1);
    const bool round = std::holds_alternative<Circle>(q) || std::holds_alternative<Point>(q);
    const std::uint32_t mask = (round ? 0xffffffffu : ~kIsland) & (r.below(4) == 0 ? ~kMonsters : 0xffffffffu);
    bool tie = false;
    std::vector<WorldHit> want = m.overlap(q, mask, tie);
    Invalid why;
    std::vector<WorldHit> got = fold_island(m.world.overlap(q, QueryOptions{mask}, &why), m.island_h);
    if (tie) {
      ++ties;
      continue;
    }
    ASSERT_EQ(got, want) << "iteration " << it << " shape type " << q.index();
    hits += int(got.size());
    for (const WorldHit& h : got) region += h.kind == HitKind::region;
  }
  EXPECT_GT(hits, 2000);
  EXPECT_GT(region, 50);
  EXPECT_LT(ties, 30);
  // Point and box queries are overlaps of a point and a box.
  for (int it = 0; it < 500; ++it) {
    const Vec2 p{r.uniform(-4, 134), r.uniform(-4, 42)};
    bool tie = false;
    auto want = m.overlap(Point{p}, 0xffffffffu, tie);
    if (!tie) { EXPECT_EQ(fold_island(m.world.overlap_point(p), m.island_h), want); }
    const Aabb b{p, p + Vec2{r.uniform(0, 3), r.uniform(0, 3)}};
    EXPECT_EQ(m.world.overlap_box(b, {~kIsland}), m.overlap(b, ~kIsland, tie));
  }
  }
}

TEST(WorldLayers, IslandElementsAreArcsTheCircleReaches) {
  Mixed m(8);
  Rand r(12);
  int arcs = 0;
  for (int it = 0; it < 1000; ++it) {
    const Circle c{{r.uniform(90, 130), r.uniform(0, 30)}, r.uniform(Real(0.2), 2)};
    for (const WorldHit& h : m.world.overlap(c, {kIsland})) {
      if (h.kind != HitKind::arc) continue;
      ++arcs;
      const Arc& a = m.island.arcs()[h.element].arc;
      EXPECT_LE(distance(a, c.center), c.radius + kTol * 10);
    }
  }
  EXPECT_GT(arcs, 100);
}

/// Brute-force closest ray hit: the distance and what was hit.
std::pair<Real, WorldHit> brute_ray(const Mixed& m, const Ray& ray, std::uint32_t mask, Real& second) {
  Real best = std::numeric_limits<Real>::infinity();
  second = best;
  WorldHit what;
  auto offer = [&](Real d, const WorldHit& w) {
    if (d < best) second = best, best = d, what = w;
    else second = std::min(second, d);
  };
  for (const Prop& p : m.props) {
    if (!(p.category & mask)) continue;
    RayHit h = raycast(p.shape, ray);
    if (h.hit) offer(h.distance, m.proxy(p));
  }
  if (mask & kTiles) {
    for (int r = 0; r < 30; ++r)
      for (int c = 0; c < 40; ++c) {
        if (!m.tiles.solid(c, r)) continue;
        RayHit h = raycast(Shape(m.tiles.cell_box(c, r)), ray);
        if (h.hit) offer(h.distance, m.layer(m.tiles_h, 101, HitKind::cell, std::uint32_t(r * 40 + c)));
      }
    for (const Aabb& b : m.outside()) {
      RayHit h = raycast(Shape(b), ray);
      if (h.hit) offer(h.distance, m.layer(m.tiles_h, 101, HitKind::region, 0));
    }
  }
  if (mask & kRooms) {
    for (auto& [i, s] : m.walls()) {
      RayHit h = raycast(Shape(s), ray);
      if (h.hit) offer(h.distance, m.layer(m.room_h, 102, HitKind::line, i));
    }
  }
  if (mask & kChains) {
    for (const Mixed::ChainEdge& c : m.chain_edges()) {
      // A one-sided edge is hit only by a ray coming from its front.
      if (c.e.one_sided && dot(ray.direction, c.e.normal) >= 0) continue;
      RayHit h = raycast(Shape(c.s), ray);
      if (h.hit) offer(h.distance, m.layer(c.h, c.user, HitKind::edge, c.i));
    }
  }
  if (mask & kIsland) {
    if (!m.island.contains(ray.origin)) {
      offer(0, m.layer(m.island_h, 103, HitKind::region, 0));
    } else {
      for (std::uint32_t i = 0; i < m.island.arcs().size(); ++i) {
        RayHit h = raycast(m.island.arcs()[i].arc, ray);
        if (h.hit) offer(h.distance, m.layer(m.island_h, 103, HitKind::arc, i));
      }
    }
  }
  return {best, what};
}

TEST(WorldLayers, RaysMatchBruteForce) {
  for (bool outside : {false, true}) {
  Mixed m(9, outside);
  Rand r(13);
  int compared = 0;
  for (int it = 0; it < 3000; ++it) {
    const Vec2 o{r.uniform(-4, outside ? 44 : 134), r.uniform(-4, 42)};
    const Real a = r.uniform(-kPi, kPi);
    const Ray ray{o, {std::cos(a), std::sin(a)}, r.uniform(1, 60)};
    const std::uint32_t mask = r.below(3) == 0 ? ~kMonsters : 0xffffffffu;
    Real second;
    auto [d, what] = brute_ray(m, ray, mask, second);
    auto got = m.world.ray_closest(ray, {mask});
    ASSERT_EQ(got.has_value(), std::isfinite(d)) << it;
    if (!got) continue;
    EXPECT_NEAR(got->hit.distance, d, kTol) << it;
    // hit.element names the layer's piece as what.element does (-1 for a proxy or a region).
    const bool piece = got->what.kind != HitKind::proxy && got->what.kind != HitKind::region;
    EXPECT_EQ(got->hit.element, piece ? int(got->what.element) : -1) << it;
    if (second - d > 10 * kTol) {
      ++compared;
      EXPECT_EQ(got->what, what) << it << " distance " << d;
    }
    // ray_all: the closest first, every proxy the ray hits, one hit per layer at most.
    auto all = m.world.ray_all(ray, {mask});
    ASSERT_FALSE(all.empty());
    EXPECT_NEAR(all.front().hit.distance, d, kTol);
    std::size_t proxies = 0;
    for (const Prop& p : m.props) proxies += (p.category & mask) && raycast(p.shape, ray).hit;
    EXPECT_EQ(std::count_if(all.begin(), all.end(), [](const WorldRayHit& h) { return h.what.kind == HitKind::proxy; }),
              std::ptrdiff_t(proxies));
    for (std::size_t i = 1; i < all.size(); ++i) EXPECT_LE(all[i - 1].hit.distance, all[i].hit.distance);
  }
  EXPECT_GT(compared, 1200);
  }
}

TEST(WorldLayers, CastsMatchBruteForce) {
  for (bool outside : {false, true}) {
  Mixed m(10, outside);
  Rand r(14);
  int moving = 0, grazing = 0;
  for (int it = 0; it < 2000; ++it) {
    const Vec2 c{r.uniform(-4, outside ? 44 : 134), r.uniform(-4, 42)};
    const bool round = r.below(3) == 0;
    Shape q = round ? Shape(Circle{c, r.uniform(Real(0.1), 1)}) : random_shape(r, c, Real(0.5));
    const std::uint32_t mask = std::holds_alternative<Circle>(q) || std::holds_alternative<Point>(q) ? 0xffffffffu : ~kIsland;
    const Vec2 tr{r.uniform(-15, 15), r.uniform(-15, 15)};
    Real best = std::numeric_limits<Real>::infinity();
    for (const Prop& p : m.props) {
      if (!(p.category & mask)) continue;
      SweepHit h = sweep(q, tr, p.shape, Vec2{0, 0});
      if (h.hit) best = std::min(best, h.time);
    }
    for (int rr = 0; rr < 30; ++rr)
      for (int cc = 0; cc < 40; ++cc)
        if (m.tiles.solid(cc, rr)) {
          SweepHit h = sweep(q, tr, Shape(m.tiles.cell_box(cc, rr)), Vec2{0, 0});
          if (h.hit) best = std::min(best, h.time);
        }
    for (const Aabb& b : m.outside()) {
      SweepHit h = sweep(q, tr, Shape(b), Vec2{0, 0});
      if (h.hit) best = std::min(best, h.time);
    }
    for (auto& [i, s] : m.walls()) {
      SweepHit h = sweep(q, tr, Shape(s), Vec2{0, 0});
      if (h.hit) best = std::min(best, h.time);
    }
    for (const Mixed::ChainEdge& ce : m.chain_edges()) {
      SweepHit h = sweep(q, tr, Shape(ce.s), Vec2{0, 0});
      // One-sided: only a shape meeting the edge from its front (moving against its normal).
      if (h.hit && ce.e.one_sided && !h.initially_overlapping && dot(tr, ce.e.normal) >= 0) continue;
      if (h.hit) best = std::min(best, h.time);
    }
    if (mask & kIsland) {
      const Circle ci = std::holds_alternative<Circle>(q) ? std::get<Circle>(q) : Circle{std::get<Point>(q).at, 0};
      ref_union::Union u(m.discs, 0);
      const auto sd = u.signed_distance(ci.center.x, ci.center.y);
      if (std::fabs(sd + ci.radius) < 1e-2) continue;  // too close to call
      if (sd > -ci.radius) best = 0;
      else
        for (const CoastArc& a : m.island.arcs()) {
          SweepHit h = sweep(ci, tr, a.arc);
          if (h.hit) best = std::min(best, h.time);
        }
    }
    // A shape within the sweep's touching tolerance of something at the start, without
    // overlapping it: a contact at time 0 or just after, both right.
    if (best == 0 && m.world.overlap(q, {mask}).empty()) {
      ++grazing;
      continue;
    }
    Invalid why;
    auto got = m.world.cast(q, tr, {mask}, &why);
    ASSERT_EQ(got.has_value(), std::isfinite(best)) << it << " " << why.text();
    if (!got) continue;
    EXPECT_NEAR(got->hit.time * length(tr), best * length(tr), 10 * kTol) << it << " type " << q.index();
    moving += best > 0;
  }
  EXPECT_GT(moving, 200);
  EXPECT_LT(grazing, 20);
  }
}

TEST(WorldLayers, NearestMatchesBruteForce) {
  for (bool outside : {false, true}) {
  Mixed m(11, outside);
  Rand r(15);
  for (int it = 0; it < 2000; ++it) {
    const Vec2 p{r.uniform(-4, outside ? 44 : 134), r.uniform(-4, 42)};
    const Real radius = r.uniform(0, 6);
    std::vector<Real> want;
    for (const Prop& pr : m.props) want.push_back(distance(Point{p}, pr.shape).distance);
    Real tile = std::numeric_limits<Real>::infinity();
    for (int rr = 0; rr < 30; ++rr)
      for (int cc = 0; cc < 40; ++cc)
        if (m.tiles.solid(cc, rr)) tile = std::min(tile, distance(Point{p}, Shape(m.tiles.cell_box(cc, rr))).distance);
    for (const Aabb& b : m.outside()) tile = std::min(tile, distance(Point{p}, Shape(b)).distance);
    want.push_back(tile);
    Real wall = std::numeric_limits<Real>::infinity();
    for (auto& [i, s] : m.walls()) wall = std::min(wall, distance(Point{p}, Shape(s)).distance);
    want.push_back(wall);
    for (const Chain* ch : {&m.zigzag, &m.loop}) {
      Real d = std::numeric_limits<Real>::infinity();
      for (const WallEdge& e : ch->edges()) d = std::min(d, distance(Point{p}, Shape(Segment{e.a, e.b})).distance);
      want.push_back(d);
    }
    ref_union::Union u(m.discs, 0);
    const auto sd = u.signed_distance(p.x, p.y);
    if (std::fabs(sd) < 1e-3) continue;
    want.push_back(sd > 0 ? Real(0) : Real(-sd));
    std::sort(want.begin(), want.end());
    while (!want.empty() && want.back() > radius) want.pop_back();
    auto got = m.world.nearest_hits(p, radius, 1000);
    // Near the radius a scan and the index may disagree by rounding: compare inside it only.
    while (!got.empty() && got.back().distance > radius - kTol) got.pop_back();
    while (!want.empty() && want.back() > radius - kTol) want.pop_back();
    ASSERT_EQ(got.size(), want.size()) << it;
    for (std::size_t i = 0; i < got.size(); ++i) EXPECT_NEAR(got[i].distance, want[i], kTol) << it;
    auto few = m.world.nearest_hits(p, radius, 2);
    EXPECT_LE(few.size(), 2u);
  }
  }
}

TEST(WorldLayers, ContactsNameWhatTheyTouch) {
  Mixed m(12);
  Rand r(16);
  int n = 0;
  for (int it = 0; it < 2000; ++it) {
    const Vec2 c{r.uniform(-4, 134), r.uniform(-4, 42)};
    const Shape q = Circle{c, r.uniform(Real(0.2), 2)};
    bool tie = false;
    std::vector<WorldHit> over = m.overlap(q, 0xffffffffu, tie);
    auto got = m.world.contacts(q);
    for (const WorldContact& k : got) {
      ++n;
      EXPECT_NEAR(length(k.normal), 1, kTol);
      EXPECT_GE(k.depth, 0);
      if (k.what.kind == HitKind::proxy || k.what.kind == HitKind::line) {
        EXPECT_TRUE(std::binary_search(over.begin(), over.end(), k.what)) << it;
      } else if (k.what.kind == HitKind::edge && k.what.layer != m.tiles_h) {
        EXPECT_TRUE(std::binary_search(over.begin(), over.end(), k.what)) << it;
      } else if (k.what.kind == HitKind::edge) {
        const TileEdge& e = m.tiles.edges()[k.what.element];
        EXPECT_TRUE(overlaps(q, Shape(Segment{e.a, e.b}))) << it;
      } else {
        EXPECT_EQ(k.what.kind, HitKind::arc);
      }
    }
    // Every proxy and line the circle overlaps has a contact.
    for (const WorldHit& h : over) {
      if (h.kind != HitKind::proxy && h.kind != HitKind::line) continue;
      EXPECT_TRUE(std::any_of(got.begin(), got.end(), [&](const WorldContact& k) { return k.what == h; })) << it;
    }
  }
  EXPECT_GT(n, 1000);
}

TEST(WorldLayers, ExcludedProxiesAreLeftOut) {
  Mixed m(13);
  const Prop& me = m.props[50];
  const Circle body = std::get<Circle>(me.shape);
  const ProxyHandle ex[1] = {me.h};
  auto with = m.world.overlap(body, {kMonsters});
  auto without = m.world.overlap(body, QueryOptions{kMonsters, ex});
  EXPECT_TRUE(std::find(with.begin(), with.end(), m.proxy(me)) != with.end());
  EXPECT_TRUE(std::find(without.begin(), without.end(), m.proxy(me)) == without.end());
  EXPECT_EQ(with.size(), without.size() + 1);
  auto ray = m.world.ray_closest(Ray{body.center, {1, 0}, 100}, QueryOptions{kMonsters, ex});
  EXPECT_TRUE(!ray || ray->what.proxy != me.h);
  auto cast = m.world.cast(body, {3, 0}, QueryOptions{kMonsters, ex});
  EXPECT_TRUE(!cast || cast->what.proxy != me.h);
  for (const WorldNearest& n : m.world.nearest_hits(body.center, 3, 10, QueryOptions{kMonsters, ex}))
    EXPECT_NE(n.what.proxy, me.h);
}

TEST(WorldLayers, HandlesAndChanges) {
  World w;
  TileMap map = TileMap::make(8, 6, {2, 2}).value();
  auto h = w.add_layer({map, 5, Filter{kTiles}});
  ASSERT_TRUE(h);
  const Vec2 p{5, 5};  // cell (2, 2)
  EXPECT_TRUE(w.overlap_point(p).empty());
  ASSERT_FALSE(w.set_tile(*h, 2, 2, true));
  auto hits = w.overlap_point(p);
  ASSERT_EQ(hits.size(), 1u);
  EXPECT_EQ(hits[0], (WorldHit{HitKind::cell, {}, *h, 5, 2 * 8 + 2}));
  ASSERT_FALSE(w.set_tile(*h, 2, 2, false));  // the door opens
  EXPECT_TRUE(w.overlap_point(p).empty());
  EXPECT_TRUE(w.set_tile(*h, 8, 0, true));  // outside the grid
  // Replace: a level load keeps the handle.
  TileMap full = TileMap::make(8, 6, {2, 2}).value();
  for (int r = 0; r < 6; ++r)
    for (int c = 0; c < 8; ++c) full.set_solid(c, r, true);
  ASSERT_FALSE(w.replace_layer(*h, {full, 6, Filter{kTiles}}));
  EXPECT_EQ(w.overlap_point(p).size(), 1u);
  EXPECT_EQ(w.layer_user_data(*h), 6u);
  EXPECT_EQ(w.overlap_point(p, {~kTiles}).size(), 0u);
  // Remove: the handle goes stale, every call refuses it, queries no longer see the layer.
  ASSERT_FALSE(w.remove_layer(*h));
  EXPECT_TRUE(w.overlap_point(p).empty());
  auto stale = w.remove_layer(*h);
  ASSERT_TRUE(stale);
  EXPECT_EQ(stale->field, "handle");
  EXPECT_NE(stale->message.find("stale"), std::string::npos);
  EXPECT_TRUE(w.set_tile(*h, 0, 0, true));
  EXPECT_TRUE(w.replace_layer(*h, {map}));
  EXPECT_TRUE(w.set_layer_filter(*h, {}));
  EXPECT_EQ(w.layer(*h), nullptr);
  auto h2 = w.add_layer({map});
  ASSERT_TRUE(h2);
  EXPECT_EQ(h2->index, h->index);  // the slot is reused with a new generation
  EXPECT_NE(h2->generation, h->generation);
  EXPECT_TRUE(w.check(*h));
  World other;
  EXPECT_TRUE(other.check(*h2));
  EXPECT_TRUE(other.check(LayerHandle{}));
  EXPECT_EQ(w.layer_handles().size(), 1u);
  EXPECT_TRUE(w.set_tile(*h2, 0, 0, true) == std::nullopt);
  // A room-map layer is not a tile map.
  auto h3 = w.add_layer({RoomMap()});
  ASSERT_TRUE(h3);
  auto not_tiles = w.set_tile(*h3, 0, 0, true);
  ASSERT_TRUE(not_tiles);
  EXPECT_EQ(not_tiles->field, "layer");
}

TEST(WorldLayers, BadLayersAreRefusedNamingTheElement) {
  World w;
  auto good = w.add_layer({TileMap::make(4, 4, {1, 1}).value()});
  ASSERT_TRUE(good);
  const Circle discs[3] = {{{0, 0}, 1}, {{1, 0}, std::numeric_limits<Real>::quiet_NaN()}, {{2, 0}, 1}};
  Invalid why;
  EXPECT_FALSE(w.add_layer({DiscUnion(std::span<const Circle>(discs, 1)), 0, {}}, &why) == std::nullopt);
  EXPECT_FALSE(w.add_layer({DiscUnion(discs), 0, {}}, &why));
  EXPECT_NE(why.field.find("discs[1]"), std::string::npos) << why.text();
  RoomMapDesc far;
  far.room_count = 1;
  far.vertices = {{0, 0}, {1, 0}, {Real(1e13), 1}};
  far.lines = {{0, 1, 0, -1, false}, {1, 2, 0, -1, false}, {2, 0, 0, -1, false}};
  EXPECT_FALSE(w.add_layer({RoomMap::make(far).value()}, &why));
  EXPECT_NE(why.field.find("vertices[2]"), std::string::npos) << why.text();
  EXPECT_FALSE(w.add_layer({TileMap::make(4, 4, {1, 1}, {Real(2e12), 0}).value()}, &why));
  EXPECT_NE(why.field.find("tile_map"), std::string::npos) << why.text();
  EXPECT_EQ(w.layer_handles().size(), 2u);  // the good one and the one-disc island
  // A refused replacement leaves the layer as it was.
  EXPECT_TRUE(w.replace_layer(*good, {DiscUnion(discs)}));
  EXPECT_TRUE(std::holds_alternative<TileMap>(*w.layer(*good)));
  // A disc layer refuses shapes other than points and circles, naming the layer.
  auto bad = w.overlap(Box({0, 0}, {1, 1}, 0), {}, &why);
  EXPECT_TRUE(bad.empty());
  EXPECT_NE(why.message.find("disc union"), std::string::npos) << why.text();
  // Bad query input.
  EXPECT_TRUE(w.overlap_point({std::numeric_limits<Real>::infinity(), 0}, {}, &why).empty());
  EXPECT_EQ(why.field, "point");
  EXPECT_FALSE(w.ray_closest(Ray{{0, 0}, {0, 0}, 1}, {}, &why));
  EXPECT_EQ(why.field, "ray.direction");
  EXPECT_FALSE(w.cast(Circle{{0, 0}, 1}, {std::numeric_limits<Real>::quiet_NaN(), 0}, {}, &why));
  EXPECT_EQ(why.field, "translation");
  EXPECT_TRUE(w.nearest_hits({0, 0}, -1, 3, {}, &why).empty());
  EXPECT_EQ(why.field, "radius");
}

/// How much of a sight line's far end is left out (relative): rounding only.
constexpr Real kSightEps = sizeof(Real) == 4 ? Real(1e-5) : Real(1e-9);

/// True when the segment from `eye` to `p`, its far end shortened by `eps` of its length (a
/// target touching a wall from behind is not seen through it), touches no solid cell and no
/// blocking line.
bool brute_clear(const Mixed& m, Vec2 eye, Vec2 p, Real eps) {
  const Segment s{eye, p - (p - eye) * eps};
  for (int r = 0; r < 30; ++r)
    for (int c = 0; c < 40; ++c)
      if (m.tiles.solid(c, r) && overlaps(s, Shape(m.tiles.cell_box(c, r)))) return false;
  for (auto& [i, w] : m.walls())
    if (overlaps(s, Shape(w))) return false;
  for (const Mixed::ChainEdge& c : m.chain_edges())
    if (overlaps(s, Shape(c.s))) return false;
  return true;
}

/// Sample points of a circle target inside the swing, any of them seen.
bool brute_sees(const Mixed& m, const Sector& swing, const Circle& t, Real eps, int rings) {
  for (int i = 0; i <= rings; ++i) {
    const Real rr = t.radius * Real(i) / Real(rings);
    const int n = i == 0 ? 1 : 8 * i;
    for (int k = 0; k < n; ++k) {
      const Real a = 2 * kPi * Real(k) / Real(n);
      const Vec2 p = t.center + Vec2{std::cos(a), std::sin(a)} * rr;
      if (overlaps(Point{p}, swing) && brute_clear(m, swing.center, p, eps)) return true;
    }
  }
  return false;
}

TEST(WorldLayers, ReachMatchesSampledVisibility) {
  Mixed m(14);
  Rand r(17);
  int seen = 0, hidden = 0;
  for (int it = 0; it < 600; ++it) {
    Vec2 eye{r.uniform(1, 84), r.uniform(1, 29)};
    if (eye.x > 39 && eye.x < 46) continue;
    if (!m.tiles.is_free(eye) && eye.x < 40) continue;
    if (eye.x >= 45 && m.room.wall_distance(eye) < Real(0.05)) continue;
    const Sector swing(eye, r.uniform(2, 8), r.uniform(-kPi, kPi), r.uniform(Real(0.2), Real(2.5)));
    QueryOptions o{kMonsters};
    const auto all = m.world.overlap(swing, o);
    o.reach = true;
    const auto reach = m.world.overlap(swing, o);
    for (const WorldHit& h : all) {
      const Prop& p = *std::find_if(m.props.begin(), m.props.end(), [&](const Prop& x) { return x.h == h.proxy; });
      const Circle t = std::get<Circle>(p.shape);
      const bool got = std::binary_search(reach.begin(), reach.end(), h);
      const bool sampled = brute_sees(m, swing, t, kSightEps, 12);
      if (sampled) { EXPECT_TRUE(got) << it << " target " << h.proxy.index << " eye " << eye.x << "," << eye.y << " swing r " << swing.radius << " f " << swing.facing() << " h " << swing.half_angle() << " t " << t.center.x << "," << t.center.y << " r " << t.radius; }
      if (got && !sampled) {
        // Seen through a gap finer than the samples: a slightly larger target is seen.
        EXPECT_TRUE(brute_sees(m, swing, Circle{t.center, t.radius + Real(0.05)}, kSightEps, 40)) << it;
      }
      (got ? seen : hidden)++;
    }
  }
  EXPECT_GT(seen, 100);
  EXPECT_GT(hidden, 20);
}

}  // namespace

/// Huge but finite translations (up to the largest the scalar holds, the end box finite): every
/// cast, shape cast and move over every layer kind and proxy kind either answers with finite
/// numbers (a cast's time in [0, 1]) or is refused naming the translation; never a NaN. (Fuzz
/// finding, world target, double: a point cast by (-14.5, 8.1e199) returned time NaN.)
TEST(WorldLayers, HugeFiniteTranslationsAnswerFinitelyOrAreRefusedNamingThem) {
  Mixed m(23);
  Rand r(24);
  const int max_exp = std::numeric_limits<Real>::max_exponent10;
  int answered = 0, refused = 0, bad = 0;
  auto finite_vec = [](Vec2 v) { return std::isfinite(v.x) && std::isfinite(v.y); };
  for (int i = 0; i < 400; ++i) {
    const Vec2 c{r.uniform(-5, 135), r.uniform(-5, 45)};
    const Shape s = random_shape(r, c, Real(0.6));
    const int e = 2 + r.below(r.below(2) ? 12 : max_exp - 1);  // half of them up to 1e13
    const Real mag = Real(std::pow(10.0, e)) * r.uniform(Real(0.1), Real(0.99));
    const Real other = r.below(2) ? r.uniform(-50, 50) : mag * r.uniform(-1, 1);
    Vec2 t = r.below(2) ? Vec2{mag * (r.below(2) ? 1 : -1), other} : Vec2{other, mag * (r.below(2) ? 1 : -1)};
    SCOPED_TRACE(testing::Message() << "shape kind " << s.index() << " at (" << c.x << ", " << c.y
                                    << ") by (" << t.x << ", " << t.y << ")");
    // A disc union answers points and circles only: other shapes leave the island out.
    const bool disc = s.index() <= 1;
    QueryOptions qo;
    qo.mask = disc ? ~0u : ~kIsland;
    Filter f;
    f.mask = qo.mask;
    const bool too_long = std::max(std::fabs(t.x), std::fabs(t.y)) > Real(2e12);  // validate_translation
    Invalid why;
    if (auto h = m.world.cast(s, t, qo, &why)) {
      ++answered;
      const bool ok = std::isfinite(h->hit.time) && h->hit.time >= 0 && h->hit.time <= 1 &&
                      finite_vec(h->hit.normal) && finite_vec(h->hit.point);
      EXPECT_TRUE(ok) << "cast time " << h->hit.time;
      bad += !ok;
    } else if (!why.field.empty()) {
      ++refused;
      EXPECT_EQ(why.field, "translation") << why.text();
      EXPECT_TRUE(too_long) << why.text();
    } else {
      EXPECT_FALSE(too_long);
      ++answered;  // a miss
    }
    why = Invalid{};
    if (auto h = m.world.shape_cast(s, t, QueryFilter{qo.mask}, &why)) {
      EXPECT_TRUE(std::isfinite(h->hit.time) && h->hit.time >= 0 && h->hit.time <= 1) << "shape_cast " << h->hit.time;
    } else if (!why.field.empty()) {
      EXPECT_EQ(why.field, "translation") << why.text();
    }
    WorldMove out;
    if (auto no = m.world.move(s, t, f, MoveOptions{}, out)) {
      EXPECT_EQ(no->field, "displacement") << no->text();
      EXPECT_TRUE(too_long) << no->text();
    } else {
      EXPECT_FALSE(too_long);
      EXPECT_TRUE(finite_vec(out.result.translation) && finite_vec(bounds(out.result.shape).min) &&
                  finite_vec(bounds(out.result.shape).max));
    }
  }
  EXPECT_EQ(bad, 0);
  EXPECT_GT(answered, 150);  // the motions within the limit
  EXPECT_GT(refused, 100);   // and those beyond it
}
