#!/usr/bin/env python3
"""Mine exact endgame puzzles from self-play deals; write tutorials/puzzles.jsonl.

    .venv/bin/python scripts/mine_puzzles.py --seed 1 --count 320            # every core
    .venv/bin/python scripts/mine_puzzles.py --seed 1 --count 20 --workers 1 --out -
    .venv/bin/python scripts/mine_puzzles.py --bench                           # time per 100 puzzles
    .venv/bin/python scripts/mine_puzzles.py --reprove                         # re-prove the committed set

Deal k (k = 0, 1, 2, ...) is dealt from the seed `seed * 1_000_000 + k`, dealer k % 2, under
the standard rules (two players, open stock), and both seats play the heuristic bot. Every
position of it with the stock empty where the seat to move has a choice is offered to
`engine.puzzles.build_puzzle`; a deal gives at most PER_DEAL puzzles whose lines do not
overlap. Deals are mined in parallel but collected in deal order, so the file is the same for
any --workers, and the first k puzzles never depend on --count.

`--reprove` re-proves every puzzle of the file (after a change to the solver or the rules) and
keeps the ids of those still valid: a puzzle the engine proves unchanged stays as it is, one
whose position is still a puzzle with another answer is rebuilt there by `build_puzzle` (the
miner's own logic) under the same id and record, and one that is no puzzle any more is dropped
(its id is not given to another). Ids are never renumbered, so links to a puzzle keep working;
a fresh mine from the same seed may therefore differ from the committed file after such a change.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import sys
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.ai.heuristic import HeuristicBot  # noqa: E402
from engine.analysis.deal_analysis import endgame_solver, is_exact  # noqa: E402
from engine.analysis.puzzles import PuzzleError, build_puzzle, prove, puzzle_position  # noqa: E402
from engine.core.deal import Deal  # noqa: E402
from engine.core.rules import Rules  # noqa: E402

OUT = ROOT / "tutorials" / "puzzles.jsonl"
PER_DEAL = 2
MAX_BATCH = 256
SEED_STRIDE = 1_000_000


def deal_seed(seed: int, index: int) -> int:
    return seed * SEED_STRIDE + index


def mine_deal(task: tuple[int, int]) -> list[dict[str, Any]]:
    """The puzzles of deal `index` under mining seed `seed` (ids are given later, in order)."""
    seed, index = task
    rules = Rules.preset("standard")
    dealer = index % 2
    number = deal_seed(seed, index)
    deal = Deal.from_seed(rules, number, dealer)
    bot = HeuristicBot()
    solver = None
    found: list[dict[str, Any]] = []
    free_from = 0
    while not deal.is_over and len(found) < PER_DEAL:
        legal = deal.legal_mask()
        if len(deal.plays) >= free_from and is_exact(deal) and legal & (legal - 1):
            solver = solver or endgame_solver(deal)
            puzzle = build_puzzle(deal, "", solver)
            if puzzle is not None:
                # The seed form of the record: shorter, and it names the deal it came from.
                puzzle["record"] = {
                    "rules": "standard",
                    "dealer": dealer,
                    "seed": number,
                    "plays": puzzle["record"]["plays"],
                }
                found.append(puzzle)
                free_from = len(deal.plays) + len(puzzle["line"])
        seat = deal.to_move
        assert seat is not None
        deal.play(bot.choose(deal.view(seat)))
    return found


def mine(seed: int, count: int, workers: int) -> Iterator[dict[str, Any]]:
    """The first `count` puzzles of mining seed `seed`, in deal order, numbered p0001..."""
    made = 0
    start = 0
    pool = multiprocessing.Pool(workers) if workers > 1 else None
    try:
        while made < count:
            # About two deals per puzzle still wanted (a deal gives one about half the time):
            # big batches keep every worker busy; the order of the results never changes.
            batch = min(MAX_BATCH, max(4 * workers, 2 * (count - made)))
            tasks = [(seed, index) for index in range(start, start + batch)]
            start += batch
            results = pool.imap(mine_deal, tasks, chunksize=2) if pool else map(mine_deal, tasks)
            for puzzles in results:
                for puzzle in puzzles:
                    if made == count:
                        break
                    made += 1
                    puzzle["id"] = f"p{made:04d}"
                    yield puzzle
    finally:
        if pool:
            pool.terminate()


def reprove(puzzles: list[dict[str, Any]]) -> tuple[list[dict[str, Any]], Counter[str]]:
    """The puzzles re-proved (see the module doc) and how many were kept, rebuilt and dropped."""
    counts: Counter[str] = Counter(kept=0, rebuilt=0, dropped=0)
    result = []
    for puzzle in puzzles:
        if not prove(puzzle):
            counts["kept"] += 1
            result.append(puzzle)
            continue
        try:
            rebuilt = build_puzzle(puzzle_position(puzzle), puzzle.get("id", ""))
        except PuzzleError:
            rebuilt = None
        if rebuilt is None:
            counts["dropped"] += 1
            continue
        rebuilt["record"] = puzzle["record"]  # the same position, in the stored (seed) form
        counts["rebuilt"] += 1
        result.append(rebuilt)
    return result, counts


def line_of(puzzle: dict[str, Any]) -> str:
    order = ("id", "record", "seat", "solution", "line", "value_gap", "themes", "rating")
    return json.dumps({key: puzzle[key] for key in order}, separators=(", ", ": "))


def bench(seed: int) -> None:
    cores = os.cpu_count() or 1
    for workers in sorted({1, cores}):
        started = time.perf_counter()
        puzzles = list(mine(seed, 100, workers))
        elapsed = time.perf_counter() - started
        print(f"workers={workers}: {elapsed:.1f} s per 100 puzzles ({len(puzzles)} mined)")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--count", type=int, default=320)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--out", default=str(OUT), help="file to write, or - for standard output")
    parser.add_argument("--bench", action="store_true", help="print mining time per 100 puzzles")
    parser.add_argument(
        "--reprove", action="store_true", help="re-prove the puzzles of --out in place, keeping their ids"
    )
    args = parser.parse_args(argv)
    if args.seed < 0 or args.count < 1 or args.workers < 1:
        parser.error("--seed must be >= 0, --count and --workers >= 1")
    if args.bench:
        bench(args.seed)
        return 0
    if args.reprove:
        return reprove_file(Path(args.out), parser)
    lines = []
    themes: Counter[str] = Counter()
    for puzzle in mine(args.seed, args.count, args.workers):
        lines.append(line_of(puzzle))
        themes.update(puzzle["themes"])
    text = "\n".join(lines) + "\n"
    if args.out == "-":
        sys.stdout.write(text)
    else:
        try:
            Path(args.out).write_text(text, encoding="utf-8")
        except OSError as error:
            parser.error(f"--out {args.out}: {error.strerror}")
        print(f"{len(lines)} puzzles -> {args.out}; themes: {dict(sorted(themes.items()))}", file=sys.stderr)
    return 0


def reprove_file(path: Path, parser: argparse.ArgumentParser) -> int:
    try:
        stored = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]
    except (OSError, ValueError) as error:
        parser.error(f"--out {path}: {error}")
    puzzles, counts = reprove(stored)
    text = "".join(line_of(puzzle) + "\n" for puzzle in puzzles)
    try:
        path.write_text(text, encoding="utf-8")
    except OSError as error:
        parser.error(f"--out {path}: {error.strerror}")
    print(f"{len(stored)} puzzles re-proved -> {path}: {dict(counts)}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
