// collide2d - 2D collision detection for games. MIT License.
/// @file fuzz_island.cpp  Target `island`: the island JSON reader (`parse_discs` on any JSON
/// text), then at most 64 valid discs built into a DiscUnion and queried.

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <span>

#include "protocol/island_parse.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace collide2d;
  const auto v = tool::Json::parse(data, data + size, nullptr, /*allow_exceptions=*/false);
  if (v.is_discarded()) return 0;
  try {
    const std::vector<Circle> discs = tool::parse_discs(v, "discs");
    const std::span<const Circle> some(discs.data(), discs.size() < 64 ? discs.size() : 64);
    Invalid why;
    const auto land = DiscUnion::make(some, &why);
    if (!land) return 0;
    const Aabb b = land->bounds();
    const Vec2 mid = (b.min + b.max) * Real(0.5);
    (void)land->contains(mid);
    const Real d = land->signed_distance(mid);
    if (!land->empty() && !std::isfinite(d)) {
      std::fprintf(stderr, "fuzz finding: signed_distance not finite\n");
      std::abort();
    }
    (void)land->nearest_free_point(mid, Real(1));
  } catch (const tool::ProtocolError& e) {
    if (e.text.empty()) std::abort();
  }
  return 0;
}
