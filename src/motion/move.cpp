// collide2d - 2D collision detection for games. MIT License.
// The one mover: sweep to the first contact, stop a skin short of it, respond, continue.
//
// Each iteration: (A) the obstacles within two skins of the body are its contacts where it
// stands: an overlapped one pushes it out to the skin (all at once), and the motion loses what
// goes into them (one plane solver for every contact); (B) the rest of the motion is swept
// against every other rigid obstacle that it can reach; the first contact (and those within a
// skin of it: a corner, a wedge, a seam) stops the body a skin short, the response turns the
// motion, and the next iteration goes on with what is left. At the end, an overlap left by
// rounding or a soft obstacle (finite push limit) is pushed out, and the side-view state is
// read from the contacts where the body ends.
#include <algorithm>
#include <cmath>
#include <utility>
#include <variant>
#include <vector>

#include "motion/motion_internal.hpp"
#include "motion/obstacle_ops.hpp"

namespace collide2d::inline COLLIDE2D_ABI {

namespace motion_detail {
bool vertex_accepts(const WallEdge& e, Vec2 ref, Vec2* out, Vec2 point) {
  const Vec2 d = e.b - e.a;
  const bool at_a = dot(point - e.a, d) <= dot(e.b - point, d);
  const Vec2 front = dot(ref - e.a, e.normal) >= 0 ? e.normal : -e.normal;
  // The vertex, its neighbour's far end and this edge's other end.
  const Vec2 v = at_a ? e.a : e.b, far = at_a ? e.prev : e.next, other = at_a ? e.b : e.a;
  if (!(at_a ? e.has_prev : e.has_next)) return true;
  const Real side_other = cross(v - far, other - far), side_ref = cross(v - far, ref - far);
  if (dot(far - v, front) > 0 && side_other * side_ref > 0) {
    *out = front;
    return true;
  }
  return dot(*out, normalize(v - far)) >= -kGhostTol;
}
}  // namespace motion_detail

using namespace motion_detail;

namespace {

/// A shallow approach (|dot(r, n)| below this fraction of |r|) is tested for a graze.
constexpr Real kGrazeApproach = Real(0.3);
/// Bounce passes over simultaneous contacts before falling back to sliding.
constexpr int kBouncePasses = 4;
/// Slide planes remembered within one move.
constexpr int kMaxPlanes = 8;
/// Push-out passes at the end of a move.
constexpr int kCleanupPasses = 3;
/// Passes of the response to the contacts where the body stands.
constexpr int kNearPasses = 4;
/// Push-out rounds where an iteration starts.
constexpr int kPushRounds = 2;

struct Hit {
  std::size_t obstacle = 0;
  Real time = 0;
  Vec2 normal, point;
  Real approach = 0;
  Real gap = 0;
  bool graze = false;
};

/// The contacts where the body stands, at most per obstacle: its touch, and an arc's two end
/// points.
constexpr std::size_t kNearPerObstacle = 3;

/// Per-thread scratch (kept capacity: no allocation per call in steady state).
struct Scratch {
  std::vector<Hit> hits, first;
  std::vector<Aabb> boxes;  ///< the obstacles' bounds, once per move
  /// The Mover's contacts where the body stands (its near()), written by index: storage that
  /// only grows, kNearPerObstacle per obstacle.
  std::vector<Hit> near;
  /// edges[k]: a disk's touch of edge k in the last gather_near (those whose bounds met its box)
  std::vector<DiskEdge> edges;
};
/// Room for n obstacles in sc.near and sc.edges (only grows, both at once: called when
/// sc.edges.size() < n).
[[gnu::noinline, gnu::cold]] void grow_scratch(Scratch& sc, std::size_t n) {
  sc.near.resize(kNearPerObstacle * n);
  sc.edges.resize(n);
}
Scratch& scratch() {
  thread_local Scratch s;
  return s;
}

/// The box that culls obstacles for a body: its bounding circle's (coast arcs meet non-circle
/// bodies as that circle; for a disk it is the disk's own box).
template <class B>
Aabb cover(const B& b) {
  return bounds(bounding_circle(b));
}

enum class Facing { none, ground, wall, ceiling };

template <class B>
class Mover {
 public:
  Mover(const B& start, Vec2 d, Real skin, std::span<const Obstacle> obs, const MoveOptions& o, MoveResult& res,
        Scratch& sc)
      : body_(start), sc_(sc), obs_(obs), opt_(o), res_(res), dir_(d), want_(d), boxes_(sc.boxes) {
    box_ = cover(start);
    skin_ = skin;  // skin_of(bounds(start), d, o.skin)
    COLLIDE2D_ASSERT(skin_ > 0 && std::isfinite(skin_));  // the skin rule's terms are positive
    COLLIDE2D_ASSERT(boxes_.size() == obs.size());          // the obstacles' bounds, taken by `move`
    if (!(o.up == Vec2{})) {  // (then up_ is not zero either: normalize's fallback is not)
      up_ = normalize(o.up);
      cos_slope_ = std::cos(o.max_slope);
      side_ = true;
    }
    if (sc.edges.size() < obs.size()) grow_scratch(sc, obs.size());  // (and near with it)
    if constexpr (std::is_same_v<B, Circle>) edges_ = sc.edges.data();
  }

