// collide2d - 2D collision detection for games. MIT License.
// Sweeps with rotation: two shapes each turning about a rotation centre while that centre
// moves, over t in [0, 1]; the first time they touch.
//
// Method: conservative advancement, per pair of convex parts (a sector wider than pi/2 is its
// two half-disks, each convex), on separating axes. The gap of the parts along any unit axis
// (minus the sum of their supports) is at most their distance, so while it stays positive they
// do not touch; it costs two support functions, where a distance costs far more.
//  - Each axis comes from the exact distance d at some time t (the closest-points direction n,
//    from a to b), except the first (between the parts' box centres at t = 0, left once its gap
//    has fallen to an eighth) and the second: where the first was left, the face of either part
//    turned most toward the other, carried by that part (or, against a capsule's or circle's
//    rounded end, the world axis between the two core points on the first axis), when its gap
//    beats the first axis's (else a distance); likewise after any axis whose stopping test finds no points (see
//    below) when such a face keeps the parts more than eps apart (not against a disk, nor
//    between two segments or capsules, whose distances are closed forms). The axis is fixed
//    in the world, or carried by the turning body whose face holds the closest point (that
//    face's normal turns with it).
//  - Safe step: the gap can only close as fast as rate = -(v_b - v_a).n + |w_a| r_a +
//    |w_b| r_b on a world axis (|v_b - v_a| on a turning one), where v is the rotation centre's
//    velocity, w the angular velocity and r the furthest core point from the rotation centre (a
//    rounding radius adds nothing: a disk's support does not change when it turns), and r_a is
//    at most the distance between the rotation centres plus b's furthest point from its own
//    centre plus how far the centres can approach in the rest of the step (the same for b): the
//    parts cannot touch before t + gap / rate, and never when rate <= 0 on a world axis.
//  - Guessed step: a secant of the last gaps (or of the last two distances) aimed just inside
//    the tolerance, kept only when the chord bound of AxisGap (the gap's second derivative is
//    bounded, and drops where the support passes between points) keeps the gap above eps / 8
//    up to it; a failed guess is retried below itself, then the safe step is taken.
// Once the axis gap is within half the tolerance, a fresh distance (or, where a vertex of one
// part faces the other's face on the axis, a point of each part at most eps apart, checked by
// the exact overlap test: see `near_pair`): the advancement stops once d <= eps (the named tolerance, kRotatingSweepRelTol times the size plus a few ulps of the
// coordinates), so the reported time is never later than the true first contact by more than
// eps of gap, and no contact before it is missed, however thin the features (segments,
// points) or fast the spin. Time is kept in double.
// Steps are capped (kRotatingSweepMaxSteps) for a spin grazing another shape just above the
// tolerance: the time reached is then reported as the contact (no contact before it).
#include <algorithm>
#include <cmath>
#include <variant>

#include "query/sweep_rotating.hpp"

namespace collide2d::inline COLLIDE2D_ABI {
namespace detail {

/// The sweep's access to Polygon's pose (shapes.hpp): the sweep's own posed copies skip
/// measuring normal_turn() (stored as 4: no bound), which only contact's filters read, and
/// they take their exact path then, with the same answers.
struct PolygonPose {
  /// `out` made `base` turned by `rot` about `pivot`, the pivot moved to `centre` (set_pose),
  /// normal_turn() measured only with `measure_turn`.
  static void set(Polygon& out, const Polygon& base, Vec2 pivot, Vec2 centre, Rot rot, bool measure_turn) {
    out.pose(base, pivot, centre, rot, measure_turn);
  }
};

namespace {

/// The pose of a body at one time: p -> centre + rot (p - pivot).
struct Xf {
  Vec2 pivot;   // rotation centre at t = 0
  Vec2 centre;  // rotation centre at t
  Rot rot;      // rotation by omega t
  Vec2 operator()(Vec2 p) const { return centre + rot.apply(p - pivot); }
};

/// The rotation by `angle`: the angle less the nearest multiple q of pi/2 (pi/2 in three parts,
/// the first two of 33 bits, so q times them is exact while |q| < 2^20), then the Taylor series
/// of sin and cos on [-pi/4, pi/4] up to x^15 and x^16 (truncation below 5e-17): a third of the
/// cost of std::sin and std::cos, which take the larger angles. The series are summed in pairs
/// of terms by powers z^2 and z^4 (Estrin's order, the same terms): a chain of four products
/// where Horner's is seven, for the sweep waits on every rotation.
Rot rot_of(double angle) {
  if (!(std::fabs(angle) < 1e6)) return Rot{Real(std::cos(angle)), Real(std::sin(angle))};
  constexpr double kTwoOverPi = 0.63661977236758134308, kRound = 6755399441055744.0;  // 1.5 * 2^52
  constexpr double kP1 = 1.57079632673412561417e+00, kP2 = 6.07710050630396597660e-11,
                   kP3 = 2.02226624871116645580e-21;
  const double q = (angle * kTwoOverPi + kRound) - kRound;
  const double x = ((angle - q * kP1) - q * kP2) - q * kP3, z = x * x, z2 = z * z, z4 = z2 * z2;
  // in float the series stop at x^11 and x^12 (truncation below 1e-11)
  constexpr bool kShort = sizeof(Real) == 4;
  // sin x = x + x z S(z), cos x = 1 + z C(z); the terms from z^4 on (in float, to z^4 and z^5)
  const double s4 = -1.0 / 39916800, c4 = -1.0 / 3628800 + z * (1.0 / 479001600);
  const double s_hi = kShort ? s4 : (s4 + z * (1.0 / 6227020800)) + z2 * (-1.0 / 1307674368000);
  const double c_hi = kShort ? c4 : c4 + z2 * (-1.0 / 87178291200 + z * (1.0 / 20922789888000));
  const double S = z4 * s_hi + z2 * (-1.0 / 5040 + z * (1.0 / 362880)) + (-1.0 / 6 + z * (1.0 / 120));
  const double C = z4 * c_hi + z2 * (-1.0 / 720 + z * (1.0 / 40320)) + (-0.5 + z * (1.0 / 24));
  const double s = x + x * z * S;
  const double c = 1 + z * C;
  switch (static_cast<long long>(q) & 3) {
    case 0: return Rot{Real(c), Real(s)};
    case 1: return Rot{Real(-s), Real(c)};
    case 2: return Rot{Real(-c), Real(-s)};
    default: return Rot{Real(s), Real(-c)};
  }
}
Rot compose(Rot a, Rot b) { return {a.c * b.c - a.s * b.s, a.s * b.c + a.c * b.s}; }

/// The squared distance of p from c in double, as `length` takes it (its square root rounded
/// is `length(p - c)`: the largest of them gives the largest length with one square root).
double length2(Vec2 p, Vec2 c) {
  const Vec2 d = p - c;
  return double(d.x) * d.x + double(d.y) * d.y;
}
Real furthest(std::initializer_list<Vec2> pts, Vec2 c) {
  double r2 = 0;
  for (Vec2 p : pts) r2 = std::max(r2, length2(p, c));
  return Real(std::sqrt(r2));
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
          double r2 = 0;
          for (int i = 0; i < x.count(); ++i) r2 = std::max(r2, length2(x.vertex(i), c));
          core = Real(std::sqrt(r2));
          round = x.radius;
        }
        // a hair more than measured: the posed parts are rounded again at every time
        core *= 1 + 4 * kRelEps;
        bound = core + round * (1 + 4 * kRelEps);
      },
      s);
}

