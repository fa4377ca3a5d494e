"""The numbers the pages quote: the rules' own (engine.core.facts), the analysis limits a page
explains, and the measured luck figures (engine/data/luck_figures.json), so that no page types a
number the engine already holds."""

from __future__ import annotations

import json
import math
from functools import lru_cache
from pathlib import Path
from typing import Any

from engine.analysis.luck import DEFAULT_SAMPLES as LUCK_SAMPLES
from engine.analysis.match_odds import MAX_TARGET
from engine.core.facts import facts

# Written by scripts/luck_pool.py --write from `python -m engine luck --jsonl` runs.
LUCK_FIGURES = Path(__file__).resolve().parents[1] / "data" / "luck_figures.json"
# The Sources page describes deals between two beginner computers under the standard rules.
LUCK_BOTS = ["heuristic", "heuristic"]
LUCK_RULES = "standard"
# Decimal places the identity residual is shown to be zero at, at most (floats carry ~16).
MAX_RESIDUAL_DIGITS = 15


def _two_places(value: float) -> float:
    return round(value, 2) + 0.0  # + 0.0: never -0.0


@lru_cache(maxsize=1)
def luck_facts() -> dict[str, Any]:
    """The Sources page's luck figures: the deals and seeds measured, the first seat's mean luck
    with its 95% interval, the variance ratio Var(result - luck) / Var(result) with its
    interval, and the decimal places to which result = expected + luck + skill held in every deal.
    Raises ValueError, naming the file, if it describes other runs than the page does."""
    data = json.loads(LUCK_FIGURES.read_text(encoding="utf-8"))
    if data["bots"] != LUCK_BOTS or data["rules"] != LUCK_RULES:
        found = f"bots {data['bots']} under rules {data['rules']!r}"
        wanted = f"{LUCK_BOTS} under {LUCK_RULES!r}"
        raise ValueError(f"{LUCK_FIGURES}: {found}; the Sources page describes {wanted}")
    first = data["seats"][0]
    residual = data["max_residual"]
    digits = MAX_RESIDUAL_DIGITS
    if residual > 0:
        digits = min(digits, math.floor(-math.log10(residual)))
    low, high = first["mean_luck_ci95"]
    ratio_low, ratio_high = first["variance_ratio_ci95"]
    return {
        "luck_deals": data["deals"],
        "luck_seeds": len(data["seeds"]),
        "luck_samples": LUCK_SAMPLES,
        "luck_mean": _two_places(first["mean_luck"]),
        "luck_mean_low": _two_places(low),
        "luck_mean_high": _two_places(high),
        "luck_variance_ratio": _two_places(first["variance_ratio"]),
        "luck_variance_ratio_low": _two_places(ratio_low),
        "luck_variance_ratio_high": _two_places(ratio_high),
        "luck_residual_digits": digits,
    }


def page_facts(rules: object = None) -> dict[str, Any]:
    """`facts(rules)`, `win_chance_max_target` (the longest match whose cards are graded by the
    chance of winning it; longer ones are graded by net points alone) and `luck_facts()`."""
    return {**facts(rules), "win_chance_max_target": MAX_TARGET, **luck_facts()}
