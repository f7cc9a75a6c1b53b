// collide2d - 2D collision detection for games. MIT License.
#pragma once
/// @file math.hpp  Scalar, Vec2, Rot and the named tolerances every query uses.

#include <cmath>
#include <cstdint>
#include <limits>

#include "collide2d/config.hpp"

namespace collide2d::inline COLLIDE2D_ABI {

#ifdef COLLIDE2D_DOUBLE
using Real = double;  ///< the scalar type: double when built with COLLIDE2D_DOUBLE
#else
using Real = float;  ///< the scalar type: float by default
#endif

/// Pi in the library's scalar type.
inline constexpr Real kPi = Real(3.14159265358979323846);

/// Relative tolerance used where a query must decide "touching" after rounding:
/// a few ulps of the scalar type, multiplied by the size of the inputs at each use.
inline constexpr Real kRelEps = std::numeric_limits<Real>::epsilon() * Real(16);

/// A 2D vector (or point) in a y-up frame.
struct Vec2 {
  Real x = 0, y = 0;
  constexpr Vec2() = default;
  constexpr Vec2(Real x_, Real y_) : x(x_), y(y_) {}
  constexpr Vec2 operator-() const { return {-x, -y}; }
  constexpr Vec2& operator+=(Vec2 o) { x += o.x; y += o.y; return *this; }
  constexpr Vec2& operator-=(Vec2 o) { x -= o.x; y -= o.y; return *this; }
  constexpr Vec2& operator*=(Real s) { x *= s; y *= s; return *this; }
  friend constexpr bool operator==(Vec2, Vec2) = default;
};

constexpr Vec2 operator+(Vec2 a, Vec2 b) { return {a.x + b.x, a.y + b.y}; }
constexpr Vec2 operator-(Vec2 a, Vec2 b) { return {a.x - b.x, a.y - b.y}; }
constexpr Vec2 operator*(Vec2 a, Real s) { return {a.x * s, a.y * s}; }
constexpr Vec2 operator*(Real s, Vec2 a) { return {a.x * s, a.y * s}; }
constexpr Vec2 operator/(Vec2 a, Real s) { return {a.x / s, a.y / s}; }

/// Dot product.
constexpr Real dot(Vec2 a, Vec2 b) { return a.x * b.x + a.y * b.y; }
/// 2D cross product (z of the 3D cross): positive when b is counter-clockwise from a.
constexpr Real cross(Vec2 a, Vec2 b) { return a.x * b.y - a.y * b.x; }
/// The vector rotated 90 degrees counter-clockwise.
constexpr Vec2 perp(Vec2 a) { return {-a.y, a.x}; }
/// Squared length.
constexpr Real length_sq(Vec2 a) { return dot(a, a); }
/// Length, without overflow or underflow for large or tiny components.
inline Real length(Vec2 a) {
#ifdef COLLIDE2D_DOUBLE
  // sqrt of the sum of squares; std::hypot (several times slower) only where a square could
  // overflow or underflow.
  Real s = a.x * a.x + a.y * a.y;
  if (s > Real(1e-250) && s < Real(1e250)) return std::sqrt(s);
  return std::hypot(a.x, a.y);
#else
  // In double, the squares of any two floats neither overflow nor underflow.
  double x = a.x, y = a.y;
  return Real(std::sqrt(x * x + y * y));
#endif
}
/// Unit vector in the direction of a; `fallback` when a is zero.
inline Vec2 normalize(Vec2 a, Vec2 fallback = {1, 0}) {
  Real l = length(a);
  return l > 0 ? a / l : fallback;
}
/// Linear interpolation a + (b - a) t.
constexpr Vec2 lerp(Vec2 a, Vec2 b, Real t) { return a + (b - a) * t; }
/// Componentwise minimum.
constexpr Vec2 min(Vec2 a, Vec2 b) { return {a.x < b.x ? a.x : b.x, a.y < b.y ? a.y : b.y}; }
/// Componentwise maximum.
constexpr Vec2 max(Vec2 a, Vec2 b) { return {a.x > b.x ? a.x : b.x, a.y > b.y ? a.y : b.y}; }
/// True when both components are finite.
inline bool is_finite(Vec2 a) { return std::isfinite(a.x) && std::isfinite(a.y); }

/// A rotation stored as its cosine and sine, so trigonometry is paid once.
struct Rot {
  Real c = 1, s = 0;
  /// The rotation by `angle` radians counter-clockwise.
  static Rot from_angle(Real angle) { return {std::cos(angle), std::sin(angle)}; }
  /// The rotated x axis (the direction the rotation faces).
  constexpr Vec2 x_axis() const { return {c, s}; }
  /// The rotated y axis.
  constexpr Vec2 y_axis() const { return {-s, c}; }
  /// Rotate a vector.
  constexpr Vec2 apply(Vec2 v) const { return {c * v.x - s * v.y, s * v.x + c * v.y}; }
  /// Rotate a vector by the inverse rotation.
  constexpr Vec2 apply_inv(Vec2 v) const { return {c * v.x + s * v.y, -s * v.x + c * v.y}; }
};

}  // namespace collide2d
