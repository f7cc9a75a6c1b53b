// collide2d - 2D collision detection for games. MIT License.
// Contact with a wide sector (half_angle above pi/2: two half-disks, not convex), exactly:
// the shortest translation of b that leaves the union's interior is a local minimum of the
// distance on one convex pair's boundary or a corner where two boundaries cross; the
// candidates are enumerated shortest first (see exact_wide_contact).
#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "query/sector_internal.hpp"

namespace collide2d::inline COLLIDE2D_ABI::detail {

namespace {

// A curve of translations v of b: a line {v : v.a = off}, a segment a-b, or a circle.
struct Curve {
  enum Kind { kLine, kSeg, kCircle } kind;
  Vec2 a, b;
  Real r = 0;  // circle radius, or the line's offset
  /// A box holding the curve's points within the band of lengths searched (set where the
  /// curves are kept, see wide_corner_candidates): curves whose boxes are apart do not cross.
  Aabb box{};
  /// A circle's part that bounds the pair's set of overlapping translations (`arc`): the
  /// directions from its center counter-clockwise from w0 to w1 (at most pi apart). The rest
  /// of the circle lies inside that set, so its crossings are no corners (see on_arc).
  bool arc = false;
  Vec2 w0{}, w1{};
};

/// The margin of on_arc: 1e-2 of the radius (far beyond the rounding of a crossing, even of
/// two nearly tangent circles).
inline Real arc_margin(const Curve& c) {
  return c.r * Real(1e-2) + (length(c.a) + c.r) * std::numeric_limits<Real>::epsilon() * 16;
}

/// Whether d (from a circle's center, of about its radius) lies on its arc, within m.
inline bool arc_holds(const Curve& c, Vec2 d, Real m) {
  return cross(c.w0, d) >= -m && cross(d, c.w1) >= -m && dot(d, c.w0 + c.w1) >= -m;
}

/// Whether p (a crossing on the circle c) lies on c's arc, within arc_margin.
inline bool on_arc(const Curve& c, Vec2 p) { return !c.arc || arc_holds(c, p - c.a, arc_margin(c)); }

/// The box of a curve's points no longer than hi, padded by what intersect accepts beyond a
/// segment's ends (1e-6 of its length) and by the rounding of the crossing points.
Aabb curve_box(const Curve& c, Real hi) {
  Aabb b{{-hi, -hi}, {hi, hi}};
  Real pad = 0;
  if (c.kind == Curve::kSeg) {
    b = {min(c.a, c.b), max(c.a, c.b)};
    pad = Real(2e-6) * length(c.b - c.a) + (length(c.a) + length(c.b)) * std::numeric_limits<Real>::epsilon() * 8;
  }
  if (c.kind == Curve::kCircle && !c.arc) {
    b = {c.a - Vec2{c.r, c.r}, c.a + Vec2{c.r, c.r}};
    pad = (length(c.a) + c.r) * std::numeric_limits<Real>::epsilon() * 8;
  }
  if (c.kind == Curve::kCircle && c.arc) {  // the arc's ends and the axis extremes on it
    b = {c.a + c.w0 * c.r, c.a + c.w0 * c.r};
    for (Vec2 e : {c.w1, Vec2{1, 0}, Vec2{-1, 0}, Vec2{0, 1}, Vec2{0, -1}})
      if (arc_holds(c, e, 0)) b.min = min(b.min, c.a + e * c.r), b.max = max(b.max, c.a + e * c.r);
    pad = arc_margin(c) * 2;
  }
  return {max(b.min, Vec2{-hi, -hi}) - Vec2{pad, pad}, min(b.max, Vec2{hi, hi}) + Vec2{pad, pad}};
}

// The translations v at which b (core h grown by h.radius) touches the disk of radius R
// around q from outside: v = q - x for x on the outline of the core grown by R + h.radius.
void outline_curves(Vec2 q, const Hull& h, Real R, std::vector<Curve>& out) {
  if (h.count == 1) {
    if (R > 0) out.push_back({Curve::kCircle, q - h.v[0], {}, R});
    return;
  }
  int edges = h.count == 2 ? 2 : h.count;
  for (int i = 0; i < edges; ++i) {
    Vec2 off = h.n[i] * R;
    out.push_back({Curve::kSeg, q - (h.v[i] + off), q - (h.v[(i + 1) % h.count] + off), 0});
  }
  if (R > 0)
    for (int i = 0; i < h.count; ++i) out.push_back({Curve::kCircle, q - h.v[i], {}, R});
}

// Intersection points of two curves, written to out[0..2); returns their count.
int intersect(const Curve& x, const Curve& y, Vec2* out) {
  auto linear = [](const Curve& c, Vec2& p, Vec2& d, Real& lo, Real& hi) {
    if (c.kind == Curve::kLine) { p = c.a * c.r; d = perp(c.a); lo = -std::numeric_limits<Real>::max(); hi = -lo; }
    else { p = c.a; d = c.b - c.a; lo = Real(-1e-6); hi = Real(1) + Real(1e-6); }
  };
  if (x.kind != Curve::kCircle && y.kind != Curve::kCircle) {
    Vec2 p1, d1, p2, d2;
    Real l1, h1, l2, h2;
    linear(x, p1, d1, l1, h1);
    linear(y, p2, d2, l2, h2);
    Real den = cross(d1, d2);
    if (std::fabs(den) <= std::numeric_limits<Real>::epsilon() * length(d1) * length(d2)) return 0;
    Real t = cross(p2 - p1, d2) / den, u = cross(p2 - p1, d1) / den;
    if (!(t >= l1 && t <= h1 && u >= l2 && u <= h2)) return 0;
    out[0] = p1 + d1 * t;
    return 1;
  }
  if (x.kind != Curve::kCircle || y.kind != Curve::kCircle) {
    const Curve& c = x.kind == Curve::kCircle ? x : y;
    const Curve& l = x.kind == Curve::kCircle ? y : x;
    Vec2 p, d;
    Real lo, hi;
    linear(l, p, d, lo, hi);
    Real t0, t1;
    if (!line_circle(p - c.a, d, c.r, t0, t1)) return 0;
    int k = 0;
    for (Real t : {t0, t1})
      if (t >= lo && t <= hi) out[k++] = p + d * t;
    return k;
  }
  Vec2 d = y.a - x.a;
  Real l = length(d);
  if (l <= 0 || l > x.r + y.r || l < std::fabs(x.r - y.r)) return 0;
  Vec2 u = d / l;
  Real along = (l * l + x.r * x.r - y.r * y.r) / (2 * l);
  Real h = std::sqrt(std::max(Real(0), x.r * x.r - along * along));
  out[0] = x.a + u * along + perp(u) * h;
  out[1] = x.a + u * along - perp(u) * h;
  return 2;
}

}  // namespace

namespace {

// The outline of a piece grown by R, as translations v = q - x of the moving shape. Its
// circles are arcs: the piece's point x = corner + R w or x = c + (r + R) w is on the
// outline only for w in that point's cone of outward normals (the cone at the arc, from the
// lo corner's flat normal to lo, from hi to the hi corner's flat normal, around the back at
// the center), and v - center = -R w.
void outline_curves(Vec2 q, const Piece& p, Real R, std::vector<Curve>& out) {
  const Vec2 e[2][2] = {{p.c, p.c + p.lo * p.r}, {p.c + p.hi * p.r, p.c}};
  const Vec2 nn[2] = {p.normal_lo(), p.normal_hi()};
  for (int k = 0; k < 2; ++k)
    out.push_back({Curve::kSeg, q - (e[k][0] + nn[k] * R), q - (e[k][1] + nn[k] * R), 0});
  auto circle = [&](Vec2 x, Real radius, Vec2 w0, Vec2 w1) { out.push_back({Curve::kCircle, q - x, {}, radius, {}, true, -w0, -w1}); };
  circle(p.c, p.r + R, p.lo, p.hi);
  if (R > 0) {
    circle(p.c, R, nn[1], nn[0]);
    circle(e[0][1], R, nn[0], p.lo);
    circle(e[1][0], R, p.hi, nn[1]);
  }
}

/// A disk inside a convex part: whatever holds the disks of two parts in common overlaps them
/// (two convex sets overlap at least as deep as subsets of them), so two such disks that
/// overlap deeply prove a penetration without the exact tests.
struct InnerDisk {
  Vec2 c;
  Real r = 0;
};

/// A piece's inscribed disk: on the bisector, touching the arc and both flat sides (the piece
/// spans at most pi, so sin of its half-angle is cross(mid, hi) >= 0).
InnerDisk inner_disk(const Piece& p) {
  const Real s = std::max(Real(0), cross(p.mid, p.hi));
  const Real rho = p.r * s / (1 + s);
  return {p.c + p.mid * (p.r - rho), rho};
}

/// A disk in a hull: around the mean of its core's vertices, as far as the nearest edge line
/// (the mean is inside the convex core), grown by the rounding; a point or segment core gives
/// the rounding's disk around a vertex.
InnerDisk inner_disk(const Hull& h) {
  if (h.count < 3) return {h.v[0], h.radius};
  Vec2 m{0, 0};
  for (int i = 0; i < h.count; ++i) m = m + h.v[i];
  m = m / Real(h.count);
  Real in = std::numeric_limits<Real>::max();
  for (int i = 0; i < h.count; ++i) in = std::min(in, dot(h.n[i], h.v[i] - m));
  return {m, std::max(Real(0), in) + h.radius};
}

// b as one hull, for the exact escape from a wide sector.
struct HullSide {
  const Hull& h;
  int count() const { return 1; }
  Real min_along(int, Vec2 n) const { return detail::min_along(h, n) - h.radius; }
  void outline(int, Vec2 q, Real R, std::vector<Curve>& out) const { outline_curves(q, h, R + h.radius, out); }
  template <class F>
  void normals(const Piece& p, int, F&& f) const { piece_hull_normals(p, h, f); }
  /// Whether the pair is apart by its bounding circles (a cheap rejection).
  bool circles_apart(const Piece& s, int) const { return circle_apart(s, h); }
  LeastOverlap least(const Piece& s, int, Real apart) const { return least_overlap(s, h, apart); }
  Real rounding() const { return h.radius; }
  /// The exact touch test and contact (the bounding circles not apart).
  bool touches(const Piece& s, int) const { return core_distance(s, h).distance <= h.radius; }
  Manifold contact(const Piece& s, int) const {
    if (core_distance(s, h).distance > h.radius) return {};
    return convex_contact(s, h);
  }
  DistanceResult closest(const Piece& s, int) const { return grow(core_distance(s, h), 0, h.radius); }
  /// The contact points of the pair, its cores overlapping, b escaping along m's normal.
  void points(const Piece& s, int, Manifold& m) const { overlap_points(s, h, m); }
  /// Whether the pair penetrates deeper than t (by a point, see deeper_than).
  bool deep(const Piece& s, int, Real t) const { return deeper_than(s, h, t); }
  InnerDisk inner(int) const { return inner_disk(h); }
  Aabb box() const {
    Aabb b{h.v[0], h.v[0]};
    for (int i = 1; i < h.count; ++i) { b.min = min(b.min, h.v[i]); b.max = max(b.max, h.v[i]); }
    return {b.min - Vec2{h.radius, h.radius}, b.max + Vec2{h.radius, h.radius}};
  }
  Parts parts() const { return {nullptr, 0, &h}; }
  /// Whether low(m) holds on one of b's axes against the piece s: b's edge normals (b on the
  /// low side), and the line from s's center to b's first vertex.
  template <class F>
  bool any_axis(const Piece& s, int, F&& low) const {
    const int edges = h.count >= 3 ? h.count : (h.count == 2 ? 2 : 0);
    for (int i = 0; i < edges; ++i)
      if (low(-h.n[i])) return true;
    const Vec2 d = h.v[0] - s.c;
    const Real l = length(d);
    return l > 0 && low(d / l);
  }
  /// Whether, b moved by t into a's notch (touching both sides), every translation within
  /// rho of t that takes b across a side line takes it across within the disk (a's side
  /// there): b's points on each side line (its vertices within rho of the least along n[k])
  /// lie rho inside the circle of radius r around c, and the side's outer end E[k] is rho
  /// away from b.
  bool notch_is_local(Vec2 c, Real r, Vec2 t, const Vec2 (&n)[2], const Vec2 (&end)[2], Real rho) const {
    for (int k = 0; k < 2; ++k) {
      const Real m = detail::min_along(h, n[k]);
      for (int i = 0; i < h.count; ++i)
        if (dot(h.v[i], n[k]) <= m + rho && length(h.v[i] + t - n[k] * h.radius - c) + rho > r) return false;
      if (point_hull_distance(h, end[k] - t, nullptr) - h.radius < rho) return false;
    }
    return true;
  }
};

// b as the one or two pieces of a sector.
struct PieceSide {
  const SectorParts& s;
  int count() const { return s.count; }
  Real min_along(int j, Vec2 n) const { return -s.piece[j].support_value(-n); }
  void outline(int j, Vec2 q, Real R, std::vector<Curve>& out) const { outline_curves(q, s.piece[j], R, out); }
  template <class F>
  void normals(const Piece& p, int j, F&& f) const { piece_piece_normals(p, s.piece[j], f); }
  bool circles_apart(const Piece& a, int j) const { return detail::circles_apart(a, s.piece[j]); }
  LeastOverlap least(const Piece& a, int j, Real apart) const { return least_overlap(a, s.piece[j], apart); }
  Real rounding() const { return 0; }
  bool touches(const Piece& a, int j) const { return core_distance(a, s.piece[j]).distance <= 0; }
  Manifold contact(const Piece& a, int j) const { return convex_contact(a, s.piece[j]); }
  DistanceResult closest(const Piece& a, int j) const { return core_distance(a, s.piece[j]); }
  void points(const Piece& a, int j, Manifold& m) const { overlap_points(a, s.piece[j], m); }
  /// Whether the pair penetrates deeper than t (by a point, see deeper_than).
  bool deep(const Piece& a, int j, Real t) const { return deeper_than(a, s.piece[j], t); }
  InnerDisk inner(int j) const { return inner_disk(s.piece[j]); }
  Aabb box() const {
    const Piece& p = s.piece[0];
    return {p.c - Vec2{p.r, p.r}, p.c + Vec2{p.r, p.r}};
  }
  Parts parts() const { return {s.piece, s.count, nullptr}; }
  /// Whether low(m) holds on one of b's axes against the piece s: its piece j's flat normals
  /// (b on the low side), and the line between the centers.
  template <class F>
  bool any_axis(const Piece& s, int j, F&& low) const {
    const Piece& p = this->s.piece[j];
    if (low(-p.normal_lo()) || low(-p.normal_hi())) return true;
    const Vec2 d = p.c - s.c;
    const Real l = length(d);
    return l > 0 && low(d / l);
  }
  /// The same, bounded by b's disk: all of b moved by t lies rho inside a's circle.
  bool notch_is_local(Vec2 c, Real r, Vec2 t, const Vec2 (&)[2], const Vec2 (&)[2], Real rho) const {
    return length(s.piece[0].c + t - c) + s.piece[0].r + rho <= r;
  }
};

// A wide sector is two half-disks P0, P1; b (one or two convex parts B_j) must leave every
// interior. The free set of translations is the complement of the convex Minkowski
// differences M_ij = P_i - B_j, so its point nearest the origin is a local minimum of the
// distance on one boundary (along a candidate normal of that pair), or a corner where two
// boundaries cross. Each boundary is made of: the line of P_i's flat side (support-based),
// the outline of B_j grown by the radius (touching the arc) and the outlines of B_j around
// P_i's two corners; corners are intersection points of curves of different pairs.
// Candidates are checked shortest first; an escape counts only if b pushed on along it never
// overlaps a again (the last exit, ray_free). Where the nearest free points are not such (a
// push into the notch that would cross into the far side), the shortest last exit is at the
// notch's apex on a side of the wedge (NotchWedge below) or along a direction in which the
// push grazes one pair's boundary (grazing_candidates).

/// The translations that put all of b in a's notch: v.n[k] >= d[k] for both k (n[k] the
/// outward normals of the two flat sides bordering the notch, pointing into it). N' is a
/// wedge with the notch's angle; every translation in it is free of a.
struct NotchWedge {
  Vec2 n[2];
  Real d[2] = {0, 0};
  Vec2 apex;  ///< where b touches both sides
  Vec2 e[2];  ///< the wedge's edge directions from the apex (e[k] along side k)
  bool ok = false;
};

template <class Side>
NotchWedge notch_wedge(const SectorParts& a, const Side& b) {
  NotchWedge w;
  w.n[0] = a.piece[0].normal_lo();
  w.n[1] = a.piece[1].normal_hi();
  const Vec2 c = a.piece[0].c;
  for (int k = 0; k < 2; ++k) {
    Real m = b.min_along(0, w.n[k]);
    for (int j = 1; j < b.count(); ++j) m = std::min(m, b.min_along(j, w.n[k]));
    w.d[k] = dot(c, w.n[k]) - m;
  }
  const Real det = cross(w.n[0], w.n[1]);
  if (!(std::fabs(det) > Real(1e-2))) return w;  // a notch thinner than about a degree: searched
  w.apex = Vec2{w.d[0] * w.n[1].y - w.d[1] * w.n[0].y, w.n[0].x * w.d[1] - w.n[1].x * w.d[0]} / det;
  for (int k = 0; k < 2; ++k) {
    const Vec2 e = perp(w.n[k]);
    w.e[k] = dot(e, w.n[1 - k]) >= 0 ? e : -e;
  }
  w.ok = true;
  return w;
}

/// On side k of the wedge (x = apex + lambda e[k], lambda >= 0) the bracket [lo, hi] of
/// lambda within which the shortest x lies from which b can go on along x / |x| for good:
/// lo is x's foot (|x| grows beyond it), hi the first lambda whose direction lies in the
/// notch's cone (x.n[j] >= 0: the ray never leaves the wedge through side j). Between them
/// the ray leaves the wedge through side j, which is free only where that is beyond the
/// sector's reach (the caller's bisection decides). False when no ray enters the wedge
/// through side k (the origin on the notch's side of line k, or side k parallel to line j).
inline bool notch_side_bracket(const NotchWedge& w, int k, Real& lo, Real& hi) {
  if (!(w.d[k] > 0)) return false;
  const int j = 1 - k;
  const Real a = dot(w.e[k], w.n[j]);
  if (!(a > 0)) return false;
  lo = std::max(Real(0), -dot(w.apex, w.e[k]));
  hi = std::max(lo, -w.d[j] / a);
  return true;
}

/// The sizes and tolerances of one wide-sector contact.
struct WideScale {
  Real reach;    ///< beyond this translation nothing overlaps
  Real scale;    ///< the largest coordinate magnitude involved (at least 1)
  Real pen_tol;  ///< a penetration this shallow is rounding, not geometry
  Real slack;    ///< candidates this close are one corner
  Real ray_tol;  ///< the rounding of an overlap along a push (ray_free)
};

template <class Side>
WideScale wide_scale(const SectorParts& a, const Side& b) {
  const Vec2 c = a.piece[0].c;
  const Aabb bb = b.box();
  const Real reach = 2 * a.piece[0].r + length(bb.max - bb.min);
  const Real scale = std::max({std::fabs(c.x), std::fabs(c.y), std::fabs(bb.min.x), std::fabs(bb.min.y), reach, Real(1)});
  constexpr Real eps = std::numeric_limits<Real>::epsilon();
  return {reach, scale, reach * eps * 64 + scale * eps * 8, reach * Real(2e-4) + scale * Real(1e-5),
          (reach + scale) * eps * 2};
}

/// The distances from the origin (translations of length 0) that a curve's points span.
inline void curve_span(const Curve& c, Real& lo, Real& hi) {
  switch (c.kind) {
    case Curve::kLine: lo = std::fabs(c.r); hi = std::numeric_limits<Real>::max(); return;
    case Curve::kSeg:
      lo = length(closest_on_segment({0, 0}, c.a, c.b));
      hi = std::max(length(c.a), length(c.b));
      return;
    case Curve::kCircle: {
      const Real l = length(c.a);
      lo = l - c.r, hi = l + c.r;
      return;
    }
  }
}

/// The two rays from the origin tangent to M, the convex set of translations at which a's
/// piece i and b's part j overlap, when the origin is outside it: their normals n are the
/// roots of M's support h(n) = support of the piece - least of b along n, found by regula
/// falsi over the angle between a separating axis (h < 0: the most negative candidate normal) and
/// the direction of a point of M (h > 0), both ways round; the ray runs along the support
/// line on M's side. Beyond such a direction the push misses M: the exit jumps there.
template <class Side>
void tangent_rays(const Piece& p, const Side& b, int j, std::vector<Vec2>& dirs) {
  auto h = [&](Vec2 n) { return p.support_value(n) - b.min_along(j, n); };
  Vec2 n0{};
  Real h0 = 0;
  b.normals(p, j, [&](Vec2 n) {
    const Real v = h(n);
    if (v < h0) h0 = v, n0 = n;
  });
  const Parts pb = b.parts();
  const Vec2 inside = p.c - (pb.hull ? pb.hull->v[0] : pb.pieces[j].c);  // a point of M
  const Real li = length(inside);
  if (!(h0 < 0) || !(li > 0)) return;
  const Vec2 p0 = inside / li;
  const Real th0 = std::atan2(n0.y, n0.x);
  Real ccw = std::atan2(cross(n0, p0), dot(n0, p0));
  if (ccw <= 0) ccw += 2 * kPi;
  for (Real span : {ccw, ccw - 2 * kPi}) {  // n0 -> p0 counter-clockwise, then clockwise
    // h < 0 at lo, h >= 0 at hi (fractions of the span); regula falsi with the Illinois
    // halving (h is smooth between the few angles where M's touching point jumps), falling
    // back to a bisection step when the secant lands at an end.
    Real lo = 0, hi = 1, hlo = h0, hhi = h(p0);
    int side = 0;
    for (int it = 0; it < 64 && hi - lo > std::numeric_limits<Real>::epsilon(); ++it) {
      Real x = hi - hhi * (hi - lo) / (hhi - hlo);
      if (!(x > lo && x < hi)) x = (lo + hi) * Real(0.5);
      const Real hx = h(unit_at(th0 + span * x));
      if (hx < 0) {
        lo = x, hlo = hx;
        if (side == -1) hhi *= Real(0.5);
        side = -1;
      } else {
        hi = x, hhi = hx;
        if (side == 1) hlo *= Real(0.5);
        side = 1;
      }
    }
    // The line at lo just misses M (h < 0 there). h grows through the root in the direction
    // of the span, so M's touching point lies that way along the line: along perp(n)
    // counter-clockwise, -perp(n) clockwise.
    const Vec2 n = unit_at(th0 + span * lo);
    dirs.push_back(span > 0 ? perp(n) : -perp(n));
  }
}

/// Directions in which the shortest last exit can lie without being one pair's local minimum
/// or a corner of two: where the push grazes one pair's set of overlapping translations
/// (tangent_rays: beyond it the push misses that pair, the exit jumps), and along the flat
/// sides. The shortest exit beside a corner that is free but not for good (a push into the
/// notch that would cross it into the far side) is there.
template <class Side>
void grazing_candidates(const SectorParts& a, const Side& b, std::vector<Vec2>& dirs) {
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < b.count(); ++j) tangent_rays(a.piece[i], b, j, dirs);
  for (Vec2 e : {a.piece[0].lo, a.piece[1].hi}) dirs.insert(dirs.end(), {e, -e});
}

/// The candidate escapes of the first kind (translations of b): each pair's local minima
/// along its candidate normals (leaving the whole disk is among these: each direction is in
/// one half-disk's arc; so is leaving one flat side into the notch).
template <class Side>
void wide_normal_candidates(const SectorParts& a, const Side& b, std::vector<Vec2>& cand) {
  for (int i = 0; i < 2; ++i) {
    const Piece& p = a.piece[i];
    for (int j = 0; j < b.count(); ++j)
      b.normals(p, j, [&](Vec2 n) {
        Real f = p.support_value(n) - b.min_along(j, n);
        if (f >= 0) cand.push_back(n * f);
      });
  }
}

/// The candidate escapes of the second kind: the corners where the boundaries of two
/// different pairs cross, only those whose length can be within [lo, hi] (a curve that
/// does not reach into that band of lengths has no corner in it).
template <class Side>
void wide_corner_candidates(const SectorParts& a, const Side& b, Real lo, Real hi, std::vector<Vec2>& cand) {
  const Vec2 c = a.piece[0].c;
  const Real r = a.piece[0].r;
  // Curves of each pair (i, j), then those of b around the whole disk (the same for both
  // pieces), each kept only when its span of lengths meets [lo, hi].
  std::vector<Curve> g[4], gc[2];
  auto keep = [&](std::vector<Curve>& gg, std::size_t from) {
    std::size_t k = from;
    for (std::size_t i = from; i < gg.size(); ++i) {
      Real s0 = 0, s1 = 0;
      curve_span(gg[i], s0, s1);
      if (s0 <= hi && s1 >= lo) gg[k] = gg[i], gg[k++].box = curve_box(gg[i], hi);
    }
    gg.resize(k);
  };
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < b.count(); ++j) {
      const Piece& p = a.piece[i];
      std::vector<Curve>& gg = g[i * 2 + j];
      Vec2 m = p.normal_lo();  // a half-disk's flat side
      gg.push_back({Curve::kLine, m, {}, dot(c, m) - b.min_along(j, m)});
      b.outline(j, c + p.lo * r, 0, gg);
      b.outline(j, c + p.hi * r, 0, gg);
      keep(gg, 0);
    }
  for (int j = 0; j < b.count(); ++j) {
    b.outline(j, c, r, gc[j]);
    keep(gc[j], 0);
  }
  const int pairs = 2 * b.count();
  auto group = [&](int k) -> const std::vector<Curve>& { return g[(k / b.count()) * 2 + k % b.count()]; };
  // Crossings whose squared length is clearly outside [lo, hi] (a relative 1e-5 beyond the
  // rounding of either form) are dropped as they are written; first_kept decides the rest.
  const Real lo2 = lo > 0 ? lo * lo * (1 - Real(1e-5)) : 0, hi2 = hi * hi * (1 + Real(1e-5));
  auto cross_all = [&](const std::vector<Curve>& xs, const std::vector<Curve>& ys) {
    std::size_t n = cand.size();
    cand.resize(n + 2 * xs.size() * ys.size());  // room for every crossing, trimmed below
    Vec2 pts[2];
    for (const Curve& x : xs)
      for (const Curve& y : ys) {
        if (!x.box.overlaps(y.box)) continue;
        for (int k = intersect(x, y, pts), i = 0; i < k; ++i) {
          const Real l2 = length_sq(pts[i]);
          cand[n] = pts[i];
          n += static_cast<std::size_t>((l2 >= lo2) & (l2 <= hi2) && on_arc(x, pts[i]) && on_arc(y, pts[i]));
        }
      }
    cand.resize(n);
  };
  for (int k = 0; k < pairs; ++k)
    for (int l = k + 1; l < pairs; ++l) cross_all(group(k), group(l));
  for (int k = 0; k < pairs; ++k)
    for (int j = 0; j < b.count(); ++j) cross_all(group(k), gc[j]);
  if (b.count() == 2) cross_all(gc[0], gc[1]);
}

