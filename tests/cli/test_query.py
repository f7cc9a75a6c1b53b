#!/usr/bin/env python3
"""Tests `collide2d query` against answers worked out by hand from elementary geometry
(independent of the library): distances between circles, a ray into an aabb, the notch of a
wide sector, a rounded clockwise polygon, a rotated box; every kind of invalid line gives an
error naming its field; ids are echoed unchanged; blank lines are skipped.

usage: test_query.py TOOL [--scalar float|double]   (the library `collide2d query` computes with)"""
import json
import math
import subprocess
import sys

failures = []
TOL = 1e-5          # float results, coordinates of size ~1..10


def close(x, y, tol=TOL):
    return isinstance(x, (int, float)) and not isinstance(x, bool) and abs(x - y) <= tol * (1 + abs(y))


def vclose(v, w, tol=TOL):
    return isinstance(v, list) and len(v) == 2 and all(close(a, b, tol) for a, b in zip(v, w))


C = lambda x, y, r: {"type": "circle", "center": [x, y], "radius": r}
AABB = lambda x0, y0, x1, y1: {"type": "aabb", "min": [x0, y0], "max": [x1, y1]}
P = lambda x, y: {"type": "point", "at": [x, y]}


def q(op, **fields):
    d = {"op": op}
    d.update(fields)
    return json.dumps(d)


# ---------------------------------------------------------------- expectations
def expect_exact(want):
    def chk(out):
        return out == want, f"expected {json.dumps(want)}"
    return chk


def expect_distance(d, pa=None, pb=None):
    def chk(out):
        ok = close(out.get("distance"), d)
        if pa is not None:
            ok = ok and vclose(out.get("point_a"), pa)
        if pb is not None:
            ok = ok and vclose(out.get("point_b"), pb)
        ok = ok and set(out) - {"id"} == {"distance", "point_a", "point_b"}
        return ok, f"expected distance {d}, point_a {pa}, point_b {pb}"
    return chk


def expect_hit(t, point, normal):
    def chk(out):
        ok = (out.get("hit") is True and close(out.get("distance"), t)
              and vclose(out.get("point"), point) and vclose(out.get("normal"), normal)
              and "inside" not in out)
        return ok, f"expected hit at {t}, point {point}, normal {normal}"
    return chk


def expect_circle_contact(c1, r1, c2, r2):
    """Two penetrating disks: normal along the centres, depth r1 + r2 - |c2 - c1|, and every
    contact point within depth of both disks."""
    dx, dy = c2[0] - c1[0], c2[1] - c1[1]
    L = math.hypot(dx, dy)
    n, depth = [dx / L, dy / L], r1 + r2 - L

    def chk(out):
        pts = out.get("points")
        ok = (out.get("touching") is True and vclose(out.get("normal"), n)
              and close(out.get("depth"), depth) and isinstance(pts, list) and 1 <= len(pts) <= 2)
        if ok:
            for p in pts:
                ok = ok and (math.hypot(p[0] - c1[0], p[1] - c1[1]) <= r1 + depth + 1e-5 and
                             math.hypot(p[0] - c2[0], p[1] - c2[1]) <= r2 + depth + 1e-5)
        return ok, f"expected touching, normal {n}, depth {depth}, points within depth of both"
    return chk


def expect_error(*words):
    """An error line whose message contains every word (case-insensitive)."""
    def chk(out):
        err = out.get("error")
        ok = isinstance(err, str) and err and all(w.lower() in err.lower() for w in words)
        ok = ok and set(out) - {"id"} == {"error"}
        return ok, f"expected an error naming {words}"
    return chk


def with_id(chk, ident):
    def c(out):
        ok, why = chk(out)
        if "id" not in out or out["id"] != ident or type(out["id"]) is not type(ident):
            return False, f"id not echoed as {json.dumps(ident)}"
        return ok, why
    return c


def without_id(chk):
    def c(out):
        ok, why = chk(out)
        return ok and "id" not in out, why + " (and no id)"
    return c