/// Polygon storage kept between sweeps on this thread, for the posed copies of turning
/// polygons (Polygon::set_pose reuses the storage of a polygon that is its only holder): two,
/// for a and b. Empty slots are polygons without storage.
thread_local Polygon spare_polygons[2];

/// Gives `o`, an empty polygon, a spare storage when there is one.
void take_spare(Polygon& o) {
  for (Polygon& s : spare_polygons) {
    if (s.count() > 0) {
      o = std::move(s);
      s = Polygon{};
      return;
    }
  }
}

/// Writes `base` posed by x into `out`, which holds the same type. A box's or sector's
/// rotation is set as a vector (no trigonometry; its angle follows from it when asked). A
/// polygon's normal_turn() is measured only with `angles` (a shape handed out: moved_shape);
/// the sweep's own poses store none, which only contact's filters read (same answers without).
void pose_part(const Shape& base, const Xf& x, Shape& out, bool angles) {
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
        } else {  // (into a spare storage or its own: see the MovingBody constructor)
          PolygonPose::set(o, b, x.pivot, x.centre, x.rot, angles);
        }
      },
      base);
}

}  // namespace

MovingBody::MovingBody(const Shape& s, const RigidMotion& m, bool split)
    : pivot(m.pivot ? *m.pivot : Vec2{}), velocity(m.velocity), omega(m.angular_velocity) {
  part[0] = &s;
  if (omega != 0) {
    if (const Aabb* b = std::get_if<Aabb>(&s)) part[0] = &own[0].emplace(Box(b->center(), b->half_extents(), 0));
  }
  if (split) {
    if (const Sector* q = std::get_if<Sector>(&s); q && q->half_angle() > kPi / 2 && q->half_angle() < kPi) {
      const Real h = q->half_angle() / 2;
      count = 2;
      part[0] = &own[0].emplace(Sector(q->center, q->radius, q->facing() - h, h));
      part[1] = &own[1].emplace(Sector(q->center, q->radius, q->facing() + h, h));
    }
  }
  for (int i = 0; i < count; ++i) box[i] = bounds(*part[i]);
  // a body that does not turn may be measured about any point: its bounding box's centre
  // (no centroid to compute)
  if (!m.pivot && omega != 0) pivot = rotation_center(s);
  if (!m.pivot && omega == 0) {
    const Aabb all = merged(box[0], box[count - 1]);
    pivot = (all.min + all.max) * Real(0.5);
  }
  const bool still = omega == 0 && velocity.x == 0 && velocity.y == 0;
  for (int i = 0; i < count; ++i) {
    // a turning polygon is posed into a spare storage (else its own, allocated at the first
    // pose), never into the input's
    if (omega != 0 && std::holds_alternative<Polygon>(*part[i])) {
      take_spare(std::get<Polygon>(moved[i].emplace(std::in_place_type<Polygon>)));
    } else if (!still) {
      moved[i].emplace(*part[i]);
    }
    posed[i] = still ? part[i] : &*moved[i];
    part_radii(*part[i], pivot, core_radius[i], bound_radius[i]);
  }
}

