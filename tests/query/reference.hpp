// collide2d - 2D collision detection for games. MIT License.
#pragma once
// An independent reference geometry for the property tests, in long double.
//
// Nothing here calls the library's geometry: every shape is rebuilt from its input fields
// (as stored in the library's value type, so both sides see the same rounded numbers), and
// every answer comes from the definitions in FORMAT.md:
//  - `Ref::pdist(p)`: exact Euclidean distance from p to the (closed) shape, 0 inside.
//    Membership is pdist(p) == 0 (or <= a tolerance).
//  - every shape is a union of at most two convex pieces (a sector wider than pi/2 is split in
//    two halves of half_angle/2), each known by its support function. For convex pieces
//    A and B, g(u) = h_A(u) + h_B(-u) gives, by duality, the distance (-min g when negative)
//    and the translational penetration depth (min g when positive). min g is found by a dense
//    scan of directions refined by golden-section search.
//  - for unions of pieces, the depth is the distance from the origin to the boundary of the
//    union of the Minkowski differences (built as dense inner polygons from support points).

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "collide2d/query.hpp"
#include "collide2d/shapes.hpp"

namespace ref {

using LD = long double;
using collide2d::Real;
using collide2d::Vec2;

inline constexpr LD kPiL = 3.141592653589793238462643383279502884L;
inline constexpr LD kInf = std::numeric_limits<LD>::infinity();

struct V {
  LD x = 0, y = 0;
};
inline V operator+(V a, V b) { return {a.x + b.x, a.y + b.y}; }
inline V operator-(V a, V b) { return {a.x - b.x, a.y - b.y}; }
inline V operator*(V a, LD s) { return {a.x * s, a.y * s}; }
inline V operator*(LD s, V a) { return {a.x * s, a.y * s}; }
inline LD dot(V a, V b) { return a.x * b.x + a.y * b.y; }
inline LD cross(V a, V b) { return a.x * b.y - a.y * b.x; }
inline LD len(V a) { return std::hypot(a.x, a.y); }
inline V unit_at(LD angle) { return {std::cos(angle), std::sin(angle)}; }
inline V toV(Vec2 p) { return {LD(p.x), LD(p.y)}; }
inline Vec2 toR(V p) { return {Real(p.x), Real(p.y)}; }

/// Distance from p to the segment ab (a == b allowed).
inline LD seg_dist(V p, V a, V b) {
  V ab = b - a;
  LD l2 = dot(ab, ab);
  LD t = l2 > 0 ? std::clamp(dot(p - a, ab) / l2, LD(0), LD(1)) : LD(0);
  return len(p - (a + ab * t));
}

/// Distance from p to a convex polygon given by its vertices in order (either winding,
/// repeated and collinear vertices allowed; a zero-area polygon is the union of its edges).
inline LD convex_poly_dist(const std::vector<V>& pts, V p) {
  const size_t n = pts.size();
  LD area2 = 0, perim = 0;
  for (size_t i = 0; i < n; ++i) {
    area2 += cross(pts[i], pts[(i + 1) % n]);
    perim += len(pts[(i + 1) % n] - pts[i]);
  }
  // area relative to the center of the polygon (less cancellation far from the origin)
  {
    V c = pts[0];
    area2 = 0;
    for (size_t i = 0; i < n; ++i) area2 += cross(pts[i] - c, pts[(i + 1) % n] - c);
  }
  if (std::fabs(area2) > 1e-24L * perim * perim) {
    LD sgn = area2 > 0 ? 1 : -1;
    bool inside = true;
    for (size_t i = 0; i < n && inside; ++i) {
      V a = pts[i], b = pts[(i + 1) % n];
      if (a.x == b.x && a.y == b.y) continue;
      if (sgn * cross(b - a, p - a) < 0) inside = false;
    }
    if (inside) return 0;
  }
  LD best = kInf;
  for (size_t i = 0; i < n; ++i) best = std::min(best, seg_dist(p, pts[i], pts[(i + 1) % n]));
  return best;
}

/// A convex piece known by its support function: the hull of `pts`, plus (optionally) a circle
/// arc c + R u for the directions u within the arc's range (a convex sector), rounded by r.
struct Piece {
  std::vector<V> pts;
  LD r = 0;
  bool has_arc = false;
  V c;
  LD R = 0;
  V mid{1, 0};   // direction of the arc's middle
  LD cos_h = 1;  // the arc covers directions u with dot(u, mid) >= cos_h

