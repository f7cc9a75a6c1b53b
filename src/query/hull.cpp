// collide2d - 2D collision detection for games. MIT License.
// Hulls (convex polygon cores grown by a radius): construction, exact intersection test,
// closest points, separating axes and contact manifolds.
#include <algorithm>
#include <limits>
#include <new>

#include "query/convex.hpp"
#include "query/geometry.hpp"

namespace collide2d::inline COLLIDE2D_ABI::detail {

Hull::Hull(const Point& s) : v(vbuf), n(nbuf), count(1) { vbuf[0] = s.at; }
Hull::Hull(const Circle& s) : v(vbuf), n(nbuf), count(1), radius(s.radius), area(s.radius > 0) { vbuf[0] = s.center; }
Hull::Hull(const Segment& s) { set_segment(s.a, s.b, 0); }
Hull::Hull(const Capsule& s) { set_segment(s.a, s.b, s.radius); area = s.radius > 0; }
Hull::Hull(const Polygon& s) : v(s.base_vertices()), n(s.normals()), count(s.count()), radius(s.radius), area(true) {
  COLLIDE2D_ASSERT(count >= 3 && count <= Polygon::kMaxVertices);
  const Vec2 off = s.offset();
  if (off == Vec2{}) return;  // where it was built: its own storage
  Vec2* w = reinterpret_cast<Vec2*>(moved);
  for (int i = 0; i < count; ++i) new (&w[i]) Vec2(v[i] + off);
  v = w;
}

void Hull::set_segment(Vec2 a, Vec2 b, Real r) {
  v = vbuf;
  n = nbuf;
  radius = r;
  area = false;
  vbuf[0] = a;
  if (a == b) { count = 1; return; }
  count = 2;
  vbuf[1] = b;
  Vec2 d = normalize(b - a);
  nbuf[0] = {d.y, -d.x};
  nbuf[1] = {-d.y, d.x};
}

namespace {
// A box core from its center, unit axes and half extents; degenerate extents give a
// segment or a point, and a box too thin for the scalar to keep convex becomes a segment.
void set_box(Hull& h, Vec2 c, Vec2 ax, Vec2 ay, Real hx, Real hy) {
  if (hx == 0 && hy == 0) { h.v = h.vbuf; h.n = h.nbuf; h.count = 1; h.vbuf[0] = c; return; }
  if (hx == 0) { h.set_segment(c - ay * hy, c + ay * hy, 0); return; }
  if (hy == 0) { h.set_segment(c - ax * hx, c + ax * hx, 0); return; }
  h.v = h.vbuf;
  h.n = h.nbuf;
  h.count = 4;
  h.radius = 0;
  Vec2 ex = ax * hx, ey = ay * hy;
  h.vbuf[0] = c - ex - ey;
  h.vbuf[1] = c + ex - ey;
  h.vbuf[2] = c + ex + ey;
  h.vbuf[3] = c - ex + ey;
  h.nbuf[0] = -ay;
  h.nbuf[1] = ax;
  h.nbuf[2] = ay;
  h.nbuf[3] = -ax;
  h.area = true;
  // Each rounded corner is within 3 ulps of the largest coordinate magnitude of its true
  // place; extents well above that keep the rounded box convex without checking.
  const Real mag = std::fabs(c.x) + std::fabs(c.y) + hx + hy;
  if (std::min(hx, hy) > kRelEps * 2 * mag) return;
  for (int i = 0; i < 4; ++i) {
    if (orient(h.vbuf[i], h.vbuf[(i + 1) % 4], h.vbuf[(i + 2) % 4]) <= 0) {
      // Too thin for the scalar to keep its corners apart: the core is the long axis, but the
      // shape keeps its area (a segment pushed through it must still be pushed out).
      if (hx >= hy) h.set_segment(c - ex, c + ex, 0);
      else h.set_segment(c - ey, c + ey, 0);
      h.area = true;
      return;
    }
  }
}
}  // namespace

Hull::Hull(const Aabb& s) {
  Vec2 c = s.center(), he = s.half_extents();
  if (s.min.x < s.max.x && s.min.y < s.max.y) {
    v = vbuf; n = nbuf; count = 4;
    vbuf[0] = s.min; vbuf[1] = {s.max.x, s.min.y}; vbuf[2] = s.max; vbuf[3] = {s.min.x, s.max.y};
    nbuf[0] = {0, -1}; nbuf[1] = {1, 0}; nbuf[2] = {0, 1}; nbuf[3] = {-1, 0};
    area = true;
  } else if (s.min.x < s.max.x) {
    set_segment(s.min, {s.max.x, s.min.y}, 0);
  } else if (s.min.y < s.max.y) {
    set_segment(s.min, {s.min.x, s.max.y}, 0);
  } else {
    set_box(*this, c, {1, 0}, {0, 1}, he.x, he.y);
  }
}

Hull::Hull(const Box& s) { set_box(*this, s.center, s.rot().x_axis(), s.rot().y_axis(), s.half_extents.x, s.half_extents.y); }

Vec2 Hull::support(Vec2 d) const {
  int best = 0;
  Real bv = dot(v[0], d);
  for (int i = 1; i < count; ++i) {
    Real x = dot(v[i], d);
    if (x > bv) { bv = x; best = i; }
  }
  return v[best];
}

bool Hull::has_area() const { return area || radius > 0; }

Real point_hull_distance(const Hull& h, Vec2 p, Vec2* nearest) {
  if (h.count >= 3) {
    bool inside = true;
    for (int i = 0; i < h.count && inside; ++i)
      if (orient(h.v[i], h.v[i + 1 == h.count ? 0 : i + 1], p) < 0) inside = false;
    if (inside) { if (nearest) *nearest = p; return 0; }
  }
  Real best = std::numeric_limits<Real>::max();
  Vec2 bp = h.v[0];
  int edges = h.count == 1 ? 1 : (h.count == 2 ? 1 : h.count);
  for (int i = 0; i < edges; ++i) {
    Vec2 q = h.count == 1 ? h.v[0] : closest_on_segment(p, h.v[i], h.v[i + 1 == h.count ? 0 : i + 1]);
    Real d = length_sq(q - p);
    if (d < best) { best = d; bp = q; }
  }
  if (nearest) *nearest = bp;
  return length(bp - p);
}

namespace {
// point_core_distance, and for a polygon core (count >= 3) also the largest separation of p
// along the edge normals and its edge (the first largest), as separation_axis finds them. A
// caller that only needs distances up to `beyond` gets, for a polygon core whose separation
// alone shows the exact distance is more than that, that separation (> beyond) with nothing
// measured (nearest is then p).
// Longer than 80 lines on purpose: a hot kernel whose clear-outside fast path (Box2D's walk) and
// exact path share the separation loop's outputs; split, the steps would pass five results by pointer.
Real point_core_distance_sep(const Hull& h, Vec2 p, Real beyond, Vec2* nearest, Real* sep, int* sep_edge) {
  Vec2 bp = h.v[0];
  if (h.count == 1) {
    *nearest = bp;
    if (p == bp) return 0;
    return length(bp - p);
  }
  if (h.count == 2) {
    Vec2 a = h.v[0], b = h.v[1];
    if (on_segment(a, b, p)) {
      *nearest = p;
      return 0;
    }
    bp = closest_on_segment(p, a, b);
    *nearest = bp;
    return length(bp - p);
  }
  const int n = h.count;
  // A point clearly outside (the common case) needs no exact test: its largest separation
  // along the stored edge normals exceeds that value's rounding (separation_slack). The nearest core point then lies on that
  // edge or on a neighbour whose separation is not negative (the nearest feature of a convex
  // polygon touches the edge of largest separation): Box2D's disk-polygon walk, with the
  // distance measured as below.
  {
    int im = 0;
    Real sm = -std::numeric_limits<Real>::max();
    for (int i = 0; i < n; ++i) {
      const Real si = dot(h.n[i], p - h.v[i]);
      if (si > sm) { sm = si; im = i; }
    }
    *sep = sm;
    *sep_edge = im;
    const Vec2 w = p - h.v[im];
    const Real slack = separation_slack(std::fabs(w.x) + std::fabs(w.y), p);
    if (sm > slack) {
      // The exact distance is at least the exact separation, more than sm - slack: beyond
      // `beyond` (4 eps of it cover its and this sum's rounding) the caller needs no more.
      if (sm > slack + beyond * (1 + 4 * std::numeric_limits<Real>::epsilon())) {
        *nearest = p;
        return sm;
      }
      const int prev = im == 0 ? n - 1 : im - 1, next = im + 1 == n ? 0 : im + 1;
      Vec2 q_im;  // edge im's nearest point to p
      // p projects strictly inside edge im: its nearest point is there (every other point of
      // the polygon is further than that edge's line), the neighbours need no measuring.
      {
        const Vec2 e = h.v[next] - h.v[im];
        const Real num = dot(w, e), ee = dot(e, e);
        if (num > 0 && num < ee) {
          const Real t = num / ee;
          if (t < 1) {
            bp = h.v[im] + e * t;  // closest_on_segment's interior point, the same operations
            *nearest = bp;
            return length(bp - p);
          }
        }
        // Otherwise closest_on_segment on edge im returns an end (its t = num / ee is <= 0
        // for num <= 0, >= 1 otherwise, or the edge rounds to no length): no need to run it.
        q_im = num > 0 && ee > 0 ? h.v[next] : h.v[im];
      }
      int cand[3] = {prev, im, next};  // in index order, as the exact loop below visits them
      if (prev > im) cand[0] = im, cand[1] = next, cand[2] = prev;
      else if (next < im) cand[0] = next, cand[1] = prev, cand[2] = im;
      Real best = std::numeric_limits<Real>::max();
      for (int i : cand) {
        if (i != im && dot(h.n[i], p - h.v[i]) < 0) continue;
        const Vec2 q = i == im ? q_im : closest_on_segment(p, h.v[i], h.v[i + 1 == n ? 0 : i + 1]);
        const Real d = length_sq(q - p);
        if (d < best) { best = d; bp = q; }
      }
      *nearest = bp;
      return length(bp - p);
    }
    if (clearly_inside(h.v, h.count, p, sm)) { *nearest = p; return 0; }
  }
  // Near the boundary or inside: all orientations, exactly, without branches (the inside test
  // needs every one of them).
  Wide o[Polygon::kMaxVertices];
  Wide lowest = 0;
  for (int i = 0; i < n; ++i) {
    o[i] = orient(h.v[i], h.v[i + 1 == n ? 0 : i + 1], p);
    lowest = std::min(lowest, o[i]);
  }
  if (lowest >= 0) { *nearest = p; return 0; }
  Real best = std::numeric_limits<Real>::max();
  for (int i = 0; i < n; ++i) {
    if (o[i] >= 0) continue;
    Vec2 q = closest_on_segment(p, h.v[i], h.v[i + 1 == n ? 0 : i + 1]);
    Real d = length_sq(q - p);
    if (d < best) { best = d; bp = q; }
  }
  *nearest = bp;
  return length(bp - p);
}
}  // namespace

// Distance from p to the core of h with an exact (for float input) containment test for every
// core kind: 0 (and nearest = p) exactly when p lies in the closed core. Only the edges p lies
// strictly outside of can hold the nearest point, so only they are measured.
Real point_core_distance(const Hull& h, Vec2 p, Vec2* nearest) {
  Real sep;
  int edge;
  return point_core_distance_sep(h, p, std::numeric_limits<Real>::max(), nearest, &sep, &edge);
}

namespace {

// Exact (for float input) test whether two segments a0-a1 and b0-b1 (each of two distinct
// points) are disjoint: what cores_separated's axes decide for two segment cores, in at most
// four orientations (a strict common side of either line), or, when all four points are on
// one line, the end caps (b entirely beyond one end of a).
bool segments_separated(Vec2 a0, Vec2 a1, Vec2 b0, Vec2 b1) {
  const Wide o0 = orient(a0, a1, b0), o1 = orient(a0, a1, b1);
  if ((o0 > 0 && o1 > 0) || (o0 < 0 && o1 < 0)) return true;
  const Wide o2 = orient(b0, b1, a0), o3 = orient(b0, b1, a1);
  if ((o2 > 0 && o3 > 0) || (o2 < 0 && o3 < 0)) return true;
  if (o0 != 0 || o1 != 0) return false;  // the lines cross within both segments
  return (dot_w(a1, b0, a0, a1) > 0 && dot_w(a1, b1, a0, a1) > 0) ||
         (dot_w(a0, b0, a0, a1) < 0 && dot_w(a0, b1, a0, a1) < 0);
}

// Exact (for float input) test whether the cores are separated by one of the candidate axes.
bool cores_separated(const Hull& a, const Hull& b) {
  if (a.count == 1 && b.count == 1) return !(a.v[0] == b.v[0]);
  if (a.count == 2 && b.count == 2) return segments_separated(a.v[0], a.v[1], b.v[0], b.v[1]);
  // Whether an edge of h (or an end cap of a segment core) has all of o strictly beyond it.
  // `meets` is set when h is a polygon core and no edge has o's first vertex beyond it: that
  // vertex lies in h, so the cores meet and no axis of o can separate them either.
  auto by_edges = [](const Hull& h, const Hull& o, bool& meets) {
    if (h.count < 2) return false;
    int edges = h.count == 2 ? 2 : h.count;
    bool first_in = h.count >= 3;
    for (int i = 0; i < edges; ++i) {
      Vec2 p = h.v[i], q = h.v[i + 1 == h.count ? 0 : i + 1];
      bool all = orient(p, q, o.v[0]) < 0;
      first_in = first_in && !all;
      for (int j = 1; j < o.count && all; ++j) all = orient(p, q, o.v[j]) < 0;
      if (all) return true;
    }
    meets = first_in;
    if (h.count == 2) {  // end caps
      bool beyond1 = true, beyond0 = true;
      for (int j = 0; j < o.count; ++j) {
        beyond1 = beyond1 && dot_w(h.v[1], o.v[j], h.v[0], h.v[1]) > 0;
        beyond0 = beyond0 && dot_w(h.v[0], o.v[j], h.v[0], h.v[1]) < 0;
      }
      if (beyond1 || beyond0) return true;
    }
    return false;
  };
  // (The larger core's edges first, so that a polygon core can find the other's vertex in it;
  // the order does not change the answer, which is exact.)
  const Hull& h = a.count >= b.count ? a : b;
  const Hull& o = a.count >= b.count ? b : a;
  bool meets = false;
  if (by_edges(h, o, meets)) return true;
  return !meets && by_edges(o, h, meets);
}

}  // namespace

namespace {
// vertex_inside, where the caller may give the projections `proj` of in's vertices on a
// direction and a range [lo, hi] that holds every vertex of `by` that can contain one (with a
// margin for their rounding): a vertex projected outside it lies outside `by`, untested.
bool vertex_inside_range(const Hull& in, const Hull& by, const Real* proj, Real lo, Real hi, Vec2* out) {
  for (int j = 0; j < in.count; ++j) {
    if (proj && (proj[j] < lo || proj[j] > hi)) continue;
    bool inside = true;
    for (int i = 0; i < by.count && inside; ++i) inside = orient(by.v[i], by.v[i + 1 == by.count ? 0 : i + 1], in.v[j]) >= 0;
    if (inside) {
      *out = in.v[j];
      return true;
    }
  }
  return false;
}
}  // namespace

// A vertex of `in` that lies in the closed polygon core `by` (count >= 3), decided exactly
// (for float input); false when none does.
bool vertex_inside(const Hull& in, const Hull& by, Vec2* out) {
  return vertex_inside_range(in, by, nullptr, 0, 0, out);
}

namespace {

// A point common to two intersecting cores. Against a polygon core, first a vertex of the other
// core in it, or of it in the other polygon core (at most a few orientations per vertex: a
// vertex outside fails at its first edge it is outside of); only crossings without a contained
// vertex (two bars in a cross, a segment through a polygon) are clipped.
Vec2 clipped_common(const Hull& a, const Hull& b);
Vec2 common_point(const Hull& a, const Hull& b) {
  if (a.count == 1) return a.v[0];
  if (b.count == 1) return b.v[0];
  if (a.count == 2 && b.count == 2) return segment_segment_common(a.v[0], a.v[1], b.v[0], b.v[1]);
  Vec2 p;
  if ((a.count >= 3 && vertex_inside(b, a, &p)) || (b.count >= 3 && vertex_inside(a, b, &p))) return p;
  return clipped_common(a, b);
}

// common_point's last step, for crossing cores (one a polygon core) with no vertex of either in
// the other: the mean of the crossing's clipped outline.
Vec2 clipped_common(const Hull& a, const Hull& b) {
  const Hull& clip_by = a.count >= 3 ? a : b;
  const Hull& clipped = a.count >= 3 ? b : a;
  union Buf {  // uninitialized scratch (Vec2's member initializers would zero 2 KiB per call)
    Vec2 v[2][Polygon::kMaxVertices * 2 + 8];
    Buf() {}
  } storage;
  auto& buf = storage.v;
  int m = clipped.count;
  for (int i = 0; i < m; ++i) buf[0][i] = clipped.v[i];
  int cur = 0;
  for (int e = 0; e < clip_by.count && m > 0; ++e) {
    const Vec2 p = clip_by.v[e], q = clip_by.v[e + 1 == clip_by.count ? 0 : e + 1];
    // An edge with every point on its left or on it keeps them all, as they are: only the
    // others are clipped (most edges of a crossing leave it whole).
    int i = 0;
    while (i < m && orient(p, q, buf[cur][i]) >= 0) ++i;
    if (i < m) m = clip_polygon_halfplane(buf[cur], m, p, q, buf[1 - cur]), cur = 1 - cur;
  }
  if (m > 0) {
    Vec2 s{0, 0};
    for (int i = 0; i < m; ++i) s += buf[cur][i];
    return s / Real(m);
  }
  // Rounding emptied the clip of a touching pair: the closest vertex-edge pair is ~0 apart.
  Vec2 pa, pb;
  brute_closest(a.v, a.count, b.v, b.count, &pa, &pb);
  return (pa + pb) * Real(0.5);
}

// Squared distance from p (outside the core, exactly) to the core of h and the nearest core
// point: only the edges p lies strictly outside of can hold it.
Real vertex_core_d2(const Hull& h, Vec2 p, Vec2* q) {
  if (h.count == 1) { *q = h.v[0]; return length_sq(h.v[0] - p); }
  if (h.count == 2) { *q = closest_on_segment(p, h.v[0], h.v[1]); return length_sq(*q - p); }
  Real best = std::numeric_limits<Real>::max();
  for (int i = 0; i < h.count; ++i) {
    Vec2 a = h.v[i], b = h.v[i + 1 == h.count ? 0 : i + 1];
    if (orient(a, b, p) >= 0) continue;
    Vec2 c = closest_on_segment(p, a, b);
    Real d = length_sq(c - p);
    if (d < best) { best = d; *q = c; }
  }
  return best;
}

// Two cores' vertices projected on the unit direction d between their vertex centroids (as
// disjoint_closest takes it, the same bits): a's furthest along d (a_max, at ia), b's least
// (b_min, at ib), and a margin for the projections' rounding, so that b_min - a_max - margin
// bounds the exact distance from below and a projection difference less the margin bounds the
// distance of the two features projected.
struct Projections {
  Real pa[Polygon::kMaxVertices], pb[Polygon::kMaxVertices];
  Real a_max = -std::numeric_limits<Real>::max(), b_min = std::numeric_limits<Real>::max();
  Real margin = 0;
  int ia = 0, ib = 0;
  Projections(const Hull& a, const Hull& b) {
    Vec2 ca{0, 0}, cb{0, 0};
    Real big = 0;
    for (int i = 0; i < a.count; ++i) {
      ca += a.v[i];
      big = std::max({big, std::fabs(a.v[i].x), std::fabs(a.v[i].y)});
    }
    for (int i = 0; i < b.count; ++i) {
      cb += b.v[i];
      big = std::max({big, std::fabs(b.v[i].x), std::fabs(b.v[i].y)});
    }
    const Vec2 d = normalize(cb / Real(b.count) - ca / Real(a.count));
    for (int i = 0; i < a.count; ++i) {
      pa[i] = dot(d, a.v[i]);
      if (pa[i] > a_max) { a_max = pa[i]; ia = i; }
    }
    for (int i = 0; i < b.count; ++i) {
      pb[i] = dot(d, b.v[i]);
      if (pb[i] < b_min) { b_min = pb[i]; ib = i; }
    }
    margin = kRelEps * 4 * big;
  }
  // Whether the projections alone prove the cores disjoint (their gap is a lower bound).
  bool apart() const { return b_min - a_max - margin > 0; }
};

// Closest points of two disjoint cores: brute_closest's vertex-edge minimum, measuring each
// vertex only against the edges it lies strictly outside of, and skipping the vertices whose
// gap along the direction between the cores' vertex centroids (a lower bound of their distance
// to the other core, less a margin for rounding) already exceeds the best distance found. A
// caller that only needs distances up to `beyond` gets, when the cores' gap along that
// direction alone shows the exact distance is more than that, the gap (> beyond) with the
// points left at the first vertices. projected_closest: the same for cores of more than 4
// vertices between them, given their Projections (core_distance has them already).
Real projected_closest(const Hull& a, const Hull& b, const Projections& pr, Real beyond, Vec2* pa, Vec2* pb) {
  Real best = std::numeric_limits<Real>::max();
  *pa = a.v[0];
  *pb = b.v[0];
  Vec2 q;
  const Real* pa_dot = pr.pa;
  const Real* pb_dot = pr.pb;
  const Real a_max = pr.a_max, b_min = pr.b_min, margin = pr.margin;
  const int ia = pr.ia, ib = pr.ib;
  // The gap bounds the exact distance from below; the second margin and 16 eps of beyond
  // cover this test's own rounding.
  const Real gap = b_min - a_max - margin;
  if (gap > beyond * (1 + 16 * std::numeric_limits<Real>::epsilon()) + margin) return gap;
  // The likeliest vertices first, so that the bound prunes the rest.
  {
    Real dd = vertex_core_d2(b, a.v[ia], &q);
    if (dd < best) { best = dd; *pa = a.v[ia]; *pb = q; }
    dd = vertex_core_d2(a, b.v[ib], &q);
    if (dd < best) { best = dd; *pa = q; *pb = b.v[ib]; }
  }
  for (int i = 0; i < a.count; ++i) {
    if (i == ia) continue;
    Real lb = b_min - pa_dot[i] - margin;
    if (lb > 0 && lb * lb > best) continue;
    Real dd = vertex_core_d2(b, a.v[i], &q);
    if (dd < best) { best = dd; *pa = a.v[i]; *pb = q; }
  }
  for (int i = 0; i < b.count; ++i) {
    if (i == ib) continue;
    Real lb = pb_dot[i] - a_max - margin;
    if (lb > 0 && lb * lb > best) continue;
    Real dd = vertex_core_d2(a, b.v[i], &q);
    if (dd < best) { best = dd; *pa = q; *pb = b.v[i]; }
  }
  return length(*pb - *pa);
}
Real disjoint_closest(const Hull& a, const Hull& b, Real beyond, Vec2* pa, Vec2* pb) {
  if (a.count + b.count > 4) return projected_closest(a, b, Projections(a, b), beyond, pa, pb);
  // Small cores: the plain scan.
  Real best = std::numeric_limits<Real>::max();
  *pa = a.v[0];
  *pb = b.v[0];
  Vec2 q;
  for (int i = 0; i < a.count; ++i) {
    Real d = vertex_core_d2(b, a.v[i], &q);
    if (d < best) { best = d; *pa = a.v[i]; *pb = q; }
  }
  for (int i = 0; i < b.count; ++i) {
    Real d = vertex_core_d2(a, b.v[i], &q);
    if (d < best) { best = d; *pa = q; *pb = b.v[i]; }
  }
  return length(*pb - *pa);
}

}  // namespace

namespace {

// Whether a lower bound lb of a distance shows that distance's square is above best.
inline bool beyond_best(Real lb, Real best) { return lb > 0 && lb * lb > best; }

// Visits the indices f, f + 1, ... and then b, b - 1, ... (modulo n), at most `limit` in all
// (so no index twice when the two runs start next to each other), each run until `stop` holds.
// Around a convex core the vertices' projections on a direction rise from the least to the
// largest and fall back: from the extreme vertex, the first index a bound stops is followed by
// none it would not stop.
template <class Stop, class Visit>
void walk_both_ways(int n, int f, int b, int limit, Stop stop, Visit visit) {
  int k = 0;
  for (int i = f; k < limit && !stop(i); ++k, i = i + 1 == n ? 0 : i + 1) visit(i);
  for (int i = b; k < limit && !stop(i); ++k, i = i == 0 ? n - 1 : i - 1) visit(i);
}

// vertex_core_d2 of p (projected at pp) against h (projections ph, h on the side away from p
// when kAbove), skipping the edges whose projected gap shows them further than `best`: the
// same nearest point whenever the answer is below best (a skipped edge is further than best,
// so neither the least nor the first least). The edges are measured from the two beside h's
// vertex `near` (its extreme towards p, where the nearest point mostly lies) round the core
// both ways, each way up to the first edge the gap skips (the gaps rise away from `near`); an
// equal distance keeps the lower edge index, as the scan in index order does.
template <bool kAbove>
Real vertex_core_d2_within(const Hull& h, const Real* ph, Vec2 p, Real pp, Real margin, Real best, int near, Vec2* q) {
  if (h.count < 3) return vertex_core_d2(h, p, q);
  const int n = h.count;
  Real local = std::numeric_limits<Real>::max(), bound = best;
  int local_i = n;
  auto skip = [&](int i) {
    const int j = i + 1 == n ? 0 : i + 1;
    return beyond_best((kAbove ? std::min(ph[i], ph[j]) - pp : pp - std::max(ph[i], ph[j])) - margin, bound);
  };
  auto measure = [&](int i) {
    const Vec2 a = h.v[i], b = h.v[i + 1 == n ? 0 : i + 1];
    if (orient(a, b, p) >= 0) return;
    const Vec2 c = closest_on_segment(p, a, b);
    const Real d = length_sq(c - p);
    if (d < local || (d == local && i < local_i)) {
      local = d;
      local_i = i;
      bound = std::min(best, local);
      *q = c;
    }
  };
  // (Up to 4 edges the plain scan from `near` costs less than the walk's second run.)
  if (n > 4) walk_both_ways(n, near, near == 0 ? n - 1 : near - 1, n, skip, measure);
  else
    for (int k = 0, i = near == 0 ? n - 1 : near - 1; k < n; ++k, i = i + 1 == n ? 0 : i + 1)
      if (!skip(i)) measure(i);
  return local;
}

// disjoint_closest (unlimited) of two cores the projections prove disjoint, the same points:
// brute_closest's first least in the order ia, ib, then a's and b's other vertices. Each
// vertex is measured only against the edges its projected gap does not rule out, and the
// other vertices are walked from ia (ib) both ways up to the first one whose gap rules it out
// (the gaps rise away from it); an equal distance keeps the one earlier in that order.
Real apart_closest(const Hull& a, const Hull& b, const Projections& pr, Vec2* pa, Vec2* pb) {
  Real best = std::numeric_limits<Real>::max();
  int best_rank = 0;
  *pa = a.v[0];
  *pb = b.v[0];
  Vec2 q;
  auto take = [&](Real dd, int rank, Vec2 qa, Vec2 qb) {
    if (dd < best || (dd == best && rank < best_rank)) { best = dd; best_rank = rank; *pa = qa; *pb = qb; }
  };
  auto from_a = [&](int i) {
    Real dd = vertex_core_d2_within<true>(b, pr.pb, a.v[i], pr.pa[i], pr.margin, best, pr.ib, &q);
    take(dd, i == pr.ia ? 0 : 2 + i, a.v[i], q);
  };
  auto from_b = [&](int i) {
    Real dd = vertex_core_d2_within<false>(a, pr.pa, b.v[i], pr.pb[i], pr.margin, best, pr.ia, &q);
    take(dd, i == pr.ib ? 1 : 2 + a.count + i, q, b.v[i]);
  };
  from_a(pr.ia);
  from_b(pr.ib);
  auto a_far = [&](int i) { return beyond_best(pr.b_min - pr.pa[i] - pr.margin, best); };
  auto b_far = [&](int i) { return beyond_best(pr.pb[i] - pr.a_max - pr.margin, best); };
  const int na = a.count, nb = b.count;
  if (na > 4) walk_both_ways(na, pr.ia + 1 == na ? 0 : pr.ia + 1, pr.ia == 0 ? na - 1 : pr.ia - 1, na - 1, a_far, from_a);
  else
    for (int i = 0; i < na; ++i)
      if (i != pr.ia && !a_far(i)) from_a(i);
  if (nb > 4) walk_both_ways(nb, pr.ib + 1 == nb ? 0 : pr.ib + 1, pr.ib == 0 ? nb - 1 : pr.ib - 1, nb - 1, b_far, from_b);
  else
    for (int i = 0; i < nb; ++i)
      if (i != pr.ib && !b_far(i)) from_b(i);
  return length(*pb - *pa);
}

}  // namespace

DistanceResult core_distance(const Hull& a, const Hull& b) {
  if (a.count + b.count > 4) {  // (smaller cores: the plain scan)
    const Projections pr(a, b);
    if (pr.apart()) {
      DistanceResult r;
      r.distance = apart_closest(a, b, pr, &r.point_a, &r.point_b);
      return r;
    }
    // A vertex of one core in the other (a polygon): the cores meet, and that vertex is
    // common_point's answer (its first test, in the same order).
    // (b's vertices projected beyond a_max, or a's below b_min, by more than the projections'
    // rounding lie outside the other core.)
    constexpr Real kBig = std::numeric_limits<Real>::max();
    Vec2 p;
    if ((a.count >= 3 && vertex_inside_range(b, a, pr.pb, -kBig, pr.a_max + pr.margin, &p)) ||
        (b.count >= 3 && vertex_inside_range(a, b, pr.pa, pr.b_min - pr.margin, kBig, &p)))
      return {0, p, p};
    // (No vertex of one in the other: common_point would clip.)
    if (!cores_separated(a, b)) {
      p = a.count == 1 ? a.v[0] : (b.count == 1 ? b.v[0] : clipped_common(a, b));
      return {0, p, p};
    }
    DistanceResult r;
    r.distance = projected_closest(a, b, pr, std::numeric_limits<Real>::max(), &r.point_a, &r.point_b);
    return r;
  } else if (!cores_separated(a, b)) {
    Vec2 p = common_point(a, b);
    return {0, p, p};
  }
  Vec2 pa, pb;
  Real d = disjoint_closest(a, b, std::numeric_limits<Real>::max(), &pa, &pb);
  return {d, pa, pb};
}

bool hull_overlaps(const Hull& a, const Hull& b) {
  if (!cores_separated(a, b)) return true;
  const Real R = a.radius + b.radius;
  if (R == 0) return false;
  Vec2 pa, pb;
  return !(disjoint_closest(a, b, R, &pa, &pb) > R);
}

DistanceResult grow(const DistanceResult& core, Real ra, Real rb) {
  Real d = core.distance;
  if (d > ra + rb) {
    Vec2 n = (core.point_b - core.point_a) / d;
    return {d - ra - rb, core.point_a + n * ra, core.point_b - n * rb};
  }
  if (d == 0) return {0, core.point_a, core.point_a};
  Vec2 n = (core.point_b - core.point_a) / d;
  Vec2 p = core.point_a + n * std::min(ra, d);
  return {0, p, p};
}

Manifold flipped(Manifold m) {
  m.normal = -m.normal;
  return m;
}

namespace {

struct Axis {
  Real s = -std::numeric_limits<Real>::max();
  Vec2 n{1, 0};
};

// Largest separation over the candidate axes (edge normals and segment end caps of both);
// its negation is the penetration depth of the cores and `n` the direction to push b. kStop:
// once a's axes give a separation above `stop`, that (b's axes are not scanned). (Inlined into
// its one caller: left to itself, g++ calls it and the contact rows take ~100 instructions more
// per call.)
template <bool kStop = false>
[[gnu::always_inline]] inline Axis max_separation(const Hull& a, const Hull& b, Real stop = 0) {
  Axis best;
  if (a.count == 1 && b.count == 1) {
    Vec2 d = b.v[0] - a.v[0];
    Real l = length(d);
    best.s = l;
    best.n = l > 0 ? d / l : Vec2{0, 1};
    return best;
  }
  auto scan = [&](const Hull& h, const Hull& o, Real sign) {
    if (h.count < 2) return;
    int edges = h.count == 2 ? 2 : h.count;
    for (int i = 0; i < edges; ++i) {
      Vec2 nn = h.n[i];
      Real s = std::numeric_limits<Real>::max();
      // (s only falls: once it is no more than the best, this edge cannot win)
      for (int j = 0; j < o.count && s > best.s; ++j) s = std::min(s, dot(nn, o.v[j] - h.v[i]));
      if (s > best.s) { best.s = s; best.n = nn * sign; }
    }
    if (h.count == 2) {  // the end caps (each, as an edge, given up once it cannot win)
      Vec2 d = perp(h.n[0]);  // direction v0 -> v1
      Real s1 = std::numeric_limits<Real>::max(), s0 = s1;
      for (int j = 0; j < o.count && s1 > best.s; ++j) s1 = std::min(s1, dot(d, o.v[j] - h.v[1]));
      if (s1 > best.s) { best.s = s1; best.n = d * sign; }
      for (int j = 0; j < o.count && s0 > best.s; ++j) s0 = std::min(s0, -dot(d, o.v[j] - h.v[0]));
      if (s0 > best.s) { best.s = s0; best.n = -d * sign; }
    }
  };
  scan(a, b, 1);
  if (!kStop || !(best.s > stop)) scan(b, a, -1);
  return best;
}

#if defined(__GNUC__)
using V4 = Real __attribute__((vector_size(4 * sizeof(Real))));
// The four candidate axes of a core of four vertices or of a segment core, in max_separation's
// order, each a point on it (px, py) and its direction (nx, ny): the edges; or the sides, then
// the end cap at v1 (direction d = v0 -> v1) and the one at v0 (-d: its separation the negation
// of max_separation's -dot(d, .) term by term, the same value, a zero's sign aside, which
// neither the comparisons nor the depth R - s sees).
struct QuadAxes {
  V4 px, py, nx, ny;
  explicit QuadAxes(const Hull& h) {
    const Vec2* v = h.v;
    const Vec2* n = h.n;
    if (h.count == 4) {
      px = V4{v[0].x, v[1].x, v[2].x, v[3].x}, py = V4{v[0].y, v[1].y, v[2].y, v[3].y};
      nx = V4{n[0].x, n[1].x, n[2].x, n[3].x}, ny = V4{n[0].y, n[1].y, n[2].y, n[3].y};
    } else {
      const Vec2 d = perp(n[0]);
      px = V4{v[0].x, v[1].x, v[1].x, v[0].x}, py = V4{v[0].y, v[1].y, v[1].y, v[0].y};
      nx = V4{n[0].x, n[1].x, d.x, -d.x}, ny = V4{n[0].y, n[1].y, d.y, -d.y};
    }
  }
  // Each axis's separation as max_separation computes it (the least over o's vertices, in
  // their order, of dot(n, v - p), from Real max), all four in the lanes of one vector (the
  // same operations lane by lane), without the per-axis exits, which only skip axes that cannot
  // win; then the largest, scanned in order (a later axis wins only when strictly greater)
  // into `best`, its direction times `sign`.
  void scan(const Hull& o, Real sign, Axis& best) const {
    V4 m = V4{} + std::numeric_limits<Real>::max();
    for (int j = 0; j < o.count; ++j) {
      const V4 d = nx * (o.v[j].x - px) + ny * (o.v[j].y - py);
      m = d < m ? d : m;  // std::min(m, d) per lane
    }
    for (int i = 0; i < 4; ++i)
      if (m[i] > best.s) best.s = m[i], best.n = Vec2{nx[i], ny[i]} * sign;
  }
};
#endif

// max_separation (kStop included) for two cores of four vertices each or one such and a segment
// core (four candidate axes each: edges, or sides and end caps): the same separations compared
// in the same order, so the same axis (QuadAxes::scan). (Other compilers: max_separation.)
template <bool kStop = false>
[[gnu::always_inline]] inline Axis quad_separation(const Hull& a, const Hull& b, Real stop = 0) {
#if defined(__GNUC__)
  Axis best;
  QuadAxes(a).scan(b, 1, best);
  if (!kStop || !(best.s > stop)) QuadAxes(b).scan(a, -1, best);
  return best;
#else
  return max_separation<kStop>(a, b, stop);
#endif
}

// The edge of h whose normal is most aligned with d, if aligned within the tolerance.
int aligned_edge(const Hull& h, Vec2 d) {
  if (h.count < 2) return -1;
  int edges = h.count == 2 ? 2 : h.count;
  int best = -1;
  Real bv = Real(1) - Real(1e-4);
  for (int i = 0; i < edges; ++i) {
    Real x = dot(h.n[i], d);
    if (x >= bv) { bv = x; best = i; }
  }
  return best;
}

// The bounding box of h's core (or of the segment core a-b: the same box as its hull's).
struct CoreBounds {
  Vec2 lo, hi;
  explicit CoreBounds(const Hull& h) : lo(h.v[0]), hi(h.v[0]) {
    for (int i = 1; i < h.count; ++i) { lo = min(lo, h.v[i]); hi = max(hi, h.v[i]); }
  }
  CoreBounds(Vec2 a, Vec2 b) : lo(min(a, b)), hi(max(a, b)) {}
};

// The widest gap between two cores' bounding boxes along x or y (negative where they overlap
// along both): the exact gap bounds the cores' distance from below, and each difference rounds
// by half an ulp of itself.
Real bounds_gap(const CoreBounds& a, const CoreBounds& b) {
  return std::max({b.lo.x - a.hi.x, a.lo.x - b.hi.x, b.lo.y - a.hi.y, a.lo.y - b.hi.y});
}

}  // namespace

int clip_contact_points(Vec2 r1, Vec2 r2, Vec2 nref, Real rref, Vec2 i1, Vec2 i2, Real rinc,
                        Real slack, Vec2 out[2]) {
  Vec2 t = r2 - r1;
  Real d1 = dot(t, i1 - r1), d2 = dot(t, i2 - r1);
  if (d1 < 0 && d2 < 0) return 0;
  if (d1 < 0) i1 = i1 + (i2 - i1) * (d1 / (d1 - d2)), d1 = 0;
  else if (d2 < 0) i2 = i2 + (i1 - i2) * (d2 / (d2 - d1)), d2 = 0;
  Real tt = dot(t, t);
  Real e1 = d1 - tt, e2 = d2 - tt;
  if (e1 > 0 && e2 > 0) return 0;
  if (e1 > 0) i1 = i1 + (i2 - i1) * (e1 / (e1 - e2));
  else if (e2 > 0) i2 = i2 + (i1 - i2) * (e2 / (e2 - e1));
  int k = 0;
  for (Vec2 q : {i1, i2}) {
    Real s = dot(q - r1, nref);
    if (rref + rinc - s < -slack) continue;
    out[k++] = q + nref * ((rref - s - rinc) * Real(0.5));
  }
  if (k == 2 && length_sq(out[1] - out[0]) <= slack * slack) k = 1;
  return k;
}

namespace {
// Bounding boxes apart by more than R: the cores are further apart than R (4 eps of R cover
// the gap's rounding and R's), so there is no contact, whichever path would say so.
bool bounds_apart(Real gap, Real R) { return gap > R * (1 + 4 * std::numeric_limits<Real>::epsilon()); }

// Whether a polygon core (count >= 3) and a polygon or segment core (count >= 2) are disjoint,
// as cores_separated decides it, from their largest separation `ax` (max_separation's: the least
// over the other core's vertices of dot(n, v - p) for each stored edge normal n through its
// vertex p, and a segment core's end caps) where it is clear of its rounding: every offset v - p
// is within `width` (1-norm) and rounds with dot(n, .) by less than 4 eps of it, and a stored
// normal (or cap direction) within `turn` (radians) of its edge's exact normal moves the
// separation by less than turn * width. Above that bound one axis has every vertex exactly
// beyond it (separated); below its negation every axis has a vertex exactly inside it, so none
// of cores_separated's axes (the same: edges, sides and caps) separates (the cores meet).
// Between, the exact test decides.
// (err: separation_err of that width and turn.)
Real separation_err(Real width, Real turn) {
  return (4 * std::numeric_limits<Real>::epsilon() + turn) * width + std::numeric_limits<Real>::min();
}
bool separated_by_axis(const Hull& a, const Hull& b, const Axis& ax, Real err) {
  if (ax.s > err) return true;
  if (ax.s < -err) return false;
  return cores_separated(a, b);
}

// convex_contact with the cores' bounding boxes ba and bb (gap: bounds_gap(ba, bb)), past
// bounds_apart. (Inlined into both callers, convex_contact and hull_stroke_contact, so that each
// keeps the steps inlined as convex_contact had them.) kFiltered (a polygon core and a polygon
// or segment core, normals within `turn` of their edges): max_separation first, which decides
// most pairs' separation (separated_by_axis) and is the axis the meeting cores need anyway.
// kStop (a segment core and a polygon core: their axes are few, and a pair's axes of one core
// often decide): max_separation skips b's axes once a's show the cores separated (the axis is
// then not the largest: the rare separated cores that need it, their closest points within
// rounding, take it again in full). kQuad (kFiltered, each core of four vertices or a segment
// core): quad_separation for max_separation (the same axis).
template <bool kFiltered = false, bool kStop = false, bool kQuad = false>
[[gnu::always_inline]] inline Manifold bounded_contact(const Hull& a, const Hull& b, const CoreBounds& ba, const CoreBounds& bb, Real gap,
                                                       Real turn = 0) {
  Manifold m;
  const Real R = a.radius + b.radius;
  DistanceResult core;
  Axis ax;
  bool have_ax = false;
  if constexpr (kFiltered && !kStop) {
    if (!(gap > 0)) {
      if constexpr (kQuad) ax = quad_separation(a, b);
      else ax = max_separation(a, b);
      have_ax = true;
    }
  }
  // A positive rounded gap is a positive exact one (a difference of two floats keeps its sign):
  // the boxes, so the cores, are disjoint, which cores_separated's exact test would find.
  bool apart = gap > 0;
  if (!apart) {
    if constexpr (kFiltered) {
      auto err = [&] {
        const Vec2 lo = min(ba.lo, bb.lo), hi = max(ba.hi, bb.hi);
        return separation_err((hi.x - lo.x) + (hi.y - lo.y), turn);
      };
      if constexpr (kStop) {
        const Real e = err();
        if constexpr (kQuad) ax = quad_separation<true>(a, b, e);
        else ax = max_separation<true>(a, b, e);
        have_ax = !(ax.s > e);
        apart = separated_by_axis(a, b, ax, e);
      } else {  // (the bound after the scan: fewer values held across it)
        apart = separated_by_axis(a, b, ax, err());
      }
    } else {
      apart = cores_separated(a, b);
    }
  }
  if (apart) {
    if (R == 0) return m;  // disjoint closed cores, nothing to grow
    core.distance = disjoint_closest(a, b, R, &core.point_a, &core.point_b);
    if (core.distance > R) return m;
  } else if (a.count >= 3 || b.count >= 3) {
    // The common point would only set the magnitude of the rounding allowances below (a
    // shape without area is not a polygon core): the middle of the cores' bounding-box
    // overlap, which holds every common point, does that without the clipping.
    core.point_a = core.point_b = (max(ba.lo, bb.lo) + min(ba.hi, bb.hi)) * Real(0.5);
  } else {
    core.point_a = core.point_b = common_point(a, b);
  }
  m.touching = true;
  // Closest points only a rounding error apart give no reliable direction: then the
  // separating axis decides (a circle centered on a segment is pushed off sideways).
  Real scale = std::max({std::fabs(core.point_a.x), std::fabs(core.point_a.y), R, Real(1)});
  const bool separated = core.distance > R * Real(1e-4) + scale * kRelEps;
  if (!separated && !have_ax) ax = max_separation(a, b);  // only the branches below use it
  if (separated) {
    m.normal = normalize(core.point_b - core.point_a);  // unit even where rounding moved the points
    m.depth = R - core.distance;
  } else if (!a.has_area() && !b.has_area()) {
    m.normal = ax.n;
    m.depth = 0;
    m.point_count = 1;
    m.points[0] = core.point_a;
    return m;
  } else {
    m.normal = ax.n;
    m.depth = std::max(Real(0), R - ax.s);
  }
  const Vec2 n = m.normal;
  int ea = aligned_edge(a, n), eb = aligned_edge(b, -n);
  if (ea >= 0 && eb >= 0) {
    Vec2 r1 = a.v[ea], r2 = a.v[ea + 1 == a.count ? 0 : ea + 1];
    Vec2 i1 = b.v[eb], i2 = b.v[eb + 1 == b.count ? 0 : eb + 1];
    m.point_count = clip_contact_points(r1, r2, a.n[ea], a.radius, i1, i2, b.radius,
                                        scale * kRelEps * 16 + m.depth * Real(1e-3), m.points.data());
    if (m.point_count > 0) return m;
  }
  m.point_count = 1;
  if (separated) {
    m.points[0] = ((core.point_a + n * a.radius) + (core.point_b - n * b.radius)) * Real(0.5);
  } else if (ea < 0) {
    m.points[0] = a.support(n) + n * (a.radius - m.depth * Real(0.5));
  } else {
    m.points[0] = b.support(-n) - n * (b.radius - m.depth * Real(0.5));
  }
  return m;
}
}  // namespace

Manifold convex_contact(const Hull& a, const Hull& b) {
  const CoreBounds ba(a), bb(b);
  const Real gap = bounds_gap(ba, bb);
  if (bounds_apart(gap, a.radius + b.radius)) return {};
  return bounded_contact(a, b, ba, bb, gap);
}

namespace {
// convex_contact(a, b) of two polygon cores whose normals are within `turn` of their edges
// (bounded_contact<true>; kQuad: each of four vertices).
template <bool kQuad>
[[gnu::always_inline]] inline Manifold filtered_contact(const Hull& a, const Hull& b, Real turn) {
  const CoreBounds ba(a), bb(b);
  const Real gap = bounds_gap(ba, bb);
  if (bounds_apart(gap, a.radius + b.radius)) return {};
  return bounded_contact<true, false, kQuad>(a, b, ba, bb, gap, turn);
}
}  // namespace

Manifold convex_contact(const Hull& a, const Hull& b, Real turn) {
  if (a.count < 3 || b.count < 3 || !(turn < 1)) return convex_contact(a, b);
  return filtered_contact<false>(a, b, turn);
}

Manifold quad_contact(const Hull& a, const Hull& b, Real turn) {
  if (a.count != 4 || b.count != 4 || !(turn < 1)) return convex_contact(a, b);
  return filtered_contact<true>(a, b, turn);
}

namespace {
// A bound on the angle between set_segment's normals (and its direction) and the exact ones of
// its two ends: the difference rounds each coordinate by half an ulp (0.71 eps of angle at
// most), normalize's division each by half an ulp more (0.71 eps); 4 eps leaves room.
constexpr Real kSegmentTurn = 4 * std::numeric_limits<Real>::epsilon();

// hull_stroke_contact (kFiltered: h a polygon core with normals within `turn` of its edges, the
// stroke's core a segment; bounded_contact<true>; kQuad: h of four vertices).
template <bool kFiltered, bool kQuad = false>
[[gnu::always_inline]] inline Manifold stroke_contact(const Hull& h, Vec2 s0, Vec2 s1, Real rs, bool stroke_is_a, Real turn) {
  // convex_contact(h, Hull(stroke)) (or the other way round), the stroke's hull (a normalize)
  // built only past the bounding boxes' test: its box is that of its two ends.
  const CoreBounds bh(h), bs(s0, s1);
  const Real gap = stroke_is_a ? bounds_gap(bs, bh) : bounds_gap(bh, bs);
  if (bounds_apart(gap, stroke_is_a ? rs + h.radius : h.radius + rs)) return {};
  Hull s;
  s.set_segment(s0, s1, rs);
  s.area = rs > 0;  // (as Hull(Capsule) and Hull(Segment))
  if (stroke_is_a) return bounded_contact<kFiltered, kFiltered, kQuad>(s, h, bs, bh, gap, turn);
  return bounded_contact<kFiltered, kFiltered, kQuad>(h, s, bh, bs, gap, turn);
}
}  // namespace

Manifold hull_stroke_contact(const Hull& h, Vec2 s0, Vec2 s1, Real rs, bool stroke_is_a) {
  return stroke_contact<false>(h, s0, s1, rs, stroke_is_a, 0);
}

Manifold hull_stroke_contact(const Hull& h, Vec2 s0, Vec2 s1, Real rs, bool stroke_is_a, Real turn) {
  if (h.count < 3 || s0 == s1 || !(turn < 1)) return hull_stroke_contact(h, s0, s1, rs, stroke_is_a);
  return stroke_contact<true>(h, s0, s1, rs, stroke_is_a, std::max(turn, kSegmentTurn));
}

Manifold quad_stroke_contact(const Hull& h, Vec2 s0, Vec2 s1, Real rs, bool stroke_is_a, Real turn) {
  if (h.count != 4 || s0 == s1 || !(turn < 1)) return hull_stroke_contact(h, s0, s1, rs, stroke_is_a);
  return stroke_contact<true, true>(h, s0, s1, rs, stroke_is_a, std::max(turn, kSegmentTurn));
}

namespace {
// The edge normal of a segment core a -> b (a != b) as set_segment stores it (same bits), on
// its side `i` (0: right of a -> b, 1: left), and aligned_edge's answer for it: the side whose
// normal is within the tolerance of d, or -1 (d a unit vector, within a few ulps: every
// caller's normal). The cheap tests on the unnormalised edge e only decide what the exact one
// would: the first refuses below 1 - 1e-3 of the squared length, the second accepts above
// 1 - 5e-5 of it (on the side of c's sign) without the normalize. Its bound: c = cross(d, e)
// is within 3 ulps of |e| of the exact cross product, e.e within 2 ulps, the squares within
// one, so c^2 > 0.99995 e.e gives |cross| / |e| > 0.999975 - 5 ulps; the exact test's x is that
// ratio (the normal of e/|e| against d) to 7 ulps (|e| in 1, e/|e| in 1 more, the dot in 2 for
// |d| within 8 ulps of 1), so x > 0.99997 >= 1 - 1e-4 with the same sign. For a segment so
// short that e.e is below 2^-60, the products could be subnormal: the exact test decides.
Vec2 segment_normal(Vec2 a, Vec2 b) {
  const Vec2 d = normalize(b - a);
  return {d.y, -d.x};
}
[[gnu::always_inline]] inline int segment_aligned_side(Vec2 a, Vec2 b, Vec2 d) {
  const Vec2 e = b - a;
  const Real c = cross(d, e), cc = c * c, ee = dot(e, e);
  if (cc < Real(0.999) * ee) return -1;
  if (cc > Real(0.99995) * ee && ee > Real(0x1p-60)) return c > 0 ? 0 : 1;
  const Real x = dot(segment_normal(a, b), d);
  const Real bv = Real(1) - Real(1e-4);
  if (x >= bv) return 0;
  if (-x >= bv) return 1;
  return -1;
}
// max_separation for two segment cores a0-a1 and b0-b1 (a0 != a1, b0 != b1) without their
// hulls: the same axes in the same order, each from the same operations (the edge normals of
// set_segment, the end caps along its direction, the least dot product over the other core's
// two vertices), so the same bits. An axis compared in full where max_separation stops early
// changes nothing: it stops only once the axis cannot win.
Axis segment_pair_separation(Vec2 a0, Vec2 a1, Vec2 b0, Vec2 b1) {
  Axis best;
  auto scan = [&best](Vec2 p0, Vec2 p1, Vec2 q0, Vec2 q1, Real sign) {
    const Vec2 d = normalize(p1 - p0), n0{d.y, -d.x}, n1{-d.y, d.x};
    auto least = [](Vec2 nn, Vec2 v, Vec2 o0, Vec2 o1) { return std::min(dot(nn, o0 - v), dot(nn, o1 - v)); };
    const Real s0 = least(n0, p0, q0, q1), s1 = least(n1, p1, q0, q1);
    if (s0 > best.s) { best.s = s0; best.n = n0 * sign; }
    if (s1 > best.s) { best.s = s1; best.n = n1 * sign; }
    const Vec2 e = perp(n0);  // direction p0 -> p1 (= d)
    const Real c1 = least(e, p1, q0, q1), c0 = std::min(-dot(e, q0 - p0), -dot(e, q1 - p0));
    if (c1 > best.s) { best.s = c1; best.n = e * sign; }
    if (c0 > best.s) { best.s = c0; best.n = -e * sign; }
  };
  scan(a0, a1, b0, b1, 1);
  scan(b0, b1, a0, a1, -1);
  return best;
}
// The nearest point of segment a-b to p and its squared distance (vertex_core_d2 for a
// segment core: the same operations, so the same bits).
inline Real vertex_segment_d2(Vec2 p, Vec2 a, Vec2 b, Vec2* q) {
  *q = closest_on_segment(p, a, b);
  return length_sq(*q - p);
}
}  // namespace

Manifold segment_pair_contact(Vec2 a0, Vec2 a1, Real ra, Vec2 b0, Vec2 b1, Real rb) {
  // convex_contact for two segment cores (a0 != a1, b0 != b1) grown by ra and rb, without
  // building hulls where the cores are clearly apart: the same steps and operations, so the
  // same bits.
  Manifold m;
  const Real R = ra + rb;
  // Bounding boxes apart by more than R along x or y: the distance is at least that gap (each
  // difference of two floats rounds by half an ulp; 4 eps of R cover it and R's rounding).
  const Real gap = std::max({std::min(b0.x, b1.x) - std::max(a0.x, a1.x), std::min(a0.x, a1.x) - std::max(b0.x, b1.x),
                             std::min(b0.y, b1.y) - std::max(a0.y, a1.y), std::min(a0.y, a1.y) - std::max(b0.y, b1.y)});
  if (gap > R * (1 + 4 * std::numeric_limits<Real>::epsilon())) return m;
  Vec2 pa, pb;
  Real d = 0;
  const bool crossing = !(gap > 0) && !segments_separated(a0, a1, b0, b1);
  if (!crossing) {  // (a positive gap: disjoint, as in convex_contact)
    if (R == 0) return m;  // disjoint closed cores, nothing to grow
    // disjoint_closest's plain scan: each vertex against the other segment, first least wins.
    Vec2 q;
    Real best = std::numeric_limits<Real>::max(), dd;
    pa = a0, pb = b0;
    if ((dd = vertex_segment_d2(a0, b0, b1, &q)) < best) { best = dd; pa = a0; pb = q; }
    if ((dd = vertex_segment_d2(a1, b0, b1, &q)) < best) { best = dd; pa = a1; pb = q; }
    if ((dd = vertex_segment_d2(b0, a0, a1, &q)) < best) { best = dd; pa = q; pb = b0; }
    if ((dd = vertex_segment_d2(b1, a0, a1, &q)) < best) { best = dd; pa = q; pb = b1; }
    if (clearly_apart(pb - pa, R)) return m;
    d = length(pb - pa);
    if (d > R) return m;
  }
  // The cores' common point (crossing) is needed only by two rare cases below (segments, and
  // clipping through its scale); a crossing is not separated whatever the scale (d = 0).
  auto common = [&] {
    if (crossing) pa = pb = segment_segment_common(a0, a1, b0, b1);
  };
  auto scale_at = [R](Vec2 p) { return std::max({std::fabs(p.x), std::fabs(p.y), R, Real(1)}); };
  m.touching = true;
  const bool separated = !crossing && d > R * Real(1e-4) + scale_at(pa) * kRelEps;
  Vec2 n;
  if (separated) {
    n = (pb - pa) / d;  // normalize(pb - pa): its length is d
    m.depth = R - d;
  } else {  // the separating axis decides
    const Axis ax = segment_pair_separation(a0, a1, b0, b1);
    n = ax.n;
    if (!(ra > 0) && !(rb > 0)) {
      common();
      m.normal = n;
      m.depth = 0;
      m.point_count = 1;
      m.points[0] = pa;
      return m;
    }
    m.depth = std::max(Real(0), R - ax.s);
  }
  m.normal = n;
  const int ea = segment_aligned_side(a0, a1, n);
  const int eb = ea < 0 ? -1 : segment_aligned_side(b0, b1, -n);
  if (ea >= 0 && eb >= 0) {
    const Vec2 na = ea == 0 ? segment_normal(a0, a1) : -segment_normal(a0, a1);
    common();
    m.point_count = clip_contact_points(ea == 0 ? a0 : a1, ea == 0 ? a1 : a0, na, ra, eb == 0 ? b0 : b1,
                                        eb == 0 ? b1 : b0, rb, scale_at(pa) * kRelEps * 16 + m.depth * Real(1e-3),
                                        m.points.data());
    if (m.point_count > 0) return m;
  }
  m.point_count = 1;
  if (separated) {
    m.points[0] = ((pa + n * ra) + (pb - n * rb)) * Real(0.5);
  } else if (ea < 0) {  // Hull::support of a segment core: the later vertex only when further
    m.points[0] = (dot(a1, n) > dot(a0, n) ? a1 : a0) + n * (ra - m.depth * Real(0.5));
  } else {
    m.points[0] = (dot(b1, -n) > dot(b0, -n) ? b1 : b0) - n * (rb - m.depth * Real(0.5));
  }
  return m;
}

namespace {
// The axis of least penetration of the point c into h's core, as max_separation finds it: its
// separation `as` and unit axis `an` (sign: pushing c away from h, negated when c is a).
void separation_axis(const Hull& h, Vec2 c, bool point_is_a, Real& as, Vec2& an) {
  if (h.count == 1) {
    Vec2 dv = c - h.v[0];
    Real l = length(dv);
    as = l;
    an = l > 0 ? (point_is_a ? -dv : dv) / l : Vec2{0, 1};
    return;
  }
  int edges = h.count == 2 ? 2 : h.count;
  for (int i = 0; i < edges; ++i) {
    Real s = dot(h.n[i], c - h.v[i]);
    if (s > as) { as = s; an = h.n[i]; }
  }
  if (h.count == 2) {
    Vec2 dd = perp(h.n[0]);
    Real s1 = dot(dd, c - h.v[1]), s0 = -dot(dd, c - h.v[0]);
    if (s1 > as) { as = s1; an = dd; }
    if (s0 > as) { as = s0; an = -dd; }
  }
  if (point_is_a) an = -an;
}
}  // namespace

Manifold point_hull_contact(const Hull& h, Vec2 c, Real rc, bool c_area, bool point_is_a) {
  // convex_contact for a one-point core (a point or disk at c, radius rc) against h, without
  // the generic steps that cannot apply to it (a point has no edge to clip against).
  Manifold m;
  const Real R = h.radius + rc;
  Vec2 q;
  Real sep = 0;
  int sep_edge = 0;
  const Real d = point_core_distance_sep(h, c, R, &q, &sep, &sep_edge);
  if (d > R) return m;
  m.touching = true;
  // Normal from a to b.
  const Vec2 pa = point_is_a ? c : q, pb = point_is_a ? q : c;
  const Real ra = point_is_a ? rc : h.radius, rb = point_is_a ? h.radius : rc;
  Real scale = std::max({std::fabs(pa.x), std::fabs(pa.y), R, Real(1)});
  const bool separated = d > R * Real(1e-4) + scale * kRelEps;
  // The separation axis as max_separation finds it (its sign: pushing c away from h); only
  // the cores that (nearly) touch need it.
  Real as = -std::numeric_limits<Real>::max();
  Vec2 an{1, 0};
  if (!separated) {
    if (h.count >= 3) {  // point_core_distance found it (the same loop)
      as = sep;
      an = point_is_a ? -h.n[sep_edge] : h.n[sep_edge];
    } else {
      separation_axis(h, c, point_is_a, as, an);
    }
  }
  if (separated) {
    m.normal = (pb - pa) / d;
    m.depth = R - d;
  } else if (!h.has_area() && !c_area) {
    m.normal = an;
    m.depth = 0;
    m.point_count = 1;
    m.points[0] = pa;
    return m;
  } else {
    m.normal = an;
    m.depth = std::max(Real(0), R - as);
  }
  const Vec2 n = m.normal;
  m.point_count = 1;
  if (separated) {
    m.points[0] = ((pa + n * ra) + (pb - n * rb)) * Real(0.5);
  } else if (point_is_a) {
    m.points[0] = c + n * (rc - m.depth * Real(0.5));
  } else if (h.count < 3 && aligned_edge(h, n) < 0) {  // (n is an edge normal of a polygon core)
    m.points[0] = h.support(n) + n * (h.radius - m.depth * Real(0.5));
  } else {
    m.points[0] = c - n * (rc - m.depth * Real(0.5));
  }
  return m;
}

}  // namespace collide2d::detail
