// collide2d - 2D collision detection for games. MIT License.
// The sandbox in a real browser: headless Chromium (Debian's) driven by puppeteer-core loads the
// page served from build/sandbox, runs every scene for a number of frames and checks the demo's
// invariants from JavaScript (0 escapes, 0 overlaps, the swing's hits equal to a brute-force
// count, the pair queries consistent with each other), clicks and drags with the real mouse,
// drops a broken Tiled map (the loader's message must show), takes a screenshot of each scene
// into OUT_DIR, and fails on any console error or page error.
//
// usage: node browser_test.js URL OUT_DIR   (NODE_PATH must find puppeteer-core)
"use strict";
const puppeteer = require("puppeteer-core");
const fs = require("fs");
const path = require("path");

const [url, outDir] = process.argv.slice(2);
if (!url || !outDir) {
  console.error("usage: node browser_test.js URL OUT_DIR");
  process.exit(2);
}
const FRAMES = Number(process.env.SANDBOX_FRAMES || 300);
const failures = [];
const check = (ok, what) => { if (!ok) failures.push(what); console.log(`${ok ? "ok  " : "FAIL"} ${what}`); };

(async () => {
  fs.mkdirSync(outDir, { recursive: true });
  const browser = await puppeteer.launch({
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
           "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage"],
  });
  const errors = [];
  try {
    const page = await browser.newPage();
    await page.setViewport({ width: 1260, height: 720 });
    page.on("console", (m) => { if (m.type() === "error") errors.push(`console: ${m.text()}`); });
    page.on("pageerror", (e) => errors.push(`page: ${e.message}`));
    page.on("requestfailed", (r) => errors.push(`request failed: ${r.url()}`));
    await page.goto(url, { waitUntil: "load" });
    await page.waitForFunction(() => document.body.dataset.ready === "1", { timeout: 60000 });
    const scenes = await page.evaluate(() => window.sandbox.scenes);
    check(scenes.join(",") === "swing,bounce,tiles,island,doom,pairs", `scenes: ${scenes}`);
    await page.evaluate(() => window.sandbox.pause(true));  // frames only when the test runs them
    const canvas = await page.$("#view");
    const box = await canvas.boundingBox();
    const at = (fx, fy) => [box.x + fx * box.width, box.y + fy * box.height];
    const run = (n) => page.evaluate((k) => window.sandbox.run(k), n);
    const shot = async (name) => {
      const file = path.join(outDir, `sandbox-${name}.png`);
      await canvas.screenshot({ path: file });
      console.log(`     screenshot ${file}`);
    };

    // Swing: aim with the mouse, widen the cone past 180 degrees of opening (the notch).
    await page.evaluate(() => window.sandbox.select("swing"));
    await page.mouse.move(...at(0.8, 0.3));
    await page.$eval("#half", (e) => { e.value = "135"; e.dispatchEvent(new Event("input")); });
    let s = await run(FRAMES);
    check(s.frames === FRAMES && s.mismatches === 0 && s.hits === s.brute && s.hits > 0,
          `swing: ${s.frames} frames, ${s.hits} hits = brute force ${s.brute}, ${s.mismatches} mismatches`);
    await page.mouse.move(...at(0.2, 0.8));
    s = await run(30);
    check(s.mismatches === 0, `swing after re-aiming: ${s.mismatches} mismatches, ${s.hits} hits`);
    await shot("swing");

    // Bounce: steer the paddle, run.
    await page.evaluate(() => window.sandbox.select("bounce"));
    await page.mouse.move(...at(0.3, 0.9));
    s = await run(FRAMES * 2);
    check(s.escapes === 0 && s.overlaps === 0 && s.doubleBounces === 0 && s.bounces > 10,
          `bounce: ${s.frames} frames, ${s.bounces} bounces, ${s.doubleBounces} double bounces, ${s.escapes} escapes, ${s.overlaps} overlaps`);
    await shot("bounce");

    // Tiles: click to walk, run; then drop a broken map: the loader's message shows.
    await page.evaluate(() => window.sandbox.select("tiles"));
    check((await page.evaluate(() => window.sandbox.error())) === "", "tiles: the map loaded");
    await page.mouse.click(...at(0.5, 0.5));
    s = await run(FRAMES);
    check(s.agents > 10 && s.inWalls === 0 && s.clicks === 1,
          `tiles: ${s.agents} agents x ${s.frames} frames, ${s.inWalls} inside walls, ${s.clicks} click`);
    await shot("tiles");
    const input = await page.$("#file");
    const bad = path.join(outDir, "broken.tmx");
    fs.writeFileSync(bad, '<map width="4" height="2" tilewidth="32" tileheight="32"><layer name="Ground"/></map>');
    await input.uploadFile(bad);
    await page.waitForFunction(() => window.sandbox.error() !== "", { timeout: 10000 });
    const msg = await page.evaluate(() => window.sandbox.error());
    check(/broken\.tmx/.test(msg) && /Collision/.test(msg), `tiles: a broken map shows the loader's message: ${msg}`);
    s = await run(5);
    check(s.frames >= 5, "tiles: the page still runs after the broken map");

    // Island: a click in the sea snaps to land.
    await page.evaluate(() => window.sandbox.select("island"));
    await page.mouse.click(...at(0.03, 0.05));
    s = await run(FRAMES);
    check(s.walkers > 10 && s.inSea === 0 && s.clicks === 1 && s.snapped === 1,
          `island: ${s.walkers} walkers x ${s.frames} frames, ${s.inSea} in the sea, ${s.snapped} click snapped from the sea`);
    await shot("island");

    // Doom: click to walk.
    await page.evaluate(() => window.sandbox.select("doom"));
    const doomError = await page.evaluate(() => window.sandbox.error());
    if (doomError) {
      console.log(`skip doom: ${doomError}`);
    } else {
      await page.mouse.click(...at(0.45, 0.55));
      s = await run(FRAMES);
      check(s.players > 5 && s.escapes === 0 && s.tooClose === 0 && s.clicks === 1,
            `doom: ${s.players} players x ${s.frames} frames, ${s.escapes} escapes, ${s.tooClose} too close to a wall`);
      await shot("doom");
    }

    // Pairs: drag B onto A (overlap), then away and turn it; answers stay consistent.
    await page.evaluate(() => window.sandbox.select("pairs"));
    s = await run(1);
    const apart = s.overlap;
    const from = await page.evaluate(() => { const v = document.getElementById("view"), r = v.getBoundingClientRect(); return [r.left, r.top, r.width / v.width, r.height / v.height]; });
    // B's center is at world (4, 1); A's at (-4, 0): view fit(-12, -8, 12, 8) on 900 x 640.
    const toPx = (x, y) => { const sc = Math.min(868 / 24, 608 / 16); return [from[0] + (450 + x * sc) * from[2], from[1] + (320 - y * sc) * from[3]]; };
    await page.mouse.move(...toPx(4, 1));
    await page.mouse.down();
    for (let k = 1; k <= 10; k++) await page.mouse.move(...toPx(4 - 0.75 * k, 1 - 0.1 * k));
    await page.mouse.up();
    s = await run(2);
    check(!apart && s.overlap === true && s.drags === 1 && s.depth > 0, `pairs: dragged B onto A: overlap ${s.overlap}, depth ${s.depth}`);
    await shot("pairs");
    await page.keyboard.down("Shift");
    await page.mouse.move(...toPx(-3.5, 0.25));
    await page.mouse.down();
    await page.mouse.move(...toPx(-3.5, 3));
    await page.mouse.up();
    await page.keyboard.up("Shift");
    for (const [a, b] of [["circle", "capsule"], ["polygon", "segment"], ["aabb", "point"], ["sector", "sector"]]) {
      await page.select("#ka", a);
      await page.select("#kb", b);
      s = await run(3);
    }
    check(s.inconsistent === 0 && s.checks > 10, `pairs: ${s.checks} checks, ${s.inconsistent} inconsistent answers`);
  } catch (e) {
    failures.push(`exception: ${e.stack || e}`);
  } finally {
    await browser.close();
  }
  check(errors.length === 0, `no console or page errors${errors.length ? ": " + errors.join("; ") : ""}`);
  console.log(`browser_test: ${failures.length ? failures.length + " failures" : "ok"}`);
  process.exit(failures.length ? 1 : 0);
})();
