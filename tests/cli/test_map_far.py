#!/usr/bin/env python3
# collide2d - 2D collision detection for games. MIT License.
"""Tests `collide2d query` op map_query far outside a Doom map and beyond the coordinate limit.

Far points (up to the limit, 1e12, the same as for shapes): `sector` null, `free` false, and
`wall_distance` a number within the map's bounding-box half-diagonal of the distance from the
point to the box centre (triangle inequality; the box is read from VERTEXES in Python). Beyond
the limit (1e13 .. 1.7e308), NaN-free: one error line naming `point` or `radius`, the id echoed.

usage: test_map_far.py TOOL WORKDIR SHARED_DIR   (exit 77: Freedoom is not installed)"""
import json
import math
import struct
import subprocess
import sys

WAD = "/usr/share/games/doom/freedoom1.wad"


def bbox(path, name):
    data = open(path, "rb").read()
    n, diro = struct.unpack_from("<ii", data, 4)
    lumps = [struct.unpack_from("<ii8s", data, diro + 16 * i) for i in range(n)]
    names = [l[2].rstrip(b"\0").decode() for l in lumps]
    i = names.index(name)
    j = next(k for k in range(i + 1, i + 11) if names[k] == "VERTEXES")
    off, size = lumps[j][0], lumps[j][1]
    vs = [struct.unpack_from("<hh", data, off + 4 * k) for k in range(size // 4)]
    xs, ys = [v[0] for v in vs], [v[1] for v in vs]
    return min(xs), min(ys), max(xs), max(ys)


def main():
    tool = sys.argv[1]
    try:
        x0, y0, x1, y1 = bbox(WAD, "E1M1")
    except OSError:
        print("skipped: Freedoom is not installed")
        return 77
    cx, cy, half = (x0 + x1) / 2, (y0 + y1) / 2, math.hypot(x1 - x0, y1 - y0) / 2
    lines, expect = [], []
    k = 0
    for mag in [1e4, 1e8, 1e11, 1e12]:
        for a in range(12):
            ang = a * math.pi / 6 + 0.1
            p = [mag * math.cos(ang), mag * math.sin(ang)]
            if max(abs(p[0]), abs(p[1])) > 1e12:
                continue
            lines.append({"id": k, "op": "map_query", "map": WAD + "#E1M1", "point": p, "radius": 1})
            expect.append(("far", p))
            k += 1
    for p, r, field in [([1e13, 0], 1, "point"), ([0, -1e155], 1, "point"), ([1e200, 1e200], 1, "point"),
                        ([1.7e308, 1.7e308], 0, "point"), ([-1.7e308, 5], 2, "point"),
                        ([0, 0], 1e13, "radius"), ([0, 0], 1e300, "radius")]:
        for m in [WAD + "#E1M1", WAD + "#E1M2"]:
            lines.append({"id": f"x{k}", "op": "map_query", "map": m, "point": p, "radius": r})
            expect.append(("error", field))
            k += 1
    text = "\n".join(json.dumps(q) for q in lines) + "\n"
    out = subprocess.run([tool, "query"], input=text.encode(), capture_output=True, timeout=300)
    if out.returncode != 0:
        print("exit status", out.returncode, out.stderr.decode())
        return 1
    answers = out.stdout.decode().splitlines()
    if len(answers) != len(lines):
        print(f"{len(lines)} lines in, {len(answers)} out")
        return 1
    bad = 0
    for q, (kind, what), a in zip(lines, expect, answers):
        def parse_constant(c):
            raise ValueError("non-finite number " + c)
        try:
            j = json.loads(a, parse_constant=parse_constant)
        except ValueError as e:
            print("bad output", a, e)
            bad += 1
            continue
        ok = j.get("id") == q["id"]
        if kind == "far":
            d = j.get("wall_distance")
            want = math.hypot(what[0] - cx, what[1] - cy)
            ok = ok and "error" not in j and j["sector"] is None and j["free"] is False and \
                isinstance(d, (int, float)) and abs(d - want) <= half * (1 + 1e-9) + want * 1e-12
        else:
            ok = ok and set(j) == {"id", "error"} and j["error"].startswith(what + ":")
        if not ok:
            print("FAIL", json.dumps(q), "->", a, "expected", kind, what)
            bad += 1
    print(f"{len(lines) - bad} passed, {bad} failed")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
