// The one mover's direct disk kernels (src/motion/obstacle_ops.hpp: a disk body against a wall
// segment or a disk, the crowd's work) against the general path they stand in for (the
// query layer's sweep and touch through the hull kernels), over random cases: the same hit or
// miss (a disagreement only where the path grazes the obstacle within the sweep tolerance,
// measured here from the exact distance of the path), the same time within the sweep
// tolerance, the same normal within 1e-5 rad in double (1e-3 in float), the same gap.
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <string>
#include <type_traits>

#include "motion/obstacle_ops.hpp"

using namespace collide2d;
using namespace collide2d::motion_detail;

namespace {

constexpr bool kDouble = sizeof(Real) == 8;
const double kAngleTol = kDouble ? 1e-5 : 1e-3;

using W = long double;

Real uniform(std::mt19937_64& g, Real lo, Real hi) {
  return lo + (hi - lo) * Real(std::uniform_real_distribution<double>(0, 1)(g));
}

double angle_between(Vec2 a, Vec2 b) {
  const double c = double(a.x) * b.x + double(a.y) * b.y, s = double(a.x) * b.y - double(a.y) * b.x;
  return std::fabs(std::atan2(s, c));
}

/// The bits of a Real.
auto bits(Real v) { return std::bit_cast<std::conditional_t<kDouble, std::uint64_t, std::uint32_t>>(v); }

/// The same bits (one sweep by two routes).
bool same_bits(const Direct<SweepHit>& x, const Direct<SweepHit>& y) {
  const SweepHit &p = x.value, &q = y.value;
  return x.decided == y.decided && p.hit == q.hit && p.initially_overlapping == q.initially_overlapping &&
         bits(p.time) == bits(q.time) && bits(p.normal.x) == bits(q.normal.x) && bits(p.normal.y) == bits(q.normal.y) &&
         bits(p.point.x) == bits(q.point.x) && bits(p.point.y) == bits(q.point.y);
}

/// Exact (long double) distance from point p to segment ab.
W point_segment(W px, W py, Vec2 a, Vec2 b) {
  const W ex = W(b.x) - a.x, ey = W(b.y) - a.y, wx = px - a.x, wy = py - a.y;
  const W ee = ex * ex + ey * ey;
  W t = ee > 0 ? (wx * ex + wy * ey) / ee : 0;
  t = std::clamp(t, W(0), W(1));
  const W dx = wx - ex * t, dy = wy - ey * t;
  return std::sqrt(dx * dx + dy * dy);
}

/// The least distance between the segment p0-p1 (the centre's path) and the segment ab (or a
/// point when a == b), in long double: the segments cross (0) or an end point is nearest.
W path_segment(Vec2 p0, Vec2 p1, Vec2 a, Vec2 b) {
  auto orient = [](W ax, W ay, W bx, W by, W cx, W cy) { return (bx - ax) * (cy - ay) - (by - ay) * (cx - ax); };
  const W o1 = orient(p0.x, p0.y, p1.x, p1.y, a.x, a.y), o2 = orient(p0.x, p0.y, p1.x, p1.y, b.x, b.y);
  const W o3 = orient(a.x, a.y, b.x, b.y, p0.x, p0.y), o4 = orient(a.x, a.y, b.x, b.y, p1.x, p1.y);
  if (((o1 < 0 && o2 > 0) || (o1 > 0 && o2 < 0)) && ((o3 < 0 && o4 > 0) || (o3 > 0 && o4 < 0))) return 0;
  return std::min({point_segment(p0.x, p0.y, a, b), point_segment(p1.x, p1.y, a, b), point_segment(a.x, a.y, p0, p1),
                   point_segment(b.x, b.y, p0, p1)});
}

/// The exact (long double) unit direction from the point p to its nearest point on segment ab.
Vec2 exact_normal(Vec2 p, Vec2 a, Vec2 b) {
  const W ex = W(b.x) - a.x, ey = W(b.y) - a.y, wx = W(p.x) - a.x, wy = W(p.y) - a.y;
  const W ee = ex * ex + ey * ey;
  const W t = std::clamp(ee > 0 ? (wx * ex + wy * ey) / ee : W(0), W(0), W(1));
  const W dx = a.x + ex * t - p.x, dy = a.y + ey * t - p.y;
  const W l = std::sqrt(dx * dx + dy * dy);
  return {Real(dx / l), Real(dy / l)};
}

/// A normal of the direct kernel passes when it is within kAngleTol of the general path's, or
/// no farther from the exact normal than the general path's is, plus kAngleTol (rounding of
/// the coordinates turns short directions in float: both paths then carry the same error).
bool normal_ok(Vec2 direct, Vec2 general, Vec2 exact, double* err) {
  const double apart = angle_between(direct, general);
  *err = std::min(apart, angle_between(direct, exact));
  return apart <= kAngleTol || angle_between(direct, exact) <= angle_between(general, exact) + kAngleTol;
}

/// The general sweep's touching tolerance for these shapes (sweep.hpp), a little generous.
double tolerance(const Circle& c, Vec2 r, Real size, Vec2 far_point) {
  const double offset = std::max({std::fabs(double(c.center.x)), std::fabs(double(c.center.y)),
                                  std::fabs(double(c.center.x + r.x)), std::fabs(double(c.center.y + r.y)),
                                  std::fabs(double(far_point.x)), std::fabs(double(far_point.y))});
  return 4 * (double(kSweepRelTol) * (1 + 2 * double(c.radius) + double(size)) + double(kRelEps) * offset);
}

struct Tally {
  int cases = 0, decided = 0, hits = 0, grazes = 0;
  double worst_time_gap = 0, worst_angle = 0, worst_touch_gap = 0;
  int failures = 0;  ///< the first five are reported
  /// Reports a failure of case i (the first five).
  template <class Say>
  void fail(int i, Say&& say) {
    if (++failures <= 5) ADD_FAILURE() << "case " << i << ": " << say();
  }
  /// The counts and the worst errors, under `title`, and the checks on them.
  void report(const char* title) const {
    std::printf("%s: %d cases, %d decided directly, %d hits, %d graze disagreements; worst time (as gap) %.3g "
                "tol, worst normal (from the general or the exact one) %.3g rad, worst touch gap %.3g tol\n",
                title, cases, decided, hits, grazes, worst_time_gap, worst_angle, worst_touch_gap);
    EXPECT_EQ(failures, 0);
    EXPECT_GT(decided, cases * 8 / 10);
    EXPECT_GT(hits, cases / 4);
    EXPECT_LT(grazes, cases / 1000 + 5);
  }
};

/// Where a case stands: its scale (10^-1 .. 10^2) and a point within 1000 of the origin.
struct Place {
  Real scale;
  Vec2 at;
};
Place random_place(std::mt19937_64& g) {
  const Real scale = std::pow(Real(10), uniform(g, -1, 2));
  return {scale, Vec2{uniform(g, -1000, 1000), uniform(g, -1000, 1000)}};
}

/// A case: the body at c moving by r, the obstacle a segment ab (a point when a == b, the
/// centre of a disk obstacle), the tolerance and the least gap of the centre's path to the
/// obstacle's surface (exact).
struct Case {
  int i = 0;
  Circle body;
  Vec2 r, a, b;
  double tol = 0, path_gap = 0;
};

/// Compares a decided direct sweep with the general path's: the same hit or miss (a graze may
/// differ), the time within the tolerance (as a gap: the time difference times the closing
/// speed), the normal. True when both hit (the caller may check more).
bool compare_sweep(const Case& k, const SweepHit& direct, const SweepHit& gen, Tally& t) {
  ++t.decided;
  const bool graze = std::fabs(k.path_gap) <= k.tol;
  if (gen.initially_overlapping) {
    t.fail(k.i, [] { return "decided, but the general path overlaps at the start"; });
    return false;
  }
  if (direct.hit != gen.hit) {
    if (graze) ++t.grazes;
    else t.fail(k.i, [&] {
      return std::string("direct ") + (direct.hit ? "hit" : "miss") + ", general " + (gen.hit ? "hit" : "miss") +
             ", the path's least gap " + std::to_string(k.path_gap) + " (tol " + std::to_string(k.tol) + ")";
    });
    return false;
  }
  if (!direct.hit) return false;
  ++t.hits;
  // (at a graze the time is ill-posed)
  const double closing = std::fabs(double(dot(k.r, direct.normal)));
  const double dgap = std::fabs(double(direct.time - gen.time)) * closing;
  double ang = 0;
  const Vec2 exact = exact_normal(k.body.center + k.r * direct.time, k.a, k.b);
  const bool n_ok = normal_ok(direct.normal, gen.normal, exact, &ang);
  if (!graze) t.worst_time_gap = std::max(t.worst_time_gap, dgap / k.tol);
  if (!graze) t.worst_angle = std::max(t.worst_angle, ang);
  if (!graze && (dgap > k.tol || !n_ok))
    t.fail(k.i, [&] {
      return "time " + std::to_string(double(direct.time)) + " vs " + std::to_string(double(gen.time)) +
             " (gap diff " + std::to_string(dgap) + ", tol " + std::to_string(k.tol) + "), normals " +
             std::to_string(ang) + " rad apart";
    });
  return true;
}

/// Compares the direct touch where the body stands with the general path's and the exact gap:
/// the gap within the tolerance, the normal (where the general path leaves its normal
/// unresolved, rounding of its probe, the direct one must still be the exact one).
void compare_touch(const Case& k, const Touch& direct, const Touch& gen, double exact_gap, Tally& t) {
  const double dg = std::fabs(double(direct.gap) - exact_gap);
  t.worst_touch_gap = std::max(t.worst_touch_gap, dg / k.tol);
  double ang = 0;
  const Vec2 exact = exact_normal(k.body.center, k.a, k.b);
  const bool n_ok = normal_ok(direct.normal, gen.normal, exact, &ang);
  t.worst_angle = std::max(t.worst_angle, ang);
  if (dg > k.tol || !n_ok || (!gen.reliable && angle_between(direct.normal, exact) > kAngleTol))
    t.fail(k.i, [&] {
      return "touch gap " + std::to_string(double(direct.gap)) + " vs exact " + std::to_string(exact_gap) +
             ", general " + std::to_string(double(gen.gap)) + "; normals " + std::to_string(ang) + " rad apart";
    });
}

}  // namespace