/// Whether low(m) holds on one of a few axes of the piece s and b's part j: s's flat
/// normals, then b's own (its flat normals or edge normals, and the line from s's center).
template <class Side, class F>
bool any_pair_axis(const Piece& s, const Side& b, int j, F&& low) {
  return low(s.normal_lo()) || low(s.normal_hi()) || b.any_axis(s, j, low);
}

/// The widest gap between the projections of s and b's part j on those axes: a lower bound
/// on their distance when positive.
template <class Side>
Real axis_gap(const Piece& s, const Side& b, int j) {
  Real g = -std::numeric_limits<Real>::max();
  any_pair_axis(s, b, j, [&](Vec2 m) {
    g = std::max(g, b.min_along(j, m) - s.support_value(m));
    return false;
  });
  return g;
}

/// a's piece i with b moved by v (moving b by +v is moving a by -v).
inline Piece shifted(const SectorParts& a, int i, Vec2 v) {
  Piece s = a.piece[i];
  s.c -= v;
  return s;
}

/// The contact for the escape `best` along the unit n: the closest pair at the touching
/// position (pushed on by a rounding-sized step, so that the closest pair is that of touching
/// shapes), moved back half the depth.
template <class Side>
Manifold wide_manifold(const SectorParts& a, const Side& b, Vec2 best, Vec2 n, Real pen_tol) {
  Manifold m;
  m.touching = true;
  m.normal = n;
  m.depth = length(best);
  Vec2 at = best + n * (pen_tol * 4);
  // A pair within pen_tol of the nearest (the points of any such pair lie within about half
  // the depth of both shapes): pairs in the order of their axis gaps, a pair measured only
  // when its gap is below the nearest so far by more than pen_tol (its distance is at least
  // the gap; at a corner of two pairs, the second is not measured).
  DistanceResult near{std::numeric_limits<Real>::max(), {}, {}};
  int pairs = 0, order[4], near_k = 4;
  Real gap[4];
  for (int k = 0; k < 2 * b.count(); ++k) {
    gap[k] = axis_gap(shifted(a, k / b.count(), at), b, k % b.count());
    int p = pairs++;
    for (; p > 0 && gap[order[p - 1]] > gap[k]; --p) order[p] = order[p - 1];
    order[p] = k;
  }
  for (int o = 0; o < pairs; ++o) {
    const int k = order[o];
    if (gap[k] >= near.distance - pen_tol) break;
    DistanceResult d = b.closest(shifted(a, k / b.count(), at), k % b.count());
    if (d.distance < near.distance || (d.distance == near.distance && k < near_k)) near = d, near_k = k;
  }
  m.point_count = 1;
  m.points[0] = (near.point_a + at + near.point_b) * Real(0.5);
  return m;
}