# ---------------------------------------------------------------- the lines
def cases(scalar):
    s2 = math.sqrt(2)
    L = []   # (line, check or None for lines that must be skipped)
    add = lambda line, chk: L.append((line, chk))

    # Geometry, hand-derived.
    # Disks at distance 5 with radii 1 and 2: gap 2 along +x.
    add(q("distance", id=1, a=C(0, 0, 1), b=C(5, 0, 2)), with_id(expect_distance(2, [1, 0], [3, 0]), 1))
    add(q("overlap", id=2, a=C(0, 0, 1), b=C(1.5, 0, 1)), expect_exact({"id": 2, "overlap": True}))
    # Tangent disks (closed sets): overlapping.
    add(q("overlap", id=3, a=C(0, 0, 1), b=C(2, 0, 1)), expect_exact({"id": 3, "overlap": True}))
    add(q("overlap", id=4, a=AABB(1, -1, 3, 1), b=C(-1, 0, 1.5)), expect_exact({"id": 4, "overlap": False}))
    # Ray from (-2,0) along +x (non-unit direction) into the aabb [1,3]x[-1,1]: enters at x = 1.
    ray_box = dict(shape=AABB(1, -1, 3, 1), origin=[-2, 0], direction=[2, 0])
    add(q("raycast", id="r1", max_distance=10, **ray_box), with_id(expect_hit(3, [1, 0], [-1, 0]), "r1"))
    add(q("raycast", id="r2", max_distance=2, **ray_box), expect_exact({"id": "r2", "hit": False}))
    add(q("raycast", id="r3", shape=AABB(1, -1, 3, 1), origin=[2, 0.5], direction=[0, 1], max_distance=1),
        expect_exact({"id": "r3", "hit": True, "distance": 0, "inside": True}))
    # Ray from (0,-5) straight up into the unit disk at (0,0): hits (0,-1) after 4.
    add(q("raycast", id="r4", shape=C(0, 0, 1), origin=[0, -5], direction=[0, 0.5], max_distance=4.5),
        expect_hit(4, [0, -1], [0, -1]))
    add(q("contact", id="c1", a=C(0, 0, 1), b=C(1.5, 0, 1)), expect_circle_contact([0, 0], 1, [1.5, 0], 1))
    add(q("contact", id="c2", a=C(0, 0, 1), b=C(0, 3, 1)), expect_exact({"id": "c2", "touching": False}))
    # Point above the middle of a segment.
    add(q("distance", a=P(0, 2), b={"type": "segment", "a": [-1, 0], "b": [1, 0]}),
        without_id(expect_distance(2, [0, 2], [0, 0])))
    # A 270-degree sector (half_angle 3pi/4, facing +x): (-1,0) and (-1,0.1) lie in its notch;
    # (-1,0.1) is 0.9 sin(45 deg) from the upper edge ray, whose nearest point is (-0.55,0.55).
    wide = {"type": "sector", "center": [0, 0], "radius": 2, "facing": 0, "half_angle": 3 * math.pi / 4}
    add(q("overlap", id=5, a=wide, b=P(-1, 0)), expect_exact({"id": 5, "overlap": False}))
    add(q("distance", id=6, a=wide, b=P(-1, 0.1)), expect_distance(0.9 * math.sqrt(0.5), [-0.55, 0.55], [-1, 0.1]))
    add(q("overlap", id=7, a=wide, b=P(0.5, -1)), expect_exact({"id": 7, "overlap": True}))
    # Clockwise square [0,2]^2 rounded by 0.5, point (3,1): 0.5 from the rounded edge x = 2.5.
    sq = {"type": "polygon", "points": [[0, 0], [0, 2], [2, 2], [2, 0]], "radius": 0.5}
    add(q("distance", id=8, a=sq, b=P(3, 1)), expect_distance(0.5, [2.5, 1], [3, 1]))
    # Same square without rounding (radius omitted), with a repeated and a collinear vertex.
    sq0 = {"type": "polygon", "points": [[0, 0], [1, 0], [2, 0], [2, 0], [2, 2], [0, 2]]}
    add(q("distance", id=9, a=P(3, 3), b=sq0), expect_distance(s2, [3, 3], [2, 2]))
    # Box rotated 45 degrees with half extents 1: its corner is at (sqrt 2, 0).
    bx = {"type": "box", "center": [0, 0], "half_extents": [1, 1], "angle": math.pi / 4}
    add(q("distance", id=10, a=bx, b=P(2, 0)), expect_distance(2 - s2, [s2, 0], [2, 0]))
    # Capsule from (0,0) to (4,0) of radius 1 and a point at (2,3): distance 2.
    cap = {"type": "capsule", "a": [0, 0], "b": [4, 0], "radius": 1}
    add(q("distance", id=11, a=cap, b=P(2, 3)), expect_distance(2, [2, 1], [2, 3]))
    # Unknown fields are ignored (at the top and inside a shape).
    add(q("overlap", id=12, color="red", a={"type": "circle", "center": [0, 0], "radius": 1, "z": 9},
          b=C(1, 1, 1)), expect_exact({"id": 12, "overlap": True}))

    # Ids: any JSON value, echoed unchanged.
    for ident in ["abc", 7.5, -3, {"k": [1, {"z": None}]}, [1, "two", None], None, True]:
        add(json.dumps({"id": ident, "op": "overlap", "a": C(0, 0, 1), "b": C(3, 0, 1)}),
            with_id(lambda out, ident=ident: ({k: v for k, v in out.items() if k != "id"} == {"overlap": False},
                                              "expected overlap false"), ident))

    # Blank lines are skipped (answered with nothing).
    add("", None)
    add("   \t ", None)

    # Invalid lines: each names what is wrong.
    c1 = C(0, 0, 1)
    add('{"id":20,"op":"overlap","a":', without_id(expect_error("json")))
    add('this is not json', without_id(expect_error("json")))
    add('[1, "overlap"]', without_id(expect_error("object")))
    add(q("intersect", id=21, a=c1, b=c1), with_id(expect_error("op", "intersect"), 21))
    add(json.dumps({"id": 22, "a": c1, "b": c1}), with_id(expect_error("op"), 22))
    add(q("overlap", id=23, a=c1, b={"type": "hexagon", "center": [0, 0], "radius": 1}),
        with_id(expect_error("b.type", "hexagon"), 23))
    add(q("distance", id=24, a=c1), with_id(expect_error("b"), 24))
    add(q("overlap", id=25, a={"type": "circle", "center": [0, 0]}, b=c1), with_id(expect_error("a.radius"), 25))
    add(q("overlap", id=26, a=c1, b=C(0, 0, -1)), with_id(expect_error("b.radius"), 26))
    add(q("overlap", id=27, a={"type": "circle", "center": [0, 0], "radius": "1"}, b=c1),
        with_id(expect_error("a.radius"), 27))
    add(q("overlap", id=28, a={"type": "circle", "center": [0], "radius": 1}, b=c1),
        with_id(expect_error("a.center"), 28))
    add(q("overlap", id=29, a={"type": "circle", "center": ["NaN", 0], "radius": 1}, b=c1),
        with_id(expect_error("a.center"), 29))
    add('{"id":30,"op":"overlap","a":{"type":"circle","center":[NaN,0],"radius":1},"b":' + json.dumps(c1) + '}',
        expect_error())
    add('{"id":31,"op":"overlap","a":{"type":"circle","center":[1e999,0],"radius":1},"b":' + json.dumps(c1) + '}',
        expect_error())
    sec = lambda h: {"type": "sector", "center": [0, 0], "radius": 2, "facing": 0, "half_angle": h}
    add(q("raycast", id=32, shape=sec(4.0), origin=[5, 0], direction=[-1, 0], max_distance=9),
        with_id(expect_error("shape.half_angle"), 32))
    add(q("overlap", id=33, a=sec(-0.1), b=c1), with_id(expect_error("a.half_angle"), 33))
    add(q("overlap", id=34, a={"type": "sector", "center": [0, 0], "radius": 0, "facing": 0, "half_angle": 1},
          b=c1), with_id(expect_error("a.radius"), 34))
    add(q("overlap", id=35, a=AABB(1, 0, 0, 1), b=c1), with_id(expect_error("a.m"), 35))
    add(q("overlap", id=36, a={"type": "box", "center": [0, 0], "half_extents": [-1, 1], "angle": 0}, b=c1),
        with_id(expect_error("a.half_extents"), 36))
    add(q("overlap", id=37, a={"type": "polygon", "points": [[0, 0], [4, 0], [4, 4], [2, 1], [0, 4]]}, b=c1),
        with_id(expect_error("a."), 37))
    add(q("overlap", id=38, a={"type": "polygon", "points": [[0, 0], [1, 1], [2, 2], [3, 3]]}, b=c1),
        with_id(expect_error("a."), 38))
    add(q("overlap", id=39, a={"type": "polygon", "points": [[0, 0], [1, 1]]}, b=c1),
        with_id(expect_error("a.points"), 39))
    add(q("raycast", id=40, shape=c1, origin=[5, 0], direction=[0, 0], max_distance=10),
        with_id(expect_error("direction"), 40))
    add(q("raycast", id=41, shape=c1, origin=[5, 0], direction=[-1, 0], max_distance=-1),
        with_id(expect_error("max_distance"), 41))
    add(q("raycast", id=42, shape=c1, origin=[5, 0], direction=[-1, 0]),
        with_id(expect_error("max_distance"), 42))
    add(q("overlap", id=43, a={"type": 5}, b=c1), with_id(expect_error("a.type"), 43))
    add(q("overlap", id=44, a=c1, b=[1, 2]), with_id(expect_error("b"), 44))
    add(q("overlap", id=45, a={"type": "point", "at": [True, 0]}, b=c1), with_id(expect_error("a.at[0]"), 45))
    # Sweeps: overlapping at t = 0; a missing or non-finite velocity is named.
    add(q("sweep", id=46, a=c1, velocity_a=[1, 0], b=c1, velocity_b=[0, 0]),
        expect_exact({"id": 46, "hit": True, "time": 0, "initially_overlapping": True}))
    add(q("sweep", id=47, a=c1, velocity_a=[1, 0], b=c1), with_id(expect_error("velocity_b"), 47))
    # circle r=1 from x=-5 moving +10 meets the circle r=2 at x=3 (gap 5) at t = 0.5, at x = 1
    def sweep_hit(out):
        ok = (out.get("hit") is True and close(out.get("time"), 0.5) and vclose(out.get("point"), [1, 0])
              and vclose(out.get("normal"), [1, 0]) and "initially_overlapping" not in out)
        return ok, "expected a hit at t = 0.5, point [1, 0], normal [1, 0]"
    add(q("sweep", id=54, a=C(-5, 0, 1), velocity_a=[10, 0], b=C(3, 0, 2), velocity_b=[0, 0]), sweep_hit)
    add(q("sweep", id=55, a=C(-5, 0, 1), velocity_a=[10, 0], b=C(3, 5, 2), velocity_b=[0, 0]),
        expect_exact({"id": 55, "hit": False}))
    add(q("sweep", id=53, a=c1, velocity_a=["NaN", 0], b=c1, velocity_b=[0, 0]),
        with_id(expect_error("velocity_a"), 53))
    # a map file that cannot be read: an error naming the field
    add(q("map_query", id=48, map="no-such-dir/x.tmx", point=[0, 0], radius=1), with_id(expect_error("map"), 48))
    # A coordinate beyond float's range: refused by the tool's range check in a float build (it
    # must not become inf), by the library's coordinate limit in a double build.
    add(q("distance", id=49, a=C(1e39, 0, 1), b=C(0, 0, 1)), with_id(expect_error("a.center"), 49))
    add(q("distance", id=52, a=C(0, 0, 1), b=C(0, 0, -1e39)), with_id(expect_error("b.radius"), 52))
    # Invalid UTF-8 inside a line: still exactly one error line.
    add('{"id":50,"op":"\udcff"}', expect_error())
    # Deeply nested values (here the id) are refused, not a crash.
    add('{"id":' + '[' * 5000 + ']' * 5000 + ',"op":"overlap"}', without_id(expect_error("nested")))
    # After all the errors, the tool still answers.
    add(q("overlap", id=51, a=c1, b=C(0.5, 0, 0.1)), expect_exact({"id": 51, "overlap": True}))
    return L