MovingBody::~MovingBody() {
  if (omega == 0) return;  // (only a turning polygon is posed by set_pose)
  for (int i = 0; i < count; ++i) {
    Polygon* o = moved[i] ? std::get_if<Polygon>(&*moved[i]) : nullptr;
    if (!o || o->count() == 0) continue;
    for (Polygon& s : spare_polygons) {
      if (s.count() == 0) {
        s = std::move(*o);
        break;
      }
    }
  }
}

Rot MovingBody::rotation(double t) const { return t == posed_at ? posed_rot : rot_of(double(omega) * t); }

void MovingBody::pose(double t, bool angles) {
  if (omega == 0) {  // a translation (none for a still body: posed is part)
    if (velocity.x == 0 && velocity.y == 0) return;
    for (int i = 0; i < count; ++i) *moved[i] = translated(*part[i], velocity * Real(t));
    return;
  }
  posed_rot = rot_of(double(omega) * t), posed_at = t;
  Xf x{pivot, pivot_at(t), posed_rot};
  for (int i = 0; i < count; ++i) pose_part(*part[i], x, *moved[i], angles);
}

}  // namespace detail

namespace {

using detail::MovingBody;

Real abs_max(Vec2 p) { return std::max(std::fabs(p.x), std::fabs(p.y)); }

/// The scales of one rotating sweep: `eps`, the gap at which the shapes count as touching,
/// and `resolve`, the gap at which closest points give the normal's direction well.
struct Scales {
  Real eps = 0, resolve = 0, size = 0;
};
Scales scales_of(const Shape& a, const Shape& b, const MovingBody& ma, const MovingBody& mb) {
  auto diag = [](Aabb x) { return length(x.max - x.min); };
  auto box = [](const Shape& s, const MovingBody& m) { return m.count == 1 ? m.box[0] : bounds(s); };
  const Real size = std::max(diag(box(a, ma)), diag(box(b, mb)));
  auto reach = [](const MovingBody& m) {
    Real r = std::max(m.bound_radius[0], m.count > 1 ? m.bound_radius[1] : Real(0));
    return std::max(abs_max(m.pivot), abs_max(m.pivot + m.velocity)) + r;
  };
  const Real offset = std::max(reach(ma), reach(mb));
  Scales s;
  s.size = size;
  s.eps = kRotatingSweepRelTol * (1 + size) + kRelEps * offset;
  s.resolve = std::max(s.eps, Real(0.3) * std::sqrt(kRelEps * (1 + size) * (1 + size + offset)));
  return s;
}

/// Support value of the polygon x moved to the offset `offset` (its own: x.offset()): the
/// vertices as built, then the offset along n once.
Real polygon_support(const Polygon& x, Vec2 offset, Vec2 n) {
  const Vec2* v = x.base_vertices();
  Real best = dot(v[0], n);
  for (int i = 1; i < x.count(); ++i) best = std::max(best, dot(v[i], n));
  return best + dot(offset, n) + x.radius;
}

/// Support value max over the convex part s, its positions (centre, corners, end points,
/// a polygon's offset) read through `at`, of x.n: the identity gives the part's own;
/// p -> p + t gives the support of `translated(s, t)`, the same float operations without the
/// translated copy.
template <class At>
Real support_at(const Shape& s, Vec2 n, At at) {
  return std::visit(
      [&](const auto& x) -> Real {
        using T = std::decay_t<decltype(x)>;
        if constexpr (std::is_same_v<T, Point>) {
          return dot(at(x.at), n);
        } else if constexpr (std::is_same_v<T, Circle>) {
          return dot(at(x.center), n) + x.radius;
        } else if constexpr (std::is_same_v<T, Sector>) {  // a convex sector (half_angle <= pi/2 or pi)
          const Real c = dot(at(x.center), n);
          if (dot(n, x.dir()) >= x.cos_half()) return c + x.radius;
          const Vec2 side = perp(x.dir());
          const Vec2 lo = x.dir() * x.cos_half() - side * x.sin_half(), hi = x.dir() * x.cos_half() + side * x.sin_half();
          return c + std::max({Real(0), x.radius * dot(lo, n), x.radius * dot(hi, n)});
        } else if constexpr (std::is_same_v<T, Aabb>) {
          const Vec2 lo = at(x.min), hi = at(x.max);
          return (n.x > 0 ? hi.x : lo.x) * n.x + (n.y > 0 ? hi.y : lo.y) * n.y;
        } else if constexpr (std::is_same_v<T, Box>) {
          return dot(at(x.center), n) + x.half_extents.x * std::fabs(dot(x.rot().x_axis(), n)) +
                 x.half_extents.y * std::fabs(dot(x.rot().y_axis(), n));
        } else if constexpr (std::is_same_v<T, Capsule>) {
          return std::max(dot(at(x.a), n), dot(at(x.b), n)) + x.radius;
        } else if constexpr (std::is_same_v<T, Segment>) {
          return std::max(dot(at(x.a), n), dot(at(x.b), n));
        } else {
          return polygon_support(x, at(x.offset()), n);
        }
      },
      s);
}

/// Support value max over the convex part s of x.n.
Real support_value(const Shape& s, Vec2 n) {
  return support_at(s, n, [](Vec2 p) { return p; });
}

/// Support value of part i of m about its pivot: of the part moved so that the pivot is at the
/// origin (`translated(part, -pivot)`, read in place).
Real local_support(const MovingBody& m, int i, Vec2 n) {
  const Vec2 to_local = -m.pivot;
  return support_at(*m.part[i], n, [to_local](Vec2 p) { return p + to_local; });
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
  bool have_prev = false, have_good = false, have_axis = false;
  double t_prev = 0;
  Real d_prev = 0;
  Vec2 n_good;
  Vec2 axis;  // the last advancing axis, where it ended
  bool b_face = false;  // ... not turning with a's face (b's face, or a face of a still body)
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
  Vec2 cand[6];
  int nc = 0;
  if (h.have_axis) cand[nc++] = h.axis;
  if (n.x != 0 || n.y != 0) cand[nc++] = n;
  if (h.have_good) cand[nc++] = h.n_good;
  if (nc == 0) cand[nc++] = normalize(-dv);  // (a and b are posed at t)
  const bool kept = separates(*a.posed[ia], *b.posed[ib], cand, nc, r.distance, sc.eps);
  if (!kept) {
    Real speed = 0;
    if (h.have_prev && t > h.t_prev) speed = Real((h.d_prev - r.distance) / (t - h.t_prev));
    if (speed > 0) {
      // the contact a moment later, pushed a few eps in (a face normal there is exact) ...
      const double later = t + double(3 * sc.eps) / double(speed);
      a.pose(later);
      b.pose(later);
      const Manifold m = contact(*a.posed[ia], *b.posed[ib]);
      if (m.touching) cand[nc++] = normalize(m.normal);
      // ... and the closest points a moment before, where the gap resolves the direction
      const double before = std::max(0.0, t - double(sc.resolve) / double(speed));
      a.pose(before);
      b.pose(before);
      const DistanceResult rb = distance(*a.posed[ia], *b.posed[ib]);
      if (rb.distance > 0 && !(rb.point_a == rb.point_b)) cand[nc++] = normalize(rb.point_b - rb.point_a);
    }
    a.pose(t);
    b.pose(t);
  }
  // a candidate that separates them about as well as the closest points would is kept as it is
  f.normal = kept ? cand[0] : most_separating(*a.posed[ia], *b.posed[ib], cand, nc, r.distance, sc.eps);
  return f;
}

/// The gap of parts ia of a and ib of b along an axis n0 carried by a frame turning at rate wf
/// (0: fixed in the world; a's or b's angular velocity: fixed in that body), n(t) =
/// R(wf (t - t_axis)) n0: n(t).(c_b - c_a) minus the two supports about the rotation centres, read from
/// the unposed parts along the axis turned into each body's frame (no posing). Between two
/// times it is at least the chord minus curv / 2 (t - t0)(t1 - t): for one point of each part
/// the second derivative is at most wf^2 |c_b - c_a| + 2 |wf| |v_b - v_a| (the turning axis
/// against the centres) plus (w_a - wf)^2 times the point's distance from a's centre (core
/// only: rounding adds a constant) plus the same for b; where the support passes from one
/// point to another the slope can only drop.
struct AxisGap {
  const MovingBody& a;
  const MovingBody& b;
  int ia, ib;
  Vec2 n0;
  double wf;
  double curv_turn;  // the parts' share of the curvature bound
  double turn_dv;    // the turning axis against the centres' relative velocity: 2 |wf| |v_b - v_a|

