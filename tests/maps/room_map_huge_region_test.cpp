// collide2d - 2D collision detection for games. MIT License.
// Regression (fuzz target `world`, UBSan: float-to-int overflow in RoomMap's wall index): a
// gather region far larger than the map, far away from it, or reaching the largest finite
// coordinates clamps to the index grid. The lines given are compared with a scan of every line.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "collide2d/room_map.hpp"

using namespace collide2d;

namespace {

RoomMap random_map(std::mt19937& rng, RoomMapDesc& d) {
  auto uni = [&](double lo, double hi) { return lo + (hi - lo) * (double(rng()) / 4294967296.0); };
  for (int i = 0; i < 60; ++i) d.vertices.push_back({Real(uni(-400, 400)), Real(uni(-300, 300))});
  d.room_count = 2;
  for (int i = 0; i < 90; ++i) {
    MapLine l;
    l.v1 = int(rng() % 60u);
    l.v2 = int(rng() % 60u);
    l.front = int(rng() % 3) - 1;
    l.back = int(rng() % 3) - 1;
    d.lines.push_back(l);
  }
  return RoomMap::make(d).value();
}

}  // namespace

TEST(RoomMapHugeRegion, GatherClampsToTheGridForAnyFiniteRegion) {
  std::mt19937 rng(5);
  RoomMapDesc d;
  const RoomMap sm = random_map(rng, d);
  // Every blocking line with two distinct ends: what a region covering the whole map must give.
  std::set<std::uint32_t> all;
  for (std::size_t i = 0; i < d.lines.size(); ++i) {
    const MapLine& l = d.lines[i];
    const bool blocks = l.front < 0 || l.back < 0 || l.impassable;
    if (blocks && !(d.vertices[std::size_t(l.v1)] == d.vertices[std::size_t(l.v2)])) all.insert(std::uint32_t(i));
  }
  ASSERT_FALSE(all.empty());
  const Real big = std::numeric_limits<Real>::max();
  const Real huge[] = {Real(1e6), Real(3e9), Real(1e30), big};
  for (Real h : huge) {
    std::vector<Obstacle> obs;
    sm.gather(Aabb{{-h, -h}, {h, h}}, obs, 1);
    std::set<std::uint32_t> got;
    for (const Obstacle& o : obs) got.insert(o.element);
    EXPECT_EQ(got, all) << "region half-size " << double(h);
  }
  // Regions wholly beyond the map on any side, however far: nothing.
  const Real far[] = {Real(1e4), Real(5e9), Real(1e30), big / 2};
  for (Real f : far) {
    const Aabb beyond[] = {{{f, -1}, {big, 1}}, {{-big, -1}, {-f, 1}}, {{-1, f}, {1, big}}, {{-1, -big}, {1, -f}}};
    for (const Aabb& r : beyond) {
      std::vector<Obstacle> obs;
      sm.gather(r, obs, 1);
      EXPECT_TRUE(obs.empty()) << "region at " << double(f);
    }
  }
}

// Regression (fuzz target `world`, double build, UBSan: float-to-int overflow building the index):
// vertices at the largest coordinates of the scalar. Where their span is finite the map builds and
// finds its walls; where it is not (double), the map is refused with a message naming the vertices.
// A square room of half-size `half`: refused naming `vertices` when its span does not fit a
// quarter of the largest double, else built with its 4 walls found by a gather over it all.
// Fuzz findings (target `world`, double build, UBSan float->int of NaN in build_index): the
// largest coordinates (span = inf), then a span whose area overflows (1e200 squared: the cell
// size came out infinite and the cell count NaN; room_at's crossing products overflow too), so
// spans are bounded by a quarter of the square root of the largest double.
TEST(RoomMapHugeRegion, VerticesAtTheLargestCoordinates) {
  const double top = double(std::numeric_limits<Real>::max());
  for (const double half : {top, 1e200, 1e160, 1e100, 1e30, 1e18}) {
    if (half > top) continue;
    const Real big = Real(half);
    RoomMapDesc d;
    d.vertices = {{-big, -big}, {big, -big}, {big, big}, {-big, big}};
    d.room_count = 1;
    for (int i = 0; i < 4; ++i) {
      MapLine l;
      l.v1 = i;
      l.v2 = (i + 1) % 4;
      l.front = 0;
      d.lines.push_back(l);
    }
    const bool span_fits = 2.0 * double(big) <= std::sqrt(std::numeric_limits<double>::max()) / 4;
    Invalid why;
    const std::optional<RoomMap> made = RoomMap::make(d, &why);
    EXPECT_EQ(made.has_value(), span_fits) << why.text() << " half " << half;
    if (made) {
      const RoomMap& sm = *made;
      EXPECT_EQ(sm.room_at({0, 0}), 0) << half;
      std::vector<Obstacle> obs;
      sm.gather(Aabb{{-big, -big}, {big, big}}, obs, 1);
      EXPECT_EQ(obs.size(), 4u) << half;
    } else {
      EXPECT_EQ(why.field, "vertices") << why.text();
    }
  }
}

// A description may declare any room_count (the API caller's number, not bounded by a file's
// size as the WAD loader's is): memory follows the rooms the lines name. With INT_MAX declared
// rooms the map builds at once (before: ~60 bytes per declared room, 128 GB) and answers every
// question as the same lines with the smallest room count do.
TEST(RoomMapHugeRegion, DeclaredRoomCountCostsNothingBeyondTheRoomsLinesName) {
  std::mt19937 rng(9);
  RoomMapDesc small;
  const RoomMap a = random_map(rng, small);
  RoomMapDesc huge = small;
  huge.room_count = std::numeric_limits<int>::max();
  const RoomMap b = RoomMap::make(huge).value();
  EXPECT_EQ(b.room_count(), std::numeric_limits<int>::max());
  EXPECT_EQ(a.unclosed_rooms(), b.unclosed_rooms());
  EXPECT_LE(b.named_room_count(), small.room_count);
  EXPECT_EQ(a.named_room_count(), b.named_room_count());
  for (int s = 0; s < small.room_count; ++s) {
    EXPECT_EQ(a.self_referencing(s), b.self_referencing(s)) << s;
    EXPECT_EQ(a.room_loops(s).size(), b.room_loops(s).size()) << s;
  }
  for (int s : {small.room_count, 1000, std::numeric_limits<int>::max() - 1}) {
    EXPECT_FALSE(b.self_referencing(s)) << s;
    EXPECT_TRUE(b.room_loops(s).empty()) << s;
  }
  auto uni = [&](double lo, double hi) { return Real(lo + (hi - lo) * (double(rng()) / 4294967296.0)); };
  for (int i = 0; i < 2000; ++i) {
    const Vec2 p{uni(-450, 450), uni(-350, 350)};
    EXPECT_EQ(a.room_at(p), b.room_at(p)) << p.x << "," << p.y;
  }
}
