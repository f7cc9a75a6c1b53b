// collide2d - 2D collision detection for games. MIT License.
/// @file wad.cpp  WadFile: reading a WAD into memory and validating its directory.

#include <algorithm>
#include <cctype>
#include <cstring>
#include <fstream>
#include <iterator>

#include "collide2d/wad.hpp"

namespace collide2d::inline COLLIDE2D_ABI::wad {

namespace {

std::int32_t le32(const unsigned char* p) {
  return std::int32_t(std::uint32_t(p[0]) | std::uint32_t(p[1]) << 8 | std::uint32_t(p[2]) << 16 |
                      std::uint32_t(p[3]) << 24);
}

std::string upper(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(),
                 [](unsigned char c) { return char(std::toupper(c)); });
  return s;
}

}  // namespace

WadFile WadFile::open(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  if (!f) throw LoadError(path, "", "cannot open the file");
  // Read in blocks (a byte-wise istreambuf_iterator took seconds for Freedoom's 28 MB in the
  // sanitizer builds: a fuzzing timeout), and never more than kMaxWadBytes: a device or a
  // runaway file (/dev/zero) is refused instead of growing without bound.
  constexpr std::size_t kBlock = std::size_t(1) << 20;
  constexpr std::size_t kMaxWadBytes = std::size_t(1) << 30;
  std::vector<unsigned char> bytes;
  while (f) {
    const std::size_t old = bytes.size();
    if (old >= kMaxWadBytes) throw LoadError(path, "", "larger than 1 GiB: not a WAD file");
    bytes.resize(old + kBlock);
    f.read(reinterpret_cast<char*>(bytes.data() + old), std::streamsize(kBlock));
    bytes.resize(old + std::size_t(f.gcount()));
  }
  if (f.bad()) throw LoadError(path, "", "cannot read the file");
  return from_bytes(path, std::move(bytes));
}

WadFile WadFile::from_bytes(std::string name, std::vector<unsigned char> bytes) {
  WadFile w;
  w.path_ = std::move(name);
  w.bytes_ = std::move(bytes);
  const std::int64_t size = std::int64_t(w.bytes_.size());
  if (size < 12) throw LoadError(w.path_, "header", "file of " + std::to_string(size) + " bytes is too short for a WAD header (12)");
  const unsigned char* b = w.bytes_.data();
  if (std::memcmp(b, "IWAD", 4) == 0) w.iwad_ = true;
  else if (std::memcmp(b, "PWAD", 4) != 0) throw LoadError(w.path_, "header", "not a WAD file (no IWAD/PWAD magic)");
  const std::int64_t count = le32(b + 4), dir = le32(b + 8);
  if (count < 0) throw LoadError(w.path_, "directory", "negative lump count " + std::to_string(count));
  if (dir < 12 || dir > size || count > (size - dir) / 16)
    throw LoadError(w.path_, "directory",
                    "directory of " + std::to_string(count) + " lumps at offset " + std::to_string(dir) +
                        " does not fit in the file (" + std::to_string(size) + " bytes): truncated or corrupt");
  w.lumps_.reserve(std::size_t(count));
  for (std::int64_t i = 0; i < count; ++i) {
    const unsigned char* e = b + dir + 16 * i;
    Lump l;
    l.offset = le32(e);
    l.size = le32(e + 4);
    const char* nm = reinterpret_cast<const char*>(e + 8);
    l.name = upper(std::string(nm, strnlen(nm, 8)));
    if (l.offset < 0 || l.size < 0 || l.offset > size || l.size > size - l.offset)
      throw LoadError(w.path_, "lump " + std::to_string(i) + " (" + l.name + ")",
                      "bytes " + std::to_string(l.offset) + " + " + std::to_string(l.size) +
                          " lie outside the file (" + std::to_string(size) + " bytes): truncated or corrupt");
    w.lumps_.push_back(std::move(l));
  }
  return w;
}

std::span<const unsigned char> WadFile::data(std::size_t i) const {
  const Lump& l = lumps_.at(i);
  return {bytes_.data() + l.offset, std::size_t(l.size)};
}

std::vector<std::string> WadFile::map_names() const {
  std::vector<std::string> out;
  for (std::size_t i = 0; i + 1 < lumps_.size(); ++i)
    if (lumps_[i + 1].name == "THINGS") out.push_back(lumps_[i].name);
  return out;
}

int WadFile::find_map(const std::string& name) const {
  const std::string n = upper(name);
  for (std::size_t i = 0; i + 1 < lumps_.size(); ++i)
    if (lumps_[i].name == n && lumps_[i + 1].name == "THINGS") return int(i);
  return -1;
}

}  // namespace collide2d::wad
