// collide2d - 2D collision detection for games. MIT License.
#pragma once
/// @file io.hpp  What the io layer (library `collide2d_io`: Tiled maps, Doom WADs) shares: the
/// error a loader throws for a file it cannot use. Not part of the core `collide2d` library.

#include <stdexcept>
#include <string>

#include "collide2d/config.hpp"

namespace collide2d::inline COLLIDE2D_ABI {

/// A map file that cannot be loaded: which file, where in it, and what is wrong.
/// `what()` reads "<file>: <where>: <message>" (parts that are empty are left out).
class LoadError : public std::runtime_error {
 public:
  /// `file` the path as given; `where` an element, lump or byte offset ("layer 'Collision'",
  /// "lump LINEDEFS"); `message` what is wrong with it.
  LoadError(std::string file, std::string where, std::string message);

  const std::string& file() const noexcept { return file_; }
  const std::string& where() const noexcept { return where_; }
  const std::string& message() const noexcept { return message_; }

 private:
  std::string file_, where_, message_;
};

}  // namespace collide2d