// A wide sector is two half-disks P0, P1; b (one or two convex parts B_j) must leave every
// interior. The free set of translations is the complement of the convex Minkowski
// differences M_ij = P_i - B_j, so its point nearest the origin is a local minimum of the
// distance on one boundary (along a candidate normal of that pair), or a corner where two
// boundaries cross. Each boundary is made of: the line of P_i's flat side (support-based),
// the outline of B_j grown by the radius (touching the arc) and the outlines of B_j around
// P_i's two corners; corners are intersection points of curves of different pairs.
// Candidates are checked shortest first (see the comment above NotchWedge).
/// The search for the shortest escape of b from the wide sector a that a further push keeps,
/// in named steps: the deepest pair's own escape, then candidates along normals and at
/// corners (shortest first, each checked by the exact tests), then, when free points shorter
/// than the best were not kept by a push ("fragile"), the notch's apex and the grazing
/// directions.
template <class Side>
class WideEscape {
 public:
  WideEscape(const SectorParts& a, const Side& b) : a_(a), b_(b) {}

  /// Whether b moved by v penetrates a deeper than rounding; u is a unit axis to try first
  /// (the escape's own direction: its pair is apart along it, others often are). A pair
  /// whose projections on u overlap by at most half the tolerance does not penetrate; a
  /// point of one part deep in the other does; the rest are decided on the pair's
  /// candidate normals.
  /// The pairs are tried from the one that last penetrated: the candidates come shortest
  /// first, and those rejected in a row are mostly inside the same pair.
  bool penetrates(Vec2 v, Vec2 u) const {
    const int pairs = 2 * b_.count();
    for (int o = 0; o < pairs; ++o) {
      const int k = (hot_ + o) % pairs;
      if (pair_penetrates(shifted(a_, k / b_.count(), v), k % b_.count(), u)) return hot_ = k, true;
    }
    return false;
  }
  /// Whether the inner disks of a pair overlap, b moved by v, by more than twice the
  /// tolerance (far above the rounding of either test): then the pair penetrates, as its exact
  /// test would say. Without branches (first_kept runs it over every candidate).
  bool inner_penetrates(Vec2 v) const {
    bool deep = false;
    for (int k = 0; k < 2 * b_.count(); ++k) deep |= length_sq(inner_d_[k] + v) < inner_r2_[k];
    return deep;
  }
  bool pair_penetrates(const Piece& s, int j, Vec2 u) const {
    if (s.support_value(u) - b_.min_along(j, u) <= ws_.pen_tol * Real(0.5)) return false;
    if (b_.deep(s, j, ws_.pen_tol)) return true;
    if (overlap_at_most(s, j, ws_.pen_tol * Real(0.5))) return false;
    // The penetration of a convex pair is its least overlap over the pair's candidate
    // normals (the true normal is among them): deeper than the tolerance on every one.
    bool shallow = false;
    b_.normals(s, j, [&](Vec2 m) { return shallow = s.support_value(m) - b_.min_along(j, m) <= ws_.pen_tol; });
    return !shallow;
  }

