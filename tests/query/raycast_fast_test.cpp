// collide2d - 2D collision detection for games. MIT License.
// The fast ray casts (the polygon clip in float, Box2D's form, with the exact orientation only
// at the side that decides): the origin's inside test stays exact (boundary origins, origins a few
// ulps either side of an edge, polygons moved and posed far from the coordinates' origin,
// against long double orientations), and the hits agree with a long double clip of the same
// stored vertices (hit or miss, distance, the side entered), max_distance included.

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <limits>
#include <random>
#include <vector>

#include "collide2d/query.hpp"
#include "query/reference.hpp"

namespace {

using namespace collide2d;
using ref::LD;
using ref::V;

struct Rand {
  std::mt19937 rng;
  explicit Rand(unsigned seed) : rng(seed) {}
  Real uni(LD lo, LD hi) { return Real(std::uniform_real_distribution<LD>(lo, hi)(rng)); }
  Vec2 dir() {
    const V d = ref::unit_at(uni(-3.2, 3.2));
    return ref::toR(d * LD(uni(0.1, 10)));  // any length: the cast normalises it
  }
};

/// A convex 3..12-gon about the origin (some thin), then moved (translate: its offset) or posed
/// (set_pose: rebuilt vertices) to `at`.
Polygon random_polygon(Rand& g, int shape, Vec2 at) {
  const int n = 3 + shape % 10;
  const Real squash = shape % 3 == 0 ? g.uni(0.02, 0.1) : g.uni(0.6, 1);
  const V r = ref::unit_at(g.uni(-3.1, 3.1));
  std::vector<Vec2> pts;
  for (int i = 0; i < n; ++i) {
    const LD a = (i + g.uni(-0.3, 0.3)) * 2 * ref::kPiL / n;
    const V q{std::cos(a), std::sin(a) * LD(squash)};
    pts.push_back(ref::toR({q.x * r.x - q.y * r.y, q.x * r.y + q.y * r.x}));
  }
  auto made = make_polygon(pts);
  EXPECT_TRUE(made.has_value());
  Polygon poly = *made;
  if (shape % 2 == 0) poly.translate(at);
  else poly.set_pose(*made, {0, 0}, at, Rot::from_angle(g.uni(-3, 3)));
  return poly;
}

/// Whether p lies in the closed polygon by long double orientations (exact for float input;
/// `decided` false when a double's orientation is within long double rounding of 0).
bool inside_ref(const Polygon& poly, Vec2 p, bool* decided) {
  constexpr bool kExactRef = sizeof(Real) == 4;
  bool in = true;
  *decided = true;
  const int n = poly.count();
  for (int i = 0; i < n; ++i) {
    const V a = ref::toV(poly.vertex(i)), b = ref::toV(poly.vertex((i + 1) % n)), q = ref::toV(p);
    const LD l = (b.x - a.x) * (q.y - a.y), r = (b.y - a.y) * (q.x - a.x), o = l - r;
    if (!kExactRef && std::fabs(o) <= 1e-17L * (std::fabs(l) + std::fabs(r))) *decided = false;
    if (o < 0) in = false;
  }
  return in;
}

/// Where case i is placed: about the coordinates' origin, a few units away, or `far` away.
Vec2 place(Rand& g, int i, Real far) {
  const Real reach = i % 3 == 0 ? Real(0) : (i % 3 == 1 ? Real(8) : far);
  return {g.uni(-1, 1) * reach, g.uni(-1, 1) * reach};
}

Vec2 nudge(Vec2 q, int ux, int uy) {
  for (int j = 0; j < std::abs(ux); ++j) q.x = std::nextafter(q.x, ux > 0 ? Real(1e30) : Real(-1e30));
  for (int j = 0; j < std::abs(uy); ++j) q.y = std::nextafter(q.y, uy > 0 ? Real(1e30) : Real(-1e30));
  return q;
}

TEST(RaycastFast, PolygonOriginInsideIsExact) {
  Rand g(4242);
  int checked = 0, inside = 0, outside = 0;
  for (int shape = 0; shape < 300; ++shape) {
    const Vec2 at = place(g, shape, 3000);
    const Polygon poly = random_polygon(g, shape, at);
    const int n = poly.count();
    std::vector<Vec2> probes;
    for (int i = 0; i < n; ++i) {
      const Vec2 a = poly.vertex(i), b = poly.vertex((i + 1) % n);
      probes.push_back(a);
      for (int k = 0; k < 4; ++k) {
        const Vec2 q = a + (b - a) * g.uni(0, 1);
        probes.push_back(nudge(q, int(g.rng() % 7) - 3, int(g.rng() % 7) - 3));
      }
      probes.push_back(nudge(a, int(g.rng() % 5) - 2, int(g.rng() % 5) - 2));
    }
    for (Vec2 p : probes) {
      bool decided;
      const bool in = inside_ref(poly, p, &decided);
      if (!decided) continue;
      ++checked;
      (in ? inside : outside) += 1;
      for (int k = 0; k < 3; ++k) {
        const Ray ray{p, g.dir(), k == 0 ? Real(0) : g.uni(0.5, 4)};
        const RayHit h = raycast(poly, ray);
        ASSERT_EQ(h.hit && h.inside, in) << "shape " << shape << " origin (" << p.x << ", " << p.y << ") direction ("
                                         << ray.direction.x << ", " << ray.direction.y << ")";
        if (in) { EXPECT_EQ(h.distance, 0); }
      }
    }
  }
  EXPECT_GT(inside, 500);
  EXPECT_GT(outside, 500);
  EXPECT_GT(checked, 2000);
}

// Large polygons (vertices up to 1e6 out) with an edge through the coordinates' origin, built
// there (own storage) or moved there (translate: base vertices and offset both large), probed
// within ulps of the edges near the origin: the origin's magnitude is small, the offsets to the
// far vertices are not, so an inside filter whose error bound leaves out the polygon's extent
// (or its offset) takes origins inside by less than the separations' rounding as outside.
TEST(RaycastFast, LargePolygonOriginInsideIsExact) {
  Rand g(777);
  int checked = 0, inside = 0, outside = 0;
  for (int shape = 0; shape < 200; ++shape) {
    const Real scale = std::pow(Real(10), g.uni(3, 6));
    const Polygon unit = random_polygon(g, shape, {0, 0});
    std::vector<Vec2> pts;
    for (int i = 0; i < unit.count(); ++i) pts.push_back(unit.vertex(i) * scale);
    const Vec2 mid = (pts[0] + pts[1]) * Real(0.5);  // on edge 0, up to rounding
    Polygon poly;
    if (shape % 2 == 0) {
      for (Vec2& p : pts) p = p - mid;
      poly = *make_polygon(pts);
    } else {
      poly = *make_polygon(pts);
      poly.translate(-mid);
    }
    const int n = poly.count();
    for (int i = 0; i < n; ++i) {
      const Vec2 a = poly.vertex(i), b = poly.vertex((i + 1) % n);
      const LD len = std::hypot(LD(b.x) - a.x, LD(b.y) - a.y);
      for (int k = 0; k < 12; ++k) {
        // The edge's point nearest the origin, give or take a unit, then a few ulps off it.
        const LD t0 = -((LD(a.x) * (LD(b.x) - a.x)) + LD(a.y) * (LD(b.y) - a.y)) / (len * len);
        const LD t = std::clamp(t0 + LD(g.uni(-1, 1)) / len, LD(0), LD(1));
        const Vec2 q{Real(a.x + (LD(b.x) - a.x) * t), Real(a.y + (LD(b.y) - a.y) * t)};
        const Vec2 p = nudge(q, int(g.rng() % 7) - 3, int(g.rng() % 7) - 3);
        bool decided;
        const bool in = inside_ref(poly, p, &decided);
        if (!decided) continue;
        ++checked;
        (in ? inside : outside) += 1;
        const Ray ray{p, g.dir(), g.uni(0, 4)};
        const RayHit h = raycast(poly, ray);
        ASSERT_EQ(h.hit && h.inside, in) << "shape " << shape << " origin (" << p.x << ", " << p.y << ")";
      }
    }
  }
  EXPECT_GT(inside, 1000);
  EXPECT_GT(outside, 1000);
}

/// The first entry of the ray o + t d (|d| = 1, t in [0, tmax]) into the polygon in long double:
/// its distance and the side entered (-1: a miss); `margin` is how far the clip's decision is
/// from flipping, in distance along the ray: the gap between the entry and the exit (or
/// max_distance), and between the entry and the next latest entry (a ray through a vertex).
struct RefHit {
  LD t = 0;
  int side = -1;
  LD margin = 0;
};

RefHit clip_ref(const Polygon& poly, V o, V d, LD tmax) {
  const int n = poly.count();
  LD lower = 0, upper = tmax, runner_up = 0;  // runner_up: the second latest entry
  int side = -1;
  for (int i = 0; i < n; ++i) {
    const V a = ref::toV(poly.vertex(i)), b = ref::toV(poly.vertex((i + 1) % n));
    const V e = b - a;
    const V nrm = V{e.y, -e.x} * (1 / ref::len(e));
    const LD num = ref::dot(nrm, a - o), den = ref::dot(nrm, d);
    if (den == 0) {
      if (num < 0) return {0, -1, std::fabs(num)};
      continue;
    }
    const LD t = num / den;
    if (den < 0 && t > lower) runner_up = lower, lower = t, side = i;
    else if (den < 0 && t > runner_up) runner_up = t;
    if (den > 0 && t < upper) upper = t;
  }
  if (upper < lower) return {0, -1, lower - upper};
  return {lower, side, std::min(upper - lower, side >= 0 ? lower - runner_up : upper - lower)};
}

TEST(RaycastFast, PolygonHitsMatchLongDoubleClip) {
  Rand g(777);
  int hits = 0, misses = 0;
  for (int shape = 0; shape < 400; ++shape) {
    const Vec2 at = place(g, shape, 3000);
    const Polygon poly = random_polygon(g, shape, at);
    for (int k = 0; k < 20; ++k) {
      const Vec2 o = at + ref::toR(ref::unit_at(g.uni(-3.2, 3.2)) * LD(g.uni(1.2, 3)));
      const Vec2 aim = at + Vec2{g.uni(-1.3, 1.3), g.uni(-1.3, 1.3)};
      const Real tmax = k % 4 == 0 ? g.uni(0.1, 1.5) : g.uni(2, 6);
      const Ray ray{o, (aim - o) * g.uni(0.1, 10), tmax};
      const V ov = ref::toV(ray.origin), dv = ref::toV(ray.direction) * (1 / ref::len(ref::toV(ray.direction)));
      const RefHit want = clip_ref(poly, ov, dv, LD(tmax));
      const RayHit h = raycast(poly, ray);
      SCOPED_TRACE("shape " + std::to_string(shape) + " ray " + std::to_string(k));
      ASSERT_FALSE(h.inside);
      // Rounding of the stored inputs' scale (|o| and the offset) over the incidence decides
      // near-grazing rays either way.
      const LD scale = std::fabs(ov.x) + std::fabs(ov.y) + 2;
      const LD tol = 256 * LD(std::numeric_limits<Real>::epsilon()) * scale;
      if (want.margin <= tol * 64) continue;
      ASSERT_EQ(h.hit, want.side >= 0) << "reference distance " << want.t;
      if (!h.hit) {
        ++misses;
        continue;
      }
      ++hits;
      const int n = poly.count();
      const V a = ref::toV(poly.vertex(want.side)), b = ref::toV(poly.vertex((want.side + 1) % n));
      const V e = (b - a) * (1 / ref::len(b - a));
      const LD cosi = std::fabs(ref::cross(e, dv));
      EXPECT_NEAR(LD(h.distance), want.t, tol / std::max(cosi, LD(1e-3)));
      EXPECT_NEAR(LD(h.normal.x), e.y, 1e-4L);
      EXPECT_NEAR(LD(h.normal.y), -e.x, 1e-4L);
      const V p = ref::toV(h.point), x = ov + dv * LD(h.distance);
      EXPECT_LE(ref::len(p - x), tol);
    }
  }
  EXPECT_GT(hits, 1500);
  EXPECT_GT(misses, 1500);
}

/// The first entry of the ray o + t d (|d| = 1) into the capsule (a, b, r) in long double: the
/// least entry over its two sides and its two end circles (-1 for none), and the normal there;
/// `margin`: how near the ray comes to grazing (its least clearance past the capsule on a miss,
/// its chord's half length on a hit).
struct CapsuleRef {
  LD t = -1;
  V normal{0, 0};
  LD margin = 0;
};

CapsuleRef capsule_ref(V a, V b, LD r, V o, V d) {
  CapsuleRef best;
  LD t_best = std::numeric_limits<LD>::infinity();
  const V ax = (b - a) * (1 / ref::len(b - a)), ny{-ax.y, ax.x};
  for (int s : {1, -1}) {
    const V m = ny * LD(s);
    const LD den = ref::dot(m, d);
    if (den >= 0) continue;
    const LD t = (r - ref::dot(m, o - a)) / den;
    const LD along = ref::dot(o + d * t - a, ax);
    if (t >= 0 && along >= 0 && along <= ref::len(b - a) && t < t_best) t_best = t, best.normal = m;
  }
  LD closest = std::numeric_limits<LD>::infinity();  // the line's least distance to the core
  for (V c : {a, b}) {
    const V w = o - c;
    const LD bb = ref::dot(w, d), cc = ref::dot(w, w) - r * r, disc = bb * bb - cc;
    closest = std::min(closest, ref::len(w - d * bb));
    if (disc < 0) continue;
    const LD t = -bb - std::sqrt(disc);
    if (t >= 0 && t < t_best) t_best = t, best.normal = (w + d * t) * (1 / r);
  }
  {
    const LD along = ref::dot(o - a, ax), along_d = ref::dot(d, ax);
    const LD h = ref::dot(o - a, ny), hd = ref::dot(d, ny);
    // The line's distance to the core's line where it crosses it, or its distance at the ends.
    if (hd != 0) {
      const LD t = -h / hd, at = along + t * along_d;
      if (at >= 0 && at <= ref::len(b - a)) closest = 0;
    }
  }
  best.margin = std::fabs(r - closest);
  if (t_best < std::numeric_limits<LD>::infinity()) best.t = t_best;
  return best;
}

TEST(RaycastFast, CapsuleMatchesLongDouble) {
  int hits = 0, misses = 0, inside = 0;
  Rand g(515);
  for (int i = 0; i < 4000; ++i) {
    const Vec2 c = place(g, i, 5000);
    const Vec2 half = ref::toR(ref::unit_at(g.uni(-3.2, 3.2)) * LD(g.uni(0.05, 1)));
    const Capsule cap{c - half, c + half, g.uni(0.05, 0.5)};
    const Vec2 o = c + ref::toR(ref::unit_at(g.uni(-3.2, 3.2)) * LD(g.uni(0, 2.5)));
    const Vec2 aim = c + Vec2{g.uni(-1.2, 1.2), g.uni(-1.2, 1.2)};
    const Real tmax = i % 5 == 0 ? g.uni(0.1, 1) : g.uni(2, 6);
    const Ray ray{o, (aim - o) * g.uni(0.1, 10), tmax};
    const V a = ref::toV(cap.a), b = ref::toV(cap.b), ov = ref::toV(o);
    const LD r = LD(cap.radius);
    const V dv = ref::toV(ray.direction) * (1 / ref::len(ref::toV(ray.direction)));
    const LD scale = std::fabs(ov.x) + std::fabs(ov.y) + 2;
    const LD tol = 256 * LD(std::numeric_limits<Real>::epsilon()) * scale;
    SCOPED_TRACE("case " + std::to_string(i));
    const RayHit h = raycast(cap, ray);
    const LD depth = r - ref::seg_dist(ov, a, b);  // > 0: the origin is inside
    if (std::fabs(depth) <= tol) continue;
    ASSERT_EQ(h.hit && h.inside, depth > 0);
    if (depth > 0) {
      ++inside;
      continue;
    }
    const CapsuleRef want = capsule_ref(a, b, r, ov, dv);
    const bool hit_ref = want.t >= 0 && want.t <= LD(tmax);
    if (want.margin <= tol * 64 || (want.t >= 0 && std::fabs(want.t - LD(tmax)) <= tol * 64)) continue;
    ASSERT_EQ(h.hit, hit_ref) << "reference distance " << want.t;
    if (!h.hit) {
      ++misses;
      continue;
    }
    ++hits;
    const LD cosi = std::fabs(ref::dot(want.normal, dv));
    EXPECT_NEAR(LD(h.distance), want.t, tol / std::max(cosi, LD(1e-3)));
    EXPECT_NEAR(LD(h.normal.x), want.normal.x, 1e-3L);
    EXPECT_NEAR(LD(h.normal.y), want.normal.y, 1e-3L);
  }
  EXPECT_GT(hits, 800);
  EXPECT_GT(misses, 800);
  EXPECT_GT(inside, 200);
}

// A segment's origin test: an origin on the segment (its ends, points along it a few ulps
// either way, far from the coordinates' origin too) is inside exactly when the long double
// orientation is 0 and it lies between the ends (exact for float input); every other origin
// is not inside.
TEST(RaycastFast, SegmentOriginOnItIsExact) {
  Rand g(616);
  int on = 0, off = 0;
  for (int i = 0; i < 3000; ++i) {
    const Vec2 c = place(g, i, 4000);
    // Some segments on grid lines (exact midpoints), the others in general position.
    const Vec2 half = i % 4 == 0 ? Vec2{Real(int(g.rng() % 8) + 1) / 8, 0}
                                 : ref::toR(ref::unit_at(g.uni(-3.2, 3.2)) * LD(g.uni(0.05, 1)));
    const Segment seg{c - half, c + half};
    const Vec2 q = i % 5 == 0 ? (i % 10 == 0 ? seg.a : seg.b) : seg.a + (seg.b - seg.a) * g.uni(0, 1);
    Vec2 o = i % 3 == 2 ? q : nudge(q, int(g.rng() % 5) - 2, int(g.rng() % 5) - 2);
    // About the coordinates' origin (c = 0), half scaled by a power of two lies on the segment
    // exactly, while a - o rounds: the float orientation need not be 0 there.
    if (i % 6 == 0) o = nudge(half * std::ldexp(Real(1), -int(i % 7) - 1), int(g.rng() % 3) - 1, 0);
    const V a = ref::toV(seg.a), b = ref::toV(seg.b), p = ref::toV(o);
    const LD l = (b.x - a.x) * (p.y - a.y), r = (b.y - a.y) * (p.x - a.x);
    if (sizeof(Real) != 4 && l != r && std::fabs(l - r) <= 1e-17L * (std::fabs(l) + std::fabs(r))) continue;
    const bool want = l == r && ref::dot(p - a, b - a) >= 0 && ref::dot(p - b, a - b) >= 0;
    (want ? on : off) += 1;
    const RayHit h = raycast(seg, Ray{o, g.dir(), g.uni(0, 3)});
    ASSERT_EQ(h.hit && h.inside, want) << "case " << i << " origin (" << o.x << ", " << o.y << ")";
  }
  EXPECT_GT(on, 400);
  EXPECT_GT(off, 800);
}

// The slab test of aabbs and boxes: rays through a corner take the side first in the order
// bottom, right, top, left (the hull's edges); random rotated boxes agree with the long double
// clip of their corners (hit or miss, distance, normal) away from grazing and corners.
TEST(RaycastFast, SlabEntryCornersAndRotatedBoxes) {
  const Aabb unit{{0, 0}, {1, 1}};
  const struct {
    Vec2 o, d, n;
  } corners[] = {{{-1, -1}, {1, 1}, {0, -1}}, {{2, 2}, {-1, -1}, {1, 0}}, {{2, -1}, {-1, 1}, {0, -1}}, {{-1, 2}, {1, -1}, {0, 1}}};
  for (const auto& c : corners) {
    const RayHit h = raycast(unit, Ray{c.o, c.d, 5});
    ASSERT_TRUE(h.hit && !h.inside);
    EXPECT_EQ(h.normal.x, c.n.x);
    EXPECT_EQ(h.normal.y, c.n.y);
    EXPECT_NEAR(h.distance, std::sqrt(Real(2)), 4 * std::numeric_limits<Real>::epsilon());
  }
  Rand g(919);
  int hits = 0, misses = 0;
  for (int i = 0; i < 3000; ++i) {
    const Vec2 c = place(g, i, 2000);
    // (one draw per statement where the order would be the compiler's: a call's arguments and
    // an operator's operands are unsequenced, and g++ and clang take them in different orders)
    const Real angle = g.uni(-3.2, 3.2);
    const Vec2 half{g.uni(0.05, 1), g.uni(0.05, 1)};
    const Box box(c, half, angle);
    std::vector<Vec2> pts;
    for (Vec2 k : {Vec2{-1, -1}, Vec2{1, -1}, Vec2{1, 1}, Vec2{-1, 1}})
      pts.push_back(box.center + box.rot().apply({k.x * box.half_extents.x, k.y * box.half_extents.y}));
    const Polygon poly = *make_polygon(pts);
    const auto far = g.uni(1.5, 3);
    const Vec2 o = c + ref::toR(ref::unit_at(g.uni(-3.2, 3.2)) * LD(far));
    const Vec2 aim = c + Vec2{g.uni(-1.2, 1.2), g.uni(-1.2, 1.2)};
    const auto scale = g.uni(0.1, 10);
    const Ray ray{o, (aim - o) * scale, g.uni(0.5, 5)};
    const V ov = ref::toV(o), dv = ref::toV(ray.direction) * (1 / ref::len(ref::toV(ray.direction)));
    const RefHit want = clip_ref(poly, ov, dv, LD(ray.max_distance));
    const LD tol = 512 * LD(std::numeric_limits<Real>::epsilon()) * (std::fabs(ov.x) + std::fabs(ov.y) + 2);
    if (want.margin <= tol * 64) continue;
    const RayHit h = raycast(box, ray);
    ASSERT_EQ(h.hit, want.side >= 0) << "case " << i;
    if (!h.hit) {
      ++misses;
      continue;
    }
    ++hits;
    const V a = ref::toV(poly.vertex(want.side)), b = ref::toV(poly.vertex((want.side + 1) % 4));
    const V e = (b - a) * (1 / ref::len(b - a));
    EXPECT_NEAR(LD(h.distance), want.t, tol / std::max(std::fabs(ref::cross(e, dv)), LD(1e-3))) << "case " << i;
    EXPECT_NEAR(LD(h.normal.x), e.y, 1e-4L) << "case " << i;
    EXPECT_NEAR(LD(h.normal.y), -e.x, 1e-4L) << "case " << i;
  }
  EXPECT_GT(hits, 800);
  EXPECT_GT(misses, 800);
}

// The aabb, box and polygon casts clip in fractions of the direction as given: scaling it by a
// power of two in the range they take as is changes no bit of the answer, and a direction too
// short or too long for that (whose products would leave the float range) still gets the unit
// direction's answer.
// Scaling the direction by a power of two changes no bit of the answer of an aabb, box,
// polygon, circle, segment or capsule (each works in fractions of the direction or of its unit
// vector, whose bits do not change), and within 1e-3 at the exponent range's ends.
TEST(RaycastFast, DirectionLengthChangesNoAnswer) {
  Rand g(4242);
  int hits = 0;
  const int far_exp = std::numeric_limits<Real>::max_exponent - 3, near_exp = std::numeric_limits<Real>::min_exponent + 3;
  for (int i = 0; i < 600; ++i) {
    const Vec2 c = place(g, i, 1000);
    const Aabb box_a{c - Vec2{0.5f, 0.4f}, c + Vec2{0.6f, 0.3f}};
    const Box box_b(c, {g.uni(0.1, 1), g.uni(0.1, 1)}, g.uni(-3.2, 3.2));
    const Polygon poly = random_polygon(g, i, c);
    const Circle circle{c, g.uni(0.2, 1)};
    const Segment seg{c - Vec2{g.uni(0.1, 1), g.uni(-1, 1)}, c + Vec2{g.uni(0.1, 1), g.uni(-1, 1)}};
    const Capsule cap{seg.a, seg.b, g.uni(0.05, 0.5)};
    const Vec2 o = c + ref::toR(ref::unit_at(g.uni(-3.2, 3.2)) * LD(g.uni(1.5, 3)));
    const Vec2 d = c + Vec2{g.uni(-1.2, 1.2), g.uni(-1.2, 1.2)} - o;
    const Real tmax = g.uni(1, 5);
    const auto check = [&](const auto& shape) {
      const RayHit want = raycast(shape, Ray{o, d, tmax});
      hits += want.hit;
      for (int k : {-16, -7, 5, 15, near_exp, far_exp}) {
        const RayHit h = raycast(shape, Ray{o, d * std::ldexp(Real(1), k), tmax});
        SCOPED_TRACE("case " + std::to_string(i) + " scale 2^" + std::to_string(k));
        ASSERT_EQ(h.hit, want.hit);
        if (!h.hit) continue;
        if (k > -20 && k < 16) {  // taken as is: the same bits
          EXPECT_EQ(h.distance, want.distance);
          EXPECT_EQ(h.point.x, want.point.x);
          EXPECT_EQ(h.point.y, want.point.y);
        } else {
          EXPECT_NEAR(h.distance, want.distance, 1e-3 * (1 + want.distance));
        }
        if (k > -20 && k < 16) {  // (a round shape's normal comes from the hit)
          EXPECT_EQ(h.normal.x, want.normal.x);
          EXPECT_EQ(h.normal.y, want.normal.y);
        } else {
          EXPECT_NEAR(h.normal.x, want.normal.x, 1e-5);
          EXPECT_NEAR(h.normal.y, want.normal.y, 1e-5);
        }
      }
    };
    check(box_a);
    check(box_b);
    check(poly);
    check(circle);
    check(seg);
    check(cap);
  }
  EXPECT_GT(hits, 1200);
  // A far shape along a tiny direction: its fraction of the direction is beyond the largest
  // number, its distance is not. A subnormal direction (whose products with the sides' normals
  // would round at the subnormals' spacing) still gets the unit direction's answer.
  const Vec2 c{1e6f, 1e6f / 3};
  const std::vector<Vec2> corners{c - Vec2{10, 0}, c - Vec2{0, 10}, c + Vec2{10, 0}, c + Vec2{0, 10}};
  const Polygon far_poly = *make_polygon(corners);
  const Aabb far_box{c - Vec2{10, 10}, c + Vec2{10, 10}};
  for (int k : {near_exp + 9, std::numeric_limits<Real>::min_exponent - 12}) {
    const Vec2 tiny = Vec2{3, 1} * std::ldexp(Real(1), k);
    for (const RayHit want : {raycast(far_poly, Ray{{0, 0}, {3, 1}, 2e6f}), raycast(far_box, Ray{{0, 0}, {3, 1}, 2e6f})}) {
      ASSERT_TRUE(want.hit);
      const RayHit got = want.normal.x == -1 ? raycast(far_box, Ray{{0, 0}, tiny, 2e6f}) : raycast(far_poly, Ray{{0, 0}, tiny, 2e6f});
      SCOPED_TRACE("2^" + std::to_string(k));
      ASSERT_TRUE(got.hit);
      EXPECT_NEAR(got.distance, want.distance, 1e-6 * want.distance);
    }
  }
}

// The circle (float build) and a capsule's flat sides are answered in fractions of the ray's
// direction, worked out in Wide from the stored inputs and rounded once: every distance and point
// within half an ulp (float build) of the long double answer (plus a few Wide roundings of the terms that make
// it), away from grazing rays (where the hit itself is ill-conditioned) and from a side's ends
// (where the circle takes over); a circle's normal (the hit relative to the center over r, in
// double) within 2 eps of the exact one. Before (through the unit vector, and for the circle
// the float offset o - c), these were up to 15 ulps (capsule) and 4 (circle) off.
TEST(RaycastFast, FractionAnswersRoundedOnce) {
  Rand g(3131);
  const LD eps = std::numeric_limits<Real>::epsilon(), wide_eps = sizeof(Real) == 4 ? 0x1p-52L : 0x1p-63L;
  const auto ulp = [](LD x) {
    const Real r = Real(std::fabs(x));
    return LD(std::nextafter(r, std::numeric_limits<Real>::infinity())) - LD(r);
  };
  // Within half an ulp of `want`, plus 16 Wide roundings of `scale`. (Double build: the capsule
  // takes the rounded unit direction, whose rounding turns the ray by up to eps: 4 eps of the
  // scale instead.)
  const LD slack = sizeof(Real) == 4 ? 16 * wide_eps : 4 * eps;
  const auto rounded_once = [&](Real got, LD want, LD scale) {
    return std::fabs(LD(got) - want) <= ulp(want) / 2 + slack * scale;
  };
  int checked[2] = {0, 0};
  for (int i = 0; i < 6000; ++i) {
    const Vec2 c = place(g, i, 1000);
    const Vec2 o = c + ref::toR(ref::unit_at(g.uni(-3.2, 3.2)) * LD(g.uni(1.5, 6)));
    const Vec2 aim = c + Vec2{g.uni(-1.2, 1.2), g.uni(-1.2, 1.2)};
    const Ray ray{o, (aim - o) * g.uni(0.1, 10), 100};
    const V ov = ref::toV(o), dv = ref::toV(ray.direction) * (1 / ref::len(ref::toV(ray.direction)));
    SCOPED_TRACE("case " + std::to_string(i));
    const auto check_hit = [&](const RayHit& h, LD t, LD scale) {
      ASSERT_TRUE(h.hit && !h.inside);
      EXPECT_TRUE(rounded_once(h.distance, t, scale)) << h.distance << " want " << double(t);
      const V p = ov + dv * t;
      EXPECT_TRUE(rounded_once(h.point.x, p.x, scale + std::fabs(ov.x))) << h.point.x << " want " << double(p.x);
      EXPECT_TRUE(rounded_once(h.point.y, p.y, scale + std::fabs(ov.y))) << h.point.y << " want " << double(p.y);
    };
    if (i % 2 == 0) {  // a circle
      if (sizeof(Real) != 4) continue;  // (double: no wider line_circle, t through the unit vector)
      const Circle circle{c, g.uni(0.05, 1.5)};
      const V m = ov - ref::toV(c);
      const LD r = circle.radius, b = ref::dot(m, dv), disc = r * r - (ref::dot(m, m) - b * b);
      if (ref::dot(m, m) <= r * r || disc < r * r / 64) continue;  // inside, a miss or grazing
      const LD t = -b - std::sqrt(disc);
      const RayHit h = raycast(circle, ray);
      check_hit(h, t, t + ref::len(m));
      const V n = (m + dv * t) * (1 / r);
      EXPECT_NEAR(h.normal.x, n.x, 2 * eps);
      EXPECT_NEAR(h.normal.y, n.y, 2 * eps);
      ++checked[0];
    } else {  // a capsule's flat side
      const Capsule cap{c - Vec2{g.uni(0.1, 1), g.uni(-1, 1)}, c + Vec2{g.uni(0.1, 1), g.uni(-1, 1)}, g.uni(0.05, 0.5)};
      const V a = ref::toV(cap.a), b = ref::toV(cap.b);
      if (ref::seg_dist(ov, a, b) <= LD(cap.radius)) continue;
      const CapsuleRef want = capsule_ref(a, b, cap.radius, ov, dv);
      const V ax = (b - a) * (1 / ref::len(b - a));
      const LD cosi = std::fabs(ref::dot(want.normal, dv));
      if (want.t < 0 || want.margin < 1e-3L || std::fabs(ref::dot(want.normal, ax)) > 1e-9L || cosi < 1e-2L) continue;
      const LD along = ref::dot(ov + dv * want.t - a, ax);
      if (along < 1e-3L || along > ref::len(b - a) - 1e-3L) continue;  // near the side's ends
      check_hit(raycast(cap, ray), want.t, want.t + (ref::len(ov - a) + LD(cap.radius)) / cosi);
      ++checked[1];
    }
  }
  if (sizeof(Real) == 4) { EXPECT_GT(checked[0], 1000); }
  EXPECT_GT(checked[1], 700);
}

// A segment's ends: rays aimed at points a few ulps to 2^-10 of its length either side of an end
// hit exactly when the long double crossing lies on the segment (s in [0, 1]), wherever that is
// clear of the float rounding of the ray's unit direction and of the segment's differences.
TEST(RaycastFast, SegmentEndsMatchLongDouble) {
  Rand g(717);
  const LD eps = std::numeric_limits<Real>::epsilon();
  int hits = 0, misses = 0;
  for (int i = 0; i < 8000; ++i) {
    const Vec2 c = place(g, i, 1000);
    const Segment seg{c - Vec2{g.uni(0.1, 1), g.uni(-1, 1)}, c + Vec2{g.uni(0.1, 1), g.uni(-1, 1)}};
    const V a = ref::toV(seg.a), e = ref::toV(seg.b) - a;
    const LD end = i % 2, off = std::ldexp(LD(g.uni(1, 2)), -int(g.rng() % 20) - 4) * (g.rng() % 2 ? 1 : -1);
    const Vec2 o = c + ref::toR(ref::unit_at(g.uni(-3.2, 3.2)) * LD(g.uni(1.5, 4)));
    const Ray ray{o, ref::toR(a + e * (end + off)) - o, 100};
    const V ov = ref::toV(o), dv = ref::toV(ray.direction) * (1 / ref::len(ref::toV(ray.direction))), w = a - ov;
    const LD den = ref::cross(dv, e), s = ref::cross(w, dv) / den, t = ref::cross(w, e) / den;
    // The float inputs' rounding moves s by about eps times the lengths over |den|.
    const LD slack = 64 * eps * (ref::len(w) + ref::len(e)) * (1 + ref::len(w)) / std::fabs(den);
    if (std::fabs(den) < ref::len(e) / 16 || t < 0 || std::fabs(s - end) <= slack) continue;
    const bool want = s >= 0 && s <= 1;
    SCOPED_TRACE("case " + std::to_string(i));
    const RayHit h = raycast(seg, ray);
    ASSERT_EQ(h.hit, want) << "s - end " << double(s - end) << " slack " << double(slack);
    if (!want) {
      ++misses;
      continue;
    }
    ++hits;
    EXPECT_NEAR(LD(h.distance), t, 64 * eps * (t + ref::len(w)));
  }
  EXPECT_GT(hits, 1500);
  EXPECT_GT(misses, 1500);
}

// A segment's hit (float build) is as exact as its float offsets allow: with w = a - o and e =
// b - a each rounded once (relative 2^-24 per component) and the cross products' products exact,
// the fraction q = (w x e) / (d x e) is off by at most (2 kn + kd) 2^-24 of itself (kn, kd: the
// cross products' condition numbers, the sum of the products' sizes over the result), and the
// distance |d| q and each coordinate of the point o + d q by that plus their one rounding. Rays
// of any length from 1.5 to 4 away, at segments near the origin, 8 away and 1000 away, aimed
// clear of the ends. (Three float roundings per cross product, as with the unit direction,
// exceed this bound.)
TEST(RaycastFast, SegmentHitWithinItsOffsetsRounding) {
  if (sizeof(Real) != sizeof(float)) GTEST_SKIP() << "the float build's fractions";
  Rand g(4242);
  const LD u = std::ldexp(LD(1), -24);
  const auto ulp = [](Real x) { return LD(std::nextafter(std::fabs(x), Real(1e30))) - std::fabs(x); };
  int checked = 0;
  for (int i = 0; i < 6000; ++i) {
    const Vec2 c = place(g, i, 1000);
    const Segment seg{c - Vec2{g.uni(0.1, 1), g.uni(-1, 1)}, c + Vec2{g.uni(0.1, 1), g.uni(-1, 1)}};
    const V a = ref::toV(seg.a), e = ref::toV(seg.b) - a;
    const Vec2 o = c + ref::toR(ref::unit_at(g.uni(-3.2, 3.2)) * LD(g.uni(1.5, 4)));
    const Ray ray{o, (ref::toR(a + e * LD(g.uni(0.05, 0.95))) - o) * std::ldexp(Real(1), int(g.rng() % 17) - 8), 100};
    const V ov = ref::toV(o), dv = ref::toV(ray.direction), w = a - ov;
    const LD num = ref::cross(w, e), den = ref::cross(dv, e), q = num / den;
    if (!(q > 0) || std::fabs(den) < ref::len(dv) * ref::len(e) / 64) continue;  // (grazing: SegmentEnds covers it)
    const LD kn = (std::fabs(w.x * e.y) + std::fabs(w.y * e.x)) / std::fabs(num);
    const LD kd = (std::fabs(dv.x * e.y) + std::fabs(dv.y * e.x)) / std::fabs(den);
    const LD rel = (2 * kn + kd + LD(0.01)) * u;  // q's error bound, relative
    SCOPED_TRACE("case " + std::to_string(i) + " kn " + std::to_string(double(kn)) + " kd " + std::to_string(double(kd)));
    const RayHit h = raycast(seg, ray);
    ASSERT_TRUE(h.hit && !h.inside);
    const LD t = q * ref::len(dv);
    EXPECT_LE(std::fabs(LD(h.distance) - t), rel * t + ulp(h.distance) / 2);
    EXPECT_LE(std::fabs(LD(h.point.x) - (ov.x + dv.x * q)), rel * std::fabs(dv.x * q) + ulp(h.point.x) / 2);
    EXPECT_LE(std::fabs(LD(h.point.y) - (ov.y + dv.y * q)), rel * std::fabs(dv.y * q) + ulp(h.point.y) / 2);
    ++checked;
  }
  EXPECT_GT(checked, 4000);
}

// A circle (and a capsule's end) is entered at the near root alone (line_circle<true>: c / q, no
// far root): rays from 1.5 to 6 radii away aimed 2^-30 to 2^-3 of the radius inside the
// tangent, so the two roots come as close as the inputs allow, hit, at the near root of the
// long double line (within the rounding of a grazing root, error(disc) / sqrt(disc)), never
// past the midpoint of the chord by more than that.
TEST(RaycastFast, CircleGrazingEntryIsTheNearRoot) {
  Rand g(2718);
  const LD eps = std::numeric_limits<Real>::epsilon();
  int checked = 0;
  for (int i = 0; i < 6000; ++i) {
    const Vec2 c = place(g, i, 1000);
    const Real radius = g.uni(0.05, 1.5);
    const Circle circle{c, radius};
    const V u = ref::unit_at(g.uni(-3.2, 3.2));
    const Vec2 o = c + ref::toR(u * (LD(radius) * LD(g.uni(1.5, 6))));
    const LD inset = std::ldexp(LD(g.uni(1, 2)), -3 - int(g.rng() % 28));  // below the tangent, of r
    const V side{-u.y, u.x};
    const Vec2 aim = ref::toR(ref::toV(c) + side * (LD(radius) * (1 - inset)) * (i % 4 < 2 ? 1 : -1));
    const Ray ray{o, (aim - o) * g.uni(0.1, 10), 100};
    const V ov = ref::toV(o), dv = ref::toV(ray.direction) * (1 / ref::len(ref::toV(ray.direction)));
    const V m = ov - ref::toV(c);
    const LD r = radius, b = ref::dot(m, dv), disc = r * r - (ref::dot(m, m) - b * b);
    // The inputs' rounding (float: o, c, d; and the unit direction's in the double build) moves disc by
    // about eps |m|^2 (|m| < 6 r + |c|): only rays clear of that are a certain hit.
    const LD noise = 64 * eps * ref::dot(m, m) * (1 + std::fabs(LD(c.x)) + std::fabs(LD(c.y)));
    if (disc <= noise) continue;
    const LD sq = std::sqrt(disc), t_near = -b - sq, t_far = -b + sq;
    SCOPED_TRACE("case " + std::to_string(i));
    const RayHit h = raycast(circle, ray);
    ASSERT_TRUE(h.hit && !h.inside) << "disc " << double(disc);
    const LD tol = 16 * eps * (ref::len(m) + std::fabs(LD(c.x)) + std::fabs(LD(c.y))) * (1 + ref::len(m) / sq);
    EXPECT_NEAR(LD(h.distance), t_near, tol) << "far root " << double(t_far);
    EXPECT_LE(LD(h.distance), -b + tol);
    ++checked;
  }
  EXPECT_GT(checked, 2000);
}

/// Rays at an aabb's corners and along its sides, on a dyadic grid (the box and origin on 1/8,
/// directions of at most 24 significant bits: the inputs, their differences and the products of
/// a difference and a direction are exact in long double and in the float build's Wide): the exact slab test in long double (each axis's entry
/// and exit as a fraction num / den, ordered by cross-multiplying) decides hit or miss, the side
/// entered (either side at a corner the ray enters through both at once) and the distance,
/// which the aabb's cast must match (distance within 2 eps): rays
/// through a corner, rays passing 2^-14 to 2^-4 inside or outside it, and rays whose direction
/// is rounded to float (24 bits) off the corner's, which pass within an ulp of it: there the
/// float quotients of the sides' fractions tie where the exact ones do not. (Not the box's
/// cast: its local origin is rounded, so its side entered is exact only for unrotated boxes.)
struct SlabRef {
  bool hit = false;
  bool by[2] = {false, false};  // the axes whose entry is the (latest) entry
  LD t = 0;  // the distance
};

SlabRef slab_ref(const Aabb& b, V o, V d) {
  const LD lo[2] = {LD(b.min.x), LD(b.min.y)}, hi[2] = {LD(b.max.x), LD(b.max.y)};
  const LD oo[2] = {o.x, o.y}, dd[2] = {d.x, d.y};
  // Fractions as (num, den), den > 0; the entry starts at 0 / 1, the exit at "none".
  LD in_n = 0, in_d = 1, out_n = 1, out_d = 0;
  int in_axis = -1;
  bool tie = false;
  for (int k = 0; k < 2; ++k) {
    if (dd[k] == 0) {
      if (oo[k] < lo[k] || oo[k] > hi[k]) return {};
      continue;
    }
    const LD den = std::fabs(dd[k]);
    const LD en = (dd[k] > 0 ? lo[k] - oo[k] : oo[k] - hi[k]), ex = (dd[k] > 0 ? hi[k] - oo[k] : oo[k] - lo[k]);
    const LD later = en * in_d - in_n * den;
    if (in_axis < 0 || later > 0) in_n = en, in_d = den, in_axis = k, tie = false;
    else if (later == 0) tie = true;
    if (out_d == 0 || ex * out_d < out_n * den) out_n = ex, out_d = den;
  }
  if (in_axis < 0 || in_n < 0 || in_n * out_d > out_n * in_d) return {};
  SlabRef r;
  r.hit = true;
  r.by[in_axis] = true;
  if (tie) r.by[1 - in_axis] = true;
  r.t = in_n / in_d * ref::len(d);
  return r;
}

TEST(RaycastFast, AabbCornerRaysMatchExactSlab) {
  Rand g(4242);
  const auto grid = [&](int lo, int hi) { return Real(lo + int(g.rng() % unsigned(hi - lo + 1))) / 8; };
  const LD eps = std::numeric_limits<Real>::epsilon();
  int hits = 0, misses = 0, corners = 0;
  for (int i = 0; i < 40000; ++i) {
    const Vec2 lo{grid(-64, 64), grid(-64, 64)};
    const Aabb b{lo, lo + Vec2{grid(1, 32), grid(1, 32)}};
    Vec2 o{grid(-128, 128), grid(-128, 128)};
    const Vec2 corner{g.rng() % 2 ? b.min.x : b.max.x, g.rng() % 2 ? b.min.y : b.max.y};
    // 0: through the corner, 1: nudged, 2-3: along a side's line, 4: off by a float rounding
    const int kind = int(g.rng() % 5);
    if (kind == 2 || kind == 3) (kind == 2 ? o.x : o.y) = kind == 2 ? corner.x : corner.y;
    if (b.contains(o)) continue;
    Vec2 d = corner - o;
    if (kind == 1) {
      const Real step = std::ldexp(Real(1), -4 - int(g.rng() % 11));
      d.x += step * Real(int(g.rng() % 3) - 1);
      d.y += step * Real(int(g.rng() % 3) - 1);
    } else if (kind == 4) {  // each component scaled and rounded to float on its own: off the corner by an ulp or so
      const float s = std::uniform_real_distribution<float>(0.5f, 2)(g.rng);
      d = {Real(float(d.x) * s), Real(float(d.y) * s)};
    }
    if (d.x == 0 && d.y == 0) continue;
    const Ray ray{o, d * Real(g.rng() % 2 ? 1 : 0.5), 1000};
    const SlabRef want = slab_ref(b, ref::toV(o), ref::toV(ray.direction));
    const RayHit h = raycast(b, ray);
    SCOPED_TRACE("case " + std::to_string(i) + " kind " + std::to_string(kind));
    ASSERT_EQ(h.hit, want.hit);
    ASSERT_FALSE(h.inside);
    if (h.hit) {
      const bool along_x = h.normal.y == 0;
      ASSERT_TRUE(along_x ? want.by[0] : want.by[1]) << h.normal.x << " " << h.normal.y;
      EXPECT_EQ(std::fabs(h.normal.x) + std::fabs(h.normal.y), 1);
      EXPECT_NEAR(LD(h.distance), want.t, 2 * eps * want.t);
    }
    if (want.by[0] && want.by[1]) ++corners;
    ++(want.hit ? hits : misses);
  }
  EXPECT_GT(hits, 20000);
  EXPECT_GT(misses, 1500);
  EXPECT_GT(corners, 1500);
}

}  // namespace
