// A body driven into a concave corner of a chain (a tile map's inner corner: a wall and a
// floor meeting at a vertex, each edge knowing the other as its ghost neighbour) stays out of
// both walls. The body is a polygon whose corner vertex has a face nearly parallel to the
// floor: after sliding down the wall a skin away, that vertex meets the floor within rounding
// of the floor's end vertex, where any normal between the floor's and the body's own face
// separates them; the floor must still stop it (the ghost rule once dropped that contact and
// the body slid 6.45 px into a Tiled wall: fermi.tmx, conformance move corner/tiled, double).
// Checked in long double against the corner's own geometry.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <random>
#include <vector>

#include "collide2d/motion.hpp"

using namespace collide2d;

namespace {

using LD = long double;

/// The inner corner at c: the free quadrant is spanned by u (along the floor) and w (up the
/// wall, u turned counter-clockwise); one-sided edges, each the other's ghost neighbour.
std::vector<Obstacle> corner(Vec2 c, Vec2 u, Real len) {
  const Vec2 w{-u.y, u.x};
  const Vec2 floor_end = c + u * len, wall_end = c + w * len;
  WallEdge floor_edge = make_edge(floor_end, c);  // front: w
  WallEdge wall_edge = make_edge(c, wall_end);    // front: u
  floor_edge.normal = w, wall_edge.normal = u;
  floor_edge.one_sided = wall_edge.one_sided = true;
  floor_edge.has_next = true, floor_edge.next = wall_end;
  wall_edge.has_prev = true, wall_edge.prev = floor_end;
  // the walls beyond: the floor's and the wall's far neighbours continue straight
  floor_edge.has_prev = true, floor_edge.prev = floor_end + u * len;
  wall_edge.has_next = true, wall_edge.next = wall_end + w * len;
  return {edge_obstacle(floor_edge, 1, 0), edge_obstacle(wall_edge, 1, 1)};
}

/// How deep (long double, >= 0) the polygon's vertices are behind the corner's two walls.
LD depth_behind(const Polygon& p, Vec2 c, Vec2 u) {
  const LD ux = u.x, uy = u.y;
  LD deepest = 0;
  for (int i = 0; i < p.count(); ++i) {
    const Vec2 v = p.vertex(i);
    const LD rx = LD(v.x) - c.x, ry = LD(v.y) - c.y;
    const LD along = rx * ux + ry * uy, up = -rx * uy + ry * ux;
    deepest = std::max({deepest, -along, -up});
  }
  return deepest;
}

struct Case {
  Polygon body;
  Vec2 d, c, u;
};

/// The fermi.tmx case: wall x = 768 (free to its right), floor y = 1280 (free above, y down).
TEST(ConcaveCorner, TiledFermiCase) {
  const std::vector<Vec2> pts{{Real(779.8812235393938), Real(1274.7094881166056)},
                              {Real(781.9093046178999), Real(1270.437780571266)},
                              {Real(785.7695155634555), Real(1270.0998242391004)},
                              {Real(786.3356804141159), Real(1273.5847932408496)},
                              {Real(783.223553963411), Real(1274.1549307530486)}};
  const Polygon body = *make_polygon(pts);
  const Vec2 c{768, 1280}, u{1, 0};
  // (u = +x, free side -y: the corner's "up" is -y in the map's y-down frame)
  std::vector<Obstacle> obs;
  {
    WallEdge floor_edge = make_edge({768, 1280}, {1280, 1280});
    floor_edge.normal = {0, -1}, floor_edge.one_sided = true;
    floor_edge.has_prev = true, floor_edge.prev = {768, 640};
    floor_edge.has_next = true, floor_edge.next = {1280, 640};
    WallEdge wall_edge = make_edge({768, 640}, {768, 1280});
    wall_edge.normal = {1, 0}, wall_edge.one_sided = true;
    wall_edge.has_prev = true, wall_edge.prev = {928, 640};
    wall_edge.has_next = true, wall_edge.next = {1280, 1280};
    obs = {edge_obstacle(floor_edge, 1, 0), edge_obstacle(wall_edge, 1, 1)};
  }
  const Vec2 d{Real(-32.41750354186523), Real(14.289343275584972)};
  const MoveResult r = move(Shape(body), d, obs);
  const Polygon& end = std::get<Polygon>(r.shape);
  LD deepest = 0;
  for (int i = 0; i < end.count(); ++i) {
    const Vec2 v = end.vertex(i);
    deepest = std::max({deepest, LD(c.x) - v.x, LD(v.y) - c.y});
  }
  EXPECT_LE(deepest, LD(move_skin(Shape(body), d)) * 4) << "ends inside the wall";
  EXPECT_TRUE(r.blocked);  // the corner takes the motion whole
  (void)u;
}

/// Random corners (any orientation, up to 2,000 units from the origin), bodies whose corner
/// vertex has a face 1e-4 to 0.3 rad off the floor, driven into the wall first and then down
/// it into the corner: none ends behind either wall by more than its skin.
TEST(ConcaveCorner, NearlyParallelFaceIntoCorner) {
  std::mt19937_64 rng(20261126);
  std::uniform_real_distribution<double> U(0, 1);
  int cases = 0, failures = 0;
  LD worst = 0;
  for (int k = 0; k < 3000; ++k) {
    const double size = std::pow(10.0, -1 + 3 * U(rng));  // 0.1 .. 100
    const double alpha = std::pow(10.0, -4 + 3.5 * U(rng));
    const double beta = 0.05 + 1.0 * U(rng);
    if (alpha + beta > 1.5) continue;
    const double l1 = size * (0.3 + U(rng)), l2 = size * (0.3 + U(rng));
    // body in the corner's frame, its corner vertex at the origin
    const double lx[4] = {0, l1 * std::cos(alpha), l1 * std::cos(alpha) + l2 * std::sin(beta), l2 * std::sin(beta)};
    const double ly[4] = {0, l1 * std::sin(alpha), l1 * std::sin(alpha) + l2 * std::cos(beta), l2 * std::cos(beta)};
    const double x0 = size * (0.2 + 2 * U(rng)), y0 = size * (0.2 + 2 * U(rng));
    // reaches the wall (x = 0) first, then has at least half its way down left
    const double tx = 1.2 + U(rng);
    const double dx = -x0 * tx, dy = -y0 * (1 + (tx - 1) * (0.05 + 0.9 * U(rng)));
    const double theta = (k % 4) * (3.14159265358979323846 / 2) + (k % 8 < 4 ? 0 : 2 * 3.14159265358979323846 * U(rng));
    const double ct = std::cos(theta), st = std::sin(theta);
    const double off = (k % 3 == 0) ? 0 : 2000 * U(rng);
    const double cx = off * std::cos(7 * theta + 1), cy = off * std::sin(5 * theta + 2);
    auto world = [&](double x, double y) { return Vec2(Real(cx + ct * x - st * y), Real(cy + st * x + ct * y)); };
    std::vector<Vec2> pts;
    for (int i = 0; i < 4; ++i) pts.push_back(world(x0 + lx[i], y0 + ly[i]));
    const std::optional<Polygon> body = make_polygon(pts);
    if (!body) continue;
    const Vec2 c = world(0, 0);
    const Vec2 u{Real(ct), Real(st)};
    const Vec2 d{Real(ct * dx - st * dy), Real(st * dx + ct * dy)};
    const std::vector<Obstacle> obs = corner(c, u, Real(size * 50));
    const MoveResult r = move(Shape(*body), d, obs);
    const LD skin = move_skin(Shape(*body), d);
    // the corner's own walls are rounded to the scalar: allow their rounding too
    const LD allow = 2 * skin + LD(4) * std::numeric_limits<Real>::epsilon() * (std::fabs(cx) + std::fabs(cy) + size * 60);
    const LD depth = depth_behind(std::get<Polygon>(r.shape), c, u);
    ++cases;
    worst = std::max(worst, depth / allow);
    if (depth > allow) {
      if (++failures <= 5)
        ADD_FAILURE() << "case " << k << ": ends " << double(depth) << " behind the corner's walls (allowed "
                      << double(allow) << "), alpha " << alpha << ", size " << size << ", offset " << off;
    }
  }
  EXPECT_GE(cases, 1500);
  EXPECT_EQ(failures, 0) << "of " << cases << " cases";
  std::printf("concave corner: %d cases, worst depth %.3g of the allowance\n", cases, double(worst));
}

}  // namespace
