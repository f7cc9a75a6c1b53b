#!/usr/bin/env python3
"""Seeds the fuzz corpora from real data at fuzz time (nothing of it is kept in the repository).

usage: make_corpus.py OUT_DIR SHARED_DIR [CASES_JSONL CHECKER_WORK_DIR]

Writes OUT_DIR/<target>/ for the targets that have real data:
  protocol    the conformance checker's input lines (CASES_JSONL from `check.py --cases-out`),
              a few per file;
  tiled_tmx   The Mana World's smaller TMX maps and tilesets (SHARED_DIR/data/tmw), and the
              checker's broken TMX files; each prefixed by the options byte the target reads;
  tiled_json  the checker's Tiled JSON versions of those maps and its broken JSON files;
  wad         one PWAD per Freedoom map (its marker and map lumps, cut from
              /usr/share/games/doom/freedoom{1,2}.wad), and the checker's broken WADs;
  island      the disc arrays of the checker's disc_union lines.
Standard library only. Missing inputs are skipped with a message.
"""
import json
import os
import struct
import sys

MAP_LUMPS = ["THINGS", "LINEDEFS", "SIDEDEFS", "VERTEXES", "SEGS", "SSECTORS", "NODES", "SECTORS",
             "REJECT", "BLOCKMAP"]
MAX_SEED = 200_000  # bytes: bigger files slow every mutation down


def write(path, data):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(data)


def seed_files(directory, suffixes):
    if not os.path.isdir(directory):
        print(f"make_corpus: {directory} absent, skipped")
        return []
    return sorted(os.path.join(directory, n) for n in os.listdir(directory) if n.endswith(suffixes))


def tiled(out, shared, work):
    tmw = os.path.join(shared, "data", "tmw")
    for kind, suffixes, dirs in (
        ("tiled_tmx", (".tmx", ".tsx"), [os.path.join(tmw, "maps"), os.path.join(tmw, "tilesets"),
                                        os.path.join(work, "maps"), os.path.join(work, "bad")]),
        ("tiled_json", (".tmj", ".json", ".tsj"), [os.path.join(work, "maps"), os.path.join(work, "bad")]),
    ):
        for d in dirs:
            for path in seed_files(d, suffixes):
                data = open(path, "rb").read()
                if len(data) > MAX_SEED:
                    continue
                # The first byte is the target's options: 0x01 require tilesets, 0x02 objects.
                for opt in (0x00, 0x03):
                    write(os.path.join(out, kind, f"{opt:02x}-{os.path.basename(path)}"), bytes([opt]) + data)


def wads(out, work):
    for name in ("freedoom1.wad", "freedoom2.wad"):
        path = os.path.join("/usr/share/games/doom", name)
        if not os.path.isfile(path):
            print(f"make_corpus: {path} absent, skipped (scripts/deps.sh test installs it)")
            continue
        data = open(path, "rb").read()
        count, table = struct.unpack_from("<ii", data, 4)
        lumps = []
        for i in range(count):
            off, size, raw = struct.unpack_from("<ii8s", data, table + 16 * i)
            lumps.append((raw.rstrip(b"\0").decode("latin-1"), off, size))
        for i, (lname, _, _) in enumerate(lumps):
            if i + 1 >= len(lumps) or lumps[i + 1][0] != "THINGS":
                continue
            group = [lumps[i]] + [l for l in lumps[i + 1:i + 1 + len(MAP_LUMPS)] if l[0] in MAP_LUMPS]
            body, directory = b"", b""
            for lname2, off, size in group:
                directory += struct.pack("<ii8s", 12 + len(body), size, lname2.encode("latin-1"))
                body += data[off:off + size]
            pwad = b"PWAD" + struct.pack("<ii", len(group), 12 + len(body)) + body + directory
            if len(pwad) <= MAX_SEED:
                write(os.path.join(out, "wad", f"{name[:-4]}-{lname}.wad"), pwad)
    for path in seed_files(os.path.join(work, "bad"), (".wad",)):
        write(os.path.join(out, "wad", os.path.basename(path)), open(path, "rb").read())


def protocol_and_islands(out, cases):
    if not cases or not os.path.isfile(cases):
        print("make_corpus: no conformance cases, protocol and island seeds skipped")
        return
    lines = []
    with open(cases) as f:
        for row in f:
            case = json.loads(row)
            line = case["input"] if isinstance(case["input"], str) else json.dumps(case["input"])
            try:
                obj = json.loads(line)
            except ValueError:
                lines.append(line)
                continue
            # map_query lines that load real maps (megabytes each, slow under the sanitizers)
            # stay out: the loaders have their own targets; the checker's small broken files stay.
            if isinstance(obj, dict) and obj.get("op") == "map_query" and "/bad/" not in str(obj.get("map")):
                continue
            lines.append(line)
            if isinstance(obj, dict) and "discs" in obj:
                n = len(os.listdir(os.path.join(out, "island"))) if os.path.isdir(os.path.join(out, "island")) else 0
                if n < 300:
                    write(os.path.join(out, "island", f"case{n}.json"), json.dumps(obj["discs"]).encode())
    for k in range(0, len(lines), 4):
        write(os.path.join(out, "protocol", f"cases{k // 4}.jsonl"), "\n".join(lines[k:k + 4]).encode())


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    out, shared = sys.argv[1], sys.argv[2]
    cases = sys.argv[3] if len(sys.argv) > 3 else ""
    work = sys.argv[4] if len(sys.argv) > 4 else ""
    tiled(out, shared, work)
    wads(out, work)
    protocol_and_islands(out, cases)
    for t in sorted(os.listdir(out)) if os.path.isdir(out) else []:
        print(f"make_corpus: {t}: {len(os.listdir(os.path.join(out, t)))} seeds")


if __name__ == "__main__":
    main()