  double t_axis;      // the time at which the axis is n0
  double rate[3];     // turning rates of the axis and of its directions in a's and b's frames
  Vec2 base[3];       // those directions at t_axis
  Real fixed_a = 0, fixed_b = 0;  // the supports of a part that does not turn against the axis

  AxisGap(const MovingBody& a_, int ia_, const MovingBody& b_, int ib_, Vec2 n, double frame, double t0)
      : a(a_), b(b_), ia(ia_), ib(ib_), n0(n), wf(frame), t_axis(t0) {
    const double ra = double(a.omega) - wf, rb = double(b.omega) - wf;
    curv_turn = ra * ra * a.core_radius[ia] + rb * rb * b.core_radius[ib];
    turn_dv = wf != 0 ? 2 * std::fabs(wf) * double(length(b.velocity - a.velocity)) : 0;
    rate[0] = wf, rate[1] = -ra, rate[2] = -rb;
    base[0] = n0;
    base[1] = a.omega != 0 && t0 != 0 ? a.rotation(t0).apply_inv(n0) : n0;
    base[2] = b.omega != 0 && t0 != 0 ? b.rotation(t0).apply_inv(n0) : n0;
    // a part that does not turn against the axis keeps its support
    if (rate[1] == 0) fixed_a = local_support(a, ia, base[1]);
    if (rate[2] == 0) fixed_b = local_support(b, ib, -base[2]);
  }
  Vec2 centres(double t) const { return b.pivot_at(t) - a.pivot_at(t); }
  Vec2 axis_at(double t) const { return rate[0] != 0 ? detail::rot_of(rate[0] * (t - t_axis)).apply(n0) : n0; }
  Real operator()(double t) const {
    // one rotation per distinct rate up to sign (b still in a's frame turns like the axis,
    // backwards: the inverse rotation)
    Rot r[3];
    for (int k = 0; k < 3; ++k) {
      if (rate[k] == 0) continue;
      int j = 0;
      while (j < k && rate[j] != rate[k] && rate[j] != -rate[k]) ++j;
      if (j == k) r[k] = detail::rot_of(rate[k] * (t - t_axis));
      else r[k] = rate[j] == rate[k] ? r[j] : Rot{r[j].c, -r[j].s};
    }
    const Real sa = rate[1] == 0 ? fixed_a : local_support(a, ia, r[1].apply(base[1]));
    const Real sb = rate[2] == 0 ? fixed_b : local_support(b, ib, -r[2].apply(base[2]));
    return dot(r[0].apply(base[0]), centres(t)) - sa - sb;
  }
  /// The least the gap can be over [t0, t1], from its values g0 and g1 at the ends.
  double lower(double t0, double g0, double t1, double g1) const {
    const double len = t1 - t0, slope = (g1 - g0) / len;
    double curv = curv_turn;  // (on a world axis the centres add nothing)
    if (wf != 0) {  // (the larger of the centres' two lengths, with one square root)
      const double apart2 = std::max(detail::length2(b.pivot_at(t0), a.pivot_at(t0)), detail::length2(b.pivot_at(t1), a.pivot_at(t1)));
      curv += wf * wf * double(Real(std::sqrt(apart2))) + turn_dv;
    }
    const double x = curv > 0 ? len / 2 - slope / curv : -1;
    if (!(x > 0 && x < len)) return std::min(g0, g1);
    return g0 + slope * x - curv / 2 * x * (len - x);
  }
};

/// True when the part's boundary near its closest point p is flat along the closest-points
/// direction n (pointing out of the part): a face, whose normal turns with the part. Read
/// from the support a hundredth of a radian to either side (a vertex or a rounded corner
/// keeps it within a small fraction of the part's size).
bool face_at(const Shape& posed, Vec2 p, Vec2 n, Real size) {
  const Real d = Real(0.01);
  for (int side = -1; side <= 1; side += 2) {
    const Vec2 u = normalize(n + perp(n) * (d * side));
    if (support_value(posed, u) - dot(p, u) > d * Real(0.05) * size) return true;
  }
  return false;
}

/// The axis between the centres of the bounding boxes of part ia of a and part ib of b at
/// t = 0, and the gap along it (-1 without an axis). A gap above eps proves them apart.
double first_axis(const MovingBody& a, int ia, const MovingBody& b, int ib, Vec2& n) {
  auto centre = [](const Aabb& box) { return (box.min + box.max) * Real(0.5); };
  n = normalize(centre(b.box[ib]) - centre(a.box[ia]), Vec2{0, 0});
  if (n.x == 0 && n.y == 0) return -1;
  // AxisGap(a, ia, b, ib, n, 0, 0)(0) without building one: at the axis's own time every
  // rotation is by a zero angle (rot_of gives {1, +-0}), so the same sums (up to the sign of
  // a zero)
  return double(dot(n, b.pivot_at(0) - a.pivot_at(0)) - local_support(a, ia, n) - local_support(b, ib, -n));
}

/// The outward normal of the face of the convex part s turned most toward the unit n (a box's,
/// a polygon's, a segment's or a capsule's side), into `out`; false for a part without faces.
bool face_toward(const Shape& s, Vec2 n, Vec2& out) {
  auto side = [&](Vec2 u) { out = dot(u, n) < 0 ? -u : u; };
  return std::visit(
      [&](const auto& x) -> bool {
        using T = std::decay_t<decltype(x)>;
        if constexpr (std::is_same_v<T, Aabb>) {
          side(std::fabs(n.x) >= std::fabs(n.y) ? Vec2{1, 0} : Vec2{0, 1});
        } else if constexpr (std::is_same_v<T, Box>) {
          const Vec2 ex = x.rot().x_axis(), ey = x.rot().y_axis();
          side(std::fabs(dot(ex, n)) >= std::fabs(dot(ey, n)) ? ex : ey);
        } else if constexpr (std::is_same_v<T, Capsule> || std::is_same_v<T, Segment>) {
          const Vec2 u = normalize(perp(x.b - x.a), Vec2{0, 0});
          if (u.x == 0 && u.y == 0) return false;
          side(u);
        } else if constexpr (std::is_same_v<T, Polygon>) {
          const Vec2* u = x.normals();
          int best = 0;
          for (int i = 1; i < x.count(); ++i) {
            if (dot(u[i], n) > dot(u[best], n)) best = i;
          }
          out = u[best];
        } else {
          return false;
        }
        return true;
      },
      s);
}

/// A core point of the convex part s (not a sector) furthest along n, and the part's rounding.
Vec2 support_core(const Shape& s, Vec2 n, Real& round) {
  return std::visit(
      [&](const auto& x) -> Vec2 {
        using T = std::decay_t<decltype(x)>;
        round = 0;
        if constexpr (std::is_same_v<T, Point>) {
          return x.at;
        } else if constexpr (std::is_same_v<T, Circle>) {
          round = x.radius;
          return x.center;
        } else if constexpr (std::is_same_v<T, Aabb>) {
          return {n.x > 0 ? x.max.x : x.min.x, n.y > 0 ? x.max.y : x.min.y};
        } else if constexpr (std::is_same_v<T, Box>) {
          const Vec2 ex = x.rot().x_axis() * x.half_extents.x, ey = x.rot().y_axis() * x.half_extents.y;
          return x.center + (dot(ex, n) > 0 ? ex : -ex) + (dot(ey, n) > 0 ? ey : -ey);
        } else if constexpr (std::is_same_v<T, Capsule> || std::is_same_v<T, Segment>) {
          if constexpr (std::is_same_v<T, Capsule>) round = x.radius;
          return dot(x.b - x.a, n) > 0 ? x.b : x.a;
        } else if constexpr (std::is_same_v<T, Polygon>) {
          round = x.radius;
          const Vec2* v = x.base_vertices();  // (the offset does not change which is furthest)
          int best = 0;
          Real best_v = dot(v[0], n);
          for (int i = 1; i < x.count(); ++i) {
            if (const Real d = dot(v[i], n); d > best_v) best = i, best_v = d;
          }
          return x.vertex(best);
        } else {
          return x.center;  // (a sector: not asked)
        }
      },
      s);
}

/// An upper bound on the distance of two convex parts without the distance, near a contact
/// on the unit axis m (from `into` toward `from`): the core point c of `from` furthest toward
/// `into` (rounding r), whose disk is h away from `into`'s support line along m, moved across
/// that gap and `inset` further, lands at p = c - (h + r + inset) m; when p lies in `into`
/// (the exact overlap test) the parts are at most |p - c| - r = h + inset apart (p in one, the
/// disk of c in the other). True when that is at most `limit`, with p and q = c - r m (the
/// point of `from` nearest p) as the closest points and d = h + inset.
bool near_points(const Shape& into, const Shape& from, Vec2 m, Real inset, Real limit, Vec2& p, Vec2& q, Real& d) {
  Real r = 0;
  const Vec2 c = support_core(from, -m, r);
  const Real h = dot(c, m) - r - support_value(into, m);
  d = h + inset;
  if (!(d <= limit)) return false;
  p = c - m * (h + r + inset);
  q = c - m * r;
  return std::visit([&](const auto& x) { return overlaps(Point{p}, x); }, into);
}

/// The stopping test's closest points without the exact distance, near a contact on the axis
/// n (from a to b): a vertex of one part facing the other's face (a's vertex into b first,
/// unless the axis turns with a's face), at most `limit` apart (see `near_points`). False for a sector's part, or
/// when neither vertex lands in the other part.
bool near_pair(const Shape& a, const Shape& b, Vec2 n, bool b_face, Real limit, Real inset, DistanceResult& out) {
  // (a disk's distances are closed forms, as cheap as this; a sector has no core point here)
  auto skip = [](const Shape& s) { return s.index() <= 2; };  // point, circle, sector
  if (skip(a) || skip(b)) return false;
  for (int k = 0; k < 2; ++k) {
    Vec2 p, q;
    Real d = 0;
    // (nothing lands in a segment, which has no inside)
    if ((k == 0) != b_face) {
      if (!std::holds_alternative<Segment>(a) && near_points(a, b, n, inset, limit, p, q, d))
        return out = {d, p, q}, true;  // b's vertex into a
    } else if (!std::holds_alternative<Segment>(b) && near_points(b, a, -n, inset, limit, p, q, d)) {
      return out = {d, q, p}, true;  // a's vertex into b
    }
  }
  return false;
}

/// Conservative advancement of part ia of a against part ib of b over [0, t_max].
class Advance {
 public:
  Advance(MovingBody& a, int ia, MovingBody& b, int ib, const Scales& sc, double t_max)
      : a_(a), b_(b), ia_(ia), ib_(ib), sc_(sc), t_max_(t_max), dv_(b.velocity - a.velocity), dv_len_(length(dv_)) {
    // a face axis is tried before a distance unless the distance is a closed form: a disk's
    // (point, circle, sector: index <= 2), or between two segments or capsules
    auto disk = [](const Shape& s) { return s.index() <= 2; };
    auto stick = [](const Shape& s) { return std::holds_alternative<Capsule>(s) || std::holds_alternative<Segment>(s); };
    faces_first_ = !disk(*a.part[ia]) && !disk(*b.part[ib]) && !(stick(*a.part[ia]) && stick(*b.part[ib]));
    // when each core radius is below the bound by the centres' distance at t = 0 (which only
    // falls with time), the spin's share of the closing speed is that of the core radii
    const Real apart = spread(0);
    if (a.core_radius[ia] <= apart + b.bound_radius[ib] && b.core_radius[ib] <= apart + a.bound_radius[ia])
      spin_ = std::fabs(a.omega) * a.core_radius[ia] + std::fabs(b.omega) * b.core_radius[ib];
  }

