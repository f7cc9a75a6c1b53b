// collide2d - 2D collision detection for games. MIT License.
// Property tests of raycast for every shape against marching along the ray with the
// reference's exact point-to-shape distance (sphere tracing), typed and dispatched.

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <variant>

#include "collide2d/query.hpp"
#include "query/reference.hpp"

namespace {

using namespace ref;
using collide2d::Shape;

struct March {
  bool decided = false;  // false when the march gave up (grazing)
  bool hit = false;
  LD t = 0;
};

/// First t in [0, tmax] where the ray meets the shape: sphere tracing with the exact distance
/// (it never steps over the shape), stopped when the distance is below `eps`.
March march(const Ref& s, V o, V d, LD tmax, LD eps) {
  LD t = 0;
  for (int i = 0; i < 20000; ++i) {
    LD dist = s.pdist(o + d * t);
    if (dist <= eps) return {true, true, t};
    t += dist;
    if (t > tmax) return {true, false, t};
  }
  return {};
}

/// The outward normal at the boundary point reached from outside at x (gradient of the exact
/// distance just outside).
V numeric_normal(const Ref& s, V x, LD h) {
  V gx{h, 0}, gy{0, h};
  V g{s.pdist(x + gx) - s.pdist(x - gx), s.pdist(x + gy) - s.pdist(x - gy)};
  LD l = len(g);
  return l > 0 ? g * (1 / l) : V{0, 0};
}

/// True when n is an outward normal of the (convex) piece at p: p maximises u.n over the piece.
bool supports(const Ref& s, V p, V n, LD tol) {
  for (const Piece& pc : s.pieces) {
    if (pc.support(n) - dot(p, n) <= tol) return true;
  }
  return false;
}

class RaycastProperties : public testing::TestWithParam<int> {};

TEST_P(RaycastProperties, MatchesMarching) {
  const int kind = GetParam();
  Rng g(4242 + kind);
  int decided = 0, total = 0, hits = 0;
  for (int i = 0; i < 260; ++i) {
    const int fam = i % 5;  // 0,1 general; 2 degenerate; 3 far; 4 origin inside
    V off = fam == 3 ? V{(i % 2 ? 1e4L : -1e4L), 1e4L} : V{0, 0};
    LD size = uni(g, 0.3, 2);
    Case c = random_shape(kind, g, off + V{uni(g, -1, 1), uni(g, -1, 1)}, size, fam == 2,
                          kind == kSector && i % 3 == 0);
    const Ref& s = c.ref;
    const LD tol = tolerance(s.size(), s.offset());
    V o, target = random_point_in(s, g);
    if (fam == 4) {
      o = random_point_in(s, g);
    } else {
      o = target + unit_at(uni(g, 0, 2 * kPiL)) * (size * uni(g, 1.5, 4));
      if (i % 7 == 0) target = target + unit_at(uni(g, 0, 2 * kPiL)) * (size * uni(g, 0, 1));
    }
    V dir = target - o;
    if (len(dir) == 0) dir = {1, 0};
    collide2d::Ray ray{toR(o), toR(dir * uni(g, 0.1, 10)), Real(0)};
    ray.max_distance = Real(i % 3 == 0 ? size * uni(g, 0, 5) : 1e3L);
    o = toV(ray.origin);
    V d = toV(ray.direction);
    d = d * (1 / len(d));
    const LD tmax = ray.max_distance;
    SCOPED_TRACE(c.text + "  ray origin " + fmtv(o) + " direction " + fmtv(ray.direction) +
                 " max " + fmt(tmax) + " tol " + fmt(tol));
    ASSERT_FALSE(collide2d::validate(ray).has_value());

    for (int dispatched = 0; dispatched < 2; ++dispatched) {
      const collide2d::RayHit h =
          dispatched ? collide2d::raycast(c.shape, ray)
                     : std::visit([&](const auto& x) { return collide2d::raycast(x, ray); }, c.shape);
      ++total;
      // the origin well inside: a hit at distance 0 with `inside`
      bool deep_inside = s.pdist(o) == 0;
      for (V e : {V{1, 0}, V{-1, 0}, V{0, 1}, V{0, -1}}) deep_inside = deep_inside && s.pdist(o + e * (3 * tol)) == 0;
      if (deep_inside) {
        ++decided;
        EXPECT_TRUE(h.hit && h.inside) << "origin inside the shape";
        EXPECT_EQ(h.distance, 0);
        continue;
      }
      if (s.pdist(o) <= 3 * tol) continue;  // origin on the boundary within rounding: either answer
      V side{-d.y, d.x};
      const LD eps = 1e-13L * (1 + size + s.offset());
      March m0 = march(s, o, d, tmax + 1, eps);
      March m1 = march(s, o + side * (2 * tol), d, tmax + 1, eps);
      March m2 = march(s, o - side * (2 * tol), d, tmax + 1, eps);
      if (!m0.decided || !m1.decided || !m2.decided) continue;
      const bool robust_hit = m0.hit && m1.hit && m2.hit;
      // a clear miss: the ray never comes within 2 tol of the shape (marching to 4 tol)
      const March thick = march(s, o, d, tmax + 1, 4 * tol);
      const bool robust_miss = thick.decided && !thick.hit;
      if (robust_miss || (m0.hit && m0.t > tmax + 10 * tol)) {
        ++decided;
        EXPECT_FALSE(h.hit) << "hit at " << fmt(h.distance) << " but the ray misses";
        continue;
      }
      if (!robust_hit || m0.t > tmax - 10 * tol) continue;
      // tolerance on the distance grows at grazing incidence
      V x0 = o + d * m0.t;
      V nref = numeric_normal(s, o + d * (m0.t - std::min(m0.t, 1e-4L * (1 + size))) , 1e-6L * (1 + size));
      LD cosi = std::fabs(dot(nref, d));
      LD tol_t = tol / std::max(cosi, LD(0.02));
      ++decided;
      ++hits;
      ASSERT_TRUE(h.hit) << "the ray hits at " << fmt(m0.t) << " (" << fmtv(x0) << ")";
      EXPECT_FALSE(h.inside);
      ASSERT_TRUE(std::isfinite(h.distance) && is_finite(h.point) && is_finite(h.normal));
      EXPECT_NEAR(LD(h.distance), m0.t, tol_t) << "first hit distance";
      EXPECT_LE(LD(h.distance), tmax + tol);
      EXPECT_LE(s.pdist(toV(h.point)), tol) << "hit point " << fmtv(h.point) << " not on the shape";
      EXPECT_LE(len(toV(h.point) - (o + d * LD(h.distance))), tol + tol_t * 1e-3L)
          << "point != origin + distance * direction";
      V n = toV(h.normal);
      EXPECT_NEAR(len(n), 1, kDouble ? 1e-9 : 1e-5) << "normal not unit";
      EXPECT_LE(dot(n, d), tol) << "normal " << fmtv(n) << " does not face the ray";
      EXPECT_TRUE(supports(s, x0, n, 2 * tol))
          << "normal " << fmtv(n) << " is not an outward normal at " << fmtv(x0)
          << " (reference normal " << fmtv(nref) << ")";
    }
  }
  if (kind != kPoint) {  // rays at a point are all within rounding of it: see the exact tests
    EXPECT_GE(decided * 3, total * 2) << "too few rays clear of the tolerance band";
    EXPECT_GE(hits, 40);
  }
}

INSTANTIATE_TEST_SUITE_P(AllShapes, RaycastProperties, testing::Range(0, 8),
                         [](const testing::TestParamInfo<int>& i) { return kind_name(i.param); });

// The largest finite max_distance (a valid ray) changes nothing: a ray whose origin is outside
// the shape's bounding box and that points away from the box misses, and a ray that hits at
// some distance hits at the same distance whatever larger max_distance it is given.
TEST(RaycastProperties, LargestMaxDistance) {
  const Real huge = std::numeric_limits<Real>::max();
  for (int kind = 0; kind < 8; ++kind) {
    Rng g(777 + kind);
    for (int i = 0; i < 100; ++i) {
      Case c = random_shape(kind, g, {uni(g, -1, 1), uni(g, -1, 1)}, uni(g, 0.3, 2), i % 4 == 3, i % 2 == 0);
      SCOPED_TRACE(c.text);
      const collide2d::Aabb box = collide2d::bounds(c.shape);
      const collide2d::Vec2 away = toR(unit_at(uni(g, 0, 2 * kPiL)));
      // Start beyond the box on the side `away` points to: every point of the ray is outside it.
      const collide2d::Vec2 mid = (box.min + box.max) * Real(0.5);
      const Real reach = collide2d::length(box.max - box.min) + 1;
      const collide2d::Ray off{mid + away * reach, away, huge};
      EXPECT_FALSE(collide2d::raycast(c.shape, off).hit) << "ray away from the box, max_distance " << huge;
      const collide2d::Ray toward{mid + away * reach, -away, Real(4) * reach};
      const auto h = collide2d::raycast(c.shape, toward);
      const auto h_huge = collide2d::raycast(c.shape, collide2d::Ray{toward.origin, toward.direction, huge});
      EXPECT_EQ(h.hit, h_huge.hit);
      if (h.hit && h_huge.hit) { EXPECT_EQ(h.distance, h_huge.distance); }
    }
  }
}

// A hit exactly at max_distance counts and one just beyond it does not, for every
// max_distance including 0 and -0 (the segment cast cuts off farther hits before measuring
// them: the cut must sit exactly one step above max_distance).
TEST(RaycastProperties, HitAtMaxDistance) {
  for (Real x : {Real(2), Real(0.75), Real(1e-30), Real(3e5)}) {
    const collide2d::Segment s{{x, -1}, {x, 1}};
    const collide2d::Ray at{{0, 0}, {1, 0}, x};
    const auto h = collide2d::raycast(s, at);
    EXPECT_TRUE(h.hit) << x;
    EXPECT_EQ(h.distance, x);
    const collide2d::Ray short_of{{0, 0}, {1, 0}, std::nextafter(x, Real(0))};
    EXPECT_FALSE(collide2d::raycast(s, short_of).hit) << x;
  }
  const collide2d::Segment through{{0, -1}, {0, 1}};
  for (Real zero : {Real(0), -Real(0)}) {
    EXPECT_TRUE(collide2d::raycast(through, collide2d::Ray{{0, 0}, {1, 0}, zero}).inside);
    EXPECT_FALSE(collide2d::raycast(through, collide2d::Ray{{-1, 0.5f}, {1, 0}, zero}).hit);
    EXPECT_FALSE(collide2d::raycast(through, collide2d::Ray{{-1, 0.5f}, {-1, 0}, zero}).hit);
  }
}

// A wide sector's notch: rays from inside the notch toward the apex and the arms.
TEST(RaycastProperties, WideSectorNotch) {
  Rng g(99);
  for (int i = 0; i < 200; ++i) {
    LD h = uni(g, kPiL / 2 + 0.05L, kPiL - 1e-3L), f = uni(g, -kPiL, kPiL), R = uni(g, 0.5, 2);
    Case c = mk_sector({uni(g, -1, 1), uni(g, -1, 1)}, R, f, h);
    const Ref& s = c.ref;
    LD tol = tolerance(s.size(), s.offset());
    V o = s.a - unit_at(f + uni(g, -0.5, 0.5) * (kPiL - h)) * (R * uni(g, 0.05, 0.9));
    V d = unit_at(uni(g, 0, 2 * kPiL));
    collide2d::Ray ray{toR(o), toR(d), Real(10)};
    o = toV(ray.origin);
    d = toV(ray.direction) * (1 / len(toV(ray.direction)));
    SCOPED_TRACE(c.text + "  ray origin " + fmtv(o) + " direction " + fmtv(d));
    if (s.pdist(o) <= 3 * tol) continue;
    V side{-d.y, d.x};
    March m0 = march(s, o, d, 11, 1e-14L), m1 = march(s, o + side * (2 * tol), d, 11, 1e-14L),
          m2 = march(s, o - side * (2 * tol), d, 11, 1e-14L);
    if (!m0.decided || !m1.decided || !m2.decided || m1.hit != m0.hit || m2.hit != m0.hit) continue;
    auto hit = collide2d::raycast(c.shape, ray);
    if (!m0.hit) {
      March thick = march(s, o, d, 11, 4 * tol);
      if (thick.decided && !thick.hit) { EXPECT_FALSE(hit.hit); }
      continue;
    }
    ASSERT_TRUE(hit.hit);
    V nref = numeric_normal(s, o + d * (m0.t - std::min(m0.t, LD(1e-4))), 1e-6L);
    LD tol_t = tol / std::max(std::fabs(dot(nref, d)), LD(0.02));
    EXPECT_NEAR(LD(hit.distance), m0.t, tol_t);
    EXPECT_LE(dot(toV(hit.normal), d), tol);
    EXPECT_TRUE(supports(s, o + d * m0.t, toV(hit.normal), 2 * tol)) << fmtv(hit.normal);
  }
}

}  // namespace

