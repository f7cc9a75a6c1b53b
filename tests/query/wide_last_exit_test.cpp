// collide2d - 2D collision detection for games. MIT License.
// The contact of a wide sector (half-angle above pi/2, not convex) reports the last exit: b
// translated by normal * depth, and pushed further along the normal by any amount, never
// overlaps the sector again; and no shorter translation does so (against the long-double
// brute force of reference.hpp: the last exit along 720 directions, refined). A push into the
// notch that a longer push would carry across into the far side of the sector is not an
// escape (the conformance checker pushes by depth * (1 + 1e-3) + its tolerance).

#include <gtest/gtest.h>

#include "collide2d/query.hpp"
#include "query/pair_cases.hpp"

namespace {

using namespace ref;

/// Checks one pair with a wide sector when it clearly overlaps.
void check_last_exit(const Case& a, const Case& b) {
  const Ref &A = a.ref, &B = b.ref;
  const LD tol = tolerance(A, B);
  if (separation(A, B).value > -tol) return;  // not clearly overlapping
  SCOPED_TRACE(a.text + "  " + b.text + "  tol " + fmt(tol));
  const collide2d::Manifold m = collide2d::contact(a.shape, b.shape);
  ASSERT_TRUE(m.touching);
  const V n = toV(m.normal);
  const LD d = m.depth;
  LD err = 0;
  const LD lref = last_exit_depth(A, B, &err);
  EXPECT_LE(d, lref * (1 + 2e-3L) + tol + err) << "longer than the shortest last exit " << fmt(lref);
  EXPECT_GE(d, depth(A, B) - tol - err) << "shorter than any separating translation";
  // Pushed on by anything from (1e-3 of the depth + tol) to beyond both shapes' reach: apart.
  const LD reach = 4 * (A.size() + B.size()) + 1;
  for (int k = 0; k <= 64; ++k) {
    const LD push = d * (1 + 1e-3L) + tol + reach * k * k / (64 * 64);
    const Separation s = separation(A, B, n * push);
    EXPECT_GT(s.value, 0) << "pushed by " << fmt(push) << " along the normal " << fmtv(n) << " (depth "
                          << fmt(d) << ") the shapes overlap again by " << fmt(-s.value);
    if (s.value <= 0) return;
  }
}

// The case the conformance checker found (seed 42, float): a point inside a sector of
// half-angle 138 degrees, beside the far side of its apex, 10^4 from the origin. The nearest
// free point is the apex itself; pushed on along that direction it enters the sector again.
TEST(WideLastExit, PointBesideTheApexFarFromTheOrigin) {
  for (V off : {V{0, 0}, V{-9401.014351214979L, -3447.0616186329908L}}) {
    const Case s = mk_sector(V{0, 0} + off, 10.087442605133104L, 1.9943807795439348L, 2.409993558429837L);
    const Case p = mk_point(V{-2.860807443241L, 1.114261368871L} + off);
    check_last_exit(s, p);
    check_last_exit(p, s);
  }
}

// The case the conformance checker found (seed 5, float): a point 0.005 from the center of a
// sector of half-angle pi - 1e-6, a notch of 2e-6 radians. A direction grazing the notch's
// sides leaves it 0.4% short of the arc, but the float half-angle is rounded by 1e-7 radians,
// which moves that exit by about 1%: pushed on along it the point enters the sector again.
TEST(WideLastExit, PointInAHairlineNotch) {
  const Case s = mk_sector(V{-1.2257276089527454L, 0.6886299024877747L}, 4.346318951690702L, -1.9044408941319393L,
                           3.141591653589793L);
  const Case p = mk_point(V{-1.2221130544345087L, 0.6924353847958734L});
  check_last_exit(p, s);
  check_last_exit(s, p);
}

// Two wide sectors of similar size overlapping by up to about their radius (as the benchmark's
// pools): the escape is often a corner where two pairs' boundaries cross, on the arcs of the
// circles that bound a pair's overlapping translations (the rest of each circle lies inside
// that set and is not searched), so dropping a true corner would make the answer too long.
TEST(WideLastExit, TwoWideSectorsAtTheirCorners) {
  Rng g(20261127);
  int checked = 0;
  for (int i = 0; i < 80; ++i) {
    auto wide = [&](V c) { return mk_sector(c, uni(g, 0.5L, 1.5L), uni(g, -kPiL, kPiL), uni(g, kPiL / 2 + 0.05L, kPiL - 0.05L)); };
    const Case a = wide(V{0, 0});
    const Case b = wide(V{uni(g, -1.5L, 1.5L), uni(g, -1.5L, 1.5L)});
    check_last_exit(a, b);
    checked += separation(a.ref, b.ref).value < 0;
  }
  EXPECT_GT(checked, 30);  // most pairs overlap
}

// Every kind of shape against wide sectors, both argument orders, in the reference's families
// (general, near-touching, containment, degenerate, far from the origin, in and around the
// notch).
class WideLastExit : public testing::TestWithParam<int> {};

TEST_P(WideLastExit, PushedFurtherNeverOverlapsAgain) {
  const int k = GetParam();
  FamilySizes n;
  n.general = 4, n.near = 4, n.contain = 4, n.degenerate = 3, n.far = 4, n.notch = 14;
  for (const auto& [ka, kb] : {std::pair{k, int(kSector)}, std::pair{int(kSector), k}})
    for (const PairCase& c : make_pair_cases(ka, kb, 5, n)) {
      const Ref& s = ka == kSector ? c.a.ref : c.b.ref;
      if (s.half <= kPiL / 2 && !(k == kSector && std::max(c.a.ref.half, c.b.ref.half) > kPiL / 2)) continue;
      check_last_exit(c.a, c.b);
    }
}

INSTANTIATE_TEST_SUITE_P(EveryKind, WideLastExit, testing::Range(0, 8),
                         [](const testing::TestParamInfo<int>& i) { return std::string(kind_name(i.param)); });

}  // namespace
