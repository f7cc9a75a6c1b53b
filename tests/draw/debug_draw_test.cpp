// collide2d - 2D collision detection for games. MIT License.
// Debug drawing: what shapes, tile maps, disc islands, contacts and worlds draw through
// DebugDraw, checked against the library's own membership answers. A recording DebugDraw
// turns every outline into segments (arcs finely tessellated); the even-odd crossing count of a
// ray from a point against them says inside or outside, which must agree with overlaps(),
// TileMap::is_free and DiscUnion::contains for every sample point not within a small band of
// the outline.
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <vector>

#include "collide2d/collide2d.hpp"

using namespace collide2d;

namespace {

struct Seg {
  Vec2 a, b;
};

/// Records outlines (segments, arcs, circles, polygon outlines) and filled polygons.
class Recorder final : public DebugDraw {
 public:
  std::vector<Seg> outline;                 // every stroked piece as segments
  std::vector<std::vector<Vec2>> fills;     // filled polygons, as given
  std::vector<Vec2> points;                 // markers
  int arcs = 0, circles = 0, segments = 0, polygons = 0;

  void segment(Vec2 a, Vec2 b, Color c) override {
    ++segments;
    if (!c.none()) outline.push_back({a, b});
  }
  void circle(Vec2 c, Real r, Color stroke, Color fill) override {
    ++circles;
    if (!stroke.none()) add_arc(Arc(c, r, 0, 2 * kPi));
    if (!fill.none()) {
      const Arc whole(c, r, 0, 2 * kPi);
      fills.push_back(arc_points(whole, 2000));
    }
  }
  void arc(const Arc& a, Color c) override {
    ++arcs;
    if (!c.none()) add_arc(a);
  }
  void polygon(std::span<const Vec2> p, Color stroke, Color fill) override {
    ++polygons;
    if (!stroke.none())
      for (std::size_t k = 0; k < p.size(); ++k) outline.push_back({p[k], p[(k + 1) % p.size()]});
    if (!fill.none()) fills.emplace_back(p.begin(), p.end());
  }
  void point(Vec2 p, float, Color) override { points.push_back(p); }

 private:
  void add_arc(const Arc& a) {
    const int n = std::max(2, int(std::ceil(double(a.sweep) / (2 * 3.141592653589793) * 2000)));
    const std::vector<Vec2> pts = arc_points(a, n);
    for (std::size_t k = 1; k < pts.size(); ++k) outline.push_back({pts[k - 1], pts[k]});
  }
};

/// Even-odd: the number of segments a ray from p towards +x crosses, mod 2 (half-open rule).
bool parity(const std::vector<Seg>& segs, Vec2 p) {
  bool in = false;
  const double px = double(p.x), py = double(p.y);
  for (const Seg& s : segs) {
    const double ax = double(s.a.x), ay = double(s.a.y), bx = double(s.b.x), by = double(s.b.y);
    if ((ay <= py) == (by <= py)) continue;
    const double x = ax + (py - ay) / (by - ay) * (bx - ax);
    if (x > px) in = !in;
  }
  return in;
}

/// The same for a polygon given as its vertex list (closed).
std::vector<Seg> loop_segments(const std::vector<Vec2>& p) {
  std::vector<Seg> s;
  for (std::size_t k = 0; k < p.size(); ++k) s.push_back({p[k], p[(k + 1) % p.size()]});
  return s;
}

double seg_distance(const Seg& s, Vec2 p) {
  const double ax = double(s.a.x), ay = double(s.a.y), dx = double(s.b.x) - ax, dy = double(s.b.y) - ay;
  const double l2 = dx * dx + dy * dy;
  double t = l2 > 0 ? ((double(p.x) - ax) * dx + (double(p.y) - ay) * dy) / l2 : 0;
  t = std::clamp(t, 0.0, 1.0);
  return std::hypot(double(p.x) - (ax + t * dx), double(p.y) - (ay + t * dy));
}

double near_outline(const std::vector<Seg>& segs, Vec2 p) {
  double best = 1e300;
  for (const Seg& s : segs) best = std::min(best, seg_distance(s, p));
  return best;
}

double uni(std::mt19937& rng, double lo, double hi) { return lo + (hi - lo) * (double(rng()) / 4294967296.0); }

std::vector<Shape> sample_shapes() {
  std::vector<Shape> s;
  s.push_back(Circle{{0.5f, -0.25f}, 1.5f});
  for (double half : {0.0, 0.3, 1.2, 1.5707963, 2.0, 2.9, 3.14159265})
    s.push_back(Sector({0.2f, 0.1f}, 2, Real(0.7), Real(half)));
  s.push_back(Aabb{{-1, -0.5f}, {2, 1}});
  s.push_back(Box({0.3f, 0.2f}, {1.5f, 0.6f}, Real(0.6)));
  s.push_back(Capsule{{-1, -1}, {1.5f, 0.5f}, 0.6f});
  const Vec2 hex[] = {{1, 0}, {0.5f, 0.9f}, {-0.5f, 0.9f}, {-1, 0}, {-0.5f, -0.9f}, {0.5f, -0.9f}};
  s.push_back(*make_polygon(hex, 0));
  s.push_back(*make_polygon(hex, Real(0.4)));
  return s;
}

}  // namespace

