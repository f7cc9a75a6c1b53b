#!/usr/bin/env python3
# collide2d - 2D collision detection for games. MIT License.
"""Turn collide2d_bench JSON output into the Markdown tables of docs/benchmarks.md.

Usage:
  report.py RESULTS.json                 print the tables
  report.py RESULTS.json --update FILE   replace the text between the report markers in FILE

Benchmark names are "<query>/<library>/<kind a>/<kind b>", "raycast/<library>/<kind>" and
"swing/<method>/<narrow|wide>". With repetitions, the median aggregate is used.
Standard library only.
"""

import argparse
import json
import math
import statistics
import sys

KINDS = ["point", "circle", "sector_narrow", "sector_wide", "aabb", "box", "capsule",
         "segment", "polygon"]
SHORT = {"point": "point", "circle": "circle", "sector_narrow": "sector<", "sector_wide": "sector>",
         "aabb": "aabb", "box": "box", "capsule": "capsule", "segment": "segment",
         "polygon": "polygon"}
PAIR_QUERIES = ["overlaps", "distance", "contact"]
BEGIN = "<!-- report:begin -->"
END = "<!-- report:end -->"
TO_NS = {"ns": 1.0, "us": 1e3, "ms": 1e6, "s": 1e9}
PATHOLOGICAL = 10.0  # flag a pair slower than this many times its query's median


def load(path, clock):
    """Returns (context, {name: (ns, counters)}); clock is "cpu_time" or "real_time"."""
    with open(path, encoding="utf-8") as f:
        data = json.load(f)
    runs = data["benchmarks"]
    have_median = any(r.get("aggregate_name") == "median" for r in runs)
    samples = {}
    for r in runs:
        if have_median:
            if r.get("run_type") != "aggregate" or r.get("aggregate_name") != "median":
                continue
        elif r.get("run_type", "iteration") != "iteration":
            continue
        name = r.get("run_name", r["name"])
        ns = r[clock] * TO_NS[r.get("time_unit", "ns")]
        samples.setdefault(name, []).append((ns, r))
    results = {}
    for name, vals in samples.items():
        ns = statistics.median(v[0] for v in vals)
        results[name] = (ns, vals[0][1])
    return data.get("context", {}), results


def fmt_ns(ns):
    if ns is None:
        return "-"
    return f"{ns:.1f}" if ns < 100 else f"{ns:.0f}"


def fmt_ratio(r):
    return "-" if r is None else f"{r:.2f}"


def geomean(xs):
    xs = [x for x in xs if x and x > 0]
    return math.exp(sum(math.log(x) for x in xs) / len(xs)) if xs else None


def context_lines(ctx):
    out = []
    caches = ", ".join(f"L{c['level']} {c['type'][0].lower()} {c['size'] // 1024} KiB"
                       for c in ctx.get("caches", []))
    out.append(f"- Run: {ctx.get('date', '?')}, host `{ctx.get('host_name', '?')}`, "
               f"{ctx.get('num_cpus', '?')} CPUs at {ctx.get('mhz_per_cpu', '?')} MHz"
               + (f", caches: {caches}" if caches else ""))
    load = ctx.get("load_avg")
    if load:
        out.append("- Load average at start: " + ", ".join(f"{x:.2f}" for x in load))
    out.append(f"- collide2d code: commit {ctx.get('collide2d_commit', '?')}; scalar: "
               f"{ctx.get('collide2d_scalar', '?')}; Box2D "
               f"{ctx.get('box2d_version', '?')} (its `b2_version` says "
               f"{ctx.get('box2d_b2_version', '?')}); the Google Benchmark library reports "
               f"itself as built {ctx.get('library_build_type', '?')} (Debian's package; this "
               f"concerns the harness, not the code measured)")
    return out


def pair_tables(results, query):
    lines = []
    ours = {}
    rows = []
    for a in KINDS:
        for b in KINDS:
            c = results.get(f"{query}/collide2d/{a}/{b}")
            x = results.get(f"{query}/box2d/{a}/{b}")
            if c:
                ours[(a, b)] = c[0]
            if c and x:
                rows.append((a, b, c[0], x[0], x[0] / c[0], c[1].get("overlap_frac")))
    if rows:
        lines.append(f"Pairs Box2D also has (ratio = Box2D ns / collide2d ns; above 1 means "
                     f"collide2d is faster):")
        lines.append("")
        lines.append("| pair | collide2d ns | Box2D ns | ratio |")
        lines.append("|---|---:|---:|---:|")
        for a, b, c, x, r, _ in rows:
            lines.append(f"| {a} - {b} | {fmt_ns(c)} | {fmt_ns(x)} | {fmt_ratio(r)} |")
        g = geomean([r[4] for r in rows])
        slower = [f"{a} - {b} ({r:.2f})" for a, b, _, _, r, _ in rows if r < 1]
        lines.append("")
        lines.append(f"Geometric mean of the ratios: **{fmt_ratio(g)}** over {len(rows)} pairs. "
                     + ("collide2d is slower on: " + ", ".join(slower) + "."
                        if slower else "collide2d is faster on every pair here."))
        lines.append("")
    if ours:
        lines.append(f"collide2d, every ordered pair (ns per query; row = a, column = b; "
                     f"sector< narrow, sector> wide):")
        lines.append("")
        lines.append("| a \\ b | " + " | ".join(SHORT[k] for k in KINDS) + " |")
        lines.append("|---|" + "---:|" * len(KINDS))
        for a in KINDS:
            cells = [fmt_ns(ours.get((a, b))) for b in KINDS]
            lines.append(f"| {SHORT[a]} | " + " | ".join(cells) + " |")
        lines.append("")
    return lines, ours