  /// A first axis without a distance, fixed in the world: n0 (unit or zero), with its gap g0
  /// at t = 0 (see `first_axis`).
  Found run(Vec2 n0, double g0) {
    if (g0 > double(sc_.eps)) {
      const AxisGap f(a_, ia_, b_, ib_, n0, 0, 0);
      if (follow(f, g0, n0, false, g0 / kFirstAxisShare) == Axis::kApart) return {};
      a_.pose(t_);
      b_.pose(t_);
      if (face_axis(n0, 0) == Axis::kApart) return {};
    }
    for (;;) {
      a_.pose(t_);
      b_.pose(t_);
      DistanceResult r;
      const Real limit = sc_.eps - sc_.eps / 16;
      if (!(h_.have_axis && near_pair(*a_.posed[ia_], *b_.posed[ib_], h_.axis, h_.b_face, limit, sc_.eps / 8, r))) {
        // not near on the axis: a face that keeps the parts more than eps apart, else a distance
        if (h_.have_axis && faces_first_) {
          const Axis next = face_axis(h_.axis, double(sc_.eps));
          if (next == Axis::kApart) return {};
          if (next == Axis::kCloser) continue;
        }
        r = distance(*a_.posed[ia_], *b_.posed[ib_]);
      }
      const Vec2 n = normalize(r.point_b - r.point_a, Vec2{0, 0});
      if (r.distance <= sc_.eps || step_ >= kRotatingSweepMaxSteps) return contact_at(a_, ia_, b_, ib_, sc_, t_, r, n, dv_, h_);
      if (r.distance >= sc_.resolve) h_.n_good = n, h_.have_good = true;
      if (n.x == 0 && n.y == 0) {  // no direction (rounding): the bound on any axis
        h_.t_prev = t_, h_.d_prev = r.distance, h_.have_prev = true;
        t_ += double(r.distance) / double(rate_at(t_, n, true));
        if (!(t_ <= t_max_)) return {};
        ++step_;
        continue;
      }
      // the frame of the axis: the body whose face holds the closest point (its normal turns
      // with it), else the world
      double frame = 0;
      if (a_.omega != 0 && face_at(*a_.posed[ia_], r.point_a, n, sc_.size)) frame = double(a_.omega);
      else if (b_.omega != 0 && face_at(*b_.posed[ib_], r.point_b, -n, sc_.size)) frame = double(b_.omega);
      const AxisGap f(a_, ia_, b_, ib_, n, frame, t_);
      if (follow(f, double(r.distance), n, frame != 0) == Axis::kApart) return {};
      h_.t_prev = f.t_axis, h_.d_prev = r.distance, h_.have_prev = true;
      h_.axis = f.axis_at(t_), h_.have_axis = true, h_.b_face = !(frame != 0 && frame == double(a_.omega));
    }
  }

