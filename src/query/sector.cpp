// collide2d - 2D collision detection for games. MIT License.
// Circle sectors as one convex piece (half_angle <= pi/2) or the union of two half-disks
// (wider, not convex). A piece's boundary is two radial segments and one arc, so its
// distance to a convex core is the least of: the two segments' distances and, when the
// core's point nearest to the center lies outside the circle within the cone, that point's
// distance to the circle. Intersection is tested by clipping the core to the cone.
#include <algorithm>
#include <limits>
#include <vector>

#include "query/convex.hpp"
#include "query/geometry.hpp"

namespace collide2d::inline COLLIDE2D_ABI::detail {

Real Piece::support_value(Vec2 d) const {
  Real base = dot(c, d);
  if (in_cone(d)) return base + r * length(d);
  return std::max({base, base + r * dot(lo, d), base + r * dot(hi, d)});
}

Vec2 Piece::support(Vec2 d) const {
  if (in_cone(d)) return c + normalize(d, mid) * r;
  Real a = dot(lo, d), b = dot(hi, d);
  if (a <= 0 && b <= 0) return c;
  return c + (a >= b ? lo : hi) * r;
}

bool Piece::contains(Vec2 p) const {
  Vec2 d = p - c;
  return length(d) <= r && in_cone(d);
}

SectorParts::SectorParts(const Sector& s) {
  const Vec2 side = perp(s.dir);
  const Vec2 lo = s.dir * s.cos_half - side * s.sin_half;
  const Vec2 hi = s.dir * s.cos_half + side * s.sin_half;
  if (s.half_angle <= 0) {
    count = 0;
    seg.set_segment(s.center, s.center + s.dir * s.radius, 0);
  } else if (s.half_angle >= kPi) {  // the whole disk, exactly (no hair-thin notch from rounding)
    count = 0;
    seg.set_segment(s.center, s.center, s.radius);
    seg.area = true;
  } else if (s.cos_half >= 0) {
    count = 1;
    piece[0] = {s.center, s.radius, lo, hi, s.dir};
  } else {
    count = 2;
    piece[0] = {s.center, s.radius, lo, -lo, perp(lo)};
    piece[1] = {s.center, s.radius, -hi, hi, -perp(hi)};
  }
}

DistanceResult sector_point_distance(const Sector& s, Vec2 p) {
  const Vec2 d = p - s.center;
  const Vec2 side = perp(s.dir);
  const Real x = dot(d, s.dir), ys = dot(d, side);
  const Real y = std::fabs(ys);
  const bool in_cone = s.cos_half * y - s.sin_half * x <= 0 && (s.cos_half <= 0 || x >= 0);
  if (in_cone) {
    const Real l = length(d);
    if (l <= s.radius) return {0, p, p};
    const Vec2 q = s.center + d * (s.radius / l);
    return {l - s.radius, q, p};
  }
  // The nearer straight edge, from the apex along (cos h, +-sin h) in the facing frame.
  Real t = x * s.cos_half + y * s.sin_half;
  t = t < 0 ? 0 : (t > s.radius ? s.radius : t);
  const Real ex = s.cos_half * t, ey = s.sin_half * t * (ys < 0 ? -1 : 1);
  const Vec2 q = s.center + s.dir * ex + side * ey;
  const Real dist = length(p - q);
  if (dist == 0) return {0, p, p};
  return {dist, q, p};
}

namespace {

// The core of h clipped to the piece's cone, in the piece's frame (relative to its center,
// so that a thin cone far from the origin keeps its precision); returns the point count.
int clip_to_cone(const Piece& p, const Vec2* v, int n, Vec2* out) {
  Vec2 buf[2][Polygon::kMaxVertices + 8];
  int m = n;
  for (int i = 0; i < n; ++i) buf[0][i] = v[i] - p.c;
  const Vec2 o{0, 0};
  const Vec2 lines[3][2] = {{o, p.lo}, {p.hi, o}, {o, Vec2{p.mid.y, -p.mid.x}}};
  int cur = 0;
  for (const auto& l : lines) {
    if (m == 0) break;
    m = clip_polygon_halfplane(buf[cur], m, l[0], l[1], buf[1 - cur]);
    cur = 1 - cur;
  }
  for (int i = 0; i < m; ++i) out[i] = buf[cur][i];
  return m;
}

// Nearest point to c of the convex polygon (possibly degenerate) q[0..m).
Vec2 nearest_in_polygon(const Vec2* q, int m, Vec2 c) {
  if (m >= 3) {  // inside test, only for a clipped polygon that kept some area
    Wide area2 = 0;
    for (int i = 0; i < m; ++i) area2 += orient(q[0], q[i], q[(i + 1) % m]);
    bool inside = area2 > 0;
    for (int i = 0; i < m && inside; ++i) inside = orient(q[i], q[(i + 1) % m], c) >= 0;
    if (inside) return c;
  }
  Vec2 best = q[0];
  Real bd = length_sq(q[0] - c);
  for (int i = 0; i < m; ++i) {
    Vec2 x = closest_on_segment(c, q[i], q[(i + 1) % m]);
    Real d = length_sq(x - c);
    if (d < bd) { bd = d; best = x; }
  }
  return best;
}

void keep_min(DistanceResult& best, const DistanceResult& cand) {
  if (cand.distance < best.distance) best = cand;
}

void set_edge(Hull& e, const Piece& p, int which) {
  e.set_segment(p.c, p.c + (which == 0 ? p.lo : p.hi) * p.r, 0);
}

}  // namespace

DistanceResult core_distance(const Piece& p, const Hull& h) {
  Vec2 clipped[Polygon::kMaxVertices + 8];
  int m = clip_to_cone(p, h.v, h.count, clipped);
  if (m > 0) {
    Vec2 q = nearest_in_polygon(clipped, m, {0, 0});
    if (length(q) <= p.r) return {0, p.c + q, p.c + q};
  }
  DistanceResult best{std::numeric_limits<Real>::max(), {}, {}};
  for (int k = 0; k < 2; ++k) {
    Hull e;
    set_edge(e, p, k);
    keep_min(best, core_distance(e, h));
  }
  Vec2 q;
  Real dq = point_hull_distance(h, p.c, &q);
  if (dq > 0 && p.in_cone(q - p.c))
    keep_min(best, {std::max(Real(0), dq - p.r), p.c + (q - p.c) * (std::min(dq, p.r) / dq), q});
  return best;
}

DistanceResult core_distance(const Piece& a, const Piece& b) {
  DistanceResult best{std::numeric_limits<Real>::max(), {}, {}};
  for (int k = 0; k < 2; ++k) {
    Hull e;
    set_edge(e, a, k);
    DistanceResult r = core_distance(b, e);
    keep_min(best, {r.distance, r.point_b, r.point_a});
    set_edge(e, b, k);
    keep_min(best, core_distance(a, e));
    if (best.distance == 0) return best;
  }
  Vec2 d = b.c - a.c;
  Real l = length(d);
  if (l > 0) {
    Vec2 u = d / l;
    if (l <= a.r + b.r && l >= std::fabs(a.r - b.r)) {  // the circles cross: do the arcs?
      Real x = (l * l + a.r * a.r - b.r * b.r) / (2 * l);
      Real y = std::sqrt(std::max(Real(0), a.r * a.r - x * x));
      for (Real sgn : {Real(1), Real(-1)}) {
        Vec2 p = a.c + u * x + perp(u) * (y * sgn);
        if (a.in_cone(p - a.c) && b.in_cone(p - b.c)) return {0, p, p};
      }
    }
    if (l > a.r + b.r && a.in_cone(u) && b.in_cone(-u)) keep_min(best, {l - a.r - b.r, a.c + u * a.r, b.c - u * b.r});
  }
  return best;
}

// ---------------------------------------------------------------- contact of convex parts

namespace {

constexpr Real kAlign = Real(1) - Real(1e-4);

// Index of the piece's flat edge whose outward normal is aligned with d (0 lo, 1 hi), or -1.
int piece_flat(const Piece& p, Vec2 d) {
  if (dot(p.normal_lo(), d) >= kAlign) return 0;
  if (dot(p.normal_hi(), d) >= kAlign) return 1;
  return -1;
}

// The flat edge as a reference edge r1 -> r2 (counter-clockwise around the piece).
void piece_edge(const Piece& p, int which, Vec2& r1, Vec2& r2) {
  bool half_disk = dot(p.lo, p.hi) <= Real(-1) + Real(1e-6);
  if (half_disk) { r1 = p.c + p.hi * p.r; r2 = p.c + p.lo * p.r; return; }
  if (which == 0) { r1 = p.c; r2 = p.c + p.lo * p.r; } else { r1 = p.c + p.hi * p.r; r2 = p.c; }
}

int hull_flat(const Hull& h, Vec2 d) {
  if (h.count < 2) return -1;
  int edges = h.count == 2 ? 2 : h.count;
  for (int i = 0; i < edges; ++i)
    if (dot(h.n[i], d) >= kAlign) return i;
  return -1;
}

Real min_along(const Hull& h, Vec2 n) {
  Real m = dot(h.v[0], n);
  for (int i = 1; i < h.count; ++i) m = std::min(m, dot(h.v[i], n));
  return m;
}

Real scale_of(Vec2 a, Real r) { return std::max({std::fabs(a.x), std::fabs(a.y), r, Real(1)}); }

// Calls f(n) for every candidate normal of the Minkowski difference of a piece and a hull:
// the hull's edge normals (negated) and end caps, the piece's flat normals and bisector, and
// the radial directions from the piece's corners to the hull's vertices. The shortest escape
// of two overlapping convex parts is along one of them.
template <class F>
void piece_hull_normals(const Piece& p, const Hull& h, F&& f) {
  int edges = h.count >= 3 ? h.count : (h.count == 2 ? 2 : 0);
  for (int i = 0; i < edges; ++i) f(-h.n[i]);
  if (h.count == 2) { f(perp(h.n[0])); f(-perp(h.n[0])); }
  f(p.normal_lo());
  f(p.normal_hi());
  f(p.mid);
  const Vec2 apex[3] = {p.c, p.c + p.lo * p.r, p.c + p.hi * p.r};
  for (int i = 0; i < h.count; ++i)
    for (Vec2 a : apex) {
      Vec2 d = h.v[i] - a;
      if (length_sq(d) > 0) f(normalize(d));
    }
}


// Candidate normals of two overlapping convex pieces (see piece_hull_normals).
template <class F>
void piece_piece_normals(const Piece& a, const Piece& b, F&& f) {
  f(a.normal_lo());
  f(a.normal_hi());
  f(-b.normal_lo());
  f(-b.normal_hi());
  f(a.mid);
  f(-b.mid);
  const Vec2 pa[3] = {a.c, a.c + a.lo * a.r, a.c + a.hi * a.r};
  const Vec2 pb[3] = {b.c, b.c + b.lo * b.r, b.c + b.hi * b.r};
  for (Vec2 x : pa)
    for (Vec2 y : pb)
      if (length_sq(y - x) > 0) f(normalize(y - x));
}

}  // namespace

Manifold convex_contact(const Piece& p, const Hull& h) {
  Manifold m;
  const Real R = h.radius;
  DistanceResult core = core_distance(p, h);
  if (core.distance > R) return m;
  m.touching = true;
  m.point_count = 1;
  if (core.distance > 0) {
    m.normal = normalize(core.point_b - core.point_a);  // unit even where rounding moved the points
    m.depth = R - core.distance;
    m.points[0] = (core.point_a + core.point_b - m.normal * R) * Real(0.5);
    return m;
  }
  // Cores overlap: the shortest escape is along one of finitely many normals of the
  // Minkowski difference; the support function there is an upper bound everywhere else.
  Real best = std::numeric_limits<Real>::max();
  Vec2 bn{1, 0};
  auto consider = [&](Vec2 n) {
    Real f = p.support_value(n) - min_along(h, n) + R;
    if (f < best) { best = f; bn = n; }
  };
  piece_hull_normals(p, h, consider);
  m.normal = bn;
  m.depth = std::max(Real(0), best);
  const Vec2 n = bn;
  int fp = piece_flat(p, n);
  if (fp < 0) { m.points[0] = p.support(n) - n * (m.depth * Real(0.5)); return m; }
  int fh = hull_flat(h, -n);
  if (fh < 0) { m.points[0] = h.support(-n) - n * (R - m.depth * Real(0.5)); return m; }
  Vec2 r1, r2;
  piece_edge(p, fp, r1, r2);
  Real slack = scale_of(p.c, p.r) * kRelEps * 16 + m.depth * Real(1e-3);
  int k = clip_contact_points(r1, r2, n, 0, h.v[fh], h.v[(fh + 1) % h.count], R, slack, m.points.data());
  if (k > 0) { m.point_count = k; return m; }
  m.points[0] = p.support(n) - n * (m.depth * Real(0.5));
  return m;
}

Manifold convex_contact(const Piece& a, const Piece& b) {
  Manifold m;
  DistanceResult core = core_distance(a, b);
  if (core.distance > 0) return m;
  m.touching = true;
  m.point_count = 1;
  Real best = std::numeric_limits<Real>::max();
  Vec2 bn{1, 0};
  auto consider = [&](Vec2 n) {
    Real f = a.support_value(n) + b.support_value(-n);
    if (f < best) { best = f; bn = n; }
  };
  piece_piece_normals(a, b, consider);
  m.normal = bn;
  m.depth = std::max(Real(0), best);
  const Vec2 n = bn;
  int fa = piece_flat(a, n);
  if (fa < 0) { m.points[0] = a.support(n) - n * (m.depth * Real(0.5)); return m; }
  int fb = piece_flat(b, -n);
  if (fb < 0) { m.points[0] = b.support(-n) + n * (m.depth * Real(0.5)); return m; }
  Vec2 r1, r2, i1, i2;
  piece_edge(a, fa, r1, r2);
  piece_edge(b, fb, i1, i2);
  Real slack = scale_of(a.c, a.r + b.r) * kRelEps * 16 + m.depth * Real(1e-3);
  int k = clip_contact_points(r1, r2, n, 0, i1, i2, 0, slack, m.points.data());
  if (k > 0) { m.point_count = k; return m; }
  m.points[0] = a.support(n) - n * (m.depth * Real(0.5));
  return m;
}

// ------------------------------------------------------- contact with a non-convex sector
//
// The shortest translation v of b that leaves the union's interior: for a direction n,
// e(n) is the first t >= 0 at which b + t n overlaps no convex pair (each pair's overlap
// along a line is an interval, found exactly by bisection on the exact overlap test).
// e is minimised over candidate directions (every convex pair's own contact normal, the
// notch of a wide sector, 48 even directions), then refined by golden-section search.

namespace {

struct Parts {
  const Piece* pieces = nullptr;  // a's pieces (b's too when b is a sector)
  int count = 0;
  const Hull* hull = nullptr;     // b as a hull, when it is one
};

// Quick rejections before the exact tests: two pieces whose circles are apart, a piece
// whose circle is farther from the hull's core than the hull's radius.
bool circles_apart(const Piece& a, const Piece& b) { return length(b.c - a.c) > a.r + b.r; }
bool circle_apart(const Piece& a, const Hull& h) { return point_hull_distance(h, a.c, nullptr) > a.r + h.radius; }

bool pair_overlaps(const Piece& a, const Parts& b, int j, Vec2 shift) {
  Piece s = a;
  s.c -= shift;  // moving b by +shift is moving a by -shift
  if (b.hull) return !circle_apart(s, *b.hull) && core_distance(s, *b.hull).distance <= b.hull->radius;
  return !circles_apart(s, b.pieces[j]) && core_distance(s, b.pieces[j]).distance <= 0;
}

// An escape from a non-convex sector counts only if b stays free for a further
// kEscapeMarginRel of the depth plus kEscapeMarginAbs of the pair's size (a notch thinner
// than that is not a way out: any further push would re-enter the sector). These are the
// tolerances of the query protocol's reading of depth, independent of the scalar type.
constexpr Real kEscapeMarginRel = Real(4e-3);
constexpr Real kEscapeMarginAbs = Real(2e-4);
constexpr Real kEscapeMarginOffset = Real(1e-5);  ///< of the largest coordinate magnitude

// Points checked along the robustness margin beyond an exit (the free set along a line
// need not be one interval: b may squeeze through a gap barely wider than itself).
constexpr int kMarginSamples = 6;

struct Escape {
  const Parts& a;
  const Parts& b;
  Real reach;  // beyond this translation nothing overlaps
  Real eps;    // bisection resolution
  Real slack;  // free space b needs beyond an exit for it to count

