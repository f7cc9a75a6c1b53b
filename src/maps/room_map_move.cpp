// collide2d - 2D collision detection for games. MIT License.
/// @file room_map_move.cpp  The blocking walls as obstacles of the one mover (`gather`, through
/// the wall grid) and RoomMap::move_circle, a thin wrapper of the one mover over them, with
/// the map's final check: the circle no deeper in a wall than it started and still in a room.

#include <algorithm>
#include <cmath>
#include <limits>
#include <type_traits>
#include <vector>

#include "collide2d/motion.hpp"
#include "collide2d/query.hpp"
#include "collide2d/room_map.hpp"
#include "collide2d/sweep.hpp"
#include "maps/map_move.hpp"

namespace collide2d::inline COLLIDE2D_ABI {

template <class F>
void RoomMap::for_walls_in_box(double x0, double y0, double x1, double y1, F&& f) const {
  const Cells cells = cells_under(x0, y0, x1, y1);
  for (int j = cells.j0; j <= cells.j1; ++j)
    for (int i = cells.i0; i <= cells.i1; ++i) {
      const std::size_t c = std::size_t(j) * std::size_t(nx_) + std::size_t(i);
      for (int k = wall_start_[c]; k < wall_start_[c + 1]; ++k) {
        if constexpr (std::is_invocable_v<F, int, int, int>) {
          f(wall_list_[std::size_t(k)], i, j);
        } else {
          f(wall_list_[std::size_t(k)]);
        }
      }
    }
}

template <class F>
void RoomMap::for_gathered(const Aabb& region, F&& f) const {
  if (walls_.empty() || !is_finite(region.min) || !is_finite(region.max)) return;
  for_walls_in_box(double(region.min.x), double(region.min.y), double(region.max.x), double(region.max.y),
                   [&](int li) {
                     const WallEdge& e = wall_edges_[std::size_t(li)];
                     if (e.a == e.b) return;  // a zero-length line (in this scalar): its neighbours hold the point
                     const Aabb box = collide2d::bounds(e);
                     if (box.overlaps(region)) f(li, box);
                   });
}

void RoomMap::gather(const Aabb& region, std::vector<Obstacle>& out, std::uint32_t owner) const {
  thread_local std::vector<int> ids;
  ids.clear();
  for_gathered(region, [&](int li, const Aabb&) { ids.push_back(li); });
  gather_lines(ids, out, owner);
}

void RoomMap::gather(const Aabb& region, std::span<const NearLine> near, std::vector<Obstacle>& out,
                     std::uint32_t owner) const {
  thread_local std::vector<int> ids;
  ids.clear();
  if (!is_finite(region.min) || !is_finite(region.max)) return;
  // (near_meets' lines: the kept ones of region's cells whose bounds meet region)
  const Cells cells = cells_under(region);
  for (const NearLine& l : near)
    if (l.box.overlaps(region) && cells.holds(l.i, l.j)) ids.push_back(l.line);
  gather_lines(ids, out, owner);
}

void RoomMap::gather_lines(std::vector<int>& ids, std::vector<Obstacle>& out, std::uint32_t owner) const {
  std::sort(ids.begin(), ids.end());
  ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
  for (int li : ids) out.push_back(edge_obstacle(wall_edges_[std::size_t(li)], owner, std::uint32_t(li)));  // normal: the front
}

bool RoomMap::gathered_meets(const Aabb& region, const Aabb& box) const {
  return !gathered_all(region, box, [](const WallEdge&) { return false; });
}

bool RoomMap::gathered_all(const Aabb& region, const Aabb& box, FunctionRef<bool(const WallEdge&)> ok) const {
  bool all = true;
  for_gathered(region, [&](int li, const Aabb& b) { all = all && (!b.overlaps(box) || ok(wall_edges_[std::size_t(li)])); });
  return all;
}

void RoomMap::lines_near(const Aabb& box, std::vector<NearLine>& out) const {
  if (walls_.empty()) return;
  // (for_gathered's lines and tests, each with the cell that lists it; box itself may be any)
  for_walls_in_box(double(box.min.x), double(box.min.y), double(box.max.x), double(box.max.y), [&](int li, int i, int j) {
    const WallEdge& e = wall_edges_[std::size_t(li)];
    const Aabb b = collide2d::bounds(e);
    if (e.a != e.b && b.overlaps(box)) out.push_back(NearLine{b, i, j, li});
  });
}

bool RoomMap::near_meets(std::span<const NearLine> near, const Aabb& region, const Aabb& box) const {
  return !near_all(near, region, box, [](const WallEdge&) { return false; });
}

bool RoomMap::near_all(std::span<const NearLine> near, const Aabb& region, const Aabb& box,
                       FunctionRef<bool(const WallEdge&)> ok) const {
  // A line of gather(region): listed by a cell of region's (grid_index is monotone: they are
  // among the kept box's cells), not a point, its bounds meeting region (so the kept box).
  if (!is_finite(region.min) || !is_finite(region.max)) return true;
  for (const NearLine& l : near) {
    if (!l.box.overlaps(box) || !l.box.overlaps(region)) continue;
    // (the cells only for a line that passes the box tests)
    if (cells_under(region).holds(l.i, l.j) && !ok(wall_edges_[std::size_t(l.line)])) return false;
  }
  return true;
}

bool RoomMap::is_free(const Shape& s) const {
  if (const Point* q = std::get_if<Point>(&s)) return is_free(q->at);
  if (const Circle* c = std::get_if<Circle>(&s)) return fits(c->center, c->radius);
  const Aabb b = collide2d::bounds(s);
  if (!is_finite(b.min) || !is_finite(b.max)) return false;
  // A connected shape that touches no blocking wall lies in one room region (or in the void):
  // any of its points says which; the rotation centre is one (a sector's apex, a centroid).
  if (room_at(rotation_center(s)) < 0) return false;
  bool free = true;
  for_walls_in_box(double(b.min.x), double(b.min.y), double(b.max.x), double(b.max.y), [&](int li) {
    if (!free) return;
    const MapLine& l = lines_[std::size_t(li)];
    if (overlaps(Shape(Segment{vertex(l.v1), vertex(l.v2)}), s)) free = false;
  });
  return free;
}

CircleMove RoomMap::move_circle(Vec2 from, Real radius, Vec2 displacement) const {
  CircleMove res;
  res.center = from;
  if (!is_finite(from) || !is_finite(displacement) || !(radius >= 0) || !std::isfinite(radius)) {
    res.blocked = true;
    return res;
  }
  // The one mover over the walls gathered round everything the move can reach.
  MoveOptions opt;
  opt.skin = Real(skin_);
  const MoveResult& r = maps_detail::move_through(*this, Circle{from, radius}, displacement, opt);
  const Vec2 end = std::get<Circle>(r.shape).center;
  res.contacts = int(r.contacts.size());
  res.blocked = r.blocked;
  // The map's own promise beyond the walls: never deeper into a wall than at the start, never
  // out of the rooms (a map whose rooms do not close); a move that would break it is refused.
  const double d_start = double(wall_distance(from)), d_end = double(wall_distance(end));
  if (d_end < std::min(double(radius), d_start) || (room_at(end) < 0 && room_at(from) >= 0)) {
    res.blocked = true;
    return res;
  }
  res.center = end;
  res.displacement = r.displacement;
  return res;
}

}  // namespace collide2d
