// collide2d - 2D collision detection for games. MIT License.
// sector_hits on every instruction set this build and CPU have (forced with set_batch_isa):
// the same hit list, bit for bit, as the scalar kernel, and every hit decided the way a
// long-double brute force (distance from the disk's center to the sector <= its radius)
// decides it wherever that distance is not within rounding of the radius. Random and
// adversarial cones (half-angles 0, tiny, pi/2, near pi, pi) with disks touching the arc,
// the straight edges, the corners, in the notch behind the apex and on the apex; lengths that
// are not multiples of any vector width; NaN, infinite and huge entries and negative radii
// (kernels compared).

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <vector>

#include "collide2d/query.hpp"
#include "query/reference.hpp"
#include "query/sector_batch.hpp"

namespace {

using namespace ref;
using collide2d::Isa;

struct Disks {
  std::vector<Real> xs, ys, rs;
  void add(V c, LD r) {
    xs.push_back(Real(c.x));
    ys.push_back(Real(c.y));
    rs.push_back(Real(r));
  }
};

std::vector<Isa> available() {
  std::vector<Isa> out;
  for (Isa isa : {Isa::scalar, Isa::avx2, Isa::avx512})
    if (collide2d::batch_isa_available(isa)) out.push_back(isa);
  return out;
}

// Restores the process-wide choice when a test ends.
struct IsaGuard {
  Isa saved = collide2d::batch_isa();
  ~IsaGuard() { collide2d::set_batch_isa(saved); }
};

std::vector<std::uint32_t> run(Isa isa, const collide2d::Sector& sec, const Disks& d) {
  EXPECT_TRUE(collide2d::set_batch_isa(isa));
  EXPECT_EQ(collide2d::batch_isa(), isa);
  std::vector<std::uint32_t> hits = {4242u};  // existing content is kept
  const std::size_t count = collide2d::sector_hits(sec, d.xs, d.ys, d.rs, hits);
  EXPECT_EQ(hits.size(), count + 1);
  EXPECT_EQ(hits.front(), 4242u);
  hits.erase(hits.begin());
  return hits;
}

// Every kernel against the scalar one, then the scalar hits against the brute force.
// Returns how many disks the brute force decided.
std::size_t check(const collide2d::Sector& sec, const Disks& d, LD off_scale) {
  IsaGuard guard;
  const std::vector<std::uint32_t> want = run(Isa::scalar, sec, d);
  for (std::size_t k = 1; k < want.size(); ++k) EXPECT_LT(want[k - 1], want[k]);
  for (Isa isa : available()) {
    const std::vector<std::uint32_t> got = run(isa, sec, d);
    EXPECT_EQ(got, want) << collide2d::isa_name(isa) << " differs from scalar";
  }
  Case c = mk_sector(toV(sec.center), sec.radius, sec.facing(), sec.half_angle());
  const LD tol = tolerance(3 * LD(sec.radius), off_scale);
  std::vector<char> hit(d.xs.size(), 0);
  for (std::uint32_t i : want) hit.at(i) = 1;
  std::size_t decided = 0;
  int wrong = 0;
  for (std::size_t i = 0; i < d.xs.size(); ++i) {
    // Beyond the shapes' coordinate limit (and for negative radii) only the kernels are compared.
    auto sane = [](Real v) { return std::isfinite(v) && std::fabs(v) <= Real(1e12); };
    if (!sane(d.xs[i]) || !sane(d.ys[i]) || !sane(d.rs[i]) || d.rs[i] < 0) continue;
    const LD gap = c.ref.pdist({LD(d.xs[i]), LD(d.ys[i])}) - LD(d.rs[i]);
    if (std::fabs(gap) <= tol) continue;
    ++decided;
    if (bool(hit[i]) != (gap < 0) && ++wrong <= 5)
      ADD_FAILURE() << c.text << " disk [" << d.xs[i] << ", " << d.ys[i] << "] r=" << d.rs[i]
                    << ": expected " << (gap < 0) << " (gap " << fmt(gap) << ")";
  }
  EXPECT_EQ(wrong, 0);
  return decided;
}

// Disks placed against the sector's features (touching, or off by a tiny jitter either way).
Disks adversarial(const collide2d::Sector& sec, Rng& g, int per_kind) {
  const V c = toV(sec.center);
  const LD R = sec.radius, f = sec.facing(), h = sec.half_angle();
  Disks d;
  auto jitter = [&](V p) {
    const LD e = uni(g, -1, 1) * (kDouble ? 1e-13L : 1e-6L) * (1 + R);
    return p + unit_at(uni(g, 0, 2 * kPiL)) * e;
  };
  auto radius = [&](int i) { return i % 7 == 0 ? LD(0) : uni(g, 0, 0.4L * R); };
  for (int i = 0; i < per_kind; ++i) {
    // on the arc (and its two ends)
    const LD a = i % 5 == 0 ? f + (i % 2 ? h : -h) : f + uni(g, -h, h);
    LD rd = radius(i);
    d.add(jitter(c + unit_at(a) * (R + rd)), rd);
    // on a straight edge, outside the cone
    const LD side = i % 2 ? 1 : -1;
    const V along = unit_at(f + side * h), out = unit_at(f + side * (h + kPiL / 2));
    rd = radius(i);
    d.add(jitter(c + along * uni(g, 0, R) + out * rd), rd);
    // at a corner (edge end on the arc), from any direction
    rd = radius(i);
    d.add(jitter(c + along * R + unit_at(uni(g, 0, 2 * kPiL)) * rd), rd);
    // in the notch behind the apex (within the cone's complement), and on the apex
    const LD back = kPiL - h;
    rd = radius(i);
    d.add(jitter(c + unit_at(f + kPiL + uni(g, -back, back)) * uni(g, 0, 1.2L * R)), rd);
    d.add(i % 3 == 0 ? c : jitter(c), radius(i));
  }
  return d;
}

TEST(SectorHitsIsa, ForcingWorksAndRefusesWhatIsMissing) {
  IsaGuard guard;
  EXPECT_TRUE(collide2d::batch_isa_available(Isa::scalar));
  for (Isa isa : {Isa::scalar, Isa::avx2, Isa::avx512}) {
    const Isa before = collide2d::batch_isa();
    const bool ok = collide2d::set_batch_isa(isa);
    EXPECT_EQ(ok, collide2d::batch_isa_available(isa)) << collide2d::isa_name(isa);
    EXPECT_EQ(collide2d::batch_isa(), ok ? isa : before);
  }
  std::string names;
  for (Isa isa : available()) names += std::string(" ") + collide2d::isa_name(isa);
  RecordProperty("isas", names);
  std::printf("instruction sets available:%s\n", names.c_str());
}

TEST(SectorHitsIsa, RandomConesAndDisks) {
  Rng g(91);
  const LD halves[] = {0, 1e-30L, 1e-6L, 0.4L, kPiL / 2, 2.2L, kPiL - 1e-6L, LD(collide2d::kPi)};
  for (LD h : halves) {
    for (int rep = 0; rep < 3; ++rep) {
      const LD off = rep == 2 ? 1e3L : 2;
      collide2d::Sector sec({Real(uni(g, -off, off)), Real(uni(g, -off, off))},
                            Real(uni(g, 0.5, 3)), Real(uni(g, -10, 10)), Real(h));
      SCOPED_TRACE("half_angle " + fmt(h) + " rep " + std::to_string(rep));
      Disks d;
      const int n = 20011;  // not a multiple of any vector width
      for (int i = 0; i < n; ++i) {
        const LD s = 2 * LD(sec.radius);
        d.add({LD(sec.center.x) + uni(g, -s, s), LD(sec.center.y) + uni(g, -s, s)},
              i % 10 == 0 ? 0 : uni(g, 0, 0.3L * LD(sec.radius)));
      }
      EXPECT_GT(check(sec, d, 3 * off), std::size_t(n) * 9 / 10);
    }
  }
}

TEST(SectorHitsIsa, AdversarialDisksOnArcEdgesCornersNotchApex) {
  Rng g(5150);
  const LD halves[] = {0,         1e-30L,    1e-7L, 1e-3L, 0.7L, kPiL / 2 - 1e-7L, kPiL / 2,
                       kPiL / 2 + 1e-7L, 2.9L, kPiL - 1e-7L, kPiL - 1e-3L, LD(collide2d::kPi)};
  for (LD h : halves) {
    for (int rep = 0; rep < 2; ++rep) {
      collide2d::Sector sec({Real(uni(g, -3, 3)), Real(uni(g, -3, 3))}, Real(uni(g, 0.3, 4)),
                            Real(rep == 0 ? uni(g, -kPiL, kPiL) : kPiL / 2 * uni_int(g, -2, 2)),
                            Real(h));
      SCOPED_TRACE("half_angle " + fmt(h) + " facing " + fmt(sec.facing()));
      check(sec, adversarial(sec, g, 1601), 6);
    }
  }
}

// The vector kernels skip a step when, in all its disks, an offset from the apex along x or y
// exceeds kFarScale * (|R| + |rd|) + kFarTinyLength (sector_batch.hpp): aligned blocks of 16
// disks just inside or wholly just outside that square, some blocks with one disk touching the
// arc at a random lane.
TEST(SectorHitsIsa, DisksAtTheFarSkipThreshold) {
  Rng g(1701);
  const LD scale = collide2d::detail::kFarScale, tiny = collide2d::detail::kFarTinyLength;
  for (LD h : {LD(0), 1e-6L, 0.5L, kPiL / 2, 2.5L, kPiL - 1e-6L, LD(collide2d::kPi)}) {
    collide2d::Sector sec({Real(uni(g, -3, 3)), Real(uni(g, -3, 3))}, Real(uni(g, 0.2, 4)),
                          Real(uni(g, -kPiL, kPiL)), Real(h));
    const V c = toV(sec.center);
    const LD R = sec.radius;
    Disks d;
    for (int block = 0; block < 400; ++block) {
      const int touching = block % 3 == 0 ? uni_int(g, 0, 15) : -1;
      for (int lane = 0; lane < 16; ++lane) {
        const LD rd = lane % 5 == 0 ? 0 : uni(g, 0, 0.5L * R);
        if (lane == touching) {
          const LD a = sec.facing() + uni(g, -LD(sec.half_angle()), LD(sec.half_angle()));
          d.add(c + unit_at(a) * (R + rd), rd);
          continue;
        }
        // odd blocks wholly just outside the square (skipped), even blocks just inside
        const LD e = (block % 2 ? 1 : -1) * uni(g, 0, 1) * (kDouble ? 1e-12L : 1e-5L);
        const LD side = ((R + rd) * scale + tiny) * (1 + e), along = uni(g, -side, side);
        const LD s = uni_int(g, 0, 1) ? 1 : -1;
        d.add(c + (uni_int(g, 0, 1) ? V{s * side, along} : V{along, s * side}), rd);
      }
    }
    SCOPED_TRACE("half_angle " + fmt(h));
    check(sec, d, 6);
  }
}

// Negative radii (no disk, but the kernels must still agree): blocks of 16 disks with radii
// down to -R within R of the apex, where a reject on the signed reach R + rd would skip disks
// the closed form reports by their edge distance.
TEST(SectorHitsIsa, NegativeRadiiSameOnEveryKernel) {
  Rng g(77);
  for (LD h : {LD(0), 0.5L, kPiL / 2, 2.5L, LD(collide2d::kPi)}) {
    collide2d::Sector sec({Real(uni(g, -3, 3)), Real(uni(g, -3, 3))}, Real(uni(g, 0.5, 4)),
                          Real(uni(g, -kPiL, kPiL)), Real(h));
    const LD R = sec.radius;
    Disks d;
    for (int i = 0; i < 16 * 300 + 5; ++i)
      d.add(toV(sec.center) + unit_at(uni(g, 0, 2 * kPiL)) * uni(g, 0, R),
            -uni(g, 0.5L, 1) * R);
    IsaGuard guard;
    const std::vector<std::uint32_t> want = run(Isa::scalar, sec, d);
    EXPECT_GT(want.size(), d.xs.size() / 10);  // the edge test reports many of them
    for (Isa isa : available())
      EXPECT_EQ(run(isa, sec, d), want) << collide2d::isa_name(isa) << " differs from scalar";
  }
}

TEST(SectorHitsIsa, NonFiniteAndHugeEntriesSameOnEveryKernel) {
  Rng g(3);
  const Real inf = std::numeric_limits<Real>::infinity();
  const Real nan = std::numeric_limits<Real>::quiet_NaN();
  const Real odd[] = {nan, inf, -inf, Real(1e30), Real(-1e30), Real(-0.0), 0, Real(1e-30)};
  for (LD h : {LD(0), 0.5L, kPiL / 2, 2.5L, LD(collide2d::kPi)}) {
    collide2d::Sector sec({1, -1}, 2, Real(0.3), Real(h));
    Disks d;
    for (int i = 0; i < 4099; ++i) {
      V p{uni(g, -4, 4), uni(g, -5, 3)};
      LD r = uni(g, 0, 1);
      d.add(p, r);
      const Real v = odd[i % 8];
      if (i % 3 == 0) d.xs.back() = v;
      if (i % 5 == 0) d.ys.back() = v;
      if (i % 11 == 0) d.rs.back() = v;
    }
    SCOPED_TRACE("half_angle " + fmt(h));
    check(sec, d, 4);
  }
}

}  // namespace
