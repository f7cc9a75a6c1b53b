// collide2d - 2D collision detection for games. MIT License.
/// @file shapes_body.cpp  Shape target, one scalar: bytes -> shapes (make_polygon for polygons)
/// -> validate -> for valid pairs every pair query, each answer checked finite; rays and sweeps
/// validated first. Compiled once per scalar.

#include "fuzz_input.hpp"

namespace collide2d::inline COLLIDE2D_ABI::fuzz {

/// Runs the shape target on one input.
void run_shapes(const std::uint8_t* data, std::size_t size) {
  Reader in(data, size);
  std::vector<Shape> shapes;
  while (!in.done() && shapes.size() < 4) {
    Shape s = read_shape(in);
    const auto why = validate(s);
    if (why && why->field.empty()) finding("validate refused a shape without naming a field");
    if (!why) {
      const Aabb b = bounds(s);
      if (!finite(b.min) || !finite(b.max)) finding("bounds of a valid shape not finite");
      shapes.push_back(s);
    }
  }
  const Ray ray = read_ray(in);
  const Vec2 va = in.vec2(), vb = in.vec2();
  const bool ray_ok = !validate(ray);
  const bool vel_ok = !validate_velocity(va) && !validate_velocity(vb);
  for (std::size_t i = 0; i < shapes.size(); ++i) {
    if (ray_ok) {
      const RayHit h = raycast(shapes[i], ray);
      if (h.hit && (!std::isfinite(h.distance) || !finite(h.point) || !finite(h.normal)))
        finding("raycast answer not finite");
    }
    for (std::size_t j = 0; j < shapes.size(); ++j) {
      const bool o = overlaps(shapes[i], shapes[j]);
      const DistanceResult d = distance(shapes[i], shapes[j]);
      if (!std::isfinite(d.distance) || !finite(d.point_a) || !finite(d.point_b))
        finding("distance answer not finite");
      if (d.distance < 0) finding("negative distance");
      const Manifold m = contact(shapes[i], shapes[j]);
      if (m.touching) {
        if (!std::isfinite(m.depth) || !finite(m.normal)) finding("contact answer not finite");
        if (m.point_count < 1 || m.point_count > 2) finding("contact point count not 1 or 2");
        for (int k = 0; k < m.point_count; ++k)
          if (!finite(m.points[std::size_t(k)])) finding("contact point not finite");
      }
      (void)o;
      if (vel_ok) {
        const SweepHit s = sweep(shapes[i], va, shapes[j], vb);
        if (s.hit && (!std::isfinite(s.time) || s.time < 0 || s.time > 1)) finding("sweep time outside [0, 1]");
        if (s.hit && !s.initially_overlapping && (!finite(s.normal) || !finite(s.point)))
          finding("sweep normal or point not finite");
      }
    }
  }
}

}  // namespace collide2d::fuzz
