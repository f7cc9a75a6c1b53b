// collide2d - 2D collision detection for games. MIT License.
#pragma once
/// @file world.hpp  The collision world: proxies holding any shape, addressed by generational
/// handles, with user data and category/mask filters; static layers (a tile map, a room map's
/// blocking walls, a disc island whose sea blocks), each with its own index, a filter and user
/// data, addressed by generational layer handles, and user chains; the world queries (`overlap`, `ray_closest`,
/// `ray_all`, `cast`, `nearest_hits`, `contacts`) see layers and proxies together and say what
/// they hit (`WorldHit`); `update()` finds the touching pairs
/// (broad phase, then the exact `overlaps`) and reports begin/end-touch events in a fixed order;
/// queries: box, point, shape overlap, ray cast (closest and all), shape cast, nearest; batches
/// of queries run over a user-supplied task function or std::thread.
///
/// Errors: every call that changes the world returns `std::optional<Invalid>`: nothing when
/// done, else what is wrong (a stale, foreign or null handle, an invalid shape, a non-finite
/// displacement); a refused call leaves the world exactly as it was. Queries take an optional
/// `Invalid* why` and return an empty answer for invalid input.
///
/// Threading: const members (every query, batch or not) are safe to call from many threads at
/// once while no thread changes the world: they keep no hidden state (no caches, no mutable
/// members; traversal stacks live on the caller's stack). Non-const members need exclusive
/// access.

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <unordered_map>
#include <variant>
#include <vector>

#include "collide2d/broadphase.hpp"
#include "collide2d/chain.hpp"
#include "collide2d/disc_union.hpp"
#include "collide2d/motion.hpp"
#include "collide2d/query.hpp"
#include "collide2d/room_map.hpp"
#include "collide2d/sweep.hpp"
#include "collide2d/tilemap.hpp"

