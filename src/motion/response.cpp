// collide2d - 2D collision detection for games. MIT License.
// Responses: reflect, slide, the position-correction accumulator, and the input checks.
#include <algorithm>
#include <cmath>
#include <optional>
#include <string>
#include <vector>

#include "collide2d/motion.hpp"

namespace collide2d::inline COLLIDE2D_ABI {

namespace {
// The responses compute in double (long double in the double build): a reflection with
// restitution 1 then changes the speed by one rounding of the result, not by several.
#ifdef COLLIDE2D_DOUBLE
using Wide = long double;
#else
using Wide = double;
#endif

bool finite(Real x) { return std::isfinite(x); }
}  // namespace

std::optional<Invalid> validate_reflect(Vec2 velocity, Vec2 normal, Real restitution, Real friction) {
  if (!is_finite(velocity)) return Invalid{"velocity", "must be finite"};
  if (!is_finite(normal)) return Invalid{"normal", "must be finite"};
  if (normal.x == 0 && normal.y == 0) return Invalid{"normal", "must not be zero"};
  if (!finite(restitution) || restitution < 0) return Invalid{"restitution", "must be finite and >= 0"};
  if (!finite(friction) || friction < 0 || friction > 1) return Invalid{"friction", "must be in [0, 1]"};
  return std::nullopt;
}

namespace {
// The unit normal and the velocity's component along it (negative), computed wide, when the
// velocity goes into the surface; nothing when it leaves it, is tangent or the normal is zero.
struct Inward {
  Wide nx, ny, vn;
};
std::optional<Inward> inward(Vec2 velocity, Vec2 normal) {
  Wide nx = normal.x, ny = normal.y;
  const Wide nl = std::sqrt(nx * nx + ny * ny);
  if (!(nl > 0)) return std::nullopt;
  nx /= nl, ny /= nl;
  const Wide vn = Wide(velocity.x) * nx + Wide(velocity.y) * ny;
  if (vn >= 0) return std::nullopt;  // leaving the surface or tangent to it
  return Inward{nx, ny, vn};
}
}  // namespace

Vec2 reflect(Vec2 velocity, Vec2 normal, Real restitution, Real friction) {
  const std::optional<Inward> in = inward(velocity, normal);
  if (!in) return velocity;
  const Wide tx = velocity.x - in->vn * in->nx, ty = velocity.y - in->vn * in->ny;
  const Wide keep = Wide(1) - Wide(friction), e = restitution;
  return {Real(tx * keep - e * in->vn * in->nx), Real(ty * keep - e * in->vn * in->ny)};
}

Vec2 slide(Vec2 velocity, Vec2 normal) {
  const std::optional<Inward> in = inward(velocity, normal);
  if (!in) return velocity;
  return {Real(velocity.x - in->vn * in->nx), Real(velocity.y - in->vn * in->ny)};
}

// ------------------------------------------------------------------ position correction

void PositionCorrection::add(Vec2 direction, Real depth) {
  if (!(depth > 0) || !is_finite(direction)) return;
  const Real l = length(direction);
  if (!(l > 0)) return;
  const Vec2 d = direction / l;
  // Parallel to a push already collected: one push along that direction, the deepest.
  constexpr Real kParallel = Real(1) - Real(1e-5);
  for (int i = 0; i < count_; ++i) {
    if (dot(dir_[std::size_t(i)], d) >= kParallel) {
      depth_[std::size_t(i)] = std::max(depth_[std::size_t(i)], depth);
      return;
    }
  }
  if (count_ < kMaxPushes) {
    dir_[std::size_t(count_)] = d;
    depth_[std::size_t(count_)] = depth;
    ++count_;
    return;
  }
  // Full: replace the shallowest when this one is deeper.
  int low = 0;
  for (int i = 1; i < count_; ++i)
    if (depth_[std::size_t(i)] < depth_[std::size_t(low)]) low = i;
  if (depth > depth_[std::size_t(low)]) dir_[std::size_t(low)] = d, depth_[std::size_t(low)] = depth;
}

void PositionCorrection::add(const Manifold& m, Real extra) {
  if (!m.touching) return;
  add(-m.normal, m.depth + extra);  // the body is a; the normal points from a to b
}

Vec2 PositionCorrection::solve() const {
  if (count_ == 0) return {};
  Real deepest = 0;
  for (int i = 0; i < count_; ++i) deepest = std::max(deepest, depth_[std::size_t(i)]);
  const Real tol = deepest * Real(1e-4);
  // The smallest translation c with dot(c, dir_i) >= depth_i for all i lies on one or two of
  // the constraint lines (a 2D quadratic program): try them all, keep the shortest feasible,
  // or the least violating when none is.
  Vec2 best{};
  Real best_len = 0, best_violation = 0;
  bool have = false;
  auto consider = [&](Vec2 c) {
    if (!is_finite(c)) return;
    Real violation = 0;
    for (int k = 0; k < count_; ++k)
      violation = std::max(violation, depth_[std::size_t(k)] - dot(c, dir_[std::size_t(k)]));
    const bool feasible = violation <= tol;
    const Real len = length(c);
    const bool best_feasible = have && best_violation <= tol;
    if (!have || (feasible && (!best_feasible || len < best_len)) ||
        (!feasible && !best_feasible && violation < best_violation)) {
      best = c, best_len = len, best_violation = violation, have = true;
    }
  };
  for (int i = 0; i < count_; ++i) {
    const Vec2 di = dir_[std::size_t(i)];
    consider(di * depth_[std::size_t(i)]);
    for (int j = i + 1; j < count_; ++j) {
      const Vec2 dj = dir_[std::size_t(j)];
      const Real det = cross(di, dj);
      if (std::fabs(det) < Real(1e-6)) continue;
      const Real hi = depth_[std::size_t(i)], hj = depth_[std::size_t(j)];
      // dot(c, di) = hi, dot(c, dj) = hj.
      consider(Vec2{(hi * dj.y - hj * di.y) / det, (di.x * hj - dj.x * hi) / det});
    }
  }
  return best;
}

// ------------------------------------------------------------------ input checks

namespace {
/// The first obstacle that does not validate, named "obstacles[i]...".
template <class T>
std::optional<Invalid> first_invalid_obstacle(std::span<const T> obstacles) {
  for (std::size_t i = 0; i < obstacles.size(); ++i)
    if (auto w = validate(obstacles[i])) return Invalid{"obstacles[" + std::to_string(i) + "]." + w->field, w->message};
  return std::nullopt;
}
}  // namespace

std::optional<Invalid> validate_move(const Shape& shape, Vec2 displacement,
                                     std::span<const Shape> obstacles, const MoveOptions& options) {
  if (auto w = validate(shape)) return Invalid{"shape." + w->field, w->message};
  if (auto w = validate_translation(displacement)) return Invalid{"displacement", w->message};
  if (auto w = first_invalid_obstacle(obstacles)) return w;
  if (!finite(options.restitution) || options.restitution < 0)
    return Invalid{"restitution", "must be finite and >= 0"};
  if (!finite(options.friction) || options.friction < 0 || options.friction > 1)
    return Invalid{"friction", "must be in [0, 1]"};
  if (options.max_iterations < 1) return Invalid{"max_iterations", "must be >= 1"};
  if (!finite(options.skin) || options.skin < 0) return Invalid{"skin", "must be finite and >= 0"};
  return std::nullopt;
}

std::optional<Invalid> validate_move(const Shape& body, Vec2 displacement,
                                     std::span<const Obstacle> obstacles, const MoveOptions& options) {
  if (auto w = validate_move(body, displacement, std::span<const Shape>{}, options)) return w;
  if (auto w = first_invalid_obstacle(obstacles)) return w;
  if (!is_finite(options.up)) return Invalid{"up", "must be finite"};
  if (!finite(options.max_slope) || options.max_slope < 0 || options.max_slope > kPi / 2)
    return Invalid{"max_slope", "must be in [0, pi/2]"};
  if (!finite(options.snap_distance) || options.snap_distance < 0)
    return Invalid{"snap_distance", "must be finite and >= 0"};
  return std::nullopt;
}

std::optional<Invalid> validate_move_substeps(const Shape& shape, Vec2 displacement,
                                              std::span<const Shape> obstacles,
                                              const MoveOptions& options, Real fraction) {
  if (auto w = validate_move(shape, displacement, obstacles, options)) return w;
  if (!finite(fraction) || !(fraction > 0)) return Invalid{"fraction", "must be finite and > 0"};
  return std::nullopt;
}

}  // namespace collide2d
