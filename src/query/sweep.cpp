// collide2d - 2D collision detection for games. MIT License.
// Sweeps (time of impact) under translation, for every ordered pair of the eight shapes.
//
// Everything works in a's frame: a stays put and b moves by v = velocity_b - velocity_a.
//  - Closed forms: a disk (point or circle) against any shape but a sector is a ray cast of
//    the disk's center against the other shape grown by the disk's radius; two aabbs are the
//    slab test; two other hulls (aabb, box, capsule, segment, polygon) that start further apart
//    than twice the touching tolerance are a ray cast against the Minkowski difference of their
//    cores grown by the sum of the radii (sweep_hull.cpp), after a miss where the boxes around
//    b's path stay apart from a's.
//  - Everything else (sectors, and hulls starting within the touching tolerance, where the
//    touching rule below decides): conservative advancement on the exact distance, per
//    convex part (a sector wider than pi/2 is split into its two convex halves). At time t
//    with gap d and closest-point normal n (from a to b), the line through a's closest point
//    with normal n separates the convex parts, and b's support gap along n closes at exactly -(v.n): no
//    contact before t + d / -(v.n), and none ever when v.n >= 0. The step lands on contact
//    for flat faces and converges fast elsewhere; after kMaxSteps (a grazing pass) the
//    distance, convex in t for convex parts under translation, is searched for its minimum
//    and its first crossing of the tolerance instead.
#include <algorithm>
#include <cmath>
#include <optional>
#include <type_traits>
#include <variant>

#include "collide2d/sweep.hpp"
#include "query/convex.hpp"
#include "query/shape_list.hpp"
#include "query/sweep_hull.hpp"
#include "query/touching.hpp"
#include "shapes/limits.hpp"

