// collide2d - 2D collision detection for games. MIT License.
// Translational sweeps of two hulls in closed form. b moved by p touches a when p lies in
// D = core(a) - core(b) grown by R = ra + rb (D is the Minkowski sum of a's core and b's core
// turned half a turn: a convex polygon whose edges are a's edges and b's edges turned, merged
// by the angle of their normals; vertex k of D is a vertex of a minus a vertex of b). b moving
// by v t first touches a at the first t where the ray from the origin along v enters D grown
// by R: hull_raycast, exact for flat sides and vertex circles. The side hit is an edge of one
// shape against a vertex of the other (or a vertex circle: a vertex against a vertex), which
// gives the contact point; its normal is that edge's own normal.
#include "query/sweep_hull.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "query/geometry.hpp"

namespace collide2d::inline COLLIDE2D_ABI::detail {
namespace {

constexpr int kMaxEdges = Polygon::kMaxVertices;

/// D = core(a) - core(b) as a hull: vertex k is a.v[ia[k]] - b.v[ib[k]]; edge k (vertex k to
/// k + 1) has the normal of an edge of a (then ib[k] = ib[k + 1]) or of b negated.
struct Difference {
  Hull hull;
  int ia[kMaxEdges], ib[kMaxEdges];
  union Buf {  // uninitialised scratch (Vec2's member initialisers would zero it per call)
    Vec2 at[kMaxEdges];
    Buf() {}
  } v, n;
  Real num[kMaxEdges], den[kMaxEdges];  ///< side k grown by R holds p when dot(n[k], p) <= num[k]; den[k] = dot(n[k], v)
  Real gap = 0;  ///< largest separation of the origin from D's sides grown by R: at most the start gap
};

/// What build_difference found.
enum class Built { ok, too_many, apart };

/// The edges of a hull core: a polygon's, both sides of a segment, none for a point.
int edge_count(const Hull& h) { return h.count >= 2 ? h.count : 0; }

/// Which half of the turn from r unit direction d lies in: 0 for [0, pi), 1 for [pi, 2 pi).
int half_of(Vec2 r, Vec2 d) {
  const Real y = cross(r, d);
  return y < 0 || (y == 0 && dot(r, d) < 0);
}

/// Whether unit direction p (in half hp from r) comes before q (in half hq) turning
/// counter-clockwise from r.
bool turns_before(int hp, Vec2 p, int hq, Vec2 q) { return hp != hq ? hp < hq : cross(p, q) > 0; }

/// b's edge whose turned normal comes first from r: the edge leaving b's vertex least along r,
/// stepped to a neighbour that turns_before puts first (ties and rounding).
int first_turned_edge(Vec2 r, const Hull& b) {
  const int eb = edge_count(b);
  if (eb == 0) return 0;
  int j0 = 0;
  Real lo = dot(r, b.v[0]);
  for (int j = 1; j < eb; ++j) {
    const Real x = dot(r, b.v[j]);
    if (x < lo) lo = x, j0 = j;
  }
  auto before = [&](int x, int y) { return turns_before(half_of(r, -b.n[x]), -b.n[x], half_of(r, -b.n[y]), -b.n[y]); };
  for (int step = 0; step < eb && before(j0 == 0 ? eb - 1 : j0 - 1, j0); ++step) j0 = j0 == 0 ? eb - 1 : j0 - 1;
  for (int step = 0; step < eb && before(j0 + 1 == eb ? 0 : j0 + 1, j0); ++step) j0 = j0 + 1 == eb ? 0 : j0 + 1;
  return j0;
}

/// Builds D from a's and b's cores, the edges of both in the order of their normals' angles
/// from a's first (b's first if a has none), a's first on a tie, with each side's offset and
/// closing rate under the motion v. Stops early (apart) at a side grown by R that the origin is
/// more than 2 eps outside of and that v does not close: no contact, no touching start.
Built build_difference(const Hull& a, const Hull& b, Vec2 v, Real eps, Difference& d) {
  const int ea = edge_count(a), eb = edge_count(b), total = ea + eb;
  if (total > kMaxEdges) return Built::too_many;
  const Real R = a.radius + b.radius;
  const Vec2 r = ea > 0 ? a.n[0] : (eb > 0 ? -b.n[0] : Vec2{1, 0});
  const int j0 = ea > 0 ? first_turned_edge(r, b) : 0;
  int i = 0, j = 0, ka = 0, kb = j0, jb = j0;
  int ha = 0, hb = eb > 0 ? half_of(r, -b.n[j0]) : 0;  // the halves of a's and b's next normals
  d.gap = -std::numeric_limits<Real>::max();
  const int count = std::max(total, 1);
  d.v.at[0] = a.v[0] - b.v[0], d.ia[0] = 0, d.ib[0] = 0;
  if (total == 0) d.gap = length(d.v.at[0]) - R;
  for (int k = 0; k < total; ++k) {
    const Vec2 w = a.v[ka] - b.v[kb];
    d.v.at[k] = w;
    d.ia[k] = ka;
    d.ib[k] = kb;
    const bool take_a = j == eb || (i < ea && !turns_before(hb, -b.n[jb], ha, a.n[i]));
    const Vec2 m = take_a ? a.n[i] : -b.n[jb];
    d.n.at[k] = m;
    const Real num = dot(m, w) + R, den = dot(m, v);
    if (num < -2 * eps && !(den < 0)) return Built::apart;
    d.num[k] = num, d.den[k] = den;
    d.gap = std::max(d.gap, -num);
    if (take_a) {
      ka = ka + 1 == a.count ? 0 : ka + 1;
      if (++i < ea) ha = half_of(r, a.n[i]);
    } else {
      kb = kb + 1 == b.count ? 0 : kb + 1;
      jb = jb + 1 == eb ? 0 : jb + 1;
      if (++j < eb) hb = half_of(r, -b.n[jb]);
    }
  }
  d.hull.v = d.v.at;
  d.hull.n = d.n.at;
  d.hull.count = count;
  d.hull.radius = R;
  d.hull.area = count >= 3;
  return Built::ok;
}

/// The ray p = v s (s in [0, 1]) against D's sides pushed out by R: the side it enters by (its
/// edge index; -1 for a miss, -2 for an origin within every side) and when; the latest entry,
/// before every exit. For a flat D that is the hit; for a rounded one it is when the entry point lies
/// on the side's own extent (else a vertex circle may be hit, or none).
int side_entry(const Difference& d, Real* s) {
  const int edges = d.hull.count;
  int edge = -1;
  Real enter = 0, leave = 1;
  for (int k = 0; k < edges; ++k) {
    const Real num = d.num[k], den = d.den[k];  // inside when den s <= num
    if (den < 0) {
      const Real t = num / den;
      if (t > enter) enter = t, edge = k;
    } else if (num < 0) {
      return -1;  // outside a side the motion does not close: apart for good
    } else if (den > 0) {
      leave = std::min(leave, num / den);
    }
  }
  if (edge < 0) return -2;  // (an origin within every side: a rounded D's corner, for hull_raycast)
  if (!(enter <= leave)) return -1;
  *s = enter;
  return edge;
}

/// Whether the point p pushed in by R along edge k's normal lies on that edge's extent, within
/// tol along it.
bool on_edge(const Difference& d, int k, Vec2 p, Real tol) {
  const Vec2 w = d.v.at[k], e = d.v.at[k + 1 == d.hull.count ? 0 : k + 1] - w;
  const Real x = dot(p - d.n.at[k] * d.hull.radius - w, e), ee = dot(e, e), slack = tol * std::sqrt(ee);
  return x >= -slack && x <= ee + slack;
}

/// The edge that holds the entry p of side k: k, or a neighbour along the same line (edges of
/// a and of b with the same normal follow each other); -1 when none does.
int edge_holding(const Difference& d, int k, Vec2 p, Real tol) {
  const int count = d.hull.count;
  for (int step = 0, j = k; step < count && d.n.at[j] == d.n.at[k]; ++step, j = j + 1 == count ? 0 : j + 1)
    if (on_edge(d, j, p, tol)) return j;
  for (int step = 1, j = k == 0 ? count - 1 : k - 1; step < count && d.n.at[j] == d.n.at[k];
       ++step, j = j == 0 ? count - 1 : j - 1)
    if (on_edge(d, j, p, tol)) return j;
  return -1;
}

/// Whether an edge of D that b's motion does not close (v.m >= 0), facing the side entered by
/// the normal n (not its back: the other side of D where D has no thickness), has the hit point
/// p within tol of its side grown by R: that face keeps the shapes within tol for the rest of
/// the motion (the touching rule of the general path: a graze, a slide along a face).
bool face_keeps_apart(const Difference& d, Vec2 p, Vec2 n, Real tol) {
  const int edges = d.hull.count >= 2 ? d.hull.count : 0;
  for (int k = 0; k < edges; ++k) {
    const Vec2 m = d.n.at[k];
    if (d.den[k] >= 0 && dot(m, n) > Real(-0.5) && dot(m, p - d.v.at[k]) - d.hull.radius >= -tol) return true;
  }
  return false;
}

/// The edge of D nearest to q, a point of its core (the edge that holds it; at a vertex circle
/// hit, an edge at that vertex).
int edge_at(const Difference& d, Vec2 q) {
  const int count = d.hull.count;
  int best = 0;
  Real best_d2 = std::numeric_limits<Real>::max();
  for (int k = 0; k < count; ++k) {
    const Real d2 = length_sq(closest_on_segment(q, d.v.at[k], d.v.at[k + 1 == count ? 0 : k + 1]) - q);
    if (d2 < best_d2) best_d2 = d2, best = k;
  }
  return best;
}

/// The contact point (a's frame) of the hit p on D's edge k with normal n: on an edge of a,
/// b's vertex moved by p; on an edge of b (or at a vertex of D), a's vertex; each put on the
/// shapes' surfaces.
Vec2 contact_point(const Hull& a, const Hull& b, const Difference& d, int k, Vec2 p, Vec2 n) {
  if (d.hull.count < 2) return a.v[0] + n * a.radius;
  const int next = k + 1 == d.hull.count ? 0 : k + 1;
  if (d.ia[next] != d.ia[k]) return b.v[d.ib[k]] + p - n * b.radius;
  return a.v[d.ia[k]] + n * a.radius;
}

/// The contact of the ray p = v s against D grown by R: a side entry where it is exact, else
/// hull_raycast (vertex circles, a segment D). Nothing when the ray starts inside by rounding.
std::optional<HullSweep> first_touch(const Hull& a, const Hull& b, const Difference& d, Vec2 v, Real eps) {
  HullSweep out;
  Real s = 0;
  int k = d.hull.count >= 3 ? side_entry(d, &s) : -2;
  if (k == -1) return out;  // (D grown by R lies within its sides pushed out by R)
  Vec2 p = v * s, n;
  const int side = k >= 0 ? edge_holding(d, k, p, 2 * eps) : -1;
  if (side >= 0) {
    k = side, n = d.n.at[k];
  } else if (k >= 0 && d.hull.radius == 0 && a.count <= 2 && b.count <= 2) {
    return out;  // a flat D without area (parallel segments): its line crossed beside it
  } else {  // a rounded D whose mitred sides are entered where no side is, or a segment D
    const Real speed = length(v);
    // A rounded D needs no inside test: hull_sweep has the origin more than 2 eps outside it.
    const RayHit h = d.hull.radius > 0 && d.hull.count >= 2
                         ? rounded_raycast(d.hull.v, d.hull.n, d.hull.count, d.hull.radius, Vec2{0, 0}, normalize(v), speed)
                         : hull_raycast(d.hull, Vec2{0, 0}, normalize(v), speed);
    if (h.inside) return std::nullopt;  // (rounding disagrees with the bound: the general path)
    if (!h.hit) return out;
    s = std::min(h.distance / speed, Real(1)), p = h.point, n = h.normal;
    k = edge_at(d, p - n * d.hull.radius);
  }
  if (!(dot(n, v) < 0) || face_keeps_apart(d, p, n, 2 * eps)) return out;  // a graze
  out.hit = true;
  out.time = s;
  out.normal = n;
  out.point = contact_point(a, b, d, k, p, n);
  return out;
}

}  // namespace

std::optional<HullSweep> hull_sweep(const Hull& a, const Hull& b, Vec2 v, Real eps) {
  Difference d;
  const Built built = build_difference(a, b, v, eps, d);
  if (built == Built::apart) return HullSweep{};
  if (built == Built::too_many) return std::nullopt;
  // (the sides' bound is loose where a vertex is nearest: rounded cores end to end)
  if (!(d.gap > 2 * eps) && !(point_hull_distance(d.hull, Vec2{0, 0}, nullptr) - d.hull.radius > 2 * eps))
    return std::nullopt;
  return first_touch(a, b, d, v, eps);
}

}  // namespace collide2d::detail
