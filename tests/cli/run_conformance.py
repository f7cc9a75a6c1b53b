#!/usr/bin/env python3
"""Runs the shared conformance checker against `collide2d query` (a few cases per pair).

usage: run_conformance.py CHECK_PY TOOL [SCALAR]
Exits 77 (ctest: skipped) when CHECK_PY does not exist."""
import os
import shlex
import subprocess
import sys


def main():
    if len(sys.argv) not in (3, 4):
        print(__doc__)
        return 2
    check, tool = sys.argv[1], sys.argv[2]
    scalar = sys.argv[3] if len(sys.argv) == 4 else 'double'
    if not os.path.isfile(check):
        print(f"SKIP: conformance checker not found at {check} "
              "(it lives in ../shared/conformance/ beside the source tree)")
        return 77
    cmd = [sys.executable, check, '--cli', shlex.join([tool, 'query', '--scalar', scalar]),
           '--ops', 'overlap,distance,contact,raycast,invalid,move', '--n', '3', '--show', '20']
    print('running:', shlex.join(cmd), flush=True)
    return subprocess.call(cmd, cwd=os.path.dirname(os.path.abspath(check)))


if __name__ == '__main__':
    sys.exit(main())