  void run() {
    Scratch& sc = sc_;
    const int cap = std::max(1, opt_.max_iterations);
    const bool bounce = opt_.response == Response::bounce;
    bool started_grounded = false;
    for (int iter = 0; iter < cap; ++iter) {
      Vec2 r = dir_ * left_;
      if (!(left_ > 0) || (r.x == 0 && r.y == 0)) break;
      res_.iterations = iter + 1;
      Real len = length(r);  // (kept as r turns: one length per motion)
      const Aabb reach = grown(box_, len + kNearSkins * skin_);

      // (A) contacts where the body stands: an overlap is pushed out (then looked at again).
      const bool overlapped = gather_near();
      if (iter == 0 && side_)  // (facing: none in the top-down view)
        for (const Hit& h : near()) started_grounded = started_grounded || facing(h.normal) == Facing::ground;
      if (overlapped) push_out_near();
      if (!near_.empty() && !lose_near(sc, r, len, bounce)) break;

      // (B) sweep what is left against everything else it can reach.
      sweep_rest(sc, r, len, reach);
      if (sc.hits.empty()) {
        shift(r);
        left_ = 0;
        break;
      }
      stop_at_first(sc, r, len, bounce);
    }
    // The loop's bounds: at most `cap` sweep rounds, and the fraction of the motion left only shrinks.
    COLLIDE2D_ASSERT(res_.iterations <= cap);
    COLLIDE2D_ASSERT(left_ >= 0 && left_ <= 1);
    if (left_ > 0 && !(dir_ == Vec2{}) && res_.iterations >= cap) res_.blocked = true;
    finish(started_grounded);
  }

 private:
  /// (A) Pushes the body out of the contacts where it stands that it overlaps (a few rounds,
  /// gathering them again after each; called when one of them is overlapped).
  void push_out_near() {
    for (int round = 0; round < kPushRounds; ++round) {
      PositionCorrection pc;
      for (const Hit& h : near())
        if (h.gap <= 0) {
          pc.add(-h.normal, skin_ - h.gap);
          record(h, Real(1) - left_, true);
        }
      if (pc.count() == 0) break;
      const Vec2 push = pc.solve();
      shift(push);
      res_.pushed_out += push;
      if (!gather_near()) break;
    }
  }

  /// (A) The motion r (of the iteration's length) loses what goes into the contacts where the
  /// body stands; a response can turn it into another one (a wedge), so again until none is
  /// gone into. False when no motion is left. `len`: length(r), kept when r turns.
  bool lose_near(Scratch& sc, Vec2& r, Real& len, bool bounce) {
    const Real tol = kSweepRelTol * len;
    for (int pass = 0; pass < kNearPasses; ++pass) {
      sc.first.clear();
      for (const Hit& h : near())
        if (dot(r, h.normal) > tol && !keeps_apart(body_, r, obs_[h.obstacle], Real(0))) {
          record(h, Real(1) - left_, true);
          sc.first.push_back(h);
        }
      if (sc.first.empty()) break;
      respond(sc.first, bounce);
      r = dir_ * left_;
      len = length(r);
      if (r.x == 0 && r.y == 0) break;
    }
    return !(r.x == 0 && r.y == 0);
  }

