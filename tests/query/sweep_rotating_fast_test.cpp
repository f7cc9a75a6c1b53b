// collide2d - 2D collision detection for games. MIT License.
// Rotating sweeps of hulls (boxes, polygons, segments, capsules) against hulls and disks, the
// shapes and motions of the benchmark pools and faster spins, a swinging about a far pivot in a
// third of the cases and both bodies turning in another third (b about a pivot off its centre). They exercise the sweep's axis steps: the first
// axis between the box centres (which also stands in for the overlap test), axes carried by a
// turning body, secant guesses kept only under the chord bound.
//
// The answer is checked against an independent one: the test poses the shapes itself (long
// double, from the input fields) on a grid of 2001 times and asks the exact overlap test.
//  - no grid time before the reported time may overlap (a contact the sweep stepped over);
//  - a grid time that overlaps means a hit no later than it;
//  - at the reported time the shapes are within the tolerance (their exact distance).

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "collide2d/sweep.hpp"

namespace {

using namespace collide2d;
using LD = long double;

/// A shape by its input fields: a hull (box centre / half-extents / angle, polygon points,
/// segment or capsule ends) or a disk.
struct Body {
  enum Kind { kBox, kPolygon, kSegment, kCapsule, kCircle } kind;
  std::vector<Vec2> pts;  // polygon points, segment / capsule ends, box or disk centre
  Vec2 half;              // box half-extents
  Real angle = 0, radius = 0;
};

struct Motion {
  Vec2 pivot, velocity;
  Real turn = 0;
};

Vec2 place(const Motion& m, Vec2 p, LD t) {
  const LD c = std::cos(LD(m.turn) * t), s = std::sin(LD(m.turn) * t);
  const LD x = LD(p.x) - m.pivot.x, y = LD(p.y) - m.pivot.y;
  return {Real(m.pivot.x + m.velocity.x * t + c * x - s * y), Real(m.pivot.y + m.velocity.y * t + s * x + c * y)};
}

Shape shape_at(const Body& b, const Motion& m, LD t) {
  switch (b.kind) {
    case Body::kBox: return Box(place(m, b.pts[0], t), b.half, Real(LD(b.angle) + LD(m.turn) * t));
    case Body::kSegment: return Segment{place(m, b.pts[0], t), place(m, b.pts[1], t)};
    case Body::kCapsule: return Capsule{place(m, b.pts[0], t), place(m, b.pts[1], t), b.radius};
    case Body::kCircle: return Circle{place(m, b.pts[0], t), b.radius};
    case Body::kPolygon: {
      std::vector<Vec2> q;
      for (Vec2 p : b.pts) q.push_back(place(m, p, t));
      if (auto p = make_polygon(q)) return *p;
      return Point{q[0]};  // (not reached for the well-rounded octagons below)
    }
  }
  return Point{};
}

Body make_body(std::mt19937& rng, Body::Kind kind, Vec2 c) {
  std::uniform_real_distribution<float> u(0, 1);
  Body b{kind, {c}, {}, 0, 0};
  const Real ang = Real(6.2831853 * u(rng));
  const Vec2 dir{std::cos(ang), std::sin(ang)};
  switch (kind) {
    case Body::kBox: b.half = {Real(0.15 + 0.4 * u(rng)), Real(0.02 + 0.4 * u(rng))}, b.angle = ang; break;
    case Body::kCapsule: b.radius = Real(0.05 + 0.2 * u(rng)); [[fallthrough]];
    case Body::kSegment: {
      const Real h = Real(0.2 + 0.5 * u(rng));
      b.pts = {c - dir * h, c + dir * h};
      break;
    }
    case Body::kCircle: b.radius = Real(0.1 + 0.4 * u(rng)); break;
    case Body::kPolygon: {
      b.pts.clear();
      const Real r = Real(0.25 + 0.35 * u(rng));
      for (int k = 0; k < 8; ++k) {
        const Real a = ang + Real(0.785398 * k), rk = r * Real(0.8 + 0.2 * u(rng));
        b.pts.push_back(c + Vec2{std::cos(a), std::sin(a)} * rk);
      }
      break;
    }
  }
  return b;
}

Vec2 centre_of(const Body& b) {
  if (b.kind == Body::kPolygon) return rotation_center(shape_at(b, {}, 0));
  if (b.kind == Body::kSegment || b.kind == Body::kCapsule) return (b.pts[0] + b.pts[1]) * Real(0.5);
  return b.pts[0];
}

struct Tally {
  int cases = 0, hits = 0;
};

/// The sweep of ba and bb checked (see the file's comment); the sweep's inputs are the bodies
/// at t = 0, or a_in and b_in when given (the same shapes built otherwise).
void check_case(const Body& ba, const Motion& ma, const Body& bb, const Motion& mb, Tally& tally,
                const Shape* a_in = nullptr, const Shape* b_in = nullptr) {
  const Shape a0 = a_in ? *a_in : shape_at(ba, ma, 0), b0 = b_in ? *b_in : shape_at(bb, mb, 0);
  if (overlaps(a0, b0)) return;
  const RigidMotion ra{ma.velocity, ma.turn, ma.pivot}, rb{mb.velocity, mb.turn, mb.pivot};
  const auto res = sweep_rotating(a_in ? *a_in : a0, ra, b_in ? *b_in : b0, rb);
  ASSERT_TRUE(res);
  ++tally.cases;
  tally.hits += res->hit;
  // the tolerance: the sweep's own, doubled, plus the rounding of the coordinates reached
  auto diag = [](Aabb x) { return double(length(x.max - x.min)); };
  const double size = std::max(diag(bounds(a0)), diag(bounds(b0)));
  const double reach = 10 + size;
  const double tol = 2 * double(kRotatingSweepRelTol) * (1 + size) + 64 * double(kRelEps) * reach;
  constexpr int kGrid = 2000;
  const double t_end = res->hit ? double(res->time) : 1.0;
  for (int k = 0; k <= kGrid; ++k) {
    const LD t = LD(k) / kGrid;
    const bool touch = overlaps(shape_at(ba, ma, t), shape_at(bb, mb, t));
    if (!touch) continue;
    // a contact on the grid: a hit no later than it (up to a touch within rounding)
    ASSERT_TRUE(res->hit) << "the sweep missed a contact at t = " << double(t);
    if (double(t) < t_end) {
      const Manifold m = contact(shape_at(ba, ma, t), shape_at(bb, mb, t));
      EXPECT_LE(double(m.depth), tol) << "a contact at t = " << double(t) << " before the reported " << t_end;
    }
    break;
  }
  if (res->hit) {
    const DistanceResult d = distance(shape_at(ba, ma, t_end), shape_at(bb, mb, t_end));
    EXPECT_LE(double(d.distance), tol) << "not touching at the reported time " << t_end;
    EXPECT_NEAR(double(length(res->normal)), 1.0, 1e-4);
    // the contact point lies on both shapes (within the tolerance)
    const Shape pt = Point{res->point};
    EXPECT_LE(double(distance(pt, shape_at(ba, ma, t_end)).distance), tol) << "contact point off a";
    EXPECT_LE(double(distance(pt, shape_at(bb, mb, t_end)).distance), tol) << "contact point off b";
  }
}

/// The first time at which a (moving) and b (still) share a point: the first of 2000 grid times
/// that overlaps, then bisection below it (the shapes close in monotonically there).
double first_contact(const Body& ba, const Motion& ma, const Body& bb) {
  const Shape b = shape_at(bb, {}, 0);
  LD lo = 0, hi = 1;
  for (int k = 1; k <= 2000; ++k) {
    if (overlaps(shape_at(ba, ma, LD(k) / 2000), b)) {
      lo = LD(k - 1) / 2000, hi = LD(k) / 2000;
      break;
    }
  }
  for (int i = 0; i < 60; ++i) {
    const LD mid = (lo + hi) / 2;
    (overlaps(shape_at(ba, ma, mid), b) ? hi : lo) = mid;
  }
  return double(hi);
}

// A turning square's corner meets the flat face x = 0.6 of a still wall (box, polygon,
// rounded segment): the stopping test is then read from the corner and a point just inside the
// face (no distance). The reported time is the contact's within the tolerance (never after
// it), the normal is the face's and the point is the corner's.
TEST(RotatingSweepAxes, CornerAgainstFace) {
  const Body square_box{Body::kBox, {{0, 0}}, {Real(0.5), Real(0.5)}, 0, 0};
  const Body square_poly{Body::kPolygon, {{-0.5, -0.5}, {0.5, -0.5}, {0.5, 0.5}, {-0.5, 0.5}}, {}, 0, 0};
  const Body walls[] = {
      {Body::kBox, {{1.1, 0}}, {Real(0.5), Real(2)}, 0, 0},
      {Body::kPolygon, {{0.6, -2}, {1.6, -2}, {1.6, 2}, {0.6, 2}}, {}, 0, 0},
      {Body::kCapsule, {{0.7, -2}, {0.7, 2}}, {}, 0, Real(0.1)},
  };
  for (const Body& mover : {square_box, square_poly}) {
    for (const Body& wall : walls) {
      for (Real turn : {Real(1.5), Real(-1.5), Real(4)}) {
        const Motion ma{{0, 0}, {}, turn};
        const Shape a0 = shape_at(mover, ma, 0), b0 = shape_at(wall, {}, 0);
        const auto res = sweep_rotating(a0, RigidMotion{{}, turn, Vec2{0, 0}}, b0, RigidMotion{});
        ASSERT_TRUE(res && res->hit);
        const double t_ref = first_contact(mover, ma, wall);
        EXPECT_LE(double(res->time), t_ref + 1e-6);
        EXPECT_GE(double(res->time), t_ref - 1e-4);
        EXPECT_GT(double(res->normal.x), 1 - 1e-6);
        const Shape pt = Point{res->point};
        EXPECT_LE(double(distance(pt, shape_at(mover, ma, res->time)).distance), 1e-4);
        EXPECT_LE(double(distance(pt, b0).distance), 1e-4);
        EXPECT_NEAR(double(res->point.x), 0.6, 1e-4);
      }
    }
  }
}

void run_pair(Body::Kind ka, Body::Kind kb, unsigned seed, int count) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> u(0, 1);
  Tally tally;
  for (int i = 0; i < count; ++i) {
    const Vec2 ca{Real(8 * u(rng) - 4), Real(8 * u(rng) - 4)};
    const Real ang = Real(6.2831853 * u(rng)), dist = Real(1.2 + 1.6 * u(rng));
    const Vec2 cb = ca + Vec2{std::cos(ang), std::sin(ang)} * dist;
    const Body ba = make_body(rng, ka, ca), bb = make_body(rng, kb, cb);
    Motion ma{centre_of(ba), (cb - ca) * Real(0.2 + 1.0 * u(rng)) + Vec2{Real(0.8 * u(rng) - 0.4), Real(0.8 * u(rng) - 0.4)},
              Real(12 * u(rng) - 6)};
    Motion mb{centre_of(bb), {}, 0};
    if (i % 3 == 1) {  // a swings about a far pivot (its faces' axes then turn about that pivot)
      const Real pa = Real(6.2831853 * u(rng)), pr = Real(1.5 + 3 * u(rng));
      ma.pivot = ca + Vec2{std::cos(pa), std::sin(pa)} * pr;
      ma.turn = Real((2 * u(rng) - 1) * 2.5 / pr);
      ma.velocity = ma.velocity * Real(0.5);
    }
    if (i % 3 == 2) {  // b turns too, about a pivot off its centre, and drifts
      mb.pivot = centre_of(bb) + Vec2{Real(0.6 * u(rng) - 0.3), Real(0.6 * u(rng) - 0.3)};
      mb.turn = Real(4 * u(rng) - 2);
      mb.velocity = {Real(0.6 * u(rng) - 0.3), Real(0.6 * u(rng) - 0.3)};
    }
    check_case(ba, ma, bb, mb, tally);
    if (::testing::Test::HasFatalFailure()) return;
  }
  // the pools reach contacts as well as misses
  EXPECT_GT(tally.hits, tally.cases / 10);
  EXPECT_LT(tally.hits, tally.cases);
}

