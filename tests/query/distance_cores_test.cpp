// collide2d - 2D collision detection for games. MIT License.
// distance between the polygon-like shapes (aabb, box, capsule, segment, polygon, every ordered
// pair) against a brute-force long double answer: the convex hulls of the reference's core
// points, 0 where one holds a vertex of the other or their edges cross, else the least
// vertex - edge distance, less the radii. The tolerance is a few dozen ulps of the shapes'
// size and offset (far tighter than the property tests'), so that a path that proves the cores
// apart, or prunes vertices and edges, by a rounded bound it does not honour shows here. The
// cases: the property tests' families (general, near-touching, containment, degenerate, far
// from the origin) over several seeds, and aabbs beside aabbs, axis-aligned polygons, segments
// and capsules with parallel facing sides at gaps of 0, one ulp, 1e-6 and 1e-3, both orders.

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "collide2d/query.hpp"
#include "query/pair_cases.hpp"

namespace {

using namespace ref;

// Convex hull (counter-clockwise, no collinear points) of pts; one or two points stay as they are.
std::vector<V> hull_of(std::vector<V> pts) {
  std::sort(pts.begin(), pts.end(), [](V a, V b) { return a.x < b.x || (a.x == b.x && a.y < b.y); });
  pts.erase(std::unique(pts.begin(), pts.end(), [](V a, V b) { return a.x == b.x && a.y == b.y; }), pts.end());
  if (pts.size() < 3) return pts;
  std::vector<V> h(2 * pts.size());
  size_t k = 0;
  for (int pass = 0; pass < 2; ++pass) {
    const size_t start = k;
    for (size_t i = 0; i < pts.size(); ++i) {
      V p = pass == 0 ? pts[i] : pts[pts.size() - 1 - i];
      while (k >= start + 2 && cross(h[k - 1] - h[k - 2], p - h[k - 2]) <= 0) --k;
      h[k++] = p;
    }
    --k;
  }
  h.resize(k);
  return h.size() < 2 ? std::vector<V>{pts.front(), pts.back()} : h;
}

// The edges of a hull as segments (a point: one degenerate segment; two points: one segment).
std::vector<std::pair<V, V>> edges_of(const std::vector<V>& h) {
  if (h.size() <= 2) return {{h.front(), h.back()}};
  std::vector<std::pair<V, V>> e;
  for (size_t i = 0; i < h.size(); ++i) e.push_back({h[i], h[(i + 1) % h.size()]});
  return e;
}

bool holds(const std::vector<V>& h, V p) {  // p in the closed counter-clockwise hull (>= 3 points)
  if (h.size() < 3) return false;
  for (size_t i = 0; i < h.size(); ++i)
    if (cross(h[(i + 1) % h.size()] - h[i], p - h[i]) < 0) return false;
  return true;
}

bool cross_proper(std::pair<V, V> s, std::pair<V, V> t) {
  auto side = [](V a, V b, V p) { LD c = cross(b - a, p - a); return (c > 0) - (c < 0); };
  return side(s.first, s.second, t.first) * side(s.first, s.second, t.second) < 0 &&
         side(t.first, t.second, s.first) * side(t.first, t.second, s.second) < 0;
}

// Distance between the convex hulls of two point sets.
LD core_distance(const std::vector<V>& pa, const std::vector<V>& pb) {
  const std::vector<V> a = hull_of(pa), b = hull_of(pb);
  if (holds(a, b[0]) || holds(b, a[0])) return 0;
  LD best = kInf;
  for (auto s : edges_of(a))
    for (auto t : edges_of(b)) {
      if (cross_proper(s, t)) return 0;
      best = std::min({best, seg_dist(s.first, t.first, t.second), seg_dist(s.second, t.first, t.second),
                       seg_dist(t.first, s.first, s.second), seg_dist(t.second, s.first, s.second)});
    }
  return best;
}

void check(const Case& a, const Case& b) {
  const Piece &A = a.ref.pieces[0], &B = b.ref.pieces[0];
  const LD want = std::max(LD(0), core_distance(A.pts, B.pts) - A.r - B.r);
  const LD tol = 64 * LD(std::numeric_limits<Real>::epsilon()) *
                 (1 + std::max(a.ref.size(), b.ref.size()) + std::max(a.ref.offset(), b.ref.offset()));
  const collide2d::DistanceResult d = collide2d::distance(a.shape, b.shape);
  SCOPED_TRACE(a.text + " - " + b.text + "  brute force " + fmt(want) + " tol " + fmt(tol));
  EXPECT_NEAR(LD(d.distance), want, tol) << "distance";
  // (Cores given by exact float corners: a box's corners round, the others' do not.)
  if (want == 0 && A.r == 0 && B.r == 0 && a.ref.kind != kBox && b.ref.kind != kBox) {
    EXPECT_EQ(d.distance, 0) << "cores meet, distance not 0";
  }
  EXPECT_NEAR(len(toV(d.point_b) - toV(d.point_a)), LD(d.distance), tol) << "|point_b - point_a|";
  EXPECT_LE(a.ref.pdist(toV(d.point_a)), tol) << "point_a not in a";
  EXPECT_LE(b.ref.pdist(toV(d.point_b)), tol) << "point_b not in b";
}

constexpr int kKinds[] = {kAabb, kBox, kCapsule, kSegment, kPolygon};

TEST(DistanceCores, RandomFamiliesAgainstBruteForce) {
  int n = 0;
  for (int ka : kKinds)
    for (int kb : kKinds)
      for (std::uint64_t seed = 1; seed <= 6; ++seed)
        for (const PairCase& c : make_pair_cases(ka, kb, seed)) {
          check(c.a, c.b);
          ++n;
        }
  EXPECT_GT(n, 10000);
}

// Facing sides parallel (the ties between vertex - edge pairs) at exact gaps, touching at 0.
TEST(DistanceCores, ParallelSidesAtExactGaps) {
  const Real x1 = 1;
  const Real gaps[] = {0, std::nextafter(x1, Real(2)) - x1, Real(1e-6), Real(1e-3)};
  for (Real g : gaps) {
    const LD x = LD(x1 + g);
    const Case a = mk_aabb({-1, -0.5L}, {LD(x1), 0.75L});
    std::vector<Case> others = {mk_aabb({x, -1}, {x + 2, 0.25L}), mk_segment({x, -2}, {x, 2}),
                                mk_segment({x, 0.5L}, {x, 0.5L}), mk_capsule({x + 0.25L, -1}, {x + 0.25L, 1}, 0.25L),
                                mk_aabb({x, 0.75L}, {x, 0.75L}), mk_box({x + 0.5L, 0}, {0.5L, 0.5L}, 0)};
    if (auto p = mk_polygon({{x, -0.5L}, {x + 1, -0.75L}, {x + 1.5L, 0}, {x + 1, 1}, {x, 0.75L}}, 0)) others.push_back(*p);
    for (const Case& b : others) {
      check(a, b);
      check(b, a);
    }
  }
}

// A segment or capsule core through a polygon with neither end in it (the cores cross without a
// vertex of either in the other: the clipped crossing), at random angles and offsets, and
// segments that only graze a polygon's corner or pass just beside it; both orders.
TEST(DistanceCores, SegmentThroughPolygonWithNoEndInside) {
  Rng g(33);
  int crossing = 0;
  for (int k = 0; k < 3000; ++k) {
    const V c{uni(g, -50, 50), uni(g, -50, 50)};
    const LD size = uni(g, 0.5L, 3);
    auto p = mk_polygon(random_convex_points(g, c, size), uni_int(g, 0, 2) == 0 ? 0.25L : 0);
    if (!p) continue;
    // A line through a point near the polygon's middle (or near its rim), ends well outside.
    const LD t = uni(g, 0, 2 * kPiL), s = uni_int(g, 0, 3) == 0 ? uni(g, 0.9L, 1.1L) : uni(g, 0, 0.5L);
    const V m{c.x + std::cos(t) * size * s, c.y + std::sin(t) * size * s};
    const LD u = uni(g, 0, 2 * kPiL), len = 3 * size;
    const V d{std::cos(u) * len, std::sin(u) * len};
    const V a{m.x - d.x, m.y - d.y}, b{m.x + d.x, m.y + d.y};
    const Case seg = uni_int(g, 0, 1) == 0 ? mk_segment(a, b) : mk_capsule(a, b, uni(g, 0.01L, 0.3L));
    check(seg, *p);
    check(*p, seg);
    crossing += s < 0.5L;
  }
  EXPECT_GT(crossing, 1500);
}

// A vertex above the apex of a shallow roof: equally near to both roof sides (a tie between two
// edges of one core, at different points), and the same with a polygon, box and aabb above.
TEST(DistanceCores, VertexAboveASymmetricRoof) {
  for (LD h : {0.0L, 1e-6L, 0.01L, 0.5L}) {
    for (LD off : {0.0L, 1000.0L}) {
      auto roof = mk_polygon({{off - 4, -1}, {off + 4, -1}, {off + 4, 0}, {off, 0.5L}, {off - 4, 0}}, 0);
      ASSERT_TRUE(roof);
      const LD y = 0.5L + h;
      std::vector<Case> others = {mk_segment({off, y}, {off, y + 1}), mk_capsule({off, y + 0.25L}, {off, y + 2}, 0.25L),
                                  mk_box({off, y + 1}, {0.70710678L, 0.70710678L}, kPiL / 4)};
      if (auto q = mk_polygon({{off, y}, {off + 1, y + 1}, {off, y + 2}, {off - 1, y + 1}}, 0)) others.push_back(*q);
      for (const Case& o : others) {
        check(*roof, o);
        check(o, *roof);
      }
    }
  }
}

}  // namespace