namespace collide2d::inline COLLIDE2D_ABI {

/// Addresses one proxy of one world. A destroyed proxy's handle stays stale forever (the
/// slot's generation moves on), and a handle of another world is recognised as foreign.
struct ProxyHandle {
  std::uint32_t index = kNullIndex;  ///< slot in the world's pool
  std::uint32_t generation = 0;      ///< the slot's generation when the proxy was made
  std::uint32_t world = 0;           ///< id of the world that made it (0: null handle)
  friend constexpr bool operator==(ProxyHandle, ProxyHandle) = default;
  /// Ordered by slot index, then generation (the order events and sorted answers use).
  friend constexpr bool operator<(ProxyHandle a, ProxyHandle b) {
    return a.index != b.index ? a.index < b.index : a.generation < b.generation;
  }
};

/// Collision filter: two proxies may touch when each one's category is in the other's mask.
struct Filter {
  std::uint32_t category = 1;         ///< the bits this proxy is
  std::uint32_t mask = 0xffffffffu;   ///< the bits this proxy touches
  friend constexpr bool operator==(Filter, Filter) = default;
};

/// True when two filters let their proxies touch.
constexpr bool filters_touch(Filter a, Filter b) { return (a.category & b.mask) != 0 && (b.category & a.mask) != 0; }

/// Query filter: a proxy is reported when its category has a bit in `mask`.
struct QueryFilter {
  std::uint32_t mask = 0xffffffffu;
};

/// What a proxy is made of.
struct ProxyDef {
  Shape shape;                  ///< any shape, in world coordinates
  std::uint64_t user_data = 0;  ///< yours (an entity id, an index, a pointer cast)
  Filter filter{};              ///< category and mask
  /// A proxy that does not move: its box is not fattened, and two static proxies never pair.
  /// It may still be moved (it is then treated as moving).
  bool is_static = false;
};

/// Settings of a world.
struct WorldOptions {
  BroadphaseKind broadphase = BroadphaseKind::tree;  ///< tree: any sizes; grid: similar sizes
  Real cell_size = 4;  ///< grid only: side of a cell (about 2-4 times a typical proxy size)
  /// How moving proxies' boxes are fattened. The world pads a moving proxy's box by 8 of its
  /// displacements on every side besides the margin (speed_margin 8), stretches it 4
  /// displacements ahead and re-fits it once it is 12 paddings too large: a crowd member
  /// re-enters the broad phase rarely whatever the units (docs/world.md, "Fat boxes").
  FatBoxRule fat{Real(0.1), Real(4), Real(12), Real(8)};
};

/// A pair that began or stopped touching. a.index < b.index.
struct TouchEvent {
  ProxyHandle a, b;            ///< (a handle may be stale when its proxy was destroyed)
  std::uint64_t user_a = 0, user_b = 0;
};

/// The events of one `update()`, each list sorted by (a.index, b.index).
struct TouchEvents {
  std::vector<TouchEvent> begin;  ///< pairs touching now, not at the previous update
  std::vector<TouchEvent> end;    ///< pairs touching at the previous update, not now (or destroyed)
};

/// Addresses one static layer of one world (generational, like `ProxyHandle`).
struct LayerHandle {
  std::uint32_t index = kNullIndex;  ///< slot in the world's layer pool
  std::uint32_t generation = 0;      ///< the slot's generation when the layer was added
  std::uint32_t world = 0;           ///< id of the world that made it (0: null handle)
  friend constexpr bool operator==(LayerHandle, LayerHandle) = default;
  /// Ordered by slot index, then generation.
  friend constexpr bool operator<(LayerHandle a, LayerHandle b) {
    return a.index != b.index ? a.index < b.index : a.generation < b.generation;
  }
};

/// The geometry of a static layer: a tile map (its solid cells and the outside when
/// `outside_solid`), a room map (its blocking walls: one-sided and impassable lines), a disc
/// union (land: the sea, everything off the land, blocks), a chain (a user's polyline of one- or
/// two-sided edges).
using LayerGeometry = std::variant<TileMap, RoomMap, DiscUnion, Chain>;

/// What a layer is made of.
struct LayerDef {
  LayerGeometry geometry;       ///< the layer's own copy (moved in when you pass an rvalue)
  std::uint64_t user_data = 0;  ///< yours
  Filter filter{};              ///< category (what queries and movers see) and mask
};

/// What a world query hit.
enum class HitKind : std::uint8_t {
  proxy,   ///< a proxy (`WorldHit::proxy`)
  cell,    ///< a tile map's solid cell: element = row * width + col
  edge,    ///< an edge: element indexes `TileMap::edges()` (tile map) or `Chain::edges()` (chain)
  line,    ///< a room map's blocking line: element indexes `RoomMap::line()`
  arc,     ///< a disc union's coast arc: element indexes `DiscUnion::arcs()`
  region,  ///< a layer's blocking area beyond its elements: outside a tile map, the open sea
};

/// One thing a world query hit: a proxy (handle, user data) or a piece of a layer (handle,
/// user data, element).
struct WorldHit {
  HitKind kind = HitKind::proxy;
  ProxyHandle proxy;            ///< kind proxy (null otherwise)
  LayerHandle layer;            ///< any other kind (null for a proxy)
  std::uint64_t user_data = 0;  ///< the proxy's or the layer's
  std::uint32_t element = 0;    ///< which piece of the layer (see HitKind); 0 for proxy, region
  friend constexpr bool operator==(const WorldHit&, const WorldHit&) = default;
  /// Proxies first (by handle), then layers (by handle, kind, element): the order of sorted answers.
  friend constexpr bool operator<(const WorldHit& a, const WorldHit& b) {
    const bool pa = a.kind == HitKind::proxy, pb = b.kind == HitKind::proxy;
    if (pa != pb) return pa;
    if (pa) return a.proxy < b.proxy;
    if (a.layer != b.layer) return a.layer < b.layer;
    if (a.kind != b.kind) return a.kind < b.kind;
    return a.element < b.element;
  }
};

/// What the world queries look at.
struct QueryOptions {
  std::uint32_t mask = 0xffffffffu;       ///< proxies and layers whose category has a bit in it
  std::span<const ProxyHandle> exclude{};  ///< proxies left out (the mover's body, the swinger)
  /// `overlap` only: report only what the query shape's apex (a sector's or circle's centre)
  /// can reach with no wall in between (see docs/world.md, "Reach"); the walls are the
  /// straight walls (tile edges, room map lines) of the layers whose category has a bit in
  /// `wall_mask`.
  bool reach = false;
  std::uint32_t wall_mask = 0xffffffffu;  ///< with `reach`: the layers whose walls block
};

/// A ray's hit on anything in the world.
struct WorldRayHit {
  WorldHit what;
  RayHit hit;  ///< distance, point, normal (hit.inside: the origin is in it; hit.element: as
               ///< what.element for a layer's piece, -1 for a proxy or a region)
};

/// A shape cast's hit on anything in the world.
struct WorldCastHit {
  WorldHit what;
  SweepHit hit;  ///< time in [0, 1] of the translation, normal from the cast shape to the hit
};

/// Something near a point.
struct WorldNearest {
  WorldHit what;
  Real distance = 0;  ///< from the point (0 inside)
  Vec2 point;         ///< the closest point of what was found (the query point when inside)
};

// Deprecated for one release: the proxy queries answer with the world's own types (`what` is
// the proxy: `proxy` is `what.proxy`, `user_data` is `what.user_data`).
using RayCastHit [[deprecated("use WorldRayHit (proxy: what.proxy, user_data: what.user_data)")]] = WorldRayHit;
using ShapeCastHit [[deprecated("use WorldCastHit (proxy: what.proxy, user_data: what.user_data)")]] = WorldCastHit;
using NearestHit [[deprecated("use WorldNearest (proxy: what.proxy, user_data: what.user_data)")]] = WorldNearest;

/// A contact between a query shape and anything in the world.
struct WorldContact {
  WorldHit what;
  Vec2 normal{1, 0};  ///< unit, from the shape to what it touches (push the shape by -normal)
  Real depth = 0;     ///< penetration along the normal (0: touching)
  Vec2 point;         ///< a contact point
};

/// What `World::move` did: the one mover's answer and, for each of its contacts, what was hit.
struct WorldMove {
  MoveResult result;           ///< the one mover's result (shape, translation, contacts, flags)
  std::vector<WorldHit> hits;  ///< hits[i]: what result.contacts[i] touched (proxy or layer element)
};

/// Runs body(begin, end) over chunks covering [0, count), possibly in parallel, and returns
/// once every chunk is done. Plug in your job system; the default (empty) uses std::thread.
using TaskRunner =
    std::function<void(std::size_t count, const std::function<void(std::size_t begin, std::size_t end)>& body)>;

/// A TaskRunner on `threads` threads (0: std::thread::hardware_concurrency()): the calling
/// thread and `threads - 1` std::threads started once and kept until the runner's last copy
/// goes (a call wakes them; it does not start threads). A call is cut into chunks of at least 16
/// items, at most 4 per thread, that the threads claim as they come (the calling thread takes
/// the first, and never waits for a chunk no thread has started). One call at a time per
/// runner: a call made during another (from a chunk, or from another thread) runs serially on
/// its own thread.
TaskRunner thread_runner(unsigned threads = 0);

/// The snapshot format version `World::snapshot` writes and `World::restore` reads.
inline constexpr std::uint32_t kSnapshotVersion = 2;

/// The collision world.
class World {
 public:
  /// An empty world.
  explicit World(WorldOptions options = {});
  ~World();
  World(World&&) noexcept;
  World& operator=(World&&) noexcept;
  World(const World&) = delete;
  World& operator=(const World&) = delete;