  LD support(V u) const {
    LD best = -kInf;
    for (const V& p : pts) best = std::max(best, dot(p, u));
    if (has_arc && dot(u, mid) >= cos_h) best = std::max(best, dot(c, u) + R);
    return best + r;
  }
  V support_point(V u) const {
    LD best = -kInf;
    V bp;
    for (const V& p : pts) {
      LD d = dot(p, u);
      if (d > best) best = d, bp = p;
    }
    if (has_arc && dot(u, mid) >= cos_h && dot(c, u) + R > best) bp = c + u * R;
    return bp + u * r;
  }
  /// Total radius of the curved parts (for the inner-polygon approximation error).
  LD curved() const { return r + (has_arc ? R : 0); }
};

enum Kind { kPoint = 0, kCircle, kSector, kAabb, kBox, kCapsule, kSegment, kPolygon };
inline const char* kind_name(int k) {
  static const char* names[] = {"point", "circle", "sector", "aabb", "box", "capsule", "segment",
                                "polygon"};
  return names[k];
}

/// The reference form of one shape.
struct Ref {
  int kind = kPoint;
  V a, b;       // point: a; circle: a = center; aabb: a = min, b = max; capsule/segment: a, b
  LD r = 0;     // circle, capsule, polygon radius; sector radius
  LD facing = 0, half = 0;  // sector
  V hext;       // box half extents
  LD angle = 0; // box angle
  std::vector<V> poly;  // polygon input points; box corners
  std::vector<Piece> pieces;
  bool area = false;

  /// Exact distance from p to the closed shape (0 inside).
  LD pdist(V p) const {
    switch (kind) {
      case kPoint: return len(p - a);
      case kCircle: return std::max(LD(0), len(p - a) - r);
      case kSector: {
        V v = p - a;
        LD L = len(v);
        if (L == 0) return 0;
        V f = unit_at(facing);
        if (half >= kPiL || dot(v, f) >= L * std::cos(half)) return std::max(LD(0), L - r);
        return std::min(seg_dist(p, a, a + unit_at(facing + half) * r),
                        seg_dist(p, a, a + unit_at(facing - half) * r));
      }
      case kAabb: {
        LD dx = std::max({a.x - p.x, LD(0), p.x - b.x});
        LD dy = std::max({a.y - p.y, LD(0), p.y - b.y});
        return std::hypot(dx, dy);
      }
      case kBox: {
        V d = p - a;
        LD c = std::cos(angle), s = std::sin(angle);
        V q{c * d.x + s * d.y, -s * d.x + c * d.y};
        LD dx = std::max(LD(0), std::fabs(q.x) - hext.x);
        LD dy = std::max(LD(0), std::fabs(q.y) - hext.y);
        return std::hypot(dx, dy);
      }
      case kCapsule: return std::max(LD(0), seg_dist(p, a, b) - r);
      case kSegment: return seg_dist(p, a, b);
      case kPolygon: return std::max(LD(0), convex_poly_dist(poly, p) - r);
    }
    return kInf;
  }
  bool contains(V p, LD tol = 0) const { return pdist(p) <= tol; }