 private:
  enum class Axis { kApart, kCloser, kNone };
  /// The first axis (between the box centres) is left for a distance once its gap is this
  /// many times smaller: it is seldom the axis of the contact.
  static constexpr double kFirstAxisShare = 8;

  /// How fast the gap can close at time s: along the world axis n (the relative velocity's
  /// part along n), or along any axis (its length).
  Real rate_at(double s, Vec2 n, bool any_axis) const {
    const Real linear = any_axis ? dv_len_ : -dot(dv_, n);
    if (spin_ >= 0) return spin_ + linear;
    const Real apart = spread(s);
    const Real ra = std::min(a_.core_radius[ia_], apart + b_.bound_radius[ib_]);
    const Real rb = std::min(b_.core_radius[ib_], apart + a_.bound_radius[ia_]);
    return std::fabs(a_.omega) * ra + std::fabs(b_.omega) * rb + linear;
  }
  /// How far the rotation centres can be apart over the rest of the step from time s.
  Real spread(double s) const { return length(b_.pivot_at(s) - a_.pivot_at(s)) + dv_len_ * Real(t_max_ - s); }

  /// After an axis (n0 at t_, where its gap was last_gap_; the parts posed at t_), instead of
  /// a distance: the face of either part turned most toward the other, its normal carried by
  /// that part (or the world axis between the core points on n0, against a rounded end), when
  /// its gap beats the axis's and `above`; followed like a closest-points axis
  /// (its gap bounds the distance from below as well). kCloser when followed, else kApart or
  /// (not better) kNone.
  Axis face_axis(Vec2 n0, double above) {
    const Shape& pa = *a_.posed[ia_];
    const Shape& pb = *b_.posed[ib_];
    Vec2 cand[3];
    double frame[3] = {0, 0, 0}, best_gap = std::max(last_gap_, above);
    int best = -1;
    if (face_toward(pa, n0, cand[0])) frame[0] = double(a_.omega);
    else cand[0] = Vec2{0, 0};
    if (face_toward(pb, -n0, cand[1])) frame[1] = double(b_.omega), cand[1] = -cand[1];
    else cand[1] = Vec2{0, 0};
    // against a rounded end (a capsule's or a circle's), the axis between the two core points
    // on n0, fixed in the world: the contact between corners that no face gives
    auto rounded = [](const Shape& s) { return std::holds_alternative<Capsule>(s) || std::holds_alternative<Circle>(s); };
    cand[2] = Vec2{0, 0};
    if (rounded(pa) || rounded(pb)) {
      Real ra = 0, rb = 0;
      cand[2] = normalize(support_core(pb, -n0, rb) - support_core(pa, n0, ra), Vec2{0, 0});
    }
    for (int k = 0; k < 3; ++k) {
      if (cand[k].x == 0 && cand[k].y == 0) continue;
      const double g = -double(support_value(pa, cand[k]) + support_value(pb, -cand[k]));
      if (g > best_gap) best_gap = g, best = k;
    }
    if (best < 0) return Axis::kNone;
    const AxisGap f(a_, ia_, b_, ib_, cand[best], frame[best], t_);
    if (follow(f, best_gap, cand[best], frame[best] != 0) == Axis::kApart) return Axis::kApart;
    h_.t_prev = f.t_axis, h_.d_prev = Real(best_gap), h_.have_prev = true;
    h_.axis = f.axis_at(t_), h_.have_axis = true, h_.b_face = !(frame[best] != 0 && frame[best] == double(a_.omega));
    return Axis::kCloser;
  }