  /// (B) The hits of the motion r on the rigid obstacles it can reach (`reach`: the box the
  /// iteration's whole motion can reach), into sc.hits; `len` is length(r).
  void sweep_rest(Scratch& sc, Vec2 r, Real len, const Aabb& reach) {
    const Aabb swept = grown(merged(box_, translated(box_, r)), kNearSkins * skin_);
    // A box meets both when it meets their common part (per bound: max(a, b) <= c is a <= c and
    // b <= c), empty or not (finite: the inputs' limits).
    const Aabb both{max(reach.min, swept.min), min(reach.max, swept.max)};
    sc.hits.clear();
    const std::span<const Obstacle> obs = obs_;  // (held in registers over the walk)
    const std::span<const Aabb> boxes = boxes_;
    for (std::size_t k = 0; k < obs.size(); ++k) {
      const Obstacle& o = obs[k];
      if (!rigid(o)) continue;
      const Aabb& ob = boxes[k];
      if (!both.overlaps(ob)) continue;
      if constexpr (std::is_same_v<B, Circle>)  // (a disk's wall: the sweep's own first tests, inline)
        if (o.kind == ObstacleKind::edge &&
            disk_segment_start(body_, r, len, o.edge.a, o.edge.b, o.edge.normal, &edges_[k]).state ==
                DiskSegmentStart::miss)
          continue;
      // (a disk's wall: what the last gather's touch found from here, if it touched it)
      const SweepHit s = sweep_obstacle(body_, r, len, o, std::is_same_v<B, Circle> ? &edges_[k] : nullptr);
      if (!s.hit || s.initially_overlapping) continue;
      const Real approach = dot(r, s.normal);
      if (!(approach > 0)) continue;
      // A contact where the body stands that the motion does not go into: a hit at once
      // with another normal is the sweep's rounding (gone into, it is a real contact).
      if (s.time * len <= kNearSkins * skin_ && contradicts_near(near(), k, s.normal)) continue;
      Hit h;
      h.obstacle = k, h.time = s.time, h.normal = s.normal, h.point = s.point, h.approach = approach;
      sc.hits.push_back(h);
    }
  }

  /// (B) The first hits of sc.hits (those within a skin of the first): only grazes, the body
  /// is nudged off them and keeps its motion; else it stops a skin short of each and responds.
  void stop_at_first(Scratch& sc, Vec2 r, Real len, bool bounce) {  // (len: length(r))
    std::sort(sc.hits.begin(), sc.hits.end(), [](const Hit& a, const Hit& b) {
      return a.time < b.time || (a.time == b.time && a.obstacle < b.obstacle);
    });
    const Real t0 = sc.hits.front().time;
    const Real tie = skin_ / len;
    sc.first.clear();
    bool any_real = false;
    for (const Hit& h0 : sc.hits) {
      if (h0.time > t0 + tie) break;
      Hit h = h0;
      h.graze = h.approach < kGrazeApproach * len && is_graze(body_, r, obs_[h.obstacle], h.time, skin_);
      any_real = any_real || !h.graze;
      sc.first.push_back(h);
    }
    if (!any_real) {
      // Only grazes: nudge off them by the skin, keep the motion.
      PositionCorrection pc;
      for (const Hit& h : sc.first) pc.add(-h.normal, skin_);
      shift(pc.solve());
      return;
    }
    std::erase_if(sc.first, [](const Hit& h) { return h.graze; });
    // Stop a skin short of each: the gap along a line outside a convex set is convex in t,
    // so at t - skin / approach it is at least the skin.
    Real ts = t0;
    for (const Hit& h : sc.first) ts = std::min(ts, h.time - skin_ / h.approach);
    ts = std::clamp(ts, Real(0), Real(1));
    shift(r * ts);
    const Real left0 = left_;
    left_ *= Real(1) - ts;
    COLLIDE2D_ASSERT(left_ <= left0);
    if (!bounce) drop_held(sc.first);
    for (const Hit& h : sc.first) record(h, (Real(1) - left0) + left0 * h.time, false);
    respond(sc.first, bounce);
  }