  /// Adds a proxy; nothing (and `why` filled) when the shape is invalid.
  std::optional<ProxyHandle> create(const ProxyDef& def, Invalid* why = nullptr);
  /// Removes a proxy; its touching pairs end at the next update().
  std::optional<Invalid> destroy(ProxyHandle h);
  /// Replaces a proxy's shape (move it, turn it, change its type or size).
  std::optional<Invalid> set_shape(ProxyHandle h, const Shape& shape);
  /// Translates a proxy's shape.
  std::optional<Invalid> move_by(ProxyHandle h, Vec2 delta);
  /// Changes a proxy's filter (its pairs are re-tested at the next update()).
  std::optional<Invalid> set_filter(ProxyHandle h, Filter filter);
  /// Changes a proxy's user data.
  std::optional<Invalid> set_user_data(ProxyHandle h, std::uint64_t user_data);

  /// Nothing when `h` addresses a live proxy of this world, else why not.
  std::optional<Invalid> check(ProxyHandle h) const;
  /// True when `h` addresses a live proxy of this world (what `check` accepts; inline, the hot
  /// paths test it before asking `check` for the reason).
  bool is_valid(ProxyHandle h) const {
    return h.world != 0 && h.world == id_ && h.index < slots_.size() && slots_[h.index].generation == h.generation &&
           slots_[h.index].alive;
  }
  /// The proxy's shape (nothing for an invalid handle).
  std::optional<Shape> shape(ProxyHandle h) const;
  /// The proxy's user data (0 for an invalid handle).
  std::uint64_t user_data(ProxyHandle h) const;
  /// The proxy's filter (default for an invalid handle).
  Filter filter(ProxyHandle h) const;
  /// The proxy's tight bounding box (empty box at the origin for an invalid handle).
  Aabb bounds(ProxyHandle h) const;
  /// Number of live proxies.
  std::size_t size() const { return live_; }
  /// Handles of all live proxies, by slot index.
  std::vector<ProxyHandle> handles() const;

  /// Finds the touching pairs (fat boxes overlap, filters agree, not both static, exact
  /// `overlaps`) and returns what changed since the previous update.
  const TouchEvents& update();
  /// The pairs touching at the last update(), sorted by (a.index, b.index).
  std::vector<std::pair<ProxyHandle, ProxyHandle>> touching_pairs() const;