  /// Whether the projections of the piece s and b's part j overlap by at most `limit` on one
  /// of a few axes (s's flat normals, then b's own: its flat normals or edge normals, and the
  /// line from s's center): the overlap on any axis bounds the penetration from above, and a
  /// negative one is a gap, so this rejects without the exact tests and never contradicts
  /// them (the tolerances are far above the projections' rounding).
  bool overlap_at_most(const Piece& s, int j, Real limit) const {
    return any_pair_axis(s, b_, j, [&](Vec2 m) { return s.support_value(m) - b_.min_along(j, m) <= limit; });
  }

  /// Whether b moved by v, and pushed on along the unit u, stays clear of a for good (the
  /// last exit: no push longer than the escape re-enters a; see ray_free).
  bool free_beyond(Vec2 v, Vec2 u) const {
    const Parts pa{a_.piece, a_.count, nullptr};
    return ray_free(pa, b_.parts(), v, u, ws_.reach + length(v), ws_.pen_tol, ws_.ray_tol);
  }

  /// The deepest convex pair: its depth bounds every escape from below (leaving the union
  /// means leaving every piece). False when no pair touches (then nothing else is asked).
  bool find_deepest() {
    for (int i = 0; i < 2; ++i) inner_a_[i] = inner_disk(a_.piece[i]);
    for (int j = 0; j < b_.count(); ++j) inner_b_[j] = b_.inner(j);
    ws_ = wide_scale(a_, b_);
    bool any = false;
    for (int i = 0; i < 2; ++i)
      for (int j = 0; j < b_.count() && !any; ++j) {
        // Inner disks that overlap by more than their rounding: the pair touches.
        const InnerDisk &da = inner_a_[i], &db = inner_b_[j];
        const Real by = da.r + db.r - length(db.c - da.c);
        any = by > (da.r + db.r) * Real(1e-3) || pair_touches(a_.piece[i], j);
      }
    if (!any) return false;
    wedge_ = notch_wedge(a_, b_);
    // inner_penetrates' form: |d_k + v| < R_k, squared (R_k = the radii's sum less twice the
    // tolerance, 0 when that is not positive).
    for (int k = 0; k < 2 * b_.count(); ++k) {
      const InnerDisk &da = inner_a_[k / b_.count()], &db = inner_b_[k % b_.count()];
      const Real r = std::max(Real(0), da.r + db.r - ws_.pen_tol * 2);
      inner_d_[k] = db.c - da.c;
      inner_r2_[k] = r * r;
    }
    for (int i = 0; i < 2; ++i)
      for (int j = 0; j < b_.count(); ++j) {
        if (overlap_at_most(a_.piece[i], j, lower_)) continue;  // no deeper than lower_
        Vec2 n;
        bool clear = false;
        const Real d = pair_depth(a_.piece[i], j, n, clear);
        if (d > lower_) lower_ = d, deepest_n_ = n, deepest_ = clear ? i * b_.count() + j : -1;
      }
    return true;
  }

