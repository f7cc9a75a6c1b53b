#!/usr/bin/env python3
# collide2d - 2D collision detection for games. MIT License.
"""Plots the world step benchmark: time per step against N for every peer, log-log, as SVG.

Usage: world_plot.py BENCH.json OUT.svg

Also prints the markdown tables of docs/benchmarks.md (collision world section) to stdout:
time per step and the ratios to Box2D, and the ray and swing rows.

BENCH.json is Google Benchmark's JSON output (--benchmark_out_format=json) of
--benchmark_filter=world/step with repetitions; the median of each row (or the single run)
is plotted. CPU time is used: the machine is shared and wall time counts waiting for a core.
"""
import json
import math
import re
import sys

PEERS = [  # name in the benchmark, label, colour, dashed
    ("box2d_bp", "Box2D 2.4.1 b2BroadPhase", "#d62728", False),
    ("cp_bbtree", "Chipmunk 7 cpBBTree (all pairs, debug build)", "#9467bd", True),
    ("cp_spacehash", "Chipmunk 7 cpSpaceHash (all pairs, debug build)", "#8c564b", True),
    ("tree_bp", "collide2d DynamicTree", "#1f77b4", False),
    ("grid_bp", "collide2d UniformGrid", "#2ca02c", False),
    ("world_tree", "collide2d World::update (tree, exact, events)", "#17becf", True),
    ("world_grid", "collide2d World::update (grid, exact, events)", "#bcbd22", True),
]


def load(path):
    with open(path) as f:
        data = json.load(f)
    series = {}
    for b in data["benchmarks"]:
        name = re.sub(r"/iterations:\d+", "", b["name"])  # the rows' fixed step counts
        m = re.match(r"world/step/([a-z0-9_]+)/(\d+)(_median)?$", name)
        if not m:
            continue
        if b.get("run_type") == "aggregate" and b.get("aggregate_name") != "median":
            continue
        scale = {"ns": 1e-3, "us": 1.0, "ms": 1e3, "s": 1e6}[b.get("time_unit", "ns")]
        series.setdefault(m.group(1), {})[int(m.group(2))] = b["cpu_time"] * scale
    return series


def rows(path, part):
    """{name: (cpu_time in us, counters)} of the medians of world/<part>/... rows."""
    with open(path) as f:
        data = json.load(f)
    out = {}
    for b in data["benchmarks"]:
        m = re.match(r"world/" + part + r"/([a-z0-9_]+)(/iterations:1)?(_median)?$", b["name"])
        if not m or (b.get("run_type") == "aggregate" and b.get("aggregate_name") != "median"):
            continue
        scale = {"ns": 1e-3, "us": 1.0, "ms": 1e3, "s": 1e6}[b.get("time_unit", "ns")]
        # A batch on threads: the main thread's CPU time says nothing; take the wall time.
        t = b["real_time"] if "threads" in m.group(1) else b["cpu_time"]
        out[m.group(1)] = (t * scale, b)
    return out


def tables(path, series):
    ns = sorted({n for s in series.values() for n in s})
    box2d = series.get("box2d_bp", {})
    print("| peer | " + " | ".join(f"N = {n:,}" for n in ns) + " |")
    print("|---|" + "---:|" * len(ns))
    for key, label, _, _ in PEERS:
        s = series.get(key)
        if not s:
            continue
        cells = []
        for n in ns:
            t = s.get(n)
            if t is None:
                cells.append("")
                continue
            txt = f"{t / 1000:.3g} ms" if t >= 1000 else f"{t:.3g} us"
            if key != "box2d_bp" and n in box2d:
                txt += f" ({box2d[n] / t:.2f}x)"
            cells.append(txt)
        print(f"| {label} | " + " | ".join(cells) + " |")
    print()
    rays = rows(path, "rays")
    if rays:
        base = rays.get("box2d_inc", (None,))[0]
        print("| rays: 1,000,000 closest hits, 100,000 static shapes | CPU time | ns per ray | hits | vs Box2D |")
        print("|---|---:|---:|---:|---:|")
        for k, (t, b) in sorted(rays.items(), key=lambda kv: -kv[1][0]):
            ratio = f"{base / t:.2f}x" if base else ""
            k = k + " (wall time)" if "threads" in k else k
            print(f"| {k} | {t / 1000:.0f} ms | {t * 1000 / b['rays']:.0f} | {int(b['hits']):,} | {ratio} |")
        print()
    swing = rows(path, "swing")
    if swing:
        base = swing.get("box2d_tree_exact", (None,))[0]
        print("| swings into 100,000 disks | us per swing | hits per swing | vs Box2D tree + exact |")
        print("|---|---:|---:|---:|")
        for k, (t, b) in sorted(swing.items(), key=lambda kv: -kv[1][0] / kv[1][1]["swings"]):
            per = t / b["swings"]
            ratio = f"{base / b_swings(swing['box2d_tree_exact']) / per:.2f}x" if base else ""
            print(f"| {k} | {per:.2f} | {b['hits'] / b['swings']:.2f} | {ratio} |")