  static bool rigid(const Obstacle& o) { return std::isinf(o.push_limit); }
  /// Obstacle k is a contact where the body stands whose normal differs from n.
  static bool contradicts_near(std::span<const Hit> near, std::size_t k, Vec2 n) {
    for (const Hit& h : near)
      if (h.obstacle == k) return dot(n, h.normal) < Real(0.5);
    return false;
  }

  /// Of a group of hits within a skin of the first: an edge hit whose own face holds the body
  /// off within half a skin (support gap along the face normal) takes the face's exact normal
  /// (a disk landing on the joint of two collinear pieces meets both end vertices, with a
  /// normal turned by where the joint falls under it: sliding on that would gain motion along
  /// the wall). Then drops the hits that another one's plane already holds off: an obstacle
  /// lying wholly behind the plane of a kept hit (its support gap along that normal at least
  /// -skin / 2) is never entered while the motion does not go into that plane, which the
  /// response sees to (separating axes). So the next collinear piece of a wall, whose end
  /// vertex the body meets a hair after the face, is no second contact: a slide along a Doom
  /// wall split into linedefs does not stop at the seam. A corner or wedge keeps both walls
  /// (neither lies behind the other). Edge hits on their face are kept first, then in order of
  /// time.
  void drop_held(std::vector<Hit>& group) {
    for (Hit& h : group) {
      const Obstacle& o = obs_[h.obstacle];
      if (o.kind != ObstacleKind::edge) continue;
      const Vec2 m = dot(h.normal, o.edge.normal) < 0 ? -o.edge.normal : o.edge.normal;
      if (!(dot(m, h.normal) > 0)) continue;
      if (gap_along(body_, o, m) >= -skin_ * Real(0.5)) h.normal = m;
    }
    if (group.size() < 2) return;
    auto on_face = [&](const Hit& h) {
      const Obstacle& o = obs_[h.obstacle];
      return o.kind == ObstacleKind::edge && std::fabs(dot(h.normal, o.edge.normal)) >= Real(1) - Real(1e-6);
    };
    std::stable_partition(group.begin(), group.end(), on_face);
    std::size_t kept = 0;
    for (std::size_t j = 0; j < group.size(); ++j) {
      bool held = false;
      for (std::size_t i = 0; i < kept && !held; ++i)
        held = gap_along(body_, obs_[group[j].obstacle], group[i].normal) >= -skin_ * Real(0.5);
      if (!held) group[kept++] = group[j];
    }
    group.resize(kept);
    COLLIDE2D_ASSERT(kept >= 1);  // the first hit has nothing before it to hold it off
    std::sort(group.begin(), group.end(), [](const Hit& a, const Hit& b) {
      return a.time < b.time || (a.time == b.time && a.obstacle < b.obstacle);
    });
  }

