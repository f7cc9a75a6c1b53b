// collide2d - 2D collision detection for games. MIT License.
/// @file polygon_map_exact.cpp  The exact orientation predicate: a double-precision filter and,
/// when the filter cannot decide, an exact sum of the six products of the expanded determinant
/// as a floating-point expansion (TwoProduct by fma, TwoSum, grow-expansion).

#include <algorithm>
#include <cmath>

#include "collide2d/polygon_map.hpp"

namespace collide2d::inline COLLIDE2D_ABI {

namespace {

// a + b = s + e exactly (Knuth's TwoSum).
inline void two_sum(double a, double b, double& s, double& e) {
  s = a + b;
  const double bv = s - a;
  const double av = s - bv;
  e = (a - av) + (b - bv);
}

// a * b = p + e exactly (fma; exact unless the product underflows or overflows).
inline void two_product(double a, double b, double& p, double& e) {
  p = a * b;
  e = std::fma(a, b, -p);
}

// Adds x to the expansion h[0..n) (non-overlapping, increasing magnitude); returns the new size.
int grow_expansion(double* h, int n, double x) {
  double q = x;
  for (int i = 0; i < n; ++i) {
    double s, e;
    two_sum(q, h[i], s, e);
    h[i] = e;
    q = s;
  }
  h[n] = q;
  return n + 1;
}

int exact_orient(double ax, double ay, double bx, double by, double cx, double cy) {
  // cross(b - a, c - a) = ax*by - ax*cy - ay*bx + ay*cx + bx*cy - by*cx
  const double f[6][2] = {{ax, by}, {-ax, cy}, {-ay, bx}, {ay, cx}, {bx, cy}, {-by, cx}};
  double h[13] = {};
  int n = 0;
  for (const auto& t : f) {
    double p, e;
    two_product(t[0], t[1], p, e);
    n = grow_expansion(h, n, e);
    n = grow_expansion(h, n, p);
  }
  for (int i = n - 1; i >= 0; --i)
    if (h[i] != 0) return h[i] > 0 ? 1 : -1;
  return 0;
}

}  // namespace

int orient2d(double ax, double ay, double bx, double by, double cx, double cy) {
  const double l = (bx - ax) * (cy - ay);
  const double r = (by - ay) * (cx - ax);
  const double det = l - r;
  // Shewchuk's first error bound for orient2d is (3 + 16 eps) eps |l| + |r|; take a margin.
  const double bound = 4.5e-16 * (std::fabs(l) + std::fabs(r));
  if (det > bound) return 1;
  if (-det > bound) return -1;
  return exact_orient(ax, ay, bx, by, cx, cy);
}

int orient2d(Vec2 a, Vec2 b, Vec2 c) {
  return orient2d(double(a.x), double(a.y), double(b.x), double(b.y), double(c.x), double(c.y));
}

bool on_segment(Vec2 a, Vec2 b, Vec2 p) {
  if (orient2d(a, b, p) != 0) return false;
  return std::min(a.x, b.x) <= p.x && p.x <= std::max(a.x, b.x) && std::min(a.y, b.y) <= p.y &&
         p.y <= std::max(a.y, b.y);
}

}  // namespace collide2d