// Rays grazing a capsule's flat side next to where it meets an end circle, crossing the side's
// line just before, at and just beyond its end (where the entry is the circle's), at shallow
// angles: the first hit against a long double reference (the least entry over the two side
// segments and the two circles); the normal within the rounding the angle amplifies.
TEST(RaycastProperties, GrazingAtASidesEnd) {
  const LD r = 0.3L, half = 1;
  int rays = 0;
  for (LD angle : {0.0L, 0.7L, 2.3L}) {
    const V ax = unit_at(angle), ny{-ax.y, ax.x};
    const V c{3.25L, -1.5L};
    const V a = c - ax * half, b = c + ax * half;
    const collide2d::Capsule cap{toR(a), toR(b), Real(r)};
    for (LD theta : {1e-1L, 1e-2L, 1e-3L})
      for (LD delta : {-1e-2L, -1e-4L, -1e-6L, 0.0L, 1e-6L, 1e-4L, 1e-2L})
        for (int side : {1, -1}) {
          // The ray crosses the line of the side (offset r toward `side`) at b's end + delta,
          // coming from outside at angle theta to it, toward -ax.
          const V n = ny * LD(side), x = b + n * r + ax * delta;
          const V dir = ax * -std::cos(theta) + n * -std::sin(theta);
          const V o = x - dir * 2.0L;
          // Reference: the least t >= 0 entering a side segment or an end circle.
          LD best = kInf;
          V best_n{0, 0};
          for (int s : {1, -1}) {
            const V m = ny * LD(s);
            const LD den = dot(m, dir);
            if (den >= 0) continue;
            const LD t = (r - dot(m, o - a)) / den;
            const LD along = dot(o + dir * t - a, ax);
            if (t >= 0 && along >= 0 && along <= 2 * half && t < best) best = t, best_n = m;
          }
          for (V q : {a, b}) {
            const V w = o - q;
            const LD bb = dot(w, dir), cc = dot(w, w) - r * r, disc = bb * bb - cc;
            if (disc < 0) continue;
            const LD t = -bb - std::sqrt(disc);
            if (t >= 0 && t < best) best = t, best_n = (w + dir * t) * (1 / r);
          }
          ASSERT_LT(best, kInf);
          const auto h = collide2d::raycast(cap, collide2d::Ray{toR(o), toR(dir), Real(5)});
          ASSERT_TRUE(h.hit) << angle << " " << theta << " " << delta << " " << side;
          const LD eps = std::numeric_limits<Real>::epsilon() * 64 * 5;  // coordinates about 5
          EXPECT_NEAR(LD(h.distance), best, eps / theta) << angle << " " << theta << " " << delta << " " << side;
          const LD turn = std::fabs(cross(toV(h.normal), best_n));
          EXPECT_LE(turn, eps / (theta * r) + 1e-6L) << angle << " " << theta << " " << delta << " " << side;
          ++rays;
        }
  }
  EXPECT_EQ(rays, 3 * 3 * 7 * 2);
}

