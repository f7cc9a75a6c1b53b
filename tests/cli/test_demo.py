#!/usr/bin/env python3
"""Tests `collide2d demo --out DIR`: exit status 0, a non-empty well-formed SVG with one panel
per pair, a summary naming the file, the same bytes on a second run (deterministic); the
island scenario (and the Doom one, when Freedoom is installed) on the one World report 0 bodies
in the sea or in walls, 0 inside rocks or pillars, 0 through, 0 overlapping.

usage: test_demo.py TOOL WORKDIR"""
import os
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET

SVG = "{http://www.w3.org/2000/svg}"


def run(tool, out):
    shutil.rmtree(out, ignore_errors=True)
    p = subprocess.run([tool, "demo", "--out", out], stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, timeout=120)
    return p.returncode, p.stdout.decode(errors="replace"), p.stderr.decode(errors="replace")


def main():
    if len(sys.argv) != 3:
        print(__doc__)
        return 2
    tool, work = sys.argv[1], sys.argv[2]
    fails = []
    out1 = os.path.join(work, "run1", "nested")     # the directory is created when missing
    rc, so, se = run(tool, out1)
    print(so, end="")
    if rc != 0:
        fails.append(f"exit status {rc}: {se}")
    # The checked summaries of the world scenarios.
    m = re.search(r"checked: in the sea (\d+), inside rocks (\d+), through (\d+), overlapping (\d+)", so)
    if not m:
        fails.append("no island summary")
    elif m.groups() != ("0", "0", "0", "0"):
        fails.append(f"island: {m.group(0)}")
    if "wad: skipped" not in so:
        m = re.search(r"(\d+) left the rooms, inside walls (\d+) \(least clearance [^)]*\), "
                      r"inside pillars (\d+), through walls (\d+), overlapping (\d+)", so)
        if not m:
            fails.append("no wad summary")
        elif m.groups() != ("0", "0", "0", "0", "0"):
            fails.append(f"wad: {m.group(0)}")
    path = os.path.join(out1, "gallery.svg")
    if not os.path.isfile(path) or os.path.getsize(path) == 0:
        fails.append(f"{path} missing or empty")
    else:
        if "gallery.svg" not in so:
            fails.append("summary does not name gallery.svg")
        try:
            root = ET.parse(path).getroot()
            if root.tag != SVG + "svg":
                fails.append(f"root element is {root.tag}, not svg")
            texts = [t.text or "" for t in root.iter(SVG + "text")]
            shapes = sum(1 for e in root.iter() if e.tag in
                         (SVG + "path", SVG + "circle", SVG + "polygon", SVG + "line"))
            titles = [t for t in texts if " vs " in t or " in " in t]
            if len(titles) < 20:
                fails.append(f"only {len(titles)} panel titles")
            if shapes < 60:
                fails.append(f"only {shapes} drawn elements")
            if not any("touching" in t for t in texts) or not any("apart" in t for t in texts):
                fails.append("expected both touching and apart pairs")
            if not any(e.tag == SVG + "path" and " A" in e.get("d", "") for e in root.iter()):
                fails.append("no arc paths (sectors, rounded polygons)")
        except ET.ParseError as e:
            fails.append(f"not well-formed XML: {e}")
        # The bouncing-ball scene: a well-formed SVG with the field, the obstacles and a trail.
        ball = os.path.join(out1, "bouncing_ball.svg")
        if not os.path.isfile(ball) or os.path.getsize(ball) == 0:
            fails.append(f"{ball} missing or empty")
        else:
            try:
                broot = ET.parse(ball).getroot()
                drawn = sum(1 for e in broot.iter() if e.tag in
                            (SVG + "path", SVG + "circle", SVG + "polygon", SVG + "line", SVG + "polyline"))
                if broot.tag != SVG + "svg" or drawn < 8:
                    fails.append(f"bouncing_ball.svg: root {broot.tag}, {drawn} drawn elements")
            except ET.ParseError as e:
                fails.append(f"bouncing_ball.svg not well-formed XML: {e}")
        # Deterministic: a second run writes the same bytes.
        out2 = os.path.join(work, "run2")
        rc2, _, se2 = run(tool, out2)
        p2 = os.path.join(out2, "gallery.svg")
        if rc2 != 0 or not os.path.isfile(p2):
            fails.append(f"second run failed: {se2}")
        elif open(path, "rb").read() != open(p2, "rb").read():
            fails.append("two runs wrote different SVGs")
    for f in fails:
        print("FAIL:", f)
    print("demo test:", "failed" if fails else "passed")
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())
