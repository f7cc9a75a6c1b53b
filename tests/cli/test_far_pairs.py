#!/usr/bin/env python3
# collide2d - 2D collision detection for games. MIT License.
"""Pair queries and ray casts far from the origin, `collide2d query` with the float and the
double library, against closed forms evaluated here in double relative to the shapes.

Small shapes (radii 0.2-1) 1e4 to 1e6 from (0, 0): ray casts at circles and capsules, the
distance, contact and sweep of two circles. The tool measures a query from a local origin
(docs/queries.md, "Large coordinates"), so the float answers keep the precision of the numbers
near the shapes: a normal within 1e-4 rad, a point or a distance within 1e-4 (plus 2e-6 of the
distances involved), a time within 1e-5. Taken at face value, the float coordinates alone are
only good to 4.9e-4 at 1e4 and 6.3e-2 at 1e6, several milliradians on these radii.

usage: test_far_pairs.py TOOL WORKDIR SHARED_DIR"""
import json
import math
import random
import subprocess
import sys

N = 60  # cases per kind


def run(tool, scalar, queries):
    lines = "".join(json.dumps(dict(q, id=i)) + "\n" for i, q in enumerate(queries))
    p = subprocess.run([tool, "query", "--scalar", scalar], input=lines, capture_output=True,
                       text=True, check=True)
    out = [json.loads(l) for l in p.stdout.splitlines()]
    assert len(out) == len(queries), f"{len(out)} answers to {len(queries)} lines"
    for i, a in enumerate(out):
        assert a.get("id") == i and "error" not in a, f"line {i}: {a}"
    return out


def far_point(rng):
    """A point 1e4 to 1e6 from the origin in any direction."""
    m, t = 10 ** rng.uniform(4, 6), rng.uniform(0, 2 * math.pi)
    return [m * math.cos(t), m * math.sin(t)]


def ray_circle(o, d, c, r):
    """First t >= 0 with |o + t d - c| = r (d a unit vector), computed relative to c."""
    px, py = o[0] - c[0], o[1] - c[1]
    b = px * d[0] + py * d[1]
    q = px * px + py * py - r * r
    disc = b * b - q
    if disc < 0:
        return None
    t = -b - math.sqrt(disc)
    return t if t >= 0 else None


def ray_side(o, d, a, b, r):
    """t where the ray meets the side of capsule a-b pushed out by r towards the ray's side."""
    ex, ey = b[0] - a[0], b[1] - a[1]
    L = math.hypot(ex, ey)
    nx, ny = -ey / L, ex / L
    px, py = o[0] - a[0], o[1] - a[1]
    if px * nx + py * ny < 0:
        nx, ny = -nx, -ny
    h = px * nx + py * ny - r  # height of the origin above the side
    dn = d[0] * nx + d[1] * ny
    if h < 0 or dn >= 0:
        return None
    t = -h / dn
    s = ((px + t * d[0]) * ex + (py + t * d[1]) * ey) / (L * L)
    return (t, (nx, ny)) if 0 <= s <= 1 else None


def angle(u, v):
    return abs(math.atan2(u[0] * v[1] - u[1] * v[0], u[0] * v[0] + u[1] * v[1]))


def unit(t):
    return [math.cos(t), math.sin(t)]


def check(ok, what):
    if not ok:
        raise AssertionError(what)


