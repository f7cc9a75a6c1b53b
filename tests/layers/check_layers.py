#!/usr/bin/env python3
"""Checks the layer rule of docs/architecture.md: no file of a lower layer includes a higher one.

usage: check_layers.py SOURCE_DIR
Every public header (include/collide2d/*.hpp) has a layer in HEADER_LAYER below; every file under
src/<dir>/ has the layer of its directory. An include of a higher layer, or a public header this
table does not know, is a failure naming the file, the line and both layers."""
import pathlib
import re
import sys

# Bottom to top (docs/architecture.md).
LAYERS = ["math", "shapes", "query", "broadphase", "motion", "maps", "world", "draw", "io"]

HEADER_LAYER = {
    "config.hpp": "math", "math.hpp": "math",
    "shapes.hpp": "shapes",
    "query.hpp": "query", "sweep.hpp": "query", "arc.hpp": "query", "walls.hpp": "query",
    "broadphase.hpp": "broadphase",
    "motion.hpp": "motion",
    "tilemap.hpp": "maps", "room_map.hpp": "maps", "sector_map.hpp": "maps", "disc_union.hpp": "maps",
    "polygon_map.hpp": "maps", "chain.hpp": "maps",
    "world.hpp": "world",
    "debug_draw.hpp": "draw",
    "io.hpp": "io", "tiled.hpp": "io", "wad.hpp": "io",
    "collide2d.hpp": "io",  # the one include of everything
}
SRC_LAYER = {d: d for d in LAYERS}

INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"')


def layer_of_include(target):
    """The layer of an included path ("collide2d/x.hpp" or "<srcdir>/x.hpp"), or None if not ours."""
    parts = target.split("/")
    if parts[0] == "collide2d" and len(parts) == 2:
        return HEADER_LAYER.get(parts[1], "?")
    if len(parts) == 2 and parts[0] in SRC_LAYER:
        return SRC_LAYER[parts[0]]
    return None


def main():
    if len(sys.argv) != 2:
        print(__doc__)
        return 2
    root = pathlib.Path(sys.argv[1])
    failures, files = [], 0
    for h in sorted((root / "include" / "collide2d").glob("*.hpp")):
        if h.name not in HEADER_LAYER:
            failures.append(f"{h.relative_to(root)}: public header without a layer: add it to "
                            f"HEADER_LAYER in tests/layers/check_layers.py and to docs/architecture.md")
    sources = [(h, HEADER_LAYER.get(h.name)) for h in (root / "include" / "collide2d").glob("*.hpp")]
    for d in sorted((root / "src").iterdir()):
        if not d.is_dir():
            continue
        if d.name not in SRC_LAYER:
            failures.append(f"src/{d.name}: directory without a layer (tests/layers/check_layers.py)")
            continue
        sources += [(f, SRC_LAYER[d.name]) for f in sorted(d.iterdir()) if f.suffix in (".hpp", ".cpp")]
    for path, layer in sources:
        if layer is None:
            continue
        files += 1
        for no, line in enumerate(path.read_text().splitlines(), 1):
            m = INCLUDE.match(line)
            if not m:
                continue
            target = layer_of_include(m.group(1))
            if target is None:
                continue
            if target == "?":
                failures.append(f"{path.relative_to(root)}:{no}: includes unknown header {m.group(1)}")
            elif LAYERS.index(target) > LAYERS.index(layer):
                failures.append(f"{path.relative_to(root)}:{no}: layer {layer} includes {m.group(1)} "
                                f"of the higher layer {target}")
    for f in failures:
        print("FAIL:", f)
    print(f"{files} files checked, {len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
