// collide2d - 2D collision detection for games. MIT License.
#pragma once
/// @file protocol.hpp  The JSON Lines query protocol (../shared/FORMAT.md, version 1):
/// parsing shapes and rays from JSON with errors that name the field, and answering lines.

#include <iosfwd>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "collide2d/query.hpp"
#include "collide2d/shapes.hpp"

namespace collide2d::tool {

using Json = nlohmann::ordered_json;

/// A line that cannot be answered: `text` is "<field path>: <what is wrong>".
struct ProtocolError {
  std::string text;
};

/// Parses a shape object; `path` names it in errors ("a", "shape"). Throws ProtocolError.
/// The shape is validated (`collide2d::validate`, `make_polygon`).
Shape parse_shape(const Json& v, const std::string& path);

/// Parses a finite number that fits the library's scalar type. Throws ProtocolError.
Real parse_real(const Json& v, const std::string& path);

/// Parses a point or vector `[x, y]`. Throws ProtocolError.
Vec2 parse_vec2(const Json& v, const std::string& path);

/// The answer to one non-blank input line, as one line of JSON (without the newline).
/// Never throws: every problem becomes {"error": ...} (with "id" when it could be read).
std::string answer_line(std::string_view line);

/// True when the line holds only JSON whitespace (such lines are skipped).
bool is_blank(std::string_view line);

/// Reads JSON Lines from `in` and writes one answer line per non-blank input line to `out`.
/// Returns the process exit status: 0 unless reading or writing failed.
int run_query(std::istream& in, std::ostream& out, bool flush_each_line);

}  // namespace collide2d::tool
