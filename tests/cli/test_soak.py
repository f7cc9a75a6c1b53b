#!/usr/bin/env python3
"""`collide2d soak`: one line per map, every step checked, 0 escapes on real maps.

usage: test_soak.py TOOL WORKDIR SHARED_DIR

Runs a short soak (both scalars; each map's own mover, and World::move_crowd with the map as a
layer of the world) on The Mana World's map 017-2 and a small Tiled map written
here (a walled room with a pillar), and on Freedoom's E1M1 when it is installed; each map's
line must name the map, count agents x steps, and report 0 inside, 0 through and 0 overlapping;
the total line must add up. A missing file must give exit status 2 and a message naming it.
Exit 77 (skipped) when neither map source is present.
"""
import os
import re
import subprocess
import sys

LINE = re.compile(r"^(.*): (\d+) agents x (\d+) steps = (\d+) agent-steps \(([\d.]+)% moving\); "
                  r"inside walls (\d+), through walls (\d+), overlapping bodies (\d+); [\d.]+ s$")

ROOM = """<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" orientation="orthogonal" width="12" height="10" tilewidth="16" tileheight="16">
 <tileset firstgid="1" name="collision" tilecount="2"/>
 <layer name="Collision" width="12" height="10"><data encoding="csv">
2,2,2,2,2,2,2,2,2,2,2,2,
2,0,0,0,0,0,0,0,0,0,0,2,
2,0,0,0,0,0,0,0,0,0,0,2,
2,0,0,0,0,0,0,0,0,0,0,2,
2,0,0,0,0,2,2,0,0,0,0,2,
2,0,0,0,0,2,2,0,0,0,0,2,
2,0,0,0,0,0,0,0,0,0,0,2,
2,0,0,0,0,0,0,0,0,0,0,2,
2,0,0,0,0,0,0,0,0,0,0,2,
2,2,2,2,2,2,2,2,2,2,2,2
</data></layer>
</map>
"""


def main():
    tool, work, shared = sys.argv[1], sys.argv[2], sys.argv[3]
    os.makedirs(work, exist_ok=True)
    room = os.path.join(work, "room.tmx")
    with open(room, "w") as f:
        f.write(ROOM)
    maps = [room]
    tmw = os.path.join(shared, "data", "tmw", "maps", "017-2.tmx")
    if os.path.isfile(tmw):
        maps.append(tmw)
    if os.path.isfile("/usr/share/games/doom/freedoom1.wad"):
        maps.append("/usr/share/games/doom/freedoom1.wad#E1M1")
    failures = []
    for scalar, mover in (("float", "map"), ("double", "map"), ("float", "world"), ("double", "world")):
        r = subprocess.run([tool, "soak", *maps, "--agents", "40", "--steps", "150", "--scalar", scalar,
                            "--mover", mover], capture_output=True, text=True, timeout=600)
        scalar = f"{scalar} --mover {mover}"  # names the run in the failures below
        out = r.stdout.strip().splitlines()
        if r.returncode != 0:
            failures.append(f"{scalar}: exit {r.returncode}: {r.stdout} {r.stderr}")
            continue
        if len(out) != len(maps) + 1:
            failures.append(f"{scalar}: {len(out)} lines for {len(maps)} maps: {out}")
            continue
        total = 0
        for name, line in zip(maps, out):
            m = LINE.match(line)
            if not m:
                failures.append(f"{scalar}: bad line {line!r}")
                continue
            shown = name.split("#")[0]
            if not m.group(1).startswith(shown):
                failures.append(f"{scalar}: line names {m.group(1)}, expected {name}")
            agents, steps, agent_steps = int(m.group(2)), int(m.group(3)), int(m.group(4))
            if agents < 1 or agent_steps != agents * steps:
                failures.append(f"{scalar}: {line}")
            if float(m.group(5)) < 10:
                failures.append(f"{scalar}: almost nobody moves: {line}")
            if (m.group(6), m.group(7), m.group(8)) != ("0", "0", "0"):
                failures.append(f"{scalar}: escapes: {line}")
            total += agent_steps
        if not out[-1].startswith(f"total: {len(maps)} maps, {total} agent-steps;") or "; 0 escapes;" not in out[-1]:
            failures.append(f"{scalar}: total line {out[-1]!r} (expected {total} agent-steps)")
    missing = os.path.join(work, "no-such-map.tmx")
    r = subprocess.run([tool, "soak", missing], capture_output=True, text=True, timeout=60)
    if r.returncode != 2 or missing not in r.stderr:
        failures.append(f"missing map: exit {r.returncode}, stderr {r.stderr!r}")
    for f in failures:
        print("FAIL:", f)
    print(f"soak: {len(maps)} maps x 2 scalars x 2 movers, {len(failures)} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
