#!/usr/bin/env python3
"""Tests the PNG pictures (`collide2d render ISLAND.json -o X.png`): the file is a valid PNG
(decoded here with zlib alone: signature, IHDR, CRCs, filters), of the picture's size, and its
pixels agree with the discs: well inside a disc (away from every circle, where the dashed
outlines run) the land colour, far from all discs the sea colour. Also `--png` writes the SVG
and the PNG side by side.

usage: test_png.py TOOL WORKDIR"""
import json
import math
import os
import shutil
import struct
import subprocess
import sys
import zlib

LAND, SEA = (0xd9, 0xc8, 0x9a), (0xcf, 0xe3, 0xf5)


def decode_png(path):
    data = open(path, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "bad signature"
    pos, idat, ihdr = 8, b"", None
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        crc = struct.unpack(">I", data[pos + 8 + n:pos + 12 + n])[0]
        assert zlib.crc32(kind + body) & 0xffffffff == crc, f"bad CRC in {kind}"
        if kind == b"IHDR":
            ihdr = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        pos += 12 + n
    w, h, depth, ctype = ihdr[:4]
    assert depth == 8 and ctype == 6, f"expected 8-bit RGBA, got depth {depth} type {ctype}"
    raw, bpp, stride = zlib.decompress(idat), 4, w * 4
    rows, prev = [], bytearray(stride)
    for y in range(h):
        f, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b, c = prev[i], prev[i - bpp] if i >= bpp else 0
            if f == 1: line[i] = (line[i] + a) & 255
            elif f == 2: line[i] = (line[i] + b) & 255
            elif f == 3: line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(line)
        prev = line
    return w, h, rows


def main():
    tool, work = sys.argv[1], sys.argv[2]
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    fails = []
    discs = [[0, 0, 5], [7, 0, 4], [3, 5, 3], [20, 0, 2], [-4, -3, 1.5]]
    src = os.path.join(work, "island.json")
    json.dump({"discs": discs}, open(src, "w"))
    out = os.path.join(work, "island.png")
    p = subprocess.run([tool, "render", src, "-o", out], capture_output=True, text=True, timeout=120)
    if p.returncode != 0 or not os.path.isfile(out) or os.path.isfile(out[:-4] + ".svg"):
        fails.append(f"render -o X.png: exit {p.returncode}, {p.stderr}")
    else:
        w, h, rows = decode_png(out)
        # The picture: 1000 px wide, the world (bounds + 5% + 1e-3) fitted below a 30 px title.
        x0, x1 = min(x - r for x, y, r in discs), max(x + r for x, y, r in discs)
        y0, y1 = min(y - r for x, y, r in discs), max(y + r for x, y, r in discs)
        px, py = (x1 - x0) * 0.05 + 1e-3, (y1 - y0) * 0.05 + 1e-3
        x0, x1, y0, y1 = x0 - px, x1 + px, y0 - py, y1 + py
        ph = 1000 * max(0.2, min(5.0, (y1 - y0) / (x1 - x0)))
        if (w, h) != (1000, math.ceil(ph + 30)):
            fails.append(f"size {w}x{h}, expected 1000x{math.ceil(ph + 30)}")
        s = min(1000 / (x1 - x0), ph / (y1 - y0))
        ox, oy = 500 - (x0 + x1) / 2 * s, 30 + ph / 2 + (y0 + y1) / 2 * s
        land = sea = 0
        for j in range(30, h, 3):
            for i in range(0, w, 3):
                wx, wy = (i + 0.5 - ox) / s, (oy - (j + 0.5)) / s
                d = [math.hypot(wx - x, wy - y) - r for x, y, r in discs]
                near_circle = min(abs(v) for v in d) * s < 3
                if min(d) * s < -3 and not near_circle:
                    want, land = LAND, land + 1
                elif min(d) * s > 25:
                    want, sea = SEA, sea + 1
                else:
                    continue
                got = tuple(rows[j][4 * i:4 * i + 3])
                if max(abs(a - b) for a, b in zip(got, want)) > 2:
                    fails.append(f"pixel ({i}, {j}) = {got}, expected {want}")
                    break
            if len(fails) > 5:
                break
        if land < 1000 or sea < 1000:
            fails.append(f"only {land} land and {sea} sea pixels compared")
    both = os.path.join(work, "both.svg")
    p = subprocess.run([tool, "render", src, "-o", both, "--png"], capture_output=True, text=True, timeout=120)
    if p.returncode != 0 or not os.path.isfile(both) or not os.path.isfile(both[:-4] + ".png"):
        fails.append(f"--png: exit {p.returncode}, {p.stdout} {p.stderr}")
    for f in fails:
        print("FAIL:", f)
    print("test_png:", "ok" if not fails else f"{len(fails)} failures")
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())
