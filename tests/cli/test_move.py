#!/usr/bin/env python3
"""`collide2d query` op `move` (FORMAT.md 1.1) with answers derived by hand, for the float and
the double library (`--scalar float|double`):

- a disc sliding along a tile floor of ten tiles (one merged wall): it keeps the part of the
  displacement along the floor and ends touching it; the returned displacement loses the part
  into the floor;
- the same with response bounce and restitution 0.5: the returned displacement has the part
  into the floor reversed and halved, and the rest of the motion after the contact goes back up;
- a start touching the floor (gap 0) is answered, and moving away from it is not hindered;
- a free path is taken whole (translation = displacement, not blocked, no contacts);
- a start inside a wall tile, across a tile wall, outside the map or inside an obstacle is an
  error naming `shape`; bad fields are errors naming them;
- an obstacle box: sliding along its top face;
- a Freedoom map (skipped without Freedoom): a disc sliding along a long one-sided wall linedef
  whose neighbourhood is clear of other walls (checked here by a brute-force scan of the WAD's
  walls, read with test_wad.py's reader).

usage: test_move.py TOOL WORKDIR SHARED_DIR"""
import json
import math
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from test_wad import DOOM, Map  # noqa: E402  (the independent WAD reader)

W, H, T = 10, 8, 32
SOLID = {(c, 6) for c in range(W)} | {(5, 2), (5, 3)}  # a floor (row 6) and a pillar


def write_tmx(path):
    rows = []
    for r in range(H):
        rows.append(",".join("2" if (c, r) in SOLID else "0" for c in range(W)))
    with open(path, "w") as f:
        f.write(f'<?xml version="1.0" encoding="UTF-8"?>\n<map version="1.2" orientation="orthogonal" '
                f'width="{W}" height="{H}" tilewidth="{T}" tileheight="{T}">\n'
                f' <tileset firstgid="1" name="collision" tilewidth="{T}" tileheight="{T}" tilecount="4"/>\n'
                f' <layer name="Collision" width="{W}" height="{H}">\n  <data encoding="csv">\n'
                + ",\n".join(rows) + "\n  </data>\n </layer>\n</map>\n")


def circle(c, r):
    return {"type": "circle", "center": list(c), "radius": r}


def run(tool, scalar, queries):
    lines = [json.dumps(dict(q, id=i)) for i, q in enumerate(queries)]
    p = subprocess.run([tool, "query", "--scalar", scalar], input="\n".join(lines) + "\n",
                       capture_output=True, text=True, timeout=300)
    if p.returncode != 0:
        raise SystemExit(f"query exit status {p.returncode}: {p.stderr}")
    out = [json.loads(s) for s in p.stdout.splitlines() if s.strip()]
    if len(out) != len(lines):
        raise SystemExit(f"{len(out)} answers for {len(lines)} lines")
    return out


def near(a, b, tol):
    return all(abs(x - y) <= tol for x, y in zip(a, b))


def format_tol(size, offset):
    """FORMAT.md's size-scaled tolerance (the conformance checker's): 1e-4 (1 + size) + 4e-6 offset."""
    return 1e-4 * (1 + size) + 4e-6 * offset


def wad_case():
    """A slide along a long one-sided wall of E1M1, its surroundings clear (brute force)."""
    path = os.path.join(DOOM, "freedoom1.wad")
    if not os.path.isfile(path):
        return None
    m = Map(path, "E1M1")
    r, gap, along, into = 12.0, 6.0, 40.0, 20.0
    for v1, v2, flags, _sp, _tag, right, left in m.lines:
        if left != 0xFFFF:
            continue  # one-sided: the sector is on the right (front) of v1 -> v2
        a, b = m.v[v1], m.v[v2]
        L = math.hypot(b[0] - a[0], b[1] - a[1])
        if L < 192:
            continue
        t = ((b[0] - a[0]) / L, (b[1] - a[1]) / L)
        n = (t[1], -t[0])  # right of v1 -> v2: the free side
        mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
        start = (mid[0] + n[0] * (r + gap) - t[0] * along / 2, mid[1] + n[1] * (r + gap) - t[1] * along / 2)
        d = (t[0] * along - n[0] * into, t[1] * along - n[1] * into)
        # the ideal path: to the wall, then along it; every other wall farther than r + 8 from
        # the path's centre line (sampled finely), and the start in a sector
        end = (start[0] + t[0] * along - n[0] * gap, start[1] + t[1] * along - n[1] * gap)
        ok = m.in_any_room(*start)
        for k in range(41):
            s = k / 40
            p = (start[0] + (end[0] - start[0]) * s, start[1] + (end[1] - start[1]) * s)
            for wa, wb in m.walls:
                if (wa, wb) == (a, b):
                    continue
                if Map.seg_dist(p[0], p[1], wa, wb) < r + 8:
                    ok = False
                    break
            if not ok:
                break
        if ok:
            return path + "#E1M1", start, r, d, (t[0] * along - n[0] * gap, t[1] * along - n[1] * gap), \
                (t[0] * along, t[1] * along), (a, b)
    return None