TEST(RotatingSweepAxes, BoxesAgainstHullsAndDisks) {
  for (auto kb : {Body::kBox, Body::kPolygon, Body::kSegment, Body::kCapsule, Body::kCircle}) run_pair(Body::kBox, kb, 11 + kb, 60);
}

TEST(RotatingSweepAxes, PolygonsAgainstHullsAndDisks) {
  for (auto kb : {Body::kBox, Body::kPolygon, Body::kSegment, Body::kCapsule, Body::kCircle}) run_pair(Body::kPolygon, kb, 23 + kb, 60);
}

TEST(RotatingSweepAxes, SegmentsAndCapsulesAgainstHulls) {
  for (auto ka : {Body::kSegment, Body::kCapsule}) {
    for (auto kb : {Body::kBox, Body::kPolygon, Body::kSegment, Body::kCapsule}) run_pair(ka, kb, 37 + 5 * ka + kb, 60);
  }
}

/// A polygon's vertices and normals as stored (bits), to see that a sweep leaves them alone.
std::vector<Vec2> stored(const Shape& s) {
  const Polygon& p = std::get<Polygon>(s);
  std::vector<Vec2> out;
  for (int i = 0; i < p.count(); ++i) out.push_back(p.vertex(i)), out.push_back(p.normal(i));
  return out;
}

}  // namespace