def main():
    args = sys.argv[1:]
    if not args:
        print(__doc__)
        return 2
    tool = args[0]
    scalar = args[args.index("--scalar") + 1] if "--scalar" in args else "double"
    L = cases(scalar)
    data = "\n".join(line for line, _ in L) + "\n"
    p = subprocess.run([tool, "query", "--scalar", scalar], input=data.encode("utf-8", "surrogateescape"),
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=60)
    if p.returncode != 0:
        failures.append(f"exit status {p.returncode}: {p.stderr.decode(errors='replace')}")
    outs = p.stdout.decode("utf-8", errors="replace").splitlines()
    expected = [(line, chk) for line, chk in L if chk is not None]
    if len(outs) != len(expected):
        failures.append(f"{len(outs)} output lines for {len(expected)} non-blank input lines")
    for (line, chk), raw in zip(expected, outs):
        try:
            out = json.loads(raw)
        except ValueError as e:
            failures.append(f"not JSON: {raw!r} ({e}) for input {line}")
            continue
        if not isinstance(out, dict):
            failures.append(f"not an object: {raw} for input {line}")
            continue
        ok, why = chk(out)
        if not ok:
            failures.append(f"input:  {line}\n  output: {raw}\n  {why}")
    # Output must be complete at exit even without a trailing newline on the input.
    p2 = subprocess.run([tool, "query", "--scalar", scalar], input=q("overlap", a=C(0, 0, 1), b=C(0, 0, 1)).encode(),
                        stdout=subprocess.PIPE, timeout=60)
    if p2.returncode != 0 or p2.stdout.decode().strip() != '{"overlap":true}':
        failures.append(f"last line without newline: {p2.stdout!r}")
    for f in failures:
        print("FAIL:", f)
    print(f"{len(expected) + 1 - len(failures)} passed, {len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
