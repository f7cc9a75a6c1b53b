#!/usr/bin/env python3
"""Tests `collide2d query` op map_query on Freedoom maps against an independent decoding of
the WAD in Python (struct module): the sector from a walk of the map's BSP nodes
(R_PointInSubsector; null where a ray-parity test finds no sector) and the wall distance from
a brute-force scan of the blocking linedefs. Points within 1.5 units of a linedef are not
compared for the sector (see docs/rooms.md). Also: errors name `map`, `collide2d render`
writes an SVG of a WAD map, and `collide2d demo --scenario wad` reports zero escapes.

usage: test_wad.py TOOL WORKDIR SHARED_DIR   (exit 77: Freedoom is not installed)"""
import json
import math
import os
import random
import re
import struct
import subprocess
import sys
import xml.etree.ElementTree as ET

DOOM = "/usr/share/games/doom"
SVG = "{http://www.w3.org/2000/svg}"
NONE = 0xFFFF


class Map:
    def __init__(self, path, name):
        data = open(path, "rb").read()
        n, diro = struct.unpack_from("<ii", data, 4)
        lumps = [struct.unpack_from("<ii8s", data, diro + 16 * i) for i in range(n)]
        names = [l[2].rstrip(b"\0").decode() for l in lumps]
        i = next(k for k in range(n - 1) if names[k] == name and names[k + 1] == "THINGS")
        lump = {}
        for j in range(i + 1, min(i + 11, n)):
            lump.setdefault(names[j], data[lumps[j][0]:lumps[j][0] + lumps[j][1]])

        def rec(nm, fmt):
            sz = struct.calcsize(fmt)
            return [struct.unpack_from(fmt, lump[nm], k * sz) for k in range(len(lump[nm]) // sz)]
        self.v = rec("VERTEXES", "<hh")
        self.lines = rec("LINEDEFS", "<7H")
        self.side_sector = [s[5] for s in rec("SIDEDEFS", "<hh8s8s8sH")]
        self.segs = rec("SEGS", "<HHhHHh")
        self.ss = rec("SSECTORS", "<HH")
        self.nodes = rec("NODES", "<4h8h2H")
        self.walls, self.sep = [], []
        for v1, v2, flags, _sp, _tag, right, left in self.lines:
            a, b = self.v[v1], self.v[v2]
            fs = self.side_sector[right] if right != NONE else None
            bs = self.side_sector[left] if left != NONE else None
            if right == NONE or left == NONE or flags & 1:
                self.walls.append((a, b))
            if fs != bs:
                self.sep.append((a, b, fs, bs))
        xs = [p[0] for p in self.v]
        ys = [p[1] for p in self.v]
        self.box = (min(xs), min(ys), max(xs), max(ys))

    def bsp(self, x, y):
        num = len(self.nodes) - 1
        while not num & 0x8000:
            nd = self.nodes[num]
            nx, ny, dx, dy = nd[0:4]
            if dx == 0:
                side = (dy > 0) if x <= nx else (dy < 0)
            elif dy == 0:
                side = (dx < 0) if y <= ny else (dx > 0)
            else:
                side = 0 if (y - ny) * dx < dy * (x - nx) else 1
            num = nd[12 + side]
        seg = self.segs[self.ss[num & 0x7FFF][1]]
        line = self.lines[seg[3]]
        sd = line[5] if seg[4] == 0 else line[6]
        return None if sd == NONE else self.side_sector[sd]

    def in_any_room(self, x, y):
        odd = set()
        for (ax, ay), (bx, by), fs, bs in self.sep:
            if (ay > y) != (by > y) and x < ax + (y - ay) * (bx - ax) / (by - ay):
                odd ^= {s for s in (fs, bs) if s is not None}
        return bool(odd)

    @staticmethod
    def seg_dist(x, y, a, b):
        dx, dy = b[0] - a[0], b[1] - a[1]
        l2 = dx * dx + dy * dy
        t = 0.0 if l2 == 0 else max(0.0, min(1.0, ((x - a[0]) * dx + (y - a[1]) * dy) / l2))
        return math.hypot(x - a[0] - t * dx, y - a[1] - t * dy)

    def wall_distance(self, x, y):
        return min(self.seg_dist(x, y, a, b) for a, b in self.walls)

    def line_distance(self, x, y):
        return min(self.seg_dist(x, y, self.v[l[0]], self.v[l[1]]) for l in self.lines)


def main():
    if len(sys.argv) != 4:
        print(__doc__)
        return 2
    tool, work = sys.argv[1], sys.argv[2]
    os.makedirs(work, exist_ok=True)
    if not all(os.path.isfile(os.path.join(DOOM, f)) for f in ("freedoom1.wad", "freedoom2.wad")):
        print("skipped: Freedoom is not installed (scripts/deps.sh)")
        return 77
    fails = []
    rng = random.Random(7)
    lines, expect = [], []
    for wad, name in (("freedoom1.wad", "E1M1"), ("freedoom1.wad", "E1M6"), ("freedoom2.wad", "MAP01"),
                      ("freedoom2.wad", "MAP13"), ("freedoom2.wad", "MAP30")):
        path = os.path.join(DOOM, wad)
        m = Map(path, name)
        x0, y0, x1, y1 = m.box
        for k in range(120):
            if k % 3 == 0:      # near a wall
                a, b = m.walls[rng.randrange(len(m.walls))]
                t = rng.random()
                ang = rng.uniform(0, 2 * math.pi)
                d = rng.uniform(0, 40)
                x, y = a[0] + t * (b[0] - a[0]) + d * math.cos(ang), a[1] + t * (b[1] - a[1]) + d * math.sin(ang)
            else:
                x, y = rng.uniform(x0 - 50, x1 + 50), rng.uniform(y0 - 50, y1 + 50)
            r = rng.uniform(0, 32)
            spec = path + "#" + (name.lower() if k % 2 else name)
            lines.append(json.dumps({"id": len(lines), "op": "map_query", "map": spec, "point": [x, y], "radius": r}))
            sec = m.bsp(x, y) if m.in_any_room(x, y) else None
            expect.append((wad, name, x, y, r, sec, m.wall_distance(x, y), m.line_distance(x, y)))
    # Errors: a missing map, an unreadable file, a text file named .wad.
    bad_wad = os.path.join(work, "text.wad")
    with open(bad_wad, "w") as f:
        f.write("this is not a WAD\n")
    errors = [os.path.join(DOOM, "freedoom1.wad") + "#MAP01", os.path.join(work, "missing.wad"), bad_wad]
    for spec in errors:
        lines.append(json.dumps({"id": len(lines), "op": "map_query", "map": spec, "point": [0, 0], "radius": 1}))
    p = subprocess.run([tool, "query"], input="\n".join(lines) + "\n", capture_output=True, text=True, timeout=300)
    if p.returncode != 0:
        fails.append(f"query exit status {p.returncode}: {p.stderr}")
    out = [json.loads(s) for s in p.stdout.splitlines() if s.strip()]
    if len(out) != len(lines):
        fails.append(f"{len(out)} answers for {len(lines)} lines")
    compared = 0
    for ans, (wad, name, x, y, r, sec, wd, ld) in zip(out, expect):
        where = f"{wad}#{name} ({x:.3f}, {y:.3f}) r={r:.3f}"
        if "error" in ans:
            fails.append(f"{where}: error {ans['error']}")
            continue
        if abs(ans["wall_distance"] - wd) > 1e-6 * (1 + wd):
            fails.append(f"{where}: wall_distance {ans['wall_distance']} != {wd}")
        if ld > 1.5:
            compared += 1
            if ans["sector"] != sec:
                fails.append(f"{where}: sector {ans['sector']} != {sec}")
            if abs(wd - r) > 1e-6 and ans["free"] != (sec is not None and wd > r):
                fails.append(f"{where}: free {ans['free']}")
    if compared < 400:
        fails.append(f"only {compared} sector comparisons")
    for ans, spec in zip(out[len(expect):], errors):
        if "error" not in ans or "map" not in ans["error"]:
            fails.append(f"{spec}: expected an error naming map, got {ans}")

    # render
    svg = os.path.join(work, "e1m1.svg")
    r = subprocess.run([tool, "render", os.path.join(DOOM, "freedoom1.wad") + "#E1M1", "--out", svg],
                       capture_output=True, text=True, timeout=120)
    if r.returncode != 0:
        fails.append(f"render exit status {r.returncode}: {r.stderr}")
    else:
        root = ET.parse(svg).getroot()
        # Sectors: one even-odd polygon each (holes open); blocking walls: bold lines.
        filled = [e for e in root.iter(SVG + "polygon") if e.get("fill-rule") == "evenodd" and e.get("fill") != "none"]
        bold = [e for e in root.iter(SVG + "line") if e.get("stroke-width") == "2"]
        m = Map(os.path.join(DOOM, "freedoom1.wad"), "E1M1")
        if len(filled) != len(set(m.side_sector)):
            fails.append(f"render: {len(filled)} filled sectors, expected {len(set(m.side_sector))}")
        if len(bold) != len(m.walls):
            fails.append(f"render: {len(bold)} bold lines, expected one per blocking wall ({len(m.walls)})")
    r = subprocess.run([tool, "render", os.path.join(DOOM, "freedoom1.wad"), "--map", "NOPE", "--out", svg + "2"],
                       capture_output=True, text=True, timeout=60)
    if r.returncode == 0 or "NOPE" not in r.stderr:
        fails.append(f"render of a missing map: status {r.returncode}, {r.stderr!r}")

    # demo
    d = subprocess.run([tool, "demo", "--scenario", "wad", "--out", os.path.join(work, "demo")],
                       capture_output=True, text=True, timeout=300)
    print(d.stdout, end="")
    if d.returncode != 0:
        fails.append(f"demo exit status {d.returncode}: {d.stderr}")
    elif not re.search(r"\b0 left the rooms, inside walls 0 \(least clearance [^)]*\), inside pillars 0, "
                       r"through walls 0, overlapping 0\b", d.stdout):
        fails.append("demo summary does not report 0 left, inside walls, inside pillars, through, overlapping")
    elif not os.path.isfile(os.path.join(work, "demo", "wad.svg")):
        fails.append("demo wrote no wad.svg")

    for f in fails[:30]:
        print("FAIL:", f)
    print(f"wad test: {compared} sector comparisons,", "failed" if fails else "passed")
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())