// The sweep reads its input shapes in place (no copies): two turning polygons that share one
// storage (b is a translated, i.e. offset, copy of a, and once a itself) are swept, with sweeps
// of other polygons in between (whose posed copies take the thread's spare storage). The
// answers pass the independent check, the inputs' vertices and normals keep their bits, and the
// same sweep repeated gives the same bits.
TEST(RotatingSweepAxes, InputPolygonsAreReadInPlace) {
  std::mt19937 rng(77);
  std::uniform_real_distribution<float> u(0, 1);
  Tally tally;
  for (int i = 0; i < 120; ++i) {
    const Vec2 ca{Real(4 * u(rng) - 2), Real(4 * u(rng) - 2)};
    const Real ang = Real(6.2831853 * u(rng)), dist = Real(1.2 + 1.4 * u(rng));
    const Vec2 d = Vec2{std::cos(ang), std::sin(ang)} * dist;
    const Body ba = make_body(rng, Body::kPolygon, ca);
    Body bb = ba;
    for (Vec2& p : bb.pts) p = p + d;
    const Shape a0 = shape_at(ba, {}, 0), b0 = translated(a0, d);  // b0 shares a0's storage
    ASSERT_EQ(std::get<Polygon>(a0).base_vertices(), std::get<Polygon>(b0).base_vertices());
    const std::vector<Vec2> a_bits = stored(a0), b_bits = stored(b0);
    const Motion ma{centre_of(ba), d * Real(0.3 + 0.9 * u(rng)), Real(12 * u(rng) - 6)};
    const Motion mb{centre_of(bb) + Vec2{Real(0.4 * u(rng) - 0.2), 0}, d * Real(-0.3 * u(rng)), Real(6 * u(rng) - 3)};
    check_case(ba, ma, bb, mb, tally, &a0, &b0);
    if (::testing::Test::HasFatalFailure()) return;
    const RigidMotion ra{ma.velocity, ma.turn, ma.pivot}, rb{mb.velocity, mb.turn, mb.pivot};
    const auto first = sweep_rotating(a0, ra, b0, rb);
    // other turning polygons in between (3 to 8 vertices: the spares change size)
    std::vector<Vec2> ring;
    const int n = 3 + i % 6;
    for (int k = 0; k < n; ++k) ring.push_back(ca + Vec2{std::cos(Real(6.2831853 * k / n)), std::sin(Real(6.2831853 * k / n))} * Real(0.3));
    const auto made = make_polygon(ring);
    ASSERT_TRUE(made);
    const Shape other = *made;
    (void)sweep_rotating(other, RigidMotion{d, 2, {}}, b0, rb);
    (void)sweep_rotating(b0, rb, other, RigidMotion{{}, -3, {}});
    const auto again = sweep_rotating(a0, ra, b0, rb);
    ASSERT_TRUE(first && again);
    EXPECT_EQ(first->hit, again->hit);
    EXPECT_EQ(first->time, again->time);
    EXPECT_EQ(first->normal, again->normal);
    EXPECT_EQ(first->point, again->point);
    // a with itself, turning two ways: overlapping at the start
    const auto self = sweep_rotating(a0, ra, a0, rb);
    ASSERT_TRUE(self);
    EXPECT_TRUE(self->hit && self->initially_overlapping);
    EXPECT_EQ(stored(a0), a_bits);
    EXPECT_EQ(stored(b0), b_bits);
  }
  EXPECT_GT(tally.hits, tally.cases / 10);
  EXPECT_LT(tally.hits, tally.cases);
}

