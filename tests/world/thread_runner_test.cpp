// collide2d - 2D collision detection for games. MIT License.
// thread_runner: its threads are started once and woken per call; every call covers [0, count)
// exactly once in chunks, whatever came before; a chunk's exception reaches the caller; a call
// made from a chunk, or from another thread during a call, runs serially and is still complete.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <stdexcept>
#include <thread>
#include <vector>

#include "collide2d/world.hpp"

namespace {

using namespace collide2d;

/// How often each index of [0, count) was visited by one call of `run`.
std::vector<int> visits(const TaskRunner& run, std::size_t count) {
  std::vector<std::atomic<int>> seen(count);
  run(count, [&](std::size_t b, std::size_t e) {
    EXPECT_LE(b, e);
    EXPECT_LE(e, count);
    for (std::size_t i = b; i < e; ++i) seen[i].fetch_add(1);
  });
  std::vector<int> out;
  for (auto& s : seen) out.push_back(s.load());
  return out;
}

TEST(ThreadRunner, EveryCallCoversEachIndexOnceAcrossManyCalls) {
  for (unsigned threads : {1u, 2u, 3u, 8u}) {
    const TaskRunner run = thread_runner(threads);
    for (int round = 0; round < 300; ++round) {  // the same threads woken 300 times per count
      for (std::size_t count : {std::size_t(0), std::size_t(1), std::size_t(63), std::size_t(64), std::size_t(129),
                                std::size_t(1000), std::size_t(10007)}) {
        const std::vector<int> v = visits(run, count);
        for (std::size_t i = 0; i < count; ++i) ASSERT_EQ(v[i], 1) << threads << " threads, count " << count;
      }
    }
  }
}

TEST(ThreadRunner, UsesSeveralThreadsForLargeCounts) {
  const TaskRunner run = thread_runner(2);
  std::atomic<int> chunks{0}, elsewhere{0};
  std::atomic<bool> small{false};
  const std::thread::id caller = std::this_thread::get_id();
  std::thread::id first;
  run(1000, [&](std::size_t b, std::size_t e) {
    if (e - b < 16) small = true;  // (at least 16 items per chunk)
    chunks.fetch_add(1);
    if (b != 0) {
      elsewhere += std::this_thread::get_id() != caller;
      return;
    }
    first = std::this_thread::get_id();
    // The caller's first chunk waits for the other thread to claim one of the rest.
    const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(20);
    while (elsewhere.load() == 0 && std::chrono::steady_clock::now() < until) std::this_thread::yield();
  });
  EXPECT_GE(chunks.load(), 2);
  EXPECT_LE(chunks.load(), 8);  // (at most 4 chunks per thread)
  EXPECT_FALSE(small.load());
  EXPECT_EQ(first, caller);  // the caller takes the first chunk
  EXPECT_GE(elsewhere.load(), 1);
}

TEST(ThreadRunner, AChunksExceptionReachesTheCallerAndTheRunnerGoesOn) {
  const TaskRunner run = thread_runner(4);
  for (int round = 0; round < 20; ++round) {
    EXPECT_THROW(run(1000,
                     [&](std::size_t b, std::size_t e) {
                       if (b <= 700 && 700 < e) throw std::runtime_error("chunk failed");
                     }),
                 std::runtime_error);
    const std::vector<int> v = visits(run, 1000);
    for (int x : v) ASSERT_EQ(x, 1);
  }
}

TEST(ThreadRunner, NestedAndConcurrentCallsRunSeriallyAndComplete) {
  const TaskRunner run = thread_runner(2);
  // From a chunk: the inner call runs on the chunk's thread.
  std::atomic<long> inner{0};
  run(256, [&](std::size_t b, std::size_t e) {
    const std::vector<int> v = visits(run, 500);
    for (int x : v) EXPECT_EQ(x, 1);
    inner.fetch_add(long(e - b));
  });
  EXPECT_EQ(inner.load(), 256);
  // From several threads sharing the runner: each call still covers its range once.
  std::vector<std::thread> users;
  std::atomic<int> bad{0};
  for (int t = 0; t < 4; ++t) {
    users.emplace_back([&] {
      for (int k = 0; k < 50; ++k)
        for (int x : visits(run, 777)) bad += x != 1;
    });
  }
  for (std::thread& u : users) u.join();
  EXPECT_EQ(bad.load(), 0);
}

}  // namespace
