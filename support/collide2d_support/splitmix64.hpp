// collide2d - 2D collision detection for games. MIT License.
#pragma once
/// @file splitmix64.hpp  The one reproducible random generator of the tests, the benchmarks and
/// the tool's demos (not part of the library): splitmix64, the same numbers on every platform
/// and standard library (no <random> distributions, whose results differ between them).

#include <cstdint>

namespace collide2d::support {

/// splitmix64 (Steele, Lea, Flood 2014): a 64-bit state advanced by the golden-ratio increment
/// and mixed. Seed it with any number: `SplitMix64 rng{seed}`.
struct SplitMix64 {
  std::uint64_t s = 0;  ///< the state (the seed before the first draw)

  /// The next 64 random bits.
  constexpr std::uint64_t next() {
    std::uint64_t z = (s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  /// Uniform in [0, 1): the top 53 bits.
  constexpr double uniform() { return double(next() >> 11) * (1.0 / 9007199254740992.0); }
  /// Uniform in [a, b).
  constexpr double uniform(double a, double b) { return a + (b - a) * uniform(); }
  /// An integer in [0, n) (n > 0; next() mod n).
  constexpr int below(int n) { return int(next() % std::uint64_t(n)); }
};

}  // namespace collide2d::support
