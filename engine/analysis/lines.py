"""A line of play written as tricks: who played which card, and who won each trick.

The review's "Find a better card" and the puzzles tell the reader what happens after a card
("You 10♥, Computer 8♥: you win the trick"), never a bare list of cards. The page words each
trick from the catalogue; the engine says which seat played which card and who won.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from engine.core.cards import card_code
from engine.core.deal import Deal
from engine.core.view import trick_json

Json = dict[str, Any]


def line_tricks(deal: Deal, cards: Iterable[int]) -> list[Json]:
    """The tricks that `cards`, played in order from `deal` (left unchanged), touch.

    Each trick has the one JSON form of a completed trick (`engine.core.view.trick_json` with
    seats and number): `{"number", "leader", "cards": [{"seat", "card"}], "winner", "draws"}`.
    The first trick starts with the cards already on the table, so it reads whole; the last
    one may be unfinished (the line stops mid-trick), and then its `winner` is None. No
    cards, no tricks.
    """
    trial = deal.copy()
    players = trial.players
    tricks: list[Json] = []
    played_any = False
    for card in cards:
        trial.play(card)
        played_any = True
        if not trial.current_trick:
            tricks.append(trick_json(trial.tricks[-1], number=len(trial.tricks), players=players))
    if played_any and trial.current_trick:
        leader = trial.leader
        tricks.append(
            {
                "number": len(trial.tricks) + 1,
                "leader": leader,
                "cards": [
                    {"seat": (leader + index) % players, "card": card_code(card)}
                    for index, card in enumerate(trial.current_trick)
                ],
                "winner": None,
                "draws": [],
            }
        )
    return tricks
