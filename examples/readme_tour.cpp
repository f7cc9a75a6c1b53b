#include <collide2d/collide2d.hpp>

#include <cstdint>
#include <cstdio>
#include <optional>
#include <vector>

using namespace collide2d;

int main() {
  // Shapes are small values in world coordinates (y up, angles in radians).
  Circle ball{{0, 0}, 1};
  Box crate({2, 0}, {1, 1}, kPi / 4);  // center, half extents, angle: a diamond
  Segment floor{{-4, -3}, {4, -3}};
  Vec2 hex_points[] = {{6, -1}, {7, 0}, {7, 1}, {6, 2}, {5, 1}, {5, 0}};
  Invalid why;
  std::optional<Polygon> hex = make_polygon(hex_points, 0, &why);  // checks convexity
  if (!hex) {
    std::printf("bad polygon: %s\n", why.text().c_str());
    return 1;
  }

  // Typed pair queries. Closed sets: touching counts as overlapping.
  std::printf("ball overlaps crate: %s\n", overlaps(ball, crate) ? "yes" : "no");

  DistanceResult d = distance(ball, floor);  // with a closest point on each
  std::printf("ball to floor: %.3f, from (%.3f, %.3f) to (%.3f, %.3f)\n", d.distance,
              d.point_a.x, d.point_a.y, d.point_b.x, d.point_b.y);

  Manifold m = contact(ball, crate);  // normal pushes the crate away from the ball
  if (m.touching) {
    std::printf("contact: normal (%.3f, %.3f), depth %.3f, %d point(s)\n", m.normal.x,
                m.normal.y, m.depth, m.point_count);
  }

  RayHit hit = raycast(ball, Ray{{-5, 0}, {1, 0}, 10});  // origin, direction, max distance
  if (hit.hit) {
    std::printf("ray hits the ball at distance %.3f, normal (%.3f, %.3f)\n", hit.distance,
                hit.normal.x, hit.normal.y);
  }

  // Any shape as a Shape (a std::variant); queries dispatch through one pair table.
  std::vector<Shape> scene = {ball, crate, floor, *hex};
  for (std::size_t i = 0; i < scene.size(); ++i) {
    for (std::size_t j = i + 1; j < scene.size(); ++j) {
      std::printf("%-7s vs %-7s: distance %.3f\n", shape_type_name(int(scene[i].index())),
                  shape_type_name(int(scene[j].index())), distance(scene[i], scene[j]).distance);
    }
  }

  // A melee swing: a sector 270 degrees wide facing up (not convex: the notch points down),
  // against many disks at once given as arrays of x, y and radius.
  Sector swing({0, 0}, 3, kPi / 2, kPi * 3 / 4);  // center, radius, facing, half angle
  std::vector<Real> xs = {0, 0, 2.5, 4};
  std::vector<Real> ys = {2, -2, -1, 0};
  std::vector<Real> radii = {0.5, 0.5, 0.4, 0.5};
  std::vector<std::uint32_t> hits;
  sector_hits(swing, xs, ys, radii, hits);
  std::printf("the swing hits disks:");
  for (std::uint32_t k : hits) std::printf(" %u", unsigned(k));
  std::printf("\n");  // 0 (ahead) and 2 (to the side); 1 sits in the notch, 3 is out of reach
}