TEST(DirectKernels, DiskSegmentMatchesTheGeneralPath) {
  std::mt19937_64 g(424242);
  Tally t;
  int start_misses = 0;
  for (int i = 0; i < 100000; ++i) {
    const auto [scale, at] = random_place(g);
    const Vec2 a = at + Vec2{uniform(g, -20, 20), uniform(g, -20, 20)} * scale;
    const Vec2 b = (i % 50 == 0) ? a + Vec2{scale * Real(1e-3), 0}
                                 : a + Rot::from_angle(uniform(g, 0, 2 * kPi)).x_axis() * (uniform(g, Real(0.1), 30) * scale);
    const WallEdge e = make_edge(a, b);
    const Real radius = uniform(g, Real(0.05), 3) * scale;
    Vec2 c = a + Rot::from_angle(uniform(g, 0, 2 * kPi)).x_axis() * (uniform(g, 0, 40) * scale);
    // Aim at a point near the segment, or (one in four) slide along it at about the radius.
    Vec2 target = a + (b - a) * uniform(g, Real(-0.3), Real(1.3)) + Vec2{uniform(g, -2, 2), uniform(g, -2, 2)} * radius;
    if (i % 4 == 0) {
      // (at a gap from a hair to a fifth of the radius: a body a skin off a wall it slides on)
      const Real gap = radius * std::pow(Real(10), uniform(g, kDouble ? -9 : -5, Real(-0.7)));
      c = a + e.normal * (radius + gap) - (b - a) * uniform(g, 0, 1);
      target = c + (b - a) * uniform(g, 1, 2) + e.normal * (radius * uniform(g, Real(-0.01), Real(0.01)));
    }
    const Vec2 r = (target - c) * uniform(g, Real(0.3), 2);
    if (length(r) == 0) continue;
    const Circle body{c, radius};
    ++t.cases;
    const Case k{i, body, r, a, b, tolerance(body, r, length(b - a), b),
                 double(path_segment(c, c + r, a, b) - W(radius))};

    // The sweep.
    const Direct<SweepHit> d = sweep_disk_segment(body, r, length(r), a, b, e.normal);
    if (d.decided && compare_sweep(k, d.value, sweep(body, r, Segment{a, b}, Vec2{}), t)) {
      // The contact point is on the disk where it touches, and on the segment.
      const Vec2 centre = c + r * d.value.time;
      const double off = std::fabs(double(length(d.value.point - centre) - radius)) +
                         double(point_segment(d.value.point.x, d.value.point.y, a, b));
      // (the ray - disk quadratic of both paths loses about eps |m|^2 / R to cancellation over
      // a path |m| long: allowed on top)
      const double m = double(length(c - a)) + double(length(r));
      const double cancel = 4 * double(std::numeric_limits<Real>::epsilon()) * m * m / double(radius);
      if (off > 4 * k.tol + cancel)
        t.fail(i, [&] {
          return "contact point off by " + std::to_string(off) + ", time " + std::to_string(double(d.value.time)) +
                 ", segment length " + std::to_string(double(length(b - a))) + ", radius " +
                 std::to_string(double(radius));
        });
    }

    // The touch, where the body stands.
    DiskEdge seen{-1, 0};
    const Direct<Touch> td = touch_disk_segment(body, a, b, e.normal, &seen);
    if (td.decided)
      compare_touch(k, td.value, touch_pair(body, Segment{a, b}, move_skin(body, r, MoveOptions{})),
                    double(point_segment(c.x, c.y, a, b) - W(radius)), t);

    // The sweep from what the touch saw (the mover's, from where its last gather touched the
    // wall), decided or not, is the sweep bit for bit; so is one from an unknown DiskEdge.
    // (what it saw: the sweep's own length(b - a) and length(c - q), bit for bit)
    const Real size = length(b - a), dist = length(c - detail::closest_on_segment(c, a, b));
    if (bits(seen.size) != bits(size) || bits(seen.dist) != bits(dist))
      t.fail(i, [&] { return std::string("the touch's DiskEdge is not the sweep's length and distance"); });
    if (!same_bits(sweep_disk_segment(body, r, length(r), a, b, e.normal, &seen), d))
      t.fail(i, [&] { return std::string("the sweep from the touch's DiskEdge differs"); });
    const DiskEdge unknown{-1, 0};
    if (!same_bits(sweep_disk_segment(body, r, length(r), a, b, e.normal, &unknown), d))
      t.fail(i, [&] { return std::string("the sweep from an unknown DiskEdge differs"); });

    // The sweep's first tests alone (the mover's disk skips the sweep on their miss): the same
    // from the touch's DiskEdge, and a miss there is the sweep's decided miss, with the path
    // off the segment (its least gap, long double, not below minus the tolerance).
    const DiskSegmentStart st = disk_segment_start(body, r, length(r), a, b, e.normal, &seen);
    if (st.state != disk_segment_start(body, r, length(r), a, b, e.normal, nullptr).state)
      t.fail(i, [&] { return std::string("the sweep's start from the touch's DiskEdge differs"); });
    if (st.state == DiskSegmentStart::miss && (!d.decided || d.value.hit || !(k.path_gap >= -k.tol)))
      t.fail(i, [&] { return "the sweep's start misses, path gap " + std::to_string(k.path_gap); });
    start_misses += st.state == DiskSegmentStart::miss;
  }
  EXPECT_GT(start_misses, 1000);  // (the case mix reaches the start's misses)
  t.report("disk - segment");
}

