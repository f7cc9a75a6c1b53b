// collide2d - 2D collision detection for games. MIT License.
#include "collide2d/io.hpp"

#include <utility>

namespace collide2d::inline COLLIDE2D_ABI {

namespace {
std::string compose(const std::string& file, const std::string& where, const std::string& message) {
  std::string s;
  for (const std::string* part : {&file, &where, &message}) {
    if (part->empty()) continue;
    if (!s.empty()) s += ": ";
    s += *part;
  }
  return s;
}
}  // namespace

LoadError::LoadError(std::string file, std::string where, std::string message)
    : std::runtime_error(compose(file, where, message)),
      file_(std::move(file)),
      where_(std::move(where)),
      message_(std::move(message)) {}

}  // namespace collide2d
