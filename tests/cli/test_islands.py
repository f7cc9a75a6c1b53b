#!/usr/bin/env python3
"""Tests the disc-island parts of the tool: `collide2d demo --scenario island` (exit status 0,
a summary saying no character was in the sea, a well-formed island.svg with coast arcs and
paths, the same bytes on a second run) and `collide2d render island.json` (the SVG holds one
coast path per arc that `collide2d query` reports for the same discs; bad discs are refused
naming the element; an empty island renders).

usage: test_islands.py TOOL WORKDIR [SHARED_DIR]"""
import json
import os
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET

SVG = "{http://www.w3.org/2000/svg}"
COAST = "#1f5fa8"


def run(args, timeout=600, stdin=None):
    p = subprocess.run(args, input=stdin, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=timeout)
    return p.returncode, p.stdout.decode(errors="replace"), p.stderr.decode(errors="replace")


def coast_paths(path):
    root = ET.parse(path).getroot()
    assert root.tag == SVG + "svg", root.tag
    return [e for e in root.iter(SVG + "path") if e.get("stroke") == COAST and " A" in e.get("d", "")]


def main():
    if len(sys.argv) < 3:
        print(__doc__)
        return 2
    tool, work = sys.argv[1], sys.argv[2]
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    fails = []

    # The demo scenario, twice: deterministic, nobody in the sea.
    outs = []
    for k in (1, 2):
        out = os.path.join(work, f"demo{k}")
        rc, so, se = run([tool, "demo", "--scenario", "island", "--out", out])
        print(so, end="")
        if rc != 0:
            fails.append(f"demo exit status {rc}: {se}")
            continue
        m = re.search(r"(\d+) characters x (\d+) steps in one World: (\d+) in the sea, (\d+) in rocks, "
                      r"(\d+) through, (\d+) overlapping", so)
        if not m:
            fails.append("summary line missing: " + so)
        elif tuple(int(g) for g in m.groups()) != (200, 5000, 0, 0, 0, 0):
            fails.append("expected 200 characters x 5000 steps, 0 in the sea, in rocks, through, overlapping: "
                         + m.group(0))
        svg = os.path.join(out, "island.svg")
        if "island.svg" not in so:
            fails.append("summary does not name island.svg")
        try:
            arcs = coast_paths(svg)
            m2 = re.search(r"(\d+) coast arcs", so)
            if m2 and len(arcs) != int(m2.group(1)):
                fails.append(f"{len(arcs)} coast paths drawn, summary says {m2.group(1)} arcs")
            root = ET.parse(svg).getroot()
            paths = [e for e in root.iter(SVG + "path") if " L" in e.get("d", "")]
            if len(paths) < 30:
                fails.append(f"only {len(paths)} character paths drawn")
            circles = sum(1 for e in root.iter(SVG + "circle"))
            if circles < 500:
                fails.append(f"only {circles} circles (300 discs + 200 characters expected)")
            if os.path.getsize(svg) > 2_000_000:
                fails.append(f"island.svg is {os.path.getsize(svg)} bytes: paths not subsampled")
            outs.append(open(svg, "rb").read())
        except (ET.ParseError, OSError, AssertionError) as e:
            fails.append(f"{svg}: {e}")
    if len(outs) == 2 and outs[0] != outs[1]:
        fails.append("island.svg differs between two runs")

    # render: coast paths match the query op's arcs for the same discs.
    discs = [[0, 0, 5], [7, 0, 4], [3, 5, 3], [20, 0, 2], [20, 0, 2], [0, 0, 1], [-4, -3, 0.5]]
    src = os.path.join(work, "island.json")
    with open(src, "w") as f:
        json.dump({"discs": discs}, f)
    out = os.path.join(work, "island.svg")
    rc, so, se = run([tool, "render", src, "--out", out])
    if rc != 0:
        fails.append(f"render exit status {rc}: {se}")
    else:
        rc, qo, qe = run([tool, "query"], stdin=json.dumps({"op": "disc_union_boundary", "discs": discs}).encode())
        want = len(json.loads(qo)["arcs"])
        got = len(coast_paths(out))
        if got != want:
            fails.append(f"render drew {got} coast arcs, query reports {want}")
        if "coast arcs" not in so:
            fails.append("render printed no summary: " + so)

    # render: bad input is refused naming the element; an empty island is fine.
    bad = os.path.join(work, "bad.json")
    with open(bad, "w") as f:
        json.dump({"discs": [[0, 0, 1], [1, 1, -2]]}, f)
    rc, so, se = run([tool, "render", bad, "--out", os.path.join(work, "bad.svg")])
    if rc == 0 or "discs[1]" not in se or "radius" not in se:
        fails.append(f"bad radius: exit {rc}, message {se!r}")
    # values beyond the coordinate limit (1e12): an error naming the field, never an internal error
    lines = [
        {"id": 1, "op": "disc_union_query", "discs": [[0, 0, 1]], "point": [1.7e308, 1.7e308]},
        {"id": 2, "op": "disc_union_boundary", "discs": [[-1.7e308, 0, 1.7e308], [1.7e308, 0, 1.7e308]]},
        {"id": 3, "op": "disc_union_boundary", "discs": [[0, 0, 1], [1e200, 0, 1]]},
    ]
    p = subprocess.run([tool, "query"], input="\n".join(json.dumps(l) for l in lines).encode(),
                       stdout=subprocess.PIPE, timeout=60)
    answers = [json.loads(l) for l in p.stdout.decode().splitlines()]
    for want, line in zip(["point", "discs[0]", "discs[1]"], answers):
        if "error" not in line or not line["error"].startswith(want) or "internal" in line["error"]:
            fails.append(f"expected an error naming {want}: {line}")
    if len(answers) != len(lines):
        fails.append(f"{len(lines)} lines in, {len(answers)} out")
    empty = os.path.join(work, "empty.json")
    with open(empty, "w") as f:
        json.dump({"discs": []}, f)
    rc, so, se = run([tool, "render", empty, "--out", os.path.join(work, "empty.svg")])
    if rc != 0:
        fails.append(f"empty island: exit {rc}: {se}")

    for f in fails:
        print("FAIL:", f)
    print("test_islands:", "ok" if not fails else f"{len(fails)} failures")
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())
