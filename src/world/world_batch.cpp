// collide2d - 2D collision detection for games. MIT License.
// Batches of queries over a task runner (yours, or std::thread by default). Each query writes
// only its own output slot and the world is only read, so the answers are those of the serial
// calls, bit for bit, whatever the split.
#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <exception>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

#include "collide2d/world.hpp"

namespace collide2d::inline COLLIDE2D_ABI {

namespace {

/// A short wait in a spin loop (the CPU's pause hint where there is one).
inline void spin_pause() {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#elif defined(__aarch64__)
  asm volatile("yield");
#endif
}

/// The threads of a thread_runner, started once and kept: a call wakes them instead of starting
/// new ones (starting a thread costs tens of microseconds, as much as a batch of a crowd). A call
/// is cut into chunks (at least kMinChunk items, at most kChunksPerThread per thread) that the
/// threads claim one at a time from a counter; the caller takes the first chunk and then claims
/// like the others, so it never waits for a chunk nobody has started: a thread still asleep (or
/// without a core: a busy machine) costs the call nothing but its share, and a slow chunk is
/// balanced by the others. Waiting threads spin briefly before they sleep: calls that follow
/// each other closely (a crowd's batches) find them awake, where a sleep and a wake cost tens of
/// microseconds on a virtual machine. One call at a time: a call made while another is running
/// (from a chunk, or from another thread) runs its body on the calling thread.
class ThreadPool {
 public:
  explicit ThreadPool(unsigned threads) : threads_(threads) {
    workers_.reserve(threads - 1);
    for (unsigned t = 1; t < threads; ++t) workers_.emplace_back([this] { work(); });
  }
  ThreadPool(const ThreadPool&) = delete;
  ThreadPool& operator=(const ThreadPool&) = delete;
  ~ThreadPool() {
    {
      std::lock_guard<std::mutex> lock(m_);
      stop_.store(true);
    }
    wake_.notify_all();
    for (std::thread& th : workers_) th.join();
  }

  void run(std::size_t count, const std::function<void(std::size_t, std::size_t)>& body) {
    const unsigned n =
        threads_ < 2 ? 1 : unsigned(std::min<std::size_t>(std::min(kChunksPerThread * threads_, kMaxChunks), count / kMinChunk));
    std::unique_lock<std::mutex> busy(busy_, std::try_to_lock);
    if (n <= 1 || !busy.owns_lock()) {
      body(0, count);
      return;
    }
    errors_.assign(n, nullptr);
    const std::uint64_t call = generation_.load() + 1;
    {
      std::lock_guard<std::mutex> lock(m_);
      body_ = &body, count_ = count, parts_ = n;
      pending_.store(n);
      next_.store(claims(call, n, 1), std::memory_order_release);  // (chunk 0 is the caller's)
      generation_.store(call, std::memory_order_release);
    }
    wake_.notify_all();
    chunk(0);
    claim(call);
    for (int i = 0; i < kSpins && pending_.load(std::memory_order_acquire) != 0; ++i) spin_pause();
    if (pending_.load(std::memory_order_acquire) != 0) {
      std::unique_lock<std::mutex> lock(m_);
      done_.wait(lock, [&] { return pending_.load() == 0; });
    }
    for (std::exception_ptr& ep : errors_)
      if (ep) std::rethrow_exception(ep);
  }

 private:
  static constexpr int kSpins = 1 << 14;  // about a third of a millisecond of pause hints
  static constexpr std::size_t kMinChunk = 16;
  static constexpr unsigned kChunksPerThread = 4;
  static constexpr unsigned kMaxChunks = 1 << 15;

  /// The claim counter of a call: the call's number (its low 32 bits), its number of chunks and
  /// the next chunk to claim, in one word so a thread still on an earlier call claims nothing.
  static std::uint64_t claims(std::uint64_t call, unsigned parts, unsigned next) {
    return (call << 32) | (std::uint64_t(parts) << 16) | next;
  }

  /// Runs chunk t of the call, then counts it done (the last one wakes a waiting caller).
  void chunk(unsigned t) {
    try {
      (*body_)(count_ * t / parts_, count_ * (t + 1) / parts_);
    } catch (...) {
      errors_[t] = std::current_exception();
    }
    if (pending_.fetch_sub(1, std::memory_order_acq_rel) == 1) {
      std::lock_guard<std::mutex> lock(m_);  // (the caller is either before its check or waiting)
      done_.notify_one();
    }
  }

  /// Claims and runs chunks of call `call` until none is left (or another call runs). A chunk
  /// claimed is one the call waits for: its body, count and parts stay until the chunk is done.
  void claim(std::uint64_t call) {
    std::uint64_t v = next_.load(std::memory_order_acquire);
    for (;;) {
      const unsigned parts = unsigned(v >> 16) & 0xffff, t = unsigned(v) & 0xffff;
      if ((v >> 32) != (call & 0xffffffff) || t >= parts) return;
      if (next_.compare_exchange_weak(v, v + 1, std::memory_order_acq_rel, std::memory_order_acquire)) {
        chunk(t);
        v = next_.load(std::memory_order_acquire);
      }
    }
  }

  void work() {
    std::uint64_t seen = 0;
    for (;;) {
      for (int i = 0; i < kSpins && generation_.load(std::memory_order_acquire) == seen && !stop_.load(); ++i)
        spin_pause();
      {
        std::unique_lock<std::mutex> lock(m_);
        wake_.wait(lock, [&] { return stop_.load() || generation_.load() != seen; });
        if (stop_.load()) return;
        seen = generation_.load();
      }
      claim(seen);
    }
  }

  unsigned threads_;
  std::vector<std::thread> workers_;
  std::mutex busy_;  // held by the running call
  std::mutex m_;
  std::condition_variable wake_, done_;
  const std::function<void(std::size_t, std::size_t)>* body_ = nullptr;
  std::size_t count_ = 0;
  unsigned parts_ = 0;
  std::atomic<std::uint64_t> next_{0};  // claims(call, parts, the next chunk to claim)
  std::atomic<unsigned> pending_{0};
  std::atomic<std::uint64_t> generation_{0};
  std::atomic<bool> stop_{false};
  std::vector<std::exception_ptr> errors_;
};

}  // namespace

TaskRunner thread_runner(unsigned threads) {
  const unsigned n = threads ? threads : std::max(1u, std::thread::hardware_concurrency());
  auto pool = std::make_shared<ThreadPool>(n);
  return [pool](std::size_t count, const std::function<void(std::size_t, std::size_t)>& body) {
    pool->run(count, body);
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