// Far from the origin (coordinates about 1e4) the float library answers for its inputs as they
// are stored, rounded to float: a coordinate of magnitude M moves by up to M 2^-24 (4.9e-4 at
// 1e4) before any query sees it, and that alone can turn the normal of a rounded corner of
// radius rho by about that shift over rho (the checker's float `raycast [far]` cases with
// rho 0.2-0.5: 1.1-1.7e-3 rad). The promise (docs/queries.md, "Large coordinates"): against
// the exact answer for the stored inputs (a long double reference built from the shape's and
// the ray's Real values), the distance is within 64 ulps of the coordinates' magnitude (over
// the cosine of the incidence) and the normal within 1e-4 rad (1e-7 in double): the library
// adds no error of the size of M 2^-24 over rho of its own.

/// The outward normal at x (just outside a smooth part of the boundary): the distance's
/// gradient, taken again from a point a little way out along the last estimate (for a convex
/// shape the gradient is constant along the normal line, so each round shrinks the error by
/// about that way over the radius of curvature).
V boundary_normal(const Ref& s, V x, V n, LD size) {
  const LD out = 1e-5L * size;
  for (int round = 0; round < 4; ++round) {
    const V m = numeric_normal(s, x + n * out, out * 0.1L);
    if (len(m) == 0) break;
    n = m;
  }
  return n;
}