  /// Advances t_ on the axis of f, whose gap bounds the distance from below while positive
  /// and costs two support functions, not a distance. Each step tries a guess (the secant of
  /// the last gaps, or of the last two distances on a new axis, aimed just inside the
  /// tolerance) and keeps it when the chord bound of AxisGap keeps the gap positive up to it;
  /// else it takes the safe step of the closing-speed bound (from d, at most the distance, on
  /// the first). Returns once the axis gap is within half the tolerance (for a fresh distance
  /// and a better axis), or kApart when the axis keeps the parts apart up to t_max.
  Axis follow(const AxisGap& f, double d, Vec2 n, bool turning, double stop_above = 0) {
    const bool first = stop_above > 0;
    const double aim = double(sc_.eps) * 0.375, margin = double(sc_.eps) / 8;
    const double stop = std::max(double(sc_.eps) * 0.5, stop_above);
    const bool outer_prev = h_.have_prev && h_.d_prev > d;
    // the axis gap at t_: g0 itself on the first axis; on the closest-points direction it is
    // the distance, less a sixteenth of eps for the rounding of both
    double g = first ? d : d - double(sc_.eps) / 16;
    double t_prev = t_, g_prev = g, t_hi = -1, g_hi = 0;
    bool have_prev = false;
    do {
      const Real rate = rate_at(t_, n, turning);
      if (!(rate > 0)) return Axis::kApart;  // the axis n keeps separating them
      const double safe = t_ + (have_prev ? g : d) / double(rate);
      double guess = safe;
      if (t_hi > t_) {  // below a failed guess: false position, kept to 10-70% of the way
        guess = t_ + (t_hi - t_) * std::clamp(g_hi < aim ? (g - aim) / (g - g_hi) : 0.5, 0.1, 0.7);
      }
      else if (!have_prev && outer_prev) guess = t_ + (t_ - h_.t_prev) * (g - aim) / (double(h_.d_prev) - g);
      else if (have_prev && g < g_prev) guess = t_ + (t_ - t_prev) * (g - aim) / (g_prev - g);
      else if (have_prev) guess = t_ + 4 * (t_ - t_prev);
      guess = std::min(guess, t_max_);
      double next = safe, g_next = 0;
      if (guess > safe) {
        const double g_guess = f(guess);
        if (!(g_guess > margin && f.lower(t_, g, guess, g_guess) > margin)) {
          // no certificate: try again below the failed guess
          t_hi = guess, g_hi = g_guess;
          if (++step_ >= kRotatingSweepMaxSteps) break;
          continue;
        }
        next = guess, g_next = g_guess;
      }
      if (next == t_max_ && next != safe) return Axis::kApart;  // apart on the axis up to the end
      if (!(next <= t_max_)) return Axis::kApart;
      if (next == safe) g_next = f(safe);
      t_prev = t_, g_prev = g, have_prev = true;
      t_ = next, g = g_next;
      if (++step_ >= kRotatingSweepMaxSteps) break;
    } while (g > stop);
    last_gap_ = g;
    return Axis::kCloser;
  }

