#!/usr/bin/env python3
"""Expert move latency, CPython and Pyodide under Node, measured in one run.

Plays expert-vs-heuristic deals and times every expert decision (default number
of sampled worlds unless --samples). Prints median, p95 and max per runtime and
the CPU time per move; asserts nothing. Issue 8's goal: p95 <= 300 ms in Pyodide.
    python scripts/bench_expert_latency.py --deals 20
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RUNNER = ROOT / "tests" / "pyodide" / "run_in_pyodide.mjs"

# Runs unchanged in CPython and in Pyodide; prints one JSON line of sorted times (ms).
MEASURE = r'''
import json, sys, time
from engine import Deal, Rules, make_bot
deals, seed, samples = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
options = {} if samples == "default" else {"samples": int(samples)}
rules = Rules.preset("standard")
times, cpu = [], 0.0
for number in range(deals):
    deal = Deal.from_seed(rules, seed + number, number % 2)
    expert = make_bot("expert", seed=number, rules=rules, **options)
    other = make_bot("heuristic", seed=number, rules=rules)
    while not deal.is_over:
        seat = deal.to_move
        if seat == 0:
            start, start_cpu = time.perf_counter(), time.process_time()
            card = expert.choose(deal.view(seat))
            times.append((time.perf_counter() - start) * 1000)
            cpu += time.process_time() - start_cpu
        else:
            card = other.choose(deal.view(seat))
        deal.play(card)
print(json.dumps({"times": sorted(times), "cpu_ms_per_move": cpu * 1000 / len(times)}))
'''


def summary(result: dict) -> dict:
    times = result["times"]

    def pct(p: float) -> float:
        return round(times[min(len(times) - 1, int(p * len(times)))], 1)

    return {
        "moves": len(times), "median_ms": pct(0.5), "p95_ms": pct(0.95), "max_ms": round(times[-1], 1),
        "mean_cpu_ms": round(result["cpu_ms_per_move"], 1),
    }  # fmt: skip


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--samples", default="default", help="expert worlds per decision")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        script = Path(folder) / "measure.py"
        script.write_text(MEASURE, encoding="utf-8")
        argv = [str(args.deals), str(args.seed), args.samples]
        cpython = subprocess.run(
            [sys.executable, str(script), *argv],
            cwd=ROOT, env={"PYTHONPATH": str(ROOT)}, capture_output=True, text=True, check=True,
        )
        print("cpython ", json.dumps(summary(json.loads(cpython.stdout))))
        if shutil.which("node") and (ROOT / "node_modules" / "pyodide").is_dir():
            pyodide = subprocess.run(["node", str(RUNNER), str(ROOT / "engine"), str(script), *argv],
                                     capture_output=True, text=True, check=True)
            print("pyodide ", json.dumps(summary(json.loads(pyodide.stdout))))
        else:
            print("pyodide  skipped: needs node and node_modules/pyodide (npm ci)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