TEST(DebugDraw, ShapeOutlinesEncloseExactlyTheShape) {
  std::mt19937 rng(7);
  for (const Shape& shape : sample_shapes()) {
    Recorder rec;
    draw_shape(rec, shape, Color::hex(0x000000), kNoColor);
    ASSERT_FALSE(rec.outline.empty()) << shape_type_name(int(shape.index()));
    const Aabb b = bounds(shape);
    int compared = 0;
    for (int k = 0; k < 4000; ++k) {
      const Vec2 q(Real(uni(rng, double(b.min.x) - 1, double(b.max.x) + 1)),
                   Real(uni(rng, double(b.min.y) - 1, double(b.max.y) + 1)));
      if (near_outline(rec.outline, q) < 1e-3) continue;
      if (std::get_if<Sector>(&shape) && std::get<Sector>(shape).half_angle() == 0) {
        EXPECT_FALSE(overlaps(shape, Shape(Point{q})));  // a radius: no area
        continue;
      }
      ASSERT_EQ(parity(rec.outline, q), overlaps(shape, Shape(Point{q})))
          << shape_type_name(int(shape.index())) << " at " << q.x << ", " << q.y;
      ++compared;
    }
    if (!std::get_if<Sector>(&shape) || std::get<Sector>(shape).half_angle() > 0) { EXPECT_GT(compared, 3000); }
  }
}

TEST(DebugDraw, ShapeFillsCoverTheShape) {
  // Fills are tessellated (curves as chords every 10 degrees or less): they agree with the
  // shape away from a band of 0.4% of the radius inside the curves.
  std::mt19937 rng(8);
  for (const Shape& shape : sample_shapes()) {
    Recorder rec;
    draw_shape(rec, shape, kNoColor, Color::hex(0x336699, 80));
    if (const Sector* s = std::get_if<Sector>(&shape); s && s->half_angle() == 0) continue;
    ASSERT_EQ(rec.fills.size(), 1u) << shape_type_name(int(shape.index()));
    const std::vector<Seg> fill = loop_segments(rec.fills[0]);
    Recorder exact;
    draw_shape(exact, shape, Color::hex(0), kNoColor);
    const Aabb b = bounds(shape);
    for (int k = 0; k < 3000; ++k) {
      const Vec2 q(Real(uni(rng, double(b.min.x) - 1, double(b.max.x) + 1)),
                   Real(uni(rng, double(b.min.y) - 1, double(b.max.y) + 1)));
      if (near_outline(exact.outline, q) < 0.02) continue;
      ASSERT_EQ(parity(fill, q), overlaps(shape, Shape(Point{q}))) << shape_type_name(int(shape.index()));
    }
  }
}

