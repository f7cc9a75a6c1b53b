// collide2d - 2D collision detection for games. MIT License.
/// @file render.cpp  `collide2d render`: tells the kind of input apart and hands it over.

#include "render/render.hpp"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <ostream>

#include <nlohmann/json.hpp>

#include "render/png.hpp"

namespace collide2d::inline COLLIDE2D_ABI::tool {

namespace {

std::string lower_extension(const std::string& path) {
  std::string ext = std::filesystem::path(path).extension().string();
  std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return char(std::tolower(c)); });
  return ext;
}

std::string first_bytes(const std::string& path, std::size_t n) {
  std::ifstream f(path, std::ios::binary);
  std::string s(n, '\0');
  f.read(s.data(), std::streamsize(n));
  s.resize(std::size_t(f.gcount()));
  return s;
}

bool is_wad(const std::string& path) {
  if (lower_extension(path) == ".wad") return true;
  const std::string m = first_bytes(path, 4);
  return m == "IWAD" || m == "PWAD";
}

/// A JSON file whose top level is an object with "discs".
bool is_disc_json(const std::string& path) {
  if (lower_extension(path) != ".json") return false;
  std::ifstream f(path);
  const nlohmann::json j = nlohmann::json::parse(f, nullptr, /*allow_exceptions=*/false);
  return j.is_object() && j.contains("discs");
}

}  // namespace

int write_render(const RenderOptions& opt, double w, double h, const std::function<void(draw::Figure&)>& paint,
                 const std::string& caption, std::ostream& log, std::ostream& err) {
  const std::string ext = lower_extension(opt.out);
  const bool png_only = ext == ".png";
  std::string stem = opt.out;
  if (ext == ".png" || ext == ".svg") stem.resize(stem.size() - 4);
  std::string error;
  const std::vector<std::string> paths = draw::save_figures(stem, w, h, !png_only, png_only || opt.png, paint, error);
  if (paths.empty()) {
    err << "collide2d render: " << error << "\n";
    return 1;
  }
  log << "collide2d render: wrote";
  for (const std::string& p : paths) log << " " << p;
  log << " (" << caption << ")\n";
  return 0;
}

int run_render(RenderOptions opt, std::ostream& log, std::ostream& err) {
  if (opt.map_name.empty()) {
    const std::size_t hash = opt.input.rfind('#');
    if (hash != std::string::npos && is_wad(opt.input.substr(0, hash))) {
      opt.map_name = opt.input.substr(hash + 1);
      opt.input.resize(hash);
    }
  }
  std::error_code ec;
  if (!std::filesystem::is_regular_file(opt.input, ec)) {
    err << "collide2d render: " << opt.input << ": no such file\n";
    return 1;
  }
  if (opt.out.empty()) {
    std::string stem = std::filesystem::path(opt.input).stem().string();
    if (!opt.map_name.empty()) stem += "-" + opt.map_name;
    opt.out = stem + ".svg";
  }
  if (is_wad(opt.input)) return render_wad(opt, log, err);
  if (is_disc_json(opt.input)) return render_discs(opt, log, err);
  return render_tiled(opt, log, err);
}

}  // namespace collide2d::tool