TEST(DirectKernels, DiskDiskMatchesTheGeneralPath) {
  std::mt19937_64 g(777);
  Tally t;
  for (int i = 0; i < 100000; ++i) {
    const auto [scale, at] = random_place(g);
    const Circle o{at, uniform(g, Real(0.05), 3) * scale};
    const Real radius = uniform(g, Real(0.05), 3) * scale;
    const Vec2 c = at + Rot::from_angle(uniform(g, 0, 2 * kPi)).x_axis() * (uniform(g, 0, 30) * scale);
    const Vec2 target = at + Vec2{uniform(g, -1, 1), uniform(g, -1, 1)} * (o.radius + radius) * Real(1.2);
    const Vec2 r = (target - c) * uniform(g, Real(0.3), 2);
    if (length(r) == 0) continue;
    const Circle body{c, radius};
    ++t.cases;
    const Case k{i, body, r, at, at, tolerance(body, r, 2 * o.radius, at + Vec2{o.radius, o.radius}),
                 double(path_segment(c, c + r, at, at) - W(radius) - W(o.radius))};
    const Direct<SweepHit> d = sweep_disk_disk(body, r, o);
    if (d.decided) compare_sweep(k, d.value, sweep(body, r, o, Vec2{}), t);
    const Direct<Touch> td = touch_disk_disk(body, o);
    if (td.decided)
      compare_touch(k, td.value, touch_pair(body, o, move_skin(body, r, MoveOptions{})),
                    double(std::hypot(W(c.x) - at.x, W(c.y) - at.y) - W(radius) - W(o.radius)), t);
  }
  t.report("disk - disk");
}