  /// The deepest pair's own escape, when it also leaves the rest of the union (for good, as
  /// every candidate must), is as short as any escape can be: the answer without enumerating
  /// the candidates (most contacts with a wide sector are such).
  bool deepest_escapes() const {
    if (!(lower_ > 0)) return false;
    const Vec2 v = deepest_n_ * lower_;
    return free_beyond(v, deepest_n_);
  }
  /// Its contact: the deepest pair's own (convex_contact's points) where its cores overlap
  /// clearly (that pair touches at the escape: the points lie within the depth of both
  /// shapes), else the closest pair at the touching position (wide_manifold).
  Manifold deepest_manifold() const {
    const Vec2 best = deepest_n_ * lower_;
    if (deepest_ < 0) return wide_manifold(a_, b_, best, deepest_n_, ws_.pen_tol);
    Manifold m;
    m.touching = true;
    m.normal = deepest_n_;
    m.depth = length(best);
    b_.points(a_.piece[deepest_ / b_.count()], deepest_ % b_.count(), m);
    return m;
  }

  /// The candidates: along normals first (closed forms, a few dozen), whose shortest kept
  /// escape bounds the answer, so that the corners (hundreds of curve crossings for a
  /// polygon) are enumerated only within [lower bound, that bound].
  void try_candidates() {
    lower_ -= ws_.pen_tol + ws_.slack;
    std::vector<Vec2> cand;
    cand.reserve(256);  // the corners of two wide sectors number about 200
    wide_normal_candidates(a_, b_, cand);
    first_kept(cand);
    cand.clear();
    const Real hi = found_ ? best_len_ * (1 + Real(1e-5)) + ws_.pen_tol + ws_.slack : std::numeric_limits<Real>::max();
    wide_corner_candidates(a_, b_, lower_, hi, cand);
    first_kept(cand);
  }

