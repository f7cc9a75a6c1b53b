// collide2d - 2D collision detection for games. MIT License.
#pragma once
/// @file fuzz_input.hpp  Reading a fuzzer's bytes as numbers and shapes: raw scalars (any bit
/// pattern: NaN, infinities, denormals, huge values) or small ones, and every shape type.
/// Shared by the shape and world targets; compiled once per scalar (collide2d::f32 / ::f64).

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "collide2d/collide2d.hpp"

namespace collide2d::inline COLLIDE2D_ABI::fuzz {

/// Consumes bytes from the front; past the end every read gives zero.
class Reader {
 public:
  Reader(const std::uint8_t* data, std::size_t size) : p_(data), end_(data + size) {}
  /// True when every byte was consumed.
  bool done() const { return p_ >= end_; }
  /// The next byte.
  std::uint8_t u8() { return p_ < end_ ? *p_++ : 0; }
  /// The next 4 bytes, little end first.
  std::uint32_t u32() {
    std::uint32_t v = 0;
    for (int i = 0; i < 4; ++i) v |= std::uint32_t(u8()) << (8 * i);
    return v;
  }
  /// A scalar: one byte chooses raw bits (any value), a small integer, or a small fraction.
  Real real() {
    const std::uint8_t mode = u8();
    if (mode < 64) {  // raw bits of the scalar type
      Real v;
      unsigned char b[sizeof(Real)];
      for (auto& c : b) c = u8();
      std::memcpy(&v, b, sizeof v);
      return v;
    }
    if (mode < 160) return Real(int(u8()) - 128) / Real(8);          // grid values, exact ties
    return Real(std::int32_t(u32())) / Real(1 << 20);                 // fine values near zero
  }
  /// A point.
  Vec2 vec2() {
    const Real x = real();
    return {x, real()};
  }

 private:
  const std::uint8_t* p_;
  const std::uint8_t* end_;
};

/// Any shape (not validated: fields may be anything). Polygons go through make_polygon, and
/// when it refuses, a raw Polygon with unchecked vertices is returned for validate() to judge.
inline Shape read_shape(Reader& in) {
  switch (in.u8() % kShapeTypeCount) {
    case 0: return Point{in.vec2()};
    case 1: { const Vec2 c = in.vec2(); return Circle{c, in.real()}; }
    case 2: {
      const Vec2 c = in.vec2();
      const Real r = in.real(), f = in.real();
      return Sector(c, r, f, in.real());
    }
    case 3: { const Vec2 lo = in.vec2(); return Aabb{lo, in.vec2()}; }
    case 4: {
      const Vec2 c = in.vec2(), h = in.vec2();
      return Box(c, h, in.real());
    }
    case 5: { const Vec2 a = in.vec2(), b = in.vec2(); return Capsule{a, b, in.real()}; }
    case 6: { const Vec2 a = in.vec2(); return Segment{a, in.vec2()}; }
    default: {
      const int n = in.u8() % 70;  // up to 69: past the 64-vertex limit
      std::vector<Vec2> pts;
      for (int i = 0; i < n; ++i) pts.push_back(in.vec2());
      const Real r = in.real();
      if (auto p = make_polygon(pts, r)) return *p;
      // Only make_polygon builds vertices: what it refuses becomes the empty polygon, which
      // validate refuses in turn.
      Polygon empty;
      empty.radius = r;
      return empty;
    }
  }
}

/// A ray (not validated).
inline Ray read_ray(Reader& in) {
  Ray r;
  r.origin = in.vec2();
  r.direction = in.vec2();
  r.max_distance = in.real();
  return r;
}

/// Stops the run with a message: a property the library promises did not hold.
[[noreturn]] inline void finding(const char* what) {
  std::fprintf(stderr, "fuzz finding: %s\n", what);
  std::abort();
}

/// True when both coordinates are finite.
inline bool finite(Vec2 v) { return std::isfinite(v.x) && std::isfinite(v.y); }

}  // namespace collide2d::fuzz