  /// The contacts where the body stands (into near()): the rigid obstacles within kNearSkins
  /// skins of the body, with their touches; true when the body overlaps one of them (a gap <= 0).
  bool gather_near() {
    Hit* const out = sc_.near.data();  // (room for kNearPerObstacle per obstacle: no check per write)
    std::size_t n = 0;
    const Aabb near_box = grown(box_, kNearSkins * skin_);
    bool arcs = false;  // an arc is near (its end points below)
    bool overlapped = false;
    const std::span<const Obstacle> obs = obs_;  // (held in registers over the walk)
    const std::span<const Aabb> boxes = boxes_;
    for (std::size_t k = 0; k < obs.size(); ++k) {
      const Obstacle& o = obs[k];
      if (!rigid(o) || !near_box.overlaps(boxes[k])) {
        if constexpr (std::is_same_v<B, Circle>) edges_[k].size = -1;  // (not touched: unknown)
        continue;
      }
      arcs = arcs || o.kind == ObstacleKind::arc;
      // (a disk's wall: the direct kernel inline)
      const Touch t = std::is_same_v<B, Circle> && o.kind == ObstacleKind::edge
                          ? touch_edge(body_, o.edge, skin_, &edges_[k])
                          : touch(body_, o, skin_);
      // (an unresolved normal is left to the sweep, which finds the real one if it goes in)
      if (!t.valid || !t.reliable || !(t.gap < kNearSkins * skin_)) continue;
      Hit& h = out[n++];  // (every field, in place: the storage holds an earlier gather's)
      h.obstacle = k, h.time = 0, h.normal = t.normal, h.point = t.point;
      h.approach = 0, h.gap = t.gap, h.graze = false;
      overlapped = overlapped || t.gap <= 0;
    }
    // An arc's nearest point is one of possibly two: a disk in a waist or at a neck touches both
    // end points of an arc at once (both coast vertices), and the sweep takes a contact that
    // touches at the start for one of these. Every end point within reach is a contact of its own.
    for (std::size_t k = 0; arcs && k < obs_.size(); ++k) {
      const Obstacle& o = obs_[k];
      if (o.kind != ObstacleKind::arc || !rigid(o) || !near_box.overlaps(boxes_[k])) continue;
      const Circle c = bounding_circle(body_);
      for (const Vec2 q : {o.arc.start_point(), o.arc.end_point()}) {
        const Real d = length(q - c.center);
        const Real gap = d - c.radius;
        if (!(gap < kNearSkins * skin_) || !(d > 0)) continue;
        const Vec2 u = (q - c.center) / d;
        bool seen = false;  // the arc's nearest point already is this end
        for (std::size_t i = 0; i < n; ++i)
          seen = seen || (out[i].obstacle == k && dot(out[i].normal, u) >= Real(1) - Real(1e-6));
        if (seen) continue;
        out[n++] = Hit{.obstacle = k, .normal = u, .point = q, .gap = gap};
        overlapped = overlapped || gap <= 0;
      }
    }
    COLLIDE2D_ASSERT(n <= kNearPerObstacle * obs.size());
    near_ = {out, n};
    return overlapped;
  }

  std::span<const Hit> near() const { return near_; }

  void shift(Vec2 t) {
    body_ = translated(body_, t);
    box_ = cover(body_);
    res_.translation += t;
  }

  void record(const Hit& h, Real time, bool initial) {
    for (auto it = res_.contacts.rbegin(); it != res_.contacts.rend() && it->time == time; ++it)
      if (it->obstacle == h.obstacle) return;  // already listed at this time
    const Obstacle& o = obs_[h.obstacle];
    MoveContact c;
    c.obstacle = h.obstacle;
    c.owner = o.owner;
    c.element = o.element;
    c.kind = o.kind;
    c.normal = h.normal;
    c.point = h.point;
    c.time = time;
    c.initially_touching = initial;
    res_.contacts.push_back(c);
  }

  /// What a contact with normal n (body to obstacle) is in the side view.
  Facing facing(Vec2 n) const {
    if (!side_) return Facing::none;
    const Real c = -dot(n, up_);  // cosine between the obstacle-to-body normal and up
    if (c >= cos_slope_) return Facing::ground;
    if (c <= -cos_slope_) return Facing::ceiling;
    return Facing::wall;
  }

  void add_plane(Vec2 m) {
    for (int i = 0; i < plane_count_; ++i)
      if (dot(planes_[std::size_t(i)], m) >= Real(1) - Real(1e-5)) {
        planes_[std::size_t(i)] = m;
        return;
      }
    if (plane_count_ == kMaxPlanes) {  // forget the oldest
      std::rotate(planes_.begin(), planes_.begin() + 1, planes_.end());
      --plane_count_;
    }
    planes_[std::size_t(plane_count_++)] = m;
    COLLIDE2D_ASSERT(plane_count_ >= 1 && plane_count_ <= kMaxPlanes);
  }

