#!/usr/bin/env python3
"""`collide2d demo --scenario tiles`: the full run (a player and 1,000 monsters x 2,000 steps among
200 props on 099-8, in one World) exits 0 and reports zero bodies inside walls or props, zero
through walls and zero overlapping pairs, and the player's sword hits monsters; tiles.svg is
well-formed XML with the map, the props, the trails and one circle per body; two short runs
(COLLIDE2D_TILES_STEPS=200) draw the same picture (the caption's speed aside).

usage: test_tiles_demo.py TOOL WORKDIR SHARED_DIR   (exit 77: no data, skipped)"""
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET

SVG = "{http://www.w3.org/2000/svg}"


def run(tool, out, data, steps=None):
    env = dict(os.environ)
    if steps:
        env["COLLIDE2D_TILES_STEPS"] = str(steps)
    p = subprocess.run([tool, "demo", "--scenario", "tiles", "--data", data, "--out", out],
                       capture_output=True, text=True, timeout=550, env=env)
    return p.returncode, p.stdout, p.stderr


def main():
    if len(sys.argv) != 4:
        print(__doc__)
        return 2
    tool, work, shared = sys.argv[1:4]
    data = os.path.join(shared, "data")
    if not os.path.isfile(os.path.join(data, "tmw", "maps", "099-8.tmx")):
        print("test_tiles_demo: skipped, no 099-8.tmx under", data)
        return 77
    fails = []
    out = os.path.join(work, "full")
    rc, so, se = run(tool, out, data)
    print(so, end="")
    if rc != 0:
        fails.append(f"exit status {rc}: {se}")
    m = re.search(r"(\d+) agents x (\d+) steps in one World \(tile layer, 200 props, a player swinging\); "
                  r"inside walls (\d+), through walls (\d+), overlapping (\d+)", so)
    if not m:
        fails.append("no summary line")
    elif m.groups() != ("1000", "2000", "0", "0", "0"):
        fails.append(f"summary: {m.group(0)}")
    m = re.search(r"player's sword: (\d+) hits", so)
    if not m or int(m.group(1)) == 0:
        fails.append("the player's sword hit nothing")
    if not re.search(r"[\d.]+ M agent-steps/s", so):
        fails.append("no agent-steps per second")
    svg = os.path.join(out, "tiles.svg")
    try:
        root = ET.parse(svg).getroot()
        circles = sum(1 for e in root.iter(SVG + "circle"))
        paths = sum(1 for e in root.iter(SVG + "path"))
        if circles < 1001:
            fails.append(f"{circles} circles, expected the 1,000 monsters, the player and the barrels")
        if paths < 40:
            fails.append(f"only {paths} paths (boundary chains and trails)")
        if os.path.getsize(svg) > 4_000_000:
            fails.append(f"tiles.svg is {os.path.getsize(svg)} bytes")
    except (OSError, ET.ParseError) as e:
        fails.append(f"tiles.svg: {e}")
    pics = []
    for k in range(2):
        d = os.path.join(work, f"short{k}")
        rc, so, se = run(tool, d, data, steps=200)
        if rc != 0 or "inside walls 0, through walls 0, overlapping 0" not in so:
            fails.append(f"short run {k}: exit {rc}: {so} {se}")
        try:
            text = open(os.path.join(d, "tiles.svg")).read()
            pics.append(re.sub(r"<text[^<]*</text>", "", text))
        except OSError as e:
            fails.append(str(e))
    if len(pics) == 2 and pics[0] != pics[1]:
        fails.append("two runs drew different pictures")
    for f in fails:
        print("FAIL:", f)
    print("test_tiles_demo:", "failed" if fails else "passed")
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())
