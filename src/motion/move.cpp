// collide2d - 2D collision detection for games. MIT License.
// move: sweep to the first contact, stop a skin short of it, respond, continue.
#include <algorithm>
#include <cmath>
#include <vector>

#include "motion/motion_internal.hpp"

namespace collide2d::inline COLLIDE2D_ABI {

using namespace motion_detail;

namespace {

/// A shallow approach (|dot(r, n)| below this fraction of |r|) is tested for a graze.
constexpr Real kGrazeApproach = Real(0.3);
/// Bounce passes over simultaneous contacts before falling back to sliding.
constexpr int kBouncePasses = 4;
/// Slide planes remembered within one move.
constexpr int kMaxPlanes = 8;
/// Push-out passes at the end of a move.
constexpr int kCleanupPasses = 2;

/// The normal from the body to an obstacle it touches or nearly touches, a point, and the
/// signed gap (negative: penetration depth).
struct Touch {
  Vec2 normal;
  Vec2 point;
  Real gap = 0;
};
Touch touch(const Shape& body, const Shape& obstacle, Vec2 fallback) {
  if (overlaps(body, obstacle)) {
    const Manifold m = contact(body, obstacle);
    if (m.touching) return {m.normal, m.points[0], -m.depth};
  }
  const DistanceResult d = distance(body, obstacle);
  return {normalize(d.point_b - d.point_a, fallback), d.point_b, d.distance};
}

/// True when the straight motion r (from `body`, first touching at `t`) would enter the
/// obstacle by no more than half the skin: the chord of the path inside it is found by a
/// sweep back from the end, and the depth at its middle is at least half the deepest (the
/// depth along a line through a convex set is concave).
bool is_graze(const Shape& body, Vec2 r, const Shape& obstacle, Real t, Real skin) {
  const Shape end = translated(body, r);
  const SweepHit back = sweep(end, -r, obstacle, Vec2{});
  if (!back.hit) return true;  // the path only touches it, within rounding
  const Real t_exit = back.initially_overlapping ? Real(1) : Real(1) - back.time;
  if (t_exit <= t) return true;
  const Shape mid = translated(body, r * ((t + t_exit) * Real(0.5)));
  if (!overlaps(mid, obstacle)) return true;
  const Manifold m = contact(mid, obstacle);
  return !m.touching || m.depth <= skin * Real(0.5);
}

struct Hit {
  std::size_t obstacle = 0;
  Real time = 0;
  Vec2 normal, point;
  Real skin = 0, approach = 0;
  bool graze = false;
};

}  // namespace

MoveResult move(const Shape& shape, Vec2 displacement, std::span<const Shape> obstacles,
                const MoveOptions& options) {
  MoveResult res;
  Shape body = shape;
  Vec2 dir = displacement;  // the whole step's displacement, responses applied
  Real left = 1;            // fraction of it still to travel
  std::array<Vec2, kMaxPlanes> planes{};
  int plane_count = 0;
  const bool bounce = options.response == Response::bounce;
  const int cap = std::max(1, options.max_iterations);
  std::vector<Hit> hits, initial;
  if (!is_finite(displacement)) {  // invalid input (validate_move names it): no motion
    res.shape = body;
    res.blocked = true;
    return res;
  }

  auto shift = [&](Vec2 t) {
    body = translated(body, t);
    res.translation += t;
  };
  auto add_plane = [&](Vec2 m) {
    for (int i = 0; i < plane_count; ++i)
      if (dot(planes[std::size_t(i)], m) >= Real(1) - Real(1e-5)) {
        planes[std::size_t(i)] = m;
        return;
      }
    if (plane_count == kMaxPlanes) {  // forget the oldest
      std::rotate(planes.begin(), planes.begin() + 1, planes.end());
      --plane_count;
    }
    planes[std::size_t(plane_count++)] = m;
  };
  // Responds to contacts with normals `ms` (body to obstacle): false when the motion stops.
  auto respond = [&](const std::vector<Hit>& with) {
    if (!bounce) {
      for (const Hit& h : with) add_plane(h.normal);
      dir = project_allowed(dir, planes, plane_count);
    } else {
      for (int pass = 0; pass < kBouncePasses; ++pass) {
        bool changed = false;
        for (const Hit& h : with) {
          if (dot(dir, h.normal) > 0) {
            dir = reflect(dir, -h.normal, options.restitution, options.friction);
            changed = true;
          }
        }
        if (!changed) break;
      }
      std::array<Vec2, kMaxPlanes> ms{};
      int n = 0;
      for (const Hit& h : with)
        if (n < kMaxPlanes) ms[std::size_t(n++)] = h.normal;
      dir = project_allowed(dir, ms, n);  // still going in after the passes: a wedge
    }
    if (dir == Vec2{}) res.blocked = true;
  };

  for (int iter = 0; iter < cap; ++iter) {
    const Vec2 r = dir * left;
    if (!(left > 0) || (r.x == 0 && r.y == 0)) break;
    res.iterations = iter + 1;
    const Aabb b0 = bounds(body), b1 = moved(b0, r);
    const Aabb swept = unite(b0, b1);
    const Real rlen = length(r);
    hits.clear();
    initial.clear();
    for (std::size_t k = 0; k < obstacles.size(); ++k) {
      const Aabb ob = bounds(obstacles[k]);
      const Real skin = pair_skin(b0, b1, ob, options.skin);
      if (!grown(swept, 2 * skin).overlaps(ob)) continue;
      const SweepHit s = sweep(body, r, obstacles[k], Vec2{});
      if (!s.hit) continue;
      if (s.initially_overlapping) {
        const Touch tc = touch(body, obstacles[k], normalize(r));
        Hit h;
        h.obstacle = k, h.normal = tc.normal, h.point = tc.point, h.skin = skin;
        h.approach = tc.gap;  // (the gap, for the push-out below)
        initial.push_back(h);
        continue;
      }
      Hit h;
      h.obstacle = k, h.time = s.time, h.normal = s.normal, h.point = s.point, h.skin = skin;
      h.approach = dot(r, s.normal);
      hits.push_back(h);
    }

    if (!initial.empty()) {
      // Touching or overlapping at the start: push out to the skin (once, for all of them),
      // and take the ones the motion goes into as contacts at this time.
      PositionCorrection pc;
      for (const Hit& h : initial) pc.add(-h.normal, h.skin - h.approach);
      shift(pc.solve());
      std::vector<Hit> into;
      for (const Hit& h : initial) {
        if (dot(r, h.normal) > 0) into.push_back(h);
        res.contacts.push_back({h.obstacle, h.normal, h.point, Real(1) - left, true});
      }
      if (!into.empty()) respond(into);
      continue;
    }
    if (hits.empty()) {
      shift(r);
      left = 0;
      break;
    }

    // The first contact and those within a skin of it (a corner, a wedge, a seam).
    std::sort(hits.begin(), hits.end(), [](const Hit& a, const Hit& b) {
      return a.time < b.time || (a.time == b.time && a.obstacle < b.obstacle);
    });
    const Real t0 = hits.front().time;
    const Real tie = hits.front().skin / rlen;
    std::vector<Hit> first;
    bool any_real = false;
    for (const Hit& h0 : hits) {
      if (h0.time > t0 + tie) break;
      Hit h = h0;
      h.graze = h.approach < kGrazeApproach * rlen &&
                is_graze(body, r, obstacles[h.obstacle], h.time, h.skin);
      any_real = any_real || !h.graze;
      first.push_back(h);
    }
    if (!any_real) {
      // Only grazes: nudge off them by the skin, keep the motion.
      PositionCorrection pc;
      for (const Hit& h : first) pc.add(-h.normal, h.skin);
      shift(pc.solve());
      continue;
    }
    std::erase_if(first, [](const Hit& h) { return h.graze; });
    // Stop a skin short of each: the gap along a line outside a convex set is convex in t,
    // so at t - skin / approach it is at least the skin.
    Real ts = t0;
    for (const Hit& h : first) ts = std::min(ts, h.time - h.skin / h.approach);
    ts = std::clamp(ts, Real(0), Real(1));
    shift(r * ts);
    for (const Hit& h : first)
      res.contacts.push_back({h.obstacle, h.normal, h.point, (Real(1) - left) + left * h.time, false});
    left *= Real(1) - ts;
    respond(first);
  }
  if (left > 0 && !(dir == Vec2{}) && res.iterations >= cap) res.blocked = true;
  // Safety net: a sweep reports no contact for a pass that enters by less than its touching
  // tolerance, and in the float build a contact normal next to a long obstacle can be tilted
  // by that tolerance over the gap, so sliding along it may end that deep. Whatever still
  // overlaps at the end is pushed out to the skin, all at once.
  for (int pass = 0; pass < kCleanupPasses; ++pass) {
    const Aabb b0 = bounds(body);
    PositionCorrection pc;
    for (std::size_t k = 0; k < obstacles.size(); ++k) {
      const Aabb ob = bounds(obstacles[k]);
      if (!b0.overlaps(ob) || !overlaps(body, obstacles[k])) continue;
      const Manifold m = contact(body, obstacles[k]);
      if (m.touching) pc.add(m, pair_skin(b0, b0, ob, options.skin));
    }
    if (pc.count() == 0) break;
    shift(pc.solve());
  }
  res.shape = body;
  res.displacement = dir;
  return res;
}

}  // namespace collide2d
