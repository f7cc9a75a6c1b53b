// collide2d - 2D collision detection for games. MIT License.
/// @file disc_union.cpp  DiscUnion: validation, the bounding-box trees, and the coast build
/// (per disc, the angular intervals its neighbours cover; their complement is coast).

#include <algorithm>
#include <cmath>
#include <numeric>
#include <string>

#include "maps/disc_union_internal.hpp"
#include "shapes/limits.hpp"

namespace collide2d::inline COLLIDE2D_ABI {

namespace {

constexpr double kTwoPiD = 6.283185307179586476925286766559;

/// One covered angular interval [start, start + width] of a circle (radians, double).
struct Interval {
  double start;
  double width;
};

/// The uncovered arcs of a circle of radius r given its covered intervals: (start in
/// [0, 2 pi), sweep) pairs appended to `out`; gaps of length r * sweep <= tol are dropped.
void complement(std::vector<Interval>& ivs, double r, double tol, std::vector<Interval>& out) {
  if (ivs.empty()) {
    out.push_back({0, kTwoPiD});
    return;
  }
  // Rotate so that an interval starts at 0: then no gap wraps around.
  const double s0 = ivs[0].start;
  for (Interval& iv : ivs) {
    double s = std::fmod(iv.start - s0, kTwoPiD);
    if (s < 0) s += kTwoPiD;
    iv.start = s;
  }
  std::sort(ivs.begin(), ivs.end(), [](const Interval& a, const Interval& b) {
    return a.start < b.start || (a.start == b.start && a.width > b.width);
  });
  double cur = 0;
  for (const Interval& iv : ivs) cur = std::max(cur, iv.start + iv.width - kTwoPiD);
  cur = std::max(cur, ivs[0].start + ivs[0].width);
  auto gap = [&](double a, double b) {
    if ((b - a) * r <= tol) return;
    double s = std::fmod(s0 + a, kTwoPiD);
    if (s < 0) s += kTwoPiD;
    out.push_back({s, b - a});
  };
  for (const Interval& iv : ivs) {
    if (iv.start > cur) gap(cur, iv.start);
    cur = std::max(cur, iv.start + iv.width);
  }
  if (cur < kTwoPiD) gap(cur, kTwoPiD);
}

}  // namespace

std::optional<Invalid> validate_discs(std::span<const Circle> discs) {
  for (std::size_t i = 0; i < discs.size(); ++i) {
    const Circle& d = discs[i];
    const std::string field = "discs[" + std::to_string(i) + "]";
    if (!std::isfinite(d.center.x) || !std::isfinite(d.center.y))
      return Invalid{field, "center must be finite numbers"};
    if (!std::isfinite(d.radius)) return Invalid{field, "radius must be a finite number"};
    if (!(d.radius > 0)) return Invalid{field, "radius must be > 0 (got " + std::to_string(d.radius) + ")"};
    // The shapes' coordinate limit: beyond it squared distances overflow or swamp the tolerance.
    if (std::fabs(d.center.x) > kMaxCoordinate || std::fabs(d.center.y) > kMaxCoordinate)
      return Invalid{field, "center beyond the coordinate limit 1e12"};
    if (d.radius > kMaxCoordinate) return Invalid{field, "radius beyond the coordinate limit 1e12"};
  }
  return std::nullopt;
}

void DiscUnion::Tree::build(const std::vector<Aabb>& boxes) {
  nodes.clear();
  order.resize(boxes.size());
  std::iota(order.begin(), order.end(), 0u);
  if (boxes.empty()) return;
  nodes.reserve(boxes.size() / 2 + 8);
  constexpr std::uint32_t kLeaf = 4;
  // Recursive median split on the longer axis of the box centers (deterministic: ties by index).
  auto build_range = [&](auto&& self, std::uint32_t first, std::uint32_t count) -> std::int32_t {
    Node node;
    node.box = boxes[order[first]];
    Vec2 cmin = node.box.center(), cmax = cmin;
    for (std::uint32_t k = first; k < first + count; ++k) {
      const Aabb& b = boxes[order[k]];
      node.box.min = min(node.box.min, b.min);
      node.box.max = max(node.box.max, b.max);
      cmin = min(cmin, b.center());
      cmax = max(cmax, b.center());
    }
    const auto index = std::int32_t(nodes.size());
    nodes.push_back(node);
    if (count <= kLeaf) {
      nodes.back().first = first;
      nodes.back().count = count;
      return index;
    }
    const bool by_x = cmax.x - cmin.x >= cmax.y - cmin.y;
    const std::uint32_t half = count / 2;
    auto key = [&](std::uint32_t i) { return by_x ? boxes[i].center().x : boxes[i].center().y; };
    std::nth_element(order.begin() + first, order.begin() + first + half, order.begin() + first + count,
                     [&](std::uint32_t a, std::uint32_t b) {
                       const Real ka = key(a), kb = key(b);
                       return ka < kb || (ka == kb && a < b);
                     });
    const std::int32_t l = self(self, first, half);
    const std::int32_t r = self(self, first + half, count - half);
    nodes[std::size_t(index)].left = l;
    nodes[std::size_t(index)].right = r;
    return index;
  };
  build_range(build_range, 0, std::uint32_t(boxes.size()));
}

DiscUnion::DiscUnion(std::span<const Circle> discs) : discs_(discs.begin(), discs.end()) {
  if (discs_.empty()) return;
  Real scale = 0;
  bounds_ = collide2d::bounds(discs_[0]);
  disc_boxes_.reserve(discs_.size());
  for (const Circle& d : discs_) {
    const Aabb b = collide2d::bounds(d);
    disc_boxes_.push_back(b);
    bounds_.min = min(bounds_.min, b.min);
    bounds_.max = max(bounds_.max, b.max);
    scale = std::max(scale, std::max(std::fabs(d.center.x), std::fabs(d.center.y)) + d.radius);
  }
  tolerance_ = kDiscUnionRelTol * scale;
  disc_tree_.build(disc_boxes_);
  build_coast();
  arc_boxes_.reserve(arcs_.size());
  for (const CoastArc& a : arcs_) arc_boxes_.push_back(grown(collide2d::bounds(a.arc), tolerance_));
  arc_tree_.build(arc_boxes_);
}

std::optional<DiscUnion> DiscUnion::make(std::span<const Circle> discs, Invalid* why) {
  if (auto bad = validate_discs(discs)) {
    if (why) *why = *bad;
    return std::nullopt;
  }
  return DiscUnion(discs);
}

void DiscUnion::build_coast() {
  const double tol = tolerance_;
  std::vector<Interval> ivs, gaps;
  for (std::uint32_t i = 0; i < discs_.size(); ++i) {
    const double xi = discs_[i].center.x, yi = discs_[i].center.y, ri = discs_[i].radius;
    ivs.clear();
    bool covered = false;
    DiscUnionAccess::visit(disc_tree_, disc_boxes_, grown(disc_boxes_[i], tolerance_), [&](std::uint32_t j) {
      if (j == i) return true;
      const double dx = double(discs_[j].center.x) - xi, dy = double(discs_[j].center.y) - yi;
      const double rj = discs_[j].radius;
      const double d = std::hypot(dx, dy);
      if (d >= ri + rj - tol) return true;  // apart, or touching at one point: covers nothing
      if (d + ri <= rj + tol) {             // i inside j (internal tangency included)
        const bool identical = d + rj <= ri + tol;
        if (!identical || j < i) {          // of identical discs the lowest index keeps the coast
          covered = true;
          return false;
        }
        return true;
      }
      if (d + rj <= ri + tol) return true;  // j inside i
      // The circles cross: j covers the part of i's circle within the half-angle a of the
      // direction to j. Heron's form of the chord keeps a accurate near tangency.
      const double prod = (d + ri + rj) * (-d + ri + rj) * (d - ri + rj) * (d + ri - rj);
      const double h = std::sqrt(std::max(prod, 0.0)) / (2 * d);
      const double x = (d * d + ri * ri - rj * rj) / (2 * d);
      const double a = std::atan2(h, x);
      ivs.push_back({std::atan2(dy, dx) - a, 2 * a});
      return true;
    });
    if (covered) continue;
    gaps.clear();
    complement(ivs, ri, tol, gaps);
    for (const Interval& g : gaps) {
      const Real sweep = std::min(Real(g.width), 2 * kPi);
      arcs_.push_back({i, Arc(discs_[i].center, discs_[i].radius, Real(g.start), sweep)});
    }
  }
}

Real DiscUnion::coast_length() const {
  double total = 0;
  for (const CoastArc& a : arcs_) total += double(a.arc.radius) * a.arc.sweep;
  return Real(total);
}

std::size_t DiscUnion::coast_disc_count() const {
  std::size_t n = 0;
  for (std::size_t k = 0; k < arcs_.size(); ++k)
    if (k == 0 || arcs_[k].disc != arcs_[k - 1].disc) ++n;
  return n;
}

}  // namespace collide2d
