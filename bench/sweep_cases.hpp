// collide2d - 2D collision detection for games. MIT License.
#pragma once
/// @file sweep_cases.hpp  The sweep pools of sweep_bench.cpp, shared with Box2D v3's file
/// (bench/box2d3/sweep_bench3.cpp): a at random, b 1.6-3.2 away and not touching it; a moves
/// towards b's side by 0.2-1.2 times the distance between them plus a sideways jitter (b is
/// still); in the rotating pools a also turns by up to 3 radians either way about its rotation
/// centre (`rotation_center`).

#include <string_view>
#include <vector>

#include "collide2d/sweep.hpp"
#include "shape_gen.hpp"

namespace bench {

/// One sweep case: a moves by va turning by wa about pivot; b is still.
template <class A, class B>
struct SweepCase {
  A a;
  B b;
  Vec2 va;
  Real wa = 0;
  Vec2 pivot;
};

/// The pool named `name` (seeded by it) of the ordered kind pair (KA, KB).
template <class KA, class KB>
std::vector<SweepCase<typename KA::Type, typename KB::Type>> make_sweep_cases(std::string_view name,
                                                                              bool rotating) {
  std::vector<SweepCase<typename KA::Type, typename KB::Type>> cases;
  Rng r(seed_of(name));
  while (cases.size() < kPoolSize) {
    const Vec2 ca = r.in_square(4);
    const Vec2 cb = ca + r.direction() * r.uniform(Real(1.6), Real(3.2));
    SweepCase<typename KA::Type, typename KB::Type> c{KA::make(r, ca), KB::make(r, cb), {}, 0, {}};
    if (collide2d::overlaps(c.a, c.b)) continue;
    c.va = (cb - ca) * r.uniform(Real(0.2), Real(1.2)) + r.in_square(Real(0.8));
    if (rotating) c.wa = r.uniform(-3, 3);
    c.pivot = collide2d::rotation_center(collide2d::Shape(c.a));
    cases.push_back(c);
  }
  return cases;
}

}  // namespace bench
