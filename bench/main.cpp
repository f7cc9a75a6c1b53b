// collide2d - 2D collision detection for games. MIT License.
/// @file main.cpp  The benchmark binary: registers every group, then hands over to Google Benchmark.

#include <benchmark/benchmark.h>
#include <box2d/box2d.h>

#include <string>

#include "bench_registry.hpp"
#include "collide2d/math.hpp"
#include "collide2d/query.hpp"

int main(int argc, char** argv) {
  bench::register_pair_benchmarks();
  bench::register_sector_swing_benchmarks();
  bench::register_mover_benchmarks();  // with Box2D v3's mover beside each scene
#ifdef BENCH_HAVE_BOX2D3
  bench::v3::register_pair_benchmarks_box2d3();
  bench::v3::register_sweep_benchmarks_box2d3();
  bench::v3::register_world_benchmarks_box2d3();
  benchmark::AddCustomContext(
      "box2d3_version", std::string(BENCH_BOX2D3_VERSION) + " (../shared/peers/box2d-v3, SSE2, validation off)");
#endif
  benchmark::AddCustomContext("collide2d_scalar", sizeof(collide2d::Real) == 4 ? "float" : "double");
  benchmark::AddCustomContext("box2d_version", BENCH_BOX2D_PACKAGE_VERSION);
  benchmark::AddCustomContext("box2d_b2_version", std::to_string(b2_version.major) + "." +
                                                      std::to_string(b2_version.minor) + "." +
                                                      std::to_string(b2_version.revision));
  benchmark::AddCustomContext("collide2d_batch_isa", collide2d::isa_name(collide2d::batch_isa()));
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