  /// Responds to contacts (normals body to obstacle) the motion goes into.
  void respond(const std::vector<Hit>& with, bool bounce) {
    if (!bounce) {
      for (const Hit& h : with) {
        // Ground in the side view: keep the motion across `up` (no sliding down under
        // gravity; up a slope at the same speed across).
        const Facing f = facing(h.normal);
        if (f == Facing::ground) {
          const Real un = dot(up_, h.normal);
          if (un < 0 && dot(dir_, h.normal) > 0) dir_ = dir_ - up_ * (dot(dir_, h.normal) / un);
          // (what is asked becomes the walk along the ground: see `want_`)
          if (un < 0 && dot(want_, h.normal) > 0) want_ = want_ - up_ * (dot(want_, h.normal) / un);
        } else if (f == Facing::wall && dot(h.normal, up_) < 0) {
          // A slope steeper than max_slope is a wall: sliding along it must not gain height,
          // so it also holds the motion as an upright wall would (its normal less the part
          // along up). The body keeps the height it asked for (a jump) and may slide down.
          const Vec2 across = h.normal - up_ * dot(h.normal, up_);
          const Real al = length(across);
          if (al > 0) add_plane(across / al);
        }
        add_plane(h.normal);
      }
      const Real asked = length(dir_);
      dir_ = project_allowed(dir_, planes_, plane_count_);
      // Along the inside of a coast arc a straight slide meets the curve again at once: the
      // rest goes along the chord to where the arc's length of motion ends, a body's distance
      // from the centre kept (chords of that circle stay inside it).
      if (with.size() == 1 && obs_[with[0].obstacle].kind == ObstacleKind::arc && !(dir_ == Vec2{})) {
        const Arc& a = obs_[with[0].obstacle].arc;
        const Vec2 rel = reference(body_) - a.center;
        const Real rho = length(rel);
        // (only at the arc's inside: at one of its end points, a coast vertex, the contact's
        // normal is not radial and the slide is a plain one)
        if (rho > 0 && rho < a.radius && dot(with[0].normal, rel) >= (Real(1) - Real(1e-4)) * rho) {
          const Real sign = cross(rel, dir_) >= 0 ? Real(1) : Real(-1);
          // No farther than where the radius points along what is asked (there the push is
          // all into the arc): past it the next call would slide back (to and fro about it).
          Real theta = length(dir_) * left_ / rho;
          const Real to_want = std::atan2(cross(rel, want_), dot(rel, want_)) * sign;
          if (to_want >= 0) theta = std::min(theta, to_want);
          if (theta < kPi / 2) {
            const Vec2 target = Rot::from_angle(sign * theta).apply(rel);
            dir_ = (target - rel) / left_;
          }
        }
      }
      // Never back along the way asked for: a second contact that turns the slide against the
      // displacement (the slide along the first plane, projected onto the second, leaving the
      // first) is a wedge, where the motion stops (in 2D two planes meet only at a point: the
      // crease of the classic solvers is the stop here). Without this a disk pushed into a
      // wedge or a coast's neck went back up the second wall, and alternate moves went to and
      // fro between the two. The projection's bias off the plane (kSweepRelTol times the motion
      // projected, project_allowed) is no turn: a nearly head-on move keeps its small slide.
      if (dot(dir_, want_) < -kSweepRelTol * (length(dir_) + asked) * length(want_)) dir_ = {};
      COLLIDE2D_ASSERT(is_finite(dir_));
    } else {
      const Real before = length(dir_);
      for (int pass = 0; pass < kBouncePasses; ++pass) {
        bool changed = false;
        for (const Hit& h : with) {
          if (dot(dir_, h.normal) > 0) {
            dir_ = reflect(dir_, -h.normal, opt_.restitution, opt_.friction);
            changed = true;
          }
        }
        if (!changed) break;
      }
      std::array<Vec2, kMaxPlanes> ms{};
      int n = 0;
      for (const Hit& h : with)
        if (n < kMaxPlanes) ms[std::size_t(n++)] = h.normal;
      dir_ = project_allowed(dir_, ms, n);  // still going in after the passes: a wedge
      // What rounding leaves of a motion a corner took whole (restitution 0) is no motion.
      if (length(dir_) <= kSweepRelTol * before) dir_ = {};
    }
    if (dir_ == Vec2{}) res_.blocked = true;
  }

