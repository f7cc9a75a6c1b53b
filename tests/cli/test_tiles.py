#!/usr/bin/env python3
"""Tile maps through the tool, against an independent decoding of the real TMW maps.

For every ../shared/data/tmw/maps/*.tmx: the collision layer is decoded here with
xml.etree, base64, gzip and zlib (the rule of data/README.md: gid without the flip bits
non-zero and equal to no tileset's firstgid); `collide2d render` must report the same number of
blocked cells; `collide2d query` map_query answers at random points (free cells, blocked
cells, grid vertices, outside) must match a brute-force wall distance over every blocked cell
and the map's border. Also: the same map re-encoded as Tiled JSON with base64+gzip data.

usage: test_tiles.py TOOL WORKDIR SHARED_DIR   (exit 77: no data, skipped)"""
import base64
import gzip
import json
import math
import os
import random
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
import zlib

FLAGS = 0xF0000000


def decode(tmx):
    root = ET.parse(tmx).getroot()
    W, H = int(root.get("width")), int(root.get("height"))
    tw, th = int(root.get("tilewidth")), int(root.get("tileheight"))
    firstgids = {int(ts.get("firstgid")) for ts in root.findall("tileset")}
    layer = next(l for l in root.iter("layer") if l.get("name", "").lower() == "collision")
    data = layer.find("data")
    enc, comp = data.get("encoding"), data.get("compression")
    if enc == "csv":
        gids = [int(x) for x in data.text.replace("\n", "").split(",") if x.strip()]
    elif enc == "base64":
        raw = base64.b64decode("".join(data.text.split()))
        if comp == "gzip":
            raw = gzip.decompress(raw)
        elif comp == "zlib":
            raw = zlib.decompress(raw)
        gids = [int.from_bytes(raw[i:i + 4], "little") for i in range(0, len(raw), 4)]
    else:
        gids = [int(t.get("gid", 0)) for t in data.findall("tile")]
    assert len(gids) == W * H, (tmx, len(gids), W * H)
    blocked = [1 if (g & ~FLAGS) and (g & ~FLAGS) not in firstgids else 0 for g in gids]
    return W, H, tw, th, blocked, root, gids


def wall_distance(W, H, tw, th, cells, x, y):
    """Brute force: distance to the nearest blocked cell (closed squares) or to the outside."""
    if not (0 < x < W * tw and 0 < y < H * th):
        return 0.0
    best = min(x, W * tw - x, y, H * th - y)
    for (cx, cy) in cells:
        dx = max(cx * tw - x, 0.0, x - (cx + 1) * tw)
        dy = max(cy * th - y, 0.0, y - (cy + 1) * th)
        d = math.hypot(dx, dy)
        if d < best:
            best = d
    return best


def to_tmj_gzip(root, gids, path_dir):
    """The map as Tiled JSON: the collision layer base64+gzip, the tilesets' firstgids kept."""
    W, H = int(root.get("width")), int(root.get("height"))
    tilesets = []
    for ts in root.findall("tileset"):
        if ts.get("source"):
            tilesets.append({"firstgid": int(ts.get("firstgid")), "source": ts.get("source")})
        else:
            tilesets.append({"firstgid": int(ts.get("firstgid")), "name": ts.get("name", ""),
                             "tilecount": int(ts.get("tilecount", 0)) or 100000})
    raw = b"".join(int(g).to_bytes(4, "little") for g in gids)
    layer = {"type": "tilelayer", "name": "Collision", "width": W, "height": H,
             "encoding": "base64", "compression": "gzip",
             "data": base64.b64encode(gzip.compress(raw)).decode()}
    return {"type": "map", "orientation": "orthogonal", "width": W, "height": H,
            "tilewidth": int(root.get("tilewidth")), "tileheight": int(root.get("tileheight")),
            "infinite": False, "tilesets": tilesets, "layers": [layer]}


