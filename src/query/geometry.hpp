// collide2d - 2D collision detection for games. MIT License.
#pragma once
// Internal geometric primitives shared by the pair queries.
#include <algorithm>
#include <cmath>
#include <limits>

#include "collide2d/math.hpp"

namespace collide2d::inline COLLIDE2D_ABI::detail {

/// A wider type for predicates: exact for float input (differences and 2x2 determinants of
/// floats fit in a double's 53 bits), nearly so for double input.
#ifdef COLLIDE2D_DOUBLE
using Wide = long double;
#else
using Wide = double;
#endif

/// Orientation of r relative to the directed line p -> q: > 0 left, < 0 right, 0 on it.
inline Wide orient(Vec2 p, Vec2 q, Vec2 r) {
  return (Wide(q.x) - p.x) * (Wide(r.y) - p.y) - (Wide(q.y) - p.y) * (Wide(r.x) - p.x);
}
/// dot(a1 - a0, b1 - b0) in the wide type.
inline Wide dot_w(Vec2 a0, Vec2 a1, Vec2 b0, Vec2 b1) {
  return (Wide(a1.x) - a0.x) * (Wide(b1.x) - b0.x) + (Wide(a1.y) - a0.y) * (Wide(b1.y) - b0.y);
}

/// Whether p lies on the closed segment ab, decided exactly (for float input). The float
/// orientation cross(a - p, b - a) first: the differences and the products each round by at
/// most eps, so 8 eps of the products' magnitudes bound its error (min covers underflow); only
/// an orientation within that of 0 needs the exact one.
inline bool on_segment(Vec2 a, Vec2 b, Vec2 p) {
  const Vec2 w = a - p, e = b - a;
  const Real l = w.x * e.y, r = w.y * e.x;
  constexpr Real k = std::numeric_limits<Real>::epsilon() * 8;
  if (std::fabs(l - r) > k * (std::fabs(l) + std::fabs(r)) + std::numeric_limits<Real>::min()) return false;
  return orient(a, b, p) == 0 && dot_w(a, p, a, b) >= 0 && dot_w(b, p, a, b) <= 0;
}

/// Where the line o + t d meets the circle of radius r about the origin (o given relative to
/// the circle's center): t0 <= t1, or false when it misses it (or d is zero). In double, with
/// the discriminant b^2 - a c taken as a r^2 - (o x d)^2 (Lagrange's identity: a |o|^2 - b^2 =
/// (o x d)^2), free of b^2 and a c's cancellation (a line that starts far from a small circle:
/// they agree in most of their digits) and of a division; for float input the cross product's
/// products are exact and it rounds once. The far root from c / q instead of a difference of
/// nearly equal terms. T = double keeps the roots unrounded, and o may be given in double
/// (ox, oy): a float caller that goes on in double, with the exact offset of two floats.
/// kNearOnly: t0 alone (t1 = t0), without the far root's division, for a caller that needs
/// only the entry: q / a and c / q are the roots, and for b < 0 (closing in on the center)
/// q^2 >= b^2 >= a c makes c / q the smaller (q / a for b >= 0); the bits of t0 then, but where
/// the two roots are within their rounding of each other (a tangent line), where t0 may be
/// the other one of the two.
template <bool kNearOnly = false, class T>
inline bool line_circle(double ox, double oy, Vec2 d, Real r, T& t0, T& t1) {
  const double dx = d.x, dy = d.y, rr = double(r) * double(r);
  const double a = dx * dx + dy * dy;
  if (!(a > 0)) return false;
  const double b = ox * dx + oy * dy;
  double disc;
  if constexpr (sizeof(Real) == sizeof(float)) {
    const double c = ox * dy - oy * dx;
    disc = a * rr - c * c;
  } else {
    const double k = b / a, hx = ox - dx * k, hy = oy - dy * k;
    disc = a * (rr - (hx * hx + hy * hy));
  }
  if (!(disc >= 0)) return false;
  const double sq = std::sqrt(disc);
  const double q = b >= 0 ? -(b + sq) : -(b - sq);  // |q| >= |b|: no cancellation
  if constexpr (kNearOnly) {
    t0 = t1 = T(b < 0 ? (ox * ox + oy * oy - rr) / q : q / a);
    return true;
  }
  double lo = q / a, hi = q != 0 ? (ox * ox + oy * oy - rr) / q : lo;
  if (lo > hi) std::swap(lo, hi);
  t0 = T(lo), t1 = T(hi);
  return true;
}
template <bool kNearOnly = false, class T>
inline bool line_circle(Vec2 o, Vec2 d, Real r, T& t0, T& t1) {
  return line_circle<kNearOnly>(double(o.x), double(o.y), d, r, t0, t1);
}

/// Whether length(v) > R, decided without its square root where the squared length is beyond
/// R^2 by far more than the rounding of both (2^-18 relative; float input: the squares exact in
/// double, the sum rounded once): the answer then holds for the rounded length too. False
/// (undecided) otherwise, and for double input (whose squares can underflow).
inline bool clearly_apart(Vec2 v, Real R) {
  if constexpr (sizeof(Real) == sizeof(float)) {
    const double s = double(v.x) * v.x + double(v.y) * v.y, r = R;
    return s > r * r * (1 + 0x1p-18);
  }
  return false;
}

/// The point of segment ab nearest to p. The ends are told from the projection x = (p - a).e
/// before dividing by e.e (the division only for a projection inside): x <= 0 gives t <= 0 and
/// x >= e.e gives t >= 1, the answers of the rounded t; only a t that rounds to 0 or 1 from
/// within still needs the tests after the division. Same bits as dividing first.
inline Vec2 closest_on_segment(Vec2 p, Vec2 a, Vec2 b) {
  const Vec2 e = b - a;
  const Real ee = dot(e, e);
  if (ee <= 0) return a;
  const Real x = dot(p - a, e);
  if (x <= 0) return a;
  if (x >= ee) return b;
  const Real t = x / ee;
  if (t <= 0) return a;
  if (t >= 1) return b;
  return a + e * t;
}

/// The rounding of a separation dot(n, p - v) of p from an edge through its vertex v along the
/// edge's stored unit normal n, for the float filters of the polygon paths, from w1 = |p - v|
/// (1-norm): 32 ulps of the offset bound the products' and the normal's rounding; 32 ulps of p's
/// magnitude more cover vertices rounded after their normals were made (a polygon moved or posed
/// far from the origin, whose edges turn by their ends' rounding), so 64 ulps of the larger.
inline Real separation_slack(Real w1, Vec2 p) {
  constexpr Real k = std::numeric_limits<Real>::epsilon() * 64;
  return k * std::max(w1, std::fabs(p.x) + std::fabs(p.y)) + std::numeric_limits<Real>::min();
}

/// Whether p, whose largest separation along the edge normals of the polygon core v[0..count)
/// is sm, lies clearly inside it: below every edge by more than that separation's rounding
/// (separation_slack at the largest offset from p to a vertex bounds every edge's), so that the
/// exact orientations would all be positive.
inline bool clearly_inside(const Vec2* v, int count, Vec2 p, Real sm) {
  if (!(sm < 0)) return false;
  Real far = 0;
  for (int i = 0; i < count; ++i) far = std::max(far, std::fabs(p.x - v[i].x) + std::fabs(p.y - v[i].y));
  return sm < -separation_slack(far, p);
}

/// Whether p lies in the closed normal cone of the vertex b of a convex core between its edges
/// a -> b and b -> c (b is then p's nearest core point), decided exactly for float input.
inline bool in_vertex_cone(Vec2 a, Vec2 b, Vec2 c, Vec2 p) { return dot_w(a, b, b, p) >= 0 && dot_w(b, c, b, p) <= 0; }

/// Whether the distance |l - r| / sqrt(ee) of a point from a line is within R: l - r its cross
/// product with the line's direction e and ee = e.e, each product in the wide type. Decided
/// without a square root or a division, from (l - r)^2 against R^2 ee: err bounds the rounding
/// of l - r (8 ulps of its two products: exact for float input, whose differences and products
/// are exact in double; a few ulps for double input in long double) and 16 ulps cover the
/// rounding of the squares and products. 1: within, -1: beyond, 0: within that bound of R.
inline int line_distance_within(Wide l, Wide r, Wide ee, Real R) {
  constexpr Wide u = std::numeric_limits<Wide>::epsilon();
  const Wide s = std::fabs(l - r), err = 8 * u * (std::fabs(l) + std::fabs(r));
  const Wide lo = s - err, hi = s + err, rr = Wide(R) * R * ee;
  if (lo > 0 && lo * lo > rr * (1 + 16 * u)) return -1;
  if (hi * hi < rr * (1 - 16 * u)) return 1;
  return 0;
}

/// Where p lies beyond the middle of the edge a -> b of a counter-clockwise polygon core (strictly
/// outside its line, projecting strictly inside it), its distance to the core is exactly its
/// distance to that line: line_distance_within decides whether that is within R. Sets *within
/// and returns true when decided; false when p is not beyond the middle of the edge or lies
/// within the bound of R.
inline bool beyond_edge_within(Vec2 a, Vec2 b, Vec2 p, Real R, bool* within) {
  const Wide ex = Wide(b.x) - a.x, ey = Wide(b.y) - a.y, wx = Wide(p.x) - a.x, wy = Wide(p.y) - a.y;
  if (!(ex * wx + ey * wy > 0)) return false;                                // projects onto a or before it
  if (!((Wide(p.x) - b.x) * ex + (Wide(p.y) - b.y) * ey < 0)) return false;  // onto b or beyond it
  const Wide l = ey * wx, r = ex * wy;
  if (!(l - r > 0)) return false;  // inside or on the line
  const int w = line_distance_within(l, r, ex * ex + ey * ey, R);
  *within = w > 0;
  return w != 0;
}

/// A common point of two segments known to intersect.
inline Vec2 segment_segment_common(Vec2 p0, Vec2 p1, Vec2 q0, Vec2 q1) {
  Wide o0 = orient(p0, p1, q0), o1 = orient(p0, p1, q1);
  if (o0 == 0 && o1 == 0) {  // collinear: an endpoint of one lies on the other
    for (Vec2 c : {q0, q1})
      if (dot_w(p0, c, p0, p1) >= 0 && dot_w(p1, c, p1, p0) >= 0) return c;
    return p0;
  }
  if (o0 == 0) return q0;
  if (o1 == 0) return q1;
  Wide t = o0 / (o0 - o1);
  return {Real(q0.x + (Wide(q1.x) - q0.x) * t), Real(q0.y + (Wide(q1.y) - q0.y) * t)};
}

/// Keeps the part of polygon `in` (m points; 1 or 2 allowed) left of or on the line p -> q.
/// (Each point's orientation is taken once and passed on to the next edge.)
inline int clip_polygon_halfplane(const Vec2* in, int m, Vec2 p, Vec2 q, Vec2* out) {
  int k = 0;
  if (m == 1) {
    if (orient(p, q, in[0]) >= 0) out[k++] = in[0];
    return k;
  }
  const Wide d0 = orient(p, q, in[0]);
  Wide db = d0;
  for (int i = 0; i < m; ++i) {
    const bool last = i + 1 == m;
    Vec2 a = in[i], b = in[last ? 0 : i + 1];
    const Wide da = db;
    db = last ? d0 : orient(p, q, b);
    if (da >= 0) out[k++] = a;
    if ((da > 0 && db < 0) || (da < 0 && db > 0)) {
      Wide t = da / (da - db);
      out[k++] = {Real(a.x + (Wide(b.x) - a.x) * t), Real(a.y + (Wide(b.y) - a.y) * t)};
    }
  }
  return k;
}

/// Closest points between two convex cores by scanning every vertex against every edge
/// (cores must be disjoint for the result to be their distance).
inline Real brute_closest(const Vec2* a, int na, const Vec2* b, int nb, Vec2* pa, Vec2* pb) {
  Real best = std::numeric_limits<Real>::max();
  auto scan = [&](const Vec2* p, int np, const Vec2* e, int ne, bool swap) {
    int edges = ne <= 2 ? 1 : ne;
    for (int i = 0; i < np; ++i) {
      for (int j = 0; j < edges; ++j) {
        Vec2 q = ne == 1 ? e[0] : closest_on_segment(p[i], e[j], e[j + 1 == ne ? 0 : j + 1]);
        Real d = length_sq(q - p[i]);
        if (d < best) {
          best = d;
          if (swap) { *pa = q; *pb = p[i]; } else { *pa = p[i]; *pb = q; }
        }
      }
    }
  };
  scan(a, na, b, nb, false);
  scan(b, nb, a, na, true);
  return length(*pb - *pa);
}

/// Contact points from clipping the incident edge i1-i2 (grown by rinc) against the
/// reference edge r1-r2 (outward normal nref, grown by rref): up to two points, each the
/// midpoint between the two surfaces, keeping those that touch within `slack`.
int clip_contact_points(Vec2 r1, Vec2 r2, Vec2 nref, Real rref, Vec2 i1, Vec2 i2, Real rinc,
                        Real slack, Vec2 out[2]);

}  // namespace collide2d::detail
