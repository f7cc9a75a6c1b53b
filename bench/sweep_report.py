#!/usr/bin/env python3
# collide2d - 2D collision detection for games. MIT License.
"""Markdown tables of the sweep benchmarks (bench/sweep_bench.cpp) from collide2d_bench JSON.

Usage: sweep_report.py RESULTS.json   (prints the tables; median aggregates when repeated)
Standard library only.
"""

import json
import math
import statistics
import sys

KINDS = ["point", "circle", "sector_narrow", "sector_wide", "aabb", "box", "capsule",
         "segment", "polygon"]
SHORT = {"point": "point", "circle": "circle", "sector_narrow": "sector<", "sector_wide": "sector>",
         "aabb": "aabb", "box": "box", "capsule": "capsule", "segment": "segment",
         "polygon": "polygon"}
TO_NS = {"ns": 1.0, "us": 1e3, "ms": 1e6, "s": 1e9}


def load(path):
    with open(path, encoding="utf-8") as f:
        data = json.load(f)
    runs = data["benchmarks"]
    have_median = any(r.get("aggregate_name") == "median" for r in runs)
    out = {}
    for r in runs:
        if have_median and r.get("aggregate_name") != "median":
            continue
        if not have_median and r.get("run_type", "iteration") != "iteration":
            continue
        name = r.get("run_name", r["name"])
        out.setdefault(name, []).append((r["cpu_time"] * TO_NS[r.get("time_unit", "ns")], r))
    return data.get("context", {}), {k: (statistics.median(x[0] for x in v), v[0][1]) for k, v in out.items()}


def fmt(ns):
    return "-" if ns is None else (f"{ns:.0f}" if ns >= 100 else f"{ns:.1f}")


def geomean(xs):
    xs = [x for x in xs if x and x > 0]
    return math.exp(sum(math.log(x) for x in xs) / len(xs)) if xs else None


def tables(res, query):
    lines = [f"### `{query}`: ns per sweep, collide2d (rows: a, the mover; columns: b, still)", ""]
    lines.append("| a \\ b | " + " | ".join(SHORT[k] for k in KINDS) + " |")
    lines.append("|---|" + "---:|" * len(KINDS))
    for a in KINDS:
        row = [fmt(res.get(f"{query}/collide2d/{a}/{b}", (None,))[0]) for b in KINDS]
        lines.append(f"| {SHORT[a]} | " + " | ".join(row) + " |")
    lines += ["", f"### `{query}` beside Box2D 2.4.1 `b2TimeOfImpact`", "",
              "| pair | collide2d ns | Box2D ns | ratio (Box2D / collide2d) | hits collide2d | hits Box2D | agree | Box2D failed | Box2D missed |",
              "|---|---:|---:|---:|---:|---:|---:|---:|---:|"]
    ratios = []
    for a in KINDS:
        for b in KINDS:
            ours = res.get(f"{query}/collide2d/{a}/{b}")
            theirs = res.get(f"{query}/box2d/{a}/{b}")
            if not ours or not theirs:
                continue
            ratio = theirs[0] / ours[0]
            ratios.append(ratio)
            lines.append(f"| {a} - {b} | {fmt(ours[0])} | {fmt(theirs[0])} | {ratio:.2f} | "
                         f"{ours[1].get('hit_frac', 0):.3f} | {theirs[1].get('hit_frac', 0):.3f} | "
                         f"{theirs[1].get('agree_frac', 0):.3f} | {theirs[1].get('failed_frac', 0):.3f} | "
                         f"{theirs[1].get('missed_frac', 0):.3f} |")
    g = geomean(ratios)
    lines += ["", f"Geometric mean of the ratio over the {len(ratios)} shared pairs: "
              + ("-" if g is None else f"{g:.2f}") + " (above 1: collide2d is faster).", ""]
    return lines


def main():
    if len(sys.argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    ctx, res = load(sys.argv[1])
    print(f"Run: {ctx.get('date', '?')}, commit {ctx.get('collide2d_commit', '?')}, "
          f"scalar {ctx.get('collide2d_scalar', '?')}, load average "
          + ", ".join(f"{x:.2f}" for x in ctx.get("load_avg", [])) + "\n")
    for q in ("sweep", "sweep_rotating"):
        print("\n".join(tables(res, q)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