def main():
    tool = sys.argv[1]
    rng = random.Random(20261126)
    rays, caps, pairs = [], [], []
    for _ in range(N):  # a ray from 2-20 away aimed within the circle's silhouette
        c, r = far_point(rng), rng.uniform(0.2, 1.0)
        dist, t = rng.uniform(2, 20), rng.uniform(0, 2 * math.pi)
        o = [c[0] + dist * math.cos(t), c[1] + dist * math.sin(t)]
        aim = t + math.pi + rng.uniform(-0.9, 0.9) * math.asin(r / dist)
        rays.append((o, unit(aim), c, r))
    for _ in range(N):  # a capsule of length 1-5, a ray at a point of its core
        a, L, th, r = far_point(rng), rng.uniform(1, 5), rng.uniform(0, 2 * math.pi), rng.uniform(0.2, 1.0)
        b = [a[0] + L * math.cos(th), a[1] + L * math.sin(th)]
        s, dist, t = rng.uniform(0, 1), rng.uniform(3, 20), rng.uniform(0, 2 * math.pi)
        target = [a[0] + s * (b[0] - a[0]), a[1] + s * (b[1] - a[1])]
        o = [target[0] + dist * math.cos(t), target[1] + dist * math.sin(t)]
        caps.append((o, unit(t + math.pi), a, b, r))
    for _ in range(N):  # two circles 0.5-3 apart (overlapping or not), the second moving at the first
        c1, r1, r2 = far_point(rng), rng.uniform(0.2, 1.0), rng.uniform(0.2, 1.0)
        t = rng.uniform(0, 2 * math.pi)
        gap = rng.uniform(-0.5, 2.0) * min(r1, r2) + r1 + r2
        c2 = [c1[0] + gap * math.cos(t), c1[1] + gap * math.sin(t)]
        v = unit(t + math.pi + rng.uniform(-0.3, 0.3))
        v = [v[0] * 4, v[1] * 4]
        pairs.append((c1, r1, c2, r2, v))

    def circle(c, r):
        return {"type": "circle", "center": c, "radius": r}

    queries = []
    for o, d, c, r in rays:
        queries.append({"op": "raycast", "shape": circle(c, r), "origin": o, "direction": d, "max_distance": 100})
    for o, d, a, b, r in caps:
        queries.append({"op": "raycast", "shape": {"type": "capsule", "a": a, "b": b, "radius": r}, "origin": o,
                        "direction": d, "max_distance": 100})
    for c1, r1, c2, r2, v in pairs:
        queries.append({"op": "distance", "a": circle(c1, r1), "b": circle(c2, r2)})
        queries.append({"op": "contact", "a": circle(c1, r1), "b": circle(c2, r2)})
        queries.append({"op": "sweep", "a": circle(c1, r1), "velocity_a": [0, 0], "b": circle(c2, r2),
                        "velocity_b": v})

    for scalar in ("float", "double"):
        out = run(tool, scalar, queries)
        worst = {"normal": 0.0, "point": 0.0, "distance": 0.0, "time": 0.0}
        k = 0

        def near(kind, err, tol, what):
            worst[kind] = max(worst[kind], err)
            check(err <= tol, f"{scalar} {what}: {kind} off by {err:.3g} (at most {tol:.3g})")

        def ray_answer(ans, t, n, o, d, what):
            check(ans["hit"] and not ans.get("inside"), f"{scalar} {what}: expected a hit at {t}, got {ans}")
            near("distance", abs(ans["distance"] - t), 1e-4 + 2e-6 * t, what)
            p = [o[0] + t * d[0], o[1] + t * d[1]]
            near("point", math.hypot(ans["point"][0] - p[0], ans["point"][1] - p[1]), 1e-4 + 2e-6 * t, what)
            near("normal", angle(ans["normal"], n), 1e-4, what)

        for o, d, c, r in rays:
            t = ray_circle(o, d, c, r)
            px, py = o[0] - c[0] + t * d[0], o[1] - c[1] + t * d[1]
            ray_answer(out[k], t, [px / r, py / r], o, d, f"ray {k} at a circle")
            k += 1
        for o, d, a, b, r in caps:
            best = None
            for e in (a, b):
                t = ray_circle(o, d, e, r)
                if t is not None and (best is None or t < best[0]):
                    best = (t, ((o[0] - e[0] + t * d[0]) / r, (o[1] - e[1] + t * d[1]) / r))
            side = ray_side(o, d, a, b, r)
            if side is not None and (best is None or side[0] < best[0]):
                best = side
            check(best is not None, f"case {k}: the ray misses (test data)")
            ray_answer(out[k], best[0], best[1], o, d, f"ray {k} at a capsule")
            k += 1
        for c1, r1, c2, r2, v in pairs:
            dx, dy = c2[0] - c1[0], c2[1] - c1[1]
            L = math.hypot(dx, dy)
            n = [dx / L, dy / L]
            dist, con, sw = out[k], out[k + 1], out[k + 2]
            what = f"circles of lines {k}-{k + 2}"
            near("distance", abs(dist["distance"] - max(L - r1 - r2, 0)), 1e-4, what)
            if L > r1 + r2:
                pa, pb = [c1[0] + r1 * n[0], c1[1] + r1 * n[1]], [c2[0] - r2 * n[0], c2[1] - r2 * n[1]]
                near("point", math.hypot(dist["point_a"][0] - pa[0], dist["point_a"][1] - pa[1]), 1e-4, what)
                near("point", math.hypot(dist["point_b"][0] - pb[0], dist["point_b"][1] - pb[1]), 1e-4, what)
                check(not con["touching"], f"{scalar} {what}: apart by {L - r1 - r2}, contact {con}")
                # b moves at a: first time its center is r1 + r2 from a's, relative to a's center
                t = ray_circle([dx, dy], [v[0] / 4, v[1] / 4], [0, 0], r1 + r2)
                if t is None or t > 4:
                    check(not sw["hit"], f"{scalar} {what}: sweep hit, expected none")
                else:
                    check(sw["hit"] and not sw.get("initially_overlapping"), f"{scalar} {what}: sweep {sw}")
                    near("time", abs(sw["time"] - t / 4), 1e-5, what)
                    q = [dx + t * v[0] / 4, dy + t * v[1] / 4]
                    m = math.hypot(q[0], q[1])
                    near("normal", angle(sw["normal"], [q[0] / m, q[1] / m]), 1e-4, what)
                    p = [c1[0] + r1 * q[0] / m, c1[1] + r1 * q[1] / m]
                    near("point", math.hypot(sw["point"][0] - p[0], sw["point"][1] - p[1]), 1e-4, what)
            else:
                check(con["touching"], f"{scalar} {what}: overlapping by {r1 + r2 - L}, contact {con}")
                near("distance", abs(con["depth"] - (r1 + r2 - L)), 1e-4, what)
                near("normal", angle(con["normal"], n), 1e-4, what)
                p = con["points"][0]
                # the contact point lies on the center line between the two surfaces
                s = (p[0] - c1[0]) * n[0] + (p[1] - c1[1]) * n[1]
                off = abs((p[0] - c1[0]) * n[1] - (p[1] - c1[1]) * n[0])
                near("point", off, 1e-4, what)
                check(L - r2 - 1e-4 <= s <= r1 + 1e-4, f"{scalar} {what}: contact point {p} off the overlap")
            k += 3
        print(f"{scalar}: {len(queries)} queries 1e4-1e6 from the origin; worst " +
              ", ".join(f"{key} {val:.2g}" for key, val in worst.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
