#!/usr/bin/env python3
# collide2d - 2D collision detection for games. MIT License.
"""Turn collide2d_bench JSON output into the Markdown tables of docs/benchmarks.md.

Usage:
  report.py RESULTS.json                 print the tables
  report.py RESULTS.json --update FILE   replace the text between the report markers in FILE

Benchmark names are "<query>/<library>/<kind a>/<kind b>", "raycast/<library>/<kind>" and
"swing/<method>/<narrow|wide>", "mover/<scene>/<agents>/<row>". With repetitions, the fastest repetition is used.
Standard library only.
"""

import argparse
import json
import math
import re
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
    """Returns (context, {name: (ns, counters)}); clock is "cpu_time" or "real_time".

    A row's figure is the fastest of its repetitions, per clock (the record returned carries the
    smallest cpu_time and the smallest real_time): on a shared machine the load only ever adds
    time, so the fastest repetition is the one least disturbed, and with the repetitions in
    random order every row, collide2d's and its peers', has the same chances. A JSON written with
    --benchmark_report_aggregates_only (no repetitions in it) falls back to the median aggregate.
    """
    with open(path, encoding="utf-8") as f:
        data = json.load(f)
    runs = data["benchmarks"]
    samples, medians = {}, {}
    for r in runs:
        name = r.get("run_name", r["name"])
        name = re.sub(r"/iterations:\d+", "", name)  # the world's rows with fixed iterations
        if name.endswith("/real_time"):  # rows timed by the wall clock (threads)
            name = name[: -len("/real_time")]
        if r.get("run_type", "iteration") == "iteration":
            samples.setdefault(name, []).append(r)
        elif r.get("aggregate_name") == "median":
            medians[name] = r
    for name, r in medians.items():
        samples.setdefault(name, [r])
    results = {}
    fastest = any(len(recs) > 1 for recs in samples.values())
    for name, recs in samples.items():
        rec = dict(recs[0])
        for c in ("cpu_time", "real_time"):
            rec[c] = min(x[c] * TO_NS[x.get("time_unit", "ns")] for x in recs)
        rec["time_unit"] = "ns"
        results[name] = (rec[clock], rec)
    ctx = dict(data.get("context", {}))
    ctx["estimator"] = "the fastest of its repetitions, in random order" if fastest else \
        "the median of its repetitions when repeated"
    return ctx, results


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
               f"{ctx.get('box2d_b2_version', '?')}); Box2D v3 "
               f"{ctx.get('box2d3_version', 'absent')}; the Google Benchmark library reports "
               f"itself as built {ctx.get('library_build_type', '?')} (Debian's package; this "
               f"concerns the harness, not the code measured)")
    return out


PEERS = [("box2d", "Box2D 2.4.1"), ("box2d3", "Box2D v3")]


def peer_row(results, name_of):
    """[(ns, ratio)] per peer for one row: ratio = peer ns / collide2d ns (above 1: collide2d
    is faster)."""
    c = results.get(name_of("collide2d"))
    out = []
    for lib, _ in PEERS:
        x = results.get(name_of(lib))
        out.append((x[0] if x else None, x[0] / c[0] if (x and c) else None))
    return c, out


def peer_summary(rows):
    """Geometric means of the ratios per peer and the rows where collide2d is slower."""
    lines = []
    for k, (lib, label) in enumerate(PEERS):
        rs = [(name, cells[k][1]) for name, _, cells in rows if cells[k][1]]
        if not rs:
            continue
        slower = [f"{name} ({r:.2f})" for name, r in rs if r < 1]
        lines.append(f"- {label}: geometric mean of the ratios **{fmt_ratio(geomean([r for _, r in rs]))}**"
                     f" over {len(rs)} rows; "
                     + ("collide2d is slower on: " + ", ".join(slower) + "."
                        if slower else "collide2d is faster on every row."))
    lines.append("")
    return lines


def peer_table(rows, first="pair", unit="ns"):
    head = f"| {first} | collide2d {unit} | " + " | ".join(f"{label} {unit} | ratio" for _, label in PEERS) + " |"
    lines = [head, "|---|---:|" + "---:|---:|" * len(PEERS)]
    for name, c, cells in rows:
        lines.append(f"| {name} | {fmt_ns(c)} | "
                     + " | ".join(f"{fmt_ns(ns)} | {fmt_ratio(r)}" for ns, r in cells) + " |")
    lines.append("")
    return lines


