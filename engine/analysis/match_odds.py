"""Chances of winning a two-player match from a score, for grading cards near the end of a match.

A deal's outcome is which seat took each point, seen from the dealer ("D" dealer, "N"
non-dealer, "-" nobody), e.g. "DNN-" = High to the dealer, Low and Jack to the non-dealer,
Game tied. `engine/data/deal_outcomes.json` holds how often each outcome happened in deals
between two equal players (made by `scripts/deal_outcomes.py`, which records its seed and
deal count there). From those frequencies the chance to win the match from any score is
exact dynamic programming over the count-out: every deal gives at least one point (High is
always in play with two players), so scores only grow and the recursion ends.

The frequencies are measured under the standard rules, with and without the nine point; other
options change them little, and the target only enters through the count-out.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any

from engine.core.scoring import count_out

OUTCOMES_FILE = Path(__file__).resolve().parents[1] / "data" / "deal_outcomes.json"
# The table grows with the square of the target: beyond this (a long match, where one deal
# matters little anyway) no match chances are given and cards are graded by value alone.
MAX_TARGET = 21


@lru_cache(maxsize=2)
def outcome_frequencies(nine_point: bool) -> tuple[tuple[str, float], ...]:
    """(outcome, probability) pairs for deals with or without the nine point."""
    data = json.loads(OUTCOMES_FILE.read_text(encoding="utf-8"))
    counts: dict[str, int] = data["nine_point" if nine_point else "standard"]["counts"]
    total = sum(counts.values())
    return tuple((outcome, count / total) for outcome, count in sorted(counts.items()))


def _seats(outcome: str, dealer: int) -> tuple[int | None, ...]:
    return tuple(None if c == "-" else (dealer if c == "D" else 1 - dealer) for c in outcome) + (None,) * (
        5 - len(outcome)
    )


@lru_cache(maxsize=8)
def _table(target: int, nine_point: bool) -> dict[tuple[int, int, int], float]:
    """win[(a, b, d)]: chance that seat 0, with a points against b, wins the match when seat d
    deals next. Filled from the highest scores down."""
    frequencies = [(tuple(_seats(o, 0)), tuple(_seats(o, 1)), p) for o, p in outcome_frequencies(nine_point)]
    win: dict[tuple[int, int, int], float] = {}
    for total in range(2 * target - 2, -1, -1):
        for a in range(max(0, total - target + 1), min(target - 1, total) + 1):
            b = total - a
            for dealer in (0, 1):
                chance = 0.0
                for seats_d0, seats_d1, p in frequencies:
                    seats = seats_d0 if dealer == 0 else seats_d1
                    after, winner, _ = count_out(seats, (a, b), target, False)
                    if winner is not None:
                        chance += p * (1.0 if winner == 0 else 0.0)
                    else:
                        chance += p * win[(after[0], after[1], 1 - dealer)]
                win[(a, b, dealer)] = chance
    return win


def match_win_chance(
    target: int, nine_point: bool, scores: Iterable[int], seat: int, next_dealer: int
) -> float:
    """Chance that `seat` wins a two-player match from `scores` (before the next deal)."""
    mine, theirs = (list(scores)[seat], list(scores)[1 - seat])
    if mine >= target:
        return 1.0
    if theirs >= target:
        return 0.0
    dealer_as_seat0 = 0 if next_dealer == seat else 1
    return _table(target, nine_point)[(mine, theirs, dealer_as_seat0)]


def deal_win_chance(
    rules: Any,
    dealer: int,
    jack_turned: bool,
    scores_before: Sequence[int],
    seat: int,
    outcomes: Iterable[tuple[int | None, ...]],
) -> float:
    """Mean chance that `seat` wins the match over this deal's possible outcomes (point seats)."""
    total = 0.0
    count = 0
    for seats in outcomes:
        after, winner, _ = count_out(seats, scores_before, rules.target, jack_turned)
        if winner is not None:
            total += 1.0 if winner == seat else 0.0
        else:
            total += match_win_chance(rules.target, rules.nine_point, after, seat, 1 - dealer)
        count += 1
    return total / count