  /// Proxies whose shape overlaps the box, sorted by handle.
  std::vector<ProxyHandle> query_aabb(const Aabb& box, QueryFilter filter = {}, Invalid* why = nullptr) const;
  /// Proxies whose shape holds the point, sorted by handle.
  std::vector<ProxyHandle> query_point(Vec2 p, QueryFilter filter = {}, Invalid* why = nullptr) const;
  /// Proxies whose shape overlaps `shape` (e.g. a sword swing's sector), sorted by handle.
  std::vector<ProxyHandle> query_shape(const Shape& shape, QueryFilter filter = {}, Invalid* why = nullptr) const;
  /// Calls `visit` for every proxy overlapping `shape` (broad-phase order); false stops.
  std::optional<Invalid> for_each_overlap(const Shape& shape, QueryFilter filter,
                                          FunctionRef<bool(ProxyHandle)> visit) const;
  // The proxy queries answer with the world queries' types; `what` is always a proxy.

  /// The closest hit along the ray (ties: lowest slot index).
  std::optional<WorldRayHit> raycast_closest(const Ray& ray, QueryFilter filter = {}, Invalid* why = nullptr) const;
  /// Calls `visit` for hits along the ray, roughly nearest first. It returns the new maximum
  /// distance: the ray's max_distance to see every hit, hit.distance to clip to this one (only
  /// nearer hits follow), a negative value to stop.
  std::optional<Invalid> raycast_all(const Ray& ray, QueryFilter filter,
                                     FunctionRef<Real(const WorldRayHit&)> visit) const;
  /// Sweeps `shape` by `translation` (collide2d::sweep against each candidate): the first hit
  /// (ties: lowest slot index). Proxies it overlaps at the start count as hits at time 0.
  std::optional<WorldCastHit> shape_cast(const Shape& shape, Vec2 translation, QueryFilter filter = {},
                                         Invalid* why = nullptr) const;
  /// Up to `max_count` proxies within `radius` of `p`, nearest first (ties: lowest index).
  std::vector<WorldNearest> nearest(Vec2 p, Real radius, std::size_t max_count, QueryFilter filter = {},
                                    Invalid* why = nullptr) const;

  /// raycast_closest for every ray into out[i]; refused (out untouched) if any ray is invalid.
  std::optional<Invalid> batch_raycast_closest(std::span<const Ray> rays, QueryFilter filter,
                                               std::vector<std::optional<WorldRayHit>>& out,
                                               const TaskRunner& run = {}) const;
  /// query_shape for every shape into out[i]; refused (out untouched) if any shape is invalid.
  std::optional<Invalid> batch_query_shape(std::span<const Shape> shapes, QueryFilter filter,
                                           std::vector<std::vector<ProxyHandle>>& out,
                                           const TaskRunner& run = {}) const;
  /// shape_cast for every (shape, translation) into out[i]; refused if any input is invalid.
  std::optional<Invalid> batch_shape_cast(std::span<const Shape> shapes, std::span<const Vec2> translations,
                                          QueryFilter filter, std::vector<std::optional<WorldCastHit>>& out,
                                          const TaskRunner& run = {}) const;

  // ---- Static layers ----------------------------------------------------------------------

  /// Adds a static layer (checked: finite data within the shapes' coordinate limit, consistent
  /// sizes); nothing, and `why` naming the element, when it is refused.
  std::optional<LayerHandle> add_layer(LayerDef def, Invalid* why = nullptr);
  /// Removes a layer; its handle is stale from then on.
  std::optional<Invalid> remove_layer(LayerHandle h);
  /// Replaces a layer's geometry, filter and user data (a level load); the handle stays valid.
  std::optional<Invalid> replace_layer(LayerHandle h, LayerDef def);
  /// Sets one cell of a tile-map layer (a door opening); refused for another kind of layer or a
  /// cell outside the grid.
  std::optional<Invalid> set_tile(LayerHandle h, int col, int row, bool solid);
  /// Changes a layer's filter.
  std::optional<Invalid> set_layer_filter(LayerHandle h, Filter filter);
  /// Changes a layer's user data.
  std::optional<Invalid> set_layer_user_data(LayerHandle h, std::uint64_t user_data);
  /// Nothing when `h` addresses a live layer of this world, else why not.
  std::optional<Invalid> check(LayerHandle h) const;
  /// True when `h` addresses a live layer of this world.
  bool is_valid(LayerHandle h) const { return !check(h); }
  /// The layer's geometry (null for an invalid handle).
  const LayerGeometry* layer(LayerHandle h) const;
  /// The layer's filter (default for an invalid handle).
  Filter layer_filter(LayerHandle h) const;
  /// The layer's user data (0 for an invalid handle).
  std::uint64_t layer_user_data(LayerHandle h) const;
  /// Handles of all live layers, by slot index.
  std::vector<LayerHandle> layer_handles() const;

  // ---- World queries: layers and proxies together ------------------------------------------