def main():
    if len(sys.argv) != 4:
        print(__doc__)
        return 2
    tool, work, shared = sys.argv[1:4]
    maps_dir = os.path.join(shared, "data", "tmw", "maps")
    if not os.path.isdir(maps_dir):
        print("test_tiles: skipped,", maps_dir, "not found")
        return 77
    os.makedirs(work, exist_ok=True)
    fails = []
    rng = random.Random(5)
    queries, expect = [], []
    tmx_files = sorted(f for f in os.listdir(maps_dir) if f.endswith(".tmx"))
    for f in tmx_files:
        path = os.path.abspath(os.path.join(maps_dir, f))
        W, H, tw, th, blocked, root, gids = decode(path)
        n_blocked = sum(blocked)
        out = os.path.join(work, f + ".svg")
        p = subprocess.run([tool, "render", path, "-o", out], capture_output=True, text=True, timeout=120)
        m = re.search(r"(\d+) blocked", p.stdout)
        if p.returncode != 0 or not m:
            fails.append(f"{f}: render failed: {p.stdout} {p.stderr}")
        elif int(m.group(1)) != n_blocked:
            fails.append(f"{f}: render reports {m.group(1)} blocked cells, decoded {n_blocked}")
        # The same map as Tiled JSON (base64+gzip), beside the TMX so that relative tileset
        # paths still resolve.
        tmj = os.path.join(work, "maps", f[:-4] + "-gzip.tmj")
        os.makedirs(os.path.dirname(tmj), exist_ok=True)
        with open(tmj, "w") as fh:
            json.dump(to_tmj_gzip(root, gids, maps_dir), fh)
        tsdir = os.path.join(work, "tilesets")
        if not os.path.isdir(tsdir):
            os.symlink(os.path.abspath(os.path.join(maps_dir, "..", "tilesets")), tsdir)
        cells = [(i % W, i // W) for i, b in enumerate(blocked) if b]
        free = [(i % W, i // W) for i, b in enumerate(blocked) if not b]
        pts = []
        for k in range(16):
            kind = k % 4
            if kind == 0 and free:
                cx, cy = rng.choice(free)
                pts.append(((cx + rng.random()) * tw, (cy + rng.random()) * th))
            elif kind == 1 and cells:
                cx, cy = rng.choice(cells)
                pts.append(((cx + rng.random()) * tw, (cy + rng.random()) * th))
            elif kind == 2:
                pts.append((rng.randrange(W + 1) * tw, rng.randrange(H + 1) * th))  # grid vertex
            else:
                pts.append((rng.uniform(-50, W * tw + 50), rng.uniform(-50, H * th + 50)))
        for (x, y) in pts:
            d = wall_distance(W, H, tw, th, cells, x, y)
            r = rng.choice([0.0, 5.0, 16.0, d, max(d - 0.5, 0.0), d + 0.5, rng.uniform(0, 80)])
            for mp in (path, tmj):
                queries.append({"id": len(queries), "op": "map_query", "map": mp, "point": [x, y], "radius": r})
                expect.append((f, x, y, r, d))
    p = subprocess.run([tool, "query"], input="\n".join(json.dumps(q) for q in queries) + "\n",
                       capture_output=True, text=True, timeout=300)
    lines = p.stdout.splitlines()
    if p.returncode != 0 or len(lines) != len(queries):
        fails.append(f"query: exit {p.returncode}, {len(lines)} lines for {len(queries)} queries: {p.stderr}")
    else:
        for q, line, (f, x, y, r, d) in zip(queries, lines, expect):
            a = json.loads(line)
            if "error" in a:
                fails.append(f"{q['map']}: error {a['error']}")
                continue
            tol = 1e-6 * (1 + d + r)
            if abs(a["wall_distance"] - d) > tol:
                fails.append(f"{f} at ({x}, {y}): wall_distance {a['wall_distance']}, brute force {d}")
            want_free = d > r
            if a["free"] != want_free and abs(d - r) > tol:
                fails.append(f"{f} at ({x}, {y}) r {r}: free {a['free']}, brute force {want_free}")
            if r == d and a["free"]:
                fails.append(f"{f} at ({x}, {y}): a disc touching a wall exactly is not free")
            if a.get("sector", "missing") is not None:
                fails.append(f"{f}: sector must be null")
    for f in fails[:30]:
        print("FAIL:", f)
    print(f"test_tiles: {len(tmx_files)} maps, {len(queries)} queries,",
          "failed" if fails else "passed", f"({len(fails)} failures)" if fails else "")
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())
