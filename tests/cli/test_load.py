#!/usr/bin/env python3
"""Load: `collide2d query` under a long stream keeps bounded memory and answers every line.

usage: test_load.py TOOL WORKDIR SHARED_DIR [--lines N[,N...]] [--scalar float|double]

The stream mixes every kind of line: pair queries (overlap, distance, contact, raycast, sweep)
on random shapes, map_query on The Mana World's maps and on Freedoom's E1M1 (when present: the
same few maps reused), disc_union_query, malformed lines, and every 50 lines a map_query naming
a file by a new name: in turn a missing file, and The Mana World's map 001-1 spelled with one
more "./" (a new file to the tool each time; neither may be kept forever). It is generated
while the tool reads it, and the answers are read as they come: one per line, in order, each a
JSON object with the line's id (an answer or an error).

Test (default): runs 3,000 lines and 30,000 lines; both must be answered line for line, and the
peak RSS of the longer run may exceed the shorter one's by at most 24 MB (it grew without bound
before the map caches were bounded: every new name's map or error was kept, ~1 MB a map). --lines 10000,1000000
measures instead (docs/reliability.md) and prints each run's peak RSS and time.
Exit status: 0 pass, 1 fail.
"""
import json
import os
import random
import resource
import subprocess
import sys
import threading
import time


def shape(rng):
    c = [rng.uniform(-50, 50), rng.uniform(-50, 50)]
    k = rng.randrange(5)
    if k == 0:
        return {"type": "circle", "center": c, "radius": rng.uniform(0.1, 5)}
    if k == 1:
        return {"type": "box", "center": c, "half_extents": [rng.uniform(0.1, 3), rng.uniform(0.1, 3)],
                "angle": rng.uniform(-3, 3)}
    if k == 2:
        return {"type": "capsule", "a": c, "b": [c[0] + rng.uniform(-4, 4), c[1] + rng.uniform(-4, 4)],
                "radius": rng.uniform(0.1, 2)}
    if k == 3:
        return {"type": "sector", "center": c, "radius": rng.uniform(1, 6), "facing": rng.uniform(-3, 3),
                "half_angle": rng.uniform(0.1, 3)}
    return {"type": "polygon", "points": [[c[0] - 1, c[1] - 1], [c[0] + 2, c[1] - 1], [c[0] + 1, c[1] + 2]]}