def pair_tables(results, query):
    lines = []
    ours = {}
    rows = []
    for a in KINDS:
        for b in KINDS:
            c, cells = peer_row(results, lambda lib: f"{query}/{lib}/{a}/{b}")
            if c:
                ours[(a, b)] = c[0]
            if c and any(ns for ns, _ in cells):
                rows.append((f"{a} - {b}", c[0], cells))
    if rows:
        lines.append("Pairs a Box2D also has (ratio = Box2D ns / collide2d ns; above 1 means "
                     "collide2d is faster):")
        lines.append("")
        lines += peer_table(rows)
        lines += peer_summary(rows)
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
    rows = []
    for k in KINDS:
        c, cells = peer_row(results, lambda lib: f"raycast/{lib}/{k}")
        if c:
            rows.append((k, c[0], cells))
    return peer_table(rows, "shape") + peer_summary(rows)


def sweep_tables(results):
    """Translational and rotating sweeps beside b2TimeOfImpact (2.4.1) and b2ShapeCast /
    b2TimeOfImpact (v3), per pair both libraries have."""
    lines = []
    for query, what in [("sweep", "translational sweep (2.4.1: `b2TimeOfImpact`; v3: `b2ShapeCast`)"),
                        ("sweep_rotating", "rotating sweep (`b2TimeOfImpact` in both)")]:
        rows = []
        for a in KINDS:
            for b in KINDS:
                c, cells = peer_row(results, lambda lib: f"{query}/{lib}/{a}/{b}")
                if c and any(ns for ns, _ in cells):
                    rows.append((f"{a} - {b}", c[0], cells))
        if rows:
            lines += [f"#### `{query}`: {what}", ""] + peer_table(rows) + peer_summary(rows)
    return lines


def world_tables(results):
    lines = []
    sizes = sorted({int(n.rsplit("/", 1)[1]) for n in results if n.startswith("world/step/")})
    step_rows = [("tree_bp", "collide2d DynamicTree (move + new pairs)"),
                 ("grid_bp", "collide2d UniformGrid (move + new pairs)"),
                 ("world_tree", "collide2d World::update, tree (exact test, events)")]
    if sizes:
        lines += ["#### Moving circles: us per step (ratio = peer / collide2d row)", "",
                  "| collide2d | N | us | Box2D 2.4.1 b2BroadPhase us | ratio | Box2D v3 b2DynamicTree us | ratio |",
                  "|---|---:|---:|---:|---:|---:|---:|"]
        for key, label in step_rows:
            for n in sizes:
                c = results.get(f"world/step/{key}/{n}")
                if not c:
                    continue
                cells = []
                for peer in ("box2d_bp", "box2d3_tree"):
                    x = results.get(f"world/step/{peer}/{n}")
                    cells.append(f"{fmt_ns(x[0] / 1e3) if x else '-'} | "
                                 f"{fmt_ratio(x[0] / c[0]) if x else '-'}")
                lines.append(f"| {label} | {n} | {fmt_ns(c[0] / 1e3)} | " + " | ".join(cells) + " |")
        lines.append("")
    rays = [n for n in results if n.startswith("world/rays/")]
    if rays:
        lines += ["#### 1,000,000 closest rays into 100,000 shapes", "",
                  "| row | ms | hits | ratio to collide2d tree_rebuilt |", "|---|---:|---:|---:|"]
        base = results.get("world/rays/tree_rebuilt")
        for n in sorted(rays):
            r = results[n]
            lines.append(f"| {n.split('/', 2)[2]} | {r[0] / 1e6:.0f} | {int(r[1].get('hits', 0))} | "
                         f"{fmt_ratio(r[0] / base[0]) if base else '-'} |")
        lines.append("")
    lines += batch_table(results)
    return lines


def batch_table(results):
    """Batch queries through `thread_runner` on 1 and 2 threads, wall-clock."""
    what = {"rays": "1,000,000 closest rays into 100,000 shapes (tree, rebuilt)",
            "swings": "10,000 sector swings into 100,000 disks (monsters only)",
            "casts": "100,000 disk casts (radius 0.25) into 100,000 shapes"}

    def wall(name):
        r = results.get(name)
        return r[1]["real_time"] * TO_NS[r[1].get("time_unit", "ns")] if r else None

    rows = []
    for q, label in what.items():
        one, two = wall(f"world/batch/{q}/1"), wall(f"world/batch/{q}/2")
        if one is None:
            continue
        hits = int(results[f"world/batch/{q}/1"][1].get("hits", 0))
        rows.append(f"| {label} | {one / 1e6:.1f} | {f'{two / 1e6:.1f}' if two else '-'} | "
                    f"{fmt_ratio(one / two) if two else '-'} | {hits} |")
    if not rows:
        return []
    return ["#### Batch queries on 1 and 2 threads (`thread_runner`, wall-clock ms per batch)", "",
            "| batch | 1 thread | 2 threads | speed-up | hits |", "|---|---:|---:|---:|---:|"] + rows + [""]


