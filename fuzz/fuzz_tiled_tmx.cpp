// collide2d - 2D collision detection for games. MIT License.
/// @file fuzz_tiled_tmx.cpp  Target `tiled_tmx`: parse_tmx on arbitrary text (the first byte
/// picks the options); a refusal must be a LoadError naming the file; a loaded map's collision
/// grid is queried.

#include "fuzz_loader.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace collide2d;
  if (size == 0) return 0;
  const TiledLoadOptions opt = fuzz::tiled_options(data[0]);
  const std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);
  try {
    fuzz::check_tiled(parse_tmx(text, fuzz::kFakeMapPath, opt));
  } catch (const LoadError& e) {
    fuzz::check_load_error(e);
  }
  return 0;
}
