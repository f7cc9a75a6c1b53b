// collide2d - 2D collision detection for games. MIT License.
// The closed forms of translational sweeps against the general path they stand in for
// (detail::sweep_general: conservative advancement on the exact distance): two hulls (aabb,
// box, capsule, segment, polygon; sweep_hull.cpp: a ray cast against their Minkowski
// difference) and a disk against an aabb or a box (a ray cast against its hull grown), over
// random cases of every pair they serve: approaches that hit or miss, grazes (the swept margin
// within the tolerance and just outside it), axis-aligned faces meeting face to face and moving
// along an axis, starts within the touching tolerance, zero relative motion, overlap at the
// start, far from the origin, fast motions, degenerate shapes.
//
// Both answers are read against reference.hpp's long-double separation (support functions):
// the same initial overlap; a hit where the other misses only where the swept shapes never
// overlap by more than the tolerance; at each reported time the shapes touch within the
// tolerance and did not overlap robustly before the other's time; the closed form's normal is
// a unit vector against the motion that separates them, its point lies on both.

#include <gtest/gtest.h>

#include <cmath>
#include <variant>

#include "collide2d/sweep.hpp"
#include "query/pair_cases.hpp"
#include "query/sweep_hull.hpp"

namespace {

using namespace ref;
using collide2d::SweepHit;

struct SweepCase {
  Case a, b;
  Vec2 va, vb;
  std::string family;
};

/// The typed sweep of a case (the dispatch is checked against it).
SweepHit typed_sweep(const SweepCase& c) {
  const auto typed = [&](const auto& x, const auto& y) { return collide2d::sweep(x, c.va, y, c.vb); };
  return std::visit(typed, c.a.shape, c.b.shape);
}

bool is_hull(int k) { return k == kAabb || k == kBox || k == kCapsule || k == kSegment || k == kPolygon; }
bool is_disk(int k) { return k == kPoint || k == kCircle; }
/// The ordered pairs the closed forms serve (two aabbs have the slab test of their own).
bool served(int ka, int kb) {
  if (is_hull(ka) && is_hull(kb)) return !(ka == kAabb && kb == kAabb);
  auto boxy = [](int k) { return k == kAabb || k == kBox; };
  return (is_disk(ka) && boxy(kb)) || (boxy(ka) && is_disk(kb));
}

/// The deepest overlap (a negative separation) of the swept pair over [t0, t1]: 24 samples,
/// refined by golden-section search around the deepest.
LD deepest(const Ref& A, const Ref& B, V v, LD t0, LD t1) {
  constexpr int n = 24;
  int best = 0;
  LD s[n + 1];
  for (int k = 0; k <= n; ++k) {
    s[k] = separation(A, B, v * (t0 + (t1 - t0) * k / n)).value;
    if (s[k] < s[best]) best = k;
  }
  LD lo = t0 + (t1 - t0) * std::max(best - 1, 0) / n, hi = t0 + (t1 - t0) * std::min(best + 1, n) / n;
  const LD gr = (std::sqrt(LD(5)) - 1) / 2;
  LD x1 = hi - gr * (hi - lo), x2 = lo + gr * (hi - lo);
  LD f1 = separation(A, B, v * x1).value, f2 = separation(A, B, v * x2).value;
  for (int it = 0; it < 24; ++it) {
    if (f1 <= f2) hi = x2, x2 = x1, f2 = f1, x1 = hi - gr * (hi - lo), f1 = separation(A, B, v * x1).value;
    else lo = x1, x1 = x2, f1 = f2, x2 = lo + gr * (hi - lo), f2 = separation(A, B, v * x2).value;
  }
  return std::min({s[best], f1, f2});
}

struct Checker {
  const SweepCase& c;
  V va, vb, v;
  LD tol, speed;
  std::string what;
  bool ok = true;