  MovingBody& a_;
  MovingBody& b_;
  int ia_, ib_;
  const Scales& sc_;
  double t_max_;
  Vec2 dv_;
  Real dv_len_;
  bool faces_first_;  // a face axis before a distance (see the constructor)
  Real spin_ = -1;  // the spin's share of every closing speed when the core radii bound it (else -1)
  double t_ = 0;
  double last_gap_ = 0;  // the gap where the last axis was left
  int step_ = 0;
  History h_;
};

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
  return *m.posed[0];
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

  MovingBody ma(a, motion_a, true), mb(b, motion_b, true);
  const Scales sc = scales_of(a, b, ma, mb);
  // the first axes; when each keeps its pair of parts more than eps apart (rounding stays
  // below eps), a and b are apart without the overlap test
  Vec2 axis[2][2];
  double gap[2][2];
  bool apart = true;
  for (int i = 0; i < ma.count; ++i) {
    for (int j = 0; j < mb.count; ++j) apart = (gap[i][j] = first_axis(ma, i, mb, j, axis[i][j])) > sc.eps && apart;
  }
  SweepHit out;
  if (!apart && overlaps(a, b)) {
    out.hit = true;
    out.initially_overlapping = true;
    return out;
  }
  Found best;
  for (int i = 0; i < ma.count; ++i) {
    for (int j = 0; j < mb.count; ++j) {
      const Found f = Advance(ma, i, mb, j, sc, best.hit ? best.time : 1.0).run(axis[i][j], gap[i][j]);
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
