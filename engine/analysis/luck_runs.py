"""Luck and skill over many deals between bots, and the figures that test the method: mean luck
with its 95% interval, and how much smaller the variance of the luck-adjusted result is.

`python -m engine luck` runs this (engine/surfaces/cli.py). The deals are the simulator's for the
same seed (engine/ai/simulate.py: bot i in seat i, the dealer moving left each deal), and each is
split by engine/analysis/luck.py with its value function seeded by the same seed.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from engine.ai.bots import Bot, make_bot
from engine.analysis.luck import DEFAULT_SAMPLES, DealLuck, split_deal
from engine.core.deal import Deal
from engine.core.record import record_of
from engine.core.rules import Rules
from engine.core.shuffle import deal_deck, shuffled_deck

# Bootstrap resamples for the variance ratio's interval.
BOOTSTRAP = 1_000
Z95 = 1.959964

Json = dict[str, Any]


@dataclass(frozen=True, slots=True)
class DealFigures:
    """What the summary needs from one deal, per seat."""

    result: tuple[int, ...]
    luck: tuple[float, ...]
    skill: tuple[float, ...]
    residual: float


def _play(deal: Deal, bots: Sequence[Bot]) -> None:
    while not deal.is_over:
        seat = deal.to_move
        assert seat is not None  # the deal is not over
        deal.play(bots[seat].choose(deal.view(seat)))


def luck_deals(
    rules: Rules, bot_names: Sequence[str], deals: int, seed: int, *, samples: int = DEFAULT_SAMPLES,
    value_seed: int | None = None, bot_options: dict[str, Any] | None = None,
) -> Iterator[tuple[Json, DealLuck]]:  # fmt: skip
    """Play `deals` deals between the bots and split each: (deal record, its DealLuck). The
    values' sampled orders are seeded by `value_seed` (default: `seed`), so the same deals can be
    valued again on other orders to see the estimator's own spread."""
    players = rules.players
    options = dict(bot_options or {})
    bots = [
        make_bot(name, seed=seed * 8 + seat, rules=rules, **(options if name == "expert" else {}))
        for seat, name in enumerate(bot_names)
    ]
    rng = random.Random(seed)
    for number in range(deals):
        dealer = number % players
        hands, stock = deal_deck(shuffled_deck(rng), players, dealer)
        deal = Deal.from_cards(rules, hands, stock, dealer)
        _play(deal, bots)
        fresh = Deal.from_cards(rules, hands, stock, dealer)
        orders_seed = seed if value_seed is None else value_seed
        yield record_of(deal), split_deal(fresh, deal.plays, samples=samples, seed=orders_seed)


def figures(split: DealLuck) -> DealFigures:
    return DealFigures(split.result, tuple(split.luck), tuple(split.skill), split.residual())


def mean_interval(values: Sequence[float]) -> tuple[float, list[float]]:
    """The mean and its 95% interval (normal approximation)."""
    count = len(values)
    mean = sum(values) / count
    if count < 2:
        return mean, [mean, mean]
    variance = sum((value - mean) ** 2 for value in values) / (count - 1)
    half = Z95 * math.sqrt(variance / count)
    return mean, [mean - half, mean + half]


def _variance(values: Sequence[float]) -> float:
    count = len(values)
    mean = sum(values) / count
    return sum((value - mean) ** 2 for value in values) / (count - 1)


def variance_ratio(adjusted: Sequence[float], raw: Sequence[float], seed: int) -> tuple[float, list[float]]:
    """Var(adjusted) / Var(raw) and its 95% percentile-bootstrap interval (deals resampled)."""
    ratio = _variance(adjusted) / _variance(raw)
    rng = random.Random(seed)
    count = len(raw)
    ratios = []
    for _ in range(BOOTSTRAP):
        picks = [rng.randrange(count) for _ in range(count)]
        raw_variance = _variance([raw[i] for i in picks])
        if raw_variance > 0:
            ratios.append(_variance([adjusted[i] for i in picks]) / raw_variance)
    ratios.sort()
    low = ratios[int(0.025 * (len(ratios) - 1))]
    high = ratios[math.ceil(0.975 * (len(ratios) - 1))]
    return ratio, [low, high]


def _shown(value: float) -> float:
    return round(value, 4) + 0.0


def summary(rows: Sequence[DealFigures], bot_names: Sequence[str], seed: int) -> Json:
    """Per seat: mean luck, skill, result and luck-adjusted result (result - luck) with 95%
    intervals, the variance ratio Var(result - luck) / Var(result) with its bootstrap interval,
    and the largest identity residual |result - (expected + luck + skill)|."""
    players = len(bot_names)
    seats = []
    for seat in range(players):
        luck = [row.luck[seat] for row in rows]
        raw = [float(row.result[seat]) for row in rows]
        adjusted = [row.result[seat] - row.luck[seat] for row in rows]
        entry: Json = {"seat": seat, "bot": bot_names[seat]}
        for name, values in (
            ("luck", luck), ("skill", [row.skill[seat] for row in rows]), ("result", raw),
            ("adjusted", adjusted),
        ):  # fmt: skip
            mean, interval = mean_interval(values)
            entry[f"mean_{name}"] = _shown(mean)
            entry[f"mean_{name}_ci95"] = [_shown(bound) for bound in interval]
        if len(rows) >= 2 and _variance(raw) > 0:
            ratio, interval = variance_ratio(adjusted, raw, seed * 31 + seat)
            entry["variance_ratio"] = _shown(ratio)
            entry["variance_ratio_ci95"] = [_shown(bound) for bound in interval]
        else:
            entry["variance_ratio"] = entry["variance_ratio_ci95"] = None
        seats.append(entry)
    return {
        "summary": True,
        "deals": len(rows),
        "bots": list(bot_names),
        "seed": seed,
        "seats": seats,
        "max_residual": max((row.residual for row in rows), default=0.0),
    }
