// collide2d - 2D collision detection for games. MIT License.
// The typed pair queries for every ordered pair of the eight shapes. Each shape is one hull
// (a convex core grown by a radius) or, for a sector, one or two convex pieces; a few pairs
// with short closed forms take them directly.
#include <algorithm>
#include <cmath>
#include <type_traits>

#include "query/convex.hpp"
#include "query/geometry.hpp"
#include "query/shape_list.hpp"

namespace collide2d::inline COLLIDE2D_ABI {
namespace detail {

// Implemented in hull.cpp (internal; declared here so convex.hpp stays as it is).
Real point_core_distance(const Hull& h, Vec2 p, Vec2* nearest);
bool hull_overlaps(const Hull& a, const Hull& b);
Manifold point_hull_contact(const Hull& h, Vec2 c, Real rc, bool c_area, bool point_is_a);
Manifold segment_pair_contact(Vec2 a0, Vec2 a1, Real ra, Vec2 b0, Vec2 b1, Real rb);
Manifold hull_stroke_contact(const Hull& h, Vec2 s0, Vec2 s1, Real rs, bool stroke_is_a);
// (h's normals within `turn` radians of its edges: its separation decided from max_separation's
// float value where that is clear of its rounding, as convex_contact(a, b, turn); the same bits)
Manifold hull_stroke_contact(const Hull& h, Vec2 s0, Vec2 s1, Real rs, bool stroke_is_a, Real turn);
// hull_stroke_contact(h, ..., turn) (the same bits) for a rectangle's hull (aabb, box): a core of
// four vertices and the segment core compare their 4 + 4 axes side by side (a degenerate one, or
// turn >= 1: the general path).
Manifold quad_stroke_contact(const Hull& h, Vec2 s0, Vec2 s1, Real rs, bool stroke_is_a, Real turn);

namespace {

template <class T>
constexpr bool kIsSector = std::is_same_v<T, Sector>;
// A segment or a capsule: a segment core (a, b) grown by a radius (0 for a segment).
template <class T>
constexpr bool kIsStroke = std::is_same_v<T, Segment> || std::is_same_v<T, Capsule>;
inline Real stroke_radius(const Segment&) { return 0; }
inline Real stroke_radius(const Capsule& c) { return c.radius; }

DistanceResult swapped(DistanceResult r) {
  std::swap(r.point_a, r.point_b);
  return r;
}

DistanceResult sector_hull_distance(const SectorParts& s, const Hull& h) {
  if (s.count == 0) return grow(core_distance(s.seg, h), s.seg.radius, h.radius);
  DistanceResult best = grow(core_distance(s.piece[0], h), 0, h.radius);
  if (s.count == 2 && best.distance > 0) {
    DistanceResult r = grow(core_distance(s.piece[1], h), 0, h.radius);
    if (r.distance < best.distance) best = r;
  }
  return best;
}

DistanceResult sector_sector_distance(const SectorParts& a, const SectorParts& b) {
  if (a.count == 0) return swapped(sector_hull_distance(b, a.seg));
  if (b.count == 0) return sector_hull_distance(a, b.seg);
  DistanceResult best{std::numeric_limits<Real>::max(), {}, {}};
  for (int i = 0; i < a.count; ++i)
    for (int j = 0; j < b.count; ++j) {
      DistanceResult r = core_distance(a.piece[i], b.piece[j]);
      if (r.distance < best.distance) best = r;
      if (best.distance == 0) return best;
    }
  return best;
}

Manifold sector_hull_contact(const SectorParts& s, const Hull& h) {
  if (s.count == 0) return convex_contact(s.seg, h);
  if (s.count == 1) return convex_contact(s.piece[0], h);
  return sector_contact(s, h);
}

Manifold sector_sector_contact(const SectorParts& a, const SectorParts& b) {
  if (a.count == 0) return flipped(sector_hull_contact(b, a.seg));
  if (b.count == 0) return sector_hull_contact(a, b.seg);
  if (a.count == 1 && b.count == 1) return convex_contact(a.piece[0], b.piece[0]);
  return sector_contact(a, b);
}

// Closed forms for the commonest pairs.

// A pair of a disk and another shape, either way round: the disk's center and radius, the
// other shape, and whether the disk is the pair's first shape.
template <class O>
struct DiskPair {
  Vec2 c;
  Real rc;
  const O& other;
  bool disk_is_a;
};
template <class A, class B>
auto disk_pair(const A& a, const B& b) {
  if constexpr (kIsDisk<A>) {
    return DiskPair<B>{disk_center(a), disk_radius(a), b, true};
  } else {
    return DiskPair<A>{disk_center(b), disk_radius(b), a, false};
  }
}
// One shape of the pair is a disk, the other neither a disk nor a sector (a hull).
template <class A, class B>
constexpr bool kDiskAndHull = (kIsDisk<A> && !kIsDisk<B> && !kIsSector<B>) || (kIsDisk<B> && !kIsDisk<A> && !kIsSector<A>);

// Squared distance of two points in the wide type (exact for float input up to one rounding
// of the sum), so that a touch of integer inputs is decided exactly.
inline Wide dist2_w(Vec2 a, Vec2 b) {
  Wide dx = Wide(b.x) - a.x, dy = Wide(b.y) - a.y;
  return dx * dx + dy * dy;
}
// Overlap of the disks (ca, R) and cb (R = ra + rb); the distance below decides the same way.
inline bool within(Wide d2, Real R) { return d2 <= Wide(R) * R; }

DistanceResult circle_circle(Vec2 ca, Real ra, Vec2 cb, Real rb) {
  const Wide d2 = dist2_w(ca, cb);
  const Real l = Real(std::sqrt(d2));
  Vec2 d = cb - ca;
  if (!within(d2, ra + rb)) {
    Vec2 n = d / l;
    return {std::max(Real(0), l - ra - rb), ca + n * ra, cb - n * rb};
  }
  Vec2 p = l > 0 ? ca + d * (std::min(ra, l) / l) : ca;
  return {0, p, p};
}

// convex_contact for two one-point cores (disks or points).
Manifold circle_circle_contact(Vec2 ca, Real ra, Vec2 cb, Real rb) {
  Manifold m;
  const Real R = ra + rb;
  const Wide d2 = dist2_w(ca, cb);
  if (!within(d2, R)) return m;
  m.touching = true;
  const Real l = Real(std::sqrt(d2));
  const Vec2 dv = cb - ca;
  const Vec2 n = l > 0 ? dv / l : Vec2{0, 1};
  const Real scale = std::max({std::fabs(ca.x), std::fabs(ca.y), R, Real(1)});
  const bool separated = l > R * Real(1e-4) + scale * kRelEps;
  m.normal = n;
  m.point_count = 1;
  if (separated) {
    m.depth = R - l;
    m.points[0] = ((ca + n * ra) + (cb - n * rb)) * Real(0.5);
  } else if (!(ra > 0) && !(rb > 0)) {
    m.depth = 0;
    m.points[0] = ca;
  } else {
    m.depth = std::max(Real(0), R - l);
    m.points[0] = ca + n * (ra - m.depth * Real(0.5));
  }
  return m;
}

// The point of an aabb nearest to p (p itself when inside): exact, a clamp.
inline Vec2 clamp_to(const Aabb& b, Vec2 p) {
  return {std::clamp(p.x, b.min.x, b.max.x), std::clamp(p.y, b.min.y, b.max.y)};
}

// Distance between the core point c and the core of a convex shape b (hull hb), the nearest
// core point of b in *q; an aabb is a clamp (and its hull is not built).
template <class B>
DistanceResult disk_shape_distance(Vec2 c, Real rc, const B& b, bool disk_is_a) {
  Vec2 q;
  Real d, rb = 0;
  if constexpr (std::is_same_v<B, Aabb>) {
    q = clamp_to(b, c);
    d = q == c ? Real(0) : Real(std::sqrt(dist2_w(c, q)));
  } else {
    Hull hb(b);
    d = point_core_distance(hb, c, &q);
    rb = hb.radius;
  }
  return disk_is_a ? grow({d, c, q}, rc, rb) : grow({d, q, c}, rb, rc);
}

// A box in its own frame is an aabb centered at the origin: a disk against a box is a disk
// against that aabb, with the disk's center carried into the frame and the answer back.
inline Vec2 to_world(const Box& b, Vec2 p) { return b.center + b.rot().apply(p); }

// (a box: in its frame)
DistanceResult disk_shape_distance(Vec2 c, Real rc, const Box& b, bool disk_is_a) {
  DistanceResult r = disk_shape_distance(to_local(b, c), rc, box_local(b), disk_is_a);
  r.point_a = to_world(b, r.point_a);
  r.point_b = to_world(b, r.point_b);
  return r;
}

bool disk_box_overlaps(Vec2 c, Real rc, const Box& b) {
  const Aabb l = box_local(b);
  const Vec2 p = to_local(b, c);
  return within(dist2_w(p, clamp_to(l, p)), rc);
}

// point_hull_contact's answer for an aabb of positive extents (normals are axes, the nearest
// point a clamp): the disk (c, rc) against the aabb, normal from a to b.
[[gnu::always_inline]] inline Manifold disk_aabb_contact(Vec2 c, Real rc, const Aabb& b, bool disk_is_a) {
  Manifold m;
  const Vec2 q = clamp_to(b, c);
  const Wide d2 = q == c ? Wide(0) : dist2_w(c, q);
  if (!within(d2, rc)) return m;
  m.touching = true;
  const Real d = Real(std::sqrt(d2));
  const Vec2 pa = disk_is_a ? c : q, pb = disk_is_a ? q : c;
  const Real ra = disk_is_a ? rc : 0, rb = disk_is_a ? 0 : rc;
  const Real scale = std::max({std::fabs(pa.x), std::fabs(pa.y), rc, Real(1)});
  m.point_count = 1;
  if (d > rc * Real(1e-4) + scale * kRelEps) {
    const Vec2 n = (pb - pa) / d;
    m.normal = n;
    m.depth = rc - d;
    m.points[0] = ((pa + n * ra) + (pb - n * rb)) * Real(0.5);
  } else {
    // Separation of c from each edge (bottom, right, top, left), the first largest wins.
    const Real s[4] = {b.min.y - c.y, c.x - b.max.x, c.y - b.max.y, b.min.x - c.x};
    const Vec2 nn[4] = {{0, -1}, {1, 0}, {0, 1}, {-1, 0}};
    int k = 0;
    for (int i = 1; i < 4; ++i)
      if (s[i] > s[k]) k = i;
    const Vec2 n = disk_is_a ? -nn[k] : nn[k];
    m.normal = n;
    m.depth = std::max(Real(0), rc - s[k]);
    m.points[0] = disk_is_a ? c + n * (rc - m.depth * Real(0.5)) : c - n * (rc - m.depth * Real(0.5));
  }
  return m;
}

// point_hull_contact's answer for a disk (c, rc) at (or inside) a core's edge, of unit normal nk
// toward c, c's separation from it s (R: the radii): the edge's normal, the depth R less s.
void edge_answer(Vec2 c, Real rc, Real R, Vec2 nk, Real s, bool disk_is_a, Manifold& m) {
  m.touching = true;
  m.normal = disk_is_a ? -nk : nk;
  m.depth = std::max(Real(0), R - s);
  m.point_count = 1;
  const Real back = rc - m.depth * Real(0.5);
  m.points[0] = disk_is_a ? c + m.normal * back : c - m.normal * back;
}

// point_hull_contact for a disk (c, rc) against a segment core a-b grown by rs (a capsule; 0: a
// segment): on its hull.
Manifold disk_segment_hull_contact(Vec2 c, Real rc, Vec2 a, Vec2 b, Real rs, bool disk_is_a) {
  Hull h;
  h.set_segment(a, b, rs);
  h.area = rs > 0;  // (as Hull(Capsule) and Hull(Segment))
  return point_hull_contact(h, c, rc, rc > 0, disk_is_a);
}

// disk_segment_contact's rare cases: a center within rounding of the radii from the core's line
// (or on it, or a core a == b), decided by the float steps below (the nearest point, its
// distance), else on the hull, which needs its separation axes.
[[gnu::noinline]] Manifold disk_segment_near(Vec2 c, Real rc, Vec2 a, Vec2 b, Real rs, bool disk_is_a) {
  Manifold m;
  const Real R = rs + rc;
  if (on_segment(a, b, c)) return disk_segment_hull_contact(c, rc, a, b, rs, disk_is_a);
  const Vec2 q = closest_on_segment(c, a, b);
  const Real d = length(q - c);
  if (d > R) return m;  // (within the margin)
  const Vec2 pa = disk_is_a ? c : q, pb = disk_is_a ? q : c;
  const Real ra = disk_is_a ? rc : rs, rb = disk_is_a ? rs : rc;
  const Real scale = std::max({std::fabs(pa.x), std::fabs(pa.y), R, Real(1)});
  if (!(d > R * Real(1e-4) + scale * kRelEps)) return disk_segment_hull_contact(c, rc, a, b, rs, disk_is_a);
  const Vec2 n = (pb - pa) / d;
  m.touching = true;
  m.normal = n;
  m.depth = R - d;
  m.point_count = 1;
  m.points[0] = ((pa + n * ra) + (pb - n * rb)) * Real(0.5);
  return m;
}

// point_hull_contact for a segment core a-b (radius rs: a capsule, 0: a segment) without
// building the hull where the disk (c, rc) is clear of the core (the common case). First each
// step exact (for float input): a center that projects strictly beyond an end (the sign of
// (c - a).e or (c - b).e) touches as it touches that end's disk (circle_circle_contact); one
// that projects onto the segment and lies off its line is at the line's distance, which
// line_distance_within compares with the radii, the answer then the line's normal toward c and
// that distance, in the wide type (one square root, one division). Within rounding of the radii,
// disk_segment_near. (Inline in contact<>, where disk_is_a is a constant: the rare cases and
// the end's disk are one call each.)
[[gnu::always_inline]] inline Manifold disk_segment_contact(Vec2 c, Real rc, Vec2 a, Vec2 b, Real rs, bool disk_is_a) {
  const Real R = rs + rc;
  const Wide ex = Wide(b.x) - a.x, ey = Wide(b.y) - a.y, wx = Wide(c.x) - a.x, wy = Wide(c.y) - a.y;
  const bool before_a = ex * wx + ey * wy < 0;
  if (before_a || (Wide(c.x) - b.x) * ex + (Wide(c.y) - b.y) * ey > 0) {
    const Vec2 p = before_a ? a : b;
    return disk_is_a ? circle_circle_contact(c, rc, p, rs) : circle_circle_contact(p, rs, c, rc);
  }
  Manifold m;
  const Wide l = ey * wx, r = ex * wy, ee = ex * ex + ey * ey;
  const int within = l == r ? 0 : line_distance_within(l, r, ee, R);
  if (within < 0) return m;  // disjoint: not touching
  if (within == 0) return disk_segment_near(c, rc, a, b, rs, disk_is_a);
  const Wide inv = 1 / std::sqrt(ee), side = l > r ? inv : -inv;  // (ey, -ex) points right of a -> b
  edge_answer(c, rc, R, {Real(ey * side), Real(-ex * side)}, Real(std::fabs(l - r) * inv), disk_is_a, m);
  return m;
}

// disk_polygon_contact's steps for a center beyond edge im, its edge of largest separation (by
// more than that separation's rounding, and within R plus it). (Inline in disk_polygon_filters,
// which runs out of line, after the common cases.)
[[gnu::always_inline]] inline bool disk_polygon_near(Vec2 c, Real rc, const Vec2* v, const Vec2* nv, int n, Real rp,
                                         bool disk_is_a, int im, Manifold& m) {
  const Real R = rp + rc;
  auto at_edge = [&](int k) {  // c beyond the middle of edge k: decided?
    bool within = false;
    if (!beyond_edge_within(v[k], v[k + 1 == n ? 0 : k + 1], c, R, &within)) return false;
    if (within) {
      const Vec2 nk = nv[k];
      edge_answer(c, rc, R, nk, Real(nk.x * (Wide(c.x) - v[k].x) + nk.y * (Wide(c.y) - v[k].y)), disk_is_a, m);
    }
    return true;
  };
  if (at_edge(im)) return true;
  // The end of edge im that c projects onto or beyond: its normal cone, else the middle of the
  // neighbouring edge there.
  const int next = im + 1 == n ? 0 : im + 1;
  const int k = dot_w(v[im], c, v[im], v[next]) <= 0 ? im : next;
  const int before = k == 0 ? n - 1 : k - 1, after = k + 1 == n ? 0 : k + 1;
  if (in_vertex_cone(v[before], v[k], v[after], c)) {
    m = disk_is_a ? circle_circle_contact(c, rc, v[k], rp) : circle_circle_contact(v[k], rp, c, rc);
    return true;
  }
  return at_edge(k == im ? before : k);
}

// The disk (c, rc) against the polygon core v[0..n) (normals nv, radius rp) without building
// its hull, where the float separations decide the center's place (Box2D's walk, each step
// exact): clearly inside (below the edge of largest separation: the edge's answer), clearly
// apart beyond that edge, beyond the middle of that edge or of a neighbour (beyond_edge_within
// decides the touch; the edge's answer with the separation taken in the wide type from the
// exact offset), or in a vertex's normal cone (the vertex's disk: circle_circle_contact).
// False, with m untouched, otherwise (near the boundary, or within rounding of R): the caller
// takes the general path. Two steps: disk_polygon_walk finds the edge im of largest separation
// sm and decides the common cases; disk_polygon_filters the rest.
//
// disk_polygon_walk: `extent` bounds every |v[i]|_1 (Polygon::extent()). The offset |c - v[i]|_1
// of c from any vertex is then at most |c|_1 + extent: that sum, widened by 16 ulps for its own
// rounding and the rounding of the offsets (each a few ulps), is at least the offset the exact
// filters of disk_polygon_filters compute at any vertex, so its separation_slack (`bound`) is at
// least theirs. Beyond -bound or bound + R those filters would decide the same (clearly inside;
// apart), without reading v[im] or walking the vertices again; between, they run as they are.
// 1: inside (the edge's answer in m), -1: apart (m untouched), 0: undecided.
[[gnu::always_inline]] inline int disk_polygon_walk(Vec2 c, Real rc, const Vec2* v, const Vec2* nv, int n, Real extent,
                                                    Real rp, bool disk_is_a, int& im, Real& sm, Manifold& m) {
  im = 0;
  sm = -std::numeric_limits<Real>::max();
#pragma GCC unroll 2  // (the count and the branch once per two edges; the same order of the tests)
  for (int i = 0; i < n; ++i) {
    const Real si = dot(nv[i], c - v[i]);
    if (si > sm) { sm = si; im = i; }
  }
  const Real R = rp + rc;
  constexpr Real kEps = std::numeric_limits<Real>::epsilon();
  const Real bound = separation_slack((std::fabs(c.x) + std::fabs(c.y) + extent) * (1 + 16 * kEps), c);
  if (sm < -bound) {
    edge_answer(c, rc, R, nv[im], sm, disk_is_a, m);
    return 1;
  }
  return sm > bound + R * (1 + 4 * kEps) ? -1 : 0;
}

// disk_polygon_walk's undecided cases (its im and sm): the exact filters at v[im].
[[gnu::always_inline]] inline bool disk_polygon_filters(Vec2 c, Real rc, const Vec2* v, const Vec2* nv, int n, Real rp,
                                                        bool disk_is_a, int im, Real sm, Manifold& m) {
  const Real R = rp + rc;
  constexpr Real kEps = std::numeric_limits<Real>::epsilon();
  const Vec2 w = c - v[im];
  const Real slack = separation_slack(std::fabs(w.x) + std::fabs(w.y), c);
  if (!(sm > slack)) {
    if (!clearly_inside(v, n, c, sm)) return false;
    edge_answer(c, rc, R, nv[im], sm, disk_is_a, m);
    return true;
  }
  if (sm > slack + R * (1 + 4 * kEps)) return true;  // apart
  return disk_polygon_near(c, rc, v, nv, n, rp, disk_is_a, im, m);
}

bool disk_polygon_contact(Vec2 c, Real rc, const Vec2* v, const Vec2* nv, int n, Real extent, Real rp,
                          bool disk_is_a, Manifold& m) {
  int im;
  Real sm;
  const int walk = disk_polygon_walk(c, rc, v, nv, n, extent, rp, disk_is_a, im, sm, m);
  return walk != 0 || disk_polygon_filters(c, rc, v, nv, n, rp, disk_is_a, im, sm, m);
}

// A disk against an aabb on its hull (an aabb of zero extent on an axis). Out of line.
[[gnu::noinline]] Manifold disk_aabb_hull_contact(Vec2 c, Real rc, const Aabb& b, bool disk_is_a) {
  return point_hull_contact(Hull(b), c, rc, rc > 0, disk_is_a);
}

template <class B>
[[gnu::always_inline]] inline Manifold disk_convex_contact(Vec2 c, Real rc, const B& b, bool disk_is_a) {
  if constexpr (std::is_same_v<B, Aabb>) {
    if (b.min.x < b.max.x && b.min.y < b.max.y) return disk_aabb_contact(c, rc, b, disk_is_a);
    return disk_aabb_hull_contact(c, rc, b, disk_is_a);
  } else {
    static_assert(kIsStroke<B>);
    return disk_segment_contact(c, rc, b.a, b.b, stroke_radius(b), disk_is_a);
  }
}

// A disk against a polygon on its hull: the polygon's moved vertices (disk_polygon_contact on
// them first), or the general path where disk_polygon_contact left a polygon on its own
// storage undecided.
Manifold disk_polygon_hull_contact(Vec2 c, Real rc, const Polygon& b, bool disk_is_a) {
  const Hull h(b);
  Manifold m;
  const Vec2 o = b.offset();
  const Real extent = b.extent() + std::fabs(o.x) + std::fabs(o.y);  // |v + o|_1 <= |v|_1 + |o|_1
  if (o == Vec2{} || !disk_polygon_contact(c, rc, h.v, h.n, h.count, extent, h.radius, disk_is_a, m))
    m = point_hull_contact(h, c, rc, rc > 0, disk_is_a);
  return m;
}

// disk_convex_contact(Polygon)'s cases that disk_polygon_walk left undecided (its im, sm), a
// polygon on its own storage: the exact filters, else the general path (disk_polygon_hull_contact,
// whose hull is then the polygon's own). Out of line, so that the common cases keep nothing
// across a call.
[[gnu::noinline]] Manifold disk_polygon_rest(Vec2 c, Real rc, const Polygon& b, bool disk_is_a, int im, Real sm) {
  Manifold m;
  const Vec2* v = b.base_vertices();
  const int n = b.count();
  if (!disk_polygon_filters(c, rc, v, v + n, n, b.radius, disk_is_a, im, sm, m))
    m = disk_polygon_hull_contact(c, rc, b, disk_is_a);
  return m;
}

// (a polygon: on its own storage unless moved; disk_polygon_walk inline in contact, so that
// the common cases make no call. The storage holds the count() normals right after the count()
// vertices, so the normals are base_vertices() + count(), as extent() reads it.)
[[gnu::always_inline]] inline Manifold disk_convex_contact(Vec2 c, Real rc, const Polygon& b, bool disk_is_a) {
  const Vec2 o = b.offset();
  if (!(o.x == 0 && o.y == 0)) return disk_polygon_hull_contact(c, rc, b, disk_is_a);
  const Vec2* v = b.base_vertices();
  const int n = b.count();
  int im;
  Real sm;
  Manifold m;
  const int walk = disk_polygon_walk(c, rc, v, v + n, n, b.extent(), b.radius, disk_is_a, im, sm, m);
  if (walk < 0) return Manifold{};  // (apart: the default answer, stored on its own)
  if (walk > 0) return m;
  return disk_polygon_rest(c, rc, b, disk_is_a, im, sm);
}

// (a box: in its frame)
[[gnu::always_inline]] inline Manifold disk_convex_contact(Vec2 c, Real rc, const Box& b, bool disk_is_a) {
  Manifold m = disk_convex_contact(to_local(b, c), rc, box_local(b), disk_is_a);
  if (!m.touching) return m;
  m.normal = b.rot().apply(m.normal);
  for (int i = 0; i < m.point_count; ++i) m.points[i] = to_world(b, m.points[i]);
  return m;
}

// A sector against a disk (or point) in closed form: the sector's closest point to the
// center, then the radius.
DistanceResult sector_disk_distance(const Sector& s, Vec2 c, Real rc) {
  DistanceResult r = sector_point_distance(s, c);
  if (r.distance > rc) {
    Vec2 n = normalize(c - r.point_a);
    return {r.distance - rc, r.point_a, c - n * rc};
  }
  return {0, r.point_a, r.point_a};  // the sector's closest point lies in the disk
}

}  // namespace
}  // namespace detail

using namespace detail;

namespace detail {
namespace {

// The one routing of a pair for distance (Q = DistanceForms) and contact (Q = ContactForms):
// two disks, a disk and a hull either way round, two sectors, a sector and any other shape
// either way round (Q::turned turns the answer), two hulls.
template <class Q, class A, class B>
auto route_pair(const A& a, const B& b) {
  if constexpr (kIsDisk<A> && kIsDisk<B>) {
    return Q::disks(disk_center(a), disk_radius(a), disk_center(b), disk_radius(b));
  } else if constexpr (kDiskAndHull<A, B>) {
    const auto d = disk_pair(a, b);
    return Q::disk_hull(d.c, d.rc, d.other, d.disk_is_a);
  } else if constexpr (kIsSector<A> && kIsSector<B>) {
    return Q::sectors(SectorParts(a), SectorParts(b));
  } else if constexpr (kIsSector<A>) {
    return Q::sector_other(a, b);
  } else if constexpr (kIsSector<B>) {
    return Q::turned(Q::sector_other(b, a));
  } else {
    return Q::hulls(a, b);
  }
}

// Two aabbs (any extents, min <= max), in closed form: along each axis the gap between the
// facing sides when one lies strictly beyond the other (exact comparisons), else the middle of
// the common stretch, which lies in both; the points are the facing sides' (or that middle) on
// each axis, and the distance their length, as the general path measures it.
DistanceResult aabb_pair_distance(const Aabb& a, const Aabb& b) {
  Vec2 pa, pb;
  auto axis = [](Real amin, Real amax, Real bmin, Real bmax, Real& ca, Real& cb) {
    if (bmin > amax) ca = amax, cb = bmin;
    else if (amin > bmax) ca = amin, cb = bmax;
    else ca = cb = (std::max(amin, bmin) + std::min(amax, bmax)) * Real(0.5);
  };
  axis(a.min.x, a.max.x, b.min.x, b.max.x, pa.x, pb.x);
  axis(a.min.y, a.max.y, b.min.y, b.max.y, pa.y, pb.y);
  return {length(pb - pa), pa, pb};
}

// distance's closed forms and general path.
struct DistanceForms {
  static DistanceResult disks(Vec2 ca, Real ra, Vec2 cb, Real rb) { return circle_circle(ca, ra, cb, rb); }
  template <class O>
  static DistanceResult disk_hull(Vec2 c, Real rc, const O& o, bool disk_is_a) {
    return disk_shape_distance(c, rc, o, disk_is_a);
  }
  static DistanceResult sectors(const SectorParts& a, const SectorParts& b) { return sector_sector_distance(a, b); }
  template <class O>
  static DistanceResult sector_other(const Sector& s, const O& o) {
    if constexpr (kIsDisk<O>) return sector_disk_distance(s, disk_center(o), disk_radius(o));
    else return sector_hull_distance(SectorParts(s), Hull(o));
  }
  static DistanceResult turned(const DistanceResult& r) { return swapped(r); }
  template <class A, class B>
  static DistanceResult hulls(const A& a, const B& b) {
    if constexpr (std::is_same_v<A, Aabb> && std::is_same_v<B, Aabb>) return aabb_pair_distance(a, b);
    Hull ha(a), hb(b);
    return grow(core_distance(ha, hb), ha.radius, hb.radius);
  }
};

// Two aabbs with positive extents, in closed form: they touch unless one lies strictly beyond a
// side of the other (exact comparisons). The shortest translation of b out of a is the least of
// the four pushes (b right: a.max.x - b.min.x, left, up, down; the first on a tie): its length
// is the depth and its direction the normal; the points are the ends of the two touching sides'
// common stretch, each midway between the two sides, as convex_contact's clipping places them
// (one point where the stretch is one).
Manifold aabb_pair_contact(const Aabb& a, const Aabb& b) {
  Manifold m;
  if (b.min.x > a.max.x || a.min.x > b.max.x || b.min.y > a.max.y || a.min.y > b.max.y) return m;
  m.touching = true;
  const Real push[4] = {a.max.x - b.min.x, b.max.x - a.min.x, a.max.y - b.min.y, b.max.y - a.min.y};
  int k = 0;
  for (int i = 1; i < 4; ++i)
    if (push[i] < push[k]) k = i;
  m.depth = push[k];
  const bool along_x = k < 2;
  const Real sign = k % 2 == 0 ? Real(1) : Real(-1);
  m.normal = along_x ? Vec2{sign, 0} : Vec2{0, sign};
  // The two sides in contact (a's toward b, b's toward a) and their common stretch across.
  const Real side_a = along_x ? (k == 0 ? a.max.x : a.min.x) : (k == 2 ? a.max.y : a.min.y);
  const Real side_b = along_x ? (k == 0 ? b.min.x : b.max.x) : (k == 2 ? b.min.y : b.max.y);
  const Real mid = (side_a + side_b) * Real(0.5);
  const Real lo = along_x ? std::max(a.min.y, b.min.y) : std::max(a.min.x, b.min.x);
  const Real hi = along_x ? std::min(a.max.y, b.max.y) : std::min(a.max.x, b.max.x);
  m.point_count = lo < hi ? 2 : 1;
  m.points[0] = along_x ? Vec2{mid, lo} : Vec2{lo, mid};
  m.points[1] = along_x ? Vec2{mid, hi} : Vec2{hi, mid};
  return m;
}

// A bound on the angle (radians) between each edge normal a hull of the shape stores and the
// exact normal of that edge as its vertices round (convex_contact's `turn`): an aabb's are
// exact; a box's normals are its unit axes, exactly perpendicular to each other, and its
// corners c +- ex +- ey round by 2 ulps of |c| + hx + hy each, which turns an edge of length
// 2 h by 1.5 ulps of that over h, besides the half ulp of ex's own rounding (in eps: 0.7 + 1.5
// M / h; 4 + 8 M / h leaves room). A box too thin for that (or of zero extent) makes a hull of
// less than 3 vertices, which convex_contact(a, b, turn) leaves to the general path. A
// polygon where it was built carries its bound (Polygon::normal_turn); a moved one's vertices
// round again after its normals were made, by more the shorter its edges: 1 (radians) leaves it
// to the general path.
inline Real normal_turn(const Aabb&) { return 0; }
inline Real normal_turn(const Box& b) {
  const Vec2 h = b.half_extents;
  const Real mag = std::fabs(b.center.x) + std::fabs(b.center.y) + h.x + h.y;
  return std::numeric_limits<Real>::epsilon() * (4 + 8 * (mag / std::min(h.x, h.y)));
}
inline Real normal_turn(const Polygon& p) {
  const Vec2 o = p.offset();
  return o.x == 0 && o.y == 0 ? p.normal_turn() : Real(1);
}
// A shape whose hull's normals normal_turn bounds: an aabb, a box (kIsRect: a hull of four
// vertices unless degenerate), a polygon.
template <class T>
inline constexpr bool kIsRect = std::is_same_v<T, Aabb> || std::is_same_v<T, Box>;
template <class T>
inline constexpr bool kHasTurn = kIsRect<T> || std::is_same_v<T, Polygon>;

// Whether a box's core and the segment core s0-s1 are apart by more than R, as
// hull_stroke_contact's first test (bounds_apart of their bounding boxes) finds it, told before
// the box's hull is built: the hull's corners c +- ex +- ey round within 2 ulps of M = |c|_1 +
// hx + hy of their exact places, whose box is c +- (|cos| hx + |sin| hy, |sin| hx + |cos| hy)
// (as bounds(Box)), so that box widened by 8 ulps of M (its own sums round within 2 more) holds
// the hull's core box; the gap to it, rounded as bounds_gap rounds it, is then at most that
// test's (rounding is monotone). True only where that test would also say apart; false leaves
// it to that test.
[[gnu::always_inline]] inline bool box_stroke_apart(const Box& b, Vec2 s0, Vec2 s1, Real R) {
  const Vec2 c = b.center, h = b.half_extents;
  const Rot r = b.rot();
  const Real slack = 8 * std::numeric_limits<Real>::epsilon() * (std::fabs(c.x) + std::fabs(c.y) + h.x + h.y);
  const Real cc = std::fabs(r.c), ss = std::fabs(r.s);
  const Real ex = cc * h.x + ss * h.y + slack, ey = ss * h.x + cc * h.y + slack;
  const Vec2 lo = min(s0, s1), hi = max(s0, s1);
  const Real gap = std::max({lo.x - (c.x + ex), (c.x - ex) - hi.x, lo.y - (c.y + ey), (c.y - ey) - hi.y});
  return gap > R * (1 + 4 * std::numeric_limits<Real>::epsilon());
}

// contact's general path (two strokes with segment cores need no hulls) and closed forms.
struct ContactForms {
  template <class A, class B>
  static Manifold hulls(const A& a, const B& b) {
    if constexpr (std::is_same_v<A, Aabb> && std::is_same_v<B, Aabb>) {
      if (a.min.x < a.max.x && a.min.y < a.max.y && b.min.x < b.max.x && b.min.y < b.max.y)
        return aabb_pair_contact(a, b);
    }
    if constexpr (kIsStroke<A> && kIsStroke<B>) {
      if (!(a.a == a.b) && !(b.a == b.b))
        return segment_pair_contact(a.a, a.b, stroke_radius(a), b.a, b.b, stroke_radius(b));
    } else if constexpr (kIsStroke<A>) {
      static_assert(kHasTurn<B>);
      if constexpr (std::is_same_v<B, Box>) {
        if (box_stroke_apart(b, a.a, a.b, stroke_radius(a))) return {};
      }
      if constexpr (kIsRect<B>) return quad_stroke_contact(Hull(b), a.a, a.b, stroke_radius(a), true, normal_turn(b));
      else return hull_stroke_contact(Hull(b), a.a, a.b, stroke_radius(a), true, normal_turn(b));
    } else if constexpr (kIsStroke<B>) {
      static_assert(kHasTurn<A>);
      if constexpr (std::is_same_v<A, Box>) {
        if (box_stroke_apart(a, b.a, b.b, stroke_radius(b))) return {};
      }
      if constexpr (kIsRect<A>) return quad_stroke_contact(Hull(a), b.a, b.b, stroke_radius(b), false, normal_turn(a));
      else return hull_stroke_contact(Hull(a), b.a, b.b, stroke_radius(b), false, normal_turn(a));
    }
    if constexpr (kIsRect<A> && kIsRect<B>) return quad_contact(Hull(a), Hull(b), std::max(normal_turn(a), normal_turn(b)));
    if constexpr (kHasTurn<A> && kHasTurn<B>) return convex_contact(Hull(a), Hull(b), std::max(normal_turn(a), normal_turn(b)));
    return convex_contact(Hull(a), Hull(b));
  }
  static Manifold turned(const Manifold& m) { return flipped(m); }
  template <class O>
  static Manifold sector_other(const Sector& s, const O& o) { return sector_hull_contact(SectorParts(s), Hull(o)); }
  static Manifold sectors(const SectorParts& a, const SectorParts& b) { return sector_sector_contact(a, b); }
  // (Inline in contact<>, where disk_is_a is a constant; a polygon's as g++ chooses: its walk is
  // inline in disk_convex_contact already.)
  template <class O>
  [[gnu::always_inline]] static Manifold disk_hull(Vec2 c, Real rc, const O& o, bool disk_is_a) {
    return disk_convex_contact(c, rc, o, disk_is_a);
  }
  static Manifold disk_hull(Vec2 c, Real rc, const Polygon& o, bool disk_is_a) {
    return disk_convex_contact(c, rc, o, disk_is_a);
  }
  static Manifold disks(Vec2 ca, Real ra, Vec2 cb, Real rb) { return circle_circle_contact(ca, ra, cb, rb); }
};

}  // namespace
}  // namespace detail

template <ShapeType A, ShapeType B>
DistanceResult distance(const A& a, const B& b) {
  return route_pair<DistanceForms>(a, b);
}

template <ShapeType A, ShapeType B>
bool overlaps(const A& a, const B& b) {
  if constexpr (std::is_same_v<A, Aabb> && std::is_same_v<B, Aabb>) {
    return a.overlaps(b);
  } else if constexpr (std::is_same_v<A, Point> && std::is_same_v<B, Point>) {
    return a.at == b.at;
  } else if constexpr (std::is_same_v<A, Point> && std::is_same_v<B, Aabb>) {
    return b.contains(a.at);
  } else if constexpr (std::is_same_v<A, Aabb> && std::is_same_v<B, Point>) {
    return a.contains(b.at);
  } else if constexpr (kIsDisk<A> && kIsDisk<B>) {
    return within(dist2_w(disk_center(a), disk_center(b)), disk_radius(a) + disk_radius(b));
  } else if constexpr (std::is_same_v<A, Circle> && std::is_same_v<B, Aabb>) {
    return within(dist2_w(a.center, clamp_to(b, a.center)), a.radius);
  } else if constexpr (std::is_same_v<A, Aabb> && std::is_same_v<B, Circle>) {
    return within(dist2_w(b.center, clamp_to(a, b.center)), b.radius);
  } else if constexpr (kDiskAndHull<A, B>) {
    const auto d = disk_pair(a, b);
    if constexpr (std::is_same_v<std::decay_t<decltype(d.other)>, Box>) {
      return disk_box_overlaps(d.c, d.rc, d.other);
    } else {
      Hull h(d.other);
      Vec2 q;
      return !(point_core_distance(h, d.c, &q) > d.rc + h.radius);
    }
  } else if constexpr ((kIsSector<A> && kIsDisk<B>) || (kIsDisk<A> && kIsSector<B>)) {
    const auto d = disk_pair(a, b);
    return !(sector_point_distance(d.other, d.c).distance > d.rc);
  } else if constexpr (!kIsSector<A> && !kIsSector<B>) {
    return hull_overlaps(Hull(a), Hull(b));
  } else {
    return distance(a, b).distance <= 0;
  }
}

template <ShapeType A, ShapeType B>
Manifold contact(const A& a, const B& b) {
  return route_pair<ContactForms>(a, b);
}

std::optional<Invalid> validate(const Ray& r) {
  if (!is_finite(r.origin)) return Invalid{"origin", "must hold finite numbers"};
  if (!is_finite(r.direction)) return Invalid{"direction", "must hold finite numbers"};
  if (r.direction.x == 0 && r.direction.y == 0) return Invalid{"direction", "must be non-zero"};
  if (!std::isfinite(r.max_distance)) return Invalid{"max_distance", "must be a finite number"};
  if (r.max_distance < 0) return Invalid{"max_distance", "must be >= 0"};
  return std::nullopt;
}

// Explicit instantiations: every ordered pair of the eight shapes.
#define COLLIDE2D_PAIR(A, B)                                      \
  template bool overlaps<A, B>(const A&, const B&);               \
  template DistanceResult distance<A, B>(const A&, const B&);     \
  template Manifold contact<A, B>(const A&, const B&);
#define COLLIDE2D_ROW(A) COLLIDE2D_EACH_PAIR_WITH(COLLIDE2D_PAIR, A)
COLLIDE2D_EACH_SHAPE(COLLIDE2D_ROW)
#undef COLLIDE2D_ROW
#undef COLLIDE2D_PAIR

}  // namespace collide2d
