#!/usr/bin/env python3
"""Checks that the one ```cpp block in README.md is exactly examples/readme_tour.cpp."""
import difflib
import re
import sys


def main(readme_path, example_path):
    readme = open(readme_path, encoding="utf-8").read()
    blocks = re.findall(r"^```cpp\n(.*?)^```$", readme, flags=re.S | re.M)
    if len(blocks) != 1:
        print(f"{readme_path}: expected exactly one ```cpp block, found {len(blocks)}")
        return 1
    example = open(example_path, encoding="utf-8").read()
    if blocks[0] == example:
        print(f"README sample == {example_path} ({example.count(chr(10))} lines)")
        return 0
    sys.stdout.writelines(difflib.unified_diff(
        example.splitlines(keepends=True), blocks[0].splitlines(keepends=True),
        fromfile=example_path, tofile=readme_path + " (```cpp block)"))
    print("README sample and example differ")
    return 1


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit("usage: readme_sample.py README.md examples/readme_tour.cpp")
    sys.exit(main(sys.argv[1], sys.argv[2]))
