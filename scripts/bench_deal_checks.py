#!/usr/bin/env python3
"""The after-deal checks of the practice review (deal-checks.js): how long the worker works.

    .venv/bin/python scripts/bench_deal_checks.py              # CPython
    .venv/bin/python scripts/bench_deal_checks.py --pyodide    # also Pyodide in Node (the worker's runtime)

Per deal of a practice match against the expert (the reader plays random legal cards, so the
lines part early), it times what the page asks for, with the page's settings (the page gives
practice.bot no `samples`, so neither does it here): "Could I have won?" (one practice.could_win),
"Did the computer peek?" (every computer decision, in the page's batches of practice.peek: the
total, and the longest single request, which is how long a card could wait behind it) and the
luck split (in the page's parts of practice.luck: the total and the longest request).
Prints the median and the max over the deals (wall time, and the median CPU time beside it,
since the machines are shared); asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RUNNER = ROOT / "tests" / "pyodide" / "run_in_pyodide.mjs"
# deal-checks.js PEEK_BATCH and LUCK_BATCH: computer decisions per practice.peek request, plays
# per practice.luck request.
PEEK_BATCH = 1
LUCK_BATCH = 4

# Runs unchanged in CPython and in Pyodide; prints one JSON object of times (seconds).
MEASURE = r"""
import json, sys, time
from engine.surfaces.web_api import handle

records, peek_batch, luck_batch = json.loads(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])


def timed(request):
    wall, cpu = time.perf_counter(), time.process_time()
    answer = json.loads(handle(json.dumps(request)))
    assert answer["ok"], answer
    return [time.perf_counter() - wall, time.process_time() - cpu], answer


def total(pairs):
    return [sum(p[0] for p in pairs), sum(p[1] for p in pairs)]


def longest(pairs):
    return max(pairs)


out = {"could_win": [], "peek": [], "peek_request": [], "luck": [], "luck_request": []}
for record, computer in records:
    out["could_win"].append(timed({"op": "practice.could_win", "record": record})[0])
    batches = [timed({"op": "practice.peek", "record": record, "only": computer[i:i + peek_batch]})[0]
               for i in range(0, len(computer), peek_batch)]
    out["peek"].append(total(batches))
    out["peek_request"].append(longest(batches))
    parts = []
    seconds, answer = timed({"op": "practice.luck", "record": record, "stop": luck_batch})
    parts.append(seconds)
    while not answer["done"]:
        stop = min(answer["so_far"]["next_play"] + luck_batch, answer["plays"])
        request = {"op": "practice.luck", "record": record, "stop": stop, "so_far": answer["so_far"]}
        seconds, answer = timed(request)
        parts.append(seconds)
    out["luck"].append(total(parts))
    out["luck_request"].append(longest(parts))
print(json.dumps(out))
"""


def ask(request: dict) -> dict:
    from engine.surfaces.web_api import handle

    answer = json.loads(handle(json.dumps(request)))
    assert answer["ok"], answer
    return answer


def practice_deal(seed: int) -> tuple[dict, list[int]]:
    """A match record after one deal against the expert, and the computer's play indices."""
    rng = random.Random(seed)
    answer = ask({"op": "practice.new", "seed": seed, "level": "expert"})
    computer: list[int] = []
    while answer["state"]["waiting_for"] not in ("next_deal", "match_over"):
        record, plays = answer["record"], answer["state"]["deal"]["plays"]
        if answer["state"]["waiting_for"] == "human":
            card = rng.choice(answer["state"]["deal"]["legal"])
            answer = ask({"op": "practice.play", "record": record, "card": card})
        else:
            computer.append(plays)
            answer = ask({"op": "practice.bot", "record": record})
    return answer["record"], computer


def summary(pairs: list[list[float]]) -> str:
    """Median and max of the wall times, with the median CPU time (the machines are shared)."""
    walls = [pair[0] for pair in pairs]
    cpu = statistics.median(pair[1] for pair in pairs)
    median, most = statistics.median(walls) * 1000, max(walls) * 1000
    return f"median {median:7.0f} ms wall ({cpu * 1000:6.0f} ms cpu), max {most:7.0f} ms wall"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--pyodide", action="store_true", help="also run under Pyodide in Node")
    args = parser.parse_args()
    if args.deals < 1:
        parser.error("--deals must be at least 1")
    sys.path.insert(0, str(ROOT))
    records = [practice_deal(args.seed + number) for number in range(args.deals)]
    with tempfile.TemporaryDirectory() as folder:
        script = Path(folder) / "measure.py"
        script.write_text(MEASURE, encoding="utf-8")
        # The records go as an argument: the Pyodide runner sees only the engine it copies in.
        argv = [json.dumps(records), str(PEEK_BATCH), str(LUCK_BATCH)]
        runtimes = [("cpython", [sys.executable, str(script), *argv])]
        if args.pyodide:
            if shutil.which("node") and (ROOT / "node_modules" / "pyodide").is_dir():
                runtimes.append(("pyodide", ["node", str(RUNNER), str(ROOT / "engine"), str(script), *argv]))
            else:
                print("pyodide  skipped: needs node and node_modules/pyodide (npm ci)")
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        for name, command in runtimes:
            done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, check=True)
            result = json.loads(done.stdout)
            print(f"{name:8} could I have won     {summary(result['could_win'])}")
            print(f"{name:8} peek check (all)     {summary(result['peek'])}")
            print(f"{name:8} peek, one request    {summary(result['peek_request'])}")
            print(f"{name:8} luck split (all)     {summary(result['luck'])}")
            print(f"{name:8} luck, one request    {summary(result['luck_request'])}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
