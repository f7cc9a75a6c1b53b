// collide2d - 2D collision detection for games. MIT License.
/// @file fuzz_protocol.cpp  Target `protocol`: each line of the input answered by
/// `answer_line` of the float and of the double protocol. Every answer must be one line of
/// JSON holding an object (an answer or {"error": ...}); nothing may throw or crash.

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace collide2d::f32::tool { std::string answer_line(std::string_view line); bool is_blank(std::string_view line); }
namespace collide2d::f64::tool { std::string answer_line(std::string_view line); bool is_blank(std::string_view line); }

namespace {

void check_answer(const std::string& answer) {
  const auto parsed = nlohmann::json::parse(answer, nullptr, /*allow_exceptions=*/false);
  if (answer.find('\n') != std::string::npos || !parsed.is_object()) {
    std::fprintf(stderr, "fuzz finding: answer is not one line holding a JSON object: %s\n", answer.c_str());
    std::abort();
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view all(reinterpret_cast<const char*>(data), size);
  std::size_t start = 0;
  int lines = 0;
  while (start <= all.size() && lines++ < 16) {
    std::size_t end = all.find('\n', start);
    if (end == std::string_view::npos) end = all.size();
    const std::string_view line = all.substr(start, end - start);
    if (!collide2d::f64::tool::is_blank(line)) {
      check_answer(collide2d::f64::tool::answer_line(line));
      check_answer(collide2d::f32::tool::answer_line(line));
    }
    start = end + 1;
  }
  return 0;
}
