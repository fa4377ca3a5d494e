#!/usr/bin/env python3
"""Pool the per-deal lines of several `python -m engine luck --jsonl` runs (other seeds) into one
summary: mean luck, skill, result and luck-adjusted result with 95% intervals, and the variance
ratio Var(result - luck) / Var(result) with its bootstrap interval, per seat; also the spread of
result - (luck + skill) (which is each seat's `expected`) and the largest identity residual.

    .venv/bin/python scripts/luck_pool.py run1.jsonl run2.jsonl run3.jsonl
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.analysis.luck_runs import DealFigures, summary  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("files", nargs="+", type=Path)
    parser.add_argument("--seed", type=int, default=1, help="the bootstrap's seed")
    args = parser.parse_args()
    rows = []
    bots: list[str] = []
    gaps: Counter[float] = Counter()
    for path in args.files:
        for line in path.read_text(encoding="utf-8").splitlines():
            data = json.loads(line)
            if data.get("summary"):
                bots = data["bots"]
                continue
            parts = zip(data["result"], data["expected"], data["luck"], data["skill"], strict=True)
            residual = max(abs(r - (e + luck + skill)) for r, e, luck, skill in parts)
            figures = DealFigures(tuple(data["result"]), tuple(data["luck"]), tuple(data["skill"]), residual)
            rows.append(figures)
            gaps[round(data["result"][0] - data["luck"][0] - data["skill"][0], 3)] += 1
    if not bots and rows:  # a run cut short has no summary line to name its bots
        bots = [f"seat {seat}" for seat in range(len(rows[0].result))]
    pooled = summary(rows, bots, args.seed)
    pooled["files"] = [str(path) for path in args.files]
    pooled["result_minus_luck_and_skill_seat0"] = {str(gap): count for gap, count in sorted(gaps.items())}
    print(json.dumps(pooled, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