// Turning polygons are posed into storage kept between sweeps on the thread: a polygon handed
// out by moved_shape keeps its vertices through later sweeps and poses (they must not write
// into storage it still holds), and the same sweep repeated gives the same answer.
TEST(RotatingSweepAxes, PosedPolygonStorageIsNotShared) {
  const std::vector<Vec2> oct = {{1, 0}, {0.7f, 0.7f}, {0, 1}, {-0.7f, 0.7f}, {-1, 0}, {-0.7f, -0.7f}, {0, -1}, {0.7f, -0.7f}};
  const Shape a = *make_polygon(oct), b = *make_polygon(std::vector<Vec2>{{3, -1}, {5, -1}, {5, 1}, {3, 1}});
  const RigidMotion ma{{2.5f, 0.3f}, 2.0f, {}}, mb{{-0.2f, 0}, -1.0f, {}};
  const Shape kept = moved_shape(a, ma, 0.5f);
  const Polygon& kp = std::get<Polygon>(kept);
  std::vector<Vec2> before;
  for (int i = 0; i < kp.count(); ++i) before.push_back(kp.vertex(i));
  const auto first = sweep_rotating(a, ma, b, mb);
  for (int k = 0; k < 3; ++k) {
    const Shape other = moved_shape(b, mb, Real(0.1 * k));  // more poses in between
    const auto again = sweep_rotating(a, ma, b, mb);
    ASSERT_TRUE(first && again && first->hit && again->hit);
    EXPECT_EQ(first->time, again->time);
    EXPECT_EQ(first->normal, again->normal);
    EXPECT_EQ(first->point, again->point);
    EXPECT_EQ(std::get<Polygon>(other).count(), 4);
  }
  // independent pose of the kept polygon, in long double
  const Motion m{{0, 0}, ma.velocity, ma.angular_velocity};
  for (int i = 0; i < kp.count(); ++i) {
    EXPECT_EQ(kp.vertex(i), before[size_t(i)]);
    bool found = false;
    for (Vec2 p : oct) {
      const Vec2 q = place(m, p, 0.5L);
      found = found || (std::fabs(q.x - kp.vertex(i).x) < 1e-5f && std::fabs(q.y - kp.vertex(i).y) < 1e-5f);
    }
    EXPECT_TRUE(found) << i;
  }
}

