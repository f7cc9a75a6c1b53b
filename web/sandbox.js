// collide2d - 2D collision detection for games. MIT License.
// The sandbox: the seed games as interactive scenes on a canvas. Every picture is drawn by the
// library through its DebugDraw interface (a JS subclass of Module.DebugDraw paints on the
// canvas); scenes keep the demo's invariants as counters (window.sandbox.stats()), which the
// browser test (web/test/browser_test.js) checks.
"use strict";

(async function main() {
  const M = await createCollide2d();
  const canvas = document.getElementById("view");
  const ctx = canvas.getContext("2d");
  const errorBox = document.getElementById("error");
  const statsBox = document.getElementById("stats");

  // ---------------------------------------------------------------- drawing through DebugDraw
  // The view maps world to canvas pixels: uniform scale, y up unless yDown (Tiled maps).
  let view = { ox: 0, oy: 0, s: 1, yDown: false };
  let target = ctx;  // where the callbacks paint (the canvas, or an offscreen layer)
  const cssCache = new Map();
  function css(c) {
    let s = cssCache.get(c);
    if (s === undefined) {
      const u = c >>> 0;
      s = `rgba(${u >>> 24},${(u >>> 16) & 255},${(u >>> 8) & 255},${((u & 255) / 255).toFixed(3)})`;
      cssCache.set(c, s);
    }
    return s;
  }
  const none = (c) => ((c >>> 0) & 255) === 0;
  const X = (x) => view.ox + x * view.s;
  const Y = (y) => (view.yDown ? view.oy + y * view.s : view.oy - y * view.s);
  let lineWidth = 1.5;
  function paint(stroke, fill) {
    if (!none(fill)) { target.fillStyle = css(fill); target.fill("evenodd"); }
    if (!none(stroke)) { target.strokeStyle = css(stroke); target.lineWidth = lineWidth; target.stroke(); }
  }
  const CanvasDraw = M.DebugDraw.extend("DebugDraw", {
    segment(ax, ay, bx, by, c) {
      if (none(c)) return;
      target.beginPath(); target.moveTo(X(ax), Y(ay)); target.lineTo(X(bx), Y(by));
      target.strokeStyle = css(c); target.lineWidth = lineWidth; target.stroke();
    },
    circle(x, y, r, stroke, fill) {
      target.beginPath(); target.arc(X(x), Y(y), Math.max(r * view.s, 0), 0, 2 * Math.PI); paint(stroke, fill);
    },
    arc(x, y, r, start, sweep, c) {
      target.beginPath();
      if (view.yDown) target.arc(X(x), Y(y), r * view.s, start, start + sweep, false);
      else target.arc(X(x), Y(y), r * view.s, -start, -(start + sweep), true);
      target.strokeStyle = css(c); target.lineWidth = lineWidth; target.stroke();
    },
    polygon(xy, stroke, fill) {
      target.beginPath();
      for (let k = 0; k < xy.length; k += 2) (k ? target.lineTo : target.moveTo).call(target, X(xy[k]), Y(xy[k + 1]));
      target.closePath(); paint(stroke, fill);
    },
    point(x, y, px, c) {
      target.beginPath(); target.arc(X(x), Y(y), px, 0, 2 * Math.PI); target.fillStyle = css(c); target.fill();
    },
  });
  const dd = new CanvasDraw();
  const rgba = (hex, a = 255) => ((hex << 8) | a) >>> 0;  // 0xRRGGBB -> 0xRRGGBBAA
  const NONE = 0;

  /// Fits the world rectangle into the canvas (with a margin).
  function fit(x0, y0, x1, y1, yDown = false) {
    const m = 16, s = Math.min((canvas.width - 2 * m) / (x1 - x0), (canvas.height - 2 * m) / (y1 - y0));
    const cx = (x0 + x1) / 2, cy = (y0 + y1) / 2;
    return { s, yDown, ox: canvas.width / 2 - cx * s, oy: yDown ? canvas.height / 2 - cy * s : canvas.height / 2 + cy * s };
  }
  /// Canvas pixels to world coordinates under the current view.
  function toWorld(px, py) {
    return { x: (px - view.ox) / view.s, y: view.yDown ? (py - view.oy) / view.s : (view.oy - py) / view.s };
  }
  /// The library draws `fn`'s things once into an offscreen canvas (static layers).
  function bake(fn) {
    const layer = document.createElement("canvas");
    layer.width = canvas.width; layer.height = canvas.height;
    const saved = target;
    target = layer.getContext("2d");
    fn();
    target = saved;
    return layer;
  }
  const withFlags = (flags, fn) => { const old = dd.flags; dd.flags = flags; fn(); dd.flags = old; };

  // A small seeded generator, so every run of a scene is the same.
  function rng(seed) {
    let s = seed >>> 0;
    return () => { s = (s + 0x6d2b79f5) >>> 0; let t = s; t = Math.imul(t ^ (t >>> 15), t | 1); t ^= t + Math.imul(t ^ (t >>> 7), t | 61); return ((t ^ (t >>> 14)) >>> 0) / 4294967296; };
  }
  function fail(msg) { errorBox.textContent = msg; }
  async function fetchJson(url) {
    try { const r = await fetch(url); return r.ok ? await r.json() : null; } catch (e) { return null; }
  }
  const tilesData = await fetchJson("data/tiles.json");
  const doomData = await fetchJson("data/e1m1.json");

  // ---------------------------------------------------------------- geometry for brute force
  // Independent of the library: the distance from a point to a circle sector.
  function segDist(px, py, ax, ay, bx, by) {
    const dx = bx - ax, dy = by - ay, l2 = dx * dx + dy * dy;
    const t = l2 > 0 ? Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / l2)) : 0;
    return Math.hypot(px - ax - t * dx, py - ay - t * dy);
  }
  function sectorDistance(s, px, py) {
    const dx = px - s.x, dy = py - s.y, L = Math.hypot(dx, dy);
    if (s.half >= Math.PI) return Math.max(0, L - s.r);
    let a = Math.atan2(dy, dx) - s.facing;
    a = Math.atan2(Math.sin(a), Math.cos(a));
    const within = Math.abs(a) <= s.half;
    if (within && L <= s.r) return 0;
    const e1x = s.x + s.r * Math.cos(s.facing - s.half), e1y = s.y + s.r * Math.sin(s.facing - s.half);
    const e2x = s.x + s.r * Math.cos(s.facing + s.half), e2y = s.y + s.r * Math.sin(s.facing + s.half);
    let d = Math.min(segDist(px, py, s.x, s.y, e1x, e1y), segDist(px, py, s.x, s.y, e2x, e2y));
    if (within) d = Math.min(d, L - s.r);
    return d;
  }

  // ---------------------------------------------------------------- scenes
  const scenes = {};
  let current = null;
  let drag = null;

  scenes.swing = {
    help: "Swing: the mouse aims the cone; the slider sets its half-angle (0..180 degrees). Monsters the swing hits light up (the world's query), checked against a brute-force count.",
    init() {
      const r = rng(1);
      this.world = new M.World();
      this.monsters = [];
      for (let i = 0; i < 160; i++) {
        const m = { x: (r() - 0.5) * 56, y: (r() - 0.5) * 38, r: 0.5 + r() * 0.7, vx: 0, vy: 0, rnd: r };
        this.monsters.push(m);
        this.world.add({ type: "circle", x: m.x, y: m.y, r: m.r }, false);
      }
      this.aim = 0.6; this.half = 60; this.frames = 0;
      this.stats = { monsters: 160, hits: 0, brute: 0, mismatches: 0, ambiguous: 0, frames: 0 };
      view = fit(-30, -21, 30, 21);
      const c = document.getElementById("controls");
      c.innerHTML = `<div class="ctl">half-angle <input id="half" type="range" min="0" max="180" value="${this.half}"> <span id="halfv">${this.half}</span>&deg;</div>`;
      document.getElementById("half").oninput = (e) => { this.half = +e.target.value; document.getElementById("halfv").textContent = this.half; };
    },
    cone() { return { type: "sector", x: 0, y: 0, r: 12, facing: this.aim, half: this.half * Math.PI / 180 }; },
    step() {
      this.monsters.forEach((m, i) => {
        m.vx = 0.9 * m.vx + (m.rnd() - 0.5) * 0.08; m.vy = 0.9 * m.vy + (m.rnd() - 0.5) * 0.08;
        m.x = Math.max(-28, Math.min(28, m.x + m.vx)); m.y = Math.max(-19, Math.min(19, m.y + m.vy));
        this.world.set(i, { type: "circle", x: m.x, y: m.y, r: m.r });
      });
      const cone = this.cone();
      this.hit = new Set(this.world.query(cone));
      let brute = 0, ambiguous = 0;
      this.monsters.forEach((m, i) => {
        const d = sectorDistance(cone, m.x, m.y) - m.r;
        if (Math.abs(d) < 1e-4) { ambiguous++; return; }  // touching within float rounding: either answer
        const inside = d < 0;
        brute += inside;
        if (inside !== this.hit.has(i)) this.stats.mismatches++;
      });
      Object.assign(this.stats, { hits: this.hit.size, brute, ambiguous: this.stats.ambiguous + ambiguous, frames: this.stats.frames + 1 });
    },
    draw() {
      this.world.draw(dd);
      for (const i of this.hit || []) { const m = this.monsters[i]; M.drawShape(dd, { type: "circle", x: m.x, y: m.y, r: m.r }, rgba(0xd62728), rgba(0xd62728, 200)); }
      M.drawShape(dd, this.cone(), rgba(0xff7f0e), rgba(0xff7f0e, 50));
      M.drawShape(dd, { type: "circle", x: 0, y: 0, r: 0.8 }, rgba(0x000000), rgba(0x2ca02c));
    },
    move(p) { this.aim = Math.atan2(p.y, p.x); },
    leave() { this.world.delete(); },
  };

  scenes.bounce = {
    help: "Bounce (Arkanong): move the mouse to steer the paddle; three balls bounce off the walls, the hexagon barriers and the paddle with the library's move (exact sweeps, corners handled together).",
    init() {
      const W = 120, H = 80;
      this.W = W; this.H = H;
      this.walls = [[0, 0, W, 0], [W, 0, W, H], [W, H, 0, H], [0, H, 0, 0]].map(([ax, ay, bx, by]) => ({ type: "segment", ax, ay, bx, by }));
      this.hexes = [];
      for (let i = 0; i < 4; i++) for (let j = 0; j < 3; j++) {
        const cx = 20 + 27 * i + (j % 2) * 12, cy = 22 + 22 * j, ph = 0.2 * (i + j), pts = [];
        for (let k = 0; k < 6; k++) pts.push(cx + 6 * Math.cos(ph + Math.PI * k / 3), cy + 6 * Math.sin(ph + Math.PI * k / 3));
        this.hexes.push({ type: "polygon", points: pts, radius: 0 });
      }
      this.paddle = { type: "box", x: 60, y: 5, hx: 9, hy: 1.2, angle: 0 };
      this.balls = [[8, 40, 1.13, 0.59], [100, 10, -0.9, 0.83], [60, 70, 0.5, -1.1]].map(([x, y, vx, vy]) => ({ x, y, vx, vy, r: 1 }));
      this.aimX = 60;
      this.stats = { balls: 3, escapes: 0, overlaps: 0, bounces: 0, doubleBounces: 0, frames: 0 };
      view = fit(-2, -2, W + 2, H + 2);
      document.getElementById("controls").innerHTML = "";
    },
    obstacles() { return this.walls.concat(this.hexes, [this.paddle]); },
    step() {
      // The paddle follows the mouse but never pushes into a ball: it moves with move() too.
      const balls = this.balls.map((b) => ({ type: "circle", x: b.x, y: b.y, r: b.r }));
      const want = Math.max(10, Math.min(this.W - 10, this.aimX)) - this.paddle.x;
      const pm = M.move(this.paddle, Math.max(-2, Math.min(2, want)), 0, balls, false);
      if (!pm.error) this.paddle.x += pm.tx;
      const obs = this.obstacles();
      for (const b of this.balls) {
        const r = M.move({ type: "circle", x: b.x, y: b.y, r: b.r }, b.vx, b.vy, obs, true);
        if (r.error) { fail(r.error); continue; }
        b.x += r.tx; b.y += r.ty; b.vx = r.dx; b.vy = r.dy;
        this.stats.bounces += r.contacts.length;
        // A double bounce: one impact answered twice (two contacts at the same point, as a
        // vertex shared by two faces gives), or a ball sent on into what it last hit (contact
        // normals point from the ball to the obstacle).
        const cs = r.contacts, last = cs[cs.length - 1];
        const speed = Math.hypot(b.vx, b.vy);
        let twice = last !== undefined && b.vx * last.normal.x + b.vy * last.normal.y > 1e-6 * speed;
        for (let i = 0; i < cs.length; i++)
          for (let j = i + 1; j < cs.length; j++)
            if (Math.hypot(cs[i].point.x - cs[j].point.x, cs[i].point.y - cs[j].point.y) < 1e-4) twice = true;
        if (twice) this.stats.doubleBounces++;
        if (b.x < 0 || b.x > this.W || b.y < 0 || b.y > this.H) this.stats.escapes++;
        for (const o of obs) if (M.overlaps({ type: "circle", x: b.x, y: b.y, r: b.r }, o) === true) this.stats.overlaps++;
      }
      this.stats.frames++;
    },
    draw() {
      lineWidth = 3; for (const w of this.walls) M.drawShape(dd, w, rgba(0x333333), NONE);
      lineWidth = 1.5;
      for (const h of this.hexes) M.drawShape(dd, h, rgba(0x1f77b4), rgba(0x1f77b4, 50));
      M.drawShape(dd, this.paddle, rgba(0x2ca02c), rgba(0x2ca02c, 120));
      for (const b of this.balls) M.drawShape(dd, { type: "circle", x: b.x, y: b.y, r: b.r }, rgba(0xff7f0e), rgba(0xff7f0e, 160));
    },
    move(p) { this.aimX = p.x; },
    leave() {},
  };

  scenes.tiles = {
    help: "Tiles: a map of The Mana World (Tiled), its merged boundary in red. Click to walk the player (green); monsters wander with TileMap::move_circle. Drop a Tiled map (.tmx or .tmj) below to load your own.",
    init(grid) {
      this.map && this.map.delete();
      this.map = new M.TileMap();
      const g = grid || (tilesData && { width: tilesData.width, height: tilesData.height, tw: tilesData.tilewidth, th: tilesData.tileheight, cells: tilesData.cells, name: tilesData.name });
      const c = document.getElementById("controls");
      c.innerHTML = `<div id="drop" class="ctl">drop a Tiled map here, or <input id="file" type="file" accept=".tmx,.tmj,.json"></div><div id="mapname"></div>`;
      document.getElementById("file").onchange = (e) => e.target.files[0] && loadDropped(e.target.files[0]);
      if (!g) { fail("no map: the page was built without ../shared/data (drop a Tiled map)"); this.stats = { agents: 0, inWalls: 0, frames: 0 }; this.agents = []; return; }
      const why = this.map.build(g.width, g.height, g.cells, g.tw, g.th);
      if (why) { fail(`${g.name}: ${why}`); }
      document.getElementById("mapname").textContent = `${g.name}: ${g.width}x${g.height} tiles, ${this.map.chains()} chains, ${this.map.edges()} edges`;
      const W = g.width * g.tw, H = g.height * g.th, r = rng(3), tile = Math.min(g.tw, g.th);
      this.tile = tile;
      view = fit(0, 0, W, H, true);
      this.layer = bake(() => { lineWidth = 1; this.map.draw(dd); lineWidth = 1.5; });
      this.agents = [];
      for (let i = 0; i < 200 && this.agents.length < 40; i++) {
        const p = this.map.nearestFree(r() * W, r() * H, tile * 0.35);
        if (p) this.agents.push({ x: p.x, y: p.y, r: tile * 0.35, vx: 0, vy: 0, rnd: r });
      }
      this.player = this.agents[0];
      if (this.player) this.player.target = null;
      this.stats = { agents: this.agents.length, inWalls: 0, frames: 0, clicks: 0 };
    },
    step() {
      for (const a of this.agents) {
        let dx, dy;
        if (a === this.player) {
          if (!a.target) continue;
          dx = a.target.x - a.x; dy = a.target.y - a.y;
          const d = Math.hypot(dx, dy), v = this.tile * 0.15;
          if (d < 1e-3) { a.target = null; continue; }
          if (d > v) { dx *= v / d; dy *= v / d; }
        } else {
          a.vx = 0.9 * a.vx + (a.rnd() - 0.5) * this.tile * 0.05; a.vy = 0.9 * a.vy + (a.rnd() - 0.5) * this.tile * 0.05;
          dx = a.vx; dy = a.vy;
        }
        const m = this.map.moveCircle(a.x, a.y, a.r, dx, dy);
        a.x = m.x; a.y = m.y;
        if (!this.map.isFree(a.x, a.y, a.r)) this.stats.inWalls++;
      }
      this.stats.frames++;
    },
    draw() {
      if (this.layer) ctx.drawImage(this.layer, 0, 0);
      for (const a of this.agents) M.drawShape(dd, { type: "circle", x: a.x, y: a.y, r: a.r }, rgba(0x000000), a === this.player ? rgba(0x2ca02c) : rgba(0x2a6f97, 180));
      if (this.player && this.player.target) M.drawShape(dd, { type: "point", x: this.player.target.x, y: this.player.target.y }, rgba(0xd62728), NONE);
    },
    click(p) {
      if (!this.player) return;
      this.stats.clicks++;
      this.player.target = this.map.nearestFree(p.x, p.y, this.player.r) || null;
    },
    leave() { this.map && this.map.delete(); this.map = null; },
  };

  scenes.island = {
    help: "Island: overlapping discs, the coast as exact arcs (blue). Click to send the player (green); a click in the sea snaps to the nearest land point. Everyone walks with DiscUnion::move_character.",
    init() {
      const r = rng(5), discs = [];
      let x = 0, y = 0;
      for (let i = 0; i < 120; i++) {
        discs.push(x, y, 4 + r() * 6);
        x += (r() - 0.5) * 14; y += (r() - 0.5) * 14;
        if (Math.hypot(x, y) > 45) { x *= 0.5; y *= 0.5; }
      }
      this.land = new M.Island();
      const why = this.land.build(discs);
      if (why) fail(why);
      view = fit(-60, -55, 60, 55);
      this.layer = bake(() => { lineWidth = 2; this.land.draw(dd); lineWidth = 1.5; });
      this.walkers = [];
      for (let i = 0; i < 30; i++) {
        const p = this.land.nearestLand((r() - 0.5) * 80, (r() - 0.5) * 80, 0.8);
        if (p) this.walkers.push({ x: p.x, y: p.y, r: 0.8, target: null, rnd: r });
      }
      this.player = this.walkers[0];
      this.stats = { walkers: this.walkers.length, inSea: 0, frames: 0, clicks: 0, snapped: 0, arcs: this.land.arcs() };
    },
    step() {
      for (const w of this.walkers) {
        if (!w.target || Math.hypot(w.target.x - w.x, w.target.y - w.y) < 0.05) {
          if (w === this.player) { w.target = null; }
          else w.target = this.land.nearestLand((w.rnd() - 0.5) * 100, (w.rnd() - 0.5) * 100, w.r);
          if (!w.target) continue;
        }
        let dx = w.target.x - w.x, dy = w.target.y - w.y;
        const d = Math.hypot(dx, dy), v = 0.3;
        if (d > v) { dx *= v / d; dy *= v / d; }
        const m = this.land.move(w.x, w.y, w.r, dx, dy);
        w.x = m.x; w.y = m.y;
        if (this.land.signedDistance(w.x, w.y) + w.r > this.land.tolerance() + 1e-4) this.stats.inSea++;
      }
      this.stats.frames++;
    },
    draw() {
      ctx.fillStyle = "#cfe3f5"; ctx.fillRect(0, 0, canvas.width, canvas.height);
      ctx.drawImage(this.layer, 0, 0);
      for (const w of this.walkers) M.drawShape(dd, { type: "circle", x: w.x, y: w.y, r: w.r }, rgba(0x000000), w === this.player ? rgba(0x2ca02c) : rgba(0x9467bd));
      if (this.player && this.player.target) M.drawShape(dd, { type: "point", x: this.player.target.x, y: this.player.target.y }, rgba(0xd62728), NONE);
    },
    click(p) {
      this.stats.clicks++;
      if (!this.land.contains(p.x, p.y)) this.stats.snapped++;
      this.player.target = this.land.nearestLand(p.x, p.y, this.player.r);
    },
    leave() { this.land.delete(); },
  };

  scenes.doom = {
    help: "Doom: Freedoom's E1M1 (rooms shaded by floor height, blocking walls bold). Click to walk the player (green) with RoomMap::move_circle; it keeps its radius from every wall.",
    init() {
      this.map = new M.RoomMap();
      this.players = [];
      this.stats = { players: 0, escapes: 0, tooClose: 0, frames: 0, clicks: 0 };
      document.getElementById("controls").innerHTML = "";
      if (!doomData) { fail("no Doom map: Freedoom was not installed when the page was built"); return; }
      const why = this.map.build(doomData.vertices, doomData.lines, doomData.sectors);
      if (why) { fail(why); return; }
      const b = this.map.bounds();
      view = fit(b.min.x, b.min.y, b.max.x, b.max.y);
      const lo = Math.min(...doomData.floors), hi = Math.max(lo + 1, ...doomData.floors);
      const shade = doomData.floors.map((f) => (f - lo) / (hi - lo));
      this.layer = bake(() => {
        withFlags(M.DRAW_ROOMS | M.DRAW_ROOM_LINES, () => { lineWidth = 0.6; this.map.draw(dd, shade); });
        withFlags(M.DRAW_WALLS, () => { lineWidth = 2; this.map.draw(dd, shade); });
        lineWidth = 1.5;
      });
      const r = rng(9), [sx, sy] = doomData.start || [0, 0];
      this.players.push({ x: sx, y: sy, r: 16, target: null });
      while (this.players.length < 12) {
        const x = b.min.x + r() * (b.max.x - b.min.x), y = b.min.y + r() * (b.max.y - b.min.y);
        if (this.map.roomAt(x, y) >= 0 && this.map.fits(x, y, 16)) this.players.push({ x, y, r: 16, target: null, rnd: r, vx: 0, vy: 0 });
      }
      this.player = this.players[0];
      this.stats.players = this.players.length;
    },
    step() {
      for (const p of this.players) {
        let dx, dy;
        if (p === this.player) {
          if (!p.target) continue;
          dx = p.target.x - p.x; dy = p.target.y - p.y;
          const d = Math.hypot(dx, dy);
          if (d < 1) { p.target = null; continue; }
          if (d > 12) { dx *= 12 / d; dy *= 12 / d; }
        } else {
          p.vx = 0.92 * p.vx + (p.rnd() - 0.5) * 3; p.vy = 0.92 * p.vy + (p.rnd() - 0.5) * 3;
          dx = p.vx; dy = p.vy;
        }
        const m = this.map.moveCircle(p.x, p.y, p.r, dx, dy);
        p.x = m.x; p.y = m.y;
        if (this.map.roomAt(p.x, p.y) < 0) this.stats.escapes++;
        if (this.map.wallDistance(p.x, p.y) < p.r - 0.01) this.stats.tooClose++;  // float: 0.01 units
      }
      this.stats.frames++;
    },
    draw() {
      if (this.layer) ctx.drawImage(this.layer, 0, 0);
      for (const p of this.players) M.drawShape(dd, { type: "circle", x: p.x, y: p.y, r: p.r }, rgba(0x000000), p === this.player ? rgba(0x2ca02c) : rgba(0xd62728, 200));
      if (this.player && this.player.target) M.drawShape(dd, { type: "point", x: this.player.target.x, y: this.player.target.y }, rgba(0xd62728), NONE);
    },
    click(p) { this.stats.clicks++; if (this.player) this.player.target = p; },
    leave() { this.map.delete(); },
  };

  const KINDS = ["circle", "box", "capsule", "polygon", "sector", "segment", "point", "aabb"];
  function makeShape(kind, x, y, a) {
    const c = Math.cos(a), s = Math.sin(a);
    switch (kind) {
      case "circle": return { type: "circle", x, y, r: 1.6 };
      case "box": return { type: "box", x, y, hx: 2, hy: 1, angle: a };
      case "capsule": return { type: "capsule", ax: x - 1.8 * c, ay: y - 1.8 * s, bx: x + 1.8 * c, by: y + 1.8 * s, r: 0.8 };
      case "segment": return { type: "segment", ax: x - 2.2 * c, ay: y - 2.2 * s, bx: x + 2.2 * c, by: y + 2.2 * s };
      case "point": return { type: "point", x, y };
      case "aabb": return { type: "aabb", x0: x - 1.5, y0: y - 1, x1: x + 1.5, y1: y + 1 };
      case "sector": return { type: "sector", x, y, r: 3, facing: a, half: 2.2 };
      default: {
        const pts = [];
        for (let k = 0; k < 5; k++) pts.push(x + 2 * Math.cos(a + 2 * Math.PI * k / 5), y + 2 * Math.sin(a + 2 * Math.PI * k / 5));
        return { type: "polygon", points: pts, radius: 0.3 };
      }
    }
  }
  scenes.pairs = {
    help: "Pairs: drag a shape (its center) to move it; drag with Shift, or use the wheel over it, to turn it. Shown: overlap, distance with closest points (dashed), contact normal and depth, a ray from the left, and a sweep of A towards B (the ghost at the time of impact).",
    init() {
      this.a = { kind: "sector", x: -4, y: 0, angle: 0.3 };
      this.b = { kind: "box", x: 4, y: 1, angle: 0.4 };
      this.stats = { checks: 0, inconsistent: 0, frames: 0, drags: 0, overlap: false, distance: 0 };
      view = fit(-12, -8, 12, 8);
      const opts = KINDS.map((k) => `<option>${k}</option>`).join("");
      document.getElementById("controls").innerHTML =
        `<div class="ctl">A <select id="ka">${opts}</select> B <select id="kb">${opts}</select></div>`;
      const ka = document.getElementById("ka"), kb = document.getElementById("kb");
      ka.value = this.a.kind; kb.value = this.b.kind;
      ka.onchange = () => { this.a.kind = ka.value; }; kb.onchange = () => { this.b.kind = kb.value; };
    },
    shapes() { return [makeShape(this.a.kind, this.a.x, this.a.y, this.a.angle), makeShape(this.b.kind, this.b.x, this.b.y, this.b.angle)]; },
    step() {
      // Consistency of the library's answers with each other: overlap iff distance 0 iff contact.
      const [A, B] = this.shapes();
      const ov = M.overlaps(A, B), d = M.distance(A, B), c = M.contact(A, B);
      this.stats.checks++;
      const gap = Math.hypot(d.b.x - d.a.x, d.b.y - d.a.y);
      if (ov !== (d.distance === 0) || (!ov && Math.abs(gap - d.distance) > 1e-3 * (1 + d.distance)) || c.touching !== ov) this.stats.inconsistent++;
      Object.assign(this.stats, { overlap: ov, distance: +d.distance.toFixed(4), depth: c.touching ? +c.depth.toFixed(4) : 0, frames: this.stats.frames + 1 });
    },
    draw() {
      const [A, B] = this.shapes();
      M.drawShape(dd, A, rgba(0x1f77b4), rgba(0x1f77b4, 50));
      M.drawShape(dd, B, rgba(0xff7f0e), rgba(0xff7f0e, 50));
      const d = M.distance(A, B);
      if (d.distance > 0) {
        ctx.setLineDash([5, 4]); dd.segment(d.a.x, d.a.y, d.b.x, d.b.y, rgba(0x222222)); ctx.setLineDash([]);
        dd.point(d.a.x, d.a.y, 3, rgba(0x222222)); dd.point(d.b.x, d.b.y, 3, rgba(0x222222));
      }
      M.drawContact(dd, A, B, 1.2);
      // A ray from the left edge towards B's center.
      const ox = -11, oy = -6, dx = this.b.x - ox, dy = this.b.y - oy, len = Math.hypot(dx, dy) + 4;
      const h = M.raycast(B, ox, oy, dx, dy, len);
      const end = h.hit ? h.point : { x: ox + dx / Math.hypot(dx, dy) * len, y: oy + dy / Math.hypot(dx, dy) * len };
      dd.segment(ox, oy, end.x, end.y, rgba(0x9467bd));
      dd.point(ox, oy, 3, rgba(0x9467bd));
      if (h.hit && !h.inside) dd.segment(h.point.x, h.point.y, h.point.x + h.normal.x, h.point.y + h.normal.y, rgba(0x9467bd));
      // A sweep of A towards B (twice the distance between their centers).
      const vx = 2 * (this.b.x - this.a.x), vy = 2 * (this.b.y - this.a.y);
      const sw = M.sweep(A, vx, vy, B, 0, 0);
      if (sw.hit && !sw.initially) {
        const ghost = makeShape(this.a.kind, this.a.x + vx * sw.time, this.a.y + vy * sw.time, this.a.angle);
        ctx.setLineDash([4, 4]); M.drawShape(dd, ghost, rgba(0x1f77b4, 140), NONE); ctx.setLineDash([]);
        dd.point(sw.point.x, sw.point.y, 3.5, rgba(0x2ca02c));
      }
    },
    pick(p) {
      const da = Math.hypot(p.x - this.a.x, p.y - this.a.y), db = Math.hypot(p.x - this.b.x, p.y - this.b.y);
      return Math.min(da, db) > 4 ? null : da <= db ? this.a : this.b;
    },
    press(p, shift) { const s = this.pick(p); if (s) { this.stats.drags++; return { s, shift, x: p.x, y: p.y }; } return null; },
    dragTo(g, p) {
      if (g.shift) g.s.angle += Math.atan2(p.y - g.s.y, p.x - g.s.x) - Math.atan2(g.y - g.s.y, g.x - g.s.x);
      else { g.s.x += p.x - g.x; g.s.y += p.y - g.y; }
      g.x = p.x; g.y = p.y;
    },
    wheel(p, dy) { const s = this.pick(p); if (s) s.angle += dy > 0 ? 0.1 : -0.1; },
    leave() {},
  };

  // ---------------------------------------------------------------- dropped Tiled maps
  // A small loader for the page (the library's loader, collide2d_io, is not built for the web):
  // the "Collision" layer of a TMX or TMJ map; blocked = not a tileset's first tile.
  async function inflate(bytes, format) {
    const ds = new DecompressionStream(format);
    const out = new Response(new Blob([bytes]).stream().pipeThrough(ds));
    return new Uint8Array(await out.arrayBuffer());
  }
  async function decodeData(data, encoding, compression, what) {
    if (Array.isArray(data)) return data;
    if (encoding === "csv") return String(data).split(",").filter((s) => s.trim()).map(Number);
    if (encoding !== "base64") throw new Error(`${what}: unsupported encoding '${encoding}'`);
    let bytes = Uint8Array.from(atob(String(data).trim()), (c) => c.charCodeAt(0));
    if (compression === "zlib") bytes = await inflate(bytes, "deflate");
    else if (compression === "gzip") bytes = await inflate(bytes, "gzip");
    else if (compression) throw new Error(`${what}: unsupported compression '${compression}'`);
    const v = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength), gids = [];
    for (let k = 0; k + 3 < bytes.length; k += 4) gids.push(v.getUint32(k, true));
    return gids;
  }
  async function parseTiled(name, text) {
    let w, h, tw, th, firsts, layer;
    if (text.trimStart().startsWith("{")) {
      let j;
      try { j = JSON.parse(text); } catch (e) { throw new Error(`${name}: not valid JSON (${e.message})`); }
      ({ width: w, height: h, tilewidth: tw, tileheight: th } = j);
      firsts = new Set((j.tilesets || []).map((t) => t.firstgid));
      layer = (j.layers || []).find((l) => l.type === "tilelayer" && String(l.name).toLowerCase() === "collision");
      if (!layer) throw new Error(`${name}: map: no tile layer named 'Collision' (the collision layer)`);
      layer = { data: await decodeData(layer.data, layer.encoding || "csv", layer.compression, `${name}: layers.Collision.data`) };
    } else {
      const doc = new DOMParser().parseFromString(text, "application/xml");
      if (doc.querySelector("parsererror")) throw new Error(`${name}: not valid XML`);
      const m = doc.querySelector("map");
      if (!m) throw new Error(`${name}: map: no <map> element`);
      [w, h, tw, th] = ["width", "height", "tilewidth", "tileheight"].map((k) => Number(m.getAttribute(k)));
      firsts = new Set([...doc.querySelectorAll("tileset")].map((t) => Number(t.getAttribute("firstgid"))));
      const l = [...doc.querySelectorAll("layer")].find((e) => (e.getAttribute("name") || "").toLowerCase() === "collision");
      if (!l) throw new Error(`${name}: map: no tile layer named 'Collision' (the collision layer)`);
      const d = l.querySelector("data");
      layer = { data: d.getAttribute("encoding") ? await decodeData(d.textContent, d.getAttribute("encoding"), d.getAttribute("compression"), `${name}: layer Collision`) : [...d.querySelectorAll("tile")].map((t) => Number(t.getAttribute("gid") || 0)) };
    }
    for (const [k, v] of Object.entries({ width: w, height: h, tilewidth: tw, tileheight: th }))
      if (!(Number.isInteger(v) && v > 0)) throw new Error(`${name}: ${k}: must be a positive integer, got ${v}`);
    if (layer.data.length !== w * h) throw new Error(`${name}: Collision layer: ${layer.data.length} tiles, expected ${w}x${h}`);
    const cells = layer.data.map((g) => { const id = (g & 0x1fffffff) >>> 0; return id && !firsts.has(id) ? 1 : 0; });
    return { name, width: w, height: h, tw, th, cells };
  }
  async function loadDropped(file) {
    errorBox.textContent = "";
    try {
      const grid = await parseTiled(file.name, await file.text());
      select("tiles", grid);
    } catch (e) {
      fail(e.message);
    }
  }
  canvas.addEventListener("dragover", (e) => e.preventDefault());
  canvas.addEventListener("drop", (e) => { e.preventDefault(); if (e.dataTransfer.files[0]) loadDropped(e.dataTransfer.files[0]); });
  document.addEventListener("drop", (e) => { if (e.target.id === "drop" && e.dataTransfer.files[0]) { e.preventDefault(); loadDropped(e.dataTransfer.files[0]); } });
  document.addEventListener("dragover", (e) => e.preventDefault());

  // ---------------------------------------------------------------- input and the loop
  function eventWorld(e) {
    const r = canvas.getBoundingClientRect();
    return toWorld((e.clientX - r.left) * canvas.width / r.width, (e.clientY - r.top) * canvas.height / r.height);
  }
  canvas.addEventListener("mousedown", (e) => { if (current.press) drag = current.press(eventWorld(e), e.shiftKey); });
  canvas.addEventListener("mousemove", (e) => {
    const p = eventWorld(e);
    if (drag) current.dragTo(drag, p);
    else if (current.move) current.move(p);
  });
  window.addEventListener("mouseup", () => { drag = null; });
  canvas.addEventListener("click", (e) => { if (current.click) current.click(eventWorld(e)); });
  canvas.addEventListener("wheel", (e) => { if (current.wheel) { e.preventDefault(); current.wheel(eventWorld(e), e.deltaY); } }, { passive: false });

  function frame() {
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.fillStyle = "#ffffff"; ctx.fillRect(0, 0, canvas.width, canvas.height);
    lineWidth = 1.5;
    current.draw();
    statsBox.textContent = Object.entries(current.stats).map(([k, v]) => `${k}: ${v}`).join("\n");
  }
  let name = null;
  function select(n, arg) {
    if (current) current.leave();
    errorBox.textContent = "";
    name = n; current = scenes[n];
    current.init(arg);
    document.getElementById("help").textContent = current.help;
    for (const b of document.querySelectorAll("nav button")) b.classList.toggle("on", b.dataset.scene === n);
    frame();
  }
  const tabs = document.getElementById("tabs");
  for (const n of Object.keys(scenes)) {
    const b = document.createElement("button");
    b.textContent = n[0].toUpperCase() + n.slice(1); b.dataset.scene = n;
    b.onclick = () => select(n);
    tabs.appendChild(b);
  }
  let paused = false;
  function loop() { if (!paused) { current.step(); frame(); } requestAnimationFrame(loop); }

  // For the browser test: run frames synchronously, read the invariants.
  window.sandbox = {
    scenes: Object.keys(scenes),
    select,
    scene: () => name,
    pause(p) { paused = p; },
    run(frames) { for (let k = 0; k < frames; k++) { current.step(); frame(); } return { ...current.stats }; },
    stats: () => ({ ...current.stats }),
    error: () => errorBox.textContent,
    scalar: M.scalar(),
  };
  select(new URLSearchParams(location.search).get("scene") || "swing");
  requestAnimationFrame(loop);
  document.body.dataset.ready = "1";
})();
