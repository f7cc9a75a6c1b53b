// collide2d - 2D collision detection for games. MIT License.
// Sweeps with rotation: two shapes each turning about a rotation centre while that centre
// moves, over t in [0, 1]; the first time they touch.
//
// Method: conservative advancement on the exact distance, per pair of convex parts (a sector
// wider than pi/2 is its two half-disks, each convex). At time t the parts are posed, their
// exact distance d and closest-point normal n (from a to b) computed. For convex parts the
// line through a's closest point with normal n separates them with gap d, and the gap along
// that fixed axis can only close as fast as
//   rate = -(v_b - v_a).n + |w_a| r_a + |w_b| r_b,
// where v is the rotation centre's velocity, w the angular velocity and r the furthest core
// point from the rotation centre (a rounding radius adds nothing: a disk's support does not
// change when it turns). The true distance is at least that axis gap, so the parts cannot
// touch before t + d / rate, and never when rate <= 0. Two tightenings keep the bound sharp:
//  - only the points of a within reach of b can ever touch b: r_a is at most the distance
//    between the rotation centres plus b's furthest point from its own centre plus how far
//    the centres can approach in the rest of the step (the same for b); a weapon swinging
//    about its apex at something near the apex advances at the speed of the near points.
//  - the translational part is projected on n, not taken by length.
// The advancement stops once d <= eps (the named tolerance, kRotatingSweepRelTol times the
// size plus a few ulps of the coordinates), so the reported time is never later than the
// true first contact by more than eps of gap, and no contact before it is missed, however
// thin the features (segments, points) or fast the spin. Time is kept in double.
// Steps are capped (kRotatingSweepMaxSteps) for a spin grazing another shape just above the
// tolerance: the time reached is then reported as the contact (no contact before it).
#include <algorithm>
#include <cmath>
#include <variant>

#include "query/sweep_rotating.hpp"

