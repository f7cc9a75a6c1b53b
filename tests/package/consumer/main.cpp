// A consumer of collide2d: checks the library's overlap answers against its own exact
// integer arithmetic, so the test proves the package links and works, not only that it builds.
#include <collide2d/collide2d.hpp>

#include <cstdio>
#include <type_traits>

namespace c2 = collide2d;

int main() {
  int checked = 0, wrong = 0;
  // Circles with integer centers and radii: |c1 - c2|^2 <= (r1 + r2)^2 is exact in int.
  // The grid includes exact tangencies (3-4-5 triangles), which count as overlapping.
  for (int x = -6; x <= 6; ++x) {
    for (int y = -6; y <= 6; ++y) {
      for (int r = 0; r <= 3; ++r) {
        const int r0 = 2;
        const bool expected = x * x + y * y <= (r0 + r) * (r0 + r);
        const c2::Circle a{{0, 0}, c2::Real(r0)};
        const c2::Circle b{{c2::Real(x), c2::Real(y)}, c2::Real(r)};
        const bool typed = c2::overlaps(a, b);
        const bool dispatched = c2::overlaps(c2::Shape{a}, c2::Shape{b});
        ++checked;
        if (typed != expected || dispatched != expected) {
          ++wrong;
          std::printf("circle (%d,%d) r=%d: expected %d, typed %d, dispatched %d\n", x, y, r,
                      expected, typed, dispatched);
        }
      }
    }
  }
  // Axis-aligned boxes: overlap is interval overlap on both axes (touching included).
  for (int x = -4; x <= 4; ++x) {
    for (int y = -4; y <= 4; ++y) {
      const bool expected = x <= 2 && -2 <= x + 1 && y <= 2 && -2 <= y + 1;  // [x, x+1] vs [-2, 2]
      const c2::Aabb a{{-2, -2}, {2, 2}};
      const c2::Aabb b{{c2::Real(x), c2::Real(y)}, {c2::Real(x + 1), c2::Real(y + 1)}};
      ++checked;
      if (c2::overlaps(a, b) != expected) {
        ++wrong;
        std::printf("aabb at (%d,%d): expected %d\n", x, y, expected);
      }
    }
  }
  std::printf("scalar: %s\n", std::is_same_v<c2::Real, double> ? "double" : "float");
  std::printf("consumer: %d checked, %d wrong\n", checked, wrong);
  return wrong == 0 && checked > 0 ? 0 : 1;
}