MOVER_ROWS = [("collide2d_crowd", "box2d3_mover", "`World::move_crowd`, 1 thread: map + props + agents"),
              ("collide2d_crowd_grid", "box2d3_mover", "`World::move_crowd`, 1 thread, grid broad phase"),
              ("collide2d_crowd_2threads", "box2d3_mover", "`World::move_crowd`, 2 threads (wall-clock)"),
              ("collide2d_move", "box2d3_mover", "`World::move` per agent: map + props + agents"),
              ("collide2d_walls_only", "box2d3_walls_only", "map alone: `TileMap` / `RoomMap::move_circle`")]


def mover_tables(results):
    """Crowds through one world: agent-steps per second, Box2D v3's mover beside each row."""
    cases = []
    for n in results:
        if n.startswith("mover/"):
            _, scene, agents, _row = n.split("/")
            if (scene, int(agents)) not in cases:
                cases.append((scene, int(agents)))
    if not cases:
        return []
    order = ["099-8", "E1M1", "MAP12"]
    cases.sort(key=lambda c: (order.index(c[0]) if c[0] in order else len(order), c[0], c[1]))

    def ns_of(name):
        r = results.get(name)
        if not r:
            return None
        if name.endswith("_2threads"):  # threads: wall-clock (CPU time counts the caller only)
            return r[1]["real_time"] * TO_NS[r[1].get("time_unit", "ns")]
        return r[0]

    lines = ["| scene | agents | collide2d | us per step | M agent-steps/s | Box2D v3 us | M agent-steps/s | "
             "ratio | in wall | in prop | agent pairs | Box2D v3 in wall / prop / pairs |",
             "|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---|"]
    for scene, agents in cases:
        for ours, peer, label in MOVER_ROWS:
            c, p = ns_of(f"mover/{scene}/{agents}/{ours}"), ns_of(f"mover/{scene}/{agents}/{peer}")
            if c is None:
                continue
            cr = results[f"mover/{scene}/{agents}/{ours}"][1]
            pr = results.get(f"mover/{scene}/{agents}/{peer}", (None, {}))[1]
            checks = " / ".join(str(int(pr.get(k, 0))) for k in ("in_wall", "in_prop", "agent_pairs")) if p else "-"
            lines.append(f"| {scene} | {agents} | {label} | {fmt_ns(c / 1e3)} | {agents / c * 1e3:.2f} | "
                         f"{fmt_ns(p / 1e3) if p else '-'} | {f'{agents / p * 1e3:.2f}' if p else '-'} | "
                         f"{fmt_ratio(p / c) if p else '-'} | {int(cr.get('in_wall', 0))} | "
                         f"{int(cr.get('in_prop', 0))} | {int(cr.get('agent_pairs', 0))} | {checks} |")
    lines.append("")
    lines.append("Ratio = Box2D v3 time / collide2d time (above 1: collide2d is faster). The checks "
                 "count agent-steps ending deeper than the scene's tolerance in a wall or a prop, and "
                 "agent pairs overlapping deeper than it, summed over every step of the run (the "
                 "walls-only rows check walls only).")
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


def swing_isa_table(results):
    """Each instruction set forced, G disks per second, beside the read limit of the field."""
    lines = ["| field | cone | kernel | ms per swing | G disks/s | hits (%) | share of the read limit |",
             "|---|---|---|---:|---:|---:|---:|"]
    any_row = False
    for field in ("dense", "spread"):
        lim = results.get(f"swing_isa/read_limit/{field}")
        if lim:
            lines.append(f"| {field} | - | read limit (stream the 3 arrays) | {lim[0] / 1e6:.3f} | "
                         f"{1e6 / lim[0]:.2f} | - | 1.00 |")
        for cone, deg in (("narrow", "60 deg"), ("wide", "240 deg")):
            for isa in ("scalar", "avx2", "avx512"):
                r = results.get(f"swing_isa/{isa}/{field}/{cone}")
                if not r:
                    continue
                any_row = True
                hits = int(r[1].get("hits", 0))
                lines.append(f"| {field} | {deg} | {isa} | {r[0] / 1e6:.3f} | {1e6 / r[0]:.2f} | "
                             f"{hits} ({100 * hits / 1e6:.1f}) | "
                             f"{fmt_ratio(lim[0] / r[0]) if lim else '-'} |")
    lines.append("")
    return lines if any_row else []


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