  /// Safety net and soft obstacles, then the side-view state where the body ends.
  void finish(bool started_grounded) {
    Scratch& sc = sc_;
    // Pass 0 lets soft obstacles push (each at most its limit); the last pass only the rigid
    // ones, so a soft push never leaves the body in a wall.
    for (int pass = 0; pass < kCleanupPasses; ++pass)
      if (!push_out_end(pass == 0)) break;
    if (!side_) {
      res_.displacement = dir_;
      return;
    }
    classify(sc);
    // Snap to ground: it started on the ground, does not move up, and the ground is near below.
    if (!res_.grounded && started_grounded && opt_.snap_distance > 0 && !(dot(dir_, up_) > 0)) {
      const Vec2 down = up_ * -opt_.snap_distance;
      const Real down_len = length(down);
      Real best = 2;
      Vec2 best_n;
      for (std::size_t k = 0; k < obs_.size(); ++k) {
        const Obstacle& o = obs_[k];
        if (!rigid(o)) continue;
        const SweepHit s = sweep_obstacle(body_, down, down_len, o);
        if (!s.hit || s.initially_overlapping || facing(s.normal) != Facing::ground) continue;
        if (s.time < best) best = s.time, best_n = s.normal;
      }
      if (best <= 1) {
        const Real approach = dot(down, best_n);
        const Real ts = std::clamp(best - skin_ / approach, Real(0), Real(1));
        shift(down * ts);
        classify(sc);
      }
    }
    res_.displacement = dir_;
  }

  /// Obstacle k (from `from` on, the first such) that the body overlaps where it ends (box b0):
  /// its index and touch, or obs_.size() when none.
  std::size_t next_end_overlap(std::size_t from, const Aabb& b0, bool soft_too, Touch& t) const {
    const std::span<const Obstacle> obs = obs_;  // (held in registers over the walk)
    const std::span<const Aabb> boxes = boxes_;
    for (std::size_t k = from; k < obs.size(); ++k) {
      const Obstacle& o = obs[k];
      if (!soft_too && !rigid(o)) continue;
      if (!(o.push_limit > 0)) continue;
      if (!b0.overlaps(boxes[k])) continue;
      t = touch(body_, o, skin_);
      if (t.valid && !(t.gap > 0)) return k;
    }
    return obs_.size();
  }

  /// One push-out pass where the body ends: every obstacle it overlaps pushes it (a soft one at
  /// most its limit, and listed). False when nothing pushed. (The correction is made only at
  /// the first overlap: most moves have none.)
  bool push_out_end(bool soft_too) {
    const Aabb b0 = box_;
    Touch t;
    std::size_t k = next_end_overlap(0, b0, soft_too, t);
    if (k == obs_.size()) return false;
    PositionCorrection pc;
    for (; k < obs_.size(); k = next_end_overlap(k + 1, b0, soft_too, t)) {
      const Obstacle& o = obs_[k];
      pc.add(-t.normal, std::min(skin_ - t.gap, o.push_limit));
      if (!rigid(o)) {
        Hit h;
        h.obstacle = k, h.normal = t.normal, h.point = t.point;
        record(h, 1, false);
      }
    }
    if (pc.count() == 0) return false;
    const Vec2 push = pc.solve();
    shift(push);
    res_.pushed_out += push;
    return true;
  }

  void classify(Scratch&) {
    res_.grounded = res_.on_wall = res_.on_ceiling = false;
    res_.ground_normal = {};
    const Aabb near_box = grown(box_, kNearSkins * skin_);
    Real best = -2;
    for (std::size_t k = 0; k < obs_.size(); ++k) {
      const Obstacle& o = obs_[k];
      if (!rigid(o) || !near_box.overlaps(boxes_[k])) continue;
      const Touch t = touch(body_, o, skin_);
      if (!t.valid || !(t.gap < kNearSkins * skin_)) continue;
      switch (facing(t.normal)) {
        case Facing::ground:
          res_.grounded = true;
          if (-dot(t.normal, up_) > best) best = -dot(t.normal, up_), res_.ground_normal = -t.normal;
          break;
        case Facing::wall: res_.on_wall = true; break;
        case Facing::ceiling: res_.on_ceiling = true; break;
        case Facing::none: break;
      }
    }
  }

 public:
  B body_;