  /// Everything the shape overlaps (closed sets), sorted (`WorldHit` order): proxies, solid
  /// tile cells (and the region outside a tile map), blocking room map lines, coast arcs (or the
  /// sea region) of a disc union the shape reaches past the coast. Disc-union layers answer
  /// points and circles only (other shapes are refused naming the layer: leave it out by mask).
  std::vector<WorldHit> overlap(const Shape& shape, const QueryOptions& options = {}, Invalid* why = nullptr) const;
  /// `overlap` of a point.
  std::vector<WorldHit> overlap_point(Vec2 p, const QueryOptions& options = {}, Invalid* why = nullptr) const;
  /// `overlap` of a box.
  std::vector<WorldHit> overlap_box(const Aabb& box, const QueryOptions& options = {}, Invalid* why = nullptr) const;
  /// The closest hit along the ray (ties: proxies before layers, then `WorldHit` order).
  std::optional<WorldRayHit> ray_closest(const Ray& ray, const QueryOptions& options = {},
                                         Invalid* why = nullptr) const;
  /// Every proxy the ray hits and each layer's first hit, nearest first (ties: `WorldHit` order).
  std::vector<WorldRayHit> ray_all(const Ray& ray, const QueryOptions& options = {}, Invalid* why = nullptr) const;
  /// Sweeps `shape` by `translation`: the first hit (ties as `ray_closest`); what it overlaps at
  /// the start is hit at time 0. Disc-union layers take circles only.
  std::optional<WorldCastHit> cast(const Shape& shape, Vec2 translation, const QueryOptions& options = {},
                                   Invalid* why = nullptr) const;
  /// Up to `max_count` things within `radius` of `p`, nearest first (ties: `WorldHit` order): proxies,
  /// and per layer its nearest wall point (tile map: the cell; room map: the line; disc union:
  /// the coast arc, at distance 0 when p is at sea).
  std::vector<WorldNearest> nearest_hits(Vec2 p, Real radius, std::size_t max_count,
                                         const QueryOptions& options = {}, Invalid* why = nullptr) const;
  /// Contacts of a shape with everything it touches (`contact` with proxies and room map lines, the
  /// tile map's edge contacts, the coast's arc contacts), sorted by `WorldHit`. Disc-union layers
  /// take circles only.
  std::vector<WorldContact> contacts(const Shape& shape, const QueryOptions& options = {},
                                     Invalid* why = nullptr) const;

  // ---- Moving through the world: the one mover over layers and proxies ------------------------

  /// Moves a proxy by `displacement` through everything its filter lets it touch (proxies and
  /// layers whose filters agree with its own, itself excepted) with the one mover (motion.hpp):
  /// no tunnelling, stops a skin short, responds (slide, bounce, side-view options). The proxy
  /// is updated in the broad phase; `out` (optional) gets what happened. Refused, the world
  /// unchanged: an invalid handle, a non-finite displacement, bad options.
  std::optional<Invalid> move(ProxyHandle h, Vec2 displacement, const MoveOptions& options = {},
                              WorldMove* out = nullptr);
  /// Moves a free shape (no proxy) with the filter `filter` by `displacement` through the world:
  /// what it would do; the world is not changed. Refused: an invalid shape or displacement.
  std::optional<Invalid> move(const Shape& shape, Vec2 displacement, Filter filter, const MoveOptions& options,
                              WorldMove& out) const;
  /// Moves many proxies in one step (a crowd): bodies[i] by displacements[i], each treating the
  /// others as obstacles where they are when it moves. The result is that of moving them one by
  /// one in the given order, whatever `run` does: movers whose move regions (`move_region`) meet
  /// go in index order; the rest run in parallel batches (the batch of a mover is one more than
  /// the latest batch of an earlier mover whose region meets its own). out[i] gets bodies[i]'s
  /// result (the vector is resized; its elements keep their capacity). Refused before anything
  /// moves: an invalid or repeated handle (named "bodies[i]"), a non-finite displacement, sizes
  /// that differ, bad options.
  std::optional<Invalid> move_crowd(std::span<const ProxyHandle> bodies, std::span<const Vec2> displacements,
                                    const MoveOptions& options, std::vector<WorldMove>& out,
                                    const TaskRunner& run = {});

  // ---- Snapshots (docs/world.md, "Snapshots") -------------------------------------------------

  /// The world's whole state as bytes, for rollback and replays: options, id, every proxy slot
  /// (generation, shape, user data, filter, changes not yet seen by update()), the free slots,
  /// the touching pairs, every layer slot (generation, geometry with its tile edits, filter,
  /// user data). Versioned (`kSnapshotVersion`), little-endian, checksummed;
  /// made by a float or a double library and read by the same kind only.
  std::vector<std::byte> snapshot() const;
  /// Replaces this world's whole state with a snapshot's, its id included (handles saved with
  /// the snapshot keep working). The restored world gives the same bits as the saved one would
  /// have: every query, update() and its events, move, crowd; only the order in which
  /// `for_each_overlap` and `raycast_all` visit (broad-phase order, unspecified) may differ, the
  /// broad phase being rebuilt from the proxies. Refused, the world unchanged, with what is
  /// wrong named ("snapshot" or "snapshot.<part>"): not a snapshot, another version or scalar
  /// type, truncated, checksum mismatch (corrupt), content that is inconsistent or invalid.
  std::optional<Invalid> restore(std::span<const std::byte> bytes);