  /// When a fragile corner is shorter than the best: the notch's apex, then the grazing
  /// directions; then the answer (the union's general contact when nothing was found).
  Manifold search_fragile() {
    std::sort(fragile_, fragile_ + n_fragile_, [](Vec2 u, Vec2 v) { return length_sq(u) < length_sq(v); });
    Parts parts_a{a_.piece, a_.count, nullptr};
    Parts parts_b = b_.parts();
    Escape esc{parts_a, parts_b, ws_.reach * Real(1.5), ws_.scale * std::numeric_limits<Real>::epsilon() * 2,
               ws_.pen_tol, ws_.ray_tol};
    for (int i = 0; i < n_fragile_ && length(fragile_[i]) < best_len_; ++i) apex_escape(fragile_[i]);
    if (n_fragile_ > 0 && length(fragile_[0]) < best_len_ && !hairline_notch()) try_grazing(esc);
    if (!found_) return union_contact(parts_a, parts_b, ws_.reach * Real(1.5), ws_.scale, nullptr, 0);
    return wide_manifold(a_, b_, best_, n_, ws_.pen_tol);
  }

 private:
  static constexpr int kMaxFragile = 16;

  // The pair of a's piece s and b's part j, b unmoved, decided by the least overlap where it
  // is clear of the rounding (pen_tol, far above that of the projections: cores that overlap
  // by more, b's rounding left out, touch; a separating axis keeps them apart), else by the
  // exact distance; the same answers as the exact tests alone (convex_contact's depth and
  // normal are the least overlap's where the cores overlap).
  bool pair_touches(const Piece& s, int j) const {
    if (b_.circles_apart(s, j)) return false;
    const LeastOverlap o = b_.least(s, j, -ws_.pen_tol);
    if (o.depth - b_.rounding() > ws_.pen_tol) return true;
    if (o.depth < -ws_.pen_tol) return false;
    return b_.touches(s, j);
  }
  /// The pair's penetration depth and escape normal n (convex_contact's), or -1 apart;
  /// `clear` when the least overlap decided (the cores overlap).
  Real pair_depth(const Piece& s, int j, Vec2& n, bool& clear) const {
    if (b_.circles_apart(s, j)) return -1;
    const LeastOverlap o = b_.least(s, j, -ws_.pen_tol);
    if (o.depth - b_.rounding() > ws_.pen_tol) return clear = true, n = o.normal, std::max(Real(0), o.depth);
    if (o.depth < -ws_.pen_tol) return -1;
    const Manifold m = b_.contact(s, j);
    return m.touching ? (n = m.normal, m.depth) : Real(-1);
  }