  explicit Checker(const SweepCase& sc) : c(sc), va(toV(sc.va)), vb(toV(sc.vb)), v(vb - va) {
    speed = len(v);
    const LD size = std::max({c.a.ref.size(), c.b.ref.size(), speed});
    const LD offset = std::max(c.a.ref.offset(), c.b.ref.offset()) + len(va) + len(vb);
    // (at least the sweep's touching tolerance: a start within it may be a contact at t = 0)
    tol = std::max(tolerance(size, offset), 4 * LD(collide2d::kSweepRelTol) * (1 + 2 * size));
    what = "[" + c.family + "] a = " + c.a.text + "  va = " + fmtv(c.va) + "  b = " + c.b.text + "  vb = " + fmtv(c.vb);
  }
  void fail(const std::string& why, const SweepHit& h, const SweepHit& g) {
    ADD_FAILURE() << why << "\n  " << what << "\n  closed form: hit=" << h.hit << " init=" << h.initially_overlapping
                  << " time=" << fmt(h.time) << " normal=" << fmtv(h.normal) << " point=" << fmtv(h.point)
                  << "\n  general:     hit=" << g.hit << " init=" << g.initially_overlapping << " time=" << fmt(g.time)
                  << " normal=" << fmtv(g.normal);
    ok = false;
  }
  LD sep_at(LD t) const { return separation(c.a.ref, c.b.ref, v * t).value; }

  /// The closed form's contact at its time: touching, a separating unit normal against the
  /// motion, the point on both shapes.
  void check_contact(const SweepHit& h, const SweepHit& g) {
    const LD t = h.time;
    if (!(t >= 0 && t <= 1)) fail("time outside [0, 1]", h, g);
    if (sep_at(t) > tol) fail("not touching at the reported time: " + fmt(sep_at(t)) + " apart", h, g);
    const V n = toV(h.normal);
    if (std::fabs(len(n) - 1) > 1e-4L) fail("normal not unit", h, g);
    if (!(dot(n, v) < 0)) fail("normal not against the motion", h, g);
    const LD overlap = c.a.ref.support(n) + c.b.ref.support({-n.x, -n.y}) - dot(v * t, n);
    if (overlap > 2 * tol) fail("normal does not separate the shapes (overlap " + fmt(overlap) + ")", h, g);
    const V p = toV(h.point);
    const LD ea = c.a.ref.pdist(p - va * t), eb = c.b.ref.pdist(p - vb * t);
    if (std::max(ea, eb) > 2 * tol) fail("point " + fmt(ea) + " from a and " + fmt(eb) + " from b", h, g);
  }