  /// The broad phase (for statistics and invariant checks).
  const Broadphase& broadphase() const { return *bp_; }
  /// Rebuilds the broad phase from scratch (tree: binned SAH), e.g. after loading a level.
  void rebuild_broadphase() { bp_->rebuild(); }
  /// Checks the world's and the broad phase's invariants (a self-check for tests and fuzzing):
  /// nothing when sound, else the broken part ("slots[3]", "broadphase.nodes[12]") and what is wrong.
  std::optional<Invalid> validate() const;

  /// A proxy's shape in compact form: polygons live in a side pool (referenced by index), so
  /// every other shape stays small and the pool stays cache-friendly.
  struct PolygonRef {
    std::uint32_t index;
  };
  using StoredShape = std::variant<Point, Circle, Sector, Aabb, Box, Capsule, Segment, PolygonRef>;

 private:
  friend struct WorldRestore;  // restore's steps (src/world/world_snapshot.cpp)
  struct Slot {
    std::uint64_t user_data = 0;
    Filter filter;
    std::uint32_t generation = 1;
    bool alive = false;
    bool is_static = false;
    bool dirty = false;
  };
  struct PairState {
    std::uint32_t a, b;
    bool touching;
    bool fresh;
  };

  struct Layer;  // a layer's geometry, filter, generation and index (src/world/layer.hpp)
  template <class F>
  void for_each_layer(const QueryOptions& options, F&& f) const;
  bool excluded(std::uint32_t slot, std::span<const ProxyHandle> exclude) const;
  WorldHit proxy_hit(std::uint32_t slot) const;
  struct MoveScratch;
  static MoveScratch& move_scratch();
  void plan_move(const Shape& body, Vec2 displacement, const MoveFrame& frame, Filter filter, std::uint32_t self,
                 const MoveOptions& options, MoveScratch& scratch, WorldMove& out) const;
  void near_proxies(const Aabb& region, Filter filter, std::uint32_t self, bool listed,
                    std::vector<std::uint32_t>& ids) const;
  struct Near;
  bool clear_ahead(const MoveFrame& frame, const Circle* disc, Vec2 displacement, Filter filter, std::uint32_t self,
                   MoveScratch& scratch, const Near*& walls) const;
  bool path_clear(const MoveFrame& frame, const Circle* disc, Vec2 displacement, Filter filter,
                  std::span<const std::uint32_t> ids, const Near* walls) const;
  template <class B>  // (a Shape, or a Circle: the serial crowd's disc)
  void move_through(const B& body, Vec2 displacement, const MoveFrame& frame, Filter filter,
                    const Near* walls, const MoveOptions& options, MoveScratch& scratch, WorldMove& out) const;
  void gather_obstacles(const Aabb& region, Filter filter, const Near* walls, MoveScratch& scratch) const;
  void name_hits(const MoveScratch& scratch, WorldMove& out) const;
  bool place_moved(std::uint32_t slot, const Shape& shape);
  /// place_moved in two halves: `store_moved` writes only the slot's own shape and box (and
  /// reads the broad phase); `finish_moved` updates the broad phase and the dirty list. Only a
  /// disc stored as a disc.
  enum class Stored : std::uint8_t { kept, refit, other, refused };
  Stored store_moved(std::uint32_t slot, const Shape& shape, Vec2& delta);
  Stored store_disc(std::uint32_t slot, const Circle& disc, Vec2& delta);  ///< store_moved of a disc
  /// store_disc in two halves: `disc_stored` works out what it will do (`fat`: the slot's fat
  /// box in the broad phase), the disc's box and the box's move (it only reads), `write_disc`
  /// stores the disc.
  Stored disc_stored(std::uint32_t slot, const Circle& disc, const Aabb& fat, Aabb& box, Vec2& delta) const;
  void write_disc(std::uint32_t slot, const Circle& disc, const Aabb& box);
  void finish_moved(std::uint32_t slot, Stored stored, Vec2 delta);
  std::optional<Invalid> check_crowd(std::span<const ProxyHandle> bodies, std::span<const Vec2> displacements,
                                     const MoveOptions& options);
  void batch_crowd(std::size_t n);
  void frame_crowd(std::span<const ProxyHandle> bodies, std::span<const Vec2> displacements, const MoveOptions& options,
                   const TaskRunner& run);
  void list_crowd(std::size_t n);
  bool crowd_meets_earlier(std::size_t i) const;
  std::uint32_t crowd_grid(std::size_t n);
  void place_crowd_batch(std::span<const ProxyHandle> bodies, std::size_t b, std::size_t e,
                         const std::vector<WorldMove>& out);
  void move_crowd_serially(std::span<const ProxyHandle> bodies, std::span<const Vec2> displacements,
                           const MoveOptions& options, std::vector<WorldMove>& out);
  bool plan_crowd_move(std::uint32_t slot, Vec2 displacement, std::size_t i, const MoveOptions& options,
                       MoveScratch& scratch, WorldMove& out);
  void prefetch_movers(std::span<const ProxyHandle> bodies, const std::vector<WorldMove>& out,
                       const std::uint32_t* order, std::size_t k, std::size_t end) const;
  /// A crowd's disc moved in two halves (one by one, or planned in a batch and placed after it).
  void plan_disc(std::uint32_t slot, Circle disc, Vec2 displacement, const MoveFrame& frame, const MoveOptions& options,
                 MoveScratch& scratch, WorldMove& out) const;
  void place_disc(std::uint32_t slot, const WorldMove& out);
  /// Stores the shape and moves its proxy; `moved`: the mover put it there (its step teaches the
  /// near lists' reach, widen_near), not a set_shape (a teleport is no motion to plan for).
  void place(std::uint32_t slot, const Shape& shape, bool moved);
  /// `speed`: the slot's displacement's largest component now (a lower bound of it in its
  /// next moves makes its kept core: see kept_).
  void fat_box_changed(std::uint32_t slot, bool rebuild_own, Real speed = 0);
  void add_near(std::uint32_t slot, std::uint32_t other);
  void forget_near(std::uint32_t slot);
  /// The slot, whose filter becomes `filter`, out of the lists of the slots it does not touch.
  void refilter_near(std::uint32_t slot, Filter filter);
  /// The box that meets no box: a destroyed slot's tight box (the near lists read no alive
  /// flag), and where a union of boxes starts.
  static Aabb none_box();
  bool near_listed(std::uint32_t slot, const Aabb& region) const;
  std::optional<Invalid> validate_near() const;
  std::optional<Invalid> check_near_walls(const Near& walls, std::uint32_t slot) const;
  std::optional<Invalid> check_disc_layers(const Shape& shape, const QueryOptions& options) const;
  void ray_layers(const Ray& ray, const QueryOptions& options, std::vector<WorldRayHit>& out) const;
  void overlap_proxies(const Shape& shape, QueryFilter filter, std::span<const ProxyHandle> exclude,
                       FunctionRef<bool(std::uint32_t)> visit) const;
  void raycast_proxies(const Ray& ray, QueryFilter filter, std::span<const ProxyHandle> exclude,
                       FunctionRef<Real(const WorldRayHit&)> visit) const;
  std::optional<WorldCastHit> cast_proxies(const Shape& shape, Vec2 translation, QueryFilter filter,
                                           std::span<const ProxyHandle> exclude) const;
  void nearest_proxies(Vec2 p, Real radius, QueryFilter filter, std::span<const ProxyHandle> exclude,
                       std::vector<WorldNearest>& out) const;
  std::optional<Invalid> check_shape(const Shape& s) const;
  void store_shape(std::uint32_t slot, const Shape& s);
  void release_shape(std::uint32_t slot);
  Shape load_shape(std::uint32_t slot) const;
  ProxyHandle handle_of(std::uint32_t slot) const;
  void mark_dirty(std::uint32_t slot) {
    if (!slots_[slot].dirty) {
      slots_[slot].dirty = true;
      dirty_.push_back(slot);
    }
  }
  bool exact_overlap(std::uint32_t a, std::uint32_t b) const;
  /// move_by's general case: the slot's shape translated and validated (its box in `box`), or
  /// why not (nothing stored then).
  std::optional<Invalid> translate_stored(std::uint32_t slot, Vec2 delta, Aabb& box);
  template <class F>
  void visit_candidates(const Aabb& box, QueryFilter filter, std::span<const ProxyHandle> exclude, F&& f) const;

