// collide2d - 2D collision detection for games. MIT License.
// Sweeps from a start within the touching tolerance (issue 11, bug 1): a motion that separates
// (straight away from the other shape, or along the contact) is no contact, for every ordered
// pair of the eight shapes; a motion into the other shape is a contact at t = 0 whose normal
// points from a to b and separates them (never one along the motion).
//
// Independent answer: reference.hpp's long-double separation (support functions, a scan of
// directions) gives the gap and the direction d from a to b of the placed pair; for convex
// shapes d is a separating axis, so moving b by any v with v.d >= 0 keeps the gap along d
// at least the start gap > 0: they never touch. A normal n separates the pair within tol when
// the reference support gap along it, h_B(-n) + h_A(n) <= tol, is.

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <variant>

#include "collide2d/sweep.hpp"
#include "query/pair_cases.hpp"

namespace {

using namespace ref;
using collide2d::Shape;
using collide2d::SweepHit;

SweepHit typed_sweep(const Shape& a, Vec2 va, const Shape& b, Vec2 vb) {
  return std::visit([&](const auto& x, const auto& y) { return collide2d::sweep(x, va, y, vb); }, a, b);
}

bool convex(const Ref& r) { return r.pieces.size() == 1; }

/// Gap along n (from a to b) between the reference shapes: min over b of x.n - max over a.
LD axis_gap(const Ref& A, const Ref& B, V n) { return -B.support({-n.x, -n.y}) - A.support(n); }

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

class TouchingStart : public testing::TestWithParam<PairParam> {};

// 64 ordered pairs x 24 placements (near the origin and far from it) x 5 motions.
TEST_P(TouchingStart, SeparatingMotionIsNoContactClosingIsOneWithTheNormalFromAToB) {
  const auto [ka, kb] = GetParam();
  Rng g(std::uint64_t(ka) * 977 + std::uint64_t(kb) * 31 + 5);
  int placed = 0, failures = 0, into = 0, loose = 0;
  LD worst_along = 0;
  for (int i = 0; i < 200 && placed < 24 && failures < 6; ++i) {
    const V off = i % 3 == 2 ? V{uni(g, 500, 2000), uni(g, -2000, -500)} : V{0, 0};
    const LD sa = uni(g, 0.3, 30), sb = uni(g, 0.3, 30);
    const V ca = off + V{uni(g, -1, 1), uni(g, -1, 1)};
    Case a = random_shape(ka, g, ca, sa, false);
    Case b = random_shape(kb, g, ca + V{uni(g, -3, 3), uni(g, -3, 3)} * (sa + sb), sb, false);
    if (!convex(a.ref) || !convex(b.ref)) continue;
    // the sweep's touching tolerance for this pair: place b at a fraction of it
    const LD size = std::max(a.ref.size(), b.ref.size()) * 2;
    const LD offset = std::max(a.ref.offset(), b.ref.offset()) + size;
    const LD eps = LD(collide2d::kSweepRelTol) * (1 + size) + LD(collide2d::kRelEps) * offset;
    const Separation s0 = separation(a.ref, b.ref);
    b = translate_case(b, s0.dir * (uni(g, 0.2, 0.8) * eps - s0.value));
    const Separation s = separation(a.ref, b.ref);
    const LD rounding = 8 * LD(std::numeric_limits<Real>::epsilon()) * offset;
    if (!(s.value > rounding) || s.value > eps) continue;  // rounding of the placement
    ++placed;
    const V d = s.dir, t{-d.y, d.x};
    const LD L = uni(g, 0.5, 4) * (1 + size);
    const std::string what = "a = " + a.text + "  b = " + b.text + "  gap " + fmt(s.value) +
                             " (touching tolerance " + fmt(eps) + ")";
    // b moves away, or away and along: no contact (b moving, or a moving the other way).
    // Along the contact, both ways: no contact either, except where the contact is a vertex
    // against a vertex (or an arc's end) a fraction of an ulp-scaled gap apart, whose direction
    // rounding leaves loose by up to ulp / gap: then a contact at t = 0 is allowed, with a
    // normal that separates them and points against the motion (never along it); the largest
    // part of the motion such a normal takes is printed.
    const V moves[4] = {d * L, (d + t) * (L / std::sqrt(LD(2))), t * L, t * -L};
    const LD tol = tolerance(a.ref, b.ref);
    for (int k = 0; k < 4; ++k) {
      const Vec2 v = toR(moves[k]);
      for (int who = 0; who < 2; ++who) {
        const SweepHit h = who == 0 ? typed_sweep(a.shape, {0, 0}, b.shape, v)
                                    : typed_sweep(a.shape, -v, b.shape, {0, 0});
        const SweepHit hd = who == 0 ? collide2d::sweep(a.shape, {0, 0}, b.shape, v)
                                     : collide2d::sweep(a.shape, -v, b.shape, {0, 0});
        EXPECT_EQ(h.hit, hd.hit) << "dispatch disagrees; " << what;
        if (!h.hit) continue;
        const V n = toV(h.normal);
        const LD along = dot(n, toV(v)) / len(toV(v));
        if (k >= 2 && !h.initially_overlapping && h.time == 0 && along < 0 && axis_gap(a.ref, b.ref, n) >= -tol) {
          ++loose;
          worst_along = std::max(worst_along, -along);
          continue;
        }
        if (++failures <= 6)
          ADD_FAILURE() << "moving " << (who == 0 ? "b by " : "a by -") << fmtv(v)
                        << " separates (v.d = " << fmt(dot(toV(v), d)) << ") but the sweep says hit at "
                        << fmt(h.time) << " normal " << fmtv(h.normal)
                        << (h.initially_overlapping ? " (initially overlapping)" : "") << "\n  " << what;
      }
    }
    // b moves into a: a contact at the start (within the time tolerance) whose normal points
    // from a to b, against the motion, and separates the shapes there.
    const Vec2 v = toR(d * -L);
    const SweepHit h = typed_sweep(a.shape, {0, 0}, b.shape, v);
    // (a path that only grazes the other at a vertex, as moving straight at a vertex beside
    // its interior, or a point at a point: a touch either way)
    bool robust = false;
    for (int k = 1; k <= 8 && !robust; ++k) robust = separation(a.ref, b.ref, d * (-L * k / 8)).value < -tol;
    if (!h.hit && !robust) continue;
    if (!h.hit) {
      if (++failures <= 6) ADD_FAILURE() << "moving b into a by " << fmtv(v) << ": no hit\n  " << what;
      continue;
    }
    if (h.initially_overlapping) continue;  // closed sets touching within rounding: allowed
    ++into;
    EXPECT_LE(LD(h.time) * L, 2 * eps + tol) << what;
    const V n = toV(h.normal);
    EXPECT_LT(dot(n, toV(v)), 0) << "normal " << fmtv(h.normal) << " along the motion; " << what;
    EXPECT_GE(axis_gap(a.ref, b.ref, n), -tol) << "normal " << fmtv(h.normal) << " does not separate; " << what;
  }
  if (loose > 0)
    std::printf("%s-%s: %d contacts at t = 0 moving along a vertex contact, the largest taking %.3Lg of the motion\n",
                kind_name(ka), kind_name(kb), loose, worst_along);
  EXPECT_GE(placed, 12) << "too few placements for " << kind_name(ka) << "-" << kind_name(kb);
  if (ka != kPoint || kb != kPoint) { EXPECT_GT(into, 0); }
}

INSTANTIATE_TEST_SUITE_P(AllPairs, TouchingStart, testing::ValuesIn(all_pairs()), pair_name);

// Issue 11 bug 1 as reported: a disc within the float touching tolerance of an Aabb or Box face
// (0.0004 near the origin, 0.003 at x = 500 and 2000) moving away or along it is not stopped;
// moving into it is a contact at once with the face's normal from the disc to the box.
TEST(TouchingStart, DiscOnBoxFaceMovesAwayAndAlong) {
  using namespace collide2d;
  for (const Real x0 : {Real(0), Real(500), Real(2000)}) {
    const Real gap = x0 == 0 ? Real(0.0004) : Real(0.003);
    const Aabb box{{x0 - 24, -16}, {x0 + 24, 16}};
    const Box rbox({x0, 0}, {24, 16}, 0);
    const Circle disc{{x0 + Real(3.4), 28 + gap}, 12};
    ASSERT_FALSE(overlaps(disc, box));
    for (const Vec2 v : {Vec2{0, 2}, Vec2{2, 0}, Vec2{-2, 0}, Vec2{2, 2}, Vec2{-3, 1}}) {
      EXPECT_FALSE(sweep(disc, v, box, Vec2{}).hit) << "x0 " << x0 << " v " << v.x << "," << v.y;
      EXPECT_FALSE(sweep(disc, v, rbox, Vec2{}).hit) << "x0 " << x0 << " v " << v.x << "," << v.y;
      EXPECT_FALSE(sweep(box, -v, disc, Vec2{}).hit) << "x0 " << x0 << " v " << v.x << "," << v.y;
    }
    for (const Shape& b : {Shape(box), Shape(rbox)}) {
      const SweepHit h = sweep(Shape(disc), Vec2{1, -2}, b, Vec2{});
      ASSERT_TRUE(h.hit) << x0;
      EXPECT_FALSE(h.initially_overlapping);
      EXPECT_LE(h.time * 2, gap + Real(1e-3)) << x0;
      EXPECT_NEAR(h.normal.x, 0, 1e-6) << x0;
      EXPECT_NEAR(h.normal.y, -1, 1e-6) << x0;
    }
  }
}

}  // namespace