// The touches' margin at rest is the sweeps' margin with no motion, bit for bit (signed zeros,
// magnitudes from tiny to the inputs' limit), so a touch decides exactly as before.
TEST(DirectKernels, MarginAtRestIsTheMarginWithNoMotion) {
  std::mt19937_64 g(4242);
  const Real scales[] = {Real(0), Real(-0.0), Real(1e-30), Real(1), Real(37.5), Real(1e6), Real(1e12)};
  int cases = 0;
  for (int k = 0; k < 20000; ++k) {
    const Real sx = scales[g() % 7], sy = scales[g() % 7];
    const Circle c{{uniform(g, -1, 1) * sx, uniform(g, -1, 1) * sy}, uniform(g, 0, 3)};
    const Real size = k % 3 == 0 ? Real(0) : uniform(g, 0, 100);
    const Circle cz{{k % 2 ? Real(-0.0) : c.center.x, k % 5 == 0 ? Real(-0.0) : c.center.y}, c.radius};
    for (const Circle& d : {c, cz}) {
      ASSERT_EQ(bits(direct_margin(d, size)), bits(direct_margin(d, size, Vec2{})))
          << "case " << k << " centre " << d.center.x << "," << d.center.y << " size " << size;
      ++cases;
    }
  }
  EXPECT_EQ(cases, 40000);
}
