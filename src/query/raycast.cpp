// collide2d - 2D collision detection for games. MIT License.
// Ray casts: the typed `raycast` of every shape and the kernels it calls, closed forms for the
// shapes that have them, hulls (flat edges pushed out by the radius, vertex circles) and sector
// pieces (two radial edges and one arc) for the rest.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <type_traits>

#include "query/convex.hpp"
#include "query/geometry.hpp"
#include "query/shape_list.hpp"

namespace collide2d::inline COLLIDE2D_ABI::detail {
namespace {

struct Best {
  Real t = std::numeric_limits<Real>::max();
  Vec2 normal;
  bool found = false;  // t is a hit (not the initial bound, which a max_distance may equal)
  void offer(Real tt, Vec2 n) { if (tt >= 0 && tt < t) { t = tt; normal = n; found = true; } }
};

// Ray from the origin along u against the segment a-b given relative to the ray's origin
// (w = a - origin, e = b - a): callers far from the coordinates' origin build w from small
// differences, so the hit and its side are as exact as the offsets. Normal reported as
// `n_out` (or the side facing the origin). A hit no nearer than the best so far is dropped
// before its normal is computed (offer would drop it too).
void ray_segment_rel(Vec2 u, Vec2 w, Vec2 e, Best& best, const Vec2* n_out) {
  Real den = cross(u, e);
  if (den == 0) {
    if (cross(u, w) != 0) return;  // parallel, off the line
    Real ta = dot(w, u), tb = dot(w + e, u);
    if (ta < 0 && tb < 0) return;
    Real t = std::max(Real(0), std::min(ta, tb));
    best.offer(t, n_out ? *n_out : -u);
    return;
  }
  Real s = cross(w, u) / den;
  if (s < 0 || s > 1) return;
  Real t = cross(w, e) / den;
  if (t < 0 || !(t < best.t)) return;
  if (n_out) {
    best.offer(t, *n_out);
    return;
  }
  Vec2 side = perp(e);
  best.offer(t, normalize(dot(side, u) < 0 ? side : -side));
}

// Ray against a circle, entering hits only; `accept` filters the hit point (given relative to c).
template <class F>
void ray_circle(Vec2 o, Vec2 u, Vec2 c, Real r, Best& best, F accept) {
  Vec2 m = o - c;
  if (dot(m, u) > 0 && dot(m, m) > r * r) return;  // outside, moving away: both roots behind the origin
  Real t, t_out;
  if (!line_circle(m, u, r, t, t_out)) return;
  if (t < 0 || !(t < best.t)) return;  // (offer would drop it: no normal to compute)
  const Vec2 p = m + u * t;  // the hit relative to c, not from far-off coordinates
  if (!accept(p)) return;
  best.offer(t, normalize(p, -u));
}

// The next representable number above x, for finite x >= 0 below the largest finite number:
// std::nextafter's answer without its library call (a third of a segment ray cast's work).
Real next_up(Real x) {
#ifdef COLLIDE2D_DOUBLE
  using Bits = std::uint64_t;
#else
  using Bits = std::uint32_t;
#endif
  static_assert(sizeof(Bits) == sizeof(Real));
  x += Real(0);  // -0 becomes +0
  Bits b;
  std::memcpy(&b, &x, sizeof b);
  ++b;
  std::memcpy(&x, &b, sizeof b);
  return x;
}

RayHit finish(const Best& best, Vec2 o, Vec2 u, Real max_distance) {
  RayHit h;
  if (!best.found || best.t > max_distance) return h;
  h.hit = true;
  h.distance = best.t;
  h.point = o + u * best.t;
  h.normal = best.normal;
  return h;
}

// The direction a flat-sided shape is clipped along, in fractions of it as Box2D does (no unit
// vector, so no square root or division ahead of the clip): the ray's own when its larger
// component is within [2^-20, 2^20] (a fraction then overflows only where a distance along the
// unit direction would be beyond 2^-20 of the largest number: a miss either way), else the
// unit direction.
Vec2 clip_direction(Vec2 d) {
  const Real m = std::max(std::fabs(d.x), std::fabs(d.y));
  return m >= Real(0x1p-20) && m <= Real(0x1p20) ? d : normalize(d);
}

// The hit at the fraction num / den of the direction d from o, with outward normal n: its
// distance |d| num / den and point o + d num / den each worked out in Wide and rounded once
// (float: the squares of d exact, then four roundings at 2^-53 before the one to float), so
// no less exact than the unit direction's t = num / (d / |d|) with its three float roundings.
// A miss when the distance is beyond max_distance. n: the normal, or a function that returns
// it (worked out for a hit only); the answer is built in place (no RayHit stored and then
// patched: its copy would read back stores of other sizes, which stalls).
template <class N>
[[gnu::always_inline]] inline RayHit fraction_hit(Wide num, Wide den, Vec2 o, Vec2 d, N n, Real max_distance) {
  const Wide q = num / den, dx = d.x, dy = d.y;
  const Real t = Real(q * std::sqrt(dx * dx + dy * dy));
  if (!(t <= max_distance)) return {};
  if constexpr (std::is_invocable_v<N>) return {true, false, t, {Real(o.x + dx * q), Real(o.y + dy * q)}, n()};
  else return {true, false, t, {Real(o.x + dx * q), Real(o.y + dy * q)}, n};
}

// The direction the kernels built on line_circle take: float, clip_direction (line_circle
// works in double, so fractions of d cost no exactness); double, the unit direction (no wider
// line_circle: t is then the distance, one rounding fewer).
Vec2 ray_direction(Vec2 d) {
  if constexpr (sizeof(Real) == sizeof(float)) return clip_direction(d);
  else return normalize(d);
}

}  // namespace

// Implemented in hull.cpp (internal; declared here so convex.hpp stays as it is).
Real point_core_distance(const Hull& h, Vec2 p, Vec2* nearest);
bool vertex_inside(const Hull& in, const Hull& by, Vec2* out);

namespace {

// A ray against a convex polygon core without radius (vertices v[i] + off, unit edge normals
// n), clipped in float in Box2D's form: the entry `lower` and the exit `upper` in fractions of
// the direction d (clip_direction), a bound tested as num < t den and divided only when it moves, a certain miss
// returned as soon as the bounds cross. The origin's inside test is exact: the side that
// decided the answer (the side entered, or the side the ray leaves before it enters anything)
// is one the float clip saw the origin outside of, and its exact orientation shows the origin
// strictly outside the core (a float num beyond its rounding, separation_slack as Hull's
// distance takes it, shows that orientation negative without working it out: the same
// answer); otherwise (an origin inside, or within rounding of that side's line) `in_core()`
// decides, and the clip stands when it says outside.
template <bool kMoved, class InCore>
RayHit polygon_core_raycast(const Vec2* v, const Vec2* n, int count, Vec2 off, Vec2 o, Vec2 d, Real max_distance,
                            InCore&& in_core) {
  // upper starts at a bound on max_distance's fraction without the square root (|d| is at
  // least its larger component; the factor covers the division's rounding): a polygon beyond
  // it is a miss as soon as the bounds cross. max_distance itself is tested on the hit.
  Real lower = 0, upper = max_distance / std::max(std::fabs(d.x), std::fabs(d.y)) * (1 + 2 * std::numeric_limits<Real>::epsilon());
  int entered = -1, side = -1;  // side: the one that decided
  Real side_num = 0;  // its num
  for (int i = 0; i < count; ++i) {
    const Vec2 ni = n[i];
    const Real num = dot(ni, (kMoved ? v[i] + off : v[i]) - o);  // >= 0: o inside this half-plane
    const Real den = dot(ni, d);
    if (den < 0) {
      if (!(num < lower * den)) continue;
      lower = num / den;  // enters later
      entered = side = i;
      side_num = num;
    } else if (den > 0) {
      if (!(num < upper * den)) continue;
      upper = num / den;  // leaves sooner
      if (!(upper < lower)) continue;
      if (lower == 0) side = i, side_num = num;  // (else the side entered has the origin outside it)
    } else {
      if (!(num < 0)) continue;
      upper = -1;  // parallel to the side, outside it
      if (lower == 0) side = i, side_num = num;
    }
    if (upper < lower) {
      entered = -1;
      break;
    }
  }
  bool outside = false;
  if (side >= 0) {
    const int next = side + 1 == count ? 0 : side + 1;
    const Vec2 w = (kMoved ? v[side] + off : v[side]) - o;
    outside = side_num < -separation_slack(std::fabs(w.x) + std::fabs(w.y), o) ||
              (kMoved ? orient(v[side] + off, v[next] + off, o) < 0 : orient(v[side], v[next], o) < 0);
  }
  if (!outside && in_core()) return {true, true, 0, o, {}};
  if (entered < 0) return {};
  const Vec2 ne = n[entered];  // the entry's num and den again (the same bits as in the loop)
  return fraction_hit(dot(ne, (kMoved ? v[entered] + off : v[entered]) - o), dot(ne, d), o, d, ne, max_distance);
}


// A polygon without radius, on its own storage (no Hull built unless the origin is within
// rounding of it). The origin's inside test is the exact orientations (a distance of 0 would
// also take an origin outside by less than the rounding of the nearest point).
// (Out of line and cold: the two hulls it builds stay out of the clip's frame.)
[[gnu::noinline, gnu::cold]] bool origin_in_polygon(const Polygon& s, Vec2 o) {
  Vec2 q;
  return vertex_inside(Hull(Point{o}), Hull(s), &q);
}

RayHit polygon_raycast(const Polygon& s, const Ray& ray) {
  const Vec2 o = ray.origin, d = clip_direction(ray.direction), off = s.offset();
  const auto in_core = [&] { return origin_in_polygon(s, o); };
  constexpr Vec2 zero{};
  if (std::memcmp(&off, &zero, sizeof off) == 0)  // (not moved since built: the common case)
    return polygon_core_raycast<false>(s.base_vertices(), s.normals(), s.count(), off, o, d, ray.max_distance, in_core);
  return polygon_core_raycast<true>(s.base_vertices(), s.normals(), s.count(), off, o, d, ray.max_distance, in_core);
}

}  // namespace

// A core of count >= 2 vertices v (normals n; a segment has both sides, n[1] = -n[0]) grown
// by r > 0, for an origin outside it: the sides pushed out by r facing the ray, then the
// circles at the vertices. A hit beyond max_distance gets no normal.
RayHit rounded_raycast(const Vec2* v, const Vec2* n, int count, Real r, Vec2 o, Vec2 u, Real max_distance) {
  Best best;
  if (max_distance < best.t) best.t = next_up(max_distance);  // farther hits: a miss either way
  const int edges = count == 2 ? 2 : count;
  for (int i = 0; i < edges; ++i) {
    const Vec2 ni = n[i];
    if (dot(ni, u) >= 0) continue;
    // The side pushed out by r, relative to the origin: (v - o) + n r keeps the offset's
    // precision far from the coordinates' origin, where v + n r would round at v's scale
    // and move the side's end by up to an ulp of the coordinates (a ray just past the end
    // would then take the end circle's normal).
    ray_segment_rel(u, (v[i] - o) + ni * r, v[i + 1 == count ? 0 : i + 1] - v[i], best, &ni);
  }
  // The origin is outside and the shape convex: the ray enters it once, so a hit on a flat
  // side facing the ray is that entry and no vertex circle can be nearer, unless the hit is
  // within rounding of the side's end (a grazing ray may then enter through the circle there):
  // only the circles of vertices that near the hit are tried.
  const auto any = [](Vec2) { return true; };
  if (best.found) {
    const Vec2 x = o + u * best.t;
    const Real r2 = r * r;
    // The hit's rounding along the side grows as the ray turns parallel to it.
    const Real slack = kRelEps * 4 * (std::fabs(x.x) + std::fabs(x.y) + r) /
                       std::max(std::fabs(dot(best.normal, u)), std::numeric_limits<Real>::min());
    for (int i = 0; i < count; ++i) {
      const Vec2 w = (o - v[i]) + u * best.t;
      const Real near = Real(1e-3) * (r + std::fabs(w.x) + std::fabs(w.y)) + slack;
      if (dot(w, w) - r2 <= near * near) ray_circle(o, u, v[i], r, best, any);
    }
    return finish(best, o, u, max_distance);
  }
  for (int i = 0; i < count; ++i) ray_circle(o, u, v[i], r, best, any);
  return finish(best, o, u, max_distance);
}

// The entry into a disk of radius r > 0 about c, for an origin outside it closing in on c
// (dot(o - c, d) < 0: else no root lies ahead; the callers test it, each where its operands are
// at hand; d: ray_direction): ray_circle's arithmetic without its bookkeeping. Float: in fractions of d, on the exact offset
// o - c in double, the near root alone (line_circle<true>: no far root's division) kept in double
// (line_circle works in double and takes any length):
// the distance |d| t and the point o + d t each rounded once (fraction_hit), and the normal the
// hit relative to c over r in double, no square root (the double root puts the hit within
// 2^-50 |o - c| of the circle, so that is a unit vector to float's precision wherever
// |o - c| < 2^20 r; normalize beyond). Double (no wider line_circle): d is the unit direction,
// t the distance.
inline RayHit circle_entry(Vec2 c, Real r, Vec2 o, Vec2 d, Real max_distance) {
  if constexpr (sizeof(Real) == sizeof(float)) {
    const double dx = double(o.x) - c.x, dy = double(o.y) - c.y;  // exact
    double t, t_out;
    if (!line_circle<true>(dx, dy, d, r, t, t_out) || t < 0) return {};
    const auto normal = [&] {
      const double px = dx + d.x * t, py = dy + d.y * t;  // the hit relative to c
      if (std::fabs(dx) + std::fabs(dy) < r * 0x1p20) {
        const double inv = 1 / double(r);
        return Vec2{Real(px * inv), Real(py * inv)};
      }
      return normalize(Vec2{Real(px), Real(py)}, normalize(-d));
    };
    return fraction_hit(t, 1, o, d, normal, max_distance);
  } else {
    const Vec2 m = o - c;
    Real t, t_out;
    if (!line_circle<true>(m, d, r, t, t_out) || t < 0 || !(t <= max_distance)) return {};
    const Vec2 p = m + d * t;  // the hit relative to c
    return {true, false, t, o + d * t, p == Vec2{} ? normalize(-d) : normalize(p)};
  }
}

// A disk of radius r > 0: the origin inside is decided exactly (for float input), then its
// entry.
RayHit circle_raycast(Vec2 c, Real r, Vec2 o, Vec2 d, Real max_distance) {
  const Wide dx = Wide(o.x) - c.x, dy = Wide(o.y) - c.y;
  if (dx * dx + dy * dy <= Wide(r) * r) return {true, true, 0, o, {}};
  if (!(dx * d.x + dy * d.y < 0)) return {};  // outside, not closing in
  return circle_entry(c, r, o, d, max_distance);
}

// A capsule a != b of radius r > 0 without building its hull: the origin inside decided as
// point_core_distance does (the same distance, so the same bits), then in closed form in the
// capsule's frame (Box2D's), in fractions of the direction d (ray_direction): a convex shape is
// entered once, and the slab |h| <= r about the axis holds the capsule, so an origin outside
// the slab moving away from it (or along it) misses; otherwise the ray enters the capsule where
// it enters the slab when that point lies along the core (fraction_hit), and else through the
// end circle on that side (beyond an end line, the capsule's part of the slab is that end's
// disk), the only circle tried (circle_entry). An origin within the slab (beyond an end)
// likewise enters through that end's circle.
RayHit capsule_raycast(Vec2 a, Vec2 b, Real r, Vec2 o, Vec2 d, Real max_distance) {
  const Vec2 e = b - a;
  const Real len = length(e);
  const Vec2 axis = e / len;  // (normalize's bits: the normals Hull::set_segment stores)
  const Vec2 w = o - a, right{axis.y, -axis.x};
  const Real h = dot(right, w);
  const Real mag = std::fabs(o.x) + std::fabs(o.y) + std::fabs(a.x) + std::fabs(a.y) + std::fabs(b.x) + std::fabs(b.y);
  // An origin clearly outside the slab (by more than the rounding of h and of the distance
  // below) is outside; only the others need the distance.
  if (!(std::fabs(h) > r + kRelEps * (mag + std::fabs(w.x) + std::fabs(w.y)))) {
    const Vec2 q = closest_on_segment(o, a, b);
    if (length(q - o) <= r) return {true, true, 0, o, {}};
    // (an origin on the core is inside: that distance is 0 but for rounding, which only a
    // radius below the coordinates' rounding can fall under)
    if (r <= kRelEps * mag && on_segment(a, b, o))
      return {true, true, 0, o, {}};
  }
  Real along = dot(axis, w);  // where along the core (from a) the ray enters the slab
  if (std::fabs(h) > r) {
    const Real dh = dot(right, d), toward = h > 0 ? -dh : dh;  // > 0: the ray closes on the slab
    if (!(toward > 0)) return {};
    const Real gap = std::fabs(h) - r, q = gap / toward;
    // Beyond max_distance's fraction for certain (|d| >= its larger component; the factor covers
    // the roundings): the capsule, inside the slab, is farther still.
    if (q * std::max(std::fabs(d.x), std::fabs(d.y)) > max_distance * (1 + 4 * std::numeric_limits<Real>::epsilon()))
      return {};
    along += q * dot(axis, d);
    if (along >= 0 && along <= len) {
      // The side's fraction again in Wide from the stored points, without the float unit
      // axis's and offsets' rounding (as the box does): with H = (o - a) x e, T = d x e and L =
      // |e|, h = H / L and dh = T / L, so (|h| - r) / toward = (|H| - r L) / -+T.
      const Wide ex = Wide(b.x) - a.x, ey = Wide(b.y) - a.y, wx = Wide(o.x) - a.x, wy = Wide(o.y) - a.y;
      const Wide H = wx * ey - wy * ex, T = d.x * ey - d.y * ex;
      return fraction_hit(std::fabs(H) - r * std::sqrt(ex * ex + ey * ey), h > 0 ? -T : T, o, d, h > 0 ? right : -right,
                          max_distance);
    }
  }
  const Vec2 end = along < 0 ? a : b;
  if (!(dot(o - end, d) < 0)) return {};  // outside, not closing in on that end
  return circle_entry(end, r, o, d, max_distance);
}

// A segment w, w + e (relative to the origin o) parallel to the unit direction u: on its line
// (the nearer end, ahead) or a miss. (Out of line and cold: a rare case, kept out of the
// common path's registers and frame.)
[[gnu::noinline, gnu::cold]] RayHit segment_parallel(Vec2 w, Vec2 e, Vec2 o, Vec2 u, Real max_distance) {
  Best best;
  if (max_distance < best.t) best.t = next_up(max_distance);  // farther hits: a miss either way
  ray_segment_rel(u, w, e, best, nullptr);
  return finish(best, o, u, max_distance);
}

// A segment a != b without radius: the origin on it is decided exactly (for float input);
// whether the crossing lies along it (s = (a - o) x d / den in [0, 1], den = d x e) is decided
// from the signs and sizes of s's numerator and den before any division (s itself is not
// needed). d: ray_direction. Float: in fractions of d (as Box2D), the hit's fraction
// (a - o) x e / d x e from the float offsets with the products exact in Wide (one rounding for
// each cross product, where the float ones round three times), its distance |d| q and point
// each rounded once (fraction_hit). Double: d is the unit direction, t the distance. A hit
// beyond max_distance gets no normal.
inline RayHit segment_raycast(Vec2 a, Vec2 b, Vec2 o, Vec2 d, Real max_distance) {
  if (on_segment(a, b, o)) return {true, true, 0, o, {}};
  const Vec2 w = a - o, e = b - a;
  const Real den = cross(d, e);
  if (den == 0) return segment_parallel(w, e, o, normalize(d), max_distance);
  const Real s = cross(w, d);
  if (den > 0 ? (s < 0 || s > den) : (s > 0 || s < den)) return {};
  const Vec2 side = perp(e);  // dot(side, d) = -den, bit for bit: side faces the origin when den > 0
  if constexpr (sizeof(Real) == sizeof(float)) {
    const Wide ex = e.x, ey = e.y, wx = w.x, wy = w.y;
    const Wide num = wx * ey - wy * ex, den_w = d.x * ey - d.y * ex;
    if (!(num / den_w >= 0)) return {};  // behind the origin (or den_w 0 where the float den was not)
    return fraction_hit(num, den_w, o, d, [&] { return normalize(den > 0 ? side : -side); }, max_distance);
  } else {
    const Real t = cross(w, e) / den;
    if (t < 0 || t > max_distance) return {};
    return {true, false, t, o + d * t, normalize(den > 0 ? side : -side)};
  }
}

RayHit hull_raycast(const Hull& h, Vec2 o, Vec2 u, Real max_distance) {
  if (h.radius == 0 && h.count == 2) return segment_raycast(h.v[0], h.v[1], o, u, max_distance);
  Best best;
  if (h.radius > 0) {
    Vec2 q;
    if (point_core_distance(h, o, &q) <= h.radius) return {true, true, 0, o, {}};
  } else if (h.count == 1) {
    if (o == h.v[0]) return {true, true, 0, o, {}};
  }  // (a segment core went to segment_raycast; a polygon core tests the origin in its clip loop)
  if (h.count == 1) {
    if (h.radius > 0) {
      ray_circle(o, u, h.v[0], h.radius, best, [](Vec2) { return true; });
    } else if (cross(u, h.v[0] - o) == 0 && dot(u, h.v[0] - o) >= 0) {
      best.offer(dot(u, h.v[0] - o), -u);
    }
    return finish(best, o, u, max_distance);
  }
  if (h.radius == 0)
    return polygon_core_raycast<false>(h.v, h.n, h.count, {}, o, u, max_distance, [&] {
      Vec2 q;
      return point_core_distance(h, o, &q) <= 0;
    });
  return rounded_raycast(h.v, h.n, h.count, h.radius, o, u, max_distance);
}

namespace {

// The entry of a ray from an origin outside the aabb (positive extents) into it: the slab
// test in fractions of the direction d (clip_direction), each side's fraction as
// (side - o) / d on its axis (the clip of the hull's four edges), the later of the axes'
// entries (a tie goes to the side first in the hull's order bottom, right, top, left) before
// the earlier exit, at or after the origin; the entry's fraction as num / den and its outward
// normal. Only the other axis's exit is divided: an axis's entry is never after its own exit
// (near side - o <= far side - o along d, and the rounded subtraction and division by the same
// d keep that order), and an entry at or after the origin no later than both exits makes them
// at or after the origin too.
// unsure (when asked, t >= 0): whether the rounded fractions compared (a hit's two entries, the
// entry and the exit) are within 4 eps t of each other, where their order may differ from the
// exact one: each is within eps of its exact value (its numerator's and its quotient's
// roundings), a pair within 2 eps, doubled for the slack's own rounding (min: quotients below
// the normal range). An entry after the exit by more is a miss whichever entry is the later
// one, and t < 0 is exact (the differences' signs are).
bool slab_entry(const Aabb& b, Vec2 o, Vec2 d, Real& num, Real& den, Vec2& n, bool* unsure = nullptr) {
  const Real lowest = -std::numeric_limits<Real>::max();
  Real tx = lowest, ty = lowest, num_x = 0, num_y = 0;
  if (d.x == 0) {
    if (o.x < b.min.x || b.max.x < o.x) return false;  // parallel, outside the slab
  } else {
    num_x = (d.x > 0 ? b.min.x : b.max.x) - o.x;
    tx = num_x / d.x;
  }
  if (d.y == 0) {
    if (o.y < b.min.y || b.max.y < o.y) return false;
  } else {
    num_y = (d.y > 0 ? b.min.y : b.max.y) - o.y;
    ty = num_y / d.y;
  }
  const bool x_first = d.x < 0 && d.y < 0;  // the right side before the top one
  const bool by_x = tx > ty || (tx == ty && x_first);
  const Real t = by_x ? tx : ty;
  // The other axis's exit (none when parallel to it: within its slab, checked above; the
  // division by 0 then is discarded, and selecting a divisor of 1 instead costs the gain).
  // Selects, not branches: half the rays miss, unpredictably.
  const Real other = by_x ? d.y : d.x, from = by_x ? o.y : o.x;
  const Vec2 far = other > 0 ? b.max : b.min;
  const Real q = ((by_x ? far.y : far.x) - from) / other;
  const Real leave = other != 0 ? q : std::numeric_limits<Real>::max();
  num = by_x ? num_x : num_y;
  den = by_x ? d.x : d.y;
  n = by_x ? Vec2{d.x > 0 ? Real(-1) : Real(1), 0} : Vec2{0, d.y > 0 ? Real(-1) : Real(1)};
  const bool ahead = !(t > leave) && t >= 0;
  if (unsure && t >= 0) {  // (t < 0: the signs are exact, a miss)
    const Real slack = 4 * std::numeric_limits<Real>::epsilon() * t + std::numeric_limits<Real>::min();
    *unsure = std::fabs(t - leave) <= slack || (ahead && std::fabs(tx - ty) <= slack);
  }
  return ahead;
}

// aabb_raycast where slab_entry is unsure: the side entered and the exit test decided in Wide
// from the sides' and the origin's coordinates (exact for float input, as orient; nearly so
// for double), a tie broken as slab_entry does. Each axis's fractions as numerators signed by d
// over |d| on the axis, ordered by cross-multiplying; an axis d is 0 on (the origin within its
// slab, as slab_entry checked) has no entry (-1 over 0) and no exit. (Out of line and cold.)
[[gnu::noinline, gnu::cold]] RayHit aabb_exact_raycast(const Aabb& b, Vec2 o, Vec2 d, Real max_distance) {
  const Wide ax = std::fabs(d.x), ay = std::fabs(d.y);
  const Wide in_x = d.x > 0 ? b.min.x - Wide(o.x) : d.x < 0 ? o.x - Wide(b.max.x) : Wide(-1);
  const Wide in_y = d.y > 0 ? b.min.y - Wide(o.y) : d.y < 0 ? o.y - Wide(b.max.y) : Wide(-1);
  const Wide out_x = d.x > 0 ? b.max.x - Wide(o.x) : o.x - Wide(b.min.x);
  const Wide out_y = d.y > 0 ? b.max.y - Wide(o.y) : o.y - Wide(b.min.y);
  const Wide px = in_x * ay, py = in_y * ax;  // in_x / ax - in_y / ay = (px - py) / (ax ay)
  if (d.x < 0 && d.y < 0 ? px >= py : px > py) {
    if (!(in_x >= 0 && px <= out_y * ax)) return {};
    return fraction_hit(in_x, ax, o, d, Vec2{d.x > 0 ? Real(-1) : Real(1), 0}, max_distance);
  }
  if (!(in_y >= 0 && py <= out_x * ay)) return {};
  return fraction_hit(in_y, ay, o, d, Vec2{0, d.y > 0 ? Real(-1) : Real(1)}, max_distance);
}

}  // namespace

// An aabb with positive extents, without building the hull; d: clip_direction. Where the
// rounded slab test is unsure of the side entered or of the hit, the exact one answers.
RayHit aabb_raycast(const Aabb& b, Vec2 o, Vec2 d, Real max_distance) {
  if (b.contains(o)) return {true, true, 0, o, {}};
  Real num, den;
  Vec2 n;
  bool unsure = false;
  if (slab_entry(b, o, d, num, den, n, &unsure)) {
    if (!unsure) [[likely]] return fraction_hit(num, den, o, d, n, max_distance);
  } else if (!unsure) [[likely]] {
    return {};
  }
  return aabb_exact_raycast(b, o, d, max_distance);
}

RayHit piece_raycast(const Piece& p, Vec2 o, Vec2 u, Real max_distance) {
  if (p.contains(o)) return {true, true, 0, o, {}};
  Best best;
  Vec2 nlo = p.normal_lo(), nhi = p.normal_hi();
  const Vec2 w = p.c - o;  // the straight edges relative to the origin (see rounded_raycast)
  ray_segment_rel(u, w, p.lo * p.r, best, &nlo);
  ray_segment_rel(u, w, p.hi * p.r, best, &nhi);
  ray_circle(o, u, p.c, p.r, best, [&](Vec2 q) { return p.in_cone(q); });
  return finish(best, o, u, max_distance);
}

// The shape's hull, built out of line: the closed forms' callers keep a small frame (the Hull
// is most of a ray cast's stack).
template <class S>
[[gnu::noinline]] RayHit hull_of_raycast(const S& s, Vec2 o, Vec2 u, Real max_distance) {
  return hull_raycast(Hull(s), o, u, max_distance);
}

}  // namespace collide2d::detail

