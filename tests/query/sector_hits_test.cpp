// collide2d - 2D collision detection for games. MIT License.
// sector_hits (one sector against many disks) against the per-disk reference: a disk overlaps
// the sector exactly when the distance from its center to the sector is at most its radius.

#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "collide2d/query.hpp"
#include "query/reference.hpp"

namespace {

using namespace ref;

void check_batch(const collide2d::Sector& sec, Rng& g, int n, LD spread, LD off_scale) {
  Case c = mk_sector(toV(sec.center), sec.radius, sec.facing(), sec.half_angle());
  const Ref& s = c.ref;
  std::vector<Real> xs(n), ys(n), rs(n);
  for (int i = 0; i < n; ++i) {
    xs[i] = Real(s.a.x + uni(g, -spread, spread));
    ys[i] = Real(s.a.y + uni(g, -spread, spread));
    rs[i] = Real(i % 10 == 0 ? 0 : uni(g, 0, 0.3L * s.r));
  }
  const LD tol = tolerance(s.r + spread, off_scale);
  std::vector<std::uint32_t> hits = {123456789u};  // existing content must be kept
  const std::size_t count = collide2d::sector_hits(sec, xs, ys, rs, hits);
  ASSERT_EQ(hits.size(), count + 1);
  EXPECT_EQ(hits[0], 123456789u);
  std::vector<char> got(n, 0);
  for (std::size_t k = 1; k < hits.size(); ++k) {
    ASSERT_LT(hits[k], std::uint32_t(n));
    EXPECT_EQ(got[hits[k]], 0) << "index " << hits[k] << " reported twice";
    got[hits[k]] = 1;
  }
  int wrong = 0, decided = 0;
  for (int i = 0; i < n; ++i) {
    LD gap = s.pdist({LD(xs[i]), LD(ys[i])}) - LD(rs[i]);
    if (std::fabs(gap) <= tol) continue;
    ++decided;
    bool expect = gap < 0;
    if (bool(got[i]) != expect && ++wrong <= 5)
      ADD_FAILURE() << c.text << " disk [" << xs[i] << ", " << ys[i] << "] r=" << rs[i]
                    << ": expected " << expect << " (gap " << fmt(gap) << ")";
  }
  EXPECT_EQ(wrong, 0);
  EXPECT_GT(decided, n * 9 / 10);
}

TEST(SectorHits, MatchesPerDiskReference) {
  Rng g(2024);
  const LD halves[] = {0, 1e-6L, 0.3L, kPiL / 4, kPiL / 2, 1.9L, 2.5L, kPiL - 1e-6L, LD(collide2d::kPi)};
  for (LD h : halves) {
    SCOPED_TRACE("half_angle " + fmt(h));
    collide2d::Sector sec({Real(uni(g, -2, 2)), Real(uni(g, -2, 2))}, Real(uni(g, 0.5, 3)),
                          Real(uni(g, -kPiL, kPiL)), Real(h));
    check_batch(sec, g, 100000, 2 * sec.radius, 3);
  }
}

TEST(SectorHits, FarFromOriginAndManyFacings) {
  Rng g(77);
  for (int k = 0; k < 12; ++k) {
    LD h = uni(g, 0, kPiL);
    collide2d::Sector sec({Real(1e4 + uni(g, -2, 2)), Real(-1e4 + uni(g, -2, 2))},
                          Real(uni(g, 0.5, 3)), Real(uni(g, -10, 10)), Real(h));
    SCOPED_TRACE("half_angle " + fmt(h));
    check_batch(sec, g, 8000, 2 * sec.radius, 1e4);
  }
}

TEST(SectorHits, EmptyInputAndMoved) {
  collide2d::Sector sec({0, 0}, 1, 0, 0.5f);
  std::vector<Real> none;
  std::vector<std::uint32_t> hits;
  EXPECT_EQ(collide2d::sector_hits(sec, none, none, none, hits), 0u);
  EXPECT_TRUE(hits.empty());
  // moved() re-caches the facing: a disk straight ahead of the new facing is hit, behind not.
  collide2d::Sector up = sec.moved({5, 5}, Real(kPiL / 2));
  std::vector<Real> xs = {5, 5}, ys = {5.5f, 4.5f}, rs = {0.1f, 0.1f};
  EXPECT_EQ(collide2d::sector_hits(up, xs, ys, rs, hits), 1u);
  ASSERT_EQ(hits.size(), 1u);
  EXPECT_EQ(hits[0], 0u);
}

}  // namespace
