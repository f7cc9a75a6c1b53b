// collide2d - 2D collision detection for games. MIT License.
// Arc against brute force: nearest point and distance (dense sampling of the arc by angle,
// refined), the span test at the degenerate sweeps (0, tiny, pi, near 2 pi, 2 pi), bounds
// (contain every sample, touched on every side), overlap and distance with points and disks,
// ray casts (every ray-circle root checked by angle), disk sweeps (a fine march in time with
// the distance by angles), validation.

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>

#include "collide2d/arc.hpp"

namespace {

using namespace collide2d;
using LD = long double;
constexpr LD kPiL = 3.141592653589793238462643383279502884L;

double uni(std::mt19937_64& g, double a, double b) {
  return a + (b - a) * std::uniform_real_distribution<double>(0, 1)(g);
}

/// Brute-force distance from p to the arc: 1,024 samples by angle, refined by ternary search
/// around the best, plus both end points.
LD ref_distance(const Arc& a, LD px, LD py, LD* bx = nullptr, LD* by = nullptr) {
  auto at = [&](LD t, LD& x, LD& y) {
    const LD ang = LD(a.start) + LD(a.sweep) * t;
    x = LD(a.center.x) + LD(a.radius) * std::cos(ang);
    y = LD(a.center.y) + LD(a.radius) * std::sin(ang);
    return std::hypot(x - px, y - py);
  };
  const int n = 1024;
  LD best = std::numeric_limits<LD>::infinity(), bt = 0, x, y;
  for (int k = 0; k <= n; ++k) {
    const LD d = at(LD(k) / n, x, y);
    if (d < best) best = d, bt = LD(k) / n;
  }
  LD lo = std::max(LD(0), bt - LD(1) / n), hi = std::min(LD(1), bt + LD(1) / n);
  for (int it = 0; it < 100; ++it) {
    const LD m1 = lo + (hi - lo) / 3, m2 = hi - (hi - lo) / 3;
    (at(m1, x, y) < at(m2, x, y) ? hi : lo) = (at(m1, x, y) < at(m2, x, y) ? m2 : m1);
  }
  const LD d = at((lo + hi) / 2, x, y);
  if (d < best) best = d, bt = (lo + hi) / 2;
  at(bt, x, y);
  if (bx) *bx = x, *by = y;
  return best;
}

/// Closed-form distance from p to the arc by angles (atan2 and fmod, not the library's
/// direction tests): the radial foot when its angle is spanned, else the nearer end.
LD angle_distance(const Arc& a, LD px, LD py) {
  const LD cx = a.center.x, cy = a.center.y, r = a.radius;
  LD rel = std::fmod(std::atan2(py - cy, px - cx) - LD(a.start), 2 * kPiL);
  if (rel < 0) rel += 2 * kPiL;
  if (rel <= LD(a.sweep)) return std::fabs(std::hypot(px - cx, py - cy) - r);
  const LD s = LD(a.start), e = LD(a.start) + LD(a.sweep);
  return std::min(std::hypot(px - cx - r * std::cos(s), py - cy - r * std::sin(s)),
                  std::hypot(px - cx - r * std::cos(e), py - cy - r * std::sin(e)));
}

Arc random_arc(std::mt19937_64& g) {
  const double sweeps[] = {0, 1e-6, 0.3, kPi / 2, kPi, 4.5, 2 * kPi - 1e-5, 2 * kPi};
  const double sweep = g() % 3 == 0 ? sweeps[g() % 8] : uni(g, 0, 2 * kPi);
  return Arc({Real(uni(g, -50, 50)), Real(uni(g, -50, 50))}, Real(uni(g, 0.5, 30)), Real(uni(g, -10, 10)),
             Real(sweep));
}

LD tol_of(const Arc& a) { return LD(sizeof(Real) == 8 ? 1e-9 : 2e-4) * (1 + LD(a.radius) + 80); }

TEST(Arc, ClosestPointMatchesSampling) {
  std::mt19937_64 g(1);
  for (int k = 0; k < 300; ++k) {
    const Arc a = random_arc(g);
    const Vec2 p{Real(uni(g, -90, 90)), Real(uni(g, -90, 90))};
    const ArcClosest q = closest_point(a, p);
    LD bx, by;
    const LD want = ref_distance(a, p.x, p.y, &bx, &by);
    const LD tol = tol_of(a);
    ASSERT_NEAR(double(q.distance), double(want), double(tol)) << k;
    // The point lies on the arc (within tol of a sample) and at the reported distance.
    EXPECT_LE(ref_distance(a, q.point.x, q.point.y), tol) << k;
    EXPECT_NEAR(double(length(q.point - p)), double(q.distance), double(tol)) << k;
    // The normal is the radial direction at the point.
    EXPECT_NEAR(double(length(q.normal)), 1.0, 1e-5);
    EXPECT_LE(double(length(a.center + q.normal * a.radius - q.point)), double(tol)) << k;
    EXPECT_EQ(distance(a, p), q.distance);
  }
}

TEST(Arc, SpanAtDegenerateSweeps) {
  const Vec2 c{0, 0};
  // sweep 0: only the start direction.
  const Arc zero(c, 1, 0.5f, 0);
  EXPECT_TRUE(zero.spans(Rot::from_angle(0.5f).x_axis()));
  EXPECT_FALSE(zero.spans(-Rot::from_angle(0.5f).x_axis()));
  EXPECT_FALSE(zero.spans(Rot::from_angle(0.6f).x_axis()));
  // A half circle: both ends, the middle, not the opposite middle.
  const Arc half(c, 1, 0, kPi);
  EXPECT_TRUE(half.spans({1, 0}));
  EXPECT_TRUE(half.spans({0, 1}));
  EXPECT_FALSE(half.spans({0, -1}));
  // Nearly whole: everything but a gap round the start.
  const Arc most(c, 1, 1, 2 * kPi - Real(0.01));
  EXPECT_TRUE(most.spans(Rot::from_angle(1 + kPi).x_axis()));
  EXPECT_FALSE(most.spans(Rot::from_angle(Real(0.995)).x_axis()));
  const Arc whole(c, 1, 3, 2 * kPi);
  for (int k = 0; k < 16; ++k) EXPECT_TRUE(whole.spans(Rot::from_angle(Real(k)).x_axis()));
  // Against angles, over random arcs and directions away from the ends.
  std::mt19937_64 g(2);
  for (int k = 0; k < 5000; ++k) {
    const Arc a = random_arc(g);
    const double ang = uni(g, -20, 20);
    LD rel = std::fmod(LD(ang) - LD(a.start), 2 * kPiL);
    if (rel < 0) rel += 2 * kPiL;
    const LD gap = std::min({rel, std::fabs(rel - LD(a.sweep)), 2 * kPiL - rel});
    if (gap < 1e-3) continue;  // too close to an end for float
    EXPECT_EQ(a.spans(Rot::from_angle(Real(ang)).x_axis()), rel <= LD(a.sweep)) << k;
  }
}

TEST(Arc, BoundsAreTight) {
  std::mt19937_64 g(3);
  for (int k = 0; k < 300; ++k) {
    const Arc a = random_arc(g);
    const Aabb b = bounds(a);
    LD lo_x = 1e30, hi_x = -1e30, lo_y = 1e30, hi_y = -1e30;
    for (int s = 0; s <= 4000; ++s) {
      const LD t = LD(a.start) + LD(a.sweep) * s / 4000;
      const LD x = a.center.x + a.radius * std::cos(t), y = a.center.y + a.radius * std::sin(t);
      lo_x = std::min(lo_x, x), hi_x = std::max(hi_x, x), lo_y = std::min(lo_y, y), hi_y = std::max(hi_y, y);
    }
    const LD tol = tol_of(a) + LD(a.radius) * 2e-6L;  // plus the sampling's sagitta
    EXPECT_NEAR(double(b.min.x), double(lo_x), double(tol)) << k;
    EXPECT_NEAR(double(b.max.x), double(hi_x), double(tol)) << k;
    EXPECT_NEAR(double(b.min.y), double(lo_y), double(tol)) << k;
    EXPECT_NEAR(double(b.max.y), double(hi_y), double(tol)) << k;
  }
}

TEST(Arc, OverlapAndDistanceWithDisksAndPoints) {
  std::mt19937_64 g(4);
  for (int k = 0; k < 500; ++k) {
    const Arc a = random_arc(g);
    const Circle c{{Real(uni(g, -90, 90)), Real(uni(g, -90, 90))}, Real(uni(g, 0, 40))};
    const LD d = angle_distance(a, c.center.x, c.center.y) - LD(c.radius);
    const LD tol = tol_of(a);
    if (std::fabs(d) > tol) { EXPECT_EQ(overlaps(a, c), d <= 0) << k; }
    EXPECT_EQ(overlaps(a, c), overlaps(c, a));
    const DistanceResult r = distance(a, c);
    EXPECT_NEAR(double(r.distance), double(std::max(d, LD(0))), double(tol)) << k;
    EXPECT_LE(angle_distance(a, r.point_a.x, r.point_a.y), tol) << k;
    EXPECT_LE(double(length(r.point_b - c.center)), double(c.radius + tol)) << k;
    EXPECT_NEAR(double(length(r.point_a - r.point_b)), double(r.distance), double(tol)) << k;
    const DistanceResult s = distance(c, a);
    EXPECT_EQ(s.point_a, r.point_b);
    const DistanceResult pd = distance(a, Point{c.center});
    EXPECT_NEAR(double(pd.distance), double(angle_distance(a, c.center.x, c.center.y)), double(tol));
    EXPECT_TRUE(overlaps(a, Point{pd.point_a}, Real(tol)));
  }
}

TEST(Arc, RaycastMatchesRootsByAngle) {
  std::mt19937_64 g(5);
  int hits = 0;
  for (int k = 0; k < 2000; ++k) {
    const Arc a = random_arc(g);
    const Vec2 o{Real(uni(g, -90, 90)), Real(uni(g, -90, 90))};
    // Aim near the circle half of the time.
    const Vec2 aim = g() % 2 ? a.center + Rot::from_angle(Real(uni(g, 0, 7))).x_axis() * a.radius
                             : Vec2{Real(uni(g, -90, 90)), Real(uni(g, -90, 90))};
    const Vec2 dir = (aim - o) * Real(uni(g, 0.1, 3));
    if (length(dir) == 0) continue;
    const Real maxd = Real(uni(g, 0, 200));
    const RayHit h = raycast(a, Ray{o, dir, maxd});
    // Reference: both roots of the ray-circle equation, each kept when its angle is spanned.
    const LD L = std::hypot(LD(dir.x), LD(dir.y)), ux = dir.x / L, uy = dir.y / L;
    const LD fx = LD(o.x) - a.center.x, fy = LD(o.y) - a.center.y;
    const LD b = fx * ux + fy * uy, c = fx * fx + fy * fy - LD(a.radius) * a.radius, disc = b * b - c;
    LD want = -1;
    bool robust = true;
    const LD tol = tol_of(a);
    if (disc >= 0) {
      for (LD t : {-b - std::sqrt(disc), -b + std::sqrt(disc)}) {
        if (t < 0 || t > LD(maxd)) {
          if (std::fabs(t) < tol || std::fabs(t - LD(maxd)) < tol) robust = false;
          continue;
        }
        LD rel = std::fmod(std::atan2(fy + uy * t, fx + ux * t) - LD(a.start), 2 * kPiL);
        if (rel < 0) rel += 2 * kPiL;
        const LD gap = std::min(std::fabs(rel - LD(a.sweep)), 2 * kPiL - rel);
        if (gap * a.radius < 1e3L * tol || rel * a.radius < 1e3L * tol) robust = false;
        if (rel <= LD(a.sweep) || rel >= 2 * kPiL - 1e-12L) {
          want = t;
          break;
        }
      }
      if (disc * 1e6L < tol * tol) robust = false;  // a graze
    }
    if (!robust) continue;
    ASSERT_EQ(h.hit, want >= 0) << k;
    if (!h.hit) continue;
    ++hits;
    EXPECT_NEAR(double(h.distance), double(want), double(tol * 10)) << k;
    EXPECT_LE(angle_distance(a, h.point.x, h.point.y), tol * 10) << k;
    EXPECT_NEAR(double(length(h.normal)), 1.0, 1e-5);
    EXPECT_LE(dot(h.normal, dir), 0) << "the normal faces the origin";
  }
  EXPECT_GT(hits, 100);
}

TEST(Arc, DiskSweepMatchesMarch) {
  std::mt19937_64 g(6);
  int hits = 0;
  for (int k = 0; k < 400; ++k) {
    const Arc a = random_arc(g);
    const Circle c{{Real(uni(g, -90, 90)), Real(uni(g, -90, 90))}, Real(uni(g, 0, 10))};
    const Vec2 target = g() % 2 ? a.center + Rot::from_angle(Real(uni(g, 0, 7))).x_axis() * a.radius
                                : Vec2{Real(uni(g, -90, 90)), Real(uni(g, -90, 90))};
    const Vec2 v = (target - c.center) * Real(uni(g, 0.5, 1.5));
    const SweepHit h = sweep(c, v, a);
    const LD tol = tol_of(a) * 10;
    auto gap_at = [&](LD t) {
      return angle_distance(a, LD(c.center.x) + LD(v.x) * t, LD(c.center.y) + LD(v.y) * t) - LD(c.radius);
    };
    if (gap_at(0) <= 0) {
      if (gap_at(0) < -tol) { EXPECT_TRUE(h.hit && h.initially_overlapping) << k; }
      continue;
    }
    // March in time (1/2000), then bisect the first bracket where the gap reaches 0.
    LD first = -1;
    const int steps = 2000;
    for (int s = 1; s <= steps; ++s) {
      const LD t = LD(s) / steps;
      if (gap_at(t) <= 0) {
        LD lo = LD(s - 1) / steps, hi = t;
        for (int it = 0; it < 50; ++it) {
          const LD m = (lo + hi) / 2;
          (gap_at(m) <= 0 ? hi : lo) = m;
        }
        first = hi;
        break;
      }
    }
    const LD speed = std::hypot(LD(v.x), LD(v.y));
    if (first < 0) {
      if (h.hit) {  // only a graze the march stepped over may be reported
        EXPECT_LE(gap_at(h.time), tol) << k;
      }
      continue;
    }
    ASSERT_TRUE(h.hit) << k;
    ++hits;
    EXPECT_FALSE(h.initially_overlapping);
    // No earlier than the true first touch (beyond the tolerance), no later than the march.
    EXPECT_LE(std::fabs(gap_at(h.time)), tol) << k;
    EXPECT_LE(LD(h.time), first + tol / speed) << k;
    EXPECT_NEAR(double(length(h.normal)), 1.0, 1e-5);
    EXPECT_LE(angle_distance(a, h.point.x, h.point.y), tol) << k;
  }
  EXPECT_GT(hits, 60);
}

TEST(Arc, Validation) {
  const Real nan = std::numeric_limits<Real>::quiet_NaN();
  EXPECT_FALSE(validate(Arc({0, 0}, 1, 0, 1)));
  EXPECT_EQ(validate(Arc({nan, 0}, 1, 0, 1))->field, "center");
  EXPECT_EQ(validate(Arc({0, 0}, -1, 0, 1))->field, "radius");
  EXPECT_EQ(validate(Arc({0, 0}, 1, nan, 1))->field, "start");
  EXPECT_EQ(validate(Arc({0, 0}, 1, 0, 7))->field, "sweep");
  EXPECT_EQ(validate(Arc({0, 0}, 1, 0, -0.5f))->field, "sweep");
}

}  // namespace