namespace collide2d::inline COLLIDE2D_ABI {
namespace detail {
namespace {

/// The pose of a body at one time: p -> centre + rot (p - pivot).
struct Xf {
  Vec2 pivot;   // rotation centre at t = 0
  Vec2 centre;  // rotation centre at t
  Rot rot;      // rotation by omega t
  Vec2 operator()(Vec2 p) const { return centre + rot.apply(p - pivot); }
};

Rot rot_of(double angle) { return Rot{Real(std::cos(angle)), Real(std::sin(angle))}; }
Rot compose(Rot a, Rot b) { return {a.c * b.c - a.s * b.s, a.s * b.c + a.c * b.s}; }

Real furthest(std::initializer_list<Vec2> pts, Vec2 c) {
  Real r = 0;
  for (Vec2 p : pts) r = std::max(r, length(p - c));
  return r;
}

/// Core and whole-part radii of a part about c.
void part_radii(const Shape& s, Vec2 c, Real& core, Real& bound) {
  std::visit(
      [&](const auto& x) {
        using T = std::decay_t<decltype(x)>;
        Real round = 0;
        if constexpr (std::is_same_v<T, Point>) {
          core = length(x.at - c);
        } else if constexpr (std::is_same_v<T, Circle>) {
          core = length(x.center - c), round = x.radius;
        } else if constexpr (std::is_same_v<T, Sector>) {
          core = length(x.center - c) + x.radius;
        } else if constexpr (std::is_same_v<T, Aabb>) {
          core = furthest({x.min, x.max, {x.min.x, x.max.y}, {x.max.x, x.min.y}}, c);
        } else if constexpr (std::is_same_v<T, Box>) {
          const Vec2 ex = x.rot().x_axis() * x.half_extents.x, ey = x.rot().y_axis() * x.half_extents.y;
          core = furthest({x.center - ex - ey, x.center + ex - ey, x.center + ex + ey, x.center - ex + ey}, c);
        } else if constexpr (std::is_same_v<T, Capsule>) {
          core = furthest({x.a, x.b}, c), round = x.radius;
        } else if constexpr (std::is_same_v<T, Segment>) {
          core = furthest({x.a, x.b}, c);
        } else {
          core = 0;
          for (int i = 0; i < x.count(); ++i) core = std::max(core, length(x.vertex(i) - c));
          round = x.radius;
        }
        // a hair more than measured: the posed parts are rounded again at every time
        core *= 1 + 4 * kRelEps;
        bound = core + round * (1 + 4 * kRelEps);
      },
      s);
}

/// Writes `base` posed by x into `out`, which holds the same type. A box's or sector's
/// rotation is set as a vector (no trigonometry; its angle follows from it when asked), so
/// `angles` is no longer needed here.
void pose_part(const Shape& base, const Xf& x, Shape& out, bool /*angles*/) {
  std::visit(
      [&](const auto& b) {
        using T = std::decay_t<decltype(b)>;
        T& o = *std::get_if<T>(&out);
        if constexpr (std::is_same_v<T, Point>) {
          o.at = x(b.at);
        } else if constexpr (std::is_same_v<T, Circle>) {
          o.center = x(b.center);
        } else if constexpr (std::is_same_v<T, Sector>) {
          o.center = x(b.center);
          o.set_direction(x.rot.apply(b.dir()));
        } else if constexpr (std::is_same_v<T, Aabb>) {  // only without rotation
          o.min = x(b.min);
          o.max = x(b.max);
        } else if constexpr (std::is_same_v<T, Box>) {
          o.center = x(b.center);
          o.set_rotation(compose(x.rot, b.rot()));
        } else if constexpr (std::is_same_v<T, Capsule> || std::is_same_v<T, Segment>) {
          o.a = x(b.a);
          o.b = x(b.b);
        } else {
          o.set_pose(b, x.pivot, x.centre, x.rot);
        }
      },
      base);
}

}  // namespace

MovingBody::MovingBody(const Shape& s, const RigidMotion& m, bool split)
    : pivot(m.pivot ? *m.pivot : rotation_center(s)), velocity(m.velocity), omega(m.angular_velocity) {
  part[0] = s;
  if (omega != 0) {
    if (const Aabb* b = std::get_if<Aabb>(&s)) part[0] = Box(b->center(), b->half_extents(), 0);
  }
  if (split) {
    if (const Sector* q = std::get_if<Sector>(&s); q && q->half_angle() > kPi / 2 && q->half_angle() < kPi) {
      const Real h = q->half_angle() / 2;
      count = 2;
      part[0] = Sector(q->center, q->radius, q->facing() - h, h);
      part[1] = Sector(q->center, q->radius, q->facing() + h, h);
    }
  }
  for (int i = 0; i < count; ++i) {
    posed[i] = part[i];
    local[i] = translated(part[i], -pivot);
    part_radii(part[i], pivot, core_radius[i], bound_radius[i]);
  }
}

void MovingBody::pose(double t, bool angles) {
  Xf x{pivot, pivot_at(t), omega != 0 ? rot_of(double(omega) * t) : Rot{}};
  for (int i = 0; i < count; ++i) pose_part(part[i], x, posed[i], angles);
}

}  // namespace detail

namespace {

using detail::MovingBody;

Real abs_max(Vec2 p) { return std::max(std::fabs(p.x), std::fabs(p.y)); }

/// The scales of one rotating sweep: `eps`, the gap at which the shapes count as touching,
/// and `resolve`, the gap at which closest points give the normal's direction well.
struct Scales {
  Real eps = 0, resolve = 0;
};
Scales scales_of(const Shape& a, const Shape& b, const MovingBody& ma, const MovingBody& mb) {
  auto diag = [](Aabb x) { return length(x.max - x.min); };
  const Real size = std::max(diag(bounds(a)), diag(bounds(b)));
  auto reach = [](const MovingBody& m) {
    Real r = std::max(m.bound_radius[0], m.count > 1 ? m.bound_radius[1] : Real(0));
    return std::max(abs_max(m.pivot), abs_max(m.pivot + m.velocity)) + r;
  };
  const Real offset = std::max(reach(ma), reach(mb));
  Scales s;
  s.eps = kRotatingSweepRelTol * (1 + size) + kRelEps * offset;
  s.resolve = std::max(s.eps, Real(0.3) * std::sqrt(kRelEps * (1 + size) * (1 + size + offset)));
  return s;
}

/// Support value max over the convex part s of x.n.
Real support_value(const Shape& s, Vec2 n) {
  return std::visit(
      [&](const auto& x) -> Real {
        using T = std::decay_t<decltype(x)>;
        if constexpr (std::is_same_v<T, Point>) {
          return dot(x.at, n);
        } else if constexpr (std::is_same_v<T, Circle>) {
          return dot(x.center, n) + x.radius;
        } else if constexpr (std::is_same_v<T, Sector>) {  // a convex sector (half_angle <= pi/2 or pi)
          const Real c = dot(x.center, n);
          if (dot(n, x.dir()) >= x.cos_half()) return c + x.radius;
          const Vec2 side = perp(x.dir());
          const Vec2 lo = x.dir() * x.cos_half() - side * x.sin_half(), hi = x.dir() * x.cos_half() + side * x.sin_half();
          return c + std::max({Real(0), x.radius * dot(lo, n), x.radius * dot(hi, n)});
        } else if constexpr (std::is_same_v<T, Aabb>) {
          return (n.x > 0 ? x.max.x : x.min.x) * n.x + (n.y > 0 ? x.max.y : x.min.y) * n.y;
        } else if constexpr (std::is_same_v<T, Box>) {
          return dot(x.center, n) + x.half_extents.x * std::fabs(dot(x.rot().x_axis(), n)) +
                 x.half_extents.y * std::fabs(dot(x.rot().y_axis(), n));
        } else if constexpr (std::is_same_v<T, Capsule>) {
          return std::max(dot(x.a, n), dot(x.b, n)) + x.radius;
        } else if constexpr (std::is_same_v<T, Segment>) {
          return std::max(dot(x.a, n), dot(x.b, n));
        } else {
          Real best = dot(x.vertex(0), n);
          for (int i = 1; i < x.count(); ++i) best = std::max(best, dot(x.vertex(i), n));
          return best + x.radius;
        }
      },
      s);
}

/// Of the candidate unit normals, the one along which convex parts a and b are most apart
/// (least overlap of their supports), refined by a golden-section search over nearby angles:
/// the closest-points direction when they are apart, the least-overlap axis when they touch.
/// True when one of the candidates separates a and b about as well as their closest-points
/// direction would (its overlap is minus the gap, within eps / 4); it is then moved first.
bool separates(const Shape& a, const Shape& b, Vec2* cand, int count, Real gap, Real eps) {
  for (int i = 0; i < count; ++i) {
    if (support_value(a, cand[i]) + support_value(b, -cand[i]) <= -gap + eps / 4) {
      std::swap(cand[0], cand[i]);
      return true;
    }
  }
  return false;
}

Vec2 most_separating(const Shape& a, const Shape& b, const Vec2* cand, int count, Real gap, Real eps) {
  auto overlap = [&](Vec2 n) { return support_value(a, n) + support_value(b, -n); };
  Vec2 best = cand[0];
  Real best_v = overlap(best);
  for (int i = 1; i < count; ++i) {
    const Real v = overlap(cand[i]);
    if (v < best_v) best = cand[i], best_v = v;
  }
  // as good as the closest-points direction (whose overlap is minus the gap) within eps / 4
  if (best_v <= -gap + eps / 4) return best;
  // n(s) = best + s perp(best), normalized, for s in [-0.1, 0.1]
  const Vec2 side = perp(best);
  auto at = [&](double s) { return normalize(best + side * Real(s)); };
  double lo = -0.1, hi = 0.1;
  const double gr = 0.6180339887498949;
  double x1 = hi - gr * (hi - lo), x2 = lo + gr * (hi - lo);
  Real f1 = overlap(at(x1)), f2 = overlap(at(x2));
  for (int i = 0; i < 40; ++i) {
    if (f1 <= f2) hi = x2, x2 = x1, f2 = f1, x1 = hi - gr * (hi - lo), f1 = overlap(at(x1));
    else lo = x1, x1 = x2, f1 = f2, x2 = lo + gr * (hi - lo), f2 = overlap(at(x2));
  }
  const double x = f1 <= f2 ? x1 : x2;
  return std::min(f1, f2) < best_v ? at(x) : best;
}

struct Found {
  bool hit = false;
  double time = 0;
  Vec2 normal;
  Vec2 point;
};

/// What `advance` remembers of its iterates: the last one, and the last one whose gap resolved
/// the normal's direction.
struct History {
  bool have_prev = false, have_good = false;
  double t_prev = 0;
  Real d_prev = 0;
  Vec2 n_good;
};

/// The contact where `advance` stopped, at time t with closest points r (direction n, zero when
/// rounding left none; dv the relative velocity): the midpoint of the closest points and the
/// normal. Candidate normals, each scored at t by how well it separates the parts; the best is
/// refined to the most separating direction (the closest-points direction, read from support
/// functions: no division by a gap of a few ulps).
Found contact_at(MovingBody& a, int ia, MovingBody& b, int ib, const Scales& sc, double t, const DistanceResult& r,
                 Vec2 n, Vec2 dv, const History& h) {
  Found f;
  f.hit = true;
  f.time = t;
  f.point = (r.point_a + r.point_b) * Real(0.5);
  Vec2 cand[5];
  int nc = 0;
  if (n.x != 0 || n.y != 0) cand[nc++] = n;
  if (h.have_good) cand[nc++] = h.n_good;
  if (nc == 0) cand[nc++] = normalize(-dv);
  a.pose(t);
  b.pose(t);
  if (!separates(a.posed[ia], b.posed[ib], cand, nc, r.distance, sc.eps)) {
    Real speed = 0;
    if (h.have_prev && t > h.t_prev) speed = Real((h.d_prev - r.distance) / (t - h.t_prev));
    if (speed > 0) {
      // the contact a moment later, pushed a few eps in (a face normal there is exact) ...
      const double later = t + double(3 * sc.eps) / double(speed);
      a.pose(later);
      b.pose(later);
      const Manifold m = contact(a.posed[ia], b.posed[ib]);
      if (m.touching) cand[nc++] = normalize(m.normal);
      // ... and the closest points a moment before, where the gap resolves the direction
      const double before = std::max(0.0, t - double(sc.resolve) / double(speed));
      a.pose(before);
      b.pose(before);
      const DistanceResult rb = distance(a.posed[ia], b.posed[ib]);
      if (rb.distance > 0 && !(rb.point_a == rb.point_b)) cand[nc++] = normalize(rb.point_b - rb.point_a);
    }
    a.pose(t);
    b.pose(t);
  }
  f.normal = most_separating(a.posed[ia], b.posed[ib], cand, nc, r.distance, sc.eps);
  return f;
}

/// The gap of parts ia of a and ib of b along the fixed world axis n at any time: n.(c_b - c_a)
/// minus the two supports about the rotation centres, read from the unposed parts along the
/// axis turned back into each body's frame (no posing). Between two times it is at least the
/// chord minus curv / 2 (t - t0)(t1 - t): on each piece where one point of each part is the
/// support, the second derivative is w_a^2 times a's support about its centre (core only:
/// rounding adds a constant) plus the same for b, at most `curv`; where the support passes to
/// another point the slope can only drop.
struct AxisGap {
  const MovingBody& a;
  const MovingBody& b;
  int ia, ib;
  Vec2 n;
  double curv;

