// collide2d - 2D collision detection for games. MIT License.
/// @file mover_bench3.cpp  Box2D v3's character mover on the crowd scenes of mover_scenes.hpp,
/// beside collide2d's World::move_crowd (bench/mover_bench.cpp). One iteration: one step of the
/// whole crowd; items = agent-steps.
///
/// The v3 world: one static body holding the static geometry (the tile map's merged boundary as
/// closed chains, one b2CreateChain per chain of TileMap, oriented so that v3's one-sided
/// normal (right of the segment direction) points into free space, as TileEdge::normal does;
/// a Doom map's blocking lines as two-sided b2Segment shapes); the props as b2Circle and
/// b2MakeOffsetBox polygons on it; each agent a kinematic body with a b2Circle shape. Doom
/// scenes are scaled by 1/32 (metres). No b2World_Step: the mover functions query the broad
/// phase directly.
///
/// One agent's move is the loop of v3's Mover sample (the documented use of these functions):
/// up to 5 rounds of b2World_CollideMover (the planes of everything the agent's circle touches,
/// as a capsule of two equal centres) -> b2SolvePlanes (target: the start + velocity) ->
/// b2World_CastMover (the solved translation, stopping at the first hit; v3 lets the mover
/// encroach on what it starts touching), ended when a round moves less than 0.01 m; then
/// b2ClipVector on the velocity, and b2Body_SetTransform puts the agent's body there (its broad
/// phase proxy moves when it leaves its fat box). Every plane is rigid (pushLimit FLT_MAX,
/// clipped), other agents included (the sample makes other movers soft and does not cast
/// against them; here they are obstacles like walls, as they are for collide2d's crowd), the
/// agent's own shape skipped.
///  - "box2d3_mover": walls, props and the other agents (what collide2d_crowd does);
///  - "box2d3_walls_only": the map alone (what collide2d_walls_only does).

#include <benchmark/benchmark.h>

#include <algorithm>
#include <cfloat>
#include <cstdint>
#include <string>
#include <variant>
#include <vector>

#include "../bench_registry.hpp"
#include "../mover_scenes.hpp"
#include "adapt3.hpp"