def main():
    if len(sys.argv) != 4:
        print(__doc__)
        return 2
    tool, work = sys.argv[1], sys.argv[2]
    os.makedirs(work, exist_ok=True)
    tmx = os.path.join(work, "floor.tmx")
    write_tmx(tmx)
    fails = []
    floor = 6 * T  # the floor's top face (y down: the free side is above, smaller y)
    Q = []  # (query, check(answer, scalar) -> error text or None)

    def expect_error(q, word):
        Q.append((q, lambda a, s: None if "error" in a and word in a["error"] else
                  f"expected an error naming {word}, got {a}"))

    # 1. slide along the floor: 12 px above it, asked (100, 40): reaches it after 0.3 of the
    # step, keeps all of x, ends touching (y translation 12 within the skin)
    def slide_check(a, s):
        if "error" in a:
            return a["error"]
        tol = format_tol(math.hypot(100, 40), 260)
        if not near(a["translation"], (100, 12), tol):
            return f"translation {a['translation']} != (100, 12)"
        if not near(a["displacement"], (100, 0), tol):
            return f"displacement {a['displacement']} != (100, 0)"
        if not near(a["shape"]["center"], (164, 182), tol) or a["shape"]["radius"] != 10:
            return f"shape {a['shape']}"
        if a["contacts"] < 1 or a["blocked"]:
            return f"contacts {a['contacts']} blocked {a['blocked']}"
        if a["shape"]["center"][1] + 10 > floor:
            return "ends inside the floor"
        return None
    Q.append(({"op": "move", "map": tmx, "shape": circle((64, 170), 10), "displacement": [100, 40]}, slide_check))

    # 2. bounce off the floor with restitution 0.5: the returned displacement (100, -20); the
    # remaining 0.7 of the step goes (70, -14) after the contact, so the body ends at y 180 - 2
    def bounce_check(a, s):
        if "error" in a:
            return a["error"]
        tol = format_tol(math.hypot(100, 40), 260)
        if not near(a["displacement"], (100, -20), tol):
            return f"displacement {a['displacement']} != (100, -20)"
        if not near(a["translation"], (100, -2), tol):
            return f"translation {a['translation']} != (100, -2)"
        return None if a["contacts"] >= 1 else "no contact"
    Q.append(({"op": "move", "map": tmx, "shape": circle((64, 170), 10), "displacement": [100, 40],
               "response": "bounce", "restitution": 0.5}, bounce_check))

    # 3. touching the floor (gap 0): answered; moving straight away is not hindered
    def away_check(a, s):
        if "error" in a:
            return a["error"]
        tol = format_tol(32, floor)
        if not near(a["translation"], (0, -20), tol) or not near(a["displacement"], (0, -20), tol) \
                or a["blocked"] or math.hypot(*a["translation"]) > 20 + tol:
            return f"moving away was hindered: {a}"
        return None
    Q.append(({"op": "move", "map": tmx, "shape": circle((64, floor - 10), 10), "displacement": [0, -20]}, away_check))

    # 4. a free path is taken whole (an aabb body between the pillar and the floor)
    def free_check(a, s):
        if "error" in a:
            return a["error"]
        if not near(a["translation"], (-30, 5), 1e-6) or not near(a["displacement"], (-30, 5), 1e-6) \
                or a["blocked"] or a["contacts"] != 0:
            return f"free path not taken whole: {a}"
        if not (near(a["shape"]["min"], (210, 140), 1e-6) and near(a["shape"]["max"], (230, 150), 1e-6)):
            return f"shape {a['shape']}"
        return None
    Q.append(({"op": "move", "map": tmx, "shape": {"type": "aabb", "min": [240, 135], "max": [260, 145]},
               "displacement": [-30, 5]}, free_check))

    # 5. an obstacle box: a capsule sliding along its top face (y up here: no map)
    def box_check(a, s):
        if "error" in a:
            return a["error"]
        tol = format_tol(math.hypot(8, 4) + 8, 30)
        # capsule bottom at y = 13 - 2 = 11, the box top at y = 10: gap 1, asked (8, -4)
        if not near(a["translation"], (8, -1), tol) or not near(a["displacement"], (8, 0), tol):
            return f"translation {a['translation']} displacement {a['displacement']}"
        return None
    Q.append(({"op": "move", "shape": {"type": "capsule", "a": [-6, 13], "b": [-2, 13], "radius": 2},
               "displacement": [8, -4],
               "obstacles": [{"type": "box", "center": [0, 0], "half_extents": [30, 10], "angle": 0}]}, box_check))

    # 6. errors naming fields
    expect_error({"op": "move", "map": tmx, "shape": circle((5 * T + 16, 3 * T), 8), "displacement": [4, 0]}, "shape")
    expect_error({"op": "move", "map": tmx, "shape": circle((64, floor + 2), 10), "displacement": [4, 0]}, "shape")
    expect_error({"op": "move", "map": tmx, "shape": circle((-20, 100), 8), "displacement": [4, 0]}, "shape")
    expect_error({"op": "move", "shape": circle((0, 0), 3), "displacement": [4, 0],
                  "obstacles": [{"type": "circle", "center": [4, 0], "radius": 2}]}, "shape")
    expect_error({"op": "move", "shape": {"type": "sector", "center": [0, 0], "radius": 3, "facing": 0,
                                          "half_angle": 0.5}, "displacement": [1, 1]}, "shape")
    expect_error({"op": "move", "shape": circle((0, 0), 1), "displacement": [1, 1], "response": "stick"}, "response")
    expect_error({"op": "move", "shape": circle((0, 0), 1), "displacement": [1, 1], "response": "bounce",
                  "restitution": -1}, "restitution")
    expect_error({"op": "move", "shape": circle((0, 0), 1), "displacement": ["NaN", 1]}, "displacement")
    expect_error({"op": "move", "shape": circle((0, 0), 1)}, "displacement")
    # beyond twice the coordinate limit (validate_translation): refused, not an answer of infinities
    expect_error({"op": "move", "shape": circle((0, 0), 1), "displacement": [3e12, 1]}, "displacement")
    expect_error({"op": "move", "shape": circle((0, 0), 1), "displacement": [1, -8.1e199]}, "displacement")
    expect_error({"op": "move", "shape": circle((0, 0), 1), "displacement": [1, 1],
                  "obstacles": [{"type": "circle", "center": [9, 9], "radius": -1}]}, "obstacles[0].radius")
    expect_error({"op": "move", "shape": circle((0, 0), 1), "displacement": [1, 1], "obstacles": {}}, "obstacles")
    expect_error({"op": "move", "map": os.path.join(work, "none.tmx"), "shape": circle((0, 0), 1),
                  "displacement": [1, 1]}, "map")

    # 7. a Freedoom wall
    wc = wad_case()
    if wc is None:
        print("note: Freedoom not installed, the WAD case is skipped")
    else:
        spec, start, r, d, want_t, want_v, wall = wc

        def wad_check(a, s):
            if "error" in a:
                return a["error"]
            # both scalars: the one mover's skin stays inside FORMAT's tolerance (float near
            # |x| = 2000: about 0.004 + 4e-5 (1 + size), the tolerance 0.013), and it ends free
            if Map.seg_dist(a["shape"]["center"][0], a["shape"]["center"][1], *wall) < r:
                return f"{s}: ends inside the wall: {a}"
            tol = format_tol(max(2 * r, math.hypot(*d)), max(abs(start[0]), abs(start[1])) + 50)
            if not near(a["translation"], want_t, tol) or not near(a["displacement"], want_v, tol):
                return f"translation {a['translation']} != {want_t}, displacement {a['displacement']} != {want_v}"
            return None
        Q.append(({"op": "move", "map": spec, "shape": circle(start, r), "displacement": list(d)}, wad_check))
        expect_error({"op": "move", "map": spec, "shape": circle(start, r), "displacement": [1, 1],
                      "obstacles": [circle(start, r)]}, "shape")

    for scalar in ("double", "float"):
        out = run(tool, scalar, [q for q, _ in Q])
        for k, ((q, check), a) in enumerate(zip(Q, out)):
            why = check(a, scalar)
            if why:
                fails.append(f"[{scalar}] case {k} {json.dumps(q)}: {why}")
    for f in fails:
        print("FAIL", f)
    print(f"{len(Q) * 2 - len(fails)} passed, {len(fails)} failed")
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())