def b_swings(row):
    return row[1]["swings"]


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    series = load(sys.argv[1])
    if not series:
        sys.exit("no world/step rows in " + sys.argv[1])
    ns = sorted({n for s in series.values() for n in s})
    ts = [t for s in series.values() for t in s.values()]
    w, h, left, right, top, bottom = 860, 520, 80, 350, 40, 60
    x0, x1 = math.log10(ns[0]), math.log10(ns[-1])
    y0, y1 = math.floor(math.log10(min(ts))), math.ceil(math.log10(max(ts)))
    px = lambda n: left + (math.log10(n) - x0) / (x1 - x0) * (w - left - right)
    py = lambda t: h - bottom - (math.log10(t) - y0) / (y1 - y0) * (h - top - bottom)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" font-family="sans-serif" font-size="12">',
           f'<rect width="{w}" height="{h}" fill="white"/>',
           f'<text x="{left}" y="22" font-size="15">Moving circles: time per step (moves + pair finding), CPU time, log-log</text>']
    for e in range(y0, y1 + 1):
        y = py(10 ** e)
        label = {0: "1 us", 1: "10 us", 2: "100 us", 3: "1 ms", 4: "10 ms", 5: "100 ms", 6: "1 s"}.get(e, f"1e{e} us")
        out.append(f'<line x1="{left}" y1="{y:.1f}" x2="{w - right}" y2="{y:.1f}" stroke="#ddd"/>')
        out.append(f'<text x="{left - 8}" y="{y + 4:.1f}" text-anchor="end">{label}</text>')
    for n in ns:
        x = px(n)
        out.append(f'<line x1="{x:.1f}" y1="{top}" x2="{x:.1f}" y2="{h - bottom}" stroke="#eee"/>')
        out.append(f'<text x="{x:.1f}" y="{h - bottom + 18}" text-anchor="middle">{n:,}</text>')
    out.append(f'<text x="{(left + w - right) / 2:.1f}" y="{h - 15}" text-anchor="middle">N (circles)</text>')
    out.append(f'<rect x="{left}" y="{top}" width="{w - left - right}" height="{h - top - bottom}" fill="none" stroke="#444"/>')
    ly = top + 10
    for key, label, colour, dashed in PEERS:
        s = series.get(key)
        if not s:
            continue
        pts = " ".join(f"{px(n):.1f},{py(t):.1f}" for n, t in sorted(s.items()))
        dash = ' stroke-dasharray="6,4"' if dashed else ""
        out.append(f'<polyline points="{pts}" fill="none" stroke="{colour}" stroke-width="2"{dash}/>')
        for n, t in sorted(s.items()):
            out.append(f'<circle cx="{px(n):.1f}" cy="{py(t):.1f}" r="3" fill="{colour}"/>')
        out.append(f'<line x1="{w - right + 15}" y1="{ly}" x2="{w - right + 45}" y2="{ly}" stroke="{colour}" stroke-width="2"{dash}/>')
        out.append(f'<text x="{w - right + 52}" y="{ly + 4}" font-size="11">{label}</text>')
        ly += 20
    out.append("</svg>")
    with open(sys.argv[2], "w") as f:
        f.write("\n".join(out) + "\n")
    tables(sys.argv[1], series)


if __name__ == "__main__":
    main()