TEST(DebugDraw, TileChainsBoundTheFreeCells) {
  std::mt19937 rng(11);
  for (int trial = 0; trial < 5; ++trial) {
    const int w = 14 + trial, h = 11;
    std::vector<std::uint8_t> grid(std::size_t(w * h));
    for (auto& c : grid) c = rng() % 100 < 35;
    const auto map = TileMap::from_grid(w, h, grid, {2, 3}, {-5, 4});
    ASSERT_TRUE(map);
    Recorder rec;
    rec.flags = kDrawTileChains;
    draw_tile_map(rec, *map);
    ASSERT_EQ(rec.outline.size(), map->edges().size());
    // Cells: inside free cells the chains' parity is odd (the outside is solid).
    for (int r = 0; r < h; ++r)
      for (int c = 0; c < w; ++c) {
        const Aabb cb = map->cell_box(c, r);
        const Vec2 q(Real(uni(rng, double(cb.min.x) + 0.1, double(cb.max.x) - 0.1)),
                     Real(uni(rng, double(cb.min.y) + 0.1, double(cb.max.y) - 0.1)));
        ASSERT_EQ(parity(rec.outline, q), !map->solid(c, r)) << "cell " << c << ", " << r;
      }
    // Solid cells: one row-run rectangle per run; together they cover exactly the solid cells.
    Recorder cells;
    cells.flags = kDrawTileCells;
    draw_tile_map(cells, *map);
    EXPECT_TRUE(cells.outline.empty());
    for (int r = 0; r < h; ++r)
      for (int c = 0; c < w; ++c) {
        const Vec2 q = map->cell_box(c, r).center();
        int covering = 0;
        for (const auto& f : cells.fills) covering += parity(loop_segments(f), q);
        EXPECT_EQ(covering, map->solid(c, r) ? 1 : 0);
      }
  }
}

TEST(DebugDraw, CoastArcsBoundTheLand) {
  std::mt19937 rng(12);
  std::vector<Circle> discs;
  for (int k = 0; k < 40; ++k)
    discs.push_back({{Real(uni(rng, -20, 20)), Real(uni(rng, -20, 20))}, Real(uni(rng, 1, 6))});
  const DiscUnion land(discs);
  Recorder rec;
  rec.flags = kDrawCoast;
  draw_disc_union(rec, land);
  EXPECT_EQ(rec.arcs, int(land.arcs().size()));
  const Aabb b = land.bounds();
  int inside = 0;
  for (int k = 0; k < 3000; ++k) {
    const Vec2 q(Real(uni(rng, double(b.min.x) - 2, double(b.max.x) + 2)),
                 Real(uni(rng, double(b.min.y) - 2, double(b.max.y) + 2)));
    if (near_outline(rec.outline, q) < 1e-2) continue;
    ASSERT_EQ(parity(rec.outline, q), land.contains(q)) << q.x << ", " << q.y;
    inside += land.contains(q);
  }
  EXPECT_GT(inside, 300);
  // The land: one filled disc per disc.
  Recorder fill;
  fill.flags = kDrawDiscs;
  draw_disc_union(fill, land);
  EXPECT_EQ(fill.circles, int(discs.size()));
  EXPECT_EQ(fill.arcs, 0);
}

