// collide2d - 2D collision detection for games. MIT License.
#pragma once
// Families of random shape pairs for the property tests of every ordered pair.

#include <string>
#include <vector>

#include "query/reference.hpp"

namespace ref {

struct PairCase {
  Case a, b;
  std::string family;
};

inline std::string describe(const PairCase& c) {
  return "[" + c.family + "] a = " + c.a.text + "  b = " + c.b.text;
}

/// Counts per family; `scale` multiplies them (1 = the default suite).
struct FamilySizes {
  int general = 24, near = 24, contain = 10, degenerate = 24, far = 12, notch = 16;
};

/// Random pairs of kinds (ka, kb) in the families: random general position, near-touching
/// (+-1e-3 relative), containment, degenerate, far from the origin (1e4), wide sectors with the
/// other shape in or around the notch.
inline std::vector<PairCase> make_pair_cases(int ka, int kb, std::uint64_t seed,
                                             FamilySizes n = {}) {
  Rng g(seed * 7919 + ka * 131 + kb * 17 + 1);
  std::vector<PairCase> out;
  auto general = [&](bool degA, bool degB, V off) {
    LD sa = uni(g, 0.3, 2), sb = uni(g, 0.3, 2);
    V ca = off + V{uni(g, -1, 1), uni(g, -1, 1)};
    V cb = ca + V{uni(g, -3, 3), uni(g, -3, 3)};
    return PairCase{random_shape(ka, g, ca, sa, degA), random_shape(kb, g, cb, sb, degB), ""};
  };
  for (int i = 0; i < n.general; ++i) {
    auto c = general(false, false, {0, 0});
    c.family = "general";
    out.push_back(c);
  }
  for (int i = 0; i < n.near; ++i) {
    auto c = general(i % 3 == 0, i % 4 == 1, {0, 0});
    Separation s = separation(c.a.ref, c.b.ref);
    LD size = std::max(c.a.ref.size(), c.b.ref.size());
    LD target = (i % 2 ? 1e-3L : -1e-3L) * size;
    V t = s.dir * (target - s.value);
    c.b = translate_case(c.b, t);
    c.family = i % 2 ? "near+" : "near-";
    out.push_back(c);
  }
  for (int i = 0; i < n.contain; ++i) {
    bool swap = i % 2;
    int kbig = swap ? kb : ka, ksmall = swap ? ka : kb;
    LD big = uni(g, 1, 2);
    Case outer = random_shape(kbig, g, {uni(g, -1, 1), uni(g, -1, 1)}, big, false);
    V p = random_point_in(outer.ref, g);
    Case inner = random_shape(ksmall, g, p, big * uni(g, 0.03, 0.2), false);
    PairCase c = swap ? PairCase{inner, outer, "contain-a-in-b"}
                      : PairCase{outer, inner, "contain-b-in-a"};
    out.push_back(c);
  }
  for (int i = 0; i < n.degenerate; ++i) {
    auto c = general(i % 3 != 2, i % 3 != 1, {0, 0});
    c.family = "degenerate";
    out.push_back(c);
  }
  for (int i = 0; i < n.far; ++i) {
    V off{(i % 2 ? 1e4L : -1e4L), (i % 4 < 2 ? 1e4L : -1e4L)};
    auto c = general(i % 3 == 0, i % 5 == 0, off);
    c.family = "far";
    out.push_back(c);
  }
  if (ka == kSector || kb == kSector) {
    for (int i = 0; i < n.notch; ++i) {
      bool sector_first = ka == kSector && (kb != kSector || i % 2 == 0);
      int kother = sector_first ? kb : ka;
      LD R = uni(g, 1, 2), f = uni(g, -kPiL, kPiL), h = uni(g, kPiL / 2 + 0.05L, kPiL - 0.05L);
      if (i % 5 == 4) h = kPiL / 2 + 1e-3L;
      V c0{uni(g, -1, 1), uni(g, -1, 1)};
      Case sec = mk_sector(c0, R, f, h);
      // in the notch: behind the apex, sometimes reaching across the arms
      V p = c0 - unit_at(f + uni(g, -0.3, 0.3) * (kPiL - h)) * (R * uni(g, 0.05, 0.9));
      LD size = R * (i % 3 == 0 ? uni(g, 0.2, 0.8) : uni(g, 0.02, 0.15));
      Case other = random_shape(kother, g, p, size, i % 4 == 3, true);
      out.push_back(sector_first ? PairCase{sec, other, "notch"} : PairCase{other, sec, "notch"});
    }
  }
  return out;
}

}  // namespace ref
