// Chained-move soak (issues 11 and 12): each output of the one mover is fed back as the next
// input, in a tile world in Tiled pixels far from the origin (one-sided merged tile edges,
// one-tile corridors narrower than two bodies, wedges of rotated boxes and triangles, props
// of every shape, coast rings of arcs), with long and short steps, sliding and bouncing.
// Counted against brute force, all must be 0:
//  - too deep: an end overlapping an obstacle by more than the skin (exact overlap tests);
//  - frozen: a body that does not move although a direction is free (the straight path of a
//    short probe sampled with exact overlap tests) and the mover does not take it;
//  - region changes: the body's centre leaves the connected free cells it was in, or crosses
//    a coast ring (passing through).
// COLLIDE2D_SOAK_BODIES and COLLIDE2D_SOAK_STEPS scale it.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>

#include "collide2d/motion.hpp"

using namespace collide2d;

namespace {

int env_int(const char* name, int fallback) {
  const char* s = std::getenv(name);
  if (!s || !*s) return fallback;
  const long v = std::strtol(s, nullptr, 10);
  return v > 0 ? int(v) : fallback;
}

Aabb grown_box(Aabb b, Real g) { return {b.min - Vec2{g, g}, b.max + Vec2{g, g}}; }

constexpr int kW = 40, kH = 30;
constexpr Real kTile = 32;
const Vec2 kOrigin{1000, 800};  // far from the origin: float rounding of Tiled maps

struct World {
  std::vector<int> solid;  // kW * kH
  std::vector<int> comp;   // connected free component per cell (-1 solid)
  std::vector<Shape> props;
  std::vector<Obstacle> obstacles;  // edges, props, arcs
  std::vector<Arc> rings;           // coast rings: (centre, radius) of full arcs