namespace collide2d::inline COLLIDE2D_ABI {
namespace {

/// Conservative-advancement steps before the convexity-based search takes over.
constexpr int kMaxSteps = 48;
/// Iterations of the golden-section and bisection searches of the fallback.
constexpr int kSearchSteps = sizeof(Real) == 8 ? 80 : 40;

using detail::disk_center;
using detail::disk_radius;
using detail::kIsDisk;
/// Hulls without a closed form of their own against each other (two aabbs have the slab test).
template <class T>
inline constexpr bool kFlatOrRounded = std::is_same_v<T, Aabb> || std::is_same_v<T, Box> || std::is_same_v<T, Capsule> ||
                                       std::is_same_v<T, Segment> || std::is_same_v<T, Polygon>;
template <class T>
inline constexpr bool kRayable = kIsDisk<T> || kFlatOrRounded<T>;
template <class A, class B>
inline constexpr bool kHullPair = kFlatOrRounded<A> && kFlatOrRounded<B> &&
                                  !(std::is_same_v<A, Aabb> && std::is_same_v<B, Aabb>);
/// An aabb or a box (for a disk: the ray cast of its centre against the hull grown).
template <class T>
inline constexpr bool kBoxy = std::is_same_v<T, Aabb> || std::is_same_v<T, Box>;

// ---- the shape grown by r (for the disk closed forms) ----
Circle grown(const Point& s, Real r) { return Circle{s.at, r}; }
Circle grown(const Circle& s, Real r) { return Circle{s.center, s.radius + r}; }
Capsule grown(const Capsule& s, Real r) { return Capsule{s.a, s.b, s.radius + r}; }
Capsule grown(const Segment& s, Real r) { return Capsule{s.a, s.b, r}; }

/// The ray cast of a disk's centre (radius r) against s grown by r, for a centre outside it
/// (disk_cast runs after overlaps said no). An aabb or a box grown is no shape of its own: its
/// hull with that radius. A polygon grown (radius above 0) is cast as raycast casts a rounded
/// polygon, without a copy of it and without the inside test: overlaps' test of a disk and a
/// polygon is that test (the core distance against the same sum of the radii).
template <class S>
RayHit grown_raycast(const S& s, Real r, const Ray& ray) {
  if constexpr (std::is_same_v<S, Polygon>) {
    if (!(s.radius + r > 0)) return raycast(s, ray);
    const detail::Hull h(s);
    return detail::rounded_raycast(h.v, h.n, h.count, s.radius + r, ray.origin, normalize(ray.direction), ray.max_distance);
  } else if constexpr (kBoxy<S>) {
    detail::Hull h(s);
    h.radius += r;
    return detail::hull_raycast(h, ray.origin, normalize(ray.direction), ray.max_distance);
  } else {
    return raycast(grown(s, r), ray);
  }
}

/// Calls f on each convex part: a sector wider than pi/2 (and not the whole disk) as its two
/// halves, anything else as itself.
template <class T, class F>
void for_each_part(const T& s, F&& f) {
  if constexpr (std::is_same_v<T, Sector>) {
    if (s.half_angle() > kPi / 2 && s.half_angle() < kPi) {
      const Real h = s.half_angle() / 2;
      f(Sector(s.center, s.radius, s.facing() - h, h));
      f(Sector(s.center, s.radius, s.facing() + h, h));
      return;
    }
  }
  f(s);
}

Real abs_max(Aabb b) {
  return std::max({std::fabs(b.min.x), std::fabs(b.min.y), std::fabs(b.max.x), std::fabs(b.max.y)});
}
Real diagonal(Aabb b) { return length(b.max - b.min); }

/// The scales of one sweep: `eps`, the gap at which the shapes count as touching (relative to
/// their size, plus a few ulps of the largest coordinate they reach: a fixed, b at t = 0 and
/// t = 1), and `resolve`, the gap at which the closest points give the normal's direction
/// well: the geometric mean of the size and the rounding error of the coordinates.
struct Scales {
  Real eps = 0, resolve = 0;
};
/// The size (the larger diagonal) and the offset (the largest coordinate) of a sweep.
struct Extent {
  Real size = 0, offset = 0;
};
Extent extent_of(Aabb ba, Aabb bb, Vec2 v) {
  return {std::max(diagonal(ba), diagonal(bb)),
          std::max({abs_max(ba), abs_max(bb), abs_max(Aabb{bb.min + v, bb.max + v})})};
}
Real touching_eps(Extent e) { return kSweepRelTol * (1 + e.size) + kRelEps * e.offset; }
Scales scales_of(Aabb ba, Aabb bb, Vec2 v) {
  const Extent e = extent_of(ba, bb, v);
  Scales s;
  s.eps = touching_eps(e);
  s.resolve = std::max(s.eps, Real(0.3) * std::sqrt(kRelEps * (1 + e.size) * (1 + e.size + e.offset)));
  return s;
}
template <class A, class B>
Scales sweep_scales(const A& a, const B& b, Vec2 v) {
  return scales_of(bounds(a), bounds(b), v);
}

/// A contact in a's frame (b moved by v * time).
struct Found {
  bool hit = false;
  bool loose = false;  ///< the normal is a fallback direction (closest points a moment before, ...)
  Real time = 0;
  Vec2 normal;
  Vec2 point;
};

// ---- separating axes of convex parts (support gaps) ----
Real support_of(const detail::Hull& h, Vec2 d) { return dot(h.support(d), d) + h.radius; }
Real support_of(const detail::Piece& p, Vec2 d) { return p.support_value(d); }
template <class F>
void for_each_face(const detail::Hull& h, F&& f) {
  if (h.count >= 2)
    for (int i = 0; i < h.count; ++i) f(h.n[i]);
}
template <class F>
void for_each_face(const detail::Piece& p, F&& f) {
  f(p.normal_lo());
  f(p.normal_hi());
}
/// Calls f with the convex part's hull or sector piece (parts are convex: see for_each_part).
template <class S, class F>
auto with_convex(const S& s, F&& f) {
  if constexpr (std::is_same_v<S, Sector>) {
    const detail::SectorParts sp(s);
    if (sp.count == 0) return f(sp.seg);
    return f(sp.piece[0]);
  } else {
    const detail::Hull h(s);
    return f(h);
  }
}

/// Of the unit axes `n` and `n2` and the face normals of a and (negated) of b, the one along
/// which the convex parts a and b are farthest apart (the support gap: min over b of x.m minus
/// max over a): the normal from a to b that best separates them, a face's exact normal where
/// a face is touched. Only axes with m.v < 0 (against b's relative motion) replace `n` when
/// `closing`, and only when better by more than `margin` (a gap difference rounding can make
/// is no reason to turn a contact's normal).
struct Axis {
  Vec2 n;
  Real gap = 0;
};
template <class PA, class PB>
Axis best_axis(const PA& a, const PB& b, Vec2 n, Vec2 n2, Vec2 v, bool closing, Real margin = 0) {
  return with_convex(a, [&](const auto& ha) {
    return with_convex(b, [&](const auto& hb) {
      auto gap = [&](Vec2 m) { return -support_of(hb, -m) - support_of(ha, m); };
      Vec2 best = n;
      Real best_gap = gap(n);
      auto consider = [&](Vec2 m) {
        if (closing && !(dot(m, v) < 0)) return;
        const Real g = gap(m);
        if (g > best_gap + margin) best = m, best_gap = g;
      };
      consider(n2);
      for_each_face(ha, consider);
      for_each_face(hb, [&](Vec2 m) { consider(-m); });
      return Axis{best, best_gap};
    });
  });
}

/// touching_axis of two convex parts (see touching.hpp), b pushed into a by `probe` past touching.
template <class PA, class PB>
TouchingAxis touching_normal(const PA& a, const PB& b, const DistanceResult& r, Real probe) {
  const Vec2 towards = normalize(bounds(b).center() - bounds(a).center(), Vec2{1, 0});
  const Vec2 n0 = normalize(r.point_b - r.point_a, towards);
  const Manifold m = contact(a, translated(b, n0 * -(std::max(r.distance, Real(0)) + probe)));
  const bool resolved = m.touching && dot(m.normal, n0) > Real(0.5);
  const Vec2 n = resolved ? normalize(m.normal, n0) : n0;
  const Axis ax = best_axis(a, b, n, n0, Vec2{}, false);
  return {ax.n, ax.gap, resolved};
}

/// Some face's exact normal m (of a, or of b negated) along which the convex parts are apart
/// within `tol` (support gap >= -tol) and stay so while b moves on by v relative to a (the gap,
/// taken as at least 0, does not close below 0), on the side `from` when given: by separating
/// axes they never overlap by more than `tol` along it.
template <class PA, class PB>
bool parts_keep_apart(const PA& a, const PB& b, Vec2 v, Real tol, const Vec2* from = nullptr) {
  return with_convex(a, [&](const auto& ha) {
    return with_convex(b, [&](const auto& hb) {
      auto apart = [&](Vec2 m) {
        const Real g = -support_of(hb, -m) - support_of(ha, m);
        return g >= -tol && (!from || dot(m, *from) > 0) && std::max(g, Real(0)) + dot(m, v) >= 0;
      };
      bool found = false;
      for_each_face(ha, [&](Vec2 m) { found = found || apart(m); });
      for_each_face(hb, [&](Vec2 m) { found = found || apart(-m); });
      return found;
    });
  });
}

/// The touching rule, one for every pair: convex parts within the touching tolerance, support
/// gap g along the normal n from a to b (touching_normal, a separating axis). Along n the gap
/// of b moved on by v s is g + s (v.n): when that stays >= 0 over the rest of the motion
/// (`rest`: moving away, along the contact, or closing less than the gap), they never touch:
/// no contact, so a separating motion is no obstacle to any mover (a body resting on a wall
/// moves away or along it; a body sliding a skin above a wall passes the joints of its
/// collinear pieces), and a mover never ends inside.
/// Reached by advancing (`from`: the axis the parts approached along), the parts must still be
/// apart (a positive distance) and the axis on the side they came from, else rounding may have
/// carried b across a thin a: a contact.
template <class PA, class PB>
bool keep_apart(const PA& a, const PB& b, const DistanceResult& r, Vec2 v, Real eps, Real rest, Vec2* normal,
                const Vec2* from = nullptr) {
  const TouchingAxis ax = touching_normal(a, b, r, 2 * eps);
  if (normal) *normal = ax.normal;
  if (from && !(r.distance > 0)) return false;
  // (no axis separating them within the tolerance: the closest points gave no direction)
  if (ax.gap >= -2 * eps && (!from || dot(ax.normal, *from) > 0) &&
      std::max(ax.gap, Real(0)) + dot(ax.normal, v) * rest >= 0)
    return true;
  // Near a vertex rounding can rank the vertex's direction above a face by ulps: a face's
  // exact normal that keeps them apart (a gap >= 0 along it, not closed) does as well.
  return parts_keep_apart(a, b, v * rest, Real(0), from);
}

/// A start within the touching tolerance: no contact when the parts keep apart, else one at
/// t = 0 with the normal from a to b (never one along the motion).
template <class PA, class PB>
Found touching_start(const PA& a, const PB& b, const DistanceResult& r, Vec2 v, Real eps) {
  Vec2 n;
  if (keep_apart(a, b, r, v, eps, Real(1), &n)) return {};
  Found f;
  f.hit = true;
  f.time = 0;
  f.normal = n;
  f.point = (r.point_a + r.point_b) * Real(0.5);
  return f;
}

/// The contact found at time t with closest points r: the point halfway between them; the
/// normal of the contact a moment later when it is shallow and well defined, else from the
/// closest points when their gap resolves it, else from the closest points a moment before
/// (where the gap was about `resolve`: that axis separates the shapes at t up to `resolve`),
/// else the last separating axis of the advancement (its gap closed exactly at t).
template <class PA, class PB, class DistAt>
Found contact_at(const PA& a, const PB& b, Real t, const DistanceResult& r, Vec2 v,
                 const Scales& sc, DistAt&& dist_at, bool have_prev, Vec2 n_prev) {
  Found f;
  f.hit = true;
  f.time = t;
  f.point = (r.point_a + r.point_b) * Real(0.5);
  const Vec2 zero{0, 0};
  {
    // b pushed on by a further 2 eps overlaps a by at most that much: the contact normal
    // there (a face normal for faces, exact to the last bits) separates them at t within it.
    const Real speed = length(v);
    const Manifold m = contact(a, translated(b, v * (t + 2 * sc.eps / speed)));
    if (m.touching && m.depth > 0 && m.depth <= 4 * sc.eps && dot(m.normal, v) < 0) {
      f.normal = normalize(m.normal);
      return f;
    }
  }
  Vec2 n = normalize(r.point_b - r.point_a, zero);
  if (r.distance >= sc.resolve && dot(n, v) < 0) {
    f.normal = n;
    return f;
  }
  if (t > 0) {
    const Real back = std::max(Real(0), t - sc.resolve / length(v));
    const DistanceResult rb = dist_at(back);
    const Vec2 nb = normalize(rb.point_b - rb.point_a, zero);
    if (rb.distance > 0 && dot(nb, v) < 0) {
      f.normal = nb;
      f.loose = true;
      return f;
    }
  }
  f.loose = true;
  if (have_prev) f.normal = n_prev;
  else if (dot(n, v) < 0) f.normal = n;
  else f.normal = normalize(-v);
  return f;
}

/// Conservative advancement of two convex parts: the first time in [0, t_max] at which the
/// gap is at most eps.
template <class PA, class PB>
Found advance(const PA& a, const PB& b, Vec2 v, const Scales& sc, Real t_max) {
  const Real eps = sc.eps;
  Real t = 0;
  Vec2 n_prev;
  bool have_prev = false;
  auto dist_at = [&](Real s) { return distance(a, translated(b, v * s)); };
  // A face that separates the parts at the contact better than the normal found there is
  // taken instead (exact where rounding leaves the closest points' direction loose, as for
  // shapes without area). A contact normal or a resolved closest-points direction gives way
  // only to a face better by more than the touching tolerance (a gap difference rounding can
  // make is no reason to turn it); a fallback direction (the closest points a moment before,
  // at a gap where rounding still turns it by ulps / gap) to any face that does better: a
  // point body's normal 1.3e-4 rad off a segment's face, worse by 13 ulps of its coordinates,
  // sent it 0.04 off on a 290 px slide in float.
  auto refined = [&](Found f) {
    f.normal = best_axis(a, translated(b, v * f.time), f.normal, f.normal, v, true, f.loose ? Real(0) : eps).n;
    return f;
  };
  for (int step = 0; step < kMaxSteps; ++step) {
    const DistanceResult r = dist_at(t);
    if (r.distance <= eps) {
      if (step == 0) return touching_start(a, b, r, v, eps);
      if (keep_apart(a, translated(b, v * t), r, v, eps, t_max - t, nullptr, &n_prev)) return {};
      return refined(contact_at(a, b, t, r, v, sc, dist_at, have_prev, n_prev));
    }
    const Vec2 n = normalize(r.point_b - r.point_a);
    const Real closing = -dot(v, n);
    if (!(closing > 0)) return {};  // n separates the parts for all later times
    const Real dt = r.distance / closing;
    if (!(t + dt <= t_max)) return {};
    t += dt;
    n_prev = n;
    have_prev = true;
  }
  // A grazing pass: the gap is convex in t, so find its minimum on [t, t_max] ...
  Real lo = t, hi = t_max;
  const Real gr = Real(0.6180339887498949);
  Real x1 = hi - gr * (hi - lo), x2 = lo + gr * (hi - lo);
  Real f1 = dist_at(x1).distance, f2 = dist_at(x2).distance;
  for (int i = 0; i < kSearchSteps && hi - lo > 0; ++i) {
    if (f1 <= f2) {
      hi = x2, x2 = x1, f2 = f1;
      x1 = hi - gr * (hi - lo);
      f1 = dist_at(x1).distance;
    } else {
      lo = x1, x1 = x2, f1 = f2;
      x2 = lo + gr * (hi - lo);
      f2 = dist_at(x2).distance;
    }
  }
  Real t_min = f1 <= f2 ? x1 : x2;
  DistanceResult at_min = dist_at(t_min);
  DistanceResult at_end = dist_at(t_max);
  if (at_end.distance < at_min.distance) t_min = t_max, at_min = at_end;
  if (at_min.distance > eps) return {};
  // ... and the first time before it at which the gap is within eps (it decreases there).
  lo = t, hi = t_min;
  DistanceResult r_hi = at_min;
  for (int i = 0; i < kSearchSteps; ++i) {
    const Real mid = lo + (hi - lo) / 2;
    if (!(mid > lo && mid < hi)) break;
    const DistanceResult r = dist_at(mid);
    if (r.distance <= eps) hi = mid, r_hi = r;
    else lo = mid;
  }
  if (have_prev && keep_apart(a, translated(b, v * hi), r_hi, v, eps, t_max - hi, nullptr, &n_prev)) return {};
  return refined(contact_at(a, b, hi, r_hi, v, sc, dist_at, have_prev, n_prev));
}

/// A disk moving by v against a fixed shape s (point, circle, capsule, segment, polygon): the
/// ray cast of its centre against s grown by its radius. A centre inside by rounding is a
/// touching start (the one rule of touching_start).
template <class S, class D>
Found disk_cast(const S& s, const D& disk, Vec2 v) {
  const Vec2 c = disk_center(disk);
  const Real r = disk_radius(disk);
  const Real speed = length(v);
  const RayHit h = grown_raycast(s, r, Ray{c, v, speed});
  if (!h.hit) return {};
  if (h.inside) return touching_start(s, disk, distance(s, disk), v, sweep_scales(s, disk, v).eps);
  Found f;
  f.hit = true;
  f.time = std::clamp(h.distance / speed, Real(0), Real(1));
  f.normal = h.normal;
  f.point = h.point - h.normal * r;
  return f;
}

/// Two aabbs, b moving by v: the slab test.
Found aabb_slabs(const Aabb& a, const Aabb& b, Vec2 v) {
  Real enter = 0, exit = 1;
  int axis = -1;
  const Real amin[2] = {a.min.x, a.min.y}, amax[2] = {a.max.x, a.max.y};
  const Real bmin[2] = {b.min.x, b.min.y}, bmax[2] = {b.max.x, b.max.y};
  const Real vv[2] = {v.x, v.y};
  for (int k = 0; k < 2; ++k) {
    if (vv[k] == 0) {
      if (bmin[k] > amax[k] || bmax[k] < amin[k]) return {};
      continue;
    }
    Real t1 = (amin[k] - bmax[k]) / vv[k], t2 = (amax[k] - bmin[k]) / vv[k];
    if (t1 > t2) std::swap(t1, t2);
    if (t1 >= enter) enter = t1, axis = k;
    exit = std::min(exit, t2);
  }
  if (enter > exit) return {};
  // touching at t = 0 within rounding: the one rule
  if (axis < 0) return touching_start(a, b, distance(a, b), v, sweep_scales(a, b, v).eps);
  Found f;
  f.hit = true;
  f.time = enter;
  f.normal = axis == 0 ? Vec2{v.x > 0 ? Real(-1) : Real(1), 0} : Vec2{0, v.y > 0 ? Real(-1) : Real(1)};
  const Aabb bt = translated(b, v * enter);
  const Vec2 lo = max(a.min, bt.min), hi = min(a.max, bt.max);
  f.point = (lo + hi) * Real(0.5);
  return f;
}

/// Conservative advancement over every pair of convex parts (a wide sector is two): the
/// general path.
template <class A, class B>
Found advance_parts(const A& a, const B& b, Vec2 v) {
  const Scales sc = sweep_scales(a, b, v);
  Found best;
  for_each_part(a, [&](const auto& pa) {
    for_each_part(b, [&](const auto& pb) {
      Found f = advance(pa, pb, v, sc, best.hit ? best.time : Real(1));
      if (f.hit && (!best.hit || f.time < best.time)) best = f;
    });
  });
  return best;
}

template <class A, class B>
Found sweep_relative(const A& a, const B& b, Vec2 v) {
  if constexpr (kIsDisk<B> && kRayable<A>) {
    return disk_cast(a, b, v);
  } else if constexpr (kIsDisk<A> && kRayable<B>) {
    Found f = disk_cast(b, a, -v);
    // computed in b's frame: back to a's frame at that time, normal from a to b
    f.point = f.point + v * f.time;
    f.normal = -f.normal;
    return f;
  } else if constexpr (std::is_same_v<A, Aabb> && std::is_same_v<B, Aabb>) {
    return aabb_slabs(a, b, v);
  } else {
    return advance_parts(a, b, v);
  }
}

template <class A, class B>
SweepHit sweep_cell(const Shape& a, Vec2 va, const Shape& b, Vec2 vb) {
  return sweep(*std::get_if<A>(&a), va, *std::get_if<B>(&b), vb);
}

/// The answer for a contact found in a's frame (a moved by velocity_a in the world).
SweepHit placed(bool hit, Real time, Vec2 normal, Vec2 point, Vec2 velocity_a) {
  SweepHit out;
  if (!hit) return out;
  out.hit = true;
  out.time = time;
  out.normal = normal;
  out.point = point + velocity_a * time;
  return out;
}

/// Whether b's path, within the box around b at the start and at the end, stays further than
/// 2 eps from a's box along an axis: no contact at all, and no touching start.
bool paths_apart(Aabb ba, Aabb bb, Vec2 v, Real eps) {
  const Real m = 2 * eps;
  const Vec2 lo = min(bb.min, bb.min + v), hi = max(bb.max, bb.max + v);
  return lo.x > ba.max.x + m || lo.y > ba.max.y + m || hi.x < ba.min.x - m || hi.y < ba.min.y - m;
}

/// Two hulls (v not zero): a miss where the paths' boxes stay apart; then, apart by more than
/// 2 eps at the start, the closed form of sweep_hull.cpp. Nothing for the general path to decide.
template <class A, class B>
std::optional<detail::HullSweep> closed_form_sweep(const A& a, const B& b, Vec2 v) {
  const Aabb ba = bounds(a), bb = bounds(b);
  const Real eps = touching_eps(extent_of(ba, bb, v));
  if (paths_apart(ba, bb, v, eps)) return detail::HullSweep{};
  const detail::Hull ha(a), hb(b);
  return detail::hull_sweep(ha, hb, v, eps);
}

/// `sweep` from the start: overlapping (or touching), still, else `relative` in a's frame.
template <class A, class B, class Relative>
SweepHit sweep_from_start(const A& a, Vec2 velocity_a, const B& b, Vec2 velocity_b, Relative&& relative) {
  SweepHit out;
  if (overlaps(a, b)) {
    out.hit = true;
    out.initially_overlapping = true;
    return out;
  }
  const Vec2 v = velocity_b - velocity_a;
  if (v.x == 0 && v.y == 0) return out;
  const Found f = relative(a, b, v);
  return placed(f.hit, f.time, f.normal, f.point, velocity_a);
}

}  // namespace

template <ShapeType A, ShapeType B>
SweepHit sweep(const A& a, Vec2 velocity_a, const B& b, Vec2 velocity_b) {
  if constexpr (kHullPair<A, B>) {
    const Vec2 v = velocity_b - velocity_a;
    if (!(v.x == 0 && v.y == 0))
      if (const auto f = closed_form_sweep(a, b, v)) return placed(f->hit, f->time, f->normal, f->point, velocity_a);
  }
  return sweep_from_start(a, velocity_a, b, velocity_b,
                          [](const A& x, const B& y, Vec2 v) { return sweep_relative(x, y, v); });
}

SweepHit detail::sweep_general(const Shape& a, Vec2 velocity_a, const Shape& b, Vec2 velocity_b) {
  return std::visit(
      [&](const auto& x, const auto& y) {
        return sweep_from_start(x, velocity_a, y, velocity_b,
                                [](const auto& p, const auto& q, Vec2 v) { return advance_parts(p, q, v); });
      },
      a, b);
}

template <ShapeType A, ShapeType B>
TouchingAxis touching_axis(const A& a, const B& b, const DistanceResult& r, Real probe) {
  if constexpr (std::is_same_v<A, Sector> || std::is_same_v<B, Sector>) {
    // the nearest pair of convex parts (a wide sector is two)
    TouchingAxis best;
    Real nearest = 0;
    bool any = false;
    for_each_part(a, [&](const auto& pa) {
      for_each_part(b, [&](const auto& pb) {
        const DistanceResult rp = distance(pa, pb);
        if (any && !(rp.distance < nearest)) return;
        any = true, nearest = rp.distance;
        best = touching_normal(pa, pb, rp, probe);
      });
    });
    return best;
  } else {
    return touching_normal(a, b, r, probe);
  }
}

template <ShapeType A, ShapeType B>
bool faces_keep_apart(const A& a, const B& b, Vec2 v, Real tol) {
  bool all = true;  // every pair of convex parts (a wide sector is two)
  for_each_part(a, [&](const auto& pa) {
    for_each_part(b, [&](const auto& pb) { all = all && parts_keep_apart(pa, pb, v, tol); });
  });
  return all;
}

template <ShapeType A, ShapeType B>
Real support_gap(const A& a, const B& b, Vec2 n) {
  Real gap = 0;
  bool any = false;  // the least over pairs of convex parts (a wide sector is two)
  for_each_part(a, [&](const auto& pa) {
    for_each_part(b, [&](const auto& pb) {
      const Real g = with_convex(pa, [&](const auto& ha) {
        return with_convex(pb, [&](const auto& hb) { return -support_of(hb, -n) - support_of(ha, n); });
      });
      if (!any || g < gap) gap = g, any = true;
    });
  });
  return gap;
}

std::optional<Invalid> validate_velocity(Vec2 v) {
  if (!is_finite(v)) return Invalid{"velocity", "must hold finite numbers"};
  return std::nullopt;
}

std::optional<Invalid> validate_translation(Vec2 d) {
  if (translation_fits(d)) return std::nullopt;
  if (!is_finite(d)) return Invalid{"translation", "must hold finite numbers"};
  return Invalid{"translation", "components must be at most 2e12 in magnitude (twice the coordinate limit)"};
}

const SweepFn kSweepTable[kShapeTypeCount][kShapeTypeCount] = COLLIDE2D_PAIR_TABLE(sweep_cell);

SweepHit sweep(const Shape& a, Vec2 va, const Shape& b, Vec2 vb) {
  return kSweepTable[a.index()][b.index()](a, va, b, vb);
}

// Explicit instantiations: every ordered pair of the eight shapes.
#define COLLIDE2D_PAIR(A, B)                                          \
  template SweepHit sweep<A, B>(const A&, Vec2, const B&, Vec2);      \
  template TouchingAxis touching_axis<A, B>(const A&, const B&, const DistanceResult&, Real); \
  template bool faces_keep_apart<A, B>(const A&, const B&, Vec2, Real);      \
  template Real support_gap<A, B>(const A&, const B&, Vec2);
#define COLLIDE2D_ROW(A) COLLIDE2D_EACH_PAIR_WITH(COLLIDE2D_PAIR, A)
COLLIDE2D_EACH_SHAPE(COLLIDE2D_ROW)
#undef COLLIDE2D_ROW
#undef COLLIDE2D_PAIR

}  // namespace collide2d
