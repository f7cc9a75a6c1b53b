// collide2d - 2D collision detection for games. MIT License.
/// @file shape_draw.cpp  Shapes, obstacles and contacts drawn through DebugDraw.

#include <cmath>
#include <type_traits>
#include <vector>

#include "collide2d/debug_draw.hpp"
#include "query/convex.hpp"

namespace collide2d::inline COLLIDE2D_ABI {

namespace {

/// The counter-clockwise angle (0..2 pi) from direction `from` to direction `to`.
Real ccw_angle(Vec2 from, Vec2 to) {
  Real a = std::atan2(cross(from, to), dot(from, to));
  return a < 0 ? a + 2 * kPi : a;
}

/// Segments for an arc of `sweep` radians: about one per 10 degrees, at least 2.
int arc_segments(Real sweep) { return std::max(2, int(std::ceil(double(sweep) * 18 / double(kPi)))); }

/// A convex core (1..64 counter-clockwise vertices, outward edge normals) grown by `radius`:
/// straight edges pushed out along their normals, arcs around the corners.
void draw_hull(DebugDraw& dd, const detail::Hull& h, Color stroke, Color fill) {
  if (h.count == 1) {
    if (h.radius > 0) dd.circle(h.v[0], h.radius, stroke, fill);
    else dd.point(h.v[0], 2.5f, stroke.none() ? fill : stroke);
    return;
  }
  const std::span<const Vec2> core(h.v, std::size_t(h.count));
  if (h.radius <= 0) {
    if (h.count == 2) dd.segment(h.v[0], h.v[1], stroke.none() ? fill : stroke);
    else dd.polygon(core, stroke, fill);
    return;
  }
  const int n = h.count;
  std::vector<Arc> corners;
  corners.reserve(std::size_t(n));
  for (int j = 0; j < n; ++j) {
    const Vec2 in = h.n[(j + n - 1) % n], out = h.n[j];  // normals of the edges meeting at j
    corners.emplace_back(h.v[j], h.radius, std::atan2(in.y, in.x), ccw_angle(in, out));
  }
  if (!fill.none()) {
    std::vector<Vec2> outline;
    for (const Arc& a : corners) {
      const std::vector<Vec2> pts = arc_points(a, arc_segments(a.sweep));
      outline.insert(outline.end(), pts.begin(), pts.end());
    }
    dd.polygon(outline, kNoColor, fill);
  }
  if (stroke.none()) return;
  for (int j = 0; j < n; ++j) {
    const Arc& a = corners[std::size_t(j)];
    if (a.sweep > 0) dd.arc(a, stroke);
    dd.segment(a.end_point(), corners[std::size_t((j + 1) % n)].start_point(), stroke);
  }
}

void draw_sector(DebugDraw& dd, const Sector& s, Color stroke, Color fill) {
  if (s.half_angle() >= kPi) {
    dd.circle(s.center, s.radius, stroke, fill);
    return;
  }
  const Arc rim(s.center, s.radius, s.facing() - s.half_angle(), 2 * s.half_angle());
  if (!fill.none() && s.half_angle() > 0) {
    std::vector<Vec2> outline = arc_points(rim, arc_segments(rim.sweep));
    outline.push_back(s.center);
    dd.polygon(outline, kNoColor, fill);
  }
  const Color c = stroke.none() ? fill : stroke;
  dd.segment(s.center, rim.start_point(), c);
  if (s.half_angle() > 0) {
    dd.arc(rim, c);
    dd.segment(rim.end_point(), s.center, c);
  }
}

}  // namespace

std::vector<Vec2> arc_points(const Arc& arc, int segments) {
  segments = std::max(segments, 1);
  std::vector<Vec2> out(std::size_t(segments) + 1);
  for (int k = 0; k <= segments; ++k) {
    if (k == 0) out[0] = arc.start_point();
    else if (k == segments) out[std::size_t(k)] = arc.end_point();
    else out[std::size_t(k)] = arc.center + Rot::from_angle(arc.start + arc.sweep * Real(k) / Real(segments)).x_axis() * arc.radius;
  }
  return out;
}

void draw_shape(DebugDraw& dd, const Shape& shape, Color stroke, Color fill) {
  std::visit(
      [&](const auto& s) {
        using T = std::decay_t<decltype(s)>;
        if constexpr (std::is_same_v<T, Sector>) {
          draw_sector(dd, s, stroke, fill);
        } else if constexpr (std::is_same_v<T, Point>) {
          dd.point(s.at, 3.0f, stroke.none() ? fill : stroke);
        } else {
          const detail::Hull h(s);
          draw_hull(dd, h, stroke, fill);
        }
      },
      shape);
}

void draw_obstacle(DebugDraw& dd, const Obstacle& o, const DrawPalette& palette) {
  switch (o.kind) {
    case ObstacleKind::shape:
      if (o.shape && dd.wants(kDrawShapes)) draw_shape(dd, *o.shape, palette.shape, palette.shape_fill);
      break;
    case ObstacleKind::edge:
      if (!dd.wants(kDrawWalls)) break;
      dd.segment(o.edge.a, o.edge.b, palette.wall);
      if (dd.wants(kDrawNormals)) {
        const Vec2 mid = (o.edge.a + o.edge.b) * Real(0.5);
        dd.segment(mid, mid + o.edge.normal * palette.normal_length, palette.normal);
      }
      break;
    case ObstacleKind::arc:
      if (!dd.wants(kDrawCoast)) break;
      dd.arc(o.arc, palette.coast);
      break;
  }
}

void draw_manifold(DebugDraw& dd, const Manifold& m, const DrawPalette& palette) {
  if (!m.touching || !dd.wants(kDrawContacts)) return;
  for (int i = 0; i < m.point_count && i < 2; ++i) {
    const Vec2 p = m.points[std::size_t(i)];
    dd.point(p, 3.5f, palette.contact);
    dd.segment(p, p + m.normal * palette.normal_length, palette.contact);
    // The depth: translating b by normal * depth separates the shapes.
    dd.segment(p, p + m.normal * m.depth, palette.depth);
  }
}

}  // namespace collide2d