  bool is_solid(int x, int y) const {
    if (x < 0 || y < 0 || x >= kW || y >= kH) return true;
    return solid[std::size_t(y * kW + x)] != 0;
  }
  Vec2 corner(int x, int y) const { return kOrigin + Vec2{Real(x) * kTile, Real(y) * kTile}; }
  int cell_comp(Vec2 p) const {
    const int x = int(std::floor((p.x - kOrigin.x) / kTile)), y = int(std::floor((p.y - kOrigin.y) / kTile));
    if (x < 0 || y < 0 || x >= kW || y >= kH) return -2;
    return comp[std::size_t(y * kW + x)];
  }
  /// Which side of each ring the point is on (bit set: inside).
  unsigned ring_sides(Vec2 p) const {
    unsigned m = 0;
    for (std::size_t i = 0; i < rings.size(); ++i)
      if (length(p - rings[i].center) < rings[i].radius) m |= 1u << i;
    return m;
  }
};

World make_world(std::mt19937& g) {
  auto u = [&](Real lo, Real hi) { return lo + (hi - lo) * Real(double(g()) / 4294967296.0); };
  World w;
  w.solid.assign(kW * kH, 0);
  for (int x = 0; x < kW; ++x) w.solid[std::size_t(x)] = w.solid[std::size_t((kH - 1) * kW + x)] = 1;
  for (int y = 0; y < kH; ++y) w.solid[std::size_t(y * kW)] = w.solid[std::size_t(y * kW + kW - 1)] = 1;
  // Walls with one-tile doors: rooms joined by narrow corridors.
  for (int x = 8; x < kW - 1; x += 8)
    for (int y = 1; y < kH - 1; ++y)
      if (y % 10 != 5) w.solid[std::size_t(y * kW + x)] = 1;
  for (int y = 10; y < kH - 1; y += 10)
    for (int x = 1; x < kW - 1; ++x)
      if (x % 8 != 4) w.solid[std::size_t(y * kW + x)] = 1;
  // A sealed room (its own region) and scattered pillars and diagonal pinches.
  for (int k = 0; k < 40; ++k) {
    const int x = 1 + int(u(0, kW - 2)), y = 1 + int(u(0, kH - 2));
    if (x % 8 == 4 || y % 10 == 5) continue;  // keep the doors open
    w.solid[std::size_t(y * kW + x)] = 1;
  }
  // Components of the free cells.
  w.comp.assign(kW * kH, -1);
  int next = 0;
  for (int i = 0; i < kW * kH; ++i) {
    if (w.solid[std::size_t(i)] || w.comp[std::size_t(i)] >= 0) continue;
    std::vector<int> stack{i};
    w.comp[std::size_t(i)] = next;
    while (!stack.empty()) {
      const int c = stack.back();
      stack.pop_back();
      const int cx = c % kW, cy = c / kW;
      const int nb[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
      for (const auto& d : nb) {
        const int nx = cx + d[0], ny = cy + d[1];
        if (w.is_solid(nx, ny)) continue;
        const int j = ny * kW + nx;
        if (w.comp[std::size_t(j)] < 0) w.comp[std::size_t(j)] = next, stack.push_back(j);
      }
    }
    ++next;
  }
  // Merged one-sided edges: each maximal run of solid cell sides facing a free cell.
  auto add_edge = [&](Vec2 a, Vec2 b) {
    WallEdge e = make_edge(a, b);
    e.one_sided = true;
    w.obstacles.push_back(edge_obstacle(e, 1, std::uint32_t(w.obstacles.size())));
  };
  for (int y = 0; y <= kH; ++y) {  // horizontal sides between rows y-1 and y
    for (int dir = 0; dir < 2; ++dir) {
      int run = -1;
      for (int x = 0; x <= kW; ++x) {
        // dir 0: solid below (y-1), free above (y): front up; dir 1: the other way round.
        const bool side = x < kW && (dir == 0 ? (w.is_solid(x, y - 1) && !w.is_solid(x, y))
                                              : (!w.is_solid(x, y - 1) && w.is_solid(x, y)));
        if (side && run < 0) run = x;
        if (!side && run >= 0) {
          if (dir == 0) add_edge(w.corner(x, y), w.corner(run, y));  // right to left: front up
          else add_edge(w.corner(run, y), w.corner(x, y));            // left to right: front down
          run = -1;
        }
      }
    }
  }
  for (int x = 0; x <= kW; ++x) {  // vertical sides between columns x-1 and x
    for (int dir = 0; dir < 2; ++dir) {
      int run = -1;
      for (int y = 0; y <= kH; ++y) {
        const bool side = y < kH && (dir == 0 ? (w.is_solid(x - 1, y) && !w.is_solid(x, y))
                                              : (!w.is_solid(x - 1, y) && w.is_solid(x, y)));
        if (side && run < 0) run = y;
        if (!side && run >= 0) {
          if (dir == 0) add_edge(w.corner(x, run), w.corner(x, y));  // upwards: front +x
          else add_edge(w.corner(x, y), w.corner(x, run));           // downwards: front -x
          run = -1;
        }
      }
    }
  }
  // Props of every shape in free cells, and wedges (two boxes leaning together).
  for (int k = 0; k < 120; ++k) {
    const int x = 1 + int(u(0, kW - 2)), y = 1 + int(u(0, kH - 2));
    if (w.is_solid(x, y)) continue;
    const Vec2 c = w.corner(x, y) + Vec2{u(8, 24), u(8, 24)};
    switch (k % 6) {
      case 0: w.props.push_back(Circle{c, u(3, 10)}); break;
      case 1: w.props.push_back(Box(c, {u(3, 12), u(2, 6)}, u(0, 3))); break;
      case 2: w.props.push_back(Capsule{c, c + Vec2{u(-14, 14), u(-14, 14)}, u(1, 5)}); break;
      case 3: w.props.push_back(Aabb{c - Vec2{u(2, 8), u(2, 8)}, c + Vec2{u(2, 8), u(2, 8)}}); break;
      case 4: {
        const Vec2 v[3] = {c + Vec2{-10, -8}, c + Vec2{10, -8}, c + Vec2{u(-8, 8), 9}};
        if (auto p = make_polygon(v, u(0, 1) < Real(0.5) ? u(0, 2) : Real(0))) w.props.push_back(*p);
        break;
      }
      default: {  // a wedge: two thin boxes meeting at a sharp angle
        const Real a = u(0, 2 * kPi), h = u(Real(0.15), Real(0.5));
        const Vec2 d1{std::cos(a + h), std::sin(a + h)}, d2{std::cos(a - h), std::sin(a - h)};
        w.props.push_back(Box(c + d1 * 12, {12, 1}, a + h));
        w.props.push_back(Box(c + d2 * 12, {12, 1}, a - h));
        w.props.push_back(Segment{c + d1 * 20 + d2 * 3, c + d2 * 20 + d1 * 3});
      }
    }
  }
  for (const Shape& p : w.props) w.obstacles.push_back(shape_obstacle(p, 2, std::uint32_t(&p - &w.props[0])));
  // Two coast rings in open rooms (circles of arcs: no body crosses them).
  w.rings = {Arc(w.corner(20, 15) + Vec2{0, 8}, 40, 0, 2 * kPi), Arc(w.corner(28, 24), 50, Real(0.3), 2 * kPi)};
  for (const Arc& a : w.rings)
    for (int q = 0; q < 3; ++q)
      w.obstacles.push_back(arc_obstacle(Arc(a.center, a.radius, a.start + Real(q) * 2 * kPi / 3, 2 * kPi / 3), 3));
  return w;
}

/// The depth by which a body overlaps an obstacle (<= 0: free), by the obstacle's rules.
Real depth_in(const Shape& body, const Obstacle& o) {
  switch (o.kind) {
    case ObstacleKind::shape:
      if (!overlaps(body, *o.shape)) return -1;
      return contact(body, *o.shape).depth;
    case ObstacleKind::edge: {
      const Segment s{o.edge.a, o.edge.b};
      if (!overlaps(body, Shape(s))) return -1;
      const Vec2 c = bounds(body).center();
      if (o.edge.one_sided && dot(c - o.edge.a, o.edge.normal) <= 0) return -1;  // behind: a region change
      return contact(body, Shape(s)).depth;
    }
    case ObstacleKind::arc: {
      // The mover meets arcs with the body's disk: a circle itself, else its box's circle.
      const Aabb b = bounds(body);
      const Circle* c = std::get_if<Circle>(&body);
      const Real r = c ? c->radius : length(b.max - b.min) / 2;
      const Real d = distance(o.arc, c ? c->center : b.center());
      return r - d;
    }
  }
  return -1;
}

}  // namespace

TEST(ChainedSoak, OutputsAreValidInputsNothingFreezesNothingPassesThrough) {
  const int bodies = env_int("COLLIDE2D_SOAK_BODIES", 160);
  const int steps = env_int("COLLIDE2D_SOAK_STEPS", 300);
  std::mt19937 g(2026);
  auto u = [&](Real lo, Real hi) { return lo + (hi - lo) * Real(double(g()) / 4294967296.0); };
  const World w = make_world(g);

  auto nearby = [&](Aabb region, std::vector<Obstacle>& out) {
    out.clear();
    for (const Obstacle& o : w.obstacles)
      if (region.overlaps(bounds(o))) out.push_back(o);
  };
  auto deepest = [&](const Shape& body, const std::vector<Obstacle>& obs) {
    Real d = -1;
    for (const Obstacle& o : obs) d = std::max(d, depth_in(body, o));
    return d;
  };

  struct Body {
    Shape shape;
    Vec2 velocity;
    MoveOptions options;
  };
  std::vector<Body> all;
  std::vector<Obstacle> obs;
  while (int(all.size()) < bodies) {
    const Vec2 c = kOrigin + Vec2{u(kTile, (kW - 1) * kTile), u(kTile, (kH - 1) * kTile)};
    const Real r = u(2, Real(15.5));  // up to nearly half a tile: corridors are narrow
    Shape s;
    switch (all.size() % 5) {
      case 3: s = Box(c, {r * Real(0.8), r * Real(0.6)}, u(0, 3)); break;
      case 4: s = Capsule{c - Vec2{r / 2, 0}, c + Vec2{r / 2, 0}, r / 2}; break;
      default: s = Circle{c, r};
    }
    if (w.cell_comp(c) < 0) continue;
    nearby(grown_box(bounds(s), 2 * r), obs);
    if (deepest(s, obs) >= 0) continue;
    Body b{s, {}, {}};
    const Real speed = u(0, 1) < Real(0.3) ? u(Real(0.2), 2) : u(5, 200);  // short and long steps
    const Real a = u(0, 2 * kPi);
    b.velocity = {speed * std::cos(a), speed * std::sin(a)};
    if (all.size() % 3 == 2) {
      b.options.response = Response::bounce;
      b.options.restitution = u(Real(0.3), 1);
    }
    all.push_back(b);
  }

  long moves = 0, too_deep = 0, frozen = 0, region_changes = 0, probes = 0, contacts = 0;
  double worst = 0;
  MoveResult r;  // reused: the allocation-free overload
  for (int s = 0; s < steps; ++s) {
    for (Body& b : all) {
      const Vec2 c0 = bounds(b.shape).center();
      const int comp0 = w.cell_comp(c0);
      const unsigned ring0 = w.ring_sides(c0);
      nearby(move_region(b.shape, b.velocity, b.options), obs);
      move(b.shape, b.velocity, obs, b.options, r);
      ++moves;
      contacts += long(r.contacts.size());
      const Shape end = r.shape;
      const Vec2 c1 = bounds(end).center();
      if (w.cell_comp(c1) != comp0 || w.ring_sides(c1) != ring0) ++region_changes;
      const Real tol = move_skin(end, {}, b.options);
      nearby(grown_box(bounds(end), length(bounds(end).max - bounds(end).min)), obs);
      const Real deep = deepest(end, obs);
      worst = std::max(worst, double(deep));
      if (deep > tol) ++too_deep;
      // Stalled: is some direction free? Probe 16 directions a quarter radius long.
      if (length(r.translation) < Real(1e-3) * length(b.velocity)) {
        const Aabb bb = bounds(end);
        const Real probe = std::min(bb.max.x - bb.min.x, bb.max.y - bb.min.y) / 8;
        nearby(grown_box(bb, 2 * probe), obs);
        for (int k = 0; k < 16; ++k) {
          const Real a = Real(k) * kPi / 8;
          const Vec2 d{probe * std::cos(a), probe * std::sin(a)};
          bool free = true;
          for (int j = 1; j <= 16 && free; ++j) free = deepest(translated(end, d * (Real(j) / 16)), obs) < 0;
          if (!free) continue;
          ++probes;
          const MoveResult m = move(end, d, obs, b.options);
          if (dot(m.translation, d) < Real(0.5) * probe * probe) {
            ++frozen;
            break;
          }
        }
      }
      b.shape = end;
      if (b.options.response == Response::bounce) b.velocity = r.displacement;
      else if (r.displacement == Vec2{} || u(0, 1) < Real(0.05)) {
        const Real speed = u(0, 1) < Real(0.3) ? u(Real(0.2), 2) : u(5, 200);
        const Real a = u(0, 2 * kPi);
        b.velocity = {speed * std::cos(a), speed * std::sin(a)};
      }
      if (length(b.velocity) < Real(0.05)) b.velocity = {40, 25};  // bounced to rest: kick it
    }
  }
  std::printf("chained soak (%s): %d bodies x %d steps = %ld moves, %ld contacts, %ld stalled probes, "
              "frozen %ld, too deep %ld (deepest %.2e), region changes %ld\n",
              sizeof(Real) == 8 ? "double" : "float", bodies, steps, moves, contacts, probes, frozen,
              too_deep, worst, region_changes);
  EXPECT_EQ(frozen, 0);
  EXPECT_EQ(too_deep, 0);
  EXPECT_EQ(region_changes, 0);
  EXPECT_GT(contacts, moves / 10);
}
