#!/usr/bin/env python3
# collide2d - 2D collision detection for games. MIT License.
"""Instructions per call of one kernel on a benchmark's pool (callgrind), deterministic where
the timings on a shared machine are not.

  bench/count_instructions.py BINARY ROW FUNCTION [ROW FUNCTION ...]

ROW is a benchmark name (an exact Google Benchmark row such as contact/collide2d/capsule/capsule),
FUNCTION a piece of the function's demangled name (`contact<collide2d::f32::Capsule,
collide2d::f32::Capsule>`, `b2CollideCapsules`). Each row runs alone under
`valgrind --tool=callgrind` (about 0.2 s of benchmark time, so some 10^5 calls); the figure is
the function's inclusive instruction count over all its calls divided by the number of calls.
Build the binary with debug information (a `bench` configuration with `-g`, e.g. build/prof).
"""
import os
import re
import subprocess
import sys
import tempfile


def per_call(binary, row, function, min_time="0.2"):
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "cg.out")
        subprocess.run(
            ["valgrind", "--tool=callgrind", "--callgrind-out-file=" + out, binary,
             "--benchmark_filter=^" + re.escape(row) + "$", "--benchmark_min_time=" + min_time],
            check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        text = subprocess.run(["callgrind_annotate", "--inclusive=yes", "--tree=caller", out],
                              check=True, capture_output=True, text=True).stdout
    # A block: caller lines ("<", with "(Nx)"), then the function's own line ("*").
    best = None
    callers = []
    for line in text.splitlines():
        m = re.match(r"\s*([\d,]+)\s+\(\s*[\d.]+%\)\s+([<*>])\s+(.*)$", line)
        if not m:
            callers = []
            continue
        ir, kind, rest = int(m.group(1).replace(",", "")), m.group(2), m.group(3)
        if kind == "<":
            c = re.search(r"\(([\d,]+)x\)\s*(\[.*\])?$", rest)
            callers.append(int(c.group(1).replace(",", "")) if c else 0)
        elif kind == "*":
            if function in rest and callers:
                calls = sum(callers)
                if best is None or calls > best[1]:
                    best = (ir, calls)
            callers = []
    if best is None:
        raise SystemExit(f"{function!r} not found in the profile of {row}")
    return best[0] / best[1], best[1]


def main(argv):
    if len(argv) < 4 or len(argv) % 2 != 0:
        raise SystemExit(__doc__)
    binary = argv[1]
    for row, function in zip(argv[2::2], argv[3::2]):
        ipc, calls = per_call(binary, row, function)
        print(f"{row}\t{function}\t{ipc:,.0f} instructions per call\t({calls:,} calls)", flush=True)


if __name__ == "__main__":
    main(sys.argv)
