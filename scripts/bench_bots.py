#!/usr/bin/env python3
"""Bot benchmark: expert vs random and expert vs heuristic points share over duplicate deals,
and the exact endgame solve time (p95). Prints numbers, asserts nothing.

Goals (issue 8): expert vs random >= 75%, expert vs heuristic >= 58% (1,000+ duplicate deals,
default budget), endgame solve p95 <= 10 ms on CPython. The expert's budget is its number of
sampled worlds per decision (`--samples`, default engine.ai.expert.DEFAULT_SAMPLES), so the
shares do not depend on the machine's speed or load. The full measurement:
    python scripts/bench_bots.py --deals 1000
or per pairing from the command line:
    python -m engine simulate --bots expert,heuristic --deals 1000 --duplicate --samples 64
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine import Deal, Rules, simulate
from engine.ai import solve_view
from engine.ai.expert import DEFAULT_SAMPLES


def endgame_times(count: int, seed: int) -> list[float]:
    """Solve times (ms) of full six-trick endgames reached by random play in `standard`."""
    rules = Rules.preset("standard")
    times = []
    for number in range(count):
        rng = random.Random(seed + number)
        deal = Deal.from_seed(rules, seed + number, number % 2)
        while deal.stock_remaining or deal.current_trick:
            deal.play(rng.choice(list(deal.legal_plays())))
        view = deal.view(deal.to_move)
        start = time.perf_counter()
        solve_view(view)
        times.append((time.perf_counter() - start) * 1000)
    return sorted(times)


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--deals", type=int, default=100, help="duplicate deals per pairing (each played twice)"
    )
    parser.add_argument(
        "--samples", type=int, default=None, help=f"expert worlds per decision (default {DEFAULT_SAMPLES})"
    )
    parser.add_argument(
        "--opponents", default="random,heuristic", help="comma-separated opponents of the expert"
    )
    parser.add_argument("--endgames", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if args.deals < 1:
        parser.error("--deals must be at least 1 (the shares need deals to measure)")
    budget = f"samples={args.samples or DEFAULT_SAMPLES}"
    for opponent in args.opponents.split(","):
        summary = simulate(
            "standard", ["expert", opponent], args.deals, args.seed, duplicate=True, samples=args.samples
        )
        low, high = summary["share_ci95"][0]
        print(
            f"expert vs {opponent}: share {summary['share'][0]:.1%} (95% CI {low:.1%}-{high:.1%}), "
            f"points {summary['points'][0]}-{summary['points'][1]}, deal wins "
            f"{summary['deal_wins'][0]}-{summary['deal_wins'][1]}, {args.deals} duplicate deals, "
            f"{budget}, {summary['seconds']:.0f} s"
        )
    times = endgame_times(args.endgames, args.seed)
    p50 = times[len(times) // 2]
    p95 = times[min(len(times) - 1, int(len(times) * 0.95))]
    print(f"endgame solve (6 tricks, {len(times)} positions): p50 {p50:.2f} ms, p95 {p95:.2f} ms, "
          f"max {times[-1]:.1f} ms")  # fmt: skip
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
