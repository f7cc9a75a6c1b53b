// Melee swing: a hero swings a sword across a crowd of monsters. The blade sweeps a circle
// sector from the hero's left to right over five frames; each frame asks which monsters it
// touches with one sector_hits call over the whole crowd, stored as arrays of x, y and radius.
// A monster is hit once per swing, on the first frame that reaches it.
#include <collide2d/collide2d.hpp>

#include <cstdint>
#include <cstdio>
#include <vector>

using namespace collide2d;

int main() {
  // The crowd: a 9 x 9 grid of monsters of three sizes around the hero at (0, 0).
  std::vector<Real> xs, ys, radii;
  for (int i = -4; i <= 4; ++i) {
    for (int j = -4; j <= 4; ++j) {
      if (i == 0 && j == 0) continue;  // the hero stands here
      xs.push_back(Real(1.5) * Real(i));
      ys.push_back(Real(1.5) * Real(j));
      radii.push_back(Real(0.3) + Real(0.1) * Real((i + j + 8) % 3));
    }
  }

  // The sword: reach 3.5, a 30 degree wide blade arc per frame, swung from 60 degrees left
  // of the hero's facing (+x) to 60 degrees right of it.
  const Real reach = 3.5;
  const Real blade_half_angle = kPi / 12;
  Sector blade({0, 0}, reach, 0, blade_half_angle);

  std::vector<bool> already_hit(xs.size(), false);
  std::vector<std::uint32_t> hits;
  int total = 0, mismatches = 0;
  for (int frame = 0; frame < 5; ++frame) {
    const Real facing = kPi / 3 - Real(frame) * kPi / 6;  // 60, 30, 0, -30, -60 degrees
    blade = blade.moved({0, 0}, facing);                  // re-caches the rotation once
    hits.clear();
    sector_hits(blade, xs, ys, radii, hits);

    std::printf("frame %d, facing %+4.0f deg:", frame, double(facing * 180 / kPi));
    for (std::uint32_t k : hits) {
      if (already_hit[k]) continue;
      already_hit[k] = true;
      ++total;
      std::printf(" #%u (%.1f, %.1f)", unsigned(k), double(xs[k]), double(ys[k]));
    }
    std::printf("\n");

    // The batch answer must agree with the pairwise query for every monster.
    std::vector<bool> in_batch(xs.size(), false);
    for (std::uint32_t k : hits) in_batch[k] = true;
    for (std::size_t k = 0; k < xs.size(); ++k) {
      if (overlaps(blade, Circle{{xs[k], ys[k]}, radii[k]}) != in_batch[k]) ++mismatches;
    }
  }
  std::printf("%d of %zu monsters hit; batch and pairwise queries %s\n", total, xs.size(),
              mismatches == 0 ? "agree" : "DISAGREE");
  return mismatches == 0 ? 0 : 1;
}