  /// The shortest escape of a list, within [lower bound, best so far), that a push keeps; the
  /// free but fragile ones shorter than it are kept (search_fragile). The list is taken
  /// shortest first from a heap of those within the band: most calls stop after a few.
  void first_kept(std::vector<Vec2>& cand) {
    const auto longer = [](Vec2 u, Vec2 v) { return length_sq(u) > length_sq(v); };
    // Compacted without a branch per candidate (most are dropped): those out of the band, and
    // those the inner disks prove penetrating (penetrates would skip them).
    std::size_t kept = 0;
    for (const Vec2 v : cand) {
      const Real l = length(v);
      cand[kept] = v;
      kept += static_cast<std::size_t>((l >= lower_) & (l < best_len_) & !inner_penetrates(v));
    }
    auto end = cand.begin() + static_cast<std::ptrdiff_t>(kept);
    std::make_heap(cand.begin(), end, longer);
    for (; end != cand.begin(); --end) {
      std::pop_heap(cand.begin(), end, longer);
      const Vec2 v = end[-1];
      const Real l = length(v);
      if (l >= best_len_) return;
      Vec2 u = l > 0 ? v / l : Vec2{1, 0};
      if (penetrates(v, u)) continue;
      if (!free_beyond(v, u)) {
        keep_fragile(v);
        continue;
      }
      best_ = v, n_ = u, best_len_ = l, found_ = true;
      return;
    }
  }
  /// At the apex of the notch wedge (b in the notch touching both its sides), the shortest
  /// escape beside it that stays free for good: on a side of the wedge, found by bisection
  /// within notch_side_bracket on the exact free_beyond, when b placed around the apex
  /// crosses the flat sides only within a's disk (notch_is_local: then the free translations
  /// near the apex are the wedge's). False when the corner is not the apex or that does not
  /// apply (then the grazing directions decide).
  bool apex_escape(Vec2 corner) {
    if (!wedge_.ok || length(corner - wedge_.apex) > ws_.slack + 8 * ws_.pen_tol) return false;
    Vec2 best{};
    Real l = std::numeric_limits<Real>::max();
    for (int k = 0; k < 2; ++k) {
      Real lo = 0, hi = 0;
      if (!notch_side_bracket(wedge_, k, lo, hi)) continue;
      const Vec2 q = wedge_.apex, e = wedge_.e[k];
      auto free_at = [&](Real lam) {
        const Vec2 x = q + e * lam;
        const Real lx = length(x);
        return lx > 0 && free_beyond(x, x / lx);
      };
      if (!free_at(hi)) continue;
      const Real res = (length(q) + hi) * std::numeric_limits<Real>::epsilon() * 4;
      if (free_at(lo)) hi = lo;
      while (hi - lo > res) {
        const Real mid = (lo + hi) * Real(0.5);
        if (mid <= lo || mid >= hi) break;
        (free_at(mid) ? hi : lo) = mid;
      }
      const Vec2 x = q + e * hi;
      if (length(x) < l) l = length(x), best = x;
    }
    if (!(l < std::numeric_limits<Real>::max())) return false;
    const Piece& p = a_.piece[0];
    const Real around = length(best - wedge_.apex) + ws_.slack + ws_.pen_tol * 8;
    const Vec2 end[2] = {p.c + a_.piece[0].lo * p.r, p.c + a_.piece[1].hi * p.r};
    if (!b_.notch_is_local(p.c, p.r, wedge_.apex, wedge_.n, end, around)) return false;
    if (l < best_len_) best_ = best, n_ = best / l, best_len_ = l, found_ = true;
    return true;
  }
  /// A notch so thin (below 1e-4 radians) that the directions grazing its sides are nearly
  /// parallel to them: the exit along such a direction moves by the sides' rounding divided by
  /// that angle, far beyond any tolerance (the float build's half-angle alone is rounded to
  /// 1e-7). Such a notch does not take grazing escapes; the other candidates (the arc, the
  /// flat sides' normals, the corners) remain, as for a disk.
  bool hairline_notch() const {
    return std::fabs(cross(a_.piece[0].normal_lo(), a_.piece[1].normal_hi())) <= Real(1e-4) &&
           dot(a_.piece[0].lo, a_.piece[1].hi) > 0;
  }
  /// The last exits along the grazing directions (grazing_candidates), each only when it can
  /// beat the best (pushed by the best's length along it, b must be clear for good).
  void try_grazing(const Escape& esc) {
    std::vector<Vec2> dirs;
    grazing_candidates(a_, b_, dirs);
    for (Vec2 u : dirs) {
      if (found_ && !free_beyond(u * best_len_, u)) continue;
      const Real e = esc.exit(u);
      if (e < best_len_) best_len_ = e, n_ = u, best_ = u * e, found_ = true;
    }
  }
  void keep_fragile(Vec2 v) {
    bool seen = false;
    for (int i = 0; i < n_fragile_; ++i) seen = seen || length_sq(fragile_[i] - v) <= ws_.slack * ws_.slack;
    if (!seen && n_fragile_ < kMaxFragile) fragile_[n_fragile_++] = v;
  }

