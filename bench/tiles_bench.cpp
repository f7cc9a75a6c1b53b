// collide2d - 2D collision detection for games. MIT License.
/// @file tiles_bench.cpp  A crowd on The Mana World's map 099-8 (403 x 403 tiles of which 94,900
/// are solid): agent-steps per second, three ways, same agents, same wander.
///  - "tiles/collide2d_move_circle": TileMap::move_circle (sweep against the merged boundary,
///    slide), one call per agent per step.
///  - "tiles/naive_9cells": the plain game loop: substeps of at most 0.4 tiles, after each one
///    the 9 cells around the center tested with circle-vs-box and pushed out of (shortest way),
///    the velocity's part into the wall removed.
///  - "tiles/box2d_static_tiles": Box2D 2.4.1, one static b2PolygonShape box per solid tile on
///    one static body, the agents dynamic circles (agent-agent contacts filtered out), the
///    velocity set each step to displacement / dt, one b2World::Step(dt, 8, 3) per step.
/// Units: tiles (1 m in Box2D). Agents: radius 0.4 tiles, one in 20 of 0.8; speeds up to 2 tiles
/// per step (Box2D's b2_maxTranslation is 2 m per step, so none is clamped). Counters per run:
/// agents; inside / inside_deep: agent-steps that ended more than 1e-3 / 0.02 tiles inside a
/// wall, checked on the cells (Box2D lets contacts sink by its linear slop, 0.005 m, by design);
/// contacts_per_step (our move only). Times: CPU time (the machine is shared).

#include <benchmark/benchmark.h>
#include <box2d/box2d.h>

#include <cmath>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "collide2d/tiled.hpp"
#include "collide2d_support/splitmix64.hpp"