  void run() {
    const SweepHit h = typed_sweep(c);
    const SweepHit g = collide2d::detail::sweep_general(c.a.shape, c.va, c.b.shape, c.vb);
    const SweepHit hd = collide2d::sweep(c.a.shape, c.va, c.b.shape, c.vb);
    if (hd.hit != h.hit || hd.time != h.time || !(hd.normal == h.normal) || !(hd.point == h.point))
      fail("the dispatch and the typed sweep disagree", h, g);
    const LD sep0 = sep_at(0);
    if (h.initially_overlapping != g.initially_overlapping && std::fabs(sep0) > tol)
      fail("initial overlap differs", h, g);
    if (h.initially_overlapping || g.initially_overlapping || speed == 0) return;
    if (h.hit != g.hit) {
      // only a graze: the swept shapes never overlap robustly
      const LD d = deepest(c.a.ref, c.b.ref, v, 0, 1);
      if (d < -tol) fail("hit and miss disagree, but the shapes overlap by " + fmt(-d), h, g);
    }
    if (h.hit && std::fabs(sep0) > tol) check_contact(h, g);
    if (h.hit && g.hit) {
      // neither is late: no robust overlap at the earlier of the two times
      const LD t = std::min(h.time, g.time);
      if (sep_at(t) < -tol) fail("the shapes overlap by " + fmt(-sep_at(t)) + " at the earlier time", h, g);
    }
  }
};

Vec2 velocity(Rng& g, LD scale) { return toR(unit_at(uni(g, 0, 2 * kPiL)) * (scale * uni(g, 0, 1))); }
V centre_of(const Ref& s) {
  return V{(s.support({1, 0}) - s.support({-1, 0})) / 2, (s.support({0, 1}) - s.support({0, -1})) / 2};
}

/// b placed 2-6 away from a, aimed at a (a moving too); `reach` scales the motion.
SweepCase approach(int ka, int kb, Rng& g, V off, bool deg, LD reach) {
  const LD sa = uni(g, 0.3, 2), sb = uni(g, 0.3, 2);
  const V ca = off + V{uni(g, -1, 1), uni(g, -1, 1)};
  const V cb = ca + unit_at(uni(g, 0, 2 * kPiL)) * uni(g, 2, 6);
  SweepCase c{random_shape(ka, g, ca, sa, deg && uni_int(g, 0, 1)), random_shape(kb, g, cb, sb, deg), {}, {}, ""};
  c.va = velocity(g, 1);
  const V aim = centre_of(c.a.ref) + V{uni(g, -1, 1), uni(g, -1, 1)} * (sa * 0.8L) - centre_of(c.b.ref);
  c.vb = toR(toV(c.va) + aim * (reach * uni(g, 0.5, 1.6)));
  return c;
}

/// b shifted across the motion so that the swept margin is `margin` (relative to the size).
SweepCase graze(SweepCase c, LD margin) {
  const V v = toV(c.vb) - toV(c.va);
  LD best = kInf, tb = 0;
  for (int k = 0; k <= 32; ++k) {
    const LD s = separation(c.a.ref, c.b.ref, v * (LD(k) / 32)).value;
    if (s < best) best = s, tb = LD(k) / 32;
  }
  const Separation s = separation(c.a.ref, c.b.ref, v * tb);
  c.b = translate_case(c.b, s.dir * (margin * std::max(c.a.ref.size(), c.b.ref.size()) - s.value));
  return c;
}

/// Axis-aligned faces: b moving straight along an axis at a (boxes at angle 0, aabbs).
SweepCase aligned(int ka, int kb, Rng& g, V off) {
  SweepCase c = approach(ka, kb, g, off, false, 1);
  const int axis = uni_int(g, 0, 3);
  const V dir = unit_at(kPiL / 2 * axis);
  const V ca = centre_of(c.a.ref), cb = ca - dir * uni(g, 2.5, 4) + V{-dir.y, dir.x} * uni(g, -1.5, 1.5);
  c.b = translate_case(c.b, cb - centre_of(c.b.ref));
  c.va = {0, 0};
  c.vb = toR(dir * uni(g, 1, 5));
  return c;
}

/// b placed a fraction of the touching tolerance from a, moving in any direction.
SweepCase touching(int ka, int kb, Rng& g, V off) {
  SweepCase c = approach(ka, kb, g, off, false, 1);
  const Separation s = separation(c.a.ref, c.b.ref);
  const LD eps = LD(collide2d::kSweepRelTol) * (1 + 2 * std::max(c.a.ref.size(), c.b.ref.size()));
  c.b = translate_case(c.b, s.dir * (uni(g, -0.5, 1.5) * eps - s.value));
  c.vb = toR(toV(c.va) + unit_at(uni(g, 0, 2 * kPiL)) * uni(g, 0.5, 3));
  return c;
}

std::vector<SweepCase> make_cases(int ka, int kb, std::uint64_t seed) {
  Rng g(seed * 6151 + ka * 97 + kb * 13 + 11);
  std::vector<SweepCase> out;
  auto add = [&](SweepCase c, const char* family) { c.family = family, out.push_back(std::move(c)); };
  for (int i = 0; i < 16; ++i) add(approach(ka, kb, g, {0, 0}, false, 1), "random");
  for (int i = 0; i < 8; ++i) add(approach(ka, kb, g, {0, 0}, true, 1), "degenerate");
  for (int i = 0; i < 8; ++i) {
    const LD margins[4] = {1e-3L, -1e-3L, LD(collide2d::kSweepRelTol) / 4, -LD(collide2d::kSweepRelTol) / 4};
    add(graze(approach(ka, kb, g, {0, 0}, i % 4 == 3, 1.5L), margins[i % 4]), "graze");
  }
  for (int i = 0; i < 8; ++i) add(aligned(ka, kb, g, {0, 0}), "aligned");
  for (int i = 0; i < 6; ++i) add(touching(ka, kb, g, {0, 0}), "touching");
  for (int i = 0; i < 4; ++i) {
    SweepCase c = approach(ka, kb, g, {0, 0}, false, 1);
    if (i < 2) c.vb = c.va;  // no relative motion
    else c.b = translate_case(c.b, (centre_of(c.a.ref) - centre_of(c.b.ref)) * uni(g, 0.7, 1));  // overlapping
    add(c, i < 2 ? "still" : "overlap");
  }
  for (int i = 0; i < 6; ++i) {
    const V off{(i % 2 ? 1e4L : -1e4L), (i < 3 ? 1e4L : -3e3L)};
    add(i < 4 ? approach(ka, kb, g, off, false, 1) : aligned(ka, kb, g, off), "far");
  }
  for (int i = 0; i < 4; ++i) add(approach(ka, kb, g, {0, 0}, i == 3, 25), "fast");
  return out;
}

/// One ordered pair of kinds over two seeds of cases.
void check_pair(int ka, int kb) {
  SCOPED_TRACE(std::string(kind_name(ka)) + " - " + kind_name(kb));
  int failures = 0, hits = 0, both = 0;
  for (std::uint64_t seed = 1; seed <= 2 && failures < 6; ++seed)
    for (const SweepCase& c : make_cases(ka, kb, seed)) {
      Checker k(c);
      k.run();
      failures += !k.ok;
      if (failures >= 6) break;
      const SweepHit h = typed_sweep(c);
      hits += h.hit && !h.initially_overlapping;
      both += h.hit && !h.initially_overlapping &&
              collide2d::detail::sweep_general(c.a.shape, c.va, c.b.shape, c.vb).hit;
    }
  EXPECT_GT(hits, 20) << "too few hits to compare";
  EXPECT_GE(both, hits * 9 / 10) << "the two paths disagree on more than a tenth of the hits";
}

// Every ordered pair the closed forms serve, a test per kind of a.
TEST(ClosedFormSweep, AgreesWithTheGeneralPathForAabbAndBox) {
  for (int ka : {kAabb, kBox})
    for (int kb = 0; kb < 8; ++kb)
      if (served(ka, kb)) check_pair(ka, kb);
}
TEST(ClosedFormSweep, AgreesWithTheGeneralPathForCapsuleSegmentPolygon) {
  for (int ka : {kCapsule, kSegment, kPolygon})
    for (int kb = 0; kb < 8; ++kb)
      if (served(ka, kb)) check_pair(ka, kb);
}
TEST(ClosedFormSweep, AgreesWithTheGeneralPathForDisks) {
  for (int ka : {kPoint, kCircle})
    for (int kb = 0; kb < 8; ++kb)
      if (served(ka, kb)) check_pair(ka, kb);
}

// A body resting on a floor piece slides along it over the joint with the next piece, whose top
// is collinear (a tile floor): no contact with the next piece, from either side of the pair.
// The start is far from that piece (the closed form decides), the path lies on its top's line.
TEST(ClosedFormSweep, SlideOverTheJointOfCollinearFloorPieces) {
  using namespace collide2d;
  const Aabb next{{0, -1}, {1, 0}};
  const Real r = Real(0.25);
  // (an aabb on an aabb is the slab test's, not a closed form of these)
  const std::vector<Shape> bodies = {
      Box({-1, Real(0.5)}, {Real(0.5), Real(0.5)}, 0),
      *make_polygon(std::vector<Vec2>{{Real(-1.5), 0}, {Real(-0.5), 0}, {-1, 1}}),
      *make_polygon(std::vector<Vec2>{{Real(-1.5), r}, {Real(-0.5), r}, {-1, 1}}, r),
      Capsule{{Real(-1.5), r}, {Real(-0.5), r}, r},
      Segment{{Real(-1.5), 0}, {Real(-0.5), 0}},
  };
  for (std::size_t i = 0; i < bodies.size(); ++i)
    for (const Real dx : {Real(3), Real(0.75)}) {
      const Vec2 v{dx, 0};
      const SweepHit h1 = sweep(collide2d::Shape(next), {0, 0}, bodies[i], v);
      const SweepHit h2 = sweep(bodies[i], v, collide2d::Shape(next), {0, 0});
      EXPECT_FALSE(h1.hit) << "body " << i << " (as b) stopped at t = " << h1.time << " normal " << h1.normal.x << ", " << h1.normal.y;
      EXPECT_FALSE(h2.hit) << "body " << i << " (as a) stopped at t = " << h2.time << " normal " << h2.normal.x << ", " << h2.normal.y;
      // the same slide a hair below the top's line (within the touching tolerance) passes too
      const Shape sunk = translated(bodies[i], Vec2{0, -kSweepRelTol / 2});
      EXPECT_FALSE(sweep(collide2d::Shape(next), {0, 0}, sunk, v).hit) << "body " << i << " sunk";
      // and one a little lower is stopped by the side of the next piece, the normal its face's
      const Shape low = translated(bodies[i], Vec2{0, Real(-0.1)});
      const SweepHit h3 = sweep(collide2d::Shape(next), {0, 0}, low, v);
      EXPECT_TRUE(h3.hit && !h3.initially_overlapping) << "body " << i << " low";
      if (i == 2 || i == 3) continue;  // (a rounded end meets the piece's corner)
      EXPECT_EQ(h3.normal.x, -1) << "body " << i << " low";
      EXPECT_EQ(h3.normal.y, 0) << "body " << i << " low";
    }
}

// Faces meeting face to face: the time when the gap closes (exactly where the numbers allow),
// the face's own normal, a point on both.
TEST(ClosedFormSweep, FaceToFaceTimesAndNormals) {
  using namespace collide2d;
  const Box a({0, 0}, {1, 1}, 0);
  const Polygon b = *make_polygon(std::vector<Vec2>{{3, -1}, {5, -1}, {5, 1}, {3, 1}});
  const SweepHit h = sweep(a, {0, 0}, b, {-4, 0});
  ASSERT_TRUE(h.hit);
  EXPECT_EQ(h.time, Real(0.5));
  EXPECT_EQ(h.normal.x, 1);
  EXPECT_EQ(h.normal.y, 0);
  EXPECT_NEAR(double(h.point.x), 1, 1e-6);
  EXPECT_LE(std::fabs(double(h.point.y)), 1);
  // a capsule's side onto a rotated box's face: the face's normal
  const Box r({0, 0}, {1, 2}, kPi / 6);
  const Vec2 face = r.rot().x_axis();
  const Vec2 along = r.rot().y_axis();
  const Capsule c{face * 4 - along, face * 4 + along, Real(0.5)};
  const SweepHit hc = sweep(r, {0, 0}, c, face * -5);
  ASSERT_TRUE(hc.hit);
  EXPECT_NEAR(double(hc.time), 0.5, 1e-6);
  // (the capsule's side is a face too, parallel within rounding: either normal)
  EXPECT_NEAR(double(hc.normal.x), double(face.x), 1e-6);
  EXPECT_NEAR(double(hc.normal.y), double(face.y), 1e-6);
}

}  // namespace

