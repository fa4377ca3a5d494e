"""The bot registry (name -> factory) and the uniformly random bot.

A bot decides from its own PlayerView only. Factories are called as
`factory(seed=..., rules=..., **options)` so bots can take options (the expert: `samples`).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from engine.core.boundary import echo
from engine.core.rules import Rules

if TYPE_CHECKING:
    from engine.core.view import PlayerView


class Bot(Protocol):
    def choose(self, view: PlayerView) -> int:
        """Return one card int from `view.legal`."""
        ...


class RandomBot:
    """Plays a uniformly random legal card; deterministic given its seed."""

    # The simulator may run these with its fast random play-out instead of calling choose().
    uniform_random = True

    def __init__(self, seed: int = 0, rules: Rules | None = None, **options: object) -> None:
        self._rng = random.Random(seed)

    def choose(self, view: PlayerView) -> int:
        legal = view.legal
        if not legal:
            raise ValueError("no legal play: it is not this seat's turn, or the deal is over")
        for _ in range(self._rng.randrange(legal.bit_count())):
            legal &= legal - 1
        return (legal & -legal).bit_length() - 1


def _heuristic(**kwargs: Any) -> Bot:
    from engine.ai.heuristic import HeuristicBot  # imported on first use: keeps `import engine` light

    return HeuristicBot(**kwargs)


def _expert(**kwargs: Any) -> Bot:
    from engine.ai.expert import ExpertBot

    return ExpertBot(**kwargs)


BotFactory = Callable[..., Bot]
BOTS: dict[str, BotFactory] = {"random": RandomBot, "heuristic": _heuristic, "expert": _expert}


def register_bot(name: str, factory: BotFactory) -> None:
    BOTS[name] = factory


def make_bot(name: str, seed: int = 0, rules: Rules | None = None, **options: Any) -> Bot:
    try:
        factory = BOTS[name]
    except KeyError:
        raise ValueError(f"unknown bot {echo(name)}; known bots: {', '.join(sorted(BOTS))}") from None
    return factory(seed=seed, rules=rules, **options)
