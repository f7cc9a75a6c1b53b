// collide2d - 2D collision detection for games. MIT License.
// The one mover's view of an obstacle (not installed): bounds, sweep, touch (gap and normal at
// the body's place), and which contacts of an edge count (one-sided fronts, ghost vertices),
// typed on the body so that nothing copies a `Shape` in the loop.
#pragma once
#include <algorithm>
#include <cmath>
#include <type_traits>
#include <variant>

#include "collide2d/arc.hpp"
#include "collide2d/motion.hpp"
#include "collide2d/walls.hpp"
#include "motion/motion_internal.hpp"
#include "query/geometry.hpp"
#include "query/touching.hpp"

namespace collide2d::inline COLLIDE2D_ABI {
namespace detail {
// The query layer's closed forms (src/query/raycast.cpp): a ray against a disk (the origin
// inside decided exactly), the disk sweeps' ray cast.
RayHit circle_raycast(Vec2 c, Real r, Vec2 origin, Vec2 dir, Real max_distance);
}  // namespace detail

namespace motion_detail {

/// A contact normal whose cosine with a ghost-vertex direction is below minus this is a ghost.
constexpr Real kGhostTol = Real(1e-3);

/// The body's reference point: the centre of its bounding box (a disk's centre).
template <class B>
Vec2 reference(const B& b) {
  return bounds(b).center();
}
inline Vec2 reference(const Circle& c) { return c.center; }
inline Vec2 reference(const Point& p) { return p.at; }

/// The disk around the body's box (what non-circle bodies present to coast arcs).
template <class B>
Circle bounding_circle(const B& b) {
  const Aabb bb = bounds(b);
  return {bb.center(), length(bb.max - bb.min) * Real(0.5)};
}
inline Circle bounding_circle(const Circle& c) { return c; }
inline Circle bounding_circle(const Point& p) { return {p.at, 0}; }

/// The edge as a segment.
inline Segment segment_of(const WallEdge& e) { return {e.a, e.b}; }

/// edge_accepts at a vertex (not the face) of an edge with a neighbour (move.cpp, out of line:
/// the face and a lone edge, the common cases, are decided inline).
bool vertex_accepts(const WallEdge& e, Vec2 ref, Vec2* out, Vec2 point);

/// True when a contact of a body (reference point `ref`) with the edge, with unit normal `*out`
/// from the edge to the body, counts: a one-sided edge only blocks a body whose reference
/// point is in front of it and only from its front; a contact at a vertex with a ghost
/// neighbour counts only when the body lies beyond that neighbour (else the neighbour's face
/// is what it touches: no ghost collisions at the joints of a chain). At a concave joint (the
/// neighbour turns towards the body's side and the body is between the two) a contact at the
/// vertex touches both faces: this edge's part of it is its face, so `*out` becomes the face
/// normal (a vertex-vertex normal there, any direction between the two faces within rounding,
/// is no ghost: dropping it let a body slide through the corner).
[[gnu::always_inline]] inline bool edge_accepts(const WallEdge& e, Vec2 ref, Vec2* out, Vec2 point) {
  if (e.one_sided) {
    if (!(dot(ref - e.a, e.normal) > 0)) return false;
    if (!(dot(*out, e.normal) > 0)) return false;
  }
  if (!e.has_prev && !e.has_next) return true;
  if (std::fabs(dot(*out, e.normal)) >= Real(1) - Real(1e-4)) return true;  // the face
  return vertex_accepts(e, ref, out, point);
}

/// Direct kernels for a disk body (the crowd's agents) against a wall segment or a disk: the
/// closed forms the general path reaches through the hull kernels (a disk against a segment
/// is the ray cast of its centre against the segment grown by its radius, a capsule; its touch
/// the closest point on the segment, the face's own normal where the closest point is inside
/// the face), with the general path kept for what they do not decide: a start within the
/// touching tolerance (the touching rule) and a centre on the segment or at the other disk's
/// centre (no direction). tests/motion/direct_kernels_test.cpp compares them with the general
/// path over random cases.
///
/// The gap within which a disk's start is left to the general path: the general sweep ray
/// casts the centre against the grown shape and applies its touching rule only to a centre
/// inside it (an overlap, or touching within rounding); 16 ulps of the largest coordinate
/// cover the rounding of the closest point here.
inline Real direct_margin(const Circle& c, Real size, Vec2 r) {
  const Real offset = std::max({std::fabs(c.center.x), std::fabs(c.center.y), std::fabs(c.center.x + r.x),
                                std::fabs(c.center.y + r.y)}) + size + c.radius;
  return kRelEps * offset;
}
/// direct_margin at rest (r = 0), bit for bit: the moved centre is the centre (|x + 0| = |x|,
/// -0 too), so the largest of the four is the largest of two.
inline Real direct_margin(const Circle& c, Real size) {
  return kRelEps * (std::max(std::fabs(c.center.x), std::fabs(c.center.y)) + size + c.radius);
}

/// The result of a direct kernel: `decided` false leaves the pair to the general path.
template <class T>
struct Direct {
  bool decided = false;
  T value{};
};

/// A disk body's direct kernel first (`direct(disk)` -> Direct<T>), the general path
/// (`general()` -> T) when the body is not a disk or the kernel left the pair to it.
template <class T, class B, class DirectF, class GeneralF>
T direct_first(const B& body, DirectF&& direct, GeneralF&& general) {
  if constexpr (std::is_same_v<B, Circle>) {
    const Direct<T> d = direct(body);
    if (d.decided) return d.value;
  }
  return general();
}

/// What a disk's touch of the segment a-b finds that a sweep of the disk from the same place
/// computes again: the segment's length, length(b - a), and the centre's distance to it,
/// length(q - c) for the closest point q (the sweep's length(c - q), bit for bit: negation is
/// exact).
struct DiskEdge {
  Real size = 0;
  Real dist = 0;
};

/// The first tests of a disk's sweep against a segment (sweep_disk_segment's own, inline: the
/// Mover's disk tests them before it calls the sweep): `general`, the pair is left to the general
/// path; `miss`, decided, no hit; `on`, decided, the faces and ends to test, from the face on
/// the body's side (`side`, the centre's distance `s` to the line, `den` = dot(u, side) for
/// u = r / len).
struct DiskSegmentStart {
  enum State { general, miss, on } state = general;
  Real s = 0, den = 0;
  Vec2 u, side;
};
[[gnu::always_inline]] inline DiskSegmentStart disk_segment_start(const Circle& c, Vec2 r, Real len, Vec2 a, Vec2 b,
                                                                  Vec2 n, const DiskEdge* seen) {
  DiskSegmentStart st;
  const bool known = seen && !(seen->size < 0);
  const Real size = known ? seen->size : length(b - a);
  if (!(len > 0) || !(size > 0)) return st;
  const Real R = c.radius;
  const Real margin = direct_margin(c, size, r);
  const Real dist = known ? seen->dist : length(c.center - detail::closest_on_segment(c.center, a, b));
  if (dist <= R + margin) return st;  // touching or overlapping: the general rule
  st.state = DiskSegmentStart::miss;
  if (dist > R + len + 2 * margin) return st;  // beyond the path's reach (and its rounding): a miss
  const Vec2 u = r / len;
  // The face on the body's side.
  Real s = dot(c.center - a, n);
  const Vec2 side = s >= 0 ? n : -n;
  s = std::fabs(s);
  const Real den = dot(u, side);
  // Not approaching the segment's line from beyond the radius (and its rounding): the centre
  // never comes within R of the line, where every point of the grown segment lies.
  if (!(den < 0) && s > R + margin) return st;
  st.state = DiskSegmentStart::on;
  st.s = s, st.den = den, st.u = u, st.side = side;
  return st;
}

/// A disk moving by r against the segment a-b (unit normal n): the first time its centre
/// meets the capsule of the segment grown by the radius (a face, else an end's disk: a ray
/// enters a convex set once, so a face hit is the entry); `len` is length(r). `seen`: the touch's DiskEdge of this
/// disk and segment (the same bits, without the closest point), if not null and its size is
/// not negative.
inline Direct<SweepHit> sweep_disk_segment(const Circle& c, Vec2 r, Real len, Vec2 a, Vec2 b, Vec2 n,
                                           const DiskEdge* seen = nullptr) {
  Direct<SweepHit> out;
  const DiskSegmentStart st = disk_segment_start(c, r, len, a, b, n, seen);
  if (st.state == DiskSegmentStart::general) return out;
  out.decided = true;
  if (st.state == DiskSegmentStart::miss) return out;
  const Vec2 e = b - a;
  const Real R = c.radius;
  const Vec2 u = st.u, side = st.side;
  const Real s = st.s, den = st.den;
  Real best = -1;
  Vec2 outward;
  if (den < 0 && s > R) {
    const Real dist = (s - R) / -den;
    if (dist <= len) {
      const Real along = dot(c.center + u * dist - a, e);
      if (along >= 0 && along <= dot(e, e)) best = dist, outward = side;
    }
  }
  if (best < 0) {
    for (const Vec2 end : {a, b}) {
      const RayHit h = detail::circle_raycast(end, R, c.center, u, len);
      if (h.hit && !h.inside && (best < 0 || h.distance < best)) best = h.distance, outward = h.normal;
    }
  }
  if (best < 0) return out;  // a miss
  out.value.hit = true;
  out.value.time = std::clamp(best / len, Real(0), Real(1));
  out.value.normal = -outward;
  out.value.point = c.center + u * best - outward * R;
  return out;
}

/// A disk moving by r against a fixed disk o: the ray cast of its centre against o grown by its
/// radius.
inline Direct<SweepHit> sweep_disk_disk(const Circle& c, Vec2 r, const Circle& o) {
  Direct<SweepHit> out;
  const Real len = length(r);
  if (!(len > 0)) return out;
  const Real R = c.radius + o.radius;
  if (length(c.center - o.center) <= R + direct_margin(c, 2 * o.radius, r)) return out;
  out.decided = true;
  const RayHit h = detail::circle_raycast(o.center, R, c.center, r / len, len);
  if (!h.hit) return out;
  out.value.hit = true;
  out.value.time = std::clamp(h.distance / len, Real(0), Real(1));
  out.value.normal = -h.normal;
  out.value.point = h.point - h.normal * c.radius;
  return out;
}

/// The gap (negative: depth) between the body and an obstacle at its place, the unit normal
/// from the body to the obstacle and a contact point; `valid` is false for a contact the
/// obstacle does not count (an edge's back or ghost vertex, a one-way shape from its far side).
struct Touch {
  bool valid = false;
  bool reliable = true;  ///< false: the normal of a separated pair is not resolved (vertex on vertex)
  Real gap = 0;
  Vec2 normal;
  Vec2 point;
};

/// The touch of a disk and the segment a-b (unit normal n): the closest point on the segment;
/// the face's own normal where it is inside the face, else the direction to the end. `seen`
/// (if not null) takes the segment's length and the distance, decided or not.
inline Direct<Touch> touch_disk_segment(const Circle& c, Vec2 a, Vec2 b, Vec2 n, DiskEdge* seen = nullptr) {
  Direct<Touch> out;
  const Vec2 q = detail::closest_on_segment(c.center, a, b);
  const Vec2 diff = q - c.center;
  const Real dist = length(diff);
  const Real size = length(b - a);
  if (seen) *seen = {size, dist};
  if (!(dist > direct_margin(c, size))) return out;  // no direction: the general path
  out.decided = true;
  Touch& t = out.value;
  t.valid = true;
  t.gap = dist - c.radius;
  t.normal = (q == a || q == b) ? diff / dist : (dot(c.center - a, n) >= 0 ? -n : n);
  t.point = q;
  return out;
}

/// The touch of a disk and a disk: along the line of centres.
inline Direct<Touch> touch_disk_disk(const Circle& c, const Circle& o) {
  Direct<Touch> out;
  const Vec2 diff = o.center - c.center;
  const Real dist = length(diff);
  if (!(dist > direct_margin(c, 2 * o.radius))) return out;
  out.decided = true;
  Touch& t = out.value;
  t.valid = true;
  t.gap = dist - c.radius - o.radius;
  t.normal = diff / dist;
  t.point = o.center - t.normal * o.radius;
  return out;
}

/// The direct kernels against a shape obstacle: the disk-disk ones when it is a disk, else
/// undecided.
inline Direct<Touch> touch_disk_disk(const Circle& c, const Shape& o) {
  const Circle* oc = std::get_if<Circle>(&o);
  return oc ? touch_disk_disk(c, *oc) : Direct<Touch>{};
}
/// (see touch_disk_disk)
inline Direct<SweepHit> sweep_disk_disk(const Circle& c, Vec2 r, const Shape& o) {
  const Circle* oc = std::get_if<Circle>(&o);
  return oc ? sweep_disk_disk(c, r, *oc) : Direct<SweepHit>{};
}

/// disk_leaves_edge's rule for a disk obstacle o (a proxy): the mover's own sweep of the disk c
/// by r misses o (sweep_disk_disk decided, no hit: the path never comes within the sum of the
/// radii), it ends apart from o (the touch there has a positive gap), and o is no contact where
/// c stands that the motion goes into (it lies beyond kNearSkins + 1 skins of c, or not ahead
/// of the motion). Then the mover moves c by r as if o were not there.
[[gnu::always_inline]] inline bool disk_leaves_disk(const Circle& c, Vec2 r, Real skin, const Circle& o) {
  const Direct<SweepHit> s = sweep_disk_disk(c, r, o);
  if (!s.decided || s.value.hit) return false;
  const Vec2 w = o.center - c.center;
  const Real near = c.radius + o.radius + (kNearSkins + 1) * skin;
  if (dot(r, w) > 0 && !(dot(w, w) > near * near)) return false;
  const Direct<Touch> end = touch_disk_disk(translated(c, r), o);
  return end.decided && end.value.gap > 0;
}

/// The touch of a body and a shape. A gap of a few ulps of the coordinates leaves the
/// direction between the closest points to rounding, so the normal of a separated pair is the
/// sweeps' touching rule (touching_axis: the body pushed `probe` past touching, then the axis
/// of largest support gap, a face's own normal where a face is touched): sliding along it does
/// not drift into the shape, and a nearly parallel face of the body itself never stands in
/// for the shape's.
template <class B, class S>
Touch touch_pair(const B& body, const S& s, Real probe) {
  Touch t;
  t.valid = true;
  if (overlaps(body, s)) {
    const Manifold m = contact(body, s);
    if (m.touching) {
      t.gap = -m.depth;
      t.normal = m.normal;
      t.point = m.points[0];
      return t;
    }
  }
  const DistanceResult d = distance(body, s);
  t.gap = d.distance;
  t.normal = normalize(d.point_b - d.point_a, normalize(reference(s) - reference(body)));
  t.point = d.point_b;
  if (probe > 0) {
    const TouchingAxis ax = touching_axis(body, s, d, probe);
    t.normal = ax.normal;
    t.reliable = ax.resolved;  // else a vertex against a vertex: any normal in between fits
  }
  return t;
}

/// The general path of a disk's touch of an edge's segment (out of line: the kernel decides
/// nearly all).
[[gnu::noinline]] inline Touch touch_disk_edge_general(const Circle& c, const WallEdge& e, Real probe) {
  return touch_pair(c, segment_of(e), probe);
}

/// A disk's touch of an edge's segment, before the edge's rules: the direct kernel (inline: the
/// Mover's disk calls it per near wall), else the general path.
[[gnu::always_inline]] inline Touch touch_disk_edge(const Circle& c, const WallEdge& e, Real probe, DiskEdge* seen) {
  Direct<Touch> d = touch_disk_segment(c, e.a, e.b, e.normal, seen);
  if (!d.decided) [[unlikely]]
    d.value = touch_disk_edge_general(c, e, probe);
  return d.value;
}

/// The touch of a body and an edge, with the edge's rules applied (see touch): touch_disk_edge
/// for a disk (the Mover's disk gathers its near walls with this, inline but for the general
/// path's call), else the segment's touch_pair. `seen`: a disk's DiskEdge of the edge (see
/// touch_disk_segment).
template <class B>
[[gnu::always_inline]] inline Touch touch_edge(const B& body, const WallEdge& e, Real probe,
                                               DiskEdge* seen = nullptr) {
  Touch t;
  if constexpr (std::is_same_v<B, Circle>)
    t = touch_disk_edge(body, e, probe, seen);
  else
    t = touch_pair(body, segment_of(e), probe);
  Vec2 out = -t.normal;
  t.valid = edge_accepts(e, reference(body), &out, t.point);
  t.normal = -out;
  return t;
}

template <class B>
Touch touch(const B& body, const Obstacle& o, Real probe) {
  switch (o.kind) {
    case ObstacleKind::shape: {
      Touch t = direct_first<Touch>(
          body, [&](const Circle& c) { return touch_disk_disk(c, *o.shape); },
          [&] { return std::visit([&](const auto& s) { return touch_pair(body, s, probe); }, *o.shape); });
      if (!(o.one_way == Vec2{}) && (t.gap < 0 || !(dot(-t.normal, o.one_way) > 0))) t.valid = false;
      return t;
    }
    case ObstacleKind::edge: return touch_edge(body, o.edge, probe);
    case ObstacleKind::arc: {
      const Circle c = bounding_circle(body);
      const ArcClosest q = closest_point(o.arc, c.center);
      Touch t;
      t.valid = true;
      t.gap = q.distance - c.radius;
      t.normal = normalize(q.point - c.center, q.normal);
      t.point = q.point;
      return t;
    }
  }
  return {};
}

/// The body moved by r against an obstacle (the shape's own sweep, the edge's segment sweep,
/// the arc sweep of the body's disk), with the edge's and one-way shape's rules applied to
/// the hit (a hit they do not count is no hit); `len` is length(r). `seen`: a disk's touch of
/// this edge from the same place, if known.
template <class B>
SweepHit sweep_obstacle(const B& body, Vec2 r, Real len, const Obstacle& o, const DiskEdge* seen = nullptr) {
  switch (o.kind) {
    case ObstacleKind::shape: {
      SweepHit h = direct_first<SweepHit>(
          body, [&](const Circle& c) { return sweep_disk_disk(c, r, *o.shape); },
          [&] { return std::visit([&](const auto& s) { return sweep(body, r, s, Vec2{}); }, *o.shape); });
      if (h.hit && !h.initially_overlapping && !(o.one_way == Vec2{}) && !(dot(-h.normal, o.one_way) > 0))
        h = {};
      return h;
    }
    case ObstacleKind::edge: {
      SweepHit h = direct_first<SweepHit>(
          body, [&](const Circle& c) { return sweep_disk_segment(c, r, len, o.edge.a, o.edge.b, o.edge.normal, seen); },
          [&] { return sweep(body, r, segment_of(o.edge), Vec2{}); });
      if (h.hit && !h.initially_overlapping) {
        Vec2 out = -h.normal;
        if (!edge_accepts(o.edge, reference(body), &out, h.point)) return {};
        h.normal = -out;
      }
      return h;
    }
    case ObstacleKind::arc:
      return sweep(bounding_circle(body), r, o.arc);
  }
  return {};
}

/// The touching rule for a body near an obstacle and its motion r: a face's exact normal keeps
/// them apart within `tol` for the whole motion (faces_keep_apart), so r does not go into it,
/// whatever direction rounding gave the contact (a vertex of the next collinear piece of a wall
/// the body slides along). Arcs: never (their normal is exact).
template <class B>
bool keeps_apart(const B& body, Vec2 r, const Obstacle& o, Real tol) {
  switch (o.kind) {
    case ObstacleKind::shape:
      return std::visit([&](const auto& s) { return faces_keep_apart(body, s, -r, tol); }, *o.shape);
    case ObstacleKind::edge: return faces_keep_apart(body, segment_of(o.edge), -r, tol);
    case ObstacleKind::arc: return false;
  }
  return false;
}

/// The support gap of the body and the obstacle along the unit axis n (an arc: of the body's
/// bounding circle and the arc's whole circle, a lower bound).
template <class B>
Real gap_along(const B& body, const Obstacle& o, Vec2 n) {
  switch (o.kind) {
    case ObstacleKind::shape:
      return std::visit([&](const auto& s) { return support_gap(body, s, n); }, *o.shape);
    case ObstacleKind::edge: return support_gap(body, segment_of(o.edge), n);
    case ObstacleKind::arc: return support_gap(bounding_circle(body), Circle{o.arc.center, o.arc.radius}, n);
  }
  return 0;
}

/// The depth reached by the body moved by r (first touching at `t`) inside the obstacle, at
/// the middle of the chord of its path inside it, is at most half the skin (a graze). Only for
/// convex obstacles (the depth along a line is concave there): arcs are never grazes, and
/// neither is a crossing of two shapes without area (a point or segment body and an edge or
/// segment: there is no depth to measure, a path that meets one crosses it).
template <class B>
bool is_graze(const B& body, Vec2 r, const Obstacle& o, Real t, Real skin) {
  if (o.kind == ObstacleKind::arc) return false;
  if (!has_area(Shape(body)) && (o.kind == ObstacleKind::edge || !has_area(*o.shape))) return false;
  const B end = translated(body, r);
  auto raw_sweep = [&](const B& from, Vec2 v) {
    if (o.kind == ObstacleKind::edge) return sweep(from, v, segment_of(o.edge), Vec2{});
    return std::visit([&](const auto& s) { return sweep(from, v, s, Vec2{}); }, *o.shape);
  };
  const SweepHit back = raw_sweep(end, -r);
  if (!back.hit) return true;  // the path only touches it, within rounding
  const Real t_exit = back.initially_overlapping ? Real(1) : Real(1) - back.time;
  if (t_exit <= t) return true;
  const B mid = translated(body, r * ((t + t_exit) * Real(0.5)));
  Touch m = o.kind == ObstacleKind::edge
                ? touch_pair(mid, segment_of(o.edge), Real(0))
                : std::visit([&](const auto& s) { return touch_pair(mid, s, Real(0)); }, *o.shape);
  return m.gap >= -skin * Real(0.5);
}

/// The one mover's own tests of the disk c moved by r (`len` = length(r), `skin` its skin)
/// against the edge e, one by one, where its first sweep test does not decide (a disk within
/// rounding of the edge: the sweep's general path, or a disk closing in on it): true when none
/// of them keeps the edge in the answer. Where it starts, the touch (touch_edge) shows no
/// overlap, and a contact within kNearSkins skins is not one the motion goes into (the mover's
/// own rule: approach beyond kSweepRelTol of the motion, and no face keeping them apart); on the
/// way, the sweep (sweep_obstacle) has no hit (none the motion goes into, none at the start);
/// where it ends, the touch shows no overlap (the end push-out). (Out of line: the common case,
/// a miss, is decided by disk_leaves_edge itself.)
[[gnu::noinline]] inline bool disk_edge_misses(const Circle& c, Vec2 r, Real len, Real skin, const WallEdge& e) {
  const Touch t = touch_edge(c, e, skin);
  if (t.valid && !(t.gap > 0)) return false;
  const Obstacle o = edge_obstacle(e);
  if (t.valid && t.reliable && t.gap < kNearSkins * skin && dot(r, t.normal) > kSweepRelTol * len &&
      !keeps_apart(c, r, o, Real(0))) {
    return false;
  }
  const SweepHit h = sweep_obstacle(c, r, len, o);
  if (h.hit && (h.initially_overlapping || dot(r, h.normal) > 0)) return false;
  const Touch end = touch_edge(translated(c, r), e, skin);
  return !(end.valid && !(end.gap > 0));
}

/// Whether the one mover, moving the disk c by r (`len` = length(r), `skin` its skin: the
/// move's frame) with the edge e among its obstacles, leaves the edge out of its answer: its
/// sweep misses the edge (disk_segment_start's miss, the sweep's own first test: the disk
/// never comes within its radius of the edge's line, or the edge is beyond the path's reach),
/// so the disk neither overlaps it where it starts or ends nor hits it on the way; and a
/// contact where the disk stands (within kNearSkins skins) is not one its motion goes into: a
/// face's normal is the edge's own, which the motion does not go into unless the line lies
/// beyond kNearSkins + 1 skins of the disk, and an end's normal points at that end, which
/// either lies that far or not ahead of the motion. Then the mover's answer is the one it
/// gives with no obstacle (World's clear path; tests/world/move_test.cpp compares the
/// two over random walls). False is always safe: the mover then decides. Where the first test
/// does not decide, the mover's own tests decide (disk_edge_misses).
[[gnu::always_inline]] inline bool disk_leaves_edge(const Circle& c, Vec2 r, Real len, Real skin, const WallEdge& e) {
  if (disk_segment_start(c, r, len, e.a, e.b, e.normal, nullptr).state != DiskSegmentStart::miss)
    return disk_edge_misses(c, r, len, skin, e);
  const Real near = c.radius + (kNearSkins + 1) * skin;
  const Real s = dot(c.center - e.a, e.normal);  // the centre's side of the line and its distance
  if (!(dot(r, s >= 0 ? e.normal : -e.normal) >= 0) && !(std::fabs(s) > near)) return false;  // (the face)
  for (const Vec2 v : {e.a, e.b}) {
    const Vec2 w = v - c.center;
    if (dot(r, w) > 0 && !(dot(w, w) > near * near)) return false;
  }
  return true;
}

}  // namespace motion_detail
}  // namespace collide2d