  /// Support function of the whole shape's convex hull.
  LD support(V u) const {
    LD best = -kInf;
    for (const Piece& pc : pieces) best = std::max(best, pc.support(u));
    return best;
  }
  /// A rough size: radius of the bounding box around its center.
  LD size() const {
    LD w = support({1, 0}) + support({-1, 0}), h = support({0, 1}) + support({0, -1});
    return std::hypot(w, h) / 2;
  }
  /// Largest coordinate magnitude.
  LD offset() const {
    return std::max({std::fabs(support({1, 0})), std::fabs(support({-1, 0})),
                     std::fabs(support({0, 1})), std::fabs(support({0, -1}))});
  }
  LD curved() const {
    LD c = 0;
    for (const Piece& p : pieces) c = std::max(c, p.curved());
    return c;
  }
};

// ---- building shapes: the library value and its reference from the same rounded inputs ----

inline Piece poly_piece(std::vector<V> pts, LD r = 0) {
  Piece p;
  p.pts = std::move(pts);
  p.r = r;
  return p;
}

inline Ref ref_of_sector(V c, LD R, LD f, LD h) {
  Ref s;
  s.kind = kSector;
  s.a = c;
  s.r = R;
  s.facing = f;
  s.half = h;
  s.area = h > 0;
  auto piece = [&](LD mid, LD hh) {
    Piece p;
    p.pts = {c, c + unit_at(mid - hh) * R, c + unit_at(mid + hh) * R};
    p.has_arc = true;
    p.c = c;
    p.R = R;
    p.mid = unit_at(mid);
    p.cos_h = std::cos(hh);
    return p;
  };
  if (h <= kPiL / 2) {
    s.pieces = {piece(f, h)};
  } else {
    s.pieces = {piece(f - h / 2, h / 2), piece(f + h / 2, h / 2)};
  }
  return s;
}

inline std::vector<V> box_corners(V c, V he, LD ang) {
  V ax = unit_at(ang), ay{-ax.y, ax.x};
  return {c - ax * he.x - ay * he.y, c + ax * he.x - ay * he.y, c + ax * he.x + ay * he.y,
          c - ax * he.x + ay * he.y};
}

/// Reference of a library shape. Polygons need their input points (`poly_input`), since the
/// library's vertices are its own output.
inline Ref ref_of(const collide2d::Shape& shape, const std::vector<Vec2>* poly_input = nullptr) {
  using namespace collide2d;
  Ref s;
  s.kind = int(shape.index());
  switch (s.kind) {
    case kPoint: {
      auto& p = std::get<Point>(shape);
      s.a = toV(p.at);
      s.pieces = {poly_piece({s.a})};
      break;
    }
    case kCircle: {
      auto& p = std::get<Circle>(shape);
      s.a = toV(p.center);
      s.r = p.radius;
      s.area = s.r > 0;
      s.pieces = {poly_piece({s.a}, s.r)};
      break;
    }
    case kSector: {
      auto& p = std::get<Sector>(shape);
      s = ref_of_sector(toV(p.center), p.radius, p.facing(), p.half_angle());
      break;
    }
    case kAabb: {
      auto& p = std::get<collide2d::Aabb>(shape);
      s.a = toV(p.min);
      s.b = toV(p.max);
      s.area = s.b.x > s.a.x && s.b.y > s.a.y;
      s.pieces = {poly_piece({s.a, {s.b.x, s.a.y}, s.b, {s.a.x, s.b.y}})};
      break;
    }
    case kBox: {
      auto& p = std::get<Box>(shape);
      s.a = toV(p.center);
      s.hext = toV(p.half_extents);
      s.angle = p.angle();
      s.area = s.hext.x > 0 && s.hext.y > 0;
      s.poly = box_corners(s.a, s.hext, s.angle);
      s.pieces = {poly_piece(s.poly)};
      break;
    }
    case kCapsule: {
      auto& p = std::get<Capsule>(shape);
      s.a = toV(p.a);
      s.b = toV(p.b);
      s.r = p.radius;
      s.area = s.r > 0;
      s.pieces = {poly_piece({s.a, s.b}, s.r)};
      break;
    }
    case kSegment: {
      auto& p = std::get<Segment>(shape);
      s.a = toV(p.a);
      s.b = toV(p.b);
      s.pieces = {poly_piece({s.a, s.b})};
      break;
    }
    case kPolygon: {
      auto& p = std::get<Polygon>(shape);
      s.r = p.radius;
      if (poly_input) {
        for (Vec2 q : *poly_input) s.poly.push_back(toV(q));
      }
      s.area = true;
      s.pieces = {poly_piece(s.poly, s.r)};
      break;
    }
  }
  return s;
}

/// A shape under test: the library value and its reference.
struct Case {
  collide2d::Shape shape;
  Ref ref;
  std::string text;  // a printable description of the input, for failure messages
};

inline std::string fmt(LD v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.9g", double(v));
  return buf;
}
inline std::string fmtv(V v) {
  std::string s = "[";  // (appends: g++ 12 warns falsely of "..." + std::string, -Wrestrict)
  s += fmt(v.x);
  s += ", ";
  s += fmt(v.y);
  s += "]";
  return s;
}
inline std::string fmtv(Vec2 v) { return fmtv(toV(v)); }

inline Case mk_point(V p) {
  collide2d::Shape s = collide2d::Point{toR(p)};
  return {s, ref_of(s), "point{" + fmtv(std::get<0>(s).at) + "}"};
}
inline Case mk_circle(V c, LD r) {
  collide2d::Shape s = collide2d::Circle{toR(c), Real(r)};
  auto& x = std::get<collide2d::Circle>(s);
  return {s, ref_of(s), "circle{" + fmtv(x.center) + ", r=" + fmt(x.radius) + "}"};
}
inline Case mk_sector(V c, LD R, LD f, LD h) {
  collide2d::Shape s = collide2d::Sector(toR(c), Real(R), Real(f), Real(h));
  auto& x = std::get<collide2d::Sector>(s);
  return {s, ref_of(s),
          "sector{" + fmtv(x.center) + ", R=" + fmt(x.radius) + ", facing=" + fmt(x.facing()) +
              ", half=" + fmt(x.half_angle()) + "}"};
}
inline Case mk_aabb(V mn, V mx) {
  collide2d::Shape s = collide2d::Aabb{toR(mn), toR(mx)};
  auto& x = std::get<collide2d::Aabb>(s);
  return {s, ref_of(s), "aabb{" + fmtv(x.min) + ", " + fmtv(x.max) + "}"};
}
inline Case mk_box(V c, V he, LD ang) {
  collide2d::Shape s = collide2d::Box(toR(c), toR(he), Real(ang));
  auto& x = std::get<collide2d::Box>(s);
  return {s, ref_of(s),
          "box{" + fmtv(x.center) + ", he=" + fmtv(x.half_extents) + ", angle=" + fmt(x.angle()) +
              "}"};
}
inline Case mk_capsule(V a, V b, LD r) {
  collide2d::Shape s = collide2d::Capsule{toR(a), toR(b), Real(r)};
  auto& x = std::get<collide2d::Capsule>(s);
  return {s, ref_of(s), "capsule{" + fmtv(x.a) + ", " + fmtv(x.b) + ", r=" + fmt(x.radius) + "}"};
}
inline Case mk_segment(V a, V b) {
  collide2d::Shape s = collide2d::Segment{toR(a), toR(b)};
  auto& x = std::get<collide2d::Segment>(s);
  return {s, ref_of(s), "segment{" + fmtv(x.a) + ", " + fmtv(x.b) + "}"};
}
/// A polygon through make_polygon; nothing when the library refuses it.
inline std::optional<Case> mk_polygon(const std::vector<V>& pts, LD r) {
  std::vector<Vec2> in;
  for (V p : pts) in.push_back(toR(p));
  auto poly = collide2d::make_polygon(in, Real(r));
  if (!poly) return std::nullopt;
  collide2d::Shape s = *poly;
  std::string t = "polygon{[";
  for (size_t i = 0; i < in.size(); ++i) t += (i ? ", " : "") + fmtv(in[i]);
  t += "], r=" + fmt(Real(r)) + "}";
  return Case{s, ref_of(s, &in), t};
}

/// The same case translated by t (rebuilt from translated inputs).
inline Case translate_case(const Case& c, V t) {
  const Ref& r = c.ref;
  switch (r.kind) {
    case kPoint: return mk_point(r.a + t);
    case kCircle: return mk_circle(r.a + t, r.r);
    case kSector: return mk_sector(r.a + t, r.r, r.facing, r.half);
    case kAabb: return mk_aabb(r.a + t, r.b + t);
    case kBox: return mk_box(r.a + t, r.hext, r.angle);
    case kCapsule: return mk_capsule(r.a + t, r.b + t, r.r);
    case kSegment: return mk_segment(r.a + t, r.b + t);
    case kPolygon: {
      std::vector<V> p;
      for (V q : r.poly) p.push_back(q + t);
      auto m = mk_polygon(p, r.r);
      if (m) return *m;
      return c;  // cannot happen for exact translations that stay representable; caller checks
    }
  }
  return c;
}

// ---- minimisation over directions ----

struct DirMin {
  LD value = kInf;
  V dir{1, 0};
};

/// min over unit u of f(u): a scan of n directions refined by golden-section search around the
/// best local minima of the scan.
template <class F>
DirMin min_over_directions(F&& f, int n = 360) {
  std::vector<LD> vals(n);
  DirMin best;
  for (int k = 0; k < n; ++k) {
    V u = unit_at(2 * kPiL * k / n);
    vals[k] = f(u);
    if (vals[k] < best.value) best = {vals[k], u};
  }
  std::vector<int> mins;
  for (int k = 0; k < n; ++k) {
    LD l = vals[(k + n - 1) % n], r = vals[(k + 1) % n];
    if (vals[k] <= l && vals[k] <= r) mins.push_back(k);
  }
  std::sort(mins.begin(), mins.end(), [&](int i, int j) { return vals[i] < vals[j]; });
  if (mins.size() > 4) mins.resize(4);
  const LD gr = (std::sqrt(LD(5)) - 1) / 2;
  for (int k : mins) {
    LD lo = 2 * kPiL * (k - 1) / n, hi = 2 * kPiL * (k + 1) / n;
    LD x1 = hi - gr * (hi - lo), x2 = lo + gr * (hi - lo);
    LD f1 = f(unit_at(x1)), f2 = f(unit_at(x2));
    for (int it = 0; it < 70; ++it) {
      if (f1 < best.value) best = {f1, unit_at(x1)};
      if (f2 < best.value) best = {f2, unit_at(x2)};
      if (f1 <= f2) {
        hi = x2, x2 = x1, f2 = f1;
        x1 = hi - gr * (hi - lo);
        f1 = f(unit_at(x1));
      } else {
        lo = x1, x1 = x2, f1 = f2;
        x2 = lo + gr * (hi - lo);
        f2 = f(unit_at(x2));
      }
    }
    if (f1 < best.value) best = {f1, unit_at(x1)};
    if (f2 < best.value) best = {f2, unit_at(x2)};
  }
  return best;
}

/// sigma = min_u h_A(u) + h_B(-u) - t.u for convex pieces A and B + t: the distance is -sigma
/// when negative; when positive they overlap and sigma is the penetration depth.
inline DirMin sigma(const Piece& A, const Piece& B, V t = {0, 0}) {
  return min_over_directions([&](V u) { return A.support(u) + B.support({-u.x, -u.y}) - dot(t, u); });
}

/// The signed separation of two shapes (b translated by t): the distance when positive; when
/// negative or zero they overlap. Also the direction achieving it (from a towards b).
struct Separation {
  LD value = kInf;
  V dir{1, 0};
};
inline Separation separation(const Ref& A, const Ref& B, V t = {0, 0}) {
  Separation s;
  for (const Piece& pa : A.pieces)
    for (const Piece& pb : B.pieces) {
      DirMin m = sigma(pa, pb, t);
      if (-m.value < s.value) s = {-m.value, m.dir};
    }
  return s;
}

// ---- penetration depth of unions of convex pieces ----

/// Convex hull (counter-clockwise, strictly convex) by the monotone chain.
inline std::vector<V> hull(std::vector<V> p) {
  std::sort(p.begin(), p.end(), [](V a, V b) { return a.x < b.x || (a.x == b.x && a.y < b.y); });
  if (p.size() < 3) return p;
  std::vector<V> h(2 * p.size());
  size_t k = 0;
  for (size_t i = 0; i < p.size(); ++i) {
    while (k >= 2 && cross(h[k - 1] - h[k - 2], p[i] - h[k - 2]) <= 0) --k;
    h[k++] = p[i];
  }
  for (size_t i = p.size() - 1, t = k + 1; i-- > 0;) {
    while (k >= t && cross(h[k - 1] - h[k - 2], p[i] - h[k - 2]) <= 0) --k;
    h[k++] = p[i];
  }
  h.resize(k - 1);
  return h;
}

/// Inner polygon (counter-clockwise) of the Minkowski difference A - B: the hull of the support
/// points in k directions and of the differences of the pieces' corner points.
inline std::vector<V> minkowski_diff(const Piece& A, const Piece& B, int k) {
  std::vector<V> pts;
  for (int i = 0; i < k; ++i) {
    V u = unit_at(2 * kPiL * i / k);
    pts.push_back(A.support_point(u) - B.support_point({-u.x, -u.y}));
  }
  if (A.r == 0 && B.r == 0)
    for (V a : A.pts)
      for (V b : B.pts) pts.push_back(a - b);
  return hull(pts);
}

/// Open parameter interval of segment p(s) = a + (b-a)s inside the interior of convex ccw `poly`.
inline bool clip_inside(const std::vector<V>& poly, V a, V b, LD& s0, LD& s1) {
  s0 = 0, s1 = 1;
  const size_t n = poly.size();
  if (n < 3) return false;
  for (size_t i = 0; i < n; ++i) {
    V e = poly[(i + 1) % n] - poly[i];
    if (len(e) == 0) continue;
    // inside: cross(e, p - poly[i]) > 0
    LD fa = cross(e, a - poly[i]), fb = cross(e, b - poly[i]);
    if (fa <= 0 && fb <= 0) return false;
    if (fa <= 0) s0 = std::max(s0, fa / (fa - fb));
    else if (fb <= 0) s1 = std::min(s1, fa / (fa - fb));
    if (s0 >= s1) return false;
  }
  return true;
}

inline bool in_convex(const std::vector<V>& poly, V p) {
  const size_t n = poly.size();
  if (n < 3) return false;
  for (size_t i = 0; i < n; ++i) {
    V e = poly[(i + 1) % n] - poly[i];
    if (len(e) == 0) continue;
    if (cross(e, p - poly[i]) < 0) return false;
  }
  return true;
}

/// Distance from the point q to the segment ab restricted to parameters [s0, s1].
inline LD sub_seg_dist(V q, V a, V b, LD s0, LD s1) {
  return seg_dist(q, a + (b - a) * s0, a + (b - a) * s1);
}

/// Translational penetration depth of b into a: the length of the shortest translation of b
/// that makes the interiors disjoint (0 when they do not overlap). `err` receives a bound on
/// the approximation error (inner polygons of curved parts).
inline LD depth(const Ref& A, const Ref& B, LD* err = nullptr, int K = 512) {
  if (err) *err = 0;
  if (!A.area && !B.area) return 0;
  if (A.pieces.size() == 1 && B.pieces.size() == 1) {
    return std::max(LD(0), sigma(A.pieces[0], B.pieces[0]).value);
  }

  std::vector<std::vector<V>> ms;
  for (const Piece& pa : A.pieces)
    for (const Piece& pb : B.pieces) ms.push_back(minkowski_diff(pa, pb, K));
  V o{0, 0};
  bool inside = false;
  for (auto& m : ms) inside = inside || in_convex(m, o);
  if (err) *err = 8 * (A.curved() + B.curved()) * (1 - std::cos(kPiL / K)) + 1e-15L;
  if (!inside) return 0;
  // b must leave every piece of a: the depth is at least each pair's own depth
  LD lower = 0;
  for (const Piece& pa : A.pieces)
    for (const Piece& pb : B.pieces) lower = std::max(lower, sigma(pa, pb).value);
  LD best = kInf, scale = 0;
  for (auto& m : ms)
    for (V p : m) scale = std::max(scale, len(p));
  // A part of an edge of one polygon is on the boundary of the union unless the points just
  // outside it are in another polygon (two pieces of a wide sector share an edge).
  const LD eps = 1e-10L * (1 + scale);
  for (size_t k = 0; k < ms.size(); ++k) {
    const auto& m = ms[k];
    for (size_t i = 0; i < m.size(); ++i) {
      V a = m[i], b = m[(i + 1) % m.size()];
      if (m.size() < 2) break;
      V e = b - a;
      LD el = len(e);
      if (el == 0) continue;
      V out{e.y / el * eps, -e.x / el * eps};
      std::vector<std::pair<LD, LD>> cut;
      for (size_t l = 0; l < ms.size(); ++l) {
        if (l == k) continue;
        LD s0, s1;
        if (clip_inside(ms[l], a + out, b + out, s0, s1)) cut.push_back({s0, s1});
      }
      std::sort(cut.begin(), cut.end());
      LD cur = 0;
      for (auto [s0, s1] : cut) {
        if (s0 > cur) best = std::min(best, sub_seg_dist(o, a, b, cur, s0));
        cur = std::max(cur, s1);
      }
      if (cur < 1) best = std::min(best, sub_seg_dist(o, a, b, cur, 1));
    }
  }
  return std::max(lower, best == kInf ? LD(0) : best);
}

/// The shortest translation of b out of a that keeps b out when pushed further along it, by
/// brute force over directions: along u, the last exit (the largest t at which b + t u still
/// overlaps a's interior: each convex pair's overlap along a line is one interval, clipped
/// against the pair's inner Minkowski polygon), minimised over 720 directions with
/// golden-section refinement. The conformance checker reads depth this way: a push into a
/// notch that a further push would cross into the sector again does not count. `err` as in
/// depth (the inner polygons).
inline LD last_exit_depth(const Ref& A, const Ref& B, LD* err = nullptr, int K = 512) {
  const LD reach = 4 * (A.size() + B.size()) + 1;
  std::vector<std::vector<V>> ms;
  for (const Piece& pa : A.pieces)
    for (const Piece& pb : B.pieces) ms.push_back(minkowski_diff(pa, pb, K));
  if (err) *err = 8 * (A.curved() + B.curved()) * (1 - std::cos(kPiL / K)) + 1e-15L;
  auto last_exit = [&](V u) {
    LD t = 0, s0, s1;
    for (const auto& m : ms)
      if (clip_inside(m, {0, 0}, u * reach, s0, s1)) t = std::max(t, s1 * reach);
    return t;
  };
  return min_over_directions(last_exit, 720).value;
}

// ---- tolerances ----

inline constexpr bool kDouble = sizeof(Real) == 8;
/// Absolute tolerance for answers about shapes of this size, this far from the origin.
inline LD tolerance(LD size, LD offset) {
  return kDouble ? 1e-9L * (1 + size) + 1e-12L * offset : 1e-4L * (1 + size) + 4e-6L * offset;
}
inline LD tolerance(const Ref& a, const Ref& b) {
  return tolerance(std::max(a.size(), b.size()), std::max(a.offset(), b.offset()));
}

// ---- random shapes ----

using Rng = std::mt19937_64;
inline LD uni(Rng& g, LD lo, LD hi) {
  return lo + (hi - lo) * LD(std::uniform_real_distribution<double>(0, 1)(g));
}
inline int uni_int(Rng& g, int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(g); }

/// Random convex polygon points on a rotated ellipse (3..12 points, sometimes 64), spaced enough
/// to stay strictly convex after rounding; sometimes clockwise.
inline std::vector<V> random_convex_points(Rng& g, V c, LD size) {
  int n = uni_int(g, 0, 9) == 0 ? 64 : uni_int(g, 3, 12);
  std::vector<LD> ang;
  if (n == 64) {
    for (int i = 0; i < n; ++i) ang.push_back(2 * kPiL * i / n);
  } else {
    // n gaps of at least 0.25 rad
    std::vector<LD> gaps(n);
    LD sum = 0;
    for (auto& x : gaps) sum += (x = uni(g, 0.2, 1));
    LD free = 2 * kPiL - 0.25L * n, a = uni(g, 0, 2 * kPiL);
    for (int i = 0; i < n; ++i) {
      ang.push_back(a);
      a += 0.25L + free * gaps[i] / sum;
    }
  }
  LD ax = size * uni(g, 0.5, 1), ay = size * uni(g, 0.3, 1), rot = uni(g, 0, 2 * kPiL);
  V ux = unit_at(rot), uy{-ux.y, ux.x};
  std::vector<V> pts;
  for (LD t : ang) pts.push_back(c + ux * (ax * std::cos(t)) + uy * (ay * std::sin(t)));
  if (uni_int(g, 0, 1)) std::reverse(pts.begin(), pts.end());
  return pts;
}

/// Integer polygons with repeated and collinear vertices (either winding).
inline std::vector<V> integer_polygon(Rng& g, V c, LD size) {
  static const std::vector<std::vector<V>> templates = {
      {{0, 0}, {1, 0}, {2, 0}, {2, 0}, {2, 1}, {2, 2}, {0, 2}},
      {{0, 0}, {2, 0}, {4, 0}, {2, 2}, {1, 1}},
      {{0, 0}, {3, 0}, {3, 0}, {3, 1}, {0, 1}, {0, 1}, {0, 0}},
      {{-2, -1}, {0, -2}, {2, -1}, {2, 1}, {2, 1}, {0, 2}, {-1, 1.5L}, {-2, 1}, {-2, 0}},
      {{0, 0}, {4, 0}, {0, 3}},
      {{1, 0}, {2, 1}, {1, 2}, {0, 1}},
  };
  auto pts = templates[uni_int(g, 0, int(templates.size()) - 1)];
  LD scale = std::max(LD(1), std::round(size));
  V off{std::round(c.x), std::round(c.y)};
  for (auto& p : pts) p = off + p * scale * LD(0.5);
  if (uni_int(g, 0, 1)) std::reverse(pts.begin(), pts.end());
  return pts;
}

/// A random shape of `kind` around c of about `size`. `degenerate` picks the edge cases:
/// zero radius, zero length, half_angle 0/pi/2/pi/1e-6/pi-1e-6, zero-width and 1e-7-thin boxes,
/// integer polygons with repeated and collinear vertices, rounded polygons.
inline Case random_shape(int kind, Rng& g, V c, LD size, bool degenerate, bool wide_sector = false) {
  for (int attempt = 0;; ++attempt) {
    switch (kind) {
      case kPoint: return mk_point(c);
      case kCircle: return mk_circle(c, degenerate && uni_int(g, 0, 1) ? 0 : size * uni(g, 0.3, 1));
      case kSector: {
        LD R = size * uni(g, 0.6, 1.3), f = uni(g, -kPiL, kPiL);
        LD h = uni(g, 0, kPiL);
        if (wide_sector) h = uni(g, kPiL / 2 + 0.05L, kPiL - 0.05L);
        if (degenerate) {
          static const LD hs[] = {0, kPiL / 2, kPiL, 1e-6L, kPiL - 1e-6L, 2.0L, 2.8L};
          h = hs[uni_int(g, 0, 6)];
          if (h == kPiL) h = LD(collide2d::kPi);
        }
        return mk_sector(c - unit_at(f) * (R * 0.4L), R, f, h);
      }
      case kAabb: {
        V he{size * uni(g, 0.2, 1), size * uni(g, 0.2, 1)};
        if (degenerate) {
          int m = uni_int(g, 0, 4);
          if (m == 0) he.x = 0;
          if (m == 1) he.y = 0;
          if (m == 2) he = {0, 0};
          if (m == 3) he.y = 1e-7L * size;
        }
        return mk_aabb(c - he, c + he);
      }
      case kBox: {
        V he{size * uni(g, 0.2, 1), size * uni(g, 0.2, 1)};
        if (degenerate) {
          int m = uni_int(g, 0, 4);
          if (m == 0) he.x = 0;
          if (m == 1) he.y = 0;
          if (m == 2) he = {0, 0};
          if (m == 3) he.x = 1e-7L * size;
        }
        return mk_box(c, he, uni_int(g, 0, 5) == 0 ? 0 : uni(g, -kPiL, kPiL));
      }
      case kCapsule: {
        V h = unit_at(uni(g, 0, 2 * kPiL)) * (size * uni(g, 0.2, 0.8));
        LD r = size * uni(g, 0.1, 0.5);
        if (degenerate) {
          int m = uni_int(g, 0, 2);
          if (m != 1) r = 0;
          if (m != 0) h = {0, 0};
        }
        return mk_capsule(c - h, c + h, r);
      }
      case kSegment: {
        V h = unit_at(uni(g, 0, 2 * kPiL)) * (size * uni(g, 0.2, 1));
        if (degenerate && uni_int(g, 0, 2) == 0) h = {0, 0};
        return mk_segment(c - h, c + h);
      }
      case kPolygon: {
        std::vector<V> pts;
        LD r = 0;
        if (degenerate) {
          int m = uni_int(g, 0, 2);
          pts = m == 0 ? random_convex_points(g, c, size) : integer_polygon(g, c, size);
          if (m != 1) r = size * uni(g, 0.05, 0.4);
        } else {
          pts = random_convex_points(g, c, size);
          if (uni_int(g, 0, 3) == 0) r = size * uni(g, 0.05, 0.3);
        }
        auto p = mk_polygon(pts, r);
        if (p) return *p;
        // The library refused a valid convex polygon: report it and try another.
        std::string t;
        for (V q : pts) t += fmtv(q) + " ";
        ADD_FAILURE() << "make_polygon refused a convex polygon: " << t << " r=" << fmt(r);
        if (attempt > 3) return mk_point(c);
        break;
      }
    }
  }
}

/// A random point of the shape (rejection sampling in its bounds; for shapes without area, a
/// point of its core).
inline V random_point_in(const Ref& s, Rng& g) {
  switch (s.kind) {
    case kPoint: return s.a;
    case kSegment: return s.a + (s.b - s.a) * uni(g, 0, 1);
    default: break;
  }
  LD x0 = -s.support({-1, 0}), x1 = s.support({1, 0});
  LD y0 = -s.support({0, -1}), y1 = s.support({0, 1});
  for (int i = 0; i < 2000; ++i) {
    V p{uni(g, x0, x1), uni(g, y0, y1)};
    if (s.pdist(p) == 0) return p;
  }
  // thin shapes: a support point is in the shape
  return s.pieces[0].support_point(unit_at(uni(g, 0, 2 * kPiL)));
}

}  // namespace ref
