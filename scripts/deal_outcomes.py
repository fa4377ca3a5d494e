#!/usr/bin/env python3
"""Measure how often each deal outcome happens between two equal players; write the table that
engine/match_odds.py turns into match-winning chances.

    .venv/bin/python scripts/deal_outcomes.py --seed 1 --deals 20000

Both seats play the heuristic bot (fast and symmetric). The output records the seed, the deal
count and the bot, so the file can be reproduced exactly.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine import Deal, Rules  # noqa: E402
from engine.ai.heuristic import HeuristicBot  # noqa: E402
from engine.analysis.match_odds import OUTCOMES_FILE  # noqa: E402


def outcome_counts(rules: Rules, seed: int, deals: int) -> Counter:
    bot = HeuristicBot()
    counts: Counter = Counter()
    names = 5 if rules.nine_point else 4
    for number in range(deals):
        dealer = number % 2
        deal = Deal.from_seed(rules, seed * 1_000_003 + number, dealer)
        while not deal.is_over:
            deal.play(bot.choose(deal.view(deal.to_move)))
        seats = deal.result().seats[:names]
        counts["".join("-" if s is None else ("D" if s == dealer else "N") for s in seats)] += 1
    return counts


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--deals", type=int, default=20000)
    args = parser.parse_args()
    if args.deals < 1:
        parser.error("--deals must be at least 1")
    table = {"seed": args.seed, "deals": args.deals, "bots": "heuristic,heuristic"}
    for name, rules in (("standard", Rules()), ("nine_point", Rules(nine_point=True))):
        table[name] = {
            "rules": rules.to_spec(),
            "counts": dict(sorted(outcome_counts(rules, args.seed, args.deals).items())),
        }
    OUTCOMES_FILE.parent.mkdir(exist_ok=True)
    OUTCOMES_FILE.write_text(json.dumps(table, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {OUTCOMES_FILE.relative_to(ROOT)}: {args.deals} deals per table, seed {args.seed}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