namespace {

// Parallel segments (their Minkowski difference has no area): crossing the line beside the
// other segment is no contact, crossing it over the other is one, for flat and rounded cores.
TEST(ClosedFormSweep, ParallelSegmentsPassBesideOrMeet) {
  using namespace collide2d;
  const Segment a{{0, 0}, {2, 0}};
  for (const Real x : {Real(-1.5), Real(2.5), Real(4)}) {  // beside a's ends
    EXPECT_FALSE(sweep(a, {0, 0}, Segment{{x, 1}, {x + 1, 1}}, {0, -2}).hit) << x;
    EXPECT_FALSE(sweep(a, {0, 0}, Capsule{{x + Real(0.5), 1}, {x + 1, 1}, Real(0.25)}, {0, -2}).hit) << x;
  }
  const SweepHit h = sweep(a, {0, 0}, Segment{{Real(1.5), 1}, {Real(2.5), 1}}, {0, -2});
  ASSERT_TRUE(h.hit);
  EXPECT_EQ(h.time, Real(0.5));
  EXPECT_EQ(h.normal.y, 1);
  EXPECT_NEAR(double(h.point.y), 0, 1e-6);
  EXPECT_GE(double(h.point.x), 1.5 - 1e-6);
  EXPECT_LE(double(h.point.x), 2 + 1e-6);
  const SweepHit hc = sweep(a, {0, 0}, Capsule{{Real(-0.5), 1}, {Real(0.5), 1}, Real(0.5)}, {0, -2});
  ASSERT_TRUE(hc.hit);
  EXPECT_NEAR(double(hc.time), 0.25, 1e-6);
  EXPECT_NEAR(double(hc.normal.y), 1, 1e-6);
}

}  // namespace

namespace {

// Edges of a and b along one line whose normals differ in the last bit (the conformance
// referee's case): the contact point is where the edges meet, on both shapes.
TEST(ClosedFormSweep, NearlyCollinearEdgesGiveAPointOnBoth) {
  using namespace collide2d;
  const Polygon a = *make_polygon(std::vector<Vec2>{{2, 12}, {5, 10}, {5, 10}, {-1, 4}, {-2, 4}, {-3, 10}, {-3, 10}});
  const Polygon b = *make_polygon(
      std::vector<Vec2>{{1, 1}, {1, 1}, {61, 17}, {61, 25}, {61, 33}, {61, 33}, {53, 41}, {33, 33}, {33, 33}});
  const Vec2 vb{Real(-67.09474686034487), Real(-21.78669181983709)};
  const SweepHit h = sweep(a, {0, 0}, b, vb);
  ASSERT_TRUE(h.hit);
  EXPECT_NEAR(double(h.time), 0.110355653, 1e-6);
  EXPECT_LE(double(distance(a, Point{h.point}).distance), 1e-4);
  EXPECT_LE(double(distance(translated(b, vb * h.time), Point{h.point}).distance), 1e-4);
}

}  // namespace