 private:
  Scratch& sc_;  ///< this thread's scratch
  std::span<const Obstacle> obs_;
  const MoveOptions& opt_;
  MoveResult& res_;
  Vec2 dir_;
  /// What is asked, for the slide's "never back" rule: the displacement, turned along the
  /// ground by the side view's ground rule.
  Vec2 want_;
  std::span<const Aabb> boxes_;  ///< boxes_[k]: the bounds of obs_[k]
  /// A disk's: sc.edges (edges_[k]: its touch of edge k in the last gather_near, a size of -1
  /// if it did not touch it; sweep_rest sees the body where the last gather left it)
  DiskEdge* edges_ = nullptr;
  /// The contacts where the body stands, from the last gather_near (in sc.near's storage).
  std::span<const Hit> near_;
  Aabb box_;                  ///< cover(body_)
  Real left_ = 1;
  Real skin_ = 0;
  Vec2 up_;
  bool side_ = false;  ///< the side view: up_ is not zero
  Real cos_slope_ = 1;
  std::array<Vec2, kMaxPlanes> planes_{};
  int plane_count_ = 0;
};

/// Takes the obstacles' bounds (sc.boxes, for the Mover) and answers whether no
/// obstacle meets the frame's clear box (top down only: the side view's snap looks farther).
/// Then the Mover would find no contact where the body stands, no hit on the way and nothing to
/// push out at the end: the body simply moves by the displacement (most steps of a crowd in open
/// ground).
bool clear_path(const MoveFrame& f, std::span<const Obstacle> obs, Scratch& sc) {
  sc.boxes.resize(obs.size());
  Aabb* const boxes = sc.boxes.data();  // (held in a register over the walk)
  bool clear = f.has_clear;
  for (std::size_t k = 0; k < obs.size(); ++k) {
    const Obstacle& ob = obs[k];
    boxes[k] = ob.kind == ObstacleKind::edge ? bounds(ob.edge) : bounds(ob);  // (edges inline)
    clear = clear && !f.clear.overlaps(boxes[k]);
  }
  return clear;
}

}  // namespace

template <class B>
void motion_detail::move_body(const B& b, Vec2 displacement, const MoveFrame& frame,
                              std::span<const Obstacle> obstacles, const MoveOptions& options, MoveResult& out) {
  Scratch& sc = scratch();
  if (clear_path(frame, obstacles, sc)) {  // (no obstacles: the frame alone answers)
    move_in_open(b, displacement, out);
    return;
  }
  Mover<B> m(b, displacement, frame.skin, obstacles, options, out, sc);
  m.run();
  out.shape = m.body_;
}
template void motion_detail::move_body<Circle>(const Circle&, Vec2, const MoveFrame&, std::span<const Obstacle>,
                                               const MoveOptions&, MoveResult&);

MoveFrame move_frame(const Shape& body, Vec2 displacement, const MoveOptions& options) {
  // All the shape adds: the box that culls obstacles (cover) and its own bounds (the skin's).
  const auto [box, tight] = std::visit([](const auto& b) { return std::pair{cover(b), bounds(b)}; }, body);
  return frame_of(box, tight, displacement, options);
}

Real move_skin(const Shape& body, Vec2 displacement, const MoveOptions& options) {
  return move_frame(body, displacement, options).skin;
}

Aabb move_region(const Shape& body, Vec2 displacement, const MoveOptions& options) {
  return move_frame(body, displacement, options).region;
}

void move(const Shape& body, Vec2 displacement, const MoveFrame& frame, std::span<const Obstacle> obstacles,
          const MoveOptions& options, MoveResult& out) {
  start_result(out);
  if (!is_finite(displacement)) {  // invalid input (validate_move names it): no motion
    out.shape = body;
    out.blocked = true;
    return;
  }
  std::visit([&](const auto& b) { motion_detail::move_body(b, displacement, frame, obstacles, options, out); }, body);
}

void move(const Shape& body, Vec2 displacement, std::span<const Obstacle> obstacles, const MoveOptions& options,
          MoveResult& out) {
  move(body, displacement, move_frame(body, displacement, options), obstacles, options, out);
}

MoveResult move(const Shape& body, Vec2 displacement, std::span<const Obstacle> obstacles,
                const MoveOptions& options) {
  MoveResult r;
  move(body, displacement, obstacles, options, r);
  return r;
}

MoveResult move(const Shape& shape, Vec2 displacement, std::span<const Shape> obstacles,
                const MoveOptions& options) {
  std::vector<Obstacle> obs;
  obs.reserve(obstacles.size());
  for (std::size_t k = 0; k < obstacles.size(); ++k)
    obs.push_back(shape_obstacle(obstacles[k], 0, std::uint32_t(k)));
  return move(shape, displacement, std::span<const Obstacle>(obs), options);
}

}  // namespace collide2d