def lines(n, rng, maps, work, respell):
    for i in range(n):
        k = i % 10
        obj = {"id": i}
        if k <= 4:
            obj["op"] = ["overlap", "distance", "contact", "raycast", "sweep"][k]
            obj["a"] = shape(rng)
            if k == 3:
                obj["ray"] = {"origin": [rng.uniform(-60, 60), rng.uniform(-60, 60)],
                              "direction": [rng.uniform(-1, 1) or 1, rng.uniform(-1, 1)], "max_distance": 100}
            else:
                obj["b"] = shape(rng)
            if k == 4:
                obj["va"] = [rng.uniform(-9, 9), rng.uniform(-9, 9)]
                obj["vb"] = [0, 0]
        elif k <= 6 and maps:
            path, (w, h) = maps[i % len(maps)]
            obj.update(op="map_query", map=path, point=[rng.uniform(0, w), rng.uniform(0, h)],
                       radius=rng.uniform(1, 20))
        elif k == 7:
            obj.update(op="disc_union_query", discs=[[0, 0, 3], [4, 0, 2], [rng.uniform(-5, 5), 3, 1.5]],
                       point=[rng.uniform(-6, 6), rng.uniform(-4, 4)], radius=0.5)
        elif k == 8 and i % 50 == 8:
            if respell and i % 100 == 58:
                d, name = os.path.split(respell)
                path = os.path.join(d, "./" * (i // 100), name)
            else:
                path = os.path.join(work, f"missing-{i}.tmx")
            obj.update(op="map_query", map=path, point=[1, 1], radius=1)
        elif k == 8:
            yield '{"id": %d, "op": "overlap", "a": {"type": "circle", "center": [0, 0]' % i
            continue
        else:
            obj.update(op="overlap", a={"type": "circle", "center": [0, 0], "radius": -1}, b=shape(rng))
        yield json.dumps(obj)


def run(tool, n, maps, work, scalar, respell):
    env = dict(os.environ)
    # ASan keeps freed memory in a quarantine (256 MB by default): keep it small so RSS means use.
    env["ASAN_OPTIONS"] = (env.get("ASAN_OPTIONS", "") + ":quarantine_size_mb=8").lstrip(":")
    t0 = time.monotonic()
    proc = subprocess.Popen([tool, "query", "--scalar", scalar], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            env=env, text=True, bufsize=1 << 16)
    problems = []
    count = [0]

    def reader():
        for k, line in enumerate(proc.stdout):
            count[0] += 1
            try:
                ans = json.loads(line)
            except ValueError:
                problems.append(f"answer {k} is not JSON: {line[:200]}")
                continue
            # The truncated lines (k % 10 == 8, not a missing map) cannot be read: no id.
            if not isinstance(ans, dict) or ("id" in ans and ans["id"] != k):
                problems.append(f"answer {k} out of order or not an object: {line[:200]}")
            elif "id" not in ans and not (k % 10 == 8 and k % 50 != 8):
                problems.append(f"answer {k} lost its id: {line[:200]}")
            if len(problems) > 5:
                break

    th = threading.Thread(target=reader)
    th.start()
    rng = random.Random(5)
    try:
        for line in lines(n, rng, maps, work, respell):
            proc.stdin.write(line + "\n")
        proc.stdin.close()
    except BrokenPipeError:
        problems.append("the tool stopped reading")
    th.join()
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = status
    seconds = time.monotonic() - t0
    if count[0] != n:
        problems.append(f"{count[0]} answers for {n} lines")
    if status != 0:
        problems.append(f"exit status {status}")
    return usage.ru_maxrss / 1024.0, seconds, problems


def main():
    args = sys.argv[1:]
    if len(args) < 3:
        sys.exit(__doc__)
    tool, work, shared = args[0], args[1], args[2]
    counts, scalar = [3000, 30000], "double"
    if "--lines" in args:
        counts = [int(x) for x in args[args.index("--lines") + 1].split(",")]
    if "--scalar" in args:
        scalar = args[args.index("--scalar") + 1]
    os.makedirs(work, exist_ok=True)
    maps = []
    for name in ("001-1.tmx", "017-2.tmx"):
        p = os.path.join(shared, "data", "tmw", "maps", name)
        if os.path.isfile(p):
            maps.append((p, (4480, 4480)))
    respell = os.path.join(shared, "data", "tmw", "maps", "001-1.tmx")
    if not os.path.isfile(respell):
        respell = ""
    if os.path.isfile("/usr/share/games/doom/freedoom1.wad"):
        maps.append(("/usr/share/games/doom/freedoom1.wad#E1M1", (3000, 3000)))
    results = []
    for n in counts:
        rss, seconds, problems = run(tool, n, maps, work, scalar, respell)
        print(f"load: {n} lines ({scalar}, {len(maps)} maps reused): peak RSS {rss:.1f} MB, {seconds:.1f} s, "
              f"{n / seconds:.0f} lines/s")
        for p in problems:
            print("  FAIL:", p)
        if problems:
            return 1
        results.append(rss)
    if "--lines" not in args:
        growth = results[-1] - results[0]
        if growth > 24:
            print(f"FAIL: peak RSS grew by {growth:.1f} MB from {counts[0]} to {counts[-1]} lines")
            return 1
        print(f"load: ok, peak RSS grew by {growth:.1f} MB from {counts[0]} to {counts[-1]} lines")
    return 0


if __name__ == "__main__":
    sys.exit(main())
