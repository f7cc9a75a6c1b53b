// collide2d - 2D collision detection for games. MIT License.
#pragma once
// A brute-force reference for disc unions, in long double, sharing no code with the library:
// the coast by all pairs (every circle cut at its crossings with every other circle, each piece
// kept when its midpoint lies in no other disc), the signed distance by scanning every disc and
// every reference arc, with angles (atan2) instead of the library's direction tests. Also the
// random and degenerate island generators the tests use.

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>
#include <vector>

#include "collide2d/disc_union.hpp"

namespace ref_union {

using LD = long double;
using collide2d::Circle;
using collide2d::Real;
using collide2d::Vec2;

inline constexpr LD kPiL = 3.141592653589793238462643383279502884L;
inline constexpr LD kTwoPiL = 2 * kPiL;
inline constexpr LD kInfL = std::numeric_limits<LD>::infinity();

struct D {
  LD x, y, r;
};
struct RArc {
  int disc;
  LD a0, a1;  // a0 < a1, a0 in [0, 2 pi)
};

inline LD wrap(LD a) {
  a = std::fmod(a, kTwoPiL);
  return a < 0 ? a + kTwoPiL : a;
}

/// Distance from p to the arc of disc (x, y, r) between angles a0 < a1 (by angles).
inline LD arc_dist(LD px, LD py, const D& d, LD a0, LD a1, LD* qx = nullptr, LD* qy = nullptr) {
  const LD ang = wrap(std::atan2(py - d.y, px - d.x) - a0);
  LD best;
  LD bx, by;
  if (ang <= a1 - a0) {
    const LD L = std::hypot(px - d.x, py - d.y);
    best = std::fabs(L - d.r);
    const LD t = a0 + ang;
    bx = d.x + d.r * std::cos(t), by = d.y + d.r * std::sin(t);
  } else {
    const LD sx = d.x + d.r * std::cos(a0), sy = d.y + d.r * std::sin(a0);
    const LD ex = d.x + d.r * std::cos(a1), ey = d.y + d.r * std::sin(a1);
    const LD ds = std::hypot(px - sx, py - sy), de = std::hypot(px - ex, py - ey);
    if (ds <= de) best = ds, bx = sx, by = sy;
    else best = de, bx = ex, by = ey;
  }
  if (qx) *qx = bx, *qy = by;
  return best;
}

/// The union by brute force. `tol` is the library's documented tolerance (tangency,
/// containment, identical discs, short arcs), so both sides follow the same rules.
struct Union {
  std::vector<D> d;
  std::vector<RArc> arcs;

  Union(const std::vector<Circle>& discs, LD tol) {
    for (const Circle& c : discs) d.push_back({c.center.x, c.center.y, c.radius});
    const int n = int(d.size());
    for (int i = 0; i < n; ++i) {
      bool covered = false;
      std::vector<LD> cuts = {0, kTwoPiL};
      std::vector<int> crossing;  // every disc whose circle crosses i's (all pairs scanned)
      for (int j = 0; j < n && !covered; ++j) {
        if (j == i) continue;
        const LD dist = std::hypot(d[j].x - d[i].x, d[j].y - d[i].y);
        if (dist >= d[i].r + d[j].r - tol) continue;
        if (dist + d[i].r <= d[j].r + tol) {
          const bool identical = dist + d[j].r <= d[i].r + tol;
          if (!identical || j < i) covered = true;
          continue;
        }
        if (dist + d[j].r <= d[i].r + tol) continue;
        const LD c = (dist * dist + d[i].r * d[i].r - d[j].r * d[j].r) / (2 * dist * d[i].r);
        const LD a = std::acos(std::clamp(c, LD(-1), LD(1)));
        const LD th = std::atan2(d[j].y - d[i].y, d[j].x - d[i].x);
        cuts.push_back(wrap(th - a));
        cuts.push_back(wrap(th + a));
        crossing.push_back(j);
      }
      if (covered) continue;
      std::sort(cuts.begin(), cuts.end());
      std::vector<RArc> mine;
      for (std::size_t k = 0; k + 1 < cuts.size(); ++k) {
        const LD a0 = cuts[k], a1 = cuts[k + 1];
        if (a1 - a0 <= 0) continue;
        const LD m = (a0 + a1) / 2;
        const LD px = d[i].x + d[i].r * std::cos(m), py = d[i].y + d[i].r * std::sin(m);
        bool inside = false;
        // Only crossing discs can cover part of the circle (the rest are apart, tangent,
        // inside i, or contain i wholly, which was handled above).
        for (int j : crossing) {
          inside = std::hypot(px - d[j].x, py - d[j].y) < d[j].r;
          if (inside) break;
        }
        if (inside) continue;
        if (!mine.empty() && mine.back().a1 == a0) mine.back().a1 = a1;
        else mine.push_back({i, a0, a1});
      }
      if (mine.size() >= 2 && mine.front().a0 == 0 && mine.back().a1 == kTwoPiL) {
        mine.front().a0 = mine.back().a0;  // join across angle 0
        mine.front().a1 += kTwoPiL;
        mine.pop_back();
      }
      for (const RArc& a : mine)
        if ((a.a1 - a.a0) * d[i].r > tol) arcs.push_back(a);
    }
  }

