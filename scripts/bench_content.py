#!/usr/bin/env python3
"""Benchmark the content checks the build and `python -m engine check` run (engine/content/).

    .venv/bin/python scripts/bench_content.py [--runs 5]

Prints, for tutorials/, the median wall time of each part: loading and checking the worked
examples, checking the puzzles with the cheap solver step (seats holding at most SOLVED_HAND
cards) and without it (the structure, positions and lines alone), and the course's levels;
with how many puzzles the solver step valued. Numbers from one run on one machine: compare the
parts with each other, not with another run.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.analysis.puzzles import position_of  # noqa: E402
from engine.content import puzzles as puzzle_checks  # noqa: E402
from engine.content.examples import check_examples  # noqa: E402
from engine.content.levels import check_levels  # noqa: E402

TUTORIALS = ROOT / "tutorials"


def median_seconds(run: Callable[[], object], runs: int) -> float:
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        run()
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    puzzles_file = TUTORIALS / puzzle_checks.FILE_NAME
    report = puzzle_checks.check_puzzles(puzzles_file)
    hands = [len(list(position_of(p["record"]).hand(p["seat"]))) for p in report.puzzles]
    solved = sum(size <= puzzle_checks.SOLVED_HAND for size in hands)
    examples = median_seconds(lambda: check_examples(TUTORIALS), args.runs)
    with_solver = median_seconds(lambda: puzzle_checks.check_puzzles(puzzles_file), args.runs)
    bound = puzzle_checks.SOLVED_HAND
    puzzle_checks.SOLVED_HAND = 0  # no seat holds no card: the solver step never runs
    try:
        without_solver = median_seconds(lambda: puzzle_checks.check_puzzles(puzzles_file), args.runs)
    finally:
        puzzle_checks.SOLVED_HAND = bound
    levels = median_seconds(lambda: check_levels(TUTORIALS / "learn"), args.runs)
    count = len(check_examples(TUTORIALS).examples)
    print(f"worked examples ({count}): {examples:.3f} s")
    print(f"puzzles ({len(report.puzzles)}), solver step on {solved} of them: {with_solver:.3f} s")
    print(f"puzzles without the solver step: {without_solver:.3f} s")
    print(f"course levels: {levels:.3f} s")
    print(f"median of {args.runs} runs each")
    return 0


if __name__ == "__main__":
    sys.exit(main())