  int b_count() const { return b.hull ? 1 : b.count; }

  Real exit(Vec2 n) const {
    Real t = 0;
    for (int round = 0; round < 8; ++round) {
      int pi = -1, pj = -1;
      for (int i = 0; i < a.count && pi < 0; ++i)
        for (int j = 0; j < b_count(); ++j)
          if (pair_overlaps(a.pieces[i], b, j, n * t)) { pi = i; pj = j; break; }
      if (pi < 0) {
        // Only a robust exit counts: b must stay free a little further on, so that a notch
        // thinner than the tolerance is not taken for a way out.
        Real probe = t;
        bool free_after = true;
        for (int k = 1; k <= kMarginSamples && free_after; ++k) {
          probe = t + (t * kEscapeMarginRel + slack) * Real(k) / kMarginSamples;
          for (int i = 0; i < a.count && free_after; ++i)
            for (int j = 0; j < b_count() && free_after; ++j)
              if (pair_overlaps(a.pieces[i], b, j, n * probe)) { free_after = false; pi = i; pj = j; }
        }
        if (free_after) return t;
        t = probe;
      }
      Real lo = t, hi = t + reach;
      while (hi - lo > eps) {
        Real mid = (lo + hi) * Real(0.5);
        if (mid <= lo || mid >= hi) break;
        if (pair_overlaps(a.pieces[pi], b, pj, n * mid)) lo = mid; else hi = mid;
      }
      t = hi;
    }
    return t;
  }
};

Vec2 unit_at(Real th) { return {std::cos(th), std::sin(th)}; }

// The least robust exit over directions in [th0 - w, th0 + w] (radians): a scan with
// samples spaced quadratically (dense next to th0, where the robust escape beside a fragile
// corner lies, in a valley that may be a fraction of a degree wide), then a golden-section
// search between the best sample's neighbours. Returns the exit and sets th.
Real search_exit(const Escape& esc, Real th0, Real w, int half_samples, Real& th) {
  const int n = 2 * half_samples + 1;
  auto angle = [&](int k) {  // k in [0, n): offsets -w..w, quadratic in the distance from th0
    Real f = Real(k - half_samples) / Real(half_samples);
    return th0 + w * f * std::fabs(f);
  };
  Real best = std::numeric_limits<Real>::max();
  int bk = half_samples;
  for (int k = 0; k < n; ++k) {
    Real e = esc.exit(unit_at(angle(k)));
    if (e < best) { best = e; bk = k; }
  }
  th = angle(bk);
  Real a = angle(std::max(0, bk - 1)), b = angle(std::min(n - 1, bk + 1));
  const Real g = Real(0.6180339887498949);
  Real x1 = b - g * (b - a), x2 = a + g * (b - a);
  Real f1 = esc.exit(unit_at(x1)), f2 = esc.exit(unit_at(x2));
  for (int it = 0; it < 20 && b - a > Real(1e-7); ++it) {
    if (f1 < f2) { b = x2; x2 = x1; f2 = f1; x1 = b - g * (b - a); f1 = esc.exit(unit_at(x1)); }
    else { a = x1; x1 = x2; f1 = f2; x2 = a + g * (b - a); f2 = esc.exit(unit_at(x2)); }
  }
  if (f1 < best) { best = f1; th = x1; }
  if (f2 < best) { best = f2; th = x2; }
  return best;
}

Manifold union_contact(const Parts& a, const Parts& b, Real reach, Real scale,
                       const Vec2* extra, int extra_count) {
  Manifold m;
  bool any = false;
  for (int i = 0; i < a.count && !any; ++i)
    for (int j = 0; j < (b.hull ? 1 : b.count) && !any; ++j) any = pair_overlaps(a.pieces[i], b, j, {0, 0});
  if (!any) return m;
  Escape esc{a, b, reach, scale * std::numeric_limits<Real>::epsilon() * 2,
             reach * kEscapeMarginAbs + scale * kEscapeMarginOffset};
  Real best = std::numeric_limits<Real>::max();
  Real best_th = 0;
  auto consider = [&](Vec2 n) {
    Real e = esc.exit(n);
    if (e < best) { best = e; best_th = std::atan2(n.y, n.x); }
  };
  for (int k = 0; k < extra_count; ++k) consider(extra[k]);
  const int kSamples = 96;
  Real sample[kSamples];
  for (int k = 0; k < kSamples; ++k) {
    sample[k] = esc.exit(unit_at(2 * kPi * Real(k) / kSamples));
    if (sample[k] < best) { best = sample[k]; best_th = 2 * kPi * Real(k) / kSamples; }
  }
  // Golden-section refinement around the best direction found and the three lowest local
  // minima of the samples (the escape distance is not unimodal around a non-convex sector).
  Real starts[4] = {best_th, 0, 0, 0};
  int n_starts = 1;
  for (int pass = 0; pass < 3; ++pass) {
    int pick = -1;
    for (int k = 0; k < kSamples; ++k) {
      Real l = sample[(k + kSamples - 1) % kSamples], r = sample[(k + 1) % kSamples];
      if (!(sample[k] <= l && sample[k] <= r)) continue;
      Real th = 2 * kPi * Real(k) / kSamples;
      bool used = false;
      for (int s2 = 0; s2 < n_starts; ++s2) used = used || std::fabs(std::remainder(th - starts[s2], 2 * kPi)) < Real(1e-6);
      if (!used && (pick < 0 || sample[k] < sample[pick])) pick = k;
    }
    if (pick < 0) break;
    starts[n_starts++] = 2 * kPi * Real(pick) / kSamples;
  }
  const Real g = Real(0.6180339887498949);
  for (int s2 = 0; s2 < n_starts; ++s2) {
    Real lo = starts[s2] - 2 * kPi / kSamples, hi = starts[s2] + 2 * kPi / kSamples;
    Real x1 = hi - g * (hi - lo), x2 = lo + g * (hi - lo);
    Real f1 = esc.exit(unit_at(x1)), f2 = esc.exit(unit_at(x2));
    for (int it = 0; it < 24 && hi - lo > Real(1e-6); ++it) {
      if (f1 < f2) { hi = x2; x2 = x1; f2 = f1; x1 = hi - g * (hi - lo); f1 = esc.exit(unit_at(x1)); }
      else { lo = x1; x1 = x2; f1 = f2; x2 = lo + g * (hi - lo); f2 = esc.exit(unit_at(x2)); }
    }
    if (f1 < best) { best = f1; best_th = x1; }
    if (f2 < best) { best = f2; best_th = x2; }
  }
  Vec2 n = unit_at(best_th);
  // Re-evaluate exactly along the chosen direction (the stored angle came from atan2).
  best = esc.exit(n);
  m.touching = true;
  m.normal = n;
  m.depth = best;
  // Contact point: the closest pair at the touching position, moved back half the depth.
  DistanceResult near{std::numeric_limits<Real>::max(), {}, {}};
  for (int i = 0; i < a.count; ++i) {
    Piece s = a.pieces[i];
    s.c -= n * best;
    for (int j = 0; j < (b.hull ? 1 : b.count); ++j) {
      DistanceResult r = b.hull ? grow(core_distance(s, *b.hull), 0, b.hull->radius)
                                : core_distance(s, b.pieces[j]);
      if (r.distance < near.distance) near = r;
    }
  }
  m.point_count = 1;
  m.points[0] = (near.point_a + n * best + near.point_b) * Real(0.5);
  return m;
}

}  // namespace

namespace {

// A curve of translations v of b: a line {v : v.a = off}, a segment a-b, or a circle.
struct Curve {
  enum Kind { kLine, kSeg, kCircle } kind;
  Vec2 a, b;
  Real r = 0;  // circle radius, or the line's offset
};

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

// Intersection points of two curves, appended to out.
void intersect(const Curve& x, const Curve& y, std::vector<Vec2>& out) {
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
    if (std::fabs(den) <= std::numeric_limits<Real>::epsilon() * length(d1) * length(d2)) return;
    Real t = cross(p2 - p1, d2) / den, u = cross(p2 - p1, d1) / den;
    if (t >= l1 && t <= h1 && u >= l2 && u <= h2) out.push_back(p1 + d1 * t);
    return;
  }
  if (x.kind != Curve::kCircle || y.kind != Curve::kCircle) {
    const Curve& c = x.kind == Curve::kCircle ? x : y;
    const Curve& l = x.kind == Curve::kCircle ? y : x;
    Vec2 p, d;
    Real lo, hi;
    linear(l, p, d, lo, hi);
    Vec2 m = p - c.a;
    Real a = dot(d, d), b = dot(d, m), cc = dot(m, m) - c.r * c.r;
    Real disc = b * b - a * cc;
    if (a <= 0 || disc < 0) return;
    Real sq = std::sqrt(disc);
    for (Real t : {(-b - sq) / a, (-b + sq) / a})
      if (t >= lo && t <= hi) out.push_back(p + d * t);
    return;
  }
  Vec2 d = y.a - x.a;
  Real l = length(d);
  if (l <= 0 || l > x.r + y.r || l < std::fabs(x.r - y.r)) return;
  Vec2 u = d / l;
  Real along = (l * l + x.r * x.r - y.r * y.r) / (2 * l);
  Real h = std::sqrt(std::max(Real(0), x.r * x.r - along * along));
  out.push_back(x.a + u * along + perp(u) * h);
  out.push_back(x.a + u * along - perp(u) * h);
}

}  // namespace