  LD length() const {
    LD s = 0;
    for (const RArc& a : arcs) s += (a.a1 - a.a0) * d[std::size_t(a.disc)].r;
    return s;
  }
  bool contains(LD px, LD py) const {
    for (const D& c : d)
      if (std::hypot(px - c.x, py - c.y) <= c.r) return true;
    return false;
  }
  /// Distance to the coast (every arc scanned) and the nearest coast point.
  LD coast_distance(LD px, LD py, LD* qx = nullptr, LD* qy = nullptr) const {
    LD best = kInfL;
    for (const RArc& a : arcs) {
      LD x, y;
      const LD v = arc_dist(px, py, d[std::size_t(a.disc)], a.a0, a.a1, &x, &y);
      if (v < best) {
        best = v;
        if (qx) *qx = x, *qy = y;
      }
    }
    return best;
  }
  /// Signed distance: outside, the nearest disc; inside, the nearest coast point.
  LD signed_distance(LD px, LD py) const {
    if (contains(px, py)) return -coast_distance(px, py);
    LD best = kInfL;
    for (const D& c : d) best = std::min(best, std::hypot(px - c.x, py - c.y) - c.r);
    return best;
  }
  /// How deep p lies in any disc other than i (negative: outside all of them).
  LD depth_in_others(LD px, LD py, int i) const {
    LD best = -kInfL;
    for (int j = 0; j < int(d.size()); ++j)
      if (j != i) best = std::max(best, d[std::size_t(j)].r - std::hypot(px - d[std::size_t(j)].x, py - d[std::size_t(j)].y));
    return best;
  }
};

// ------------------------------------------------------------------ island generators
inline double uni(std::mt19937_64& g, double a, double b) {
  return a + (b - a) * std::uniform_real_distribution<double>(0, 1)(g);
}

/// n random discs in a square of side S (sizes as the conformance checker's `random` family).
inline std::vector<Circle> random_discs(std::mt19937_64& g, int n, double S) {
  const double r0 = S / std::sqrt(double(n)) * uni(g, 0.3, 1.0);
  std::vector<Circle> out;
  for (int i = 0; i < n; ++i)
    out.push_back({{Real(uni(g, -0.5, 0.5) * S), Real(uni(g, -0.5, 0.5) * S)}, Real(r0 * uni(g, 0.4, 1.6))});
  return out;
}

inline const int kTriples[][3] = {{3, 4, 5}, {5, 12, 13}, {8, 15, 17}, {7, 24, 25}, {1, 0, 1}};

/// An integer direction (a, b) with a^2 + b^2 = c^2, random signs and order.
inline void pyth(std::mt19937_64& g, int& a, int& b, int& c) {
  const auto& t = kTriples[g() % 5];
  a = t[0], b = t[1], c = t[2];
  if (g() % 2) std::swap(a, b);
  if (g() % 2) a = -a;
  if (g() % 2) b = -b;
}

/// Exactly tangent discs (external and internal), integers: exact in float and double.
inline std::vector<Circle> tangent_discs(std::mt19937_64& g) {
  std::vector<std::array<int, 3>> v = {{int(g() % 101) - 50, int(g() % 101) - 50, 5 + int(g() % 56)}};
  const int m = 2 + int(g() % 11);
  for (int k = 0; k < m; ++k) {
    const auto base = v[g() % v.size()];
    int a, b, c;
    pyth(g, a, b, c);
    int r2, s;
    if (g() % 4 != 0 || base[2] <= c) {
      s = base[2] / c + 1 + int(g() % 4);
      r2 = c * s - base[2];  // external tangency
    } else {
      s = 1 + int(g() % std::max(1, (base[2] - 1) / c));
      r2 = base[2] - c * s;  // internal tangency
    }
    if (r2 > 0) v.push_back({base[0] + a * s, base[1] + b * s, r2});
  }
  std::vector<Circle> out;
  for (auto& t : v) out.push_back({{Real(t[0]), Real(t[1])}, Real(t[2])});
  return out;
}

/// Random discs with identical and concentric copies.
inline std::vector<Circle> coincident_discs(std::mt19937_64& g) {
  std::vector<Circle> base = random_discs(g, 2 + int(g() % 29), uni(g, 10, 1000)), out;
  for (const Circle& c : base) {
    out.push_back(c);
    const double k = uni(g, 0, 1);
    if (k < 0.4) {
      for (int j = int(g() % 3); j >= 0; --j) out.push_back(c);
    } else if (k < 0.55) {
      out.push_back({c.center, Real(c.radius * uni(g, 0.5, 1.5))});
    }
  }
  std::shuffle(out.begin(), out.end(), g);
  return out;
}

/// Discs inside others, some internally tangent (integers).
inline std::vector<Circle> nested_discs(std::mt19937_64& g) {
  std::vector<Circle> out;
  for (int c0 = 1 + int(g() % 3); c0 > 0; --c0) {
    const int X = int(g() % 201) - 100, Y = int(g() % 201) - 100, R = 30 + int(g() % 91);
    out.push_back({{Real(X), Real(Y)}, Real(R)});
    for (int k = 1 + int(g() % 8); k > 0; --k) {
      int a, b, c;
      pyth(g, a, b, c);
      if (g() % 2 && R > c) {
        const int s = 1 + int(g() % ((R - 1) / c));
        out.push_back({{Real(X + a * s), Real(Y + b * s)}, Real(R - c * s)});
      } else {
        const int rr = 1 + int(g() % (R / 2));
        const int s = int(g() % (std::max(0, (R - rr - 1) / c) + 1));
        out.push_back({{Real(X + a * s), Real(Y + b * s)}, Real(rr)});
      }
    }
  }
  std::shuffle(out.begin(), out.end(), g);
  return out;
}

/// Circles through one common point P; with `pinhole` four around it (land all round).
inline std::vector<Circle> common_point_discs(std::mt19937_64& g, bool pinhole, Vec2* P) {
  const int px = int(g() % 81) - 40, py = int(g() % 81) - 40;
  *P = {Real(px), Real(py)};
  std::vector<std::array<int, 3>> dirs;
  if (pinhole) {
    dirs = {{{1, 0, 1}}, {{0, 1, 1}}, {{-1, 0, 1}}, {{0, -1, 1}}};
  } else {
    for (int k = 2 + int(g() % 3); k > 0; --k) {
      int a, b, c;
      pyth(g, a, b, c);
      dirs.push_back({a, b, c});
    }
  }
  std::vector<Circle> out;
  for (auto& t : dirs) {
    const int s = 1 + int(g() % 6);
    out.push_back({{Real(px + t[0] * s), Real(py + t[1] * s)}, Real(t[2] * s)});
  }
  return out;
}

/// Near-tangencies: gaps and overlaps of +-eps of the radius, a disc poking out by eps.
inline std::vector<Circle> sliver_discs(std::mt19937_64& g, double eps, int kind) {
  const double r1 = uni(g, 1, 100), x = uni(g, -100, 100), y = uni(g, -100, 100);
  const double a = uni(g, 0, 6.283185307179586);
  const double ux = std::cos(a), uy = std::sin(a);
  std::vector<Circle> out = {{{Real(x), Real(y)}, Real(r1)}};
  if (kind == 0) {
    const double r2 = r1 * uni(g, 0.3, 2.0), d = r1 + r2 + eps * r1;
    out.push_back({{Real(x + d * ux), Real(y + d * uy)}, Real(r2)});
  } else if (kind == 1) {
    const double r2 = r1 * uni(g, 0.1, 0.7), d = r1 - r2 + eps * r1;
    out.push_back({{Real(x + d * ux), Real(y + d * uy)}, Real(r2)});
  } else {
    for (int k = 2 + int(g() % 4); k > 0; --k) {
      const Circle p = out.back();
      const double r2 = r1 * uni(g, 0.5, 1.5), d = p.radius + r2 + eps * r1 * (g() % 2 ? 1 : -1);
      const double b = a + uni(g, -0.8, 0.8);
      out.push_back({{Real(p.center.x + d * std::cos(b)), Real(p.center.y + d * std::sin(b))}, Real(r2)});
    }
  }
  return out;
}

}  // namespace ref_union
