// collide2d - 2D collision detection for games. MIT License.
/// @file room_map_loops.cpp  RoomMap::room_loops: a room's boundary lines chained into
/// loops (for drawing and for checking that the lines close).

#include <algorithm>
#include <map>
#include <utility>

#include "collide2d/room_map.hpp"

namespace collide2d::inline COLLIDE2D_ABI {

std::vector<std::vector<Vec2>> RoomMap::room_loops(int s) const {
  std::vector<std::vector<Vec2>> loops;
  if (s < 0 || std::size_t(s) >= self_ref_.size()) return loops;  // no line names room s
  // Directed edges with the room on their left (undirected for a self-referencing room).
  std::vector<std::pair<int, int>> edges;
  const bool self = self_ref_[std::size_t(s)] != 0;
  for (const MapLine& l : lines_) {
    if (l.v1 == l.v2) continue;
    if (l.front != l.back) {
      if (l.back == s) edges.push_back({l.v1, l.v2});
      if (l.front == s) edges.push_back({l.v2, l.v1});
    } else if (self && l.front == s) {
      edges.push_back({l.v1, l.v2});
    }
  }
  std::multimap<int, std::size_t> out;  // vertex -> edges leaving it
  for (std::size_t k = 0; k < edges.size(); ++k) {
    out.insert({edges[k].first, k});
    if (self) out.insert({edges[k].second, k});
  }
  std::vector<std::uint8_t> used(edges.size(), 0);
  auto take = [&](int v) -> std::pair<std::size_t, int> {  // an unused edge leaving v, its end
    auto [lo, hi] = out.equal_range(v);
    for (auto it = lo; it != hi; ++it)
      if (!used[it->second]) {
        const auto& e = edges[it->second];
        return {it->second, e.first == v ? e.second : e.first};
      }
    return {edges.size(), -1};
  };
  for (std::size_t k0 = 0; k0 < edges.size(); ++k0) {
    if (used[k0]) continue;
    used[k0] = 1;
    const int start = edges[k0].first;
    std::vector<Vec2> loop{vertex(start)};
    int v = edges[k0].second;
    while (v != start) {
      loop.push_back(vertex(v));
      auto [k, next] = take(v);
      if (next < 0) break;  // an open chain
      used[k] = 1;
      v = next;
    }
    loops.push_back(std::move(loop));
  }
  return loops;
}

}  // namespace collide2d