  std::uint32_t id_;
  WorldOptions options_;
  std::unique_ptr<Broadphase> bp_;
  std::vector<StoredShape> shapes_;
  std::vector<Aabb> tight_;
  std::vector<Slot> slots_;
  std::vector<Polygon> polygons_;
  std::vector<std::uint32_t> free_polygons_;
  std::vector<std::uint32_t> free_slots_;
  std::vector<std::uint32_t> pending_free_;  ///< destroyed since the last update
  std::vector<std::uint32_t> dirty_;
  std::size_t live_ = 0;
  std::vector<PairState> pairs_;
  std::unordered_map<std::uint64_t, std::uint32_t> pair_index_;
  std::vector<ProxyPair> new_pairs_;
  TouchEvents events_;
  std::vector<std::unique_ptr<Layer>> layers_;
  // Crowd scratch (kept between steps: no allocation per agent in steady state).
  std::vector<Aabb> crowd_regions_;
  std::vector<MoveFrame> crowd_frames_;
  std::vector<Shape> crowd_starts_;
  struct CrowdStored {  ///< per mover of a crowd batch: what storing it will do (disc_stored)
    Aabb box;
    Vec2 delta;
    Stored stored;
  };
  std::vector<CrowdStored> crowd_stored_;
  std::vector<std::uint32_t> crowd_batch_, crowd_order_, crowd_next_, crowd_first_, crowd_cells_;
  std::vector<std::uint32_t> crowd_cell_;  ///< per mover: its cell on the batching grid
  std::size_t crowd_width_ = 0;            ///< the batching grid's width (with its border)
  Aabb crowd_bounds_;                      ///< the box of every mover's region (frame_crowd)
  Real crowd_size_ = 0;                    ///< the largest side of a mover's region (frame_crowd)
  std::vector<std::uint32_t> crowd_seen_;  ///< per slot: the stamp of the crowd call that listed it
  std::uint32_t crowd_stamp_ = 0;
  // Per slot, made as its fat box changes (fat_box_changed; every slot has them): a box
  // (`core`) and a speed such that, when the tight box holds the box, the fat box holds the
  // tight box and the move's displacement's largest component is at least the speed, the broad
  // phase keeps the fat box; the store decision (disc_stored) then needs no refatten. Beside
  // them the fat box they were made for (the broad phase's, read in one place with them: a
  // crowd's mover finds its records in one line instead of the broad phase's node). A slot made
  // otherwise (restore) has a core that no box holds and an empty fat box (none_box: the broad
  // phase's is read then).
  struct Kept {
    Aabb core;
    Aabb fat;
    Real speed = 0;
  };
  std::vector<Kept> kept_;
  void resize_kept_cores();
  /// The slot's fat box in the broad phase (its kept copy when there is one).
  Aabb kept_fat_box(std::uint32_t slot) const;
  std::size_t near_valid_count_ = 0;
  Real near_reach_ = 0;
  void widen_near(const Aabb& body, Vec2 delta);
  // The movers' candidates without a broad-phase query (src/world/world_near.cpp), one record
  // per slot (what a mover reads of its own lists, in one place): for a slot whose list is
  // valid, `proxies` holds (at least) every proxy whose fat box meets `box`, the slot's own fat
  // box when the list was made grown by near_reach_ then, and whose filter touches the slot's;
  // and nothing else but proxies destroyed since they were listed (their tight box: none_box).
  // Every fat-box change queries its box grown by near_reach_, which only grows, so a list is
  // told of every fat box that comes to meet its box. An invalid list's box is none_box.
  // With the list, the tile layers' edges near its box (`TileMap::edges_near(box)`) and the
  // room layers' lines (`RoomMap::lines_near(box)`): its moves inside the box gather from the
  // edges and test their clear boxes against both. Those are valid while `epoch` is the
  // world's `layer_epoch_` (any change of a layer moves it on).
  struct Near {
    Aabb box = none_box();
    std::uint64_t epoch = 0;
    /// First, for L layers, L + 1 places in `ids` itself: layer li's run is [ids[li],
    /// ids[li + 1]); then the runs, per layer its edges (none for a layer that is not a tile
    /// map). (One block: a mover reads its places and its edges together.)
    std::vector<int> ids;
    std::vector<std::uint32_t> proxies;
    std::vector<RoomMap::NearLine> lines;  ///< per layer, its run (empty for a layer that is not a room map)
    std::vector<std::size_t> line_ends;    ///< line_ends[layer]: where that layer's run ends in `lines`
    bool valid() const { return box.min.x <= box.max.x; }
    /// Layer li's run of kept edges.
    std::span<const int> layer(std::uint32_t li) const {
      return std::span<const int>(ids).subspan(std::size_t(ids[li]), std::size_t(ids[li + 1] - ids[li]));
    }
    /// Layer li's run of kept room lines.
    std::span<const RoomMap::NearLine> rooms(std::uint32_t li) const {
      const std::size_t begin = li == 0 ? 0 : line_ends[li - 1];
      return std::span<const RoomMap::NearLine>(lines).subspan(begin, line_ends[li] - begin);
    }
  };
  std::vector<Near> near_;
  std::uint64_t layer_epoch_ = 1;
  void keep_near_walls(std::uint32_t slot);
  const Near* near_walls(std::uint32_t slot) const;
};

}  // namespace collide2d