namespace {

// The outline of a piece grown by R, as translations v = q - x of the moving shape.
void outline_curves(Vec2 q, const Piece& p, Real R, std::vector<Curve>& out) {
  const Vec2 e[2][2] = {{p.c, p.c + p.lo * p.r}, {p.c + p.hi * p.r, p.c}};
  const Vec2 nn[2] = {p.normal_lo(), p.normal_hi()};
  for (int k = 0; k < 2; ++k)
    out.push_back({Curve::kSeg, q - (e[k][0] + nn[k] * R), q - (e[k][1] + nn[k] * R), 0});
  out.push_back({Curve::kCircle, q - p.c, {}, p.r + R});
  if (R > 0)
    for (Vec2 corner : {p.c, p.c + p.lo * p.r, p.c + p.hi * p.r}) out.push_back({Curve::kCircle, q - corner, {}, R});
}

// b as one hull, for the exact escape from a wide sector.
struct HullSide {
  const Hull& h;
  int count() const { return 1; }
  Real min_along(int, Vec2 n) const { return detail::min_along(h, n) - h.radius; }
  void outline(int, Vec2 q, Real R, std::vector<Curve>& out) const { outline_curves(q, h, R + h.radius, out); }
  template <class F>
  void normals(const Piece& p, int, F&& f) const { piece_hull_normals(p, h, f); }
  bool touches(const Piece& s, int) const { return !circle_apart(s, h) && core_distance(s, h).distance <= h.radius; }
  Real penetration(const Piece& s, int) const {
    if (circle_apart(s, h) || core_distance(s, h).distance > h.radius) return 0;
    Manifold m = convex_contact(s, h);
    return m.touching ? m.depth : 0;
  }
  DistanceResult closest(const Piece& s, int) const { return grow(core_distance(s, h), 0, h.radius); }
  Aabb box() const {
    Aabb b{h.v[0], h.v[0]};
    for (int i = 1; i < h.count; ++i) { b.min = min(b.min, h.v[i]); b.max = max(b.max, h.v[i]); }
    return {b.min - Vec2{h.radius, h.radius}, b.max + Vec2{h.radius, h.radius}};
  }
  Parts parts() const { return {nullptr, 0, &h}; }
};

// b as the one or two pieces of a sector.
struct PieceSide {
  const SectorParts& s;
  int count() const { return s.count; }
  Real min_along(int j, Vec2 n) const { return -s.piece[j].support_value(-n); }
  void outline(int j, Vec2 q, Real R, std::vector<Curve>& out) const { outline_curves(q, s.piece[j], R, out); }
  template <class F>
  void normals(const Piece& p, int j, F&& f) const { piece_piece_normals(p, s.piece[j], f); }
  bool touches(const Piece& a, int j) const {
    return !circles_apart(a, s.piece[j]) && core_distance(a, s.piece[j]).distance <= 0;
  }
  Real penetration(const Piece& a, int j) const {
    if (circles_apart(a, s.piece[j])) return 0;
    Manifold m = convex_contact(a, s.piece[j]);
    return m.touching ? m.depth : 0;
  }
  DistanceResult closest(const Piece& a, int j) const { return core_distance(a, s.piece[j]); }
  Aabb box() const {
    const Piece& p = s.piece[0];
    return {p.c - Vec2{p.r, p.r}, p.c + Vec2{p.r, p.r}};
  }
  Parts parts() const { return {s.piece, s.count, nullptr}; }
};

// A wide sector is two half-disks P0, P1; b (one or two convex parts B_j) must leave every
// interior. The free set of translations is the complement of the convex Minkowski
// differences M_ij = P_i - B_j, so its point nearest the origin is a local minimum of the
// distance on one boundary (along a candidate normal of that pair), or a corner where two
// boundaries cross. Each boundary is made of: the line of P_i's flat side (support-based),
// the outline of B_j grown by the radius (touching the arc) and the outlines of B_j around
// P_i's two corners; corners are intersection points of curves of different pairs.
// Candidates are checked shortest first; an escape must stay free a little further along
// its direction (the margins above), and near a corner that is free but only a point (such
// as the notch's apex) a short directional search finds the robust escape next to it.
template <class Side>
Manifold exact_wide_contact(const SectorParts& a, const Side& b) {
  const Piece* pa[2] = {&a.piece[0], &a.piece[1]};
  const Vec2 c = a.piece[0].c;
  const Real r = a.piece[0].r;
  bool any = false;
  for (const Piece* p : pa)
    for (int j = 0; j < b.count() && !any; ++j) any = b.touches(*p, j);
  if (!any) return {};
  const Aabb bb = b.box();
  const Real reach = 2 * r + length(bb.max - bb.min);
  const Real scale = std::max({std::fabs(c.x), std::fabs(c.y), std::fabs(bb.min.x), std::fabs(bb.min.y), reach, Real(1)});
  constexpr Real eps = std::numeric_limits<Real>::epsilon();
  const Real pen_tol = reach * eps * 64 + scale * eps * 8;  // rounding, not geometry
  const Real slack = reach * kEscapeMarginAbs + scale * kEscapeMarginOffset;

  std::vector<Vec2> cand;
  cand.reserve(512);
  // (Leaving the whole disk is among these: each direction is in one half-disk's arc.)
  for (const Piece* p : pa)
    for (int j = 0; j < b.count(); ++j)
      b.normals(*p, j, [&](Vec2 n) {
        Real f = p->support_value(n) - b.min_along(j, n);
        if (f >= 0) cand.push_back(n * f);
      });
  // Curves of each pair (i, j); corners between different pairs.
  std::vector<Curve> g[4], gc[2];
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < b.count(); ++j) {
      const Piece& p = *pa[i];
      std::vector<Curve>& gg = g[i * 2 + j];
      Vec2 m = p.normal_lo();  // a half-disk's flat side
      gg.push_back({Curve::kLine, m, {}, dot(c, m) - b.min_along(j, m)});
      b.outline(j, c + p.lo * r, 0, gg);
      b.outline(j, c + p.hi * r, 0, gg);
    }
  for (int j = 0; j < b.count(); ++j) b.outline(j, c, r, gc[j]);  // the same for both pieces
  const int pairs = 2 * b.count();
  auto group = [&](int k) -> const std::vector<Curve>& { return g[(k / b.count()) * 2 + k % b.count()]; };
  for (int k = 0; k < pairs; ++k)
    for (int l = k + 1; l < pairs; ++l)
      for (const Curve& x : group(k))
        for (const Curve& y : group(l)) intersect(x, y, cand);
  for (int k = 0; k < pairs; ++k)
    for (int j = 0; j < b.count(); ++j)
      for (const Curve& x : group(k))
        for (const Curve& y : gc[j]) intersect(x, y, cand);
  if (b.count() == 2)
    for (const Curve& x : gc[0])
      for (const Curve& y : gc[1]) intersect(x, y, cand);

