#!/usr/bin/env python3
"""What a reader waits for on the Puzzles page: the engine's answer to one card.

    .venv/bin/python scripts/bench_puzzles.py              # CPython
    .venv/bin/python scripts/bench_puzzles.py --pyodide    # also the browser worker's runtime
    .venv/bin/python scripts/mine_puzzles.py --bench       # mining time per 100 puzzles

For the first --count puzzles of tutorials/puzzles.jsonl, every legal card at the puzzle's
position is sent to `engine.web_api.handle` as the page sends it (`puzzle_play`), and the
position itself (`puzzle_position`). Prints median and maximum times; asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RUNNER = ROOT / "tests" / "pyodide" / "run_in_pyodide.mjs"

# Runs unchanged in CPython and in Pyodide; reads the puzzles from its first argument.
MEASURE = r"""
import json, sys, time
from engine.surfaces.web_api import handle

puzzles = json.loads(sys.argv[1])
out = {"position": [], "play": []}
for puzzle in puzzles:
    started = time.perf_counter()
    answer = json.loads(handle(json.dumps({"op": "puzzle_position", "record": puzzle["record"]})))
    out["position"].append(time.perf_counter() - started)
    for card in answer["state"]["legal"]:
        started = time.perf_counter()
        handle(json.dumps({"op": "puzzle_play", "record": puzzle["record"], "card": card}))
        out["play"].append(time.perf_counter() - started)
print(json.dumps(out))
"""


def summary(times: list[float]) -> str:
    median, worst = statistics.median(times) * 1000, max(times) * 1000
    return f"median {median:6.1f} ms, max {worst:6.1f} ms ({len(times)} requests)"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=20, help="puzzles measured")
    parser.add_argument("--pyodide", action="store_true", help="also run under Pyodide in Node")
    args = parser.parse_args()
    if args.count < 1:
        parser.error("--count must be at least 1")
    lines = (ROOT / "tutorials" / "puzzles.jsonl").read_text(encoding="utf-8").splitlines()[: args.count]
    puzzles = json.dumps([{"record": json.loads(line)["record"]} for line in lines])
    with tempfile.TemporaryDirectory() as folder:
        script = Path(folder) / "measure.py"
        script.write_text(MEASURE, encoding="utf-8")
        runtimes = [("cpython", [sys.executable, str(script), puzzles])]
        if args.pyodide:
            if shutil.which("node") and (ROOT / "node_modules" / "pyodide").is_dir():
                command = ["node", str(RUNNER), str(ROOT / "engine"), str(script), puzzles]
                runtimes.append(("pyodide", command))
            else:
                print("pyodide  skipped: needs node and node_modules/pyodide (npm ci)")
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        for name, command in runtimes:
            done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, check=True)
            result = json.loads(done.stdout)
            print(f"{name:8} puzzle_position {summary(result['position'])}")
            print(f"{name:8} puzzle_play     {summary(result['play'])}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
