#!/usr/bin/env python3
"""Converts map data for the sandbox page at build time (the outputs live in the build
directory only, never in the repository).

usage: convert.py tmx MAP.tmx OUT.json   the collision layer of a Tiled map as a grid:
                                         {"name", "width", "height", "tilewidth", "tileheight",
                                          "cells": [0/1 row-major]} (a cell is blocked when its
                                          tile is not a tileset's first tile, as collide2d_io reads
                                          The Mana World's maps)
       convert.py wad FILE.wad MAP OUT.json   one Doom map: {"name", "vertices": [x, y, ...],
                                          "lines": [v1, v2, front, back, impassable, ...],
                                          "sectors", "floors": [...], "start": [x, y]}"""
import base64
import gzip
import json
import struct
import sys
import xml.etree.ElementTree as ET
import zlib

FLIP_BITS = 0xE0000000


def tmx(path, out):
    root = ET.parse(path).getroot()
    w, h = int(root.get("width")), int(root.get("height"))
    firsts = {int(t.get("firstgid")) for t in root.findall("tileset")}
    layers = [l for l in root.iter("layer") if l.get("name", "").lower() == "collision"]
    if not layers:
        sys.exit(f"{path}: no tile layer named 'Collision'")
    data = layers[0].find("data")
    enc, comp = data.get("encoding"), data.get("compression")
    if enc == "csv":
        gids = [int(x) for x in data.text.replace("\n", "").split(",") if x.strip()]
    elif enc == "base64":
        raw = base64.b64decode("".join(data.text.split()))
        raw = gzip.decompress(raw) if comp == "gzip" else zlib.decompress(raw) if comp == "zlib" else raw
        gids = list(struct.unpack(f"<{len(raw) // 4}I", raw))
    else:
        gids = [int(t.get("gid", 0)) for t in data.findall("tile")]
    if len(gids) != w * h:
        sys.exit(f"{path}: collision layer holds {len(gids)} tiles, expected {w * h}")
    cells = [1 if (g & ~FLIP_BITS) and (g & ~FLIP_BITS) not in firsts else 0 for g in gids]
    doc = {"name": path.rsplit("/", 1)[-1], "width": w, "height": h, "tilewidth": int(root.get("tilewidth")),
           "tileheight": int(root.get("tileheight")), "cells": cells}
    with open(out, "w") as f:
        json.dump(doc, f, separators=(",", ":"))


def wad(path, name, out):
    data = open(path, "rb").read()
    kind, count, where = struct.unpack_from("<4sii", data, 0)
    if kind not in (b"IWAD", b"PWAD"):
        sys.exit(f"{path}: not a WAD")
    lumps = []
    for k in range(count):
        pos, size, raw = struct.unpack_from("<ii8s", data, where + 16 * k)
        lumps.append((raw.rstrip(b"\0").decode("ascii", "replace").upper(), pos, size))
    names = [l[0] for l in lumps]
    if name.upper() not in names:
        sys.exit(f"{path}: no map {name}")
    at = names.index(name.upper())
    lump = {}
    for n, pos, size in lumps[at + 1:at + 11]:
        lump.setdefault(n, data[pos:pos + size])
    verts = [v for v in struct.iter_unpack("<hh", lump["VERTEXES"])]
    sides = [s[5] for s in struct.iter_unpack("<hh8s8s8sH", lump["SIDEDEFS"])]
    secs = [s for s in struct.iter_unpack("<hh8s8shhh", lump["SECTORS"])]
    lines = []
    for v1, v2, flags, _special, _tag, right, left in struct.iter_unpack("<HHHHHHH", lump["LINEDEFS"]):
        front = sides[right] if right != 0xFFFF else -1
        back = sides[left] if left != 0xFFFF else -1
        lines += [v1, v2, front, back, flags & 1]
    start = next(([x, y] for x, y, _a, t, _f in struct.iter_unpack("<hhhhh", lump["THINGS"]) if t == 1), None)
    doc = {"name": name.upper(), "vertices": [c for v in verts for c in v], "lines": lines,
           "sectors": len(secs), "floors": [s[0] for s in secs], "start": start}
    with open(out, "w") as f:
        json.dump(doc, f, separators=(",", ":"))


if __name__ == "__main__":
    if len(sys.argv) == 4 and sys.argv[1] == "tmx":
        tmx(sys.argv[2], sys.argv[3])
    elif len(sys.argv) == 5 and sys.argv[1] == "wad":
        wad(sys.argv[2], sys.argv[3], sys.argv[4])
    else:
        sys.exit(__doc__)