  Real operator()(double t) const {
    auto side = [t](const MovingBody& m, int i, Vec2 dir) {
      const Vec2 u = m.omega != 0 ? detail::rot_of(double(m.omega) * t).apply_inv(dir) : dir;
      return support_value(m.local[i], u);
    };
    return dot(n, b.pivot_at(t) - a.pivot_at(t)) - side(a, ia, n) - side(b, ib, -n);
  }
  /// The least the gap can be over [t0, t1], from its values g0 and g1 at the ends.
  double lower(double t0, double g0, double t1, double g1) const {
    const double len = t1 - t0, slope = (g1 - g0) / len;
    const double x = curv > 0 ? len / 2 - slope / curv : -1;
    if (!(x > 0 && x < len)) return std::min(g0, g1);
    return g0 + slope * x - curv / 2 * x * (len - x);
  }
};

/// Conservative advancement of part ia of a against part ib of b over [0, t_max].
Found advance(MovingBody& a, int ia, MovingBody& b, int ib, const Scales& sc, double t_max) {
  const Vec2 dv = b.velocity - a.velocity;
  const Real dv_len = length(dv);
  const Real wa = std::fabs(a.omega), wb = std::fabs(b.omega);
  const double curv = double(wa) * wa * a.core_radius[ia] + double(wb) * wb * b.core_radius[ib];
  double t = 0;
  History h;
  for (int step = 0;;) {
    a.pose(t);
    b.pose(t);
    const DistanceResult r = distance(a.posed[ia], b.posed[ib]);
    const Vec2 n = normalize(r.point_b - r.point_a, Vec2{0, 0});
    if (r.distance <= sc.eps || step >= kRotatingSweepMaxSteps) return contact_at(a, ia, b, ib, sc, t, r, n, dv, h);
    if (r.distance >= sc.resolve) h.n_good = n, h.have_good = true;
    auto rate_at = [&](double s) {
      // how far the rotation centres can be apart over the rest of the step
      const Real apart = length(b.pivot_at(s) - a.pivot_at(s)) + dv_len * Real(t_max - s);
      const Real ra = std::min(a.core_radius[ia], apart + b.bound_radius[ib]);
      const Real rb = std::min(b.core_radius[ib], apart + a.bound_radius[ia]);
      return wa * ra + wb * rb - dot(dv, n);
    };
    h.t_prev = t, h.d_prev = r.distance, h.have_prev = true;
    if (n.x == 0 && n.y == 0) {  // no direction (rounding): the bound on any axis
      t += double(r.distance) / double(rate_at(t) + dv_len);
      if (!(t <= t_max)) return {};
      ++step;
      continue;
    }
    // Advance on the fixed axis n: its gap bounds the distance from below while positive and
    // costs two support functions, not a distance. Each step tries a guess (the secant of the
    // last two gaps aimed just inside the tolerance, or the end of the step) and keeps it when
    // the chord bound of AxisGap keeps the gap positive up to it; else it takes the safe step
    // of the closing-speed bound. A fresh distance (and a better axis) once the axis gap is
    // within half the tolerance.
    const AxisGap f{a, b, ia, ib, n, curv};
    const double aim = double(sc.eps) * 0.375, stop = double(sc.eps) * 0.5, margin = double(sc.eps) / 8;
    double g = std::min(double(r.distance), double(f(t)));
    double t_prev = t, g_prev = g, t_hi = -1, g_hi = 0;
    bool have_prev = false;
    do {
      const Real rate = rate_at(t);
      if (!(rate > 0)) return {};  // the axis n keeps separating them
      // the first step from the distance itself (the axis gap may be below it)
      const double safe = t + (have_prev ? g : double(r.distance)) / double(rate);
      double guess = safe;
      if (t_hi > t && g_hi < g) guess = t + (t_hi - t) * (g - aim) / (g - g_hi);
      else if (have_prev && g < g_prev) guess = t + (t - t_prev) * (g - aim) / (g_prev - g);
      else if (have_prev) guess = t + 4 * (t - t_prev);
      guess = std::min(guess, t_max);
      double next = safe, g_next = 0;
      if (guess > safe) {
        const double g_guess = f(guess);
        if (g_guess > margin && f.lower(t, g, guess, g_guess) > margin) {
          next = guess, g_next = g_guess;
        } else {
          t_hi = guess, g_hi = g_guess;
        }
      }
      if (next == t_max && next != safe) return {};  // apart on the axis up to the end
      if (!(next <= t_max)) return {};
      if (next == safe) g_next = f(safe);
      t_prev = t, g_prev = g, have_prev = true;
      t = next, g = g_next;
      if (++step >= kRotatingSweepMaxSteps) break;
    } while (g > stop);
  }
}

}  // namespace

Vec2 rotation_center(const Shape& s) {
  return std::visit(
      [](const auto& x) -> Vec2 {
        using T = std::decay_t<decltype(x)>;
        if constexpr (std::is_same_v<T, Point>) return x.at;
        else if constexpr (std::is_same_v<T, Circle> || std::is_same_v<T, Sector> || std::is_same_v<T, Box>) return x.center;
        else if constexpr (std::is_same_v<T, Aabb>) return x.center();
        else if constexpr (std::is_same_v<T, Capsule> || std::is_same_v<T, Segment>) return (x.a + x.b) * Real(0.5);
        else {
          // area centroid of the triangle fan from vertex 0 (relative to it: no cancellation)
          const Vec2 o = x.vertex(0);
          double ax = 0, ay = 0, area = 0;
          for (int i = 1; i + 1 < x.count(); ++i) {
            const Vec2 p = x.vertex(i) - o, q = x.vertex(i + 1) - o;
            const double w = double(p.x) * q.y - double(p.y) * q.x;
            area += w;
            ax += w * (double(p.x) + q.x);
            ay += w * (double(p.y) + q.y);
          }
          if (!(area > 0)) return o;
          return o + Vec2{Real(ax / (3 * area)), Real(ay / (3 * area))};
        }
      },
      s);
}

std::optional<Invalid> validate(const RigidMotion& m) {
  if (!is_finite(m.velocity)) return Invalid{"velocity", "must hold finite numbers"};
  if (!std::isfinite(m.angular_velocity)) return Invalid{"angular_velocity", "must be a finite number"};
  if (m.pivot && !is_finite(*m.pivot)) return Invalid{"pivot", "must hold finite numbers"};
  return std::nullopt;
}

Shape moved_shape(const Shape& s, const RigidMotion& motion, Real t) {
  MovingBody m(s, motion, false);
  m.pose(double(t), true);
  return m.posed[0];
}

std::optional<SweepHit> sweep_rotating(const Shape& a, const RigidMotion& motion_a, const Shape& b,
                                       const RigidMotion& motion_b, Invalid* why) {
  auto refuse = [&](const char* who, const Invalid& e) -> std::optional<SweepHit> {
    if (why) *why = Invalid{std::string(who) + "." + e.field, e.message};
    return std::nullopt;
  };
  if (auto e = validate(a)) return refuse("a", *e);
  if (auto e = validate(b)) return refuse("b", *e);
  if (auto e = validate(motion_a)) return refuse("motion_a", *e);
  if (auto e = validate(motion_b)) return refuse("motion_b", *e);

  // Without rotation, or when only points and disks turn about their own centres (which
  // does not move them), it is the translational sweep.
  auto inert = [](const Shape& s, const RigidMotion& m) {
    if (m.angular_velocity == 0) return true;
    const Point* p = std::get_if<Point>(&s);
    const Circle* c = std::get_if<Circle>(&s);
    return (p && (!m.pivot || *m.pivot == p->at)) || (c && (!m.pivot || *m.pivot == c->center));
  };
  if (inert(a, motion_a) && inert(b, motion_b)) return sweep(a, motion_a.velocity, b, motion_b.velocity);

  SweepHit out;
  if (overlaps(a, b)) {
    out.hit = true;
    out.initially_overlapping = true;
    return out;
  }
  MovingBody ma(a, motion_a, true), mb(b, motion_b, true);

  const Scales sc = scales_of(a, b, ma, mb);
  Found best;
  for (int i = 0; i < ma.count; ++i) {
    for (int j = 0; j < mb.count; ++j) {
      const Found f = advance(ma, i, mb, j, sc, best.hit ? best.time : 1.0);
      if (f.hit && (!best.hit || f.time < best.time)) best = f;
    }
  }
  if (!best.hit) return out;
  out.hit = true;
  out.time = Real(best.time);
  out.normal = best.normal;
  out.point = best.point;
  return out;
}

}  // namespace collide2d