def ray_table(results):
    lines = ["| shape | collide2d ns | Box2D ns | ratio |", "|---|---:|---:|---:|"]
    ratios = []
    for k in KINDS:
        c = results.get(f"raycast/collide2d/{k}")
        x = results.get(f"raycast/box2d/{k}")
        if not c:
            continue
        r = x[0] / c[0] if x else None
        if r:
            ratios.append(r)
        lines.append(f"| {k} | {fmt_ns(c[0])} | {fmt_ns(x[0] if x else None)} | {fmt_ratio(r)} |")
    lines.append("")
    lines.append(f"Geometric mean of the ratios: **{fmt_ratio(geomean(ratios))}**.")
    lines.append("")
    return lines


def swing_table(results):
    methods = [("collide2d_batch", "`sector_hits` (structure of arrays)"),
               ("collide2d_per_disk", "`overlaps(sector, circle)` per disk"),
               ("textbook", "textbook loop (atan2, cos, sin per disk)")]
    lines = ["| method | cone | ms per swing | ns per disk | hits | time vs `sector_hits` |",
             "|---|---|---:|---:|---:|---:|"]
    for label, cone in [("narrow", "60 deg"), ("wide", "240 deg")]:
        base = results.get(f"swing/collide2d_batch/{label}")
        for m, desc in methods:
            r = results.get(f"swing/{m}/{label}")
            if not r:
                continue
            disks = r[1].get("disks", 1e6)
            rel = f"{r[0] / base[0]:.2f}x" if base else "-"
            lines.append(f"| {desc} | {cone} | {r[0] / 1e6:.2f} | {r[0] / disks:.2f} | "
                         f"{int(r[1].get('hits', 0))} | {rel} |")
    lines.append("")
    return lines


def pathological(all_ours):
    notes = []
    for query, ours in all_ours.items():
        if not ours:
            continue
        med = statistics.median(ours.values())
        for (a, b), ns in sorted(ours.items(), key=lambda kv: -kv[1]):
            if ns > PATHOLOGICAL * med:
                notes.append(f"- {query} {a} - {b}: {fmt_ns(ns)} ns, {ns / med:.0f}x the median "
                             f"{query} pair ({fmt_ns(med)} ns)")
    return notes


def report(ctx, results, clock):
    out = ["### Run", ""] + context_lines(ctx)
    out += [f"- Figures: {'CPU' if clock == 'cpu_time' else 'wall-clock'} time per query "
            f"(`{clock}`), one run, generated by `bench/report.py`", ""]
    all_ours = {}
    for q in PAIR_QUERIES:
        out += [f"### `{q}`", ""]
        lines, ours = pair_tables(results, q)
        all_ours[q] = ours
        out += lines
    out += ["### `raycast`", ""] + ray_table(results)
    out += ["### Sector swing against 1,000,000 disks", ""] + swing_table(results)
    short = [f"{a} - {b} ({100 * r[1]['overlap_frac']:.0f}%)" for a in KINDS for b in KINDS
             if (r := results.get(f"overlaps/collide2d/{a}/{b}"))
             and r[1].get("overlap_frac", 0.5) < 0.49]
    if short:
        out += ["Pools with fewer than half of the pairs overlapping (the rest are disjoint): "
                + ", ".join(short) + ".", ""]
    notes = pathological(all_ours)
    out += ["### Outliers", ""]
    out += notes if notes else [f"No pair is more than {PATHOLOGICAL:.0f}x the median of its query."]
    out.append("")
    return "\n".join(out)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("results", help="JSON written by --benchmark_out or --benchmark_format=json")
    ap.add_argument("--real", action="store_true",
                    help="use wall-clock time instead of CPU time (CPU time is the default: on a "
                         "shared machine it does not count time the benchmark was descheduled)")
    ap.add_argument("--update", metavar="FILE",
                    help=f"replace the text between {BEGIN} and {END} in FILE")
    args = ap.parse_args()
    clock = "real_time" if args.real else "cpu_time"
    ctx, results = load(args.results, clock)
    text = report(ctx, results, clock)
    if not args.update:
        sys.stdout.write(text)
        return
    with open(args.update, encoding="utf-8") as f:
        doc = f.read()
    i, j = doc.find(BEGIN), doc.find(END)
    if i < 0 or j < i:
        sys.exit(f"{args.update}: markers {BEGIN} / {END} not found")
    doc = doc[: i + len(BEGIN)] + "\n" + text + doc[j:]
    with open(args.update, "w", encoding="utf-8") as f:
        f.write(doc)


if __name__ == "__main__":
    main()
