// collide2d - 2D collision detection for games. MIT License.
// Batches of queries over a task runner (yours, or std::thread by default). Each query writes
// only its own output slot and the world is only read, so the answers are those of the serial
// calls, bit for bit, whatever the split.
#include <algorithm>
#include <exception>
#include <string>
#include <thread>

#include "collide2d/world.hpp"

namespace collide2d::inline COLLIDE2D_ABI {

TaskRunner thread_runner(unsigned threads) {
  return [threads](std::size_t count, const std::function<void(std::size_t, std::size_t)>& body) {
    unsigned n = threads ? threads : std::max(1u, std::thread::hardware_concurrency());
    // At least 64 queries per thread: fewer are not worth a thread.
    n = unsigned(std::min<std::size_t>(n, std::max<std::size_t>(1, count / 64)));
    if (n <= 1) {
      body(0, count);
      return;
    }
    std::vector<std::thread> pool;
    std::vector<std::exception_ptr> errors(n);
    pool.reserve(n);
    for (unsigned t = 0; t < n; ++t) {
      std::size_t b = count * t / n, e = count * (t + 1) / n;
      pool.emplace_back([&, t, b, e] {
        try {
          body(b, e);
        } catch (...) {
          errors[t] = std::current_exception();
        }
      });
    }
    for (std::thread& th : pool) th.join();
    for (std::exception_ptr& ep : errors) {
      if (ep) std::rethrow_exception(ep);
    }
  };
}

namespace {
const TaskRunner& runner_or_default(const TaskRunner& run) {
  static const TaskRunner fallback = thread_runner(0);
  return run ? run : fallback;
}

Invalid at_index(const char* what, std::size_t i, const Invalid& bad) {
  return Invalid{std::string(what) + "[" + std::to_string(i) + "]." + bad.field, bad.message};
}
}  // namespace

std::optional<Invalid> World::batch_raycast_closest(std::span<const Ray> rays, QueryFilter filter,
                                                    std::vector<std::optional<WorldRayHit>>& out,
                                                    const TaskRunner& run) const {
  for (std::size_t i = 0; i < rays.size(); ++i) {
    if (auto bad = collide2d::validate(rays[i])) return at_index("rays", i, *bad);
  }
  out.assign(rays.size(), std::nullopt);
  runner_or_default(run)(rays.size(), [&](std::size_t b, std::size_t e) {
    for (std::size_t i = b; i < e; ++i) out[i] = raycast_closest(rays[i], filter);
  });
  return std::nullopt;
}

std::optional<Invalid> World::batch_query_shape(std::span<const Shape> shapes, QueryFilter filter,
                                                std::vector<std::vector<ProxyHandle>>& out,
                                                const TaskRunner& run) const {
  for (std::size_t i = 0; i < shapes.size(); ++i) {
    if (auto bad = check_shape(shapes[i])) return at_index("shapes", i, *bad);
  }
  out.assign(shapes.size(), {});
  runner_or_default(run)(shapes.size(), [&](std::size_t b, std::size_t e) {
    for (std::size_t i = b; i < e; ++i) out[i] = query_shape(shapes[i], filter);
  });
  return std::nullopt;
}

std::optional<Invalid> World::batch_shape_cast(std::span<const Shape> shapes, std::span<const Vec2> translations,
                                               QueryFilter filter, std::vector<std::optional<WorldCastHit>>& out,
                                               const TaskRunner& run) const {
  if (shapes.size() != translations.size()) {
    return Invalid{"translations", "must have one entry per shape (" + std::to_string(shapes.size()) + "), got " +
                                       std::to_string(translations.size())};
  }
  for (std::size_t i = 0; i < shapes.size(); ++i) {
    if (auto bad = check_shape(shapes[i])) return at_index("shapes", i, *bad);
    if (auto bad = validate_translation(translations[i])) return at_index("translations", i, *bad);
  }
  out.assign(shapes.size(), std::nullopt);
  runner_or_default(run)(shapes.size(), [&](std::size_t b, std::size_t e) {
    for (std::size_t i = b; i < e; ++i) out[i] = shape_cast(shapes[i], translations[i], filter);
  });
  return std::nullopt;
}

}  // namespace collide2d