/// Whether x is within `near` of a corner of the shape (where the normal is not unique).
bool near_corner(const Ref& s, V x, LD near) {
  if (s.kind == kPolygon && s.r == 0) {
    for (V q : s.poly)
      if (len(x - q) <= near) return true;
  }
  if (s.kind == kSector) {
    for (V q : {s.a, s.a + unit_at(s.facing + s.half) * s.r, s.a + unit_at(s.facing - s.half) * s.r})
      if (len(x - q) <= near) return true;
  }
  return false;
}

TEST(RaycastProperties, FarFromTheOriginAsExactAsTheStoredInputs) {
  Rng g(9090);
  const LD eps = std::numeric_limits<Real>::epsilon();
  const LD turn_tol = kDouble ? 1e-7L : 1e-4L;
  LD worst_turn = 0;
  int hits = 0;
  for (int i = 0; i < 400; ++i) {
    const int kind = std::array{kCircle, kCapsule, kPolygon, kSector}[i % 4];
    const V off{(i % 2 ? 1e4L : -1e4L) * uni(g, 0.8, 1), (i % 3 ? 1e4L : -1e4L) * uni(g, 0.8, 1)};
    const LD size = uni(g, 0.3, 2);
    Case c = random_shape(kind, g, off, size, false, kind == kSector && i % 8 == 3);
    const Ref& s = c.ref;
    V target = random_point_in(s, g);
    V o = target + unit_at(uni(g, 0, 2 * kPiL)) * (size * uni(g, 1.5, 4));
    const collide2d::Ray ray{toR(o), toR(target - o), Real(1e3)};
    o = toV(ray.origin);  // the stored inputs
    const V d = toV(ray.direction) * (1 / len(toV(ray.direction)));
    const LD M = len(o);
    if (s.pdist(o) <= 1e-6L) continue;
    const LD stop = 1e-16L * M;  // the march ends within this of the boundary (long double: 1e-19 M)
    const March m0 = march(s, o, d, 1e3, stop);
    if (!m0.decided || !m0.hit) continue;
    const V x0 = o + d * m0.t;
    if (near_corner(s, x0, 1e-3L * size)) continue;
    const V nref = boundary_normal(s, x0, numeric_normal(s, o + d * (m0.t - std::min(m0.t, 1e-6L)), 1e-7L), size);
    const LD cosi = std::fabs(dot(nref, d));
    if (cosi < 0.05L) continue;  // grazing
    SCOPED_TRACE(c.text + "  ray origin " + fmtv(o) + " direction " + fmtv(ray.direction));
    const collide2d::RayHit h = collide2d::raycast(c.shape, ray);
    ASSERT_TRUE(h.hit && !h.inside) << "the ray hits at " << fmt(m0.t);
    ++hits;
    EXPECT_NEAR(LD(h.distance), m0.t, (64 * eps * M + stop) / cosi) << "first hit distance";
    const LD turn = std::fabs(std::atan2(cross(toV(h.normal), nref), dot(toV(h.normal), nref)));
    worst_turn = std::max(worst_turn, turn);
    EXPECT_LE(turn, turn_tol) << "normal " << fmtv(h.normal) << ", reference " << fmtv(nref);
  }
  EXPECT_GE(hits, 200);
  std::printf("  worst normal turn %.3g rad over %d hits\n", double(worst_turn), hits);
}

