"""The numbers the pages quote: the rules' own (engine.core.facts) and the analysis limits a page
explains, so that no page types a number the engine already holds."""

from __future__ import annotations

from typing import Any

from engine.analysis.match_odds import MAX_TARGET
from engine.core.facts import facts


def page_facts(rules: object = None) -> dict[str, Any]:
    """`facts(rules)` plus `win_chance_max_target`: the longest match whose cards are graded by
    the chance of winning it (longer ones are graded by net points alone)."""
    return {**facts(rules), "win_chance_max_target": MAX_TARGET}