namespace bench::v3 {
namespace {

using mover::Agent;
using mover::Scene;

constexpr uint64_t kWalls = 1, kProps = 2, kAgents = 4;
constexpr int kPlaneCapacity = 16;

struct MoverContext {
  b2ShapeId self;
  b2CollisionPlane planes[kPlaneCapacity];
  int count = 0;
};

bool plane_result(b2ShapeId shape, const b2PlaneResult* plane, void* context) {
  auto* c = static_cast<MoverContext*>(context);
  if (B2_ID_EQUALS(shape, c->self)) return true;
  if (c->count < kPlaneCapacity) c->planes[c->count++] = b2CollisionPlane{plane->plane, FLT_MAX, 0.0f, true};
  return true;
}

struct V3World {
  b2WorldId world;
  std::vector<b2BodyId> bodies;
  std::vector<b2ShapeId> shapes;
  V3World(const Scene& s, const std::vector<Agent>& agents) {
    b2WorldDef wd = b2DefaultWorldDef();
    wd.gravity = b2Vec2{0, 0};
    world = b2CreateWorld(&wd);
    b2BodyDef sd = b2DefaultBodyDef();
    const b2BodyId statics = b2CreateBody(world, &sd);
    const float k = float(s.box2d_scale);
    if (s.tiles) {
      const auto edges = s.tiles->edges();
      for (int chain = 0; chain < s.tiles->chain_count(); ++chain) {
        std::vector<b2Vec2> pts;
        const int start = s.tiles->chain_start(chain);
        int e = start;
        do {
          pts.push_back(b2Vec2{float(edges[std::size_t(e)].a.x) * k, float(edges[std::size_t(e)].a.y) * k});
          e = edges[std::size_t(e)].next;
        } while (e != start && e >= 0);
        // v3's normal is right of the direction: reverse the chain when TileEdge's points the other way.
        const collide2d::TileEdge& first = edges[std::size_t(start)];
        const collide2d::Vec2 d = first.b - first.a;
        if (d.y * first.normal.x - d.x * first.normal.y < 0) std::reverse(pts.begin(), pts.end());
        b2ChainDef cd = b2DefaultChainDef();
        cd.points = pts.data();
        cd.count = int(pts.size());
        cd.isLoop = true;
        cd.filter.categoryBits = kWalls;
        b2CreateChain(statics, &cd);
      }
    } else {
      for (int line : s.rooms->walls()) {
        const collide2d::MapLine& l = s.rooms->line(line);
        const b2Segment seg{to_b3(s.rooms->vertex(l.v1) * s.box2d_scale), to_b3(s.rooms->vertex(l.v2) * s.box2d_scale)};
        b2ShapeDef def = b2DefaultShapeDef();
        def.filter.categoryBits = kWalls;
        b2CreateSegmentShape(statics, &def, &seg);
      }
    }
    for (const collide2d::Shape& p : s.props) {
      b2ShapeDef def = b2DefaultShapeDef();
      def.filter.categoryBits = kProps;
      if (const auto* c = std::get_if<collide2d::Circle>(&p)) {
        const b2Circle circle{to_b3(c->center * s.box2d_scale), float(c->radius * s.box2d_scale)};
        b2CreateCircleShape(statics, &def, &circle);
      } else {
        const auto& b = std::get<collide2d::Box>(p);
        const b2Polygon poly = b2MakeOffsetBox(float(b.half_extents.x) * k, float(b.half_extents.y) * k,
                                               to_b3(b.center * s.box2d_scale), b2MakeRot(float(b.angle())));
        b2CreatePolygonShape(statics, &def, &poly);
      }
    }
    for (const Agent& a : agents) {
      b2BodyDef bd = b2DefaultBodyDef();
      bd.type = b2_kinematicBody;
      bd.position = b2ToPos(to_b3(a.pos * s.box2d_scale));
      const b2BodyId body = b2CreateBody(world, &bd);
      b2ShapeDef def = b2DefaultShapeDef();
      def.filter.categoryBits = kAgents;
      const b2Circle circle{b2Vec2{0, 0}, float(a.radius * s.box2d_scale)};
      bodies.push_back(body);
      shapes.push_back(b2CreateCircleShape(body, &def, &circle));
    }
  }
  ~V3World() { b2DestroyWorld(world); }
  V3World(const V3World&) = delete;
  V3World& operator=(const V3World&) = delete;
};

/// One agent's move (v3's Mover sample loop); returns the new position, clips the velocity.
b2Vec2 move_agent(b2WorldId world, b2ShapeId self, b2Vec2 p, float radius, b2Vec2& vel, b2QueryFilter filter,
                  MoverContext& ctx, long long& planes) {
  const b2Vec2 target = b2Add(p, vel);
  const float tolerance = 0.01f;
  ctx.self = self;
  for (int iteration = 0; iteration < 5; ++iteration) {
    ctx.count = 0;
    const b2Capsule mover{p, p, radius};
    b2World_CollideMover(world, b2Pos_zero, &mover, filter, plane_result, &ctx);
    const b2PlaneSolverResult solved = b2SolvePlanes(b2Sub(target, p), ctx.planes, ctx.count);
    planes += ctx.count;
    const float fraction = b2World_CastMover(world, b2Pos_zero, &mover, solved.delta, filter);
    const b2Vec2 delta = b2MulSV(fraction, solved.delta);
    p = b2Add(p, delta);
    if (b2LengthSquared(delta) < tolerance * tolerance) break;
  }
  vel = b2ClipVector(vel, ctx.planes, ctx.count);
  return p;
}

void mover_row(benchmark::State& state, const std::string& name, int n, bool walls_only) {
  std::string why;
  const Scene* s = mover::scene(name, n, &why);
  if (!s) {
    state.SkipWithError(why.c_str());
    return;
  }
  std::vector<Agent> agents = s->agents;
  V3World w(*s, agents);
  const float k = float(s->box2d_scale);
  const b2QueryFilter filter{kAgents, walls_only ? kWalls : (kWalls | kProps | kAgents)};
  MoverContext ctx;
  std::uint64_t rng = 5;
  mover::Check check;
  long long planes = 0;
  std::vector<b2Vec2> pos(agents.size()), vel(agents.size());
  for (std::size_t i = 0; i < agents.size(); ++i) pos[i] = to_b3(agents[i].pos * s->box2d_scale);
  const auto step = [&] {
    for (std::size_t i = 0; i < agents.size(); ++i) vel[i] = to_b3(agents[i].vel * s->box2d_scale);
    for (std::size_t i = 0; i < agents.size(); ++i) {
      pos[i] = move_agent(w.world, w.shapes[i], pos[i], float(agents[i].radius) * k, vel[i], filter, ctx, planes);
      if (!walls_only) b2Body_SetTransform(w.bodies[i], b2ToPos(pos[i]), b2Rot_identity);
    }
  };
  mover::run_steps(state, step, [&] {
    for (std::size_t i = 0; i < agents.size(); ++i) {
      agents[i].pos = collide2d::Vec2{collide2d::Real(pos[i].x), collide2d::Real(pos[i].y)} / s->box2d_scale;
      agents[i].vel = collide2d::Vec2{collide2d::Real(vel[i].x), collide2d::Real(vel[i].y)} / s->box2d_scale;
    }
    if (walls_only) {
      mover::Check walls;
      mover::check(*s, agents, walls);
      check.in_wall += walls.in_wall;
    } else {
      mover::check(*s, agents, check);
    }
    mover::wander(*s, agents, rng);
  });
  state.SetItemsProcessed(state.iterations() * std::int64_t(agents.size()));
  state.counters["agents"] = double(agents.size());
  state.counters["in_wall"] = double(check.in_wall);
  state.counters["in_prop"] = double(check.in_prop);
  state.counters["agent_pairs"] = double(check.agent_pairs);
  state.counters["planes_per_step"] = double(planes) / double(state.iterations() + mover::kWarmSteps);
}

}  // namespace

void register_mover_benchmarks_box2d3(const std::string& scene, int agents, const std::string& prefix) {
  benchmark::RegisterBenchmark((prefix + "box2d3_mover").c_str(),
                               [=](benchmark::State& st) { mover_row(st, scene, agents, false); })
      ->Unit(benchmark::kMicrosecond);
  benchmark::RegisterBenchmark((prefix + "box2d3_walls_only").c_str(),
                               [=](benchmark::State& st) { mover_row(st, scene, agents, true); })
      ->Unit(benchmark::kMicrosecond);
}

}  // namespace bench::v3
