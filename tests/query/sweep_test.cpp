// collide2d - 2D collision detection for games. MIT License.
// Sweeps (time of impact) for every ordered pair of the eight shapes, against an independent
// long-double reference built on reference.hpp (support functions; nothing from the library's
// geometry): b moves by v = vb - va relative to a; for each pair of convex pieces the
// separation at a time is the reference's direction-scan separation, sampled densely over
// [0, 1], refined around the closest sample by golden-section search and bracketed by
// bisection for the first contact. The library's answer is then read the way the conformance
// checker reads it: initial overlap, hit/miss unless the swept margin is within tolerance, the
// shapes touch at the reported time and do not overlap robustly just before, the point lies on
// both moved shapes and the normal separates them.

#include <gtest/gtest.h>

#include <cmath>
#include <variant>

#include "collide2d/sweep.hpp"
#include "query/pair_cases.hpp"

namespace {

using namespace ref;
using collide2d::Shape;
using collide2d::SweepHit;

collide2d::SweepHit typed_sweep(const Shape& a, Vec2 va, const Shape& b, Vec2 vb) {
  return std::visit([&](const auto& x, const auto& y) { return collide2d::sweep(x, va, y, vb); }, a, b);
}

// ---- the reference ----

/// Gap between convex pieces pa and pb + p (negative: they overlap): minus the minimum over
/// unit u of h_A(u) + h_B(-u) - p.u, by a scan of 96 directions refined by golden-section
/// search around the three lowest local minima (a lighter version of reference.hpp's sigma).
LD piece_gap(const Piece& pa, const Piece& pb, V p) {
  constexpr int n = 96;
  auto f = [&](LD ang) {
    V u = unit_at(ang);
    return pa.support(u) + pb.support({-u.x, -u.y}) - dot(p, u);
  };
  LD vals[n];
  LD best = kInf;
  for (int k = 0; k < n; ++k) best = std::min(best, vals[k] = f(2 * kPiL * k / n));
  int mins[3] = {-1, -1, -1};
  for (int k = 0; k < n; ++k) {
    if (vals[k] > vals[(k + n - 1) % n] || vals[k] > vals[(k + 1) % n]) continue;
    for (int j = 0; j < 3; ++j)
      if (mins[j] < 0 || vals[k] < vals[mins[j]]) {
        for (int i = 2; i > j; --i) mins[i] = mins[i - 1];
        mins[j] = k;
        break;
      }
  }
  const LD gr = (std::sqrt(LD(5)) - 1) / 2;
  for (int k : mins) {
    if (k < 0) break;
    LD lo = 2 * kPiL * (k - 1) / n, hi = 2 * kPiL * (k + 1) / n;
    LD x1 = hi - gr * (hi - lo), x2 = lo + gr * (hi - lo), f1 = f(x1), f2 = f(x2);
    for (int it = 0; it < 48; ++it) {
      if (f1 <= f2) hi = x2, x2 = x1, f2 = f1, x1 = hi - gr * (hi - lo), f1 = f(x1);
      else lo = x1, x1 = x2, f1 = f2, x2 = lo + gr * (hi - lo), f2 = f(x2);
    }
    best = std::min({best, f1, f2});
  }
  return -best;
}

struct RefSweep {
  LD sep0 = kInf;     // separation at t = 0 (min over piece pairs)
  bool hit = false;   // they touch for some t in [0, 1]
  LD time = kInf;     // first time of contact
  LD swept = kInf;    // min over t in [0, 1] of the separation: the swept margin
};

/// First contact of the convex pieces pa and pb moving by v, and their swept margin.
void piece_sweep(const Piece& pa, const Piece& pb, V v, RefSweep& out) {
  constexpr int kSamples = 16;
  LD s[kSamples + 1];
  int first = -1, best = 0;
  for (int k = 0; k <= kSamples; ++k) {
    s[k] = piece_gap(pa, pb, v * (LD(k) / kSamples));
    if (first < 0 && s[k] <= 0) first = k;
    if (s[k] < s[best]) best = k;
  }
  // the gap is convex in t: its minimum is within a sample of the smallest sample
  LD lo = LD(std::max(best - 1, 0)) / kSamples, hi = LD(std::min(best + 1, kSamples)) / kSamples;
  const LD gr = (std::sqrt(LD(5)) - 1) / 2;
  LD x1 = hi - gr * (hi - lo), x2 = lo + gr * (hi - lo);
  LD f1 = piece_gap(pa, pb, v * x1), f2 = piece_gap(pa, pb, v * x2);
  for (int it = 0; it < 36; ++it) {
    if (f1 <= f2) hi = x2, x2 = x1, f2 = f1, x1 = hi - gr * (hi - lo), f1 = piece_gap(pa, pb, v * x1);
    else lo = x1, x1 = x2, f1 = f2, x2 = lo + gr * (hi - lo), f2 = piece_gap(pa, pb, v * x2);
  }
  LD tmin = f1 <= f2 ? x1 : x2, smin = std::min({f1, f2, s[best]});
  if (s[best] <= std::min(f1, f2)) tmin = LD(best) / kSamples;
  out.sep0 = std::min(out.sep0, s[0]);
  out.swept = std::min(out.swept, smin);
  if (s[0] <= 0) {
    out.hit = true;
    out.time = 0;
    return;
  }
  if (smin > 0) return;
  // bisection for the first time the gap reaches 0
  LD a, b;
  if (first > 0) a = LD(first - 1) / kSamples, b = LD(first) / kSamples;
  else a = std::max(LD(0), tmin - LD(1) / kSamples), b = tmin;
  for (int it = 0; it < 44; ++it) {
    LD m = (a + b) / 2;
    if (piece_gap(pa, pb, v * m) <= 0) b = m;
    else a = m;
  }
  out.hit = true;
  out.time = std::min(out.time, b);
}

RefSweep ref_sweep(const Ref& A, const Ref& B, V v) {
  RefSweep out;
  for (const Piece& pa : A.pieces)
    for (const Piece& pb : B.pieces) piece_sweep(pa, pb, v, out);
  return out;
}

/// Separation of a and b + p: min over the piece pairs.
LD sep_at(const Ref& A, const Ref& B, V p) {
  LD s = kInf;
  for (const Piece& pa : A.pieces)
    for (const Piece& pb : B.pieces) s = std::min(s, piece_gap(pa, pb, p));
  return s;
}

/// A point as a piece (for distances from a point to a piece).
Piece point_piece(V p) { return poly_piece({p}); }

// ---- one case ----

struct SweepCase {
  Case a, b;
  Vec2 va, vb;
  std::string family;
};

std::string describe(const SweepCase& c) {
  return "[" + c.family + "] a = " + c.a.text + "  va = " + fmtv(c.va) + "  b = " + c.b.text +
         "  vb = " + fmtv(c.vb);
}

struct Tally {
  int cases = 0, hits = 0, initial = 0, robust_hits = 0;
};

/// Checks the library's answer (typed and dispatched) for one case; returns false on a failure.
bool check_case(const SweepCase& c, Tally& tally) {
  const Ref& A = c.a.ref;
  const Ref& B = c.b.ref;
  const V va = toV(c.va), vb = toV(c.vb), v = vb - va;
  const LD speed = len(v);
  const LD size = std::max({A.size(), B.size(), len(va), len(vb), speed});
  const LD offset = std::max({A.offset(), B.offset(), A.offset() + len(va), B.offset() + len(vb)});
  const LD tol = tolerance(size, offset);
  const LD ttol = speed > 0 ? tol / speed : kInf;
  const std::string what = describe(c);
  ++tally.cases;

  const SweepHit h = typed_sweep(c.a.shape, c.va, c.b.shape, c.vb);
  const SweepHit hd = collide2d::sweep(c.a.shape, c.va, c.b.shape, c.vb);
  bool ok = true;
  auto fail = [&](const std::string& why) {
    ADD_FAILURE() << why << "\n  " << what << "\n  got hit=" << h.hit
                  << " init=" << h.initially_overlapping << " time=" << fmt(h.time)
                  << " normal=" << fmtv(h.normal) << " point=" << fmtv(h.point);
    ok = false;
  };
  if (hd.hit != h.hit || hd.initially_overlapping != h.initially_overlapping || hd.time != h.time ||
      !(hd.normal == h.normal) || !(hd.point == h.point))
    fail("the dispatch and the typed sweep disagree");
  if (!std::isfinite(h.time) || !collide2d::is_finite(h.normal) || !collide2d::is_finite(h.point))
    fail("non-finite output");

  const RefSweep r = ref_sweep(A, B, v);
  if (h.hit) ++tally.hits;
  if (h.initially_overlapping) ++tally.initial;
  if (r.sep0 < -tol) {
    if (!(h.hit && h.initially_overlapping && h.time == 0))
      fail("they overlap at t = 0 by " + fmt(-r.sep0) + " but the answer is not initially_overlapping");
    return ok;
  }
  if (std::fabs(r.sep0) <= tol) return ok;  // touching within tolerance: any answer
  if (h.initially_overlapping) {
    fail("initially_overlapping, but they are " + fmt(r.sep0) + " apart at t = 0");
    return ok;
  }
  if (r.swept < -tol) ++tally.robust_hits;
  if (!h.hit) {
    if (r.swept < -tol)
      fail("missed: they overlap by " + fmt(-r.swept) + " during the motion (first contact at t = " +
           fmt(r.time) + ")");
    return ok;
  }
  if (r.swept > tol) {
    fail("hit, but the swept shapes stay " + fmt(r.swept) + " apart");
    return ok;
  }
  const LD t = h.time;
  if (t < 0 || t > 1) fail("time outside [0, 1]");
  // they touch at the reported time, and did not overlap robustly a moment before
  const LD gap = sep_at(A, B, v * t);
  if (gap > tol) fail("reported time " + fmt(t) + " but they are " + fmt(gap) + " apart then");
  if (t - ttol > 0 && sep_at(A, B, v * (t - ttol)) < -tol)
    fail("late: already overlapping at t = " + fmt(t - ttol) + " (reference first contact " + fmt(r.time) + ")");
  if (r.hit && r.swept < -tol && t > r.time + ttol && sep_at(A, B, v * (t - ttol)) < -tol)
    fail("later than the reference's " + fmt(r.time));
  // the point is on both moved shapes
  const V p = toV(h.point);
  const LD ea = A.pdist(p - va * t), eb = B.pdist(p - vb * t);
  if (std::max(ea, eb) > 2 * tol)
    fail("contact point is " + fmt(ea) + " from a and " + fmt(eb) + " from b");
  // a unit normal, not along b's relative motion, separating the pieces that touch there
  const V n = toV(h.normal);
  if (std::fabs(len(n) - 1) > 1e-4L) fail("normal is not unit");
  if (speed > 0 && dot(n, v) / speed > 1e-3L) fail("normal points along b's relative motion");
  auto near_apex = [&](const Ref& s, V at) {
    return s.kind == kSector && s.half > kPiL / 2 && len(p - (s.a + at)) <= 2 * tol;
  };
  if (near_apex(A, va * t) || near_apex(B, vb * t)) return ok;
  // a normal from closest points is as good as their rounding over the gap it is read at:
  // about the square root of the coordinates' rounding error, relative to the size
  const LD ext = 1 + std::max(A.size(), B.size());
  const LD mach = std::numeric_limits<Real>::epsilon();
  const LD slack = 2 * tol + 4 * ext * std::sqrt(mach * (1 + offset / ext));
  bool separates = false, any_pair = false;
  LD worst = kInf;
  for (const Piece& pa : A.pieces) {
    if (piece_gap(pa, point_piece(p - va * t), {0, 0}) > 2 * tol) continue;
    for (const Piece& pb : B.pieces) {
      if (piece_gap(pb, point_piece(p - vb * t), {0, 0}) > 2 * tol) continue;
      any_pair = true;
      // max over a of n.x <= min over b + v t of n.x (+ slack)
      LD overlap = pa.support(n) + pb.support({-n.x, -n.y}) - dot(v * t, n);
      if (overlap <= slack) separates = true;
      worst = std::min(worst, overlap);
    }
  }
  if (any_pair && !separates) fail("normal does not separate the shapes at the contact (overlap " + fmt(worst) +
         ", slack " + fmt(slack) + ", reference normal " + fmtv(separation(A, B, v * t).dir) + ")");
  return ok;
}

// ---- the cases ----

Vec2 rv(V v) { return toR(v); }
Vec2 random_velocity(Rng& g, LD scale) { return rv(unit_at(uni(g, 0, 2 * kPiL)) * (scale * uni(g, 0, 1))); }

std::vector<SweepCase> make_sweep_cases(int ka, int kb, std::uint64_t seed) {
  Rng g(seed * 104729 + ka * 37 + kb * 7 + 3);
  std::vector<SweepCase> out;
  auto centre_of = [](const Ref& s) {
    return V{(s.support({1, 0}) - s.support({-1, 0})) / 2, (s.support({0, 1}) - s.support({0, -1})) / 2};
  };
  // b placed at some distance, moving roughly towards a (a moves too)
  auto approach = [&](V off, bool degA, bool degB, LD reach) {
    LD sa = uni(g, 0.3, 2), sb = uni(g, 0.3, 2);
    V ca = off + V{uni(g, -1, 1), uni(g, -1, 1)};
    V cb = ca + unit_at(uni(g, 0, 2 * kPiL)) * uni(g, 2, 6);
    SweepCase c{random_shape(ka, g, ca, sa, degA), random_shape(kb, g, cb, sb, degB), {}, {}, ""};
    c.va = random_velocity(g, 1);
    V aim = centre_of(c.a.ref) + V{uni(g, -1, 1), uni(g, -1, 1)} * (sa * 0.8L) - centre_of(c.b.ref);
    c.vb = rv(toV(c.va) + aim * (reach * uni(g, 0.5, 1.6)));
    return c;
  };
  for (int i = 0; i < 8; ++i) {
    auto c = approach({0, 0}, false, false, 1);
    c.family = "random";
    out.push_back(c);
  }
  for (int i = 0; i < 4; ++i) {
    auto c = approach({0, 0}, true, i % 2 == 1, 1);
    c.family = "degenerate";
    out.push_back(c);
  }
  // grazing: b shifted sideways so the swept margin is +-1e-3 (relative) at the closest time
  for (int i = 0; i < 6; ++i) {
    auto c = approach({0, 0}, i % 3 == 0, false, 1.5L);
    V v = toV(c.vb) - toV(c.va);
    LD best = kInf, tb = 0;
    for (int k = 0; k <= 32; ++k) {
      LD s = sep_at(c.a.ref, c.b.ref, v * (LD(k) / 32));
      if (s < best) best = s, tb = LD(k) / 32;
    }
    Separation s = separation(c.a.ref, c.b.ref, v * tb);
    LD size = std::max(c.a.ref.size(), c.b.ref.size());
    LD target = (i % 2 ? 1e-3L : -1e-3L) * size;
    V dir = s.dir;
    c.b = translate_case(c.b, dir * (target - s.value));
    c.family = i % 2 ? "graze+" : "graze-";
    out.push_back(c);
  }
  // contact just before or just after the end of the motion
  for (int i = 0; i < 4; ++i) {
    auto c = approach({0, 0}, false, false, 1);
    V va = toV(c.va), v = toV(c.vb) - va;
    RefSweep r = ref_sweep(c.a.ref, c.b.ref, v);
    if (!r.hit || r.time <= 0) continue;
    LD f = r.time / (1 + (i % 2 ? 1e-3L : -1e-3L));
    c.vb = rv(va + v * f);
    c.family = i % 2 ? "end+" : "end-";
    out.push_back(c);
  }
  // one inside the other at t = 0
  for (int i = 0; i < 3; ++i) {
    bool swap = i % 2;
    int kbig = swap ? kb : ka, ksmall = swap ? ka : kb;
    LD big = uni(g, 1, 2);
    Case outer = random_shape(kbig, g, {uni(g, -1, 1), uni(g, -1, 1)}, big, false);
    Case inner = random_shape(ksmall, g, random_point_in(outer.ref, g), big * uni(g, 0.03, 0.2), false);
    SweepCase c = swap ? SweepCase{inner, outer, {}, {}, "contain"} : SweepCase{outer, inner, {}, {}, "contain"};
    c.va = random_velocity(g, 3);
    c.vb = random_velocity(g, 3);
    out.push_back(c);
  }
  // no relative motion (both still, or moving together)
  for (int i = 0; i < 4; ++i) {
    auto c = approach({0, 0}, false, false, 1);
    if (i % 2) c.b = translate_case(c.b, (centre_of(c.a.ref) - centre_of(c.b.ref)) * uni(g, 0.5, 1));
    c.vb = i < 2 ? Vec2{0, 0} : c.va;
    if (i < 2) c.va = {0, 0};
    c.family = "still";
    out.push_back(c);
  }
  // far from the origin
  for (int i = 0; i < 4; ++i) {
    V off{(i % 2 ? 1e4L : -1e4L), (i < 2 ? 1e4L : -1e4L)};
    auto c = approach(off, i == 3, false, 1);
    c.family = "far";
    out.push_back(c);
  }
  // fast: several times the shapes' size per step
  for (int i = 0; i < 3; ++i) {
    auto c = approach({0, 0}, i == 2, false, 25);
    c.family = "fast";
    out.push_back(c);
  }
  // wide sectors, the other shape in or around the notch, moving through it
  if (ka == kSector || kb == kSector) {
    for (int i = 0; i < 8; ++i) {
      bool sector_first = ka == kSector && (kb != kSector || i % 2 == 0);
      int kother = sector_first ? kb : ka;
      LD R = uni(g, 1, 2), f = uni(g, -kPiL, kPiL), h = uni(g, kPiL / 2 + 0.05L, kPiL - 0.05L);
      V c0{uni(g, -1, 1), uni(g, -1, 1)};
      Case sec = mk_sector(c0, R, f, h);
      V p = c0 - unit_at(f + uni(g, -0.3, 0.3) * (kPiL - h)) * (R * uni(g, 0.6, 1.5));
      Case other = random_shape(kother, g, p, R * uni(g, 0.03, 0.2), i % 4 == 3, true);
      SweepCase c = sector_first ? SweepCase{sec, other, {}, {}, "notch"} : SweepCase{other, sec, {}, {}, "notch"};
      V into = (c0 - p) * uni(g, 0.5, 2) + V{uni(g, -0.5, 0.5), uni(g, -0.5, 0.5)};
      c.va = sector_first ? Vec2{0, 0} : rv(into);
      c.vb = sector_first ? rv(into) : Vec2{0, 0};
      out.push_back(c);
    }
  }
  return out;
}

struct PairParam {
  int a, b;
};
std::vector<PairParam> all_pairs() {
  std::vector<PairParam> v;
  for (int i = 0; i < 8; ++i)
    for (int j = 0; j < 8; ++j) v.push_back({i, j});
  return v;
}
std::string pair_name(const testing::TestParamInfo<PairParam>& info) {
  return std::string(kind_name(info.param.a)) + "_" + kind_name(info.param.b);
}

class SweepPair : public testing::TestWithParam<PairParam> {};

TEST_P(SweepPair, MatchesReference) {
  const auto [ka, kb] = GetParam();
  Tally tally;
  int failures = 0;
  for (std::uint64_t seed = 1; seed <= 1 && failures < 8; ++seed)
    for (const SweepCase& c : make_sweep_cases(ka, kb, seed))
      if (!check_case(c, tally) && ++failures >= 8) break;
  // the families must actually exercise hits, misses and initial overlaps
  if (ka != kPoint || kb != kPoint) { EXPECT_GT(tally.hits - tally.initial, 0); }
  EXPECT_GT(tally.cases - tally.hits, 0);
  EXPECT_GT(tally.initial, 0);
}

INSTANTIATE_TEST_SUITE_P(AllPairs, SweepPair, testing::ValuesIn(all_pairs()), pair_name);

// ---- no tunnelling: small shapes moving 1000 units across thin walls ----

TEST(Sweep, NoTunnellingThroughThinWalls) {
  using namespace collide2d;
  const Real s = Real(0.01);  // the mover's size
  std::vector<Shape> movers = {
      Point{{-500, Real(0.3)}},
      Circle{{-500, Real(0.3)}, s},
      Sector({-500, Real(0.3)}, s, Real(0.4), Real(2.5)),
      Aabb{{-500 - s, Real(0.3) - s}, {-500 + s, Real(0.3) + s}},
      Box({-500, Real(0.3)}, {s, s / 2}, Real(0.7)),
      Capsule{{-500 - s, Real(0.3)}, {-500, Real(0.3) + s}, s / 4},
      Segment{{-500 - s, Real(0.3) - s}, {-500 + s, Real(0.3) + s}},
      *make_polygon(std::vector<Vec2>{{-500 - s, Real(0.3)}, {-500, Real(0.3) - s}, {-500 + s, Real(0.3) + s}}),
  };
  std::vector<Shape> walls = {
      Segment{{0, -1}, {0, 1}},
      Aabb{{0, -1}, {0, 1}},                           // zero width
      Box({0, 0}, {Real(1e-4), 1}, 0),                 // thin
      Capsule{{0, -1}, {0, 1}, 0},
      *make_polygon(std::vector<Vec2>{{0, -1}, {Real(1e-3), -1}, {0, 1}}),
      Sector({0, -1}, 2, kPi / 2, 0),                  // half_angle 0: a segment
  };
  const Vec2 v{1000, 0};
  for (std::size_t w = 0; w < walls.size(); ++w)
    for (std::size_t m = 0; m < movers.size(); ++m) {
      for (int dir = 0; dir < 2; ++dir) {
        // wall as a, mover as b; then mover as a, wall as b
        SweepHit h = dir == 0 ? sweep(walls[w], {0, 0}, movers[m], v) : sweep(movers[m], v, walls[w], {0, 0});
        ASSERT_TRUE(h.hit) << "tunnelled: wall " << w << " mover " << shape_type_name(int(m)) << " dir " << dir;
        EXPECT_FALSE(h.initially_overlapping);
        // the mover's right side reaches x = 0 at about t = 0.5
        EXPECT_NEAR(double(h.time), 0.5, 3e-5) << "wall " << w << " mover " << m;
        EXPECT_NEAR(double(h.point.x), 0, 2e-3 * (1 + 0.0 * w));
        EXPECT_NEAR(double(std::fabs(h.normal.x)), 1, 1e-3);
      }
    }
}

TEST(Sweep, ExactTimesOfSimplePairs) {
  using namespace collide2d;
  // circle of radius 1 at x = -5 moving +10 towards a circle of radius 2 at x = 3: gap 5
  SweepHit h = sweep(Circle{{-5, 0}, 1}, {10, 0}, Circle{{3, 0}, 2}, {0, 0});
  ASSERT_TRUE(h.hit);
  EXPECT_NEAR(double(h.time), 0.5, 1e-6);
  EXPECT_NEAR(double(h.normal.x), 1, 1e-6);
  EXPECT_NEAR(double(h.point.x), 1, 1e-5);
  // both moving: boxes closing at speed 4 with a gap of 1
  h = sweep(Aabb{{0, 0}, {1, 1}}, {2, 0}, Aabb{{2, Real(0.5)}, {3, 2}}, {-2, 0});
  ASSERT_TRUE(h.hit);
  EXPECT_NEAR(double(h.time), 0.25, 1e-6);
  EXPECT_EQ(h.normal.x, 1);
  EXPECT_NEAR(double(h.point.x), 1.5, 1e-5);
  // a polygon against a box by conservative advancement: face to face
  h = sweep(Box({0, 0}, {1, 1}, 0), {0, 0},
            *make_polygon(std::vector<Vec2>{{3, -1}, {5, 0}, {3, 1}}), {-4, 0});
  ASSERT_TRUE(h.hit);
  EXPECT_NEAR(double(h.time), 0.5, 1e-5);
  EXPECT_NEAR(double(h.normal.x), 1, 1e-5);
  // moving apart from touching: initially overlapping (closed sets)
  h = sweep(Circle{{0, 0}, 1}, {0, 0}, Circle{{2, 0}, 1}, {1, 0});
  EXPECT_TRUE(h.hit && h.initially_overlapping && h.time == 0);
  // passing by with a clear gap
  h = sweep(Circle{{0, 0}, 1}, {0, 0}, Capsule{{-5, 3}, {-4, 3}, Real(0.5)}, {10, 0});
  EXPECT_FALSE(h.hit);
  // no relative motion
  h = sweep(Polygon(*make_polygon(std::vector<Vec2>{{0, 0}, {1, 0}, {0, 1}})), {3, 3}, Point{{2, 2}}, {3, 3});
  EXPECT_FALSE(h.hit);
  // ends just short of contact
  h = sweep(Segment{{0, -1}, {0, 1}}, {0, 0}, Point{{-2, 0}}, {Real(1.999), 0});
  EXPECT_FALSE(h.hit);
}

TEST(Sweep, ValidateVelocity) {
  using namespace collide2d;
  EXPECT_FALSE(validate_velocity({0, 0}));
  EXPECT_FALSE(validate_velocity({1e30f, -3}));
  EXPECT_TRUE(validate_velocity({std::numeric_limits<Real>::quiet_NaN(), 0}));
  auto bad = validate_velocity({0, std::numeric_limits<Real>::infinity()});
  ASSERT_TRUE(bad);
  EXPECT_EQ(bad->field, "velocity");
}

}  // namespace