  const SectorParts& a_;
  const Side& b_;
  WideScale ws_{};  // set once a pair touches
  NotchWedge wedge_;
  Real lower_ = 0;
  Vec2 deepest_n_{1, 0};  // the deepest pair's escape normal
  int deepest_ = -1;      // and the pair, i * count + j, when its cores overlap clearly
  bool found_ = false;
  Vec2 best_, n_{1, 0};
  Real best_len_ = std::numeric_limits<Real>::max();
  Vec2 fragile_[kMaxFragile];
  int n_fragile_ = 0;
  mutable int hot_ = 0;  // the pair that last penetrated (penetrates)
  InnerDisk inner_a_[2], inner_b_[2];  // disks inside a's pieces and b's parts
  Vec2 inner_d_[4];                    // per pair k = i * count + j: b's disk center less a's
  Real inner_r2_[4] = {0, 0, 0, 0};    // and the squared reach of inner_penetrates
};

template <class Side>
Manifold exact_wide_contact(const SectorParts& a, const Side& b) {
  WideEscape<Side> w(a, b);
  if (!w.find_deepest()) return {};
  if (w.deepest_escapes()) return w.deepest_manifold();
  w.try_candidates();
  return w.search_fragile();
}

}  // namespace

Manifold sector_contact(const SectorParts& a, const Hull& b) { return exact_wide_contact(a, HullSide{b}); }

Manifold sector_contact(const SectorParts& a, const SectorParts& b) {
  if (a.count != 2) return flipped(exact_wide_contact(b, PieceSide{a}));
  return exact_wide_contact(a, PieceSide{b});
}

}  // namespace collide2d::detail