namespace collide2d::inline COLLIDE2D_ABI {

using namespace detail;

// The typed ray casts, here with the kernels they call (one unit: the small ones inline).
template <ShapeType S>
RayHit raycast(const S& s, const Ray& ray) {
  if constexpr (std::is_same_v<S, Polygon>) {
    if (s.radius == 0) return polygon_raycast(s, ray);
  }
  if constexpr (std::is_same_v<S, Box>) {  // (in fractions of the direction: no unit vector)
    if (s.half_extents.x > 0 && s.half_extents.y > 0) {
      const Aabb local = box_local(s);  // the box in its frame
      const Vec2 o = to_local(s, ray.origin), d = clip_direction(ray.direction);
      if (local.contains(o)) return {true, true, 0, ray.origin, {}};
      Real num, den;
      Vec2 n;
      if (!slab_entry(local, o, s.rot().apply_inv(d), num, den, n)) return {};
      // The side entered is dot(m, p - center) = its half extent (m its outward normal, exact:
      // components 0 and +-cos, +-sin): its fraction again in Wide from the box's own frame,
      // without the float local origin's rounding.
      const Vec2 m = s.rot().apply(n), c = s.center;
      const Wide extent = n.x != 0 ? s.half_extents.x : s.half_extents.y;
      const Wide to_side = extent - (m.x * (Wide(ray.origin.x) - c.x) + m.y * (Wide(ray.origin.y) - c.y));
      return fraction_hit(to_side, m.x * Wide(d.x) + m.y * Wide(d.y), ray.origin, d, m, ray.max_distance);
    }
  } else if constexpr (std::is_same_v<S, Aabb>) {
    if (s.min.x < s.max.x && s.min.y < s.max.y)
      return aabb_raycast(s, ray.origin, clip_direction(ray.direction), ray.max_distance);
  } else if constexpr (std::is_same_v<S, Circle>) {
    if (s.radius > 0) {
      return circle_raycast(s.center, s.radius, ray.origin, ray_direction(ray.direction), ray.max_distance);
    }
  } else if constexpr (std::is_same_v<S, Segment>) {
    if (!(s.a == s.b))  // no hull to build
      return segment_raycast(s.a, s.b, ray.origin, ray_direction(ray.direction), ray.max_distance);
  } else if constexpr (std::is_same_v<S, Capsule>) {
    if (!(s.a == s.b) && s.radius > 0)
      return capsule_raycast(s.a, s.b, s.radius, ray.origin, ray_direction(ray.direction), ray.max_distance);
  }
  Vec2 u = normalize(ray.direction);
  if constexpr (std::is_same_v<S, Sector>) {
    SectorParts parts(s);
    if (parts.count == 0) return hull_raycast(parts.seg, ray.origin, u, ray.max_distance);
    RayHit best = piece_raycast(parts.piece[0], ray.origin, u, ray.max_distance);
    if (parts.count == 2 && !best.inside) {
      RayHit h = piece_raycast(parts.piece[1], ray.origin, u, ray.max_distance);
      if (h.inside || (h.hit && (!best.hit || h.distance < best.distance))) best = h;
    }
    return best;
  } else {
    return hull_of_raycast(s, ray.origin, u, ray.max_distance);
  }
}

#define COLLIDE2D_RAY(A) template RayHit raycast<A>(const A&, const Ray&);
COLLIDE2D_EACH_SHAPE(COLLIDE2D_RAY)
#undef COLLIDE2D_RAY

}  // namespace collide2d
