#!/usr/bin/env python3
"""Deal analysis (engine/analysis.py): how long it takes, and how much sampled values spread.

    .venv/bin/python scripts/bench_analysis.py                # CPython: whole deal, exact part, CLI
    .venv/bin/python scripts/bench_analysis.py --pyodide      # also the browser worker's runtime
    .venv/bin/python scripts/bench_analysis.py --spread       # loss spread over seeds (grade bands)

Deals are played by the heuristic bot against a careless player (random legal cards), so each
has mistakes to grade. Per deal it times, at the default budget: the whole deal for both seats,
the reader's seat only (what the practice page asks for), and the exact part (the last six
tricks); and `python -m engine analyse` end to end as a process (start-up included). CPU time is
printed beside wall time because the machines here are shared. Prints numbers; asserts nothing.
Goals (issue 13): browser worker <= 3 s per deal, exact part <= 200 ms, CLI <= 2 s.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RUNNER = ROOT / "tests" / "pyodide" / "run_in_pyodide.mjs"

# Runs unchanged in CPython and in Pyodide; prints one JSON object of times (seconds).
MEASURE = r"""
import json, random, sys, time
from engine import Deal, Rules, record_of
from engine.ai.heuristic import HeuristicBot
from engine.analysis.deal_analysis import analyse

deals, seed = int(sys.argv[1]), int(sys.argv[2])


def careless_record(number):
    deal = Deal.from_seed(Rules(), seed + number, number % 2)
    rng = random.Random(seed + number)
    bot = HeuristicBot()
    while not deal.is_over:
        seat = deal.to_move
        deal.play(rng.choice(list(deal.legal_plays())) if seat == 0 else bot.choose(deal.view(seat)))
    return record_of(deal)


def timed(function):
    wall, cpu = time.perf_counter(), time.process_time()
    function()
    return time.perf_counter() - wall, time.process_time() - cpu


out = {"both_seats": [], "one_seat": [], "exact_part": []}
for number in range(deals):
    record = careless_record(number)
    out["both_seats"].append(timed(lambda: analyse(record)))
    out["one_seat"].append(timed(lambda: analyse(record, seat=0)))
    out["exact_part"].append(timed(lambda: analyse(record, only=range(40, 52))))
print(json.dumps(out))
"""

SPREAD = r"""
import json, random, statistics, sys
from engine import Deal, Rules, record_of
from engine.ai.heuristic import HeuristicBot
from engine.analysis.deal_analysis import analyse

deals, seed, samples, seeds = (int(a) for a in sys.argv[1:5])
deviations = []
for number in range(deals):
    deal = Deal.from_seed(Rules(), seed + number, number % 2)
    bot = HeuristicBot()
    while not deal.is_over:
        deal.play(bot.choose(deal.view(deal.to_move)))
    record = record_of(deal)
    picks = list(range(number % 3, 40, 3))
    runs = [analyse(record, samples=samples, seed=s, only=picks)["decisions"] for s in range(seeds)]
    for index, decision in enumerate(runs[0]):
        for option in decision["options"]:
            losses = []
            for run in runs:
                values = {o["card"]: o["value"] for o in run[index]["options"]}
                losses.append(max(values.values()) - values[option["card"]])
            deviations.append(statistics.pstdev(losses))
deviations.sort()
print(json.dumps({"options": len(deviations), "median": statistics.median(deviations),
                  "p90": deviations[int(0.9 * len(deviations))], "max": deviations[-1]}))
"""


def summary(pairs: list[list[float]]) -> str:
    walls = sorted(p[0] for p in pairs)
    cpus = sorted(p[1] for p in pairs)
    wall, cpu = statistics.median(walls) * 1000, statistics.median(cpus) * 1000
    return f"median {wall:7.0f} ms wall ({cpu:6.0f} ms cpu), max {walls[-1] * 1000:7.0f} ms wall"


def run_measure(command: list[str]) -> dict:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def cli_times(deals: int, seed: int) -> list[list[float]]:
    """`python -m engine analyse FILE` as a process, per deal (wall and child CPU time)."""
    from engine import Deal, Rules, record_of

    times = []
    with tempfile.TemporaryDirectory() as folder:
        for number in range(deals):
            deal = Deal.from_seed(Rules(), seed + number, number % 2)
            while not deal.is_over:
                deal.play(next(iter(deal.legal_plays())))
            path = Path(folder) / f"deal{number}.json"
            path.write_text(json.dumps(record_of(deal)), encoding="utf-8")
            wall = time.perf_counter()
            cpu = _children_cpu()
            done = subprocess.run(
                [sys.executable, "-m", "engine", "analyse", str(path)],
                cwd=ROOT, capture_output=True, text=True, check=True,
            )  # fmt: skip
            json.loads(done.stdout)
            times.append([time.perf_counter() - wall, _children_cpu() - cpu])
    return times


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--pyodide", action="store_true", help="also run under Pyodide in Node")
    parser.add_argument("--spread", action="store_true", help="measure how sampled losses spread")
    parser.add_argument("--samples", type=int, default=16, help="samples per decision for --spread")
    parser.add_argument("--seeds", type=int, default=8, help="seeds compared by --spread")
    args = parser.parse_args()
    if args.deals < 1:
        parser.error("--deals must be at least 1")
    sys.path.insert(0, str(ROOT))
    with tempfile.TemporaryDirectory() as folder:
        if args.spread:
            script = Path(folder) / "spread.py"
            script.write_text(SPREAD, encoding="utf-8")
            argv = [str(args.deals), str(args.seed), str(args.samples), str(args.seeds)]
            result = run_measure([sys.executable, str(script), *argv])
            print(f"loss spread at {args.samples} samples over {args.seeds} seeds: {json.dumps(result)}")
            return 0
        script = Path(folder) / "measure.py"
        script.write_text(MEASURE, encoding="utf-8")
        argv = [str(args.deals), str(args.seed)]
        runtimes = [("cpython", [sys.executable, str(script), *argv])]
        if args.pyodide:
            if shutil.which("node") and (ROOT / "node_modules" / "pyodide").is_dir():
                runtimes.append(("pyodide", ["node", str(RUNNER), str(ROOT / "engine"), str(script), *argv]))
            else:
                print("pyodide  skipped: needs node and node_modules/pyodide (npm ci)")
        for name, command in runtimes:
            result = run_measure(command)
            for part in ("both_seats", "one_seat", "exact_part"):
                print(f"{name:8} {part:11} {summary(result[part])}")
        print(
            f"cli      whole deal  {summary(cli_times(args.deals, args.seed))}  (process, start-up included)"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