WIDE_GOAL = 10.0  # issue 14: a query with a wide sector within 10x of it with a narrow one


def wide_vs_narrow(all_ours):
    """Per query and kind k: ns with the wide sector / ns with the narrow one, both orders."""
    lines = []
    n, w = "sector_narrow", "sector_wide"
    queries = [q for q, ours in all_ours.items() if ours]
    if not queries:
        return lines
    lines.append("Each cell: ns of the query with the wide sector / ns of the same query with the "
                 "narrow one (the same other shape kind; columns `k - sector` and `sector - k` "
                 "are the two argument orders; the sector row puts both sectors wide against "
                 f"both narrow). Goal (issue 14): at most {WIDE_GOAL:.0f}.")
    lines.append("")
    lines.append("| k | " + " | ".join(f"{q} k - sector | {q} sector - k" for q in queries) + " |")
    lines.append("|---|" + "---:|---:|" * len(queries))
    ratios = []

    def cells(pairs):  # (wide pair, narrow pair) per column, for every query
        out = []
        for q in queries:
            ours = all_ours[q]
            for (x, y) in pairs:
                if x in ours and y in ours and ours[y] > 0:
                    ratios.append(ours[x] / ours[y])
                    out.append(f"{ratios[-1]:.1f}")
                else:
                    out.append("-")
        return " | ".join(out)

    for k in KINDS:
        if k not in (n, w):
            lines.append(f"| {k} | " + cells((((k, w), (k, n)), ((w, k), (n, k)))) + " |")
    lines.append("| sector (wide - wide / narrow - narrow; wide - narrow / narrow - narrow) | "
                 + cells((((w, w), (n, n)), ((w, n), (n, n)))) + " |")
    worst = max(ratios, default=0.0)
    lines.append("")
    lines.append(f"Largest ratio: {worst:.1f} (goal at most {WIDE_GOAL:.0f}).")
    lines.append("")
    return lines


def report(ctx, results, clock):
    out = ["### Run", ""] + context_lines(ctx)
    out += [f"- Figures: {'CPU' if clock == 'cpu_time' else 'wall-clock'} time per query "
            f"(`{clock}`), one run ({ctx['estimator']}), generated by "
            f"`bench/report.py`", ""]
    all_ours = {}
    for q in PAIR_QUERIES:
        out += [f"### `{q}`", ""]
        lines, ours = pair_tables(results, q)
        all_ours[q] = ours
        out += lines
    out += ["### `raycast`", ""] + ray_table(results)
    out += ["### Sector swing against 1,000,000 disks", ""] + swing_table(results)
    isa = swing_isa_table(results)
    if isa:
        out += ["#### `sector_hits` per instruction set, one core, float", "",
                f"The kernel chosen at start: {ctx.get('collide2d_batch_isa', '?')}. G disks/s = "
                "1,000,000 / time per swing; the read limit streams the same three arrays "
                "side by side (a 64-byte line of each per iteration, AVX-512 or AVX2 loads as the CPU "
                "has them), in the same run.", ""] + isa
    sw = sweep_tables(results)
    if sw:
        out += ["### Sweeps beside Box2D 2.4.1 and v3", ""] + sw
    mv = mover_tables(results)
    if mv:
        out += ["### Crowds through one world beside Box2D v3's mover", ""] + mv
    wt = world_tables(results)
    if wt:
        out += ["### Broad phase and world beside Box2D 2.4.1 and v3", ""] + wt
    short = [f"{a} - {b} ({100 * r[1]['overlap_frac']:.0f}%)" for a in KINDS for b in KINDS
             if (r := results.get(f"overlaps/collide2d/{a}/{b}"))
             and r[1].get("overlap_frac", 0.5) < 0.49]
    if short:
        out += ["Pools with fewer than half of the pairs overlapping (the rest are disjoint): "
                + ", ".join(short) + ".", ""]
    wn = wide_vs_narrow(all_ours)
    if wn:
        out += ["### Wide sectors against narrow ones", ""] + wn
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