TEST(DebugDraw, ManifoldShowsItsPointsAndDepth) {
  const Shape a = Box({0, 0}, {1, 1}, 0), b = Circle{{1.5f, 0.2f}, 0.8f};
  const Manifold m = contact(a, b);
  ASSERT_TRUE(m.touching);
  Recorder rec;
  DrawPalette pal;
  draw_manifold(rec, m, pal);
  ASSERT_EQ(int(rec.points.size()), m.point_count);
  for (int i = 0; i < m.point_count; ++i) EXPECT_EQ(rec.points[std::size_t(i)], m.points[std::size_t(i)]);
  // Per point: the normal and the depth, both starting at the point along the normal.
  ASSERT_EQ(rec.outline.size(), 2u * std::size_t(m.point_count));
  const Seg& depth = rec.outline[1];
  EXPECT_NEAR(double(length(depth.b - depth.a)), double(m.depth), 1e-5);
  EXPECT_NEAR(double(dot(normalize(depth.b - depth.a), m.normal)), 1.0, 1e-5);
  Recorder off;
  off.flags = kDrawAll & ~kDrawContacts;
  draw_manifold(off, m, pal);
  EXPECT_TRUE(off.points.empty() && off.outline.empty());
}

TEST(DebugDraw, WorldDrawsEveryProxy) {
  World world;
  std::mt19937 rng(3);
  int circles = 0;
  for (int k = 0; k < 50; ++k) {
    const Vec2 c(Real(uni(rng, -50, 50)), Real(uni(rng, -50, 50)));
    ProxyDef def;
    if (k % 2) {
      def.shape = Circle{c, 1};
      ++circles;
    } else {
      def.shape = Box(c, {1, 2}, Real(k));
    }
    ASSERT_TRUE(world.create(def));
  }
  Recorder rec;
  rec.flags = kDrawShapes | kDrawAabbs;
  draw_world(rec, world);
  EXPECT_EQ(rec.circles, circles);
  EXPECT_EQ(rec.polygons, (50 - circles) + 50);  // the boxes and every bounding box
  // A static layer: a tile map drawn under the world's proxies, its chains as the map draws them.
  const std::vector<std::uint8_t> grid = {0, 1, 0, 0, 1, 1, 0, 0, 0};
  const auto tiles = TileMap::from_grid(3, 3, grid, {4, 4}, {-60, -60});
  ASSERT_TRUE(tiles);
  ASSERT_TRUE(world.add_layer(LayerDef{*tiles}));
  Recorder layered;
  layered.flags = kDrawStaticLayers | kDrawTileChains;
  draw_world(layered, world);
  EXPECT_EQ(layered.segments, int(tiles->edges().size()));
  EXPECT_EQ(layered.circles, 0);
  Recorder none;
  none.flags = 0;
  draw_world(none, world);
  EXPECT_EQ(none.circles + none.polygons + none.segments, 0);
}

TEST(DebugDraw, ChainDrawsItsEdgesAndFrontNormals) {
  const Vec2 pts[] = {{0, 0}, {4, 0}, {4, 3}, {1, 5}};
  for (bool closed : {false, true}) {
    const auto chain = Chain::make(pts, closed, /*one_sided=*/true);
    ASSERT_TRUE(chain);
    Recorder rec;
    rec.flags = kDrawWalls | kDrawNormals;
    DrawPalette pal;
    pal.normal_length = Real(0.5);
    draw_chain(rec, *chain, pal);
    const std::size_t n = chain->edges().size();
    ASSERT_EQ(n, closed ? 4u : 3u);
    ASSERT_EQ(rec.outline.size(), 2 * n);  // per edge: the edge, then its normal
    for (std::size_t i = 0; i < n; ++i) {
      const Seg& e = rec.outline[2 * i];
      EXPECT_EQ(e.a, pts[i]);
      EXPECT_EQ(e.b, pts[(i + 1) % 4]);
      // The normal starts at the edge's middle and points to its right (the front side).
      const Seg& nrm = rec.outline[2 * i + 1];
      EXPECT_NEAR(double(length(nrm.a - (e.a + e.b) * Real(0.5))), 0.0, 1e-5);
      EXPECT_LT(double(cross(e.b - e.a, nrm.b - nrm.a)), 0.0);
      EXPECT_NEAR(double(length(nrm.b - nrm.a)), 0.5, 1e-5);
    }
  }
}
