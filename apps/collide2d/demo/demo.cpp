// collide2d - 2D collision detection for games. MIT License.
#include "demo/demo.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <initializer_list>
#include <optional>
#include <ostream>
#include <stdexcept>
#include <vector>

#include "demo/bouncing_ball_demo.hpp"
#include "collide2d/query.hpp"
#include "collide2d/shapes.hpp"
#include "render/png.hpp"
#include "render/svg.hpp"

namespace collide2d::inline COLLIDE2D_ABI::tool {

namespace {

constexpr double kDeg = 3.14159265358979323846 / 180.0;

// ------------------------------------------------------------------ shape builders
Shape circle(double x, double y, double r) { return Circle{{Real(x), Real(y)}, Real(r)}; }
Shape sector(double x, double y, double r, double facing_deg, double half_deg) {
  return Sector({Real(x), Real(y)}, Real(r), Real(facing_deg * kDeg), Real(half_deg * kDeg));
}
Shape aabb(double x0, double y0, double x1, double y1) {
  return Aabb{{Real(x0), Real(y0)}, {Real(x1), Real(y1)}};
}
Shape box(double x, double y, double hx, double hy, double angle_deg) {
  return Box({Real(x), Real(y)}, {Real(hx), Real(hy)}, Real(angle_deg * kDeg));
}
Shape capsule(double ax, double ay, double bx, double by, double r) {
  return Capsule{{Real(ax), Real(ay)}, {Real(bx), Real(by)}, Real(r)};
}
Shape segment(double ax, double ay, double bx, double by) {
  return Segment{{Real(ax), Real(ay)}, {Real(bx), Real(by)}};
}
Shape point(double x, double y) { return Point{{Real(x), Real(y)}}; }
Shape polygon(std::initializer_list<std::pair<double, double>> pts, double radius = 0) {
  std::vector<Vec2> v;
  for (auto [x, y] : pts) v.push_back({Real(x), Real(y)});
  Invalid why;
  auto p = make_polygon(v, Real(radius), &why);
  if (!p) throw std::runtime_error("demo polygon refused: " + why.text());
  return *p;
}
/// A regular n-gon around (x, y) with circumradius r, first vertex at `phase_deg`.
Shape ngon(double x, double y, double r, int n, double phase_deg, double radius = 0) {
  std::vector<Vec2> v;
  for (int i = 0; i < n; ++i) {
    double t = (phase_deg + 360.0 * i / n) * kDeg;
    v.push_back({Real(x + r * std::cos(t)), Real(y + r * std::sin(t))});
  }
  Invalid why;
  auto p = make_polygon(v, Real(radius), &why);
  if (!p) throw std::runtime_error("demo polygon refused: " + why.text());
  return *p;
}
Ray ray(double ox, double oy, double dx, double dy, double max_distance) {
  Ray r;
  r.origin = {Real(ox), Real(oy)};
  r.direction = {Real(dx), Real(dy)};
  r.max_distance = Real(max_distance);
  return r;
}

struct Case {
  std::string title;
  Shape a, b;
  std::optional<Ray> ray;  // cast against both shapes; the nearest hit is shown
};

/// The gallery: every shape type against a few others, wide sectors, rounded polygons,
/// apart / touching exactly / penetrating, and rays (one starting inside a shape).
std::vector<Case> gallery_cases() {
  std::vector<Case> c;
  c.push_back({"circle vs circle, apart", circle(0, 0, 1), circle(2.6, 0.8, 0.8), std::nullopt});
  c.push_back({"circle vs circle, penetrating", circle(0, 0, 1), circle(1.5, 0.3, 0.8), std::nullopt});
  c.push_back({"circle vs circle, touching exactly", circle(0, 0, 1), circle(2, 0, 1), std::nullopt});
  c.push_back({"circle vs aabb, touching exactly", circle(0, 0, 1), aabb(1, -0.5, 2.5, 0.5), std::nullopt});
  c.push_back({"circle vs capsule inside it", circle(0, 0, 2), capsule(-0.5, 0, 0.5, 0.3, 0.3),
               ray(-3, -1.5, 1, 0.4, 6)});

  c.push_back({"sector 45\u00b0 vs circle beside the cone", sector(0, 0, 3, 90, 22.5),
               circle(1.9, 1.6, 0.5), std::nullopt});
  c.push_back({"sector 270\u00b0 vs circle in its notch", sector(0, 0, 2, 0, 135), circle(-1.2, 0, 0.4),
               ray(-3, 0.1, 1, 0, 4)});
  c.push_back({"sector 270\u00b0 vs circle across the notch edge", sector(0, 0, 2, 0, 135),
               circle(-1.2, 0.55, 0.6), std::nullopt});
  c.push_back({"sector 200\u00b0 vs box below the notch", sector(0, 0, 2.5, 90, 100),
               box(0, -1.8, 0.6, 0.3, 20), std::nullopt});
  c.push_back({"sector 60\u00b0 vs box, penetrating", sector(0, 0, 3, 30, 30),
               box(2.2, 1.6, 0.5, 0.3, 45), std::nullopt});

  c.push_back({"sector 240\u00b0 vs sector 220\u00b0", sector(0, 0, 2, 0, 120),
               sector(2.5, 0.5, 1.5, 180, 110), std::nullopt});
  c.push_back({"sector 90\u00b0 vs hexagon", sector(0, 0, 2, 90, 45), ngon(1.7, 1.5, 0.6, 6, 0),
               std::nullopt});
  c.push_back({"sector 300\u00b0 vs segment in the notch", sector(0, 0, 2, 0, 150),
               segment(-2.5, 0.3, -0.3, -0.05), std::nullopt});
  c.push_back({"sector 180\u00b0 (half disk) vs box", sector(0, 0, 2, 90, 90),
               box(1.2, -0.3, 0.8, 0.4, -25), std::nullopt});
  c.push_back({"point vs sector 60\u00b0, ray into the cone", point(3.2, 1.0), sector(0, 0, 3, 20, 30),
               ray(3.5, 3, -0.6, -1, 5)});

  c.push_back({"aabb vs aabb, overlapping", aabb(-1, -1, 1, 1), aabb(0.5, 0.2, 2, 1.5), std::nullopt});
  c.push_back({"aabb vs box, apart, ray", aabb(-1, -1, 1, 0.5), box(2.5, 1.5, 0.8, 0.4, 30),
               ray(-2.5, 2.5, 1, -0.8, 6)});
  c.push_back({"box vs box, penetrating", box(0, 0, 1.2, 0.6, 15), box(1.4, 0.9, 0.7, 0.7, -30),
               std::nullopt});
  c.push_back({"box vs capsule", box(0, 0, 1, 0.5, 0), capsule(-0.5, 1.2, 1.8, 0.4, 0.35),
               std::nullopt});
  c.push_back({"zero-width aabb vs rounded square", aabb(0, -1, 0, 1.5),
               polygon({{0.3, -0.5}, {1.5, -0.5}, {1.5, 0.7}, {0.3, 0.7}}, 0.2), std::nullopt});

  c.push_back({"capsule vs capsule, apart", capsule(-1.5, 0, 0.5, 1, 0.4), capsule(1, -1, 2, 0.8, 0.3),
               std::nullopt});
  c.push_back({"capsule vs segment, crossing", capsule(-1.5, -0.5, 1.5, 0.5, 0.4),
               segment(-0.5, 1.2, 0.6, -1.3), std::nullopt});
  c.push_back({"capsule vs pentagon, ray", capsule(-2, -1, -0.4, 0.8, 0.45), ngon(1, 0, 1, 5, 90),
               ray(-3, 1.6, 1, -0.35, 6)});
  c.push_back({"segment vs segment, apart", segment(-1.5, 0, 1.5, 0.6), segment(0, 1.5, 1.2, 2.8),
               std::nullopt});
  c.push_back({"point in circle, ray from inside", point(0.3, 0.2), circle(0, 0, 1),
               ray(0.3, 0.2, 1, 1, 3)});

  c.push_back({"point vs hexagon, apart, ray", point(-1.5, 1.5), ngon(0.5, 0, 1, 6, 0),
               ray(-2, -1.2, 1, 0.5, 5)});
  c.push_back({"hexagon vs pentagon, penetrating", ngon(0, 0, 1, 6, 0), ngon(1.5, 0.6, 0.9, 5, 10),
               std::nullopt});
  c.push_back({"rounded triangle vs circle", polygon({{0, 0}, {2, 0}, {1, 1.5}}, 0.3),
               circle(1, 2.1, 0.4), std::nullopt});
  c.push_back({"rounded square vs rounded triangle", polygon({{-1, -1}, {0.5, -1}, {0.5, 0.5}, {-1, 0.5}}, 0.25),
               polygon({{1.6, -0.4}, {3, 0.2}, {1.8, 1.4}}, 0.4), std::nullopt});
  c.push_back({"rounded hexagon vs box, penetrating", ngon(0, 0, 1, 6, 30, 0.3), box(1.5, 0.2, 0.6, 0.4, 10),
               std::nullopt});
  return c;
}

std::string fmt(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3g", v);
  return buf;
}

struct Outcome {
  bool touching = false;
  double depth = 0, distance = 0;
  bool has_ray = false, ray_hit = false;
};

// Colors (the matplotlib "tab10" order): a blue, b orange, contact red, ray purple.
const draw::Style kStyleA{"#1f77b4", "#1f77b4", 1.5, 0.15, false};
const draw::Style kStyleB{"#ff7f0e", "#ff7f0e", 1.5, 0.15, false};
const draw::Style kClosest{"#222222", "#222222", 1.2, 1.0, true};
const draw::Style kContact{"#d62728", "#d62728", 1.6, 1.0, false};
const draw::Style kDepth{"#2ca02c", "none", 3.5, 1.0, false};
const draw::Style kRay{"#9467bd", "#9467bd", 1.4, 1.0, false};
const draw::Style kRayMiss{"#9467bd", "none", 1.0, 1.0, true};

Outcome draw_case(draw::Figure& doc, const Case& c, double x, double y, double w, double h) {
  Outcome o;
  const double header = 36, pad = 8;
  // Background and title.
  doc.rect(x + 2, y + 2, w - 4, h - 4, {"#cccccc", "#fafafa", 1.0, 1.0, false});
  doc.label(x + pad, y + 16, c.title, 12, "#000000", true);

  // World rectangle: both shapes and the ray.
  Aabb world = bounds(c.a);
  auto grow = [&](Aabb b) { world = {min(world.min, b.min), max(world.max, b.max)}; };
  auto grow_pt = [&](Vec2 p) { grow({p, p}); };
  grow(bounds(c.b));
  Vec2 ray_end{};
  if (c.ray) {
    Vec2 u = normalize(c.ray->direction);
    ray_end = c.ray->origin + u * c.ray->max_distance;
    grow_pt(c.ray->origin);
    grow_pt(ray_end);
  }
  Vec2 ext = world.max - world.min;
  Real margin = std::max(ext.x, ext.y) * Real(0.12) + Real(0.1);
  std::unique_ptr<draw::Canvas> canvas =
      doc.panel(x + pad, y + header, w - 2 * pad, h - header - pad, world.min - Vec2(margin, margin),
                world.max + Vec2(margin, margin), /*y_down=*/false, /*clip=*/true);
  draw::Canvas& panel = *canvas;
  const Real px = Real(1.0 / panel.scale());  // one pixel in world units

  panel.shape(c.a, kStyleA);
  panel.shape(c.b, kStyleB);

  std::string result;
  const bool overlap = overlaps(c.a, c.b);
  if (!overlap) {
    const DistanceResult d = distance(c.a, c.b);
    o.distance = double(d.distance);
    panel.line(d.point_a, d.point_b, kClosest);
    panel.dot(d.point_a, 3, kClosest);
    panel.dot(d.point_b, 3, kClosest);
    panel.text((d.point_a + d.point_b) * Real(0.5), "d " + fmt(double(d.distance)), kClosest);
    result = "apart: distance " + fmt(double(d.distance));
  } else {
    const Manifold m = contact(c.a, c.b);
    o.touching = m.touching;
    o.depth = double(m.depth);
    if (m.touching) {
      for (int i = 0; i < m.point_count && i < 2; ++i) {
        const Vec2 p = m.points[std::size_t(i)];
        if (m.depth > 0) panel.line(p, p + m.normal * m.depth, kDepth);
        panel.arrow(p, p + m.normal * (Real(42) * px), kContact);
        panel.dot(p, 3, kContact);
      }
      panel.text(m.points[0] + m.normal * (Real(42) * px), "n", kContact);
      result = "touching: depth " + fmt(double(m.depth)) + ", " + std::to_string(m.point_count) +
               (m.point_count == 1 ? " point" : " points");
    } else {
      result = "overlap says yes, contact says no";
    }
  }

  if (c.ray) {
    o.has_ray = true;
    const RayHit ha = raycast(c.a, *c.ray), hb = raycast(c.b, *c.ray);
    const RayHit* best = nullptr;
    if (ha.hit) best = &ha;
    if (hb.hit && (!best || hb.distance < best->distance)) best = &hb;
    panel.dot(c.ray->origin, 3, kRay);
    if (!best) {
      panel.arrow(c.ray->origin, ray_end, kRayMiss);
      result += "; ray misses";
    } else if (best->inside) {
      o.ray_hit = true;
      panel.arrow(c.ray->origin, ray_end, kRayMiss);
      panel.text(c.ray->origin, "ray starts inside", kRay);
      result += "; ray starts inside";
    } else {
      o.ray_hit = true;
      panel.line(best->point, ray_end, kRayMiss);
      panel.line(c.ray->origin, best->point, kRay);
      panel.arrow(best->point, best->point + best->normal * (Real(30) * px), kRay);
      panel.dot(best->point, 3, kRay);
      result += "; ray hits " + std::string(best == &ha ? "a" : "b") + " at " +
                fmt(double(best->distance));
    }
  }
  canvas.reset();  // ends the clipped panel
  doc.label(x + pad, y + 30, result, 11, "#333333");
  return o;
}

}  // namespace

int run_gallery_demo(const DemoOptions& opt, std::ostream& log, std::ostream& err) {
  const std::string& out_dir = opt.out_dir;
  std::vector<Case> cases;
  try {
    cases = gallery_cases();
  } catch (const std::exception& e) {
    err << "collide2d demo: " << e.what() << "\n";
    return 1;
  }

  const int cols = 5;
  const double pw = 300, ph = 300, top = 56;
  const int rows = int((cases.size() + cols - 1) / cols);
  std::vector<Outcome> outcomes(cases.size());
  std::string failure;
  auto paint = [&](draw::Figure& doc) {
    doc.label(10, 22, "collide2d demo: shape pairs", 18, "#000000", true);
    doc.label(10, 44,
              "a blue, b orange; apart: closest points joined (dashed); touching: contact points "
              "and normal (red), depth (green); ray: purple, hit normal",
              12, "#444444");
    for (std::size_t i = 0; i < cases.size() && failure.empty(); ++i) {
      const double x = double(i % cols) * pw, y = top + double(i / cols) * ph;
      try {
        outcomes[i] = draw_case(doc, cases[i], x, y, pw, ph);
      } catch (const std::exception& e) {
        failure = cases[i].title + ": " + e.what();
      }
    }
  };
  std::error_code ec;
  std::filesystem::create_directories(out_dir, ec);
  std::string error;
  const auto paths = draw::save_figures((std::filesystem::path(out_dir) / "gallery").string(), cols * pw,
                                        top + rows * ph, true, opt.png, paint, error);
  if (!failure.empty()) {
    err << "collide2d demo: " << failure << "\n";
    return 1;
  }
  if (paths.empty()) {
    err << "collide2d demo: " << error << "\n";
    return 1;
  }
  const std::string path = paths[0];

  int touching = 0, rays = 0, ray_hits = 0;
  double min_depth = 0, max_depth = 0;
  std::string min_depth_case, max_depth_case;
  for (std::size_t i = 0; i < cases.size(); ++i) {
    const Outcome& o = outcomes[i];
    if (o.touching) {
      if (touching == 0 || o.depth < min_depth) min_depth = o.depth, min_depth_case = cases[i].title;
      if (touching == 0 || o.depth > max_depth) max_depth = o.depth, max_depth_case = cases[i].title;
      ++touching;
    }
    rays += o.has_ray;
    ray_hits += o.ray_hit;
  }

  const int n = int(cases.size());
  log << "collide2d demo: " << n << " shape pairs, " << touching << " touching, " << (n - touching)
      << " apart; " << rays << " rays, " << ray_hits << " hit\n";
  if (touching > 0) {
    log << "  min depth " << fmt(min_depth) << " (" << min_depth_case << ")\n";
    log << "  max depth " << fmt(max_depth) << " (" << max_depth_case << ")\n";
  }
  log << "  gallery: " << path << (paths.size() > 1 ? " and " + paths[1] : std::string()) << " (" << cols
      << " x " << rows << " panels, " << int(cols * pw) << " x " << int(top + rows * ph) << " px)\n";
  return 0;
}

const std::vector<DemoScenario>& demo_scenarios() {
  static const std::vector<DemoScenario> all = {
      {"gallery", "shape pairs with their queries (gallery.svg)", run_gallery_demo},
      {"bouncing", "the bouncing-ball game with trails (bouncing_ball.svg)",
       [](const DemoOptions& o, std::ostream& log, std::ostream& err) {
         return run_bouncing_ball_demo(o.out_dir, o.png, log, err);
       }},
      {"tiles", "a crowd on The Mana World's map 099-8", run_tiles_demo},
      {"island", "characters walking an island of discs", run_island_demo},
      {"wad", "players random-walking Freedoom's E1M1", run_wad_demo},
  };
  return all;
}

int run_demo(const DemoOptions& opt, std::ostream& log, std::ostream& err) {
  bool known = opt.scenario == "all";
  int status = 0;
  for (const DemoScenario& s : demo_scenarios()) {
    if (opt.scenario != "all" && opt.scenario != s.name) continue;
    known = true;
    if (s.run(opt, log, err) != 0) status = 1;
  }
  if (!known) {
    err << "collide2d demo: unknown scenario '" << opt.scenario << "' (expected all";
    for (const DemoScenario& s : demo_scenarios()) err << ", " << s.name;
    err << ")\n";
    return 2;
  }
  return status;
}

}  // namespace collide2d::tool
