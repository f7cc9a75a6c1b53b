// collide2d - 2D collision detection for games. MIT License.
// make_polygon: order, clean and check a convex polygon.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <type_traits>

#include "collide2d/shapes.hpp"
#include "shapes/limits.hpp"

namespace collide2d::inline COLLIDE2D_ABI {

namespace {

struct D {
  double x, y;
};

/// The count, finiteness and range of the points and the radius.
std::optional<Invalid> check_input(std::span<const Vec2> points, Real radius) {
  const int n_in = static_cast<int>(points.size());
  if (n_in < 3 || n_in > Polygon::kMaxVertices)
    return Invalid{"points", "a polygon needs 3 to 64 points (got " + std::to_string(n_in) + ")"};
  for (Vec2 p : points) {
    if (!is_finite(p)) return Invalid{"points", "must hold finite numbers"};
    if (std::fabs(p.x) > kMaxCoordinate || std::fabs(p.y) > kMaxCoordinate)
      return Invalid{"points", "coordinates must be at most 1e12 in magnitude"};
  }
  if (!std::isfinite(radius)) return Invalid{"radius", "must be a finite number"};
  if (radius < 0) return Invalid{"radius", "must be >= 0"};
  if (radius > kMaxCoordinate) return Invalid{"radius", "must be at most 1e12"};
  return std::nullopt;
}

/// The convex outline of the points in their order, in double (exact for float input:
/// differences and 2x2 determinants fit in 53 bits): repeats and collinear vertices dropped,
/// reflex turns, backtracking and self-intersection refused. Fills q[0..m) and the
/// orientation `sign` (1: counter-clockwise).
std::optional<Invalid> convex_outline(std::span<const Vec2> points, D* q, int& m, double& sign) {
  D p[Polygon::kMaxVertices];
  int n = 0;
  for (Vec2 v : points) {
    D d{v.x, v.y};
    if (n > 0 && d.x == p[n - 1].x && d.y == p[n - 1].y) continue;  // repeated
    p[n++] = d;
  }
  while (n > 1 && p[0].x == p[n - 1].x && p[0].y == p[n - 1].y) --n;
  double area2 = 0;
  for (int i = 0; i < n; ++i) {
    const D& a = p[i];
    const D& b = p[(i + 1) % n];
    area2 += a.x * b.y - a.y * b.x;
  }
  if (n < 3 || area2 == 0)
    return Invalid{"points", "the polygon has zero area (fewer than 3 distinct, non-collinear points)"};
  // Drop collinear vertices; refuse reflex turns and backtracking.
  sign = area2 > 0 ? 1 : -1;
  m = 0;
  for (int i = 0; i < n; ++i) {
    const D& a = p[(i + n - 1) % n];
    const D& b = p[i];
    const D& c = p[(i + 1) % n];
    double e1x = b.x - a.x, e1y = b.y - a.y, e2x = c.x - b.x, e2y = c.y - b.y;
    double cr = (e1x * e2y - e1y * e2x) * sign;
    if (cr < 0) return Invalid{"points", "the polygon is not convex: reflex vertex at index " + std::to_string(i)};
    if (cr == 0) {
      if (e1x * e2x + e1y * e2y < 0)
        return Invalid{"points", "the polygon is not convex: it doubles back at index " + std::to_string(i)};
      continue;  // collinear: dropped
    }
    q[m++] = b;
  }
  if (m < 3) return Invalid{"points", "the polygon has zero area"};
  // All turns agree; a simple convex polygon turns exactly once around.
  double turning = 0;
  for (int i = 0; i < m; ++i) {
    const D& a = q[(i + m - 1) % m];
    const D& b = q[i];
    const D& c = q[(i + 1) % m];
    double e1x = b.x - a.x, e1y = b.y - a.y, e2x = c.x - b.x, e2y = c.y - b.y;
    turning += std::atan2(e1x * e2y - e1y * e2x, e1x * e2x + e1y * e2y);
  }
  if (std::fabs(turning) > 3 * 3.14159265358979323846)
    return Invalid{"points", "the polygon is not convex: its outline intersects itself"};
  return std::nullopt;
}

/// Writes the vertices counter-clockwise and then the outward unit edge normals of outline
/// q[0..m) into out[0..2m).
void fill_storage(const D* q, int m, double sign, Vec2* out) {
  for (int i = 0; i < m; ++i) {
    const D& v = sign > 0 ? q[i] : q[m - 1 - i];
    out[i] = Vec2{static_cast<Real>(v.x), static_cast<Real>(v.y)};
  }
  for (int i = 0; i < m; ++i) {
    const D& a = sign > 0 ? q[i] : q[m - 1 - i];
    const D& b = sign > 0 ? q[(i + 1) % m] : q[(2 * m - 2 - i) % m];
    double ex = b.x - a.x, ey = b.y - a.y, l = std::hypot(ex, ey);
    out[m + i] = Vec2{static_cast<Real>(ey / l), static_cast<Real>(-ex / l)};
  }
}

/// Polygon::normal_turn() of the vertices v[0..n) and normals nv[0..n): the sine of each normal's
/// angle to its edge's outward normal is |n.e| / (|n| |e|) (e = v[i + 1] - v[i]), taken in a wider
/// type (for float input the differences and products are exact in double, the rest rounds a
/// few times); the largest, s, bounds the angles by s (1 + s) (asin s <= s (1 + s) on [0, 1]),
/// and 4 eps more cover that arithmetic and the rounding to Real. 4 where a normal is not on its
/// edge's outer side or an edge is too short for its square to be measured.
Real normal_turn_of(const Vec2* v, const Vec2* nv, int n) {
  using W = std::conditional_t<sizeof(Real) == sizeof(float), double, long double>;
  W worst = 0;
  for (int i = 0; i < n; ++i) {
    const Vec2 a = v[i], b = v[i + 1 == n ? 0 : i + 1], u = nv[i];
    const W ex = W(b.x) - a.x, ey = W(b.y) - a.y, ee = ex * ex + ey * ey;
    const W along = u.x * ex + u.y * ey, out = u.x * ey - u.y * ex;
    if (!(out > 0) || !(ee > W(std::numeric_limits<Real>::min()))) return 4;
    worst = std::max(worst, along * along / (ee * (W(u.x) * u.x + W(u.y) * u.y)));
  }
  const W s = std::sqrt(worst);
  return Real(s * (1 + s)) + 4 * std::numeric_limits<Real>::epsilon();
}

/// The Vec2 after the vertices and normals data[0..2n): extent() e and normal_turn() (4, no
/// bound, without `measure_turn`).
Vec2 extent_slot(Real e, const Vec2* data, int n, bool measure_turn) {
  return {e, measure_turn ? normal_turn_of(data, data + n, n) : Real(4)};
}

}  // namespace

std::optional<Polygon> make_polygon(std::span<const Vec2> points, Real radius, Invalid* why) {
  D q[Polygon::kMaxVertices];
  int m = 0;
  double sign = 1;
  std::optional<Invalid> bad = check_input(points, radius);
  if (!bad) bad = convex_outline(points, q, m, sign);
  if (bad) {
    if (why) *why = std::move(*bad);
    return std::nullopt;
  }
  Polygon poly;
  poly.radius = radius;
  fill_storage(q, m, sign, poly.storage_for(m));
  poly.store_extent();
  return poly;
}

Vec2* Polygon::storage_for(int n, const Polygon* keep) {
  if (!data_ || data_.use_count() != 1 || count_ != n || (keep && data_ == keep->data_))
#if defined(__cpp_lib_shared_ptr_arrays) && __cpp_lib_shared_ptr_arrays >= 201707L
    data_ = std::make_shared<Vec2[]>(std::size_t(2 * n + 1));  // one allocation (Vec2 zeroes itself anyway)
#else  // (emscripten's libc++ has no make_shared of arrays)
    data_ = std::shared_ptr<Vec2[]>(new Vec2[std::size_t(2 * n + 1)]);
#endif
  count_ = n;
  return data_.get();
}

void Polygon::set_pose(const Polygon& base, Vec2 pivot, Vec2 centre, Rot rot) {
  pose(base, pivot, centre, rot, true);
}

void Polygon::pose(const Polygon& base, Vec2 pivot, Vec2 centre, Rot rot, bool measure_turn) {
  radius = base.radius;
  const int n = base.count();
  COLLIDE2D_ASSERT(n >= 3 && n <= kMaxVertices);
  Vec2* out = storage_for(n, &base);
  // (the base's storage read through locals: `out` is other storage, but the compiler cannot
  // know it and would read base's members again after every store; the extent in the same pass)
  const Vec2* v = base.base_vertices();
  const Vec2* u = base.normals();
  const Vec2 off = base.offset();
  Real e = 0;
  for (int i = 0; i < n; ++i) {
    const Vec2 p = centre + rot.apply((v[i] + off) - pivot);  // base.vertex(i)
    out[i] = p;
    out[n + i] = rot.apply(u[i]);
    e = std::max(e, std::fabs(p.x) + std::fabs(p.y));
  }
  out[2 * n] = extent_slot(e, out, n, measure_turn);
  offset_ = Vec2{};
}

void Polygon::store_extent() {
  Real e = 0;
  for (int i = 0; i < count_; ++i) e = std::max(e, std::fabs(data_[i].x) + std::fabs(data_[i].y));
  data_[2 * count_] = extent_slot(e, data_.get(), count_, true);
}

}  // namespace collide2d