// The rotation by omega t (the sweep's own sine and cosine series, summed in Estrin's order) is
// within two units in the last place of the scalar of the long double one, for angles up to
// forty radians either way: a point one away from the pivot, turned and read back.
TEST(RotatingSweepAxes, PosesTurnByTheAngle) {
  std::mt19937 rng(5);
  std::uniform_real_distribution<double> u(-1, 1);
  const LD ulp = LD(std::numeric_limits<Real>::epsilon());
  LD worst = 0;
  for (int k = 0; k < 20000; ++k) {
    const Real angle = Real(u(rng) * (k % 4 == 0 ? 0.8 : 40));
    const Shape p = moved_shape(Point{{1, 0}}, RigidMotion{{0, 0}, angle, Vec2{0, 0}}, 1);
    const Vec2 at = std::get<Point>(p).at;
    const LD err = std::max(std::fabs(LD(at.x) - std::cos(LD(angle))), std::fabs(LD(at.y) - std::sin(LD(angle))));
    worst = std::max(worst, err);
  }
  EXPECT_LE(double(worst), double(2 * ulp));
}

// A polygon handed out by moved_shape carries a measured Polygon::normal_turn (the sweep's own
// poses skip that measure, which only contact's filters read): below 1, so contact's filters
// can use it, and a true bound on the angle between each stored normal and the outward normal
// of its edge between the stored vertices, measured here in long double. Turns of up to forty
// radians about pivots near and far.
TEST(RotatingSweepAxes, MovedPolygonsCarryAMeasuredTurnBound) {
  std::mt19937 rng(91);
  std::uniform_real_distribution<float> u(0, 1);
  for (int i = 0; i < 4000; ++i) {
    const Real far = i % 3 == 0 ? Real(1000) : Real(4);
    const Vec2 c{far * (2 * u(rng) - 1), far * (2 * u(rng) - 1)};
    const Shape base = shape_at(make_body(rng, Body::kPolygon, c), {}, 0);
    const Vec2 pivot = i % 2 ? c + Vec2{far * (u(rng) - Real(0.5)), 0} : rotation_center(base);
    const RigidMotion m{{2 * u(rng) - 1, 2 * u(rng) - 1}, Real(80 * u(rng) - 40), pivot};
    const Shape moved = moved_shape(base, m, u(rng));
    const Polygon& p = std::get<Polygon>(moved);
    SCOPED_TRACE("case " + std::to_string(i));
    EXPECT_LT(p.normal_turn(), 1);
    const Vec2* v = p.base_vertices();
    for (int k = 0; k < p.count(); ++k) {
      const Vec2 a = v[k], b = v[(k + 1) % p.count()], n = p.normal(k);
      const LD ex = LD(b.x) - a.x, ey = LD(b.y) - a.y;
      EXPECT_LE(std::atan2(std::fabs(-n.x * ex - n.y * ey), n.x * ey - n.y * ex), LD(p.normal_turn()));
    }
  }
}
