// collide2d - 2D collision detection for games. MIT License.
#pragma once
// Internal: what the sector files share (sector.cpp: pieces and their distances;
// sector_contact.cpp: contact of convex parts; sector_escape.cpp: the numeric escape search
// from a non-convex union; sector_wide.cpp: the exact contact of a wide sector).
#include <algorithm>
#include <cmath>
#include <limits>
#include <type_traits>

#include "query/convex.hpp"
#include "query/geometry.hpp"

namespace collide2d::inline COLLIDE2D_ABI::detail {

/// The least of h's core vertices along n.
inline Real min_along(const Hull& h, Vec2 n) {
  Real m = dot(h.v[0], n);
  for (int i = 1; i < h.count; ++i) m = std::min(m, dot(h.v[i], n));
  return m;
}

/// Calls f(n); true when f returns true (then the callers below stop: a search that found
/// what it looked for).
template <class F>
bool stop_after(F& f, Vec2 n) {
  if constexpr (std::is_same_v<decltype(f(n)), bool>) return f(n);
  else { f(n); return false; }
}

/// Calls f(n) for every candidate normal of the Minkowski difference of a piece and a hull:
/// the hull's edge normals (negated) and end caps, the piece's flat normals and bisector, and
/// the radial directions from the piece's corners to the hull's vertices. The shortest escape
/// of two overlapping convex parts is along one of them.
/// (Stops early when f returns true, see stop_after.)
template <class F>
void piece_hull_normals(const Piece& p, const Hull& h, F&& f) {
  int edges = h.count >= 3 ? h.count : (h.count == 2 ? 2 : 0);
  for (int i = 0; i < edges; ++i)
    if (stop_after(f, -h.n[i])) return;
  if (h.count == 2 && (stop_after(f, perp(h.n[0])) || stop_after(f, -perp(h.n[0])))) return;
  for (Vec2 n : {p.normal_lo(), p.normal_hi(), p.mid})
    if (stop_after(f, n)) return;
  const Vec2 apex[3] = {p.c, p.c + p.lo * p.r, p.c + p.hi * p.r};
  for (int i = 0; i < h.count; ++i)
    for (Vec2 a : apex) {
      Vec2 d = h.v[i] - a;
      if (length_sq(d) > 0 && stop_after(f, normalize(d))) return;
    }
}

/// Candidate normals of two overlapping convex pieces (see piece_hull_normals).
template <class F>
void piece_piece_normals(const Piece& a, const Piece& b, F&& f) {
  for (Vec2 n : {a.normal_lo(), a.normal_hi(), -b.normal_lo(), -b.normal_hi(), a.mid, -b.mid})
    if (stop_after(f, n)) return;
  const Vec2 pa[3] = {a.c, a.c + a.lo * a.r, a.c + a.hi * a.r};
  const Vec2 pb[3] = {b.c, b.c + b.lo * b.r, b.c + b.hi * b.r};
  for (Vec2 x : pa)
    for (Vec2 y : pb)
      if (length_sq(y - x) > 0 && stop_after(f, normalize(y - x))) return;
}

/// The least overlap of two convex parts' projections over the pair's candidate normals
/// (piece_*_normals), at the first such normal in their order. Overlapping, it is the
/// penetration and the normal its escape (the shortest escape is along one of them); apart,
/// it is minus their distance (the axis at their nearest points is among them); b's rounding
/// (a hull's radius) included. With `apart`, it stops at the first normal whose overlap is
/// below that (the pair is then apart by more than -apart).
struct LeastOverlap {
  Real depth = std::numeric_limits<Real>::max();
  Vec2 normal{1, 0};
};

inline LeastOverlap least_overlap(const Piece& a, const Piece& b, Real apart = -std::numeric_limits<Real>::max()) {
  LeastOverlap o;
  piece_piece_normals(a, b, [&](Vec2 n) {
    const Real f = a.support_value(n) + b.support_value(-n);
    if (f < o.depth) o.depth = f, o.normal = n;
    return f < apart;
  });
  return o;
}

inline LeastOverlap least_overlap(const Piece& p, const Hull& h, Real apart = -std::numeric_limits<Real>::max()) {
  LeastOverlap o;
  piece_hull_normals(p, h, [&](Vec2 n) {
    const Real f = p.support_value(n) - min_along(h, n) + h.radius;
    if (f < o.depth) o.depth = f, o.normal = n;
    return f < apart;
  });
  return o;
}

/// The contact points of a piece and a convex part whose cores overlap, b escaping along
/// m.normal by m.depth (their least overlap): points on the flat sides facing each other
/// (clipped), else the deepest point of the piece or of b, moved half the depth across
/// (convex_contact's; sector_contact.cpp). Sets m's points and point count.
void overlap_points(const Piece& p, const Hull& h, Manifold& m);
void overlap_points(const Piece& a, const Piece& b, Manifold& m);

// Cheap bounds for the exact tests below. A point x of one convex part lying inside the other
// at depth d (its distance to that part's boundary) means that no translation shorter than d
// separates them: the penetration is at least d. The overlap of the two parts' projections on
// any unit axis bounds the penetration from above.

/// The depth of x inside a convex piece (span at most pi), or a negative number outside.
inline Real piece_inner_depth(const Piece& p, Vec2 x) {
  const Vec2 d = x - p.c;
  return std::min({p.r - length(d), -dot(d, p.normal_lo()), -dot(d, p.normal_hi())});
}

/// Whether piece_inner_depth(p, x) > t, the flat sides (no square root) first.
inline bool piece_deeper(const Piece& p, Vec2 x, Real t) {
  const Vec2 d = x - p.c;
  return -dot(d, p.normal_lo()) > t && -dot(d, p.normal_hi()) > t && p.r - length(d) > t;
}

/// The depth of x inside a hull (core grown by its radius), or a negative number outside
/// (not the distance then).
inline Real hull_inner_depth(const Hull& h, Vec2 x) {
  if (h.count >= 3) {
    Real m = dot(h.v[0] - x, h.n[0]);
    for (int k = 1; k < h.count; ++k) m = std::min(m, dot(h.v[k] - x, h.n[k]));
    return m >= 0 ? m + h.radius : Real(-1);
  }
  const Vec2 q = h.count == 1 ? h.v[0] : closest_on_segment(x, h.v[0], h.v[1]);
  return h.radius - length(x - q);
}

/// A piece's corners and its arc's midpoint.
inline void piece_points(const Piece& p, Vec2 (&out)[4]) {
  out[0] = p.c, out[1] = p.c + p.lo * p.r, out[2] = p.c + p.hi * p.r, out[3] = p.c + p.mid * p.r;
}

/// Whether the penetration of a piece and a hull is more than t >= 0 by a point of one lying
/// deeper than t in the other (the first such point tried decides).
inline bool deeper_than(const Piece& p, const Hull& h, Real t) {
  for (int k = 0; k < h.count; ++k) {
    const Real d = piece_inner_depth(p, h.v[k]);
    if (d >= 0 && d + h.radius > t) return true;
  }
  Vec2 pts[4];
  piece_points(p, pts);
  for (Vec2 x : pts)
    if (hull_inner_depth(h, x) > t) return true;
  return false;
}

/// The same for two pieces.
inline bool deeper_than(const Piece& a, const Piece& b, Real t) {
  Vec2 pts[4];
  piece_points(b, pts);
  for (Vec2 x : pts)
    if (piece_deeper(a, x, t)) return true;
  piece_points(a, pts);
  for (Vec2 x : pts)
    if (piece_deeper(b, x, t)) return true;
  return false;
}

// ---- the escape from a non-convex union (sector_escape.cpp) --------------------------------

/// a's pieces, and b as pieces (a sector) or as one hull.
struct Parts {
  const Piece* pieces = nullptr;  ///< a's pieces (b's too when b is a sector)
  int count = 0;
  const Hull* hull = nullptr;     ///< b as a hull, when it is one
};

/// Quick rejections before the exact tests: two pieces whose circles are apart, a piece
/// whose circle is farther from the hull's core than the hull's radius.
inline bool circles_apart(const Piece& a, const Piece& b) { return length(b.c - a.c) > a.r + b.r; }
inline bool circle_apart(const Piece& a, const Hull& h) {
  return point_hull_distance(h, a.c, nullptr) > a.r + h.radius;
}

/// The least of b's part j along n.
inline Real min_along(const Parts& b, int j, Vec2 n) {
  return b.hull ? min_along(*b.hull, n) - b.hull->radius : -b.pieces[j].support_value(-n);
}

/// Whether b moved by v and then on along the unit u stays clear of a for good: the "last
/// exit" along u, after which pushing further never re-enters a (escapes from a non-convex
/// sector must be such, else a push a hair longer than the depth could land in the sector
/// again). b may touch a at v (v is rounded): the test starts `skip` along u and allows an
/// overlap of `tol` (rounding) from there. For each convex pair it looks for a separating
/// axis between the piece and b swept from v + skip u to v + length u (beyond that nothing
/// of a is left): the pair's candidate normals (evaluated where b stands) and the sides of
/// the sweep, +-perp(u); these include the normal at the pair's nearest points, so the test
/// decides.
inline bool ray_free(const Parts& a, const Parts& b, Vec2 v, Vec2 u, Real length, Real skip, Real tol) {
  const int bn = b.hull ? 1 : b.count;
  for (int i = 0; i < a.count; ++i)
    for (int j = 0; j < bn; ++j) {
      Piece s = a.pieces[i];
      s.c -= v;  // moving b by +v is moving a by -v
      bool apart = false;
      auto sep = [&](Vec2 m) {
        const Real du = dot(u, m);
        return apart = s.support_value(m) - min_along(b, j, m) - std::min(skip * du, length * du) <= tol;
      };
      if (sep(perp(u)) || sep(-perp(u))) continue;
      if (b.hull) piece_hull_normals(s, *b.hull, sep);
      else piece_piece_normals(s, b.pieces[j], sep);
      if (!apart) return false;
    }
  return true;
}

/// The last exit of b from a's pieces along a direction (ray_free, by bisection).
struct Escape {
  const Parts& a;
  const Parts& b;
  Real reach;  ///< beyond this translation nothing overlaps
  Real eps;    ///< bisection resolution
  Real skip;   ///< b may touch a within this of an exit (the exit is rounded)
  Real tol;    ///< an overlap this shallow is rounding

  /// The least t >= 0 from which b moved on along the unit n stays clear of a for good.
  Real exit(Vec2 n) const;
};

/// The unit vector at angle th.
inline Vec2 unit_at(Real th) { return {std::cos(th), std::sin(th)}; }

/// The shortest escape of b from a's union found by a search over directions (the extra
/// directions first, then 96 even ones refined by golden-section search).
Manifold union_contact(const Parts& a, const Parts& b, Real reach, Real scale, const Vec2* extra, int extra_count);

}  // namespace collide2d::detail
