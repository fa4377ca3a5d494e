#!/usr/bin/env python3
"""Pool the per-deal lines of several `python -m engine luck --jsonl` runs (other seeds) into one
summary: mean luck, skill, result and luck-adjusted result with 95% intervals, and the variance
ratio Var(result - luck) / Var(result) with its bootstrap interval, per seat; also the spread of
result - (luck + skill) (which is each seat's `expected`) and the largest identity residual.

    .venv/bin/python scripts/luck_pool.py run1.jsonl run2.jsonl run3.jsonl
    .venv/bin/python scripts/luck_pool.py --write engine/data/luck_figures.json run*.jsonl

`--write PATH` also writes the pooled figures the Sources page prints (engine/content/facts.py
reads them): deals, seeds, bots and rules, and per seat the mean luck and the variance ratio,
each with its 95% interval, and the largest identity residual. Every run must end with its
summary line (a run cut short has none and cannot say its seed), and all must share the rules.
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
    parser.add_argument("--write", type=Path, metavar="PATH", help="also write the page's figures to PATH")
    args = parser.parse_args()
    rows = []
    bots: list[str] = []
    seeds: list[int] = []
    rules: set[str] = set()
    gaps: Counter[float] = Counter()
    for path in args.files:
        for line in path.read_text(encoding="utf-8").splitlines():
            data = json.loads(line)
            if data.get("summary"):
                bots = data["bots"]
                seeds.append(data["seed"])
                continue
            rules.add(json.dumps(data["record"]["rules"], sort_keys=True))
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
    if args.write:
        problem = page_figures_problem(args.files, seeds, rules)
        if problem:
            print(f"luck_pool.py: --write {args.write}: {problem}", file=sys.stderr)
            return 1
        figures = page_figures(pooled, seeds, rules.pop())
        args.write.write_text(json.dumps(figures, indent=1) + "\n", encoding="utf-8")
    return 0


def page_figures_problem(files: list[Path], seeds: list[int], rules: set[str]) -> str | None:
    if len(seeds) != len(files):
        return f"{len(files) - len(seeds)} of the {len(files)} runs have no summary line (cut short?)"
    if len(set(seeds)) != len(seeds):
        return f"the runs repeat a seed: {sorted(seeds)}"
    if len(rules) != 1:
        return f"the runs are under {len(rules)} different rules; pool runs of one rules set"
    return None


def page_figures(pooled: dict, seeds: list[int], rules: str) -> dict:
    """What the Sources page prints, from the pooled summary."""
    keys = ("seat", "bot", "mean_luck", "mean_luck_ci95", "variance_ratio", "variance_ratio_ci95")
    return {
        "deals": pooled["deals"],
        "seeds": sorted(seeds),
        "bots": pooled["bots"],
        "rules": json.loads(rules),
        "seats": [{key: seat[key] for key in keys} for seat in pooled["seats"]],
        "max_residual": pooled["max_residual"],
    }


if __name__ == "__main__":
    sys.exit(main())