  std::sort(cand.begin(), cand.end(), [](Vec2 u, Vec2 v) { return length_sq(u) < length_sq(v); });
  // Leaving the union means leaving every piece: no escape is shorter than the deepest pair's
  // own (convex) depth, so shorter candidates need no checking.
  Real lower = 0;
  for (const Piece* p : pa)
    for (int j = 0; j < b.count(); ++j) lower = std::max(lower, b.penetration(*p, j));
  lower -= pen_tol + slack;
  auto shifted = [&](int i, Vec2 v) {
    Piece s = *pa[i];
    s.c -= v;  // moving b by +v is moving a by -v
    return s;
  };
  auto penetrates = [&](Vec2 v) {
    for (int i = 0; i < 2; ++i)
      for (int j = 0; j < b.count(); ++j)
        if (b.penetration(shifted(i, v), j) > pen_tol) return true;
    return false;
  };
  auto touches = [&](Vec2 v) {  // strictly: any common point at all
    for (int i = 0; i < 2; ++i)
      for (int j = 0; j < b.count(); ++j)
        if (b.touches(shifted(i, v), j)) return true;
    return false;
  };
  bool found = false;
  Vec2 best, n{1, 0};
  constexpr int kMaxFragile = 16;
  Vec2 fragile[kMaxFragile];
  int n_fragile = 0;
  for (Vec2 v : cand) {
    Real l = length(v);
    if (l < lower) continue;
    Vec2 u = l > 0 ? v / l : Vec2{1, 0};
    if (penetrates(v)) continue;
    bool robust = true;
    for (int k = 1; k <= kMarginSamples && robust; ++k)
      robust = !touches(v + u * ((l * kEscapeMarginRel + slack) * Real(k) / kMarginSamples));
    if (!robust) {
      bool seen = false;
      for (int i = 0; i < n_fragile; ++i) seen = seen || length_sq(fragile[i] - v) <= slack * slack;
      if (!seen && n_fragile < kMaxFragile) fragile[n_fragile++] = v;
      continue;
    }
    best = v;
    n = u;
    found = true;
    break;
  }
  Parts parts_a{a.piece, a.count, nullptr};
  Parts parts_b = b.parts();
  Escape esc{parts_a, parts_b, reach * Real(1.5), scale * eps * 2, slack};
  Real best_len = found ? length(best) : std::numeric_limits<Real>::max();
  for (int i = 0; i < n_fragile; ++i) {  // shortest first; a robust escape near a corner is
    if (length(fragile[i]) >= best_len) break;  // never shorter than the corner itself
    Real th0 = std::atan2(fragile[i].y, fragile[i].x), th;
    Real e = search_exit(esc, th0, Real(0.4), 12, th);
    if (e < best_len) { best_len = e; n = unit_at(th); best = n * e; found = true; }
  }
  if (!found) return union_contact(parts_a, parts_b, reach * Real(1.5), scale, nullptr, 0);
  Manifold m;
  m.touching = true;
  m.normal = n;
  m.depth = length(best);
  // Contact point: the closest pair at the touching position (pushed on by a rounding-sized
  // step, so that the closest pair is that of touching shapes), moved back half the depth.
  Vec2 at = best + n * (pen_tol * 4);
  DistanceResult near{std::numeric_limits<Real>::max(), {}, {}};
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < b.count(); ++j) {
      DistanceResult d = b.closest(shifted(i, at), j);
      if (d.distance < near.distance) near = d;
    }
  m.point_count = 1;
  m.points[0] = (near.point_a + at + near.point_b) * Real(0.5);
  return m;
}

}  // namespace

Manifold sector_contact(const SectorParts& a, const Hull& b) { return exact_wide_contact(a, HullSide{b}); }

Manifold sector_contact(const SectorParts& a, const SectorParts& b) {
  if (a.count != 2) return flipped(exact_wide_contact(b, PieceSide{a}));
  return exact_wide_contact(a, PieceSide{b});
}

}  // namespace collide2d::detail
