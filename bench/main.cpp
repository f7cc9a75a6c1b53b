// collide2d - 2D collision detection for games. MIT License.
/// @file main.cpp  The benchmark binary: registers every group, then hands over to Google Benchmark.

#include <benchmark/benchmark.h>
#include <box2d/box2d.h>

#include <string>

#include "bench_registry.hpp"
#include "collide2d/math.hpp"

int main(int argc, char** argv) {
  bench::register_pair_benchmarks();
  bench::register_sector_swing_benchmarks();
  benchmark::AddCustomContext("collide2d_scalar", sizeof(collide2d::Real) == 4 ? "float" : "double");
  benchmark::AddCustomContext("box2d_version", BENCH_BOX2D_PACKAGE_VERSION);
  benchmark::AddCustomContext("box2d_b2_version", std::to_string(b2_version.major) + "." +
                                                      std::to_string(b2_version.minor) + "." +
                                                      std::to_string(b2_version.revision));
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