namespace {

using collide2d::Real;
using collide2d::Vec2;

constexpr int kAgents = 1000;

using Rng = collide2d::support::SplitMix64;

/// 099-8 in tile units (tile size 1), or nothing when the data is absent.
const collide2d::TileMap* map() {
  static const std::unique_ptr<collide2d::TileMap> m = []() -> std::unique_ptr<collide2d::TileMap> {
    try {
      collide2d::TiledLoadOptions o;
      o.load_objects = false;
      const collide2d::TiledMap t = collide2d::load_tiled(BENCH_DATA_DIR "/tmw/maps/099-8.tmx", o);
      auto g = collide2d::TileMap::from_grid(t.width, t.height, t.collision.cells(), {1, 1});
      return g ? std::make_unique<collide2d::TileMap>(*g) : nullptr;
    } catch (const collide2d::LoadError&) {
      return nullptr;
    }
  }();
  return m.get();
}

struct Agent {
  Vec2 pos, vel;
  Real r;
};

struct Crowd {
  std::vector<Agent> agents;
  Rng rng{77};
  void wander() {
    for (Agent& a : agents)
      if (rng.uniform() < 0.02 || collide2d::length(a.vel) < Real(0.05)) {
        const double ang = rng.uniform() * 6.283185307179586, s = 0.2 + 1.8 * rng.uniform();
        a.vel = {Real(std::cos(ang) * s), Real(std::sin(ang) * s)};
      }
  }
};

Crowd make_crowd(const collide2d::TileMap& m) {
  Crowd c;
  Rng rng{20261122};
  while (int(c.agents.size()) < kAgents) {
    const Real r = c.agents.size() % 20 == 19 ? Real(0.8) : Real(0.4);
    const Vec2 p{Real(rng.uniform() * m.width()), Real(rng.uniform() * m.height())};
    if (m.wall_distance(p) < r + 0.01f) continue;
    const double ang = rng.uniform() * 6.283185307179586, s = 0.2 + 1.8 * rng.uniform();
    c.agents.push_back({p, {Real(std::cos(ang) * s), Real(std::sin(ang) * s)}, r});
  }
  return c;
}

/// Agents ending more than `depth` tiles inside a wall (on the cells).
int count_inside(const collide2d::TileMap& m, const std::vector<Agent>& agents, Real depth) {
  int n = 0;
  for (const Agent& a : agents)
    if (!m.is_free(collide2d::Shape(collide2d::Circle{a.pos, a.r - depth}))) ++n;
  return n;
}

struct Inside {
  long long shallow = 0, deep = 0;  // deeper than 1e-3 tiles; deeper than 0.02 (4 Box2D slops)
  void add(const collide2d::TileMap& m, const std::vector<Agent>& agents) {
    shallow += count_inside(m, agents, Real(1e-3));
    deep += count_inside(m, agents, Real(0.02));
  }
};

void finish(benchmark::State& state, const Inside& inside, long long contacts) {
  state.SetItemsProcessed(state.iterations() * kAgents);
  state.counters["agents"] = kAgents;
  state.counters["inside"] = double(inside.shallow);
  state.counters["inside_deep"] = double(inside.deep);
  if (contacts >= 0) state.counters["contacts_per_step"] = double(contacts) / double(state.iterations());
}

void BM_MoveCircle(benchmark::State& state) {
  const collide2d::TileMap* m = map();
  if (!m) {
    state.SkipWithError("099-8.tmx not found");
    return;
  }
  Crowd c = make_crowd(*m);
  Inside inside;
  long long contacts = 0;
  for (auto _ : state) {
    for (Agent& a : c.agents) {
      const collide2d::CircleMove mv = m->move_circle(collide2d::Circle{a.pos, a.r}, a.vel);
      a.pos = mv.center;
      a.vel = mv.displacement;
      contacts += mv.contacts;
    }
    state.PauseTiming();
    inside.add(*m, c.agents);
    c.wander();
    state.ResumeTiming();
  }
  finish(state, inside, contacts);
}

/// The plain loop: substeps, 9 cells, circle-vs-box push-out.
void naive_step(const collide2d::TileMap& m, Agent& a) {
  const Real len = collide2d::length(a.vel);
  const int n = std::max(1, int(std::ceil(len / Real(0.4))));
  const Vec2 d = a.vel / Real(n);
  for (int s = 0; s < n; ++s) {
    a.pos += d;
    const int cx = int(std::floor(a.pos.x)), cy = int(std::floor(a.pos.y));
    for (int y = cy - 1; y <= cy + 1; ++y)
      for (int x = cx - 1; x <= cx + 1; ++x) {
        if (!m.solid(x, y)) continue;
        const Vec2 q{std::clamp(a.pos.x, Real(x), Real(x + 1)), std::clamp(a.pos.y, Real(y), Real(y + 1))};
        const Vec2 off = a.pos - q;
        const Real dist = collide2d::length(off);
        if (dist >= a.r) continue;
        Vec2 nrm;
        Real depth;
        if (dist > 0) {
          nrm = off / dist;
          depth = a.r - dist;
        } else {  // center inside the cell: out through the nearest side
          const Real l = a.pos.x - Real(x), r = Real(x + 1) - a.pos.x, b = a.pos.y - Real(y), t = Real(y + 1) - a.pos.y;
          const Real mn = std::min({l, r, b, t});
          nrm = mn == l ? Vec2{-1, 0} : mn == r ? Vec2{1, 0} : mn == b ? Vec2{0, -1} : Vec2{0, 1};
          depth = mn + a.r;
        }
        a.pos += nrm * depth;
        const Real vn = collide2d::dot(a.vel, nrm);
        if (vn < 0) a.vel -= nrm * vn;
      }
  }
}

void BM_Naive(benchmark::State& state) {
  const collide2d::TileMap* m = map();
  if (!m) {
    state.SkipWithError("099-8.tmx not found");
    return;
  }
  Crowd c = make_crowd(*m);
  Inside inside;
  for (auto _ : state) {
    for (Agent& a : c.agents) naive_step(*m, a);
    state.PauseTiming();
    inside.add(*m, c.agents);
    c.wander();
    state.ResumeTiming();
  }
  finish(state, inside, -1);
}

void BM_Box2D(benchmark::State& state) {
  const collide2d::TileMap* m = map();
  if (!m) {
    state.SkipWithError("099-8.tmx not found");
    return;
  }
  Crowd c = make_crowd(*m);
  b2World world(b2Vec2(0, 0));
  b2BodyDef wall_def;
  b2Body* walls = world.CreateBody(&wall_def);
  for (int y = 0; y < m->height(); ++y)
    for (int x = 0; x < m->width(); ++x)
      if (m->solid(x, y)) {
        b2PolygonShape box;
        box.SetAsBox(0.5f, 0.5f, b2Vec2(float(x) + 0.5f, float(y) + 0.5f), 0);
        b2FixtureDef fd;
        fd.shape = &box;
        fd.filter.categoryBits = 1;
        fd.filter.maskBits = 2;
        walls->CreateFixture(&fd);
      }
  // The map's outside: four thick boxes.
  const float W = float(m->width()), H = float(m->height());
  const b2Vec2 border[4][2] = {{{-5, H / 2}, {5, H / 2 + 10}}, {{W + 5, H / 2}, {5, H / 2 + 10}},
                               {{W / 2, -5}, {W / 2 + 10, 5}}, {{W / 2, H + 5}, {W / 2 + 10, 5}}};
  for (const auto& b : border) {
    b2PolygonShape box;
    box.SetAsBox(b[1].x, b[1].y, b[0], 0);
    b2FixtureDef fd;
    fd.shape = &box;
    fd.filter.categoryBits = 1;
    fd.filter.maskBits = 2;
    walls->CreateFixture(&fd);
  }
  std::vector<b2Body*> bodies;
  for (const Agent& a : c.agents) {
    b2BodyDef bd;
    bd.type = b2_dynamicBody;
    bd.position.Set(float(a.pos.x), float(a.pos.y));
    bd.fixedRotation = true;
    b2Body* b = world.CreateBody(&bd);
    b2CircleShape circle;
    circle.m_radius = float(a.r);
    b2FixtureDef fd;
    fd.shape = &circle;
    fd.density = 1;
    fd.friction = 0;
    fd.filter.categoryBits = 2;
    fd.filter.maskBits = 1;  // walls only, like the other two
    b->CreateFixture(&fd);
    bodies.push_back(b);
  }
  const float dt = 1.0f / 60.0f;
  Inside inside;
  for (auto _ : state) {
    for (std::size_t i = 0; i < bodies.size(); ++i)
      bodies[i]->SetLinearVelocity(b2Vec2(float(c.agents[i].vel.x) / dt, float(c.agents[i].vel.y) / dt));
    world.Step(dt, 8, 3);
    state.PauseTiming();
    for (std::size_t i = 0; i < bodies.size(); ++i) {
      const b2Vec2 p = bodies[i]->GetPosition(), v = bodies[i]->GetLinearVelocity();
      c.agents[i].pos = {Real(p.x), Real(p.y)};
      c.agents[i].vel = {Real(v.x * dt), Real(v.y * dt)};
    }
    inside.add(*m, c.agents);
    c.wander();
    state.ResumeTiming();
  }
  finish(state, inside, -1);
}

BENCHMARK(BM_MoveCircle)->Name("tiles/collide2d_move_circle")->Unit(benchmark::kMicrosecond)->MinTime(2.0);
BENCHMARK(BM_Naive)->Name("tiles/naive_9cells")->Unit(benchmark::kMicrosecond)->MinTime(2.0);
BENCHMARK(BM_Box2D)->Name("tiles/box2d_static_tiles")->Unit(benchmark::kMicrosecond)->MinTime(2.0);

}  // namespace
