// A consumer of collide2d that links the float and the double library into one program (each
// half in part.cpp, built once per scalar) and uses collide2d::collide2d, the build's scalar,
// here. Usage: consumer MAP.tmx (a Tiled map with a CSV "Collision" layer).
#include <collide2d/collide2d.hpp>

#include <cstdio>
#include <string_view>
#include <type_traits>

#include "part.hpp"

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: consumer MAP.tmx\n");
    return 2;
  }
  std::printf("scalar: %s\n", std::is_same_v<collide2d::Real, double> ? "double" : "float");
  bool ok = true;
  const consumer::PartResult parts[] = {consumer::f32::run(argv[1]), consumer::f64::run(argv[1])};
  const char* want_scalar[] = {"float", "double"};
  const int want_bytes[] = {4, 8};
  for (int i = 0; i < 2; ++i) {
    const consumer::PartResult& p = parts[i];
    std::printf("%s half: Real is %d bytes, %d checked, %d wrong; ", p.scalar, p.real_bytes,
                p.checked, p.wrong);
    if (p.map_loaded)
      std::printf("map: %ld cells, %ld blocked, %ld wrong\n", p.map_cells, p.map_solid, p.map_wrong);
    else
      std::printf("map: SKIPPED (%s is not there or has no CSV Collision layer)\n", argv[1]);
    ok = ok && std::string_view(p.scalar) == want_scalar[i] && p.real_bytes == want_bytes[i] &&
         p.checked > 0 && p.wrong == 0 && p.map_wrong == 0 && (!p.map_loaded || p.map_cells > 0);
  }
  return ok ? 0 : 1;
}