// A ray from far away (5 to 50 units, 10 to 500 times its radius) at a small circle:
// the stored inputs against a long double reference. Taken as b^2 - c, the discriminant of the
// ray's quadratic loses about |m|^2 eps (m the origin relative to the center) and the entry
// point moves by that over twice the chord's half length: a float ray from 20 units at a disk of
// radius 0.2 came out about 1e-4 off and its normal 1e-3 rad. The closest-approach form in
// double (line_circle) keeps the error at the rounding of m itself: the distance within
// 8 eps |m| over the cosine of the incidence, the normal within that over the radius.
TEST(RaycastProperties, FromFarAwayAtASmallCircle) {
  Rng g(20261126);
  const LD eps = std::numeric_limits<Real>::epsilon();
  LD worst_turn = 0, worst_dist = 0;
  int hits = 0;
  for (int i = 0; i < 500; ++i) {
    const V c{uni(g, -3, 3), uni(g, -3, 3)};
    const LD r = uni(g, 0.1, 0.5), far = uni(g, 5, 50);
    const collide2d::Circle circle{toR(c), Real(r)};
    const LD at = uni(g, 0, 2 * kPiL);
    const V o = c + unit_at(at) * far;
    // Aimed within 0.95 of the circle's silhouette as seen from o.
    const LD aim = at + kPiL + uni(g, -0.95, 0.95) * std::asin(r / far);
    const collide2d::Ray ray{toR(o), toR(unit_at(aim)), Real(100)};
    // The stored inputs, and the exact entry for them.
    const V os = toV(ray.origin), cs = toV(circle.center), d = toV(ray.direction) * (1 / len(toV(ray.direction)));
    const LD rs = LD(circle.radius);
    const V m = os - cs;
    const LD b = dot(m, d);
    const V h = m - d * b;
    const LD disc = rs * rs - dot(h, h);
    ASSERT_GT(disc, 0) << "test data: the ray misses";
    const LD t = -b - std::sqrt(disc);
    const V n = (m + d * t) * (1 / rs);
    const LD cosi = std::fabs(dot(n, d));
    const collide2d::RayHit hit = collide2d::raycast(circle, ray);
    ASSERT_TRUE(hit.hit && !hit.inside) << i;
    ++hits;
    const LD tol = 8 * eps * len(m) / cosi;
    worst_dist = std::max(worst_dist, std::fabs(LD(hit.distance) - t) / tol);
    EXPECT_NEAR(LD(hit.distance), t, tol) << i << " origin " << fmtv(os) << " radius " << fmt(rs);
    const LD turn = std::fabs(std::atan2(cross(toV(hit.normal), n), dot(toV(hit.normal), n)));
    worst_turn = std::max(worst_turn, turn / (tol / rs));
    EXPECT_LE(turn, tol / rs) << i << " origin " << fmtv(os) << " radius " << fmt(rs);
  }
  EXPECT_EQ(hits, 500);
  std::printf("  worst distance error %.3g and normal turn %.3g of their tolerances over %d rays\n",
              double(worst_dist), double(worst_turn), hits);
}
